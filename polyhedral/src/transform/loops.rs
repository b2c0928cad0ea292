//! Single-band loop transformations on the top-level perfect bands of each SCoP:
//! permutation (interchange), skewing, reversal, strip-mining and parallel marking, as
//! the pass `poly-transform` (one transformation per instance, chain instances for
//! several) — each checked against every dependence before the IR changes.
//!
//! Options of `poly-transform`: `permute=1,0,..` (new order of the band's loops: entry k
//! names the original loop placed at depth k), `skew=<loop>,<by>,<factor>` (loop `loop`
//! += factor × loop `by`), `reverse=<loop>`, `strip-mine=<loop>,<size>`, `parallel=true`
//! (the outermost loop of each band that carries no dependence becomes `affine.parallel`),
//! `band=<n>` (only the n-th top-level band; default every band deep enough), and
//! `emit-remarks=true` (refusals become the pass's diagnostics, for
//! `--verify-diagnostics`; otherwise `remarks=true` prints them on stderr).

use super::expr::SchedExpr;
use super::tile::{perfect_band, violation};
use super::{apply_private, for_each_scop, mark_parallel, program_tree, remark, Member, Tree};
use crate::deps::{AliasAssumption, Dependences};
use crate::isl::{IslCtx, IslError, IslText};
use crate::scop::Scop;
use lattice_dialects::func;
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op};

/// One band transformation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BandTransform {
    /// New loop order: entry k is the original depth placed at depth k.
    Permute(Vec<usize>),
    /// `loop += factor * by`.
    Skew {
        /// The loop rewritten.
        loop_: usize,
        /// The loop added.
        by: usize,
        /// The factor.
        factor: i64,
    },
    /// Run loop `k` backwards.
    Reverse(usize),
    /// Split loop `k` into a loop over strips of `size` and a loop inside a strip.
    StripMine(usize, i64),
    /// Nothing but the parallel marking.
    None,
}

impl BandTransform {
    /// How many loops a band needs for this transformation.
    fn depth_needed(&self) -> usize {
        match self {
            BandTransform::Permute(p) => p.len(),
            BandTransform::Skew { loop_, by, .. } => loop_.max(by) + 1,
            BandTransform::Reverse(k) | BandTransform::StripMine(k, _) => k + 1,
            BandTransform::None => 1,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            BandTransform::Permute(_) => "permuted",
            BandTransform::Skew { .. } => "skewed",
            BandTransform::Reverse(_) => "reversed",
            BandTransform::StripMine(..) => "strip-mined",
            BandTransform::None => "parallelized",
        }
    }
}

/// Applies `tr` to the members of band `t` (a perfect band).
pub fn transform_band(t: &Tree, tr: &BandTransform) -> Option<Tree> {
    let Tree::Band {
        members,
        permutable,
        loops,
        options,
        child,
    } = t
    else {
        return None;
    };
    if members.len() < tr.depth_needed() {
        return None;
    }
    let mut members = members.clone();
    match tr {
        BandTransform::Permute(p) => {
            let mut seen = vec![false; p.len()];
            for &k in p {
                if k >= p.len() || seen[k] {
                    return None;
                }
                seen[k] = true;
            }
            let old = members.clone();
            for (k, &src) in p.iter().enumerate() {
                members[k] = old[src].clone();
            }
        }
        BandTransform::Skew { loop_, by, factor } => {
            if loop_ == by {
                return None;
            }
            let b = members[*by].clone();
            let m = &mut members[*loop_];
            for (s, e) in m.exprs.iter_mut() {
                let e0 = b.exprs.get(s).cloned().unwrap_or(SchedExpr::Const(0));
                *e = e.clone().plus(e0.scaled(*factor));
            }
            m.coincident = false;
        }
        BandTransform::Reverse(k) => {
            for e in members[*k].exprs.values_mut() {
                *e = e.clone().negated();
            }
        }
        BandTransform::StripMine(k, size) => {
            if *size < 1 {
                return None;
            }
            let m = members[*k].clone();
            let strip = Member {
                exprs: m
                    .exprs
                    .iter()
                    .map(|(&s, e)| (s, e.clone().strip_start(*size)))
                    .collect(),
                coincident: m.coincident,
            };
            members.insert(*k, strip);
        }
        BandTransform::None => {}
    }
    Some(Tree::Band {
        members,
        permutable: *permutable,
        loops: loops.clone(),
        options: options.clone(),
        child: child.clone(),
    })
}

