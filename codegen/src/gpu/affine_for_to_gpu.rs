//! `convert-affine-for-to-gpu` (mlir-opt's pass of that name, options `gpu-block-dims`
//! and `gpu-thread-dims`, both 1 by default): each `affine.for` nest at the top level of
//! a function becomes a `gpu.launch` with one block per iteration of its first
//! `gpu-block-dims` loops (outermost to `x`) and one thread per iteration of the next
//! `gpu-thread-dims` loops; loops below stay inside the launch. Output form as upstream:
//! on the host, per loop, its bounds, `arith.subi ub, lb`, the step constant and, for a
//! non-unit step, `arith.ceildivsi`; then one constant 1 for the unused dimensions; in
//! the launch, per loop, `lb + step * id`.
//!
//! Upstream's errors are kept ("expected perfectly nested loops in the body", "loops
//! with bounds depending on other mapped loops are not supported", "cannot map to more
//! than 3 block/thread dimensions"). Unlike upstream, a nest whose mapped loops carry a
//! dependence, or whose body accesses memory in ways the dependence test cannot see
//! (non-affine accesses, calls), is refused with an error instead of being mapped into a
//! racy kernel. Bounds are affine ops on the host where upstream expands them into
//! `arith` (a constant bound is an `arith.constant` and a bound that is one operand is
//! that operand, as upstream).

use super::build::{Builder, InsertPoint};
use super::map::{
    carried_dependence, create_launch, defined_above, for_segments, for_step, map_attr,
};
use lattice_affine::views::{AffineFor, AffineLoad, AffineStore};
use lattice_dialects::{arith, func, gpu};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AffineMap, DiagLoc, Diagnostic, Ir, Op, Value, WalkOrder};

/// The `convert-affine-for-to-gpu` pass.
pub static CONVERT_AFFINE_FOR_TO_GPU: PassDef = PassDef {
    name: "convert-affine-for-to-gpu",
    display_name: "ConvertAffineForToGPUPass",
    summary: "Convert top-level AffineFor Ops to GPU kernels",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "gpu-block-dims",
            0,
            3,
            "1",
            "Number of GPU block dimensions for mapping",
        ),
        PassOption::int(
            "gpu-thread-dims",
            0,
            3,
            "1",
            "Number of GPU thread dimensions for mapping",
        ),
    ],
    configure: lattice_ir::pass::configure::<AffineForToGpuOptions>,
    run: run_pass,
};

/// Options of `convert-affine-for-to-gpu`: how many loops of a nest become block and
/// thread dimensions.
#[derive(Clone, Copy, Debug)]
pub struct AffineForToGpuOptions {
    pub block_dims: usize,
    pub thread_dims: usize,
}

impl PassConfig for AffineForToGpuOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let dims = |key: &str| {
            let v = o.int(key, 1)?;
            usize::try_from(v).map_err(|_| OptionError::expected(key, "0 or more", &v.to_string()))
        };
        Ok(AffineForToGpuOptions {
            block_dims: dims("gpu-block-dims")?,
            thread_dims: dims("gpu-thread-dims")?,
        })
    }
}

