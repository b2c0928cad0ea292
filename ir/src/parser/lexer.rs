//! The lexer: turns source text into tokens on demand, following MLIR's LangRef lexical
//! rules (identifiers with `%`/`^`/`#`/`!`/`@` sigils, string literals with escapes,
//! decimal/hex integers, floats, punctuation, `//` comments).
//!
//! Invariants: lexing never panics; every token's span lies on `char` boundaries of the
//! text; a lexing problem is an [`TokKind::Error`] token carrying its message, so the
//! parser reports it where it first needs that token.

/// What a token is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokKind {
    /// End of input.
    Eof,
    /// A lexing error with its message.
    Error(&'static str),
    /// `foo`, `f32`, `affine.for`.
    BareId,
    /// `%x`
    PercentId,
    /// `^bb0`
    CaretId,
    /// `#map`
    HashId,
    /// `!foo.bar`
    BangId,
    /// `@sym` or `@"quoted"`
    AtId,
    /// `"text"`
    String,
    /// `42`, `0x1F`
    Integer,
    /// `1.5e-3`
    Float,
    /// Punctuation such as `(`, `->`, `...`, `{-#`, `#-}`.
    Punct(&'static str),
}

/// A token: its kind and byte span.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    pub kind: TokKind,
    pub start: u32,
    pub end: u32,
}

impl Default for Token {
    fn default() -> Self {
        Token {
            kind: TokKind::Eof,
            start: 0,
            end: 0,
        }
    }
}

fn is_id_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}

fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

/// Lexes the token starting at or after byte `pos` of `text` (skipping whitespace and
/// comments).
pub fn lex(text: &str, mut pos: usize) -> Token {
    let b = text.as_bytes();
    // Skip whitespace and comments.
    loop {
        while pos < b.len() && matches!(b[pos], b' ' | b'\t' | b'\n' | b'\r') {
            pos += 1;
        }
        if pos + 1 < b.len() && b[pos] == b'/' && b[pos + 1] == b'/' {
            while pos < b.len() && b[pos] != b'\n' {
                pos += 1;
            }
            continue;
        }
        break;
    }
    let start = pos;
    let tok = |kind, end: usize| Token {
        kind,
        start: start as u32,
        end: end as u32,
    };
    if pos >= b.len() {
        return tok(TokKind::Eof, pos);
    }
    let c = b[pos];
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    match c {
        b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
            let mut e = pos + 1;
            while e < b.len() && is_id_char(b[e]) {
                e += 1;
            }
            tok(TokKind::BareId, e)
        }
        b'0'..=b'9' => lex_number(b, start),
        b'"' => match lex_string_end(b, pos) {
            Ok(e) => tok(TokKind::String, e),
            Err((msg, e)) => error_token(text, msg, e),
        },
        b'@' => {
            if at(pos + 1) == b'"' {
                match lex_string_end(b, pos + 1) {
                    Ok(e) => tok(TokKind::AtId, e),
                    Err((msg, e)) => error_token(text, msg, e),
                }
            } else if is_id_start(at(pos + 1)) {
                let mut e = pos + 2;
                while e < b.len() && is_id_char(b[e]) {
                    e += 1;
                }
                tok(TokKind::AtId, e)
            } else {
                error_token(
                    text,
                    "@ identifier expected to start with letter or '_'",
                    pos + 1,
                )
            }
        }
        b'#' if at(pos + 1) == b'-' && at(pos + 2) == b'}' => tok(TokKind::Punct("#-}"), pos + 3),
        b'%' | b'^' | b'#' | b'!' => {
            let kind = match c {
                b'%' => TokKind::PercentId,
                b'^' => TokKind::CaretId,
                b'#' => TokKind::HashId,
                _ => TokKind::BangId,
            };
            let n = at(pos + 1);
            let mut e = pos + 1;
            if n.is_ascii_digit() {
                while e < b.len() && b[e].is_ascii_digit() {
                    e += 1;
                }
            } else if n.is_ascii_alphabetic() || matches!(n, b'$' | b'.' | b'_' | b'-') {
                while e < b.len() && is_suffix_char(b[e]) {
                    e += 1;
                }
            } else {
                let msg = match c {
                    b'%' => "invalid SSA name",
                    b'^' => "invalid block name",
                    b'#' => "invalid attribute name",
                    _ => "invalid type identifier",
                };
                return tok(TokKind::Error(msg), pos + 1);
            }
            tok(kind, e)
        }
        b'(' => tok(TokKind::Punct("("), pos + 1),
        b')' => tok(TokKind::Punct(")"), pos + 1),
        b'[' => tok(TokKind::Punct("["), pos + 1),
        b']' => tok(TokKind::Punct("]"), pos + 1),
        b'{' if at(pos + 1) == b'-' && at(pos + 2) == b'#' => tok(TokKind::Punct("{-#"), pos + 3),
        b'{' => tok(TokKind::Punct("{"), pos + 1),
        b'}' => tok(TokKind::Punct("}"), pos + 1),
        b'<' => tok(TokKind::Punct("<"), pos + 1),
        b'>' => tok(TokKind::Punct(">"), pos + 1),
        b',' => tok(TokKind::Punct(","), pos + 1),
        b':' => tok(TokKind::Punct(":"), pos + 1),
        b'=' => tok(TokKind::Punct("="), pos + 1),
        b'?' => tok(TokKind::Punct("?"), pos + 1),
        b'*' => tok(TokKind::Punct("*"), pos + 1),
        b'+' => tok(TokKind::Punct("+"), pos + 1),
        b'|' => tok(TokKind::Punct("|"), pos + 1),
        b'-' if at(pos + 1) == b'>' => tok(TokKind::Punct("->"), pos + 2),
        b'-' => tok(TokKind::Punct("-"), pos + 1),
        b'.' if at(pos + 1) == b'.' && at(pos + 2) == b'.' => tok(TokKind::Punct("..."), pos + 3),
        _ => {
            // Cover the whole character so spans stay on char boundaries.
            let len = text[pos..].chars().next().map_or(1, |ch| ch.len_utf8());
            tok(TokKind::Error("unexpected character"), pos + len)
        }
    }
}

