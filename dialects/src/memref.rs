//! The `memref` dialect: buffers (alloc/alloca/alloca_scope/dealloc/realloc/global/
//! get_global), accesses (load/store, atomic_rmw, generic_atomic_rmw, prefetch), views
//! (cast/memory_space_cast/subview/view/reinterpret_cast/reshape/collapse_shape/
//! expand_shape/transpose/assume_alignment) and queries (dim/rank/
//! extract_strided_metadata), with mlir-opt 22's custom forms, inherent attributes,
//! result names and verifier messages, plus the dim/rank/subview folders and a subset of
//! mlir-opt's canonicalization patterns (cast folding into users, dead allocations,
//! self copies, subview constant operands and source casts, trivial subviews).
//!
//! Invariants: custom parsers store only what the text says (mlir-opt's custom parsers
//! do not materialize default-valued properties such as `nontemporal = false`), plus the
//! structural properties the generic form always shows (`operandSegmentSizes`, the
//! `static_*` arrays); custom printers elide default values and structural properties.
//! Verifiers never index operands, results or regions without checking their counts,
//! so they accept any IR the generic parser can build.

use crate::formats::{
    parse_operand_colon_type, parse_operands_colon_types, print_operand_colon_type,
    print_operands_colon_types,
};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::memory_slot::Promotable;
use lattice_ir::parser::{Delimiter, PResult, Parser, RegionOptions, UnresolvedOperand};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::registry::{FoldResult, Traits};
use lattice_ir::store::{Ir, Op, OperationState, Value};
use lattice_ir::types::{Type, TypeData, DYNAMIC};
use lattice_ir::verifier::Verifier;

mod mem2reg;

lattice_ir::def_op_kinds! {
    /// Which `memref` op an op is (`MemrefKind::of(ir, op)`), for a `match` over many `memref` ops
    /// without spelling their names; `MemrefKind::ALL` is what [`register`] registers.
    pub enum MemrefKind {
        Alloc,
        Alloca,
        AllocaScope,
        AllocaScopeReturn,
        AssumeAlignment,
        AtomicRMW,
        AtomicYield,
        Cast,
        CollapseShape,
        CopyOp,
        Dealloc,
        Dim,
        DmaStart,
        DmaWait,
        ExpandShape,
        ExtractStridedMetadata,
        GenericAtomicRMW,
        GetGlobal,
        Global,
        Load,
        MemorySpaceCast,
        Prefetch,
        Rank,
        Realloc,
        ReinterpretCast,
        Reshape,
        Store,
        SubView,
        Transpose,
        View,
    }
}

/// Registers the `memref` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("memref");
    ctx.register_ops(MemrefKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(
        MemrefKind::ALL,
        &lattice_ir::registry::DialectInliner::ALWAYS,
    );
}

// ---------------------------------------------------------------------------------------
// Shared helpers (also used by the `scf` dialect).
// ---------------------------------------------------------------------------------------

/// A type as mlir-opt writes it in diagnostics (no aliases).
pub(crate) fn type_str(ir: &Ir, ty: Type) -> String {
    lattice_ir::printer::type_to_string(ir.ctx(), ty)
}

/// The parts of a ranked memref type.
struct MemRefParts<'a> {
    shape: &'a [i64],
    element: Type,
    layout: Option<Attr>,
    memory_space: Option<Attr>,
}

fn memref_parts(ctx: &Context, ty: Type) -> Option<MemRefParts<'_>> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => Some(MemRefParts {
            shape,
            element: *element,
            layout: *layout,
            memory_space: *memory_space,
        }),
        _ => None,
    }
}

/// The memory space of a ranked or unranked memref.
fn memory_space(ctx: &Context, ty: Type) -> Option<Attr> {
    match ctx.type_data(ty) {
        TypeData::MemRef { memory_space, .. } | TypeData::UnrankedMemRef { memory_space, .. } => {
            *memory_space
        }
        _ => None,
    }
}

/// MLIR treats memory space `0 : i64` as the default (no) memory space.
fn same_memory_space(ctx: &Context, a: Option<Attr>, b: Option<Attr>) -> bool {
    let norm = |m: Option<Attr>| m.filter(|&m| ctx.int_value(m) != Some(0));
    norm(a) == norm(b)
}

/// The ranked memref type `shape x element` with `layout` and `memory_space`.
fn memref_type(
    ctx: &Context,
    shape: Vec<i64>,
    element: Type,
    layout: Option<Attr>,
    memory_space: Option<Attr>,
) -> Type {
    ctx.ty(TypeData::MemRef {
        shape,
        element,
        layout,
        memory_space,
    })
}

