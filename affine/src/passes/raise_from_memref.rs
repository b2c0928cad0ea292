//! `affine-raise-from-memref`: rewrites `memref.load`/`memref.store` whose indices are
//! affine functions of valid dimensions and symbols into `affine.load`/`affine.store`
//! with the corresponding map. Also hosts the index-expression builder shared with
//! `raise-scf-to-affine` ([`ExprBuilder`]).
//!
//! Assumes: index arithmetic is `arith.constant`, `arith.addi`, `arith.subi`,
//! `arith.muli` (one side constant), `arith.floordivsi`/`arith.divsi`/`arith.remsi` by a
//! positive constant (the latter two only on operands provably non-negative, where they
//! agree with `floordiv`/`mod`), `arith.maxsi`/`arith.minsi` only at the top of loop
//! bounds, and `affine.apply`; any other index value must itself be a valid affine
//! dimension or symbol (MLIR's rules, [`crate::valid`]) at the op being raised.
//! Declines (a remark under `remarks=true`) when some index is
//! not affine, or the access carries `nontemporal = true`.
//! Invariants: the rewritten op reads/writes exactly the same element; the index
//! arithmetic left without uses is erased only when it is pure.

use crate::util::{constant_int, map_attr};
use crate::valid::{affine_scope, is_valid_dim, is_valid_symbol};
use crate::views::{AffineApply, AffineFor, AffineLoad, AffineStore};
use lattice_dialects::{arith, func, memref, scf};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineExpr, AffineMap, Diagnostic, Ir, Op, OperationState, Region, Traits, Value, ValueDef,
    WalkOrder,
};

/// Options of `affine-raise-from-memref`.
#[derive(Clone, Debug, Default)]
pub struct RaiseFromMemrefOptions {
    /// Emit refusals as remarks.
    pub remarks: bool,
}

/// What a raising pass did and why it declined elsewhere.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Number of ops rewritten.
    pub raised: usize,
    /// One remark per op left alone, at the op, saying why.
    pub remarks: Vec<Diagnostic>,
}

impl Report {
    /// Records the statistics, and emits the remarks when `enabled`.
    pub fn emit(&self, enabled: bool) {
        lattice_ir::pass::record_statistic(
            "num-raised",
            "Number of memref ops raised to affine ops",
            self.raised as u64,
        );
        lattice_ir::pass::record_statistic(
            "num-declined",
            "Number of times the pass declined to transform (see remarks=true)",
            self.remarks.len() as u64,
        );
        if enabled {
            lattice_ir::pass::emit_remarks(&self.remarks);
        }
    }

    /// A remark at `op`: `not raised: <op>: <why>`.
    pub fn decline(&mut self, ir: &Ir, op: Op, why: impl std::fmt::Display) {
        self.remarks.push(Diagnostic::new(
            lattice_ir::diag::Severity::Remark,
            lattice_ir::DiagLoc::Loc(ir.loc(op)),
            format!("not raised: {}: {why}", describe(ir, op)),
        ));
    }
}

/// Builds affine expressions for index values, collecting the leaf values as map
/// dimensions and symbols.
pub(crate) struct ExprBuilder {
    pub dims: Vec<Value>,
    pub syms: Vec<Value>,
    scope: Option<Region>,
    /// Values visited so far; the walk gives up past a budget (shared subexpressions
    /// would otherwise make it exponential).
    visits: u32,
}

impl ExprBuilder {
    /// A builder for operands valid at `at`.
    pub fn new(ir: &Ir, at: Op) -> ExprBuilder {
        ExprBuilder {
            dims: Vec::new(),
            syms: Vec::new(),
            scope: affine_scope(ir, at),
            visits: 0,
        }
    }

    /// The affine expression of `v`, or `None` when it is not affine.
    pub fn expr(&mut self, ir: &Ir, v: Value) -> Option<AffineExpr> {
        self.expr_depth(ir, v, 0)
    }

