//! isl AST → affine IR: `for` nodes become `affine.for` (or `affine.parallel` under a
//! `parallel` mark) with `max` lower bounds and `min` upper bounds, `if` nodes become
//! `affine.if` with an integer set, block nodes sequences, and user nodes
//! `S<k>(e0, .., en)` a clone of statement `S<k>`'s ops with its original induction
//! variables replaced by the expressions isl gives for them (folded into the maps of
//! affine accesses, an `affine.apply` elsewhere). [`generate_checked`] asks a check
//! about every loop it would generate parallel and generates the ones it objects to
//! sequential ([`crate::parallel_check`], the safety net of parallel marks).
//!
//! Generated loops are named for remarks of later passes ([`Ir::set_source_name`] on
//! their IVs): a loop that is the value of a statement's original IV (plus a constant)
//! takes that IV's source name (`%i`; fused loops `%i/%k`, fused loops of one name
//! `%i (3:3, 9:3)` after where they were); a loop that no statement
//! uses but that bounds such a loop inside it is `tile loop of %i` (and one bounding only
//! tile loops `outer tile loop of %i`). Skewed and other loops stay unnamed.
//!
//! Invariants: expressions are built over one space, dims = the generated loop IVs
//! enclosing the point (outermost first), symbols = the SCoP's parameters; every op
//! created gets a map over exactly the values it uses (dims first, deduplicated).
//! Anything isl produces that is not affine (`select`, `or`, nested `min` in a lower
//! bound) is an error, reported before the caller erases anything: the caller generates
//! into a fresh block and only swaps it in on success.

use crate::ast_build::{node_kind, AstNodeKind};
use crate::transform::LoopMark;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode};
use lattice_affine::views::{
    AffineApply, AffineFor, AffineIf, AffineLoad, AffineParallel, AffinePrefetch, AffineStore,
    AffineVectorLoad, AffineVectorStore, AffineYield,
};
use lattice_ir::{AffineExpr, Attr, Block, Ir, Op, OperationState, Traits, Value};
use rustc_hash::FxHashMap;

/// The mark id whose subtree's outermost loops become `affine.parallel`.
pub const PARALLEL_MARK: &str = "parallel";

/// One statement's body: what a user node `S(e..)` instantiates.
#[derive(Clone, Debug)]
pub struct StatementBody {
    /// The ops of one instance, in program order (no nested loops); cloned per instance.
    pub ops: Vec<Op>,
    /// The original induction variables, outermost first (the arguments of `S(..)`).
    pub ivs: Vec<Value>,
}

/// Everything the generator needs besides the AST.
#[derive(Clone, Debug, Default)]
pub struct CodegenInput {
    /// isl parameter name → the SSA value it stands for.
    pub params: Vec<(String, Value)>,
    /// The parameters that are not valid affine symbols where the code lands (induction
    /// variables of loops around a SCoP nested in a non-SCoP loop): the generated maps
    /// and sets take them as dimensions, not symbols.
    pub dim_params: rustc_hash::FxHashSet<Value>,
    /// Statement name (`S0`) → its body.
    pub statements: FxHashMap<String, StatementBody>,
}

/// Why code could not be generated.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CodegenError {
    /// isl reported an error while the AST was read.
    #[error("isl: {0}")]
    Isl(String),
    /// An expression isl produced has no affine form.
    #[error("the generated AST has a non-affine expression: {0}")]
    NotAffine(String),
    /// An identifier is neither a loop iterator nor a parameter.
    #[error("unknown identifier '{0}' in the generated AST")]
    UnknownId(String),
    /// A user node names no known statement.
    #[error("unknown statement '{0}' in the generated AST")]
    UnknownStatement(String),
    /// A statement's op uses a value that is not available at the new position.
    #[error("statement {0} uses a value defined inside the transformed region that cannot be recomputed")]
    Unavailable(String),
    /// The generated code would compute an index value beyond 64 bits.
    #[error("the generated code would overflow: {0}")]
    Overflow(String),
}

impl From<isl_rs::LibISLError> for CodegenError {
    fn from(e: isl_rs::LibISLError) -> Self {
        CodegenError::Isl(format!("{e:?}"))
    }
}

/// Generates the code of `ast` at the end of `block` (before its terminator if
/// `before` is given). `region_ops` are the ops of the region being replaced: values they
/// define and statements use are recomputed when pure, an error otherwise.
pub fn generate(
    ir: &mut Ir,
    ast: &ASTNode,
    input: &CodegenInput,
    block: Block,
    before: Option<Op>,
    loc: Attr,
) -> Result<(), CodegenError> {
    generate_checked(ir, ast, input, block, before, loc, None).map(|_| ())
}

/// What a [`LoopCheck`] says of the first loop below a `parallel` or reduction mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Landing {
    /// The loop of the marked member, free to run in parallel.
    Parallel,
    /// Not a loop of the marked member (a deeper one, where a piece of the member's
    /// range has a single value and so no loop): sequential, as it is in the schedule.
    NotTheMember,
    /// The loop of the marked member, but it must stay sequential: why.
    Objection(String),
}

