//! Float formatting exactly as MLIR prints float attributes (`printFloatValue`): LLVM's
//! `APFloat::toString` reproduced digit for digit (scientific with 6 digits when that
//! round-trips, else the shortest "natural" form, else hexadecimal bits).
//!
//! Invariants: formatting depends only on the float's format and bits; every decimal
//! text produced is checked to parse back to the same bits before it is used, exactly as
//! MLIR checks it, so the printed text always re-parses to the same value.

use crate::types::FloatKind;

/// A minimal unsigned big integer (little-endian 32-bit limbs), enough for decimal
/// conversion of any float value.
#[derive(Clone, Debug)]
struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    fn from_u128(mut v: u128) -> BigUint {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint { limbs }
    }

    fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    fn bits(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry: u64 = 0;
        for limb in &mut self.limbs {
            let p = (*limb as u64) * (m as u64) + carry;
            *limb = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    /// Divides in place and returns the remainder.
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem: u64 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | (*limb as u64);
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }

    fn shl(&mut self, n: u32) {
        let words = (n / 32) as usize;
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.limbs {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 && !self.limbs.is_empty() {
            let mut v = vec![0u32; words];
            v.extend_from_slice(&self.limbs);
            self.limbs = v;
        }
    }

    fn cmp(&self, other: &BigUint) -> std::cmp::Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }

    fn add(&self, other: &BigUint) -> BigUint {
        let n = self.limbs.len().max(other.limbs.len());
        let mut limbs = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let a = *self.limbs.get(i).unwrap_or(&0) as u64;
            let b = *other.limbs.get(i).unwrap_or(&0) as u64;
            let s = a + b + carry;
            limbs.push(s as u32);
            carry = s >> 32;
        }
        if carry != 0 {
            limbs.push(carry as u32);
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    /// `self - other`, saturating at zero.
    fn sub(&self, other: &BigUint) -> BigUint {
        if self.cmp(other) != std::cmp::Ordering::Greater {
            return BigUint { limbs: Vec::new() };
        }
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let a = self.limbs[i] as i64;
            let b = *other.limbs.get(i).unwrap_or(&0) as i64;
            let mut d = a - b - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            limbs.push(d as u32);
        }
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    fn mul_pow10(&mut self, e: u32) {
        self.mul_pow5(e);
        self.shl(e);
    }

    fn mul_pow5(&mut self, mut e: u32) {
        // 5^13 fits in a u32.
        while e >= 13 {
            self.mul_small(1_220_703_125);
            e -= 13;
        }
        if e > 0 {
            self.mul_small(5u32.pow(e));
        }
    }

    fn div_pow10(&mut self, mut e: u32) {
        while e >= 9 {
            self.divrem_small(1_000_000_000);
            e -= 9;
        }
        if e > 0 {
            self.divrem_small(10u32.pow(e));
        }
    }
}

/// The layout of a float format.
#[derive(Clone, Copy)]
struct Format {
    width: u32,
    exp_bits: u32,
    /// Stored mantissa bits (for f80, the 63 fraction bits; the integer bit is explicit).
    man_bits: u32,
    bias: i32,
    /// Significand precision in bits, including the leading bit.
    precision: u32,
    kind: Special,
}

/// How a format encodes non-finite values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    /// IEEE: all-ones exponent is inf (zero mantissa) or NaN.
    Ieee,
    /// x87 80-bit extended (explicit integer bit).
    X87,
    /// No infinity; NaN is all-ones exponent and mantissa (`FN`).
    FiniteNanAllOnes,
    /// No infinity, no negative zero; NaN is the negative-zero pattern (`FNUZ`).
    Fnuz,
    /// No infinity and no NaN.
    FiniteOnly,
    /// `f8E8M0FNU`: exponent only, unsigned, NaN is 0xFF.
    E8M0,
}

