//! Extraction of static control parts (SCoPs) from affine IR: statements, iteration
//! domains, access relations and the initial (program-order) schedule, as isl objects.
//!
//! # What a SCoP is here
//! A maximal run of consecutive `affine.for` / `affine.parallel` / `affine.if` ops of one
//! block ([`Scop::ops`]) in which every loop bound, step and `if` condition is affine in
//! the enclosing induction variables and in values defined outside the run (the
//! *parameters*, isl names `p0..`; integer constants are folded in). A candidate op that
//! breaks these rules is left out (a remark says why) and its regions are searched for
//! smaller SCoPs, in which its induction variables are then parameters.
//!
//! # Statements
//! A statement ([`Statement`], isl tuple `S0`, `S1`, ..) is a maximal run of consecutive
//! ops of one block other than `affine.for`/`affine.parallel`/`affine.if` and terminators.
//! Its dimensions ([`Statement::dims`], isl `i0..`) are the induction variables of the
//! enclosing loops, outermost first (an `affine.parallel` contributes one per IV). Its
//! domain holds the loop bounds (every result of a `max` lower bound and `min` upper
//! bound), steps (`(i - lb) mod step = 0`, one disjunct per lower bound when there are
//! several) and the conditions of enclosing `affine.if`s (negated in `else` blocks).
//!
//! # Accesses
//! - `affine.load`/`affine.store` (and the vector forms, covering the vector's extent)
//!   whose subscripts are affine: exact [`AccessKind::Read`]/[`AccessKind::Write`].
//! - Any other memory op (`memref.load`, `memref.store`, a read-only op, or memory ops
//!   nested in a non-affine region such as `scf.for` inside the statement), or an affine
//!   access whose subscript is not affine: a conservative access to the whole array
//!   ([`AccessKind::Read`] or [`AccessKind::MayWrite`]); the statement is marked
//!   [`Statement::opaque`].
//! - SSA values crossing statements (constants and `affine.apply` results included): a
//!   value defined in statement `S` and used in statement `T` is an array `V<k>`
//!   expanded over `S`'s loops (it is a fresh value in every iteration): `S` writes
//!   `V<k>[i0..]`, `T` reads the element of its own iteration. The flow dependence keeps
//!   the definition before its uses (SSA dominance); the expansion adds no false
//!   dependence between iterations.
//! - `iter_args` (and `affine.parallel` reductions): one array `R<k>` per carried value,
//!   indexed by the loops *outside* the carrying loop, so every iteration of that loop
//!   reads and writes the same element: the statement defining the yielded value writes
//!   it, every use of the region argument or of the loop's result reads it (and the init
//!   value). This carries a dependence on the loop, as it must.
//! - Ops with unknown memory effects (calls, ...), memrefs defined inside the SCoP and
//!   `affine.if` with results are not modelled: the enclosing top-level op is declined.
//!
//! # Aliasing
//! Distinct `memref.alloc`/`alloca` results never alias. Distinct function arguments
//! *may* alias unless one of them carries `llvm.noalias`; [`Scop::may_alias`] answers
//! this for two arrays and the dependence analysis adds conservative dependences for
//! such pairs. Other memrefs (results of ops outside the SCoP) are treated like
//! arguments.
//!
//! # Schedule
//! [`Scop::schedule`] is an isl schedule tree in program order: a band per loop (one
//! member per IV) and a sequence wherever a block holds more than one item; statements
//! inside an `affine.if` take their place in the enclosing block's sequence.

use crate::isl::{IslCtx, IslError, IslText};
use crate::transform::{expr::SchedExpr, Member, Tree};
use isl_rs::{Map, Schedule, Set};
use lattice_affine::util::map_attr;
use lattice_affine::views::{
    is_affine_loop, AffineAccess, AffineApply, AffineFor, AffineIf, AffineKind, AffineParallel,
    AffineVectorLoad, AffineVectorStore,
};
use lattice_dialects::{func, memref, vector};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::{
    AffineBinOp, AffineExpr, AffineExprData, AttrData, Block, Ir, Op, Traits, Type, TypeData,
    Value, ValueDef,
};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// One static control part.
pub struct Scop {
    /// The consecutive top-level ops of one block that form the SCoP.
    pub ops: Vec<Op>,
    /// The parameters, isl names `p0, p1, ..`: values defined outside the SCoP.
    pub params: Vec<Value>,
    /// The arrays accessed, isl tuple names [`Array::name`].
    pub arrays: Vec<Array>,
    /// The statements, in program order.
    pub statements: Vec<Statement>,
    /// Constraints on the parameters (the universe today: no assumption is made).
    pub context: Set,
    /// The initial schedule tree (program order).
    pub schedule: Schedule,
    /// How the SCoP was extracted (re-extractions of its code use the same).
    pub extraction: ExtractOptions,
    /// Source names of the arrays, statements, accesses and loops, for remarks.
    pub names: SourceNames,
    stmt_of_op: FxHashMap<Op, usize>,
}

/// How remarks and reports name a SCoP's parts in terms of the source: ops by what they
/// do and where they are (`the store to %arg0 at 7:7`), loops by their op and location
/// (`the affine.for at 3:3`). Built once at extraction ([`SourceNames::new`]); the isl
/// names (`S0`, `i1`, `A0`) stay secondary ids. Invariant: indexed like
/// [`Scop::arrays`], [`Scop::statements`], [`Statement::accesses`] and [`Statement::dims`].
#[derive(Clone, Debug, Default)]
pub struct SourceNames {
    /// Per array: `%arg0`, `the memref.alloc at 3:8`, `the value of arith.addf at 5:7`,
    /// `iter_args #0 of the affine.for at 3:3`.
    pub arrays: Vec<String>,
    /// Per statement: its last write to a memref, else its last op.
    pub statements: Vec<String>,
    /// Per statement, per access: `the load of %arg0 at 4:12`.
    pub accesses: Vec<Vec<String>>,
    /// Per statement, per dimension: the loop (`the affine.for at 3:3`,
    /// `dimension 1 of the affine.parallel at 3:3`).
    pub dims: Vec<Vec<String>>,
    /// Per statement: its isl name (`S0`).
    pub ids: Vec<String>,
    /// Per statement, per dimension: the loop op and IV index ([`Dim::loop_op`],
    /// [`Dim::index`]).
    pub loops: Vec<Vec<(Op, usize)>>,
    /// Per statement, per dimension: the IV's source SSA name (`%j`), if the parser
    /// recorded one.
    pub ivs: Vec<Vec<Option<String>>>,
    /// Per statement, per dimension: where its loop is (`3:3`, [`line_col`]), if known;
    /// tells fused loops of one name apart.
    pub places: Vec<Vec<Option<String>>>,
}

impl SourceNames {
    /// The names of `arrays` and `statements` of one SCoP.
    pub fn new(ir: &Ir, all: &[Array], statements: &[Statement]) -> SourceNames {
        let arrays: Vec<String> = all.iter().map(|a| array_source_name(ir, a)).collect();
        let accesses: Vec<Vec<String>> = statements
            .iter()
            .map(|st| {
                st.accesses
                    .iter()
                    .map(|a| access_source_name(ir, a, &all[a.array], &arrays[a.array]))
                    .collect()
            })
            .collect();
        let statement_names = statements
            .iter()
            .zip(&accesses)
            .map(|(st, names)| {
                let write = st.accesses.iter().rposition(|a| {
                    a.kind != AccessKind::Read && all[a.array].kind == ArrayKind::Memref
                });
                match write {
                    Some(k) => names[k].clone(),
                    None => st
                        .ops
                        .last()
                        .map(|&op| op_label(ir, op))
                        .unwrap_or_else(|| st.name.clone()),
                }
            })
            .collect();
        let dims = statements
            .iter()
            .map(|st| {
                st.dims
                    .iter()
                    .map(|d| loop_source_name(ir, d.loop_op, d.index))
                    .collect()
            })
            .collect();
        SourceNames {
            arrays,
            statements: statement_names,
            accesses,
            dims,
            ids: statements.iter().map(|st| st.name.clone()).collect(),
            loops: statements
                .iter()
                .map(|st| st.dims.iter().map(|d| (d.loop_op, d.index)).collect())
                .collect(),
            ivs: statements
                .iter()
                .map(|st| {
                    st.dims
                        .iter()
                        .map(|d| loop_iv_name(ir, d.loop_op, d.index).map(str::to_string))
                        .collect()
                })
                .collect(),
            places: statements
                .iter()
                .map(|st| st.dims.iter().map(|d| line_col(ir, d.loop_op)).collect())
                .collect(),
        }
    }

    /// The statements of isl names `ids` in words: `the statement of the store to %arg0
    /// at 7:7 (S0)`, `the statements of the store to .. (S0) and the store to .. (S1)`;
    /// an unknown name stands as itself.
    pub fn statements_text(&self, ids: &[&str]) -> String {
        let parts: Vec<String> = ids
            .iter()
            .map(|id| match self.ids.iter().position(|s| s == id) {
                Some(k) => format!("{} ({id})", self.statements[k]),
                None => id.to_string(),
            })
            .collect();
        match parts.as_slice() {
            [one] => format!("the statement of {one}"),
            [rest @ .., last] => format!("the statements of {} and {last}", rest.join(", ")),
            [] => "no statement".to_string(),
        }
    }
}

/// ` at 7:7` for an op with a file location, else empty.
pub fn at_line_col(ir: &Ir, op: Op) -> String {
    line_col(ir, op)
        .map(|p| format!(" at {p}"))
        .unwrap_or_default()
}

/// `7:7` for an op with a file location.
pub fn line_col(ir: &Ir, op: Op) -> Option<String> {
    lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(op)).map(|(_, l, c)| format!("{l}:{c}"))
}