/// Whether member `k` of top-level band `band` carries no dependence (given members
/// `0..k` equal): every dependence's time difference is zero on members `0..=k` or
/// non-zero before `k`.
pub fn member_is_parallel(
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    band: &Tree,
    k: usize,
) -> Result<bool, IslError> {
    let stmts = band.statements();
    let Some(rows) = member_rows(band, k + 1) else {
        return Ok(false);
    };
    let deltas = super::PrefixDeltas::new(isl, scop, &rows, k + 1, true)?;
    for d in &deps.deps {
        if !stmts.contains(&d.src) || !stmts.contains(&d.dst) {
            continue;
        }
        if !isl.check(deltas.of(isl, d)?.is_empty())? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Per statement of top-level band `band`, its first `n` members' expressions (`None`
/// when a member has no expression for a statement).
fn member_rows(band: &Tree, n: usize) -> Option<Vec<(usize, Vec<&SchedExpr>)>> {
    let Tree::Band { members, .. } = band else {
        return None;
    };
    band.statements()
        .into_iter()
        .map(|s| {
            Some((
                s,
                members[..n]
                    .iter()
                    .map(|m| m.exprs.get(&s))
                    .collect::<Option<Vec<_>>>()?,
            ))
        })
        .collect()
}

/// The map from each statement of top-level band `band` to its first `n` members' values
/// (`None` when a member has no expression for a statement).
fn members_map(
    isl: &IslCtx,
    scop: &Scop,
    band: &Tree,
    n: usize,
) -> Result<Option<isl_rs::UnionMap>, IslError> {
    let Some(rows) = member_rows(band, n) else {
        return Ok(None);
    };
    Ok(Some(super::prefix_map(isl, scop, &rows)?))
}

/// Why the loops of band `band` would overflow i64 on the statements' domains (a member
/// whose smallest value is below `i64::MIN` or whose largest is `i64::MAX` or more, so
/// its generated bounds do not fit), if they would; bounds that depend on parameters
/// are not checked.
pub fn values_overflow(isl: &IslCtx, scop: &Scop, band: &Tree) -> Result<Option<String>, IslError> {
    let Tree::Band { members, .. } = band else {
        return Ok(None);
    };
    let Some(map) = members_map(isl, scop, band, members.len())? else {
        return Ok(None);
    };
    let domain = super::isl_tree::domain(isl, scop)?;
    let values = isl.check(isl.check(map.intersect_domain_union_set(domain))?.range())?;
    if isl.check(values.n_set())? != 1 {
        return Ok(None);
    }
    let set = isl.check(isl_rs::Set::from_union_set(values))?;
    let bound = |v: isl_rs::Val| -> Result<Option<i128>, IslError> {
        if !isl.check(v.is_int())? {
            return Ok(None);
        }
        // Values beyond i128 parse as none: far out of range either way.
        Ok(Some(v.text().parse::<i128>().unwrap_or(i128::MAX)))
    };
    for k in 0..members.len() {
        let lo = bound(isl.check(isl.check(set.copy())?.dim_min_val(k as i32))?)?;
        let hi = bound(isl.check(isl.check(set.copy())?.dim_max_val(k as i32))?)?;
        let lo_bad = lo.filter(|&v| v < i128::from(i64::MIN));
        let hi_bad = hi.filter(|&v| v >= i128::from(i64::MAX));
        if let Some(v) = lo_bad.or(hi_bad) {
            return Ok(Some(format!(
                "loop {k} of the transformed band would reach {v}, beyond the 64-bit index range"
            )));
        }
    }
    Ok(None)
}

/// Whether member `k` of top-level band `band` takes one value for each value of members
/// `0..k` on the statements' domains (a strip-mined loop whose size covers the trip
/// count): isl's AST has no loop for it, so a `parallel` mark above it would land on the
/// next loop, which may carry a dependence.
pub fn member_makes_no_loop(
    isl: &IslCtx,
    scop: &Scop,
    band: &Tree,
    k: usize,
) -> Result<bool, IslError> {
    let (Some(outer), Some(with_k)) = (
        members_map(isl, scop, band, k)?,
        members_map(isl, scop, band, k + 1)?,
    ) else {
        return Ok(false);
    };
    let domain = super::isl_tree::domain(isl, scop)?;
    let outer = isl.check(outer.intersect_domain_union_set(isl.check(domain.copy())?))?;
    let with_k = isl.check(with_k.intersect_domain_union_set(domain))?;
    // outer values -> (outer values, member k): single-valued when k adds no loop.
    let by_outer = isl.check(isl.check(outer.reverse())?.apply_range(with_k))?;
    isl.check(by_outer.is_single_valued())
}

/// Splits band `t` before member `k` and marks the inner part parallel (k = 0: the whole
/// band goes under the mark, its first loop becoming parallel).
pub fn mark_member_parallel(t: Tree, k: usize) -> Tree {
    let Tree::Band {
        mut members,
        permutable,
        loops,
        options,
        child,
    } = t
    else {
        return t;
    };
    let inner_members = members.split_off(k);
    let inner = mark_parallel(Tree::Band {
        members: inner_members,
        permutable,
        loops: if k == 0 { loops.clone() } else { Vec::new() },
        options: options.clone(),
        child,
    });
    if k == 0 {
        return inner;
    }
    Tree::Band {
        members,
        permutable,
        loops,
        options,
        child: Box::new(inner),
    }
}

/// Options of [`transform_loops`].
#[derive(Clone, Debug)]
pub struct LoopTransformOptions {
    /// The transformation.
    pub transform: BandTransform,
    /// Mark the outermost dependence-free loop of each band parallel.
    pub parallel: bool,
    /// Only this band: a top-level band in program order over the function's SCoPs, or
    /// with `nested`, a nested band in pre-order over the function's SCoPs.
    pub band: Option<usize>,
    /// Transform the bands nested below sequences (inner bands of imperfect nests)
    /// instead of the top-level ones.
    pub nested: bool,
    /// The aliasing assumption.
    pub alias: AliasAssumption,
    /// For testing the safety net of code generation ([`crate::parallel_check`]): mark
    /// this member of each band parallel without looking at the dependences (with
    /// `parallel`).
    pub unchecked_mark: Option<usize>,
}

/// What [`transform_loops`] did.
#[derive(Debug, Default)]
pub struct LoopTransformReport {
    /// Bands transformed.
    pub transformed: usize,
    /// How deep the bands considered were.
    pub depths: BandDepths,
    /// Refusals.
    pub remarks: Vec<Diagnostic>,
}

/// Whether the bands [`transform_loops`] considered had the loops its options name.
#[derive(Debug, Default)]
pub struct BandDepths {
    /// Bands that had them.
    pub deep_enough: usize,
    /// Bands that had too few loops: the most loops one of them had.
    pub too_shallow: Option<usize>,
}

impl BandDepths {
    /// Whether `band` has the loops `tr` names; if not, a remark at `at` says how many it
    /// has, and the band is counted as too shallow.
    fn fits(
        &mut self,
        ir: &Ir,
        at: Op,
        band: &Tree,
        tr: &BandTransform,
        remarks: &mut Vec<Diagnostic>,
    ) -> bool {
        let n = match band {
            Tree::Band { members, .. } => members.len(),
            _ => 0,
        };
        if n >= tr.depth_needed() {
            self.deep_enough += 1;
            return true;
        }
        self.too_shallow = Some(self.too_shallow.unwrap_or(0).max(n));
        remarks.push(remark(
            ir,
            at,
            format!(
                "not {}: the band has {n} loops (0 to {}) and the option names loop {}",
                tr.name(),
                n as i64 - 1,
                tr.depth_needed() - 1
            ),
        ));
        false
    }
}

/// Applies the transformation to the top-level bands of every SCoP of `func`.
pub fn transform_loops(
    ir: &mut Ir,
    func: Op,
    options: &LoopTransformOptions,
) -> LoopTransformReport {
    let mut report = LoopTransformReport::default();
    let mut band_index = 0usize;
    let mut nested_index = 0usize;
    for_each_scop(
        ir,
        func,
        options.alias,
        "not transformed",
        &mut report.remarks,
        |ir, isl, scop, deps, cells, remarks| {
            let first = scop.ops[0];
            let tree = program_tree(ir, scop);
            let bands: Vec<Tree> = match tree {
                Tree::Sequence(items) => items.into_iter().map(perfect_band).collect(),
                t => vec![perfect_band(t)],
            };
            let mut done = bands.clone();
            let legal = Legality {
                ir,
                isl,
                scop,
                deps,
                cells,
                unchecked_mark: options.unchecked_mark,
            };
            let mut changed = false;
            for k in 0..bands.len() {
                let Tree::Band { loops, .. } = &bands[k] else {
                    continue;
                };
                let this = band_index;
                band_index += 1;
                if options.nested {
                    continue;
                }
                if options.band.is_some_and(|b| b != this) {
                    continue;
                }
                let at = loops.first().copied().unwrap_or(first);
                if !report
                    .depths
                    .fits(ir, at, &bands[k], &options.transform, remarks)
                {
                    continue;
                }
                let Some(new) = transform_band(&bands[k], &options.transform) else {
                    continue;
                };
                let mut candidate = done.clone();
                candidate[k] = new.clone();
                let joined = join(candidate.clone());
                if !legal.check(&joined, at, options.transform.name(), remarks) {
                    continue;
                }
                if let Some(why) = values_overflow(isl, scop, &new)? {
                    let what = options.transform.name();
                    remarks.push(remark(ir, at, format!("not {what}: {why}")));
                    continue;
                }
                if options.parallel {
                    candidate[k] = legal.parallel(new, at, remarks);
                }
                if candidate[k] != bands[k] {
                    done = candidate;
                    changed = true;
                    report.transformed += 1;
                }
            }
            let mut tree = join(done);
            if options.nested {
                // Bands nested below sequences (inner bands of imperfect nests), last in
                // pre-order first: transforming one leaves the positions of those before
                // it (its ancestors included) unchanged.
                tree = normalize_nested(tree);
                let count = nested_bands(&mut tree, &mut |_| {});
                let first_index = nested_index;
                nested_index += count;
                for n in (0..count).rev() {
                    if options.band.is_some_and(|b| b != first_index + n) {
                        continue;
                    }
                    let Some(band) = nested_band(&mut tree, n).map(|b| b.clone()) else {
                        continue;
                    };
                    let at = match &band {
                        Tree::Band { loops, .. } => loops.first().copied().unwrap_or(first),
                        _ => first,
                    };
                    if !report
                        .depths
                        .fits(ir, at, &band, &options.transform, remarks)
                    {
                        continue;
                    }
                    let Some(mut new) = transform_band(&band, &options.transform) else {
                        continue;
                    };
                    let mut candidate = tree.clone();
                    if let Some(slot) = nested_band(&mut candidate, n) {
                        *slot = new.clone();
                    }
                    if !legal.check(&candidate, at, options.transform.name(), remarks) {
                        continue;
                    }
                    if let Some(why) = values_overflow(isl, scop, &new)? {
                        let what = options.transform.name();
                        remarks.push(remark(ir, at, format!("not {what}: {why}")));
                        continue;
                    }
                    if options.parallel {
                        new = legal.parallel(new, at, remarks);
                        if let Some(slot) = nested_band(&mut candidate, n) {
                            *slot = new.clone();
                        }
                    }
                    if new != band {
                        tree = candidate;
                        changed = true;
                        report.transformed += 1;
                    }
                }
            }
            if changed {
                if let Err(e) = apply_private(ir, isl, scop, deps, &tree, cells, remarks) {
                    remarks.push(remark(ir, first, e.to_string()));
                }
            }
            Ok(())
        },
    );
    report
}

/// What a candidate tree is checked against.
struct Legality<'a> {
    ir: &'a Ir,
    isl: &'a IslCtx,
    scop: &'a Scop,
    deps: &'a Dependences,
    cells: &'a [usize],
    /// See [`LoopTransformOptions::unchecked_mark`].
    unchecked_mark: Option<usize>,
}

impl Legality<'_> {
    /// Whether `tree` respects every dependence; otherwise a remark at `at` says which one
    /// the transformation (`what`: "permuted", ..) would violate.
    fn check(&self, tree: &Tree, at: Op, what: &str, remarks: &mut Vec<Diagnostic>) -> bool {
        match violation(self.ir, self.isl, self.scop, self.deps, tree, self.cells) {
            Ok(None) => true,
            Ok(Some(why)) => {
                remarks.push(remark(
                    self.ir,
                    at,
                    format!("not {what}: the new order would violate the dependence {why}"),
                ));
                false
            }
            Err(e) => {
                remarks.push(remark(self.ir, at, e.to_string()));
                false
            }
        }
    }

    /// `band` with its outermost dependence-free member (and those after it) under a
    /// `parallel` mark, if it has one.
    fn parallel(&self, band: Tree, at: Op, remarks: &mut Vec<Diagnostic>) -> Tree {
        let n = match &band {
            Tree::Band { members, .. } => members.len(),
            _ => 0,
        };
        if let Some(m) = self.unchecked_mark {
            return match m < n {
                true => mark_member_parallel(band, m),
                false => band,
            };
        }
        for m in 0..n {
            match member_makes_no_loop(self.isl, self.scop, &band, m) {
                Ok(false) => {}
                Ok(true) => continue,
                Err(e) => {
                    remarks.push(remark(self.ir, at, e.to_string()));
                    break;
                }
            }
            match member_is_parallel(self.isl, self.scop, self.deps, &band, m) {
                Ok(true) => return mark_member_parallel(band, m),
                Ok(false) => {}
                Err(e) => {
                    remarks.push(remark(self.ir, at, e.to_string()));
                    break;
                }
            }
        }
        band
    }
}