fn run_pass(ir: &mut Ir, func: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let AffineForToGpuOptions {
        block_dims: blocks,
        thread_dims: threads,
    } = *options.typed_at::<AffineForToGpuOptions>(ir, func)?;
    let body: Vec<Op> = ir
        .regions(func)
        .iter()
        .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .filter(|&o| ir.isa::<AffineFor>(o))
        .collect();
    let mut errors = Vec::new();
    for l in body {
        if let Err((op, message)) = convert_nest(ir, l, blocks, threads) {
            errors.push(Diagnostic::error(DiagLoc::Loc(ir.loc(op)), message));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

type Refusal = (Op, String);

/// The `blocks + threads` perfectly nested loops rooted at `l`, checked as upstream does
/// plus the dependence test.
fn nest(ir: &Ir, l: Op, blocks: usize, threads: usize) -> Result<Vec<Op>, Refusal> {
    if blocks > 3 {
        return Err((l, "cannot map to more than 3 block dimensions".into()));
    }
    if threads > 3 {
        return Err((l, "cannot map to more than 3 thread dimensions".into()));
    }
    let mut loops = vec![l];
    while loops.len() < blocks + threads {
        let last = *loops.last().expect("non-empty");
        let body = ir.entry_block(ir.region(last, 0)).expect("affine.for body");
        let ops: Vec<Op> = ir.block_ops(body).collect();
        match ops.as_slice() {
            [inner, _] if ir.isa::<AffineFor>(*inner) => loops.push(*inner),
            _ => return Err((last, "expected perfectly nested loops in the body".into())),
        }
    }
    for &lp in &loops[1..] {
        let (lbo, ubo, _) = for_segments(ir, lp);
        if !lbo.iter().chain(&ubo).all(|&v| defined_above(ir, v, l)) {
            return Err((
                lp,
                "loops with bounds depending on other mapped loops are not supported".into(),
            ));
        }
    }
    for &lp in &loops {
        if !for_segments(ir, lp).2.is_empty() {
            return Err((lp, "cannot map a loop with iter_args to the GPU".into()));
        }
    }
    for op in ir.walk_ops(l, WalkOrder::PreOrder) {
        // Calls may access memory; so may an unregistered op named like a call (its
        // name is all there is to go by).
        let opaque = ir.is_any_def(op, &[func::Call::DEF, func::CallIndirect::DEF])
            || (ir.op_def(op).is_none() && ir.op_name(op).contains("call"));
        let memory = !(ir.isa::<AffineLoad>(op) || ir.isa::<AffineStore>(op))
            && (opaque
                || ir.operands(op).iter().any(|&v| {
                    matches!(
                        ir.ctx().type_data(ir.value_type(v)),
                        lattice_ir::TypeData::MemRef { .. }
                            | lattice_ir::TypeData::UnrankedMemRef { .. }
                    )
                }));
        if memory {
            let name = ir.op_name(op);
            return Err((
                op,
                format!("cannot map to the GPU: '{name}' accesses memory in a way the dependence test cannot analyse"),
            ));
        }
    }
    for &lp in &loops {
        carried_dependence(ir, lp).map_err(|why| {
            (
                lp,
                format!("cannot map to the GPU without changing what the program computes: {why}"),
            )
        })?;
    }
    Ok(loops)
}

/// A bound of a loop as a host value: a constant, the single operand, or an affine op.
fn bound(b: &mut Builder<'_>, map: AffineMap, operands: Vec<Value>, lower: bool) -> Value {
    let ctx = b.ir.ctx_arc().clone();
    if ctx.map_single_constant_result(map).is_none() && ctx.map_is_single_operand(map) {
        return operands[0];
    }
    super::map::bound_value(b, map, operands, lower)
}

fn convert_nest(ir: &mut Ir, l: Op, blocks: usize, threads: usize) -> Result<(), Refusal> {
    let loops = nest(ir, l, blocks, threads)?;
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(l);
    let mut b = Builder::new(ir, InsertPoint::Before(l), loc);
    // Per loop: lower bound, step constant, step.
    let mut info: Vec<(Value, Value, i64)> = Vec::new();
    let mut ranges = Vec::new();
    for &lp in &loops {
        let (lbo, ubo, _) = for_segments(b.ir, lp);
        let malformed = || (lp, "malformed affine.for".to_string());
        let lbm = map_attr(b.ir, lp, AffineFor::LOWER_BOUND_MAP).ok_or_else(malformed)?;
        let ubm = map_attr(b.ir, lp, AffineFor::UPPER_BOUND_MAP).ok_or_else(malformed)?;
        let lb = bound(&mut b, lbm, lbo, true);
        let ub = bound(&mut b, ubm, ubo, false);
        let mut range = b.binary(arith::SubI::NAME, ub, lb);
        let step = for_step(b.ir, lp);
        let sc = b.index_const(step);
        if step != 1 {
            range = b.binary(arith::CeilDivSI::NAME, range, sc);
        }
        info.push((lb, sc, step));
        ranges.push(range);
    }
    let one = b.index_const(1);
    let mut grid = vec![one; 3];
    let mut block = vec![one; 3];
    for (k, &r) in ranges.iter().enumerate() {
        if k < blocks {
            grid[k] = r;
        } else {
            block[k - blocks] = r;
        }
    }
    let (_, entry) = create_launch(&mut b, &grid, &block);
    let ids = ir.block_args(entry).to_vec();
    let mut k = Builder::new(ir, InsertPoint::End(entry), loc);
    let mut ivs = Vec::new();
    for (n, &(lb, sc, step)) in info.iter().enumerate() {
        let id = if n < blocks {
            ids[n]
        } else {
            ids[3 + n - blocks]
        };
        let scaled = if step != 1 {
            k.binary(arith::MulI::NAME, sc, id)
        } else {
            id
        };
        ivs.push(k.binary(arith::AddI::NAME, lb, scaled));
    }
    let term = k.op(gpu::Terminator::NAME, vec![], vec![], vec![], vec![]);
    let _ = ctx;
    let inner = ir
        .entry_block(ir.region(*loops.last().expect("non-empty"), 0))
        .expect("affine.for body");
    let moved: Vec<Op> = ir.block_ops(inner).collect();
    for &o in &moved[..moved.len() - 1] {
        ir.detach_op(o);
        ir.insert_op_before(term, o);
    }
    for (&lp, &iv) in loops.iter().zip(&ivs) {
        let arg = ir.block_args(ir.entry_block(ir.region(lp, 0)).expect("body"))[0];
        ir.replace_all_uses(arg, iv);
    }
    ir.erase_op(l);
    Ok(())
}
