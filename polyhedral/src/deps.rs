//! Dependence analysis of a [`Scop`]: memory-based RAW/WAR/WAW dependences split by the
//! loop level that carries them, with distance ranges; exact value-based flow
//! dependences (isl's `compute_flow`); per loop: parallel or not, and why; a petgraph
//! graph of statements and dependences.
//!
//! Invariants:
//! - Every [`Dependence`] relation holds pairs `S[i] -> T[j]` where instance `S[i]`
//!   executes before `T[j]` in program order, both access the same array element (or
//!   arrays that may alias, see [`Scop::may_alias`]) and at least one writes.
//! - A dependence at `level` `l <= common` has the first `l - 1` common IVs equal and the
//!   `l`-th strictly smaller at the source; `level == common + 1` is loop-independent
//!   (all common IVs equal, the source statement textually first).
//! - A loop is reported parallel only if no dependence between statements inside it is
//!   carried at its level (conservative: may-writes and aliasing count).

use crate::isl::{dim_range, IslCtx, IslError, IslText};
use crate::scop::{at_line_col, AccessKind, ArrayKind, Scop};
use isl_rs::{Map, UnionAccessInfo, UnionMap};
use lattice_affine::views::AffineParallel;
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::{Ir, Op};
use petgraph::graph::DiGraph;
use std::fmt::Write as _;

/// The kind of a memory-based dependence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum DepKind {
    /// Read after write (true dependence).
    Raw,
    /// Write after read (anti dependence).
    War,
    /// Write after write (output dependence).
    Waw,
}

impl DepKind {
    /// `RAW`, `WAR`, `WAW`.
    pub fn word(self) -> &'static str {
        match self {
            DepKind::Raw => "RAW",
            DepKind::War => "WAR",
            DepKind::Waw => "WAW",
        }
    }
}

/// How distinct memrefs are assumed to relate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AliasAssumption {
    /// Function arguments may alias one another unless marked `llvm.noalias`
    /// (allocations never alias). The default: sound for any caller.
    #[default]
    ArgumentsMayAlias,
    /// Distinct memref values never alias (what MLIR's affine analyses assume).
    DistinctMemrefs,
}

impl AliasAssumption {
    /// The pass option `assume-no-alias` (`default` when absent): true means
    /// [`AliasAssumption::DistinctMemrefs`].
    pub fn from_pass_option(
        options: &lattice_ir::pass::OptionValues,
        default: bool,
    ) -> Result<AliasAssumption, lattice_ir::pass::OptionError> {
        Ok(if options.bool("assume-no-alias", default)? {
            AliasAssumption::DistinctMemrefs
        } else {
            AliasAssumption::ArgumentsMayAlias
        })
    }
}

/// isl operations [`analyze`] may spend on one SCoP for a transformation pass
/// (`affine-loop-tile`, `affine-loop-fusion`, `poly-transform`, ...): 4,000,000, six times
/// what the most demanding kernel of bench/suite and examples/ needs (nussinov at LARGE,
/// ~630,000, extraction included), while a generated nest of unrolled statements needed
/// 24,000,000 (18 s of CPU). Past it the pass leaves the SCoP alone, with a remark.
pub const TRANSFORM_MAX_OPERATIONS: u64 = 4_000_000;

/// Options of [`analyze`].
#[derive(Clone, Copy, Debug, Default)]
pub struct DepOptions {
    /// The aliasing assumption.
    pub alias: AliasAssumption,
}

/// Range of `dst - src` of one common loop over a dependence (`None` = unbounded).
pub type DistanceRange = (Option<i64>, Option<i64>);

/// One memory-based dependence between two accesses at one level.
pub struct Dependence {
    /// RAW, WAR or WAW.
    pub kind: DepKind,
    /// Source statement (index into [`Scop::statements`]).
    pub src: usize,
    /// Destination statement.
    pub dst: usize,
    /// Index of the source access in its statement.
    pub src_access: usize,
    /// Index of the destination access in its statement.
    pub dst_access: usize,
    /// The array of the source access.
    pub array: usize,
    /// Whether the dependence exists only because the two arrays may alias.
    pub alias: bool,
    /// The instance pairs `S[i] -> T[j]`.
    pub relation: Map,
    /// Number of loops common to both statements.
    pub common: usize,
    /// The level carrying it (1-based); `common + 1` for a loop-independent dependence.
    pub level: usize,
    /// Per common loop, the range of `dst - src`.
    pub distance: Vec<DistanceRange>,
}

