//! `gpu-map-parallel-loops`: maps bands of parallel `affine.for` loops, `affine.parallel`
//! and `scf.parallel` loops to `gpu.launch`.
//!
//! `affine.parallel` and `scf.parallel` are parallel by construction: they need no
//! dependence test (their bodies may use `memref.load`/`store`); perfectly nested ops of
//! the same kind whose bounds are defined above the outermost join its band (at most
//! three dimensions in all, or as many as `workgroup-size` has entries); ones with
//! reductions (results) stay on the host. Their dimensions map like a band of
//! `affine.for` loops (the unit-stride dimension to `x`); the bounds of an `affine.parallel`
//! are the max of each lower-bound group and the min of each upper-bound group, and an
//! `scf.parallel` step may be a value.
//!
//! For every `affine.for` (outermost first) the pass checks, with the dependence test of
//! `lattice_affine::analysis::dependence`, that no dependence is carried by the loop and
//! that its body can run in a kernel; it then extends the band with perfectly nested
//! inner loops that are also parallel and whose bounds are defined above the band (at
//! most three, or as many as `workgroup-size` has entries). The band becomes one
//! `gpu.launch`: the loop indexing the unit-stride dimension of the most accesses maps to
//! `x` (adjacent invocations touch adjacent addresses of row-major memrefs; ties: the
//! innermost, see [`super::coalesce`]), the others from the inside out to `y`, then `z`. Each dimension
//! runs `ceildiv(trip count, workgroup size)` workgroups of the chosen size; invocation
//! `(b, t)` computes the iteration `lb + (b * size + t) * step` and does nothing when that
//! linear index is past the trip count (the guard of partial workgroups). Loops nested
//! below the band stay sequential inside the kernel, with their affine ops: `gpu.launch`
//! is an affine scope and the induction variables are computed at its top level.
//!
//! Refusals (a remark at the loop, then the pass looks at the loops inside it): a
//! dependence carried by the loop, `iter_args` (reductions), a body with ops that cannot
//! run in a kernel (calls, allocation, non-affine memory accesses whose dependences
//! cannot be analysed), f64 or i64 values (no device support in the portable target;
//! `demote-f64` computes f64 in f32 instead), memrefs with dynamic shapes or layouts.
//! Loops already inside a `gpu.launch` or a `gpu.func` are left alone.

use super::build::{Builder, InsertPoint, SLT};
use lattice_affine::analysis::dependence::{self, Dependence};
use lattice_affine::views::{
    is_affine_loop, AffineApply, AffineFor, AffineKind, AffineMax, AffineMin, AffineParallel,
};
use lattice_dialects::arith::{self, ArithKind};
use lattice_dialects::math::MathKind;
use lattice_dialects::{func, gpu, memref, scf, ub};
use lattice_ir::diag::Severity;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineMap, AttrData, DiagLoc, Diagnostic, Ir, Op, Type, TypeData, Value, WalkOrder,
};

/// Options of `gpu-map-parallel-loops`.
#[derive(Clone, Debug, Default)]
pub struct MapOptions {
    /// Workgroup size per mapped dimension, `x` first; empty: 64, 16x16 or 8x8x4 by the
    /// number of mapped loops. Its length also caps how many loops one launch maps.
    pub workgroup_size: Vec<i64>,
    /// Accept f64 in mapped loops (the emitter then computes them in f32).
    pub demote_f64: bool,
    /// Accept f64 in mapped loops (the device has `SHADER_F64`).
    pub shader_f64: bool,
    /// Accept i64 in mapped loops (the device has `SHADER_INT64`).
    pub shader_i64: bool,
    /// Iterations per invocation along each mapped dimension, `x` first (a register
    /// tile); missing entries are 1. Invocation `t` of a workgroup of `s` computes the
    /// iterations `t + s * r`, `0 <= r < tile`, so adjacent invocations still touch
    /// adjacent elements.
    pub thread_tile: Vec<i64>,
}

/// What the mapping did.
#[derive(Debug, Default)]
pub struct MapReport {
    /// The `gpu.launch` ops created.
    pub launches: Vec<Op>,
    /// One remark per loop left on the host, saying why.
    pub remarks: Vec<Diagnostic>,
}

