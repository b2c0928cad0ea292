//! `lower-affine`: mlir-opt's `--lower-affine` (`LowerAffinePass`). Affine ops become
//! `scf`, `arith`, `memref` and `vector` ops: `affine.for` → `scf.for`, `affine.if` →
//! `scf.if` with an `arith.cmpi`/`arith.andi` condition, `affine.parallel` →
//! `scf.parallel` (reductions → `scf.reduce` with identity inits), `affine.apply`/`min`/`max` → `arith`, memory accesses
//! → `memref.load`/`store`/`prefetch` and `vector.load`/`store`, `affine.yield` →
//! `scf.yield`.
//!
//! Affine expressions expand into the same `arith` sequences upstream's expander emits
//! (one `arith.constant` per use, `mod`/`floordiv`/`ceildiv` through `remsi`/`divsi`
//! with sign corrections), after the folding upstream's conversion driver applies first
//! (the ops' folders: constant operands that existed before the pass folded into maps
//! and sets, which are then simplified), so the output matches mlir-opt's text.
//! Assumes verified IR. `affine.delinearize_index`/`linearize_index` expand as in
//! `affine-expand-index-ops`. `affine.dma_start`/`dma_wait` become `memref.dma_start`/
//! `dma_wait`. Declines (with an error naming the op) on `assign` reductions and
//! `mod`/`floordiv`/`ceildiv` by a non-positive constant.

use crate::views::{
    AffineApply, AffineFor, AffineIf, AffineKind, AffineKind as K, AffineLoad, AffineMin,
    AffineParallel, AffinePrefetch, AffineStore, AffineYield,
};
use lattice_dialects::{arith, memref, scf, vector};
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::{
    AffineBinOp, AffineExpr, AffineExprData, AffineMap, AttrData, DiagLoc, Diagnostic, Ir, Op,
    OperationState, Type, Value, WalkOrder,
};

/// Why `lower-affine` could not lower an op (reported as an error at the op).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// An op the pass does not lower.
    #[error("'{0}' op cannot be lowered by lower-affine")]
    NotLowered(String),
    /// An expression names a dimension past the map's operands.
    #[error("dimension d{0} has no operand")]
    MissingDim(u32),
    /// An expression names a symbol past the map's operands.
    #[error("symbol s{0} has no operand")]
    MissingSymbol(u32),
    /// `mod`, `floordiv` or `ceildiv` by a constant that is not positive.
    #[error("{0} by non-positive value is not supported")]
    NonPositiveDivisor(&'static str),
    /// An op without the map attribute it needs.
    #[error("'{op}' op has no '{map}' map")]
    MissingMap {
        /// The op's name.
        op: String,
        /// The attribute's name.
        map: String,
    },
    /// An `affine.parallel` reduction kind without a lowering.
    #[error("reduction '{0}' of 'affine.parallel' is not supported")]
    UnsupportedReduction(String),
    /// A reduction on an element type it has no identity for.
    #[error("reduction '{0}' on this type is not lowered")]
    ReductionType(String),
    /// Structure that verified IR does not have (the text says which).
    #[error("{0}")]
    Malformed(&'static str),
}

impl From<&'static str> for LowerError {
    fn from(what: &'static str) -> LowerError {
        LowerError::Malformed(what)
    }
}

/// Options of `lower-affine` (none).
#[derive(Clone, Debug, Default)]
pub struct LowerAffineOptions {}

/// The `--lower-affine` pass.
pub static LOWER_AFFINE: PassDef = PassDef {
    name: "lower-affine",
    display_name: "LowerAffinePass",
    summary: "Lower Affine operations to a combination of Arith and SCF operations",
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_pass,
};

fn run_pass(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    lower_affine(ir, op, &LowerAffineOptions {})
}

