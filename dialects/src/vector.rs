//! The `vector` dialect: transfers, loads and stores, broadcasts, extracts and inserts,
//! strided slices, reductions, contractions, masks and printing, with mlir-opt 22's custom
//! assembly forms.
//!
//! Invariants: every custom parser fills in the defaults mlir-opt stores (`in_bounds`,
//! `permutation_map`, `kind`, `fastmath`, `punctuation`, `operandSegmentSizes`) so the
//! generic form matches mlir-opt's; every custom printer elides exactly what mlir-opt
//! elides. Enum attributes are kept as dialect attributes (`#vector.kind<add>`, text
//! `vector.kind<add>`). Dynamic positions of `vector.extract`/`vector.insert` are
//! [`DYNAMIC`] in `static_position`, one per dynamic operand.
//!
//! Ops: transfer_read, transfer_write, load, store, maskedload, maskedstore, gather,
//! scatter, expandload, compressstore, broadcast, extract, insert, extract_strided_slice,
//! insert_strided_slice, shape_cast, bitcast, transpose, type_cast, fma, reduction,
//! multi_reduction, contract, outerproduct, scan, shuffle, interleave, deinterleave,
//! from_elements, to_elements, constant_mask, create_mask, step, vscale,
//! scalable.insert, scalable.extract, mask, print, yield (`vector.splat` is gone in 22).
//! Verification: operand/result counts and ODS type constraints (upstream's messages),
//! then each op's own rules. Folds: identities, splat constants, extract from
//! broadcast/from_elements. Patterns: BroadcastFolder, ShapeCastBroadcastFolder,
//! transfer in_bounds inference, constant extract/insert positions, empty and dead
//! `vector.mask`, dead tensor `transfer_write`.

use crate::formats::{parse_int_list, parse_operands_colon_types, print_operands_colon_types};
use crate::gpu::GpuKind;
use lattice_ir::affine::{AffineExprData, AffineMap};
use lattice_ir::attrs::{Attr, AttrData, NamedAttr};
use lattice_ir::context::Context;
use lattice_ir::parser::{Delimiter, PResult, Parser, RegionOptions, UnresolvedOperand};
use lattice_ir::printer::Printer;
use lattice_ir::registry::{FoldResult, Traits};
use lattice_ir::store::{Ir, Op, OperationState};
use lattice_ir::types::{Type, TypeData, DYNAMIC};
use lattice_ir::verifier::Verifier;

lattice_ir::def_op_kinds! {
    /// Which `vector` op an op is (`VectorKind::of(ir, op)`), for a `match` over many `vector` ops
    /// without spelling their names; `VectorKind::ALL` is what [`register`] registers.
    pub enum VectorKind {
        BitCast,
        Broadcast,
        CompressStore,
        ConstantMask,
        Contract,
        CreateMask,
        Deinterleave,
        ExpandLoad,
        Extract,
        ExtractStridedSlice,
        Fma,
        FromElements,
        Gather,
        Insert,
        InsertStridedSlice,
        Interleave,
        Load,
        Mask,
        MaskedLoad,
        MaskedStore,
        MultiReduction,
        OuterProduct,
        Print,
        Reduction,
        ScalableExtract,
        ScalableInsert,
        Scan,
        Scatter,
        ShapeCast,
        Shuffle,
        Step,
        Store,
        ToElements,
        TransferRead,
        TransferWrite,
        Transpose,
        TypeCast,
        VScale,
        Yield,
    }
}

/// Registers the `vector` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("vector");
    ctx.register_ops(VectorKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(
        VectorKind::ALL,
        &lattice_ir::registry::DialectInliner::ALWAYS,
    );
}

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

/// The combining kinds of `#vector.kind<...>`, in upstream's enum order.
const COMBINING_KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "maximumf", "minimumf",
];

/// Fast-math flags of `#arith.fastmath<...>` with their bits, in print order.
const FASTMATH_FLAGS: &[(&str, u32)] = &[
    ("reassoc", 1),
    ("nnan", 2),
    ("ninf", 4),
    ("nsz", 8),
    ("arcp", 16),
    ("contract", 32),
    ("afn", 64),
];
const FASTMATH_FAST: u32 = 127;

/// Punctuations of `#vector.punctuation<...>`.
const PUNCTUATIONS: &[&str] = &["no_punctuation", "newline", "comma", "open", "close"];

/// A vector type's parts.
struct VecTy {
    shape: Vec<i64>,
    scalable: Vec<bool>,
    element: Type,
}

impl VecTy {
    fn rank(&self) -> usize {
        self.shape.len()
    }
    fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }
}

fn vec_ty(ctx: &Context, ty: Type) -> Option<VecTy> {
    match ctx.type_data(ty) {
        TypeData::Vector {
            shape,
            scalable,
            element,
        } => Some(VecTy {
            shape: shape.clone(),
            scalable: scalable.clone(),
            element: *element,
        }),
        _ => None,
    }
}

fn make_vector(ctx: &Context, shape: Vec<i64>, scalable: Vec<bool>, element: Type) -> Type {
    ctx.ty(TypeData::Vector {
        shape,
        scalable,
        element,
    })
}

/// The rank of a ranked shaped type (memref / ranked tensor / vector), if it is one.
fn shaped_rank(ctx: &Context, ty: Type) -> Option<usize> {
    ctx.shape(ty).map(|s| s.len())
}

fn is_memref_or_ranked_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::MemRef { .. } | TypeData::RankedTensor { .. }
    )
}

/// Size in bits of a scalar type under the default data layout (index is 64 bits).
fn bit_width(ctx: &Context, ty: Type) -> u64 {
    ctx.bit_width(ty)
}

/// Whether `ty` can be a vector element (integer, index or float).
fn is_valid_vector_element(ctx: &Context, ty: Type) -> bool {
    ctx.is_int_or_index(ty) || ctx.is_float(ty)
}

/// The text inside `#<prefix><...>`: `vector.kind<add>` with prefix `vector.kind` → `add`.
fn dialect_param<'c>(ctx: &'c Context, attr: Attr, prefix: &str) -> Option<&'c str> {
    match ctx.attr_data(attr) {
        AttrData::Dialect(text) => Some(
            text.strip_prefix(prefix)?
                .trim_start()
                .strip_prefix('<')?
                .strip_suffix('>')?
                .trim(),
        ),
        _ => None,
    }
}

fn dialect_attr(ctx: &Context, prefix: &str, param: &str) -> Attr {
    ctx.attr(AttrData::Dialect(format!("{prefix}<{param}>")))
}

fn kind_attr(ctx: &Context, kind: &str) -> Attr {
    dialect_attr(ctx, "vector.kind", kind)
}

/// Parses `<keyword>` where the keyword is one of `allowed`, with upstream's enum errors.
fn parse_enum_param(
    p: &mut Parser<'_>,
    allowed: &[&str],
    enum_name: &str,
    attr_name: &str,
) -> PResult<String> {
    p.expect("<")?;
    let span = p.current_span();
    let word = p.parse_optional_keyword();
    match word {
        Some(w) if allowed.contains(&w.as_str()) => {
            p.expect(">")?;
            Ok(w)
        }
        _ => Err(p.error_at(
            span,
            format!(
                "expected {enum_name} to be one of: {}; failed to parse {attr_name} parameter 'value' which is to be a `{enum_name}`",
                allowed.join(", ")
            ),
        )),
    }
}

/// Parses `<flag,flag>` of `fastmath` into canonical text (`fast`, `none`, `nnan,ninf`).
fn parse_fastmath(p: &mut Parser<'_>) -> PResult<String> {
    p.expect("<")?;
    let mut bits = 0u32;
    loop {
        let span = p.current_span();
        let word = p.parse_optional_keyword().unwrap_or_default();
        match word.as_str() {
            "none" => {}
            "fast" => bits |= FASTMATH_FAST,
            w => match FASTMATH_FLAGS.iter().find(|(n, _)| *n == w) {
                Some((_, b)) => bits |= b,
                None => {
                    return Err(p.error_at(
                        span,
                        "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
                    ))
                }
            },
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect(">")?;
    Ok(fastmath_text(bits))
}

fn fastmath_text(bits: u32) -> String {
    if bits == 0 {
        return "none".into();
    }
    if bits & FASTMATH_FAST == FASTMATH_FAST {
        return "fast".into();
    }
    FASTMATH_FLAGS
        .iter()
        .filter(|(_, b)| bits & b != 0)
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(",")
}

/// `[0, %i, -1]`: static entries and dynamic operands (`DYNAMIC` marks the latter).
fn parse_dynamic_index_list(p: &mut Parser<'_>) -> PResult<(Vec<i64>, Vec<UnresolvedOperand>)> {
    let mut statics = Vec::new();
    let mut dynamics = Vec::new();
    let start = p.current_span();
    p.expect("[")?;
    if p.eat("]") {
        return Ok((statics, dynamics));
    }
    loop {
        if p.peek_operand() {
            dynamics.push(p.parse_operand()?);
            statics.push(DYNAMIC);
        } else {
            match p.parse_optional_integer()? {
                Some(v) => statics.push(v as i64),
                None => return Err(p.error_at(start, "expected SSA value or integer")),
            }
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect("]")?;
    Ok((statics, dynamics))
}

fn print_dynamic_index_list(
    p: &mut Printer<'_>,
    statics: &[i64],
    dynamics: &[lattice_ir::store::Value],
) {
    p.write("[");
    let mut d = dynamics.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            if let Some(&v) = d.next() {
                p.print_operand(v);
            }
        } else {
            p.write(&s.to_string());
        }
    }
    p.write("]");
}

fn dense_i64_values(ctx: &Context, attr: Option<Attr>) -> Vec<i64> {
    match attr.map(|a| ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        _ => Vec::new(),
    }
}

fn int_array_values(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i64>> {
    match attr.map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .map(|&a| ctx.int_value(a).map(|v| v as i64))
            .collect(),
        _ => None,
    }
}

fn bool_array_values(ctx: &Context, attr: Option<Attr>) -> Option<Vec<bool>> {
    int_array_values(ctx, attr).map(|v| v.into_iter().map(|x| x != 0).collect())
}

fn affine_map_of(ctx: &Context, attr: Option<Attr>) -> Option<AffineMap> {
    match attr.map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => Some(*m),
        _ => None,
    }
}

fn op_ctx(ir: &Ir) -> &Context {
    ir.ctx()
}

/// Number of operands in segment `seg` of an `operandSegmentSizes` op, and its start.
fn segment(ir: &Ir, op: Op, seg: usize) -> Option<(usize, usize)> {
    let sizes = dense_i64_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    if seg >= sizes.len() {
        return None;
    }
    let start: i64 = sizes[..seg].iter().sum();
    Some((start as usize, sizes[seg] as usize))
}

fn segment_values(ir: &Ir, op: Op, seg: usize) -> Vec<lattice_ir::store::Value> {
    match segment(ir, op, seg) {
        Some((start, len)) if start + len <= ir.operands(op).len() => {
            ir.operands(op)[start..start + len].to_vec()
        }
        _ => Vec::new(),
    }
}

/// `(d0..d{dims-1}) -> (d{dims-results}..d{dims-1})`
fn minor_identity_map(ctx: &Context, dims: usize, results: usize) -> AffineMap {
    let results = results.min(dims);
    let exprs = (dims - results..dims)
        .map(|i| ctx.dim_expr(i as u32))
        .collect();
    ctx.affine_map(dims as u32, 0, exprs)
}

fn is_minor_identity(ctx: &Context, map: AffineMap) -> bool {
    let d = ctx.map_data(map);
    d.num_symbols == 0
        && d.num_dims as usize >= d.results.len()
        && map == minor_identity_map(ctx, d.num_dims as usize, d.results.len())
}

/// Upstream's `getTransferMinorIdentityMap`.
fn transfer_minor_identity_map(ctx: &Context, shaped: Type, vector: &VecTy) -> AffineMap {
    let element = ctx.element_type(shaped);
    let element_rank = vec_ty(ctx, element).map_or(0, |v| v.rank());
    let rank = shaped_rank(ctx, shaped).unwrap_or(0);
    if rank == 0 && vector.shape == [1] {
        return ctx.constant_map(0);
    }
    minor_identity_map(ctx, rank, vector.rank().saturating_sub(element_rank))
}

/// Upstream's `inferTransferOpMaskType`: the vector shape taken back through the
/// (compressed, inverted) permutation map; broadcast dims are dropped.
fn infer_transfer_mask_type(ctx: &Context, vector: &VecTy, map: AffineMap) -> Type {
    let data = ctx.map_data(map);
    let mut by_dim: Vec<(u32, usize)> = Vec::new();
    for (i, &e) in data.results.iter().enumerate() {
        if let AffineExprData::Dim(d) = ctx.expr_data(e) {
            by_dim.push((d, i));
        }
    }
    by_dim.sort();
    let mut shape: Vec<i64> = by_dim
        .iter()
        .map(|&(_, i)| vector.shape.get(i).copied().unwrap_or(1))
        .collect();
    let mut scalable: Vec<bool> = by_dim
        .iter()
        .map(|&(_, i)| vector.scalable.get(i).copied().unwrap_or(false))
        .collect();
    if shape.is_empty() {
        shape.push(1);
        scalable.push(false);
    }
    make_vector(ctx, shape, scalable, ctx.i1_type())
}

fn dim_of_expr(ctx: &Context, e: lattice_ir::affine::AffineExpr) -> Option<u32> {
    match ctx.expr_data(e) {
        AffineExprData::Dim(d) => Some(d),
        _ => None,
    }
}

/// A type that must be of one builtin kind (ODS's typed `type($x)` directives).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Vector,
    MemRef,
    /// Any shaped type (vector, tensor, memref); its error names no kind.
    Shaped,
}

/// Parses a type of `kind`, with upstream's "invalid kind of type specified" error.
pub(crate) fn parse_typed(p: &mut Parser<'_>, kind: Kind) -> PResult<Type> {
    let span = p.current_span();
    let ty = p.parse_type()?;
    let ctx = p.ctx();
    let (ok, name) = match kind {
        Kind::Vector => (ctx.is_vector(ty), "vector"),
        Kind::MemRef => (
            matches!(ctx.type_data(ty), TypeData::MemRef { .. }),
            "memref",
        ),
        Kind::Shaped => (ctx.element_type(ty) != ty, ""),
    };
    if ok {
        return Ok(ty);
    }
    if kind == Kind::Shaped {
        return Err(p.error_at(span, "invalid kind of type specified"));
    }
    let text = type_text(p.ir(), ty);
    Err(p.error_at(
        span,
        format!("invalid kind of type specified: expected builtin.{name}, but found '{text}'"),
    ))
}

/// `: type` of `kind`.
pub(crate) fn parse_colon_typed(p: &mut Parser<'_>, kind: Kind) -> PResult<Type> {
    p.expect(":")?;
    parse_typed(p, kind)
}

/// A type as MLIR streams it into a diagnostic: quoted, `'vector<4xf32>'`.
fn qty(ir: &Ir, ty: Type) -> String {
    format!("'{}'", type_text(ir, ty))
}

/// A type's text, printed without aliases.
pub(crate) fn type_text(ir: &Ir, ty: Type) -> String {
    lattice_ir::printer::type_to_string(ir.ctx(), ty)
}

/// An attribute's text, printed without aliases (MLIR streams attributes unquoted).
pub(crate) fn attr_text(ir: &Ir, attr: Attr) -> String {
    lattice_ir::printer::attr_to_string(ir.ctx(), attr)
}

/// How many operands or results an op takes (ODS's count traits).
#[derive(Clone, Copy)]
pub(crate) enum Count {
    Exactly(usize),
    AtLeast(usize),
    /// An optional value: zero or one.
    Optional,
    /// A range, for ops with optional trailing operands.
    Between(usize, usize),
    Any,
}