/// Merges every chain of directly nested bands into one perfect band, at every depth.
fn normalize_nested(t: Tree) -> Tree {
    match t {
        Tree::Band { .. } => match perfect_band(t) {
            Tree::Band {
                members,
                permutable,
                loops,
                options,
                child,
            } => Tree::Band {
                members,
                permutable,
                loops,
                options,
                child: Box::new(normalize_nested(*child)),
            },
            other => other,
        },
        Tree::Sequence(items) => Tree::Sequence(items.into_iter().map(normalize_nested).collect()),
        Tree::Mark(name, child) => Tree::Mark(name, Box::new(normalize_nested(*child))),
        Tree::Filtered(f, child) => Tree::Filtered(f, Box::new(normalize_nested(*child))),
        leaf @ Tree::Leaf(_) => leaf,
    }
}

/// Calls `f` on every band nested in another band (pre-order) and counts them.
fn nested_bands(t: &mut Tree, f: &mut dyn FnMut(&mut Tree)) -> usize {
    fn walk(t: &mut Tree, inside: bool, f: &mut dyn FnMut(&mut Tree)) -> usize {
        let mut n = 0;
        let is_band = matches!(t, Tree::Band { .. });
        if is_band && inside {
            f(t);
            n += 1;
        }
        match t {
            Tree::Band { child, .. } => n + walk(child, true, f),
            Tree::Mark(_, child) | Tree::Filtered(_, child) => n + walk(child, inside, f),
            Tree::Sequence(items) => {
                n + items.iter_mut().map(|c| walk(c, inside, f)).sum::<usize>()
            }
            Tree::Leaf(_) => n,
        }
    }
    walk(t, false, f)
}