/// The values of a dense array attribute.
pub(crate) fn dense_values(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i64>> {
    match ctx.attr_data(attr?) {
        AttrData::DenseArray { values, .. } => Some(values.iter().map(|&v| v as i64).collect()),
        _ => None,
    }
}

/// `operandSegmentSizes` as a dense i32 array.
pub(crate) fn segment_sizes(ctx: &Context, sizes: &[usize]) -> Attr {
    let v: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    ctx.dense_i32_array(&v)
}

/// The operand segments of `op` per its `operandSegmentSizes`, if well formed.
pub(crate) fn segments(ir: &Ir, op: Op, count: usize) -> Option<Vec<std::ops::Range<usize>>> {
    let sizes = dense_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"))?;
    if sizes.len() != count || sizes.iter().any(|&s| s < 0) {
        return None;
    }
    let total: i64 = sizes.iter().sum();
    if total as usize != ir.operands(op).len() {
        return None;
    }
    let mut start = 0usize;
    Some(
        sizes
            .iter()
            .map(|&s| {
                let r = start..start + s as usize;
                start += s as usize;
                r
            })
            .collect(),
    )
}

/// `[%a, 4, %b]` (MLIR's `DynamicIndexList`): pushes the SSA entries to `dynamic` and
/// returns the static values with [`DYNAMIC`] where an SSA value stands.
fn parse_dynamic_index_list(
    p: &mut Parser<'_>,
    dynamic: &mut Vec<UnresolvedOperand>,
) -> PResult<Vec<i64>> {
    parse_dynamic_index_list_in(p, dynamic, ("[", "]"))
}

/// [`parse_dynamic_index_list`] between the given delimiters (`(` `)` for `scf.forall`).
pub(crate) fn parse_dynamic_index_list_in(
    p: &mut Parser<'_>,
    dynamic: &mut Vec<UnresolvedOperand>,
    (open, close): (&str, &str),
) -> PResult<Vec<i64>> {
    p.expect(open)?;
    let mut statics = Vec::new();
    if p.eat(close) {
        return Ok(statics);
    }
    loop {
        if p.peek_operand() {
            dynamic.push(p.parse_operand()?);
            statics.push(DYNAMIC);
        } else {
            let span = p.current_span();
            let v = p.parse_integer()?;
            let v = i64::try_from(v).map_err(|_| p.error_at(span, "integer value too large"))?;
            statics.push(v);
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect(close)?;
    Ok(statics)
}

/// Prints `[%a, 4, %b]` from the static values and the dynamic operands.
fn print_dynamic_index_list(p: &mut Printer<'_>, statics: &[i64], dynamic: &[Value]) {
    print_dynamic_index_list_in(p, statics, dynamic, ("[", "]"));
}

/// [`print_dynamic_index_list`] between the given delimiters.
pub(crate) fn print_dynamic_index_list_in(
    p: &mut Printer<'_>,
    statics: &[i64],
    dynamic: &[Value],
    (open, close): (&str, &str),
) {
    p.write(open);
    let mut next = 0;
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            match dynamic.get(next) {
                Some(&v) => p.print_operand(v),
                None => p.write("<<invalid>>"),
            }
            next += 1;
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(close);
}

/// Checks the `alignment` attribute, if present (positive power of two, `i64`).
fn verify_alignment(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(a) = ir.attr(op, "alignment") else {
        return;
    };
    let ok = match ir.ctx().attr_data(a) {
        AttrData::Integer { value, ty } => {
            ir.ctx().int_width(*ty) == Some(64)
                && ir.ctx().is_signless_integer(*ty)
                && *value > 0
                && (*value as u128).is_power_of_two()
        }
        _ => false,
    };
    if !ok {
        v.error(
            op,
            "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
        );
    }
}

/// Checks that every operand in `range` is `index`-typed; reports `operand #i must be index`.
fn verify_index_operands(
    v: &mut Verifier<'_>,
    op: Op,
    range: std::ops::Range<usize>,
    what: &str,
) -> bool {
    let ir = v.ir();
    for i in range {
        let Some(&val) = ir.operands(op).get(i) else {
            return false;
        };
        let ty = ir.value_type(val);
        if !ir.ctx().is_index(ty) {
            v.error(
                op,
                format!(
                    "operand #{i} must be variadic of index, but got '{}'",
                    type_str(ir, ty)
                ),
            );
            let _ = what;
            return false;
        }
    }
    true
}

/// The strides and offset of a memref type's layout: identity → canonical row-major
/// strides and offset 0; `strided<>` → its values. `None` for affine-map layouts.
fn strides_and_offset(
    ctx: &Context,
    shape: &[i64],
    layout: Option<Attr>,
) -> Option<(Vec<i64>, i64)> {
    match layout.map(|l| ctx.attr_data(l)) {
        None => {
            let mut strides = vec![0; shape.len()];
            let mut running = 1i64;
            for i in (0..shape.len()).rev() {
                strides[i] = running;
                if running != DYNAMIC {
                    running = if shape[i] == DYNAMIC {
                        DYNAMIC
                    } else {
                        running.saturating_mul(shape[i])
                    };
                }
            }
            Some((strides, 0))
        }
        Some(AttrData::Strided { strides, offset }) => Some((strides.clone(), *offset)),
        Some(AttrData::AffineMap(m)) => {
            let d = ctx.map_data(*m);
            if d.num_symbols == 0 && d.results.len() == shape.len() {
                let ident = ctx.identity_map(shape.len() as u32);
                if ident == *m {
                    return strides_and_offset(ctx, shape, None);
                }
            }
            affine_strides(ctx, *m)
        }
        _ => None,
    }
}

/// The strides and offset of a single-result layout map of the strided form
/// `d0 * s0 + d1 * 4 + ... + offset`, where symbols stand for dynamic values.
fn affine_strides(ctx: &Context, map: lattice_ir::affine::AffineMap) -> Option<(Vec<i64>, i64)> {
    use lattice_ir::affine::{AffineBinOp, AffineExprData as E};
    let d = ctx.map_data(map);
    if d.results.len() != 1 {
        return None;
    }
    let mut strides = vec![0i64; d.num_dims as usize];
    let mut offset = 0i64;
    let mut stack = vec![d.results[0]];
    let bump = |acc: &mut i64, by: i64| {
        *acc = if *acc == DYNAMIC || by == DYNAMIC {
            DYNAMIC
        } else {
            acc.saturating_add(by)
        }
    };
    while let Some(e) = stack.pop() {
        match ctx.expr_data(e) {
            E::Binary {
                op: AffineBinOp::Add,
                lhs,
                rhs,
            } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            E::Dim(i) => bump(strides.get_mut(i as usize)?, 1),
            E::Constant(c) => bump(&mut offset, c),
            E::Symbol(_) => offset = DYNAMIC,
            E::Binary {
                op: AffineBinOp::Mul,
                lhs,
                rhs,
            } => {
                let (dim, factor) = match (ctx.expr_data(lhs), ctx.expr_data(rhs)) {
                    (E::Dim(i), f) | (f, E::Dim(i)) => (i, f),
                    _ => return None,
                };
                let by = match factor {
                    E::Constant(c) => c,
                    E::Symbol(_) => DYNAMIC,
                    _ => return None,
                };
                bump(strides.get_mut(dim as usize)?, by);
            }
            _ => return None,
        }
    }
    Some((strides, offset))
}

/// MLIR's `canonicalizeStridedLayout` of a `strided<>` layout: `None` when the layout
/// is the identity map (the strided attribute is kept), else the simplified affine map
/// `offset + d0 * stride0 + ...` with symbols for dynamic values (offset first).
fn canonical_strided_layout(
    ctx: &Context,
    shape: &[i64],
    strides: &[i64],
    offset: i64,
) -> Option<Attr> {
    let mut next_symbol = 0;
    let mut symbol = || {
        next_symbol += 1;
        ctx.symbol_expr(next_symbol - 1)
    };
    let mut expr = if offset == DYNAMIC {
        symbol()
    } else {
        ctx.constant_expr(offset)
    };
    for (i, &st) in strides.iter().enumerate() {
        let factor = if st == DYNAMIC {
            symbol()
        } else {
            ctx.constant_expr(st)
        };
        expr = ctx.add_expr(expr, ctx.mul_expr(ctx.dim_expr(i as u32), factor));
    }
    let map = ctx.affine_map(shape.len() as u32, next_symbol, vec![expr]);
    let map = ctx.simplify_map(map);
    if ctx.map_is_identity(map) {
        return None;
    }
    Some(ctx.affine_map_attr(map))
}

/// Whether a memref type's layout is the identity (none, or an identity affine map).
fn has_identity_layout(ctx: &Context, ty: Type) -> bool {
    match ctx.type_data(ty) {
        TypeData::MemRef { layout: None, .. } => true,
        TypeData::MemRef {
            layout: Some(l),
            shape,
            ..
        } => match ctx.attr_data(*l) {
            AttrData::AffineMap(m) => *m == ctx.identity_map(shape.len() as u32),
            _ => false,
        },
        _ => false,
    }
}

/// Number of dynamic entries.
pub(crate) fn count_dynamic(values: &[i64]) -> usize {
    values.iter().filter(|&&v| v == DYNAMIC).count()
}

fn dims_str(shape: &[i64]) -> String {
    shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                "?".to_string()
            } else {
                d.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

// ---------------------------------------------------------------------------------------
// alloc / alloca
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static ALLOC: Alloc = "memref.alloc" {
        attrs: [ALIGNMENT("alignment"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::ALLOC_ONLY,
        parse: Some(parse_alloc),
        print: Some(print_alloc),
        verify: Some(verify_alloc),
        result_names: Some(|_, _, out| out.push((0, "alloc".into()))),
    }
}

lattice_ir::def_op! {
    pub static ALLOCA: Alloca = "memref.alloca" {
        attrs: [ALIGNMENT("alignment"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::ALLOC_ONLY,
        parse: Some(parse_alloc),
        print: Some(print_alloc),
        verify: Some(verify_alloc),
        result_names: Some(|_, _, out| out.push((0, "alloca".into()))),
        promotable: Some(Promotable::Allocation(&mem2reg::ALLOCA_SLOTS)),
    }
}

/// `(%d0, %d1)[%s0] {attrs} : memref<...>`
fn parse_alloc(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let sizes = p.parse_operand_list(Delimiter::Paren)?;
    let symbols = p.parse_operand_list(Delimiter::OptionalSquare)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    let mut ops = p.resolve_operands_all(&sizes, index)?;
    ops.extend(p.resolve_operands_all(&symbols, index)?);
    st.operands = ops;
    st.result_types = vec![ty];
    let seg = segment_sizes(p.ctx(), &[sizes.len(), symbols.len()]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    Ok(())
}

fn print_alloc(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (sizes, symbols) = match segments(ir, op, 2) {
        Some(s) => (
            &ir.operands(op)[s[0].clone()],
            &ir.operands(op)[s[1].clone()],
        ),
        None => (ir.operands(op), &[][..]),
    };
    p.write("(");
    p.print_operands(sizes);
    p.write(")");
    if !symbols.is_empty() {
        p.write("[");
        p.print_operands(symbols);
        p.write("]");
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_alloc(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    verify_alignment(v, op);
    let Some(&res) = ir.results(op).first() else {
        return;
    };
    let ty = ir.value_type(res);
    let Some(mt) = memref_parts(ctx, ty) else {
        v.error(
            op,
            format!(
                "result #0 must be memref of any type values, but got '{}'",
                type_str(ir, ty)
            ),
        );
        return;
    };
    let Some(seg) = segments(ir, op, 2) else {
        v.error(op, "operand count does not match operandSegmentSizes");
        return;
    };
    if !verify_index_operands(v, op, 0..ir.operands(op).len(), "") {
        return;
    }
    let expected = count_dynamic(mt.shape);
    if seg[0].len() != expected {
        v.error(
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {expected}",
                seg[0].len()
            ),
        );
        return;
    }
    let num_symbols = match mt.layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::AffineMap(m)) => ctx.map_data(*m).num_symbols as usize,
        _ => 0,
    };
    if seg[1].len() != num_symbols {
        v.error(
            op,
            "symbol operand count does not equal memref symbol count",
        );
    }
}

// ---------------------------------------------------------------------------------------
// alloca_scope
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static ALLOCA_SCOPE: AllocaScope = "memref.alloca_scope" {
        attrs: [],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(AllocaScopeReturn::NAME),
        parse: Some(parse_alloca_scope),
        print: Some(print_alloca_scope),
        verify: Some(verify_alloca_scope),
    }
}

lattice_ir::def_op! {
    pub static ALLOCA_SCOPE_RETURN: AllocaScopeReturn = "memref.alloca_scope.return" {
        attrs: [],
        traits: Traits::TERMINATOR
            .with(Traits::RETURN_LIKE)
            .with(Traits::PURE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_alloca_scope_return),
    }
}

/// `-> (types) { region } {attrs}`
fn parse_alloca_scope(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.result_types = p.parse_optional_arrow_type_list()?;
    let region = p.parse_region(&[], RegionOptions::default())?;
    p.ensure_terminator(region, AllocaScopeReturn::NAME, st.loc);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_alloca_scope(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    let types: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    if !types.is_empty() {
        p.write(" -> (");
        p.print_types(&types);
        p.write(")");
    }
    p.write(" ");
    if let Some(&r) = ir.regions(op).first() {
        p.print_region(
            r,
            RegionPrintOptions {
                print_entry_block_args: false,
                print_block_terminators: !types.is_empty(),
                print_empty_block: false,
            },
        );
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_alloca_scope(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.regions(op).len() != 1 {
        v.error(op, "requires one region");
        return;
    }
    let region = ir.region(op, 0);
    if let Some(b) = ir.entry_block(region) {
        if !ir.block_args(b).is_empty() {
            v.error(op, "region #0 should have no arguments");
        }
    }
    let Some(term) = ir.entry_block(region).and_then(|b| ir.last_op(b)) else {
        return;
    };
    if !ir.isa::<AllocaScopeReturn>(term) {
        return;
    }
    let yielded: Vec<Type> = ir
        .operands(term)
        .iter()
        .map(|&x| ir.value_type(x))
        .collect();
    let results: Vec<Type> = ir.results(op).iter().map(|&x| ir.value_type(x)).collect();
    let _ = crate::scf::check_edge(
        v,
        op,
        term,
        "Operation memref.alloca_scope.return",
        "parent",
        &yielded,
        &results,
    );
}

fn verify_alloca_scope_return(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<AllocaScope>(p)) {
        v.error(op, "expects parent op 'memref.alloca_scope'");
    }
}

// ---------------------------------------------------------------------------------------
// dealloc / load / store
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static DEALLOC: Dealloc = "memref.dealloc" {
        attrs: [],
        parse: Some(parse_operand_colon_type),
        print: Some(print_operand_colon_type),
        verify: Some(verify_memref_operand0),
        canonicalize: Some(canonicalize_dealloc),
    }
}

fn verify_memref_operand0(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(&m) = ir.operands(op).first() else {
        v.error(op, "expected 1 operands");
        return;
    };
    if !ir.ctx().is_memref(ir.value_type(m)) {
        v.error(
            op,
            format!(
                "operand #0 must be ranked or unranked memref of any type values, but got '{}'",
                type_str(ir, ir.value_type(m))
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static LOAD: Load = "memref.load" {
        attrs: [ALIGNMENT("alignment"), NONTEMPORAL("nontemporal")],
        traits: Traits::READ_ONLY,
        parse: Some(parse_load),
        print: Some(print_load),
        verify: Some(verify_load),
        canonicalize: Some(canonicalize_cast_users),
        promotable: Some(Promotable::Access(&mem2reg::LOAD_ACCESS)),
    }
}

/// `%m[%i, %j] {attrs} : memref<...>`
fn parse_load(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&m, ty)?];
    ops.extend(p.resolve_operands_all(&indices, index)?);
    st.operands = ops;
    st.result_types = vec![p.ctx().element_type(ty)];
    Ok(())
}

/// Elided attributes of load/store: `nontemporal` when false.
fn nontemporal_elided(ir: &Ir, op: Op) -> Vec<&'static str> {
    match ir.attr(op, "nontemporal") {
        Some(a)
            if ir.ctx().int_value(a) == Some(0)
                && ir.ctx().attr_type(a) == Some(ir.ctx().i1_type()) =>
        {
            vec!["nontemporal"]
        }
        _ => vec![],
    }
}

fn print_load(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&m) = ops.first() else { return };
    p.write(" ");
    p.print_operand(m);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("]");
    p.print_optional_attr_dict(op, &nontemporal_elided(ir, op));
    p.write(" : ");
    p.print_type(ir.value_type(m));
}

fn verify_load(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    verify_alignment(v, op);
    let ops = ir.operands(op);
    let Some(&m) = ops.first() else { return };
    let mty = ir.value_type(m);
    let Some(mt) = memref_parts(ir.ctx(), mty) else {
        v.error(
            op,
            format!(
                "operand #0 must be memref of any type values, but got '{}'",
                type_str(ir, mty)
            ),
        );
        return;
    };
    if !verify_index_operands(v, op, 1..ops.len(), "") {
        return;
    }
    if let Some(&r) = ir.results(op).first() {
        if ir.value_type(r) != mt.element {
            v.error(
                op,
                "failed to verify that result type matches element type of 'memref'",
            );
            return;
        }
    }
    if ops.len() - 1 != mt.shape.len() {
        v.error(
            op,
            format!(
                "incorrect number of indices for load, expected {} but got {}",
                mt.shape.len(),
                ops.len() - 1
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static STORE: Store = "memref.store" {
        attrs: [ALIGNMENT("alignment"), NONTEMPORAL("nontemporal")],
        parse: Some(parse_store),
        print: Some(print_store),
        verify: Some(verify_store),
        canonicalize: Some(canonicalize_store),
        promotable: Some(Promotable::Access(&mem2reg::STORE_ACCESS)),
    }
}

/// `%v, %m[%i] {attrs} : memref<...>`
fn parse_store(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let val = p.parse_operand()?;
    p.expect(",")?;
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    let elem = p.ctx().element_type(ty);
    let mut ops = vec![p.resolve_operand(&val, elem)?, p.resolve_operand(&m, ty)?];
    ops.extend(p.resolve_operands_all(&indices, index)?);
    st.operands = ops;
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
    p.print_optional_attr_dict(op, &nontemporal_elided(ir, op));
    p.write(" : ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_store(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    verify_alignment(v, op);
    let ops = ir.operands(op);
    if ops.len() < 2 {
        v.error(
            op,
            format!("expected 2 or more operands, but found {}", ops.len()),
        );
        return;
    }
    let mty = ir.value_type(ops[1]);
    let Some(mt) = memref_parts(ir.ctx(), mty) else {
        v.error(
            op,
            format!(
                "operand #1 must be memref of any type values, but got '{}'",
                type_str(ir, mty)
            ),
        );
        return;
    };
    if !verify_index_operands(v, op, 2..ops.len(), "") {
        return;
    }
    if ir.value_type(ops[0]) != mt.element {
        v.error(
            op,
            "failed to verify that type of 'value' matches element type of 'memref'",
        );
        return;
    }
    if ops.len() - 2 != mt.shape.len() {
        v.error(op, "store index operand count not equal to memref rank");
    }
}

// ---------------------------------------------------------------------------------------
// dim / rank / cast / copy
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static DIM: Dim = "memref.dim" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_dim),
        print: Some(print_dim),
        verify: Some(verify_dim),
        fold: Some(fold_dim),
        result_names: Some(|_, _, out| out.push((0, "dim".into()))),
        speculatability: Some(dim_speculatability),
    }
}

/// `memref.dim` is speculatable when its index is a constant below the rank of a ranked
/// memref (MLIR's `DimOp::getSpeculatability`).
fn dim_speculatability(ir: &Ir, op: Op) -> lattice_ir::Speculatability {
    let (Some(&m), Some(&i)) = (ir.operands(op).first(), ir.operands(op).get(1)) else {
        return lattice_ir::Speculatability::NotSpeculatable;
    };
    let rank = ir.ctx().shape(ir.value_type(m)).map(|s| s.len() as i64);
    match (const_index(ir, i), rank) {
        (Some(i), Some(rank)) if (0..rank).contains(&i) => {
            lattice_ir::Speculatability::Speculatable
        }
        _ => lattice_ir::Speculatability::NotSpeculatable,
    }
}

/// `{attrs} %m, %i : memref<...>`
fn parse_dim(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let m = p.parse_operand()?;
    p.expect(",")?;
    let i = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    st.operands = vec![p.resolve_operand(&m, ty)?, p.resolve_operand(&i, index)?];
    st.result_types = vec![index];
    Ok(())
}

fn print_dim(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_operand(ops[1]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
}

fn verify_dim(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        v.error(op, format!("expected 2 operands, but found {}", ops.len()));
        return;
    }
    let ty = ir.value_type(ops[0]);
    let ok = match ir.ctx().type_data(ty) {
        TypeData::UnrankedMemRef { .. } => true,
        TypeData::MemRef { shape, .. } => !shape.is_empty(),
        _ => false,
    };
    if !ok {
        v.error(
            op,
            format!(
                "operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got '{}'",
                type_str(ir, ty)
            ),
        );
        return;
    }
    let ity = ir.value_type(ops[1]);
    if !ir.ctx().is_index(ity) {
        v.error(
            op,
            format!("operand #1 must be index, but got '{}'", type_str(ir, ity)),
        );
    }
}

/// `memref.dim` of a static dimension is that constant; of a dynamic dimension of a
/// `memref.alloc`/`memref.alloca` result, the size operand that defines it.
fn fold_dim(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let index = usize::try_from(ctx.int_value((*consts.get(1)?)?)?).ok()?;
    let m = *ir.operands(op).first()?;
    let shape = memref_parts(ctx, ir.value_type(m))?.shape;
    let size = *shape.get(index)?;
    if size != DYNAMIC {
        return Some(vec![FoldResult::Constant(ctx.index_attr(size))]);
    }
    let def = ir.defining_op(m)?;
    if !(ir.isa::<Alloc>(def) || ir.isa::<Alloca>(def)) {
        return None;
    }
    let seg = segments(ir, def, 2)?;
    let k = count_dynamic(&shape[..index]);
    let sizes = &ir.operands(def)[seg[0].clone()];
    Some(vec![FoldResult::Value(*sizes.get(k)?)])
}

/// `memref.rank` of a ranked memref is its rank.
fn fold_rank(ir: &Ir, op: Op, _: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let m = *ir.operands(op).first()?;
    let rank = memref_parts(ir.ctx(), ir.value_type(m))?.shape.len();
    Some(vec![FoldResult::Constant(ir.ctx().index_attr(rank as i64))])
}

lattice_ir::def_op! {
    pub static RANK: Rank = "memref.rank" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_rank),
        print: Some(print_operand_colon_type),
        verify: Some(verify_memref_operand0),
        fold: Some(fold_rank),
    }
}

fn parse_rank(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_operand_colon_type(p, st)?;
    st.result_types = vec![p.ctx().index_type()];
    Ok(())
}

lattice_ir::def_op! {
    pub static CAST: Cast = "memref.cast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_operand_to_type),
        print: Some(print_operand_to_type),
        verify: Some(verify_cast),
        result_names: Some(|_, _, out| out.push((0, "cast".into()))),
        canonicalize: Some(canonicalize_cast_users),
    }
}

/// `%x {attrs} : T to U`
fn parse_operand_to_type(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&x, from)?];
    st.result_types = vec![to];
    Ok(())
}

fn print_operand_to_type(p: &mut Printer<'_>, op: Op) {
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

/// MLIR's `CastOp::areCastCompatible` for memrefs.
fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::MemRef { .. }, TypeData::MemRef { .. }) => {
            let (Some(pa), Some(pb)) = (memref_parts(ctx, a), memref_parts(ctx, b)) else {
                return false;
            };
            if pa.element != pb.element || !same_memory_space(ctx, pa.memory_space, pb.memory_space)
            {
                return false;
            }
            if pa.shape.len() != pb.shape.len() {
                return false;
            }
            if pa.layout != pb.layout {
                let (Some((sa, oa)), Some((sb, ob))) = (
                    strides_and_offset(ctx, pa.shape, pa.layout),
                    strides_and_offset(ctx, pb.shape, pb.layout),
                ) else {
                    return false;
                };
                let compat = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
                if !compat(oa, ob)
                    || sa.len() != sb.len()
                    || !sa.iter().zip(&sb).all(|(&x, &y)| compat(x, y))
                {
                    return false;
                }
            }
            pa.shape
                .iter()
                .zip(pb.shape)
                .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        (
            TypeData::MemRef {
                element: ea,
                memory_space: ma,
                ..
            },
            TypeData::UnrankedMemRef {
                element: eb,
                memory_space: mb,
            },
        )
        | (
            TypeData::UnrankedMemRef {
                element: ea,
                memory_space: ma,
            },
            TypeData::MemRef {
                element: eb,
                memory_space: mb,
                ..
            },
        ) => ea == eb && same_memory_space(ctx, *ma, *mb),
        _ => false,
    }
}

fn verify_cast(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (a, b) = (ir.value_type(x), ir.value_type(r));
    if !cast_compatible(ir.ctx(), a, b) {
        v.error(
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_str(ir, a),
                type_str(ir, b)
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static COPY: CopyOp = "memref.copy" {
        attrs: [],
        parse: Some(parse_copy),
        print: Some(print_copy),
        verify: Some(verify_copy),
        canonicalize: Some(canonicalize_copy),
    }
}

/// `%a, %b {attrs} : T to U`
fn parse_copy(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ta = p.parse_colon_type()?;
    p.expect("to")?;
    let tb = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&a, ta)?, p.resolve_operand(&b, tb)?];
    Ok(())
}

fn print_copy(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    p.write(" ");
    p.print_operands(ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ir.value_type(ops[1]));
}

fn verify_copy(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    let (a, b) = (ir.value_type(ops[0]), ir.value_type(ops[1]));
    if ctx.element_type(a) != ctx.element_type(b) {
        v.error(op, "requires the same element type for all operands");
        return;
    }
    if let (Some(sa), Some(sb)) = (ctx.shape(a), ctx.shape(b)) {
        if sa.len() != sb.len()
            || sa
                .iter()
                .zip(sb)
                .any(|(&x, &y)| x != DYNAMIC && y != DYNAMIC && x != y)
        {
            v.error(op, "requires the same shape for all operands");
        }
    }
}

// ---------------------------------------------------------------------------------------
// subview / view / reinterpret_cast
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static SUBVIEW: SubView = "memref.subview" {
        attrs: [OPERAND_SEGMENT_SIZES("operandSegmentSizes"), STATIC_OFFSETS("static_offsets"), STATIC_SIZES("static_sizes"), STATIC_STRIDES("static_strides")],
        traits: Traits::PURE,
        parse: Some(parse_subview),
        print: Some(print_subview),
        verify: Some(verify_subview),
        fold: Some(fold_subview),
        canonicalize: Some(canonicalize_subview),
        result_names: Some(|_, _, out| out.push((0, "subview".into()))),
    }
}