/// The loop of induction variable `index` of `loop_op` by its source SSA name where the
/// parser recorded one (`the loop %j at 12:5`, `the parallel loop %j at 3:3`), else by
/// op and location (`the affine.for at 3:3`; `dimension 1 of the affine.parallel at 3:3`
/// for one IV of a multi-dimensional `affine.parallel`); a loop a pass generated by what
/// it is (`the tile loop of %i at 3:3`, named by [`crate::codegen`]).
pub fn loop_source_name(ir: &Ir, loop_op: Op, index: usize) -> String {
    let at = at_line_col(ir, loop_op);
    let ivs = loop_ivs(ir, loop_op);
    let parallel = ir.isa::<AffineParallel>(loop_op);
    match ivs.get(index).and_then(|&iv| ir.source_name(iv)) {
        // A loop a pass generated is named by what it is (`tile loop of %i`).
        Some(what) if !what.starts_with('%') && parallel => format!("the parallel {what}{at}"),
        Some(what) if !what.starts_with('%') => format!("the {what}{at}"),
        Some(name) if parallel => format!("the parallel loop {name}{at}"),
        Some(name) if ir.isa::<AffineFor>(loop_op) => format!("the loop {name}{at}"),
        _ if parallel && ivs.len() > 1 => format!("dimension {index} of the affine.parallel{at}"),
        _ => format!("the {}{at}", ir.op_name(loop_op)),
    }
}

/// The source SSA name of the induction variable `index` of `loop_op` (`%j`), if the
/// parser recorded one.
pub fn loop_iv_name(ir: &Ir, loop_op: Op, index: usize) -> Option<&str> {
    loop_ivs(ir, loop_op)
        .get(index)
        .and_then(|&iv| ir.source_name(iv))
}

/// A loop op as a whole: [`loop_source_name`] of its only IV, else by op and location.
fn loop_op_source_name(ir: &Ir, loop_op: Op) -> String {
    if loop_ivs(ir, loop_op).len() == 1 {
        loop_source_name(ir, loop_op, 0)
    } else {
        op_label_the(ir, loop_op)
    }
}

/// `the affine.for at 3:3`.
fn op_label_the(ir: &Ir, op: Op) -> String {
    format!("the {}", op_label(ir, op))
}

/// The induction variables of a loop op: its entry block's leading arguments (an
/// `affine.for`'s `iter_args` follow its one IV).
fn loop_ivs(ir: &Ir, loop_op: Op) -> &[Value] {
    let args = ir
        .regions(loop_op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map_or(&[][..], |b| ir.block_args(b));
    if ir.isa::<AffineFor>(loop_op) {
        &args[..args.len().min(1)]
    } else {
        args
    }
}

/// [`value_label`], but by the value's source SSA name where the parser recorded one.
pub fn value_source_label(ir: &Ir, v: Value) -> String {
    ir.source_name(v)
        .map_or_else(|| value_label(ir, v), str::to_string)
}

fn array_source_name(ir: &Ir, a: &Array) -> String {
    let name = ir.source_name(a.value);
    match a.kind {
        ArrayKind::Memref => match (name, ir.value_def(a.value)) {
            (Some(name), _) => name.to_string(),
            (None, ValueDef::Argument { block, index })
                if ir
                    .block_parent_op(block)
                    .is_some_and(|p| ir.isa::<func::Func>(p)) =>
            {
                format!("%arg{index}")
            }
            _ => match ir.defining_op(a.value) {
                Some(op) => op_label_the(ir, op),
                None => value_label(ir, a.value),
            },
        },
        ArrayKind::Value => match ir.defining_op(a.value) {
            Some(op) => {
                let named = name.map(|n| format!(" {n}")).unwrap_or_default();
                format!("the value{named} of {}", op_label(ir, op))
            }
            None => value_source_label(ir, a.value),
        },
        ArrayKind::Carried { loop_op, index } => {
            let what = if ir.isa::<AffineParallel>(loop_op) {
                "reduction"
            } else {
                "iter_args"
            };
            let which = name.map_or_else(|| format!("#{index}"), str::to_string);
            format!("{what} {which} of {}", loop_op_source_name(ir, loop_op))
        }
    }
}

/// `the store to %arg0 at 7:7`, `the load of %arg1 at 5:12`; other ops by name and what
/// they may do (`memref.copy at 6:5 (may write %arg0)`); for values crossing statements
/// and carried values, the defining or using op (`arith.addf at 5:7`).
fn access_source_name(ir: &Ir, a: &Access, kind: &Array, array: &str) -> String {
    let op = a.op;
    let at = at_line_col(ir, op);
    let name = ir.op_name(op);
    if kind.kind != ArrayKind::Memref {
        return format!("{name}{at}");
    }
    match (a.kind, AffineKind::of(ir, op)) {
        (AccessKind::Read, Some(AffineKind::Load)) => format!("the load of {array}{at}"),
        (AccessKind::Read, Some(AffineKind::VectorLoad)) => {
            format!("the vector load of {array}{at}")
        }
        (AccessKind::Write, Some(AffineKind::Store)) => format!("the store to {array}{at}"),
        (AccessKind::Write, Some(AffineKind::VectorStore)) => {
            format!("the vector store to {array}{at}")
        }
        (AccessKind::Read, _) => format!("{name}{at} (reads {array})"),
        (AccessKind::Write, _) => format!("{name}{at} (writes {array})"),
        (AccessKind::MayWrite, _) => format!("{name}{at} (may write {array})"),
    }
}

/// How statements are formed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtractOptions {
    /// Also end a statement after an op without results (a store) when no value defined
    /// before it, other than one computed by pure ops from values defined outside the
    /// run, is used after it (finer statements, for loop distribution).
    pub split_at_stores: bool,
}

/// What an array of a SCoP stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayKind {
    /// A memref (isl name `A<k>`).
    Memref,
    /// An SSA value crossing statements, expanded over its statement's loops (`V<k>`).
    Value,
    /// A loop-carried value: `iter_args` of an `affine.for` or a reduction of an
    /// `affine.parallel` (`R<k>`); `index` is the position among the loop's results.
    Carried {
        /// The carrying loop.
        loop_op: Op,
        /// Which carried value.
        index: usize,
    },
}

/// An array of a SCoP.
#[derive(Clone, Debug)]
pub struct Array {
    /// isl tuple name (`A0`, `V1`, `R2`, ..).
    pub name: String,
    /// The memref, or the SSA value (the region argument for carried values).
    pub value: Value,
    /// What it is.
    pub kind: ArrayKind,
    /// Number of isl dimensions.
    pub rank: usize,
    /// Whether this memref is a function argument marked `llvm.noalias`, or an
    /// allocation (which aliases nothing else).
    pub distinct: bool,
    /// Whether the memref is a function argument (may alias other arguments).
    pub is_argument: bool,
    /// Bytes of one element: the memref's element type (a vector element counts in
    /// full, `index` 8), or the SSA value's type; 8 where the type has no size.
    pub element_bytes: u64,
}

/// One isl dimension of a statement: an induction variable of an enclosing loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    /// The `affine.for` or `affine.parallel`.
    pub loop_op: Op,
    /// The induction variable.
    pub iv: Value,
    /// Which IV of the op (always 0 for `affine.for`).
    pub index: usize,
}

/// A statement of a SCoP.
pub struct Statement {
    /// isl tuple name: `S0`, `S1`, ..
    pub name: String,
    /// The ops, consecutive in one block (no loops, no `if`s, no terminators).
    pub ops: Vec<Op>,
    /// The isl dimensions `i0..`: enclosing loop IVs, outermost first.
    pub dims: Vec<Dim>,
    /// The enclosing `affine.if` ops with the branch taken (`true` = then), outermost first.
    pub conditions: Vec<(Op, bool)>,
    /// The iteration domain `[p..] -> { S[i..] : .. }`.
    pub domain: Set,
    /// The memory (and modelled scalar) accesses.
    pub accesses: Vec<Access>,
    /// Whether some access is conservative (not exactly modelled).
    pub opaque: bool,
}

impl Statement {
    /// The enclosing loop ops, outermost first (an `affine.parallel` appears once).
    pub fn loops(&self) -> Vec<Op> {
        let mut out: Vec<Op> = Vec::new();
        for d in &self.dims {
            if out.last() != Some(&d.loop_op) {
                out.push(d.loop_op);
            }
        }
        out
    }
}

/// Whether an access reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum AccessKind {
    /// Reads (possibly a superset of) the elements of the relation.
    Read,
    /// Writes every element of the relation.
    Write,
    /// May write any element of the relation.
    MayWrite,
}

/// One access of a statement.
pub struct Access {
    /// Read, write or may-write.
    pub kind: AccessKind,
    /// Index into [`Scop::arrays`].
    pub array: usize,
    /// The memref or SSA value (as [`Array::value`]).
    pub memref: Value,
    /// `[p..] -> { S[i..] -> A[o..] }`.
    pub relation: Map,
    /// The op that accesses (the defining op of a written scalar, the using op of a read).
    pub op: Op,
    /// Whether the relation is exact (an affine access with affine subscripts, or a
    /// modelled scalar).
    pub exact: bool,
}

impl Scop {
    /// The statement containing `op` (at any nesting depth inside the statement's ops).
    pub fn statement_of(&self, op: Op) -> Option<usize> {
        self.stmt_of_op.get(&op).copied()
    }

    /// isl name of parameter `k`.
    pub fn param_name(k: usize) -> String {
        format!("p{k}")
    }

    /// The `[p0, p1] -> ` prefix of isl texts over this SCoP's parameters (empty when none).
    pub fn param_prefix(&self) -> String {
        param_prefix(self.params.len())
    }

    /// The elements read by access `a` of statement `s` (as [`Access::relation`]) that
    /// the same instance of `s` has not written before the read: the elements written by
    /// exact writes of the same memref in earlier ops of the statement are taken out.
    ///
    /// isl orders statement instances, not the accesses within one, so a value stored
    /// and loaded back within one instance would seem to come from an earlier instance
    /// (or from before the SCoP): a flow dependence that does not exist. The elements
    /// taken out get their value from the instance itself, which is no dependence
    /// between instances; flow analyses use this relation as the sink. (Every memory-
    /// based dependence on those elements is still implied: the instance writes them,
    /// so the output dependence from the previous write orders it.)
    pub fn exposed_read(&self, isl: &IslCtx, s: usize, a: usize) -> Result<Map, IslError> {
        let st = &self.statements[s];
        let read = &st.accesses[a];
        let mut rel = isl.check(read.relation.copy())?;
        if read.kind != AccessKind::Read
            || !read.exact
            || self.arrays[read.array].kind != ArrayKind::Memref
        {
            return Ok(rel);
        }
        let position = |op: Op| st.ops.iter().position(|&o| o == op);
        let Some(at) = position(read.op) else {
            return Ok(rel);
        };
        for w in &st.accesses {
            if w.kind == AccessKind::Write
                && w.exact
                && w.array == read.array
                && position(w.op).is_some_and(|p| p < at)
            {
                rel = isl.check(rel.subtract(isl.check(w.relation.copy())?))?;
            }
        }
        Ok(rel)
    }

