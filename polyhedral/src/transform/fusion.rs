//! Loop fusion of adjacent loop nests, and the `affine-loop-fusion` pass with mlir-opt's
//! options (`mode=greedy|producer|sibling`, `maximal`; the other upstream options are
//! accepted and ignored).
//!
//! Two adjacent top-level bands of a SCoP fuse into one band whose member runs both
//! nests' outer loops together (their bodies in sequence inside), then, level by level,
//! the inner nests fuse again while the result stays legal ("as deep as legal"). isl's
//! AST generator handles different bounds with guards or peeled loops. `producer` fuses
//! only a nest writing what the next reads (a RAW dependence between them), `sibling`
//! only nests with no dependence between them that read a common array, `greedy` both.
//! Without `maximal`, nests fuse only when their outer loops have the same bounds (no
//! guards or peeling needed, mlir-opt's profitability intent), `affine.for` or
//! `affine.parallel` alike (mlir-opt 22 never fuses an `affine.parallel`); `maximal`
//! fuses any legal pair. Every fused schedule is checked against every dependence first.
//!
//! Shifting (`shift=true`; off by default, as mlir-opt 22 never shifts): where fusing a level
//! as it is would violate a dependence (a consumer reading `B[i + 1]` of a producer
//! writing `B[i]`), the second nest's loop at that level is shifted by the smallest
//! constant `s` that makes every dependence between the two nests non-negative there:
//! `s = max(src time - dst time)` over the dependence pairs whose outer fused times are
//! equal (isl: the deltas of each dependence through the prefix schedule). The second
//! nest then runs `s` iterations late, and the iterations where only one nest runs are
//! peeled (isl's `separate` option on the fused band) rather than guarded;
//! a note saying the shift and the dependence that needs it is printed with
//! `remarks=true`. No finite shift (an unbounded distance): the pair is refused as before.

use super::expr::SchedExpr;
use super::tile::violation;
use super::{apply_private, for_each_scop, program_tree, remark, Member, Tree};
use crate::deps::{describe, AliasAssumption, DepKind, Dependences};
use crate::isl::{IslCtx, IslError};
use crate::scop::{AccessKind, Scop};
use lattice_affine::views::{AffineFor, AffineParallel};
use lattice_dialects::func;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op, WalkOrder};

/// Which pairs of nests may fuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FusionMode {
    /// Producer-consumer and sibling pairs.
    Greedy,
    /// Only producer-consumer pairs.
    Producer,
    /// Only sibling pairs.
    Sibling,
}

/// Options of [`loop_fusion`].
#[derive(Clone, Debug)]
pub struct FusionOptions {
    /// Which pairs.
    pub mode: FusionMode,
    /// Fuse even when the loops' bounds differ.
    pub maximal: bool,
    /// Shift the second nest where fusing as is would violate a dependence.
    pub shift: bool,
    /// The aliasing assumption.
    pub alias: AliasAssumption,
}

impl Default for FusionOptions {
    fn default() -> Self {
        FusionOptions {
            mode: FusionMode::Greedy,
            maximal: false,
            shift: false,
            alias: AliasAssumption::DistinctMemrefs,
        }
    }
}

/// Fuses the outer members of bands `a` and `b` (one member each side), their children
/// in sequence below.
fn fuse_outer(a: &Tree, b: &Tree) -> Option<Tree> {
    let (
        Tree::Band {
            members: ma,
            loops: la,
            child: ca,
            ..
        },
        Tree::Band {
            members: mb,
            loops: lb,
            child: cb,
            ..
        },
    ) = (a, b)
    else {
        return None;
    };
    let mut exprs = ma[0].exprs.clone();
    exprs.extend(mb[0].exprs.clone());
    let rest = |m: &[Member], c: &Tree, loops: &[Op]| -> Tree {
        if m.len() > 1 {
            Tree::Band {
                members: m[1..].to_vec(),
                permutable: false,
                loops: loops.get(1..).map(|l| l.to_vec()).unwrap_or_default(),
                options: None,
                child: Box::new(c.clone()),
            }
        } else {
            c.clone()
        }
    };
    let mut items = Vec::new();
    for t in [rest(ma, ca, la), rest(mb, cb, lb)] {
        match t {
            Tree::Sequence(s) => items.extend(s),
            t => items.push(t),
        }
    }
    let mut loops = la.clone();
    loops.extend(lb.iter().copied());
    Some(Tree::Band {
        members: vec![Member {
            exprs,
            coincident: false,
        }],
        permutable: false,
        loops,
        options: None,
        child: Box::new(Tree::Sequence(items)),
    })
}