/// `%src[offsets] [sizes] [strides] {attrs} : T to U`

/// The shared tail of `memref.subview` and `memref.reinterpret_cast`:
/// `attr-dict : source-type to result-type`, then operands (source, dynamic offsets,
/// sizes, strides), `operandSegmentSizes` and the `static_*` arrays.
fn finish_offsets_sizes_strides(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    src: &UnresolvedOperand,
    dynamic: [&[UnresolvedOperand]; 3],
    statics: [&[i64]; 3],
) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(src, from)?];
    for list in dynamic {
        ops.extend(p.resolve_operands_all(list, index)?);
    }
    st.operands = ops;
    st.result_types = vec![to];
    let ctx = p.ctx();
    let seg = segment_sizes(
        ctx,
        &[1, dynamic[0].len(), dynamic[1].len(), dynamic[2].len()],
    );
    let arrays = statics.map(|values| ctx.dense_i64_array(values));
    for (name, value) in ["static_offsets", "static_sizes", "static_strides"]
        .into_iter()
        .zip(arrays)
    {
        st.add_attr(p.intern(name), value);
    }
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    Ok(())
}

fn parse_subview(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    let (mut offs, mut sizes, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    let so = parse_dynamic_index_list(p, &mut offs)?;
    let ss = parse_dynamic_index_list(p, &mut sizes)?;
    let st_ = parse_dynamic_index_list(p, &mut strides)?;
    finish_offsets_sizes_strides(p, st, &src, [&offs, &sizes, &strides], [&so, &ss, &st_])
}

/// The offsets/sizes/strides lists of an offset-size-stride op with a leading source
/// operand segment and three index segments.
struct OffsetsSizesStrides {
    offsets: (Vec<i64>, Vec<Value>),
    sizes: (Vec<i64>, Vec<Value>),
    strides: (Vec<i64>, Vec<Value>),
}

fn offsets_sizes_strides(ir: &Ir, op: Op) -> Option<OffsetsSizesStrides> {
    let seg = segments(ir, op, 4)?;
    let ctx = ir.ctx();
    let get = |name: &str, i: usize| -> Option<(Vec<i64>, Vec<Value>)> {
        Some((
            dense_values(ctx, ir.attr(op, name))?,
            ir.operands(op)[seg[i].clone()].to_vec(),
        ))
    };
    Some(OffsetsSizesStrides {
        offsets: get("static_offsets", 1)?,
        sizes: get("static_sizes", 2)?,
        strides: get("static_strides", 3)?,
    })
}

const OSS_ELIDED: &[&str] = &[
    "operandSegmentSizes",
    "static_offsets",
    "static_sizes",
    "static_strides",
];

fn print_subview(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&src), Some(&res), Some(oss)) = (
        ir.operands(op).first(),
        ir.results(op).first(),
        offsets_sizes_strides(ir, op),
    ) else {
        return;
    };
    p.write(" ");
    p.print_operand(src);
    print_dynamic_index_list(p, &oss.offsets.0, &oss.offsets.1);
    p.write(" ");
    print_dynamic_index_list(p, &oss.sizes.0, &oss.sizes.1);
    p.write(" ");
    print_dynamic_index_list(p, &oss.strides.0, &oss.strides.1);
    p.print_optional_attr_dict(op, OSS_ELIDED);
    p.write(" : ");
    p.print_type(ir.value_type(src));
    p.write(" to ");
    p.print_type(ir.value_type(res));
}

/// Checks the static/dynamic consistency of the three lists (MLIR's
/// `OffsetSizeAndStrideOpInterface` verifier); `rank` is the expected length.
fn verify_oss_lists(
    v: &mut Verifier<'_>,
    op: Op,
    oss: &OffsetsSizesStrides,
    rank: Option<usize>,
) -> bool {
    let (o, s, t) = (&oss.offsets, &oss.sizes, &oss.strides);
    // `reinterpret_cast` (no `rank`) has exactly one offset whatever its sizes.
    if rank.is_some() && o.0.len() != s.0.len() {
        v.error_raw(
            op,
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
                o.0.len(),
                s.0.len()
            ),
        );
        return false;
    }
    if s.0.len() != t.0.len() {
        v.error_raw(
            op,
            format!(
                "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
                s.0.len(),
                t.0.len()
            ),
        );
        return false;
    }
    if let Some(rank) = rank {
        if o.0.len() != rank {
            v.error_raw(
                op,
                format!("expected {rank} offset values, got {}", o.0.len()),
            );
            return false;
        }
    }
    for (name, (statics, dynamic)) in [("offsets", o), ("sizes", s), ("strides", t)] {
        if count_dynamic(statics) != dynamic.len() {
            v.error(
                op,
                format!(
                    "expected the number of '{name}' to match the number of dynamic entries in 'static_{name}' ({} vs {})",
                    dynamic.len(),
                    count_dynamic(statics)
                ),
            );
            return false;
        }
    }
    for (name, (statics, _)) in [("offsets", o), ("sizes", s)] {
        if let Some(&bad) = statics.iter().find(|&&x| x != DYNAMIC && x < 0) {
            v.error(
                op,
                format!("expected {name} to be non-negative, but got {bad}"),
            );
            return false;
        }
    }
    true
}

fn verify_subview(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let Some(oss) = offsets_sizes_strides(ir, op) else {
        v.error(
            op,
            "requires static_offsets, static_sizes, static_strides and operandSegmentSizes",
        );
        return;
    };
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let (Some(s), Some(r)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        v.error(op, "operand #0 and result must be ranked memrefs");
        return;
    };
    if !verify_oss_lists(v, op, &oss, Some(s.shape.len())) {
        return;
    }
    if !same_memory_space(ctx, s.memory_space, r.memory_space) {
        v.error_raw(op, format!("different memory spaces specified for base memref type '{}' and subview memref type '{}'", type_str(ir, sty), type_str(ir, rty)));
        return;
    }
    let strided =
        strides_and_offset(ctx, s.shape, s.layout).filter(|(st, _)| st.len() == s.shape.len());
    let Some((src_strides, src_offset)) = strided else {
        v.error(
            op,
            format!("base type {} is not strided", type_str(ir, sty)),
        );
        return;
    };
    if r.element != s.element {
        v.error(
            op,
            format!(
                "expected result element type to be '{}', but got '{}'",
                type_str(ir, s.element),
                type_str(ir, rty)
            ),
        );
        return;
    }
    if r.shape.len() > s.shape.len() {
        v.error(
            op,
            format!(
                "expected result rank to be smaller or equal to the source rank, but got '{}'",
                type_str(ir, rty)
            ),
        );
        return;
    }
    let statics = (
        oss.offsets.0.as_slice(),
        oss.sizes.0.as_slice(),
        oss.strides.0.as_slice(),
    );
    if let Some(message) = slice_out_of_bounds(s.shape, statics) {
        v.error_raw(op, message);
        return;
    }
    // The inferred (non-rank-reduced) result type.
    let mul = |a: i64, b: i64| {
        if a == DYNAMIC || b == DYNAMIC {
            DYNAMIC
        } else {
            a.saturating_mul(b)
        }
    };
    let add = |a: i64, b: i64| {
        if a == DYNAMIC || b == DYNAMIC {
            DYNAMIC
        } else {
            a.saturating_add(b)
        }
    };
    let mut offset = src_offset;
    let mut strides = Vec::new();
    for (d, &src_stride) in src_strides.iter().enumerate() {
        offset = add(offset, mul(oss.offsets.0[d], src_stride));
        strides.push(mul(oss.strides.0[d], src_stride));
    }
    let sizes = oss.sizes.0.clone();
    let expected_layout = Some(ctx.attr(AttrData::Strided {
        strides: strides.clone(),
        offset,
    }));
    let expected = memref_type(
        ctx,
        sizes.clone(),
        s.element,
        expected_layout,
        r.memory_space,
    );
    let res_strided =
        strides_and_offset(ctx, r.shape, r.layout).filter(|(st, _)| st.len() == r.shape.len());
    let Some((res_strides, res_offset)) = res_strided else {
        v.error_raw(
            op,
            format!(
                "expected result type to be '{}' or a rank-reduced version. (mismatch of result layout), but got '{}'",
                type_str(ir, expected),
                type_str(ir, rty)
            ),
        );
        return;
    };
    // Match result dims to source dims, dropping unit dims for rank reduction.
    let mut kept = Vec::new();
    let mut ri = 0;
    let mut sizes_ok = true;
    for (d, &sz) in sizes.iter().enumerate() {
        if ri < r.shape.len() && r.shape[ri] == sz {
            kept.push(d);
            ri += 1;
        } else if sz != 1 {
            sizes_ok = false;
            break;
        }
    }
    if !sizes_ok || ri != r.shape.len() {
        v.error_raw(
            op,
            format!(
                "expected result type to be '{}' or a rank-reduced version. (mismatch of result sizes), but got '{}'",
                type_str(ir, expected),
                type_str(ir, rty)
            ),
        );
        return;
    }
    let layout_ok = res_offset == offset
        && kept
            .iter()
            .enumerate()
            .all(|(i, &d)| r.shape[i] == 1 || res_strides[i] == strides[d]);
    if !layout_ok {
        v.error_raw(
            op,
            format!(
                "expected result type to be '{}' or a rank-reduced version. (mismatch of result layout), but got '{}'",
                type_str(ir, expected),
                type_str(ir, rty)
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static VIEW: View = "memref.view" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_view),
        print: Some(print_view),
        verify: Some(verify_view),
        result_names: Some(|_, _, out| out.push((0, "view".into()))),
    }
}

/// `%src[%shift][%sizes] {attrs} : T to U`
fn parse_view(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    let shift_span = p.current_span();
    let shift = p.parse_operand_list(Delimiter::Square)?;
    if shift.len() != 1 {
        return Err(p.error_at(shift_span, "expected SSA operand"));
    }
    let sizes = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&src, from)?];
    ops.extend(p.resolve_operands_all(&shift, index)?);
    ops.extend(p.resolve_operands_all(&sizes, index)?);
    st.operands = ops;
    st.result_types = vec![to];
    Ok(())
}

fn print_view(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&res) = ir.results(op).first() else {
        return;
    };
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operand(ops[1]);
    p.write("][");
    p.print_operands(&ops[2..]);
    p.write("]");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ir.value_type(res));
}

