//! Faults injected into generated affine programs, so the fuzzer also feeds the verifier
//! and the passes structurally plausible but invalid programs: undefined values, uses
//! before definitions, wrong types, bad affine maps and subscripts, dangling successors,
//! mismatched yields and operand counts.
//!
//! Invariants: deterministic for a given [`Rng`] state; each fault edits the text of a
//! program from [`super::gen::program`] and keeps it valid UTF-8.

use super::gen::Rng;
use super::mutate::tokenize;

/// The kinds of fault, by name (reported with each reproducer).
pub const FAULTS: &[&str] = &[
    "undefined-value",
    "use-before-def",
    "wrong-type",
    "bad-map",
    "bad-subscript",
    "dangling-successor",
    "bad-yield",
];

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.range(0, items.len() as i64 - 1) as usize])
}

/// Replaces one token satisfying `pred` by `by(token)`.
fn replace_token(
    rng: &mut Rng,
    text: &str,
    pred: impl Fn(&str) -> bool,
    by: impl Fn(&mut Rng, &str) -> String,
) -> String {
    let toks = tokenize(text);
    let hits: Vec<usize> = (0..toks.len()).filter(|&k| pred(toks[k])).collect();
    let Some(k) = pick(rng, &hits) else {
        return text.to_string();
    };
    let mut out: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
    out[k] = by(rng, toks[k]);
    out.concat()
}

/// Inserts `line` before a random line of the body (after the signature, before `}`).
fn insert_line(rng: &mut Rng, text: &str, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let at = rng.range(1, (lines.len() as i64 - 1).max(1)) as usize;
    lines.insert(at.min(lines.len()), line);
    lines.join("\n") + "\n"
}

fn undefined_value(rng: &mut Rng, text: &str) -> String {
    replace_token(
        rng,
        text,
        |t| t.starts_with("%v") || t.starts_with("%i") || t.starts_with("%A"),
        |rng, _| format!("%undef{}", rng.range(0, 9)),
    )
}

/// Moves a line defining a value above an earlier line (uses before definitions, also
/// across region boundaries).
fn use_before_def(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let defs: Vec<usize> = (2..lines.len())
        .filter(|&k| lines[k].trim_start().starts_with("%v"))
        .collect();
    let Some(k) = pick(rng, &defs) else {
        return text.to_string();
    };
    let line = lines.remove(k);
    let to = rng.range(1, k as i64 - 1) as usize;
    lines.insert(to, line);
    lines.join("\n") + "\n"
}

fn wrong_type(rng: &mut Rng, text: &str) -> String {
    const TYPES: &[&str] = &[
        "f32",
        "i32",
        "index",
        "i1",
        "memref<40xf64>",
        "vector<4xf64>",
    ];
    replace_token(
        rng,
        text,
        |t| t == "f64",
        |rng, _| pick(rng, TYPES).unwrap().to_string(),
    )
}

fn bad_map(rng: &mut Rng, text: &str) -> String {
    const LINES: &[&str] = &[
        "  %bad = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%half)",
        "  %bad = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%half)",
        "  %bad = affine.apply affine_map<(d0) -> (d0 mod 0)>(%c0)",
        "  %bad = affine.apply affine_map<(d0) -> (d5)>(%c0)",
        "  %bad = affine.apply affine_map<() -> ()>()",
        "  affine.for %bad = 0 to affine_map<(d0) -> (d0, 4)>() {\n  }",
        "  affine.for %bad = affine_map<(d0) -> (d0)>(%half) to 4 {\n  }",
        "  affine.for %bad = 0 to 10 step 0 {\n  }",
        "  affine.if affine_set<(d0) : (d0 >= 0)>() {\n  }",
    ];
    let line = pick(rng, LINES).unwrap();
    insert_line(
        rng,
        text,
        &format!("  %c0 = arith.constant 0 : index\n{line}"),
    )
}

fn bad_subscript(rng: &mut Rng, text: &str) -> String {
    replace_token(
        rng,
        text,
        |t| t == "[" || t == "]",
        |rng, t| match (t, rng.range(0, 2)) {
            ("[", 0) => "[%half, ".into(),
            ("[", 1) => "[%undef, ".into(),
            ("[", _) => "[0, ".into(),
            (_, 0) => ", %i1]".into(),
            (_, 1) => "]]".into(),
            _ => ", 3]".into(),
        },
    )
}

fn dangling_successor(rng: &mut Rng, text: &str) -> String {
    const LINES: &[&str] = &[
        "  cf.br ^bb9",
        "  %t = arith.constant true\n  cf.cond_br %t, ^bb1, ^bb2\n^bb1:\n  cf.br ^bb7",
        "  cf.br ^bb1(%half : f64)\n^bb1(%x: f64):",
        "  cf.br ^bb0",
    ];
    let line = pick(rng, LINES).unwrap();
    insert_line(rng, text, line)
}

fn bad_yield(rng: &mut Rng, text: &str) -> String {
    replace_token(
        rng,
        text,
        |t| t == "affine.yield" || t == "return" || t == "affine.store" || t == "iter_args",
        |rng, t| match (t, rng.range(0, 1)) {
            ("return", 0) => "return %half : f64\n  return".into(),
            ("return", _) => "affine.yield\n  return".into(),
            ("iter_args", _) => "iter_args(%w = %half) -> (f64) iter_args".into(),
            ("affine.store", _) => "affine.yield\n affine.store".into(),
            _ => "affine.yield %half, %half : f64, f64\n affine.yield".into(),
        },
    )
}

/// `text` with the fault `FAULTS[kind]` injected.
pub fn inject(rng: &mut Rng, text: &str, kind: usize) -> String {
    match kind {
        0 => undefined_value(rng, text),
        1 => use_before_def(rng, text),
        2 => wrong_type(rng, text),
        3 => bad_map(rng, text),
        4 => bad_subscript(rng, text),
        5 => dangling_successor(rng, text),
        _ => bad_yield(rng, text),
    }
}
