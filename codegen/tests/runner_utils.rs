//! Conformance of Lattice's runner utilities with upstream MLIR's: each test builds, in Rust,
//! the memrefs and scalars that a program in `test/Run/Inputs/print-*.mlir` builds, calls the
//! runtime's functions (looked up by name in `runtime::symbols()`, as the JIT does) and
//! compares what they print with the `.out` file beside the program, which holds what
//! `mlir-runner` printed for it (base addresses replaced by `0xADDR`). One more test re-runs
//! the programs under upstream `mlir-opt` + `mlir-runner`, when installed, to check that the
//! recorded text is still what upstream prints.
#![allow(unsafe_code)]
// The constants are spelled as in the .mlir programs, digit for digit.
#![allow(clippy::excessive_precision)]

mod common;

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use lattice_codegen::runtime::{self, capture_output, UnrankedMemRef};

fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../test/Run/Inputs")
}

fn recorded(name: &str) -> Vec<u8> {
    let path = inputs().join(format!("{name}.out"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replaces every `base@ = 0x<hex>` with `base@ = 0xADDR`.
fn normalize(text: &[u8]) -> Vec<u8> {
    let needle = b"base@ = 0x";
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(needle) {
            out.extend_from_slice(b"base@ = 0xADDR");
            i += needle.len();
            while i < text.len() && text[i].is_ascii_hexdigit() {
                i += 1;
            }
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

fn assert_text(got: &[u8], want: &[u8]) {
    let got = normalize(got);
    assert!(
        got == want,
        "printed:\n{}\nupstream:\n{}",
        String::from_utf8_lossy(&got),
        String::from_utf8_lossy(want)
    );
}

/// The address of runtime symbol `name` as a function pointer of type `F`.
///
/// # Safety
/// `F` must be the symbol's C signature.
unsafe fn sym<F: Copy>(name: &str) -> F {
    let addr = runtime::symbol(name).unwrap_or_else(|| panic!("runtime lacks {name}"));
    assert_eq!(std::mem::size_of::<F>(), std::mem::size_of::<usize>());
    // SAFETY: per the caller, `F` is a function pointer type of the right signature.
    unsafe { std::mem::transmute_copy(&addr) }
}

/// A ranked descriptor over `data`: `[allocated, aligned, offset, sizes, strides]`.
fn descriptor<T>(data: &mut [T], offset: i64, sizes: &[i64], strides: &[i64]) -> Vec<i64> {
    let p = data.as_mut_ptr() as i64;
    let mut d = vec![p, p, offset];
    d.extend_from_slice(sizes);
    d.extend_from_slice(strides);
    d
}

fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; sizes.len()];
    for k in (0..sizes.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * sizes[k + 1];
    }
    strides
}

type Plain = unsafe extern "C" fn(i64, *mut c_void);
type Ciface = unsafe extern "C" fn(*const UnrankedMemRef);
type Ranked = unsafe extern "C" fn(*const c_void);

/// Prints through the plain `printMemref<T>(rank, descriptor)` entry point.
fn plain(name: &str, desc: &mut [i64], rank: i64) {
    // SAFETY: the plain entry points take (rank, descriptor); `desc` is valid.
    unsafe { sym::<Plain>(name)(rank, desc.as_mut_ptr().cast()) }
}

/// Prints through the `_mlir_ciface_printMemref<T>(UnrankedMemRefType *)` entry point.
fn ciface(name: &str, desc: &mut [i64], rank: i64) {
    let m = UnrankedMemRef {
        rank,
        descriptor: desc.as_mut_ptr().cast(),
    };
    // SAFETY: the ciface entry points take a pointer to an unranked memref.
    unsafe { sym::<Ciface>(name)(&m) }
}

/// Prints through a ranked `_mlir_ciface_printMemref<N>d<T>(StridedMemRefType *)`.
fn ranked(name: &str, desc: &mut [i64]) {
    // SAFETY: the ranked entry points take a pointer to a descriptor of their rank.
    unsafe { sym::<Ranked>(name)(desc.as_ptr().cast()) }
}

#[test]
fn scalars_print_like_upstream() {
    // SAFETY (all calls): the signatures are those of CRunnerUtils.
    let ((), out) = capture_output(|| unsafe {
        let f64p = sym::<extern "C" fn(f64)>("printF64");
        let f32p = sym::<extern "C" fn(f32)>("printF32");
        let i64p = sym::<extern "C" fn(i64)>("printI64");
        let u64p = sym::<extern "C" fn(u64)>("printU64");
        let comma = sym::<extern "C" fn()>("printComma");
        let open = sym::<extern "C" fn()>("printOpen");
        let close = sym::<extern "C" fn()>("printClose");
        let newline = sym::<extern "C" fn()>("printNewline");
        let f64s = [
            0.1,
            1.0e6,
            123456.5,
            1234565.0,
            1.0e-5,
            1.0e-4,
            -0.0,
            f64::from_bits(0x7FF8000000000000),
            f64::from_bits(0xFFF8000000000000),
            f64::INFINITY,
            f64::NEG_INFINITY,
            4.9406564584124654e-324,
            1.7976931348623157e308,
            2.5,
            9.9999996,
            -42.0,
        ];
        open();
        for (k, v) in f64s.iter().enumerate() {
            if k > 0 {
                comma();
            }
            f64p(*v);
        }
        close();
        newline();
        let f32s = [
            0.1f32,
            3.0e38,
            -1.5e-7,
            -0.0,
            f32::from_bits(0x7FC00000),
            f32::from_bits(0xFFC00000),
            f32::NEG_INFINITY,
            16777216.0,
        ];
        for (k, v) in f32s.iter().enumerate() {
            if k > 0 {
                comma();
            }
            f32p(*v);
        }
        newline();
        let i64s = [0, i64::MIN, i64::MAX, -1];
        for (k, v) in i64s.iter().enumerate() {
            if k > 0 {
                comma();
            }
            i64p(*v);
        }
        comma();
        u64p(-1i64 as u64);
        comma();
        u64p(i64::MIN as u64);
        newline();
    });
    assert_text(&out.stdout, &recorded("print-scalars"));
}

/// Element (i, j, k) of the program's rank-3 memrefs: (i*b*c + j*c + k) / 3 - 2.
fn fill(sizes: &[i64]) -> Vec<f32> {
    let n: i64 = sizes.iter().product();
    (0..n).map(|l| l as f32 / 3.0 - 2.0).collect()
}

#[test]
fn float_memrefs_print_like_upstream() {
    let ((), out) = capture_output(|| {
        for sizes in [[2, 3, 4], [1, 1, 1], [1, 3, 1], [3, 1, 2], [2, 2, 1]] {
            let mut data = fill(&sizes);
            let mut d = descriptor(&mut data, 0, &sizes, &row_major(&sizes));
            plain("printMemrefF32", &mut d, 3);
        }
        let mut m2 = fill(&[4, 5]);
        let mut d2 = descriptor(&mut m2, 0, &[4, 5], &[5, 1]);
        plain("printMemrefF32", &mut d2, 2);
        let mut view = descriptor(&mut m2, 6, &[3, 2], &[5, 2]);
        plain("printMemrefF32", &mut view, 2);
        ciface("_mlir_ciface_printMemrefShapeF32", &mut view, 2);
        ranked("_mlir_ciface_printMemref2dF32", &mut d2);

        let mut m1: Vec<f32> = (0..5).map(|i| i as f32 / 7.0).collect();
        m1.extend([1.0e10, -2.5e-10]);
        let mut d1 = descriptor(&mut m1, 0, &[7], &[1]);
        plain("printMemrefF32", &mut d1, 1);
        ranked("_mlir_ciface_printMemref1dF32", &mut d1);
        let mut m0 = [3.14159274f32];
        let mut d0 = descriptor(&mut m0, 0, &[], &[]);
        plain("printMemrefF32", &mut d0, 0);
        ranked("_mlir_ciface_printMemref0dF32", &mut d0);

        let mut f = [
            f64::from_bits(0x7FF8000000000000),
            f64::from_bits(0xFFF8000000000000),
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.0,
            1.0e-300,
            123456789.0,
            0.000123456789,
        ];
        let mut df = descriptor(&mut f, 0, &[2, 4], &[4, 1]);
        plain("printMemrefF64", &mut df, 2);
    });
    assert_text(&out.stdout, &recorded("print-memref-float"));
}

#[test]
fn integer_memrefs_print_like_upstream() {
    let ((), out) = capture_output(|| {
        let mut b: Vec<i8> = b"Hi!ok.".iter().map(|&c| c as i8).collect();
        let mut db = descriptor(&mut b, 0, &[2, 3], &[3, 1]);
        ciface("_mlir_ciface_printMemrefI8", &mut db, 2);
        let mut s: Vec<i16> = (0..12i16)
            .map(|l| l.wrapping_mul(5000).wrapping_sub(30000))
            .collect();
        let mut ds = descriptor(&mut s, 0, &[3, 4], &[4, 1]);
        ciface("_mlir_ciface_printMemrefI16", &mut ds, 2);
        let mut w: Vec<i32> = (0..6i32)
            .map(|l| l.wrapping_mul(700_000_000).wrapping_sub(2_000_000_000))
            .collect();
        let mut dw = descriptor(&mut w, 0, &[2, 3], &[3, 1]);
        plain("printMemrefI32", &mut dw, 2);
        let mut l: Vec<i64> = (0..6i64)
            .map(|l| {
                l.wrapping_mul(3_000_000_000_000_000_000)
                    .wrapping_sub(9_000_000_000_000_000_000)
            })
            .collect();
        let mut dl = descriptor(&mut l, 0, &[2, 3], &[3, 1]);
        plain("printMemrefI64", &mut dl, 2);
        let mut n: Vec<u64> = (0..6).map(|l| l * l).collect();
        let mut dn = descriptor(&mut n, 0, &[2, 3], &[3, 1]);
        plain("printMemrefInd", &mut dn, 2);
        let mut row = descriptor(&mut l, 3, &[3], &[1]);
        ranked("_mlir_ciface_printMemref1dI64", &mut row);
    });
    assert_text(&out.stdout, &recorded("print-memref-int"));
}

#[test]
fn half_memrefs_print_like_upstream() {
    let ((), out) = capture_output(|| {
        let mut h: [u16; 6] = [0x3554, 0x7bff, 0xc000, 0x0001, 0x7c00, 0xfe00];
        let mut dh = descriptor(&mut h, 0, &[1, 6], &[6, 1]);
        ciface("_mlir_ciface_printMemrefF16", &mut dh, 2);
        let mut b: [u16; 6] = [0x3eaa, 0x7f62, 0xc000, 0x0da2, 0xff80, 0x42c8];
        let mut db = descriptor(&mut b, 0, &[1, 6], &[6, 1]);
        ciface("_mlir_ciface_printMemrefBF16", &mut db, 2);
    });
    assert_text(&out.stdout, &recorded("print-memref-half"));
}

#[test]
fn complex_memrefs_print_as_pairs() {
    let ((), out) = capture_output(|| {
        let mut c: [f32; 4] = [1.5, -2.0, 0.1, 1e7];
        let mut d = descriptor(&mut c, 0, &[2], &[1]);
        plain("printMemrefC32", &mut d, 1);
        let mut z: [f64; 2] = [f64::NAN, -0.0];
        let mut dz = descriptor(&mut z, 0, &[], &[]);
        ciface("_mlir_ciface_printMemrefC64", &mut dz, 0);
    });
    assert_text(
        &out.stdout,
        b"Unranked Memref base@ = 0xADDR rank = 1 offset = 0 sizes = [2] strides = [1] data = \n\
          [(1.5,-2),  (0.1,1e+07)]\n\
          Unranked Memref base@ = 0xADDR rank = 0 offset = 0 sizes = [] strides = [] data = \n\
          [(nan,-0)]\n",
    );
}

#[test]
fn empty_memrefs_print_empty_brackets_without_reading() {
    let ((), out) = capture_output(|| {
        let mut nothing: [f32; 0] = [];
        let mut d = descriptor(&mut nothing, 0, &[2, 0], &[0, 1]);
        plain("printMemrefF32", &mut d, 2);
    });
    assert_text(
        &out.stdout,
        b"Unranked Memref base@ = 0xADDR rank = 2 offset = 0 sizes = [2, 0] strides = [0, 1] data = \n[]\n",
    );
}

#[test]
fn string_flops_and_clocks() {
    let ((), out) = capture_output(|| {
        // SAFETY: CRunnerUtils signatures.
        unsafe {
            sym::<unsafe extern "C" fn(*const std::ffi::c_char)>("printString")(
                c"hello, ".as_ptr(),
            );
            sym::<unsafe extern "C" fn(*const std::ffi::c_char)>("printCString")(c"world".as_ptr());
            sym::<extern "C" fn(f64)>("printFlops")(2.5e9);
            sym::<extern "C" fn(f64)>("printFlops")(1.0 / 3.0);
        }
    });
    assert_eq!(out.stdout, b"hello, world");
    assert_eq!(out.stderr, b"2.500000 GFLOPS\n0.000000 GFLOPS\n");
    // SAFETY: CRunnerUtils signatures.
    let (t0, n0, t1) = unsafe {
        (
            sym::<extern "C" fn() -> f64>("rtclock")(),
            sym::<extern "C" fn() -> i64>("_mlir_ciface_nanoTime")(),
            sym::<extern "C" fn() -> f64>("rtclock")(),
        )
    };
    assert!(t0 > 1.5e9 && t1 >= t0, "{t0} {t1}");
    assert!((n0 as f64 / 1e9 - t0).abs() < 5.0);
}

#[test]
fn verify_counts_and_reports_mismatches() {
    type Verify = unsafe extern "C" fn(i64, *mut c_void, *mut c_void) -> i64;
    let mut a: Vec<f64> = (0..6).map(f64::from).collect();
    let mut e = a.clone();
    e[1] += 1e-13; // within 1e-12 relative
    e[4] = 7.0;
    e[5] = f64::NAN;
    let mut da = descriptor(&mut a, 0, &[2, 3], &[3, 1]);
    let mut de = descriptor(&mut e, 0, &[2, 3], &[3, 1]);
    // SAFETY: verifyMemRefF64(rank, actual, expected).
    let (n, out) = capture_output(|| unsafe {
        sym::<Verify>("verifyMemRefF64")(2, da.as_mut_ptr().cast(), de.as_mut_ptr().cast())
    });
    assert_eq!(n, 2);
    assert_eq!(out.stderr, b"4 != 7 offset = 4\n5 != nan offset = 5\n");
    let mut other = descriptor(&mut e, 0, &[3, 2], &[2, 1]);
    // SAFETY: as above.
    let (n, out) = capture_output(|| unsafe {
        sym::<Verify>("verifyMemRefF64")(2, da.as_mut_ptr().cast(), other.as_mut_ptr().cast())
    });
    assert_eq!(n, -1);
    assert!(normalize(&out.stderr).ends_with(b"sizes = [3, 2] strides = [2, 1]"));
}

#[test]
fn memref_copy_follows_both_layouts() {
    type Copy = unsafe extern "C" fn(i64, *const UnrankedMemRef, *const UnrankedMemRef);
    let mut src: Vec<i32> = (0..12).collect(); // 3x4 row-major
    let mut dst = vec![0i32; 12]; // 3x4 column-major
    let mut ds = descriptor(&mut src, 0, &[3, 4], &[4, 1]);
    let mut dd = descriptor(&mut dst, 0, &[3, 4], &[1, 3]);
    let s = UnrankedMemRef {
        rank: 2,
        descriptor: ds.as_mut_ptr().cast(),
    };
    let d = UnrankedMemRef {
        rank: 2,
        descriptor: dd.as_mut_ptr().cast(),
    };
    // SAFETY: memrefCopy(elemSize, src, dst) on two valid 3x4 memrefs.
    unsafe { sym::<Copy>("memrefCopy")(4, &s, &d) };
    assert_eq!(dst, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
}

#[test]
fn upstream_still_prints_the_recorded_text() {
    let bin =
        PathBuf::from(std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into()));
    let lib =
        PathBuf::from(std::env::var("LLVM_LIB").unwrap_or_else(|_| "/usr/lib/llvm-22/lib".into()));
    let libs = [
        lib.join("libmlir_c_runner_utils.so.22.1"),
        lib.join("libmlir_runner_utils.so.22.1"),
    ];
    let runner = bin.join("mlir-runner");
    let mut needed = vec![runner.as_path()];
    needed.extend(libs.iter().map(|l| l.as_path()));
    if !common::require_tools(&needed, "the comparison with mlir-runner") {
        return;
    }
    let libs = libs
        .iter()
        .map(|l| l.display().to_string())
        .collect::<Vec<_>>()
        .join(",");
    for name in [
        "print-scalars",
        "print-memref-float",
        "print-memref-int",
        "print-memref-half",
    ] {
        let lowered = Command::new(bin.join("mlir-opt"))
            .arg(inputs().join(format!("{name}.mlir")))
            .args([
                "--lower-affine",
                "--convert-scf-to-cf",
                "--convert-to-llvm",
                "--reconcile-unrealized-casts",
            ])
            .output()
            .expect("mlir-opt runs");
        assert!(
            lowered.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&lowered.stderr)
        );
        let mut runner = Command::new(bin.join("mlir-runner"))
            .args([
                "-e",
                "main",
                "-entry-point-result=void",
                &format!("-shared-libs={libs}"),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mlir-runner starts");
        use std::io::Write;
        runner
            .stdin
            .take()
            .expect("stdin")
            .write_all(&lowered.stdout)
            .expect("write");
        let run = runner.wait_with_output().expect("mlir-runner runs");
        assert!(
            run.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_text(&run.stdout, &recorded(name));
    }
}
