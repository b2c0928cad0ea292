//! The MLIR text printer: generic and custom op forms, SSA value naming exactly as
//! mlir-opt names values (`%0`, `%arg0`, `%c0_i32`, `%0#1`), `#map`/`#set`/`#loc` aliases,
//! types, attributes (floats printed like LLVM's APFloat), and locations for
//! `--mlir-print-debuginfo`. The API custom printers use mirrors MLIR's `OpAsmPrinter`.
//!
//! How a file is printed ([`print_op`]): names are computed first (`names.rs`, MLIR's
//! `SSANameState`); then a dry run of the whole print records every aliasable attribute
//! reached (in the order of MLIR's alias collector: op location, then for generic ops
//! regions, operand/result types and attributes, for custom ops whatever the hook
//! prints); aliases are numbered by (nesting depth, kind, first encounter) (`attr.rs`);
//! then the real print writes non-deferred alias definitions, the op, and deferred
//! (location) aliases at the end.
//!
//! Invariants: printing never mutates the IR; output of a verified op parses back to the
//! same IR and prints identically (idempotence); the dry run and the real print take the
//! same paths, so every alias used is defined; nesting depth is bounded only by memory
//! (recursion grows the stack with `stacker`, naming is iterative).
//!
//! PUBLIC API CONTRACT (dialects code against these signatures; keep them stable).

mod attr;
mod float;
mod names;
mod users;

pub use attr::{escape_into, is_bare_identifier};
pub use float::format_float;

use crate::affine::AffineMap;
use crate::attrs::{Attr, AttrData, NamedAttr};
use crate::context::Context;
use crate::registry::Traits;
use crate::store::{Block, Ir, Op, Region, Value};
use crate::types::Type;
use attr::{Aliases, Elision, Writer};
use names::Names;