/// Judges a loop about to be generated parallel: given its `for` node, the mark node
/// above it ([`PARALLEL_MARK`] or [`crate::reduction::REDUCTION_MARK`]) and which mark
/// it is, whether it is the marked member's loop and may run in parallel.
pub type LoopCheck<'a> =
    dyn FnMut(&ASTNode, &ASTNode, LoopMark) -> Result<Landing, CodegenError> + 'a;

/// [`generate`], asking `check` about every loop it would generate parallel (an
/// `affine.parallel`, or a loop marked for [`crate::reduction::finish`]): the first loop
/// below each mark, in each piece isl generates. A loop `check` objects to, or finds not
/// to be the marked member's, is generated as a plain sequential `affine.for`. Returns
/// the objections, one per such loop.
pub fn generate_checked<'c>(
    ir: &mut Ir,
    ast: &ASTNode,
    input: &CodegenInput,
    block: Block,
    before: Option<Op>,
    loc: Attr,
    check: Option<&'c mut LoopCheck<'c>>,
) -> Result<Vec<String>, CodegenError> {
    let mut g = Gen {
        input,
        loc,
        dims: Vec::new(),
        names: FxHashMap::default(),
        parallel: false,
        reduction: false,
        mark: None,
        check,
        objections: Vec::new(),
        loops: Vec::new(),
        point_names: FxHashMap::default(),
    };
    let cursor = Cursor { block, before };
    g.node(ir, ast, cursor)?;
    name_loops(ir, &g.loops, &g.point_names);
    // Statement ops clamp against ranges the generated loops may already bound (the
    // interior of an index set split, `crate::index_split`).
    let tops: Vec<Op> = g.loops.iter().map(|l| l.op).collect();
    crate::index_split::prune_min_max(ir, &tops);
    check_ranges(ir, &tops)?;
    Ok(g.objections)
}

/// An integer constant of the AST; isl's are unbounded, an index is 64 bits.
fn int_val(v: &isl_rs::Val) -> Result<i64, CodegenError> {
    let text = crate::isl::IslText::text(v);
    text.parse::<i64>().map_err(|_| {
        CodegenError::Overflow(format!(
            "isl computed the constant {text}, beyond the 64-bit range"
        ))
    })
}

/// Fails when a generated loop (bounds, last increment) or an affine op inside one may
/// compute an index value beyond 64 bits, over the ranges the loops' bounds give
/// ([`lattice_affine::analysis::ranges`]; values from outside, such as parameters, are
/// not bounded, so what depends on them is not checked).
fn check_ranges(ir: &Ir, loops: &[Op]) -> Result<(), CodegenError> {
    let set: rustc_hash::FxHashSet<Op> = loops.iter().copied().collect();
    let nested = |l: Op| {
        let mut p = ir.parent_op(l);
        while let Some(o) = p {
            if set.contains(&o) {
                return true;
            }
            p = ir.parent_op(o);
        }
        false
    };
    for &l in loops.iter().filter(|&&l| ir.contains_op(l) && !nested(l)) {
        if let Some((_, e)) = lattice_affine::analysis::ranges::nest_overflow(ir, l) {
            return Err(CodegenError::Overflow(e.to_string()));
        }
    }
    Ok(())
}

/// A loop [`Gen`] generated: op, IV, and the values its lower and upper bounds use.
struct GeneratedLoop {
    op: Op,
    iv: Value,
    lower: Vec<Value>,
    upper: Vec<Value>,
}

/// The prefix of a tile loop's name (`tile loop of %i`).
const TILE_LOOP_OF: &str = "tile loop of ";

/// Names the generated loops `loops` (outermost first) after the statement IVs they stand
/// for (`point_names`), and unnamed ones that bound a named loop inside them after it (see
/// the module doc): a tile loop bounds its point loop from both sides (`max(t, ..)` to
/// `min(t + 32, ..)`), where other loops below may use it on one side only (a triangle's
/// `j < i` bounded by the tile of `i`), so such loops are preferred.
fn name_loops(
    ir: &mut Ir,
    loops: &[GeneratedLoop],
    point_names: &FxHashMap<Value, Vec<(String, Value)>>,
) {
    let index: FxHashMap<Op, usize> = loops.iter().enumerate().map(|(k, l)| (l.op, k)).collect();
    // Innermost first, so a tile loop sees its point loop's name.
    for l in loops.iter().rev() {
        if let Some(ivs) = point_names.get(&l.iv) {
            // Fused loops of one name are told apart by where their loops are.
            let places: Vec<Option<String>> = ivs
                .iter()
                .map(|&(_, iv)| {
                    ir.value_block(iv)
                        .and_then(|b| ir.block_parent_op(b))
                        .and_then(|op| crate::scop::line_col(ir, op))
                })
                .collect();
            let named: Vec<(&str, Option<&str>)> = ivs
                .iter()
                .zip(&places)
                .map(|((name, _), place)| (name.as_str(), place.as_deref()))
                .collect();
            let name = crate::source_loops::distinct_names(&named).join("/");
            ir.set_source_name(l.iv, &name);
            continue;
        }
        // (bounded from both sides, name) of the named loops inside that `l` bounds.
        let mut bounded: Vec<(bool, String)> = Vec::new();
        for inner in ir.walk_ops(l.op, lattice_ir::WalkOrder::PreOrder) {
            let Some(&k) = index.get(&inner) else {
                continue;
            };
            let g = &loops[k];
            let (lo, up) = (g.lower.contains(&l.iv), g.upper.contains(&l.iv));
            if let (true, Some(name)) = (lo || up, ir.source_name(g.iv)) {
                bounded.push((lo && up, name.to_string()));
            }
        }
        bounded.sort_by_key(|(both, _)| !both);
        let name = match bounded.first() {
            Some((_, point)) if point.starts_with('%') => format!("{TILE_LOOP_OF}{point}"),
            Some((_, tile)) if tile.starts_with(TILE_LOOP_OF) => format!("outer {tile}"),
            _ => continue,
        };
        ir.set_source_name(l.iv, &name);
    }
}