/// `b` with the outer member of its root band shifted `by` iterations later.
fn shift_outer(b: &Tree, by: i64) -> Tree {
    let mut b = b.clone();
    if let Tree::Band { members, .. } = &mut b {
        for e in members[0].exprs.values_mut() {
            *e = e.clone().plus(SchedExpr::Const(by));
        }
    }
    b
}

/// A shift of the second nest at one fusion level: how far, and the dependence needing it.
#[derive(Clone, Debug)]
pub struct Shift {
    /// Iterations the second nest runs late.
    pub by: i64,
    /// The loop of the second nest that was shifted.
    pub loop_op: Option<Op>,
    /// The dependence that needs the whole shift, described.
    pub dependence: String,
}

/// Computes the smallest shift of `b`'s outer member making every dependence from `a`
/// to `b` non-negative at the level below the fused members `outer`.
type ShiftFn<'a> = dyn FnMut(&[Member], &Tree, &Tree) -> Option<Shift> + 'a;

/// Fuses `a` and `b` as deep as `legal` allows, shifting `b` where `shift` finds a
/// shift; `None` if not even the outer loops fuse. The shifts made are pushed on
/// `shifts`.
fn fuse_deep(
    a: &Tree,
    b: &Tree,
    outer: &[Member],
    legal: &mut dyn FnMut(&Tree) -> bool,
    shift: &mut ShiftFn<'_>,
    shifts: &mut Vec<Shift>,
) -> Option<Tree> {
    let mut fused = fuse_outer(a, b)?;
    let mut made = None;
    if !legal(&fused) {
        let s = shift(outer, a, b).filter(|s| s.by > 0)?;
        fused = fuse_outer(a, &shift_outer(b, s.by))?;
        if let Tree::Band { options, .. } = &mut fused {
            // Peel the iterations where only one nest runs instead of guarding them.
            *options = Some(super::BandAstOption::Separate);
        }
        if !legal(&fused) {
            return None;
        }
        made = Some(s);
    }
    shifts.extend(made);
    // Try fusing the two inner nests when the body is exactly two bands.
    if let Tree::Band {
        members,
        permutable,
        loops,
        options,
        child,
    } = &fused
    {
        if let Tree::Sequence(items) = child.as_ref() {
            if items.len() == 2 {
                let (x, y) = (items[0].clone(), items[1].clone());
                let mut inner_legal = |inner: &Tree| {
                    let candidate = Tree::Band {
                        members: members.clone(),
                        permutable: *permutable,
                        loops: loops.clone(),
                        options: options.clone(),
                        child: Box::new(inner.clone()),
                    };
                    legal(&candidate)
                };
                let mut prefix = outer.to_vec();
                prefix.extend(members.iter().cloned());
                if let Some(inner) = fuse_deep(&x, &y, &prefix, &mut inner_legal, shift, shifts) {
                    return Some(Tree::Band {
                        members: members.clone(),
                        permutable: *permutable,
                        loops: loops.clone(),
                        options: options.clone(),
                        child: Box::new(inner),
                    });
                }
            }
        }
    }
    Some(fused)
}

