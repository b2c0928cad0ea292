//! The MLIR text parser: a hand-written lexer and a recursive-descent parser for the
//! generic op form, types, attributes, affine maps/sets, aliases and locations, plus the
//! API custom op parsers use ([`Parser`]'s `parse_*`/`resolve_*` methods, modelled on
//! MLIR's `OpAsmParser`).
//!
//! Invariants: every error carries the span of the offending token (an "expected ..."
//! error sits at the end of the previous token when only whitespace separates them, as
//! MLIR's `emitWrongTokenError` does, and messages mirror mlir-opt's); no input makes the
//! parser panic; nesting depth is bounded only by memory (recursion grows the stack with
//! `stacker`; `dense<...>` list nesting is capped at 4096); forward references are
//! placeholders that are all resolved or reported before [`parse_source`] returns.
//!
//! Layout: `lexer` (tokens), `types`, `attrs` (attributes, locations, float encodings),
//! `affine` (map/set bodies, SSA-id maps), `ops` (top level, ops, regions, blocks, SSA
//! scopes). Besides the [`Parser`] API: [`parse_source`], [`parse_attribute_text`],
//! [`parse_type_text`], [`invalid_utf8_offset`], [`type_to_string`], [`fused_loc`]
//! (MLIR's `FusedLoc::get` canonicalization) and [`f64_to_format_bits`].
//!
//! PUBLIC API CONTRACT (dialects code against these signatures; keep them stable).

mod affine;
mod attrs;
pub mod lexer;
mod metadata;
mod ops;
#[cfg(test)]
mod tests;
mod types;

use crate::affine::AffineMap;
use crate::attrs::Attr;
use crate::context::{Context, Str};
use crate::diag::{DiagLoc, Diagnostic, SourceId, Span};
use crate::store::{Block, Ir, Op, OperationState, Region, Value};
use crate::types::Type;
use lexer::{TokKind, Token};

pub use attrs::{f64_to_format_bits, fused_loc};
pub use types::type_to_string;

/// Parser result: errors are diagnostics.
pub type PResult<T> = Result<T, Diagnostic>;

/// An operand reference not yet resolved: `%name` or `%name#number`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// The name without `%`.
    pub name: String,
    /// The result number after `#`, 0 when absent.
    pub number: u32,
    pub span: Span,
}

/// A region argument declared in custom syntax: `%i`, `%x: i32 {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument {
    pub operand: UnresolvedOperand,
    pub ty: Option<Type>,
    pub attrs: Option<Attr>,
    pub loc: Option<Attr>,
}

/// Delimiters around an operand or argument list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Delimiter {
    /// No delimiters; the list may be empty.
    None,
    /// `( ... )`, required.
    Paren,
    /// `[ ... ]`, required.
    Square,
    /// `< ... >`, required.
    Angle,
    /// `{ ... }`, required.
    Brace,
    /// `( ... )` if present, else an empty list.
    OptionalParen,
    /// `[ ... ]` if present, else an empty list.
    OptionalSquare,
}

/// Options for [`Parser::parse_region`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RegionOptions {
    /// Allow the region's arguments to shadow names from enclosing scopes.
    pub enable_name_shadowing: bool,
}

/// Options for [`parse_source`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions {
    /// Do not wrap top-level ops in an implicit `builtin.module` when the buffer holds a
    /// single `builtin.module` op (MLIR's behaviour) — always true in mlir-opt.
    pub _reserved: (),
}

/// The parser state over one source buffer.
pub struct Parser<'a> {
    pub(crate) ir: &'a mut Ir,
    pub(crate) source: SourceId,
    pub(crate) text: &'a str,
    pub(crate) filename: &'a str,
    pub(crate) inner: inner::State,
}

pub(crate) mod inner {
    use crate::attrs::Attr;
    use crate::types::Type;
    use rustc_hash::FxHashMap;