/// Printing flags (mlir-opt's `--mlir-print-*` options).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debug_info: bool,
    /// `--mlir-pretty-debuginfo`: locations (with `debug_info`) as `file:1:2`, `"name"`,
    /// `[unknown]`, call sites on ` at ` lines, instead of `loc(...)`.
    pub pretty_debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases; every attribute and type written in full.
    pub local_scope: bool,
    /// `--mlir-print-skip-regions`: every region printed as `{...}`.
    pub skip_regions: bool,
    /// `--mlir-print-unique-ssa-ids`: value numbers not restarted in sibling regions (as
    /// in the generic form).
    pub unique_ssa_ids: bool,
    /// `--mlir-use-nameloc-as-prefix`: a value whose location is a name location
    /// (`loc("x")`) is named after it (`%x`), where no op hook named it.
    pub name_loc_as_prefix: bool,
    /// `--mlir-print-value-users`: each op printed in a block (and the top-level op)
    /// ends with a `// users: ...`, `// user: ...`, `// unused` or `// id: %N` comment,
    /// and each block argument gets a `// %arg0 is used by ...` line; ops without
    /// results take a number of their own.
    pub value_users: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`: a `dense<...>` that is not a splat and
    /// has more than N elements is printed `dense_resource<__elided__>`.
    pub elide_elements_above: Option<u64>,
    /// `--mlir-elide-resource-strings-if-larger=N`: a file-metadata resource entry whose
    /// value text is longer than N characters is left out (see
    /// [`crate::resources::file_metadata_text`]).
    pub elide_resource_strings_above: Option<u64>,
}

/// Options for [`Printer::print_region`].
#[derive(Clone, Copy, Debug)]
pub struct RegionPrintOptions {
    /// Print the entry block's header `^bb0(%arg0: i32):` (false when the op's custom
    /// syntax already printed the arguments, e.g. `func.func`, `affine.for`).
    pub print_entry_block_args: bool,
    /// Print terminators; false elides the block's last op whenever it may be a
    /// terminator (a registered terminator or an unregistered op), as mlir-opt does, so
    /// an op's printer passes false only when its terminator carries nothing (e.g. an
    /// `affine.yield` without operands).
    pub print_block_terminators: bool,
    /// Print an empty entry block rather than `{\n}`.
    pub print_empty_block: bool,
}

impl Default for RegionPrintOptions {
    fn default() -> Self {
        RegionPrintOptions {
            print_entry_block_args: true,
            print_block_terminators: true,
            print_empty_block: false,
        }
    }
}

/// Printer state over one top-level op.
pub struct Printer<'a> {
    pub(crate) ir: &'a Ir,
    pub(crate) out: String,
    pub(crate) options: PrintOptions,
    pub(crate) inner: inner::State,
}

pub(crate) mod inner {
    use super::attr::Aliases;
    use super::names::Names;
    use crate::store::Block;
    use rustc_hash::FxHashMap;

    /// Private printer state (names, aliases, indentation, default-dialect stack).
    #[derive(Default)]
    pub struct State {
        /// SSA value and block names.
        pub names: Names,
        /// Alias table (collected in the dry run, used in the real print).
        pub aliases: Aliases,
        /// Current indentation in spaces (the indentation of the op being printed).
        pub indent: usize,
        /// Default dialect stack (`builtin` at the top level).
        pub dialects: Vec<&'static str>,
        /// Predecessors of blocks of the regions printed so far.
        pub preds: FxHashMap<Block, Vec<Block>>,
        /// Whether this is the dry run collecting aliases (output is discarded).
        pub dry: bool,
    }
}

const RED_ZONE: usize = 128 * 1024;
const STACK_GROW: usize = 4 * 1024 * 1024;

/// Prints `op` (normally the top-level module) with aliases, as mlir-opt prints a file:
/// alias definitions, the op, a newline, deferred (location) aliases.
///
/// An op nested in a block, and any op under `local_scope`, is printed as MLIR prints it
/// with local scope (as in `--mlir-print-ir-after-all` dumps of nested ops): names
/// numbered from `op`, no aliases (attributes written in full); a newline ends the text.
pub fn print_op(ir: &Ir, op: Op, options: PrintOptions) -> String {
    print_op_with_resources(ir, op, options).0
}

/// [`print_op`], and the keys of the `builtin` resources the printed `dense_resource`
/// attributes refer to, in the order they were first printed (the order in which
/// mlir-opt lists their blobs in the file metadata).
pub fn print_op_with_resources(ir: &Ir, op: Op, options: PrintOptions) -> (String, Vec<String>) {
    if ir.op_parent(op).is_some() || options.local_scope {
        let mut p = Printer::new(ir, op, options);
        p.print_full_op(op);
        p.print_users_comment(op);
        p.out.push('\n');
        return (p.out, p.inner.aliases.take_resources());
    }
    let mut p = Printer::new(ir, op, options);
    // Dry run: collect the attributes that get aliases, in first-encounter order.
    p.inner.dry = true;
    p.inner.aliases.collecting = true;
    p.print_full_op(op);
    p.inner.aliases.finish();
    p.inner.dry = false;
    p.out.clear();
    p.inner.indent = 0;
    p.inner.dialects = vec!["builtin"];
    p.inner.preds.clear();

    p.print_alias_definitions(false);
    p.print_full_op(op);
    p.print_users_comment(op);
    p.out.push('\n');
    p.print_alias_definitions(true);
    let resources = p.inner.aliases.take_resources();
    (p.out, resources)
}

/// The text of a type, as mlir-opt prints it (no aliases), e.g. for diagnostics.
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut out = String::new();
    let mut aliases = Aliases::default();
    Writer {
        ctx,
        out: &mut out,
        aliases: &mut aliases,
    }
    .ty(ty);
    out
}

/// The text of an attribute with its type suffix, as mlir-opt prints it (no aliases).
pub fn attr_to_string(ctx: &Context, attr: Attr) -> String {
    let mut out = String::new();
    let mut aliases = Aliases::default();
    Writer {
        ctx,
        out: &mut out,
        aliases: &mut aliases,
    }
    .attr(attr, Elision::Never);
    out
}

/// The text of an attribute without its type suffix (no aliases).
pub fn attr_to_string_without_type(ctx: &Context, attr: Attr) -> String {
    let mut out = String::new();
    let mut aliases = Aliases::default();
    Writer {
        ctx,
        out: &mut out,
        aliases: &mut aliases,
    }
    .attr(attr, Elision::Must);
    out
}

/// A float value as MLIR prints it (`1.000000e+00`, `0.100000001`, `0x7FC00000`).
pub fn float_to_string(kind: crate::types::FloatKind, bits: u128) -> String {
    format_float(kind, bits).0
}

/// Prints one op as MLIR's `Operation::print` does for an op nested in a larger IR: value
/// names numbered from the outermost ancestor (so they match the full print), no alias
/// definitions, no trailing newline, indentation starting at 0. For a top-level op this
/// is the body of [`print_op`] without aliases. With `local_scope`, names are numbered
/// from the nearest isolated-from-above ancestor (`op` itself if it is one), as MLIR's
/// `Operation::print` does under local scope. mlir-opt's "see current operation" notes
/// use it with `generic: true, local_scope: true`.
pub fn op_to_string(ir: &Ir, op: Op, options: PrintOptions) -> String {
    let mut root = op;
    while let Some(parent) = ir.parent_op(root) {
        if options.local_scope && ir.has_trait(root, Traits::ISOLATED_FROM_ABOVE) {
            break;
        }
        root = parent;
    }
    let mut p = Printer::new(ir, root, options);
    p.print_full_op(op);
    p.print_users_comment(op);
    p.out
}

impl<'a> Printer<'a> {
    fn new(ir: &'a Ir, root: Op, options: PrintOptions) -> Printer<'a> {
        let names = Names::compute(ir, root, options);
        let mut aliases = Aliases::default();
        aliases.elide_elements_above = options.elide_elements_above;
        Printer {
            ir,
            out: String::new(),
            options,
            inner: inner::State {
                names,
                aliases,
                dialects: vec!["builtin"],
                ..Default::default()
            },
        }
    }

    fn writer(&mut self) -> Writer<'_, '_> {
        Writer {
            ctx: self.ir.ctx(),
            out: &mut self.out,
            aliases: &mut self.inner.aliases,
        }
    }

    fn print_alias_definitions(&mut self, deferred: bool) {
        let pretty = self.options.pretty_debug_info;
        for (attr, name) in self.inner.aliases.definitions(deferred) {
            self.out.push('#');
            self.out.push_str(&name);
            self.out.push_str(" = ");
            let is_loc = matches!(self.ctx().attr_data(attr), AttrData::Location(_));
            if pretty && is_loc {
                self.writer().pretty_location(attr, true);
            } else {
                self.writer().attr_impl(attr, Elision::Never);
            }
            self.out.push('\n');
        }
    }

    /// `loc(...)` (through its alias when `allow_alias` and it has one), or under
    /// `pretty_debug_info` the pretty form, which has no `loc(` and no top-level alias.
    fn print_location(&mut self, loc: Attr, allow_alias: bool) {
        if self.options.pretty_debug_info {
            self.writer().pretty_location(loc, true);
        } else {
            self.writer().location(loc, allow_alias);
        }
    }

    fn indent(&mut self) {
        if !self.inner.dry {
            for _ in 0..self.inner.indent {
                self.out.push(' ');
            }
        }
    }

    /// An op at the current indentation with its trailing location.
    fn print_full_op(&mut self, op: Op) {
        stacker::maybe_grow(RED_ZONE, STACK_GROW, || {
            if self.inner.dry {
                // Discard output as we go; only the alias visits matter.
                self.out.clear();
                if self.options.debug_info {
                    let loc = self.ir.loc(op);
                    self.inner.aliases.deferrable = true;
                    self.print_location(loc, true);
                    self.inner.aliases.deferrable = false;
                }
                self.print_operation(op);
                return;
            }
            self.indent();
            self.print_operation(op);
            if self.options.debug_info {
                let loc = self.ir.loc(op);
                self.out.push(' ');
                self.print_location(loc, true);
            }
        })
    }

    fn print_result_group(&mut self, op: Op, start: usize, count: usize) {
        let v = self.ir.result(op, start);
        let name = self.inner.names.value_name(self.ir, v, false);
        self.out.push('%');
        self.out.push_str(&name);
        if count > 1 {
            self.out.push(':');
            self.out.push_str(&count.to_string());
        }
    }

    fn print_operation(&mut self, op: Op) {
        let ir = self.ir;
        let n = ir.results(op).len();
        if n > 0 {
            match self.inner.names.result_groups(op).map(|g| g.to_vec()) {
                Some(groups) => {
                    for (i, &g) in groups.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let end = groups.get(i + 1).map(|&e| e as usize).unwrap_or(n);
                        self.print_result_group(op, g as usize, end - g as usize);
                    }
                }
                None => self.print_result_group(op, 0, n),
            }
            self.out.push_str(" = ");
        }
        if !self.options.generic {
            if let Some(def) = ir.op_def(op) {
                if let Some(hook) = def.print {
                    let name = ir.op_name(op);
                    let default = self.inner.dialects.last().copied().unwrap_or("");
                    let short = match name.strip_prefix(default).and_then(|r| r.strip_prefix('.')) {
                        Some(rest) if !default.is_empty() && name.matches('.').count() == 1 => rest,
                        _ => name,
                    };
                    self.out.push_str(short);
                    hook(self, op);
                    return;
                }
            }
        }
        self.print_generic_op(op);
    }

    fn generic_region_options() -> RegionPrintOptions {
        RegionPrintOptions {
            print_entry_block_args: true,
            print_block_terminators: true,
            print_empty_block: true,
        }
    }

    /// Splits `op`'s attributes into (inherent, discardable) for the generic form.
    fn split_attrs(&self, op: Op) -> (Vec<NamedAttr>, Vec<NamedAttr>) {
        let ir = self.ir;
        let ctx = ir.ctx();
        match ir.op_def(op) {
            Some(def) => ir
                .attrs(op)
                .iter()
                .partition(|a| def.is_inherent(ctx.str(a.name))),
            None => (Vec::new(), ir.attrs(op).to_vec()),
        }
    }

    fn print_generic_op(&mut self, op: Op) {
        let ir = self.ir;
        if self.inner.dry {
            // The alias collector's order: regions, operand types, result types, attributes.
            for &r in ir.regions(op) {
                self.print_region(r, Self::generic_region_options());
            }
            for &v in ir.operands(op) {
                self.print_type(ir.value_type(v));
            }
            for &v in ir.results(op) {
                self.print_type(ir.value_type(v));
            }
            // (mlir-opt does not visit the opaque properties of unregistered ops.)
            for a in ir.attrs(op) {
                self.print_attribute(a.value);
            }
            return;
        }
        self.out.push('"');
        escape_into(&mut self.out, ir.op_name(op).as_bytes());
        self.out.push_str("\"(");
        self.print_operands(ir.operands(op));
        self.out.push(')');
        let succs = ir.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &b) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(b);
            }
            self.out.push(']');
        }
        let (inherent, discardable) = self.split_attrs(op);
        if ir.op_def(op).is_some() {
            if !inherent.is_empty() {
                self.out.push_str(" <{");
                self.writer().named_attrs(&inherent);
                self.out.push_str("}>");
            }
        } else if let Some(p) = ir.op(op).properties {
            self.out.push_str(" <");
            self.print_attribute(p);
            self.out.push('>');
        }
        let regions = ir.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, Self::generic_region_options());
            }
            self.out.push(')');
        }
        if !discardable.is_empty() {
            self.out.push_str(" {");
            self.writer().named_attrs(&discardable);
            self.out.push('}');
        }
        self.out.push_str(" : (");
        let operand_types: Vec<Type> = ir.operands(op).iter().map(|&v| ir.value_type(v)).collect();
        self.print_types(&operand_types);
        self.out.push_str(") -> ");
        let result_types: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
        let wrapped = result_types.len() != 1
            || matches!(
                ir.ctx().type_data(result_types[0]),
                crate::types::TypeData::Function { .. }
            );
        if wrapped {
            self.out.push('(');
        }
        self.print_types(&result_types);
        if wrapped {
            self.out.push(')');
        }
    }

    /// Records the predecessors of the blocks of `region`.
    fn compute_preds(&mut self, region: Region) {
        let ir = self.ir;
        for b in ir.region_blocks(region) {
            for op in ir.block_ops(b) {
                for &s in ir.successors(op) {
                    self.inner.preds.entry(s).or_default().push(b);
                }
            }
        }
    }

    fn print_block(
        &mut self,
        block: Block,
        print_label: bool,
        print_terminator: bool,
        is_entry: bool,
    ) {
        let ir = self.ir;
        if print_label {
            self.indent();
            self.print_successor(block);
            let args = ir.block_args(block);
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_operand(a);
                    self.out.push_str(": ");
                    self.print_type(ir.value_type(a));
                    if self.options.debug_info {
                        let loc = self.arg_loc(a);
                        if !self.inner.dry {
                            self.out.push(' ');
                        }
                        self.print_location(loc, false);
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            let preds = self.inner.preds.get(&block).cloned().unwrap_or_default();
            if preds.is_empty() {
                if !is_entry {
                    self.out.push_str("  // no predecessors");
                }
            } else if preds.len() == 1 {
                self.out.push_str("  // pred: ");
                self.print_successor(preds[0]);
            } else {
                let mut ps: Vec<(u32, Block)> = preds
                    .iter()
                    .map(|&b| (self.inner.names.block_number(b).unwrap_or(u32::MAX), b))
                    .collect();
                ps.sort_by_key(|p| p.0);
                self.out.push_str(&format!("  // {} preds: ", ps.len()));
                for (i, &(_, b)) in ps.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_successor(b);
                }
            }
            self.out.push('\n');
        }
        self.inner.indent += 2;
        self.print_block_arg_users(block);
        let last = ir.last_op(block);
        let elide = match last {
            Some(t) if !print_terminator => {
                let might_terminate = match ir.op_def(t) {
                    Some(d) => d.has(Traits::TERMINATOR),
                    None => true,
                };
                // mlir-opt drops the last op whenever it may be a terminator; the op's
                // printer decides when that is safe (e.g. no yielded values).
                might_terminate
            }
            _ => false,
        };
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for op in ops {
            if elide && Some(op) == last {
                break;
            }
            self.print_full_op(op);
            self.print_users_comment(op);
            if !self.inner.dry {
                self.out.push('\n');
            }
        }
        self.inner.indent -= 2;
    }

    fn arg_loc(&self, value: Value) -> Attr {
        match self.ir.value(value).loc {
            Some(l) => l,
            None => self.ir.ctx().unknown_loc(),
        }
    }
}

impl<'a> Printer<'a> {
    /// The IR being printed.
    pub fn ir(&self) -> &'a Ir {
        self.ir
    }

    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ir.ctx()
    }

    /// The printing options.
    pub fn options(&self) -> PrintOptions {
        self.options
    }

    /// Appends raw text.
    pub fn write(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// A newline followed by the current indentation.
    pub fn print_newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.inner.indent {
            self.out.push(' ');
        }
    }

    /// `%name` of a value (`%0`, `%arg1`, `%c0`, `%0#1`).
    pub fn print_operand(&mut self, value: Value) {
        self.out.push('%');
        self.inner
            .names
            .write_value_name(self.ir, value, true, &mut self.out);
    }

    /// Comma-separated operands (`%0, %1`).
    pub fn print_operands(&mut self, values: &[Value]) {
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_operand(v);
        }
    }

    /// The printed name of a value (`%0`, `%arg1`, `%0#1`), without printing it.
    pub fn value_name(&self, value: Value) -> String {
        format!("%{}", self.inner.names.value_name(self.ir, value, true))
    }

    /// A type (with aliases where mlir-opt uses them).
    pub fn print_type(&mut self, ty: Type) {
        self.writer().ty(ty);
    }

    /// Comma-separated types.
    pub fn print_types(&mut self, types: &[Type]) {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(t);
        }
    }

    /// ` -> T` for one non-function type, ` -> (T, U)` otherwise; nothing for an empty
    /// list (MLIR's `printArrowTypeList` after a leading space).
    pub fn print_arrow_type_list(&mut self, types: &[Type]) {
        if types.is_empty() {
            return;
        }
        self.out.push_str(" -> ");
        let wrapped = types.len() != 1
            || matches!(
                self.ctx().type_data(types[0]),
                crate::types::TypeData::Function { .. }
            );
        if wrapped {
            self.out.push('(');
        }
        self.print_types(types);
        if wrapped {
            self.out.push(')');
        }
    }

    /// `(inputs) -> results` as MLIR prints function types.
    pub fn print_function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.writer().function_type(inputs, results);
    }

    /// An attribute with its type suffix where MLIR prints one (`1 : i32`, `1.0 : f32`,
    /// `dense<...> : tensor<...>`, `1 : index`; `true`, `#map`, `"s"` have none).
    pub fn print_attribute(&mut self, attr: Attr) {
        self.writer().attr(attr, Elision::Never);
    }

    /// An attribute without its type suffix (`1`, `1.000000e+00`).
    pub fn print_attribute_without_type(&mut self, attr: Attr) {
        self.writer().attr(attr, Elision::Must);
    }

    /// `name = value` (or just `name` for a unit value), as in attribute dictionaries.
    pub fn print_named_attribute(&mut self, attr: NamedAttr) {
        self.writer().named_attr(attr);
    }

    fn print_attr_dict_filtered(&mut self, op: Op, elided: &[&str], keyword: bool) {
        let ctx = self.ctx();
        let attrs: Vec<NamedAttr> = self
            .ir
            .attrs(op)
            .iter()
            .filter(|a| !elided.contains(&ctx.str(a.name)))
            .copied()
            .collect();
        self.print_attr_dict_entries(&attrs, keyword);
    }

    /// ` {a = 1, b}` for the given entries (nothing if empty); ` attributes {...}` with
    /// `keyword`.
    pub fn print_attr_dict_entries(&mut self, attrs: &[NamedAttr], keyword: bool) {
        if attrs.is_empty() {
            return;
        }
        if keyword {
            self.out.push_str(" attributes");
        }
        self.out.push_str(" {");
        self.writer().named_attrs(attrs);
        self.out.push('}');
    }

    /// ` {a = 1, b}` with the op's attributes minus `elided` (nothing if none remain).
    pub fn print_optional_attr_dict(&mut self, op: Op, elided: &[&str]) {
        self.print_attr_dict_filtered(op, elided, false);
    }

    /// ` attributes {a = 1}` likewise.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: Op, elided: &[&str]) {
        self.print_attr_dict_filtered(op, elided, true);
    }

    /// `@name`, quoted when not a bare identifier.
    pub fn print_symbol_name(&mut self, name: &str) {
        self.writer().symbol(name);
    }

    /// A string literal with MLIR's escapes.
    pub fn print_string(&mut self, text: &str) {
        self.writer().string(text.as_bytes());
    }

    /// A bare identifier, or a quoted string when it is not one (MLIR's
    /// `printKeywordOrString`).
    pub fn print_keyword_or_string(&mut self, text: &str) {
        self.writer().keyword_or_string(text);
    }

    /// `{` region `}` with the current indentation (a leading space is NOT printed).
    pub fn print_region(&mut self, region: Region, options: RegionPrintOptions) {
        stacker::maybe_grow(RED_ZONE, STACK_GROW, || {
            self.print_region_inner(region, options)
        });
    }

    fn print_region_inner(&mut self, region: Region, options: RegionPrintOptions) {
        let ir = self.ir;
        if self.options.skip_regions {
            self.out.push_str("{...}");
            return;
        }
        self.out.push_str("{\n");
        if let Some(entry) = ir.entry_block(region) {
            let dialect = ir
                .region_parent(region)
                .and_then(|op| ir.op_def(op))
                .and_then(|d| d.default_dialect)
                .unwrap_or("");
            self.inner.dialects.push(dialect);
            self.compute_preds(region);
            let always_header = (options.print_empty_block && ir.first_op(entry).is_none())
                || (options.print_entry_block_args && !ir.block_args(entry).is_empty());
            self.print_block(entry, always_header, options.print_block_terminators, true);
            let rest: Vec<Block> = ir.region_blocks(region).skip(1).collect();
            for b in rest {
                self.print_block(b, true, true, false);
            }
            self.inner.dialects.pop();
        }
        self.indent();
        self.out.push('}');
    }

    /// `%arg0: i32 {attrs} loc(...)` (attrs when given; loc only with debug info).
    pub fn print_region_argument(&mut self, value: Value, attrs: Option<Attr>) {
        self.print_operand(value);
        self.out.push_str(": ");
        self.print_type(self.ir.value_type(value));
        // mlir-opt's alias collector does not visit argument attributes.
        if let Some(a) = attrs.filter(|_| !self.inner.dry) {
            if let AttrData::Dictionary(entries) = self.ctx().attr_data(a) {
                let entries = entries.clone();
                self.print_attr_dict_entries(&entries, false);
            }
        }
        if self.options.debug_info {
            let loc = self.arg_loc(value);
            if !self.inner.dry {
                self.out.push(' ');
            }
            self.print_location(loc, false);
        }
    }

    /// `%arg0 loc(...)`: a region argument without its type (MLIR's
    /// `printRegionArgument(arg, {}, /*omitType=*/true)`, e.g. `affine.for`'s induction
    /// variable); the location only with debug info.
    pub fn print_region_argument_without_type(&mut self, value: Value) {
        self.print_operand(value);
        if self.options.debug_info {
            let loc = self.arg_loc(value);
            if !self.inner.dry {
                self.out.push(' ');
            }
            self.print_location(loc, false);
        }
    }

    /// ` loc(...)` for a location printed by a custom printer (only with debug info),
    /// inline like block argument locations (its alias definition still appears at the
    /// top, as mlir-opt does for region arguments).
    pub fn print_optional_location(&mut self, loc: Attr) {
        if self.options.debug_info {
            self.out.push(' ');
            self.print_location(loc, false);
        }
    }

    /// Only with debug info, during the alias-collecting dry run: records `loc` as a
    /// deferred `#loc` alias without printing anything (for custom printers that print
    /// a nested op without its location, where mlir-opt's collector still visits it,
    /// e.g. `vector.mask`).
    pub fn visit_deferred_location(&mut self, loc: Attr) {
        if self.inner.dry && self.options.debug_info {
            self.inner.aliases.deferrable = true;
            self.print_location(loc, true);
            self.inner.aliases.deferrable = false;
        }
    }

    /// `^bb1`
    pub fn print_successor(&mut self, block: Block) {
        match self.inner.names.block_number(block) {
            Some(n) => {
                self.out.push_str("^bb");
                self.out.push_str(&n.to_string());
            }
            None => self.out.push_str("<<INVALID BLOCK>>"),
        }
    }

    /// `^bb1(%0, %1 : i32, i64)` or `^bb1`.
    pub fn print_successor_and_use_list(&mut self, block: Block, operands: &[Value]) {
        self.print_successor(block);
        if operands.is_empty() {
            return;
        }
        self.out.push('(');
        self.print_operands(operands);
        self.out.push_str(" : ");
        let types: Vec<Type> = operands.iter().map(|&v| self.ir.value_type(v)).collect();
        self.print_types(&types);
        self.out.push(')');
    }

    /// The results of `map` written over SSA names, comma-separated, as `affine.load`
    /// prints its indices: dims become the operand names, symbols `symbol(%n)` (MLIR's
    /// `printAffineMapOfSSAIds`).
    pub fn print_affine_map_of_ssa_ids(&mut self, map: AffineMap, operands: &[Value]) {
        let ctx = self.ctx();
        let data = ctx.map_data(map);
        let num_dims = data.num_dims as usize;
        let names: Vec<String> = operands.iter().map(|&v| self.value_name(v)).collect();
        let results = data.results.clone();
        for (i, &e) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let cb = |is_symbol: bool, pos: u32| -> String {
                let index = if is_symbol {
                    num_dims + pos as usize
                } else {
                    pos as usize
                };
                match names.get(index) {
                    Some(name) if is_symbol => format!("symbol({name})"),
                    Some(name) => name.clone(),
                    None if is_symbol => format!("s{pos}"),
                    None => format!("d{pos}"),
                }
            };
            self.writer().affine_expr_named(e, &cb);
        }
    }

    /// `(%d0, %d1)[%s0]` (the square part only when there are symbols).
    pub fn print_dim_and_symbol_list(&mut self, operands: &[Value], num_dims: usize) {
        let num_dims = num_dims.min(operands.len());
        self.out.push('(');
        self.print_operands(&operands[..num_dims]);
        self.out.push(')');
        if operands.len() > num_dims {
            self.out.push('[');
            self.print_operands(&operands[num_dims..]);
            self.out.push(']');
        }
    }

    /// An affine map attribute's body `(d0) -> (d0)` (no alias, no `affine_map<>`).
    pub fn print_affine_map(&mut self, map: AffineMap) {
        self.writer().affine_map(map);
    }

    /// Prints a nested op (used by ops whose custom form embeds another op, e.g.
    /// `scf.reduce` bodies are regions, so this is rarely needed).
    pub fn print_nested_op(&mut self, op: Op) {
        stacker::maybe_grow(RED_ZONE, STACK_GROW, || self.print_operation(op));
    }

    /// Prints a nested op without its results' `%r = ` (MLIR's `printCustomOrGenericOp`,
    /// e.g. the op inside `vector.mask`).
    pub fn print_nested_op_without_results(&mut self, op: Op) {
        let start = self.out.len();
        self.print_nested_op(op);
        if !self.ir.results(op).is_empty() {
            if let Some(eq) = self.out[start..].find(" = ") {
                self.out.replace_range(start..start + eq + 3, "");
            }
        }
    }
}

#[cfg(test)]
mod tests;