fn verify_view(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let Some(&res) = ir.results(op).first() else {
        return;
    };
    if ops.len() < 2 {
        v.error(
            op,
            format!("expected 2 or more operands, but found {}", ops.len()),
        );
        return;
    }
    let (sty, rty) = (ir.value_type(ops[0]), ir.value_type(res));
    let (Some(s), Some(r)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        v.error(op, "operand #0 and result must be ranked memrefs");
        return;
    };
    if !verify_index_operands(v, op, 1..ops.len(), "") {
        return;
    }
    if !has_identity_layout(ctx, sty) {
        v.error(
            op,
            "unsupported map for base memref type ".to_string() + &type_str(ir, sty),
        );
        return;
    }
    if !has_identity_layout(ctx, rty) {
        v.error(
            op,
            "unsupported map for result memref type ".to_string() + &type_str(ir, rty),
        );
        return;
    }
    if !same_memory_space(ctx, s.memory_space, r.memory_space) {
        v.error_raw(
            op,
            format!(
                "different memory spaces specified for base memref type '{}' and view memref type '{}'",
                type_str(ir, sty),
                type_str(ir, rty)
            ),
        );
        return;
    }
    let expected = count_dynamic(r.shape);
    if ops.len() - 2 != expected {
        v.error(
            op,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {expected}",
                ops.len() - 2
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static REINTERPRET_CAST: ReinterpretCast = "memref.reinterpret_cast" {
        attrs: [OPERAND_SEGMENT_SIZES("operandSegmentSizes"), STATIC_OFFSETS("static_offsets"), STATIC_SIZES("static_sizes"), STATIC_STRIDES("static_strides")],
        traits: Traits::PURE,
        parse: Some(parse_reinterpret_cast),
        print: Some(print_reinterpret_cast),
        verify: Some(verify_reinterpret_cast),
        result_names: Some(|_, _, out| out.push((0, "reinterpret_cast".into()))),
    }
}

/// `%src to offset: [..], sizes: [..], strides: [..] {attrs} : T to U`
fn parse_reinterpret_cast(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect("to")?;
    let (mut offs, mut sizes, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    p.expect("offset")?;
    p.expect(":")?;
    let so = parse_dynamic_index_list(p, &mut offs)?;
    p.expect(",")?;
    p.expect("sizes")?;
    p.expect(":")?;
    let ss = parse_dynamic_index_list(p, &mut sizes)?;
    p.expect(",")?;
    p.expect("strides")?;
    p.expect(":")?;
    let st_ = parse_dynamic_index_list(p, &mut strides)?;
    finish_offsets_sizes_strides(p, st, &src, [&offs, &sizes, &strides], [&so, &ss, &st_])
}

fn print_reinterpret_cast(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&src), Some(&res), Some(oss)) = (
        ir.operands(op).first(),
        ir.results(op).first(),
        offsets_sizes_strides(ir, op),
    ) else {
        return;
    };
    p.write(" ");
    p.print_operand(src);
    p.write(" to offset: ");
    print_dynamic_index_list(p, &oss.offsets.0, &oss.offsets.1);
    p.write(", sizes: ");
    print_dynamic_index_list(p, &oss.sizes.0, &oss.sizes.1);
    p.write(", strides: ");
    print_dynamic_index_list(p, &oss.strides.0, &oss.strides.1);
    p.print_optional_attr_dict(op, OSS_ELIDED);
    p.write(" : ");
    p.print_type(ir.value_type(src));
    p.write(" to ");
    p.print_type(ir.value_type(res));
}

fn verify_reinterpret_cast(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let Some(oss) = offsets_sizes_strides(ir, op) else {
        v.error(
            op,
            "requires static_offsets, static_sizes, static_strides and operandSegmentSizes",
        );
        return;
    };
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let Some(r) = memref_parts(ctx, rty) else {
        v.error(
            op,
            format!(
                "result #0 must be memref of any type values, but got '{}'",
                type_str(ir, rty)
            ),
        );
        return;
    };
    if oss.offsets.0.len() != 1 {
        v.error_raw(
            op,
            format!("expected 1 offset values, got {}", oss.offsets.0.len()),
        );
        return;
    }
    if !verify_oss_lists(v, op, &oss, None) {
        return;
    }
    if oss.sizes.0.len() != r.shape.len() {
        v.error_raw(
            op,
            format!(
                "expected {} size values, got {}",
                r.shape.len(),
                oss.sizes.0.len()
            ),
        );
        return;
    }
    let selem = ctx.element_type(sty);
    if selem != r.element {
        v.error_raw(
            op,
            format!(
                "different element types specified for source type '{}' and result memref type '{}'",
                type_str(ir, sty),
                type_str(ir, rty)
            ),
        );
        return;
    }
    if !same_memory_space(ctx, memory_space(ctx, sty), r.memory_space) {
        v.error_raw(
            op,
            format!(
                "different memory spaces specified for source type '{}' and result memref type '{}'",
                type_str(ir, sty),
                type_str(ir, rty)
            ),
        );
        return;
    }
    for (d, (&want, &got)) in oss.sizes.0.iter().zip(r.shape).enumerate() {
        if want != DYNAMIC && want != got {
            v.error_raw(
                op,
                format!("expected result type with size = {want} instead of {got} in dim = {d}"),
            );
            return;
        }
    }
    let Some((strides, offset)) = strides_and_offset(ctx, r.shape, r.layout) else {
        v.error_raw(
            op,
            format!(
                "expected result type to have strided layout but found '{}'",
                type_str(ir, rty)
            ),
        );
        return;
    };
    let show = |x: i64| {
        if x == DYNAMIC {
            "dynamic".to_string()
        } else {
            x.to_string()
        }
    };
    let want_off = oss.offsets.0[0];
    if want_off != offset {
        v.error_raw(
            op,
            format!(
                "expected result type with offset = {} instead of {}",
                show(want_off),
                show(offset)
            ),
        );
        return;
    }
    for (d, (&want, &got)) in oss.strides.0.iter().zip(&strides).enumerate() {
        if want != got {
            v.error_raw(
                op,
                format!(
                    "expected result type with stride = {} instead of {} in dim = {d}",
                    show(want),
                    show(got)
                ),
            );
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------
// global / get_global
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static GLOBAL: Global = "memref.global" {
        attrs: [ALIGNMENT("alignment"), CONSTANT("constant"), INITIAL_VALUE("initial_value"), SYM_NAME("sym_name"), SYM_VISIBILITY("sym_visibility"), TYPE("type")],
        traits: Traits::SYMBOL,
        parse: Some(parse_global),
        print: Some(print_global),
        verify: Some(verify_global),
    }
}

/// `"private"? constant? @name : memref<..> (= uninitialized | = <elements>)? {attrs}`
fn parse_global(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if let Some(vis) = p.parse_optional_string()? {
        let a = p.ctx().string_attr(&vis);
        st.add_attr(p.intern("sym_visibility"), a);
    }
    if p.eat("constant") {
        let u = p.ctx().unit_attr();
        st.add_attr(p.intern("constant"), u);
    }
    let name_span = p.current_span();
    let name = p
        .parse_optional_symbol_name()?
        .ok_or_else(|| p.error_at(name_span, "expected valid '@'-identifier for symbol name"))?;
    let a = p.ctx().string_attr(&name);
    st.add_attr(p.intern("sym_name"), a);
    p.expect(":")?;
    let ty_span = p.current_span();
    let ty = p.parse_type()?;
    let static_memref = match p.ctx().type_data(ty) {
        TypeData::MemRef { shape, .. } => !shape.contains(&DYNAMIC),
        _ => false,
    };
    if !static_memref {
        let text = type_str(p.ir(), ty);
        return Err(p.error_at(
            ty_span,
            format!("type should be static shaped memref, but got '{text}'"),
        ));
    }
    let a = p.ctx().type_attr(ty);
    st.add_attr(p.intern("type"), a);
    if p.eat("=") {
        let init = if p.eat("uninitialized") {
            p.ctx().unit_attr()
        } else {
            let (shape, element) = match p.ctx().type_data(ty) {
                TypeData::MemRef { shape, element, .. } => (shape.clone(), *element),
                _ => (Vec::new(), ty),
            };
            let tensor = p.ctx().ty(TypeData::RankedTensor {
                shape,
                element,
                encoding: None,
            });
            let span = p.current_span();
            let attr = p.parse_attribute(Some(tensor))?;
            if !p.ctx().is_elements_attr(attr) {
                return Err(
                    p.error_at(span, "initial value should be a unit or elements attribute")
                );
            }
            attr
        };
        st.add_attr(p.intern("initial_value"), init);
    }
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_global(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.write(" ");
    if let Some(vis) = ir.attr(op, "sym_visibility") {
        if let Some(s) = ctx.string_value(vis) {
            p.print_string(s);
            p.write(" ");
        }
    }
    if ir.attr(op, "constant").is_some() {
        p.write("constant ");
    }
    let name = ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    p.print_symbol_name(name);
    p.write(" : ");
    if let Some(AttrData::Type(t)) = ir.attr(op, "type").map(|a| ctx.attr_data(a)) {
        p.print_type(*t);
    }
    if let Some(init) = ir.attr(op, "initial_value") {
        p.write(" = ");
        if matches!(ctx.attr_data(init), AttrData::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attribute_without_type(init);
        }
    }
    p.print_optional_attr_dict(
        op,
        &[
            "sym_name",
            "sym_visibility",
            "constant",
            "type",
            "initial_value",
        ],
    );
}

fn verify_global(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    if let Some(vis) = ir.attr(op, "sym_visibility") {
        let s = ctx.string_value(vis).unwrap_or("");
        if !["public", "private", "nested"].contains(&s) {
            v.error(op, format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{s}\""));
            return;
        }
    }
    let ty = match ir.attr(op, "type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => *t,
        _ => {
            v.error(op, "requires attribute 'type'");
            return;
        }
    };
    let Some(mt) = memref_parts(ctx, ty).filter(|m| !m.shape.contains(&DYNAMIC)) else {
        v.error(
            op,
            format!(
                "type should be static shaped memref, but got '{}'",
                type_str(ir, ty)
            ),
        );
        return;
    };
    verify_alignment(v, op);
    if let Some(init) = ir.attr(op, "initial_value") {
        match ctx.attr_data(init) {
            AttrData::Unit => {}
            AttrData::DenseElements { ty: ety, .. }
            | AttrData::DenseResource { ty: ety, .. }
            | AttrData::Sparse { ty: ety, .. } => {
                let e = ctx.element_type(*ety);
                if e != mt.element {
                    v.error(
                        op,
                        format!(
                            "initial value element expected to be of type '{}', but was of type '{}'",
                            type_str(ir, mt.element),
                            type_str(ir, e)
                        ),
                    );
                    return;
                }
                if let Some(shape) = ctx.shape(*ety) {
                    if shape != mt.shape {
                        v.error(
                            op,
                            format!(
                                "initial value shape expected to be {} but was {}",
                                dims_str(mt.shape),
                                dims_str(shape)
                            ),
                        );
                    }
                }
            }
            _ => v.error(op, "initial value should be a unit or elements attribute"),
        }
    }
}

lattice_ir::def_op! {
    pub static GET_GLOBAL: GetGlobal = "memref.get_global" {
        attrs: [GLOBAL_NAME("name")],
        traits: Traits::PURE,
        parse: Some(parse_get_global),
        print: Some(print_get_global),
        verify: Some(verify_get_global),
    }
}

/// `@name : memref<..> {attrs}`
fn parse_get_global(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let ty = p.parse_colon_type()?;
    p.parse_optional_attr_dict(st)?;
    let a = p.ctx().symbol_ref_attr(&name);
    st.add_attr(p.intern("name"), a);
    st.result_types = vec![ty];
    Ok(())
}

fn print_get_global(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    if let Some(a) = ir.attr(op, "name") {
        p.print_attribute(a);
    }
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
    p.print_optional_attr_dict(op, &["name"]);
}

/// Finds the `memref.global` named `name` in the nearest symbol table above `op`.
fn lookup_global(ir: &Ir, op: Op, name: lattice_ir::context::Str) -> Option<Op> {
    let mut cur = ir.parent_op(op);
    while let Some(table) = cur {
        if ir.has_trait(table, Traits::SYMBOL_TABLE) || ir.parent_op(table).is_none() {
            for &r in ir.regions(table) {
                for b in ir.region_blocks(r) {
                    for o in ir.block_ops(b) {
                        let sym = ir
                            .attr(o, "sym_name")
                            .and_then(|a| ir.ctx().string_value(a));
                        if sym == Some(ir.ctx().str(name)) {
                            return Some(o);
                        }
                    }
                }
            }
            return None;
        }
        cur = ir.parent_op(table);
    }
    None
}

fn verify_get_global(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(name) = ir.attr(op, "name") else {
        v.error(op, "requires attribute 'name'");
        return;
    };
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(name) else {
        v.error(
            op,
            "attribute 'name' failed to satisfy constraint: flat symbol reference attribute",
        );
        return;
    };
    if !nested.is_empty() {
        v.error(
            op,
            "attribute 'name' failed to satisfy constraint: flat symbol reference attribute",
        );
        return;
    }
    let global = lookup_global(ir, op, *root).filter(|&g| ir.isa::<Global>(g));
    let Some(global) = global else {
        v.error(
            op,
            format!(
                "'{}' does not reference a valid global memref",
                ctx.str(*root)
            ),
        );
        return;
    };
    let gty = match ir.attr(global, "type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => *t,
        _ => return,
    };
    if let Some(&r) = ir.results(op).first() {
        let rty = ir.value_type(r);
        if rty != gty {
            v.error(
                op,
                format!(
                    "result type '{}' does not match type '{}' of the global memref @{}",
                    type_str(ir, rty),
                    type_str(ir, gty),
                    ctx.str(*root)
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// collapse_shape / expand_shape
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static COLLAPSE_SHAPE: CollapseShape = "memref.collapse_shape" {
        attrs: [REASSOCIATION("reassociation")],
        traits: Traits::PURE,
        parse: Some(parse_reshape),
        print: Some(print_reshape),
        verify: Some(verify_reshape),
        result_names: Some(|_, _, out| out.push((0, "collapse_shape".into()))),
    }
}

lattice_ir::def_op! {
    pub static EXPAND_SHAPE: ExpandShape = "memref.expand_shape" {
        attrs: [REASSOCIATION("reassociation"), STATIC_OUTPUT_SHAPE("static_output_shape")],
        traits: Traits::PURE,
        parse: Some(parse_reshape),
        print: Some(print_reshape),
        verify: Some(verify_reshape),
        result_names: Some(|_, _, out| out.push((0, "expand_shape".into()))),
    }
}

/// `%src [[0, 1], [2]] (output_shape [..])? {attrs} : T into U`
fn parse_reshape(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let expand =
        MemrefKind::of_name(p.ctx(), p.ctx().str(st.name)) == Some(MemrefKind::ExpandShape);
    let src = p.parse_operand()?;
    let reassoc = p.parse_attribute(None)?;
    let mut dynamic = Vec::new();
    let mut statics = Vec::new();
    if expand {
        p.expect("output_shape")?;
        statics = parse_dynamic_index_list(p, &mut dynamic)?;
    }
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("into")?;
    let to = p.parse_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&src, from)?];
    ops.extend(p.resolve_operands_all(&dynamic, index)?);
    st.operands = ops;
    st.result_types = vec![to];
    st.add_attr(p.intern("reassociation"), reassoc);
    if expand {
        let a = p.ctx().dense_i64_array(&statics);
        st.add_attr(p.intern("static_output_shape"), a);
    }
    Ok(())
}

fn print_reshape(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let expand = ir.isa::<ExpandShape>(op);
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(src);
    p.write(" ");
    if let Some(r) = ir.attr(op, "reassociation") {
        p.print_attribute(r);
    }
    if expand {
        p.write(" output_shape ");
        let statics =
            dense_values(ir.ctx(), ir.attr(op, "static_output_shape")).unwrap_or_default();
        print_dynamic_index_list(p, &statics, &ir.operands(op)[1..]);
    }
    p.print_optional_attr_dict(op, &["reassociation", "static_output_shape"]);
    p.write(" : ");
    p.print_type(ir.value_type(src));
    p.write(" into ");
    p.print_type(ir.value_type(res));
}

/// The reassociation groups, if the attribute is an array of arrays of integers.
pub fn reassociation(ctx: &Context, attr: Option<Attr>) -> Option<Vec<Vec<i64>>> {
    let AttrData::Array(groups) = ctx.attr_data(attr?) else {
        return None;
    };
    groups
        .iter()
        .map(|&g| match ctx.attr_data(g) {
            AttrData::Array(items) => items
                .iter()
                .map(|&i| ctx.int_value(i).map(|v| v as i64))
                .collect(),
            _ => None,
        })
        .collect()
}

fn verify_reshape(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let expand = ir.isa::<ExpandShape>(op);
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let (Some(s), Some(r)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        v.error(op, "operand #0 and result must be ranked memrefs");
        return;
    };
    let Some(groups) = reassociation(ctx, ir.attr(op, "reassociation")) else {
        v.error(
            op,
            "attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes",
        );
        return;
    };
    let (sr, rr) = (s.shape.len(), r.shape.len());
    if expand && sr > rr {
        v.error(
            op,
            format!(
                "has source rank {sr} and result rank {rr}. This is not an expansion ({sr} > {rr})"
            ),
        );
        return;
    }
    if !expand && sr < rr {
        v.error(
            op,
            format!(
                "has source rank {sr} and result rank {rr}. This is not a collapse ({sr} < {rr})"
            ),
        );
        return;
    }
    // (collapsed, expanded) shapes.
    let (small, big) = if expand {
        (s.shape, r.shape)
    } else {
        (r.shape, s.shape)
    };
    if let Err(e) = verify_collapsed_shape(small, big, &groups) {
        v.error(op, e.to_string());
        return;
    }
    let expected_layout = if is_identity_layout(ctx, s.shape, s.layout) {
        None
    } else if expand {
        match expanded_layout(ctx, s.shape, s.layout, r.shape, &groups) {
            Some(l) => Some(l),
            None => {
                v.error(op, "invalid source layout map");
                return;
            }
        }
    } else {
        match collapsed_layout(ctx, s.shape, s.layout, &groups) {
            Some(l) => Some(l),
            None => {
                v.error(
                    op,
                    "invalid source layout map or collapsing non-contiguous dims",
                );
                return;
            }
        }
    };
    let expected = memref_type(
        ctx,
        r.shape.to_vec(),
        s.element,
        expected_layout,
        s.memory_space,
    );
    if expected != rty {
        let what = if expand { "expanded" } else { "collapsed" };
        v.error(
            op,
            format!(
                "expected {what} type to be '{}' but found '{}'",
                type_str(ir, expected),
                type_str(ir, rty)
            ),
        );
        return;
    }
    if expand {
        let statics = dense_values(ctx, ir.attr(op, "static_output_shape")).unwrap_or_default();
        if statics.len() != r.shape.len() {
            v.error(
                op,
                format!(
                    "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                    r.shape.len(),
                    statics.len()
                ),
            );
            return;
        }
        let dyn_count = ir.operands(op).len() - 1;
        if dyn_count != count_dynamic(&statics) {
            v.error(
                op,
                format!(
                    "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {} dynamic dims while output_shape has {dyn_count} values",
                    count_dynamic(&statics)
                ),
            );
            return;
        }
        for (i, (&want, &got)) in statics.iter().zip(r.shape).enumerate() {
            if got != DYNAMIC && want != got {
                v.error(op, format!("invalid output shape provided at pos {i}"));
                return;
            }
        }
        let _ = verify_index_operands(v, op, 1..ir.operands(op).len(), "");
    }
}

/// Why the reassociation of a `memref.collapse_shape` / `memref.expand_shape` does not
/// match its shapes (MLIR's messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReassociationError {
    /// Not one group per collapsed dimension.
    #[error("invalid number of reassociation groups: found {found}, expected {expected}")]
    GroupCount {
        /// Groups given.
        found: usize,
        /// Collapsed dimensions.
        expected: usize,
    },
    /// The groups do not list the expanded dimensions in order.
    #[error("reassociation indices must be contiguous")]
    NotContiguous,
    /// An index beyond the expanded rank.
    #[error("reassociation index {index} is out of bounds")]
    OutOfBounds {
        /// The index.
        index: i64,
    },
    /// A dynamic collapsed dimension with a static group, or the reverse.
    #[error("collapsed dim ({dim}) must be dynamic if and only if reassociation group is dynamic")]
    DynamicMismatch {
        /// The collapsed dimension.
        dim: usize,
    },
    /// A static collapsed size that is not its group's product.
    #[error("collapsed dim size ({collapsed}) must equal reassociation group size ({group})")]
    GroupSize {
        /// The collapsed size.
        collapsed: i64,
        /// The group's product.
        group: i64,
    },
    /// A rank-0 memref collapsed from or expanded to sizes other than 1.
    #[error("rank 0 memrefs can only be extended/collapsed with/from ones")]
    RankZero,
    /// Indices left over or missing.
    #[error(
        "expanded rank ({rank}) inconsistent with number of reassociation indices ({indices})"
    )]
    ExpandedRank {
        /// The expanded rank.
        rank: usize,
        /// How many indices the groups list.
        indices: i64,
    },
}

/// MLIR's `verifyCollapsedShape` (multiple dynamic dims per group allowed).
fn verify_collapsed_shape(
    small: &[i64],
    big: &[i64],
    groups: &[Vec<i64>],
) -> Result<(), ReassociationError> {
    if small.len() != groups.len() {
        return Err(ReassociationError::GroupCount {
            found: groups.len(),
            expected: small.len(),
        });
    }
    let mut next = 0i64;
    for (d, g) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &i in g {
            if i != next {
                return Err(ReassociationError::NotContiguous);
            }
            next += 1;
            if i < 0 || i as usize >= big.len() {
                return Err(ReassociationError::OutOfBounds { index: i });
            }
            dynamic |= big[i as usize] == DYNAMIC;
        }
        if (small[d] == DYNAMIC) != dynamic {
            return Err(ReassociationError::DynamicMismatch { dim: d });
        }
        if !dynamic {
            let size = g
                .iter()
                .fold(1i64, |acc, &i| acc.saturating_mul(big[i as usize]));
            if size != small[d] {
                return Err(ReassociationError::GroupSize {
                    collapsed: small[d],
                    group: size,
                });
            }
        }
    }
    if small.is_empty() {
        if big.iter().any(|&d| d != 1) {
            return Err(ReassociationError::RankZero);
        }
    } else if next as usize != big.len() {
        return Err(ReassociationError::ExpandedRank {
            rank: big.len(),
            indices: next,
        });
    }
    Ok(())
}

/// Whether a layout's map is the identity (MLIR's `MemRefLayoutAttrInterface::isIdentity`):
/// no layout, an identity map, or a rank-1 `strided<[1]>`.
fn is_identity_layout(ctx: &Context, shape: &[i64], layout: Option<Attr>) -> bool {
    match layout.map(|l| ctx.attr_data(l)) {
        None => true,
        Some(AttrData::AffineMap(m)) => *m == ctx.identity_map(shape.len() as u32),
        Some(AttrData::Strided { strides, offset }) => *offset == 0 && strides.as_slice() == [1],
        _ => false,
    }
}

/// Saturating product where [`DYNAMIC`] absorbs everything.
fn mul_dyn(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.saturating_mul(b)
    }
}

