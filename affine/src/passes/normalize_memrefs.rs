//! `normalize-memrefs` (a module pass, as in mlir-opt): memrefs whose layout is a
//! non-identity affine map (tiled layouts such as `(d0, d1) -> (d0 floordiv 32,
//! d1 floordiv 64, d0 mod 32, d1 mod 64)`, permutations, shifts) or a static `strided<>`
//! layout become identity-layout memrefs of the normalized shape, and the layout map is
//! composed into every access: `affine.load`/`affine.store` maps, `memref.load`/
//! `memref.store` indices (through `affine.apply`), as upstream. Allocations
//! (`memref.alloc`/`memref.alloca`), `memref.dealloc`, function arguments and results,
//! `func.call` operands and results, and `func.return` operands are updated, and so are
//! the signatures of external declarations, as upstream.
//!
//! The normalized shape has, per result of the layout map, the constant upper bound of
//! the result over the memref's index box, plus one (`mod c` counts `c` values, as
//! upstream). Only static shapes and maps that do not use their symbols qualify.
//! Unlike mlir-opt 22, a layout whose results can be negative over the box is left alone
//! (upstream accepts, e.g., `(d0) -> (d0 - 1)` and then indexes out of bounds).
//!
//! A memref that reaches an op the pass cannot rewrite (any op other than those above)
//! keeps its layout, and then, as upstream, so does every memref of its function and of
//! the functions connected to it by calls (their signatures must keep matching), and of
//! functions referenced by anything but a `func.call`. Each refusal is a remark, printed
//! with `remarks=true` or `--remarks`.

use super::simplify_structures::ValueMap;
use crate::views::{AffineApply, AffineLoad, AffineStore};
use lattice_dialects::{func, memref};
use lattice_ir::builtin;
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineBinOp, AffineExpr, AffineExprData, AffineMap, AttrData, Ir, Op, OperationState, Type,
    TypeData, Value, WalkOrder,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of `normalize-memrefs` (it has none upstream).
#[derive(Clone, Debug, Default)]
pub struct NormalizeMemrefsOptions {}

/// What the pass did and declined.
#[derive(Debug, Default)]
pub struct Report {
    /// Memref values (allocations, arguments, call results) given an identity layout.
    pub normalized: usize,
    /// Functions whose signature changed.
    pub functions: usize,
    /// One remark per refusal.
    pub remarks: Vec<Diagnostic>,
}

/// The layout of `ty` as a map over its dims, or `None` for identity layouts and
/// non-memrefs.
pub fn layout_map(ctx: &lattice_ir::Context, ty: Type) -> Option<AffineMap> {
    let TypeData::MemRef { shape, layout, .. } = ctx.type_data(ty) else {
        return None;
    };
    let rank = shape.len() as u32;
    let map = match ctx.attr_data((*layout)?) {
        AttrData::AffineMap(m) => *m,
        AttrData::Strided { strides, offset } => {
            if strides.len() != rank as usize
                || *offset == lattice_ir::types::DYNAMIC
                || strides.contains(&lattice_ir::types::DYNAMIC)
            {
                return None;
            }
            let mut e = ctx.constant_expr(*offset);
            for (i, &s) in strides.iter().enumerate() {
                e = ctx.add_expr(
                    e,
                    ctx.mul_expr(ctx.dim_expr(i as u32), ctx.constant_expr(s)),
                );
            }
            ctx.affine_map(rank, 0, vec![e])
        }
        _ => return None,
    };
    if ctx.map_is_identity(map) {
        return None;
    }
    Some(map)
}

/// The identity-layout type `ty` normalizes to, or why it cannot.
pub fn normalized_type(ctx: &lattice_ir::Context, ty: Type) -> Result<Option<Type>, String> {
    let Some(map) = layout_map(ctx, ty) else {
        return Ok(None);
    };
    let TypeData::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_data(ty).clone()
    else {
        return Ok(None);
    };
    if shape.iter().any(|&s| s < 0) {
        return Err("the shape is dynamic".into());
    }
    if ctx.map_num_dims(map) as usize != shape.len() {
        return Err("the layout map's dim count differs from the rank".into());
    }
    if shape.contains(&0) {
        return Err("the memref is empty".into());
    }
    let boxes: Vec<(i64, i64)> = shape.iter().map(|&s| (0, s - 1)).collect();
    let mut new_shape = Vec::new();
    for &e in ctx.map_results(map) {
        let (lo, hi) = range(ctx, e, &boxes).ok_or_else(|| {
            format!(
                "the layout result {} is not bounded over the index box (symbols?)",
                ctx.affine_expr_to_string(e)
            )
        })?;
        if lo < 0 {
            return Err(format!(
                "the layout result {} can be negative",
                ctx.affine_expr_to_string(e)
            ));
        }
        new_shape.push(hi + 1);
    }
    Ok(Some(ctx.ty(TypeData::MemRef {
        shape: new_shape,
        element,
        layout: None,
        memory_space,
    })))
}

