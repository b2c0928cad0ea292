//! `affine-parallelize`: turns every `affine.for` whose iterations are independent into a
//! one-dimensional `affine.parallel`, as mlir-opt's pass of that name does (options
//! `max-nested`, `parallel-reductions`), deciding parallelism from the polyhedral
//! dependences of [`crate::deps`].
//!
//! A loop is parallel when no dependence between statements inside it is carried at its
//! level. With `parallel-reductions`, a loop whose `iter_args` are all reductions (the
//! yielded value is `arith.addf/mulf/maximumf/minimumf` on floats or
//! `arith.addi/muli/andi/ori` on integers of the region argument, its only use, and
//! another value: the kinds `affine.parallel` verifies, see
//! [`crate::reduction::parallel_kind`]; mlir-opt 22 also rewrites e.g. `arith.maxsi` and
//! then fails verification) may carry dependences through those values only; it becomes an `affine.parallel` with `reduce (...)`, the reduction op moving
//! after it to combine the init value with the parallel result (exactly upstream's
//! rewrite). Without the option, loops with `iter_args` stay sequential.
//!
//! Aliasing: by default function arguments may alias one another unless marked
//! `llvm.noalias` (so a loop writing one argument and reading another stays
//! sequential); `assume-no-alias=true` takes MLIR's assumption that distinct memrefs never
//! alias, which is what mlir-opt's pass does.
//!
//! Loops are visited outermost first; one is converted when fewer than `max-nested`
//! `affine.parallel` ops enclose it (in its affine scope). Loops outside any static
//! control part, or whose analysis fails (isl's operation limit included), stay as they
//! are; with `remarks=true` (or `--remarks`) a remark on stderr says why.
//!
//! Safety net: every loop the decision above would convert is checked once more, by the
//! net code generation uses ([`crate::parallel_check`]), against the dependences of the
//! same analysis in terms of the loop's own schedule (its instances to the values of the
//! enclosing loops and its own); scalar cells (`iter_args`) count by their live ranges,
//! which only a reduction loop may carry. A loop the net finds carrying a dependence stays
//! a sequential `affine.for`, with the remark `parallel mark dropped: ...` and the
//! statistic `num-parallel-marks-dropped`. `test-unchecked=true` (testing only) skips the
//! pass's own check so the net's work shows.

use crate::deps::{analyze, AliasAssumption, DepOptions, Dependences, LoopReport};
use crate::isl::{IslCtx, IslError};
use crate::parallel_check::{input_loop_schedule, ForbiddenDeps};
use crate::scop::{extract_scops, ArrayKind, Scop};
use crate::transform::LoopMark;
use lattice_affine::views::{AffineFor, AffineParallel};
use lattice_dialects::{arith, func};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AttrData, Ir, Op, OperationState, Traits, Value, WalkOrder};
use rustc_hash::FxHashMap;

/// Options of [`affine_parallelize`].
#[derive(Clone, Copy, Debug)]
pub struct ParallelizeOptions {
    /// At most this many nested `affine.parallel` ops (upstream's default: unlimited).
    pub max_nested: u32,
    /// Whether loops whose `iter_args` are reductions may be parallelized.
    pub parallel_reductions: bool,
    /// The aliasing assumption.
    pub alias: AliasAssumption,
    /// For testing the safety net: decide without the pass's own dependence check, so
    /// only the net keeps a loop that carries a dependence sequential.
    pub unchecked: bool,
}

impl Default for ParallelizeOptions {
    fn default() -> ParallelizeOptions {
        ParallelizeOptions {
            max_nested: u32::MAX,
            parallel_reductions: false,
            alias: AliasAssumption::ArgumentsMayAlias,
            unchecked: false,
        }
    }
}

/// What the pass decided for one loop.
enum Decision {
    /// Convert it, with these reductions.
    Convert(Vec<Reduction>),
    /// Leave it: why.
    Keep(String),
    /// The pass's check said convert, the safety net found it carrying this.
    Dropped(String),
}