#[derive(Clone, Copy)]
struct Cursor {
    block: Block,
    before: Option<Op>,
}

impl Cursor {
    fn insert(self, ir: &mut Ir, op: Op) {
        match self.before {
            Some(b) => ir.insert_op_before(b, op),
            None => ir.append_op(self.block, op),
        }
    }
}

struct Gen<'a, 'c> {
    input: &'a CodegenInput,
    loc: Attr,
    /// Generated loop IVs enclosing the current point (dims of the expression space).
    dims: Vec<Value>,
    /// isl iterator name → its value as an expression of the space.
    names: FxHashMap<String, AffineExpr>,
    /// Inside a `parallel` mark and no loop generated yet below it.
    parallel: bool,
    /// Inside a [`crate::reduction::REDUCTION_MARK`] and no loop generated yet below it:
    /// the next loop is an `affine.for` marked for [`crate::reduction::finish`].
    reduction: bool,
    /// The mark node `parallel` or `reduction` comes from.
    mark: Option<ASTNode>,
    /// Asked about every loop to be generated parallel (see [`generate_checked`]).
    check: Option<&'c mut LoopCheck<'c>>,
    /// What `check` objected to.
    objections: Vec<String>,
    /// Every generated loop, outermost first.
    loops: Vec<GeneratedLoop>,
    /// Per generated IV, the statement IVs it stands for, with their source names.
    point_names: FxHashMap<Value, Vec<(String, Value)>>,
}

/// The values `op` and the ops nested in its regions (an `scf.if` of a statement) use
/// that are defined outside `op`, operands of `op` first; each once.
fn used_from_outside(ir: &Ir, op: Op) -> Vec<Value> {
    let mut used: Vec<Value> = Vec::new();
    for o in ir.walk_ops(op, lattice_ir::WalkOrder::PreOrder) {
        for &v in ir.operands(o) {
            let inside = ir
                .value_block(v)
                .and_then(|b| ir.block_parent_op(b))
                .is_some_and(|p| ir.is_ancestor(op, p));
            if !inside && !used.contains(&v) {
                used.push(v);
            }
        }
    }
    used
}

/// The dim `d` of an expression `d` or `d + c`.
fn shifted_dim(ctx: &lattice_ir::Context, e: AffineExpr) -> Option<usize> {
    use lattice_ir::{AffineBinOp, AffineExprData};
    match ctx.expr_data(e) {
        AffineExprData::Dim(d) => Some(d as usize),
        AffineExprData::Binary {
            op: AffineBinOp::Add,
            lhs,
            rhs,
        } => match (ctx.expr_data(lhs), ctx.expr_data(rhs)) {
            (AffineExprData::Dim(d), AffineExprData::Constant(_)) => Some(d as usize),
            _ => None,
        },
        _ => None,
    }
}

/// Collects the values an op's map uses, dims first, and renumbers expressions onto them.
struct MapBuilder {
    dims: Vec<Value>,
    syms: Vec<Value>,
}

impl MapBuilder {
    fn new() -> Self {
        MapBuilder {
            dims: Vec::new(),
            syms: Vec::new(),
        }
    }

    fn dim(&mut self, ir: &Ir, v: Value) -> AffineExpr {
        let i = match self.dims.iter().position(|&d| d == v) {
            Some(i) => i,
            None => {
                self.dims.push(v);
                self.dims.len() - 1
            }
        };
        ir.ctx().dim_expr(i as u32)
    }

    fn sym(&mut self, ir: &Ir, v: Value) -> AffineExpr {
        let i = match self.syms.iter().position(|&d| d == v) {
            Some(i) => i,
            None => {
                self.syms.push(v);
                self.syms.len() - 1
            }
        };
        ir.ctx().symbol_expr(i as u32)
    }

    /// Brings an expression of the generator's space into this builder.
    fn import(&mut self, ir: &Ir, g: &Gen<'_, '_>, e: AffineExpr) -> AffineExpr {
        let ctx = ir.ctx();
        let mut dims = Vec::with_capacity(g.dims.len());
        for i in 0..g.dims.len() {
            dims.push(if ctx.expr_uses_dim(e, i as u32) {
                self.dim(ir, g.dims[i])
            } else {
                ctx.constant_expr(0)
            });
        }
        let mut syms = Vec::with_capacity(g.input.params.len());
        for (j, (_, v)) in g.input.params.iter().enumerate() {
            syms.push(if !ctx.expr_uses_symbol(e, j as u32) {
                ctx.constant_expr(0)
            } else if g.input.dim_params.contains(v) {
                self.dim(ir, *v)
            } else {
                self.sym(ir, *v)
            });
        }
        ctx.replace_dims_and_symbols(e, &dims, &syms)
    }