/// The range of `e` for dims in `boxes` (interval arithmetic; `None` with symbols).
fn range(ctx: &lattice_ir::Context, e: AffineExpr, boxes: &[(i64, i64)]) -> Option<(i64, i64)> {
    match ctx.expr_data(e) {
        AffineExprData::Dim(d) => boxes.get(d as usize).copied(),
        AffineExprData::Symbol(_) => None,
        AffineExprData::Constant(c) => Some((c, c)),
        AffineExprData::Binary { op, lhs, rhs } => {
            let (a, b) = range(ctx, lhs, boxes)?;
            let (c, d) = range(ctx, rhs, boxes)?;
            match op {
                AffineBinOp::Add => Some((a.checked_add(c)?, b.checked_add(d)?)),
                AffineBinOp::Mul => {
                    let p = [
                        a.checked_mul(c)?,
                        a.checked_mul(d)?,
                        b.checked_mul(c)?,
                        b.checked_mul(d)?,
                    ];
                    Some((*p.iter().min()?, *p.iter().max()?))
                }
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod => {
                    if c != d || c <= 0 {
                        return None;
                    }
                    match op {
                        AffineBinOp::FloorDiv => Some((
                            lattice_ir::affine::floor_div(a, c)?,
                            lattice_ir::affine::floor_div(b, c)?,
                        )),
                        AffineBinOp::CeilDiv => Some((
                            lattice_ir::affine::ceil_div(a, c)?,
                            lattice_ir::affine::ceil_div(b, c)?,
                        )),
                        _ => Some((0, c - 1)),
                    }
                }
            }
        }
    }
}

/// Runs the pass on `module` and returns what it did and declined.
pub fn normalize_memrefs_with_report(
    ir: &mut Ir,
    module: Op,
    _options: &NormalizeMemrefsOptions,
) -> Result<Report, Vec<Diagnostic>> {
    let mut report = Report::default();
    let ctx = ir.ctx_arc().clone();
    let funcs: Vec<Op> = ir
        .regions(module)
        .iter()
        .filter_map(|&r| ir.entry_block(r))
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .filter(|&o| ir.isa::<func::Func>(o))
        .collect();
    let name_of = |ir: &Ir, f: Op| {
        ir.attr(f, "sym_name")
            .and_then(|a| ir.ctx().string_value(a).map(String::from))
            .unwrap_or_default()
    };
    let by_name: FxHashMap<String, Op> = funcs.iter().map(|&f| (name_of(ir, f), f)).collect();
    // Call edges (undirected) and reasons to keep a function as it is.
    let mut edges: FxHashMap<Op, Vec<Op>> = FxHashMap::default();
    let mut blocked: Vec<(Op, Op, String)> = Vec::new();
    for &f in &funcs {
        for o in ir.walk_ops(f, WalkOrder::PreOrder) {
            // Symbol references to functions by ops other than calls.
            for na in ir.attrs(o) {
                let AttrData::SymbolRef { root, nested } = ctx.attr_data(na.value) else {
                    continue;
                };
                if !nested.is_empty() {
                    continue;
                }
                let Some(&g) = by_name.get(ctx.str(*root)) else {
                    continue;
                };
                if ir.isa::<func::Call>(o) && ctx.str(na.name) == "callee" {
                    edges.entry(f).or_default().push(g);
                    edges.entry(g).or_default().push(f);
                } else if o != f {
                    blocked.push((g, o, format!("'{}' refers to it", ir.op_name(o))));
                }
            }
            if ir.isa::<func::Call>(o) {
                let callee = ir.attr(o, "callee").and_then(|a| match ctx.attr_data(a) {
                    AttrData::SymbolRef { root, nested } if nested.is_empty() => {
                        Some(ctx.str(*root).to_string())
                    }
                    _ => None,
                });
                let known = callee.is_some_and(|c| by_name.contains_key(&c));
                let with_layout = ir
                    .operands(o)
                    .iter()
                    .chain(ir.results(o))
                    .any(|&v| layout_map(&ctx, ir.value_type(v)).is_some());
                if !known && with_layout {
                    blocked.push((
                        f,
                        o,
                        "it calls an unknown function with such memrefs".into(),
                    ));
                }
            }
        }
        // Memrefs to normalize and their users.
        let cands = candidates(ir, f);
        let cand_set: FxHashSet<Value> = cands.iter().copied().collect();
        for o in ir.walk_ops(f, WalkOrder::PreOrder) {
            if !ir.isa::<func::Call>(o) && !ir.isa::<func::Return>(o) {
                continue;
            }
            for &v in ir.operands(o) {
                let ty = ir.value_type(v);
                if !cand_set.contains(&v) && normalized_type(&ctx, ty).ok().flatten().is_some() {
                    blocked.push((
                        f,
                        o,
                        format!(
                            "a {} that is not an allocation, argument or call result reaches '{}'",
                            crate::util::type_str(ir, ty),
                            ir.op_name(o)
                        ),
                    ));
                }
            }
        }
        for v in cands {
            let ty = ir.value_type(v);
            if layout_map(&ctx, ty).is_none() || normalized_type(&ctx, ty).ok().flatten().is_none()
            {
                continue;
            }
            for u in ir.uses(v) {
                if !supported_use(ir, u.op, u.index) {
                    blocked.push((
                        f,
                        u.op,
                        format!(
                            "{} is used by '{}', which cannot be rewritten",
                            crate::util::type_str(ir, ty),
                            ir.op_name(u.op)
                        ),
                    ));
                }
            }
        }
    }
    // Blocked functions and everything connected to them by calls keep their layouts.
    let mut keep: FxHashSet<Op> = FxHashSet::default();
    blocked.dedup();
    for (f, at, why) in &blocked {
        let fname = name_of(ir, *f);
        report.remarks.push(Diagnostic::new(
            Severity::Remark,
            DiagLoc::Loc(ir.loc(*at)),
            format!("memrefs of @{fname} not normalized: {why}"),
        ));
        let mut stack = vec![*f];
        while let Some(g) = stack.pop() {
            if keep.insert(g) {
                if g != *f {
                    report.remarks.push(Diagnostic::new(
                        Severity::Remark,
                        DiagLoc::Loc(ir.loc(g)),
                        format!(
                            "memrefs of @{} not normalized: it is connected by calls to @{fname}",
                            name_of(ir, g)
                        ),
                    ));
                }
                stack.extend(edges.get(&g).into_iter().flatten().copied());
            }
        }
    }
    for &f in &funcs {
        if keep.contains(&f) {
            continue;
        }
        normalize_function(ir, f, &mut report);
    }
    Ok(report)
}