impl Dependence {
    /// Whether a loop carries it.
    pub fn is_carried(&self) -> bool {
        self.level <= self.common
    }

    /// The distance vector as text: `(1, -1)`, ranges as `[a, b]`, unbounded as `*`.
    pub fn distance_text(&self) -> String {
        let parts: Vec<String> = self.distance.iter().map(|&r| range_text(r)).collect();
        format!("({})", parts.join(", "))
    }

    /// The direction vector: `<`, `=`, `>`, `<=`, `>=` or `*` per common loop.
    pub fn direction_text(&self) -> String {
        let parts: Vec<&str> = self
            .distance
            .iter()
            .map(|&(lo, hi)| match (lo, hi) {
                (Some(0), Some(0)) => "=",
                (Some(l), _) if l > 0 => "<",
                (_, Some(h)) if h < 0 => ">",
                (Some(0), _) => "<=",
                (_, Some(0)) => ">=",
                _ => "*",
            })
            .collect();
        format!("({})", parts.join(", "))
    }
}

fn range_text((lo, hi): DistanceRange) -> String {
    match (lo, hi) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        _ => format!(
            "[{}, {}]",
            lo.map_or("-inf".into(), |v| v.to_string()),
            hi.map_or("+inf".into(), |v| v.to_string())
        ),
    }
}

/// An exact value-based flow dependence: which write instance produced the value each
/// read instance reads.
pub struct FlowDep {
    /// Writing statement.
    pub src: usize,
    /// Reading statement.
    pub dst: usize,
    /// `S[i] -> T[j]`.
    pub relation: Map,
    /// Whether it is certain (from exact writes only) rather than possible.
    pub must: bool,
}

/// Parallelism of one loop dimension.
pub struct LoopReport {
    /// The `affine.for` or `affine.parallel`.
    pub loop_op: Op,
    /// Which IV of the op.
    pub index: usize,
    /// Its position in the dims of the statements inside it (0-based): its level is
    /// `depth + 1`.
    pub depth: usize,
    /// The statements inside it.
    pub statements: Vec<usize>,
    /// Dependences it carries (indices into [`Dependences::deps`]).
    pub carried: Vec<usize>,
    /// Whether its iterations are independent.
    pub parallel: bool,
    /// Why not, naming the first dependence carried.
    pub reason: Option<String>,
}

/// The dependences of a SCoP.
pub struct Dependences {
    /// Memory-based dependences, one per access pair and level.
    pub deps: Vec<Dependence>,
    /// Exact value-based flow dependences per statement pair.
    pub flow: Vec<FlowDep>,
    /// One report per loop dimension, in program order.
    pub loops: Vec<LoopReport>,
    /// Statements (node weight: statement index) and dependences (edge weight: index
    /// into `deps`).
    pub graph: DiGraph<usize, usize>,
}

/// Names and dimension counts of the source and destination tuples of a dependence
/// relation (`S0` with 2 dims -> `S1` with 3 dims).
#[derive(Clone, Copy, Debug)]
pub struct PairShape<'a> {
    /// Source tuple name.
    pub src: &'a str,
    /// Source dimension count.
    pub src_dims: usize,
    /// Destination tuple name.
    pub dst: &'a str,
    /// Destination dimension count.
    pub dst_dims: usize,
}