/// The smallest shift of `b`'s outer member (at least 0) after which every dependence
/// from a statement of `a` to one of `b` goes forward or stays at the same time at that
/// level, among the pairs whose times under the fused members `outer` are equal; `None`
/// when some distance is unbounded or a statement has no expression at some level.
fn minimal_shift(
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    outer: &[Member],
    a: &Tree,
    b: &Tree,
) -> Result<Option<Shift>, IslError> {
    let (
        Tree::Band { members: ma, .. },
        Tree::Band {
            members: mb,
            loops: lb,
            ..
        },
    ) = (a, b)
    else {
        return Ok(None);
    };
    let (sa, sb) = (a.statements(), b.statements());
    let mut rows = Vec::new();
    for (&s, level) in sa
        .iter()
        .map(|s| (s, &ma[0]))
        .chain(sb.iter().map(|s| (s, &mb[0])))
    {
        let es: Option<Vec<&SchedExpr>> = outer
            .iter()
            .chain([level])
            .map(|m| m.exprs.get(&s))
            .collect();
        let Some(es) = es else {
            return Ok(None);
        };
        rows.push((s, es));
    }
    let deltas = super::PrefixDeltas::new(isl, scop, &rows, outer.len() + 1, false)?;
    let mut best: Option<Shift> = None;
    for d in &deps.deps {
        if !sa.contains(&d.src) || !sb.contains(&d.dst) {
            continue;
        }
        let delta = deltas.of(isl, d)?;
        if isl.check(delta.is_empty())? {
            continue;
        }
        let set = isl.check(isl_rs::Set::from_union_set(delta))?;
        let (lo, _) = crate::isl::dim_range(isl, &set, outer.len())?;
        let Some(lo) = lo else {
            return Ok(None);
        };
        if best.as_ref().is_none_or(|b| -lo > b.by) {
            best = Some(Shift {
                by: -lo,
                loop_op: lb.first().copied(),
                dependence: describe(scop, d),
            });
        }
    }
    Ok(best)
}

/// Whether the outer loops of two nests have the same bounds and step: an `affine.for`'s
/// bounds, or those of the first dimension of an `affine.parallel` (its first bound
/// group, over all the bound operands). Syntactic (same maps over the same operands), so
/// `false` may mean equal bounds written differently. Upstream's fusion ignores
/// `affine.parallel` altogether; here the loop kind does not matter (the fused loop stays
/// parallel where both were and no dependence is carried, see `keep_parallel`).
fn same_bounds(ir: &Ir, a: Op, b: Op) -> bool {
    outer_bounds(ir, a).is_some_and(|x| outer_bounds(ir, b) == Some(x))
}

/// An outer loop's lower bound map and operands, upper bound map and operands, and step.
type Bounds = (
    lattice_ir::AffineMap,
    Vec<lattice_ir::Value>,
    lattice_ir::AffineMap,
    Vec<lattice_ir::Value>,
    i64,
);

fn outer_bounds(ir: &Ir, op: Op) -> Option<Bounds> {
    use lattice_affine::util::{dense_elements, group_ranges, int_array, map_attr};
    let ctx = ir.ctx();
    let operands = ir.operands(op);
    if ir.isa::<AffineFor>(op) {
        let (lb, ub) = (
            map_attr(ir, op, AffineFor::LOWER_BOUND_MAP)?,
            map_attr(ir, op, AffineFor::UPPER_BOUND_MAP)?,
        );
        let (nl, nu) = (ctx.map_num_inputs(lb), ctx.map_num_inputs(ub));
        let step = i64::try_from(ctx.int_value(ir.attr(op, AffineFor::STEP)?)?).ok()?;
        return Some((
            lb,
            operands.get(..nl)?.to_vec(),
            ub,
            operands.get(nl..nl + nu)?.to_vec(),
            step,
        ));
    }
    if !ir.isa::<AffineParallel>(op) {
        return None;
    }
    let (lb, ub) = (
        map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP)?,
        map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP)?,
    );
    let nl = ctx.map_num_inputs(lb);
    let first = |map: lattice_ir::AffineMap, groups: &str| {
        let data = ctx.map_data(map);
        let r = group_ranges(
            &dense_elements(ctx, ir.attr(op, groups))?,
            data.results.len(),
        )?;
        let results = data.results[r.first()?.clone()].to_vec();
        Some(ctx.affine_map(data.num_dims, data.num_symbols, results))
    };
    Some((
        first(lb, "lowerBoundsGroups")?,
        operands.get(..nl)?.to_vec(),
        first(ub, "upperBoundsGroups")?,
        operands.get(nl..)?.to_vec(),
        *int_array(ctx, ir.attr(op, AffineParallel::STEPS))?.first()?,
    ))
}