/// Lowers every affine op nested in `root`.
pub fn lower_affine(
    ir: &mut Ir,
    root: Op,
    _options: &LowerAffineOptions,
) -> Result<(), Vec<Diagnostic>> {
    // Upstream's pass includes the index-op expansion patterns.
    super::expand_index_ops::expand_index_ops(
        ir,
        root,
        &super::expand_index_ops::ExpandIndexOpsOptions::default(),
    )?;
    let ops: Vec<Op> = ir
        .walk_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| AffineKind::of(ir, o).is_some())
        .collect();
    let mut errors = Vec::new();
    let mut created = std::collections::HashSet::new();
    for op in ops {
        if !ir.contains_op(op) {
            continue;
        }
        let mut l = Lowerer {
            ir,
            anchor: op,
            created: &mut created,
        };
        if let Err(e) = l.lower() {
            errors.push(Diagnostic::error(DiagLoc::Loc(ir.loc(op)), e.to_string()));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

struct Lowerer<'a> {
    ir: &'a mut Ir,
    /// The op being lowered: new ops go right before it.
    anchor: Op,
    /// Ops this pass created: their constants are not folded into maps, as upstream's
    /// conversion driver only sees the constants that were there before.
    created: &'a mut std::collections::HashSet<Op>,
}

impl Lowerer<'_> {
    fn index(&self) -> Type {
        self.ir.ctx().index_type()
    }

    /// Creates `name(operands) -> results` with `attrs` before the anchor.
    fn build(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        attrs: Vec<(&str, lattice_ir::Attr)>,
    ) -> Op {
        let ctx = self.ir.ctx_arc().clone();
        let mut st = OperationState::new(ctx.intern_str(name), self.ir.loc(self.anchor));
        st.operands = operands;
        st.result_types = results;
        for (n, a) in attrs {
            st.add_attr(ctx.intern_str(n), a);
        }
        let op = self.ir.create_op(st);
        self.ir.insert_op_before(self.anchor, op);
        self.created.insert(op);
        op
    }

    fn constant(&mut self, v: i64) -> Value {
        let a = self.ir.ctx().index_attr(v);
        let idx = self.index();
        let op = self.build(arith::Constant::NAME, vec![], vec![idx], vec![("value", a)]);
        self.ir.result(op, 0)
    }

    fn binary(&mut self, name: &str, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = self.build(name, vec![a, b], vec![ty], vec![]);
        self.ir.result(op, 0)
    }

    fn cmpi(&mut self, predicate: i64, a: Value, b: Value) -> Value {
        let ctx = self.ir.ctx();
        let pred = ctx.int_attr(predicate as i128, ctx.int_type(64));
        let i1 = ctx.i1_type();
        let op = self.build(
            arith::CmpI::NAME,
            vec![a, b],
            vec![i1],
            vec![("predicate", pred)],
        );
        self.ir.result(op, 0)
    }

    fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = self.build(arith::Select::NAME, vec![c, a, b], vec![ty], vec![]);
        self.ir.result(op, 0)
    }

    /// Expands `expr` over `dims` and `syms` into arith ops, as upstream's expander.
    fn expand(
        &mut self,
        expr: AffineExpr,
        dims: &[Value],
        syms: &[Value],
    ) -> Result<Value, LowerError> {
        const SLT: i64 = 2;
        const SLE: i64 = 3;
        let data = self.ir.ctx().expr_data(expr);
        match data {
            AffineExprData::Dim(i) => dims
                .get(i as usize)
                .copied()
                .ok_or(LowerError::MissingDim(i)),
            AffineExprData::Symbol(i) => syms
                .get(i as usize)
                .copied()
                .ok_or(LowerError::MissingSymbol(i)),
            AffineExprData::Constant(c) => Ok(self.constant(c)),
            AffineExprData::Binary { op, lhs, rhs } => {
                if matches!(
                    op,
                    AffineBinOp::Mod | AffineBinOp::FloorDiv | AffineBinOp::CeilDiv
                ) {
                    match self.ir.ctx().constant_value(rhs) {
                        Some(c) if c > 0 => {}
                        Some(_) => {
                            return Err(LowerError::NonPositiveDivisor(match op {
                                AffineBinOp::Mod => "modulo",
                                _ => "division",
                            }))
                        }
                        None => {}
                    }
                }
                let a = self.expand(lhs, dims, syms)?;
                let b = self.expand(rhs, dims, syms)?;
                Ok(match op {
                    AffineBinOp::Add => self.binary(arith::AddI::NAME, a, b),
                    AffineBinOp::Mul => {
                        let ctx = self.ir.ctx();
                        let nsw = ctx.attr(AttrData::Dialect("arith.overflow<nsw>".into()));
                        let idx = self.index();
                        let o = self.build(
                            arith::MulI::NAME,
                            vec![a, b],
                            vec![idx],
                            vec![("overflowFlags", nsw)],
                        );
                        self.ir.result(o, 0)
                    }
                    AffineBinOp::Mod => {
                        let rem = self.binary(arith::RemSI::NAME, a, b);
                        let zero = self.constant(0);
                        let neg = self.cmpi(SLT, rem, zero);
                        let corrected = self.binary(arith::AddI::NAME, rem, b);
                        self.select(neg, corrected, rem)
                    }
                    AffineBinOp::FloorDiv => {
                        let zero = self.constant(0);
                        let minus_one = self.constant(-1);
                        let neg = self.cmpi(SLT, a, zero);
                        let negated = self.binary(arith::SubI::NAME, minus_one, a);
                        let dividend = self.select(neg, negated, a);
                        let q = self.binary(arith::DivSI::NAME, dividend, b);
                        let corrected = self.binary(arith::SubI::NAME, minus_one, q);
                        self.select(neg, corrected, q)
                    }
                    AffineBinOp::CeilDiv => {
                        let zero = self.constant(0);
                        let one = self.constant(1);
                        let nonpos = self.cmpi(SLE, a, zero);
                        let negated = self.binary(arith::SubI::NAME, zero, a);
                        let decremented = self.binary(arith::SubI::NAME, a, one);
                        let dividend = self.select(nonpos, negated, decremented);
                        let q = self.binary(arith::DivSI::NAME, dividend, b);
                        let negated_q = self.binary(arith::SubI::NAME, zero, q);
                        let incremented = self.binary(arith::AddI::NAME, q, one);
                        self.select(nonpos, negated_q, incremented)
                    }
                })
            }
        }
    }

    fn expand_map(&mut self, map: AffineMap, operands: &[Value]) -> Result<Vec<Value>, LowerError> {
        let data = self.ir.ctx().map_data(map).clone();
        let nd = (data.num_dims as usize).min(operands.len());
        let (dims, syms) = operands.split_at(nd);
        data.results
            .iter()
            .map(|&e| self.expand(e, dims, syms))
            .collect()
    }

    /// The values of `map`, reduced with `op` (`arith.maxsi`/`arith.minsi`).
    fn reduced_map(
        &mut self,
        map: AffineMap,
        operands: &[Value],
        op: &str,
    ) -> Result<Value, LowerError> {
        let values = self.expand_map(map, operands)?;
        let mut it = values.into_iter();
        let mut acc = it.next().ok_or("empty affine map")?;
        for v in it {
            acc = self.binary(op, acc, v);
        }
        Ok(acc)
    }

    fn map(&self, name: &str) -> Result<AffineMap, LowerError> {
        match self
            .ir
            .attr(self.anchor, name)
            .map(|a| self.ir.ctx().attr_data(a))
        {
            Some(AttrData::AffineMap(m)) => Ok(*m),
            _ => Err(LowerError::MissingMap {
                op: self.ir.op_name(self.anchor).to_string(),
                map: name.to_string(),
            }),
        }
    }

    /// The constraints of `set` as `affine.if`'s folder leaves them: constant operands
    /// folded in, each constraint simplified (trivial constraints stay, as upstream's).
    fn folded_condition(
        &self,
        set: lattice_ir::IntegerSet,
        operands: &[Value],
    ) -> lattice_ir::affine::IntegerSetData {
        let mut data = self.ir.ctx().set_data(set).clone();
        let ctx = self.ir.ctx();
        let (nd, ns) = (data.num_dims, data.num_symbols);
        let input =
            |i: usize, e: AffineExpr| match operands.get(i).and_then(|&v| self.constant_of(v)) {
                Some(c) => ctx.constant_expr(c),
                None => e,
            };
        let dims: Vec<AffineExpr> = (0..nd)
            .map(|i| input(i as usize, ctx.dim_expr(i)))
            .collect();
        let syms: Vec<AffineExpr> = (0..ns)
            .map(|i| input((nd + i) as usize, ctx.symbol_expr(i)))
            .collect();
        for c in data.constraints.iter_mut() {
            let e = ctx.replace_dims_and_symbols(*c, &dims, &syms);
            *c = ctx.simplify_affine_expr(e, nd, ns);
        }
        data
    }

    /// The integer value of `v` when an `arith.constant` defines it.
    fn constant_of(&self, v: Value) -> Option<i64> {
        let d = self.ir.defining_op(v)?;
        if !self.ir.isa::<arith::Constant>(d) || self.created.contains(&d) {
            return None;
        }
        let a = self.ir.attr(d, "value")?;
        self.ir
            .ctx()
            .int_value(a)
            .and_then(|x| i64::try_from(x).ok())
    }

    /// `map` with its constant operands folded in and simplified, as the folders of
    /// `affine.for`/`affine.parallel` leave it before upstream's lowering pattern runs.
    fn fold_map(&self, map: AffineMap, operands: &[Value]) -> AffineMap {
        let ctx = self.ir.ctx();
        let d = ctx.map_data(map).clone();
        let input =
            |i: usize, e: AffineExpr| match operands.get(i).and_then(|&v| self.constant_of(v)) {
                Some(c) => ctx.constant_expr(c),
                None => e,
            };
        let dims: Vec<AffineExpr> = (0..d.num_dims)
            .map(|i| input(i as usize, ctx.dim_expr(i)))
            .collect();
        let syms: Vec<AffineExpr> = (0..d.num_symbols)
            .map(|i| input((d.num_dims + i) as usize, ctx.symbol_expr(i)))
            .collect();
        let m = ctx.map_replace_dims_and_symbols(map, &dims, &syms, d.num_dims, d.num_symbols);
        ctx.simplify_map(m)
    }

    /// A loop bound as `affine.for`'s folder leaves it: a constant when every operand is
    /// constant, else the folded map without duplicate results.
    fn fold_bound(&self, map: AffineMap, operands: &[Value], lower: bool) -> AffineMap {
        let ctx = self.ir.ctx();
        if ctx.map_single_constant_result(map).is_none() {
            let consts: Option<Vec<i64>> = operands.iter().map(|&v| self.constant_of(v)).collect();
            if let Some(c) = consts {
                let nd = (ctx.map_num_dims(map) as usize).min(c.len());
                if let Some(vals) = ctx.evaluate_map(map, &c[..nd], &c[nd..]) {
                    let v = if lower {
                        vals.iter().max()
                    } else {
                        vals.iter().min()
                    };
                    if let Some(&v) = v {
                        return ctx.constant_map(v);
                    }
                }
            }
        }
        let m = self.fold_map(map, operands);
        let d = ctx.map_data(m).clone();
        let mut results: Vec<AffineExpr> = Vec::new();
        for e in d.results {
            if !results.contains(&e) {
                results.push(e);
            }
        }
        ctx.affine_map(d.num_dims, d.num_symbols, results)
    }

    /// Applies the op's folder (`affine.apply`/`min`/`max`) as the conversion driver
    /// does before patterns; returns whether the op was replaced.
    fn try_fold(&mut self) -> bool {
        let op = self.anchor;
        let Some(fold) = self.ir.op_def(op).and_then(|d| d.fold) else {
            return false;
        };
        let consts: Vec<Option<lattice_ir::Attr>> = self
            .ir
            .operands(op)
            .iter()
            .map(|&v| {
                let c = self.constant_of(v)?;
                Some(self.ir.ctx().index_attr(c))
            })
            .collect();
        let Some(results) = fold(self.ir, op, &consts) else {
            return false;
        };
        let mut values = Vec::new();
        for r in results {
            match r {
                lattice_ir::FoldResult::Value(v) => values.push(v),
                lattice_ir::FoldResult::Constant(a) => {
                    let ty = self.ir.ctx().attr_type(a).unwrap_or(self.index());
                    let c = self.build(arith::Constant::NAME, vec![], vec![ty], vec![("value", a)]);
                    values.push(self.ir.result(c, 0));
                }
            }
        }
        self.replace(&values);
        true
    }

    /// Replaces the anchor's results by `values` and erases it.
    fn replace(&mut self, values: &[Value]) {
        let results = self.ir.results(self.anchor).to_vec();
        for (r, v) in results.into_iter().zip(values) {
            self.ir.replace_all_uses(r, *v);
        }
        self.ir.erase_op(self.anchor);
    }

    /// Moves the blocks of region `index` of the anchor into a new detached region.
    fn take_region(&mut self, index: usize) -> lattice_ir::Region {
        let from = self.ir.region(self.anchor, index);
        let to = self.ir.create_region();
        let blocks: Vec<_> = self.ir.region_blocks(from).collect();
        for b in blocks {
            self.ir.detach_block(b);
            self.ir.append_block(to, b);
        }
        to
    }

    fn lower(&mut self) -> Result<(), LowerError> {
        let op = self.anchor;
        let operands = self.ir.operands(op).to_vec();
        let Some(kind) = AffineKind::of(self.ir, op) else {
            let other = self.ir.op_name(op);
            return Err(LowerError::NotLowered(other.to_string()));
        };
        match kind {
            K::Apply | K::Min | K::Max if self.try_fold() => {}
            K::Apply => {
                let m = self.map(AffineApply::MAP)?;
                let v = self.expand_map(m, &operands)?;
                self.replace(&v);
            }
            K::Min | K::Max => {
                let m = self.map(AffineMin::MAP)?;
                let red = if kind == K::Min {
                    arith::MinSI::NAME
                } else {
                    arith::MaxSI::NAME
                };
                let v = self.reduced_map(m, &operands, red)?;
                self.replace(&[v]);
            }
            K::Load | K::VectorLoad => {
                let m = self.map(AffineLoad::MAP)?;
                let idx = self.expand_map(m, &operands[1..])?;
                let mut ops = vec![operands[0]];
                ops.extend(idx);
                let tys = self
                    .ir
                    .results(op)
                    .iter()
                    .map(|&r| self.ir.value_type(r))
                    .collect();
                let new = if kind == K::Load {
                    memref::Load::NAME
                } else {
                    vector::Load::NAME
                };
                let n = self.build(new, ops, tys, vec![]);
                let r = self.ir.results(n).to_vec();
                self.replace(&r);
            }
            K::Store | K::VectorStore => {
                let m = self.map(AffineStore::MAP)?;
                let idx = self.expand_map(m, &operands[2..])?;
                let mut ops = vec![operands[0], operands[1]];
                ops.extend(idx);
                let new = if kind == K::Store {
                    memref::Store::NAME
                } else {
                    vector::Store::NAME
                };
                self.build(new, ops, vec![], vec![]);
                self.replace(&[]);
            }
            K::DmaStart => self.lower_dma_start(&operands)?,
            K::DmaWait => {
                let m = self.map("tag_map")?;
                let n = operands.len();
                let idx = self.expand_map(m, &operands[1..n - 1])?;
                let mut ops = vec![operands[0]];
                ops.extend(idx);
                ops.push(operands[n - 1]);
                self.build(memref::DmaWait::NAME, ops, vec![], vec![]);
                self.replace(&[]);
            }
            K::Prefetch => {
                let m = self.map(AffinePrefetch::MAP)?;
                let idx = self.expand_map(m, &operands[1..])?;
                let mut ops = vec![operands[0]];
                ops.extend(idx);
                let attrs: Vec<_> = [
                    AffinePrefetch::IS_DATA_CACHE,
                    AffinePrefetch::IS_WRITE,
                    AffinePrefetch::LOCALITY_HINT,
                ]
                .iter()
                .filter_map(|&n| self.ir.attr(op, n).map(|a| (n, a)))
                .collect();
                self.build(memref::Prefetch::NAME, ops, vec![], attrs);
                self.replace(&[]);
            }
            K::Yield => {
                let in_parallel = self
                    .ir
                    .parent_op(op)
                    .is_some_and(|p| self.ir.isa::<scf::Parallel>(p));
                let new = if in_parallel {
                    scf::Reduce::NAME
                } else {
                    scf::Yield::NAME
                };
                self.build(new, operands, vec![], vec![]);
                self.replace(&[]);
            }
            K::For => {
                let segs = crate::ops::for_segments(self.ir, op).ok_or("malformed affine.for")?;
                let lbm = self.map(AffineFor::LOWER_BOUND_MAP)?;
                let ubm = self.map(AffineFor::UPPER_BOUND_MAP)?;
                let step = self
                    .ir
                    .attr(op, AffineFor::STEP)
                    .and_then(|a| self.ir.ctx().int_value(a))
                    .unwrap_or(1) as i64;
                let (lbo, ubo) = (&operands[segs[0].clone()], &operands[segs[1].clone()]);
                let lbm = self.fold_bound(lbm, lbo, true);
                let ubm = self.fold_bound(ubm, ubo, false);
                let lb = self.reduced_map(lbm, lbo, arith::MaxSI::NAME)?;
                let ub = self.reduced_map(ubm, ubo, arith::MinSI::NAME)?;
                let st = self.constant(step);
                let mut ops = vec![lb, ub, st];
                ops.extend_from_slice(&operands[segs[2].clone()]);
                let region = self.take_region(0);
                let tys = self
                    .ir
                    .results(op)
                    .iter()
                    .map(|&r| self.ir.value_type(r))
                    .collect();
                let n = self.build_with_regions(scf::For::NAME, ops, tys, vec![region]);
                let r = self.ir.results(n).to_vec();
                self.replace(&r);
            }
            K::If => {
                let set = match self
                    .ir
                    .attr(op, AffineIf::CONDITION)
                    .map(|a| self.ir.ctx().attr_data(a))
                {
                    Some(AttrData::IntegerSet(s)) => *s,
                    _ => return Err("'affine.if' op has no condition".into()),
                };
                let data = self.folded_condition(set, &operands);
                let zero = self.constant(0);
                let nd = (data.num_dims as usize).min(operands.len());
                let (dims, syms) = operands.split_at(nd);
                let mut cond: Option<Value> = None;
                for (i, &c) in data.constraints.iter().enumerate() {
                    let v = self.expand(c, dims, syms)?;
                    let pred = if data.eq_flags[i] { 0 } else { 5 };
                    let cmp = self.cmpi(pred, v, zero);
                    cond = Some(match cond {
                        Some(prev) => self.binary(arith::AndI::NAME, prev, cmp),
                        None => cmp,
                    });
                }
                let cond = match cond {
                    Some(c) => c,
                    None => {
                        let ctx = self.ir.ctx();
                        let t = ctx.bool_attr(true);
                        let i1 = ctx.i1_type();
                        let c =
                            self.build(arith::Constant::NAME, vec![], vec![i1], vec![("value", t)]);
                        self.ir.result(c, 0)
                    }
                };
                let then_r = self.take_region(0);
                let else_r = if self.ir.regions(op).len() > 1 {
                    self.take_region(1)
                } else {
                    self.ir.create_region()
                };
                let tys = self
                    .ir
                    .results(op)
                    .iter()
                    .map(|&r| self.ir.value_type(r))
                    .collect();
                let n =
                    self.build_with_regions(scf::If::NAME, vec![cond], tys, vec![then_r, else_r]);
                let r = self.ir.results(n).to_vec();
                self.replace(&r);
            }
            K::Parallel => self.lower_parallel()?,
            K::DelinearizeIndex | K::LinearizeIndex => {
                let other = self.ir.op_name(op);
                return Err(LowerError::NotLowered(other.to_string()));
            }
        }
        Ok(())
    }

    /// `affine.dma_start` → `memref.dma_start` with its three maps expanded (source,
    /// destination, tag, in that order, as upstream).
    fn lower_dma_start(&mut self, operands: &[Value]) -> Result<(), LowerError> {
        let l = crate::ops::dma_start_layout(self.ir, self.anchor)
            .ok_or("'affine.dma_start' op has malformed operands")?;
        let mut expanded = Vec::new();
        for (attr, range) in [("src_map", &l[1]), ("dst_map", &l[3]), ("tag_map", &l[5])] {
            let m = self.map(attr)?;
            expanded.push(self.expand_map(m, &operands[range.clone()])?);
        }
        let [src, dst, tag] = expanded.try_into().expect("three maps");
        let mut ops = vec![operands[l[0].start]];
        ops.extend(src);
        ops.push(operands[l[2].start]);
        ops.extend(dst);
        let rest = &operands[l[6].clone()];
        ops.push(rest[0]);
        ops.push(operands[l[4].start]);
        ops.extend(tag);
        ops.extend_from_slice(&rest[1..]);
        self.build(memref::DmaStart::NAME, ops, vec![], vec![]);
        self.replace(&[]);
        Ok(())
    }

    fn build_with_regions(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        regions: Vec<lattice_ir::Region>,
    ) -> Op {
        let ctx = self.ir.ctx_arc().clone();
        let mut st = OperationState::new(ctx.intern_str(name), self.ir.loc(self.anchor));
        st.operands = operands;
        st.result_types = results;
        st.regions = regions;
        let op = self.ir.create_op(st);
        self.ir.insert_op_before(self.anchor, op);
        self.created.insert(op);
        op
    }

    /// An `affine.parallel` of no dimensions runs its body once: the body goes before it
    /// (an `scf.parallel` of no dimensions, mlir-opt 22's output, does not verify). One
    /// with reductions is left alone (false), since its results combine the body's values
    /// with the reductions' identities.
    fn inline_zero_dim_parallel(&mut self) -> bool {
        let op = self.anchor;
        if !self.ir.results(op).is_empty() {
            return false;
        }
        if let Some(body) = self.ir.entry_block(self.ir.region(op, 0)) {
            let ops: Vec<Op> = self.ir.block_ops(body).collect();
            for o in ops {
                if self.ir.isa::<AffineYield>(o) {
                    continue;
                }
                self.ir.detach_op(o);
                self.ir.insert_op_before(op, o);
            }
        }
        self.replace(&[]);
        true
    }

    fn lower_parallel(&mut self) -> Result<(), LowerError> {
        let op = self.anchor;
        let ctx = self.ir.ctx_arc().clone();
        let kinds: Vec<i64> = match self
            .ir
            .attr(op, AffineParallel::REDUCTIONS)
            .map(|a| ctx.attr_data(a))
        {
            None => Vec::new(),
            Some(AttrData::Array(v)) => v
                .iter()
                .map(|&a| ctx.int_value(a).map(|x| x as i64))
                .collect::<Option<_>>()
                .ok_or("malformed affine.parallel reductions")?,
            Some(_) => return Err("malformed affine.parallel reductions".into()),
        };
        let groups = |name: &str| crate::util::dense_elements(&ctx, self.ir.attr(op, name));
        let lbg = groups("lowerBoundsGroups").ok_or("malformed affine.parallel")?;
        let ubg = groups("upperBoundsGroups").ok_or("malformed affine.parallel")?;
        if lbg.is_empty() && ubg.is_empty() {
            return match self.inline_zero_dim_parallel() {
                true => Ok(()),
                false => Err(
                    "an 'affine.parallel' of no dimensions with reductions cannot be lowered"
                        .into(),
                ),
            };
        }
        let steps = crate::util::int_array(&ctx, self.ir.attr(op, AffineParallel::STEPS))
            .ok_or("malformed affine.parallel")?;
        let lbm = self.map(AffineParallel::LOWER_BOUNDS_MAP)?;
        let ubm = self.map(AffineParallel::UPPER_BOUNDS_MAP)?;
        let operands = self.ir.operands(op).to_vec();
        let nl = ctx.map_num_inputs(lbm);
        let (lb_ops, ub_ops) = operands.split_at(nl.min(operands.len()));
        let lb_data = ctx.map_data(self.fold_map(lbm, lb_ops)).clone();
        let ub_data = ctx.map_data(self.fold_map(ubm, ub_ops)).clone();
        let mut lower = Vec::new();
        let mut upper = Vec::new();
        let malformed = "malformed affine.parallel bounds";
        let lbr = crate::util::group_ranges(&lbg, lb_data.results.len()).ok_or(malformed)?;
        let ubr = crate::util::group_ranges(&ubg, ub_data.results.len()).ok_or(malformed)?;
        for d in 0..lbg.len().min(ubg.len()) {
            for (data, ops, range, out, red) in [
                (&lb_data, lb_ops, &lbr[d], &mut lower, arith::MaxSI::NAME),
                (&ub_data, ub_ops, &ubr[d], &mut upper, arith::MinSI::NAME),
            ] {
                let nd = (data.num_dims as usize).min(ops.len());
                let (dims, syms) = ops.split_at(nd);
                let exprs = data.results[range.clone()].to_vec();
                let mut acc: Option<Value> = None;
                for e in exprs {
                    let v = self.expand(e, dims, syms)?;
                    acc = Some(match acc {
                        Some(a) => self.binary(red, a, v),
                        None => v,
                    });
                }
                out.push(acc.ok_or("empty affine.parallel bound")?);
            }
        }
        let step_vals: Vec<Value> = steps.iter().map(|&s| self.constant(s)).collect();
        let result_tys: Vec<Type> = self
            .ir
            .results(op)
            .iter()
            .map(|&r| self.ir.value_type(r))
            .collect();
        if result_tys.len() != kinds.len() {
            return Err("'affine.parallel' op result and reduction counts differ".into());
        }
        let mut inits = Vec::new();
        for (&k, &ty) in kinds.iter().zip(&result_tys) {
            let (value, _) = reduction(&ctx, k, ty)?;
            let c = self.build(
                arith::Constant::NAME,
                vec![],
                vec![ty],
                vec![("value", value)],
            );
            inits.push(self.ir.result(c, 0));
        }
        let n = lower.len() as i32;
        let mut ops = lower;
        ops.extend(upper);
        ops.extend(step_vals);
        ops.extend(inits.iter().copied());
        let region = self.take_region(0);
        // The terminator becomes `scf.reduce`, with one combining region per reduction.
        if let Some(body) = self.ir.entry_block(region) {
            if let Some(y) = self
                .ir
                .last_op(body)
                .filter(|&t| self.ir.isa::<AffineYield>(t))
            {
                let values = self.ir.operands(y).to_vec();
                let mut regions = Vec::new();
                for (&k, &ty) in kinds.iter().zip(&result_tys) {
                    let (_, combiner) = reduction(&ctx, k, ty)?;
                    let r = self.ir.create_region();
                    let b = self.ir.create_block(&[ty, ty]);
                    self.ir.append_block(r, b);
                    let args = self.ir.block_args(b).to_vec();
                    let mut st = OperationState::new(ctx.intern_str(combiner), self.ir.loc(y));
                    st.operands = args;
                    st.result_types = vec![ty];
                    let c = self.ir.create_op(st);
                    self.ir.append_op(b, c);
                    let mut st = OperationState::new(
                        ctx.intern_str(scf::ReduceReturn::NAME),
                        self.ir.loc(y),
                    );
                    st.operands = vec![self.ir.result(c, 0)];
                    let ret = self.ir.create_op(st);
                    self.ir.append_op(b, ret);
                    regions.push(r);
                }
                let mut st = OperationState::new(ctx.intern_str(scf::Reduce::NAME), self.ir.loc(y));
                st.operands = values;
                st.regions = regions;
                let red = self.ir.create_op(st);
                self.ir.insert_op_before(y, red);
                self.ir.erase_op(y);
            }
        }
        let seg = ctx.dense_i32_array(&[n, n, n, inits.len() as i32]);
        let mut st = OperationState::new(ctx.intern_str(scf::Parallel::NAME), self.ir.loc(op));
        st.operands = ops;
        st.result_types = result_tys;
        st.regions = vec![region];
        st.add_attr(ctx.intern_str("operandSegmentSizes"), seg);
        let new = self.ir.create_op(st);
        self.ir.insert_op_before(op, new);
        let r = self.ir.results(new).to_vec();
        self.replace(&r);
        Ok(())
    }
}