impl PairShape<'_> {
    fn tuples(&self) -> String {
        let iv: Vec<String> = (0..self.src_dims).map(|k| format!("i{k}")).collect();
        let jv: Vec<String> = (0..self.dst_dims).map(|k| format!("j{k}")).collect();
        format!(
            "{}[{}] -> {}[{}]",
            self.src,
            iv.join(", "),
            self.dst,
            jv.join(", ")
        )
    }

    /// `{ S[i..] -> T[j..] : i0 = j0 and .. and i_{l-1} < j_{l-1} }`: source before
    /// destination at `level` (1-based) of `common` shared loops; `level == common + 1`
    /// asks for all common IVs equal.
    pub fn order_text(&self, common: usize, level: usize) -> String {
        let mut c: Vec<String> = Vec::new();
        for k in 0..(level - 1).min(common) {
            c.push(format!("i{k} = j{k}"));
        }
        if level <= common {
            c.push(format!("i{} < j{}", level - 1, level - 1));
        }
        if c.is_empty() {
            format!("{{ {} }}", self.tuples())
        } else {
            format!("{{ {} : {} }}", self.tuples(), c.join(" and "))
        }
    }

    /// The range of `j_k - i_k` over `rel` for each of the first `common` dims.
    pub fn distance_ranges(
        &self,
        isl: &IslCtx,
        common: usize,
        rel: &Map,
    ) -> Result<Vec<DistanceRange>, IslError> {
        if common == 0 {
            return Ok(Vec::new());
        }
        let d: Vec<String> = (0..common).map(|k| format!("j{k} - i{k}")).collect();
        let m = isl.map(&format!("{{ [{}] -> [{}] }}", self.tuples(), d.join(", ")))?;
        let deltas = isl.check(isl.check(isl.check(rel.copy())?.wrap())?.apply(m))?;
        (0..common).map(|k| dim_range(isl, &deltas, k)).collect()
    }
}

fn shape(scop: &Scop, s: usize, t: usize) -> PairShape<'_> {
    let (a, b) = (&scop.statements[s], &scop.statements[t]);
    PairShape {
        src: &a.name,
        src_dims: a.dims.len(),
        dst: &b.name,
        dst_dims: b.dims.len(),
    }
}