    /// Whether arrays `a` and `b` (indices into [`Scop::arrays`]) may denote overlapping
    /// memory although they are distinct arrays: both are memrefs, neither is distinct
    /// (an allocation or a `llvm.noalias` argument) and both have the same element type.
    pub fn may_alias(&self, ir: &Ir, a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        let (x, y) = (&self.arrays[a], &self.arrays[b]);
        if x.kind != ArrayKind::Memref || y.kind != ArrayKind::Memref || x.distinct || y.distinct {
            return false;
        }
        element_type(ir, ir.value_type(x.value)) == element_type(ir, ir.value_type(y.value))
    }

    /// A readable dump: parameters, arrays, statements with domains and accesses, and the
    /// schedule (used by tests and `lattice deps --format text`).
    pub fn dump(&self, ir: &Ir) -> String {
        let mut s = String::new();
        let names: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(k, &v)| format!("p{k} = {}", value_label(ir, v)))
            .collect();
        let _ = writeln!(s, "params: [{}]", names.join(", "));
        for a in &self.arrays {
            let kind = match a.kind {
                ArrayKind::Memref => "memref".to_string(),
                ArrayKind::Value => "value".to_string(),
                ArrayKind::Carried { loop_op, index } => {
                    format!("carried #{index} of {}", op_label(ir, loop_op))
                }
            };
            let _ = writeln!(
                s,
                "array {} = {} ({kind}, rank {}{})",
                a.name,
                value_label(ir, a.value),
                a.rank,
                if a.distinct { ", distinct" } else { "" }
            );
        }
        for (k, st) in self.statements.iter().enumerate() {
            let _ = writeln!(
                s,
                "{} ({}): {} op(s){}; domain {}",
                st.name,
                self.names.statements[k],
                st.ops.len(),
                if st.opaque { ", opaque" } else { "" },
                st.domain.text()
            );
            for (a, name) in st.accesses.iter().zip(&self.names.accesses[k]) {
                let _ = writeln!(
                    s,
                    "  {:?}{} ({name}) {}",
                    a.kind,
                    if a.exact { "" } else { " (conservative)" },
                    a.relation.text()
                );
            }
        }
        let _ = writeln!(s, "schedule: {}", self.schedule.text());
        s
    }
}

/// Result of [`extract_scops`]: the SCoPs found, and remarks saying why other loop
/// nests are not (part of) a SCoP.
pub struct Extraction {
    /// The SCoPs, in program order.
    pub scops: Vec<Scop>,
    /// Why candidate ops were declined (remarks located at the op).
    pub remarks: Vec<Diagnostic>,
}

/// Why a part of the program cannot be modelled, or isl failed on it.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ExtractError {
    /// The op (or something inside it) is outside the model.
    #[error("{reason}")]
    NotAffine {
        /// The op that is outside the model.
        op: Op,
        /// Why.
        reason: String,
    },
    /// isl failed.
    #[error(transparent)]
    Isl(#[from] IslError),
}

/// Finds the SCoPs of `func` (any op: its regions are searched).
pub fn extract_scops(ir: &Ir, isl: &IslCtx, func: Op) -> Extraction {
    extract_scops_with(ir, isl, func, &ExtractOptions::default())
}

/// [`extract_scops`] with statements formed as `options` says.
pub fn extract_scops_with(ir: &Ir, isl: &IslCtx, func: Op, options: &ExtractOptions) -> Extraction {
    let mut out = Extraction {
        scops: Vec::new(),
        remarks: Vec::new(),
    };
    for &region in ir.regions(func) {
        for block in ir.region_blocks(region) {
            scan_block(ir, isl, block, options, &mut out);
        }
    }
    out
}

fn is_candidate(ir: &Ir, op: Op) -> bool {
    is_affine_loop(ir, op) || ir.isa::<AffineIf>(op)
}

fn scan_block(ir: &Ir, isl: &IslCtx, block: Block, options: &ExtractOptions, out: &mut Extraction) {
    let ops: Vec<Op> = ir.block_ops(block).collect();
    let mut run: Vec<Op> = Vec::new();
    let flush = |run: &mut Vec<Op>, out: &mut Extraction| {
        if run.is_empty() {
            return;
        }
        let taken = std::mem::take(run);
        isl.reset_operations();
        match build_scop_with(ir, isl, &taken, options) {
            Ok(scop) => {
                if !scop.statements.is_empty() {
                    out.scops.push(scop)
                }
            }
            Err(e) => {
                let at = match &e {
                    ExtractError::NotAffine { op, .. } => *op,
                    ExtractError::Isl(_) => taken[0],
                };
                out.remarks.push(Diagnostic::new(
                    Severity::Remark,
                    DiagLoc::Loc(ir.loc(at)),
                    format!("not a static control part: {e}"),
                ));
            }
        }
    };
    for op in ops {
        if is_candidate(ir, op) {
            match check_candidate(ir, op) {
                Ok(()) => {
                    run.push(op);
                    continue;
                }
                Err(ExtractError::NotAffine { op: bad, reason }) => {
                    flush(&mut run, out);
                    out.remarks.push(Diagnostic::new(
                        Severity::Remark,
                        DiagLoc::Loc(ir.loc(op)),
                        format!("not a static control part: {reason}"),
                    ));
                    let _ = bad;
                }
                Err(ExtractError::Isl(_)) => flush(&mut run, out),
            }
        } else {
            flush(&mut run, out);
        }
        for &region in ir.regions(op) {
            for b in ir.region_blocks(region) {
                scan_block(ir, isl, b, options, out);
            }
        }
    }
    flush(&mut run, out);
}

/// Structural checks of a candidate op alone (everything that does not depend on the
/// rest of the run): done by building a one-op SCoP text without isl.
pub(crate) fn check_candidate(ir: &Ir, op: Op) -> Result<(), ExtractError> {
    let mut b = Builder::new(ir, &[op]);
    b.collect(&[op])?;
    b.model_values()?;
    Ok(())
}

/// Builds the SCoP made of `ops` (consecutive candidate ops of one block).
pub fn build_scop(ir: &Ir, isl: &IslCtx, ops: &[Op]) -> Result<Scop, ExtractError> {
    build_scop_with(ir, isl, ops, &ExtractOptions::default())
}

/// [`build_scop`] with statements formed as `options` says.
pub fn build_scop_with(
    ir: &Ir,
    isl: &IslCtx,
    ops: &[Op],
    options: &ExtractOptions,
) -> Result<Scop, ExtractError> {
    let mut b = Builder::new(ir, ops);
    b.extraction = *options;
    b.collect(ops)?;
    b.model_values()?;
    b.finish(isl)
}

/// One affine access op alone, as isl objects (see [`access_instances`]).
pub struct AccessInstance {
    /// The op.
    pub op: Op,
    /// isl tuple name of its instances (`S<k>`).
    pub name: String,
    /// The enclosing loop dims (up to the first op that is not an affine loop or `if`).
    pub dims: Vec<Dim>,
    /// Its iteration domain, with enclosing `affine.if` conditions.
    pub domain: Set,
    /// `S<k>[i..] -> M<m>[o..]` where `m` numbers distinct memrefs; the whole memref when
    /// a subscript is not affine.
    pub relation: Map,
    /// Whether it writes.
    pub write: bool,
    /// The memref.
    pub memref: Value,
}

/// Each of `ops` (affine loads and stores) as its own statement over its enclosing affine
/// loops and `if`s, with parameters shared among them (for pairwise dependence tests such
/// as `--test-memref-dependence-check`). Distinct memref values get distinct array names.
pub fn access_instances(
    ir: &Ir,
    isl: &IslCtx,
    ops: &[Op],
) -> Result<(Vec<AccessInstance>, usize), ExtractError> {
    let mut roots: Vec<Op> = Vec::new();
    let mut chains = Vec::new();
    for &op in ops {
        let mut chain = Vec::new();
        let mut cur = ir.parent_op(op);
        while let Some(p) = cur.filter(|&p| is_candidate(ir, p)) {
            chain.push(p);
            cur = ir.parent_op(p);
        }
        chain.reverse();
        if let Some(&r) = chain.first() {
            if !roots.contains(&r) {
                roots.push(r);
            }
        }
        chains.push(chain);
    }
    let mut b = Builder::new(ir, &roots);
    let mut pending = Vec::new();
    for (k, (&op, chain)) in ops.iter().zip(&chains).enumerate() {
        let mut dims: Vec<Dim> = Vec::new();
        let mut c: Vec<String> = Vec::new();
        for (level, &anc) in chain.iter().enumerate() {
            let child = chain.get(level + 1).copied().unwrap_or(op);
            if ir.isa::<AffineIf>(anc) {
                let Some(AttrData::IntegerSet(set)) = ir
                    .attr(anc, AffineIf::CONDITION)
                    .map(|a| ir.ctx().attr_data(a).clone())
                else {
                    return Err(not_affine(anc, "affine.if without a condition"));
                };
                let (then_c, negation) = b.if_condition(anc, set, &dims)?;
                let in_then = ir
                    .regions(anc)
                    .first()
                    .is_some_and(|&r| ir.region_contains(r, child));
                if in_then {
                    c.extend(then_c.into_iter().map(|x| format!("({x})")));
                } else {
                    c.push(negation);
                }
            } else {
                let args = ir
                    .regions(anc)
                    .first()
                    .and_then(|&r| ir.entry_block(r))
                    .map(|blk| ir.block_args(blk).to_vec())
                    .unwrap_or_default();
                dims = b.loop_header(anc, &args, &dims, &mut c)?;
            }
        }
        let name = ir.op_name(op);
        let write = name.ends_with("store");
        let operands = ir.operands(op).to_vec();
        let mem_index = usize::from(write);
        let Some(&memref) = operands.get(mem_index) else {
            return Err(not_affine(op, "malformed access"));
        };
        let rank = match ir.ctx().type_data(ir.value_type(memref)) {
            TypeData::MemRef { shape, .. } => shape.len(),
            _ => return Err(not_affine(op, "an access to an unranked memref")),
        };
        let key = (memref, ArrayKind::Memref);
        let n = b.arrays.len();
        let m = *b.array_index.entry(key).or_insert(n);
        if m == n {
            b.arrays.push(Array {
                name: format!("M{m}"),
                value: memref,
                kind: ArrayKind::Memref,
                rank,
                distinct: true,
                is_argument: false,
                element_bytes: element_bytes(ir, ir.value_type(memref)),
            });
        }
        let array_name = format!("M{m}");
        let range = b
            .affine_range(op, &array_name, &operands[mem_index + 1..], &dims, rank)
            .unwrap_or_else(|| whole(&array_name, rank));
        pending.push((k, op, dims, c, range, write, memref));
    }
    let prefix = param_prefix(b.params.len());
    let mut out = Vec::new();
    for (k, op, dims, c, range, write, memref) in pending {
        let name = format!("S{k}");
        let head = tuple(&name, &dim_names(dims.len()));
        let domain = if c.is_empty() {
            isl.set(&format!("{prefix}{{ {head} }}"))?
        } else {
            isl.set(&format!("{prefix}{{ {head} : {} }}", c.join(" and ")))?
        };
        let relation = isl.map(&format!("{prefix}{{ {head} -> {range} }}"))?;
        let relation = isl.check(relation.intersect_domain(isl.check(domain.copy())?))?;
        out.push(AccessInstance {
            op,
            name,
            dims,
            domain,
            relation,
            write,
            memref,
        });
    }
    Ok((out, b.params.len()))
}