/// Operand and result counts of each op of this module and of `gpu` (ops with
/// `operandSegmentSizes` check their segments instead).
fn arity(ir: &Ir, op: Op) -> Option<(Count, Count)> {
    use Count::*;
    if let Some(kind) = GpuKind::of(ir, op) {
        return gpu_arity(kind);
    }
    Some(match VectorKind::of(ir, op)? {
        VectorKind::TransferRead => (Any, Exactly(1)),
        VectorKind::TransferWrite => (Any, Optional),
        VectorKind::Load => (AtLeast(1), Exactly(1)),
        VectorKind::Store => (AtLeast(2), Exactly(0)),
        VectorKind::MaskedLoad => (AtLeast(3), Exactly(1)),
        VectorKind::MaskedStore => (AtLeast(3), Exactly(0)),
        VectorKind::Broadcast
        | VectorKind::ShapeCast
        | VectorKind::BitCast
        | VectorKind::ExtractStridedSlice
        | VectorKind::Transpose => (Exactly(1), Exactly(1)),
        VectorKind::Extract => (AtLeast(1), Exactly(1)),
        VectorKind::Insert => (AtLeast(2), Exactly(1)),
        VectorKind::InsertStridedSlice | VectorKind::MultiReduction => (Exactly(2), Exactly(1)),
        VectorKind::Fma | VectorKind::Contract => (Exactly(3), Exactly(1)),
        VectorKind::Reduction => (Between(1, 2), Exactly(1)),
        VectorKind::OuterProduct => (Between(2, 3), Exactly(1)),
        VectorKind::Print => (Optional, Exactly(0)),
        VectorKind::ConstantMask | VectorKind::Step | VectorKind::VScale => {
            (Exactly(0), Exactly(1))
        }
        VectorKind::CreateMask | VectorKind::FromElements => (Any, Exactly(1)),
        VectorKind::Yield => (Any, Exactly(0)),
        VectorKind::Shuffle | VectorKind::Interleave => (Exactly(2), Exactly(1)),
        VectorKind::TypeCast | VectorKind::ScalableExtract => (Exactly(1), Exactly(1)),
        VectorKind::ScalableInsert => (Exactly(2), Exactly(1)),
        VectorKind::Gather | VectorKind::ExpandLoad => (AtLeast(4), Exactly(1)),
        VectorKind::Scatter => (AtLeast(4), Exactly(0)),
        VectorKind::CompressStore => (AtLeast(3), Exactly(0)),
        VectorKind::ToElements => (Exactly(1), Any),
        _ => return None,
    })
}

/// Operand and result counts of the `gpu` ops that [`arity`] checks.
fn gpu_arity(kind: GpuKind) -> Option<(Count, Count)> {
    use Count::*;
    Some(match kind {
        GpuKind::Return | GpuKind::Yield => (Any, Exactly(0)),
        GpuKind::GPUModule | GpuKind::GPUFunc | GpuKind::Terminator | GpuKind::Barrier => {
            (Exactly(0), Exactly(0))
        }
        GpuKind::ThreadId
        | GpuKind::BlockId
        | GpuKind::BlockDim
        | GpuKind::GridDim
        | GpuKind::GlobalId
        | GpuKind::LaneId
        | GpuKind::SubgroupId
        | GpuKind::NumSubgroups
        | GpuKind::SubgroupSize => (Exactly(0), Exactly(1)),
        GpuKind::Wait | GpuKind::Launch | GpuKind::LaunchFunc => (Any, Optional),
        _ => return None,
    })
}

/// ODS type constraints of operands and results, with upstream's descriptions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TyC {
    Any,
    Vector,
    FixedVector,
    VecI1,
    FixedVecI1,
    VecFloat,
    VecIntOrIndex,
    VecIndexRank1,
    /// `VectorOfRank<[1]>` / `ScalableVectorOfRank<[1]>`, whose description upstream
    /// renders empty (`must be  of ranks 1`).
    Rank1Vector,
    MemRef,
    StaticMemRef,
    TensorOrMemRef,
    Index,
    I1,
    I32,
    AsyncToken,
    IntFloatOr1DVec,
}

impl TyC {
    fn description(self) -> &'static str {
        match self {
            TyC::Any => "any type",
            TyC::Vector => "vector of any type values",
            TyC::FixedVector => "fixed-length vector of any type values",
            TyC::VecI1 => "vector of 1-bit signless integer values",
            TyC::FixedVecI1 => "fixed-length vector of 1-bit signless integer values",
            TyC::VecFloat => "vector of floating-point values",
            TyC::VecIntOrIndex => "vector of integer or index values",
            TyC::VecIndexRank1 => "vector of index values of ranks 1",
            TyC::Rank1Vector => " of ranks 1",
            TyC::MemRef => "memref of any type values",
            TyC::StaticMemRef => "statically shaped memref of any type values",
            TyC::TensorOrMemRef => "Tensor or MemRef of any type values",
            TyC::Index => "index",
            TyC::I1 => "1-bit signless integer",
            TyC::I32 => "32-bit signless integer",
            TyC::AsyncToken => "async token type",
            TyC::IntFloatOr1DVec => {
                "Integer or Float or fixed-length vector of Integer or Float values of ranks 1"
            }
        }
    }

    fn accepts(self, ctx: &Context, ty: Type) -> bool {
        let v = vec_ty(ctx, ty);
        let fixed = v.as_ref().is_some_and(|v| !v.scalable.iter().any(|&s| s));
        let elem = v.as_ref().map(|v| v.element);
        let i1 = ctx.i1_type();
        match self {
            TyC::Any => true,
            TyC::Vector => v.is_some(),
            TyC::FixedVector => fixed,
            TyC::VecI1 => elem == Some(i1),
            TyC::FixedVecI1 => fixed && elem == Some(i1),
            TyC::VecFloat => elem.is_some_and(|e| ctx.is_float(e)),
            TyC::VecIntOrIndex => elem.is_some_and(|e| ctx.is_int_or_index(e)),
            TyC::VecIndexRank1 => v
                .as_ref()
                .is_some_and(|v| v.rank() == 1 && ctx.is_index(v.element)),
            TyC::Rank1Vector => v.as_ref().is_some_and(|v| v.rank() == 1),
            TyC::MemRef => ctx.is_memref(ty),
            TyC::StaticMemRef => match ctx.type_data(ty) {
                TypeData::MemRef { shape, .. } => !shape.contains(&DYNAMIC),
                _ => false,
            },
            TyC::TensorOrMemRef => matches!(
                ctx.type_data(ty),
                TypeData::MemRef { .. }
                    | TypeData::UnrankedMemRef { .. }
                    | TypeData::RankedTensor { .. }
                    | TypeData::UnrankedTensor { .. }
            ),
            TyC::Index => ctx.is_index(ty),
            TyC::I1 => ty == i1,
            TyC::I32 => ty == ctx.int_type(32),
            TyC::AsyncToken => {
                matches!(ctx.type_data(ty), TypeData::Dialect(t) if t == "gpu.async.token")
            }
            TyC::IntFloatOr1DVec => {
                let scalar = |t: Type| ctx.is_integer(t) || ctx.is_float(t);
                scalar(ty)
                    || (fixed
                        && v.as_ref()
                            .is_some_and(|v| v.rank() == 1 && scalar(v.element)))
            }
        }
    }
}

/// One group of operands or results: a single value or a variadic run.
#[derive(Clone, Copy)]
enum Group {
    One(TyC),
    Many(TyC),
    /// An optional value (counted like a variadic group, described without
    /// "variadic of").
    Opt(TyC),
}

/// The operand and result constraint groups of each op (at most one variadic group
/// per list; its length is what the fixed groups leave).
fn type_groups(ir: &Ir, op: Op) -> Option<(&'static [Group], &'static [Group])> {
    use Group::*;
    use TyC::*;
    if let Some(kind) = GpuKind::of(ir, op) {
        return gpu_type_groups(kind);
    }
    Some(match VectorKind::of(ir, op)? {
        VectorKind::Load => (&[One(MemRef), Many(Index)], &[One(Vector)]),
        VectorKind::Store => (&[One(Vector), One(MemRef), Many(Index)], &[]),
        VectorKind::MaskedLoad => (
            &[One(MemRef), Many(Index), One(VecI1), One(Vector)],
            &[One(Vector)],
        ),
        VectorKind::MaskedStore => (&[One(MemRef), Many(Index), One(VecI1), One(Vector)], &[]),
        VectorKind::ExpandLoad => (
            &[One(MemRef), Many(Index), One(FixedVecI1), One(Vector)],
            &[One(Vector)],
        ),
        VectorKind::CompressStore => (
            &[One(MemRef), Many(Index), One(FixedVecI1), One(Vector)],
            &[],
        ),
        VectorKind::Gather => (
            &[
                One(TensorOrMemRef),
                Many(Index),
                One(VecIntOrIndex),
                One(VecI1),
                One(Vector),
            ],
            &[One(Vector)],
        ),
        VectorKind::Scatter => (
            &[
                One(TensorOrMemRef),
                Many(Index),
                One(VecIntOrIndex),
                One(VecI1),
                One(Vector),
            ],
            &[],
        ),
        VectorKind::Broadcast => (&[One(Any)], &[One(Vector)]),
        VectorKind::Extract => (&[One(Vector), Many(Index)], &[One(Any)]),
        VectorKind::Insert => (&[One(Any), One(Vector), Many(Index)], &[One(Vector)]),
        VectorKind::ExtractStridedSlice
        | VectorKind::ShapeCast
        | VectorKind::BitCast
        | VectorKind::Transpose => (&[One(Vector)], &[One(Vector)]),
        VectorKind::InsertStridedSlice | VectorKind::Interleave => {
            (&[One(Vector), One(Vector)], &[One(Vector)])
        }
        VectorKind::FromElements => (&[Many(Any)], &[One(FixedVector)]),
        VectorKind::ToElements => (&[One(Vector)], &[Many(Any)]),
        VectorKind::Fma => (
            &[One(VecFloat), One(VecFloat), One(VecFloat)],
            &[One(VecFloat)],
        ),
        VectorKind::Reduction => (&[One(Vector), Opt(Any)], &[One(Any)]),
        VectorKind::MultiReduction => (&[One(Vector), One(Any)], &[One(Any)]),
        VectorKind::OuterProduct => (&[One(Vector), One(Any), Opt(Vector)], &[One(Vector)]),
        VectorKind::ConstantMask => (&[], &[One(VecI1)]),
        VectorKind::CreateMask => (&[Many(Index)], &[One(VecI1)]),
        VectorKind::Step => (&[], &[One(VecIndexRank1)]),
        VectorKind::VScale => (&[], &[One(Index)]),
        VectorKind::Shuffle => (&[One(FixedVector), One(FixedVector)], &[One(Vector)]),
        VectorKind::Deinterleave => (&[One(Vector)], &[One(Vector), One(Vector)]),
        VectorKind::TypeCast => (&[One(StaticMemRef)], &[One(MemRef)]),
        VectorKind::Scan => (&[One(Vector), One(Vector)], &[One(Vector), One(Vector)]),
        VectorKind::ScalableInsert => (&[One(Rank1Vector), One(Rank1Vector)], &[One(Rank1Vector)]),
        VectorKind::ScalableExtract => (&[One(Rank1Vector)], &[One(Rank1Vector)]),
        _ => return None,
    })
}

/// The constraint groups of the `gpu` ops that [`type_groups`] checks.
fn gpu_type_groups(kind: GpuKind) -> Option<(&'static [Group], &'static [Group])> {
    use Group::*;
    use TyC::*;
    Some(match kind {
        GpuKind::ThreadId
        | GpuKind::BlockId
        | GpuKind::BlockDim
        | GpuKind::GridDim
        | GpuKind::GlobalId
        | GpuKind::LaneId
        | GpuKind::SubgroupId
        | GpuKind::NumSubgroups
        | GpuKind::SubgroupSize => (&[], &[One(Index)]),
        GpuKind::Wait => (&[Many(AsyncToken)], &[Opt(AsyncToken)]),
        GpuKind::Dealloc => (&[Many(AsyncToken), One(MemRef)], &[Opt(AsyncToken)]),
        GpuKind::Memcpy => (
            &[Many(AsyncToken), One(MemRef), One(MemRef)],
            &[Many(AsyncToken)],
        ),
        GpuKind::Memset => (
            &[Many(AsyncToken), One(MemRef), One(Any)],
            &[Many(AsyncToken)],
        ),
        GpuKind::Shuffle => (
            &[One(IntFloatOr1DVec), One(I32), One(I32)],
            &[One(IntFloatOr1DVec), One(I1)],
        ),
        GpuKind::SubgroupReduce | GpuKind::AllReduce => {
            (&[One(IntFloatOr1DVec)], &[One(IntFloatOr1DVec)])
        }
        _ => return None,
    })
}

/// The constraint of each of `count` values under `groups` (`None` when the count
/// does not fit).
fn expand_groups(groups: &[Group], count: usize) -> Option<Vec<TyC>> {
    let fixed = groups.iter().filter(|g| matches!(g, Group::One(_))).count();
    let has_many = groups.iter().any(|g| !matches!(g, Group::One(_)));
    if count < fixed || (!has_many && count != fixed) {
        return None;
    }
    let mut out = Vec::with_capacity(count);
    for g in groups {
        match *g {
            Group::One(c) => out.push(c),
            Group::Many(c) | Group::Opt(c) => out.extend(std::iter::repeat_n(c, count - fixed)),
        }
    }
    Some(out)
}

/// Checks operand and result types against the ODS constraints; false after an error.
fn types_ok(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some((operand_groups, result_groups)) = type_groups(ir, op) else {
        return true;
    };
    let lists = [
        ("operand", ir.operands(op), operand_groups),
        ("result", ir.results(op), result_groups),
    ];
    for (what, values, groups) in lists {
        let Some(cons) = expand_groups(groups, values.len()) else {
            continue;
        };
        // Whether value `i` falls in a `Many` group (described "variadic of").
        let variadic = |i: usize| {
            let n = (values.len() + 1).saturating_sub(groups.len());
            let mut k = 0;
            for g in groups {
                let len = if matches!(g, Group::One(_)) { 1 } else { n };
                if i < k + len {
                    return matches!(g, Group::Many(_));
                }
                k += len;
            }
            false
        };
        for (i, (&val, c)) in values.iter().zip(cons).enumerate() {
            let ty = ir.value_type(val);
            if !c.accepts(ctx, ty) {
                let prefix = if variadic(i) && c != TyC::Any {
                    "variadic of "
                } else {
                    ""
                };
                v.error(
                    op,
                    format!(
                        "{what} #{i} must be {prefix}{}, but got {}",
                        c.description(),
                        qty(ir, ty)
                    ),
                );
                return false;
            }
        }
    }
    true
}

/// Checks `op`'s operand and result counts with upstream's messages; false after an
/// error.
pub(crate) fn arity_ok(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let Some((operands, results)) = arity(ir, op) else {
        return types_ok(v, op);
    };
    let (n_ops, n_res) = (ir.operands(op).len(), ir.results(op).len());
    let result_error = match results {
        Count::Exactly(0) if n_res != 0 => Some("requires zero results".to_string()),
        Count::Exactly(1) if n_res != 1 => Some("requires one result".to_string()),
        Count::Optional if n_res > 1 => Some(format!(
            "result group starting at #0 requires 0 or 1 element, but found {n_res}"
        )),
        _ => None,
    };
    if let Some(msg) = result_error {
        v.error(op, msg);
        return false;
    }
    let operand_error = match operands {
        Count::Exactly(0) if n_ops != 0 => Some("requires zero operands".to_string()),
        Count::Exactly(1) if n_ops != 1 => Some("requires a single operand".to_string()),
        Count::Exactly(n) if n_ops != n => {
            Some(format!("expected {n} operands, but found {n_ops}"))
        }
        Count::AtLeast(n) | Count::Between(n, _) if n_ops < n => {
            Some(format!("expected {n} or more operands, but found {n_ops}"))
        }
        Count::Between(n, m) if n_ops > m => Some(format!(
            "operand group starting at #{n} requires 0 or 1 element, but found {}",
            n_ops - n
        )),
        Count::Optional if n_ops > 1 => Some(format!(
            "operand group starting at #0 requires 0 or 1 element, but found {n_ops}"
        )),
        _ => None,
    };
    if let Some(msg) = operand_error {
        v.error(op, msg);
        return false;
    }
    types_ok(v, op)
}

/// A verifier that checks only operand and result counts.
fn verify_arity_only(v: &mut Verifier<'_>, op: Op) {
    arity_ok(v, op);
}

/// Prints the type of `op`'s first result, if it has one.
fn print_result_type(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

// ---------------------------------------------------------------------------------------
// vector.transfer_read / vector.transfer_write
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static TRANSFER_READ: TransferRead = "vector.transfer_read" {
        attrs: [IN_BOUNDS("in_bounds"), OPERAND_SEGMENT_SIZES("operandSegmentSizes"), PERMUTATION_MAP("permutation_map")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_transfer_read),
        print: Some(print_transfer_read),
        verify: Some(verify_transfer_read),
        canonicalize: Some(canonicalize_transfer),
    }
}

lattice_ir::def_op! {
    pub static TRANSFER_WRITE: TransferWrite = "vector.transfer_write" {
        attrs: [IN_BOUNDS("in_bounds"), OPERAND_SEGMENT_SIZES("operandSegmentSizes"), PERMUTATION_MAP("permutation_map")],
        traits: Traits::NONE,
        parse: Some(parse_transfer_write),
        print: Some(print_transfer_write),
        verify: Some(verify_transfer_write),
        canonicalize: Some(canonicalize_transfer),
    }
}

