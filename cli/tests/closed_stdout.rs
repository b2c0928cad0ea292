//! A closed standard output (`lattice deps f.mlir | head`) ends every subcommand that
//! prints to stdout the way it ends `cat`: killed by SIGPIPE, with no panic or
//! internal-error message on stderr.
//!
//! Invariant: stdout is the write end of a pipe whose read end is closed before the child
//! starts, so the first write fails for certain (no race with the pipe buffer).

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `lattice ARGS` with stdout a pipe nobody reads; asserts a silent SIGPIPE death.
fn assert_quiet_sigpipe(args: &[&str]) {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run lattice");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "lattice {args:?} with a closed stdout printed:\n{err}"
    );
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGPIPE),
        "lattice {args:?} with a closed stdout: expected death by SIGPIPE, got {:?}; stderr:\n{err}",
        out.status
    );
}

#[test]
fn opt_output() {
    assert_quiet_sigpipe(&["opt", "examples/jacobi_1d.mlir"]);
}

#[test]
fn deps_report() {
    assert_quiet_sigpipe(&["deps", "examples/jacobi_1d.mlir"]);
}

#[test]
fn run_program_output() {
    assert_quiet_sigpipe(&["run", "examples/jacobi_1d.mlir", "-e", "main", "-O0"]);
}

#[test]
fn emit_to_dev_stdout() {
    assert_quiet_sigpipe(&[
        "emit",
        "--llvm-ir",
        "examples/jacobi_1d.mlir",
        "-o",
        "/dev/stdout",
    ]);
}

#[test]
fn tune_show() {
    let db = tempfile::tempdir().expect("temp dir");
    let path = db.path().join("none.sqlite");
    assert_quiet_sigpipe(&["tune", "--show", "--db", path.to_str().unwrap()]);
}

#[test]
fn help_texts() {
    assert_quiet_sigpipe(&["--help"]);
    assert_quiet_sigpipe(&["deps", "--help"]);
    assert_quiet_sigpipe(&["--version"]);
}