fn format_of(kind: FloatKind) -> Format {
    use FloatKind::*;
    let f = |width, exp_bits, man_bits, bias, kind| Format {
        width,
        exp_bits,
        man_bits,
        bias,
        precision: man_bits + 1,
        kind,
    };
    match kind {
        F16 => f(16, 5, 10, 15, Special::Ieee),
        BF16 => f(16, 8, 7, 127, Special::Ieee),
        F32 => f(32, 8, 23, 127, Special::Ieee),
        F64 => f(64, 11, 52, 1023, Special::Ieee),
        F80 => Format {
            width: 80,
            exp_bits: 15,
            man_bits: 63,
            bias: 16383,
            precision: 64,
            kind: Special::X87,
        },
        F128 => f(128, 15, 112, 16383, Special::Ieee),
        TF32 => f(19, 8, 10, 127, Special::Ieee),
        F4E2M1FN => f(4, 2, 1, 1, Special::FiniteOnly),
        F6E2M3FN => f(6, 2, 3, 1, Special::FiniteOnly),
        F6E3M2FN => f(6, 3, 2, 3, Special::FiniteOnly),
        F8E5M2 => f(8, 5, 2, 15, Special::Ieee),
        F8E4M3 => f(8, 4, 3, 7, Special::Ieee),
        F8E4M3FN => f(8, 4, 3, 7, Special::FiniteNanAllOnes),
        F8E5M2FNUZ => f(8, 5, 2, 16, Special::Fnuz),
        F8E4M3FNUZ => f(8, 4, 3, 8, Special::Fnuz),
        F8E4M3B11FNUZ => f(8, 4, 3, 11, Special::Fnuz),
        F8E3M4 => f(8, 3, 4, 3, Special::Ieee),
        F8E8M0FNU => Format {
            width: 8,
            exp_bits: 8,
            man_bits: 0,
            bias: 127,
            precision: 1,
            kind: Special::E8M0,
        },
    }
}

/// A decoded float value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Decoded {
    Zero {
        negative: bool,
    },
    /// `(-1)^negative * significand * 2^exp`
    Finite {
        negative: bool,
        significand: u128,
        exp: i32,
    },
    Inf,
    NaN,
}

fn decode(fmt: Format, bits: u128) -> Decoded {
    let mask = if fmt.width >= 128 {
        u128::MAX
    } else {
        (1u128 << fmt.width) - 1
    };
    let bits = bits & mask;
    if fmt.kind == Special::E8M0 {
        if bits == 0xFF {
            return Decoded::NaN;
        }
        return Decoded::Finite {
            negative: false,
            significand: 1,
            exp: bits as i32 - 127,
        };
    }
    let negative = (bits >> (fmt.width - 1)) & 1 == 1;
    // x87 keeps its integer bit explicitly (bit 63), the exponent starts at bit 64.
    let man_width = if fmt.kind == Special::X87 {
        64
    } else {
        fmt.man_bits
    };
    let exp_field = ((bits >> man_width) & ((1u128 << fmt.exp_bits) - 1)) as i32;
    let man = bits & ((1u128 << man_width) - 1);
    let exp_max = (1i32 << fmt.exp_bits) - 1;
    match fmt.kind {
        Special::Ieee if exp_field == exp_max => {
            return if man == 0 { Decoded::Inf } else { Decoded::NaN };
        }
        Special::X87 if exp_field == exp_max => {
            return if man == 1u128 << 63 {
                Decoded::Inf
            } else {
                Decoded::NaN
            };
        }
        // x87 "unnormals" (integer bit clear, exponent neither 0 nor max) are NaNs.
        Special::X87 if exp_field != 0 && man >> 63 == 0 => return Decoded::NaN,
        Special::FiniteNanAllOnes if exp_field == exp_max && man == (1u128 << fmt.man_bits) - 1 => {
            return Decoded::NaN;
        }
        Special::Fnuz if bits == 1u128 << (fmt.width - 1) => return Decoded::NaN,
        _ => {}
    }
    if fmt.kind == Special::X87 {
        // Explicit integer bit: value = man * 2^(e - bias - 63), denormal exponent 1.
        let e = if exp_field == 0 { 1 } else { exp_field };
        if man == 0 {
            return Decoded::Zero { negative };
        }
        return Decoded::Finite {
            negative,
            significand: man,
            exp: e - fmt.bias - 63,
        };
    }
    if exp_field == 0 {
        if man == 0 {
            return Decoded::Zero { negative };
        }
        return Decoded::Finite {
            negative,
            significand: man,
            exp: 1 - fmt.bias - fmt.man_bits as i32,
        };
    }
    Decoded::Finite {
        negative,
        significand: man | (1u128 << fmt.man_bits),
        exp: exp_field - fmt.bias - fmt.man_bits as i32,
    }
}

/// Whether `text` parses (correctly rounded) back to exactly `bits` in `kind`.
fn round_trips(kind: FloatKind, bits: u128, text: &str) -> bool {
    match kind {
        FloatKind::F64 => text
            .parse::<f64>()
            .map(|v| v.to_bits() as u128 == bits)
            .unwrap_or(false),
        FloatKind::F32 => text
            .parse::<f32>()
            .map(|v| v.to_bits() as u128 == bits)
            .unwrap_or(false),
        _ => exact_round_trips(format_of(kind), bits, text),
    }
}

