//! The scalar printing and timing half of MLIR's runner utilities (`CRunnerUtils`): what
//! `vector.print` lowers to and what programs run under `mlir-runner` call. Each function has
//! the C signature and prints the exact text of its upstream namesake.

use std::ffi::{c_char, CStr};
use std::time::{SystemTime, UNIX_EPOCH};

use super::format;
use super::output;

/// `printI64(int64_t)`: decimal.
pub extern "C" fn print_i64(i: i64) {
    output::stdout(i.to_string().as_bytes());
}

/// `printU64(uint64_t)`: decimal.
pub extern "C" fn print_u64(u: u64) {
    output::stdout(u.to_string().as_bytes());
}

/// `printF32(float)`: `%g` of the value widened to double.
pub extern "C" fn print_f32(f: f32) {
    output::stdout(format::g(f64::from(f)).as_bytes());
}

/// `printF64(double)`: `%g`.
pub extern "C" fn print_f64(d: f64) {
    output::stdout(format::g(d).as_bytes());
}

/// `printString(const char *)` and `printCString(char *)`: the bytes up to the NUL.
///
/// # Safety
/// `s` is null (nothing is printed) or points to a NUL-terminated string.
pub unsafe extern "C" fn print_string(s: *const c_char) {
    if s.is_null() {
        return;
    }
    // SAFETY: the caller passes a NUL-terminated string.
    output::stdout(unsafe { CStr::from_ptr(s) }.to_bytes());
}

/// `printOpen()`: `( `.
pub extern "C" fn print_open() {
    output::stdout(b"( ");
}

/// `printClose()`: ` )`.
pub extern "C" fn print_close() {
    output::stdout(b" )");
}

/// `printComma()`: `, `.
pub extern "C" fn print_comma() {
    output::stdout(b", ");
}

/// `printNewline()`: a line feed.
pub extern "C" fn print_newline() {
    output::stdout(b"\n");
}

/// `printFlops(double)`: `<flops / 1e9 as %f> GFLOPS` and a line feed, on stderr.
pub extern "C" fn print_flops(flops: f64) {
    let mut s = String::new();
    format::write_f(&mut s, flops / 1.0e9, 6);
    s.push_str(" GFLOPS\n");
    output::stderr(s.as_bytes());
}

/// `rtclock()`: seconds since the Unix epoch, at microsecond resolution (`gettimeofday`).
pub extern "C" fn rtclock() -> f64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() as f64 + f64::from(now.subsec_micros()) * 1.0e-6
}

/// `_mlir_ciface_nanoTime()`: nanoseconds since the Unix epoch.
pub extern "C" fn nano_time() -> i64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(now.as_nanos()).unwrap_or(i64::MAX)
}
