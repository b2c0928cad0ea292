//! `--test-memref-dependence-check` against upstream: for every example, mlir-opt 22's
//! remarks become `expected-remark` annotations of a copy of the file, which
//! `lattice opt --test-memref-dependence-check --verify-diagnostics` must then satisfy
//! exactly (every remark expected, none extra). The examples hold no `mod`/`floordiv`
//! subscripts or strided loops with `max` bounds, where Lattice's exact answers are
//! tighter than mlir-opt's (those are file tests of their own).
//!
//! Skipped (with a note) when mlir-opt is not installed, except in CI, where it fails.

mod common;

use common::require_tool;
use std::path::{Path, PathBuf};
use std::process::Command;

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `text` with `// expected-remark@above {{msg}}` after each line that `remarks`
/// (`(line, message)`, 1-based) names.
fn annotate(text: &str, remarks: &[(usize, String)]) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        out.push_str(line);
        out.push('\n');
        let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
        for (_, msg) in remarks.iter().filter(|(l, _)| *l == i + 1) {
            out.push_str(&format!("{indent}// expected-remark@above {{{{{msg}}}}}\n"));
        }
    }
    out
}

/// The `(line, message)` of every `file:line:col: remark: message` line.
fn parse_remarks(stderr: &str) -> Vec<(usize, String)> {
    stderr
        .lines()
        .filter_map(|l| {
            let (head, msg) = l.split_once(": remark: ")?;
            let mut parts = head.rsplitn(3, ':');
            let _col = parts.next()?;
            let line = parts.next()?.parse().ok()?;
            Some((line, msg.to_string()))
        })
        .collect()
}

#[test]
fn remarks_match_mlir_opt_on_examples() {
    if require_tool(MLIR_OPT, "the dependence oracle").is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("lattice-dep-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    examples.sort();
    let mut failures = Vec::new();
    let mut total = 0;
    for ex in &examples {
        let upstream = Command::new(MLIR_OPT)
            .arg(ex)
            .args(["--test-memref-dependence-check", "-o", "/dev/null"])
            .output()
            .unwrap();
        let remarks = parse_remarks(&String::from_utf8_lossy(&upstream.stderr));
        assert!(upstream.status.success(), "mlir-opt failed on {ex:?}");
        total += remarks.len();
        let text = std::fs::read_to_string(ex).unwrap();
        let annotated = dir.join(ex.file_name().unwrap());
        std::fs::write(&annotated, annotate(&text, &remarks)).unwrap();
        let ours = Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("opt")
            .arg(&annotated)
            .args(["--test-memref-dependence-check", "--verify-diagnostics"])
            .output()
            .unwrap();
        if !ours.status.success() {
            let err = String::from_utf8_lossy(&ours.stderr);
            let head: String = err.lines().take(30).collect::<Vec<_>>().join("\n");
            failures.push(format!("{}:\n{head}", ex.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        total > 1000,
        "only {total} remarks from mlir-opt: is the pass there?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