/// The `gpu-map-parallel-loops` pass.
pub static MAP_PARALLEL_LOOPS: PassDef = PassDef {
    name: "gpu-map-parallel-loops",
    display_name: "GpuMapParallelLoops",
    summary: "Map bands of parallel affine.for loops to gpu.launch (innermost loop to x)",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::ints(
            "workgroup-size",
            1,
            1024,
            "",
            "Workgroup size per mapped dimension, x first (e.g. 16,16)",
        ),
        PassOption::bool(
            "demote-f64",
            false,
            "Map loops computing in f64 (the emitter demotes them to f32)",
        ),
        PassOption::bool(
            "shader-f64",
            false,
            "Map loops computing in f64 (for devices with SHADER_F64)",
        ),
        PassOption::bool(
            "shader-i64",
            false,
            "Map loops computing in i64 (for devices with SHADER_INT64)",
        ),
        PassOption::ints(
            "thread-tile",
            1,
            1024,
            "",
            "Iterations per invocation per mapped dimension, x first (e.g. 2,2)",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why loops stay on the host (also --remarks)",
        ),
    ],
    configure: lattice_ir::pass::configure::<MapOptions>,
    run: run_pass,
};

impl PassConfig for MapOptions {
    fn from_options(options: &OptionValues) -> Result<Self, OptionError> {
        let workgroup_size = options.int_list("workgroup-size")?;
        let demote_f64 = options.bool("demote-f64", false)?;
        let shader_f64 = options.bool("shader-f64", false)?;
        let shader_i64 = options.bool("shader-i64", false)?;
        let thread_tile = options.int_list("thread-tile")?;
        let opts = MapOptions {
            workgroup_size,
            demote_f64,
            shader_f64,
            shader_i64,
            thread_tile,
        };
        check_options(&opts)?;
        Ok(opts)
    }
}

fn run_pass(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let opts = options.typed_at::<MapOptions>(ir, op)?;
    let report = map_parallel_loops(ir, op, &opts);
    lattice_ir::pass::report_declined(&report.remarks, options);
    Ok(())
}

/// Checks the workgroup sizes (1 to 3 positive entries, at most 1024 invocations).
pub fn check_options(options: &MapOptions) -> Result<(), OptionError> {
    let w = &options.workgroup_size;
    if w.len() > 3 || w.iter().any(|&s| s <= 0) {
        return Err(OptionError::invalid(
            "workgroup-size",
            format!("must have 1 to 3 positive entries, got {w:?}"),
        ));
    }
    let t = &options.thread_tile;
    if t.len() > 3 || t.iter().any(|&s| s <= 0) {
        return Err(OptionError::invalid(
            "thread-tile",
            format!("must have at most 3 positive entries, got {t:?}"),
        ));
    }
    if w.iter().product::<i64>() > 1024 {
        return Err(OptionError::invalid(
            "workgroup-size",
            format!("{w:?} has more than 1024 invocations"),
        ));
    }
    Ok(())
}

/// Maps the parallel loop bands of `func` (see the module docs).
pub fn map_parallel_loops(ir: &mut Ir, func: Op, options: &MapOptions) -> MapReport {
    let mut report = MapReport::default();
    let regions = ir.regions(func).to_vec();
    for r in regions {
        let blocks: Vec<_> = ir.region_blocks(r).collect();
        for b in blocks {
            visit_block(ir, b, options, &mut report);
        }
    }
    report
}

fn visit_block(
    ir: &mut Ir,
    block: lattice_ir::Block,
    options: &MapOptions,
    report: &mut MapReport,
) {
    let ops: Vec<Op> = ir.block_ops(block).collect();
    for op in ops {
        if ir.is_any_def(
            op,
            &[gpu::Launch::DEF, gpu::GPUModule::DEF, gpu::GPUFunc::DEF],
        ) {
            continue;
        }
        if is_affine_loop(ir, op) || ir.isa::<scf::Parallel>(op) {
            match try_map(ir, op, options) {
                Ok(launch) => {
                    report.launches.push(launch);
                    continue;
                }
                Err(why) => report.remarks.push(Diagnostic {
                    severity: Severity::Remark,
                    message: format!("loop not mapped to the GPU: {why}"),
                    loc: DiagLoc::Loc(ir.loc(op)),
                    notes: Vec::new(),
                }),
            }
        }
        for r in ir.regions(op).to_vec() {
            let blocks: Vec<_> = ir.region_blocks(r).collect();
            for b in blocks {
                visit_block(ir, b, options, report);
            }
        }
    }
}