    /// Private parser state (lexer position, scopes, aliases, forward references).
    #[derive(Default)]
    pub struct State {
        /// The current (next unconsumed) token.
        pub tok: super::Token,
        /// Byte offset of the start of each line, for `FileLineCol` locations.
        pub line_starts: Vec<u32>,
        /// `#name = attr` definitions.
        pub attr_aliases: FxHashMap<String, Attr>,
        /// `!name = type` definitions.
        pub type_aliases: FxHashMap<String, Type>,
        /// SSA name scopes, one per isolated-from-above region nest.
        pub scopes: Vec<super::ops::IsolatedScope>,
        /// Block label scopes, one per region being parsed.
        pub block_scopes: Vec<super::ops::BlockScope>,
        /// The ops whose custom/generic form is being parsed, innermost last.
        pub op_stack: Vec<super::ops::OpFrame>,
        /// Byte offsets of the top-level `#name =` definitions, built on the first use
        /// of a location alias before its definition.
        pub alias_index: Option<FxHashMap<String, u32>>,
        /// Current `[` nesting inside a `dense<...>` literal.
        pub dense_depth: u32,
        /// Aliases parsed ahead of their position (their definition is skipped later).
        pub early_aliases: rustc_hash::FxHashSet<String>,
    }
}

/// Parses a whole buffer into a top-level op (a `builtin.module`; top-level ops other
/// than a single module are wrapped in an implicit one, as MLIR does).
pub fn parse_source(ir: &mut Ir, source: SourceId, filename: &str, text: &str) -> PResult<Op> {
    let mut p = Parser::new(ir, source, filename, text);
    p.parse_top_level(true)
}

/// Parses a whole buffer that must hold exactly one top-level op and returns that op
/// unwrapped (mlir-opt's `--no-implicit-module`); any other count is an error at
/// `file:0:0`.
pub fn parse_source_without_implicit_module(
    ir: &mut Ir,
    source: SourceId,
    filename: &str,
    text: &str,
) -> PResult<Op> {
    let mut p = Parser::new(ir, source, filename, text);
    p.parse_top_level(false)
}

/// Parses a whole string as one attribute (`"affine_map<(d0) -> (d0 + 1)>"`, `"dense<1> :
/// tensor<2xi32>"`), for tests and passes that build attributes from text. Errors carry
/// spans into `text` under `SourceId(0)`.
pub fn parse_attribute_text(ctx: &std::sync::Arc<Context>, text: &str) -> PResult<Attr> {
    let mut ir = Ir::new(ctx.clone());
    let mut p = Parser::new(&mut ir, SourceId(0), "<text>", text);
    let a = p.parse_attribute(None)?;
    if p.kind() != TokKind::Eof {
        return Err(p.wrong_token("expected end of attribute text"));
    }
    Ok(a)
}

/// Parses a whole string as one type (`"memref<4x?xf32>"`); see [`parse_attribute_text`].
pub fn parse_type_text(ctx: &std::sync::Arc<Context>, text: &str) -> PResult<Type> {
    let mut ir = Ir::new(ctx.clone());
    let mut p = Parser::new(&mut ir, SourceId(0), "<text>", text);
    let t = p.parse_type()?;
    if p.kind() != TokKind::Eof {
        return Err(p.wrong_token("expected end of type text"));
    }
    Ok(t)
}

/// The offset of the first byte that is not valid UTF-8, if any (the CLI reports it as
/// an error before parsing, since the parser works on `&str`).
pub fn invalid_utf8_offset(bytes: &[u8]) -> Option<usize> {
    std::str::from_utf8(bytes).err().map(|e| e.valid_up_to())
}

