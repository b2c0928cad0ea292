//! The `lattice opt` contract on bad input: exit codes (0 ok, 1 diagnostics, 2 usage),
//! located errors, no panics, atomic `-o`, and deep nesting without stack overflow.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn lattice(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lattice");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit code 1 with an error whose text contains `needle` and a `line:col` position.
fn assert_located_error(input: &str, extra: &[&str], needle: &str) {
    let mut args = vec!["opt", "-"];
    args.extend_from_slice(extra);
    let o = lattice(&args, input.as_bytes());
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(1),
        "expected exit 1 for {input:?}, stderr:\n{err}"
    );
    assert!(err.contains(needle), "expected {needle:?} in:\n{err}");
    assert!(err.contains("<stdin>:"), "expected a location in:\n{err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{err}"
    );
}

#[test]
fn valid_input_exits_zero() {
    let o = lattice(&["opt", "-"], b"func.func @f() {\n  return\n}\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "module {\n  func.func @f() {\n    return\n  }\n}\n\n"
    );
}

#[test]
fn usage_errors_exit_two() {
    let o = lattice(&["opt", "--no-such-flag"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--no-such-flag"));
    let o = lattice(&["frobnicate"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn missing_file_is_a_clear_error() {
    let o = lattice(&["opt", "/nonexistent/x.mlir"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/nonexistent/x.mlir"));
}

#[test]
fn binary_garbage_is_rejected_with_a_location() {
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let o = lattice(&["opt", "-"], &garbage);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
    // Valid UTF-8 garbage too.
    assert_located_error("func.func @f() { \u{7f}\u{1}$$ }", &[], "error");
}

#[test]
fn malformed_text_is_located() {
    assert_located_error("func.func @f() {\n  return\n", &[], "error");
    assert_located_error(
        "func.func @f(%a: i32) -> i32 {\n  return %b : i32\n}\n",
        &[],
        "undeclared",
    );
    assert_located_error(
        "func.func @f() -> i8 {\n  %0 = arith.constant 300 : i8\n  return %0 : i8\n}\n",
        &[],
        "out of range",
    );
    assert_located_error("func.func @f() {\n  %0 = arith.constant 1 : i32\n  %1 = arith.addi %0, %0 : i64\n  return\n}\n", &[], "error");
}

#[test]
fn unregistered_ops_name_the_op_and_the_flag() {
    let input = "func.func @f() {\n  \"foo.bar\"() : () -> ()\n  return\n}\n";
    let o = lattice(&["opt", "-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("foo.bar") && err.contains("allow-unregistered-dialect"),
        "{err}"
    );
    let o = lattice(
        &["opt", "-", "--allow-unregistered-dialect"],
        input.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"foo.bar\"() : () -> ()"));
}

#[test]
fn invalid_affine_ir_is_rejected_where_mlir_opt_is_silent() {
    let step0 = "func.func @f() {\n  affine.for %i = 0 to 10 step 0 {\n  }\n  return\n}\n";
    assert_located_error(step0, &[], "step");
    let div0 = "#map = affine_map<(d0) -> (d0 floordiv 0)>\nfunc.func @f(%i: index) {\n  %0 = affine.apply #map(%i)\n  return\n}\n";
    assert_located_error(div0, &[], "zero");
    let mod0 = "func.func @f(%A: memref<10xf32>) {\n  affine.for %i = 0 to 10 {\n    %v = affine.load %A[%i mod 0] : memref<10xf32>\n  }\n  return\n}\n";
    assert_located_error(mod0, &[], "zero");
}

#[test]
fn output_file_is_replaced_only_on_success() {
    let dir = std::env::temp_dir().join(format!("lattice-cli-contract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.mlir");
    std::fs::write(&out, "previous contents\n").unwrap();
    let o = lattice(
        &["opt", "-", "-o", out.to_str().unwrap()],
        b"func.func @f( {",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "previous contents\n"
    );
    let o = lattice(
        &["opt", "-", "-o", out.to_str().unwrap()],
        b"func.func @f() {\n  return\n}\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("func.func @f()"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_to_a_device_writes_through_it() {
    // `-o /dev/null` must not replace the device with a regular file.
    let o = lattice(
        &["opt", "-", "-o", "/dev/null"],
        b"func.func @f() {\n  return\n}\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    use std::os::unix::fs::FileTypeExt;
    let meta = std::fs::metadata("/dev/null").unwrap();
    assert!(
        meta.file_type().is_char_device(),
        "/dev/null is no longer a device"
    );
}

#[test]
fn thousands_of_nested_loops_do_not_overflow() {
    let depth = 5000;
    let mut text = String::from("func.func @deep(%A: memref<1xf32>) {\n");
    for i in 0..depth {
        text.push_str(&format!("affine.for %i{i} = 0 to 1 {{\n"));
    }
    text.push_str("%v = affine.load %A[0] : memref<1xf32>\n");
    for _ in 0..depth {
        text.push_str("}\n");
    }
    text.push_str("return\n}\n");
    for extra in [
        &[][..],
        &["--mlir-print-op-generic"][..],
        &["--canonicalize"][..],
    ] {
        let mut args = vec!["opt", "-"];
        args.extend_from_slice(extra);
        let o = lattice(&args, text.as_bytes());
        assert_eq!(
            o.status.code(),
            Some(0),
            "{:?}: {}",
            extra,
            stderr(&o).chars().take(2000).collect::<String>()
        );
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.matches("affine.for").count() >= depth || extra.contains(&"--canonicalize"));
    }
    // Deep generic regions of an unregistered op.
    let depth = 20000;
    let mut text = String::new();
    for _ in 0..depth {
        text.push_str("\"t.wrap\"() ({\n");
    }
    for _ in 0..depth {
        text.push_str("}) : () -> ()\n");
    }
    let o = lattice(
        &["opt", "-", "--allow-unregistered-dialect"],
        text.as_bytes(),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        stderr(&o).chars().take(2000).collect::<String>()
    );
}

#[test]
fn split_input_file_keeps_going_and_marks_chunks() {
    let input = "func.func @a() {\n  return\n}\n// -----\nfunc.func @b( {\n// -----\nfunc.func @c() {\n  return\n}\n";
    let o = lattice(&["opt", "-", "--split-input-file"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("@a") && out.contains("@c") && out.matches("// -----").count() == 2,
        "{out}"
    );
    // The error in the second chunk points at the original line 5.
    assert!(stderr(&o).contains(":5:"), "{}", stderr(&o));
}

#[test]
fn verify_diagnostics_matches_annotations() {
    let input = "func.func @f(%a: i32) -> i32 {\n  // expected-error@+1 {{use of undeclared SSA value name}}\n  return %b : i32\n}\n";
    let o = lattice(&["opt", "-", "--verify-diagnostics"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let wrong = input.replace("undeclared SSA", "something else");
    let o = lattice(&["opt", "-", "--verify-diagnostics"], wrong.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("was not produced"), "{}", stderr(&o));
}