/// `(lower operands, upper operands, iter_args inits)` of an `affine.for`.
pub(crate) fn for_segments(ir: &Ir, op: Op) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let ops = ir.operands(op);
    let seg: Vec<usize> = match ir
        .attr(op, "operandSegmentSizes")
        .map(|a| ir.ctx().attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as usize).collect(),
        _ => vec![0, 0, ops.len()],
    };
    let (a, b) = (seg[0], seg[1]);
    (
        ops[..a].to_vec(),
        ops[a..a + b].to_vec(),
        ops[a + b..].to_vec(),
    )
}

pub(crate) use lattice_affine::util::map_attr;

pub(crate) fn for_step(ir: &Ir, op: Op) -> i64 {
    ir.attr(op, AffineFor::STEP)
        .and_then(|a| ir.ctx().int_value(a))
        .map_or(1, |v| v as i64)
}

fn body_block(ir: &Ir, op: Op) -> lattice_ir::Block {
    ir.entry_block(ir.region(op, 0))
        .expect("affine.for has a body block")
}

/// A short name for a type in a remark.
pub(crate) fn type_name(ir: &Ir, ty: Type) -> String {
    let ctx = ir.ctx();
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => format!("i{width}"),
        TypeData::Index => "index".into(),
        TypeData::Float(k) => k.keyword().into(),
        TypeData::MemRef { shape, element, .. } => {
            let dims: String = shape
                .iter()
                .map(|&d| {
                    if d < 0 {
                        "?x".to_string()
                    } else {
                        format!("{d}x")
                    }
                })
                .collect();
            format!("memref<{dims}{}>", type_name(ir, *element))
        }
        other => format!("{other:?}"),
    }
}

/// Why a value of type `ty` cannot live in a kernel, if it cannot.
fn unsupported_type(ir: &Ir, ty: Type, options: &MapOptions) -> Option<String> {
    let ctx = ir.ctx();
    match ctx.type_data(ty) {
        TypeData::MemRef { .. } => {
            let shape = ctx.shape(ty).unwrap_or(&[]);
            if shape.iter().any(|&d| d < 0) {
                return Some(format!(
                    "memref type {} has a dynamic shape (only static shapes are mapped)",
                    type_name(ir, ty)
                ));
            }
            if let TypeData::MemRef {
                layout: Some(_), ..
            } = ctx.type_data(ty)
            {
                return Some(format!(
                    "memref type {} has a non-identity layout",
                    type_name(ir, ty)
                ));
            }
            unsupported_type(ir, ctx.element_type(ty), options)
        }
        _ => {
            let text = type_name(ir, ty);
            match text.as_str() {
                "f64" if !options.demote_f64 && !options.shader_f64 => Some(
                    "it computes in f64, which needs a device with SHADER_F64 (option shader-f64) or the option demote-f64 (computes in f32)"
                        .into(),
                ),
                "i64" if !options.shader_i64 => Some(
                    "it computes in i64, which needs a device with SHADER_INT64 (option shader-i64)".into(),
                ),
                "f32" | "f64" | "f16" | "i32" | "i64" | "i1" | "index" => None,
                _ => Some(format!("it uses type {text}, which kernels do not support")),
            }
        }
    }
}

/// The `scf` and `ub` ops a kernel body may hold.
const KERNEL_OPS: &[&lattice_ir::OpDef] = &[
    scf::For::DEF,
    scf::If::DEF,
    scf::Yield::DEF,
    scf::While::DEF,
    scf::Condition::DEF,
    ub::Poison::DEF,
];

/// Whether every op in `root` (not counting `root` itself) can run in a kernel and,
/// unless `root` is parallel by construction (`affine.parallel`, `scf.parallel`: no
/// dependence test is needed), every access is affine.
fn check_body(ir: &Ir, root: Op, options: &MapOptions) -> Result<(), String> {
    let declared_parallel = !ir.isa::<AffineFor>(root);
    for op in ir.walk_ops(root, WalkOrder::PreOrder) {
        let name = ir.op_name(op);
        let memref_access = ir.is_any_def(op, &[memref::Load::DEF, memref::Store::DEF]);
        let ok = op == root
            || (declared_parallel && memref_access)
            || (ir.isa::<scf::Reduce>(op) && ir.operands(op).is_empty())
            || matches!(
                AffineKind::of(ir, op),
                Some(
                    AffineKind::For
                        | AffineKind::If
                        | AffineKind::Load
                        | AffineKind::Store
                        | AffineKind::Apply
                        | AffineKind::Min
                        | AffineKind::Max
                        | AffineKind::Yield
                )
            )
            || ir.is_any_def(op, KERNEL_OPS)
            || (ArithKind::of(ir, op).is_some() || MathKind::of(ir, op).is_some());
        if !ok {
            return Err(if memref_access {
                format!(
                    "it contains the non-affine access '{name}', whose dependences cannot be analysed"
                )
            } else {
                format!("it contains '{name}', which cannot run in a GPU kernel")
            });
        }
        for &v in ir.operands(op).iter().chain(ir.results(op)) {
            if let Some(why) = unsupported_type(ir, ir.value_type(v), options) {
                return Err(why);
            }
        }
    }
    Ok(())
}