/// Fills the permutation map and in_bounds defaults; returns the permutation map.
fn transfer_defaults(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    shaped: Type,
    vector: &VecTy,
    types_span: lattice_ir::diag::Span,
) -> PResult<AffineMap> {
    let perm_name = p.intern("permutation_map");
    let given = st.attr(perm_name);
    let map = match affine_map_of(p.ctx(), given) {
        Some(m) => m,
        None if given.is_some() => {
            return Err(p.error_at(
                types_span,
                "expected permutation_map to be an affine map attribute",
            ));
        }
        None => {
            let ctx = p.ctx();
            let element_rank = vec_ty(ctx, ctx.element_type(shaped)).map_or(0, |v| v.rank());
            let rank = shaped_rank(ctx, shaped).unwrap_or(0);
            let effective = if rank == 0 && vector.shape == [1] {
                0
            } else {
                vector.rank().saturating_sub(element_rank)
            };
            if rank < effective {
                return Err(p.error_at(
                    types_span,
                    "expected a custom permutation_map when rank(source) != rank(destination)",
                ));
            }
            let m = transfer_minor_identity_map(ctx, shaped, vector);
            let a = ctx.affine_map_attr(m);
            st.add_attr(perm_name, a);
            m
        }
    };
    let ib_name = p.intern("in_bounds");
    if st.attr(ib_name).is_none() {
        let ctx = p.ctx();
        let n = ctx.map_data(map).results.len();
        let f = ctx.bool_attr(false);
        let a = ctx.array_attr(vec![f; n]);
        st.add_attr(ib_name, a);
    }
    Ok(map)
}

fn parse_transfer_read(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let source = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect(",")?;
    let padding = p.parse_operand()?;
    let mask = if p.eat(",") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(st)?;
    let types_span = p.current_span();
    let types = p.parse_colon_type_list()?;
    if types.len() != 2 {
        return Err(p.error_at(types_span, "requires two types"));
    }
    let (shaped, vty) = (types[0], types[1]);
    if !is_memref_or_ranked_tensor(p.ctx(), shaped) {
        return Err(p.error_at(types_span, "requires memref or ranked tensor type"));
    }
    let Some(vector) = vec_ty(p.ctx(), vty) else {
        return Err(p.error_at(types_span, "requires vector type"));
    };
    let map = transfer_defaults(p, st, shaped, &vector, types_span)?;
    let index = p.ctx().index_type();
    let element = p.ctx().element_type(shaped);
    st.operands.push(p.resolve_operand(&source, shaped)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.operands.push(p.resolve_operand(&padding, element)?);
    if let Some(mask) = &mask {
        if p.ctx().is_vector(element) {
            return Err(p.error_at(mask.span, "does not support masks with vector element type"));
        }
        if vector.rank() != p.ctx().map_data(map).results.len() {
            return Err(p.error_at(
                types_span,
                "expected the same rank for the vector and the results of the permutation map",
            ));
        }
        let mask_ty = infer_transfer_mask_type(p.ctx(), &vector, map);
        st.operands.push(p.resolve_operand(mask, mask_ty)?);
    }
    let seg = p
        .ctx()
        .dense_i32_array(&[1, indices.len() as i32, 1, mask.is_some() as i32]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    st.result_types.push(vty);
    Ok(())
}

fn parse_transfer_write(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let source = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    let mask = if p.eat(",") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(st)?;
    let types_span = p.current_span();
    let types = p.parse_colon_type_list()?;
    if types.len() != 2 {
        return Err(p.error_at(types_span, "requires two types"));
    }
    let (vty, shaped) = (types[0], types[1]);
    let Some(vector) = vec_ty(p.ctx(), vty) else {
        return Err(p.error_at(types_span, "requires vector type"));
    };
    if !is_memref_or_ranked_tensor(p.ctx(), shaped) {
        return Err(p.error_at(types_span, "requires memref or ranked tensor type"));
    }
    let map = transfer_defaults(p, st, shaped, &vector, types_span)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&value, vty)?);
    st.operands.push(p.resolve_operand(&source, shaped)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    if let Some(mask) = &mask {
        let element = p.ctx().element_type(shaped);
        if p.ctx().is_vector(element) {
            return Err(p.error_at(mask.span, "does not support masks with vector element type"));
        }
        if vector.rank() != p.ctx().map_data(map).results.len() {
            return Err(p.error_at(
                types_span,
                "expected the same rank for the vector and the results of the permutation map",
            ));
        }
        let mask_ty = infer_transfer_mask_type(p.ctx(), &vector, map);
        st.operands.push(p.resolve_operand(mask, mask_ty)?);
    }
    let seg = p
        .ctx()
        .dense_i32_array(&[1, 1, indices.len() as i32, mask.is_some() as i32]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    if matches!(p.ctx().type_data(shaped), TypeData::RankedTensor { .. }) {
        st.result_types.push(shaped);
    }
    Ok(())
}

fn print_transfer_attrs(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = op_ctx(ir);
    let mut elided = vec!["operandSegmentSizes"];
    if affine_map_of(ctx, ir.attr(op, "permutation_map")).is_some_and(|m| is_minor_identity(ctx, m))
    {
        elided.push("permutation_map");
    }
    if bool_array_values(ctx, ir.attr(op, "in_bounds")).is_some_and(|v| v.iter().all(|b| !b)) {
        elided.push("in_bounds");
    }
    p.print_optional_attr_dict(op, &elided);
}

fn print_transfer_read(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let source = segment_values(ir, op, 0);
    let indices = segment_values(ir, op, 1);
    let padding = segment_values(ir, op, 2);
    let mask = segment_values(ir, op, 3);
    p.write(" ");
    p.print_operands(&source);
    p.write("[");
    p.print_operands(&indices);
    p.write("], ");
    p.print_operands(&padding);
    if !mask.is_empty() {
        p.write(", ");
        p.print_operands(&mask);
    }
    print_transfer_attrs(p, op);
    p.write(" : ");
    if let Some(&s) = source.first() {
        p.print_type(ir.value_type(s));
    }
    p.write(", ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn print_transfer_write(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let value = segment_values(ir, op, 0);
    let source = segment_values(ir, op, 1);
    let indices = segment_values(ir, op, 2);
    let mask = segment_values(ir, op, 3);
    p.write(" ");
    p.print_operands(&value);
    p.write(", ");
    p.print_operands(&source);
    p.write("[");
    p.print_operands(&indices);
    p.write("]");
    if !mask.is_empty() {
        p.write(", ");
        p.print_operands(&mask);
    }
    print_transfer_attrs(p, op);
    p.write(" : ");
    if let Some(&v) = value.first() {
        p.print_type(ir.value_type(v));
    }
    p.write(", ");
    if let Some(&s) = source.first() {
        p.print_type(ir.value_type(s));
    }
}

/// Checks the segment sizes attribute against the operand count; reports and returns
/// false when they disagree.
fn check_segments(v: &mut Verifier<'_>, op: Op, count: usize) -> bool {
    let ir = v.ir();
    let sizes = dense_i64_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    if sizes.len() != count {
        v.error(op, format!("'operandSegmentSizes' attribute for specifying operand segments must have {count} elements, but got {}", sizes.len()));
        return false;
    }
    let total: i64 = sizes.iter().sum();
    if total as usize != ir.operands(op).len() {
        v.error(op, format!("operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'", ir.operands(op).len()));
        return false;
    }
    true
}

/// Upstream's `verifyTransferOp` plus `verifyPermutationMap`; returns false after an error.
fn verify_transfer_common(
    v: &mut Verifier<'_>,
    op: Op,
    shaped: Type,
    vector: &VecTy,
    mask: Option<Type>,
    map: AffineMap,
    in_bounds: usize,
) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.attr(op, "masked").is_some() {
        v.error(
            op,
            "masked attribute has been removed. Use in_bounds instead.",
        );
        return false;
    }
    if !is_memref_or_ranked_tensor(ctx, shaped) {
        v.error(op, "requires source to be a memref or ranked tensor type");
        return false;
    }
    let element = ctx.element_type(shaped);
    let md = ctx.map_data(map).clone();
    if let Some(ev) = vec_ty(ctx, element) {
        let source_bits =
            bit_width(ctx, ev.element) * ev.shape.last().copied().unwrap_or(1).max(0) as u64;
        let result_bits = bit_width(ctx, vector.element)
            * vector.shape.last().copied().unwrap_or(1).max(0) as u64;
        if source_bits == 0 || !result_bits.is_multiple_of(source_bits) {
            v.error(op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source");
            return false;
        }
        if ev.rank() > vector.rank() {
            v.error(
                op,
                "requires source vector element and vector result ranks to match.",
            );
            return false;
        }
        if md.results.len() != vector.rank() - ev.rank() {
            v.error(
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            );
            return false;
        }
        if mask.is_some() {
            v.error(op, "does not support masks with vector element type");
            return false;
        }
    } else {
        let minor = if vector.rank() == 0 {
            1
        } else {
            vector.shape.last().copied().unwrap_or(1).max(0) as u64
        };
        let result_bits = bit_width(ctx, vector.element) * minor;
        let eb = bit_width(ctx, element);
        if eb == 0 || !result_bits.is_multiple_of(eb) {
            v.error(op, "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type");
            return false;
        }
        if md.results.len() != vector.rank() {
            v.error(
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            );
            return false;
        }
        if let Some(m) = mask {
            let inferred = infer_transfer_mask_type(ctx, vector, map);
            if m != inferred {
                v.error(
                    op,
                    format!(
                        "inferred mask type ({}) and mask operand type ({}) don't match",
                        qty(ir, inferred),
                        qty(ir, m)
                    ),
                );
                return false;
            }
        }
    }
    if md.num_symbols != 0 {
        v.error(op, "requires permutation_map without symbols");
        return false;
    }
    if md.num_dims as usize != shaped_rank(ctx, shaped).unwrap_or(0) {
        v.error(
            op,
            "requires a permutation_map with input dims of the same rank as the source type",
        );
        return false;
    }
    if in_bounds != md.results.len() {
        let map_text = attr_text(ir, ctx.affine_map_attr(map));
        v.error(
            op,
            format!(
                "expects the in_bounds attr of same rank as permutation_map results: {map_text} vs inBounds of size: {in_bounds}"
            ),
        );
        return false;
    }
    true
}

fn verify_permutation_map(v: &mut Verifier<'_>, op: Op, map: AffineMap) {
    let ctx = v.ir().ctx();
    let md = ctx.map_data(map).clone();
    let mut seen = vec![false; md.num_dims as usize];
    for &e in &md.results {
        match ctx.expr_data(e) {
            AffineExprData::Constant(0) => continue,
            AffineExprData::Dim(d) if (d as usize) < seen.len() => {
                if seen[d as usize] {
                    v.error(op, "requires a permutation_map that is a permutation (found one dim used more than once)");
                    return;
                }
                seen[d as usize] = true;
            }
            _ => {
                v.error(op, "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)");
                return;
            }
        }
    }
}

fn verify_transfer_read(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    if !check_segments(v, op, 4) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let source = segment_values(ir, op, 0);
    let indices = segment_values(ir, op, 1);
    let padding = segment_values(ir, op, 2);
    let mask = segment_values(ir, op, 3);
    let (Some(&source), Some(&padding), Some(&result)) =
        (source.first(), padding.first(), ir.results(op).first())
    else {
        return;
    };
    let shaped = ir.value_type(source);
    let Some(vector) = vec_ty(ctx, ir.value_type(result)) else {
        v.error(op, "result #0 must be vector of any type values");
        return;
    };
    let Some(map) = affine_map_of(ctx, ir.attr(op, "permutation_map")) else {
        v.error(op, "requires attribute 'permutation_map'");
        return;
    };
    let Some(in_bounds) = bool_array_values(ctx, ir.attr(op, "in_bounds")) else {
        v.error(op, "requires attribute 'in_bounds'");
        return;
    };
    let rank = shaped_rank(ctx, shaped).unwrap_or(0);
    if indices.len() != rank {
        v.error(op, format!("requires {rank} indices"));
        return;
    }
    let mask_ty = mask.first().map(|&m| ir.value_type(m));
    if !verify_transfer_common(v, op, shaped, &vector, mask_ty, map, in_bounds.len()) {
        return;
    }
    let padding_ty = ir.value_type(padding);
    let element = ctx.element_type(shaped);
    if ctx.is_vector(element) {
        if element != padding_ty {
            v.error(
                op,
                "requires source element type and padding type to match.",
            );
            return;
        }
    } else {
        if !is_valid_vector_element(ctx, padding_ty) {
            v.error(op, "requires valid padding vector elemental type");
            return;
        }
        if padding_ty != element {
            v.error(
                op,
                "requires formal padding and source of the same elemental type",
            );
            return;
        }
    }
    verify_permutation_map(v, op, map);
}

fn verify_transfer_write(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    if !check_segments(v, op, 4) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let value = segment_values(ir, op, 0);
    let source = segment_values(ir, op, 1);
    let indices = segment_values(ir, op, 2);
    let mask = segment_values(ir, op, 3);
    let (Some(&value), Some(&source)) = (value.first(), source.first()) else {
        return;
    };
    let shaped = ir.value_type(source);
    let Some(vector) = vec_ty(ctx, ir.value_type(value)) else {
        v.error(op, "operand #0 must be vector of any type values");
        return;
    };
    let Some(map) = affine_map_of(ctx, ir.attr(op, "permutation_map")) else {
        v.error(op, "requires attribute 'permutation_map'");
        return;
    };
    let Some(in_bounds) = bool_array_values(ctx, ir.attr(op, "in_bounds")) else {
        v.error(op, "requires attribute 'in_bounds'");
        return;
    };
    let rank = shaped_rank(ctx, shaped).unwrap_or(0);
    if indices.len() != rank {
        v.error(op, format!("requires {rank} indices"));
        return;
    }
    let md = ctx.map_data(map).clone();
    if md.results.iter().any(|&e| ctx.constant_value(e) == Some(0)) {
        v.error(op, "should not have broadcast dimensions");
        return;
    }
    let mask_ty = mask.first().map(|&m| ir.value_type(m));
    if !verify_transfer_common(v, op, shaped, &vector, mask_ty, map, in_bounds.len()) {
        return;
    }
    verify_permutation_map(v, op, map);
}

// ---------------------------------------------------------------------------------------
// vector.load / vector.store / vector.maskedload / vector.maskedstore
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static LOAD: Load = "vector.load" {
        attrs: [ALIGNMENT("alignment"), NONTEMPORAL("nontemporal")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_load),
        print: Some(print_load),
        verify: Some(verify_load),
    }
}

lattice_ir::def_op! {
    pub static STORE: Store = "vector.store" {
        attrs: [ALIGNMENT("alignment"), NONTEMPORAL("nontemporal")],
        parse: Some(parse_store),
        print: Some(print_store),
        verify: Some(verify_store),
    }
}

lattice_ir::def_op! {
    pub static MASKEDLOAD: MaskedLoad = "vector.maskedload" {
        attrs: [ALIGNMENT("alignment")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_maskedload),
        print: Some(print_maskedload),
        verify: Some(verify_maskedload),
    }
}

lattice_ir::def_op! {
    pub static MASKEDSTORE: MaskedStore = "vector.maskedstore" {
        attrs: [ALIGNMENT("alignment")],
        parse: Some(parse_maskedstore),
        print: Some(print_maskedstore),
        verify: Some(verify_maskedstore),
    }
}

/// Elides `nontemporal = false` (a default-valued attribute).
fn load_store_elided(p: &Printer<'_>, op: Op) -> Vec<&'static str> {
    let ir = p.ir();
    match ir.attr(op, "nontemporal") {
        Some(a)
            if ir.ctx().int_value(a) == Some(0)
                && ir.ctx().attr_type(a) == Some(ir.ctx().i1_type()) =>
        {
            vec!["nontemporal"]
        }
        _ => Vec::new(),
    }
}

fn parse_load(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let base = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let result = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.result_types.push(result);
    Ok(())
}

fn print_load(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.is_empty() {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("]");
    let elided = load_store_elided(p, op);
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    print_result_type(p, op);
}

fn parse_store(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let base = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let value_ty = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    Ok(())
}

fn print_store(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_operand(ops[1]);
    p.write("[");
    p.print_operands(&ops[2..]);
    p.write("]");
    let elided = load_store_elided(p, op);
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ir.value_type(ops[1]));
    p.write(", ");
    p.print_type(ir.value_type(ops[0]));
}

/// Shared checks of `vector.load`/`vector.store` (upstream's messages).
fn verify_load_store(v: &mut Verifier<'_>, op: Op, base: usize, vector_ty: Type, what: &str) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&base_v) = ir.operands(op).get(base) else {
        return;
    };
    let base_ty = ir.value_type(base_v);
    let Some(rank) = (match ctx.type_data(base_ty) {
        TypeData::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }) else {
        v.error(
            op,
            format!(
                "operand #{base} must be memref of any type values, but got {}",
                qty(ir, base_ty)
            ),
        );
        return;
    };
    let Some(vt) = vec_ty(ctx, vector_ty) else {
        return;
    };
    let element = ctx.element_type(base_ty);
    if ctx.is_vector(element) {
        if element != vector_ty {
            v.error(
                op,
                format!("{what} requires memref and vector types of the same elemental type"),
            );
            return;
        }
    } else if element != vt.element {
        let msg = if what == "load" {
            "base and result element types should match"
        } else {
            "base and valueToStore element type should match"
        };
        v.error(op, msg);
        return;
    }
    let num_indices = ir.operands(op).len() - base - 1;
    if num_indices != rank {
        v.error(op, format!("requires {rank} indices"));
    }
}

fn verify_load(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    let ty = ir.value_type(r);
    verify_load_store(v, op, 0, ty, "load");
}

fn verify_store(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(&val) = ir.operands(op).first() else {
        return;
    };
    let ty = ir.value_type(val);
    verify_load_store(v, op, 1, ty, "store");
}

fn parse_maskedload(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let base = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect(",")?;
    let mask = p.parse_operand()?;
    p.expect(",")?;
    let pass = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let mask_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let pass_ty = parse_typed(p, Kind::Vector)?;
    p.expect("into")?;
    let result = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.operands.push(p.resolve_operand(&mask, mask_ty)?);
    st.operands.push(p.resolve_operand(&pass, pass_ty)?);
    st.result_types.push(result);
    Ok(())
}

fn print_maskedload(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 3 {
        return;
    }
    let n = ops.len();
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operands(&ops[1..n - 2]);
    p.write("], ");
    p.print_operand(ops[n - 2]);
    p.write(", ");
    p.print_operand(ops[n - 1]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[n - 2]));
    p.write(", ");
    p.print_type(ir.value_type(ops[n - 1]));
    p.write(" into ");
    print_result_type(p, op);
}

fn verify_maskedload(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 3 || ir.results(op).is_empty() {
        return;
    }
    let base_ty = ir.value_type(ops[0]);
    let result_ty = ir.value_type(ir.result(op, 0));
    let mask_ty = ir.value_type(ops[ops.len() - 2]);
    let pass_ty = ir.value_type(ops[ops.len() - 1]);
    let rank = shaped_rank(ctx, base_ty).unwrap_or(0);
    if ctx.element_type(result_ty) != ctx.element_type(base_ty) {
        v.error(op, "base and result element type should match");
    } else if ops.len() - 3 != rank {
        v.error(op, format!("requires {rank} indices"));
    } else if ctx.shape(result_ty) != ctx.shape(mask_ty) {
        v.error(op, "expected result shape to match mask shape");
    } else if result_ty != pass_ty {
        v.error(op, "expected pass_thru of same type as result type");
    }
}

fn parse_maskedstore(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let base = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect(",")?;
    let mask = p.parse_operand()?;
    p.expect(",")?;
    let value = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let mask_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let value_ty = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.operands.push(p.resolve_operand(&mask, mask_ty)?);
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    Ok(())
}

fn print_maskedstore(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 3 {
        return;
    }
    let n = ops.len();
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operands(&ops[1..n - 2]);
    p.write("], ");
    p.print_operand(ops[n - 2]);
    p.write(", ");
    p.print_operand(ops[n - 1]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[n - 2]));
    p.write(", ");
    p.print_type(ir.value_type(ops[n - 1]));
}

