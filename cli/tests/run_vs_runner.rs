//! `lattice run` against `mlir-runner`: every program in `examples/` and every file test
//! under `test/` with a no-argument `func.func @main()` is run both ways — Lattice's JIT,
//! and upstream `mlir-opt --lower-vector-mask --lower-vector-multi-reduction
//! --convert-vector-to-scf --lower-affine --convert-scf-to-cf --convert-vector-to-llvm
//! --convert-to-llvm --reconcile-unrealized-casts | mlir-runner` with the runner libraries
//! (the pipeline that lowers every vector op LLVM 22 can, n-D included) — and the printed
//! text must be identical (memref base addresses normalized; `--expand-strided-metadata`
//! and the math conversions are added upstream so views and libm functions lower). Skips,
//! with a note, when the upstream tools are not installed.

mod common;

use common::require_tool;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = "/usr/lib/llvm-22/bin";
const LIBS: &str = "/usr/lib/llvm-22/lib";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Replaces every `base@ = 0x<hex>` with `base@ = 0xADDR`.
fn normalize(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(p) = rest.find("base@ = 0x") {
        out.push_str(&rest[..p]);
        out.push_str("base@ = 0xADDR");
        rest = rest[p + "base@ = 0x".len()..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    out.push_str(rest);
    out
}

fn upstream(file: &Path) -> Result<String, String> {
    let lowered = Command::new(format!("{BIN}/mlir-opt"))
        .arg(file)
        .args([
            "--lower-vector-mask",
            "--lower-vector-multi-reduction",
            "--convert-vector-to-scf",
            "--expand-strided-metadata",
            "--convert-math-to-llvm",
            "--convert-math-to-libm",
            "--lower-affine",
            "--convert-scf-to-cf",
            "--convert-vector-to-llvm",
            "--convert-to-llvm",
            "--reconcile-unrealized-casts",
        ])
        .output()
        .map_err(|e| e.to_string())?;
    if !lowered.status.success() {
        return Err(String::from_utf8_lossy(&lowered.stderr).into_owned());
    }
    let mut child = Command::new(format!("{BIN}/mlir-runner"))
        .args([
            "-e",
            "main",
            "-entry-point-result=void",
            &format!(
                "-shared-libs={LIBS}/libmlir_c_runner_utils.so.22.1,{LIBS}/libmlir_runner_utils.so.22.1"
            ),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(&lowered.stdout)
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn lattice(file: &Path) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("run")
        .arg(file)
        .args(["-e", "main", "--entry-point-result=void"])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The programs to compare: the examples, and file tests with a no-argument `@main`
/// (less those marked `// RUNNER: skip <why>`).
fn programs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root().join("examples"), root().join("test")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                let in_examples = p.starts_with(root().join("examples"));
                // `// RUNNER: skip <why>`: mlir-runner is known to print something else.
                if let Some(line) = text.lines().find(|l| l.starts_with("// RUNNER: skip")) {
                    eprintln!("note: {}: not compared ({line})", p.display());
                } else if in_examples || text.contains("func.func @main() {") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    files
}

#[test]
fn lattice_run_prints_what_mlir_runner_prints() {
    if require_tool(format!("{BIN}/mlir-runner"), "the comparison").is_none() {
        return;
    }
    let files = programs();
    assert!(files.len() >= 15, "expected the examples, found {files:?}");
    let mut failures = Vec::new();
    for f in &files {
        let name = f.strip_prefix(root()).unwrap_or(f).display().to_string();
        match (lattice(f), upstream(f)) {
            (Ok(a), Ok(b)) if normalize(&a) == normalize(&b) => {}
            (Ok(a), Ok(b)) => failures.push(format!(
                "{name}: lattice printed\n{a}\nmlir-runner printed\n{b}"
            )),
            (Err(e), Ok(_)) => failures.push(format!("{name}: lattice run failed:\n{e}")),
            (_, Err(e)) => eprintln!(
                "note: {name}: upstream cannot run it ({}); not compared",
                e.lines().next().unwrap_or("")
            ),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn bad_entry_and_result_type_are_diagnosed() {
    let f = root().join("examples/matmul.mlir");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("run")
            .arg(&f)
            .args(args)
            .output()
            .expect("lattice runs")
    };
    let out = run(&["-e", "no_such_function"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("entry point 'no_such_function' not found")
    );
    let out = run(&["-e", "main", "--entry-point-result=f64"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not match --entry-point-result=f64")
    );
    let out = run(&["-e", "kernel_matmul"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "an entry with arguments is refused"
    );
    let out = run(&["--entry-point-result=i128"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn unsupported_op_is_a_located_error() {
    let dir = std::env::temp_dir().join(format!("lattice-run-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let f = dir.join("unsupported.mlir");
    std::fs::write(
        &f,
        "func.func @main() {\n  %m = memref.alloc() : memref<4xf32>\n  %r = memref.realloc %m : memref<4xf32> to memref<8xf32>\n  return\n}\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("run")
        .arg(&f)
        .output()
        .expect("lattice runs");
    let err = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("'memref.realloc' op cannot be lowered"),
        "{err}"
    );
    assert!(err.contains("unsupported.mlir:3:"), "{err}");
}

#[test]
fn entry_results_are_printed_like_mlir_runner() {
    let dir = std::env::temp_dir().join(format!("lattice-run-result-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let f = dir.join("result.mlir");
    std::fs::write(
        &f,
        "func.func @i() -> i32 {\n  %c = arith.constant -42 : i32\n  return %c : i32\n}\nfunc.func @f() -> f64 {\n  %c = arith.constant 42.5 : f64\n  return %c : f64\n}\n",
    )
    .expect("write");
    let run = |entry: &str, ty: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("run")
            .arg(&f)
            .args(["-e", entry, &format!("--entry-point-result={ty}")])
            .output()
            .expect("lattice runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let i = run("i", "i32");
    let fl = run("f", "f64");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(i, "-42\n");
    assert_eq!(fl, "4.250000e+01\n");
}

/// `--threads N` sets the parallel-loop thread count; a parallelized reduction prints the
/// same checksum with any N (the chunking, hence the combine order, ignores N), and a bad
/// count is a usage error.
#[test]
fn threads_flag_does_not_change_results() {
    let f = root().join("examples/covariance.mlir");
    let want = std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("// CHECKSUM:").map(|s| s.trim().to_string()))
        .expect("covariance has a CHECKSUM line");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("run")
            .arg(&f)
            .args(["--affine-parallelize=parallel-reductions=true", "-O0"])
            .args(args)
            .output()
            .expect("lattice runs")
    };
    for n in ["1", "3"] {
        let out = run(&["--threads", n]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            want,
            "--threads {n}"
        );
    }
    for bad in ["--threads=0", "--threads=x"] {
        let out = run(&[bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
    }
}

/// A non-void entry that prints: into a pipe the result line comes first, where mlir-runner
/// puts it (checked against mlir-runner when installed); with `--time` the program's output
/// and the result appear once (the timed re-runs are silent) and the timing goes to stderr.
#[test]
fn result_order_and_time_print_once() {
    let dir = std::env::temp_dir().join(format!("lattice-run-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let f = dir.join("order.mlir");
    std::fs::write(
        &f,
        "func.func @main() -> i32 {\n  %c = arith.constant 7 : i32\n  %f = arith.constant 1.5 : f32\n  vector.print %f : f32\n  %g = arith.constant 2.5 : f32\n  vector.print %g : f32\n  return %c : i32\n}\n",
    )
    .expect("write");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_lattice"))
            .env("LATTICE_MACHINE", "medium")
            .env("LATTICE_THREADS", "2")
            .arg("run")
            .arg(&f)
            .args(["-e", "main", "--entry-point-result=i32"])
            .args(extra)
            .output()
            .expect("lattice runs")
    };
    let plain = run(&[]);
    let timed = run(&["--time", "--repeat", "3"]);
    let upstream_text = if require_tool(format!("{BIN}/mlir-runner"), "the upstream half").is_some()
    {
        let lowered = Command::new(format!("{BIN}/mlir-opt"))
            .arg(&f)
            .args([
                "--convert-vector-to-llvm",
                "--convert-to-llvm",
                "--reconcile-unrealized-casts",
                "-o",
            ])
            .arg(dir.join("order.ll.mlir"))
            .output()
            .expect("mlir-opt runs");
        assert!(lowered.status.success());
        let out = Command::new(format!("{BIN}/mlir-runner"))
            .arg(dir.join("order.ll.mlir"))
            .args([
                "-e",
                "main",
                "-entry-point-result=i32",
                &format!("-shared-libs={LIBS}/libmlir_c_runner_utils.so.22.1"),
            ])
            .output()
            .expect("mlir-runner runs");
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        None
    };
    let _ = std::fs::remove_dir_all(&dir);
    let plain_text = String::from_utf8_lossy(&plain.stdout).into_owned();
    assert_eq!(plain_text, "7\n1.5\n2.5\n");
    if let Some(u) = upstream_text {
        assert_eq!(plain_text, u, "mlir-runner's order");
    }
    assert!(timed.status.success());
    assert_eq!(String::from_utf8_lossy(&timed.stdout), "7\n1.5\n2.5\n");
    assert!(String::from_utf8_lossy(&timed.stderr).contains("3 runs, min"));
}