/// Whether no dependence is carried by `l`; `Err` names the two accesses.
pub fn carried_dependence(ir: &Ir, l: Op) -> Result<(), String> {
    let accesses: Vec<Op> = ir
        .walk_ops(l, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| dependence::access(ir, o).is_some())
        .collect();
    dependence::within_test_budget(ir, &accesses, 1).map_err(|e| e.to_string())?;
    let depth = dependence::enclosing_loops(ir, l).len() + 1;
    for &src in &accesses {
        for &dst in &accesses {
            if dependence::check_dependence(ir, src, dst, depth) != Dependence::None {
                let at = |o: Op| {
                    lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(o))
                        .map(|(_, line, col)| format!(" at {line}:{col}"))
                        .unwrap_or_default()
                };
                return Err(format!(
                    "a dependence from '{}'{} to '{}'{} is carried by this loop",
                    ir.op_name(src),
                    at(src),
                    ir.op_name(dst),
                    at(dst)
                ));
            }
        }
    }
    Ok(())
}

/// Whether `v` is defined outside `op`.
pub(crate) fn defined_above(ir: &Ir, v: Value, op: Op) -> bool {
    let owner = ir
        .defining_op(v)
        .or_else(|| ir.value_block(v).and_then(|b| ir.block_parent_op(b)));
    match owner {
        Some(o) => !ir.is_ancestor(op, o),
        None => true,
    }
}

/// Whether the loop can be the outermost loop of a band; returns the band.
fn band(ir: &Ir, l: Op, options: &MapOptions) -> Result<Vec<Op>, String> {
    if ir.isa::<AffineFor>(l) && !for_segments(ir, l).2.is_empty() {
        return Err("it carries iter_args (a reduction), which is not mapped".into());
    }
    check_body(ir, l, options)?;
    carried_dependence(ir, l)?;
    let max = if options.workgroup_size.is_empty() {
        3
    } else {
        options.workgroup_size.len()
    };
    let mut band = vec![l];
    while band.len() < max {
        let last = *band.last().unwrap();
        let ops: Vec<Op> = ir.block_ops(body_block(ir, last)).collect();
        if ops.len() != 2 || !ir.isa::<AffineFor>(ops[0]) {
            break;
        }
        let inner = ops[0];
        let (lbo, ubo, inits) = for_segments(ir, inner);
        if !inits.is_empty() || !lbo.iter().chain(&ubo).all(|&v| defined_above(ir, v, l)) {
            break;
        }
        if carried_dependence(ir, inner).is_err() {
            break;
        }
        band.push(inner);
    }
    Ok(band)
}

fn default_sizes(n: usize) -> Vec<i64> {
    match n {
        1 => vec![64],
        2 => vec![16, 16],
        _ => vec![8, 8, 4],
    }
}

/// A bound of `l` as a host value: `affine.apply` for one result, else `affine.max`
/// (lower) / `affine.min` (upper); constants as `arith.constant`.
pub(crate) fn bound_value(
    b: &mut Builder<'_>,
    map: AffineMap,
    operands: Vec<Value>,
    lower: bool,
) -> Value {
    let ctx = b.ir.ctx_arc().clone();
    if let Some(c) = ctx.map_single_constant_result(map) {
        return b.index_const(c);
    }
    let name = if ctx.map_num_results(map) == 1 {
        AffineApply::NAME
    } else if lower {
        AffineMax::NAME
    } else {
        AffineMin::NAME
    };
    let idx = ctx.index_type();
    b.value(name, operands, idx, vec![("map", ctx.affine_map_attr(map))])
}

/// The step of a mapped dimension.
#[derive(Clone, Copy)]
enum Step {
    Const(i64),
    /// An `index` value defined above the loop (`scf.parallel`).
    Value(Value),
}

/// One loop dimension to map: host values for its lower bound and trip count, its
/// step, and the induction variable the kernel computes.
struct MappedDim {
    lb: Value,
    trip: Value,
    step: Step,
    iv: Value,
}