fn verify_maskedstore(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 3 {
        return;
    }
    let base_ty = ir.value_type(ops[0]);
    let mask_ty = ir.value_type(ops[ops.len() - 2]);
    let value_ty = ir.value_type(ops[ops.len() - 1]);
    let rank = shaped_rank(ctx, base_ty).unwrap_or(0);
    if ctx.element_type(value_ty) != ctx.element_type(base_ty) {
        v.error(op, "base and valueToStore element type should match");
    } else if ops.len() - 3 != rank {
        v.error(op, format!("requires {rank} indices"));
    } else if ctx.shape(value_ty) != ctx.shape(mask_ty) {
        v.error(op, "expected valueToStore shape to match mask shape");
    }
}

// ---------------------------------------------------------------------------------------
// Simple `$a attr-dict : type($a) to type($r)` ops: broadcast, shape_cast, bitcast
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static BROADCAST: Broadcast = "vector.broadcast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_unary_to),
        print: Some(print_unary_to),
        verify: Some(verify_broadcast),
        fold: Some(fold_broadcast),
        canonicalize: Some(canonicalize_broadcast),
    }
}

lattice_ir::def_op! {
    pub static SHAPE_CAST: ShapeCast = "vector.shape_cast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_unary_to),
        print: Some(print_unary_to),
        verify: Some(verify_shape_cast),
        fold: Some(fold_shape_cast),
        canonicalize: Some(canonicalize_shape_cast),
    }
}

lattice_ir::def_op! {
    pub static BITCAST: BitCast = "vector.bitcast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_unary_to),
        print: Some(print_unary_to),
        verify: Some(verify_bitcast),
        fold: Some(fold_same_type),
    }
}

/// `%x attr-dict : T to U`
fn parse_unary_to(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let (from_kind, to_kind) = match VectorKind::of_name(p.ctx(), p.ctx().str(st.name)) {
        Some(VectorKind::Broadcast) => (None, Some(Kind::Vector)),
        Some(VectorKind::TypeCast) => (Some(Kind::MemRef), Some(Kind::MemRef)),
        _ => (Some(Kind::Vector), Some(Kind::Vector)),
    };
    let from = match from_kind {
        Some(k) => parse_colon_typed(p, k)?,
        None => p.parse_colon_type()?,
    };
    p.expect("to")?;
    let to = match to_kind {
        Some(k) => parse_typed(p, k)?,
        None => p.parse_type()?,
    };
    st.operands.push(p.resolve_operand(&x, from)?);
    st.result_types.push(to);
    Ok(())
}

fn print_unary_to(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
    p.write(" to ");
    p.print_type(ir.value_type(r));
}

fn verify_broadcast(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (src, dst) = (ir.value_type(x), ir.value_type(r));
    let Some(d) = vec_ty(ctx, dst) else {
        v.error(
            op,
            format!(
                "result #0 must be vector of any type values, but got {}",
                qty(ir, dst)
            ),
        );
        return;
    };
    if ctx.element_type(src) != d.element {
        v.error(
            op,
            "failed to verify that source operand and result have same element type",
        );
        return;
    }
    let Some(s) = vec_ty(ctx, src) else { return };
    if s.rank() > d.rank() {
        v.error(op, "source rank higher than destination rank");
        return;
    }
    let lead = d.rank() - s.rank();
    for i in 0..s.rank() {
        let (sd, dd) = (s.shape[i], d.shape[lead + i]);
        if sd != 1 && sd != dd {
            v.error(op, format!("dimension mismatch ({sd} vs. {dd})"));
            return;
        }
        if sd == 1 && s.scalable[i] != d.scalable[lead + i] {
            v.error(
                op,
                format!(
                    "dimension mismatch ({} vs. {})",
                    scalable_dim(sd, s.scalable[i]),
                    scalable_dim(dd, d.scalable[lead + i])
                ),
            );
            return;
        }
    }
}

fn scalable_dim(size: i64, scalable: bool) -> String {
    if scalable {
        format!("[{size}]")
    } else {
        size.to_string()
    }
}

fn verify_shape_cast(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (Some(s), Some(d)) = (vec_ty(ctx, ir.value_type(x)), vec_ty(ctx, ir.value_type(r))) else {
        return;
    };
    if s.element != d.element {
        v.error(op, "has different source and result element types");
    } else if s.num_elements() != d.num_elements() {
        v.error(
            op,
            format!(
                "has different number of elements at source ({}) and result ({})",
                s.num_elements(),
                d.num_elements()
            ),
        );
    } else {
        let (sn, dn) = (
            s.scalable.iter().filter(|b| **b).count(),
            d.scalable.iter().filter(|b| **b).count(),
        );
        if sn != dn {
            v.error(
                op,
                format!("has different number of scalable dims at source ({sn}) and result ({dn})"),
            );
        }
    }
}

fn verify_bitcast(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (Some(s), Some(d)) = (vec_ty(ctx, ir.value_type(x)), vec_ty(ctx, ir.value_type(r))) else {
        return;
    };
    if s.rank() != d.rank() {
        v.error(
            op,
            "failed to verify that all of {source, result} have same rank",
        );
        return;
    }
    let n = s.rank();
    if n > 0 && s.shape[..n - 1] != d.shape[..n - 1] {
        v.error(op, "dimension size mismatch at: 0");
        return;
    }
    let sb = bit_width(ctx, s.element) * s.shape.last().copied().unwrap_or(1) as u64;
    let db = bit_width(ctx, d.element) * d.shape.last().copied().unwrap_or(1) as u64;
    if sb != db {
        v.error(
            op,
            "source/result bitwidth of the minor 1-D vectors must be equal",
        );
    }
}

// ---------------------------------------------------------------------------------------
// vector.extract / vector.insert
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static EXTRACT: Extract = "vector.extract" {
        attrs: [STATIC_POSITION("static_position")],
        traits: Traits::PURE,
        parse: Some(parse_extract),
        print: Some(print_extract),
        verify: Some(verify_extract),
        fold: Some(fold_extract),
        canonicalize: Some(canonicalize_extract_insert),
    }
}

lattice_ir::def_op! {
    pub static INSERT: Insert = "vector.insert" {
        attrs: [STATIC_POSITION("static_position")],
        traits: Traits::PURE,
        parse: Some(parse_insert),
        print: Some(print_insert),
        verify: Some(verify_insert),
        fold: Some(fold_insert),
        canonicalize: Some(canonicalize_extract_insert),
    }
}

fn parse_extract(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let vector = p.parse_operand()?;
    let (statics, dynamics) = parse_dynamic_index_list(p)?;
    p.parse_optional_attr_dict(st)?;
    let result = p.parse_colon_type()?;
    p.expect("from")?;
    let vty = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&vector, vty)?);
    st.operands
        .extend(p.resolve_operands_all(&dynamics, index)?);
    let pos = p.ctx().dense_i64_array(&statics);
    st.add_attr(p.intern("static_position"), pos);
    st.result_types.push(result);
    Ok(())
}

fn print_extract(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&vector) = ops.first() else { return };
    let statics = dense_i64_values(ir.ctx(), ir.attr(op, "static_position"));
    p.write(" ");
    p.print_operand(vector);
    print_dynamic_index_list(p, &statics, &ops[1..]);
    p.print_optional_attr_dict(op, &["static_position"]);
    p.write(" : ");
    print_result_type(p, op);
    p.write(" from ");
    p.print_type(ir.value_type(vector));
}

fn parse_insert(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let dest = p.parse_operand()?;
    let (statics, dynamics) = parse_dynamic_index_list(p)?;
    p.parse_optional_attr_dict(st)?;
    let value_ty = p.parse_colon_type()?;
    p.expect("into")?;
    let dest_ty = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    st.operands.push(p.resolve_operand(&dest, dest_ty)?);
    st.operands
        .extend(p.resolve_operands_all(&dynamics, index)?);
    let pos = p.ctx().dense_i64_array(&statics);
    st.add_attr(p.intern("static_position"), pos);
    st.result_types.push(dest_ty);
    Ok(())
}

