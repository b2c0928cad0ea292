//! The memref descriptor ABI from C: `test/ABI/Inputs/kernels.mlir` is compiled with
//! `lattice emit --obj --header`, `caller.c` is compiled against the header with clang-22
//! and linked with the object, and its output must be exactly the expected text (strided
//! and offset views, the expanded and `_mlir_ciface_` conventions, a memref result,
//! several results through the header's `<name>_results` struct).
//! Also checks `--shared` and `--llvm-ir`/`--asm` outputs, and shared libraries whose
//! parallel loops run on liblattice_runtime.so against the JIT's output. Skips with a note
//! without clang.

mod common;

use common::require_tool;
use std::path::{Path, PathBuf};
use std::process::Command;

const CLANG: &str = "/usr/lib/llvm-22/bin/clang";

fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../test/ABI/Inputs")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lattice-abi-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn emit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("emit")
        .args(args)
        .output()
        .expect("lattice runs")
}

/// Runs `lattice emit ARGS` and asserts it succeeded.
fn emit_ok(args: &[&str]) {
    let out = emit(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Compiles C program `args` (sources, objects, flags) with clang into `exe`.
fn clang(args: &[&std::ffi::OsStr], exe: &Path) {
    let cc = Command::new(CLANG)
        .args(args)
        .arg("-o")
        .arg(exe)
        .output()
        .expect("clang runs");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
}

#[test]
fn c_caller_uses_descriptors_and_ciface_wrappers() {
    if require_tool(CLANG, "this C ABI test").is_none() {
        return;
    }
    let dir = scratch("obj");
    let obj = dir.join("kernels.o");
    let header = dir.join("kernels.h");
    let kernels = inputs().join("kernels.mlir");
    emit_ok(&[
        "--obj",
        kernels.to_str().unwrap(),
        "-o",
        obj.to_str().unwrap(),
        "--header",
        header.to_str().unwrap(),
    ]);
    let exe = dir.join("caller");
    let caller = inputs().join("caller.c");
    clang(
        &[
            "-I".as_ref(),
            dir.as_os_str(),
            caller.as_os_str(),
            obj.as_os_str(),
        ],
        &exe,
    );
    let run = Command::new(&exe).output().expect("caller runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "block sum 108\ntransposed sum 420\nexpanded sum 108\nscaled 2 12 6 24\niota size 5 stride 1 offset 0: 0 1 2 3 4\nstats -1.5 7 5\nfilled 3: 1.5 1.5 1.5 total 4.5\n"
    );
}

#[test]
fn shared_library_and_text_outputs() {
    if require_tool(CLANG, "this C ABI test").is_none() {
        return;
    }
    let dir = scratch("shared");
    let kernels = inputs().join("kernels.mlir");
    let so = dir.join("libkernels.so");
    emit_ok(&[
        "--shared",
        kernels.to_str().unwrap(),
        "-o",
        so.to_str().unwrap(),
    ]);
    let nm = Command::new("/usr/lib/llvm-22/bin/llvm-nm")
        .arg("-D")
        .arg("--defined-only")
        .arg(&so)
        .output()
        .expect("llvm-nm runs");
    let syms = String::from_utf8_lossy(&nm.stdout);
    for s in ["sum2d", "_mlir_ciface_sum2d", "iota", "_mlir_ciface_iota"] {
        assert!(
            syms.lines().any(|l| l.ends_with(&format!(" {s}"))),
            "{s} missing:\n{syms}"
        );
    }
    let ll = dir.join("kernels.ll");
    let out = emit(&[
        "--llvm-ir",
        "-O0",
        kernels.to_str().unwrap(),
        "-o",
        ll.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&ll).expect("ll written");
    assert!(
        text.contains("define void @_mlir_ciface_iota(ptr"),
        "{text}"
    );
    let asm = dir.join("kernels.s");
    let out = emit(&[
        "--asm",
        kernels.to_str().unwrap(),
        "-o",
        asm.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&asm)
        .expect("asm")
        .contains("sum2d:"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A shared library whose code calls the runner-utils API loads with every symbol
/// resolved (linked against upstream's runner libraries) and prints what they print.
#[test]
fn shared_library_links_the_runner_utils() {
    if require_tool(CLANG, "this C ABI test").is_none() {
        return;
    }
    let dir = scratch("runtime");
    let so = dir.join("libprinting.so");
    emit_ok(&[
        "--shared",
        inputs().join("printing.mlir").to_str().unwrap(),
        "-o",
        so.to_str().unwrap(),
    ]);
    let exe = dir.join("shared_caller");
    let caller = inputs().join("shared_caller.c");
    clang(&[caller.as_os_str(), "-ldl".as_ref()], &exe);
    let run = Command::new(&exe).arg(&so).output().expect("caller runs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{text}");
    let want = "2.5\nUnranked Memref base@ = 0xADDR rank = 1 offset = 0 sizes = [3] strides = [1] data = \n[1.5,  2.5,  -4]\n";
    let got = text
        .split_once("base@ = 0x")
        .map(|(a, b)| {
            let rest = b.trim_start_matches(|c: char| c.is_ascii_hexdigit());
            format!("{a}base@ = 0xADDR{rest}")
        })
        .unwrap_or_default();
    assert_eq!(got, want);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `lattice run ARGS` (the JIT) and returns its stdout.
fn jit(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("run")
        .args(args)
        .output()
        .expect("lattice runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Runs `exe ARGS` with `LATTICE_THREADS=threads` and returns its stdout.
fn run_with_threads(exe: &Path, args: &[&Path], threads: u32) -> String {
    let run = Command::new(exe)
        .args(args)
        .env("LATTICE_THREADS", threads.to_string())
        .output()
        .expect("caller runs");
    let text = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{text}");
    text
}

/// Parallel loops in a shared library run on Lattice's thread pool from
/// liblattice_runtime.so: a C caller built against the `--header` calls the kernels (a
/// parallel loop and a deterministic parallel reduction) and the library's @run, and both
/// print what the JIT prints, with 1 and 2 threads; `examples/covariance.mlir` after
/// `--affine-parallelize`, loaded with dlopen, prints the JIT's checksum. GPU launches are
/// refused with the reason.
#[test]
fn shared_library_runs_parallel_loops_on_the_runtime() {
    if require_tool(CLANG, "this C ABI test").is_none() {
        return;
    }
    let dir = scratch("parallel");
    let src = inputs().join("parallel.mlir");
    let src = src.to_str().unwrap();
    let want = jit(&[src, "-e", "run", "--threads", "2"]);
    let so = dir.join("libparallel.so");
    let header = dir.join("parallel.h");
    emit_ok(&[
        "--shared",
        src,
        "-o",
        so.to_str().unwrap(),
        "--header",
        header.to_str().unwrap(),
    ]);
    let exe = dir.join("parallel_caller");
    let caller = inputs().join("parallel_caller.c");
    let include = format!("-I{}", dir.display());
    let libdir = format!("-L{}", dir.display());
    let rpath = format!("-Wl,-rpath,{}", dir.display());
    clang(
        &[
            caller.as_os_str(),
            "-Wall".as_ref(),
            "-Werror".as_ref(),
            include.as_ref(),
            libdir.as_ref(),
            "-lparallel".as_ref(),
            rpath.as_ref(),
        ],
        &exe,
    );
    for threads in [1, 2] {
        assert_eq!(run_with_threads(&exe, &[], threads), want.repeat(2));
    }

    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/covariance.mlir");
    let example = example.to_str().unwrap();
    let ir = dir.join("cov.ll");
    let out = emit(&[
        "--llvm-ir",
        example,
        "--affine-parallelize",
        "-o",
        ir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let ir = std::fs::read_to_string(&ir).expect("ir");
    assert!(ir.contains("@lattice_parallel_for"), "not parallelized");
    let cov = dir.join("libcov.so");
    emit_ok(&[
        "--shared",
        example,
        "--affine-parallelize",
        "-o",
        cov.to_str().unwrap(),
    ]);
    let exe = dir.join("entry_caller");
    clang(
        &[inputs().join("entry_caller.c").as_os_str(), "-ldl".as_ref()],
        &exe,
    );
    let want = jit(&[example, "--affine-parallelize"]);
    assert_eq!(run_with_threads(&exe, &[&cov, Path::new("main")], 2), want);

    let out = emit(&[
        "--shared",
        src,
        "--gpu-map-parallel-loops",
        "--gpu-kernel-outlining",
        "-o",
        dir.join("libgpu.so").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("lattice_gpu_launch"), "{err}");
    assert!(err.contains("wgpu runtime"), "{err}");
}

/// The race detector compiled into a shared library: `lattice emit --parallel-order=reverse`
/// of a loop wrongly marked parallel (`A[i+1] = A[i] + 1`), loaded with dlopen and run on
/// one thread, prints what the loop computes in descending order, like `lattice run
/// --parallel-order=reverse`; emitted without the flag, it runs in order.
#[test]
fn shared_library_runs_parallel_loops_in_reverse() {
    if require_tool(CLANG, "this C ABI test").is_none() {
        return;
    }
    let dir = scratch("race");
    let src = inputs().join("parallel_race.mlir");
    let src = src.to_str().unwrap();
    let in_order: String = (0..9).map(|v| format!("{v}\n")).collect();
    let reverse = format!("0\n{}", "1\n".repeat(8));
    assert_eq!(jit(&[src, "--parallel-order=reverse"]), reverse);
    let exe = dir.join("entry_caller");
    clang(
        &[inputs().join("entry_caller.c").as_os_str(), "-ldl".as_ref()],
        &exe,
    );
    for (flags, want) in [
        (&[][..], &in_order),
        (&["--parallel-order=reverse"][..], &reverse),
    ] {
        let so = dir.join("librace.so");
        let mut args = vec!["--shared", src, "-o", so.to_str().unwrap()];
        args.extend_from_slice(flags);
        emit_ok(&args);
        assert_eq!(
            &run_with_threads(&exe, &[&so, Path::new("main")], 1),
            want,
            "{flags:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn emit_usage_and_input_errors() {
    let dir = scratch("errors");
    let out_path = dir.join("never.o");
    let out = emit(&[
        "--obj",
        "/nonexistent.mlir",
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out_path.exists(), "no output on failure");
    let out = emit(&[inputs().join("kernels.mlir").to_str().unwrap(), "-o", "x.o"]);
    assert_eq!(out.status.code(), Some(2), "an output kind is required");
    let out = emit(&["--obj", "--asm", "a.mlir", "-o", "x"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