/// Parses the decimal texts this module produces: `[-]digits[.digits][e[+-]digits]`,
/// as (negative, digit value, decimal exponent).
fn parse_decimal(text: &str) -> Option<(bool, BigUint, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let mut value = BigUint::from_u128(0);
    let mut frac_digits = 0i64;
    let mut seen_point = false;
    for c in mantissa.chars() {
        match c {
            '.' if !seen_point => seen_point = true,
            '0'..='9' => {
                value.mul_small(10);
                value = value.add(&BigUint::from_u128(c as u128 - '0' as u128));
                if seen_point {
                    frac_digits += 1;
                }
            }
            _ => return None,
        }
    }
    Some((negative, value, exp - frac_digits))
}

/// Whether the decimal `text` rounds (to nearest, ties to even) to the finite float
/// `bits`: the decimal must lie inside the float's rounding interval.
fn exact_round_trips(fmt: Format, bits: u128, text: &str) -> bool {
    use std::cmp::Ordering::*;
    let Some((negative, digits, exp10)) = parse_decimal(text) else {
        return false;
    };
    let (neg_v, m, q) = match decode(fmt, bits) {
        Decoded::Zero {
            negative: zero_negative,
        } => return digits.is_zero() && negative == zero_negative,
        Decoded::Finite {
            negative,
            significand,
            exp,
        } => (negative, significand, exp),
        _ => return false,
    };
    if digits.is_zero() || (negative != neg_v && fmt.kind != Special::E8M0) {
        return false;
    }
    // Quantum and the gap below v (half as large just above a power of two).
    let q_min = if fmt.kind == Special::E8M0 {
        -127
    } else {
        1 - fmt.bias - (fmt.precision as i32 - 1)
    };
    let power_of_two = m == 1u128 << (fmt.precision - 1) && q > q_min;
    // Scale by 2^a * 10^t so that every quantity is an integer.
    let a = (2 - q).max(0) as u32;
    let t = (-exp10).max(0) as u32;
    let mut d = digits;
    d.mul_pow10(exp10.max(0) as u32);
    d.shl(a);
    let pow = |e: i32| -> BigUint {
        let mut x = BigUint::from_u128(1);
        x.shl((e + a as i32) as u32);
        x.mul_pow10(t);
        x
    };
    let mut v = BigUint::from_u128(m);
    v.shl((q + a as i32) as u32);
    v.mul_pow10(t);
    let half_up = pow(q - 1);
    let half_down = if power_of_two { pow(q - 2) } else { pow(q - 1) };
    let upper = v.add(&half_up);
    let lower = v.sub(&half_down);
    let even = m & 1 == 0;
    let above_lower = match d.cmp(&lower) {
        Greater => true,
        Equal => even,
        Less => false,
    };
    let below_upper = match d.cmp(&upper) {
        Less => true,
        Equal => even,
        Greater => false,
    };
    above_lower && below_upper
}