/// The induction variable `lb + lin * step` of mapped dimension `dim`.
fn scaled_iv(k: &mut Builder<'_>, lin: Value, dim: &MappedDim) -> Value {
    let scaled = match dim.step {
        Step::Const(1) => lin,
        Step::Const(s) => {
            let s = k.index_const(s);
            k.binary(arith::MulI::NAME, lin, s)
        }
        Step::Value(s) => k.binary(arith::MulI::NAME, lin, s),
    };
    if super::outline::constant_int(k.ir, dim.lb) == Some(0) {
        scaled
    } else {
        k.binary(arith::AddI::NAME, dim.lb, scaled)
    }
}

/// The trip count `max(ceildiv(ub - lb, step), 0)` on the host.
fn trip_count(b: &mut Builder<'_>, lb: Value, ub: Value, step: Step) -> Value {
    let (cl, cu) = (
        super::outline::constant_int(b.ir, lb),
        super::outline::constant_int(b.ir, ub),
    );
    if let (Some(l), Some(u), Step::Const(s)) = (cl, cu, step) {
        return b.index_const(((u - l).max(0) + s - 1) / s);
    }
    let mut t = b.binary(arith::SubI::NAME, ub, lb);
    match step {
        Step::Const(1) => {}
        Step::Const(s) => {
            let s = b.index_const(s);
            t = b.binary(arith::CeilDivSI::NAME, t, s);
        }
        Step::Value(s) => t = b.binary(arith::CeilDivSI::NAME, t, s),
    }
    let zero = b.index_const(0);
    b.binary(arith::MaxSI::NAME, t, zero)
}

/// The dimensions of an `affine.for` band, with host values created before `root`.
fn for_band_dims(ir: &mut Ir, root: Op, band: &[Op]) -> Result<Vec<MappedDim>, String> {
    let ctx = ir.ctx_arc().clone();
    let mut b = Builder::new(ir, InsertPoint::Before(root), ir.loc(root));
    let mut dims = Vec::new();
    for &lp in band {
        let (lbo, ubo, _) = for_segments(b.ir, lp);
        let lbm = map_attr(b.ir, lp, AffineFor::LOWER_BOUND_MAP).ok_or("malformed affine.for")?;
        let ubm = map_attr(b.ir, lp, AffineFor::UPPER_BOUND_MAP).ok_or("malformed affine.for")?;
        let step = for_step(b.ir, lp);
        let iv = b.ir.block_args(body_block(b.ir, lp))[0];
        let (clb, cub) = (
            ctx.map_single_constant_result(lbm),
            ctx.map_single_constant_result(ubm),
        );
        if let (Some(l), Some(u)) = (clb, cub) {
            // Constant bounds: a constant trip count.
            let lb = b.index_const(l);
            let trip = b.index_const(((u - l).max(0) + step - 1) / step);
            dims.push(MappedDim {
                lb,
                trip,
                step: Step::Const(step),
                iv,
            });
            continue;
        }
        let lb = bound_value(&mut b, lbm, lbo, true);
        let ub = bound_value(&mut b, ubm, ubo, false);
        let trip = trip_count(&mut b, lb, ub, Step::Const(step));
        dims.push(MappedDim {
            lb,
            trip,
            step: Step::Const(step),
            iv,
        });
    }
    Ok(dims)
}

/// The dimensions of an `affine.parallel` (bounds: max of each lower-bound group, min
/// of each upper-bound group), with host values created before `at`.
fn affine_parallel_dims(ir: &mut Ir, op: Op, at: Op) -> Result<Vec<MappedDim>, String> {
    let ctx = ir.ctx_arc().clone();
    let malformed = || "malformed affine.parallel".to_string();
    let groups = |name: &str| lattice_affine::util::dense_elements(&ctx, ir.attr(op, name));
    let lbg = groups("lowerBoundsGroups").ok_or_else(malformed)?;
    let ubg = groups("upperBoundsGroups").ok_or_else(malformed)?;
    let steps = lattice_affine::util::int_array(&ctx, ir.attr(op, AffineParallel::STEPS))
        .ok_or_else(malformed)?;
    let lbm = map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP).ok_or_else(malformed)?;
    let ubm = map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP).ok_or_else(malformed)?;
    let operands = ir.operands(op).to_vec();
    let (lbo, ubo) = operands.split_at(ctx.map_num_inputs(lbm).min(operands.len()));
    let ivs = ir.block_args(body_block(ir, op)).to_vec();
    if ivs.len() != lbg.len() || ivs.len() != ubg.len() || ivs.len() != steps.len() {
        return Err(malformed());
    }
    let mut b = Builder::new(ir, InsertPoint::Before(at), ir.loc(op));
    let mut dims = Vec::new();
    let (mut lp, mut up) = (0usize, 0usize);
    for d in 0..ivs.len() {
        let mut bound = |map: AffineMap, pos: &mut usize, n: i64, ops: &[Value], lower| {
            let results = ctx.map_results(map).get(*pos..*pos + n as usize)?.to_vec();
            *pos += n as usize;
            let sub = ctx.affine_map(ctx.map_num_dims(map), ctx.map_num_symbols(map), results);
            Some(bound_value(&mut b, sub, ops.to_vec(), lower))
        };
        let lb = bound(lbm, &mut lp, lbg[d], lbo, true).ok_or_else(malformed)?;
        let ub = bound(ubm, &mut up, ubg[d], ubo, false).ok_or_else(malformed)?;
        let step = Step::Const(steps[d]);
        let trip = trip_count(&mut b, lb, ub, step);
        dims.push(MappedDim {
            lb,
            trip,
            step,
            iv: ivs[d],
        });
    }
    Ok(dims)
}

