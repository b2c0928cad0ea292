//! House rules checked over the workspace sources (issue 23): no non-test function over
//! 200 lines, no library function returning `Result<_, String>`, no op of a registered
//! dialect named by a string literal outside its definition, the parser and the printer
//! (ops are identified through typed views: `ir.isa::<arith::Constant>(op)`,
//! `ArithKind::of`, `arith::Constant::NAME`), and no isl schedule spelled as text in
//! `polyhedral` (trees are built through isl's schedule-node API).
//!
//! The scanner is deliberately simple: it blanks comments, string and char literals, then
//! matches braces. Test code is skipped: `tests/` directories, items under `#[cfg(test)]`
//! or `#[test]`, and the files of out-of-line `#[cfg(test)] mod name;` modules.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Longest non-test function allowed, in lines from `fn` to its closing brace.
const MAX_FN_LINES: usize = 200;
/// Crates whose sources are scanned for long functions.
const ALL_CRATES: &[&str] = &[
    "ir",
    "dialects",
    "affine",
    "polyhedral",
    "codegen",
    "runtime",
    "driver",
    "tuner",
    "cli",
];
/// Library crates: their errors are data, never `String`.
const LIBRARY_CRATES: &[&str] = &[
    "ir",
    "dialects",
    "affine",
    "polyhedral",
    "codegen",
    "runtime",
];

/// Files still using `Result<_, String>`, with how many uses, while they are converted.
/// This list only shrinks: a count that went down must be lowered here too.
const STRING_RESULTS_LEFT: &[(&str, usize)] = &[
    ("affine/src/passes/data_copy_generate.rs", 1),
    ("affine/src/passes/loop_coalescing.rs", 3),
    ("affine/src/passes/loop_normalize.rs", 2),
    ("affine/src/passes/loop_unroll_jam.rs", 4),
    ("affine/src/passes/normalize_memrefs.rs", 1),
    ("affine/src/passes/raise_from_memref.rs", 1),
    ("affine/src/passes/raise_scf_to_affine.rs", 2),
    ("affine/src/passes/register_tile.rs", 1),
    ("affine/src/passes/super_vectorize.rs", 9),
    ("codegen/src/gpu/map.rs", 8),
    ("codegen/src/gpu/mod.rs", 1),
    ("polyhedral/src/scop.rs", 1),
];

/// Crates that identify affine ops by definition (`ir.isa::<AffineFor>(op)`,
/// `AffineKind::of`) and name their attributes through the views' constants.
const VIEW_CRATES: &[&str] = &["affine", "polyhedral", "codegen"];
/// The only files of [`VIEW_CRATES`] that spell affine op names: the op definitions, with
/// their parsers and printers.
const OP_NAME_FILES: &[&str] = &["affine/src/ops.rs"];