fn pair_kind_ok(
    scop: &Scop,
    deps: &Dependences,
    a: &[usize],
    b: &[usize],
    mode: FusionMode,
) -> bool {
    let between = |kind: Option<DepKind>| {
        deps.deps
            .iter()
            .any(|d| a.contains(&d.src) && b.contains(&d.dst) && kind.is_none_or(|k| d.kind == k))
    };
    let producer = between(Some(DepKind::Raw));
    let sibling = !between(None) && {
        let reads = |ss: &[usize]| -> Vec<usize> {
            ss.iter()
                .flat_map(|&s| scop.statements[s].accesses.iter())
                .filter(|x| x.kind == AccessKind::Read)
                .map(|x| x.array)
                .collect()
        };
        let ra = reads(a);
        reads(b).iter().any(|x| ra.contains(x))
    };
    match mode {
        FusionMode::Greedy => producer || sibling,
        FusionMode::Producer => producer,
        FusionMode::Sibling => sibling,
    }
}

/// What [`loop_fusion`] did.
#[derive(Debug, Default)]
pub struct FusionReport {
    /// Pairs fused.
    pub fused: usize,
    /// Refusals.
    pub remarks: Vec<Diagnostic>,
    /// The shifts made (printed with `remarks=true`).
    pub notes: Vec<Diagnostic>,
}

/// Fuses adjacent loop nests of `func`'s SCoPs.
pub fn loop_fusion(ir: &mut Ir, func: Op, options: &FusionOptions) -> FusionReport {
    let mut report = FusionReport::default();
    let shared = super::fusion_private::shared_buffers(ir, func);
    for_each_scop(
        ir,
        func,
        options.alias,
        "not fused",
        &mut report.remarks,
        |ir, isl, scop, deps, cells, remarks| {
            let first = scop.ops[0];
            let Tree::Sequence(items) = program_tree(ir, scop) else {
                return Ok(());
            };
            let mut out: Vec<Tree> = Vec::new();
            let mut changed = false;
            let mut pending_notes: Vec<Diagnostic> = Vec::new();
            for i in 0..items.len() {
                let item = items[i].clone();
                let Some(prev) = out.last() else {
                    out.push(item);
                    continue;
                };
                let (Tree::Band { loops: lp, .. }, Tree::Band { loops: li, .. }) = (prev, &item)
                else {
                    out.push(item);
                    continue;
                };
                let at = li.first().copied().unwrap_or(first);
                if !options.maximal
                    && !(lp.first().zip(li.first())).is_some_and(|(&x, &y)| same_bounds(ir, x, y))
                {
                    out.push(item);
                    continue;
                }
                if !pair_kind_ok(
                    scop,
                    deps,
                    &prev.statements(),
                    &item.statements(),
                    options.mode,
                ) {
                    out.push(item);
                    continue;
                }
                let n = out.len();
                let mut first_why = None;
                let mut legal = |fused: &Tree| {
                    // The whole SCoP: nests already placed, the fused pair, the nests after.
                    let mut cand = out[..n - 1].to_vec();
                    cand.push(fused.clone());
                    cand.extend(items[i + 1..].iter().cloned());
                    let t = if cand.len() == 1 {
                        cand.pop().expect("one")
                    } else {
                        Tree::Sequence(cand)
                    };
                    match violation(ir, isl, scop, deps, &t, cells) {
                        Ok(None) => true,
                        Ok(Some(why)) => {
                            first_why.get_or_insert(why);
                            false
                        }
                        Err(_) => false,
                    }
                };
                let mut shift = |outer: &[Member], a: &Tree, b: &Tree| {
                    if !options.shift {
                        return None;
                    }
                    minimal_shift(isl, scop, deps, outer, a, b).ok().flatten()
                };
                let mut shifts = Vec::new();
                match fuse_deep(&out[n - 1], &item, &[], &mut legal, &mut shift, &mut shifts) {
                    Some(f) => {
                        out[n - 1] = f;
                        changed = true;
                        report.fused += 1;
                        for s in shifts {
                            pending_notes.push(remark(
                                ir,
                                s.loop_op.unwrap_or(at),
                                format!(
                                    "fused with a shift: this loop runs {} iteration(s) late in the fused loop, as the dependence {} needs",
                                    s.by, s.dependence
                                ),
                            ));
                        }
                    }
                    None => {
                        if let Some(why) = first_why {
                            remarks.push(remark(
                                ir,
                                at,
                                if options.shift {
                                    format!("not fused: fusion would violate the dependence {why}, and no constant shift of this loop avoids it")
                                } else {
                                    format!("not fused: fusion would violate the dependence {why}")
                                },
                            ));
                        }
                        out.push(item);
                    }
                }
            }
            if changed {
                let t = if out.len() == 1 {
                    out.pop().expect("one")
                } else {
                    Tree::Sequence(out)
                };
                match apply_private(ir, isl, scop, deps, &t, cells, remarks) {
                    Ok(()) => report.notes.append(&mut pending_notes),
                    Err(e) => remarks.push(remark(ir, first, e.to_string())),
                }
            }
            Ok(())
        },
    );
    if report.fused > 0 {
        super::fusion_private::shrink_private_buffers(ir, &shared);
    }
    report
}