/// The dimensions of an `scf.parallel`, with host values created before `at`.
fn scf_parallel_dims(ir: &mut Ir, op: Op, at: Op) -> Result<Vec<MappedDim>, String> {
    let operands = ir.operands(op).to_vec();
    let ivs = ir.block_args(body_block(ir, op)).to_vec();
    let n = ivs.len();
    if operands.len() < 3 * n {
        return Err("malformed scf.parallel".into());
    }
    let mut b = Builder::new(ir, InsertPoint::Before(at), ir.loc(op));
    let mut dims = Vec::new();
    for d in 0..n {
        let (lb, ub, s) = (operands[d], operands[n + d], operands[2 * n + d]);
        let step = match super::outline::constant_int(b.ir, s) {
            Some(c) if c > 0 => Step::Const(c),
            Some(_) => return Err("its step is not positive".into()),
            None => Step::Value(s),
        };
        let trip = trip_count(&mut b, lb, ub, step);
        dims.push(MappedDim {
            lb,
            trip,
            step,
            iv: ivs[d],
        });
    }
    Ok(dims)
}

/// The loops that are parallel by construction (`affine.parallel`, `scf.parallel`)
/// mapped together with `op`: `op` and the ops of the same kind perfectly nested in it
/// whose bounds are defined above `op`. Checks no reductions, at most as many
/// dimensions as can be mapped, and an innermost body that can run in a kernel.
fn declared_parallel_nest(ir: &Ir, op: Op, options: &MapOptions) -> Result<Vec<Op>, String> {
    let name = ir.op_name(op);
    let max = if options.workgroup_size.is_empty() {
        3
    } else {
        options.workgroup_size.len()
    };
    let dims = |o: Op| ir.block_args(body_block(ir, o)).len();
    let mut nest = vec![op];
    let mut n = dims(op);
    loop {
        let last = *nest.last().expect("non-empty nest");
        if !ir.results(last).is_empty() {
            return Err(format!(
                "it has reductions, which are not mapped ('{name}' with results)"
            ));
        }
        let ops: Vec<Op> = ir.block_ops(body_block(ir, last)).collect();
        match ops.as_slice() {
            [inner, _]
                if ir
                    .op_def(op)
                    .is_some_and(|d| lattice_ir::view::is_def(ir, *inner, d))
                    && n + dims(*inner) <= max
                    && ir
                        .operands(*inner)
                        .iter()
                        .all(|&v| defined_above(ir, v, op)) =>
            {
                n += dims(*inner);
                nest.push(*inner);
            }
            _ => break,
        }
    }
    if n > max {
        return Err(format!(
            "it has {n} dimensions, more than the {max} that can be mapped"
        ));
    }
    check_body(ir, *nest.last().expect("non-empty nest"), options)?;
    Ok(nest)
}