// ---------------------------------------------------------------------------------------
// The builder: first collects statements with their constraints and accesses as text,
// then hands the texts to isl once the parameter list is known.
// ---------------------------------------------------------------------------------------

struct StmtBuild {
    ops: Vec<Op>,
    dims: Vec<Dim>,
    conditions: Vec<(Op, bool)>,
    /// Conjuncts of the domain (each already parenthesized where needed).
    constraints: Vec<String>,
    accesses: Vec<AccessBuild>,
    opaque: bool,
}

impl StmtBuild {
    /// Records an access of `op` to `array` over `range`; a write is a must-write only when
    /// `exact`, and an inexact access makes the statement opaque.
    fn push_access(&mut self, op: Op, array: usize, write: bool, range: String, exact: bool) {
        let kind = match (write, exact) {
            (false, _) => AccessKind::Read,
            (true, true) => AccessKind::Write,
            (true, false) => AccessKind::MayWrite,
        };
        self.opaque |= !exact;
        self.accesses.push(AccessBuild {
            kind,
            array,
            op,
            range,
            exact,
        });
    }
}

struct AccessBuild {
    kind: AccessKind,
    array: usize,
    op: Op,
    /// Output tuple contents: `o0, o1` and constraints, as `A[o0, o1] : ...` after `->`.
    range: String,
    exact: bool,
}

/// A node of the program-order tree: a statement or a loop with its children.
enum Item {
    Stmt(usize),
    Loop { dims: Vec<Dim>, children: Vec<Item> },
}

struct Builder<'a> {
    ir: &'a Ir,
    roots: Vec<Op>,
    params: Vec<Value>,
    param_index: FxHashMap<Value, usize>,
    arrays: Vec<Array>,
    array_index: FxHashMap<(Value, ArrayKind), usize>,
    stmts: Vec<StmtBuild>,
    stmt_of_op: FxHashMap<Op, usize>,
    items: Vec<Item>,
    extraction: ExtractOptions,
}

/// A value as an affine term.
enum Term {
    Text(String),
    NotAffine(String),
}

fn not_affine(op: Op, reason: impl Into<String>) -> ExtractError {
    ExtractError::NotAffine {
        op,
        reason: reason.into(),
    }
}

fn param_prefix(n: usize) -> String {
    if n == 0 {
        return String::new();
    }
    let names: Vec<String> = (0..n).map(|k| format!("p{k}")).collect();
    format!("[{}] -> ", names.join(", "))
}

fn tuple(name: &str, vars: &[String]) -> String {
    format!("{name}[{}]", vars.join(", "))
}

fn dim_names(n: usize) -> Vec<String> {
    (0..n).map(|k| format!("i{k}")).collect()
}

fn element_type(ir: &Ir, ty: Type) -> Option<Type> {
    match ir.ctx().type_data(ty) {
        TypeData::MemRef { element, .. } | TypeData::UnrankedMemRef { element, .. } => {
            Some(*element)
        }
        _ => None,
    }
}

/// Bytes of one element of `ty` (of its elements, for a memref): see
/// [`Array::element_bytes`].
pub(crate) fn element_bytes(ir: &Ir, ty: Type) -> u64 {
    let ty = element_type(ir, ty).unwrap_or(ty);
    match ir.ctx().bit_width(ty).div_ceil(8) {
        0 => 8,
        b => b,
    }
}

/// `affine.for at 3:5`: an op's name and location, for reports.
pub fn op_label(ir: &Ir, op: Op) -> String {
    format!("{}{}", ir.op_name(op), at_line_col(ir, op))
}

/// A short name for a value in reports: `%argN` for function arguments, else the op
/// that defines it with its location.
pub fn value_label(ir: &Ir, v: Value) -> String {
    match ir.value_def(v) {
        ValueDef::Argument { block, index } => {
            let parent = ir.block_parent_op(block);
            match parent {
                Some(p) if ir.isa::<func::Func>(p) => format!("%arg{index}"),
                Some(p) => format!("region argument {index} of {}", ir.op_name(p)),
                None => format!("block argument {index}"),
            }
        }
        _ => match ir.defining_op(v) {
            Some(op) => format!("result of {}", op_label(ir, op)),
            None => "value".into(),
        },
    }
}