    /// The map over the collected values and its operands (dims then symbols).
    fn finish(self, ir: &Ir, exprs: Vec<AffineExpr>) -> (lattice_ir::AffineMap, Vec<Value>) {
        let ctx = ir.ctx();
        let (nd, ns) = (self.dims.len() as u32, self.syms.len() as u32);
        let exprs = exprs
            .into_iter()
            .map(|e| ctx.simplify_affine_expr(e, nd, ns))
            .collect();
        let map = ctx.affine_map(nd, ns, exprs);
        let mut operands = self.dims;
        operands.extend(self.syms);
        (map, operands)
    }
}

fn op_args(e: &ASTExpr) -> Result<Vec<ASTExpr>, CodegenError> {
    let n = e.op_get_n_arg()?;
    (0..n).map(|i| Ok(e.op_get_arg(i)?)).collect()
}

fn expr_text(e: &ASTExpr) -> String {
    e.to_C_str().map(str::to_string).unwrap_or_default()
}

impl Gen<'_, '_> {
    /// An affine expression of the space (no `min`/`max`).
    fn expr(&self, ir: &Ir, e: &ASTExpr) -> Result<AffineExpr, CodegenError> {
        let ctx = ir.ctx();
        match e.get_type()? {
            ASTExprType::Int => Ok(ctx.constant_expr(int_val(&e.get_val()?)?)),
            ASTExprType::Id => {
                let id = e.get_id()?;
                let name = id.get_name()?.to_string();
                if let Some(&x) = self.names.get(&name) {
                    return Ok(x);
                }
                match self.input.params.iter().position(|(n, _)| *n == name) {
                    Some(j) => Ok(ctx.symbol_expr(j as u32)),
                    None => Err(CodegenError::UnknownId(name)),
                }
            }
            ASTExprType::Op => {
                let args = op_args(e)?;
                let a = |i: usize| self.expr(ir, &args[i]);
                let not_affine = || CodegenError::NotAffine(expr_text(e));
                let r = match e.op_get_type()? {
                    ASTExprOpType::Minus => ctx.neg_expr(a(0)?),
                    ASTExprOpType::Add => ctx.add_expr(a(0)?, a(1)?),
                    ASTExprOpType::Sub => ctx.sub_expr(a(0)?, a(1)?),
                    ASTExprOpType::Mul => {
                        let (l, r) = (a(0)?, a(1)?);
                        if ctx.constant_value(l).is_none() && ctx.constant_value(r).is_none() {
                            return Err(not_affine());
                        }
                        ctx.mul_expr(l, r)
                    }
                    ASTExprOpType::Div | ASTExprOpType::FdivQ | ASTExprOpType::PdivQ => {
                        let (l, r) = (a(0)?, a(1)?);
                        match ctx.constant_value(r) {
                            Some(c) if c > 0 => ctx.floordiv_expr(l, r),
                            _ => return Err(not_affine()),
                        }
                    }
                    ASTExprOpType::PdivR | ASTExprOpType::ZdivR => {
                        let (l, r) = (a(0)?, a(1)?);
                        match ctx.constant_value(r) {
                            Some(c) if c > 0 => ctx.mod_expr(l, r),
                            _ => return Err(not_affine()),
                        }
                    }
                    _ => return Err(not_affine()),
                };
                Ok(r)
            }
            _ => Err(CodegenError::NotAffine(expr_text(e))),
        }
    }

    /// The alternatives of a `max` (lower) or `min` (upper) bound expression.
    fn bound_list(
        &self,
        ir: &Ir,
        e: &ASTExpr,
        kind: ASTExprOpType,
        out: &mut Vec<AffineExpr>,
    ) -> Result<(), CodegenError> {
        if e.get_type()? == ASTExprType::Op && e.op_get_type()? == kind {
            for a in op_args(e)? {
                self.bound_list(ir, &a, kind, out)?;
            }
            return Ok(());
        }
        out.push(self.expr(ir, e)?);
        Ok(())
    }

