//! The MLIR text parser: a hand-written lexer and a recursive-descent parser for the
//! generic op form, types, attributes, affine maps/sets, aliases and locations, plus the
//! API custom op parsers use ([`Parser`]'s `parse_*`/`resolve_*` methods, modelled on
//! MLIR's `OpAsmParser`).
//!
//! Invariants: every error carries the span of the offending token; no input makes the
//! parser panic; nesting depth is bounded only by memory (recursion grows the stack with
//! `stacker`); forward references are placeholders that are all resolved or reported
//! before [`parse_source`] returns.
//!
//! PUBLIC API CONTRACT (dialects code against these signatures; keep them stable).

use crate::affine::AffineMap;
use crate::attrs::Attr;
use crate::context::{Context, Str};
use crate::diag::{DiagLoc, Diagnostic, SourceId, Span};
use crate::store::{Block, Ir, Op, OperationState, Region, Value};
use crate::types::Type;

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
    /// Private parser state (lexer position, scopes, aliases, forward references).
    #[derive(Default)]
    pub struct State {}
}

/// Parses a whole buffer into a top-level op (a `builtin.module`; top-level ops other
/// than a single module are wrapped in an implicit one, as MLIR does).
pub fn parse_source(ir: &mut Ir, source: SourceId, filename: &str, text: &str) -> PResult<Op> {
    let _ = (ir, source, filename, text);
    todo!("parser core")
}

