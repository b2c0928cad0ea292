//! Where the runtime's printing goes: the process's stdout and stderr, or, on a thread that
//! asked for it with [`capture_output`], an in-memory buffer (tests, and embedders that want
//! the text). Process-wide, stdout text can also be held back ([`hold_stdout`], for
//! `lattice run`'s mlir-runner output order) or dropped ([`silence_stdout`], for timed
//! re-runs); both apply to every thread, the parallel runtime's workers included.
//! Invariant: each runtime call writes its whole text with one `write_all`, so text from
//! concurrent calls never interleaves within a call.

use std::cell::RefCell;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Stdout text held back by [`hold_stdout`] (`None`: not holding).
static HELD: Mutex<Option<Vec<u8>>> = Mutex::new(None);
/// Drop stdout text (see [`silence_stdout`]).
static SILENT: AtomicBool = AtomicBool::new(false);

/// From now on, keep the runtime's stdout text in a buffer until [`take_held_stdout`].
pub fn hold_stdout() {
    *HELD.lock().unwrap_or_else(|e| e.into_inner()) = Some(Vec::new());
}

/// Stops holding stdout text and returns what was held.
pub fn take_held_stdout() -> Vec<u8> {
    HELD.lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .unwrap_or_default()
}

/// While `on`, the runtime's stdout text (not captured by a thread) is dropped.
pub fn silence_stdout(on: bool) {
    SILENT.store(on, Ordering::SeqCst);
}

thread_local! {
    static CAPTURE: RefCell<Option<(Vec<u8>, Vec<u8>)>> = const { RefCell::new(None) };
}

/// Writes `bytes` to stdout (or the current thread's capture).
pub(crate) fn stdout(bytes: &[u8]) {
    let captured = CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some((out, _)) => {
            out.extend_from_slice(bytes);
            true
        }
        None => false,
    });
    if captured || SILENT.load(Ordering::Relaxed) {
        return;
    }
    if let Some(held) = HELD.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        held.extend_from_slice(bytes);
        return;
    }
    // Like C stdio, the runtime ignores write errors (a closed pipe, a full disk).
    let _ = std::io::stdout().lock().write_all(bytes);
}

/// Writes `bytes` to stderr (or the current thread's capture).
pub(crate) fn stderr(bytes: &[u8]) {
    let captured = CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some((_, err)) => {
            err.extend_from_slice(bytes);
            true
        }
        None => false,
    });
    if !captured {
        let _ = std::io::stderr().lock().write_all(bytes);
    }
}

/// What a closure printed through the runtime on this thread.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Captured {
    /// Text written to stdout.
    pub stdout: Vec<u8>,
    /// Text written to stderr.
    pub stderr: Vec<u8>,
}

/// Runs `f`, collecting what the runtime's functions print on this thread instead of writing
/// it to the process's streams. Calls nest: an inner capture takes the text of its closure only.
pub fn capture_output<R>(f: impl FnOnce() -> R) -> (R, Captured) {
    let saved = CAPTURE.with(|c| c.borrow_mut().replace((Vec::new(), Vec::new())));
    let r = f();
    let (stdout, stderr) = CAPTURE
        .with(|c| std::mem::replace(&mut *c.borrow_mut(), saved))
        .unwrap_or_default();
    (r, Captured { stdout, stderr })
}

/// Flushes the process's stdout (call before exiting without unwinding, e.g. `process::exit`).
pub fn flush_output() {
    let _ = std::io::stdout().lock().flush();
}