    fn expr_depth(&mut self, ir: &Ir, v: Value, depth: u32) -> Option<AffineExpr> {
        self.visits += 1;
        if depth > 64 || self.visits > 4096 || !ir.ctx().is_index(ir.value_type(v)) {
            return None;
        }
        let ctx = ir.ctx();
        if let Some(c) = constant_int(ir, v) {
            return Some(ctx.constant_expr(c));
        }
        let dims0 = (self.dims.len(), self.syms.len());
        if let Some(e) = self.compound(ir, v, depth) {
            return Some(e);
        }
        self.dims.truncate(dims0.0);
        self.syms.truncate(dims0.1);
        self.leaf(ir, v)
    }

    fn compound(&mut self, ir: &Ir, v: Value, depth: u32) -> Option<AffineExpr> {
        let def = ir.defining_op(v)?;
        let ctx = ir.ctx();
        let ops = ir.operands(def).to_vec();
        let kind = arith::ArithKind::of(ir, def);
        match kind {
            Some(arith::ArithKind::AddI | arith::ArithKind::SubI | arith::ArithKind::MulI) => {
                let a = self.expr_depth(ir, ops[0], depth + 1)?;
                let b = self.expr_depth(ir, ops[1], depth + 1)?;
                Some(match kind {
                    Some(arith::ArithKind::AddI) => ctx.add_expr(a, b),
                    Some(arith::ArithKind::SubI) => ctx.sub_expr(a, b),
                    _ => {
                        if ctx.constant_value(a).is_none() && ctx.constant_value(b).is_none() {
                            return None;
                        }
                        ctx.mul_expr(a, b)
                    }
                })
            }
            Some(
                arith::ArithKind::FloorDivSI
                | arith::ArithKind::DivSI
                | arith::ArithKind::RemSI
                | arith::ArithKind::CeilDivSI,
            ) => {
                let c = constant_int(ir, ops[1]).filter(|&c| c > 0)?;
                let truncating = matches!(
                    kind,
                    Some(arith::ArithKind::DivSI | arith::ArithKind::RemSI)
                );
                if truncating && !non_negative(ir, ops[0], 0) {
                    return None;
                }
                let a = self.expr_depth(ir, ops[0], depth + 1)?;
                let ce = ctx.constant_expr(c);
                Some(match kind {
                    Some(arith::ArithKind::RemSI) => ctx.mod_expr(a, ce),
                    Some(arith::ArithKind::CeilDivSI) => ctx.ceildiv_expr(a, ce),
                    _ => ctx.floordiv_expr(a, ce),
                })
            }
            Some(arith::ArithKind::Select) => {
                let (x, op, k) = lowered_division(ir, def)?;
                let a = self.expr_depth(ir, x, depth + 1)?;
                let ke = ctx.constant_expr(k);
                Some(ctx.binary_expr(op, a, ke))
            }
            _ if ir.isa::<AffineApply>(def) => {
                let map = map_attr(ir, def, AffineApply::MAP)?;
                let data = ctx.map_data(map).clone();
                if data.results.len() != 1 {
                    return None;
                }
                let mut dim_repl = Vec::new();
                let mut sym_repl = Vec::new();
                for (i, &o) in ops.iter().enumerate() {
                    let e = self.expr_depth(ir, o, depth + 1)?;
                    if i < data.num_dims as usize {
                        dim_repl.push(e);
                    } else {
                        sym_repl.push(e);
                    }
                }
                Some(ctx.replace_dims_and_symbols(data.results[0], &dim_repl, &sym_repl))
            }
            _ => None,
        }
    }