/// Crates in which no registered op's name is spelled as a string literal in non-test
/// code (see [`op_name_literals`]).
const OP_NAME_CRATES: &[&str] = &[
    "ir",
    "codegen",
    "dialects",
    "affine",
    "polyhedral",
    "tuner",
    "driver",
    "cli",
];
/// Files and directories of [`OP_NAME_CRATES`] allowed to spell op names: the generic
/// parser and printer, and the fuzzer's mutations of MLIR source text (tokens, not ops).
const OP_NAME_EXEMPT: &[&str] = &[
    "ir/src/parser/",
    "ir/src/printer/",
    "cli/src/fuzz/faults.rs",
];
/// Calls that read an isl schedule, or a part of one (a band's functions, a mark), from
/// text, as they appear in code.
const SCHEDULE_READERS: &[&str] = &[
    "Schedule::read_from_str",
    "MultiUnionPwAff::read_from_str",
    "UnionPwAff::read_from_str",
    "Id::read_from_str",
    "isl.schedule(",
];
/// The only non-test reads of schedules from text, with how many: the `IslCtx::schedule`
/// bridge, and the schedules isl's scheduler computes in its own thread and context,
/// which reach the caller's context as isl's YAML (isl objects cannot move between
/// contexts). This list only shrinks.
const SCHEDULE_TEXT_READS: &[(&str, usize)] = &[
    ("polyhedral/src/isl.rs", 1),
    ("polyhedral/src/schedule.rs", 3),
];
/// isl's YAML schedule-tree keys as a string literal spells them (escaped quotes in
/// plain literals, bare ones in raw literals; `child: {` also matches `child: {{` in a
/// format string).
const SCHEDULE_YAML_KEYS: &[&str] = &[
    "domain: \\\"",
    "schedule: \\\"",
    "filter: \\\"",
    "mark: \\\"",
    "options: \\\"",
    "domain: \"",
    "schedule: \"",
    "filter: \"",
    "mark: \"",
    "options: \"",
    "sequence: [",
    "child: {",
];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Every `.rs` file under `dir`, sorted, skipping `tests/` directories.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments and the contents of string and char literals replaced by
/// spaces (newlines kept, so line numbers stay right).
fn blank_literals(src: &str) -> Vec<u8> {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if !ident_before && raw_string_start(&b[i..]).is_some() {
            let (skip, hashes) = raw_string_start(&b[i..]).unwrap();
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            let body = i + skip;
            let end = find(b, body, &close).map_or(b.len(), |p| p + close.len());
            blank(&mut out, body, end - close.len());
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j);
            i = j + 1;
        } else if b[i] == b'\'' {
            i = skip_char_literal(b, &mut out, i, blank);
        } else {
            i += 1;
        }
    }
    out
}

/// `(prefix length, number of #)` when `b` opens a raw string (`r"`, `r#"`, `br"`, ...).
fn raw_string_start(b: &[u8]) -> Option<(usize, usize)> {
    let mut i = usize::from(b.first() == Some(&b'b'));
    if b.get(i) != Some(&b'r') {
        return None;
    }
    i += 1;
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    (b.get(i + hashes) == Some(&b'"')).then_some((i + hashes + 1, hashes))
}

fn find(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

/// Blanks a char literal starting at `i` (a lifetime is left alone); returns where to go on.
fn skip_char_literal(
    b: &[u8],
    out: &mut Vec<u8>,
    i: usize,
    blank: impl Fn(&mut Vec<u8>, usize, usize),
) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        let end = b[i + 2..]
            .iter()
            .position(|&c| c == b'\'')
            .map_or(b.len(), |p| i + 2 + p);
        blank(out, i + 1, end);
        return end + 1;
    }
    // One (possibly multi-byte) character followed by a quote is a char literal.
    let len = std::str::from_utf8(&b[i + 1..(i + 5).min(b.len())])
        .map_or_else(|e| e.valid_up_to(), |s| s.len())
        .min(4);
    let ch_len = std::str::from_utf8(&b[i + 1..i + 1 + len])
        .ok()
        .and_then(|s| s.chars().next())
        .map_or(1, char::len_utf8);
    if b.get(i + 1 + ch_len) == Some(&b'\'') {
        blank(out, i + 1, i + 1 + ch_len);
        i + 2 + ch_len
    } else {
        i + 1
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Whether the keyword `kw` stands as a whole word at `i`.
fn word_at(b: &[u8], i: usize, kw: &[u8]) -> bool {
    b[i..].starts_with(kw)
        && (i == 0 || !is_ident(b[i - 1]))
        && b.get(i + kw.len()).is_none_or(|&c| !is_ident(c))
}

/// From `i`, the index just past the item that starts there: its `;` or its balanced
/// `{ ... }` body, whichever comes first outside parentheses and brackets.
fn item_end(b: &[u8], i: usize) -> usize {
    let mut depth = 0i32;
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth == 0 => return j + 1,
            b'{' if depth == 0 => return matching_brace(b, j) + 1,
            _ => {}
        }
        j += 1;
    }
    b.len()
}

