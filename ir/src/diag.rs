//! Diagnostics: errors, warnings, remarks and notes as data, located by byte span or by
//! location attribute, rendered with codespan-reporting.
//!
//! Invariants: a [`Diagnostic`] never holds a span outside its source; the
//! [`SourceMap`] owns every buffer a span or `FileLineCol` location can point into
//! (one per split chunk with `--split-input-file`, each under the file's name).

use crate::attrs::{AttrData, Location};
use crate::context::Context;
use crate::Attr;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;

/// A byte range in a source buffer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
}

/// Identifies a buffer in the [`SourceMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SourceId(pub u32);

/// How severe a diagnostic is (MLIR's four kinds).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    /// The word MLIR uses (`error`, `warning`, `remark`, `note`).
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// Where a diagnostic points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiagLoc {
    /// Nowhere in particular.
    None,
    /// A byte span in a known buffer (parser errors).
    Span(SourceId, Span),
    /// A location attribute (verifier and pass diagnostics).
    Loc(Attr),
}

/// One diagnostic, with attached notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub loc: DiagLoc,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: DiagLoc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            loc,
            notes: Vec::new(),
        }
    }

    /// A diagnostic of any severity.
    pub fn new(severity: Severity, loc: DiagLoc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.into(),
            loc,
            notes: Vec::new(),
        }
    }

    /// Adds `next` after this diagnostic and its notes (a second error that the same
    /// failure reports, as MLIR's parser does for an operand that fails to parse).
    pub fn followed_by(mut self, next: Diagnostic) -> Diagnostic {
        self.notes.push(next);
        self
    }

    /// Puts MLIR's `see current operation: <op>` note first among the notes, as
    /// `Operation::emitError`, `emitWarning` and `emitRemark` do, when the context asks
    /// for it ([`Context::print_op_on_diagnostic`]); otherwise returns `self` unchanged.
    /// The op is printed as MLIR prints it there: with local scope (numbered from its
    /// nearest isolated-from-above ancestor, no aliases), in generic form for an error,
    /// and on a line of its own when it spans several.
    pub fn with_current_op(mut self, ir: &crate::Ir, op: crate::Op) -> Diagnostic {
        if !ir.ctx().print_op_on_diagnostic {
            return self;
        }
        let text = op_in_diagnostic(ir, op, self.severity == Severity::Error);
        let newline = if text.contains('\n') { "\n" } else { "" };
        let note = Diagnostic::new(
            Severity::Note,
            DiagLoc::Loc(ir.loc(op)),
            format!("see current operation: {newline}{text}"),
        );
        self.notes.insert(0, note);
        self
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: DiagLoc, message: impl Into<String>) -> Diagnostic {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
}

/// An op as MLIR prints it into a diagnostic (`diag << op`): with the command line's
/// printer flags ([`Context::diagnostic_print_options`]) and local scope, in generic form
/// for an error (or when the flags ask for it).
pub fn op_in_diagnostic(ir: &crate::Ir, op: crate::Op, error: bool) -> String {
    let flags = ir.ctx().diagnostic_print_options;
    let options = crate::printer::PrintOptions {
        generic: flags.generic || error,
        local_scope: true,
        ..flags
    };
    crate::printer::op_to_string(ir, op, options)
}

/// How diagnostics are rendered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagFormat {
    /// mlir-opt's: `file:line:col: error: message`, then the source line and a caret
    /// (what tools and editors parse).
    #[default]
    Mlir,
    /// codespan-reporting's boxes and labels.
    Rich,
}

impl DiagFormat {
    /// `mlir` or `rich`.
    pub fn parse(text: &str) -> Option<DiagFormat> {
        match text {
            "mlir" => Some(DiagFormat::Mlir),
            "rich" => Some(DiagFormat::Rich),
            _ => None,
        }
    }
}

/// The source buffers diagnostics may point into, and how they are rendered.
#[derive(Default)]
pub struct SourceMap {
    files: SimpleFiles<String, String>,
    /// `(name, text)` per buffer, same indices as `files`.
    buffers: Vec<(String, String)>,
    format: DiagFormat,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// An empty map rendering in `format`.
    pub fn with_format(format: DiagFormat) -> SourceMap {
        SourceMap {
            format,
            ..SourceMap::default()
        }
    }

    /// Adds a buffer named `name` (the file name used in `FileLineCol` locations).
    pub fn add(&mut self, name: &str, text: &str) -> SourceId {
        let id = self.files.add(name.to_string(), text.to_string());
        self.buffers.push((name.to_string(), text.to_string()));
        SourceId(id as u32)
    }