impl<'a> Builder<'a> {
    fn new(ir: &'a Ir, roots: &[Op]) -> Builder<'a> {
        Builder {
            ir,
            roots: roots.to_vec(),
            params: Vec::new(),
            param_index: FxHashMap::default(),
            arrays: Vec::new(),
            array_index: FxHashMap::default(),
            stmts: Vec::new(),
            stmt_of_op: FxHashMap::default(),
            items: Vec::new(),
            extraction: ExtractOptions::default(),
        }
    }

    /// Whether `op` is inside (or is) one of the SCoP's ops.
    fn inside(&self, op: Op) -> bool {
        self.roots.iter().any(|&r| self.ir.is_ancestor(r, op))
    }

    fn value_inside(&self, v: Value) -> bool {
        match self.ir.value_def(v) {
            ValueDef::Argument { block, .. } => self
                .ir
                .block_parent_op(block)
                .is_some_and(|p| self.inside(p)),
            _ => self.ir.defining_op(v).is_some_and(|d| self.inside(d)),
        }
    }

    fn param(&mut self, v: Value) -> String {
        let n = self.params.len();
        let k = *self.param_index.entry(v).or_insert(n);
        if k == n {
            self.params.push(v);
        }
        format!("p{k}")
    }

    fn constant(&self, v: Value) -> Option<i64> {
        let def = self.ir.defining_op(v)?;
        if !self.ir.has_trait(def, Traits::CONSTANT_LIKE) {
            return None;
        }
        let c = self.ir.ctx().int_value(self.ir.attr(def, "value")?)?;
        i64::try_from(c).ok()
    }

    /// `v` as an affine term over the dims `dims` and the parameters.
    fn value_term(&mut self, v: Value, dims: &[Dim], depth: usize) -> Term {
        if let Some(c) = self.constant(v) {
            return Term::Text(c.to_string());
        }
        if let Some(k) = dims.iter().position(|d| d.iv == v) {
            return Term::Text(format!("i{k}"));
        }
        if let Some(def) = self
            .ir
            .defining_op(v)
            .filter(|&d| self.ir.isa::<AffineApply>(d))
        {
            if depth < 64 {
                let Some(map) = map_attr(self.ir, def, "map") else {
                    return Term::NotAffine("affine.apply without a map".into());
                };
                let data = self.ir.ctx().map_data(map).clone();
                if data.results.len() != 1 {
                    return Term::NotAffine("affine.apply with several results".into());
                }
                let operands = self.ir.operands(def).to_vec();
                return match self.expr_text(
                    data.results[0],
                    &operands,
                    data.num_dims,
                    dims,
                    depth + 1,
                ) {
                    Ok(t) => Term::Text(format!("({t})")),
                    Err(e) => Term::NotAffine(e),
                };
            }
        }
        if !self.value_inside(v) {
            if !self.is_index_only(v) {
                return Term::NotAffine(format!("{} is not an index", value_label(self.ir, v)));
            }
            return Term::Text(self.param(v));
        }
        if let Some(def) = self.ir.defining_op(v) {
            return Term::NotAffine(format!(
                "{} is computed inside the loop nest by {}",
                value_label(self.ir, v),
                self.ir.op_name(def)
            ));
        }
        Term::NotAffine(format!(
            "{} is not an induction variable of an enclosing loop",
            value_label(self.ir, v)
        ))
    }

    /// The isl text of `expr` whose dims/symbols are `operands` (dims first).
    fn expr_text(
        &mut self,
        expr: AffineExpr,
        operands: &[Value],
        num_dims: u32,
        dims: &[Dim],
        depth: usize,
    ) -> Result<String, String> {
        let ctx = self.ir.ctx();
        match ctx.expr_data(expr) {
            AffineExprData::Constant(c) => Ok(if c < 0 {
                format!("({c})")
            } else {
                c.to_string()
            }),
            AffineExprData::Dim(n) | AffineExprData::Symbol(n) => {
                let idx = match ctx.expr_data(expr) {
                    AffineExprData::Symbol(_) => num_dims as usize + n as usize,
                    _ => n as usize,
                };
                let Some(&v) = operands.get(idx) else {
                    return Err("map operand missing".into());
                };
                match self.value_term(v, dims, depth) {
                    Term::Text(t) => Ok(t),
                    Term::NotAffine(e) => Err(e),
                }
            }
            AffineExprData::Binary { op, lhs, rhs } => {
                let l = self.expr_text(lhs, operands, num_dims, dims, depth)?;
                let rc = ctx.constant_value(rhs);
                let lc = ctx.constant_value(lhs);
                match op {
                    AffineBinOp::Add => {
                        let r = self.expr_text(rhs, operands, num_dims, dims, depth)?;
                        Ok(format!("({l} + {r})"))
                    }
                    AffineBinOp::Mul => {
                        let r = self.expr_text(rhs, operands, num_dims, dims, depth)?;
                        // isl reads `c * (e)` with a plain constant first.
                        match (lc, rc) {
                            (_, Some(c)) => Ok(format!("({c} * ({l}))")),
                            (Some(c), None) => Ok(format!("({c} * ({r}))")),
                            (None, None) => Err("a product of two non-constant terms".into()),
                        }
                    }
                    AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod => {
                        let Some(c) = rc.filter(|&c| c > 0) else {
                            return Err("a division by a non-constant or non-positive term".into());
                        };
                        Ok(match op {
                            AffineBinOp::FloorDiv => format!("floor(({l})/{c})"),
                            AffineBinOp::CeilDiv => format!("ceil(({l})/{c})"),
                            _ => format!("(({l}) mod {c})"),
                        })
                    }
                }
            }
        }
    }

    /// The results of map attribute `name` of `op` applied to `operands`, as isl texts.
    fn map_results(
        &mut self,
        op: Op,
        map: lattice_ir::AffineMap,
        operands: &[Value],
        dims: &[Dim],
    ) -> Result<Vec<String>, ExtractError> {
        let data = self.ir.ctx().map_data(map).clone();
        let mut out = Vec::new();
        for &e in &data.results {
            let t = self
                .expr_text(e, operands, data.num_dims, dims, 0)
                .map_err(|e| {
                    not_affine(
                        op,
                        format!("a bound of {} is not affine: {e}", self.ir.op_name(op)),
                    )
                })?;
            out.push(t);
        }
        Ok(out)
    }

    /// Walks the candidate ops, creating statements and the program-order tree.
    fn collect(&mut self, ops: &[Op]) -> Result<(), ExtractError> {
        let mut items = Vec::new();
        self.collect_ops(ops, &[], &[], &[], &mut items)?;
        self.items = items;
        Ok(())
    }

    fn collect_ops(
        &mut self,
        ops: &[Op],
        dims: &[Dim],
        constraints: &[String],
        conditions: &[(Op, bool)],
        items: &mut Vec<Item>,
    ) -> Result<(), ExtractError> {
        let mut run: Vec<Op> = Vec::new();
        for &op in ops {
            if is_candidate(self.ir, op) {
                if !run.is_empty() {
                    let r = std::mem::take(&mut run);
                    for piece in self.split_run(r) {
                        items.push(self.statement(piece, dims, constraints, conditions)?);
                    }
                }
                match AffineKind::of(self.ir, op) {
                    Some(AffineKind::If) => {
                        self.collect_if(op, dims, constraints, conditions, items)?
                    }
                    _ => self.collect_loop(op, dims, constraints, conditions, items)?,
                }
            } else if self.ir.has_trait(op, Traits::TERMINATOR) {
                continue;
            } else {
                run.push(op);
            }
        }
        if !run.is_empty() {
            for piece in self.split_run(run) {
                items.push(self.statement(piece, dims, constraints, conditions)?);
            }
        }
        Ok(())
    }

    /// `run` as one statement, or with [`ExtractOptions::split_at_stores`], cut after
    /// each op without results that no value defined before it crosses (except values
    /// of pure ops computed from values defined outside `run`).
    fn split_run(&self, run: Vec<Op>) -> Vec<Vec<Op>> {
        if !self.extraction.split_at_stores {
            return vec![run];
        }
        let ir = self.ir;
        let in_run = |op: Op| -> Option<usize> {
            let mut a = op;
            loop {
                if let Some(k) = run.iter().position(|&r| r == a) {
                    return Some(k);
                }
                a = ir.parent_op(a)?;
            }
        };
        fn cheap(ir: &Ir, v: Value, in_run: &dyn Fn(Op) -> Option<usize>, depth: usize) -> bool {
            let Some(def) = ir.defining_op(v) else {
                return true;
            };
            if in_run(def).is_none() {
                return true;
            }
            depth < 16
                && ir.regions(def).is_empty()
                && ir
                    .op_def(def)
                    .is_some_and(|d| d.has(Traits::PURE) || d.has(Traits::CONSTANT_LIKE))
                && ir
                    .operands(def)
                    .iter()
                    .all(|&o| cheap(ir, o, in_run, depth + 1))
        }
        let mut pieces = Vec::new();
        let mut start = 0;
        for k in 0..run.len().saturating_sub(1) {
            if !ir.results(run[k]).is_empty() {
                continue;
            }
            let crosses = run[start..=k].iter().any(|&d| {
                ir.walk_ops(d, lattice_ir::WalkOrder::PreOrder)
                    .into_iter()
                    .any(|o| {
                        ir.results(o).iter().any(|&r| {
                            !cheap(ir, r, &in_run, 0)
                                && ir
                                    .uses(r)
                                    .iter()
                                    .any(|u| in_run(u.op).is_some_and(|p| p > k))
                        })
                    })
            });
            if !crosses {
                pieces.push(run[start..=k].to_vec());
                start = k + 1;
            }
        }
        pieces.push(run[start..].to_vec());
        pieces
    }

    fn body_ops(&self, op: Op, region: usize) -> Result<Vec<Op>, ExtractError> {
        let Some(&r) = self.ir.regions(op).get(region) else {
            return Ok(Vec::new());
        };
        let mut blocks = self.ir.region_blocks(r);
        let Some(b) = blocks.next() else {
            return Ok(Vec::new());
        };
        if blocks.next().is_some() {
            return Err(not_affine(op, "a region with several blocks"));
        }
        Ok(self.ir.block_ops(b).collect())
    }

    fn collect_if(
        &mut self,
        op: Op,
        dims: &[Dim],
        constraints: &[String],
        conditions: &[(Op, bool)],
        items: &mut Vec<Item>,
    ) -> Result<(), ExtractError> {
        if !self.ir.results(op).is_empty() {
            return Err(not_affine(op, "affine.if with results is not modelled"));
        }
        let Some(AttrData::IntegerSet(set)) = self
            .ir
            .attr(op, AffineIf::CONDITION)
            .map(|a| self.ir.ctx().attr_data(a).clone())
        else {
            return Err(not_affine(op, "affine.if without a condition"));
        };
        let (then_c, negations) = self.if_condition(op, set, dims)?;
        let mut c_then = constraints.to_vec();
        c_then.extend(then_c.into_iter().map(|c| format!("({c})")));
        let mut cond_then = conditions.to_vec();
        cond_then.push((op, true));
        let then_ops = self.body_ops(op, 0)?;
        self.collect_ops(&then_ops, dims, &c_then, &cond_then, items)?;
        let else_ops = self.body_ops(op, 1)?;
        if else_ops
            .iter()
            .any(|&o| !self.ir.has_trait(o, Traits::TERMINATOR))
        {
            let mut c_else = constraints.to_vec();
            c_else.push(negations);
            let mut cond_else = conditions.to_vec();
            cond_else.push((op, false));
            self.collect_ops(&else_ops, dims, &c_else, &cond_else, items)?;
        }
        Ok(())
    }

    /// The conjuncts of `op`'s condition `set`, and the parenthesized negation.
    fn if_condition(
        &mut self,
        op: Op,
        set: lattice_ir::IntegerSet,
        dims: &[Dim],
    ) -> Result<(Vec<String>, String), ExtractError> {
        let data = self.ir.ctx().set_data(set).clone();
        let operands = self.ir.operands(op).to_vec();
        let mut then_c: Vec<String> = Vec::new();
        let mut negations: Vec<String> = Vec::new();
        for (&e, &eq) in data.constraints.iter().zip(&data.eq_flags) {
            let t = self
                .expr_text(e, &operands, data.num_dims, dims, 0)
                .map_err(|e| {
                    not_affine(op, format!("the condition of affine.if is not affine: {e}"))
                })?;
            if eq {
                then_c.push(format!("{t} = 0"));
                negations.push(format!("{t} >= 1 or {t} <= -1"));
            } else {
                then_c.push(format!("{t} >= 0"));
                negations.push(format!("{t} <= -1"));
            }
        }
        let negation = if negations.is_empty() {
            "(1 = 0)".to_string()
        } else {
            format!("({})", negations.join(" or "))
        };
        Ok((then_c, negation))
    }

    fn collect_loop(
        &mut self,
        op: Op,
        dims: &[Dim],
        constraints: &[String],
        conditions: &[(Op, bool)],
        items: &mut Vec<Item>,
    ) -> Result<(), ExtractError> {
        let ir = self.ir;
        let body = self.body_ops(op, 0)?;
        let Some(&region) = ir.regions(op).first() else {
            return Err(not_affine(op, "a loop without a body"));
        };
        let Some(block) = ir.entry_block(region) else {
            return Err(not_affine(op, "a loop without a body"));
        };
        let args = ir.block_args(block).to_vec();
        let mut c = constraints.to_vec();
        let new_dims = self.loop_header(op, &args, dims, &mut c)?;
        let mut children = Vec::new();
        self.collect_ops(&body, &new_dims, &c, conditions, &mut children)?;
        let loop_dims = new_dims[dims.len()..].to_vec();
        if !children.is_empty() {
            items.push(Item::Loop {
                dims: loop_dims,
                children,
            });
        }
        Ok(())
    }

    /// The dims of the loop `op` (with region arguments `args`) appended to `dims`, its
    /// bounds and steps appended to `c`.
    fn loop_header(
        &mut self,
        op: Op,
        args: &[Value],
        dims: &[Dim],
        c: &mut Vec<String>,
    ) -> Result<Vec<Dim>, ExtractError> {
        let ir = self.ir;
        let ctx = ir.ctx();
        let mut new_dims = dims.to_vec();
        if ir.isa::<AffineFor>(op) {
            let (Some(lbm), Some(ubm)) = (
                map_attr(ir, op, AffineFor::LOWER_BOUND_MAP),
                map_attr(ir, op, AffineFor::UPPER_BOUND_MAP),
            ) else {
                return Err(not_affine(op, "affine.for without bound maps"));
            };
            let step = ir
                .attr(op, AffineFor::STEP)
                .and_then(|a| ctx.int_value(a))
                .and_then(|s| i64::try_from(s).ok())
                .unwrap_or(1);
            if step < 1 {
                return Err(not_affine(op, "a non-positive step"));
            }
            let n_lb = ctx.map_num_inputs(lbm);
            let n_ub = ctx.map_num_inputs(ubm);
            let operands = ir.operands(op).to_vec();
            if operands.len() < n_lb + n_ub || args.is_empty() {
                return Err(not_affine(op, "malformed affine.for"));
            }
            let iv = args[0];
            let k = new_dims.len();
            new_dims.push(Dim {
                loop_op: op,
                iv,
                index: 0,
            });
            let lbs = self.map_results(op, lbm, &operands[..n_lb], dims)?;
            let ubs = self.map_results(op, ubm, &operands[n_lb..n_lb + n_ub], dims)?;
            bounds_constraints(c, k, &lbs, &ubs, step);
        } else {
            // affine.parallel
            let (Some(lbm), Some(ubm)) = (
                map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP),
                map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP),
            ) else {
                return Err(not_affine(op, "affine.parallel without bound maps"));
            };
            let lb_groups = dense_elements(ir, op, "lowerBoundsGroups");
            let ub_groups = dense_elements(ir, op, "upperBoundsGroups");
            let steps = int_array(ir, op, "steps");
            let (Some(lg), Some(ug), Some(steps)) = (lb_groups, ub_groups, steps) else {
                return Err(not_affine(op, "malformed affine.parallel"));
            };
            let n_lb = ctx.map_num_inputs(lbm);
            let n_ub = ctx.map_num_inputs(ubm);
            let operands = ir.operands(op).to_vec();
            if operands.len() < n_lb + n_ub
                || lg.len() != args.len()
                || ug.len() != args.len()
                || steps.len() != args.len()
            {
                return Err(not_affine(op, "malformed affine.parallel"));
            }
            let lbs = self.map_results(op, lbm, &operands[..n_lb], dims)?;
            let ubs = self.map_results(op, ubm, &operands[n_lb..n_lb + n_ub], dims)?;
            let (mut lo, mut uo) = (0usize, 0usize);
            for (index, &iv) in args.iter().enumerate() {
                let (ln, un) = (lg[index].max(0) as usize, ug[index].max(0) as usize);
                if lo + ln > lbs.len() || uo + un > ubs.len() || steps[index] < 1 {
                    return Err(not_affine(op, "malformed affine.parallel"));
                }
                let k = new_dims.len();
                new_dims.push(Dim {
                    loop_op: op,
                    iv,
                    index,
                });
                bounds_constraints(c, k, &lbs[lo..lo + ln], &ubs[uo..uo + un], steps[index]);
                lo += ln;
                uo += un;
            }
        }
        Ok(new_dims)
    }

    /// A statement made of `ops`, with its accesses to memory.
    fn statement(
        &mut self,
        ops: Vec<Op>,
        dims: &[Dim],
        constraints: &[String],
        conditions: &[(Op, bool)],
    ) -> Result<Item, ExtractError> {
        let id = self.stmts.len();
        let mut st = StmtBuild {
            ops: ops.clone(),
            dims: dims.to_vec(),
            conditions: conditions.to_vec(),
            constraints: constraints.to_vec(),
            accesses: Vec::new(),
            opaque: false,
        };
        for &op in &ops {
            for nested in self.ir.walk_ops(op, lattice_ir::WalkOrder::PreOrder) {
                self.stmt_of_op.insert(nested, id);
                self.memory_access(nested, nested == op, dims, &mut st)?;
            }
        }
        self.stmts.push(st);
        Ok(Item::Stmt(id))
    }

    fn memref_array(&mut self, op: Op, memref: Value) -> Result<usize, ExtractError> {
        if self.value_inside(memref) {
            return Err(not_affine(
                op,
                format!(
                    "the memref {} is defined inside the loop nest",
                    value_label(self.ir, memref)
                ),
            ));
        }
        let rank = match self.ir.ctx().type_data(self.ir.value_type(memref)) {
            TypeData::MemRef { shape, .. } => shape.len(),
            _ => return Err(not_affine(op, "an access to an unranked memref")),
        };
        let key = (memref, ArrayKind::Memref);
        if let Some(&k) = self.array_index.get(&key) {
            return Ok(k);
        }
        let (distinct, is_argument) = memref_origin(self.ir, memref);
        let k = self.arrays.len();
        self.arrays.push(Array {
            name: format!("A{k}"),
            value: memref,
            kind: ArrayKind::Memref,
            rank,
            distinct,
            is_argument,
            element_bytes: element_bytes(self.ir, self.ir.value_type(memref)),
        });
        self.array_index.insert(key, k);
        Ok(k)
    }

    /// Records the memory accesses of `op` (nested inside a statement when `!top`).
    fn memory_access(
        &mut self,
        op: Op,
        top: bool,
        dims: &[Dim],
        st: &mut StmtBuild,
    ) -> Result<(), ExtractError> {
        let ir = self.ir;
        let name = ir.op_name(op);
        let affine = AffineKind::of(ir, op);
        match affine {
            Some(
                AffineKind::Load
                | AffineKind::Store
                | AffineKind::VectorLoad
                | AffineKind::VectorStore,
            ) => {
                let Some(access) = AffineAccess::of(ir, op) else {
                    return Err(not_affine(op, "malformed access"));
                };
                let (write, mem_index) = (access.is_write, access.memref_index);
                let operands = ir.operands(op).to_vec();
                let Some(&memref) = operands.get(mem_index) else {
                    return Err(not_affine(op, "malformed access"));
                };
                let array = self.memref_array(op, memref)?;
                let rank = self.arrays[array].rank;
                let array_name = self.arrays[array].name.clone();
                let exact = if top {
                    self.affine_range(op, &array_name, &operands[mem_index + 1..], dims, rank)
                } else {
                    None
                };
                let (range, exact) = match exact {
                    Some(r) => (r, true),
                    None => (whole(&self.arrays[array].name, rank), false),
                };
                st.push_access(op, array, write, range, exact);
                Ok(())
            }
            _ if ir.is_any_def(op, &[vector::TransferRead::DEF, vector::TransferWrite::DEF]) => {
                self.transfer_access(op, top, dims, st)
            }
            _ if affine == Some(AffineKind::Prefetch)
                || ir.is_any_def(op, &[memref::Load::DEF, memref::Store::DEF]) =>
            {
                let write = ir.isa::<memref::Store>(op);
                let operands = ir.operands(op);
                let Some(&memref) = operands.get(usize::from(write)) else {
                    return Err(not_affine(op, "malformed access"));
                };
                self.whole_access(op, memref, write, st)
            }
            _ => {
                if ir.has_trait(op, Traits::PURE)
                    || ir.has_trait(op, Traits::CONSTANT_LIKE)
                    || ir.has_trait(op, Traits::TERMINATOR)
                    || ir.has_trait(op, Traits::RECURSIVE_EFFECTS)
                    || matches!(
                        AffineKind::of(ir, op),
                        Some(AffineKind::Apply | AffineKind::Min | AffineKind::Max)
                    )
                {
                    // An op with regions (`scf.if`, `scf.for` computing a value) is
                    // modelled by the ops nested in it, which are walked too: a memory
                    // access among them is conservative and makes the statement opaque;
                    // without one, the op is exact and is cloned whole by codegen.
                    return Ok(());
                }
                if ir.has_trait(op, Traits::READ_ONLY) {
                    let memrefs: Vec<Value> = ir
                        .operands(op)
                        .iter()
                        .copied()
                        .filter(|&v| element_type(ir, ir.value_type(v)).is_some())
                        .collect();
                    for m in memrefs {
                        self.whole_access(op, m, false, st)?;
                    }
                    return Ok(());
                }
                if ir.has_trait(op, Traits::ALLOC_ONLY) {
                    return Err(not_affine(
                        op,
                        format!("{name} allocates inside the loop nest"),
                    ));
                }
                Err(not_affine(
                    op,
                    format!("{name} has memory effects that are not modelled"),
                ))
            }
        }
    }

    fn whole_access(
        &mut self,
        op: Op,
        memref: Value,
        write: bool,
        st: &mut StmtBuild,
    ) -> Result<(), ExtractError> {
        let array = self.memref_array(op, memref)?;
        let a = &self.arrays[array];
        st.push_access(op, array, write, whole(&a.name, a.rank), false);
        Ok(())
    }

    /// A `vector.transfer_read`/`transfer_write` on a memref: the box its vector spans
    /// (memref dim `permutation_map` result `k` names covers `[index, index + shape[k])`,
    /// broadcast results cover nothing extra). The box is exact only when every dim is
    /// `in_bounds` and there is no mask; otherwise it is a superset of the elements
    /// touched, so a write becomes a may-write.
    fn transfer_access(
        &mut self,
        op: Op,
        top: bool,
        dims: &[Dim],
        st: &mut StmtBuild,
    ) -> Result<(), ExtractError> {
        let ir = self.ir;
        let write = ir.isa::<vector::TransferWrite>(op);
        let operands = ir.operands(op).to_vec();
        let mem_index = usize::from(write);
        let (Some(&memref), Some(&vector)) = (
            operands.get(mem_index),
            if write {
                operands.first()
            } else {
                ir.results(op).first()
            },
        ) else {
            return Err(not_affine(op, "malformed transfer"));
        };
        if element_type(ir, ir.value_type(memref)).is_none() {
            return Err(not_affine(op, "a transfer on a non-memref is not modelled"));
        }
        let array = self.memref_array(op, memref)?;
        let rank = self.arrays[array].rank;
        let name = self.arrays[array].name.clone();
        let indices = operands.get(mem_index + 1..mem_index + 1 + rank);
        // read: source, indices, padding[, mask]; write: vector, dest, indices[, mask].
        let masked = operands.len() > mem_index + 1 + rank + usize::from(!write);
        let ctx = ir.ctx();
        let shape = match ctx.type_data(ir.value_type(vector)) {
            TypeData::Vector { shape, .. } => shape.clone(),
            _ => return Err(not_affine(op, "malformed transfer")),
        };
        let in_bounds: Option<Vec<bool>> = match ir.attr(op, "in_bounds").map(|a| ctx.attr_data(a))
        {
            Some(AttrData::Array(items)) => items
                .iter()
                .map(|&a| ctx.int_value(a).map(|v| v != 0))
                .collect(),
            _ => None,
        };
        // extents[d]: how many elements memref dim d spans (1 unless a vector dim maps to it).
        let mut extents = Some(vec![1i64; rank]);
        match map_attr(ir, op, "permutation_map").map(|m| ctx.map_data(m).clone()) {
            Some(perm) if perm.results.len() == shape.len() && perm.num_dims as usize == rank => {
                for (&e, &w) in perm.results.iter().zip(&shape) {
                    match ctx.expr_data(e) {
                        AffineExprData::Dim(d) => {
                            if let Some(x) = extents.as_mut() {
                                x[d as usize] = x[d as usize].max(w.max(1));
                            }
                        }
                        AffineExprData::Constant(0) => {}
                        _ => extents = None,
                    }
                }
            }
            _ => extents = None,
        }
        let range = match (top, indices, &extents) {
            (true, Some(indices), Some(extents)) => {
                let mut subs = Vec::new();
                for &v in indices {
                    let Term::Text(s) = self.value_term(v, dims, 0) else {
                        break;
                    };
                    subs.push(s);
                }
                (subs.len() == rank && rank > 0).then(|| box_range(&name, &subs, extents))
            }
            _ => None,
        };
        let boxed = range.is_some();
        let exact = boxed
            && !masked
            && in_bounds.is_some_and(|b| b.len() == shape.len() && b.iter().all(|&x| x));
        st.push_access(
            op,
            array,
            write,
            range.unwrap_or_else(|| whole(&name, rank)),
            exact,
        );
        Ok(())
    }

    /// The range of an affine access `A[o..] : o_k = subscript_k` (a vector access spans
    /// its vector's extent in the last dimensions), or `None` when not affine.
    fn affine_range(
        &mut self,
        op: Op,
        name: &str,
        indices: &[Value],
        dims: &[Dim],
        rank: usize,
    ) -> Option<String> {
        let map = map_attr(self.ir, op, "map")?;
        let data = self.ir.ctx().map_data(map).clone();
        if data.results.len() != rank {
            return None;
        }
        let mut subs = Vec::new();
        for &e in &data.results {
            subs.push(self.expr_text(e, indices, data.num_dims, dims, 0).ok()?);
        }
        let mut extents = vec![1i64; rank];
        if self.ir.isa::<AffineVectorLoad>(op) || self.ir.isa::<AffineVectorStore>(op) {
            let vec_ty = if self.ir.isa::<AffineVectorLoad>(op) {
                self.ir.value_type(*self.ir.results(op).first()?)
            } else {
                self.ir.value_type(*self.ir.operands(op).first()?)
            };
            let TypeData::Vector { shape, .. } = self.ir.ctx().type_data(vec_ty) else {
                return None;
            };
            if shape.len() > rank {
                return None;
            }
            for (k, &w) in shape.iter().enumerate() {
                extents[rank - shape.len() + k] = w.max(1);
            }
        }
        Some(box_range(name, &subs, &extents))
    }

    /// Adds the accesses of SSA values crossing statements and of loop-carried values.
    fn model_values(&mut self) -> Result<(), ExtractError> {
        let ir = self.ir;
        for t in 0..self.stmts.len() {
            let ops = self.stmts[t].ops.clone();
            for &top in &ops {
                for op in ir.walk_ops(top, lattice_ir::WalkOrder::PreOrder) {
                    for &v in ir.operands(op) {
                        self.value_use(v, op, t, 0)?;
                    }
                }
            }
        }
        // Writes of carried values: the statement defining each yielded value.
        let loops: Vec<Op> = self
            .roots
            .iter()
            .flat_map(|&r| ir.walk_ops(r, lattice_ir::WalkOrder::PreOrder))
            .filter(|&o| is_affine_loop(ir, o))
            .collect();
        // Inner loops first, so that a loop yielding an inner loop's result finds the
        // statements writing that result.
        for l in loops.into_iter().rev() {
            let n = ir.results(l).len();
            if n == 0 {
                continue;
            }
            let body = self.body_ops(l, 0)?;
            let Some(&yield_op) = body.last() else {
                continue;
            };
            let yielded = ir.operands(yield_op).to_vec();
            for (index, &y) in yielded.iter().enumerate().take(n) {
                let array = self.carried_array(l, index)?;
                let Some(def) = ir.defining_op(y).filter(|&d| ir.is_ancestor(l, d)) else {
                    if self.is_region_arg_of(y, l) {
                        continue;
                    }
                    return Err(not_affine(
                        l,
                        "a loop yields a value defined outside its body",
                    ));
                };
                if is_affine_loop(ir, def) {
                    // The value of an inner loop: whatever writes that loop's carried
                    // value may write this one.
                    let inner_index = ir.results(def).iter().position(|&r| r == y).unwrap_or(0);
                    let inner = self.carried_array(def, inner_index)?;
                    let outer = self.outer_dims(l);
                    let range = self.carried_range(array, outer);
                    let writers: Vec<(usize, Op)> = self
                        .stmts
                        .iter()
                        .enumerate()
                        .flat_map(|(k, st)| {
                            st.accesses
                                .iter()
                                .filter(|a| a.array == inner && a.kind != AccessKind::Read)
                                .map(move |a| (k, a.op))
                        })
                        .collect();
                    for (k, op) in writers {
                        self.stmts[k].accesses.push(AccessBuild {
                            kind: AccessKind::MayWrite,
                            array,
                            op,
                            range: range.clone(),
                            exact: false,
                        });
                    }
                    continue;
                }
                let Some(s) = self.stmt_of_op.get(&def).copied() else {
                    return Err(not_affine(
                        l,
                        "a yielded value is not computed by a statement",
                    ));
                };
                let outer = self.outer_dims(l);
                let range = self.carried_range(array, outer);
                self.stmts[s].accesses.push(AccessBuild {
                    kind: AccessKind::Write,
                    array,
                    op: def,
                    range,
                    exact: true,
                });
            }
        }
        Ok(())
    }

    fn is_region_arg_of(&self, v: Value, l: Op) -> bool {
        matches!(self.ir.value_def(v), ValueDef::Argument { block, .. } if self.ir.block_parent_op(block) == Some(l))
    }

    /// Number of dims outside loop `l` (the dims of statements in `l` before `l`'s own).
    fn outer_dims(&self, l: Op) -> usize {
        let mut n = 0;
        let mut cur = self.ir.parent_op(l);
        while let Some(p) = cur {
            if !self.inside(p) {
                break;
            }
            match AffineKind::of(self.ir, p) {
                Some(AffineKind::For) => n += 1,
                Some(AffineKind::Parallel) => {
                    n += self
                        .ir
                        .regions(p)
                        .first()
                        .and_then(|&r| self.ir.entry_block(r))
                        .map_or(0, |b| self.ir.block_args(b).len())
                }
                _ => {}
            }
            cur = self.ir.parent_op(p);
        }
        n
    }

    fn carried_array(&mut self, l: Op, index: usize) -> Result<usize, ExtractError> {
        let kind = ArrayKind::Carried { loop_op: l, index };
        let result = self.ir.results(l)[index];
        if let Some(&k) = self.array_index.get(&(result, kind)) {
            return Ok(k);
        }
        let k = self.arrays.len();
        let rank = self.outer_dims(l);
        self.arrays.push(Array {
            name: format!("R{k}"),
            value: result,
            kind,
            rank,
            distinct: true,
            is_argument: false,
            element_bytes: element_bytes(self.ir, self.ir.value_type(result)),
        });
        self.array_index.insert((result, kind), k);
        Ok(k)
    }

    fn carried_range(&self, array: usize, rank: usize) -> String {
        let outs: Vec<String> = (0..rank).map(|k| format!("i{k}")).collect();
        format!("{}", tuple(&self.arrays[array].name, &outs))
    }

    /// Records the read of `v` by `user` in statement `t`.
    fn value_use(
        &mut self,
        v: Value,
        user: Op,
        t: usize,
        depth: usize,
    ) -> Result<(), ExtractError> {
        let ir = self.ir;
        if depth > 64 || !self.value_inside(v) {
            return Ok(());
        }
        match ir.value_def(v) {
            ValueDef::Argument { block, index } => {
                let Some(owner) = ir.block_parent_op(block) else {
                    return Ok(());
                };
                match AffineKind::of(ir, owner) {
                    Some(AffineKind::For) => {
                        if index == 0 {
                            return Ok(()); // the IV
                        }
                        let k = index as usize - 1;
                        if k >= ir.results(owner).len() {
                            return Err(not_affine(owner, "malformed iter_args"));
                        }
                        self.read_carried(owner, k, user, t)?;
                        // The first iteration reads the init value.
                        let inits = ir.operands(owner).len() - ir.results(owner).len();
                        if let Some(&init) = ir.operands(owner).get(inits + k) {
                            self.value_use(init, user, t, depth + 1)?;
                        }
                        Ok(())
                    }
                    Some(AffineKind::Parallel) => Ok(()), // IVs
                    _ => {
                        if self.stmt_of_op.get(&owner) == Some(&t) {
                            Ok(()) // an argument of a region nested in the statement
                        } else {
                            Err(not_affine(owner, "a region argument crosses statements"))
                        }
                    }
                }
            }
            _ => {
                let Some(def) = ir.defining_op(v) else {
                    return Ok(());
                };
                if is_affine_loop(ir, def) {
                    let index = ir.results(def).iter().position(|&r| r == v).unwrap_or(0);
                    return self.read_carried(def, index, user, t);
                }
                if ir.isa::<AffineIf>(def) {
                    return Err(not_affine(def, "affine.if with results is not modelled"));
                }
                let Some(s) = self.stmt_of_op.get(&def).copied() else {
                    return Ok(());
                };
                if s == t {
                    return Ok(());
                }
                // Every value crossing statements (constants and `affine.apply`
                // results included) orders its definition before its uses: a
                // transformation moving the use first would break SSA dominance.
                let key = (v, ArrayKind::Value);
                let array = match self.array_index.get(&key) {
                    Some(&k) => k,
                    None => {
                        let k = self.arrays.len();
                        let rank = self.stmts[s].dims.len();
                        self.arrays.push(Array {
                            name: format!("V{k}"),
                            value: v,
                            kind: ArrayKind::Value,
                            rank,
                            distinct: true,
                            is_argument: false,
                            element_bytes: element_bytes(self.ir, self.ir.value_type(v)),
                        });
                        self.array_index.insert(key, k);
                        let range = tuple(&format!("V{k}"), &dim_names(rank));
                        self.stmts[s].accesses.push(AccessBuild {
                            kind: AccessKind::Write,
                            array: k,
                            op: def,
                            range,
                            exact: true,
                        });
                        k
                    }
                };
                let rank = self.arrays[array].rank;
                let range = tuple(&self.arrays[array].name, &dim_names(rank));
                self.stmts[t].accesses.push(AccessBuild {
                    kind: AccessKind::Read,
                    array,
                    op: user,
                    range,
                    exact: true,
                });
                Ok(())
            }
        }
    }

    fn is_index_only(&self, v: Value) -> bool {
        matches!(
            self.ir.ctx().type_data(self.ir.value_type(v)),
            TypeData::Index | TypeData::Integer { .. }
        )
    }

    fn read_carried(
        &mut self,
        l: Op,
        index: usize,
        user: Op,
        t: usize,
    ) -> Result<(), ExtractError> {
        let array = self.carried_array(l, index)?;
        let rank = self.arrays[array].rank;
        if self.stmts[t].dims.len() < rank {
            return Err(not_affine(
                l,
                "a carried value is used outside its loop nest",
            ));
        }
        let range = self.carried_range(array, rank);
        self.stmts[t].accesses.push(AccessBuild {
            kind: AccessKind::Read,
            array,
            op: user,
            range,
            exact: true,
        });
        Ok(())
    }

    /// Builds the isl objects.
    fn finish(self, isl: &IslCtx) -> Result<Scop, ExtractError> {
        let prefix = param_prefix(self.params.len());
        let mut statements = Vec::new();
        for (id, st) in self.stmts.into_iter().enumerate() {
            let name = format!("S{id}");
            let vars = dim_names(st.dims.len());
            let head = tuple(&name, &vars);
            let domain_text = if st.constraints.is_empty() {
                format!("{prefix}{{ {head} }}")
            } else {
                format!("{prefix}{{ {head} : {} }}", st.constraints.join(" and "))
            };
            let domain = isl.check(isl.set(&domain_text)?.coalesce())?;
            let mut accesses = Vec::new();
            for a in st.accesses {
                let text = format!("{prefix}{{ {head} -> {} }}", a.range);
                let rel = isl.map(&text)?;
                let rel = isl.check(rel.intersect_domain(isl.check(domain.copy())?))?;
                accesses.push(Access {
                    kind: a.kind,
                    array: a.array,
                    memref: self.arrays[a.array].value,
                    relation: rel,
                    op: a.op,
                    exact: a.exact,
                });
            }
            statements.push(Statement {
                name,
                ops: st.ops,
                dims: st.dims,
                conditions: st.conditions,
                domain,
                accesses,
                opaque: st.opaque,
            });
        }
        let context = isl.set(&format!("{prefix}{{ : }}"))?;
        let schedule = schedule_tree(isl, &prefix, &statements, &self.items)?;
        let names = SourceNames::new(self.ir, &self.arrays, &statements);
        Ok(Scop {
            ops: self.roots,
            params: self.params,
            arrays: self.arrays,
            statements,
            context,
            schedule,
            extraction: self.extraction,
            names,
            stmt_of_op: self.stmt_of_op,
        })
    }
}