/// A recognized reduction of an `iter_args` value.
#[derive(Clone, Copy, Debug)]
struct Reduction {
    /// `arith::AtomicRMWKind` value.
    kind: i64,
    /// The op combining the region argument with `value`.
    op: Op,
    /// The value reduced (the other operand).
    value: Value,
}

/// What the pass did: loops converted and remarks for those left alone.
#[derive(Default)]
pub struct ParallelizeReport {
    /// Number of loops converted.
    pub converted: usize,
    /// Number of loops the safety net kept sequential.
    pub dropped: usize,
    /// Why loops were not converted.
    pub remarks: Vec<Diagnostic>,
}

/// The `arith` op `op` as an `arith::AtomicRMWKind` value (the order of
/// `lattice_affine::ops::ATOMIC_RMW_KINDS`): the associative and commutative combiners
/// a loop-carried value may be reduced with in parallel.
pub(crate) fn reduction_kind(ir: &Ir, op: Op) -> Option<i64> {
    Some(match arith::ArithKind::of(ir, op)? {
        arith::ArithKind::AddF => 0,
        arith::ArithKind::AddI => 1,
        arith::ArithKind::AndI => 2,
        arith::ArithKind::MaximumF => 4,
        arith::ArithKind::MaxNumF => 5,
        arith::ArithKind::MaxSI => 6,
        arith::ArithKind::MaxUI => 7,
        arith::ArithKind::MinimumF => 8,
        arith::ArithKind::MinNumF => 9,
        arith::ArithKind::MinSI => 10,
        arith::ArithKind::MinUI => 11,
        arith::ArithKind::MulF => 12,
        arith::ArithKind::MulI => 13,
        arith::ArithKind::OrI => 14,
        arith::ArithKind::XOrI => 15,
        _ => return None,
    })
}

/// The reductions of `for_op`'s `iter_args`, or `None` if some is not a supported one.
fn reductions(ir: &Ir, for_op: Op) -> Option<Vec<Reduction>> {
    let n = ir.results(for_op).len();
    let block = ir.entry_block(*ir.regions(for_op).first()?)?;
    let args = ir.block_args(block).to_vec();
    let yield_op = ir.last_op(block)?;
    let mut out = Vec::new();
    for k in 0..n {
        let arg = *args.get(k + 1)?;
        let y = *ir.operands(yield_op).get(k)?;
        let op = ir.defining_op(y)?;
        if ir.op_parent(op) != Some(block)
            || ir.operands(op).len() != 2
            || ir.results(op).len() != 1
        {
            return None;
        }
        // Only the kinds `affine.parallel` verifies on this type (mlir-opt 22 emits an
        // op that fails verification for e.g. `arith.maxsi` on signless integers).
        let kind = crate::reduction::parallel_kind(ir, op, ir.value_type(y))?;
        let uses = ir.uses(arg);
        if uses.len() != 1 || uses[0].op != op {
            return None;
        }
        // The reduced value is used only by the yield.
        if ir.uses(y).len() != 1 {
            return None;
        }
        let ops = ir.operands(op);
        let value = if ops[0] == arg { ops[1] } else { ops[0] };
        if value == arg {
            return None;
        }
        out.push(Reduction { kind, op, value });
    }
    Some(out)
}