/// MLIR's `computeCollapsedLayoutMap` (non-strict): the result stride of a group is the
/// stride of its last non-unit dim; rejects groups whose static strides show they are
/// not contiguous.
fn collapsed_layout(
    ctx: &Context,
    shape: &[i64],
    layout: Option<Attr>,
    groups: &[Vec<i64>],
) -> Option<Attr> {
    let (strides, offset) =
        strides_and_offset(ctx, shape, layout).filter(|(st, _)| st.len() == shape.len())?;
    let mut result = Vec::new();
    for g in groups {
        let mut r: &[i64] = g;
        while r.len() > 1 && shape[*r.last()? as usize] == 1 {
            r = &r[..r.len() - 1];
        }
        let last = *r.last()? as usize;
        result.push(if shape[last] != DYNAMIC || r.len() == 1 {
            strides[last]
        } else {
            DYNAMIC
        });
    }
    for (gi, g) in groups.iter().enumerate().rev() {
        let mut stride = result[gi];
        for &idx in g.iter().skip(1).rev() {
            let idx = idx as usize;
            stride = mul_dyn(stride, shape[idx]);
            if shape[idx - 1] == 1 {
                continue;
            }
            let src = strides[idx - 1];
            if stride != DYNAMIC && src != DYNAMIC && stride != src {
                return None;
            }
        }
    }
    Some(ctx.attr(AttrData::Strided {
        strides: result,
        offset,
    }))
}

/// MLIR's `computeExpandedLayoutMap`: each source stride expands over its group, the
/// first dim of a group keeping it.
fn expanded_layout(
    ctx: &Context,
    shape: &[i64],
    layout: Option<Attr>,
    result_shape: &[i64],
    groups: &[Vec<i64>],
) -> Option<Attr> {
    let (strides, offset) =
        strides_and_offset(ctx, shape, layout).filter(|(st, _)| st.len() == shape.len())?;
    if strides.len() != groups.len() {
        return None;
    }
    let mut reversed = Vec::new();
    let mut index = result_shape.len();
    for (g, &stride) in groups.iter().zip(&strides).rev() {
        let mut current = stride;
        for _ in 0..g.len() {
            reversed.push(current);
            index = index.checked_sub(1)?;
            current = mul_dyn(current, result_shape[index]);
        }
    }
    let mut result: Vec<i64> = reversed.into_iter().rev().collect();
    result.resize(result_shape.len(), 1);
    Some(ctx.attr(AttrData::Strided {
        strides: result,
        offset,
    }))
}

// ---------------------------------------------------------------------------------------
// atomic_rmw / generic_atomic_rmw / atomic_yield
// ---------------------------------------------------------------------------------------

/// `arith::AtomicRMWKind` keywords by enum value.
const ATOMIC_KINDS: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

lattice_ir::def_op! {
    pub static ATOMIC_RMW: AtomicRMW = "memref.atomic_rmw" {
        attrs: [KIND("kind")],
        parse: Some(parse_atomic_rmw),
        print: Some(print_atomic_rmw),
        verify: Some(verify_atomic_rmw),
        canonicalize: Some(canonicalize_cast_users),
    }
}

/// `kind %v, %m[%i] {attrs} : (T, memref<..>) -> T`
fn parse_atomic_rmw(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let kw = p.parse_keyword()?;
    let Some(kind) = ATOMIC_KINDS.iter().position(|&k| k == kw) else {
        return Err(p.error_at(
            span,
            format!(
                "expected ::mlir::arith::AtomicRMWKind to be one of: {}",
                ATOMIC_KINDS.join(", ")
            ),
        ));
    };
    let val = p.parse_operand()?;
    p.expect(",")?;
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    p.expect("(")?;
    let vty = p.parse_type()?;
    p.expect(",")?;
    let mty = p.parse_type()?;
    p.expect(")")?;
    p.expect("->")?;
    let rty = p.parse_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&val, vty)?, p.resolve_operand(&m, mty)?];
    ops.extend(p.resolve_operands_all(&indices, index)?);
    st.operands = ops;
    st.result_types = vec![rty];
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(kind as i128, i64t);
    st.add_attr(p.intern("kind"), a);
    Ok(())
}

fn print_atomic_rmw(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&res) = ir.results(op).first() else {
        return;
    };
    if ops.len() < 2 {
        return;
    }
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| ir.ctx().int_value(a))
        .unwrap_or(-1);
    p.write(" ");
    p.write(
        usize::try_from(kind)
            .ok()
            .and_then(|k| ATOMIC_KINDS.get(k))
            .copied()
            .unwrap_or("<<invalid>>"),
    );
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_operand(ops[1]);
    p.write("[");
    p.print_operands(&ops[2..]);
    p.write("]");
    p.print_optional_attr_dict(op, &["kind"]);
    p.write(" : (");
    p.print_type(ir.value_type(ops[0]));
    p.write(", ");
    p.print_type(ir.value_type(ops[1]));
    p.write(") -> ");
    p.print_type(ir.value_type(res));
}

fn verify_atomic_rmw(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        v.error(
            op,
            format!("expected 2 or more operands, but found {}", ops.len()),
        );
        return;
    }
    let vty = ir.value_type(ops[0]);
    if !(ctx.is_signless_integer(vty) || ctx.is_float(vty)) {
        v.error(
            op,
            format!(
                "operand #0 must be signless integer or floating-point, but got '{}'",
                type_str(ir, vty)
            ),
        );
        return;
    }
    let mty = ir.value_type(ops[1]);
    let Some(mt) = memref_parts(ctx, mty) else {
        v.error(op, format!("operand #1 must be memref of signless integer or floating-point values, but got '{}'", type_str(ir, mty)));
        return;
    };
    if !verify_index_operands(v, op, 2..ops.len(), "") {
        return;
    }
    if let Some(&r) = ir.results(op).first() {
        if ir.value_type(r) != vty || vty != mt.element {
            v.error(
                op,
                "failed to verify that value type matches element type of memref",
            );
            return;
        }
    }
    if ops.len() - 2 != mt.shape.len() {
        v.error(
            op,
            "expects the number of subscripts to be equal to memref rank",
        );
        return;
    }
    let Some(kind) = ir.attr(op, "kind").and_then(|a| ctx.int_value(a)) else {
        v.error(op, "requires attribute 'kind'");
        return;
    };
    let Some(&name) = usize::try_from(kind).ok().and_then(|k| ATOMIC_KINDS.get(k)) else {
        v.error(op, "attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15");
        return;
    };
    let float_kind = matches!(
        name,
        "addf" | "maximumf" | "maxnumf" | "minimumf" | "minnumf" | "mulf"
    );
    let int_kind = matches!(
        name,
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "andi" | "xori"
    );
    if float_kind && !ctx.is_float(vty) {
        v.error(
            op,
            format!("with kind '{name}' expects a floating-point type"),
        );
    } else if int_kind && !ctx.is_integer(vty) {
        v.error(op, format!("with kind '{name}' expects an integer type"));
    }
}

lattice_ir::def_op! {
    pub static GENERIC_ATOMIC_RMW: GenericAtomicRMW = "memref.generic_atomic_rmw" {
        attrs: [],
        traits: Traits::SINGLE_BLOCK,
        parse: Some(parse_generic_atomic_rmw),
        print: Some(print_generic_atomic_rmw),
        verify: Some(verify_generic_atomic_rmw),
    }
}