/// The isl range `A[o..] : subs_k <= o_k < subs_k + extents_k` (`o_k = subs_k` for extent 1).
fn box_range(name: &str, subs: &[String], extents: &[i64]) -> String {
    if subs.is_empty() {
        return format!("{name}[]");
    }
    let outs: Vec<String> = (0..subs.len()).map(|k| format!("o{k}")).collect();
    let conds: Vec<String> = subs
        .iter()
        .zip(extents)
        .enumerate()
        .map(|(k, (s, &w))| {
            if w == 1 {
                format!("o{k} = {s}")
            } else {
                format!("{s} <= o{k} <= {s} + {}", w - 1)
            }
        })
        .collect();
    format!("{} : {}", tuple(name, &outs), conds.join(" and "))
}

fn whole(name: &str, rank: usize) -> String {
    let outs: Vec<String> = (0..rank).map(|k| format!("o{k}")).collect();
    tuple(name, &outs)
}

/// Domain constraints of dim `k` with lower bounds `lbs` (max), upper bounds `ubs` (min)
/// and `step`.
fn bounds_constraints(c: &mut Vec<String>, k: usize, lbs: &[String], ubs: &[String], step: i64) {
    let i = format!("i{k}");
    for lb in lbs {
        c.push(format!("{i} >= {lb}"));
    }
    for ub in ubs {
        c.push(format!("{i} < {ub}"));
    }
    if step > 1 && !lbs.is_empty() {
        if lbs.len() == 1 {
            c.push(format!("(({i} - {}) mod {step}) = 0", lbs[0]));
        } else {
            let mut alts = Vec::new();
            for (r, lb) in lbs.iter().enumerate() {
                let mut parts = vec![format!("(({i} - {lb}) mod {step}) = 0")];
                for (q, other) in lbs.iter().enumerate() {
                    if q < r {
                        parts.push(format!("{lb} > {other}"));
                    } else if q > r {
                        parts.push(format!("{lb} >= {other}"));
                    }
                }
                alts.push(format!("({})", parts.join(" and ")));
            }
            c.push(format!("({})", alts.join(" or ")));
        }
    }
}