/// Maps the loop `l` (an `affine.for` band, an `affine.parallel` or an `scf.parallel`)
/// to a `gpu.launch` (module docs); `Err` says why not.
pub fn try_map(ir: &mut Ir, l: Op, options: &MapOptions) -> Result<Op, String> {
    let kind = AffineKind::of(ir, l);
    let (dims, body) = match kind {
        Some(AffineKind::For) => {
            let band = band(ir, l, options)?;
            let body = body_block(ir, *band.last().expect("non-empty band"));
            (for_band_dims(ir, l, &band)?, body)
        }
        _ if kind == Some(AffineKind::Parallel) || ir.isa::<scf::Parallel>(l) => {
            let nest = declared_parallel_nest(ir, l, options)?;
            let mut dims = Vec::new();
            for &o in &nest {
                dims.extend(if ir.isa::<AffineParallel>(o) {
                    affine_parallel_dims(ir, o, l)?
                } else {
                    scf_parallel_dims(ir, o, l)?
                });
            }
            if dims.is_empty() {
                return Err("it has no dimensions".into());
            }
            (dims, body_block(ir, *nest.last().expect("non-empty nest")))
        }
        _ => {
            let other = ir.op_name(l);
            return Err(format!("'{other}' is not a loop the mapping handles"));
        }
    };
    Ok(build_launch(ir, l, dims, body, options))
}