/// Runs the pass on `func`.
pub fn affine_parallelize(
    ir: &mut Ir,
    func: Op,
    options: &ParallelizeOptions,
) -> ParallelizeReport {
    let mut report = ParallelizeReport::default();
    // Decide on the unmodified function: converting a loop does not change the
    // dependences of the others.
    let mut decisions: FxHashMap<Op, Decision> = FxHashMap::default();
    {
        let isl = IslCtx::default();
        let ex = extract_scops(ir, &isl, func);
        report.remarks.extend(ex.remarks);
        for scop in &ex.scops {
            isl.reset_operations();
            let deps = match analyze(
                &isl,
                ir,
                scop,
                &DepOptions {
                    alias: options.alias,
                },
            ) {
                Ok(d) => d,
                Err(e) => {
                    for &op in &scop.ops {
                        report.remarks.push(Diagnostic::new(
                            Severity::Remark,
                            DiagLoc::Loc(ir.loc(op)),
                            format!("not parallelized: dependence analysis failed: {e}"),
                        ));
                    }
                    continue;
                }
            };
            // The safety net's dependences, built when a first loop needs them.
            let mut net: Option<ForbiddenDeps> = None;
            for l in &deps.loops {
                if !ir.isa::<AffineFor>(l.loop_op) {
                    continue;
                }
                let decision = match decide(ir, scop, &deps, l, options) {
                    Decision::Convert(reds) => match carried(&isl, ir, scop, &deps, l, &mut net) {
                        None => Decision::Convert(reds),
                        Some(why) => Decision::Dropped(why),
                    },
                    other => other,
                };
                decisions.insert(l.loop_op, decision);
            }
        }
    }
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineFor>(o))
        .collect();
    for l in loops {
        if !ir.contains_op(l) {
            continue;
        }
        let reds = match decisions.remove(&l) {
            Some(Decision::Convert(r)) => r,
            Some(Decision::Keep(why)) => {
                report.remarks.push(Diagnostic::new(
                    Severity::Remark,
                    DiagLoc::Loc(ir.loc(l)),
                    format!("not parallelized: {why}"),
                ));
                continue;
            }
            Some(Decision::Dropped(why)) => {
                // Only a loop the pass would have converted counts as dropped.
                if nested_parallel(ir, l) < options.max_nested {
                    report.dropped += 1;
                    report.remarks.push(Diagnostic::new(
                        Severity::Remark,
                        DiagLoc::Loc(ir.loc(l)),
                        format!(
                            "parallel mark dropped: {} carries {why}; it stays a sequential affine.for",
                            crate::scop::loop_source_name(ir, l, 0)
                        ),
                    ));
                }
                continue;
            }
            None => continue,
        };
        if nested_parallel(ir, l) >= options.max_nested {
            continue;
        }
        if convert(ir, l, &reds).is_some() {
            report.converted += 1;
        }
    }
    report
}

/// The pass's own decision for loop `l` of `scop` (from the loop report's carried
/// dependences).
fn decide(
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    l: &LoopReport,
    options: &ParallelizeOptions,
) -> Decision {
    let has_iter_args = !ir.results(l.loop_op).is_empty();
    let reds = if has_iter_args {
        if !options.parallel_reductions {
            return Decision::Keep(
                "the loop carries iter_args (parallel-reductions is off)".into(),
            );
        }
        match reductions(ir, l.loop_op) {
            Some(r) => r,
            None => {
                return Decision::Keep("an iter_args value is not a supported reduction".into())
            }
        }
    } else {
        Vec::new()
    };
    if options.unchecked {
        return Decision::Convert(reds);
    }
    // Dependences carried through this loop's own reductions are allowed.
    let blocking = l.carried.iter().map(|&k| &deps.deps[k]).find(|d| {
        !matches!(scop.arrays[d.array].kind,
            ArrayKind::Carried { loop_op, .. } if loop_op == l.loop_op && has_iter_args)
    });
    match blocking {
        None => Decision::Convert(reds),
        Some(d) => Decision::Keep(format!(
            "carried dependence: {}",
            crate::deps::describe(scop, d)
        )),
    }
}

