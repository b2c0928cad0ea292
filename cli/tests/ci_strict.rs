//! Nothing passes in CI without running what it should: a test whose tool is missing fails
//! when `CI` is set (`common::require`, checked here on this test binary itself), and so do
//! the set-up and gate scripts: `scripts/setup.sh` exits 1 when an upstream tool (mlir-opt, FileCheck,
//! mlir-runner, clang-22) is missing, and `scripts/conformance.sh` exits 1 in CI (`CI` set)
//! when the corpus is absent, while outside CI it skips with a note and exits 0.
//!
//! Each script runs with apt and the build turned off, against an empty tool folder or a
//! corpus path that does not exist; nothing is installed or built.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn bash(script: &str, args: &[&str], env: &[(&str, &str)], remove: &[&str]) -> Output {
    let mut cmd = Command::new("bash");
    cmd.arg(repo().join(script)).args(args).current_dir(repo());
    for k in remove {
        cmd.env_remove(k);
    }
    cmd.envs(env.iter().copied());
    cmd.output().expect("bash runs")
}

fn text(o: &Output) -> String {
    common::output_text(o)
}

#[test]
fn setup_fails_when_an_upstream_tool_is_missing() {
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().to_str().unwrap();
    // Only the system folders on PATH: no LLVM 22 tool folder (clang-22 may be in /usr/bin).
    let o = bash(
        "scripts/setup.sh",
        &[],
        &[
            ("LATTICE_SKIP_APT", "1"),
            ("LATTICE_SKIP_BUILD", "1"),
            ("LATTICE_LLVM_BIN", dir),
            ("PATH", &format!("{dir}:/usr/bin:/bin")),
        ],
        &[],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("setup: error: mlir-opt FileCheck mlir-runner"),
        "{out}"
    );
}

#[test]
fn conformance_gate_fails_in_ci_without_the_corpus() {
    let absent = "/nonexistent/lattice-corpus";
    let o = bash(
        "scripts/conformance.sh",
        &["--no-build"],
        &[("CI", "true"), ("LATTICE_CORPUS", absent)],
        &[],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("absent and CI is set"), "{out}");
    // Outside CI: a note, and the report is skipped.
    let o = bash(
        "scripts/conformance.sh",
        &["--no-build"],
        &[("LATTICE_CORPUS", absent)],
        &["CI"],
    );
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("conformance report skipped"), "{out}");
}

/// A test that needs a tool that is missing: run as a child of
/// [`a_missing_tool_fails_in_ci_and_skips_outside`] (which sets `LATTICE_REQUIRE_PROBE`);
/// on its own it does nothing.
#[test]
fn require_probe() {
    if std::env::var_os("LATTICE_REQUIRE_PROBE").is_none() {
        return;
    }
    if common::require_tool("/nonexistent/mlir-opt", "the probe").is_none() {
        return;
    }
    unreachable!("the tool cannot be there");
}

#[test]
fn a_missing_tool_fails_in_ci_and_skips_outside() {
    let probe = |ci: bool| {
        let mut cmd = Command::new(std::env::current_exe().unwrap());
        cmd.args([
            "require_probe",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("LATTICE_REQUIRE_PROBE", "1");
        if ci {
            cmd.env("CI", "true");
        } else {
            cmd.env_remove("CI");
        }
        cmd.output().expect("the test binary runs")
    };
    let o = probe(true);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(
        out.contains("/nonexistent/mlir-opt is not installed, but CI is set"),
        "{out}"
    );
    let o = probe(false);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("note: /nonexistent/mlir-opt is not installed; the probe skipped"),
        "{out}"
    );
}