fn lex_number(b: &[u8], start: usize) -> Token {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let tok = |kind, end: usize| Token {
        kind,
        start: start as u32,
        end: end as u32,
    };
    if b[start] == b'0' && at(start + 1) == b'x' && at(start + 2).is_ascii_hexdigit() {
        let mut e = start + 2;
        while e < b.len() && b[e].is_ascii_hexdigit() {
            e += 1;
        }
        return tok(TokKind::Integer, e);
    }
    let mut e = start;
    while e < b.len() && b[e].is_ascii_digit() {
        e += 1;
    }
    if at(e) != b'.' {
        return tok(TokKind::Integer, e);
    }
    e += 1;
    while e < b.len() && b[e].is_ascii_digit() {
        e += 1;
    }
    if matches!(at(e), b'e' | b'E') {
        let d = if matches!(at(e + 1), b'+' | b'-') {
            e + 2
        } else {
            e + 1
        };
        if at(d).is_ascii_digit() {
            e = d;
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
        }
    }
    tok(TokKind::Float, e)
}

/// An error token at byte `at` covering one character (none at the end of the text).
fn error_token(text: &str, msg: &'static str, at: usize) -> Token {
    let at = at.min(text.len());
    let end = (at + 1..=text.len())
        .find(|&e| text.is_char_boundary(e))
        .unwrap_or(at);
    Token {
        kind: TokKind::Error(msg),
        start: at as u32,
        end: end as u32,
    }
}

/// The end (exclusive) of the string literal whose `"` is at `pos`, or an error and the
/// position it is reported at.
fn lex_string_end(b: &[u8], pos: usize) -> Result<usize, (&'static str, usize)> {
    let mut e = pos + 1;
    loop {
        match b.get(e) {
            None | Some(b'\n') | Some(b'\r') => return Err(("expected '\"' in string literal", e)),
            Some(b'"') => return Ok(e + 1),
            Some(b'\\') => match b.get(e + 1) {
                Some(b'"' | b'\\' | b'n' | b't') => e += 2,
                Some(x)
                    if x.is_ascii_hexdigit()
                        && b.get(e + 2).is_some_and(|y| y.is_ascii_hexdigit()) =>
                {
                    e += 3
                }
                _ => return Err(("unknown escape in string literal", e)),
            },
            Some(_) => e += 1,
        }
    }
}

/// The bytes a string literal token (with its quotes) denotes.
pub fn unescape(token: &str) -> Vec<u8> {
    let b = token.as_bytes();
    let inner = if b.len() >= 2 {
        &b[1..b.len() - 1]
    } else {
        &[][..]
    };
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            match inner[i + 1] {
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                b'"' | b'\\' => {
                    out.push(inner[i + 1]);
                    i += 2;
                }
                h if i + 2 < inner.len() => {
                    let hex = |x: u8| (x as char).to_digit(16).unwrap_or(0) as u8;
                    out.push(hex(h) * 16 + hex(inner[i + 2]));
                    i += 3;
                }
                _ => {
                    out.push(inner[i]);
                    i += 1;
                }
            }
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokKind, &str)> {
        let mut out = Vec::new();
        let mut pos = 0;
        loop {
            let t = lex(text, pos);
            if t.kind == TokKind::Eof {
                return out;
            }
            out.push((t.kind, &text[t.start as usize..t.end as usize]));
            pos = t.end as usize;
            if out.len() > 100 {
                return out;
            }
        }
    }

    #[test]
    fn lexes_basics() {
        let toks = kinds("%0 = \"foo.op\"(%a#1) : (i32) -> f32 // c\n^bb0 #map !t.x @\"q s\" 0x1F 1.5e-3 4x? ... {-# #-}");
        let texts: Vec<&str> = toks.iter().map(|t| t.1).collect();
        assert_eq!(
            texts,
            [
                "%0",
                "=",
                "\"foo.op\"",
                "(",
                "%a",
                "#1",
                ")",
                ":",
                "(",
                "i32",
                ")",
                "->",
                "f32",
                "^bb0",
                "#map",
                "!t.x",
                "@\"q s\"",
                "0x1F",
                "1.5e-3",
                "4",
                "x",
                "?",
                "...",
                "{-#",
                "#-}"
            ]
        );
        assert_eq!(toks[18].0, TokKind::Float);
        assert_eq!(toks[17].0, TokKind::Integer);
    }

    #[test]
    fn errors_are_tokens() {
        assert_eq!(
            lex("\u{e9}", 0).kind,
            TokKind::Error("unexpected character")
        );
        assert_eq!(lex("\u{e9}", 0).end, 2);
        assert_eq!(
            lex("\"abc", 0).kind,
            TokKind::Error("expected '\"' in string literal")
        );
        assert_eq!(lex("%", 0).kind, TokKind::Error("invalid SSA name"));
        assert_eq!(unescape(r#""a\n\"\41""#), b"a\n\"A");
    }
}
