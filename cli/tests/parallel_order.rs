//! The race detector `lattice run --parallel-order=reverse` (and `LATTICE_PARALLEL_ORDER`):
//! a loop wrongly marked parallel (it carries a dependence) must print a different result
//! than in order, in every dimension and with more iterations than the runtime has chunks;
//! correct parallel loops (with and without `reduce`) must print the same.
//!
//! Invariants: the expected outputs are computed here from the loops' definitions, so the
//! test fails if the reverse mode runs anything in program order.

use std::process::Command;

/// `A[i+1] = A[i] + 1` over `0 <= i < 8`, the same carried by the inner dimension of a 2-D
/// loop, and by a 200-iteration loop with lower bound 1 and step 3 (several runtime chunks);
/// then a correct elementwise loop and a correct `addi` reduction.
const PROGRAM: &str = r#"
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<9xi64>
  %B = memref.alloc() : memref<3x5xi64>
  %C = memref.alloc() : memref<700xi64>
  %D = memref.alloc() : memref<700xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  affine.for %i = 0 to 9 {
    affine.store %zero, %A[%i] : memref<9xi64>
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %B[%i, %j] : memref<3x5xi64>
    }
  }
  affine.for %i = 0 to 700 {
    affine.store %zero, %C[%i] : memref<700xi64>
  }
  affine.parallel (%i) = (0) to (8) {
    %v = affine.load %A[%i] : memref<9xi64>
    %w = arith.addi %v, %one : i64
    affine.store %w, %A[%i + 1] : memref<9xi64>
  }
  affine.parallel (%i, %j) = (0, 0) to (3, 4) {
    %v = affine.load %B[%i, %j] : memref<3x5xi64>
    %w = arith.addi %v, %one : i64
    affine.store %w, %B[%i, %j + 1] : memref<3x5xi64>
  }
  affine.parallel (%i) = (1) to (601) step (3) {
    %v = affine.load %C[%i] : memref<700xi64>
    %w = arith.addi %v, %one : i64
    affine.store %w, %C[%i + 3] : memref<700xi64>
  }
  affine.parallel (%i) = (0) to (700) {
    %c = arith.index_cast %i : index to i64
    affine.store %c, %D[%i] : memref<700xi64>
  }
  %sum = affine.parallel (%i) = (0) to (700) reduce ("addi") -> (i64) {
    %v = affine.load %D[%i] : memref<700xi64>
    affine.yield %v : i64
  }
  %a = memref.cast %A : memref<9xi64> to memref<*xi64>
  call @printMemrefI64(%a) : (memref<*xi64>) -> ()
  %b = memref.cast %B : memref<3x5xi64> to memref<*xi64>
  call @printMemrefI64(%b) : (memref<*xi64>) -> ()
  %last = affine.load %C[601] : memref<700xi64>
  call @printI64(%last) : (i64) -> ()
  call @printNewline() : () -> ()
  %d = affine.load %D[699] : memref<700xi64>
  call @printI64(%d) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%sum) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
"#;

/// Runs [`PROGRAM`] with `args` and `env`, returning stdout without the memref addresses.
fn run(args: &[&str], env: Option<&str>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("carried.mlir");
    std::fs::write(&file, PROGRAM).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lattice"));
    cmd.env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2");
    cmd.arg("run").arg(&file).args(args);
    cmd.env_remove("LATTICE_PARALLEL_ORDER");
    if let Some(v) = env {
        cmd.env("LATTICE_PARALLEL_ORDER", v);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("Unranked Memref"))
        .map(|l| l.split_whitespace().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The expected output: `chain(k)` is what a carried chain of `k` iterations leaves.
fn expected(reverse: bool) -> String {
    let chain = |k: i64| if reverse { k.min(1) } else { k };
    let a: Vec<String> = (0..9).map(|i| chain(i).to_string()).collect();
    let row: Vec<String> = (0..5).map(|j| chain(j).to_string()).collect();
    let row = format!("[{}]", row.join(","));
    format!(
        "[{}]\n[{row},\n{row},\n{row}]\n{}\n699\n{}",
        a.join(","),
        chain(200),
        (0..700).sum::<i64>()
    )
}

#[test]
fn reverse_order_exposes_carried_dependences() {
    assert_eq!(run(&[], None), expected(false));
    assert_eq!(
        run(&["--parallel-order=in-order"], Some("reverse")),
        expected(false)
    );
    assert_eq!(run(&["--parallel-order=reverse"], None), expected(true));
    assert_eq!(run(&["--threads", "4"], Some("reverse")), expected(true));
}

#[test]
fn bad_parallel_order_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .args(["run", "-", "--parallel-order=sideways"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 'in-order' or 'reverse'"));
}