fn print_insert(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let statics = dense_i64_values(ir.ctx(), ir.attr(op, "static_position"));
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_operand(ops[1]);
    p.write(" ");
    print_dynamic_index_list(p, &statics, &ops[2..]);
    p.print_optional_attr_dict(op, &["static_position"]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_extract(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let (Some(&vector), Some(&result)) = (ops.first(), ir.results(op).first()) else {
        return;
    };
    let Some(src) = vec_ty(ctx, ir.value_type(vector)) else {
        return;
    };
    let result_ty = ir.value_type(result);
    if let Some(r) = vec_ty(ctx, result_ty) {
        if r.rank() == 0 {
            v.error_raw(
                op,
                "expected a scalar instead of a 0-d vector as the result type",
            );
            return;
        }
    }
    let statics = dense_i64_values(ctx, ir.attr(op, "static_position"));
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != ops.len() - 1 {
        v.error(op, "mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite");
        return;
    }
    if statics.len() > src.rank() {
        v.error(
            op,
            "expected position attribute of rank no greater than vector rank",
        );
        return;
    }
    for (i, &s) in statics.iter().enumerate() {
        if s != DYNAMIC && s != -1 && (s < 0 || s >= src.shape[i]) {
            v.error(op, format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)", i + 1));
            return;
        }
    }
    let inferred = if statics.len() == src.rank() {
        src.element
    } else {
        make_vector(
            ctx,
            src.shape[statics.len()..].to_vec(),
            src.scalable[statics.len()..].to_vec(),
            src.element,
        )
    };
    let compatible = inferred == result_ty
        || (statics.len() == src.rank()
            && vec_ty(ctx, result_ty).is_some_and(|r| r.shape == [1] && r.element == src.element));
    if !compatible {
        v.error(
            op,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                qty(ir, inferred),
                qty(ir, result_ty)
            ),
        );
        v.error(op, "failed to infer returned types");
    }
}

fn verify_insert(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let value_ty = ir.value_type(ops[0]);
    let Some(dest) = vec_ty(ctx, ir.value_type(ops[1])) else {
        return;
    };
    if let Some(s) = vec_ty(ctx, value_ty) {
        if s.rank() == 0 {
            v.error_raw(
                op,
                "expected a scalar instead of a 0-d vector as the source operand",
            );
            return;
        }
    }
    if ctx.element_type(value_ty) != dest.element {
        v.error(
            op,
            "failed to verify that source operand and result have same element type",
        );
        return;
    }
    let statics = dense_i64_values(ctx, ir.attr(op, "static_position"));
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != ops.len() - 2 {
        v.error(op, "mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite");
        return;
    }
    if statics.len() > dest.rank() {
        v.error(
            op,
            "expected position attribute of rank no greater than dest vector rank",
        );
        return;
    }
    match vec_ty(ctx, value_ty) {
        Some(s) if s.rank() + statics.len() != dest.rank() => {
            v.error(
                op,
                "expected position attribute rank + source rank to match dest vector rank",
            );
            return;
        }
        None if statics.len() != dest.rank() => {
            v.error(
                op,
                "expected position attribute rank to match the dest vector rank",
            );
            return;
        }
        _ => {}
    }
    for (i, &s) in statics.iter().enumerate() {
        if s != DYNAMIC && s != -1 && (s < 0 || s >= dest.shape[i]) {
            v.error(op, format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding dest vector dimension", i + 1));
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------
// vector.extract_strided_slice / vector.insert_strided_slice
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static EXTRACT_STRIDED_SLICE: ExtractStridedSlice = "vector.extract_strided_slice" {
        attrs: [OFFSETS("offsets"), SIZES("sizes"), STRIDES("strides")],
        traits: Traits::PURE,
        parse: Some(parse_unary_to),
        print: Some(print_unary_to),
        verify: Some(verify_extract_strided_slice),
        fold: Some(fold_same_type),
    }
}

lattice_ir::def_op! {
    pub static INSERT_STRIDED_SLICE: InsertStridedSlice = "vector.insert_strided_slice" {
        attrs: [OFFSETS("offsets"), STRIDES("strides")],
        traits: Traits::PURE,
        parse: Some(parse_insert_strided_slice),
        print: Some(print_insert_strided_slice),
        verify: Some(verify_insert_strided_slice),
        fold: Some(fold_insert_strided_slice),
    }
}

fn parse_insert_strided_slice(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let dest = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let value_ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("into")?;
    let dest_ty = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    st.operands.push(p.resolve_operand(&dest, dest_ty)?);
    st.result_types.push(dest_ty);
    Ok(())
}

fn print_insert_strided_slice(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_operand(ops[1]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_extract_strided_slice(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let Some(src) = vec_ty(ctx, ir.value_type(x)) else {
        return;
    };
    let mut arrays = Vec::new();
    for name in ["offsets", "sizes", "strides"] {
        match int_array_values(ctx, ir.attr(op, name)) {
            Some(a) => arrays.push(a),
            None => {
                v.error(op, format!("requires attribute '{name}'"));
                return;
            }
        }
    }
    let (offsets, sizes, strides) = (&arrays[0], &arrays[1], &arrays[2]);
    if offsets.len() > src.rank() {
        v.error(
            op,
            "expected offsets attribute of rank no greater than vector rank",
        );
        return;
    }
    if offsets.len() != sizes.len() || offsets.len() != strides.len() {
        v.error(
            op,
            "expected offsets, sizes and strides attributes of same size",
        );
        return;
    }
    for (i, &o) in offsets.iter().enumerate() {
        if o < 0 || o >= src.shape[i] {
            v.error(
                op,
                format!(
                    "expected offsets dimension {i} to be confined to [0, {})",
                    src.shape[i]
                ),
            );
            return;
        }
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s < 1 || s > src.shape[i] {
            v.error(
                op,
                format!(
                    "expected sizes dimension {i} to be confined to [1, {})",
                    src.shape[i] + 1
                ),
            );
            return;
        }
    }
    for (i, &s) in strides.iter().enumerate() {
        if s != 1 {
            v.error(
                op,
                format!("expected strides dimension {i} to be confined to [1, 2)"),
            );
            return;
        }
    }
    for (i, (&o, &s)) in offsets.iter().zip(sizes).enumerate() {
        if o + s > src.shape[i] {
            v.error(
                op,
                format!(
                    "expected sum(offsets, sizes) dimension {i} to be confined to [1, {})",
                    src.shape[i] + 1
                ),
            );
            return;
        }
    }
    let mut shape = sizes.clone();
    shape.extend_from_slice(&src.shape[sizes.len()..]);
    let expected = make_vector(ctx, shape, src.scalable.clone(), src.element);
    let result_ty = ir.value_type(r);
    if expected != result_ty {
        v.error(
            op,
            format!("expected result type to be {}", qty(ir, expected)),
        );
    }
}

fn verify_insert_strided_slice(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let (Some(src), Some(dst)) = (
        vec_ty(ctx, ir.value_type(ops[0])),
        vec_ty(ctx, ir.value_type(ops[1])),
    ) else {
        return;
    };
    let (Some(offsets), Some(strides)) = (
        int_array_values(ctx, ir.attr(op, "offsets")),
        int_array_values(ctx, ir.attr(op, "strides")),
    ) else {
        v.error(op, "requires attribute 'offsets'");
        return;
    };
    if offsets.len() != dst.rank() {
        v.error(
            op,
            "expected offsets of same size as destination vector rank",
        );
    } else if strides.len() != src.rank() {
        v.error(op, "expected strides of same size as source vector rank");
    } else if src.rank() > dst.rank() {
        v.error(
            op,
            "expected source rank to be no greater than destination rank",
        );
    } else if let Some(i) = offsets
        .iter()
        .enumerate()
        .position(|(i, &o)| o < 0 || o >= dst.shape[i])
    {
        v.error(
            op,
            format!(
                "expected offsets dimension {i} to be confined to [0, {})",
                dst.shape[i]
            ),
        );
    } else if let Some(i) = strides.iter().position(|&s| s != 1) {
        v.error(
            op,
            format!("expected strides dimension {i} to be confined to [1, 2)"),
        );
    } else {
        let lead = dst.rank() - src.rank();
        for i in 0..src.rank() {
            if offsets[lead + i] + src.shape[i] > dst.shape[lead + i] {
                v.error(
                    op,
                    format!(
                        "expected sum(offsets, source vector shape) dimension {} to be confined to [1, {})",
                        lead + i,
                        dst.shape[lead + i] + 1
                    ),
                );
                return;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// vector.fma
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static FMA: Fma = "vector.fma" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_fma),
        print: Some(print_fma),
        verify: Some(verify_fma),
    }
}

fn parse_fma(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let ty = parse_colon_typed(p, Kind::Vector)?;
    st.operands = p.resolve_operands(&ops, &[ty, ty, ty], span)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_fma(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&first) = ops.first() else { return };
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(first));
}

fn verify_fma(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let mut tys: Vec<Type> = ir.operands(op).iter().map(|&x| ir.value_type(x)).collect();
    tys.extend(ir.results(op).iter().map(|&x| ir.value_type(x)));
    if tys.windows(2).any(|w| w[0] != w[1]) {
        v.error(
            op,
            "failed to verify that all of {lhs, rhs, acc, result} have same type",
        );
    } else if let Some(&t) = tys.first() {
        if !ctx.is_float(ctx.element_type(t)) || !ctx.is_vector(t) {
            v.error(
                op,
                format!(
                    "operand #0 must be vector of floating-point values, but got {}",
                    qty(ir, t)
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// vector.reduction / vector.multi_reduction
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static REDUCTION: Reduction = "vector.reduction" {
        attrs: [FASTMATH("fastmath"), KIND("kind")],
        traits: Traits::PURE,
        parse: Some(parse_reduction),
        print: Some(print_reduction),
        verify: Some(verify_reduction),
    }
}

lattice_ir::def_op! {
    pub static MULTI_REDUCTION: MultiReduction = "vector.multi_reduction" {
        attrs: [KIND("kind"), REDUCTION_DIMS("reduction_dims")],
        traits: Traits::PURE,
        parse: Some(parse_multi_reduction),
        print: Some(print_multi_reduction),
        verify: Some(verify_multi_reduction),
    }
}

fn parse_kind(p: &mut Parser<'_>) -> PResult<Attr> {
    let k = parse_enum_param(
        p,
        COMBINING_KINDS,
        "::mlir::vector::CombiningKind",
        "Vector_CombiningKindAttr",
    )?;
    Ok(kind_attr(p.ctx(), &k))
}

fn parse_reduction(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let kind = parse_kind(p)?;
    st.add_attr(p.intern("kind"), kind);
    p.expect(",")?;
    let vector = p.parse_operand()?;
    let acc = if p.eat(",") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let fm = if p.eat("fastmath") {
        parse_fastmath(p)?
    } else {
        "none".to_string()
    };
    let fm = dialect_attr(p.ctx(), "arith.fastmath", &fm);
    st.add_attr(p.intern("fastmath"), fm);
    p.parse_optional_attr_dict(st)?;
    let vty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("into")?;
    let dest = p.parse_type()?;
    st.operands.push(p.resolve_operand(&vector, vty)?);
    if let Some(acc) = &acc {
        st.operands.push(p.resolve_operand(acc, dest)?);
    }
    st.result_types.push(dest);
    Ok(())
}

fn print_kind(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| dialect_param(ir.ctx(), a, "vector.kind"))
        .unwrap_or("add");
    p.write(" <");
    p.write(kind);
    p.write(">");
}

fn print_reduction(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&vector) = ops.first() else { return };
    print_kind(p, op);
    p.write(", ");
    p.print_operands(ops);
    let fm = ir
        .attr(op, "fastmath")
        .and_then(|a| dialect_param(ir.ctx(), a, "arith.fastmath"));
    let mut elided = vec!["kind"];
    match fm {
        Some("none") => elided.push("fastmath"),
        Some(text) => {
            p.write(" fastmath<");
            p.write(text);
            p.write(">");
            elided.push("fastmath");
        }
        None => {}
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ir.value_type(vector));
    p.write(" into ");
    print_result_type(p, op);
}

/// Whether `kind` applies to elements of type `element` (upstream's
/// `isSupportedCombiningKind`).
fn is_supported_kind(ctx: &Context, kind: &str, element: Type) -> bool {
    match kind {
        "add" | "mul" => ctx.is_int_or_index(element) || ctx.is_float(element),
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => {
            ctx.is_int_or_index(element)
        }
        _ => ctx.is_float(element),
    }
}

fn verify_reduction(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let (Some(&vector), Some(&dest)) = (ops.first(), ir.results(op).first()) else {
        return;
    };
    let Some(src) = vec_ty(ctx, ir.value_type(vector)) else {
        return;
    };
    let dest_ty = ir.value_type(dest);
    if src.element != ctx.element_type(dest_ty) {
        v.error(
            op,
            "failed to verify that source operand and result have same element type",
        );
        return;
    }
    if let Some(&acc) = ops.get(1) {
        if ir.value_type(acc) != dest_ty {
            v.error(op, "failed to verify that dest and acc have the same type");
            return;
        }
    }
    if src.rank() > 1 {
        v.error(op, format!("unsupported reduction rank: {}", src.rank()));
        return;
    }
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| dialect_param(ctx, a, "vector.kind"))
        .unwrap_or("add");
    if !is_supported_kind(ctx, kind, dest_ty) {
        v.error(
            op,
            format!(
                "unsupported reduction type '{}' for kind '{kind}'",
                qty(ir, dest_ty)
            ),
        );
    }
}

fn parse_multi_reduction(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let kind = parse_kind(p)?;
    st.add_attr(p.intern("kind"), kind);
    p.expect(",")?;
    let source = p.parse_operand()?;
    p.expect(",")?;
    let acc = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    p.expect("[")?;
    let mut dims = Vec::new();
    if !p.eat("]") {
        loop {
            dims.push(p.parse_integer()? as i64);
            if !p.eat(",") {
                break;
            }
        }
        p.expect("]")?;
    }
    let dims = p.ctx().dense_i64_array(&dims);
    st.add_attr(p.intern("reduction_dims"), dims);
    let src_ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("to")?;
    let dest = p.parse_type()?;
    st.operands.push(p.resolve_operand(&source, src_ty)?);
    st.operands.push(p.resolve_operand(&acc, dest)?);
    st.result_types.push(dest);
    Ok(())
}

fn print_multi_reduction(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    print_kind(p, op);
    p.write(", ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &["kind", "reduction_dims"]);
    let dims = dense_i64_values(ir.ctx(), ir.attr(op, "reduction_dims"));
    p.write(" [");
    p.write(
        &dims
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    p.write("] : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" to ");
    print_result_type(p, op);
}

// ---------------------------------------------------------------------------------------
// vector.contract
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static CONTRACT: Contract = "vector.contract" {
        attrs: [INDEXING_MAPS("indexing_maps"), ITERATOR_TYPES("iterator_types"), KIND("kind")],
        traits: Traits::PURE,
        parse: Some(parse_contract),
        print: Some(print_contract),
        verify: Some(verify_contract),
    }
}

const CONTRACT_TRAIT_ATTRS: &[&str] = &["indexing_maps", "iterator_types", "kind"];

fn parse_contract(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let loc = p.current_span();
    let dict = p.parse_dictionary()?;
    let entries = match p.ctx().attr_data(dict) {
        AttrData::Dictionary(e) => e.clone(),
        _ => Vec::new(),
    };
    for e in &entries {
        st.add_attr(e.name, e.value);
    }
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let types_span = p.current_span();
    let types = p.parse_colon_type_list()?;
    p.expect("into")?;
    let result = p.parse_type()?;
    let it_name = p.intern("iterator_types");
    let items = match st.attr(it_name).map(|a| p.ctx().attr_data(a).clone()) {
        Some(AttrData::Array(items)) => items,
        _ => return Err(p.error_at(loc, "expected iterator_types array attribute")),
    };
    let mut converted = Vec::new();
    for item in items {
        let s = p.ctx().string_value(item).map(str::to_string);
        match s.as_deref() {
            Some(s @ ("parallel" | "reduction")) => {
                converted.push(dialect_attr(p.ctx(), "vector.iterator_type", s));
            }
            Some(s) => return Err(p.error_at(loc, format!("unexpected iterator_type ({s})"))),
            None => {
                if dialect_param(p.ctx(), item, "vector.iterator_type").is_some() {
                    converted.push(item);
                } else {
                    return Err(p.error_at(loc, "unexpected iterator_type ()"));
                }
            }
        }
    }
    let arr = p.ctx().array_attr(converted);
    st.add_attr(it_name, arr);
    let kind_name = p.intern("kind");
    if st.attr(kind_name).is_none() {
        let k = kind_attr(p.ctx(), "add");
        st.add_attr(kind_name, k);
    }
    if ops.len() != 3 {
        return Err(p.error_at(
            types_span,
            "expected zero or exactly 2 vector mask operands",
        ));
    }
    if types.len() != 2 {
        return Err(p.error_at(types_span, format!("expected 2 types, got {}", types.len())));
    }
    st.operands.push(p.resolve_operand(&ops[0], types[0])?);
    st.operands.push(p.resolve_operand(&ops[1], types[1])?);
    st.operands.push(p.resolve_operand(&ops[2], result)?);
    st.result_types.push(result);
    Ok(())
}

fn print_contract(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 3 {
        return;
    }
    let mut entries = Vec::new();
    for a in ir.attrs(op) {
        let name = ctx.str(a.name);
        if name == "iterator_types" {
            let strings = match ctx.attr_data(a.value) {
                AttrData::Array(items) => items
                    .iter()
                    .map(|&i| match dialect_param(ctx, i, "vector.iterator_type") {
                        Some(s) => ctx.string_attr(s),
                        None => i,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            entries.push(NamedAttr {
                name: a.name,
                value: ctx.array_attr(strings),
            });
        } else if CONTRACT_TRAIT_ATTRS.contains(&name) {
            entries.push(*a);
        }
    }
    let dict = ctx.dictionary_attr(entries);
    p.write(" ");
    p.print_attribute(dict);
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, CONTRACT_TRAIT_ATTRS);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[1]));
    p.write(" into ");
    print_result_type(p, op);
}

fn verify_contract(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() != 3 || ir.results(op).is_empty() {
        return;
    }
    let (Some(lhs), Some(rhs)) = (
        vec_ty(ctx, ir.value_type(ops[0])),
        vec_ty(ctx, ir.value_type(ops[1])),
    ) else {
        return;
    };
    let acc_ty = ir.value_type(ops[2]);
    let res_ty = ir.value_type(ir.result(op, 0));
    if lhs.element != rhs.element {
        v.error(
            op,
            "failed to verify that lhs and rhs have same element type",
        );
        return;
    }
    if ctx.element_type(acc_ty) != ctx.element_type(res_ty) {
        v.error(
            op,
            "failed to verify that third operand acc and result have same element type",
        );
        return;
    }
    if ctx.is_integer(lhs.element) && !ctx.is_signless_integer(lhs.element) {
        v.error(op, "only supports signless integer types");
        return;
    }
    let maps: Vec<AffineMap> = match ir.attr(op, "indexing_maps").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .filter_map(|&a| affine_map_of(ctx, Some(a)))
            .collect(),
        _ => Vec::new(),
    };
    if maps.len() != 3 {
        v.error(op, "expected an indexing map for each vector operand");
        return;
    }
    let iterators: Vec<String> = match ir.attr(op, "iterator_types").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .map(|&a| {
                dialect_param(ctx, a, "vector.iterator_type")
                    .unwrap_or("")
                    .to_string()
            })
            .collect(),
        _ => Vec::new(),
    };
    let n = iterators.len();
    for (index, &map) in maps.iter().enumerate() {
        let md = ctx.map_data(map);
        if md.num_symbols != 0 {
            v.error(
                op,
                format!("expected indexing map {index} to have no symbols"),
            );
            return;
        }
        let rank = vec_ty(ctx, ir.value_type(ops[index])).map_or(0, |t| t.rank());
        if md.num_dims as usize != n {
            v.error(
                op,
                format!("expected indexing map {index} to have {n} number of inputs"),
            );
            return;
        }
        if md.results.len() != rank {
            v.error(
                op,
                format!("expected indexing map {index} to have {rank} number of outputs"),
            );
            return;
        }
        let mut seen = vec![false; n];
        for &e in &md.results {
            match dim_of_expr(ctx, e) {
                Some(d) if !seen[d as usize] => seen[d as usize] = true,
                _ => {
                    v.error(op, format!("expected indexing map {index} to be a projected permutation of its inputs"));
                    return;
                }
            }
        }
    }
    // Contracting dims: reduction iterators used by both lhs and rhs.
    let dims_of = |m: AffineMap| -> Vec<u32> {
        ctx.map_data(m)
            .results
            .iter()
            .filter_map(|&e| dim_of_expr(ctx, e))
            .collect()
    };
    let (ld, rd) = (dims_of(maps[0]), dims_of(maps[1]));
    let mut contracting = 0;
    for (i, it) in iterators.iter().enumerate() {
        if it == "reduction" {
            let (Some(li), Some(ri)) = (
                ld.iter().position(|&d| d as usize == i),
                rd.iter().position(|&d| d as usize == i),
            ) else {
                continue;
            };
            contracting += 1;
            if lhs.shape[li] != rhs.shape[ri] {
                v.error(op, "invalid contracting dimension map");
                return;
            }
        }
    }
    if contracting == 0 {
        v.error(op, "expected at least one contracting dimension pair");
        return;
    }
    if acc_ty != res_ty {
        v.error(
            op,
            "failed to verify that result type matches accumulator type",
        );
        return;
    }
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| dialect_param(ctx, a, "vector.kind"))
        .unwrap_or("add");
    if !is_supported_kind(ctx, kind, ctx.element_type(res_ty)) {
        v.error(op, "unsupported contraction type");
    }
}

// ---------------------------------------------------------------------------------------
// vector.transpose
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static TRANSPOSE: Transpose = "vector.transpose" {
        attrs: [PERMUTATION("permutation")],
        traits: Traits::PURE,
        parse: Some(parse_transpose),
        print: Some(print_transpose),
        verify: Some(verify_transpose),
        fold: Some(fold_transpose),
    }
}

fn parse_transpose(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.expect(",")?;
    p.expect("[")?;
    let mut perm = Vec::new();
    if !p.eat("]") {
        loop {
            perm.push(p.parse_integer()? as i64);
            if !p.eat(",") {
                break;
            }
        }
        p.expect("]")?;
    }
    let a = p.ctx().dense_i64_array(&perm);
    st.add_attr(p.intern("permutation"), a);
    p.parse_optional_attr_dict(st)?;
    let from = parse_colon_typed(p, Kind::Vector)?;
    p.expect("to")?;
    let to = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&x, from)?);
    st.result_types.push(to);
    Ok(())
}

fn print_transpose(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let perm = dense_i64_values(ir.ctx(), ir.attr(op, "permutation"));
    p.write(" ");
    p.print_operand(x);
    p.write(", [");
    p.write(
        &perm
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    p.write("]");
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
    p.write(" to ");
    p.print_type(ir.value_type(r));
}

fn verify_transpose(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (Some(s), Some(d)) = (vec_ty(ctx, ir.value_type(x)), vec_ty(ctx, ir.value_type(r))) else {
        return;
    };
    let perm = dense_i64_values(ctx, ir.attr(op, "permutation"));
    if s.rank() != d.rank() {
        v.error(
            op,
            "vector result rank mismatch: ".to_string() + &d.rank().to_string(),
        );
        return;
    }
    if perm.len() != s.rank() {
        v.error(op, format!("transposition length mismatch: {}", perm.len()));
        return;
    }
    let mut seen = vec![false; s.rank()];
    for (i, &pi) in perm.iter().enumerate() {
        if pi < 0 || pi as usize >= s.rank() {
            v.error(op, format!("transposition index out of range: {pi}"));
            return;
        }
        if seen[pi as usize] {
            v.error(op, format!("duplicate position index: {pi}"));
            return;
        }
        seen[pi as usize] = true;
        if d.shape[i] != s.shape[pi as usize] {
            v.error(op, format!("dimension size mismatch at: {pi}"));
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------
// vector.print
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static PRINT: Print = "vector.print" {
        attrs: [PUNCTUATION("punctuation"), STRING_LITERAL("stringLiteral")],
        parse: Some(parse_print),
        print: Some(print_print),
        verify: Some(verify_print),
    }
}

fn parse_print(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.peek_operand() {
        let x = p.parse_operand()?;
        let ty = p.parse_colon_type()?;
        st.operands.push(p.resolve_operand(&x, ty)?);
    }
    let mut seen_str = false;
    let mut seen_punct = false;
    loop {
        let span = p.current_span();
        if p.eat("str") {
            if seen_str {
                return Err(p.error_at(
                    span,
                    "`str` clause can appear at most once in the expansion of the oilist directive",
                ));
            }
            seen_str = true;
            let s = p.parse_attribute(None)?;
            if p.ctx().string_value(s).is_none()
                && !matches!(p.ctx().attr_data(s), AttrData::String(_))
            {
                return Err(p.error_at(span, "invalid kind of attribute specified"));
            }
            st.add_attr(p.intern("stringLiteral"), s);
        } else if p.eat("punctuation") {
            if seen_punct {
                return Err(p.error_at(
                    span,
                    "`punctuation` clause can appear at most once in the expansion of the oilist directive",
                ));
            }
            seen_punct = true;
            let w = parse_enum_param(
                p,
                PUNCTUATIONS,
                "::mlir::vector::PrintPunctuation",
                "Vector_PrintPunctuation",
            )?;
            let a = dialect_attr(p.ctx(), "vector.punctuation", &w);
            st.add_attr(p.intern("punctuation"), a);
        } else {
            break;
        }
    }
    p.parse_optional_attr_dict(st)?;
    let name = p.intern("punctuation");
    if st.attr(name).is_none() {
        let a = dialect_attr(p.ctx(), "vector.punctuation", "newline");
        st.add_attr(name, a);
    }
    Ok(())
}

fn print_print(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    if let Some(&x) = ir.operands(op).first() {
        p.write(" ");
        p.print_operand(x);
        p.write(" : ");
        p.print_type(ir.value_type(x));
    }
    if let Some(s) = ir.attr(op, "stringLiteral") {
        p.write(" str ");
        p.print_attribute(s);
    }
    let punct = ir
        .attr(op, "punctuation")
        .and_then(|a| dialect_param(ctx, a, "vector.punctuation"));
    if let Some(pu) = punct {
        if pu != "newline" {
            p.write(" punctuation <");
            p.write(pu);
            p.write(">");
        }
    }
    p.print_optional_attr_dict(op, &["punctuation", "stringLiteral"]);
}

fn verify_print(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let punct = ir
        .attr(op, "punctuation")
        .and_then(|a| dialect_param(ctx, a, "vector.punctuation"));
    if ir.attr(op, "stringLiteral").is_some()
        && (!ir.operands(op).is_empty() || punct.is_some_and(|p| p != "newline"))
    {
        v.error(
            op,
            "failed to verify that `source` or `punctuation` are not set when printing strings",
        );
    }
}

// ---------------------------------------------------------------------------------------
// vector.constant_mask / vector.create_mask
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static CONSTANT_MASK: ConstantMask = "vector.constant_mask" {
        attrs: [MASK_DIM_SIZES("mask_dim_sizes")],
        traits: Traits::PURE,
        parse: Some(parse_constant_mask),
        print: Some(print_constant_mask),
        verify: Some(verify_constant_mask),
    }
}

lattice_ir::def_op! {
    pub static CREATE_MASK: CreateMask = "vector.create_mask" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_create_mask),
        print: Some(print_create_mask),
        verify: Some(verify_create_mask),
    }
}

fn parse_constant_mask(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.expect("[")?;
    let mut sizes = Vec::new();
    if !p.eat("]") {
        loop {
            sizes.push(p.parse_integer()? as i64);
            if !p.eat(",") {
                break;
            }
        }
        p.expect("]")?;
    }
    let a = p.ctx().dense_i64_array(&sizes);
    st.add_attr(p.intern("mask_dim_sizes"), a);
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::Vector)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_constant_mask(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let sizes = dense_i64_values(ir.ctx(), ir.attr(op, "mask_dim_sizes"));
    p.write(" [");
    p.write(
        &sizes
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    p.write("]");
    p.print_optional_attr_dict(op, &["mask_dim_sizes"]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_constant_mask(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    let Some(t) = vec_ty(ctx, ir.value_type(r)) else {
        return;
    };
    let sizes = dense_i64_values(ctx, ir.attr(op, "mask_dim_sizes"));
    let rank = t.rank().max(1);
    if sizes.len() != rank {
        v.error(
            op,
            "must specify array attr of size equal vector result rank",
        );
        return;
    }
    let shape = if t.rank() == 0 {
        vec![1]
    } else {
        t.shape.clone()
    };
    if sizes.iter().zip(&shape).any(|(&s, &d)| s < 0 || s > d) {
        v.error(
            op,
            "array attr of size out of bounds of vector result dimension size",
        );
        return;
    }
    for (i, &s) in sizes.iter().enumerate() {
        if t.scalable.get(i).copied().unwrap_or(false) && s != 0 && s != shape[i] {
            v.error(
                op,
                "only supports 'none set' or 'all set' scalable dimensions",
            );
            return;
        }
    }
    let any_zero = sizes.contains(&0);
    let all_zero = sizes.iter().all(|&s| s == 0);
    if any_zero && !all_zero {
        v.error(op, "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim");
    }
}

fn parse_create_mask(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands = p.resolve_operands_all(&ops, index)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_create_mask(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_create_mask(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    let Some(t) = vec_ty(ir.ctx(), ir.value_type(r)) else {
        return;
    };
    if t.rank() == 0 {
        if ir.operands(op).len() != 1 {
            v.error(op, "must specify exactly one operand for 0-D create_mask");
        }
    } else if ir.operands(op).len() != t.rank() {
        v.error(
            op,
            "must specify an operand for each result vector dimension",
        );
    }
}

// ---------------------------------------------------------------------------------------
// vector.outerproduct
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static OUTERPRODUCT: OuterProduct = "vector.outerproduct" {
        attrs: [KIND("kind")],
        traits: Traits::PURE,
        parse: Some(parse_outerproduct),
        print: Some(print_outerproduct),
        verify: Some(verify_outerproduct),
    }
}

fn parse_outerproduct(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let types = p.parse_colon_type_list()?;
    if ops.len() < 2 {
        return Err(p.error_at(span, "expected at least 2 operands"));
    }
    if types.len() != 2 {
        return Err(p.error_at(span, "expected 2 types"));
    }
    let Some(lhs) = vec_ty(p.ctx(), types[0]).filter(|v| v.rank() == 1) else {
        return Err(p.error_at(span, "expected 1-d vector for operand #1"));
    };
    let result = match vec_ty(p.ctx(), types[1]) {
        Some(rhs) if rhs.rank() == 1 => make_vector(
            p.ctx(),
            vec![lhs.shape[0], rhs.shape[0]],
            vec![lhs.scalable[0], rhs.scalable[0]],
            lhs.element,
        ),
        Some(_) => return Err(p.error_at(span, "expected 1-d vector for operand #2")),
        None => make_vector(
            p.ctx(),
            vec![lhs.shape[0]],
            vec![lhs.scalable[0]],
            lhs.element,
        ),
    };
    let kind_name = p.intern("kind");
    if st.attr(kind_name).is_none() {
        let k = kind_attr(p.ctx(), "add");
        st.add_attr(kind_name, k);
    }
    st.operands.push(p.resolve_operand(&ops[0], types[0])?);
    st.operands.push(p.resolve_operand(&ops[1], types[1])?);
    if ops.len() > 2 {
        st.operands.push(p.resolve_operand(&ops[2], result)?);
    }
    st.result_types.push(result);
    Ok(())
}

fn print_outerproduct(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operands(ops);
    // Like upstream, the attribute dictionary (kind included) is printed only with an
    // accumulator.
    if ops.len() > 2 {
        p.print_optional_attr_dict(op, &[]);
    }
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_outerproduct(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 || ir.results(op).is_empty() {
        return;
    }
    let Some(lhs) = vec_ty(ctx, ir.value_type(ops[0])) else {
        return;
    };
    let res_ty = ir.value_type(ir.result(op, 0));
    let Some(res) = vec_ty(ctx, res_ty) else {
        return;
    };
    if lhs.rank() != 1 {
        v.error(op, "expected 1-d vector for operand #1");
        return;
    }
    match vec_ty(ctx, ir.value_type(ops[1])) {
        Some(rhs) => {
            if rhs.rank() != 1 {
                v.error(op, "expected 1-d vector for operand #2");
            } else if res.rank() != 2 {
                v.error(op, "expected 2-d vector result");
            } else if lhs.shape[0] != res.shape[0] {
                v.error(op, "expected #1 operand dim to match result dim #1");
            } else if rhs.shape[0] != res.shape[1] {
                v.error(op, "expected #2 operand dim to match result dim #2");
            }
        }
        None => {
            if res.rank() != 1 {
                v.error(op, "expected 1-d vector result");
            } else if lhs.shape[0] != res.shape[0] {
                v.error(op, "expected #1 operand dim to match result dim #1");
            }
        }
    }
    if let Some(&acc) = ops.get(2) {
        if ir.value_type(acc) != res_ty {
            v.error(op, "expected operand #3 of same type as result type");
        }
    }
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| dialect_param(ctx, a, "vector.kind"))
        .unwrap_or("add");
    if !is_supported_kind(ctx, kind, res.element) {
        v.error(op, "unsupported outerproduct type");
    }
}

// ---------------------------------------------------------------------------------------
// vector.from_elements / vector.step / vector.vscale / vector.yield
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static FROM_ELEMENTS: FromElements = "vector.from_elements" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_from_elements),
        print: Some(print_from_elements),
        verify: Some(verify_from_elements),
    }
}

fn parse_from_elements(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let ty = parse_colon_typed(p, Kind::Vector)?;
    let Some(v) = vec_ty(p.ctx(), ty) else {
        return Err(p.error_at(span, "expected vector type"));
    };
    let n = v.num_elements().max(0) as usize;
    if ops.len() != n {
        return Err(p.error_at(
            span,
            format!(
                "number of operands and types do not match: got {} operands and {n} types",
                ops.len()
            ),
        ));
    }
    st.operands = p.resolve_operands_all(&ops, v.element)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_from_elements(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

lattice_ir::def_op! {
    pub static STEP: Step = "vector.step" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_colon_result),
        print: Some(print_colon_result),
        verify: Some(verify_step),
    }
}

/// `attr-dict : type`
fn parse_colon_result(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::Vector)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_colon_result(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_step(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    let ty = ir.value_type(r);
    if !vec_ty(ctx, ty).is_some_and(|t| t.rank() == 1 && ctx.is_index(t.element)) {
        v.error(
            op,
            format!(
                "result #0 must be vector of index values of ranks 1, but got {}",
                qty(ir, ty)
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static VSCALE: VScale = "vector.vscale" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_vscale),
        print: Some(print_vscale),
        result_names: Some(vscale_names),
        verify: Some(verify_arity_only),
    }
}

fn parse_vscale(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let index = p.ctx().index_type();
    st.result_types.push(index);
    Ok(())
}

fn print_vscale(p: &mut Printer<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
}

fn vscale_names(_ir: &Ir, _op: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "vscale".into()));
}

lattice_ir::def_op! {
    pub static YIELD: Yield = "vector.yield" {
        attrs: [],
        traits: Traits::PURE
            .with(Traits::TERMINATOR)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_arity_only),
    }
}

// ---------------------------------------------------------------------------------------
// vector.shuffle / vector.interleave / vector.deinterleave / vector.to_elements
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static SHUFFLE: Shuffle = "vector.shuffle" {
        attrs: [MASK("mask")],
        traits: Traits::PURE,
        parse: Some(parse_shuffle),
        print: Some(print_shuffle),
        verify: Some(verify_shuffle),
    }
}

fn int_list_text(values: &[i64]) -> String {
    values
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_shuffle(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let v1 = p.parse_operand()?;
    p.expect(",")?;
    let v2 = p.parse_operand()?;
    let mask = parse_int_list(p)?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let t1 = parse_colon_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let t2 = parse_typed(p, Kind::Vector)?;
    let Some(a) = vec_ty(p.ctx(), t1) else {
        return Err(p.error_at(span, "expected vector type"));
    };
    // The result has the mask's length as leading dimension and v1's trailing ones.
    let mut shape = vec![mask.len() as i64];
    let mut scalable = vec![false];
    if a.rank() > 1 {
        shape.extend_from_slice(&a.shape[1..]);
        scalable.extend_from_slice(&a.scalable[1..]);
    }
    let result = make_vector(p.ctx(), shape, scalable, a.element);
    let m = p.ctx().dense_i64_array(&mask);
    st.add_attr(p.intern("mask"), m);
    st.operands.push(p.resolve_operand(&v1, t1)?);
    st.operands.push(p.resolve_operand(&v2, t2)?);
    st.result_types.push(result);
    Ok(())
}

fn print_shuffle(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    let mask = dense_i64_values(ir.ctx(), ir.attr(op, "mask"));
    p.write(" ");
    p.print_operands(ops);
    p.write(" [");
    p.write(&int_list_text(&mask));
    p.write("]");
    p.print_optional_attr_dict(op, &["mask"]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_shuffle(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let (Some(a), Some(b), Some(r)) = (
        vec_ty(ctx, ir.value_type(ops[0])),
        vec_ty(ctx, ir.value_type(ops[1])),
        vec_ty(ctx, ir.value_type(ir.result(op, 0))),
    ) else {
        return;
    };
    let mask = dense_i64_values(ctx, ir.attr(op, "mask"));
    let rank_ok = a.rank() == b.rank() || (a.rank() == 0 && b.rank() == 0);
    if !rank_ok {
        v.error(op, "rank mismatch");
        return;
    }
    if a.rank() > 1 && a.shape[1..] != b.shape[1..] {
        v.error(op, "dimension mismatch");
        return;
    }
    if r.shape.first().copied() != Some(mask.len() as i64) {
        v.error(op, "mask length mismatch");
        return;
    }
    let total = a.shape.first().copied().unwrap_or(1) + b.shape.first().copied().unwrap_or(1);
    for (i, &m) in mask.iter().enumerate() {
        if m != -1 && (m < 0 || m >= total) {
            v.error(op, format!("mask index #{} out of range", i + 1));
            return;
        }
    }
}

lattice_ir::def_op! {
    pub static INTERLEAVE: Interleave = "vector.interleave" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_interleave),
        print: Some(print_interleave),
        verify: Some(verify_arity_only),
    }
}

fn parse_interleave(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("->")?;
    let result = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&a, ty)?);
    st.operands.push(p.resolve_operand(&b, ty)?);
    st.result_types.push(result);
    Ok(())
}

fn print_interleave(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&first) = ops.first() else { return };
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(first));
    p.write(" -> ");
    print_result_type(p, op);
}

