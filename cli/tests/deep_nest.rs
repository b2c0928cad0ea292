//! An 8000-deep `affine.if` nest goes through `lattice run` and `lattice emit --llvm-ir`
//! (the LLVM lowering recurses per nesting level; it must not overflow the stack).
//!
//! Invariant: the program prints 42 only when every level of the nest was lowered.

use std::process::{Command, Stdio};

const DEPTH: usize = 8000;

/// `main` stores 42 into a cell inside `depth` nested `affine.if`s and prints the cell.
fn deep_if_program(depth: usize) -> String {
    let mut s = String::from(
        "#set = affine_set<(d0) : (d0 >= 0)>\n\
         func.func private @printI64(i64)\n\
         func.func private @printNewline()\n\
         func.func @main() {\n\
         %c0 = arith.constant 0 : index\n\
         %c1 = arith.constant 1 : index\n\
         %m = memref.alloca() : memref<1xi64>\n\
         %z = arith.constant 0 : i64\n\
         memref.store %z, %m[%c0] : memref<1xi64>\n",
    );
    s.push_str(&"affine.if #set(%c1) {\n".repeat(depth));
    s.push_str("%v = arith.constant 42 : i64\nmemref.store %v, %m[%c0] : memref<1xi64>\n");
    s.push_str(&"}\n".repeat(depth));
    s.push_str(
        "%r = memref.load %m[%c0] : memref<1xi64>\n\
         call @printI64(%r) : (i64) -> ()\n\
         call @printNewline() : () -> ()\n\
         return\n}\n",
    );
    s
}

fn lattice(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lattice"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run lattice")
}

#[test]
fn deep_affine_if_nest_runs_and_emits() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("deep.mlir");
    std::fs::write(&file, deep_if_program(DEPTH)).expect("write");
    let file = file.to_str().expect("utf-8 path");
    let out = lattice(&["run", file, "-e", "main"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "lattice run failed: {:?}\n{err}",
        out.status
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
    let ll = dir.path().join("deep.ll");
    let out = lattice(&["emit", "--llvm-ir", file, "-o", ll.to_str().expect("utf-8")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "lattice emit failed: {:?}\n{err}",
        out.status
    );
    let text = std::fs::read_to_string(&ll).expect("read the LLVM IR");
    assert!(text.contains("define void @main"), "no main in:\n{text}");
}
