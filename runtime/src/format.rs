//! Number formatting that matches the C library the upstream runner utilities print through:
//! `%g` (what `fprintf("%g")` and C++ `std::ostream << double` with the default precision 6
//! write) and `%f` (what `printFlops` writes). Pure functions; every float goes through here,
//! so the printed text of Lattice and `mlir-runner` agree byte for byte.
//!
//! Invariants: NaN prints as `nan`, or `-nan` when its sign bit is set (glibc's spelling);
//! infinities as `inf`/`-inf`; negative zero keeps its sign (`-0`). Rounding is exact
//! round-half-to-even on the binary value, like glibc.

use std::fmt::Write as _;

/// Appends `x` formatted like C's `%.{precision}g` (`precision` 0 counts as 1).
pub fn write_g(out: &mut String, x: f64, precision: usize) {
    if let Some(special) = special(x) {
        out.push_str(special);
        return;
    }
    if x == 0.0 {
        out.push_str(if x.is_sign_negative() { "-0" } else { "0" });
        return;
    }
    let p = precision.max(1);
    // The exponent after rounding to `p` significant digits decides the style.
    let sci = format!("{:.*e}", p - 1, x);
    let (mantissa, exp) = match sci.split_once('e') {
        Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
        None => (sci.as_str(), 0),
    };
    if exp < -4 || exp >= p as i64 {
        out.push_str(strip_fraction_zeros(mantissa));
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let _ = write!(out, "{:02}", exp.unsigned_abs());
    } else {
        let decimals = (p as i64 - 1 - exp).max(0) as usize;
        let fixed = format!("{:.*}", decimals, x);
        out.push_str(strip_fraction_zeros(&fixed));
    }
}

/// `x` formatted like C's `%g`.
pub fn g(x: f64) -> String {
    let mut s = String::new();
    write_g(&mut s, x, 6);
    s
}

/// Appends `x` formatted like C's `%.{precision}f`.
pub fn write_f(out: &mut String, x: f64, precision: usize) {
    if let Some(special) = special(x) {
        out.push_str(special);
        return;
    }
    let _ = write!(out, "{:.*}", precision, x);
}

/// glibc's spelling of NaN and the infinities, `None` for finite values.
fn special(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some(if x.is_sign_negative() { "-nan" } else { "nan" })
    } else if x.is_infinite() {
        Some(if x < 0.0 { "-inf" } else { "inf" })
    } else {
        None
    }
}

/// Drops trailing zeros of a fraction, and the point if nothing is left after it (`%g` style).
fn strip_fraction_zeros(s: &str) -> &str {
    if !s.contains('.') {
        return s;
    }
    s.trim_end_matches('0').trim_end_matches('.')
}

/// An IEEE half-precision value (bits) widened to `f32`, exactly.
pub fn f16_to_f32(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exp = u32::from((bits >> 10) & 0x1f);
    let frac = u32::from(bits & 0x3ff);
    let out = match (exp, frac) {
        (0, 0) => sign,
        (0, _) => {
            // Subnormal: value = frac * 2^-24.
            let v = frac as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -v } else { v };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, _) => sign | 0x7fc0_0000 | (frac << 13),
        _ => sign | ((exp + 112) << 23) | (frac << 13),
    };
    f32::from_bits(out)
}

/// A bfloat16 value (bits) widened to `f32`, exactly.
pub fn bf16_to_f32(bits: u16) -> f32 {
    f32::from_bits(u32::from(bits) << 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{c_char, c_int, CStr};

    extern "C" {
        fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
    }

    /// What the C library prints for `x` with the format `fmt` (one double argument).
    fn libc(fmt: &CStr, x: f64) -> String {
        let mut buf = [0 as c_char; 128];
        // SAFETY: the buffer is large enough for any %g/%f of a double with precision <= 17
        // below 1e100 (callers stay in range for %f) and snprintf truncates otherwise.
        unsafe { snprintf(buf.as_mut_ptr(), buf.len(), fmt.as_ptr(), x) };
        // SAFETY: snprintf writes a terminating NUL within the buffer.
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    }

    /// A small deterministic generator (xorshift) for sweeping bit patterns.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn interesting() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            0.1,
            1.0,
            -1.0,
            1e6,
            1e-5,
            1e-4,
            0.0001234565,
            123456.5,
            1234565.0,
            999999.5,
            9.999995,
            99999.95,
            2.5,
            0.125,
            1e300,
            -1e-300,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            509232.0,
            8845880.123,
            16749.8,
            0.5,
            1.5,
            100000.0,
            1e15,
            1e16,
            123.456,
        ];
        for e in -30..30 {
            v.push(10f64.powi(e));
            v.push(-(10f64.powi(e)) * 4.5);
        }
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            v.push(f64::from_bits(xorshift(&mut s)));
        }
        for _ in 0..20_000 {
            // Short decimals, where ties and carries happen.
            let n = (xorshift(&mut s) % 20_000_000) as f64;
            let e = (xorshift(&mut s) % 24) as i32 - 12;
            v.push(n * 10f64.powi(e) / 8.0);
        }
        v
    }

    #[test]
    fn g_matches_libc() {
        for x in interesting() {
            for (p, fmt) in [(6, c"%g"), (1, c"%.1g"), (17, c"%.17g"), (3, c"%.3g")] {
                let mut s = String::new();
                write_g(&mut s, x, p);
                assert_eq!(s, libc(fmt, x), "{fmt:?} of {x:e} ({:#x})", x.to_bits());
            }
        }
    }

    #[test]
    fn f_matches_libc() {
        for x in interesting() {
            if x.is_finite() && x.abs() > 1e60 {
                continue;
            }
            let mut s = String::new();
            write_f(&mut s, x, 6);
            assert_eq!(s, libc(c"%f", x), "%f of {x:e}");
        }
    }

    #[test]
    fn half_and_bfloat_widen_exactly() {
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x7bff), 65504.0);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x03ff), 1023.0 * 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x8000).to_bits(), 0x8000_0000);
        assert!(f16_to_f32(0x7c00).is_infinite());
        assert!(f16_to_f32(0x7e00).is_nan());
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert_eq!(bf16_to_f32(0x3f80), 1.0);
        assert_eq!(bf16_to_f32(0xc040), -3.0);
    }
}