/// `%m[%i] : memref<..> { ^bb0(%old: T): ... } {attrs}`
fn parse_generic_atomic_rmw(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    let ty = p.parse_colon_type()?;
    let region = p.parse_region(&[], RegionOptions::default())?;
    p.parse_optional_attr_dict(st)?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&m, ty)?];
    ops.extend(p.resolve_operands_all(&indices, index)?);
    st.operands = ops;
    st.result_types = vec![p.ctx().element_type(ty)];
    st.regions.push(region);
    Ok(())
}

fn print_generic_atomic_rmw(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&m) = ops.first() else { return };
    p.write(" ");
    p.print_operand(m);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("] : ");
    p.print_type(ir.value_type(m));
    p.write(" ");
    if let Some(&r) = ir.regions(op).first() {
        p.print_region(r, RegionPrintOptions::default());
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_generic_atomic_rmw(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&m) = ir.operands(op).first() else {
        return;
    };
    let elem = ctx.element_type(ir.value_type(m));
    if let Some(&r) = ir.results(op).first() {
        if ir.value_type(r) != elem {
            v.error(
                op,
                "failed to verify that result type matches element type of memref",
            );
            return;
        }
    }
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(block);
    if args.len() != 1 {
        v.error(op, "expected single number of entry block arguments");
        return;
    }
    if ir.value_type(args[0]) != elem {
        v.error(op, "expected block argument of the same type result type");
        return;
    }
    for o in ir
        .walk_ops(op, lattice_ir::store::WalkOrder::PreOrder)
        .into_iter()
        .skip(1)
    {
        if !ir.has_trait(o, Traits::PURE)
            && !ir.has_trait(o, Traits::TERMINATOR)
            && !ir.has_trait(o, Traits::RECURSIVE_EFFECTS)
        {
            v.error(op, "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
            return;
        }
    }
}

lattice_ir::def_op! {
    pub static ATOMIC_YIELD: AtomicYield = "memref.atomic_yield" {
        attrs: [],
        traits: Traits::TERMINATOR
            .with(Traits::PURE)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_atomic_yield),
    }
}

fn verify_atomic_yield(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(parent) = ir.parent_op(op).filter(|&p| ir.isa::<GenericAtomicRMW>(p)) else {
        v.error(op, "expects parent op 'memref.generic_atomic_rmw'");
        return;
    };
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(parent).first()) else {
        return;
    };
    let (a, b) = (ir.value_type(x), ir.value_type(r));
    if a != b {
        v.error(
            op,
            format!(
                "types mismatch between yield op: '{}' and its parent: '{}'",
                type_str(ir, a),
                type_str(ir, b)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------
// prefetch / extract_strided_metadata
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static PREFETCH: Prefetch = "memref.prefetch" {
        attrs: [IS_DATA_CACHE("isDataCache"), IS_WRITE("isWrite"), LOCALITY_HINT("localityHint")],
        parse: Some(parse_prefetch),
        print: Some(print_prefetch),
        verify: Some(verify_prefetch),
        canonicalize: Some(canonicalize_cast_users),
    }
}

/// `%m[%i], read|write, locality<N>, data|instr {attrs} : memref<..>`
fn parse_prefetch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect(",")?;
    let span = p.current_span();
    let rw = p.parse_keyword()?;
    let is_write = match rw.as_str() {
        "read" => false,
        "write" => true,
        _ => return Err(p.error_at(span, "rw specifier has to be 'read' or 'write'")),
    };
    p.expect(",")?;
    p.expect("locality")?;
    p.expect("<")?;
    let i32t = p.ctx().int_type(32);
    let hint = p.parse_attribute(Some(i32t))?;
    p.expect(">")?;
    p.expect(",")?;
    let span = p.current_span();
    let cache = p.parse_keyword()?;
    let is_data = match cache.as_str() {
        "data" => true,
        "instr" => false,
        _ => return Err(p.error_at(span, "cache type has to be 'data' or 'instr'")),
    };
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&m, ty)?];
    ops.extend(p.resolve_operands_all(&indices, index)?);
    st.operands = ops;
    let ctx = p.ctx();
    let (w, d) = (ctx.bool_attr(is_write), ctx.bool_attr(is_data));
    st.add_attr(p.intern("isWrite"), w);
    st.add_attr(p.intern("isDataCache"), d);
    st.add_attr(p.intern("localityHint"), hint);
    Ok(())
}

fn print_prefetch(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let Some(&m) = ops.first() else { return };
    let flag = |name: &str| ir.attr(op, name).and_then(|a| ctx.int_value(a)) == Some(1);
    p.write(" ");
    p.print_operand(m);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("], ");
    p.write(if flag("isWrite") { "write" } else { "read" });
    p.write(", locality<");
    let hint = ir
        .attr(op, "localityHint")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(0);
    p.write(&hint.to_string());
    p.write(">, ");
    p.write(if flag("isDataCache") { "data" } else { "instr" });
    p.print_optional_attr_dict(op, &["localityHint", "isWrite", "isDataCache"]);
    p.write(" : ");
    p.print_type(ir.value_type(m));
}

fn verify_prefetch(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let hint_ok = ir.attr(op, "localityHint").is_some_and(|a| {
        ctx.attr_type(a) == Some(ctx.int_type(32))
            && ctx.int_value(a).is_some_and(|h| (0..=3).contains(&h))
    });
    if !hint_ok {
        v.error(
            op,
            "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
        );
        return;
    }
    let ops = ir.operands(op);
    let Some(&m) = ops.first() else { return };
    let Some(mt) = memref_parts(ctx, ir.value_type(m)) else {
        v.error(op, "operand #0 must be memref of any type values");
        return;
    };
    if ops.len() - 1 != mt.shape.len() {
        v.error(op, "too few indices");
    }
}

lattice_ir::def_op! {
    pub static EXTRACT_STRIDED_METADATA: ExtractStridedMetadata = "memref.extract_strided_metadata" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_extract_strided_metadata),
        print: Some(print_extract_strided_metadata),
        verify: Some(verify_extract_strided_metadata),
        result_names: Some(names_extract_strided_metadata),
    }
}

/// `%m : memref<..> -> memref<T>, index, ... {attrs}`
fn parse_extract_strided_metadata(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let m = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    p.expect("->")?;
    st.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(st)?;
    st.operands = vec![p.resolve_operand(&m, ty)?];
    Ok(())
}

fn print_extract_strided_metadata(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&m) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(m);
    p.write(" : ");
    p.print_type(ir.value_type(m));
    p.write(" -> ");
    let types: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    p.print_types(&types);
    p.print_optional_attr_dict(op, &[]);
}

/// `%base_buffer, %offset, %sizes:N, %strides:N`: each pushed name starts a result group
/// that runs to the next pushed index.
fn names_extract_strided_metadata(ir: &Ir, op: Op, out: &mut Vec<(usize, String)>) {
    let n = ir.results(op).len();
    if n < 2 {
        return;
    }
    let rank = (n - 2) / 2;
    out.push((0, "base_buffer".into()));
    out.push((1, "offset".into()));
    if rank > 0 {
        out.push((2, "sizes".into()));
        out.push((2 + rank, "strides".into()));
    }
}

fn verify_extract_strided_metadata(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&m) = ir.operands(op).first() else {
        return;
    };
    let Some(mt) = memref_parts(ctx, ir.value_type(m)) else {
        v.error(op, "operand #0 must be strided memref of any type values");
        return;
    };
    let results = ir.results(op);
    for (i, &r) in results.iter().enumerate().skip(1) {
        let ty = ir.value_type(r);
        if !ctx.is_index(ty) {
            v.error(
                op,
                format!(
                    "result #{i} must be variadic of index, but got '{}'",
                    type_str(ir, ty)
                ),
            );
            return;
        }
    }
    let rank = mt.shape.len();
    if results.len() != 2 + 2 * rank {
        v.error(op, format!("requires {} results", 2 + 2 * rank));
    }
}

// ---------------------------------------------------------------------------------------
// transpose
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static TRANSPOSE: Transpose = "memref.transpose" {
        attrs: [PERMUTATION("permutation")],
        traits: Traits::PURE,
        parse: Some(parse_transpose),
        print: Some(print_transpose),
        verify: Some(verify_transpose),
        result_names: Some(|_, _, out| out.push((0, "transpose".into()))),
    }
}

/// `%in (d0, d1) -> (d1, d0) {attrs} : T to U` (the permutation is a bare affine map).
fn parse_transpose(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    let map = p.parse_affine_map_body()?;
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&x, from)?];
    st.result_types = vec![to];
    let a = p.ctx().affine_map_attr(map);
    st.add_attr(p.intern("permutation"), a);
    Ok(())
}

fn print_transpose(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    p.write(" ");
    if let Some(AttrData::AffineMap(m)) = ir.attr(op, "permutation").map(|a| ir.ctx().attr_data(a))
    {
        p.print_affine_map(*m);
    }
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
    p.write(" to ");
    p.print_type(ir.value_type(r));
}

/// The permutation a map applies, if it is one: result `i` is dimension `perm[i]`.
fn permutation(ctx: &Context, map: lattice_ir::affine::AffineMap) -> Option<Vec<usize>> {
    let d = ctx.map_data(map);
    if d.num_symbols != 0 || d.results.len() != d.num_dims as usize {
        return None;
    }
    let mut seen = vec![false; d.results.len()];
    let mut perm = Vec::new();
    for &e in &d.results {
        let lattice_ir::affine::AffineExprData::Dim(i) = ctx.expr_data(e) else {
            return None;
        };
        let i = i as usize;
        if i >= seen.len() || seen[i] {
            return None;
        }
        seen[i] = true;
        perm.push(i);
    }
    Some(perm)
}

fn verify_transpose(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let Some(AttrData::AffineMap(map)) = ir.attr(op, "permutation").map(|a| ctx.attr_data(a))
    else {
        v.error(op, "requires attribute 'permutation'");
        return;
    };
    let Some(perm) = permutation(ctx, *map) else {
        v.error(op, "expected a permutation map");
        return;
    };
    let (sty, rty) = (ir.value_type(x), ir.value_type(r));
    let (Some(s), Some(res)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        v.error(op, "operand #0 and result must be strided memrefs");
        return;
    };
    if perm.len() != s.shape.len() {
        v.error(op, "expected a permutation map of same rank as the input");
        return;
    }
    let Some((strides, offset)) =
        strides_and_offset(ctx, s.shape, s.layout).filter(|(st, _)| st.len() == s.shape.len())
    else {
        v.error(
            op,
            format!(
                "expected a strided memref type, but got '{}'",
                type_str(ir, sty)
            ),
        );
        return;
    };
    let shape: Vec<i64> = perm.iter().map(|&i| s.shape[i]).collect();
    let strides: Vec<i64> = perm.iter().map(|&i| strides[i]).collect();
    let layout = ctx.attr(AttrData::Strided {
        strides: strides.clone(),
        offset,
    });
    let canonical_layout =
        canonical_strided_layout(ctx, &shape, &strides, offset).unwrap_or(layout);
    let canonical = memref_type(
        ctx,
        shape.clone(),
        s.element,
        Some(canonical_layout),
        s.memory_space,
    );
    // mlir-opt compares layouts after canonicalizing affine maps: a strided layout must
    // match exactly, a map must describe the same strides and offset, and the identity
    // layout never matches (the canonical type always carries `strided<>`).
    let layout_ok = match res.layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::Strided { .. }) => res.layout == Some(layout),
        Some(AttrData::AffineMap(m)) => affine_strides(ctx, *m) == Some((strides, offset)),
        _ => false,
    };
    let same_rest =
        shape == res.shape && res.element == s.element && res.memory_space == s.memory_space;
    if !(layout_ok && same_rest) {
        v.error(
            op,
            format!(
                "result type '{}' is not equivalent to the canonical transposed input type '{}'",
                type_str(ir, rty),
                type_str(ir, canonical)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------
// assume_alignment / realloc / reshape / memory_space_cast
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static ASSUME_ALIGNMENT: AssumeAlignment = "memref.assume_alignment" {
        attrs: [ALIGNMENT("alignment")],
        traits: Traits::PURE,
        parse: Some(parse_assume_alignment),
        print: Some(print_assume_alignment),
        verify: Some(verify_assume_alignment),
        result_names: Some(|_, _, out| out.push((0, "assume_align".into()))),
    }
}

/// `%m, 16 {attrs} : memref<..>`
fn parse_assume_alignment(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let m = p.parse_operand()?;
    p.expect(",")?;
    let i32t = p.ctx().int_type(32);
    let alignment = p.parse_attribute(Some(i32t))?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&m, ty)?];
    st.result_types = vec![ty];
    st.add_attr(p.intern("alignment"), alignment);
    Ok(())
}

fn print_assume_alignment(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&m) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(m);
    p.write(", ");
    if let Some(a) = ir.attr(op, "alignment") {
        p.print_attribute_without_type(a);
    }
    p.print_optional_attr_dict(op, &["alignment"]);
    p.write(" : ");
    p.print_type(ir.value_type(m));
}

fn verify_assume_alignment(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let value = ir.attr(op, "alignment").and_then(|a| {
        (ctx.attr_type(a) == Some(ctx.int_type(32)))
            .then(|| ctx.int_value(a))
            .flatten()
    });
    match value {
        Some(a) if a > 0 => {
            if !(a as u128).is_power_of_two() {
                v.error(op, "alignment must be power of 2");
            }
        }
        _ => v.error(
            op,
            "attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive",
        ),
    }
}

lattice_ir::def_op! {
    pub static REALLOC: Realloc = "memref.realloc" {
        attrs: [ALIGNMENT("alignment")],
        parse: Some(parse_realloc),
        print: Some(print_realloc),
        verify: Some(verify_realloc),
    }
}

/// `%src (%size)? {attrs} : T to U`
fn parse_realloc(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    let sizes = p.parse_operand_list(Delimiter::OptionalParen)?;
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&src, from)?];
    ops.extend(p.resolve_operands_all(&sizes, index)?);
    st.operands = ops;
    st.result_types = vec![to];
    Ok(())
}