/// `APFloat::toString(precision, max_padding, truncate_zero)` for a finite value.
fn apfloat_to_string(
    fmt: Format,
    value: Decoded,
    format_precision: u32,
    format_max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    let (negative, significand, exp) = match value {
        Decoded::Zero { negative } => {
            if negative {
                out.push('-');
            }
            if format_max_padding == 0 {
                if truncate_zero {
                    out.push_str("0.0E+0");
                } else {
                    out.push_str("0.0");
                    if format_precision > 1 {
                        for _ in 0..format_precision - 1 {
                            out.push('0');
                        }
                    }
                    out.push_str("e+00");
                }
            } else {
                out.push('0');
            }
            return out;
        }
        Decoded::Finite {
            negative,
            significand,
            exp,
        } => (negative, significand, exp),
        Decoded::Inf => return "Inf".into(),
        Decoded::NaN => return "NaN".into(),
    };
    if negative {
        out.push('-');
    }
    let format_precision = if format_precision == 0 {
        2 + fmt.precision * 59 / 196
    } else {
        format_precision
    };
    let tz = significand.trailing_zeros();
    let mut exp = exp + tz as i32;
    let mut n = BigUint::from_u128(significand >> tz);
    if exp > 0 {
        n.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        n.mul_pow5((-exp) as u32);
    }
    // AdjustToPrecision on the integer.
    let bits = n.bits();
    let bits_required = (format_precision * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens as i32;
            n.div_pow10(tens);
        }
    }
    // Digits, least significant first, dropping trailing zeros.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !n.is_zero() {
        let d = n.divrem_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buffer.push(b'0' + d);
            in_trail = false;
        }
    }
    // AdjustToPrecision on the digits.
    let nd = buffer.len() as u32;
    if nd > format_precision {
        let mut first = (nd - format_precision) as usize;
        if buffer[first - 1] < b'5' {
            while first < buffer.len() && buffer[first] == b'0' {
                first += 1;
            }
            exp += first as i32;
            buffer.drain(..first);
        } else {
            let n_len = buffer.len();
            let mut i = first;
            while i != n_len {
                if buffer[i] == b'9' {
                    first += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
                i += 1;
            }
            if first == n_len {
                exp += first as i32;
                buffer.clear();
                buffer.push(b'1');
            } else {
                exp += first as i32;
                buffer.drain(..first);
            }
        }
    }
    let ndigits = buffer.len() as u32;
    let scientific = if format_max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > format_max_padding || ndigits + exp as u32 > format_precision
    } else {
        let msd = exp + ndigits as i32 - 1;
        if msd >= 0 {
            false
        } else {
            (-msd) as u32 > format_max_padding
        }
    };
    let digit = |i: u32| buffer[i as usize] as char;
    if scientific {
        exp += ndigits as i32 - 1;
        out.push(digit(ndigits - 1));
        out.push('.');
        if ndigits == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..ndigits {
                out.push(digit(ndigits - 1 - i));
            }
        }
        if !truncate_zero && format_precision > ndigits - 1 {
            for _ in 0..format_precision - ndigits + 1 {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        let s = e.to_string();
        if !truncate_zero && s.len() < 2 {
            out.push('0');
        }
        out.push_str(&s);
        return out;
    }
    if exp >= 0 {
        for i in 0..ndigits {
            out.push(digit(ndigits - 1 - i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return out;
    }
    let whole = exp + ndigits as i32;
    let mut i = 0u32;
    if whole > 0 {
        while i != whole as u32 {
            out.push(digit(ndigits - i - 1));
            i += 1;
        }
        out.push('.');
    } else {
        let zeros = 1 + (-whole) as u32;
        out.push_str("0.");
        for _ in 1..zeros {
            out.push('0');
        }
    }
    while i != ndigits {
        out.push(digit(ndigits - i - 1));
        i += 1;
    }
    out
}

/// Formats a float of format `kind` with bit pattern `bits` as MLIR's `printFloatValue`.
/// Returns the text and whether it is the hexadecimal form.
pub fn format_float(kind: FloatKind, bits: u128) -> (String, bool) {
    let fmt = format_of(kind);
    let mask = if fmt.width >= 128 {
        u128::MAX
    } else {
        (1u128 << fmt.width) - 1
    };
    let bits = bits & mask;
    let value = decode(fmt, bits);
    if !matches!(value, Decoded::Inf | Decoded::NaN) {
        let text = apfloat_to_string(fmt, value, 6, 0, false);
        if round_trips(kind, bits, &text) {
            return (text, false);
        }
        let text = apfloat_to_string(fmt, value, 0, 3, true);
        if text.contains('.') {
            return (text, false);
        }
    }
    // APFloat stores x87 NaNs with the maximal exponent (unnormals included).
    let bits = match (fmt.kind, value) {
        (Special::X87, Decoded::NaN) => {
            (bits & ((1u128 << 79) | ((1u128 << 64) - 1))) | (0x7FFFu128 << 64)
        }
        _ => bits,
    };
    (format!("0x{:X}", bits), true)
}

/// Formats an `f64` value.
#[cfg(test)]
pub fn format_f64(value: f64) -> String {
    format_float(FloatKind::F64, value.to_bits() as u128).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: f32) -> String {
        format_float(FloatKind::F32, v.to_bits() as u128).0
    }

    #[test]
    fn basic() {
        assert_eq!(f32s(1.0), "1.000000e+00");
        assert_eq!(f32s(-0.25), "-2.500000e-01");
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(format_f64(std::f64::consts::PI), "3.1415926535897931");
        assert_eq!(format_f64(-0.0), "-0.000000e+00");
        assert_eq!(f32s(f32::INFINITY), "0x7F800000");
    }
}
