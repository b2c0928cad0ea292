//! Differential test of `normalize-memrefs` on programs whose layouts upstream cannot
//! lower as they are (`examples/layouts/*.mlir`): each is normalized by `lattice opt
//! --normalize-memrefs`, lowered by upstream `mlir-opt` and run by `mlir-runner`, and
//! must print its `// CHECKSUM:` line; so must the program normalized by upstream's
//! `--normalize-memrefs` (a second oracle).
//!
//! Invariants: like `differential.rs`, the test passes with a note when the upstream
//! tools are missing.

mod common;

use common::require_tools;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";
const LIBS: &str = "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1";

fn pipe(program: &str, args: &[&str], input: &str) -> Result<String, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "{program} {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Lowers `text` with upstream mlir-opt (after `pre` passes) and runs it.
fn run_upstream(text: &str, pre: &[&str]) -> Result<String, String> {
    let mut args: Vec<&str> = pre.to_vec();
    args.extend([
        "--lower-affine",
        "--convert-scf-to-cf",
        "--convert-math-to-llvm",
        "--convert-to-llvm",
        "--reconcile-unrealized-casts",
    ]);
    let llvm = pipe(&format!("{LLVM_BIN}/mlir-opt"), &args, text)?;
    let shared = format!("-shared-libs={LIBS}");
    pipe(
        &format!("{LLVM_BIN}/mlir-runner"),
        &["-e", "main", "-entry-point-result=void", &shared],
        &llvm,
    )
}

#[test]
fn normalized_layout_examples_print_their_checksums() {
    let tools = ["mlir-opt", "mlir-runner"].map(|t| Path::new(LLVM_BIN).join(t));
    if !require_tools(&tools.each_ref().map(|t| t.as_path()), "this test") {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/layouts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no examples in {dir:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let checksum = text
            .lines()
            .find_map(|l| l.strip_prefix("// CHECKSUM:"))
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|| panic!("{path:?}: no // CHECKSUM: line"));
        let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("opt")
            .arg(&path)
            .arg("--normalize-memrefs")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{path:?}: lattice failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let normalized = String::from_utf8_lossy(&out.stdout).into_owned();
        let layout_left = normalized
            .split("memref<")
            .skip(1)
            .any(|t| t.split('>').next().is_some_and(|ty| ty.contains('#')));
        assert!(!layout_left, "{path:?}: a layout is left:\n{normalized}");
        let ours = run_upstream(&normalized, &[]).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(
            ours.trim(),
            checksum,
            "{path:?}: Lattice-normalized program"
        );
        let theirs = run_upstream(&text, &["--normalize-memrefs"])
            .unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(
            theirs.trim(),
            checksum,
            "{path:?}: mlir-opt-normalized program"
        );
    }
}