impl<'a> Parser<'a> {
    /// A parser at the start of `text`.
    pub(crate) fn new(
        ir: &'a mut Ir,
        source: SourceId,
        filename: &'a str,
        text: &'a str,
    ) -> Parser<'a> {
        let mut inner = inner::State::default();
        inner.line_starts.push(0);
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                inner.line_starts.push(i as u32 + 1);
            }
        }
        inner.tok = lexer::lex(text, 0);
        Parser {
            ir,
            source,
            text,
            filename,
            inner,
        }
    }

    // ---- token plumbing (private) ----

    pub(crate) fn tok(&self) -> Token {
        self.inner.tok
    }

    pub(crate) fn kind(&self) -> TokKind {
        self.inner.tok.kind
    }

    pub(crate) fn tok_text(&self) -> &'a str {
        let t = self.inner.tok;
        &self.text[t.start as usize..t.end as usize]
    }

    /// Consumes the current token.
    pub(crate) fn bump(&mut self) {
        let end = self.inner.tok.end as usize;
        self.inner.tok = lexer::lex(self.text, end);
    }

    /// Re-lexes from byte `pos` (used to split `4x8xf32` at the `x`s).
    pub(crate) fn reset_to(&mut self, pos: usize) {
        self.inner.tok = lexer::lex(self.text, pos);
    }

    pub(crate) fn is_punct(&self, p: &str) -> bool {
        matches!(self.kind(), TokKind::Punct(q) if q == p)
    }

    /// An "expected ..." error at the current token, or the lexer's error if the
    /// current token is one.
    pub fn expected(&self, what: &str) -> Diagnostic {
        self.wrong_token(&format!("expected {what}"))
    }

    /// A "wrong token" error with the full `message`, located as MLIR's
    /// `emitWrongTokenError` does: at the end of the previous token when only
    /// whitespace (and line comments) separate it from the current one.
    pub(crate) fn wrong_token(&self, message: &str) -> Diagnostic {
        if let TokKind::Error(msg) = self.kind() {
            return self.error_here(msg);
        }
        let b = self.text.as_bytes();
        let mut loc = self.tok().start as usize;
        if self.kind() == TokKind::Eof {
            loc = loc.saturating_sub(1);
        }
        let original = loc;
        let mut end = loc;
        let at = loop {
            while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                break original;
            }
            if !matches!(b[end - 1], b'\n' | b'\r') {
                break end;
            }
            end -= 1;
            let line_start = b[..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .map_or(0, |p| p + 1);
            if let Some(c) = self.text[line_start..end].find("//") {
                end = line_start + c;
            }
        };
        let span_end = if at < self.text.len() { at + 1 } else { at };
        let span_end = (span_end..=self.text.len())
            .find(|&e| self.text.is_char_boundary(e))
            .unwrap_or(at);
        self.error_at(Span::new(at, span_end), message)
    }

    /// Consumes `token` or fails with the full `message` (MLIR's `parseToken`).
    pub(crate) fn expect_msg(&mut self, token: &str, message: &str) -> PResult<()> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(self.wrong_token(message))
        }
    }

    /// 1-based (line, column) of a byte offset.
    pub(crate) fn line_col(&self, offset: u32) -> (u32, u32) {
        let ls = &self.inner.line_starts;
        let line = ls.partition_point(|&s| s <= offset).max(1);
        (line as u32, offset - ls[line - 1] + 1)
    }

    // ---- access ----

    /// The context.
    pub fn ctx(&self) -> &Context {
        self.ir.ctx()
    }

    /// The IR being built.
    pub fn ir(&mut self) -> &mut Ir {
        self.ir
    }

    /// Span of the next token.
    pub fn current_span(&self) -> Span {
        let t = self.inner.tok;
        Span {
            start: t.start,
            end: t.end,
        }
    }

    /// A `FileLineCol` location for the next token.
    pub fn current_loc(&self) -> Attr {
        self.loc_of(self.current_span())
    }

    /// The `FileLineCol` location of a span.
    pub fn loc_of(&self, span: Span) -> Attr {
        let (line, col) = self.line_col(span.start);
        self.ctx().loc(crate::attrs::Location::FileLineCol {
            file: self.filename.to_string(),
            line,
            col,
            end: None,
        })
    }

    /// An error diagnostic at `span`.
    pub fn error_at(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(DiagLoc::Span(self.source, span), message)
    }

    /// An error diagnostic at the next token.
    pub fn error_here(&self, message: impl Into<String>) -> Diagnostic {
        self.error_at(self.current_span(), message)
    }

    /// Interns a string.
    pub fn intern(&self, s: &str) -> Str {
        self.ctx().intern_str(s)
    }

    // ---- punctuation and keywords ----

    /// Consumes `token` (punctuation such as `:` `,` `(` `->` `...`, or a bare keyword
    /// such as `to`) or fails with `expected '<token>'`.
    pub fn expect(&mut self, token: &str) -> PResult<()> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{token}'")))
        }
    }

    /// Consumes `token` if it is next; returns whether it did.
    pub fn eat(&mut self, token: &str) -> bool {
        if self.peek_is(token) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Whether `token` is next (nothing consumed).
    pub fn peek_is(&self, token: &str) -> bool {
        match self.kind() {
            TokKind::Punct(p) => p == token,
            TokKind::BareId => self.tok_text() == token,
            _ => false,
        }
    }

    /// Consumes a bare identifier / keyword and returns it.
    pub fn parse_keyword(&mut self) -> PResult<String> {
        self.parse_optional_keyword()
            .ok_or_else(|| self.expected("keyword"))
    }

    /// Consumes a bare identifier if next.
    pub fn parse_optional_keyword(&mut self) -> Option<String> {
        let k = self.peek_keyword()?.to_string();
        self.bump();
        Some(k)
    }

    /// Consumes one of `keywords` if next, returning which.
    pub fn parse_optional_keyword_of(&mut self, keywords: &[&str]) -> Option<String> {
        let k = self.peek_keyword()?;
        if keywords.contains(&k) {
            self.parse_optional_keyword()
        } else {
            None
        }
    }

    /// Whether the next token is a bare identifier; returns it without consuming.
    pub fn peek_keyword(&self) -> Option<&str> {
        (self.kind() == TokKind::BareId).then(|| self.tok_text())
    }

    /// Whether the next token is `%name` (an SSA use/definition).
    pub fn peek_operand(&self) -> bool {
        self.kind() == TokKind::PercentId
    }

    /// Whether the next token is `^bb` (a successor / block label).
    pub fn peek_successor(&self) -> bool {
        self.kind() == TokKind::CaretId
    }

    // ---- literals ----

    /// An integer literal, optionally negative (`-3`, `0x1F`).
    pub fn parse_integer(&mut self) -> PResult<i128> {
        match self.parse_optional_integer()? {
            Some(v) => Ok(v),
            None => Err(self.expected("integer value")),
        }
    }

    /// An integer literal if next.
    pub fn parse_optional_integer(&mut self) -> PResult<Option<i128>> {
        let neg = self.is_punct("-");
        if neg {
            let next = lexer::lex(self.text, self.tok().end as usize);
            if next.kind != TokKind::Integer {
                return Ok(None);
            }
            self.bump();
        }
        if self.kind() != TokKind::Integer {
            return Ok(None);
        }
        let span = self.current_span();
        let v = parse_int_text(self.tok_text())
            .ok_or_else(|| self.error_at(span, "integer value too large"))?;
        self.bump();
        let v = i128::try_from(v).map_err(|_| self.error_at(span, "integer value too large"))?;
        Ok(Some(if neg { -v } else { v }))
    }

    /// A float (or integer) literal, optionally negative.
    pub fn parse_float(&mut self) -> PResult<f64> {
        let neg = self.eat("-");
        let v = match self.kind() {
            TokKind::Float => self
                .tok_text()
                .parse::<f64>()
                .map_err(|_| self.error_here("invalid float literal"))?,
            TokKind::Integer => parse_int_text(self.tok_text())
                .ok_or_else(|| self.error_here("integer value too large"))?
                as f64,
            _ => return Err(self.expected("floating point value")),
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    /// A string literal (unescaped, UTF-8 lossy).
    pub fn parse_string(&mut self) -> PResult<String> {
        match self.parse_optional_string()? {
            Some(s) => Ok(s),
            None => Err(self.expected("string")),
        }
    }

    /// A string literal if next.
    pub fn parse_optional_string(&mut self) -> PResult<Option<String>> {
        if self.kind() != TokKind::String {
            return Ok(None);
        }
        let bytes = lexer::unescape(self.tok_text());
        self.bump();
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// `@name` or `@"quoted name"`, returning the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        match self.parse_optional_symbol_name()? {
            Some(s) => Ok(s),
            None => Err(self.expected("valid '@'-identifier for symbol name")),
        }
    }

    /// `@name` if next.
    pub fn parse_optional_symbol_name(&mut self) -> PResult<Option<String>> {
        if self.kind() != TokKind::AtId {
            return Ok(None);
        }
        let text = &self.tok_text()[1..];
        let name = if text.starts_with('"') {
            String::from_utf8_lossy(&lexer::unescape(text)).into_owned()
        } else {
            text.to_string()
        };
        self.bump();
        Ok(Some(name))
    }

    // ---- operands ----

    /// `%name` or `%name#n`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        match self.parse_optional_operand()? {
            Some(o) => Ok(o),
            None => Err(self.expected("SSA operand")),
        }
    }

    /// An operand if next.
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.kind() != TokKind::PercentId {
            return Ok(None);
        }
        let mut span = self.current_span();
        let name = self.tok_text()[1..].to_string();
        self.bump();
        let mut number = 0;
        if self.kind() == TokKind::HashId {
            let t = &self.tok_text()[1..];
            if !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(self.error_here("invalid SSA value result number"));
            }
            // Result numbers index dense tables: absurd ones are rejected.
            number = t
                .parse::<u32>()
                .ok()
                .filter(|&n| n < 1 << 20)
                .ok_or_else(|| self.error_here("invalid SSA value result number"))?;
            span.end = self.tok().end;
            self.bump();
        }
        Ok(Some(UnresolvedOperand { name, number, span }))
    }

    /// `%name` where a definition is expected (no `#n` result number).
    pub(crate) fn parse_argument_name(&mut self) -> PResult<UnresolvedOperand> {
        if self.kind() != TokKind::PercentId {
            return Err(self.expected("SSA operand"));
        }
        let end = self.tok().end;
        let next = lexer::lex(self.text, end as usize);
        if next.kind == TokKind::HashId && next.start == end {
            self.bump();
            return Err(self.error_here("result number not allowed in argument list"));
        }
        self.parse_operand()
    }

    /// A comma-separated operand list within `delimiter`.
    pub fn parse_operand_list(&mut self, delimiter: Delimiter) -> PResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        self.parse_comma_list(delimiter, "operand list", |p| {
            if out.is_empty() && delimiter == Delimiter::None && !p.peek_operand() {
                return Ok(false);
            }
            out.push(p.parse_operand()?);
            Ok(true)
        })?;
        Ok(out)
    }

    /// Parses `elem (, elem)*` inside `delimiter`. `elem` returns false (having consumed
    /// nothing) when the list is empty; it is only allowed to do so for the first element.
    pub(crate) fn parse_comma_list(
        &mut self,
        delimiter: Delimiter,
        what: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<bool>,
    ) -> PResult<()> {
        let (open, close) = match delimiter {
            Delimiter::None => ("", ""),
            Delimiter::Paren | Delimiter::OptionalParen => ("(", ")"),
            Delimiter::Square | Delimiter::OptionalSquare => ("[", "]"),
            Delimiter::Angle => ("<", ">"),
            Delimiter::Brace => ("{", "}"),
        };
        match delimiter {
            Delimiter::None => {
                if !elem(self)? {
                    return Ok(());
                }
                while self.eat(",") {
                    elem(self)?;
                }
                return Ok(());
            }
            Delimiter::OptionalParen | Delimiter::OptionalSquare => {
                if !self.eat(open) {
                    return Ok(());
                }
            }
            _ => {
                if !self.eat(open) {
                    return Err(self.expected(&format!("'{open}' in {what}")));
                }
            }
        }
        if self.eat(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if !self.eat(",") {
                break;
            }
        }
        if !self.eat(close) {
            return Err(self.expected(&format!("'{close}' in {what}")));
        }
        Ok(())
    }

    /// Resolves an operand to a value of type `ty` (a forward reference becomes a
    /// placeholder of that type). Type mismatches with an earlier definition are errors
    /// ("use of value '%x' expects different type than prior uses: 'i32' vs 'i64'").
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        self.resolve_ssa_use(operand, ty)
    }

    /// Resolves operands pairwise with types; a count mismatch is reported at `span` as
    /// `<n> operands present, but expected <m>`.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        span: Span,
    ) -> PResult<Vec<Value>> {
        if operands.len() != types.len() {
            return Err(self.error_at(
                span,
                format!(
                    "{} operands present, but expected {}",
                    operands.len(),
                    types.len()
                ),
            ));
        }
        operands
            .iter()
            .zip(types)
            .map(|(o, &t)| self.resolve_operand(o, t))
            .collect()
    }

    /// Resolves every operand with the same type.
    pub fn resolve_operands_all(
        &mut self,
        operands: &[UnresolvedOperand],
        ty: Type,
    ) -> PResult<Vec<Value>> {
        operands
            .iter()
            .map(|o| self.resolve_operand(o, ty))
            .collect()
    }

    // ---- types ----

    /// Any type (builtin, `!dialect...` or `!alias`).
    pub fn parse_type(&mut self) -> PResult<Type> {
        match self.parse_optional_type()? {
            Some(t) => Ok(t),
            None => Err(self.expected("non-function type")),
        }
    }

    /// A type if one starts here.
    pub fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.parse_optional_type_impl()
        })
    }

    /// `: type`
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(":")?;
        self.parse_type()
    }

    /// `type, type, ...` (at least one).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.eat(",") {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// `: type, type, ...`
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(":")?;
        self.parse_type_list()
    }

    /// `( type, ... )`, possibly empty.
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect("(")?;
        if self.eat(")") {
            return Ok(Vec::new());
        }
        let list = self.parse_type_list()?;
        self.expect(")")?;
        Ok(list)
    }

    /// `-> type` or `-> (type, ...)`.
    pub fn parse_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect("->")?;
        self.parse_function_result_types()
    }

    /// `-> ...` if present, else empty.
    pub fn parse_optional_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        if self.peek_is("->") {
            self.parse_arrow_type_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// `(inputs) -> results` as a function type's parts.
    pub fn parse_function_type(&mut self) -> PResult<(Vec<Type>, Vec<Type>)> {
        if !self.is_punct("(") {
            return Err(self.expected("function type"));
        }
        let inputs = self.parse_paren_type_list()?;
        let results = self.parse_arrow_type_list()?;
        Ok((inputs, results))
    }

    // ---- attributes ----

    /// An attribute. With `ty`, a bare literal takes that type (`0` → `0 : index`) and no
    /// `: type` suffix is read; without it, integer literals default to `i64` and floats to
    /// `f64` unless a `: type` suffix follows.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        match self.parse_optional_attribute(ty)? {
            Some(a) => Ok(a),
            None => Err(self.expected("attribute value")),
        }
    }

    /// An attribute if one starts here.
    pub fn parse_optional_attribute(&mut self, ty: Option<Type>) -> PResult<Option<Attr>> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.parse_optional_attribute_impl(ty)
        })
    }

    /// An optional `{name = value, unit_name}` dictionary, added to `state.attrs`;
    /// duplicates are errors.
    pub fn parse_optional_attr_dict(&mut self, state: &mut OperationState) -> PResult<()> {
        if !self.is_punct("{") {
            return Ok(());
        }
        let entries = self.parse_dict_entries()?;
        for e in entries {
            if state.attr(e.name).is_some() {
                let name = self.ctx().str(e.name).to_string();
                return Err(
                    self.error_here(format!("duplicate key '{name}' in dictionary attribute"))
                );
            }
            state.attrs.push(e);
        }
        Ok(())
    }

    /// An optional `attributes {...}`.
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        state: &mut OperationState,
    ) -> PResult<()> {
        if self.eat("attributes") {
            self.parse_optional_attr_dict(state)
        } else {
            Ok(())
        }
    }

    /// A dictionary attribute `{...}` (required).
    pub fn parse_dictionary(&mut self) -> PResult<Attr> {
        let entries = self.parse_dict_entries()?;
        Ok(self.ctx().dictionary_attr(entries))
    }

    /// An `affine_map<...>` or `#alias` naming one.
    pub fn parse_affine_map_attr(&mut self) -> PResult<AffineMap> {
        let span = self.current_span();
        let attr = self.parse_attribute(None)?;
        match self.ctx().attr_data(attr) {
            crate::attrs::AttrData::AffineMap(m) => Ok(*m),
            _ => Err(self.error_at(span, "expected affine map")),
        }
    }

    /// A trailing `loc(...)` if present.
    pub fn parse_optional_location(&mut self) -> PResult<Option<Attr>> {
        if !self.peek_is("loc") {
            return Ok(None);
        }
        self.parse_loc_attr(true).map(Some)
    }

    // ---- regions, blocks, successors ----

    /// `%x`, with `: type` when `with_type`, then optional `{attrs}` when `with_attrs`,
    /// then optional `loc(...)`.
    pub fn parse_argument(&mut self, with_type: bool, with_attrs: bool) -> PResult<Argument> {
        let operand = self.parse_argument_name()?;
        let ty = if with_type {
            Some(self.parse_colon_type()?)
        } else {
            None
        };
        let attrs = if with_attrs && self.is_punct("{") {
            Some(self.parse_dictionary()?)
        } else {
            None
        };
        let loc = self.parse_optional_location()?;
        Ok(Argument {
            operand,
            ty,
            attrs,
            loc,
        })
    }

    /// A comma-separated argument list within `delimiter`.
    pub fn parse_argument_list(
        &mut self,
        delimiter: Delimiter,
        with_type: bool,
        with_attrs: bool,
    ) -> PResult<Vec<Argument>> {
        let mut out = Vec::new();
        self.parse_comma_list(delimiter, "argument list", |p| {
            if out.is_empty() && delimiter == Delimiter::None && !p.peek_operand() {
                return Ok(false);
            }
            out.push(p.parse_argument(with_type, with_attrs)?);
            Ok(true)
        })?;
        Ok(out)
    }

    /// `{ ... }`: a region whose entry block gets `arguments` (each must have a type) when
    /// non-empty. An empty `{}` gives a region with no blocks.
    pub fn parse_region(
        &mut self,
        arguments: &[Argument],
        options: RegionOptions,
    ) -> PResult<Region> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.parse_region_impl(arguments, options)
        })
    }

    /// A region if `{` is next.
    pub fn parse_optional_region(
        &mut self,
        arguments: &[Argument],
        options: RegionOptions,
    ) -> PResult<Option<Region>> {
        if self.peek_is("{") {
            self.parse_region(arguments, options).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Ensures `region` has a block ending in a terminator: adds an empty entry block if
    /// there is none and appends `terminator` (no operands, location `loc`) to a single
    /// block whose last op is not a terminator (`SingleBlockImplicitTerminator`).
    pub fn ensure_terminator(&mut self, region: Region, terminator: &str, loc: Attr) {
        ops::ensure_terminator(self.ir, region, terminator, loc)
    }

    /// `^bb3` (a forward reference creates the block).
    pub fn parse_successor(&mut self) -> PResult<Block> {
        self.parse_successor_impl()
    }

    /// `^bb3(%a, %b : i32, i64)` or `^bb3`.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(Block, Vec<Value>)> {
        let block = self.parse_successor()?;
        if !self.eat("(") {
            return Ok((block, Vec::new()));
        }
        let start = self.current_span();
        let operands = self.parse_operand_list(Delimiter::None)?;
        let mut values = Vec::new();
        if !operands.is_empty() {
            let types = self.parse_colon_type_list()?;
            values = self.resolve_operands(&operands, &types, start)?;
        }
        self.expect(")")?;
        Ok((block, values))
    }

    // ---- affine syntax ----

    /// An affine map written over SSA ids inside `delimiter`, as in `affine.load
    /// %A[%i + 1, symbol(%n) - 2]`: returns the map and its operands (dims then symbols).
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(AffineMap, Vec<UnresolvedOperand>)> {
        self.parse_affine_map_of_ssa_ids_impl(delimiter)
    }

    /// `(%d0, %d1)[%s0]`: returns operands and the number of dims.
    pub fn parse_dim_and_symbol_list(&mut self) -> PResult<(Vec<UnresolvedOperand>, usize)> {
        let mut ops = self.parse_operand_list(Delimiter::Paren)?;
        let num_dims = ops.len();
        ops.extend(self.parse_operand_list(Delimiter::OptionalSquare)?);
        Ok((ops, num_dims))
    }

    // ---- whole ops ----

    /// Parses one operation (generic or custom form, with its result list) and inserts it
    /// at the end of `block`.
    pub fn parse_operation(&mut self, block: Block) -> PResult<Op> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.parse_operation_impl(block)
        })
    }
}

/// The value of an integer token (decimal or `0x` hex), if it fits in 128 bits.
pub(crate) fn parse_int_text(text: &str) -> Option<u128> {
    if let Some(hex) = text.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()
    } else {
        text.parse::<u128>().ok()
    }
}