/// The `n`-th band nested in another band (pre-order).
fn nested_band(t: &mut Tree, n: usize) -> Option<&mut Tree> {
    fn find<'a>(t: &'a mut Tree, inside: bool, n: &mut usize) -> Option<&'a mut Tree> {
        if matches!(t, Tree::Band { .. }) && inside {
            if *n == 0 {
                return Some(t);
            }
            *n -= 1;
        }
        match t {
            Tree::Band { child, .. } => find(child, true, n),
            Tree::Mark(_, child) | Tree::Filtered(_, child) => find(child, inside, n),
            Tree::Sequence(items) => {
                for c in items.iter_mut() {
                    if let Some(x) = find(c, inside, n) {
                        return Some(x);
                    }
                }
                None
            }
            Tree::Leaf(_) => None,
        }
    }
    let mut n = n;
    find(t, false, &mut n)
}

fn join(items: Vec<Tree>) -> Tree {
    if items.len() == 1 {
        items.into_iter().next().expect("one")
    } else {
        Tree::Sequence(items)
    }
}

/// The largest loop index the options name (bands deeper than this are not transformed).
const MAX_BAND_LOOP: i64 = 63;

/// Integers of a comma-separated option value.
fn ints(text: &str) -> Result<Vec<i64>, OptionError> {
    text.split(',')
        .map(|x| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| OptionError::value(format!("'{}' is not an integer", x.trim())))
        })
        .collect()
}

