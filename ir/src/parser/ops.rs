//! Operations, regions, blocks and SSA names: the top level of a file (aliases, file
//! metadata, the implicit module), the generic and custom op forms, region and block
//! structure, and SSA/block name scoping with forward references.
//!
//! Invariants: names live in one [`IsolatedScope`] per isolated-from-above region nest
//! (the top level counts as one); a name defined in a region is forgotten when the region
//! ends; a forward reference is a placeholder value that is replaced (with all its uses)
//! when the name is defined in a region that was already open at the reference (so the
//! definition is visible there), and any placeholder left when its isolated scope ends is
//! reported at its first use. A definition in a region opened after the reference (an
//! `iter_args` initializer or successor operand naming a value defined in a later inner
//! region) shadows the reference instead of resolving it, so the placeholder is never
//! erased while a custom parser still holds it. Blocks referenced before their label are created detached
//! and appended to the region when the label is reached.

use super::lexer::{self, TokKind};
use super::{Argument, PResult, Parser, RegionOptions, UnresolvedOperand};
use crate::attrs::{Attr, AttrData, Location};
use crate::diag::{DiagLoc, Diagnostic, Span};
use crate::registry::{OpDef, Traits};
use crate::store::{Block, Ir, Op, OperationState, Region, Value};
use crate::types::{Type, TypeData};
use rustc_hash::FxHashMap;

/// One definition (or forward reference) of `%name#number`.
#[derive(Clone, Copy, Debug)]
pub struct ValueEntry {
    pub value: Value,
    /// Where it was defined (or first used, for a forward reference).
    pub span: Span,
    pub forward: bool,
    /// For a forward reference: the scope's clock at the reference (see
    /// [`IsolatedScope::clock`]).
    pub seq: u64,
}

/// SSA names visible inside one isolated-from-above region nest.
#[derive(Default)]
pub struct IsolatedScope {
    /// `name` → entries by result number.
    values: FxHashMap<String, Vec<Option<ValueEntry>>>,
    /// Per open region: names defined in it, with what they shadowed.
    region_defs: Vec<Vec<(String, Option<Vec<Option<ValueEntry>>>)>>,
    /// Unresolved forward references → span of first use.
    forward: FxHashMap<Value, Span>,
    /// Ticks at every region opening and every forward reference.
    clock: u64,
    /// Per open region (parallel to `region_defs`): the clock when it was opened.
    region_opened: Vec<u64>,
}

impl IsolatedScope {
    fn new() -> Self {
        IsolatedScope {
            region_defs: vec![Vec::new()],
            region_opened: vec![0],
            ..Default::default()
        }
    }

    /// Whether forward reference `e` lies inside the innermost open region (so a
    /// definition there is visible at the reference).
    fn sees(&self, e: &ValueEntry) -> bool {
        !e.forward || self.region_opened.last().is_none_or(|&o| e.seq > o)
    }
}

/// Block labels of one region.
pub struct BlockScope {
    /// `name` → (block, defined yet, first reference).
    blocks: FxHashMap<String, (Block, bool, Span)>,
}

/// The op being parsed: its definition and the default dialect of its regions.
#[derive(Clone, Copy)]
pub struct OpFrame {
    pub def: Option<&'static OpDef>,
    pub default_dialect: Option<&'static str>,
}

/// Adds the implicit terminator `terminator` as `ensureTerminator` does.
pub(crate) fn ensure_terminator(ir: &mut Ir, region: Region, terminator: &str, loc: Attr) {
    if ir.region_is_empty(region) {
        let b = ir.create_block(&[]);
        ir.append_block(region, b);
    }
    let blocks: Vec<Block> = ir.region_blocks(region).collect();
    if blocks.len() != 1 {
        return;
    }
    let block = blocks[0];
    if let Some(last) = ir.last_op(block) {
        if ir.has_trait(last, Traits::TERMINATOR) {
            return;
        }
    }
    let name = ir.ctx().intern_str(terminator);
    let op = ir.create_op(OperationState::new(name, loc));
    ir.append_op(block, op);
}

fn ssa_name(name: &str, number: u32) -> String {
    if number == 0 {
        format!("%{name}")
    } else {
        format!("%{name}#{number}")
    }
}