fn items_statements(items: &[Item], out: &mut Vec<usize>) {
    for it in items {
        match it {
            Item::Stmt(s) => out.push(*s),
            Item::Loop { children, .. } => items_statements(children, out),
        }
    }
}

/// The program-order schedule tree of `items` (see [`crate::transform::program_tree`]).
fn items_tree(items: &[Item], all: &[Statement]) -> Tree {
    match items {
        [] => Tree::Leaf(Vec::new()),
        [Item::Stmt(s)] => Tree::Leaf(vec![*s]),
        [Item::Loop { dims, children }] => {
            let mut stmts = Vec::new();
            items_statements(children, &mut stmts);
            let members = dims
                .iter()
                .map(|d| Member {
                    exprs: stmts
                        .iter()
                        .map(|&s| {
                            let k = all[s].dims.iter().position(|x| x == d).unwrap_or(0);
                            (s, SchedExpr::Iter(k))
                        })
                        .collect(),
                    coincident: false,
                })
                .collect();
            Tree::Band {
                members,
                permutable: false,
                loops: Vec::new(),
                options: None,
                child: Box::new(items_tree(children, all)),
            }
        }
        items => Tree::Sequence(
            items
                .iter()
                .map(|it| items_tree(std::slice::from_ref(it), all))
                .collect(),
        ),
    }
}

