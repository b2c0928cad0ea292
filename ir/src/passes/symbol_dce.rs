//! `symbol-dce`: erases symbols that nothing live references, like mlir-opt's SymbolDCE.
//!
//! Runs on an op with the `SYMBOL_TABLE` trait. A symbol is discardable when it is
//! private, or `nested` inside a symbol table that is hidden from its parents (the top
//! module, or a private nested table); public symbols always stay. Liveness starts from
//! every non-symbol op and every non-discardable symbol and follows `SymbolRef`
//! attributes (nested in arrays and dictionaries too) of the op and of everything nested
//! in it (not looking inside nested symbol tables, whose liveness is computed on their
//! own when they are live); `@a::@b` keeps both `@a` and `@b` alive. References that do
//! not resolve are ignored. Afterwards every symbol not found live is erased, in every
//! symbol table nested in the root.
//!
//! Assumes: symbols name themselves through a string `sym_name`, visibility is the
//! `sym_visibility` string attribute (absent = public). An unregistered op of an
//! unregistered dialect with one region might be a symbol table, so its uses cannot be
//! computed: that is an error, as in MLIR.

use crate::attrs::{Attr, AttrData};
use crate::context::Str;
use crate::diag::{DiagLoc, Diagnostic};
use crate::pass::{PassDef, PassOptions};
use crate::registry::Traits;
use crate::store::{Ir, Op, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of `symbol-dce` (it has none).
#[derive(Clone, Debug, Default)]
pub struct SymbolDceOptions {}

/// The `symbol-dce` pass.
pub static SYMBOL_DCE: PassDef = PassDef {
    name: "symbol-dce",
    display_name: "SymbolDCE",
    summary: "Eliminate dead symbols",
    anchor: None,
    options: &[],
    configure: crate::pass::configure::<crate::pass::NoOptions>,
    run: run_symbol_dce,
};

fn run_symbol_dce(ir: &mut Ir, op: Op, _: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    symbol_dce(ir, op, &SymbolDceOptions::default())
}

/// Erases the dead symbols of the symbol table `root` and of the tables nested in it.
pub fn symbol_dce(
    ir: &mut Ir,
    root: Op,
    _options: &SymbolDceOptions,
) -> Result<(), Vec<Diagnostic>> {
    super::require_symbol_table(ir, root, "SymbolDCE")?;
    let hidden = match ir.op_parent(root) {
        Some(_) if is_symbol(ir, root) => is_private(ir, root),
        _ => true,
    };
    let mut dce = SymbolDce {
        ir: &*ir,
        live: FxHashSet::default(),
        tables: FxHashMap::default(),
    };
    dce.compute_liveness(root, hidden)?;
    let live = dce.live;
    // Erase dead symbols, innermost tables first.
    for table in ir.walk_ops(root, WalkOrder::PostOrder) {
        if !ir.contains_op(table) || !ir.has_trait(table, Traits::SYMBOL_TABLE) {
            continue;
        }
        let Some(&region) = ir.regions(table).first() else {
            continue;
        };
        let blocks: Vec<_> = ir.region_blocks(region).collect();
        for b in blocks {
            let ops: Vec<Op> = ir.block_ops(b).collect();
            for op in ops {
                if is_symbol(ir, op) && !live.contains(&op) {
                    drop_all_uses_inside(ir, op);
                    ir.erase_op(op);
                }
            }
        }
    }
    Ok(())
}

/// Whether `op` is a symbol: it has the `SYMBOL` trait, or (like `builtin.module`,
/// whose name is optional) `sym_name` is one of its inherent attributes.
pub(crate) fn is_symbol(ir: &Ir, op: Op) -> bool {
    ir.op_def(op)
        .is_some_and(|d| d.has(Traits::SYMBOL) || d.is_inherent("sym_name"))
}

/// Whether symbol `op` has `sym_visibility = "private"`.
pub(crate) fn is_private(ir: &Ir, op: Op) -> bool {
    visibility(ir, op) == Some("private")
}

pub(crate) fn visibility(ir: &Ir, op: Op) -> Option<&str> {
    ir.attr(op, "sym_visibility")
        .and_then(|a| ir.ctx().string_value(a))
}

/// Detaches every operand of the ops nested in `op` (so erasing it leaves no dangling
/// uses of its values behind, e.g. through other dead symbols' bodies).
fn drop_all_uses_inside(ir: &mut Ir, op: Op) {
    for o in ir.walk_ops(op, WalkOrder::PreOrder) {
        if !ir.operands(o).is_empty() {
            ir.set_operands(o, Vec::new());
        }
    }
}

struct SymbolDce<'a> {
    ir: &'a Ir,
    live: FxHashSet<Op>,
    /// Symbol name → op, per symbol table (built on first lookup).
    tables: FxHashMap<Op, FxHashMap<Vec<u8>, Op>>,
}