    /// Constraints (`e >= 0` or `e == 0`) of a conjunction of comparisons.
    fn constraints(
        &self,
        ir: &Ir,
        e: &ASTExpr,
        out: &mut Vec<(AffineExpr, bool)>,
    ) -> Result<(), CodegenError> {
        let ctx = ir.ctx();
        let not_affine = || CodegenError::NotAffine(expr_text(e));
        if e.get_type()? != ASTExprType::Op {
            return Err(not_affine());
        }
        let op = e.op_get_type()?;
        let args = op_args(e)?;
        match op {
            ASTExprOpType::And | ASTExprOpType::AndThen => {
                for a in &args {
                    self.constraints(ir, a, out)?;
                }
                Ok(())
            }
            ASTExprOpType::Eq => {
                let (l, r) = (self.expr(ir, &args[0])?, self.expr(ir, &args[1])?);
                out.push((ctx.sub_expr(l, r), true));
                Ok(())
            }
            ASTExprOpType::Le | ASTExprOpType::Lt | ASTExprOpType::Ge | ASTExprOpType::Gt => {
                // small <= big (strict: small + 1 <= big); min/max split into conjuncts.
                let (small, big) = match op {
                    ASTExprOpType::Le | ASTExprOpType::Lt => (&args[0], &args[1]),
                    _ => (&args[1], &args[0]),
                };
                let strict = matches!(op, ASTExprOpType::Lt | ASTExprOpType::Gt);
                let mut smalls = Vec::new();
                self.bound_list(ir, small, ASTExprOpType::Max, &mut smalls)?;
                let mut bigs = Vec::new();
                self.bound_list(ir, big, ASTExprOpType::Min, &mut bigs)?;
                for &s in &smalls {
                    for &b in &bigs {
                        let mut d = ctx.sub_expr(b, s);
                        if strict {
                            d = ctx.sub_expr(d, ctx.constant_expr(1));
                        }
                        out.push((d, false));
                    }
                }
                Ok(())
            }
            _ => Err(not_affine()),
        }
    }

    fn node(&mut self, ir: &mut Ir, n: &ASTNode, at: Cursor) -> Result<(), CodegenError> {
        match node_kind(n) {
            AstNodeKind::Block => {
                let list = n.block_get_children()?;
                for i in 0..list.size()? {
                    let c = list.get_at(i)?;
                    self.node(ir, &c, at)?;
                }
                Ok(())
            }
            AstNodeKind::Mark => {
                let id = n.mark_get_id()?;
                let child = n.mark_get_node()?;
                let saved = (self.parallel, self.reduction);
                let Some(mark) = LoopMark::of_name(id.get_name()?) else {
                    return self.node(ir, &child, at);
                };
                match mark {
                    LoopMark::Parallel => self.parallel = true,
                    LoopMark::ParallelReduction => self.reduction = true,
                }
                let saved_mark = self.mark.replace(n.copy()?);
                let r = self.node(ir, &child, at);
                (self.parallel, self.reduction) = saved;
                self.mark = saved_mark;
                r
            }
            AstNodeKind::For => self.for_node(ir, n, at),
            AstNodeKind::If => self.if_node(ir, n, at),
            AstNodeKind::User => self.user_node(ir, n, at),
            _ => Err(CodegenError::Isl("unexpected AST node".into())),
        }
    }