/// The program-order schedule of `items`. Its domain is the statements' domains read back
/// from their text (a set, not a schedule): isl's reader orders their disjuncts and
/// constraints as `lattice deps` has always printed them.
fn schedule_tree(
    isl: &IslCtx,
    prefix: &str,
    statements: &[Statement],
    items: &[Item],
) -> Result<Schedule, IslError> {
    let domains: Vec<String> = statements
        .iter()
        .map(|s| {
            let t = s.domain.text();
            // `[p] -> { S0[i0] : ... }` -> `S0[i0] : ...`
            t.find('{')
                .and_then(|a| t.rfind('}').map(|b| t[a + 1..b].trim().to_string()))
                .unwrap_or_default()
        })
        .filter(|s| !s.is_empty())
        .collect();
    let domain = isl.union_set(&format!("{prefix}{{ {} }}", domains.join("; ")))?;
    let tree = items_tree(items, statements);
    crate::transform::isl_tree::schedule_of(isl, statements, domain, &tree)
}

/// Where `memref` comes from: (distinct: an allocation or a `llvm.noalias` argument,
/// a function argument).
pub(crate) fn memref_origin(ir: &Ir, memref: Value) -> (bool, bool) {
    match ir.value_def(memref) {
        ValueDef::Argument { block, index } => {
            let Some(func) = ir
                .block_parent_op(block)
                .filter(|&f| ir.isa::<func::Func>(f))
            else {
                return (false, false);
            };
            let noalias =
                lattice_dialects::func::arg_has_attr(ir, func, index as usize, "llvm.noalias");
            (noalias, true)
        }
        _ => {
            let alloc = ir
                .defining_op(memref)
                .is_some_and(|d| ir.is_any_def(d, &[memref::Alloc::DEF, memref::Alloca::DEF]));
            (alloc, false)
        }
    }
}

fn dense_elements(ir: &Ir, op: Op, name: &str) -> Option<Vec<i64>> {
    lattice_affine::util::dense_elements(ir.ctx(), ir.attr(op, name))
}

fn int_array(ir: &Ir, op: Op, name: &str) -> Option<Vec<i64>> {
    let ctx = ir.ctx();
    match ctx.attr_data(ir.attr(op, name)?) {
        AttrData::Array(elems) => elems
            .iter()
            .map(|&e| ctx.int_value(e).and_then(|v| i64::try_from(v).ok()))
            .collect(),
        _ => None,
    }
}