impl<'a> Parser<'a> {
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
        todo!()
    }

    /// A `FileLineCol` location for the next token.
    pub fn current_loc(&self) -> Attr {
        todo!()
    }

    /// The `FileLineCol` location of a span.
    pub fn loc_of(&self, span: Span) -> Attr {
        let _ = span;
        todo!()
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
    /// such as `to`) or fails with "expected '<token>'".
    pub fn expect(&mut self, token: &str) -> PResult<()> {
        let _ = token;
        todo!()
    }

    /// Consumes `token` if it is next; returns whether it did.
    pub fn eat(&mut self, token: &str) -> bool {
        let _ = token;
        todo!()
    }

    /// Whether `token` is next (nothing consumed).
    pub fn peek_is(&self, token: &str) -> bool {
        let _ = token;
        todo!()
    }

    /// Consumes a bare identifier / keyword and returns it.
    pub fn parse_keyword(&mut self) -> PResult<String> {
        todo!()
    }

    /// Consumes a bare identifier if next.
    pub fn parse_optional_keyword(&mut self) -> Option<String> {
        todo!()
    }

    /// Consumes one of `keywords` if next, returning which.
    pub fn parse_optional_keyword_of(&mut self, keywords: &[&str]) -> Option<String> {
        let _ = keywords;
        todo!()
    }

    /// Whether the next token is a bare identifier; returns it without consuming.
    pub fn peek_keyword(&self) -> Option<&str> {
        todo!()
    }

    /// Whether the next token is `%name` (an SSA use/definition).
    pub fn peek_operand(&self) -> bool {
        todo!()
    }

    /// Whether the next token is `^bb` (a successor / block label).
    pub fn peek_successor(&self) -> bool {
        todo!()
    }

    // ---- literals ----

    /// An integer literal, optionally negative (`-3`, `0x1F`).
    pub fn parse_integer(&mut self) -> PResult<i128> {
        todo!()
    }

    /// An integer literal if next.
    pub fn parse_optional_integer(&mut self) -> PResult<Option<i128>> {
        todo!()
    }

    /// A float (or integer) literal, optionally negative.
    pub fn parse_float(&mut self) -> PResult<f64> {
        todo!()
    }

    /// A string literal (unescaped, UTF-8 lossy).
    pub fn parse_string(&mut self) -> PResult<String> {
        todo!()
    }

    /// A string literal if next.
    pub fn parse_optional_string(&mut self) -> PResult<Option<String>> {
        todo!()
    }

    /// `@name` or `@"quoted name"`, returning the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        todo!()
    }

    /// `@name` if next.
    pub fn parse_optional_symbol_name(&mut self) -> PResult<Option<String>> {
        todo!()
    }

    // ---- operands ----

    /// `%name` or `%name#n`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        todo!()
    }

    /// An operand if next.
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        todo!()
    }

    /// A comma-separated operand list within `delimiter`.
    pub fn parse_operand_list(&mut self, delimiter: Delimiter) -> PResult<Vec<UnresolvedOperand>> {
        let _ = delimiter;
        todo!()
    }

    /// Resolves an operand to a value of type `ty` (a forward reference becomes a
    /// placeholder of that type). Type mismatches with an earlier definition are errors
    /// ("use of value '%x' expects different type than prior uses: 'i32' vs 'i64'").
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let _ = (operand, ty);
        todo!()
    }

    /// Resolves operands pairwise with types; a count mismatch is reported at `span` as
    /// "<n> operands present, but expected <m>".
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        span: Span,
    ) -> PResult<Vec<Value>> {
        let _ = (operands, types, span);
        todo!()
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
        todo!()
    }

    /// A type if one starts here.
    pub fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        todo!()
    }

    /// `: type`
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(":")?;
        self.parse_type()
    }

    /// `type, type, ...` (at least one).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        todo!()
    }

    /// `: type, type, ...`
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(":")?;
        self.parse_type_list()
    }

    /// `( type, ... )`, possibly empty.
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        todo!()
    }

    /// `-> type` or `-> (type, ...)`.
    pub fn parse_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        todo!()
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
        todo!()
    }

    // ---- attributes ----

    /// An attribute. With `ty`, a bare literal takes that type (`0` → `0 : index`) and no
    /// `: type` suffix is read; without it, integer literals default to `i64` and floats to
    /// `f64` unless a `: type` suffix follows.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let _ = ty;
        todo!()
    }

    /// An attribute if one starts here.
    pub fn parse_optional_attribute(&mut self, ty: Option<Type>) -> PResult<Option<Attr>> {
        let _ = ty;
        todo!()
    }

    /// An optional `{name = value, unit_name}` dictionary, added to `state.attrs`;
    /// duplicates are errors.
    pub fn parse_optional_attr_dict(&mut self, state: &mut OperationState) -> PResult<()> {
        let _ = state;
        todo!()
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
        todo!()
    }

    /// An `affine_map<...>` or `#alias` naming one.
    pub fn parse_affine_map_attr(&mut self) -> PResult<AffineMap> {
        todo!()
    }

    /// A trailing `loc(...)` if present.
    pub fn parse_optional_location(&mut self) -> PResult<Option<Attr>> {
        todo!()
    }

    // ---- regions, blocks, successors ----

    /// `%x`, with `: type` when `with_type`, then optional `{attrs}` when `with_attrs`,
    /// then optional `loc(...)`.
    pub fn parse_argument(&mut self, with_type: bool, with_attrs: bool) -> PResult<Argument> {
        let _ = (with_type, with_attrs);
        todo!()
    }

    /// A comma-separated argument list within `delimiter`.
    pub fn parse_argument_list(
        &mut self,
        delimiter: Delimiter,
        with_type: bool,
        with_attrs: bool,
    ) -> PResult<Vec<Argument>> {
        let _ = (delimiter, with_type, with_attrs);
        todo!()
    }

    /// `{ ... }`: a region whose entry block gets `arguments` (each must have a type) when
    /// non-empty. An empty `{}` gives a region with no blocks.
    pub fn parse_region(
        &mut self,
        arguments: &[Argument],
        options: RegionOptions,
    ) -> PResult<Region> {
        let _ = (arguments, options);
        todo!()
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
        let _ = (region, terminator, loc);
        todo!()
    }

    /// `^bb3` (a forward reference creates the block).
    pub fn parse_successor(&mut self) -> PResult<Block> {
        todo!()
    }

    /// `^bb3(%a, %b : i32, i64)` or `^bb3`.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(Block, Vec<Value>)> {
        todo!()
    }

    // ---- affine syntax ----

    /// An affine map written over SSA ids inside `delimiter`, as in `affine.load
    /// %A[%i + 1, symbol(%n) - 2]`: returns the map and its operands (dims then symbols).
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(AffineMap, Vec<UnresolvedOperand>)> {
        let _ = delimiter;
        todo!()
    }

    /// `(%d0, %d1)[%s0]`: returns operands and the number of dims.
    pub fn parse_dim_and_symbol_list(&mut self) -> PResult<(Vec<UnresolvedOperand>, usize)> {
        todo!()
    }

    // ---- whole ops ----

    /// Parses one operation (generic or custom form, with its result list) and inserts it
    /// at the end of `block`.
    pub fn parse_operation(&mut self, block: Block) -> PResult<Op> {
        let _ = block;
        todo!()
    }
}