    fn leaf(&mut self, ir: &Ir, v: Value) -> Option<AffineExpr> {
        let ctx = ir.ctx();
        if let Some(p) = self.syms.iter().position(|&s| s == v) {
            return Some(ctx.symbol_expr(p as u32));
        }
        if let Some(p) = self.dims.iter().position(|&d| d == v) {
            return Some(ctx.dim_expr(p as u32));
        }
        if is_valid_symbol(ir, v, self.scope) {
            self.syms.push(v);
            return Some(ctx.symbol_expr(self.syms.len() as u32 - 1));
        }
        if is_valid_dim(ir, v, self.scope) {
            self.dims.push(v);
            return Some(ctx.dim_expr(self.dims.len() as u32 - 1));
        }
        None
    }

    /// A simplified map of `results` over the collected dims and symbols.
    pub fn map(&self, ir: &Ir, results: Vec<AffineExpr>) -> AffineMap {
        let ctx = ir.ctx();
        let m = ctx.affine_map(self.dims.len() as u32, self.syms.len() as u32, results);
        ctx.simplify_map(m)
    }

    /// The map operands: dims then symbols.
    pub fn operands(&self) -> Vec<Value> {
        self.dims.iter().chain(self.syms.iter()).copied().collect()
    }
}

/// The op named `name` defining `v`.
fn def_named(ir: &Ir, v: Value, name: &str) -> Option<Op> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name))
}

/// Whether `v` is the constant `k`.
fn is_const(ir: &Ir, v: Value, k: i64) -> bool {
    constant_int(ir, v) == Some(k)
}

/// The `arith.cmpi` defining `v` with predicate `pred` (2 = slt, 3 = sle): its operands.
fn cmpi(ir: &Ir, v: Value, pred: i128) -> Option<(Value, Value)> {
    let c = def_named(ir, v, arith::CmpI::NAME)?;
    let p = ir.ctx().int_value(ir.attr(c, "predicate")?)?;
    (p == pred).then(|| (ir.operand(c, 0), ir.operand(c, 1)))
}

/// The binary `name` op defining `v`: its operands.
fn binop(ir: &Ir, v: Value, name: &str) -> Option<(Value, Value)> {
    let d = def_named(ir, v, name)?;
    let ops = ir.operands(d);
    (ops.len() == 2).then(|| (ops[0], ops[1]))
}

/// Recognizes the `arith.select` sequences `--lower-affine` emits for `x mod k`,
/// `x floordiv k` and `x ceildiv k` (k > 0): returns `(x, op, k)`.
fn lowered_division(ir: &Ir, select: Op) -> Option<(Value, lattice_ir::AffineBinOp, i64)> {
    use lattice_ir::AffineBinOp;
    let ops = ir.operands(select);
    let (c, t, f) = (*ops.first()?, *ops.get(1)?, *ops.get(2)?);
    // mod: r = remsi x, k; select (r < 0), r + k, r
    if let Some((r, zero)) = cmpi(ir, c, 2) {
        if let Some((x, kv)) = binop(ir, r, arith::RemSI::NAME) {
            let k = constant_int(ir, kv).filter(|&k| k > 0)?;
            let (r2, k2) = binop(ir, t, arith::AddI::NAME)?;
            return (is_const(ir, zero, 0) && r2 == r && is_const(ir, k2, k) && f == r)
                .then_some((x, AffineBinOp::Mod, k));
        }
        // floordiv: s = select (x < 0), -1 - x, x; q = divsi s, k; select (x < 0), -1 - q, q
        let x = r;
        let q = f;
        let (sv, kv) = binop(ir, q, arith::DivSI::NAME)?;
        let k = constant_int(ir, kv).filter(|&k| k > 0)?;
        let (m1, q2) = binop(ir, t, arith::SubI::NAME)?;
        let s = def_named(ir, sv, arith::Select::NAME)?;
        let sops = ir.operands(s);
        let (m1b, x2) = binop(ir, sops[1], arith::SubI::NAME)?;
        let ok = is_const(ir, zero, 0)
            && is_const(ir, m1, -1)
            && q2 == q
            && sops[0] == c
            && is_const(ir, m1b, -1)
            && x2 == x
            && sops[2] == x;
        return ok.then_some((x, AffineBinOp::FloorDiv, k));
    }
    // ceildiv: s = select (x <= 0), 0 - x, x - 1; q = divsi s, k; select (x <= 0), 0 - q, q + 1
    let (x, zero) = cmpi(ir, c, 3)?;
    let (z1, q) = binop(ir, t, arith::SubI::NAME)?;
    let (q2, one) = binop(ir, f, arith::AddI::NAME)?;
    let (s, kv) = binop(ir, q, arith::DivSI::NAME)?;
    let k = constant_int(ir, kv).filter(|&k| k > 0)?;
    let sd = def_named(ir, s, arith::Select::NAME)?;
    let sops = ir.operands(sd);
    let (z2, x2) = binop(ir, sops[1], arith::SubI::NAME)?;
    let (x3, one2) = binop(ir, sops[2], arith::SubI::NAME)?;
    let ok = is_const(ir, zero, 0)
        && is_const(ir, z1, 0)
        && q2 == q
        && is_const(ir, one, 1)
        && sops[0] == c
        && is_const(ir, z2, 0)
        && x2 == x
        && x3 == x
        && is_const(ir, one2, 1);
    ok.then_some((x, AffineBinOp::CeilDiv, k))
}