/// A loop index of a band: `0..=MAX_BAND_LOOP`.
fn check_loop(what: &str, v: i64) -> Result<(), OptionError> {
    match (0..=MAX_BAND_LOOP).contains(&v) {
        true => Ok(()),
        false => Err(OptionError::value(format!(
            "{what} {v} is not a loop index (0 to {MAX_BAND_LOOP})"
        ))),
    }
}

/// `permute=`: each of `0..n` exactly once.
fn check_permutation(text: &str) -> Result<(), OptionError> {
    let p = ints(text)?;
    let mut seen = vec![false; p.len()];
    for &v in &p {
        match usize::try_from(v).ok().filter(|&i| i < p.len()) {
            Some(i) if !seen[i] => seen[i] = true,
            Some(_) => return Err(OptionError::value(format!("loop {v} appears twice"))),
            None => {
                return Err(OptionError::value(format!(
                    "loop {v} is out of range: {} entries name the loops 0 to {}",
                    p.len(),
                    p.len() - 1
                )))
            }
        }
    }
    Ok(())
}

/// `skew=<loop>,<by>,<factor>`: two different loops and a non-zero factor.
fn check_skew(text: &str) -> Result<(), OptionError> {
    let [l, b, f] = ints(text)?[..] else {
        return Err(OptionError::value("three integers are needed"));
    };
    check_loop("loop", l)?;
    check_loop("loop", b)?;
    if l == b {
        return Err(OptionError::value("a loop cannot be skewed by itself"));
    }
    if f == 0 {
        return Err(OptionError::value("the factor must not be 0"));
    }
    Ok(())
}