/// Upstream's pass runs on any op (on every block under it), so mlir-opt accepts it at
/// module level (`builtin.module(affine-loop-fusion)`); Lattice fuses per function, so on
/// any other op it fuses in every `func.func` under that op, in order (sequentially: a
/// plain `--affine-loop-fusion` runs on the module, as in mlir-opt).
fn run(ir: &mut Ir, op: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    if ir.isa::<func::Func>(op) {
        return run_on_func(ir, op, o);
    }
    let funcs: Vec<Op> = ir
        .walk_ops(op, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&f| ir.isa::<func::Func>(f))
        .collect();
    // Like a nested pipeline: every function runs, the first error is returned.
    let mut first_error = None;
    for func in funcs {
        if let Err(e) = run_on_func(ir, func, o) {
            first_error.get_or_insert(e);
        }
    }
    first_error.map_or(Ok(()), Err)
}

impl PassConfig for FusionOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let mode = match o.string("mode", "greedy").as_str() {
            "greedy" => FusionMode::Greedy,
            "producer" => FusionMode::Producer,
            "sibling" => FusionMode::Sibling,
            m => {
                return Err(OptionError::expected(
                    "mode",
                    "greedy, producer or sibling",
                    m,
                ))
            }
        };
        Ok(FusionOptions {
            mode,
            maximal: o.bool("maximal", false)? || o.bool("fusion-maximal", false)?,
            shift: o.bool("shift", false)?,
            alias: AliasAssumption::from_pass_option(o, true)?,
        })
    }
}

fn run_on_func(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<FusionOptions>(ir, func)?;
    let report = loop_fusion(ir, func, &options);
    super::finish_with_remarks(o, report.remarks)?;
    if lattice_ir::pass::remarks_enabled(o) {
        lattice_ir::pass::emit_remarks(&report.notes);
    }
    Ok(())
}

/// The `affine-loop-fusion` pass.
pub static AFFINE_LOOP_FUSION: PassDef = PassDef {
    name: "affine-loop-fusion",
    display_name: "AffineLoopFusion",
    summary: "Fuse affine loop nests",
    // Any op, as upstream: `run` fuses in every function under a non-function op.
    anchor: None,
    options: &[
        PassOption::choice(
            "mode",
            &["greedy", "producer", "sibling"],
            "greedy",
            "Fusion mode",
        ),
        PassOption::bool("maximal", false, "Enables maximal loop fusion"),
        PassOption::text(
            "fusion-compute-tolerance",
            "",
            "Accepted for compatibility (ignored)",
        ),
        PassOption::text(
            "fusion-local-buf-threshold",
            "",
            "Accepted for compatibility (ignored)",
        ),
        PassOption::bool("fusion-maximal", false, "Same as maximal"),
        PassOption::bool(
            "shift",
            false,
            "Shift the second nest where fusing as is would violate a dependence",
        ),
        PassOption::bool(
            "assume-no-alias",
            true,
            "Assume distinct memrefs never alias",
        ),
        PassOption::bool("remarks", false, "Print refusals (stderr)"),
        PassOption::bool(
            "emit-remarks",
            false,
            "Return refusals as the pass's diagnostics (stops the pipeline)",
        ),
    ],
    configure: lattice_ir::pass::configure::<FusionOptions>,
    run,
};