impl Parser<'_> {
    fn scope(&mut self) -> &mut IsolatedScope {
        if self.inner.scopes.is_empty() {
            self.inner.scopes.push(IsolatedScope::new());
        }
        self.inner.scopes.last_mut().expect("scope")
    }

    /// The whole buffer.
    pub(crate) fn parse_top_level(&mut self, implicit_module: bool) -> PResult<Op> {
        let top_block = self.ir.create_block(&[]);
        self.inner.op_stack.push(OpFrame {
            def: Some(&crate::builtin::MODULE),
            default_dialect: Some("builtin"),
        });
        self.inner.scopes.push(IsolatedScope::new());
        self.inner.block_scopes.push(BlockScope {
            blocks: FxHashMap::default(),
        });
        loop {
            match self.kind() {
                TokKind::Eof => break,
                TokKind::HashId => self.parse_alias_def(true)?,
                TokKind::BangId => self.parse_alias_def(false)?,
                TokKind::Punct("{-#") => self.parse_file_metadata()?,
                _ => {
                    self.parse_operation(top_block)?;
                }
            }
        }
        // Successors at the top level can never be defined.
        if let Some(scope) = self.inner.block_scopes.last() {
            if let Some((_, _, span)) = scope.blocks.values().min_by_key(|(_, _, s)| s.start) {
                return Err(self.error_at(*span, "reference to an undefined block"));
            }
        }
        self.check_forward_refs()?;
        let ops: Vec<Op> = self.ir.block_ops(top_block).collect();
        if ops.len() == 1 && (!implicit_module || self.ir.is_op(ops[0], "builtin.module")) {
            self.ir.detach_op(ops[0]);
            self.ir.erase_block(top_block);
            return Ok(ops[0]);
        }
        let loc = self.ctx().loc(Location::FileLineCol {
            file: self.filename.to_string(),
            line: 0,
            col: 0,
            end: None,
        });
        if !implicit_module {
            let message = format!(
                "source must contain a single top-level operation, found: {}",
                ops.len()
            );
            return Err(Diagnostic::error(DiagLoc::Loc(loc), message));
        }
        let region = self.ir.create_region();
        self.ir.append_block(region, top_block);
        let mut st = OperationState::new(self.intern("builtin.module"), loc);
        st.regions.push(region);
        Ok(self.ir.create_op(st))
    }

    /// `#name = attr` or `!name = type` at the top level.
    fn parse_alias_def(&mut self, is_attr: bool) -> PResult<()> {
        let span = self.current_span();
        let name = self.tok_text()[1..].to_string();
        self.bump();
        if !self.is_punct("=") {
            let what = if is_attr { "attribute" } else { "type" };
            return Err(self.expected(&format!("'=' in {what} alias definition")));
        }
        self.bump();
        if name.contains('.') {
            let what = if is_attr { "attribute" } else { "type" };
            return Err(self.error_at(
                span,
                format!("{what} names with a '.' are reserved for dialect-defined names"),
            ));
        }
        if is_attr {
            let early = self.inner.early_aliases.contains(&name);
            if self.inner.attr_aliases.contains_key(&name) && !early {
                return Err(
                    self.error_at(span, format!("redefinition of attribute alias id '{name}'"))
                );
            }
            let a = self.parse_attribute(None)?;
            if !early {
                self.inner.attr_aliases.insert(name, a);
            }
        } else {
            if self.inner.type_aliases.contains_key(&name) {
                return Err(self.error_at(span, format!("redefinition of type alias id '{name}'")));
            }
            let t = self.parse_type()?;
            self.inner.type_aliases.insert(name, t);
        }
        Ok(())
    }

    /// Parses the top-level definition of attribute alias `name` ahead of time (for
    /// `loc(#name)` used before it), if there is one later in the file.
    pub(crate) fn define_forward_alias(&mut self, name: &str) -> PResult<()> {
        if self.inner.alias_index.is_none() {
            self.inner.alias_index = Some(self.index_alias_defs());
        }
        let Some(&pos) = self.inner.alias_index.as_ref().and_then(|m| m.get(name)) else {
            return Ok(());
        };
        if self.inner.early_aliases.contains(name) {
            return Ok(());
        }
        // Mark first, so a cyclic definition cannot recurse forever.
        self.inner.early_aliases.insert(name.to_string());
        let saved = self.inner.tok;
        self.reset_to(pos as usize);
        self.bump(); // `#name`
        self.expect("=")?;
        let a = self.parse_attribute(None)?;
        self.inner.attr_aliases.insert(name.to_string(), a);
        self.inner.tok = saved;
        Ok(())
    }

    /// Offsets of `#name =` at bracket depth 0 (top-level alias definitions).
    fn index_alias_defs(&self) -> FxHashMap<String, u32> {
        let mut map = FxHashMap::default();
        let mut depth = 0i64;
        let mut pos = 0usize;
        let mut prev: Option<lexer::Token> = None;
        loop {
            let t = lexer::lex(self.text, pos);
            match t.kind {
                TokKind::Eof => break,
                TokKind::Punct("(" | "[" | "{" | "{-#") => depth += 1,
                TokKind::Punct(")" | "]" | "}" | "#-}") => depth -= 1,
                TokKind::Punct("=") if depth == 0 => {
                    if let Some(p) = prev.filter(|p| p.kind == TokKind::HashId) {
                        let name = &self.text[p.start as usize + 1..p.end as usize];
                        map.entry(name.to_string()).or_insert(p.start);
                    }
                }
                _ => {}
            }
            prev = Some(t);
            pos = (t.end as usize).max(pos + 1);
        }
        map
    }

    fn check_forward_refs(&mut self) -> PResult<()> {
        let scope = self.inner.scopes.last().expect("scope");
        if let Some((_, span)) = scope.forward.iter().min_by_key(|(_, s)| s.start) {
            return Err(self.error_at(*span, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    // ---- SSA values ----

    pub(crate) fn resolve_ssa_use(
        &mut self,
        operand: &UnresolvedOperand,
        ty: Type,
    ) -> PResult<Value> {
        let existing = self
            .scope()
            .values
            .get(&operand.name)
            .and_then(|v| v.get(operand.number as usize).copied().flatten());
        if let Some(e) = existing {
            let have = self.ir.value_type(e.value);
            if have != ty {
                return Err(self
                    .error_at(
                        operand.span,
                        format!(
                            "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                            ssa_name(&operand.name, operand.number),
                            self.type_str(ty),
                            self.type_str(have)
                        ),
                    )
                    .with_note(DiagLoc::Span(self.source, e.span), "prior use here"));
            }
            return Ok(e.value);
        }
        let ph = self.ir.create_placeholder(ty);
        let span = operand.span;
        let scope = self.scope();
        scope.clock += 1;
        let seq = scope.clock;
        let entries = scope.values.entry(operand.name.clone()).or_default();
        if entries.len() <= operand.number as usize {
            entries.resize(operand.number as usize + 1, None);
        }
        entries[operand.number as usize] = Some(ValueEntry {
            value: ph,
            span,
            forward: true,
            seq,
        });
        scope.forward.insert(ph, span);
        Ok(ph)
    }

    /// Defines `%name#number` as `value`, resolving a forward reference to it.
    fn define_value(&mut self, name: &str, number: u32, value: Value, span: Span) -> PResult<()> {
        self.shadow_unseen_forward_refs(name);
        let existing = self
            .scope()
            .values
            .get(name)
            .and_then(|v| v.get(number as usize).copied().flatten());
        if let Some(e) = existing {
            if !e.forward {
                return Err(self
                    .error_at(
                        span,
                        format!("redefinition of SSA value '{}'", ssa_name(name, number)),
                    )
                    .with_note(
                        DiagLoc::Span(self.source, e.span),
                        "previously defined here",
                    ));
            }
            let (have, want) = (self.ir.value_type(value), self.ir.value_type(e.value));
            if have != want {
                return Err(self
                    .error_at(
                        span,
                        format!(
                            "definition of SSA value '%{name}#{number}' has type '{}'",
                            self.type_str(have)
                        ),
                    )
                    .with_note(
                        DiagLoc::Span(self.source, e.span),
                        format!("previously used here with type '{}'", self.type_str(want)),
                    ));
            }
            self.ir.replace_all_uses(e.value, value);
            self.ir.erase_placeholder(e.value);
            self.scope().forward.remove(&e.value);
        }
        self.ir.set_source_name(value, &ssa_name(name, number));
        let scope = self.scope();
        let entries = scope.values.entry(name.to_string()).or_default();
        let fresh = entries.iter().all(|e| e.is_none_or(|e| e.forward));
        if entries.len() <= number as usize {
            entries.resize(number as usize + 1, None);
        }
        entries[number as usize] = Some(ValueEntry {
            value,
            span,
            forward: false,
            seq: 0,
        });
        if fresh {
            if let Some(defs) = scope.region_defs.last_mut() {
                defs.push((name.to_string(), None));
            }
        }
        Ok(())
    }

    /// Hides forward references to `name` made outside the innermost open region (a
    /// definition here is not visible there): the name's entries are saved and restored
    /// when the region ends, so those references stay unresolved.
    fn shadow_unseen_forward_refs(&mut self, name: &str) {
        let scope = self.scope();
        let unseen = scope
            .values
            .get(name)
            .is_some_and(|v| v.iter().flatten().any(|e| !scope.sees(e)));
        if unseen {
            let old = scope.values.remove(name);
            if let Some(defs) = scope.region_defs.last_mut() {
                defs.push((name.to_string(), old));
            }
        }
    }

    // ---- operations ----

    pub(crate) fn parse_operation_impl(&mut self, block: Block) -> PResult<Op> {
        let start_span = self.current_span();
        // Result list: `%a, %b:2 =`.
        let mut results: Vec<(String, u32, Span)> = Vec::new();
        if self.peek_operand() {
            loop {
                let span = self.current_span();
                if self.kind() != TokKind::PercentId {
                    return Err(self.expected("valid ssa identifier"));
                }
                let name = self.tok_text()[1..].to_string();
                self.bump();
                let mut count = 1u32;
                if self.eat(":") {
                    let cspan = self.current_span();
                    let n = self
                        .parse_optional_integer()?
                        .ok_or_else(|| self.expected("integer number of results"))?;
                    if n < 1 || n > u32::MAX as i128 {
                        return Err(self.error_at(
                            cspan,
                            "expected named operation to have at least 1 result",
                        ));
                    }
                    count = n as u32;
                }
                results.push((name, count, span));
                if !self.eat(",") {
                    break;
                }
            }
            if !self.eat("=") {
                return Err(self.expected("'=' after SSA name"));
            }
        }
        let name_span = self.current_span();
        let loc = self.loc_of(name_span);
        let mut st = match self.kind() {
            TokKind::String => self.parse_generic_op(loc)?,
            TokKind::BareId => self.parse_custom_op(loc)?,
            _ => {
                return Err(self.expected("operation name in quotes"));
            }
        };
        if let Some(l) = self.parse_optional_location()? {
            st.loc = l;
        }
        let expected: u64 = results.iter().map(|r| r.1 as u64).sum();
        if !results.is_empty() && expected as usize != st.result_types.len() {
            return Err(self.error_at(
                start_span,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    st.result_types.len(),
                    expected
                ),
            ));
        }
        let op = self.ir.create_op(st);
        self.ir.append_op(block, op);
        let values: Vec<Value> = self.ir.results(op).to_vec();
        let mut i = 0;
        for (name, count, span) in results {
            for n in 0..count {
                self.define_value(&name, n, values[i], span)?;
                i += 1;
            }
        }
        Ok(op)
    }

    fn parse_generic_op(&mut self, loc: Attr) -> PResult<OperationState> {
        let name_span = self.current_span();
        let name = String::from_utf8_lossy(&lexer::unescape(self.tok_text())).into_owned();
        self.bump();
        if name.is_empty() {
            return Err(self.error_at(name_span, "empty operation name is invalid"));
        }
        let def = self.ctx().op_def(&name);
        if def.is_none() {
            let dialect = name.split_once('.').map_or("", |(d, _)| d);
            if self.ctx().is_dialect_registered(dialect) {
                return Err(self.error_at(
                    name_span,
                    format!(
                        "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                    ),
                ));
            }
            if !self.ctx().allow_unregistered_dialects {
                return Err(self.error_here(
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                ));
            }
        }
        let mut st = OperationState::new(self.intern(&name), loc);
        self.expect_msg("(", "expected '(' to start operand list")?;
        let operands = self.parse_operand_list(super::Delimiter::None)?;
        self.expect_msg(")", "expected ')' to end operand list")?;
        if self.is_punct("[") {
            self.bump();
            loop {
                let b = self.parse_successor()?;
                st.successors.push(b);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect_msg("]", "expected ',' or ']'")?;
        }
        if self.is_punct("<") {
            self.bump();
            let span = self.current_span();
            let props = self.parse_attribute(None)?;
            self.expect_msg(">", "expected '>' to close properties")?;
            if def.is_some() {
                match self.ctx().attr_data(props).clone() {
                    AttrData::Dictionary(entries) => st.attrs.extend(entries),
                    _ => return Err(self.error_at(span, "expected a dictionary of properties")),
                }
            } else {
                st.properties = Some(props);
            }
        }
        if self.is_punct("(") {
            // The generic form keeps the enclosing default dialect (as MLIR does).
            let inherited = self.inner.op_stack.last().and_then(|f| f.default_dialect);
            self.inner.op_stack.push(OpFrame {
                def,
                default_dialect: inherited,
            });
            let r = self.parse_comma_list(super::Delimiter::Paren, "region list", |p| {
                let r = p.parse_region(&[], RegionOptions::default())?;
                st.regions.push(r);
                Ok(true)
            });
            self.inner.op_stack.pop();
            r?;
        }
        if self.is_punct("{") {
            let entries = self.parse_dict_entries()?;
            for e in entries {
                st.add_attr(e.name, e.value);
            }
        }
        if !self.eat(":") {
            return Err(self.expected("':' followed by operation type"));
        }
        let type_span = self.current_span();
        let ty = self.parse_type()?;
        let TypeData::Function { inputs, results } = self.ctx().type_data(ty).clone() else {
            return Err(self.error_at(type_span, "expected function type"));
        };
        if inputs.len() != operands.len() {
            return Err(self.error_at(
                type_span,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            ));
        }
        for (o, t) in operands.iter().zip(inputs) {
            let v = self.resolve_operand(o, t)?;
            st.operands.push(v);
        }
        st.result_types = results;
        Ok(st)
    }

    fn parse_custom_op(&mut self, loc: Attr) -> PResult<OperationState> {
        let span = self.current_span();
        let name = self.tok_text().to_string();
        let ctx = self.ir.ctx();
        let mut def = ctx.op_def(&name);
        let mut full = name.clone();
        if def.is_none() {
            if let Some((dialect, _)) = name.split_once('.') {
                if !ctx.is_dialect_registered(dialect) {
                    return Err(self.error_at(
                        span,
                        format!("Dialect `{dialect}' not found for custom op '{name}' "),
                    ));
                }
                return Err(self.error_at(span, format!("custom op '{name}' is unknown")));
            }
            let d = self
                .inner
                .op_stack
                .last()
                .and_then(|f| f.default_dialect)
                .unwrap_or("");
            full = format!("{d}.{name}");
            def = ctx.op_def(&full);
            if def.is_none() {
                let msg = if ctx.is_dialect_registered(d) {
                    format!("custom op '{name}' is unknown (tried '{full}' as well)")
                } else {
                    format!(
                        "Dialect `{d}' not found for custom op '{name}'  (tried '{full}' as well)"
                    )
                };
                return Err(self.error_at(span, msg));
            }
        }
        let Some(def) = def else {
            return Err(self.error_at(span, format!("custom op '{name}' is unknown")));
        };
        let Some(parse) = def.parse else {
            return Err(self.error_at(
                span,
                format!("custom op '{full}' has no custom assembly form"),
            ));
        };
        self.bump();
        let mut st = OperationState::new(self.intern(&full), loc);
        self.inner.op_stack.push(OpFrame {
            def: Some(def),
            default_dialect: def.default_dialect,
        });
        let r = parse(self, &mut st);
        self.inner.op_stack.pop();
        r?;
        Ok(st)
    }

    // ---- regions and blocks ----

    pub(crate) fn parse_region_impl(
        &mut self,
        arguments: &[Argument],
        options: RegionOptions,
    ) -> PResult<Region> {
        if !self.is_punct("{") {
            return Err(self.expected("'{' to begin a region"));
        }
        self.bump();
        let isolated = self
            .inner
            .op_stack
            .last()
            .and_then(|f| f.def)
            .is_some_and(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
        if isolated {
            self.inner.scopes.push(IsolatedScope::new());
        } else {
            let scope = self.scope();
            scope.clock += 1;
            let opened = scope.clock;
            scope.region_defs.push(Vec::new());
            scope.region_opened.push(opened);
        }
        let region = self.ir.create_region();
        self.inner.block_scopes.push(BlockScope {
            blocks: FxHashMap::default(),
        });
        self.parse_region_body(region, arguments, options)?;
        // Undefined blocks.
        let scope = self.inner.block_scopes.pop().expect("block scope");
        if let Some((_, _, span)) = scope
            .blocks
            .values()
            .filter(|(_, defined, _)| !defined)
            .min_by_key(|(_, _, s)| s.start)
        {
            return Err(self.error_at(*span, "reference to an undefined block"));
        }
        if isolated {
            self.check_forward_refs()?;
            self.inner.scopes.pop();
        } else {
            let scope = self.scope();
            scope.region_opened.pop();
            let defs = scope.region_defs.pop().unwrap_or_default();
            for (name, saved) in defs.into_iter().rev() {
                match saved {
                    Some(old) => {
                        scope.values.insert(name, old);
                    }
                    None => {
                        scope.values.remove(&name);
                    }
                }
            }
        }
        Ok(region)
    }

    fn parse_region_body(
        &mut self,
        region: Region,
        arguments: &[Argument],
        options: RegionOptions,
    ) -> PResult<()> {
        if arguments.is_empty() && self.eat("}") {
            return Ok(());
        }
        if !arguments.is_empty() {
            if self.peek_successor() {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            let entry = self.ir.create_block(&[]);
            self.ir.append_block(region, entry);
            for arg in arguments {
                let Some(ty) = arg.ty else {
                    return Err(
                        self.error_at(arg.operand.span, "expected type for region argument")
                    );
                };
                let existing = self
                    .scope()
                    .values
                    .get(&arg.operand.name)
                    .and_then(|v| v.get(arg.operand.number as usize).copied().flatten());
                if let Some(e) = existing {
                    if options.enable_name_shadowing && !e.forward {
                        let scope = self.scope();
                        let old = scope.values.remove(&arg.operand.name);
                        if let Some(defs) = scope.region_defs.last_mut() {
                            defs.push((arg.operand.name.clone(), old));
                        }
                    } else {
                        return Err(self
                            .error_at(
                                arg.operand.span,
                                format!(
                                    "region entry argument '%{}' is already in use",
                                    arg.operand.name
                                ),
                            )
                            .with_note(
                                DiagLoc::Span(self.source, e.span),
                                "previously referenced here",
                            ));
                    }
                }
                let loc = arg.loc.unwrap_or_else(|| self.loc_of(arg.operand.span));
                let v = self.ir.add_block_arg(entry, ty, Some(loc));
                self.define_value(&arg.operand.name, arg.operand.number, v, arg.operand.span)?;
            }
            self.parse_block_ops(entry)?;
        } else if !self.peek_successor() {
            let entry = self.ir.create_block(&[]);
            self.ir.append_block(region, entry);
            self.parse_block_ops(entry)?;
        }
        while self.peek_successor() {
            self.parse_labeled_block(region)?;
        }
        if !self.eat("}") {
            return Err(self.expected("'}' to end a region"));
        }
        Ok(())
    }

    fn parse_block_ops(&mut self, block: Block) -> PResult<()> {
        while !self.is_punct("}") && !self.peek_successor() {
            self.parse_operation(block)?;
        }
        Ok(())
    }

    fn parse_labeled_block(&mut self, region: Region) -> PResult<()> {
        let span = self.current_span();
        let name = self.tok_text()[1..].to_string();
        self.bump();
        let scope = self.inner.block_scopes.last_mut().expect("block scope");
        let block = match scope.blocks.get_mut(&name) {
            Some((_, true, _)) => {
                return Err(self.error_at(span, format!("redefinition of block '^{name}'")))
            }
            Some((b, defined, _)) => {
                *defined = true;
                *b
            }
            None => {
                let b = self.ir.create_block(&[]);
                self.inner
                    .block_scopes
                    .last_mut()
                    .expect("block scope")
                    .blocks
                    .insert(name, (b, true, span));
                b
            }
        };
        self.ir.append_block(region, block);
        if self.eat("(") {
            if !self.eat(")") {
                loop {
                    let arg = self.parse_argument_name()?;
                    self.expect_msg(":", "expected ':' and type for SSA operand")?;
                    let ty = self.parse_type()?;
                    let loc = match self.parse_optional_location()? {
                        Some(l) => l,
                        None => self.loc_of(arg.span),
                    };
                    let v = self.ir.add_block_arg(block, ty, Some(loc));
                    self.define_value(&arg.name, arg.number, v, arg.span)?;
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")")?;
            }
        }
        if !self.eat(":") {
            return Err(self.expected("':' after block name"));
        }
        self.parse_block_ops(block)
    }

    pub(crate) fn parse_successor_impl(&mut self) -> PResult<Block> {
        if !self.peek_successor() {
            return Err(self.expected("block name"));
        }
        let span = self.current_span();
        let name = self.tok_text()[1..].to_string();
        self.bump();
        let Some(scope) = self.inner.block_scopes.last() else {
            return Err(self.error_at(span, "reference to an undefined block"));
        };
        if let Some(&(b, _, _)) = scope.blocks.get(&name) {
            return Ok(b);
        }
        let b = self.ir.create_block(&[]);
        self.inner
            .block_scopes
            .last_mut()
            .expect("block scope")
            .blocks
            .insert(name, (b, false, span));
        Ok(b)
    }
}

#[allow(dead_code)]
fn _unused(_: Diagnostic) {}