impl SymbolDce<'_> {
    fn compute_liveness(&mut self, table: Op, hidden: bool) -> Result<(), Vec<Diagnostic>> {
        let ir = self.ir;
        let mut worklist = Vec::new();
        if let Some(&region) = ir.regions(table).first() {
            for b in ir.region_blocks(region) {
                for op in ir.block_ops(b) {
                    if !is_symbol(ir, op) {
                        worklist.push(op);
                        continue;
                    }
                    let discardable = match visibility(ir, op) {
                        Some("private") => true,
                        Some("nested") => hidden,
                        _ => false,
                    };
                    if !discardable && self.live.insert(op) {
                        worklist.push(op);
                    }
                }
            }
        }
        while let Some(op) = worklist.pop() {
            if self.ir.has_trait(op, Traits::SYMBOL_TABLE) {
                let hidden_inside = hidden || !is_symbol(self.ir, op) || is_private(self.ir, op);
                self.compute_liveness(op, hidden_inside)?;
            } else {
                for nested in super::nested_ops(self.ir, op) {
                    if !self.ir.regions(nested).is_empty() {
                        worklist.push(nested);
                    }
                }
            }
            let Some(parent) = self.ir.parent_op(op) else {
                continue;
            };
            if !self.ir.has_trait(parent, Traits::SYMBOL_TABLE) {
                continue;
            }
            let Some(uses) = symbol_uses(self.ir, op) else {
                return Err(vec![Diagnostic::error(
                    DiagLoc::Loc(self.ir.loc(op)),
                    "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
                )]);
            };
            for (root, nested) in uses {
                let Some(resolved) = self.resolve(parent, root, &nested) else {
                    continue;
                };
                for s in resolved {
                    if self.live.insert(s) {
                        worklist.push(s);
                    }
                }
            }
        }
        Ok(())
    }

    /// The symbols named by `@root::@nested...` looked up from `table`, or `None` when
    /// some part does not resolve.
    fn resolve(&mut self, table: Op, root: Str, nested: &[Str]) -> Option<Vec<Op>> {
        let mut out = Vec::new();
        let mut cur_table = table;
        for (i, &name) in std::iter::once(&root).chain(nested).enumerate() {
            if i > 0 && !self.ir.has_trait(cur_table, Traits::SYMBOL_TABLE) {
                return None;
            }
            let found = self.lookup(cur_table, name)?;
            out.push(found);
            cur_table = found;
        }
        Some(out)
    }

    fn lookup(&mut self, table: Op, name: Str) -> Option<Op> {
        let ir = self.ir;
        let map = self.tables.entry(table).or_insert_with(|| {
            let mut m = FxHashMap::default();
            if let Some(&region) = ir.regions(table).first() {
                for b in ir.region_blocks(region) {
                    for op in ir.block_ops(b) {
                        if let Some(AttrData::String(s)) =
                            ir.attr(op, "sym_name").map(|a| ir.ctx().attr_data(a))
                        {
                            m.entry(s.clone()).or_insert(op);
                        }
                    }
                }
            }
            m
        });
        map.get(ir.ctx().str(name).as_bytes()).copied()
    }
}

/// Whether `op` might be a symbol table Lattice knows nothing about: an op with one
/// region whose dialect is not registered. mlir-opt (LLVM 22) always loads its `test`
/// dialect, which accepts unknown ops, so `test.*` ops count as known, as there.
pub(crate) fn is_potentially_unknown_symbol_table(ir: &Ir, op: Op) -> bool {
    if ir.op_def(op).is_some() || ir.regions(op).len() != 1 {
        return false;
    }
    let name = ir.op_name(op);
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    dialect != "test" && !ir.ctx().is_dialect_registered(dialect)
}

/// Every symbol reference held by `op` or the ops nested in it (not looking inside
/// nested symbol tables), as `(root, nested)` names; `None` when an op might be an
/// unknown symbol table.
pub(crate) fn symbol_uses(ir: &Ir, op: Op) -> Option<Vec<(Str, Vec<Str>)>> {
    let mut out = Vec::new();
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        if is_potentially_unknown_symbol_table(ir, o) {
            return None;
        }
        for a in ir.attrs(o) {
            collect_symbol_refs(ir, a.value, &mut out);
        }
        if let Some(p) = ir.op(o).properties {
            collect_symbol_refs(ir, p, &mut out);
        }
        if !ir.has_trait(o, Traits::SYMBOL_TABLE) {
            let mut nested = super::nested_ops(ir, o);
            nested.reverse();
            stack.extend(nested);
        }
    }
    Some(out)
}

pub(crate) fn collect_symbol_refs(ir: &Ir, attr: Attr, out: &mut Vec<(Str, Vec<Str>)>) {
    let mut stack = vec![attr];
    while let Some(a) = stack.pop() {
        match ir.ctx().attr_data(a) {
            AttrData::SymbolRef { root, nested } => out.push((*root, nested.clone())),
            AttrData::Array(items) => stack.extend(items.iter().rev()),
            AttrData::Dictionary(entries) => stack.extend(entries.iter().rev().map(|e| e.value)),
            _ => {}
        }
    }
}
