//! Checks of `scripts/upstream_tests.py`, the runner of upstream MLIR's test files: its own
//! self-test (directive parsing, `\` continuations, test-pass and test-dialect detection, lit
//! substitutions) passes, and an absent corpus is a note with exit 0, never a failure.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/upstream_tests.py")
}

fn python(args: &[&str]) -> Output {
    Command::new("python3")
        .arg(script())
        .args(args)
        .output()
        .expect("python3 runs")
}

fn text(o: &Output) -> String {
    common::output_text(o)
}

#[test]
fn self_test_passes() {
    let out = python(&["--self-test"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("checks pass"), "{}", text(&out));
}

#[test]
fn absent_corpus_is_a_note() {
    let empty = tempfile::tempdir().unwrap();
    let missing = empty.path().join("no-corpus");
    let out = python(&[
        "--corpus",
        missing.to_str().unwrap(),
        "--mlir-opt",
        "/bin/true",
        "--lattice",
        "/bin/true",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("is absent"), "{}", text(&out));
}

#[test]
fn bad_usage_exits_2() {
    let out = python(&[
        "--jobs",
        "0",
        "--mlir-opt",
        "/bin/true",
        "--lattice",
        "/bin/true",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}