/// Runs the pass on `module` (refusals are dropped).
pub fn normalize_memrefs(
    ir: &mut Ir,
    module: Op,
    options: &NormalizeMemrefsOptions,
) -> Result<(), Vec<Diagnostic>> {
    normalize_memrefs_with_report(ir, module, options).map(|_| ())
}

/// The memref values of `f` the pass rewrites: entry arguments, allocations and call
/// results.
fn candidates(ir: &Ir, f: Op) -> Vec<Value> {
    let mut out = Vec::new();
    if let Some(b) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) {
        out.extend_from_slice(ir.block_args(b));
    }
    for o in ir.walk_ops(f, WalkOrder::PreOrder) {
        if ir.is_any_def(
            o,
            &[memref::Alloc::DEF, memref::Alloca::DEF, func::Call::DEF],
        ) {
            out.extend_from_slice(ir.results(o));
        }
    }
    out
}

fn supported_use(ir: &Ir, op: Op, index: u32) -> bool {
    match memref::MemrefKind::of(ir, op) {
        _ if ir.isa::<AffineLoad>(op) => index == 0,
        _ if ir.isa::<AffineStore>(op) => index == 1,
        Some(memref::MemrefKind::Load) => index == 0,
        Some(memref::MemrefKind::Store) => index == 1,
        Some(memref::MemrefKind::Dealloc) => true,
        _ => ir.isa::<func::Call>(op) || ir.isa::<func::Return>(op),
    }
}