    fn for_node(&mut self, ir: &mut Ir, n: &ASTNode, at: Cursor) -> Result<(), CodegenError> {
        let iter = n.for_get_iterator()?;
        let name = iter.get_id()?.get_name()?.to_string();
        let init = n.for_get_init()?;
        let body = n.for_get_body()?;
        if n.for_is_degenerate()? {
            // A loop of one iteration: no op, but a `parallel` or reduction mark above
            // it is spent on it (the member it marks); it must not pass to the loops
            // below, which may carry dependences (a tile of a whole trip count).
            let e = self.expr(ir, &init)?;
            let saved = self.names.insert(name.clone(), e);
            let marks = (
                std::mem::replace(&mut self.parallel, false),
                std::mem::replace(&mut self.reduction, false),
            );
            let r = self.node(ir, &body, at);
            (self.parallel, self.reduction) = marks;
            restore(&mut self.names, name, saved);
            return r;
        }
        let mut lbs = Vec::new();
        self.bound_list(ir, &init, ASTExprOpType::Max, &mut lbs)?;
        let cond = n.for_get_cond()?;
        let ubs = self.upper_bounds(ir, &cond, &name)?;
        let inc = n.for_get_inc()?;
        let step = match inc.get_type()? {
            ASTExprType::Int => int_val(&inc.get_val()?)?,
            _ => return Err(CodegenError::NotAffine(expr_text(&inc))),
        };
        if step <= 0 {
            return Err(CodegenError::NotAffine(expr_text(&inc)));
        }
        // mlir-opt's order: bounds on enclosing IVs first, then symbols and constants.
        let uses_dim =
            |e: &AffineExpr| (0..self.dims.len()).any(|d| ir.ctx().expr_uses_dim(*e, d as u32));
        lbs.sort_by_key(|e| !uses_dim(e));
        let mut ubs = ubs;
        ubs.sort_by_key(|e| !uses_dim(e));
        let mut parallel = self.parallel;
        let mut reduction = self.reduction;
        if parallel || reduction {
            if let (Some(check), Some(mark)) = (self.check.as_mut(), self.mark.as_ref()) {
                let name = if parallel {
                    LoopMark::Parallel
                } else {
                    LoopMark::ParallelReduction
                };
                match check(n, mark, name)? {
                    Landing::Parallel => {}
                    Landing::NotTheMember => (parallel, reduction) = (false, false),
                    Landing::Objection(why) => {
                        self.objections.push(why);
                        (parallel, reduction) = (false, false);
                    }
                }
            }
        }
        let ctx = ir.ctx_arc().clone();
        let index = ctx.index_type();
        let mut lb = MapBuilder::new();
        let lbe: Vec<_> = lbs.iter().map(|&e| lb.import(ir, self, e)).collect();
        let (lb_map, lb_ops) = lb.finish(ir, lbe);
        let mut ub = MapBuilder::new();
        let ube: Vec<_> = ubs.iter().map(|&e| ub.import(ir, self, e)).collect();
        let (ub_map, ub_ops) = ub.finish(ir, ube);
        let (lower, upper) = (lb_ops.clone(), ub_ops.clone());
        let region = ir.create_region();
        let blk = ir.create_block(&[index]);
        ir.append_block(region, blk);
        let iv = ir.block_args(blk)[0];
        let name_str = if parallel {
            AffineParallel::NAME
        } else {
            AffineFor::NAME
        };
        let mut st = OperationState::new(ctx.intern_str(name_str), self.loc);
        if parallel {
            st.operands = lb_ops.into_iter().chain(ub_ops).collect();
            st.add_attr(
                ctx.intern_str(AffineParallel::LOWER_BOUNDS_MAP),
                ctx.affine_map_attr(lb_map),
            );
            st.add_attr(
                ctx.intern_str(AffineParallel::LOWER_BOUNDS_GROUPS),
                i32_tensor(&ctx, &[lbs.len() as i64]),
            );
            st.add_attr(
                ctx.intern_str(AffineParallel::UPPER_BOUNDS_MAP),
                ctx.affine_map_attr(ub_map),
            );
            st.add_attr(
                ctx.intern_str(AffineParallel::UPPER_BOUNDS_GROUPS),
                i32_tensor(&ctx, &[ubs.len() as i64]),
            );
            st.add_attr(
                ctx.intern_str(AffineParallel::STEPS),
                ctx.array_attr(vec![ctx.i64_attr(step)]),
            );
            st.add_attr(
                ctx.intern_str(AffineParallel::REDUCTIONS),
                ctx.array_attr(vec![]),
            );
        } else {
            let seg = [lb_ops.len() as i32, ub_ops.len() as i32, 0];
            st.operands = lb_ops.into_iter().chain(ub_ops).collect();
            st.add_attr(
                ctx.intern_str(AffineFor::LOWER_BOUND_MAP),
                ctx.affine_map_attr(lb_map),
            );
            st.add_attr(
                ctx.intern_str(AffineFor::UPPER_BOUND_MAP),
                ctx.affine_map_attr(ub_map),
            );
            st.add_attr(ctx.intern_str(AffineFor::STEP), ctx.index_attr(step));
            st.add_attr(
                ctx.intern_str("operandSegmentSizes"),
                ctx.dense_i32_array(&seg),
            );
        }
        if reduction && !parallel {
            st.add_attr(
                ctx.intern_str(crate::reduction::REDUCTION_ATTR),
                ctx.unit_attr(),
            );
        }
        st.regions.push(region);
        let op = ir.create_op(st);
        at.insert(ir, op);
        self.loops.push(GeneratedLoop {
            op,
            iv,
            lower,
            upper,
        });
        let yield_op = ir.create_op(OperationState::new(
            ctx.intern_str(AffineYield::NAME),
            self.loc,
        ));
        ir.append_op(blk, yield_op);
        let pos = self.dims.len() as u32;
        self.dims.push(iv);
        let saved = self.names.insert(name.clone(), ctx.dim_expr(pos));
        let marks = (
            std::mem::replace(&mut self.parallel, false),
            std::mem::replace(&mut self.reduction, false),
        );
        let r = self.node(
            ir,
            &body,
            Cursor {
                block: blk,
                before: Some(yield_op),
            },
        );
        (self.parallel, self.reduction) = marks;
        restore(&mut self.names, name, saved);
        self.dims.pop();
        r
    }

    /// Exclusive upper bounds from a `for` condition on iterator `name`.
    fn upper_bounds(
        &self,
        ir: &Ir,
        cond: &ASTExpr,
        name: &str,
    ) -> Result<Vec<AffineExpr>, CodegenError> {
        let ctx = ir.ctx();
        let not_affine = || CodegenError::NotAffine(expr_text(cond));
        if cond.get_type()? != ASTExprType::Op {
            return Err(not_affine());
        }
        let op = cond.op_get_type()?;
        let args = op_args(cond)?;
        let is_iter = |e: &ASTExpr| -> bool {
            e.get_type().ok() == Some(ASTExprType::Id)
                && e.get_id()
                    .ok()
                    .and_then(|i| i.get_name().ok().map(|s| s == name))
                    == Some(true)
        };
        let mut out = Vec::new();
        match op {
            ASTExprOpType::And | ASTExprOpType::AndThen => {
                for a in &args {
                    out.extend(self.upper_bounds(ir, a, name)?);
                }
            }
            ASTExprOpType::Le | ASTExprOpType::Lt if is_iter(&args[0]) => {
                let mut b = Vec::new();
                self.bound_list(ir, &args[1], ASTExprOpType::Min, &mut b)?;
                for e in b {
                    out.push(if op == ASTExprOpType::Le {
                        ctx.add_expr(e, ctx.constant_expr(1))
                    } else {
                        e
                    });
                }
            }
            ASTExprOpType::Ge | ASTExprOpType::Gt if is_iter(&args[1]) => {
                let mut b = Vec::new();
                self.bound_list(ir, &args[0], ASTExprOpType::Min, &mut b)?;
                for e in b {
                    out.push(if op == ASTExprOpType::Ge {
                        ctx.add_expr(e, ctx.constant_expr(1))
                    } else {
                        e
                    });
                }
            }
            _ => return Err(not_affine()),
        }
        Ok(out)
    }