/// Whether `v` is provably non-negative: a non-negative constant, the induction
/// variable of a loop whose lower bounds are non-negative constants, or sums, products
/// and quotients of such values.
pub(crate) fn non_negative(ir: &Ir, v: Value, depth: u32) -> bool {
    if depth > 12 {
        return false;
    }
    if let Some(c) = constant_int(ir, v) {
        return c >= 0;
    }
    if let ValueDef::Argument { block, index: 0 } = ir.value_def(v) {
        let Some(owner) = ir.block_parent_op(block) else {
            return false;
        };
        if ir.isa::<AffineFor>(owner) {
            return map_attr(ir, owner, AffineFor::LOWER_BOUND_MAP)
                .and_then(|m| ir.ctx().map_constant_results(m))
                .is_some_and(|cs| cs.iter().any(|&c| c >= 0));
        }
        if ir.isa::<scf::For>(owner) {
            return non_negative(ir, ir.operand(owner, 0), depth + 1);
        }
        return false;
    }
    let Some(def) = ir.defining_op(v) else {
        return false;
    };
    match arith::ArithKind::of(ir, def) {
        Some(arith::ArithKind::AddI | arith::ArithKind::MulI | arith::ArithKind::MaxSI) => ir
            .operands(def)
            .iter()
            .all(|&o| non_negative(ir, o, depth + 1)),
        Some(arith::ArithKind::DivSI | arith::ArithKind::RemSI | arith::ArithKind::FloorDivSI) => {
            non_negative(ir, ir.operand(def, 0), depth + 1)
                && constant_int(ir, ir.operand(def, 1)).is_some_and(|c| c > 0)
        }
        _ => false,
    }
}

/// Erases `ops` (and, transitively, their pure operands' definitions) that are unused.
pub(crate) fn erase_dead(ir: &mut Ir, mut candidates: Vec<Op>) {
    while let Some(op) = candidates.pop() {
        if !ir.contains_op(op)
            || !ir.has_trait(op, Traits::PURE)
            || !ir.regions(op).is_empty()
            || !ir.results(op).iter().all(|&r| ir.is_unused(r))
        {
            continue;
        }
        let defs: Vec<Op> = ir
            .operands(op)
            .iter()
            .filter_map(|&o| ir.defining_op(o))
            .collect();
        ir.erase_op(op);
        candidates.extend(defs);
    }
}