fn print_realloc(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let (Some(&src), Some(&res)) = (ops.first(), ir.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(src);
    if ops.len() > 1 {
        p.write("(");
        p.print_operands(&ops[1..]);
        p.write(")");
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(src));
    p.write(" to ");
    p.print_type(ir.value_type(res));
}

fn verify_realloc(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    verify_alignment(v, op);
    let ops = ir.operands(op);
    let (Some(&src), Some(&res)) = (ops.first(), ir.results(op).first()) else {
        return;
    };
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let (Some(s), Some(r)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        v.error(op, "operand #0 and result must be 1D memrefs");
        return;
    };
    if s.shape.len() != 1 || r.shape.len() != 1 {
        v.error(op, "operand #0 and result must be 1D memrefs");
        return;
    }
    for (ty, what) in [(sty, "source"), (rty, "result")] {
        if !has_identity_layout(ctx, ty) {
            v.error_raw(
                op,
                format!(
                    "unsupported layout for {what} memref type '{}'",
                    type_str(ir, ty)
                ),
            );
            return;
        }
    }
    if s.element != r.element {
        v.error_raw(
            op,
            format!(
                "different element types specified for source memref type '{}' and result memref type '{}'",
                type_str(ir, sty),
                type_str(ir, rty)
            ),
        );
        return;
    }
    if r.shape[0] == DYNAMIC && ops.len() < 2 {
        v.error_raw(
            op,
            format!(
                "missing dimension operand for result type '{}'",
                type_str(ir, rty)
            ),
        );
    } else if r.shape[0] != DYNAMIC && ops.len() > 1 {
        v.error_raw(
            op,
            format!(
                "unnecessary dimension operand for result type '{}'",
                type_str(ir, rty)
            ),
        );
    }
}

lattice_ir::def_op! {
    pub static RESHAPE: Reshape = "memref.reshape" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_reshape_op),
        print: Some(print_reshape_op),
        verify: Some(verify_reshape_op),
        result_names: Some(|_, _, out| out.push((0, "reshape".into()))),
    }
}

/// `%src(%shape) {attrs} : (T, S) -> U`
fn parse_reshape_op(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect("(")?;
    let shape = p.parse_operand()?;
    p.expect(")")?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    let span = p.current_span();
    let (inputs, results) = p.parse_function_type()?;
    if inputs.len() != 2 {
        return Err(p.error_at(
            span,
            format!("expected 2 operand types but had {}", inputs.len()),
        ));
    }
    st.operands = vec![
        p.resolve_operand(&src, inputs[0])?,
        p.resolve_operand(&shape, inputs[1])?,
    ];
    st.result_types = results;
    Ok(())
}

fn print_reshape_op(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("(");
    p.print_operand(ops[1]);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let inputs = [ir.value_type(ops[0]), ir.value_type(ops[1])];
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    p.print_function_type(&inputs, &results);
}

fn verify_reshape_op(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let Some(&res) = ir.results(op).first() else {
        return;
    };
    if ops.len() != 2 {
        return;
    }
    let (sty, shty, rty) = (
        ir.value_type(ops[0]),
        ir.value_type(ops[1]),
        ir.value_type(res),
    );
    if ctx.element_type(sty) != ctx.element_type(rty) {
        v.error(
            op,
            "element types of source and destination memref types should be the same",
        );
        return;
    }
    if memref_parts(ctx, sty).is_some() && !has_identity_layout(ctx, sty) {
        v.error(op, "source memref type should have identity affine map");
        return;
    }
    let Some(shape_len) = ctx.shape(shty).and_then(|s| s.first().copied()) else {
        return;
    };
    if let Some(r) = memref_parts(ctx, rty) {
        if !has_identity_layout(ctx, rty) {
            v.error(op, "result memref type should have identity affine map");
            return;
        }
        if shape_len == DYNAMIC {
            v.error(
                op,
                "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
            );
            return;
        }
        if shape_len != r.shape.len() as i64 {
            v.error(
                op,
                "length of shape operand differs from the result's memref rank",
            );
        }
    }
}

lattice_ir::def_op! {
    pub static MEMORY_SPACE_CAST: MemorySpaceCast = "memref.memory_space_cast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_operand_to_type),
        print: Some(print_operand_to_type),
        verify: Some(verify_memory_space_cast),
        result_names: Some(|_, _, out| out.push((0, "memspacecast".into()))),
    }
}

fn verify_memory_space_cast(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let (Some(&x), Some(&r)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return;
    };
    let (a, b) = (ir.value_type(x), ir.value_type(r));
    let ok = match (ctx.type_data(a), ctx.type_data(b)) {
        (
            TypeData::MemRef {
                shape: sa,
                element: ea,
                layout: la,
                ..
            },
            TypeData::MemRef {
                shape: sb,
                element: eb,
                layout: lb,
                ..
            },
        ) => sa == sb && ea == eb && la == lb,
        (
            TypeData::UnrankedMemRef { element: ea, .. },
            TypeData::UnrankedMemRef { element: eb, .. },
        ) => ea == eb,
        _ => false,
    };
    if !ok {
        v.error(
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_str(ir, a),
                type_str(ir, b)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------
// Canonicalization patterns
// ---------------------------------------------------------------------------------------

/// MLIR's `foldMemRefCast`: memref operands produced by a `memref.cast` of a ranked
/// memref use the cast's source instead (operand `skip`, a stored value, is left alone).
fn fold_memref_casts(ir: &mut Ir, op: Op, skip: Option<usize>) -> bool {
    let mut changed = false;
    for i in 0..ir.operands(op).len() {
        if Some(i) == skip {
            continue;
        }
        let v = ir.operand(op, i);
        let Some(cast) = ir.defining_op(v).filter(|&d| ir.isa::<Cast>(d)) else {
            continue;
        };
        let Some(&src) = ir.operands(cast).first() else {
            continue;
        };
        if matches!(
            ir.ctx().type_data(ir.value_type(src)),
            TypeData::MemRef { .. }
        ) {
            ir.set_operand(op, i, src);
            changed = true;
        }
    }
    changed
}

fn canonicalize_cast_users(ir: &mut Ir, op: Op) -> bool {
    fold_memref_casts(ir, op, None)
}

/// `memref.copy`: casts fold into both operands; a copy onto itself or of an empty
/// memref (a static zero dimension) is erased (`FoldSelfCopy`, `FoldEmptyCopy`).
fn canonicalize_copy(ir: &mut Ir, op: Op) -> bool {
    let ops = ir.operands(op).to_vec();
    if ops.len() == 2 {
        let empty = |ir: &Ir, v: Value| {
            ir.ctx()
                .shape(ir.value_type(v))
                .is_some_and(|s| s.contains(&0))
        };
        if ops[0] == ops[1] || empty(ir, ops[0]) || empty(ir, ops[1]) {
            ir.erase_op(op);
            return true;
        }
    }
    fold_memref_casts(ir, op, None)
}

/// `memref.subview` whose result type is its (static) source type is the source; so
/// is a zero-offset unit-stride subview of a subview with the same sizes and type.
fn fold_subview(ir: &Ir, op: Op, _: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let (src, res) = (*ir.operands(op).first()?, *ir.results(op).first()?);
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let r = memref_parts(ctx, rty)?;
    let static_layout = match r.layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::Strided { strides, offset }) => {
            *offset != DYNAMIC && !strides.contains(&DYNAMIC)
        }
        _ => true,
    };
    if sty == rty && !r.shape.contains(&DYNAMIC) && static_layout {
        return Some(vec![FoldResult::Value(src)]);
    }
    let inner = ir.defining_op(src).filter(|&d| ir.isa::<SubView>(d))?;
    let (outer_oss, inner_oss) = (
        offsets_sizes_strides(ir, op)?,
        offsets_sizes_strides(ir, inner)?,
    );
    let zero_offsets = outer_oss.offsets.0.iter().all(|&o| o == 0);
    let unit_strides = outer_oss.strides.0.iter().all(|&s| s == 1);
    let same_sizes = outer_oss.sizes == inner_oss.sizes;
    (zero_offsets && unit_strides && same_sizes && sty == rty).then(|| vec![FoldResult::Value(src)])
}

/// The subview patterns, in MLIR's order: constant operands, casts of the source,
/// trivial subviews.
fn canonicalize_subview(ir: &mut Ir, op: Op) -> bool {
    subview_constant_operands(ir, op) || subview_source_cast(ir, op) || subview_trivial(ir, op)
}

/// The dims a subview's result type drops (unit sizes the result shape does not match).
pub fn subview_dropped_dims(sizes: &[i64], result_shape: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; sizes.len()];
    let mut ri = 0;
    for (d, &sz) in sizes.iter().enumerate() {
        if ri < result_shape.len() && result_shape[ri] == sz {
            ri += 1;
        } else if sz == 1 {
            dropped[d] = true;
        } else {
            return None;
        }
    }
    (ri == result_shape.len()).then_some(dropped)
}

/// MLIR's `SubViewOp::inferResultType` of `source` and the static lists, with the
/// `dropped` dims removed (strided layout always).
fn infer_subview_type(
    ctx: &Context,
    source: Type,
    (offsets, sizes, strides): (&[i64], &[i64], &[i64]),
    dropped: &[bool],
) -> Option<Type> {
    let s = memref_parts(ctx, source)?;
    let (src_strides, src_offset) =
        strides_and_offset(ctx, s.shape, s.layout).filter(|(st, _)| st.len() == s.shape.len())?;
    let n = src_strides.len();
    if offsets.len() != n || sizes.len() != n || strides.len() != n || dropped.len() != n {
        return None;
    }
    let mul = |a: i64, b: i64| {
        if a == DYNAMIC || b == DYNAMIC {
            DYNAMIC
        } else {
            a.saturating_mul(b)
        }
    };
    let add = |a: i64, b: i64| {
        if a == DYNAMIC || b == DYNAMIC {
            DYNAMIC
        } else {
            a.saturating_add(b)
        }
    };
    let mut offset = src_offset;
    let (mut shape, mut new_strides) = (Vec::new(), Vec::new());
    for (d, &st) in src_strides.iter().enumerate() {
        offset = add(offset, mul(offsets[d], st));
        if !dropped[d] {
            shape.push(sizes[d]);
            new_strides.push(mul(strides[d], st));
        }
    }
    let layout = ctx.attr(AttrData::Strided {
        strides: new_strides,
        offset,
    });
    Some(memref_type(
        ctx,
        shape,
        s.element,
        Some(layout),
        s.memory_space,
    ))
}

/// Replaces `op` (a subview) by a new subview of `source` with the given lists and
/// result type, followed by a `memref.cast` back to the old result type.
fn replace_subview(
    ir: &mut Ir,
    op: Op,
    source: Value,
    lists: &[(Vec<i64>, Vec<Value>); 3],
    new_type: Type,
) {
    let ctx = ir.ctx();
    let (name, loc) = (ir.op(op).name, ir.loc(op));
    let mut operands = vec![source];
    for l in lists {
        operands.extend(l.1.iter().copied());
    }
    let mut st = OperationState::new(name, loc);
    st.operands = operands;
    st.result_types = vec![new_type];
    let seg = segment_sizes(
        ctx,
        &[1, lists[0].1.len(), lists[1].1.len(), lists[2].1.len()],
    );
    let (a, b, c) = (
        ctx.dense_i64_array(&lists[0].0),
        ctx.dense_i64_array(&lists[1].0),
        ctx.dense_i64_array(&lists[2].0),
    );
    st.add_attr(ctx.intern_str("operandSegmentSizes"), seg);
    st.add_attr(ctx.intern_str("static_offsets"), a);
    st.add_attr(ctx.intern_str("static_sizes"), b);
    st.add_attr(ctx.intern_str("static_strides"), c);
    let new = ir.create_op(st);
    ir.insert_op_before(op, new);
    let res = ir.result(op, 0);
    let v = cast_before(ir, op, ir.result(new, 0), ir.value_type(res));
    ir.replace_all_uses(res, v);
    ir.erase_op(op);
}

/// A `memref.cast` of `value` to `ty` inserted before `op`.
fn cast_before(ir: &mut Ir, op: Op, value: Value, ty: Type) -> Value {
    let cast_name = ir.ctx().intern_str(Cast::NAME);
    let mut cst = OperationState::new(cast_name, ir.loc(op));
    cst.operands = vec![value];
    cst.result_types = vec![ty];
    let cast = ir.create_op(cst);
    ir.insert_op_before(op, cast);
    ir.result(cast, 0)
}

/// MLIR's `OpWithOffsetSizesAndStridesConstantArgumentFolder` for `memref.subview`:
/// constant dynamic operands (non-negative offsets and sizes, non-zero strides: mlir-opt
/// keeps zero strides dynamic) become static, in a
/// new subview with the inferred type, cast back to the old type. Like MLIR, one list
/// (offsets, then sizes, then strides) is folded per application.
/// The verifier's bounds rule for static slices of static dimensions: the message for the
/// first offset or slice of `(offsets, sizes, strides)` out of `shape`'s bounds.
fn slice_out_of_bounds(
    shape: &[i64],
    (offsets, sizes, strides): SliceStatics<'_>,
) -> Option<String> {
    for (d, &dim) in shape.iter().enumerate() {
        let (off, size, stride) = (*offsets.get(d)?, *sizes.get(d)?, *strides.get(d)?);
        if dim == DYNAMIC || off == DYNAMIC {
            continue;
        }
        if size != 0 && off >= dim {
            return Some(format!("offset {d} is out-of-bounds: {off} >= {dim}"));
        }
        if size != DYNAMIC && stride != DYNAMIC && size > 0 {
            let last = off.saturating_add((size - 1).saturating_mul(stride));
            if last >= dim {
                return Some(format!(
                    "slice along dimension {d} runs out-of-bounds: {last} >= {dim}"
                ));
            }
        }
    }
    None
}

/// A subview's static offsets, sizes and strides.
type SliceStatics<'a> = (&'a [i64], &'a [i64], &'a [i64]);

fn subview_constant_operands(ir: &mut Ir, op: Op) -> bool {
    let Some(oss) = offsets_sizes_strides(ir, op) else {
        return false;
    };
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return false;
    };
    let fold_list = |ir: &Ir, (statics, dynamic): &(Vec<i64>, Vec<Value>), non_negative: bool| {
        let mut statics = statics.clone();
        let mut kept = Vec::new();
        let mut changed = false;
        let mut next = 0;
        for s in statics.iter_mut() {
            if *s != DYNAMIC {
                continue;
            }
            let v = *dynamic.get(next)?;
            next += 1;
            match const_index(ir, v) {
                Some(c) if (non_negative && c >= 0) || (!non_negative && c != 0) => {
                    *s = c;
                    changed = true;
                }
                _ => kept.push(v),
            }
        }
        changed.then_some((statics, kept))
    };
    let mut lists = [oss.offsets.clone(), oss.sizes.clone(), oss.strides.clone()];
    let folded = [(0, true), (1, true), (2, false)]
        .into_iter()
        .find_map(|(i, nn)| fold_list(ir, &lists[i], nn).map(|f| (i, f)));
    let Some((i, folded)) = folded else {
        return false;
    };
    lists[i] = folded;
    let ctx = ir.ctx();
    let Some(r) = memref_parts(ctx, ir.value_type(res)) else {
        return false;
    };
    let Some(dropped) = subview_dropped_dims(&oss.sizes.0, r.shape) else {
        return false;
    };
    let statics = (
        lists[0].0.as_slice(),
        lists[1].0.as_slice(),
        lists[2].0.as_slice(),
    );
    // As mlir-opt: constants that would make the subview invalid (a slice out of the
    // source's static bounds, undefined behaviour only when it runs) stay operands.
    let Some(source) = memref_parts(ctx, ir.value_type(src)) else {
        return false;
    };
    if slice_out_of_bounds(source.shape, statics).is_some() {
        return false;
    }
    let Some(new_type) = infer_subview_type(ctx, ir.value_type(src), statics, &dropped) else {
        return false;
    };
    replace_subview(ir, op, src, &lists, new_type);
    true
}