lattice_ir::def_op! {
    pub static DEINTERLEAVE: Deinterleave = "vector.deinterleave" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_deinterleave),
        print: Some(print_deinterleave),
        result_names: Some(deinterleave_names),
        verify: Some(verify_arity_only),
    }
}

fn parse_deinterleave(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("->")?;
    let result = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&x, ty)?);
    st.result_types.extend([result, result]);
    Ok(())
}

fn print_deinterleave(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&x) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
    p.write(" -> ");
    print_result_type(p, op);
}

fn deinterleave_names(_ir: &Ir, _op: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "res1".into()));
    names.push((1, "res2".into()));
}

lattice_ir::def_op! {
    pub static TO_ELEMENTS: ToElements = "vector.to_elements" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_to_elements),
        print: Some(print_to_elements),
        verify: Some(verify_to_elements),
    }
}

fn parse_to_elements(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let ty = parse_colon_typed(p, Kind::Vector)?;
    let Some(v) = vec_ty(p.ctx(), ty) else {
        return Err(p.error_at(span, "expected vector type"));
    };
    st.operands.push(p.resolve_operand(&x, ty)?);
    st.result_types = vec![v.element; v.num_elements().max(0) as usize];
    Ok(())
}

fn print_to_elements(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&x) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
}

// ---------------------------------------------------------------------------------------
// vector.gather / vector.scatter / vector.expandload / vector.compressstore
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static GATHER: Gather = "vector.gather" {
        attrs: [ALIGNMENT("alignment")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_gather),
        print: Some(print_gather),
        verify: Some(verify_arity_only),
    }
}