/// Number of dims common to statements `s` and `t`.
pub fn common_dims(scop: &Scop, s: usize, t: usize) -> usize {
    let (a, b) = (&scop.statements[s].dims, &scop.statements[t].dims);
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Splits `rel` (pairs `S -> T` accessing the same element, unordered) by level: one
/// entry `(level, relation, distance)` per non-empty level.
pub fn split_by_level(
    isl: &IslCtx,
    scop: &Scop,
    s: usize,
    t: usize,
    rel: &Map,
) -> Result<Vec<(usize, Map, Vec<DistanceRange>)>, IslError> {
    let common = common_dims(scop, s, t);
    let mut out = Vec::new();
    for level in 1..=common + 1 {
        if level == common + 1 && s >= t {
            continue; // loop-independent needs the source textually first
        }
        let order = isl.map(&shape(scop, s, t).order_text(common, level))?;
        let r = isl.check(isl.check(rel.copy())?.intersect(order))?;
        if isl.check(r.is_empty())? {
            continue;
        }
        let distance = shape(scop, s, t).distance_ranges(isl, common, &r)?;
        out.push((level, r, distance));
    }
    Ok(out)
}

/// Computes the dependences of `scop`.
pub fn analyze(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    options: &DepOptions,
) -> Result<Dependences, IslError> {
    let mut deps = Vec::new();
    let mut alias_seen = rustc_hash::FxHashSet::default();
    let n = scop.statements.len();
    for s in 0..n {
        for t in 0..n {
            let (a, b) = (&scop.statements[s], &scop.statements[t]);
            for (x, ax) in a.accesses.iter().enumerate() {
                for (y, by) in b.accesses.iter().enumerate() {
                    let kind = match (ax.kind, by.kind) {
                        (AccessKind::Read, AccessKind::Read) => continue,
                        (AccessKind::Read, _) => DepKind::War,
                        (_, AccessKind::Read) => DepKind::Raw,
                        _ => DepKind::Waw,
                    };
                    let alias = if ax.array == by.array {
                        false
                    } else if options.alias == AliasAssumption::ArgumentsMayAlias
                        && scop.may_alias(ir, ax.array, by.array)
                    {
                        true
                    } else {
                        continue;
                    };
                    // Aliasing makes every instance pair depend, whatever the
                    // subscripts: one dependence per statement pair, arrays and kind.
                    if alias && !alias_seen.insert((kind, s, t, ax.array, by.array)) {
                        continue;
                    }
                    let rel = if alias {
                        isl.check(Map::from_domain_and_range(
                            isl.check(a.domain.copy())?,
                            isl.check(b.domain.copy())?,
                        ))?
                    } else {
                        isl.check(
                            isl.check(ax.relation.copy())?
                                .apply_range(isl.check(isl.check(by.relation.copy())?.reverse())?),
                        )?
                    };
                    for (level, relation, distance) in split_by_level(isl, scop, s, t, &rel)? {
                        deps.push(Dependence {
                            kind,
                            src: s,
                            dst: t,
                            src_access: x,
                            dst_access: y,
                            array: ax.array,
                            alias,
                            relation,
                            common: common_dims(scop, s, t),
                            level,
                            distance,
                        });
                    }
                }
            }
        }
    }
    let flow = value_flow(isl, scop)?;
    let loops = loop_reports(ir, scop, &deps);
    let mut graph = DiGraph::new();
    let nodes: Vec<_> = (0..n).map(|s| graph.add_node(s)).collect();
    for (k, d) in deps.iter().enumerate() {
        graph.add_edge(nodes[d.src], nodes[d.dst], k);
    }
    Ok(Dependences {
        deps,
        flow,
        loops,
        graph,
    })
}

fn union_of(isl: &IslCtx, maps: Vec<Map>, empty: &str) -> Result<UnionMap, IslError> {
    let mut u = isl.union_map(empty)?;
    for m in maps {
        u = isl.check(u.union(isl.check(UnionMap::from_map(m))?))?;
    }
    Ok(u)
}

fn value_flow(isl: &IslCtx, scop: &Scop) -> Result<Vec<FlowDep>, IslError> {
    let mut reads = Vec::new();
    let mut must = Vec::new();
    let mut may = Vec::new();
    for (s, st) in scop.statements.iter().enumerate() {
        for (k, a) in st.accesses.iter().enumerate() {
            let m = isl.check(a.relation.copy())?;
            match a.kind {
                // What the instance wrote before the read is not read from another.
                AccessKind::Read => reads.push(scop.exposed_read(isl, s, k)?),
                AccessKind::Write => must.push(m),
                AccessKind::MayWrite => may.push(m),
            }
        }
    }
    let empty = format!("{}{{ }}", scop.param_prefix());
    let sink = union_of(isl, reads, &empty)?;
    let must = union_of(isl, must, &empty)?;
    let may = union_of(isl, may, &empty)?;
    let info = isl.check(UnionAccessInfo::from_sink(sink))?;
    let info = isl.check(info.set_must_source(must))?;
    let info = isl.check(info.set_may_source(may))?;
    let info = isl.check(info.set_schedule(isl.check(scop.schedule.copy())?))?;
    let flow = isl.check(info.compute_flow())?;
    let must_dep = isl.check(flow.get_must_dependence())?;
    let may_dep = isl.check(flow.get_may_dependence())?;
    let mut out = Vec::new();
    let n = scop.statements.len();
    for s in 0..n {
        for t in 0..n {
            let (a, b) = (&scop.statements[s], &scop.statements[t]);
            let iv: Vec<String> = (0..a.dims.len()).map(|k| format!("i{k}")).collect();
            let jv: Vec<String> = (0..b.dims.len()).map(|k| format!("j{k}")).collect();
            let pair = format!(
                "{}{{ {}[{}] -> {}[{}] }}",
                scop.param_prefix(),
                a.name,
                iv.join(", "),
                b.name,
                jv.join(", ")
            );
            let pair_u = isl.union_map(&pair)?;
            let must_st = isl.check(isl.check(must_dep.copy())?.intersect(pair_u))?;
            let may_st = isl.check(isl.check(may_dep.copy())?.intersect(isl.union_map(&pair)?))?;
            let may_only = isl.check(may_st.subtract(isl.check(must_st.copy())?))?;
            for (u, is_must) in [(must_st, true), (may_only, false)] {
                if isl.check(u.is_empty())? {
                    continue;
                }
                let m = isl.check(Map::from_union_map(u))?;
                let m = isl.check(m.coalesce())?;
                out.push(FlowDep {
                    src: s,
                    dst: t,
                    relation: m,
                    must: is_must,
                });
            }
        }
    }
    Ok(out)
}

fn loop_reports(ir: &Ir, scop: &Scop, deps: &[Dependence]) -> Vec<LoopReport> {
    let mut loops: Vec<LoopReport> = Vec::new();
    for (s, st) in scop.statements.iter().enumerate() {
        for (depth, d) in st.dims.iter().enumerate() {
            match loops
                .iter_mut()
                .find(|l| l.loop_op == d.loop_op && l.index == d.index)
            {
                Some(l) => l.statements.push(s),
                None => loops.push(LoopReport {
                    loop_op: d.loop_op,
                    index: d.index,
                    depth,
                    statements: vec![s],
                    carried: Vec::new(),
                    parallel: true,
                    reason: None,
                }),
            }
        }
    }
    for l in &mut loops {
        for (k, d) in deps.iter().enumerate() {
            // The value carried by an enclosing loop is read (as the init of an inner
            // chain) before this loop's first iteration and written after its last one;
            // the model indexes it by the enclosing loop's outer dims only, which makes
            // it look carried here too. That appearance is not a dependence of this loop.
            let enclosing_carried = matches!(scop.arrays[d.array].kind,
                ArrayKind::Carried { loop_op, .. }
                    if loop_op != l.loop_op && ir.is_ancestor(loop_op, l.loop_op));
            if d.level == l.depth + 1
                && d.level <= d.common
                && !enclosing_carried
                && l.statements.contains(&d.src)
                && l.statements.contains(&d.dst)
            {
                l.carried.push(k);
            }
        }
        if let Some(&first) = l.carried.first() {
            l.parallel = false;
            l.reason = Some(describe(scop, &deps[first]));
        }
    }
    loops
}

/// The first dependence that loop `l`, a dimension of an input `affine.parallel`, carries
/// other than through that op's own reductions: the op declares its iterations
/// independent, and they are not (they race when run in parallel). `None` for other loops
/// and for independent iterations.
pub fn parallel_race<'a>(
    ir: &Ir,
    scop: &Scop,
    deps: &'a Dependences,
    l: &LoopReport,
) -> Option<&'a Dependence> {
    if !ir.isa::<AffineParallel>(l.loop_op) {
        return None;
    }
    l.carried.iter().map(|&k| &deps.deps[k]).find(|d| {
        !matches!(scop.arrays[d.array].kind,
            ArrayKind::Carried { loop_op, .. } if loop_op == l.loop_op)
    })
}