/// MLIR's `CastOp::canFoldIntoConsumerOp`: a cast between strided ranked memrefs of the
/// same element type and rank that only makes sizes, strides or offset less static.
fn cast_folds_into_consumer(ctx: &Context, from: Type, to: Type) -> bool {
    let (Some(a), Some(b)) = (memref_parts(ctx, from), memref_parts(ctx, to)) else {
        return false;
    };
    if a.element != b.element || a.shape.len() != b.shape.len() {
        return false;
    }
    let (Some((sa, oa)), Some((sb, ob))) = (
        strides_and_offset(ctx, a.shape, a.layout),
        strides_and_offset(ctx, b.shape, b.layout),
    ) else {
        return false;
    };
    let more_static = |x: i64, y: i64| x != y && x == DYNAMIC && y != DYNAMIC;
    !(a.shape
        .iter()
        .zip(b.shape)
        .any(|(&x, &y)| more_static(x, y))
        || more_static(oa, ob)
        || sa.iter().zip(&sb).any(|(&x, &y)| more_static(x, y)))
}

/// `SubViewOpMemRefCastFolder`: a subview of a foldable cast takes the cast's source.
fn subview_source_cast(ir: &mut Ir, op: Op) -> bool {
    if ir
        .operands(op)
        .iter()
        .any(|&v| const_index(ir, v).is_some())
    {
        return false;
    }
    let Some(oss) = offsets_sizes_strides(ir, op) else {
        return false;
    };
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return false;
    };
    let Some(cast) = ir.defining_op(src).filter(|&d| ir.isa::<Cast>(d)) else {
        return false;
    };
    let Some(&inner) = ir.operands(cast).first() else {
        return false;
    };
    let ctx = ir.ctx();
    if !cast_folds_into_consumer(ctx, ir.value_type(inner), ir.value_type(src)) {
        return false;
    }
    let Some(r) = memref_parts(ctx, ir.value_type(res)) else {
        return false;
    };
    let Some(dropped) = subview_dropped_dims(&oss.sizes.0, r.shape) else {
        return false;
    };
    let statics = (
        oss.offsets.0.as_slice(),
        oss.sizes.0.as_slice(),
        oss.strides.0.as_slice(),
    );
    let Some(new_type) = infer_subview_type(ctx, ir.value_type(inner), statics, &dropped) else {
        return false;
    };
    let lists = [oss.offsets.clone(), oss.sizes.clone(), oss.strides.clone()];
    replace_subview(ir, op, inner, &lists, new_type);
    true
}

/// `TrivialSubViewOpFolder`: zero offsets, unit strides and the source's static sizes
/// make the subview its source (through a cast when the types differ).
fn subview_trivial(ir: &mut Ir, op: Op) -> bool {
    let Some(oss) = offsets_sizes_strides(ir, op) else {
        return false;
    };
    let (Some(&src), Some(&res)) = (ir.operands(op).first(), ir.results(op).first()) else {
        return false;
    };
    let ctx = ir.ctx();
    let (sty, rty) = (ir.value_type(src), ir.value_type(res));
    let (Some(s), Some(r)) = (memref_parts(ctx, sty), memref_parts(ctx, rty)) else {
        return false;
    };
    if s.shape.len() != r.shape.len()
        || !oss.offsets.0.iter().all(|&o| o == 0)
        || !oss.strides.0.iter().all(|&x| x == 1)
        || oss.sizes.0.len() != s.shape.len()
        || oss
            .sizes
            .0
            .iter()
            .zip(s.shape)
            .any(|(&a, &b)| a == DYNAMIC || a != b)
    {
        return false;
    }
    let v = if sty == rty {
        src
    } else {
        cast_before(ir, op, src, rty)
    };
    ir.replace_all_uses(res, v);
    ir.erase_op(op);
    true
}

/// The value of an `arith.constant` of `index` type.
fn const_index(ir: &Ir, v: Value) -> Option<i64> {
    let def = ir.defining_op(v)?;
    if !ir.isa::<crate::arith::Constant>(def) || !ir.ctx().is_index(ir.value_type(v)) {
        return None;
    }
    i64::try_from(ir.ctx().int_value(ir.attr(def, "value")?)?).ok()
}

/// Whether `memref` is a `memref.alloc`/`memref.alloca` result used only by deallocs and
/// stores into it (MLIR's `SimplifyDeadAlloc`, which then erases all of them).
fn is_dead_alloc(ir: &Ir, memref: Value) -> bool {
    let Some(def) = ir.defining_op(memref) else {
        return false;
    };
    if !(ir.isa::<Alloc>(def) || ir.isa::<Alloca>(def)) {
        return false;
    }
    ir.uses(memref)
        .iter()
        .all(|u| ir.isa::<Dealloc>(u.op) || (ir.isa::<Store>(u.op) && u.index == 1))
}

/// Stores into a dead allocation are erased (the allocation then dies too); otherwise
/// casts fold into the memref operand.
fn canonicalize_store(ir: &mut Ir, op: Op) -> bool {
    if let Some(&m) = ir.operands(op).get(1) {
        if is_dead_alloc(ir, m) {
            ir.erase_op(op);
            return true;
        }
    }
    fold_memref_casts(ir, op, Some(0))
}

/// Deallocs of a dead allocation are erased; otherwise casts fold into the operand.
fn canonicalize_dealloc(ir: &mut Ir, op: Op) -> bool {
    if let Some(&m) = ir.operands(op).first() {
        if is_dead_alloc(ir, m) {
            ir.erase_op(op);
            return true;
        }
    }
    fold_memref_casts(ir, op, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_strides() {
        let ctx = Context::new();
        assert_eq!(
            strides_and_offset(&ctx, &[2, 3, 4], None),
            Some((vec![12, 4, 1], 0))
        );
        assert_eq!(
            strides_and_offset(&ctx, &[DYNAMIC, 4], None),
            Some((vec![4, 1], 0))
        );
        assert_eq!(
            strides_and_offset(&ctx, &[4, DYNAMIC], None),
            Some((vec![DYNAMIC, 1], 0))
        );
    }

    #[test]
    fn dim_and_rank_fold() {
        use lattice_ir::diag::SourceId;
        use lattice_ir::parser::parse_source;
        use lattice_ir::store::WalkOrder;
        use std::sync::Arc;
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let mut ir = Ir::new(Arc::new(ctx));
        let text = r#"func.func @f(%n: index, %m: memref<4x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<4x?xf32>
  %d0 = memref.dim %m, %c0 : memref<4x?xf32>
  %d1 = memref.dim %a, %c1 : memref<4x?xf32>
  %d2 = memref.dim %m, %c1 : memref<4x?xf32>
  %r = memref.rank %m : memref<4x?xf32>
  return
}
"#;
        let module = parse_source(&mut ir, SourceId(0), "f.mlir", text).unwrap();
        let ops = ir.walk_ops(module, WalkOrder::PreOrder);
        let find = |name: &str| {
            ops.iter()
                .copied()
                .filter(|&o| ir.is_op(o, name))
                .collect::<Vec<_>>()
        };
        let (consts, dims, rank) = (
            find("arith.constant"),
            find("memref.dim"),
            find("memref.rank")[0],
        );
        let value_of = |o: Op| ir.attr(o, "value");
        let c = [value_of(consts[0]), value_of(consts[1])];
        let ctx = ir.ctx();
        let fold = |op: Op, idx: Option<Attr>| fold_dim(&ir, op, &[None, idx]);
        assert_eq!(
            fold(dims[0], c[0]),
            Some(vec![FoldResult::Constant(ctx.index_attr(4))])
        );
        let n = ir.block_args(ir.op_parent(consts[0]).unwrap())[0];
        assert_eq!(fold(dims[1], c[1]), Some(vec![FoldResult::Value(n)]));
        assert_eq!(fold(dims[2], c[1]), None);
        assert_eq!(fold(dims[2], None), None);
        assert_eq!(
            fold_rank(&ir, rank, &[None]),
            Some(vec![FoldResult::Constant(ctx.index_attr(2))])
        );
    }

    #[test]
    fn atomic_kinds_are_sorted() {
        let mut sorted = ATOMIC_KINDS;
        sorted.sort();
        assert_eq!(sorted, ATOMIC_KINDS);
    }
}

// ---------------------------------------------------------------------------------------
// memref.dma_start, memref.dma_wait
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `memref.dma_start %src[..], %dst[..], %num, %tag[..] (, %stride, %per_stride)? :
    /// T_src, T_dst, T_tag`: starts a DMA transfer (what `lower-affine` makes of
    /// `affine.dma_start`). Operands: src, its indices, dst, its indices, the element count,
    /// tag, its indices, then optionally the stride and the elements per stride.
    pub static DMA_START: DmaStart = "memref.dma_start" {
        attrs: [],
        parse: Some(parse_dma_start),
        print: Some(print_dma_start),
        verify: Some(verify_dma_start),
    }
}

lattice_ir::def_op! {
    /// `memref.dma_wait %tag[..], %num : T_tag`: waits for a DMA transfer.
    pub static DMA_WAIT: DmaWait = "memref.dma_wait" {
        attrs: [],
        parse: Some(parse_dma_wait),
        print: Some(print_dma_wait),
        verify: Some(verify_dma_wait),
    }
}

/// `%m[%i, ...]`
fn parse_indexed(p: &mut Parser<'_>) -> PResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let m = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    Ok((m, indices))
}

fn parse_dma_start(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (src, src_idx) = parse_indexed(p)?;
    p.expect(",")?;
    let (dst, dst_idx) = parse_indexed(p)?;
    p.expect(",")?;
    let num = p.parse_operand()?;
    p.expect(",")?;
    let (tag, tag_idx) = parse_indexed(p)?;
    let mut strides = Vec::new();
    if p.eat(",") {
        strides = p.parse_operand_list(Delimiter::None)?;
    }
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        return Err(p.expected("three types"));
    }
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&src, types[0])?];
    ops.extend(p.resolve_operands_all(&src_idx, index)?);
    ops.push(p.resolve_operand(&dst, types[1])?);
    ops.extend(p.resolve_operands_all(&dst_idx, index)?);
    ops.push(p.resolve_operand(&num, index)?);
    ops.push(p.resolve_operand(&tag, types[2])?);
    ops.extend(p.resolve_operands_all(&tag_idx, index)?);
    ops.extend(p.resolve_operands_all(&strides, index)?);
    st.operands = ops;
    Ok(())
}

/// The operand ranges of `memref.dma_start` from its memrefs' ranks: src, src indices,
/// dst, dst indices, element count, tag, tag indices, strides; `None` when a memref
/// operand is not a memref or the operands run short.
fn dma_start_layout(ir: &Ir, op: Op) -> Option<[std::ops::Range<usize>; 8]> {
    let ops = ir.operands(op);
    let rank = |i: usize| -> Option<usize> {
        memref_parts(ir.ctx(), ir.value_type(*ops.get(i)?)).map(|m| m.shape.len())
    };
    let s = rank(0)?;
    let d = rank(1 + s)?;
    let t = rank(3 + s + d)?;
    let tag_end = 4 + s + d + t;
    if ops.len() < tag_end {
        return None;
    }
    Some([
        0..1,
        1..1 + s,
        1 + s..2 + s,
        2 + s..2 + s + d,
        2 + s + d..3 + s + d,
        3 + s + d..4 + s + d,
        4 + s + d..tag_end,
        tag_end..ops.len(),
    ])
}

fn print_dma_start(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(l) = dma_start_layout(ir, op) else {
        return;
    };
    let ops = ir.operands(op);
    let indexed = |p: &mut Printer<'_>, m: usize, idx: std::ops::Range<usize>| {
        p.print_operand(ops[m]);
        p.write("[");
        p.print_operands(&ops[idx]);
        p.write("]");
    };
    p.write(" ");
    indexed(p, 0, l[1].clone());
    p.write(", ");
    indexed(p, l[2].start, l[3].clone());
    p.write(", ");
    p.print_operand(ops[l[4].start]);
    p.write(", ");
    indexed(p, l[5].start, l[6].clone());
    for &v in &ops[l[7].clone()] {
        p.write(", ");
        p.print_operand(v);
    }
    p.write(" : ");
    let types = [0, l[2].start, l[5].start].map(|i| ir.value_type(ops[i]));
    p.print_types(&types);
}

fn verify_dma_start(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(l) = dma_start_layout(ir, op) else {
        v.error(
            op,
            "expected memref source, destination and tag operands with one index per dimension",
        );
        return;
    };
    for indices in [&l[1], &l[3], &l[4], &l[6], &l[7]] {
        if !verify_index_operands(v, op, indices.clone(), "") {
            return;
        }
    }
    let strides = l[7].len();
    if strides != 0 && strides != 2 {
        v.error(op, "expected two stride related operands");
    }
}

fn parse_dma_wait(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (tag, tag_idx) = parse_indexed(p)?;
    p.expect(",")?;
    let num = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    let mut ops = vec![p.resolve_operand(&tag, ty)?];
    ops.extend(p.resolve_operands_all(&tag_idx, index)?);
    ops.push(p.resolve_operand(&num, index)?);
    st.operands = ops;
    Ok(())
}

fn print_dma_wait(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let n = ops.len();
    if n < 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write("[");
    p.print_operands(&ops[1..n - 1]);
    p.write("], ");
    p.print_operand(ops[n - 1]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
}

fn verify_dma_wait(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ops = ir.operands(op);
    let Some(tag) = ops
        .first()
        .and_then(|&t| memref_parts(ir.ctx(), ir.value_type(t)))
    else {
        v.error(op, "expected tag to be of memref type");
        return;
    };
    if ops.len() != tag.shape.len() + 2 {
        v.error(
            op,
            format!(
                "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {}, but got {}",
                tag.shape.len(),
                ops.len().saturating_sub(2)
            ),
        );
    }
}