lattice_ir::def_op! {
    pub static SCATTER: Scatter = "vector.scatter" {
        attrs: [ALIGNMENT("alignment")],
        parse: Some(parse_scatter),
        print: Some(print_scatter),
        verify: Some(verify_arity_only),
    }
}

lattice_ir::def_op! {
    pub static EXPANDLOAD: ExpandLoad = "vector.expandload" {
        attrs: [ALIGNMENT("alignment")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_maskedload),
        print: Some(print_maskedload),
        verify: Some(verify_maskedload),
    }
}

lattice_ir::def_op! {
    pub static COMPRESSSTORE: CompressStore = "vector.compressstore" {
        attrs: [ALIGNMENT("alignment")],
        parse: Some(parse_maskedstore),
        print: Some(print_maskedstore),
        verify: Some(verify_maskedstore),
    }
}

/// `%base[%i, %j] [%index_vec], %mask, %x` (gather and scatter), returning the operands
/// after `%base[...]`.
fn parse_gather_operands(
    p: &mut Parser<'_>,
) -> PResult<(
    UnresolvedOperand,
    Vec<UnresolvedOperand>,
    [UnresolvedOperand; 3],
)> {
    let base = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect("[")?;
    let index_vec = p.parse_operand()?;
    p.expect("]")?;
    p.expect(",")?;
    let mask = p.parse_operand()?;
    p.expect(",")?;
    let x = p.parse_operand()?;
    Ok((base, indices, [index_vec, mask, x]))
}

fn parse_gather(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (base, indices, [iv, mask, pass]) = parse_gather_operands(p)?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::Shaped)?;
    p.expect(",")?;
    let iv_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let mask_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let pass_ty = parse_typed(p, Kind::Vector)?;
    p.expect("into")?;
    let result = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.operands.push(p.resolve_operand(&iv, iv_ty)?);
    st.operands.push(p.resolve_operand(&mask, mask_ty)?);
    st.operands.push(p.resolve_operand(&pass, pass_ty)?);
    st.result_types.push(result);
    Ok(())
}

fn parse_scatter(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (base, indices, [iv, mask, value]) = parse_gather_operands(p)?;
    p.parse_optional_attr_dict(st)?;
    let base_ty = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let iv_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let mask_ty = parse_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let value_ty = parse_typed(p, Kind::Vector)?;
    let index = p.ctx().index_type();
    st.operands.push(p.resolve_operand(&base, base_ty)?);
    st.operands.extend(p.resolve_operands_all(&indices, index)?);
    st.operands.push(p.resolve_operand(&iv, iv_ty)?);
    st.operands.push(p.resolve_operand(&mask, mask_ty)?);
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    Ok(())
}

/// Prints `%base[%i] [%iv], %mask, %x attr-dict : T, U, V, W` (gather and scatter).
fn print_gather_common(p: &mut Printer<'_>, op: Op) -> bool {
    let ir = p.ir();
    let ops = ir.operands(op);
    let n = ops.len();
    if n < 4 {
        return false;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operands(&ops[1..n - 3]);
    p.write("] [");
    p.print_operand(ops[n - 3]);
    p.write("], ");
    p.print_operand(ops[n - 2]);
    p.write(", ");
    p.print_operand(ops[n - 1]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let tys: Vec<Type> = [0, n - 3, n - 2, n - 1]
        .iter()
        .map(|&i| ir.value_type(ops[i]))
        .collect();
    p.print_types(&tys);
    true
}

fn print_gather(p: &mut Printer<'_>, op: Op) {
    if print_gather_common(p, op) {
        p.write(" into ");
        print_result_type(p, op);
    }
}

fn print_scatter(p: &mut Printer<'_>, op: Op) {
    print_gather_common(p, op);
}

// ---------------------------------------------------------------------------------------
// vector.type_cast / vector.scan / vector.scalable.insert / vector.scalable.extract
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static TYPE_CAST: TypeCast = "vector.type_cast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_unary_to),
        print: Some(print_unary_to),
        verify: Some(verify_arity_only),
    }
}

lattice_ir::def_op! {
    pub static SCAN: Scan = "vector.scan" {
        attrs: [INCLUSIVE("inclusive"), KIND("kind"), REDUCTION_DIM("reduction_dim")],
        traits: Traits::PURE,
        parse: Some(parse_scan),
        print: Some(print_scan),
        result_names: Some(scan_names),
        verify: Some(verify_arity_only),
    }
}

fn parse_scan(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let kind = parse_kind(p)?;
    st.add_attr(p.intern("kind"), kind);
    p.expect(",")?;
    let source = p.parse_operand()?;
    p.expect(",")?;
    let init = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let source_ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect(",")?;
    let init_ty = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&source, source_ty)?);
    st.operands.push(p.resolve_operand(&init, init_ty)?);
    st.result_types.extend([source_ty, init_ty]);
    Ok(())
}

fn print_scan(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    print_kind(p, op);
    p.write(", ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &["kind"]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[1]));
}

fn scan_names(_ir: &Ir, _op: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "dest".into()));
    names.push((1, "accumulated_value".into()));
}

lattice_ir::def_op! {
    pub static SCALABLE_INSERT: ScalableInsert = "vector.scalable.insert" {
        attrs: [POS("pos")],
        traits: Traits::PURE,
        parse: Some(parse_scalable_insert),
        print: Some(print_scalable_insert),
        verify: Some(verify_arity_only),
    }
}

lattice_ir::def_op! {
    pub static SCALABLE_EXTRACT: ScalableExtract = "vector.scalable.extract" {
        attrs: [POS("pos")],
        traits: Traits::PURE,
        parse: Some(parse_scalable_extract),
        print: Some(print_scalable_extract),
        verify: Some(verify_arity_only),
    }
}

/// `[pos]` as an `i64` attribute.
fn parse_pos(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.expect("[")?;
    let pos = p.parse_integer()?;
    p.expect("]")?;
    let a = p.ctx().int_attr(pos, p.ctx().int_type(64));
    st.add_attr(p.intern("pos"), a);
    Ok(())
}

fn print_pos(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let pos = ir
        .attr(op, "pos")
        .and_then(|a| ir.ctx().int_value(a))
        .unwrap_or(0);
    p.write(&format!("[{pos}]"));
}

fn parse_scalable_insert(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let dest = p.parse_operand()?;
    parse_pos(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let value_ty = parse_colon_typed(p, Kind::Vector)?;
    p.expect("into")?;
    let dest_ty = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&value, value_ty)?);
    st.operands.push(p.resolve_operand(&dest, dest_ty)?);
    st.result_types.push(dest_ty);
    Ok(())
}

fn print_scalable_insert(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    p.write(" ");
    p.print_operands(ops);
    print_pos(p, op);
    p.print_optional_attr_dict(op, &["pos"]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" into ");
    p.print_type(ir.value_type(ops[1]));
}

fn parse_scalable_extract(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let source = p.parse_operand()?;
    parse_pos(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let result = parse_colon_typed(p, Kind::Vector)?;
    p.expect("from")?;
    let source_ty = parse_typed(p, Kind::Vector)?;
    st.operands.push(p.resolve_operand(&source, source_ty)?);
    st.result_types.push(result);
    Ok(())
}

fn print_scalable_extract(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&x) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    print_pos(p, op);
    p.print_optional_attr_dict(op, &["pos"]);
    p.write(" : ");
    print_result_type(p, op);
    p.write(" from ");
    p.print_type(ir.value_type(x));
}

// ---------------------------------------------------------------------------------------
// vector.mask
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static MASK: Mask = "vector.mask" {
        attrs: [],
        traits: Traits::SINGLE_BLOCK.with(Traits::RECURSIVE_EFFECTS),
        implicit_terminator: Some(Yield::NAME),
        parse: Some(parse_mask),
        print: Some(print_mask),
        verify: Some(verify_mask),
        canonicalize: Some(canonicalize_mask),
    }
}

/// Ops implementing upstream's `MaskableOpInterface`.
const MASKABLE: &[&str] = &[
    TransferRead::NAME,
    TransferWrite::NAME,
    Reduction::NAME,
    MultiReduction::NAME,
    Contract::NAME,
    OuterProduct::NAME,
    Gather::NAME,
    Scatter::NAME,
];

/// `%mask (, %passthru)? { op } attr-dict : mask-type (-> result types)?`
fn parse_mask(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let mask = p.parse_operand()?;
    let passthru = if p.eat(",") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let region = p.parse_region(&[], RegionOptions::default())?;
    ensure_mask_terminator(p, region, st.loc);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    let mask_ty = p.parse_colon_type()?;
    let span = p.current_span();
    let results = p.parse_optional_arrow_type_list()?;
    st.operands.push(p.resolve_operand(&mask, mask_ty)?);
    if let Some(passthru) = &passthru {
        let Some(&ty) = results.first() else {
            return Err(p.error_at(span, "expects a result if passthru operand is provided"));
        };
        st.operands.push(p.resolve_operand(passthru, ty)?);
    }
    st.result_types = results;
    Ok(())
}

/// Upstream's `MaskOp::ensureTerminator`: an empty region gets a block with a bare
/// `vector.yield`; a single masked op gets a `vector.yield` of its results.
fn ensure_mask_terminator(p: &mut Parser<'_>, region: lattice_ir::store::Region, loc: Attr) {
    let ir = p.ir();
    let Some(block) = ir.entry_block(region) else {
        p.ensure_terminator(region, Yield::NAME, loc);
        return;
    };
    let ops: Vec<Op> = ir.block_ops(block).collect();
    match ops.as_slice() {
        [] => p.ensure_terminator(region, Yield::NAME, loc),
        [only] if !ir.isa::<Yield>(*only) => {
            let results = ir.results(*only).to_vec();
            let name = ir.ctx().intern_str(Yield::NAME);
            let mut state = OperationState::new(name, loc);
            state.operands = results;
            let y = ir.create_op(state);
            ir.append_op(block, y);
        }
        _ => {}
    }
}

fn print_mask(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&mask) = ops.first() else { return };
    p.write(" ");
    p.print_operand(mask);
    if let Some(&passthru) = ops.get(1) {
        p.write(", ");
        p.print_operand(passthru);
    }
    p.write(" { ");
    let inner = ir
        .regions(op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .and_then(|b| ir.first_op(b));
    if let Some(inner) = inner {
        // mlir-opt's alias pass visits the masked op's location (a deferred `#loc`
        // alias) although the op is printed without it.
        p.visit_deferred_location(ir.loc(inner));
        // MLIR prints the masked op without its results (`printCustomOrGenericOp`).
        p.print_nested_op_without_results(inner);
    }
    p.write(" }");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(mask));
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    if !results.is_empty() {
        p.write(" -> ");
        if results.len() == 1 {
            p.print_type(results[0]);
        } else {
            p.write("(");
            p.print_types(&results);
            p.write(")");
        }
    }
}

fn verify_mask(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.is_empty() || ops.len() > 2 {
        v.error(
            op,
            format!("expected 1 or more operands, but found {}", ops.len()),
        );
        return;
    }
    let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        v.error(op, "expects a terminator within the mask region");
        return;
    };
    let body: Vec<Op> = ir.block_ops(block).collect();
    let Some(&last) = body.last() else {
        v.error(op, "expects a terminator within the mask region");
        return;
    };
    if body.len() > 2 {
        v.error(op, "expects only one operation to mask");
        return;
    }
    if !ir.isa::<Yield>(last) {
        v.error(op, "expects a terminator within the mask region");
        return;
    }
    if ir.operands(last).len() != ir.results(op).len() {
        v.error(
            op,
            "expects number of results to match mask region yielded values",
        );
        return;
    }
    if body.len() == 1 {
        return;
    }
    let masked = body[0];
    if !MASKABLE.contains(&ir.op_name(masked)) {
        v.error(op, "expects a MaskableOpInterface within the mask region");
        return;
    }
    let masked_types: Vec<Type> = ir
        .results(masked)
        .iter()
        .map(|&r| ir.value_type(r))
        .collect();
    let types: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    if masked_types.len() != types.len() {
        v.error(
            op,
            "expects number of results to match maskable operation number of results",
        );
        return;
    }
    if masked_types != types {
        v.error(
            op,
            "expects all the results from the MaskableOpInterface to match all the values returned by the terminator",
        );
        return;
    }
    if let Some(expected) = expected_mask_type(ir, masked) {
        let mask_ty = ir.value_type(ops[0]);
        if mask_ty != expected {
            v.error(
                op,
                format!(
                    "expects a {} mask for the maskable operation",
                    qty(ir, expected)
                ),
            );
            return;
        }
    }
    if let Some(&passthru) = ops.get(1) {
        if !ir.isa::<TransferRead>(masked) && !ir.isa::<Gather>(masked) {
            v.error(
                op,
                "doesn't expect a passthru argument for this maskable operation",
            );
        } else if masked_types.len() != 1 {
            v.error(op, "expects result when passthru argument is provided");
        } else if ir.value_type(passthru) != masked_types[0] {
            v.error(op, "expects passthru type to match result type");
        }
    }
    let _ = ctx;
}

/// The mask type a maskable op expects, where Lattice computes it (transfers and
/// 1-D reductions).
fn expected_mask_type(ir: &Ir, op: Op) -> Option<Type> {
    let ctx = ir.ctx();
    let map = affine_map_of(ctx, ir.attr(op, "permutation_map"));
    match VectorKind::of(ir, op) {
        Some(VectorKind::TransferRead) => {
            let vector = vec_ty(ctx, ir.value_type(*ir.results(op).first()?))?;
            Some(infer_transfer_mask_type(ctx, &vector, map?))
        }
        Some(VectorKind::TransferWrite) => {
            let vector = vec_ty(ctx, ir.value_type(*ir.operands(op).first()?))?;
            Some(infer_transfer_mask_type(ctx, &vector, map?))
        }
        Some(VectorKind::Reduction) => {
            let vector = vec_ty(ctx, ir.value_type(*ir.operands(op).first()?))?;
            Some(make_vector(
                ctx,
                vector.shape,
                vector.scalable,
                ctx.i1_type(),
            ))
        }
        _ => None,
    }
}

fn verify_from_elements(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(r) = ir
        .results(op)
        .first()
        .and_then(|&r| vec_ty(ir.ctx(), ir.value_type(r)))
    else {
        return;
    };
    let ops = ir.operands(op);
    if ops.len() as i64 != r.num_elements() || ops.iter().any(|&o| ir.value_type(o) != r.element) {
        v.error(
            op,
            "failed to verify that shaped type 'dest' matches 'elements' element count and types",
        );
    }
}

fn verify_to_elements(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(s) = ir
        .operands(op)
        .first()
        .and_then(|&x| vec_ty(ir.ctx(), ir.value_type(x)))
    else {
        return;
    };
    let rs = ir.results(op);
    if rs.len() as i64 != s.num_elements() || rs.iter().any(|&r| ir.value_type(r) != s.element) {
        v.error(
            op,
            "failed to verify that shaped type 'source' matches 'elements' element count and types",
        );
    }
}