/// One line describing a dependence by its source ops ([`Scop::names`]), the isl
/// statements as secondary ids: `RAW from the store to %arg0 at 7:7 to the load of
/// %arg0 at 4:13 (S0 -> S0), distance (1, -1)`.
pub fn describe(scop: &Scop, d: &Dependence) -> String {
    let names = &scop.names;
    let array = &scop.arrays[d.array];
    let via = match array.kind {
        ArrayKind::Memref => String::new(),
        ArrayKind::Value => "; a value crossing statements".into(),
        ArrayKind::Carried { .. } => format!("; {}", names.arrays[d.array]),
    };
    let mut s = format!(
        "{} from {} to {} ({} -> {}{via}",
        d.kind.word(),
        names.accesses[d.src][d.src_access],
        names.accesses[d.dst][d.dst_access],
        scop.statements[d.src].name,
        scop.statements[d.dst].name,
    );
    if d.alias {
        let other = scop.statements[d.dst].accesses[d.dst_access].array;
        let _ = write!(
            s,
            "; {} and {} may alias: no llvm.noalias",
            names.arrays[d.array], names.arrays[other]
        );
    }
    s.push(')');
    if d.common > 0 {
        let _ = write!(s, ", distance {}", d.distance_text());
    }
    s
}

/// Notes locating a dependence's source and destination ops (codespan shows their
/// lines under the diagnostic they are attached to).
pub fn dependence_notes(ir: &Ir, scop: &Scop, d: &Dependence) -> Vec<Diagnostic> {
    [
        ("source", d.src, d.src_access),
        ("destination", d.dst, d.dst_access),
    ]
    .into_iter()
    .map(|(role, s, a)| {
        let st = &scop.statements[s];
        Diagnostic::new(
            Severity::Note,
            DiagLoc::Loc(ir.loc(st.accesses[a].op)),
            format!("{role} of the {} ({})", d.kind.word(), st.name),
        )
    })
    .collect()
}

