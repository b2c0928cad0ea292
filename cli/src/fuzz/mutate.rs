//! Token- and line-level mutations of MLIR text for the mutation fuzzer: swap, duplicate
//! or delete tokens, replace an SSA name by another one of the file, set an integer to a
//! boundary value, change a type, drop, duplicate or swap lines, splice a line of another
//! seed, replace one character.
//!
//! Invariants: deterministic for a given [`Rng`] state; the result is always valid UTF-8
//! (mutations work on whole tokens and ASCII characters).

use super::gen::Rng;

/// Integers that break arithmetic: zero, minus one, the i32 and i64 edges, 2^32.
const BOUNDARY_INTS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2147483648",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
];

/// Types a type token may become.
const TYPES: &[&str] = &[
    "index",
    "i1",
    "i8",
    "i32",
    "i64",
    "f16",
    "f32",
    "f64",
    "none",
    "memref<?xf64>",
    "memref<4x4xf32>",
    "vector<4xf32>",
    "tuple<>",
    "()",
];

/// Splits `text` into tokens: runs of whitespace, names (`%x#1`, `^bb0`, `@f`, `#map`,
/// identifiers with dots), numbers, string literals, and single punctuation characters.
pub fn tokenize(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let c = b[i];
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$';
        if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if matches!(c, b'%' | b'^' | b'@' | b'#' | b'!') || word(c) {
            i += 1;
            while i < b.len() && (word(b[i]) || (b[i] == b'#' && b[start] == b'%')) {
                i += 1;
            }
        } else {
            // One character (may be multi-byte).
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(&text[start..i]);
    }
    out
}

fn is_ssa(t: &str) -> bool {
    t.len() > 1 && t.starts_with('%')
}

fn is_int(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit())
}

fn is_type(t: &str) -> bool {
    matches!(t, "index" | "f16" | "f32" | "f64" | "bf16")
        || (t.len() > 1 && t.starts_with('i') && t[1..].bytes().all(|c| c.is_ascii_digit()))
}

fn pick_index(rng: &mut Rng, n: usize) -> usize {
    rng.range(0, n as i64 - 1) as usize
}

/// Index of a random token satisfying `pred`, if any.
fn pick_token(rng: &mut Rng, toks: &[String], pred: fn(&str) -> bool) -> Option<usize> {
    let hits: Vec<usize> = (0..toks.len()).filter(|&k| pred(&toks[k])).collect();
    (!hits.is_empty()).then(|| hits[pick_index(rng, hits.len())])
}

fn non_space(t: &str) -> bool {
    !t.trim().is_empty()
}

/// One token-level mutation; `false` when it found nothing to mutate. Most keep the
/// text parseable (names, integers and types replaced by others of their kind), so the
/// verifier and the passes see the result.
fn mutate_tokens(rng: &mut Rng, toks: &mut Vec<String>) -> bool {
    if toks.is_empty() {
        return false;
    }
    match rng.range(0, 9) {
        0 => match (
            pick_token(rng, toks, non_space),
            pick_token(rng, toks, non_space),
        ) {
            (Some(a), Some(b)) => toks.swap(a, b),
            _ => return false,
        },
        1 => match pick_token(rng, toks, non_space) {
            Some(a) => toks.insert(a, toks[a].clone()),
            None => return false,
        },
        2 => match pick_token(rng, toks, non_space) {
            Some(a) => drop(toks.remove(a)),
            None => return false,
        },
        3..=4 => match (pick_token(rng, toks, is_ssa), pick_token(rng, toks, is_ssa)) {
            (Some(a), Some(b)) => toks[a] = toks[b].clone(),
            _ => return false,
        },
        5..=7 => match pick_token(rng, toks, is_int) {
            Some(a) if rng.chance(50) => {
                toks[a] = BOUNDARY_INTS[pick_index(rng, BOUNDARY_INTS.len())].into()
            }
            Some(a) => toks[a] = rng.range(0, 17).to_string(),
            None => return false,
        },
        _ => match pick_token(rng, toks, is_type) {
            Some(a) => toks[a] = TYPES[pick_index(rng, TYPES.len())].into(),
            None => return false,
        },
    }
    true
}

/// One line-level mutation (drop, duplicate, swap, splice from `other`).
fn mutate_lines(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let a = pick_index(rng, lines.len());
    let b = pick_index(rng, lines.len());
    match rng.range(0, 3) {
        0 => drop(lines.remove(a)),
        1 => lines.insert(a, lines[b]),
        2 => lines.swap(a, b),
        _ => {
            let others: Vec<&str> = other.lines().collect();
            if !others.is_empty() {
                lines.insert(a, others[pick_index(rng, others.len())]);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Replaces one character by a random printable ASCII character or a structural one.
fn mutate_char(rng: &mut Rng, text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return text.to_string();
    }
    const SPECIAL: &[char] = &[
        '{', '}', '(', ')', '<', '>', '[', ']', ',', ':', '=', '%', '\n', '"',
    ];
    let k = pick_index(rng, chars.len());
    let c = if rng.chance(50) {
        SPECIAL[pick_index(rng, SPECIAL.len())]
    } else {
        (rng.range(0x20, 0x7e) as u8) as char
    };
    let mut out: String = chars[..k].iter().collect();
    out.push(c);
    out.extend(&chars[k + 1..]);
    out
}

/// `text` with 1-4 random mutations; `other` is another seed lines may be spliced from.
pub fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut text = text.to_string();
    let rounds = if rng.chance(60) { 1 } else { rng.range(2, 4) };
    for _ in 0..rounds {
        text = match rng.range(0, 19) {
            0..=15 => {
                let mut toks: Vec<String> = tokenize(&text).into_iter().map(String::from).collect();
                mutate_tokens(rng, &mut toks);
                toks.concat()
            }
            16..=18 => mutate_lines(rng, &text, other),
            _ => mutate_char(rng, &text),
        };
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_concatenate_back_to_the_text() {
        let text = "%0:2 = \"x.y\"(%a#1) {k = 1 : i32} : (f64) -> ()\n^bb0: @f #map é";
        assert_eq!(tokenize(text).concat(), text);
        assert!(tokenize(text).contains(&"%a#1"));
    }

    #[test]
    fn mutations_are_deterministic() {
        let seed = "func.func @f(%a: index) {\n  %c = arith.constant 4 : index\n  return\n}\n";
        let run = |s| mutate(&mut Rng(s), seed, seed);
        assert_eq!(run(7), run(7));
        assert!((0..20).any(|s| run(s) != seed));
    }
}