fn matching_brace(b: &[u8], open: usize) -> usize {
    let mut depth = 0;
    for (j, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// The blanked source of a file with its test items blanked too, and the names of the
/// out-of-line modules declared under `#[cfg(test)]`.
fn strip_tests(src: &str) -> (Vec<u8>, Vec<String>) {
    let mut b = blank_literals(src);
    let mut test_mods = Vec::new();
    let mut i = 0;
    while let Some(p) = find_attr(&b, i) {
        let after_attr = item_end_of_attr(&b, p);
        // Skip further attributes, then the item.
        let mut j = after_attr;
        loop {
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if b[j..].starts_with(b"#[") {
                j = item_end_of_attr(&b, j);
            } else {
                break;
            }
        }
        let end = item_end(&b, j);
        let item = String::from_utf8_lossy(&b[j..end]).to_string();
        let words: Vec<&str> = item.split_whitespace().collect();
        if let Some(k) = words.iter().position(|w| *w == "mod") {
            if item.trim_end().ends_with(';') {
                test_mods.push(words[k + 1].trim_end_matches(';').to_string());
            }
        }
        for c in &mut b[p..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    (b, test_mods)
}

/// The next `#[cfg(test)]` or `#[test]` attribute at or after `from`.
fn find_attr(b: &[u8], from: usize) -> Option<usize> {
    let a = find(b, from, b"#[cfg(test)]");
    let t = find(b, from, b"#[test]");
    match (a, t) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    }
}

fn item_end_of_attr(b: &[u8], p: usize) -> usize {
    let mut depth = 0;
    for (j, &c) in b.iter().enumerate().skip(p + 1) {
        match c {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// Non-test sources of a crate: `(path relative to the root, blanked text)`.
fn crate_sources(krate: &str) -> Vec<(String, Vec<u8>)> {
    let root = workspace_root();
    let mut files = Vec::new();
    rust_files(&root.join(krate).join("src"), &mut files);
    let mut test_files = BTreeSet::new();
    let mut out = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap();
        let (text, mods) = strip_tests(&src);
        let dir = if path
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs")
        {
            path.parent().unwrap().to_path_buf()
        } else {
            path.with_extension("")
        };
        for m in mods {
            test_files.insert(dir.join(format!("{m}.rs")));
            test_files.insert(dir.join(&m).join("mod.rs"));
        }
        out.push((path.clone(), text));
    }
    out.into_iter()
        .filter(|(p, _)| {
            !test_files.contains(p) && !test_files.iter().any(|t| is_under_test_dir(p, t))
        })
        .map(|(p, t)| (p.strip_prefix(&root).unwrap().display().to_string(), t))
        .collect()
}

/// A file inside the directory of an out-of-line test module (`tests/mod.rs` siblings).
fn is_under_test_dir(path: &Path, test_file: &Path) -> bool {
    test_file.file_name().is_some_and(|n| n == "mod.rs")
        && path.starts_with(test_file.parent().unwrap())
}

/// Functions longer than [`MAX_FN_LINES`]: `(file:line, name, lines)`.
fn long_functions(file: &str, b: &[u8]) -> Vec<(String, String, usize)> {
    let line_of = |pos: usize| b[..pos].iter().filter(|&&c| c == b'\n').count() + 1;
    let mut out = Vec::new();
    for i in 0..b.len() {
        if !word_at(b, i, b"fn") {
            continue;
        }
        let name: String = b[i + 2..]
            .iter()
            .skip_while(|c| c.is_ascii_whitespace())
            .take_while(|&&c| is_ident(c))
            .map(|&c| c as char)
            .collect();
        if name.is_empty() {
            continue; // `fn(..)` pointer type
        }
        let end = item_end(b, i);
        if b[..end].last() != Some(&b'}') {
            continue; // declaration without a body
        }
        let lines = line_of(end - 1) - line_of(i) + 1;
        if lines > MAX_FN_LINES {
            out.push((format!("{file}:{}", line_of(i)), name, lines));
        }
    }
    out
}

#[test]
fn no_function_over_200_lines() {
    let mut long = Vec::new();
    for krate in ALL_CRATES {
        for (file, text) in crate_sources(krate) {
            long.extend(long_functions(&file, &text));
        }
    }
    let report: Vec<String> = long
        .iter()
        .map(|(at, name, n)| format!("{at}: fn {name}: {n} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "{} non-test functions exceed {MAX_FN_LINES} lines; split them by op or by concern:\n{}",
        long.len(),
        report.join("\n")
    );
}

/// Positions of `Result<..., String>` in a blanked source: the last generic argument of a
/// `Result<` is exactly `String`.
fn string_results(b: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    for i in 0..b.len() {
        if !(word_at(b, i, b"Result") && b.get(i + 6) == Some(&b'<')) {
            continue;
        }
        let (mut depth, mut last_arg) = (0, i + 7);
        for j in i + 6..b.len() {
            match b[j] {
                b'<' => depth += 1,
                b'>' if b[j - 1] != b'-' => {
                    depth -= 1;
                    if depth == 0 {
                        if String::from_utf8_lossy(&b[last_arg..j]).trim() == "String" {
                            out.push(i);
                        }
                        break;
                    }
                }
                b',' if depth == 1 => last_arg = j + 1,
                b';' | b'{' => break,
                _ => {}
            }
        }
    }
    out
}

#[test]
fn no_library_result_with_string_error() {
    let (mut found, mut stale) = (Vec::new(), Vec::new());
    for krate in LIBRARY_CRATES {
        for (file, text) in crate_sources(krate) {
            let hits = string_results(&text);
            let allowed = STRING_RESULTS_LEFT
                .iter()
                .find(|(f, _)| *f == file)
                .map(|(_, n)| *n);
            match allowed {
                Some(n) if hits.len() != n => {
                    stale.push(format!("    (\"{file}\", {}),", hits.len()))
                }
                Some(_) => {}
                None => found.extend(hits.iter().map(|&pos| {
                    let line = text[..pos].iter().filter(|&&c| c == b'\n').count() + 1;
                    format!("{file}:{line}")
                })),
            }
        }
    }
    assert!(
        stale.is_empty(),
        "update STRING_RESULTS_LEFT (0: remove the entry):\n{}",
        stale.join("\n")
    );
    assert!(
        found.is_empty(),
        "{} library uses of Result<_, String>; use an error enum (thiserror):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Positions of string literals in non-test code whose whole text is an affine op name
/// (`"affine.for"`) or the dialect prefix (`"affine."`); `blanked` is `src` through
/// [`strip_tests`] (same length, literals' contents and test items blanked).
fn affine_name_literals(src: &str, blanked: &[u8]) -> Vec<usize> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = find(b, from, b"\"affine.") {
        from = i + 1;
        if blanked[i] != b'"' || blanked[i + 1] != b' ' {
            continue; // in a comment, a test item, or the end of another literal
        }
        let Some(end) = find(b, i + 1, b"\"") else {
            break;
        };
        let name = &b[i + 1..end];
        if name[7..]
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c == b'_')
        {
            out.push(i);
        }
    }
    out
}

#[test]
fn affine_ops_identified_by_definition_not_by_name() {
    let root = workspace_root();
    let mut found = Vec::new();
    for krate in VIEW_CRATES {
        for (file, blanked) in crate_sources(krate) {
            if OP_NAME_FILES.contains(&file.as_str()) {
                continue;
            }
            let src = std::fs::read_to_string(root.join(&file)).unwrap();
            for pos in affine_name_literals(&src, &blanked) {
                let line = src[..pos].matches('\n').count() + 1;
                found.push(format!("{file}:{line}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} affine op names spelled out; use the typed views (`ir.isa::<AffineFor>(op)`, \
         `AffineKind::of`, `AffineFor::NAME`, `AffineFor::LOWER_BOUND_MAP`):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Every registered op name (all dialects of `lattice-dialects`, `affine` and `builtin`).
fn registered_op_names() -> BTreeSet<String> {
    let mut ctx = lattice_ir::Context::new();
    lattice_dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    ctx.op_names().map(str::to_string).collect()
}

/// Positions of string literals in non-test code whose whole text is a name in `names`,
/// except an op's own definition (`static LOAD: Load = "memref.load"`, table rows
/// `ADDI: AddI = "arith.addi",` and `dim_op!(THREAD_ID: ThreadId, "gpu.thread_id"`).
fn op_name_literals(src: &str, blanked: &[u8], names: &BTreeSet<String>) -> Vec<usize> {
    let definition = regex::Regex::new(r"\b[A-Z][A-Z0-9_]*: [A-Z]\w*(?: =|,) $").unwrap();
    let mut out = Vec::new();
    let mut i = 0;
    // Literals' delimiters survive blanking, their contents, comments and tests do not.
    while let Some(start) = find(blanked, i, b"\"") {
        let Some(end) = find(blanked, start + 1, b"\"") else {
            break;
        };
        i = end + 1;
        if !names.contains(&src[start + 1..end]) {
            continue;
        }
        let line_start = src[..start].rfind('\n').map_or(0, |p| p + 1);
        if !definition.is_match(&src[line_start..start]) {
            out.push(start);
        }
    }
    out
}

/// `file:line` of every op name spelled in non-test code of [`OP_NAME_CRATES`].
fn spelled_op_names() -> Vec<(String, usize)> {
    let root = workspace_root();
    let names = registered_op_names();
    let mut found = Vec::new();
    for krate in OP_NAME_CRATES {
        for (file, blanked) in crate_sources(krate) {
            if OP_NAME_EXEMPT.iter().any(|e| file.starts_with(e)) {
                continue;
            }
            let src = std::fs::read_to_string(root.join(&file)).unwrap();
            for pos in op_name_literals(&src, &blanked, &names) {
                found.push((file.clone(), src[..pos].matches('\n').count() + 1));
            }
        }
    }
    found
}

#[test]
fn ops_of_every_dialect_identified_by_definition_not_by_name() {
    let found: Vec<String> = spelled_op_names()
        .iter()
        .map(|(f, l)| format!("{f}:{l}"))
        .collect();
    assert!(
        found.is_empty(),
        "{} op names spelled out; use the typed views (`ir.isa::<arith::Constant>(op)`, \
         `ArithKind::of`, `arith::Constant::NAME`):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Positions in non-test code (`blanked`, see [`strip_tests`]) where an op's name string
/// is matched or compared: a match arm or or-pattern on `X::NAME`, or `==` / `!=`
/// against it.
fn name_comparisons(blanked: &[u8]) -> Vec<usize> {
    let text = String::from_utf8_lossy(blanked);
    let re = regex::Regex::new(r"::NAME\s*(=>|\|[^|]|==|!=)|(==|!=)\s*[\w:]+::NAME\b").unwrap();
    re.find_iter(&text).map(|m| m.start()).collect()
}

/// `file:line` of every op name string matched or compared in the library crates.
fn name_comparison_sites() -> Vec<String> {
    let mut found = Vec::new();
    for krate in LIBRARY_CRATES {
        for (file, blanked) in crate_sources(krate) {
            for pos in name_comparisons(&blanked) {
                let line = blanked[..pos].iter().filter(|&&c| c == b'\n').count() + 1;
                found.push(format!("{file}:{line}"));
            }
        }
    }
    found
}

#[test]
fn ops_matched_by_kind_not_by_name_string() {
    let found = name_comparison_sites();
    assert!(
        found.is_empty(),
        "{} op names matched or compared as strings; match on the kind \
         (`ArithKind::of(ir, op)`, `ArithKind::of_name` for an op being parsed) or use \
         `ir.isa::<View>(op)`:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn name_comparison_scanner_skips_other_uses_and_tests() {
    let src = "fn a(n: &str) -> u8 {\n match n {\n AddF::NAME => 1,\n \
               x::SubF::NAME | MulF::NAME => 2,\n _ => 0,\n }\n}\n\
               fn b(n: &str) -> bool { n == arith::AddF::NAME || MulF::NAME != n }\n\
               fn c(ir: &mut Ir) { create(ir, AddF::NAME); let _ = (AddF::NAME, \"==\"); }\n\
               // n == AddF::NAME\n\
               #[cfg(test)]\nmod tests {\n fn d(n: &str) -> bool { n == AddF::NAME }\n}\n";
    let (blanked, _) = strip_tests(src);
    let lines: Vec<usize> = name_comparisons(&blanked)
        .iter()
        .map(|&p| src[..p].matches('\n').count() + 1)
        .collect();
    assert_eq!(lines, [3, 4, 4, 8, 8]);
}

#[test]
fn every_dialect_scanner_skips_definitions_messages_and_tests() {
    let names: BTreeSet<String> = ["arith.addi", "memref.load"].map(String::from).into();
    let src = "pub static ADDI: AddI = \"arith.addi\" {}\n\
               fn a(ir: &Ir, o: Op) -> bool {\n // \"memref.load\"\n \
               let _ = \"memref.load of x\";\n let _ = \"vector.kind\";\n \
               ir.is_op(o, \"memref.load\")\n}\n\
               #[cfg(test)]\nmod tests {\n const N: &str = \"arith.addi\";\n}\n\
               const T: &[&str] = &[\"arith.addi\"];\n    ADDI: AddI = \"arith.addi\", P;\n";
    let (blanked, _) = strip_tests(src);
    let lines: Vec<usize> = op_name_literals(src, &blanked, &names)
        .iter()
        .map(|&p| src[..p].matches('\n').count() + 1)
        .collect();
    assert_eq!(lines, vec![6, 12]);
}

#[test]
fn op_name_scanner_skips_comments_messages_and_tests() {
    let src = "fn a(ir: &Ir, o: Op) -> bool {\n // \"affine.for\"\n \
               let _ = \"affine.for has bounds\";\n ir.is_op(o, \"affine.for\")\n}\n\
               #[cfg(test)]\nmod tests {\n const N: &str = \"affine.load\";\n}\n\
               fn b(n: &str) -> bool { n.starts_with(\"affine.\") }\n";
    let (blanked, _) = strip_tests(src);
    let hits = affine_name_literals(src, &blanked);
    let lines: Vec<usize> = hits
        .iter()
        .map(|&p| src[..p].matches('\n').count() + 1)
        .collect();
    assert_eq!(lines, vec![4, 10]);
}

#[test]
fn scanner_sees_through_literals_and_tests() {
    let src = "fn a() {\n let s = \"}}\"; let c = '}'; let r = r#\"{\"#; // }\n}\n\
               #[cfg(test)]\nmod tests {\n fn b() -> Result<(), String> { Ok(()) }\n}\n\
               fn c<'a>(x: &'a str) -> Result<Vec<u8>, String> { todo!() }\n";
    let (text, mods) = strip_tests(src);
    assert!(mods.is_empty());
    let text_s = String::from_utf8(text.clone()).unwrap();
    assert_eq!(text_s.lines().count(), src.lines().count());
    assert!(!text_s.contains("fn b"));
    assert_eq!(string_results(&text).len(), 1);
    // The body of `a` ends at the brace that opens line 3, not at a brace in a literal.
    assert_eq!(item_end(&text, 0), text_s.find("\n}").unwrap() + 2);
}

/// Positions of the calls of [`SCHEDULE_READERS`] in a blanked non-test source.
fn schedule_reads(blanked: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    for needle in SCHEDULE_READERS {
        let mut from = 0;
        while let Some(i) = find(blanked, from, needle.as_bytes()) {
            from = i + 1;
            if i == 0 || !is_ident(blanked[i - 1]) {
                out.push(i);
            }
        }
    }
    out.sort_unstable();
    out
}

/// Positions of [`SCHEDULE_YAML_KEYS`] inside string literals of non-test code of `src`;
/// `blanked` is `src` through [`strip_tests`].
fn schedule_yaml_literals(src: &str, blanked: &[u8]) -> Vec<usize> {
    let b = src.as_bytes();
    let literals = blank_literals(src);
    let mut out = Vec::new();
    for key in SCHEDULE_YAML_KEYS {
        let mut from = 0;
        while let Some(i) = find(b, from, key.as_bytes()) {
            from = i + 1;
            // The literal's opening quote: the last character before `i` that survives
            // blanking (comments are blanked whole, so for a comment it is code, or the
            // closing quote of a literal before the comment).
            let Some(q) = literals[..i].iter().rposition(|c| !c.is_ascii_whitespace()) else {
                continue;
            };
            let between = String::from_utf8_lossy(&b[q + 1..i]);
            let in_comment =
                between.trim_start().starts_with("//") || between.trim_start().starts_with("/*");
            if literals[q] == b'"' && !in_comment && blanked[q] == b'"' && literals[i] == b' ' {
                out.push(i);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn no_schedule_built_as_text() {
    let root = workspace_root();
    let (mut found, mut stale) = (Vec::new(), Vec::new());
    for (file, blanked) in crate_sources("polyhedral") {
        let src = std::fs::read_to_string(root.join(&file)).unwrap();
        let line = |pos: usize| src[..pos].matches('\n').count() + 1;
        let reads = schedule_reads(&blanked);
        let allowed = SCHEDULE_TEXT_READS
            .iter()
            .find(|(f, _)| *f == file)
            .map(|(_, n)| *n);
        match allowed {
            Some(n) if reads.len() != n => {
                stale.push(format!("    (\"{file}\", {}),", reads.len()))
            }
            Some(_) => {}
            None => found.extend(reads.iter().map(|&p| format!("{file}:{}: read", line(p)))),
        }
        for p in schedule_yaml_literals(&src, &blanked) {
            found.push(format!("{file}:{}: isl YAML in a literal", line(p)));
        }
    }
    assert!(
        found.is_empty(),
        "{} isl schedules spelled as text; build trees through isl's schedule-node API \
         (`transform::isl_tree`: insert_partial_schedule, insert_sequence, insert_mark \
         with `LoopMark::id`, band_set_ast_build_options with `BandAstOption`):\n{}",
        found.len(),
        found.join("\n")
    );
    assert!(
        stale.is_empty(),
        "update SCHEDULE_TEXT_READS (0: remove the entry; more: build the schedule \
         through isl's schedule-node API instead):\n{}",
        stale.join("\n")
    );
}

#[test]
fn schedule_text_scanner_skips_comments_messages_and_tests() {
    let src = "fn a(isl: &IslCtx) {\n // { domain: \"x\" }\n \
               let m = \"kept an unskewed schedule: maximizing\";\n \
               let t = format!(\"{{ domain: \\\"{d}\\\", child: {{ }} }}\");\n \
               let s = isl.schedule(&t);\n}\n\
               #[cfg(test)]\nmod tests {\n const T: &str = r#\"{ mark: \"parallel\" }\"#;\n \
               fn b() { isl.schedule(T); }\n}\n\
               fn c() -> &'static str { r#\"{ mark: \"parallel\" }\"# }\n";
    let (blanked, _) = strip_tests(src);
    let line = |p: &usize| src[..*p].matches('\n').count() + 1;
    let yaml: Vec<usize> = schedule_yaml_literals(src, &blanked)
        .iter()
        .map(line)
        .collect();
    assert_eq!(yaml, vec![4, 4, 12]);
    let reads: Vec<usize> = schedule_reads(&blanked).iter().map(line).collect();
    assert_eq!(reads, vec![5]);
}