/// `strip-mine=<loop>,<size>`: a loop and a positive size.
fn check_strip_mine(text: &str) -> Result<(), OptionError> {
    let [l, size] = ints(text)?[..] else {
        return Err(OptionError::value("two integers are needed"));
    };
    check_loop("loop", l)?;
    if size < 1 {
        return Err(OptionError::value(format!(
            "the size must be at least 1, got {size}"
        )));
    }
    Ok(())
}

impl PassConfig for LoopTransformOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let idx = |v: i64| -> Result<usize, OptionError> {
            usize::try_from(v)
                .map_err(|_| OptionError::value(format!("loop index {v} is negative")))
        };
        let mut chosen = Vec::new();
        if o.value("permute").is_some() {
            let p = o.int_list("permute")?;
            chosen.push(BandTransform::Permute(
                p.into_iter().map(idx).collect::<Result<_, _>>()?,
            ));
        }
        if o.value("skew").is_some() {
            let v = o.int_list("skew")?;
            let [l, b, f] = v[..] else {
                return Err(OptionError::invalid(
                    "skew",
                    "expected <loop>,<by>,<factor>",
                ));
            };
            chosen.push(BandTransform::Skew {
                loop_: idx(l)?,
                by: idx(b)?,
                factor: f,
            });
        }
        if o.value("reverse").is_some() {
            chosen.push(BandTransform::Reverse(idx(o.int("reverse", 0)?)?));
        }
        if o.value("strip-mine").is_some() {
            let v = o.int_list("strip-mine")?;
            let [l, s] = v[..] else {
                return Err(OptionError::invalid("strip-mine", "expected <loop>,<size>"));
            };
            if s < 1 {
                return Err(OptionError::invalid(
                    "strip-mine",
                    "the size must be positive",
                ));
            }
            chosen.push(BandTransform::StripMine(idx(l)?, s));
        }
        if chosen.len() > 1 {
            return Err(OptionError::Combination {
                pass: "poly-transform",
                why: "give one of permute, skew, reverse, strip-mine per instance".into(),
            });
        }
        let parallel = o.bool("parallel", false)?;
        let options = LoopTransformOptions {
            transform: chosen.pop().unwrap_or(BandTransform::None),
            parallel,
            band: match o.value("band") {
                Some(_) => Some(idx(o.int("band", 0)?)?),
                None => None,
            },
            alias: AliasAssumption::from_pass_option(o, true)?,
            nested: o.bool("nested", false)?,
            unchecked_mark: match o.value("test-unchecked-mark") {
                Some(_) => Some(idx(o.int("test-unchecked-mark", 0)?)?),
                None => None,
            },
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let loc = ir.loc(func);
    let options = o.typed_at::<LoopTransformOptions>(ir, func)?;
    let report = transform_loops(ir, func, &options);
    if let (0, Some(most)) = (report.depths.deep_enough, report.depths.too_shallow) {
        // Printed whether or not remarks are asked for: the options named nothing here.
        let warning = Diagnostic::new(
            Severity::Warning,
            DiagLoc::Loc(loc),
            format!(
                "poly-transform: no band of this function has loop {} that the options name (the deepest has {most} loops: 0 to {})",
                options.transform.depth_needed() - 1,
                most as i64 - 1
            ),
        );
        lattice_ir::pass::emit_remarks(&[warning]);
    }
    super::finish_with_remarks(o, report.remarks)?;
    Ok(())
}