/// Raises one `memref.load`/`memref.store`; `Err` says why not.
pub(crate) fn raise_access(ir: &mut Ir, op: Op) -> Result<(), String> {
    let is_load = ir.isa::<memref::Load>(op);
    let first_index = if is_load { 1 } else { 2 };
    if ir
        .attr(op, "nontemporal")
        .and_then(|a| ir.ctx().int_value(a))
        .is_some_and(|v| v != 0)
    {
        return Err("nontemporal access".into());
    }
    let operands = ir.operands(op).to_vec();
    let mut b = ExprBuilder::new(ir, op);
    let mut results = Vec::new();
    for (k, &i) in operands[first_index..].iter().enumerate() {
        match b.expr(ir, i) {
            Some(e) => results.push(e),
            None => {
                return Err(format!(
                    "index {k} is not an affine function of valid dims and symbols"
                ))
            }
        }
    }
    let map = b.map(ir, results);
    let ctx = ir.ctx_arc().clone();
    let name = if is_load {
        AffineLoad::NAME
    } else {
        AffineStore::NAME
    };
    let mut st = OperationState::new(ctx.intern_str(name), ir.loc(op));
    st.operands = operands[..first_index].to_vec();
    st.operands.extend(b.operands());
    st.result_types = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    st.add_attr(ctx.intern_str(AffineLoad::MAP), ctx.affine_map_attr(map));
    let new = ir.create_op(st);
    ir.insert_op_before(op, new);
    for (k, r) in ir.results(op).to_vec().into_iter().enumerate() {
        let nr = ir.result(new, k);
        ir.replace_all_uses(r, nr);
    }
    let defs: Vec<Op> = operands[first_index..]
        .iter()
        .filter_map(|&o| ir.defining_op(o))
        .collect();
    ir.erase_op(op);
    erase_dead(ir, defs);
    Ok(())
}

/// Short description of `op` for remarks.
pub(crate) fn describe(ir: &Ir, op: Op) -> String {
    let loc = lattice_ir::printer::attr_to_string(ir.ctx(), ir.loc(op));
    format!("'{}' at {loc}", ir.op_name(op))
}

/// Raises every raisable `memref.load`/`memref.store` in `func`.
pub fn raise_from_memref_with_report(ir: &mut Ir, func: Op) -> Report {
    let mut report = Report::default();
    for op in ir.walk_ops(func, WalkOrder::PreOrder) {
        if !ir.contains_op(op) || !(ir.isa::<memref::Load>(op) || ir.isa::<memref::Store>(op)) {
            continue;
        }
        let what = describe(ir, op);
        let loc = ir.loc(op);
        match raise_access(ir, op) {
            Ok(()) => report.raised += 1,
            Err(why) => report.remarks.push(Diagnostic::new(
                lattice_ir::diag::Severity::Remark,
                lattice_ir::DiagLoc::Loc(loc),
                format!("not raised: {what}: {why}"),
            )),
        }
    }
    report
}

/// Runs `affine-raise-from-memref` on `func`.
pub fn raise_from_memref(
    ir: &mut Ir,
    func: Op,
    options: &RaiseFromMemrefOptions,
) -> Result<(), Vec<Diagnostic>> {
    let report = raise_from_memref_with_report(ir, func);
    report.emit(options.remarks);
    Ok(())
}

/// `remarks`, the one option, is the pass manager's to decide when the pass runs.
impl PassConfig for RaiseFromMemrefOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(RaiseFromMemrefOptions::default())
    }
}

fn run(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<RaiseFromMemrefOptions>(ir, op)?;
    let remarks = lattice_ir::pass::remarks_enabled(options);
    raise_from_memref(
        ir,
        op,
        &RaiseFromMemrefOptions {
            remarks,
            ..(*typed).clone()
        },
    )
}

/// The `affine-raise-from-memref` pass.
pub static RAISE_FROM_MEMREF: PassDef = PassDef {
    name: "affine-raise-from-memref",
    display_name: "RaiseMemrefDialect",
    summary: "Turn some memref operators to affine operators where supported",
    anchor: Some(func::Func::NAME),
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why accesses were not raised",
    )],
    configure: lattice_ir::pass::configure::<RaiseFromMemrefOptions>,
    run,
};