/// The safety net's verdict on converting loop `l` of `scop` (see the module doc): the
/// dependence it carries, described, or `None`. `net` caches the SCoP's forbidden
/// dependences; a failure inside isl counts as carrying.
fn carried(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    l: &LoopReport,
    net: &mut Option<ForbiddenDeps>,
) -> Option<String> {
    let mut check = || -> Result<Option<String>, IslError> {
        if net.is_none() {
            // Scalar cells by their live ranges: the memory-based dependences of an
            // enclosing loop's cell look carried by every loop inside it.
            let cells: Vec<usize> = (0..scop.arrays.len())
                .filter(|&a| matches!(scop.arrays[a].kind, ArrayKind::Carried { .. }))
                .collect();
            *net = Some(ForbiddenDeps::from_analysis(isl, ir, scop, deps, &cells)?);
        }
        let Some(forbidden) = net.as_ref() else {
            return Ok(None);
        };
        let mark = match ir.results(l.loop_op).is_empty() {
            true => LoopMark::Parallel,
            false => LoopMark::ParallelReduction,
        };
        forbidden.carried(isl, &input_loop_schedule(isl, scop, l)?, mark)
    };
    match check() {
        Ok(why) => why,
        Err(e) => Some(format!("its dependences could not be checked ({e})")),
    }
}

/// How many `affine.parallel` ops enclose `op` in its affine scope.
fn nested_parallel(ir: &Ir, op: Op) -> u32 {
    let mut nested = 0u32;
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if ir.has_trait(p, Traits::AFFINE_SCOPE) {
            break;
        }
        if ir.isa::<AffineParallel>(p) {
            nested += 1;
        }
        cur = ir.parent_op(p);
    }
    nested
}

fn i32_tensor(ir: &Ir, values: &[i64]) -> lattice_ir::Attr {
    lattice_affine::util::i32_tensor_attr(ir.ctx(), values)
}

/// Rewrites `for_op` into an `affine.parallel` (upstream's `affineParallelize`).
fn convert(ir: &mut Ir, for_op: Op, reds: &[Reduction]) -> Option<Op> {
    let kinds: Vec<i64> = reds.iter().map(|r| r.kind).collect();
    let types: Vec<lattice_ir::Type> = reds.iter().map(|r| ir.value_type(r.value)).collect();
    let (par, inits) = parallel_for(ir, for_op, &kinds, &types)?;
    let block = ir.entry_block(ir.region(par, 0))?;
    let yield_op = ir.last_op(block)?;
    let mut anchor = par;
    for (k, r) in reds.iter().enumerate() {
        ir.detach_op(r.op);
        ir.insert_op_after(anchor, r.op);
        anchor = r.op;
        let result = ir.result(par, k);
        ir.set_operands(r.op, vec![inits[k], result]);
        let old = ir.result(for_op, k);
        let new = ir.result(r.op, 0);
        ir.replace_all_uses(old, new);
    }
    ir.set_operands(yield_op, reds.iter().map(|r| r.value).collect());
    for k in (0..reds.len()).rev() {
        ir.erase_block_arg(block, k + 1);
    }
    ir.erase_op(for_op);
    Some(par)
}