    fn if_node(&mut self, ir: &mut Ir, n: &ASTNode, at: Cursor) -> Result<(), CodegenError> {
        let cond = n.if_get_cond()?;
        let mut cs = Vec::new();
        self.constraints(ir, &cond, &mut cs)?;
        let ctx = ir.ctx_arc().clone();
        let mut mb = MapBuilder::new();
        let exprs: Vec<_> = cs.iter().map(|&(e, _)| mb.import(ir, self, e)).collect();
        let (map, operands) = mb.finish(ir, exprs);
        let eq: Vec<bool> = cs.iter().map(|&(_, q)| q).collect();
        let set = ctx.integer_set(
            ctx.map_num_dims(map),
            ctx.map_num_symbols(map),
            ctx.map_results(map).to_vec(),
            eq,
        );
        let then_region = ir.create_region();
        let then_blk = ir.create_block(&[]);
        ir.append_block(then_region, then_blk);
        let else_region = ir.create_region();
        let has_else = n.if_has_else_node()?;
        let mut else_blk = None;
        if has_else {
            let b = ir.create_block(&[]);
            ir.append_block(else_region, b);
            else_blk = Some(b);
        }
        let mut st = OperationState::new(ctx.intern_str(AffineIf::NAME), self.loc);
        st.operands = operands;
        st.add_attr(
            ctx.intern_str(AffineIf::CONDITION),
            ctx.integer_set_attr(set),
        );
        st.regions.push(then_region);
        st.regions.push(else_region);
        let op = ir.create_op(st);
        at.insert(ir, op);
        let y = ir.create_op(OperationState::new(
            ctx.intern_str(AffineYield::NAME),
            self.loc,
        ));
        ir.append_op(then_blk, y);
        self.node(
            ir,
            &n.if_get_then_node()?,
            Cursor {
                block: then_blk,
                before: Some(y),
            },
        )?;
        if let Some(b) = else_blk {
            let y = ir.create_op(OperationState::new(
                ctx.intern_str(AffineYield::NAME),
                self.loc,
            ));
            ir.append_op(b, y);
            self.node(
                ir,
                &n.if_get_else_node()?,
                Cursor {
                    block: b,
                    before: Some(y),
                },
            )?;
        }
        Ok(())
    }

    fn user_node(&mut self, ir: &mut Ir, n: &ASTNode, at: Cursor) -> Result<(), CodegenError> {
        let call = n.user_get_expr()?;
        let args = op_args(&call)?;
        let Some(head) = args.first() else {
            return Err(CodegenError::NotAffine(expr_text(&call)));
        };
        let name = head.get_id()?.get_name()?.to_string();
        let Some(stmt) = self.input.statements.get(&name) else {
            return Err(CodegenError::UnknownStatement(name));
        };
        let mut ivs: FxHashMap<Value, AffineExpr> = FxHashMap::default();
        let ctx = ir.ctx_arc().clone();
        for (k, &iv) in stmt.ivs.iter().enumerate() {
            let Some(a) = args.get(k + 1) else {
                return Err(CodegenError::NotAffine(expr_text(&call)));
            };
            let e = self.expr(ir, a)?;
            ivs.insert(iv, e);
            if let (Some(d), Some(name)) = (shifted_dim(&ctx, e), ir.source_name(iv)) {
                let names = self.point_names.entry(self.dims[d]).or_default();
                if !names.iter().any(|(_, v)| *v == iv) {
                    names.push((name.to_string(), iv));
                }
            }
        }
        let mut mapping: FxHashMap<Value, Value> = FxHashMap::default();
        // IVs whose new value is a generated IV map straight to it.
        for (&iv, &e) in &ivs {
            if let lattice_ir::AffineExprData::Dim(d) = ctx.expr_data(e) {
                mapping.insert(iv, self.dims[d as usize]);
            }
        }
        let members: rustc_hash::FxHashSet<Op> = stmt.ops.iter().copied().collect();
        for &op in &stmt.ops {
            // Values from outside the statement but inside the old region: recompute.
            let used = used_from_outside(ir, op);
            for &v in &used {
                self.make_available(ir, v, &members, &ivs, &mut mapping, at, &name)?;
            }
            let has_map = ir.attr(op, "map").is_some()
                && ir.is_any_def(
                    op,
                    &[
                        AffineLoad::DEF,
                        AffineStore::DEF,
                        AffineApply::DEF,
                        AffineVectorLoad::DEF,
                        AffineVectorStore::DEF,
                        AffinePrefetch::DEF,
                    ],
                );
            if !has_map {
                for v in used {
                    if ivs.contains_key(&v) && !mapping.contains_key(&v) {
                        let nv = self.apply(ir, ivs[&v], at);
                        mapping.insert(v, nv);
                    }
                }
                let c = ir.clone_op(op, &mut mapping);
                at.insert(ir, c);
                continue;
            }
            let map = match ctx.attr_data(ir.attr(op, "map").expect("checked")) {
                lattice_ir::AttrData::AffineMap(m) => *m,
                _ => return Err(CodegenError::NotAffine(name)),
            };
            let operands = ir.operands(op).to_vec();
            let nin = ctx.map_num_inputs(map);
            let nd = ctx.map_num_dims(map) as usize;
            let first = operands.len() - nin;
            let mut mb = MapBuilder::new();
            let mut dim_r = Vec::new();
            let mut sym_r = Vec::new();
            for (k, &v) in operands[first..].iter().enumerate() {
                let r = if let Some(&e) = ivs.get(&v) {
                    mb.import(ir, self, e)
                } else {
                    let v = *mapping.get(&v).unwrap_or(&v);
                    if k < nd {
                        mb.dim(ir, v)
                    } else {
                        mb.sym(ir, v)
                    }
                };
                if k < nd {
                    dim_r.push(r);
                } else {
                    sym_r.push(r);
                }
            }
            let results: Vec<_> = ctx
                .map_results(map)
                .iter()
                .map(|&e| ctx.replace_dims_and_symbols(e, &dim_r, &sym_r))
                .collect();
            let (new_map, idx) = mb.finish(ir, results);
            let c = ir.clone_op(op, &mut mapping);
            let mut new_operands: Vec<Value> = ir.operands(c)[..first].to_vec();
            new_operands.extend(idx);
            ir.set_operands(c, new_operands);
            ir.set_attr(c, "map", ctx.affine_map_attr(new_map));
            at.insert(ir, c);
        }
        Ok(())
    }

