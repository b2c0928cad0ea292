//! `--verify-diagnostics`: MLIR's `// expected-error@+1 {{...}}` annotations
//! (`error`, `warning`, `remark`, `note`; `-re` regex form; `@+N`, `@-N`, `@above`,
//! `@below`, `@unknown`) checked against the diagnostics a chunk produced.
//!
//! Invariants: each annotation is satisfied by at most one diagnostic of the same
//! severity on its target line whose message contains the expected text (or matches the
//! regex); every error, warning or remark left unmatched is reported as unexpected;
//! notes are only checked when annotated (as mlir-opt does).

use lattice_ir::diag::{DiagLoc, Diagnostic, Severity, SourceId, SourceMap, Span};
use lattice_ir::Context;

struct Expectation {
    severity: Severity,
    /// Target line (1-based, in the chunk buffer's numbering), `None` for `@unknown`.
    line: Option<u32>,
    matcher: Matcher,
    /// Where the annotation's `expected-...` text is, for "was not produced" reports.
    span: Span,
    text: String,
    matched: bool,
}

enum Matcher {
    Substring(String),
    Regex(regex::Regex),
}

impl Matcher {
    fn matches(&self, message: &str) -> bool {
        match self {
            Matcher::Substring(s) => message.contains(s.as_str()),
            Matcher::Regex(r) => r.is_match(message),
        }
    }
}

/// Converts `text {{re}} text` into a regex (literal parts escaped).
fn build_regex(text: &str) -> Result<regex::Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        let close = after
            .find("}}")
            .ok_or("unterminated '{{' in expected-*-re")?;
        pattern.push('(');
        pattern.push_str(&after[..close]);
        pattern.push(')');
        rest = &after[close + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    regex::Regex::new(&pattern).map_err(|e| e.to_string())
}

fn parse_expectations(
    text: &str,
    base: usize,
    problems: &mut Vec<(Span, String)>,
) -> Vec<Expectation> {
    let mut out = Vec::new();
    // Lines are numbered from 0 here; the caller adds the chunk's first line.
    let mut offset = base;
    let mut pending_below: Vec<usize> = Vec::new();
    let mut last_plain_line: Option<u32> = None;
    for (i, line) in text.split('\n').enumerate() {
        let line_no = i as u32;
        let mut found_any = false;
        let mut search = 0;
        while let Some(pos) = line[search..].find("expected-") {
            let at = search + pos;
            search = at + 9;
            let rest = &line[at + 9..];
            let (severity, mut tail) = if let Some(t) = rest.strip_prefix("error") {
                (Severity::Error, t)
            } else if let Some(t) = rest.strip_prefix("warning") {
                (Severity::Warning, t)
            } else if let Some(t) = rest.strip_prefix("remark") {
                (Severity::Remark, t)
            } else if let Some(t) = rest.strip_prefix("note") {
                (Severity::Note, t)
            } else {
                continue;
            };
            let is_re = tail.starts_with("-re");
            if is_re {
                tail = &tail[3..];
            }
            let mut target: Result<Option<i64>, &str> = Ok(Some(0));
            // MLIR allows blanks before the designator: `expected-error @+1 {{...}}`.
            if let Some(t) = tail.trim_start().strip_prefix('@') {
                let end = t
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(t.len());
                let designator = &t[..end];
                tail = &t[end..];
                target = match designator {
                    "above" => Err("above"),
                    "below" => Err("below"),
                    "unknown" => Ok(None),
                    d => match d.parse::<i64>() {
                        Ok(n) if d.starts_with('+') || d.starts_with('-') => Ok(Some(n)),
                        _ => {
                            problems.push((
                                Span::new(offset + at, offset + at + 9),
                                format!("invalid line designator '@{d}' in expected diagnostic"),
                            ));
                            continue;
                        }
                    },
                };
            }
            let tail_trim = tail.trim_start();
            // Optional count like `expected-error 2 {{...}}` is not supported by MLIR 22
            // either; require the braces.
            let Some(body) = tail_trim.strip_prefix("{{") else {
                problems.push((
                    Span::new(offset + at, offset + at + 9),
                    "expected '{{' in expected diagnostic".into(),
                ));
                continue;
            };
            let Some(close) = body.rfind("}}") else {
                problems.push((
                    Span::new(offset + at, offset + at + 9),
                    "expected '}}' in expected diagnostic".into(),
                ));
                continue;
            };
            let expected_text = body[..close].to_string();
            let matcher = if is_re {
                match build_regex(&expected_text) {
                    Ok(r) => Matcher::Regex(r),
                    Err(e) => {
                        problems.push((
                            Span::new(offset + at, offset + at + 9),
                            format!("invalid regex: {e}"),
                        ));
                        continue;
                    }
                }
            } else {
                Matcher::Substring(expected_text.clone())
            };
            found_any = true;
            let line = match target {
                Ok(Some(d)) => Some((line_no as i64 + d).max(0) as u32),
                Ok(None) => None,
                Err("above") => Some(last_plain_line.unwrap_or(line_no)),
                Err(_) => {
                    pending_below.push(out.len());
                    Some(u32::MAX)
                }
            };
            out.push(Expectation {
                severity,
                line,
                matcher,
                span: Span::new(offset + at, offset + at + 9 + rest.len().min(200)),
                text: expected_text,
                matched: false,
            });
        }
        if !found_any {
            for idx in pending_below.drain(..) {
                out[idx].line = Some(line_no);
            }
            last_plain_line = Some(line_no);
        }
        offset += line.len() + 1;
    }
    out
}

/// Checks `diagnostics` against the annotations in `chunk_text` (which starts at byte
/// `base` of source `id`). Returns the rendered report, empty when everything matched.
pub fn check(
    ctx: &Context,
    sources: &SourceMap,
    id: SourceId,
    chunk_text: &str,
    base: usize,
    diagnostics: &[Diagnostic],
) -> String {
    let mut problems = Vec::new();
    let mut expectations = parse_expectations(chunk_text, base, &mut problems);
    // Convert relative line indices into buffer line numbers.
    let base_line = sources.line_col(id, base as u32).0;
    for e in &mut expectations {
        if let Some(l) = e.line.as_mut() {
            if *l != u32::MAX {
                *l += base_line;
            }
        }
    }
    let mut report = Vec::new();
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in diagnostics {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    for d in flat {
        let line = sources
            .resolve(ctx, d.loc, Some(id))
            .filter(|(sid, _, _)| *sid == id)
            .map(|(_, _, l)| l);
        let hit = expectations.iter_mut().find(|e| {
            !e.matched
                && e.severity == d.severity
                && e.line == line
                && e.matcher.matches(&d.message)
        });
        match hit {
            Some(e) => e.matched = true,
            None if d.severity == Severity::Note => {}
            None => {
                let mut u = d.clone();
                u.message = format!("unexpected {}: {}", d.severity.word(), d.message);
                u.notes.clear();
                report.push(u);
            }
        }
    }
    for e in &expectations {
        if !e.matched {
            report.push(Diagnostic::error(
                DiagLoc::Span(id, e.span),
                format!(
                    "expected {} \"{}\" was not produced",
                    e.severity.word(),
                    e.text
                ),
            ));
        }
    }
    for (span, msg) in problems {
        report.push(Diagnostic::error(DiagLoc::Span(id, span), msg));
    }
    if report.is_empty() {
        String::new()
    } else {
        sources.render(ctx, &report, Some(id))
    }
}