/// Creates an empty `gpu.launch` of `grid` blocks of `block` threads (x, y, z) at the
/// builder's position; returns it and its entry block (12 `index` arguments: block and
/// thread ids, grid and block sizes), which the caller fills and ends with
/// `gpu.terminator`.
pub(crate) fn create_launch(
    b: &mut Builder<'_>,
    grid: &[Value],
    block: &[Value],
) -> (Op, lattice_ir::Block) {
    let ctx = b.ir.ctx_arc().clone();
    let region = b.ir.create_region();
    let entry = b.ir.create_block(&[ctx.index_type(); 12]);
    b.ir.append_block(region, entry);
    let mut operands = grid.to_vec();
    operands.extend(block);
    let seg = ctx.dense_i32_array(&[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    let launch = b.op(
        gpu::Launch::NAME,
        operands,
        vec![],
        vec![
            ("operandSegmentSizes", seg),
            ("workgroup_attributions", ctx.i64_attr(0)),
        ],
        vec![region],
    );
    (launch, entry)
}

/// Replaces loop `l` by a `gpu.launch` over `dims` (outermost first; the last maps to
/// `x`) whose guarded body is `body` without its terminator.
fn build_launch(
    ir: &mut Ir,
    l: Op,
    dims: Vec<MappedDim>,
    body: lattice_ir::Block,
    options: &MapOptions,
) -> Op {
    let n = dims.len();
    // order[d] = position in `dims` mapped to dimension d (x: the unit-stride loop).
    let ivs: Vec<Value> = dims.iter().map(|d| d.iv).collect();
    let order = super::coalesce::dimension_order(ir, l, &ivs);
    let sizes = if options.workgroup_size.is_empty() {
        default_sizes(n)
    } else {
        let mut s = options.workgroup_size.clone();
        s.truncate(n);
        s
    };
    let loc = ir.loc(l);
    let trips: Vec<Value> = dims.iter().map(|d| d.trip).collect();
    let tiles: Vec<i64> = (0..n)
        .map(|d| options.thread_tile.get(d).copied().unwrap_or(1))
        .collect();
    let mut b = Builder::new(ir, InsertPoint::Before(l), loc);
    let dim_of = |pos: usize| order.iter().position(|&p| p == pos).unwrap();
    let mut grid = Vec::new();
    let mut block = Vec::new();
    #[allow(clippy::needless_range_loop)]
    for d in 0..3 {
        if d < n {
            let pos = order[d];
            let w = b.index_const(sizes[d]);
            let per = sizes[d] * tiles[d];
            match super::outline::constant_int(b.ir, trips[pos]) {
                Some(t) => grid.push(b.index_const((t + per - 1) / per)),
                None => {
                    let p = if per == sizes[d] {
                        w
                    } else {
                        b.index_const(per)
                    };
                    grid.push(b.binary(arith::CeilDivSI::NAME, trips[pos], p))
                }
            }
            block.push(w);
        } else {
            let one = b.index_const(1);
            grid.push(one);
            block.push(one);
        }
    }
    let (launch, entry) = create_launch(&mut b, &grid, &block);
    // Kernel side: induction variables and the guard, at the launch's top level.
    let args = ir.block_args(entry).to_vec();
    let mut k = Builder::new(ir, InsertPoint::End(entry), loc);
    // Per position: the guard condition and the induction variable; untiled dimensions
    // at the launch's top level, tiled ones inside their tile loops.
    let mut conds: Vec<Option<Value>> = vec![None; n];
    let mut ivs: Vec<Option<Value>> = vec![None; n];
    let mut bases = Vec::new();
    for pos in 0..n {
        let d = dim_of(pos);
        let (bid, tid, bsz) = (args[d], args[3 + d], args[9 + d]);
        let mut m = k.binary(arith::MulI::NAME, bid, bsz);
        if tiles[d] > 1 {
            let t = k.index_const(tiles[d]);
            m = k.binary(arith::MulI::NAME, m, t);
        }
        let lin = k.binary(arith::AddI::NAME, m, tid);
        bases.push(lin);
        if tiles[d] == 1 {
            conds[pos] = Some(k.cmpi(SLT, lin, trips[pos]));
            ivs[pos] = Some(scaled_iv(&mut k, lin, &dims[pos]));
        }
    }
    // Register tiles: one loop per tiled dimension (z outermost) around the guard.
    let mut at = InsertPoint::End(entry);
    let mut tile_ivs = [None; 3];
    for d in (0..n).rev() {
        if tiles[d] > 1 {
            let zero = ir.ctx().constant_map(0);
            let ub = ir.ctx().constant_map(tiles[d]);
            let (_, r, rb) =
                super::promote::build_for(ir, at, loc, (zero, vec![]), (ub, vec![]), 1);
            at = InsertPoint::Before(ir.last_op(rb).expect("the body ends with its terminator"));
            tile_ivs[d] = Some(r);
        }
    }
    let mut k = Builder::new(ir, at, loc);
    for pos in 0..n {
        let d = dim_of(pos);
        let Some(r) = tile_ivs[d] else { continue };
        // lin = base + size * r, as affine.apply so that the body's affine accesses may
        // use the induction variable inside the tile loops.
        let ctx = k.ir.ctx_arc().clone();
        let idx = ctx.index_type();
        let lin_e = ctx.add_expr(
            ctx.symbol_expr(0),
            ctx.mul_expr(ctx.dim_expr(0), ctx.constant_expr(sizes[d])),
        );
        let lin_m = ctx.affine_map(1, 1, vec![lin_e]);
        let lin = k.value(
            AffineApply::NAME,
            vec![r, bases[pos]],
            idx,
            vec![("map", ctx.affine_map_attr(lin_m))],
        );
        conds[pos] = Some(k.cmpi(SLT, lin, trips[pos]));
        let lb0 = super::outline::constant_int(k.ir, dims[pos].lb) == Some(0);
        ivs[pos] = Some(match dims[pos].step {
            Step::Const(1) if lb0 => lin,
            Step::Const(step) => {
                // iv = lb + lin * step.
                let iv_e = ctx.add_expr(
                    ctx.symbol_expr(1),
                    ctx.mul_expr(lin_e, ctx.constant_expr(step)),
                );
                let iv_m = ctx.affine_map(1, 2, vec![iv_e]);
                k.value(
                    AffineApply::NAME,
                    vec![r, bases[pos], dims[pos].lb],
                    idx,
                    vec![("map", ctx.affine_map_attr(iv_m))],
                )
            }
            // A step that is a value (scf.parallel, whose body is not affine).
            Step::Value(_) => scaled_iv(&mut k, lin, &dims[pos]),
        });
    }
    let conds: Vec<Value> = conds
        .into_iter()
        .map(|c| c.expect("every dimension"))
        .collect();
    let ivs: Vec<Value> = ivs
        .into_iter()
        .map(|v| v.expect("every dimension"))
        .collect();
    let mut cond = conds[0];
    for &c in &conds[1..] {
        cond = k.binary(arith::AndI::NAME, cond, c);
    }
    let then_r = k.ir.create_region();
    let then_b = k.ir.create_block(&[]);
    k.ir.append_block(then_r, then_b);
    let else_r = k.ir.create_region();
    k.op(
        scf::If::NAME,
        vec![cond],
        vec![],
        vec![],
        vec![then_r, else_r],
    );
    let mut t = Builder::new(ir, InsertPoint::End(entry), loc);
    t.op(gpu::Terminator::NAME, vec![], vec![], vec![], vec![]);
    // Move the innermost body into the guard.
    let moved: Vec<Op> = ir.block_ops(body).collect();
    for &o in &moved[..moved.len() - 1] {
        ir.detach_op(o);
        ir.append_op(then_b, o);
    }
    let mut y = Builder::new(ir, InsertPoint::End(then_b), loc);
    y.op(scf::Yield::NAME, vec![], vec![], vec![], vec![]);
    for (d, &iv) in dims.iter().zip(&ivs) {
        ir.replace_all_uses(d.iv, iv);
    }
    ir.erase_op(l);
    launch
}