/// The identity value and the combining `arith` op of reduction kind `kind`
/// (`arith::AtomicRMWKind`) on `ty`.
pub fn reduction(
    ctx: &lattice_ir::Context,
    kind: i64,
    ty: Type,
) -> Result<(lattice_ir::Attr, &'static str), LowerError> {
    let name = crate::ops::ATOMIC_RMW_KINDS
        .get(kind as usize)
        .copied()
        .unwrap_or("?");
    let float = |v: f64| -> Result<lattice_ir::Attr, LowerError> {
        let bits = match ctx.type_data(ty) {
            lattice_ir::TypeData::Float(lattice_ir::FloatKind::F64) => v.to_bits() as u128,
            lattice_ir::TypeData::Float(lattice_ir::FloatKind::F32) => (v as f32).to_bits() as u128,
            _ => return Err(LowerError::ReductionType(name.to_string())),
        };
        Ok(ctx.attr(AttrData::Float { bits, ty }))
    };
    let width = ctx.int_width(ty).unwrap_or(64);
    let int = |v: i128| ctx.int_attr(ctx.normalize_int(v, ty), ty);
    let smin = -(1i128 << (width - 1));
    let smax = (1i128 << (width - 1)) - 1;
    Ok(match name {
        "addf" => (float(0.0)?, arith::AddF::NAME),
        "mulf" => (float(1.0)?, arith::MulF::NAME),
        "maximumf" => (float(f64::NEG_INFINITY)?, arith::MaximumF::NAME),
        "minimumf" => (float(f64::INFINITY)?, arith::MinimumF::NAME),
        "maxnumf" => (float(f64::NEG_INFINITY)?, arith::MaxNumF::NAME),
        "minnumf" => (float(f64::INFINITY)?, arith::MinNumF::NAME),
        "addi" => (int(0), arith::AddI::NAME),
        "muli" => (int(1), arith::MulI::NAME),
        "ori" => (int(0), arith::OrI::NAME),
        "xori" => (int(0), arith::XOrI::NAME),
        "andi" => (int(-1), arith::AndI::NAME),
        "maxs" => (int(smin), arith::MaxSI::NAME),
        "mins" => (int(smax), arith::MinSI::NAME),
        "maxu" => (int(0), arith::MaxUI::NAME),
        "minu" => (int(-1), arith::MinUI::NAME),
        _ => return Err(LowerError::UnsupportedReduction(name.to_string())),
    })
}