fn normalize_function(ir: &mut Ir, f: Op, report: &mut Report) {
    let ctx = ir.ctx_arc().clone();
    let norm = |t: Type| normalized_type(&ctx, t).ok().flatten();
    let mut changed_sig = false;
    // Signature (also of declarations).
    if let Some((ins, outs)) = lattice_dialects::func::function_type(ir, f) {
        let nins: Vec<Type> = ins.iter().map(|&t| norm(t).unwrap_or(t)).collect();
        let nouts: Vec<Type> = outs.iter().map(|&t| norm(t).unwrap_or(t)).collect();
        if nins != ins || nouts != outs {
            let fty = ctx.type_attr(ctx.function_type(nins, nouts));
            ir.set_attr(f, "function_type", fty);
            changed_sig = true;
        }
    }
    if changed_sig {
        report.functions += 1;
    }
    let values = candidates(ir, f);
    for v in values {
        let ty = ir.value_type(v);
        let Some(map) = layout_map(&ctx, ty) else {
            continue;
        };
        let new_ty = match normalized_type(&ctx, ty) {
            Ok(Some(t)) => t,
            Ok(None) => continue,
            Err(why) => {
                let at = ir.defining_op(v).unwrap_or(f);
                let msg = format!("{} not normalized: {why}", crate::util::type_str(ir, ty));
                report.remarks.push(Diagnostic::new(
                    Severity::Remark,
                    DiagLoc::Loc(ir.loc(at)),
                    msg,
                ));
                continue;
            }
        };
        let map = ctx.affine_map(ctx.map_num_dims(map), 0, ctx.map_results(map).to_vec());
        let new_v = match ir.defining_op(v) {
            Some(d) if ir.isa::<memref::Alloc>(d) || ir.isa::<memref::Alloca>(d) => {
                let mut st = OperationState::new(ctx.intern_str(ir.op_name(d)), ir.loc(d));
                st.result_types = vec![new_ty];
                for na in ir.attrs(d) {
                    if ctx.str(na.name) != "operandSegmentSizes" {
                        st.attrs.push(*na);
                    }
                }
                st.add_attr(
                    ctx.intern_str("operandSegmentSizes"),
                    ctx.dense_i32_array(&[0, 0]),
                );
                let n = ir.create_op(st);
                ir.insert_op_before(d, n);
                let nv = ir.result(n, 0);
                ir.replace_all_uses(v, nv);
                ir.erase_op(d);
                nv
            }
            _ => {
                // Block arguments and call results change type in place.
                ir.set_value_type(v, new_ty);
                v
            }
        };
        report.normalized += 1;
        let uses: Vec<(Op, u32)> = ir.uses(new_v).iter().map(|u| (u.op, u.index)).collect();
        for (o, idx) in uses {
            rewrite_use(ir, o, idx as usize, map);
        }
    }
}

/// Rewrites one use (operand `idx` of `op`) of a memref whose layout `map` is now explicit.
fn rewrite_use(ir: &mut Ir, op: Op, idx: usize, map: AffineMap) {
    let ctx = ir.ctx_arc().clone();
    match memref::MemrefKind::of(ir, op) {
        _ if ir.isa::<AffineLoad>(op) || ir.isa::<AffineStore>(op) => {
            let Some(AttrData::AffineMap(old)) = ir
                .attr(op, AffineLoad::MAP)
                .map(|a| ctx.attr_data(a).clone())
            else {
                return;
            };
            let Some(new) = ctx.compose(map, old) else {
                return;
            };
            let new = ctx.simplify_map(new);
            let first = if ir.isa::<AffineLoad>(op) { 1 } else { 2 };
            let mut vm = ValueMap::new(&ctx, new, &ir.operands(op)[first..]);
            vm.canonicalize(ir, op, false);
            let (new, operands) = vm.to_map(&ctx);
            let mut all = ir.operands(op)[..first].to_vec();
            all.extend(operands);
            ir.set_operands(op, all);
            ir.set_attr(op, "map", ctx.affine_map_attr(new));
        }
        Some(memref::MemrefKind::Load | memref::MemrefKind::Store) => {
            let indices: Vec<Value> = ir.operands(op)[idx + 1..].to_vec();
            let mut new_indices = Vec::new();
            for &r in ctx.map_results(map) {
                let m = ctx.affine_map(ctx.map_num_dims(map), 0, vec![r]);
                let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), ir.loc(op));
                st.operands = indices.clone();
                st.result_types = vec![ctx.index_type()];
                st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(m));
                let a = ir.create_op(st);
                ir.insert_op_before(op, a);
                new_indices.push(ir.result(a, 0));
            }
            let mut all = ir.operands(op)[..=idx].to_vec();
            all.extend(new_indices);
            ir.set_operands(op, all);
        }
        _ => {}
    }
}

fn run(ir: &mut Ir, module: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let err = |e: String| vec![Diagnostic::error(DiagLoc::Loc(ir.loc(module)), e)];
    if !ir.isa::<builtin::Module>(module) {
        return Err(err("normalize-memrefs runs on a 'builtin.module'".into()));
    }
    let typed = o.typed_at::<NormalizeMemrefsOptions>(ir, module)?;
    let report = normalize_memrefs_with_report(ir, module, &typed)?;
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `normalize-memrefs` pass.
pub static NORMALIZE_MEMREFS: PassDef = PassDef {
    name: "normalize-memrefs",
    display_name: "NormalizeMemRefs",
    summary: "Normalize memrefs",
    anchor: None,
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why memrefs were not normalized (stderr)",
    )],
    configure: lattice_ir::pass::configure::<NormalizeMemrefsOptions>,
    run,
};

/// `remarks`, the one option, is read by the pass manager.
impl PassConfig for NormalizeMemrefsOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(NormalizeMemrefsOptions {})
    }
}