    /// The text of buffer `id`.
    pub fn text(&self, id: SourceId) -> &str {
        &self.buffers[id.0 as usize].1
    }

    /// The name of buffer `id`.
    pub fn name(&self, id: SourceId) -> &str {
        &self.buffers[id.0 as usize].0
    }

    /// 1-based (line, column) of byte `offset` in buffer `id`.
    pub fn line_col(&self, id: SourceId, offset: u32) -> (u32, u32) {
        let text = self.text(id);
        let offset = (offset as usize).min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        (line, (offset - line_start) as u32 + 1)
    }

    /// Byte offset of 1-based (line, col) in buffer `id`, clamped to the buffer.
    pub fn offset_of(&self, id: SourceId, line: u32, col: u32) -> usize {
        let text = self.text(id);
        let mut offset = 0usize;
        for _ in 1..line.max(1) {
            match text[offset..].find('\n') {
                Some(p) => offset += p + 1,
                None => return text.len(),
            }
        }
        (offset + col.saturating_sub(1) as usize).min(text.len())
    }

    /// Resolves where a diagnostic points: buffer, byte span, 1-based line.
    /// A location attribute is resolved through the first `FileLineCol` inside it whose
    /// file is `preferred` (or any buffer of that name).
    pub fn resolve(
        &self,
        ctx: &Context,
        loc: DiagLoc,
        preferred: Option<SourceId>,
    ) -> Option<(SourceId, Span, u32)> {
        match loc {
            DiagLoc::None => None,
            DiagLoc::Span(id, span) => Some((id, span, self.line_col(id, span.start).0)),
            DiagLoc::Loc(attr) => {
                let (file, line, col) = first_file_line_col(ctx, attr)?;
                let id = match preferred {
                    Some(p) if self.name(p) == file => p,
                    _ => SourceId(self.buffers.iter().position(|(n, _)| *n == file)? as u32),
                };
                let start = self.offset_of(id, line, col);
                let text = self.text(id);
                let end = text[start..]
                    .find(|c: char| c.is_whitespace())
                    .map_or(text.len(), |p| start + p)
                    .max(start + usize::from(start < text.len()));
                Some((id, Span::new(start, end), line))
            }
        }
    }

    /// Renders diagnostics in this map's [`DiagFormat`] into a string.
    pub fn render(
        &self,
        ctx: &Context,
        diags: &[Diagnostic],
        preferred: Option<SourceId>,
    ) -> String {
        match self.format {
            DiagFormat::Mlir => {
                let mut out = String::new();
                for d in diags {
                    self.render_mlir(ctx, d, preferred, true, &mut out);
                    // mlir-opt shows a note's source line only when the note points
                    // somewhere else than the diagnostic or note before it.
                    let mut previous = d.loc;
                    for n in &d.notes {
                        self.render_mlir(ctx, n, preferred, n.loc != previous, &mut out);
                        previous = n.loc;
                    }
                }
                out
            }
            DiagFormat::Rich => self.render_rich(ctx, diags, preferred),
        }
    }

    /// One diagnostic as mlir-opt prints it: `file:line:col: severity: message`, then
    /// (with `source_line`) the source line and a caret under the column where the
    /// buffer is known.
    fn render_mlir(
        &self,
        ctx: &Context,
        d: &Diagnostic,
        preferred: Option<SourceId>,
        source_line: bool,
        out: &mut String,
    ) {
        let word = d.severity.word();
        // Line 0 (an implicit module's `file:0:0`) names no source line: printed as is.
        let resolved = self
            .resolve(ctx, d.loc, preferred)
            .filter(|&(_, _, line)| line != 0);
        if let Some((id, span, line)) = resolved {
            let (_, col) = self.line_col(id, span.start);
            out.push_str(&format!(
                "{}:{line}:{col}: {word}: {}\n",
                self.name(id),
                d.message
            ));
            let text = self.text(id).lines().nth(line as usize - 1);
            if let Some(text) = text.filter(|_| source_line) {
                let pad: String = text
                    .chars()
                    .take(col as usize - 1)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                out.push_str(&format!("{text}\n{pad}^\n"));
            }
            return;
        }
        match d.loc {
            DiagLoc::Loc(attr) => match first_file_line_col(ctx, attr) {
                Some((file, line, col)) => {
                    out.push_str(&format!("{file}:{line}:{col}: {word}: {}\n", d.message))
                }
                // mlir-opt's spelling of `loc(unknown)`.
                None if matches!(ctx.attr_data(attr), AttrData::Location(Location::Unknown)) => {
                    out.push_str(&format!("<unknown>:0: {word}: {}\n", d.message))
                }
                None => {
                    let mut at = String::new();
                    describe_loc(ctx, attr, &mut at);
                    out.push_str(&format!("{at}: {word}: {}\n", d.message));
                }
            },
            _ => out.push_str(&format!("{word}: {}\n", d.message)),
        }
    }