fn verify_multi_reduction(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let (acc, dest) = (
        ir.value_type(ir.operand(op, 1)),
        ir.value_type(ir.result(op, 0)),
    );
    if acc != dest {
        v.error(
            op,
            "failed to verify that all of {dest, acc} have same type",
        );
        return;
    }
    let Some(src) = vec_ty(ctx, ir.value_type(ir.operand(op, 0))) else {
        return;
    };
    if src.element != ctx.element_type(dest) {
        v.error(
            op,
            "failed to verify that source operand and result have same element type",
        );
        return;
    }
    let dims = dense_i64_values(ctx, ir.attr(op, "reduction_dims"));
    let mut kept_shape = Vec::new();
    let mut kept_scalable = Vec::new();
    for i in 0..src.rank() {
        if !dims.contains(&(i as i64)) {
            kept_shape.push(src.shape[i]);
            kept_scalable.push(src.scalable[i]);
        }
    }
    if dims.iter().any(|&d| d < 0 || d as usize >= src.rank()) {
        v.error(op, "reduction dimension out of range");
        return;
    }
    let expected = if kept_shape.is_empty() {
        src.element
    } else {
        make_vector(ctx, kept_shape, kept_scalable, src.element)
    };
    if expected != dest {
        v.error(
            op,
            format!(
                "destination type {} is incompatible with source type {}",
                qty(ir, dest),
                qty(ir, ir.value_type(ir.operand(op, 0)))
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fastmath_flags_print_canonically() {
        assert_eq!(fastmath_text(0), "none");
        assert_eq!(fastmath_text(2 | 4), "nnan,ninf");
        assert_eq!(fastmath_text(FASTMATH_FAST), "fast");
        assert_eq!(fastmath_text(1 | 64), "reassoc,afn");
    }

    #[test]
    fn transfer_default_maps_and_masks() {
        let ctx = Context::new();
        let f32t = ctx.float_type(lattice_ir::types::FloatKind::F32);
        let memref = ctx.ty(TypeData::MemRef {
            shape: vec![DYNAMIC, DYNAMIC],
            element: f32t,
            layout: None,
            memory_space: None,
        });
        let v = VecTy {
            shape: vec![4],
            scalable: vec![false],
            element: f32t,
        };
        // (d0, d1) -> (d1)
        let map = transfer_minor_identity_map(&ctx, memref, &v);
        assert!(is_minor_identity(&ctx, map));
        assert_eq!(ctx.map_data(map).results, vec![ctx.dim_expr(1)]);
        // A transposing map takes the mask shape back through the permutation.
        let v2 = VecTy {
            shape: vec![2, 4],
            scalable: vec![false, true],
            element: f32t,
        };
        let transpose = ctx.affine_map(2, 0, vec![ctx.dim_expr(1), ctx.dim_expr(0)]);
        let mask = infer_transfer_mask_type(&ctx, &v2, transpose);
        assert_eq!(
            ctx.type_data(mask),
            &TypeData::Vector {
                shape: vec![4, 2],
                scalable: vec![true, false],
                element: ctx.i1_type()
            }
        );
        // Broadcast dimensions are dropped from the mask.
        let broadcast = ctx.affine_map(2, 0, vec![ctx.constant_expr(0), ctx.dim_expr(1)]);
        let mask = infer_transfer_mask_type(&ctx, &v2, broadcast);
        assert_eq!(ctx.shape(mask), Some(&[4][..]));
        // 0-d transfers from 0-d memrefs use `() -> (0)` for vector<1xT>.
        let scalar = ctx.ty(TypeData::MemRef {
            shape: vec![],
            element: f32t,
            layout: None,
            memory_space: None,
        });
        let one = VecTy {
            shape: vec![1],
            scalable: vec![false],
            element: f32t,
        };
        assert_eq!(
            transfer_minor_identity_map(&ctx, scalar, &one),
            ctx.constant_map(0)
        );
    }

    #[test]
    fn constraint_groups_expand_around_variadics() {
        use Group::*;
        let groups = [
            One(TyC::MemRef),
            Many(TyC::Index),
            One(TyC::VecI1),
            One(TyC::Vector),
        ];
        let expanded = expand_groups(&groups, 5).expect("fits");
        assert!(expanded == vec![TyC::MemRef, TyC::Index, TyC::Index, TyC::VecI1, TyC::Vector]);
        assert!(expand_groups(&groups, 2).is_none());
        assert!(expand_groups(&[One(TyC::Vector)], 2).is_none());
    }
}

// ---------------------------------------------------------------------------------------
// Folders (the identity and splat cases of upstream's folders)
// ---------------------------------------------------------------------------------------

/// A splat dense elements attribute of vector type `ty`.
fn splat_of(ctx: &Context, ty: Type, value: Attr) -> Attr {
    ctx.attr(AttrData::DenseElements {
        ty,
        values: vec![value],
    })
}

fn single_result_type(ir: &Ir, op: Op) -> Option<Type> {
    ir.results(op).first().map(|&r| ir.value_type(r))
}

/// `op(x) -> x` when the result has the operand's type (bitcast, extract_strided_slice).
fn fold_same_type(ir: &Ir, op: Op, _consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let &src = ir.operands(op).first()?;
    (Some(ir.value_type(src)) == single_result_type(ir, op)).then(|| vec![FoldResult::Value(src)])
}

fn fold_broadcast(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let &src = ir.operands(op).first()?;
    let ty = single_result_type(ir, op)?;
    if ir.value_type(src) == ty {
        return Some(vec![FoldResult::Value(src)]);
    }
    let c = (*consts.first()?)?;
    let element = ctx.element_type(ty);
    match ctx.attr_data(c) {
        AttrData::Integer { ty: t, .. } | AttrData::Float { ty: t, .. } if *t == element => {
            Some(vec![FoldResult::Constant(splat_of(ctx, ty, c))])
        }
        AttrData::DenseElements { values, .. } if values.len() == 1 => {
            Some(vec![FoldResult::Constant(splat_of(ctx, ty, values[0]))])
        }
        _ => None,
    }
}

fn fold_shape_cast(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let &src = ir.operands(op).first()?;
    let ty = single_result_type(ir, op)?;
    if ir.value_type(src) == ty {
        return Some(vec![FoldResult::Value(src)]);
    }
    if let Some(b) = ir.defining_op(src).filter(|&d| ir.isa::<Broadcast>(d)) {
        if let Some(&bs) = ir.operands(b).first() {
            if ir.value_type(bs) == ty {
                return Some(vec![FoldResult::Value(bs)]);
            }
        }
    }
    let c = (*consts.first()?)?;
    match ctx.attr_data(c) {
        AttrData::DenseElements { values, .. } if values.len() == 1 => {
            Some(vec![FoldResult::Constant(splat_of(ctx, ty, values[0]))])
        }
        _ => None,
    }
}

fn fold_transpose(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let &src = ir.operands(op).first()?;
    let ty = single_result_type(ir, op)?;
    if let Some(c) = *consts.first()? {
        if let AttrData::DenseElements { values, .. } = ctx.attr_data(c) {
            if values.len() == 1 {
                return Some(vec![FoldResult::Constant(splat_of(ctx, ty, values[0]))]);
            }
        }
    }
    let s = vec_ty(ctx, ir.value_type(src))?;
    if ir.value_type(src) != ty {
        return None;
    }
    // Order preserving: the permutation restricted to non-unit dims is increasing.
    let perm = dense_i64_values(ctx, ir.attr(op, "permutation"));
    let moved: Vec<i64> = perm
        .iter()
        .copied()
        .filter(|&d| s.shape.get(d as usize).is_some_and(|&n| n != 1))
        .collect();
    moved
        .windows(2)
        .all(|w| w[0] < w[1])
        .then(|| vec![FoldResult::Value(src)])
}

fn fold_extract(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let &src = ir.operands(op).first()?;
    let ty = single_result_type(ir, op)?;
    let position = dense_i64_values(ctx, ir.attr(op, "static_position"));
    if position.is_empty() && ir.value_type(src) == ty {
        return Some(vec![FoldResult::Value(src)]);
    }
    if position.contains(&-1) {
        return None;
    }
    // Extract from a splat constant.
    if let Some(c) = *consts.first()? {
        if let AttrData::DenseElements { values, .. } = ctx.attr_data(c) {
            if values.len() == 1 {
                let v = values[0];
                return Some(vec![FoldResult::Constant(if ctx.is_vector(ty) {
                    splat_of(ctx, ty, v)
                } else {
                    v
                })]);
            }
        }
    }
    let def = ir.defining_op(src)?;
    // Extract from a broadcast whose source has the result type.
    if ir.isa::<Broadcast>(def) {
        let &bs = ir.operands(def).first()?;
        let bt = ir.value_type(bs);
        if bt == ty {
            return Some(vec![FoldResult::Value(bs)]);
        }
    }
    // A scalar extract at a static position of `vector.from_elements`.
    if ir.isa::<FromElements>(def) && !ctx.is_vector(ty) && !position.contains(&DYNAMIC) {
        let shape = vec_ty(ctx, ir.value_type(src))?.shape;
        let mut index = 0i64;
        for (p, n) in position.iter().zip(&shape) {
            index = index * n + p;
        }
        let &e = ir.operands(def).get(index as usize)?;
        return Some(vec![FoldResult::Value(e)]);
    }
    None
}

fn fold_insert(ir: &Ir, op: Op, _consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let &value = ir.operands(op).first()?;
    let position = dense_i64_values(ctx, ir.attr(op, "static_position"));
    (position.is_empty() && Some(ir.value_type(value)) == single_result_type(ir, op))
        .then(|| vec![FoldResult::Value(value)])
}

fn fold_insert_strided_slice(ir: &Ir, op: Op, _consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return None;
    }
    (ir.value_type(ops[0]) == ir.value_type(ops[1])).then(|| vec![FoldResult::Value(ops[0])])
}

/// Replaces `op` (one result) with `vector.broadcast %source` to `op`'s result type.
fn replace_with_broadcast(ir: &mut Ir, op: Op, source: lattice_ir::store::Value) -> bool {
    let Some(&result) = ir.results(op).first() else {
        return false;
    };
    let ty = ir.value_type(result);
    let name = ir.ctx().intern_str(Broadcast::NAME);
    let mut state = OperationState::new(name, ir.loc(op));
    state.operands.push(source);
    state.result_types.push(ty);
    let new = ir.create_op(state);
    ir.insert_op_before(op, new);
    let new_result = ir.result(new, 0);
    ir.replace_all_uses(result, new_result);
    ir.erase_op(op);
    true
}

/// Whether a value of type `src` can be broadcast to vector type `dst`.
fn broadcastable(ctx: &Context, src: Type, dst: Type) -> bool {
    let Some(d) = vec_ty(ctx, dst) else {
        return false;
    };
    let Some(s) = vec_ty(ctx, src) else {
        return ctx.element_type(src) == src && src == d.element;
    };
    if s.element != d.element || s.rank() > d.rank() {
        return false;
    }
    let lead = d.rank() - s.rank();
    (0..s.rank()).all(|i| {
        let (sd, dd) = (s.shape[i], d.shape[lead + i]);
        (sd == 1 && !s.scalable[i]) || (sd == dd && s.scalable[i] == d.scalable[lead + i])
    })
}

/// `broadcast(broadcast(x)) -> broadcast(x)` (upstream's `BroadcastFolder`).
fn canonicalize_broadcast(ir: &mut Ir, op: Op) -> bool {
    let Some(&src) = ir.operands(op).first() else {
        return false;
    };
    let Some(def) = ir.defining_op(src).filter(|&d| ir.isa::<Broadcast>(d)) else {
        return false;
    };
    let Some(&inner) = ir.operands(def).first() else {
        return false;
    };
    replace_with_broadcast(ir, op, inner)
}

/// `shape_cast(broadcast(x)) -> broadcast(x)` when `x` broadcasts to the result type
/// (upstream's `ShapeCastBroadcastFolder`).
fn canonicalize_shape_cast(ir: &mut Ir, op: Op) -> bool {
    let Some(&src) = ir.operands(op).first() else {
        return false;
    };
    let Some(def) = ir.defining_op(src).filter(|&d| ir.isa::<Broadcast>(d)) else {
        return false;
    };
    let Some(&inner) = ir.operands(def).first() else {
        return false;
    };
    let Some(ty) = single_result_type(ir, op) else {
        return false;
    };
    if !broadcastable(ir.ctx(), ir.value_type(inner), ty) {
        return false;
    }
    replace_with_broadcast(ir, op, inner)
}

/// The constant integer value of `v` (an `arith.constant` result), if any.
fn constant_int(ir: &Ir, v: lattice_ir::store::Value) -> Option<i64> {
    let def = ir.defining_op(v)?;
    if !ir.isa::<crate::arith::Constant>(def) {
        return None;
    }
    ir.attr(def, "value")
        .and_then(|a| ir.ctx().int_value(a))
        .map(|x| x as i64)
}

/// Upstream's `foldTransferInBoundsAttribute` (an in-place fold of both transfer ops):
/// marks a dim in bounds when the source dim is static, its index constant and the
/// vector fits; broadcast dims follow once every other dim is in bounds.
fn canonicalize_transfer(ir: &mut Ir, op: Op) -> bool {
    // A transfer_write into a tensor has no memory effects: erase it when unused.
    if ir.isa::<TransferWrite>(op)
        && !ir.results(op).is_empty()
        && ir.results(op).iter().all(|&r| ir.is_unused(r))
    {
        ir.erase_op(op);
        return true;
    }
    let ctx = ir.ctx();
    let read = ir.isa::<TransferRead>(op);
    let (source_seg, index_seg) = if read { (0, 1) } else { (1, 2) };
    let source = segment_values(ir, op, source_seg);
    let indices = segment_values(ir, op, index_seg);
    let vector_value = if read {
        ir.results(op).first().copied()
    } else {
        segment_values(ir, op, 0).first().copied()
    };
    let (Some(&source), Some(vector_value)) = (source.first(), vector_value) else {
        return false;
    };
    let Some(vector) = vec_ty(ctx, ir.value_type(vector_value)) else {
        return false;
    };
    let Some(map) = affine_map_of(ctx, ir.attr(op, "permutation_map")) else {
        return false;
    };
    let Some(mut in_bounds) = bool_array_values(ctx, ir.attr(op, "in_bounds")) else {
        return false;
    };
    let results = ctx.map_data(map).results.clone();
    let rank = results.len();
    if rank == 0 || in_bounds.len() != rank || vector.rank() < rank {
        return false;
    }
    let Some(shape) = ctx.shape(ir.value_type(source)).map(<[i64]>::to_vec) else {
        return false;
    };
    let mut changed = false;
    let mut non_broadcast = Vec::new();
    for i in 0..rank {
        if in_bounds[i] {
            continue;
        }
        if let Some(d) = dim_of_expr(ctx, results[i]) {
            let d = d as usize;
            let fits = shape.get(d).is_some_and(|&n| n != DYNAMIC)
                && indices
                    .get(d)
                    .and_then(|&x| constant_int(ir, x))
                    .is_some_and(|c| {
                        // The vector dims of a transfer are its leading dims.
                        c + vector.shape[i] <= shape[d]
                    });
            in_bounds[i] = fits;
            changed |= fits;
            non_broadcast.push(i);
        }
    }
    if non_broadcast.iter().all(|&i| in_bounds[i]) {
        for (i, &e) in results.iter().enumerate() {
            if ctx.constant_value(e) == Some(0) && !in_bounds[i] {
                in_bounds[i] = true;
                changed = true;
            }
        }
    }
    if !changed {
        return false;
    }
    let attr = ctx.array_attr(in_bounds.iter().map(|&b| ctx.bool_attr(b)).collect());
    ir.set_attr(op, "in_bounds", attr);
    true
}

/// Upstream's `extractInsertFoldConstantOp` (an in-place fold): dynamic positions given
/// by constants within the dimension become static.
fn canonicalize_extract_insert(ir: &mut Ir, op: Op) -> bool {
    let extract = ir.isa::<Extract>(op);
    let fixed = if extract { 1 } else { 2 };
    let ops = ir.operands(op).to_vec();
    if ops.len() < fixed {
        return false;
    }
    let vector = if extract { ops[0] } else { ops[1] };
    let Some(shape) = vec_ty(ir.ctx(), ir.value_type(vector)).map(|v| v.shape) else {
        return false;
    };
    let mut position = dense_i64_values(ir.ctx(), ir.attr(op, "static_position"));
    let mut dynamic = ops[fixed..].iter();
    let mut kept = ops[..fixed].to_vec();
    let mut changed = false;
    for (i, p) in position.iter_mut().enumerate() {
        if *p != DYNAMIC {
            continue;
        }
        let Some(&value) = dynamic.next() else {
            return false;
        };
        match constant_int(ir, value) {
            Some(c) if c >= 0 && shape.get(i).is_some_and(|&n| c < n) => {
                *p = c;
                changed = true;
            }
            _ => kept.push(value),
        }
    }
    if !changed {
        return false;
    }
    let attr = ir.ctx().dense_i64_array(&position);
    ir.set_attr(op, "static_position", attr);
    ir.set_operands(op, kept);
    true
}

/// Upstream's `ElideEmptyMaskOp` (an empty mask forwards its yielded values), plus the
/// erasure of an unused mask whose masked op has no effects (a tensor
/// `vector.transfer_write` or a pure op), which upstream gets from its recursive
/// memory effects.
fn canonicalize_mask(ir: &mut Ir, op: Op) -> bool {
    let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        return false;
    };
    let body: Vec<Op> = ir.block_ops(block).collect();
    match body.as_slice() {
        [only] if ir.isa::<Yield>(*only) => {
            let yielded = ir.operands(*only).to_vec();
            let results = ir.results(op).to_vec();
            if yielded.len() != results.len() {
                return false;
            }
            for (r, y) in results.into_iter().zip(yielded) {
                ir.replace_all_uses(r, y);
            }
            ir.erase_op(op);
            true
        }
        [masked, _] => {
            let unused = ir.results(op).iter().all(|&r| ir.is_unused(r));
            let effect_free = (ir.isa::<TransferWrite>(*masked) && !ir.results(*masked).is_empty())
                || ir.has_trait(*masked, Traits::PURE)
                || ir.has_trait(*masked, Traits::READ_ONLY);
            if unused && effect_free {
                ir.erase_op(op);
                return true;
            }
            false
        }
        _ => false,
    }
}
