//! A minimal private set of runner-utility symbols (`printF64`, `printF32`, `printI64`,
//! `printU64`, `printNewline`, `printComma`, `printOpen`, `printClose`, `rtclock`) for the
//! JIT, with the upstream C signatures and text (C `printf` formats, so `%g` matches
//! `libmlir_c_runner_utils` byte for byte). Superseded by `crate::runtime` once that
//! module provides the full API; same `symbols()` shape.

use std::ffi::{c_char, c_int, c_void};

extern "C" {
    fn printf(format: *const c_char, ...) -> c_int;
    fn fflush(stream: *mut c_void) -> c_int;
}

extern "C" fn print_f64(v: f64) {
    // SAFETY: literal format with one double argument.
    unsafe { printf(c"%lg".as_ptr(), v) };
}
extern "C" fn print_f32(v: f32) {
    // SAFETY: literal format with one (promoted) double argument.
    unsafe { printf(c"%g".as_ptr(), v as f64) };
}
extern "C" fn print_i64(v: i64) {
    // SAFETY: literal format with one 64-bit argument.
    unsafe { printf(c"%lld".as_ptr(), v as std::ffi::c_longlong) };
}
extern "C" fn print_u64(v: u64) {
    // SAFETY: literal format with one 64-bit argument.
    unsafe { printf(c"%llu".as_ptr(), v as std::ffi::c_ulonglong) };
}
extern "C" fn print_newline() {
    // SAFETY: literal format without arguments.
    unsafe { printf(c"\n".as_ptr()) };
}
extern "C" fn print_comma() {
    // SAFETY: literal format without arguments.
    unsafe { printf(c", ".as_ptr()) };
}
extern "C" fn print_open() {
    // SAFETY: literal format without arguments.
    unsafe { printf(c"( ".as_ptr()) };
}
extern "C" fn print_close() {
    // SAFETY: literal format without arguments.
    unsafe { printf(c" )".as_ptr()) };
}
extern "C" fn rtclock() -> f64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    t.as_secs_f64()
}

/// The symbols: `(name, address)`.
pub fn symbols() -> &'static [(&'static str, usize)] {
    static SYMBOLS: std::sync::OnceLock<Vec<(&'static str, usize)>> = std::sync::OnceLock::new();
    SYMBOLS.get_or_init(|| {
        vec![
            ("printF64", print_f64 as extern "C" fn(f64) as usize),
            ("printF32", print_f32 as extern "C" fn(f32) as usize),
            ("printI64", print_i64 as extern "C" fn(i64) as usize),
            ("printU64", print_u64 as extern "C" fn(u64) as usize),
            ("printNewline", print_newline as extern "C" fn() as usize),
            ("printComma", print_comma as extern "C" fn() as usize),
            ("printOpen", print_open as extern "C" fn() as usize),
            ("printClose", print_close as extern "C" fn() as usize),
            ("rtclock", rtclock as extern "C" fn() -> f64 as usize),
        ]
    })
}

/// Flushes what the symbols printed (C stdio buffers) so later Rust output follows it.
pub fn flush_output() {
    // SAFETY: fflush(NULL) flushes every C output stream.
    unsafe { fflush(std::ptr::null_mut()) };
}