    /// Renders diagnostics with codespan-reporting (no colour) into a string. Codespan has
    /// no remark severity: a remark is rendered as its `help` and headed `remark:`.
    fn render_rich(
        &self,
        ctx: &Context,
        diags: &[Diagnostic],
        preferred: Option<SourceId>,
    ) -> String {
        let config = term::Config::default();
        let mut out = String::new();
        for d in diags {
            let cs = self.to_codespan(ctx, d, preferred);
            let mut one = term::termcolor::NoColor::new(Vec::new());
            let _ = term::emit(&mut one, &config, &self.files, &cs);
            let text = String::from_utf8_lossy(&one.into_inner()).into_owned();
            match (d.severity, text.strip_prefix("help")) {
                (Severity::Remark, Some(rest)) => out.push_str(&format!("remark{rest}")),
                _ => out.push_str(&text),
            }
        }
        out
    }

    fn to_codespan(
        &self,
        ctx: &Context,
        d: &Diagnostic,
        preferred: Option<SourceId>,
    ) -> CsDiagnostic<usize> {
        let mut cs = match d.severity {
            Severity::Error => CsDiagnostic::error(),
            Severity::Warning => CsDiagnostic::warning(),
            Severity::Remark => CsDiagnostic::help(),
            Severity::Note => CsDiagnostic::note(),
        }
        .with_message(&d.message);
        let mut labels = Vec::new();
        if let Some((id, span, _)) = self.resolve(ctx, d.loc, preferred) {
            labels.push(Label::primary(
                id.0 as usize,
                span.start as usize..span.end as usize,
            ));
        } else if let DiagLoc::Loc(attr) = d.loc {
            let mut text = String::new();
            describe_loc(ctx, attr, &mut text);
            cs = cs.with_notes(vec![format!("at {text}")]);
        }
        let mut notes = Vec::new();
        for n in &d.notes {
            match self.resolve(ctx, n.loc, preferred) {
                Some((id, span, _)) => labels.push(
                    Label::secondary(id.0 as usize, span.start as usize..span.end as usize)
                        .with_message(&n.message),
                ),
                None => notes.push(format!("note: {}", n.message)),
            }
        }
        cs.with_labels(labels).with_notes(notes)
    }
}

/// Sorts diagnostics by where they point (file, line, column, through
/// [`first_file_line_col`]); unlocated ones and byte spans go last. Stable: diagnostics
/// at the same place keep their order.
pub fn sort_by_location(ctx: &Context, diags: &mut [Diagnostic]) {
    diags.sort_by_cached_key(|d| match d.loc {
        DiagLoc::Loc(attr) => match first_file_line_col(ctx, attr) {
            Some((file, line, col)) => (false, file, line, col),
            None => (true, String::new(), 0, 0),
        },
        _ => (true, String::new(), 0, 0),
    });
}

/// The first `(file, line, col)` found inside a location attribute.
pub fn first_file_line_col(ctx: &Context, attr: Attr) -> Option<(String, u32, u32)> {
    let mut stack = vec![attr];
    while let Some(a) = stack.pop() {
        if let AttrData::Location(l) = ctx.attr_data(a) {
            match l {
                Location::FileLineCol {
                    file, line, col, ..
                } => return Some((file.clone(), *line, *col)),
                Location::Name { child: Some(c), .. } => stack.push(*c),
                Location::CallSite { callee, .. } => stack.push(*callee),
                Location::Fused { locations, .. } => stack.extend(locations.iter().rev()),
                _ => {}
            }
        }
    }
    None
}

fn describe_loc(ctx: &Context, attr: Attr, out: &mut String) {
    match ctx.attr_data(attr) {
        AttrData::Location(Location::Name { name, .. }) => out.push_str(name),
        AttrData::Location(Location::Unknown) => out.push_str("unknown location"),
        _ => out.push_str("a location without a file"),
    }
}