/// The `poly-transform` pass.
pub static POLY_TRANSFORM: PassDef = PassDef {
    name: "poly-transform",
    display_name: "PolyTransform",
    summary: "Permute, skew, reverse, strip-mine or parallelize perfect loop bands, legally",
    anchor: Some(func::Func::NAME),
    options: &[        PassOption::custom(
            "permute",
            "<a permutation of 0..n-1>",
            check_permutation,
            "New loop order of each band (entry k: original loop at depth k)",
        ),
        PassOption::custom(
            "skew",
            "<loop>,<by>,<factor>",
            check_skew,
            "loop += factor * by (two different loops, a non-zero factor)",
        ),
        PassOption::int(
            "reverse",
            0,
            MAX_BAND_LOOP,
            "",
            "Reverse this loop of each band",
        ),
        PassOption::custom(
            "strip-mine",
            "<loop>,<size>",
            check_strip_mine,
            "Strip-mine this loop by size (size >= 1)",
        ),
        PassOption::bool(
            "parallel",
            false,
            "Make the outermost dependence-free loop of each band affine.parallel",
        ),
        PassOption::int(
            "band",
            0,
            i64::MAX,
            "",
            "Only this band (top-level bands in program order; with nested, nested bands in pre-order)",
        ),
        PassOption::bool(
            "nested",
            false,
            "Transform the bands nested below sequences (inner bands of imperfect nests) instead of the top-level ones",
        ),
        PassOption::bool(
            "assume-no-alias",
            true,
            "Assume distinct memrefs never alias",
        ),
        PassOption::int(
            "test-unchecked-mark",
            0,
            MAX_BAND_LOOP,
            "",
            "Testing only: with parallel, mark this loop of each band parallel without checking its dependences (code generation's check then makes it sequential where it carries one)",
        ),
        PassOption::bool("remarks", false, "Print refusals (stderr)"),
        PassOption::bool(
            "emit-remarks",
            false,
            "Return refusals as the pass's diagnostics (stops the pipeline)",
        ),
    ],
    configure: lattice_ir::pass::configure::<LoopTransformOptions>,
    run,
};