    /// `affine.apply` of an expression of the space, inserted at `at`.
    fn apply(&self, ir: &mut Ir, e: AffineExpr, at: Cursor) -> Value {
        let mut mb = MapBuilder::new();
        let x = mb.import(ir, self, e);
        let (map, operands) = mb.finish(ir, vec![x]);
        let ctx = ir.ctx_arc().clone();
        let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), self.loc);
        st.operands = operands;
        st.result_types = vec![ctx.index_type()];
        st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(map));
        let op = ir.create_op(st);
        at.insert(ir, op);
        ir.result(op, 0)
    }

    /// Makes `v` usable at `at`: values of the statement, IVs and values defined outside
    /// every statement region are fine; a pure op defined elsewhere in the old region is
    /// cloned (with its operands, recursively).
    #[allow(clippy::too_many_arguments)]
    fn make_available(
        &self,
        ir: &mut Ir,
        v: Value,
        members: &rustc_hash::FxHashSet<Op>,
        ivs: &FxHashMap<Value, AffineExpr>,
        mapping: &mut FxHashMap<Value, Value>,
        at: Cursor,
        stmt: &str,
    ) -> Result<(), CodegenError> {
        if mapping.contains_key(&v) || ivs.contains_key(&v) {
            return Ok(());
        }
        let Some(def) = ir.defining_op(v) else {
            // A block argument: fine unless it belongs to a loop of the old region, which
            // would be an IV of another statement.
            return Ok(());
        };
        if members.contains(&def) || !self.inside_old_region(ir, def) {
            return Ok(());
        }
        let pure = ir
            .op_def(def)
            .is_some_and(|d| d.has(Traits::PURE) || d.has(Traits::CONSTANT_LIKE))
            && ir.regions(def).is_empty();
        if !pure {
            return Err(CodegenError::Unavailable(stmt.to_string()));
        }
        for o in ir.operands(def).to_vec() {
            self.make_available(ir, o, members, ivs, mapping, at, stmt)?;
            if ivs.contains_key(&o) && !mapping.contains_key(&o) {
                let nv = self.apply(ir, ivs[&o], at);
                mapping.insert(o, nv);
            }
        }
        let c = ir.clone_op(def, mapping);
        at.insert(ir, c);
        Ok(())
    }

    /// Whether `op` sits inside a loop or conditional (the region being regenerated):
    /// values defined at function level stay available.
    fn inside_old_region(&self, ir: &Ir, op: Op) -> bool {
        let mut cur = ir.parent_op(op);
        while let Some(p) = cur {
            if ir.isa::<AffineFor>(p) || ir.isa::<AffineIf>(p) || ir.isa::<AffineParallel>(p) {
                return true;
            }
            cur = ir.parent_op(p);
        }
        false
    }
}

fn restore(names: &mut FxHashMap<String, AffineExpr>, name: String, saved: Option<AffineExpr>) {
    match saved {
        Some(e) => {
            names.insert(name, e);
        }
        None => {
            names.remove(&name);
        }
    }
}

/// `dense<[..]> : tensor<Nxi32>` (a splat when all equal), as the affine parser builds.
fn i32_tensor(ctx: &lattice_ir::Context, values: &[i64]) -> Attr {
    lattice_affine::util::i32_tensor_attr(ctx, values)
}