/// Creates, before `for_op`, the one-dimensional `affine.parallel` with `for_op`'s
/// bounds and step and the reductions `kinds` (results of `types`), and moves `for_op`'s
/// body block into it unchanged (its `iter_args` region arguments and yield are left
/// for the caller to rewrite, as are `for_op`'s results; `for_op` stays, bodiless).
/// Returns the new op and `for_op`'s init values.
pub(crate) fn parallel_for(
    ir: &mut Ir,
    for_op: Op,
    kinds: &[i64],
    types: &[lattice_ir::Type],
) -> Option<(Op, Vec<Value>)> {
    let ctx = ir.ctx_arc().clone();
    let map_of = |ir: &Ir, name: &str| match ir.attr(for_op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => Some(*m),
        _ => None,
    };
    let lbm = map_of(ir, AffineFor::LOWER_BOUND_MAP)?;
    let ubm = map_of(ir, AffineFor::UPPER_BOUND_MAP)?;
    let step = ir
        .attr(for_op, AffineFor::STEP)
        .and_then(|a| ctx.int_value(a))
        .and_then(|s| i64::try_from(s).ok())
        .unwrap_or(1);
    let n_lb = ctx.map_num_inputs(lbm);
    let n_ub = ctx.map_num_inputs(ubm);
    let operands = ir.operands(for_op).to_vec();
    let inits: Vec<Value> = operands[n_lb + n_ub..].to_vec();
    if inits.len() != kinds.len() || types.len() != kinds.len() {
        return None;
    }
    let region = *ir.regions(for_op).first()?;
    let block = ir.entry_block(region)?;
    let mut st = OperationState::new(ctx.intern_str(AffineParallel::NAME), ir.loc(for_op));
    st.operands = operands[..n_lb + n_ub].to_vec();
    st.result_types = types.to_vec();
    st.add_attr(
        ctx.intern_str(AffineParallel::LOWER_BOUNDS_MAP),
        ctx.affine_map_attr(lbm),
    );
    st.add_attr(
        ctx.intern_str(AffineParallel::UPPER_BOUNDS_MAP),
        ctx.affine_map_attr(ubm),
    );
    st.add_attr(
        ctx.intern_str(AffineParallel::LOWER_BOUNDS_GROUPS),
        i32_tensor(ir, &[ctx.map_num_results(lbm) as i64]),
    );
    st.add_attr(
        ctx.intern_str(AffineParallel::UPPER_BOUNDS_GROUPS),
        i32_tensor(ir, &[ctx.map_num_results(ubm) as i64]),
    );
    st.add_attr(
        ctx.intern_str(AffineParallel::STEPS),
        ctx.array_attr(vec![ctx.i64_attr(step)]),
    );
    st.add_attr(
        ctx.intern_str(AffineParallel::REDUCTIONS),
        ctx.array_attr(kinds.iter().map(|&k| ctx.i64_attr(k)).collect()),
    );
    ir.detach_block(block);
    let new_region = ir.create_region();
    ir.append_block(new_region, block);
    st.regions = vec![new_region];
    let par = ir.create_op(st);
    ir.insert_op_before(for_op, par);
    Some((par, inits))
}

impl PassConfig for ParallelizeOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let max_nested = o.int("max-nested", u32::MAX as i64)?;
        let options = ParallelizeOptions {
            max_nested: u32::try_from(max_nested.max(0)).unwrap_or(u32::MAX),
            parallel_reductions: o.bool("parallel-reductions", false)?,
            alias: AliasAssumption::from_pass_option(o, false)?,
            unchecked: o.bool("test-unchecked", false)?,
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<ParallelizeOptions>(ir, func)?;
    let report = affine_parallelize(ir, func, &options);
    crate::parallel_check::record_dropped(report.dropped as u64);
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-parallelize` pass.
pub static AFFINE_PARALLELIZE: PassDef = PassDef {
    name: "affine-parallelize",
    display_name: "AffineParallelize",
    summary: "Convert affine.for ops into 1-D affine.parallel",
    anchor: Some(func::Func::NAME),
    options: &[        PassOption::int(
            "max-nested",
            0,
            u32::MAX as i64,
            "unlimited",
            "Maximum number of nested parallel loops to produce",
        ),
        PassOption::bool(
            "parallel-reductions",
            false,
            "Whether to parallelize reduction loops",
        ),
        PassOption::bool(
            "assume-no-alias",
            false,
            "Assume distinct memrefs never alias, as MLIR does (false: function arguments may alias unless llvm.noalias)",
        ),
        PassOption::bool(
            "test-unchecked",
            false,
            "Testing only: convert loops without the pass's own dependence check (the safety net then keeps those that carry one sequential)",
        ),
        PassOption::bool("remarks", false, "Print why a loop was not parallelized (stderr)"),
    ],
    configure: lattice_ir::pass::configure::<ParallelizeOptions>,
    run,
};