/// A readable report of `scop` and its dependences.
pub fn report_text(ir: &Ir, scop: &Scop, deps: &Dependences) -> String {
    let mut s = scop.dump(ir);
    let _ = writeln!(s, "dependences:");
    for d in &deps.deps {
        let _ = writeln!(
            s,
            "  {} {} {} level {}{}: {}",
            if d.is_carried() {
                "carried"
            } else {
                "independent"
            },
            d.direction_text(),
            d.kind.word(),
            d.level,
            if d.is_carried() {
                ""
            } else {
                " (loop-independent)"
            },
            describe(scop, d)
        );
        let _ = writeln!(s, "    {}", d.relation.text());
    }
    let _ = writeln!(s, "value-based flow:");
    for f in &deps.flow {
        let _ = writeln!(
            s,
            "  {} {} -> {}: {}",
            if f.must { "must" } else { "may" },
            scop.statements[f.src].name,
            scop.statements[f.dst].name,
            f.relation.text()
        );
    }
    let _ = writeln!(s, "loops:");
    for l in &deps.loops {
        let _ = writeln!(
            s,
            "  {}{}{}{} (level {}, statements {}): {}",
            ir.op_name(l.loop_op),
            crate::scop::loop_iv_name(ir, l.loop_op, l.index)
                .map(|n| format!(" {n}"))
                .unwrap_or_default(),
            at_line_col(ir, l.loop_op),
            if ir.isa::<AffineParallel>(l.loop_op) {
                format!(" iv {}", l.index)
            } else {
                String::new()
            },
            l.depth + 1,
            l.statements
                .iter()
                .map(|&k| scop.statements[k].name.clone())
                .collect::<Vec<_>>()
                .join(","),
            match (ir.isa::<AffineParallel>(l.loop_op), &l.reason) {
                (true, _) => match parallel_race(ir, scop, deps, l) {
                    None => "parallel".to_string(),
                    Some(d) => format!(
                        "declared parallel, but its iterations are not independent: {} (a race)",
                        describe(scop, d)
                    ),
                },
                (false, None) => "parallel".to_string(),
                (false, Some(r)) => format!("sequential: {r}"),
            }
        );
    }
    s
}

/// DOT text of the dependence graph: statements as nodes, dependences as edges labelled
/// with kind, array and distance.
pub fn to_dot(scop: &Scop, deps: &Dependences, name: &str) -> String {
    let mut s = format!("digraph \"{}\" {{\n", name.replace('"', "\\\""));
    for idx in deps.graph.node_indices() {
        let st = &scop.statements[deps.graph[idx]];
        let _ = writeln!(
            s,
            "  {} [label=\"{}: {}\"];",
            st.name,
            st.name,
            st.domain.text().replace('"', "\\\"")
        );
    }
    for e in deps.graph.edge_indices() {
        let Some((a, b)) = deps.graph.edge_endpoints(e) else {
            continue;
        };
        let d = &deps.deps[deps.graph[e]];
        let _ = writeln!(
            s,
            "  {} -> {} [label=\"{} {} {}\"{}];",
            scop.statements[deps.graph[a]].name,
            scop.statements[deps.graph[b]].name,
            d.kind.word(),
            scop.arrays[d.array].name,
            d.distance_text(),
            if d.is_carried() { "" } else { ", style=dashed" }
        );
    }
    s.push_str("}\n");
    s
}
