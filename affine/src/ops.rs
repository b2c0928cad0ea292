//! The affine ops' definitions and custom assembly forms, byte-compatible with mlir-opt 22
//! (`mlir/lib/Dialect/Affine/IR/AffineOps.cpp` and the ODS formats of `AffineOps.td`).
//!
//! Invariants: parsers fill every inherent attribute (property) mlir-opt's parsers fill,
//! with the same names and types (`step = 1 : index`, `operandSegmentSizes`,
//! `lowerBoundsGroups = dense<..> : tensor<Nxi32>`, ...), and insert the implicit
//! `affine.yield` where mlir-opt does; printers elide exactly the attributes and
//! terminators mlir-opt elides. Printers never panic on malformed IR (they print what
//! they can; the verifier reports the problem).

use crate::util::*;
use crate::{fold, verify};
use lattice_dialects::formats::{parse_operands_colon_types, print_operands_colon_types};
use lattice_ir::parser::{Argument, Delimiter, PResult, Parser, RegionOptions, UnresolvedOperand};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::{AffineMap, AttrData, Op, OperationState, Region, Traits, Value};

/// The implicit terminator of `affine.for`, `affine.if` and `affine.parallel`.
const YIELD: &str = crate::views::AffineYield::NAME;

/// `kDynamic` in static index lists.
pub(crate) const DYNAMIC: i64 = i64::MIN;

fn region_opts(terminators: bool) -> RegionPrintOptions {
    RegionPrintOptions {
        print_entry_block_args: false,
        print_block_terminators: terminators,
        print_empty_block: false,
    }
}

/// Parses an attribute that must be an affine map (`#map` or `affine_map<...>`).
fn parse_map(p: &mut Parser<'_>, st: &OperationState) -> PResult<(lattice_ir::Attr, AffineMap)> {
    let span = p.current_span();
    let attr = p.parse_attribute(None)?;
    match p.ctx().attr_data(attr) {
        AttrData::AffineMap(m) => Ok((attr, *m)),
        _ => Err(custom_error(
            p,
            st,
            span,
            "invalid kind of attribute specified",
        )),
    }
}

/// Parses `: memref<...>` requiring a ranked memref type.
fn parse_memref_type(p: &mut Parser<'_>, st: &OperationState) -> PResult<lattice_ir::Type> {
    let span = p.current_span();
    p.expect(":")?;
    let ty = p.parse_type()?;
    if memref_info(p.ctx(), ty).is_none() {
        let found = lattice_ir::printer::type_to_string(p.ctx(), ty);
        return Err(custom_error(
            p,
            st,
            span,
            format!("invalid kind of type specified: expected builtin.memref, but found '{found}'"),
        ));
    }
    Ok(ty)
}

fn resolve_index(p: &mut Parser<'_>, ops: &[UnresolvedOperand]) -> PResult<Vec<Value>> {
    let index = p.ctx().index_type();
    p.resolve_operands_all(ops, index)
}

/// Prints `[<map over SSA ids>]`.
fn print_subscripts(p: &mut Printer<'_>, map: Option<AffineMap>, operands: &[Value]) {
    p.write("[");
    if let Some(m) = map {
        p.print_affine_map_of_ssa_ids(m, operands);
    }
    p.write("]");
}

// ---------------------------------------------------------------------------------------
// affine.apply, affine.min, affine.max
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.apply #map(%d)[%s]`: applies a one-result map.
    pub static APPLY: AffineApply = "affine.apply" {
        attrs: [
            MAP("map") -> map: map,
        ],
        traits: Traits::PURE,
        parse: Some(parse_apply),
        print: Some(print_map_op),
        verify: Some(verify::verify_apply),
        fold: Some(fold::fold_apply),
        canonicalize: Some(crate::canonicalize::canonicalize_apply),
    }
}

lattice_ir::def_op! {
    /// `affine.min #map(%d)[%s]`: the minimum of the map's results.
    pub static MIN: AffineMin = "affine.min" {
        attrs: [
            MAP("map") -> map: map,
        ],
        traits: Traits::PURE,
        parse: Some(parse_min_max),
        print: Some(print_map_op),
        verify: Some(verify::verify_min_max),
        fold: Some(fold::fold_min),
        canonicalize: Some(crate::canonicalize::canonicalize_min_max),
    }
}

lattice_ir::def_op! {
    /// `affine.max #map(%d)[%s]`: the maximum of the map's results.
    pub static MAX: AffineMax = "affine.max" {
        attrs: [
            MAP("map") -> map: map,
        ],
        traits: Traits::PURE,
        parse: Some(parse_min_max),
        print: Some(print_map_op),
        verify: Some(verify::verify_min_max),
        fold: Some(fold::fold_max),
        canonicalize: Some(crate::canonicalize::canonicalize_min_max),
    }
}

/// `#map(%d0, %d1)[%s0] {attrs}`
fn parse_apply(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (attr, map) = parse_map(p, st)?;
    st.add_attr(p.intern("map"), attr);
    let (ops, num_dims) = p.parse_dim_and_symbol_list()?;
    p.parse_optional_attr_dict(st)?;
    let ctx = p.ctx();
    if ctx.map_num_dims(map) as usize != num_dims
        || num_dims + ctx.map_num_symbols(map) as usize != ops.len()
    {
        return Err(name_error(p, st, "dimension or symbol index mismatch"));
    }
    let n = ctx.map_num_results(map);
    let index = ctx.index_type();
    st.operands = resolve_index(p, &ops)?;
    st.result_types = vec![index; n];
    Ok(())
}

/// `#map(%d0)[%s0] {attrs}` (counts are checked by the verifier).
fn parse_min_max(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (attr, _) = parse_map(p, st)?;
    st.add_attr(p.intern("map"), attr);
    let dims = p.parse_operand_list(Delimiter::Paren)?;
    let syms = p.parse_operand_list(Delimiter::OptionalSquare)?;
    p.parse_optional_attr_dict(st)?;
    let mut operands = resolve_index(p, &dims)?;
    operands.extend(resolve_index(p, &syms)?);
    st.operands = operands;
    st.result_types = vec![p.ctx().index_type()];
    Ok(())
}

fn print_map_op(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    if let Some(a) = ir.attr(op, "map") {
        p.print_attribute(a);
    }
    let num_dims = map_attr(ir, op, "map").map_or(0, |m| ir.ctx().map_num_dims(m) as usize);
    p.print_dim_and_symbol_list(ir.operands(op), num_dims);
    p.print_optional_attr_dict(op, &["map"]);
}

// ---------------------------------------------------------------------------------------
// affine.for
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.for %i = lb to ub step N iter_args(...)`: an affine loop.
    pub static FOR: AffineFor = "affine.for" {
        attrs: [
            LOWER_BOUND_MAP("lowerBoundMap") -> lower_bound_map: map,
            OPERAND_SEGMENT_SIZES("operandSegmentSizes"),
            STEP("step") -> step: int,
            UPPER_BOUND_MAP("upperBoundMap") -> upper_bound_map: map,
        ],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(YIELD),
        parse: Some(parse_for),
        print: Some(print_for),
        verify: Some(verify::verify_for),
        canonicalize: Some(crate::canonicalize::canonicalize_for),
        region_branch: Some(crate::region_branch::for_regions),
        speculatability: Some(for_speculatability),
        loop_regions: Some(lattice_ir::registry::every_region),
    }
}

/// `affine.for` with step 1 always terminates, so it is as speculatable as its body
/// (MLIR's `AffineForOp::getSpeculatability`); other steps may not terminate.
fn for_speculatability(ir: &lattice_ir::Ir, op: Op) -> lattice_ir::Speculatability {
    match ir.view::<AffineFor>(op).and_then(|f| f.step(ir)) {
        Some(1) => lattice_ir::Speculatability::RecursivelySpeculatable,
        _ => lattice_ir::Speculatability::NotSpeculatable,
    }
}

/// One loop bound: `%v`, an integer, or `(max|min)? #map(%d)[%s]`.
fn parse_bound(p: &mut Parser<'_>, st: &mut OperationState, lower: bool) -> PResult<Vec<Value>> {
    let has_prefix = p.eat(if lower { "max" } else { "min" });
    let attr_name = p.intern(if lower {
        AffineFor::LOWER_BOUND_MAP
    } else {
        AffineFor::UPPER_BOUND_MAP
    });
    let ctx = p.ctx();
    let index = ctx.index_type();
    let ops = p.parse_operand_list(Delimiter::None)?;
    if !ops.is_empty() {
        if ops.len() > 1 {
            return Err(name_error(p, st, "expected only one loop bound operand"));
        }
        let v = p.resolve_operand(&ops[0], index)?;
        let ctx = p.ctx();
        let map = ctx.affine_map(0, 1, vec![ctx.symbol_expr(0)]);
        st.add_attr(attr_name, ctx.affine_map_attr(map));
        return Ok(vec![v]);
    }
    let attr_span = p.current_span();
    let attr = p.parse_attribute(Some(index))?;
    match p.ctx().attr_data(attr).clone() {
        AttrData::AffineMap(map) => {
            let (ops, num_dims) = p.parse_dim_and_symbol_list()?;
            let ctx = p.ctx();
            if ctx.map_num_dims(map) as usize != num_dims {
                return Err(name_error(
                    p,
                    st,
                    "dim operand count and affine map dim count must match",
                ));
            }
            if num_dims + ctx.map_num_symbols(map) as usize != ops.len() {
                return Err(name_error(
                    p,
                    st,
                    "symbol operand count and affine map symbol count must match",
                ));
            }
            if ctx.map_num_results(map) > 1 && !has_prefix {
                let msg = if lower {
                    "lower loop bound affine map with multiple results requires 'max' prefix"
                } else {
                    "upper loop bound affine map with multiple results requires 'min' prefix"
                };
                return Err(custom_error(p, st, attr_span, msg));
            }
            st.add_attr(attr_name, attr);
            resolve_index(p, &ops)
        }
        AttrData::Integer { value, .. } => {
            let ctx = p.ctx();
            let map = ctx.constant_map(value as i64);
            st.add_attr(attr_name, ctx.affine_map_attr(map));
            Ok(Vec::new())
        }
        _ => Err(name_error(
            p,
            st,
            "expected valid affine map representation for loop bounds",
        )),
    }
}

/// `%i = lb to ub (step N)? (iter_args(%a = %x) -> (T))? {body} {attrs}`
fn parse_for(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let index = p.ctx().index_type();
    let mut iv = p.parse_argument(false, false)?;
    iv.ty = Some(index);
    p.expect("=")?;
    let lb = parse_bound(p, st, true)?;
    p.expect("to").map_err(|mut d| {
        d.message = "expected 'to' between bounds".to_string();
        d
    })?;
    let ub = parse_bound(p, st, false)?;
    let step_name = p.intern("step");
    if p.eat("step") {
        let span = p.current_span();
        let attr = p.parse_attribute(Some(index))?;
        match p.ctx().attr_data(attr) {
            AttrData::Integer { value, .. } if *value < 0 => {
                return Err(custom_error(
                    p,
                    st,
                    span,
                    "expected step to be representable as a positive signed integer",
                ));
            }
            AttrData::Integer { .. } => st.add_attr(step_name, attr),
            _ => {
                return Err(custom_error(
                    p,
                    st,
                    span,
                    "invalid kind of attribute specified",
                ))
            }
        }
    } else {
        let one = p.ctx().index_attr(1);
        st.add_attr(step_name, one);
    }
    let mut args = vec![iv];
    let mut inits = Vec::new();
    if p.eat("iter_args") {
        let (iter_args, init_ops) = parse_assignment_list(p)?;
        st.result_types = p.parse_arrow_type_list()?;
        for ((mut arg, init), &ty) in iter_args.into_iter().zip(&init_ops).zip(&st.result_types) {
            arg.ty = Some(ty);
            inits.push(p.resolve_operand(init, ty)?);
            args.push(arg);
        }
        if init_ops.len() != st.result_types.len() {
            return Err(name_error(
                p,
                st,
                "mismatch between the number of loop-carried values and results",
            ));
        }
    }
    let segments = p
        .ctx()
        .dense_i32_array(&[lb.len() as i32, ub.len() as i32, inits.len() as i32]);
    st.add_attr(p.intern("operandSegmentSizes"), segments);
    st.operands = lb.into_iter().chain(ub).chain(inits).collect();
    let region = p.parse_region(&args, RegionOptions::default())?;
    p.ensure_terminator(region, YIELD, st.loc);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)
}

/// `(%a = %x, %b = %y)`
fn parse_assignment_list(p: &mut Parser<'_>) -> PResult<(Vec<Argument>, Vec<UnresolvedOperand>)> {
    p.expect("(")?;
    let (mut args, mut ops) = (Vec::new(), Vec::new());
    if p.eat(")") {
        return Ok((args, ops));
    }
    loop {
        args.push(p.parse_argument(false, false)?);
        p.expect("=")?;
        ops.push(p.parse_operand()?);
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    Ok((args, ops))
}

/// The operand ranges of `affine.for`: lower bound, upper bound, inits.
pub(crate) fn for_segments(ir: &lattice_ir::Ir, op: Op) -> Option<[std::ops::Range<usize>; 3]> {
    let ctx = ir.ctx();
    let n = ir.operands(op).len();
    let (lb, ub) = match dense_array(ctx, ir.attr(op, "operandSegmentSizes")) {
        Some(s) if s.len() == 3 && s.iter().all(|&x| x >= 0) => (s[0] as usize, s[1] as usize),
        _ => {
            let lbm = map_attr(ir, op, AffineFor::LOWER_BOUND_MAP)?;
            let ubm = map_attr(ir, op, AffineFor::UPPER_BOUND_MAP)?;
            (ctx.map_num_inputs(lbm), ctx.map_num_inputs(ubm))
        }
    };
    if lb + ub > n {
        return None;
    }
    Some([0..lb, lb..lb + ub, lb + ub..n])
}

fn print_bound(p: &mut Printer<'_>, op: Op, attr_name: &str, operands: &[Value], prefix: &str) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let Some(attr) = ir.attr(op, attr_name) else {
        return;
    };
    let Some(map) = map_attr(ir, op, attr_name) else {
        p.print_attribute(attr);
        return;
    };
    let data = ctx.map_data(map);
    if data.results.len() == 1 {
        let e = data.results[0];
        if data.num_dims == 0 && data.num_symbols == 0 {
            if let Some(c) = ctx.constant_value(e) {
                p.write(&c.to_string());
                return;
            }
        }
        if data.num_dims == 0
            && data.num_symbols == 1
            && matches!(ctx.expr_data(e), lattice_ir::AffineExprData::Symbol(_))
        {
            if let Some(&v) = operands.first() {
                p.print_operand(v);
                return;
            }
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    p.print_attribute(attr);
    p.print_dim_and_symbol_list(operands, data.num_dims as usize);
}

fn print_for(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(block);
    let Some(segs) = for_segments(ir, op) else {
        return;
    };
    let Some(&iv) = args.first() else {
        return;
    };
    let operands = ir.operands(op);
    p.write(" ");
    p.print_operand(iv);
    // MLIR's `printRegionArgument(iv, {}, /*omitType=*/true)`: the location follows.
    let loc = ir.value(iv).loc.unwrap_or_else(|| ir.ctx().unknown_loc());
    p.print_optional_location(loc);
    p.write(" = ");
    print_bound(
        p,
        op,
        AffineFor::LOWER_BOUND_MAP,
        &operands[segs[0].clone()],
        "max",
    );
    p.write(" to ");
    print_bound(
        p,
        op,
        AffineFor::UPPER_BOUND_MAP,
        &operands[segs[1].clone()],
        "min",
    );
    let step = int_attr(ir, op, "step").unwrap_or(1);
    if step != 1 {
        p.write(&format!(" step {step}"));
    }
    let inits = &operands[segs[2].clone()];
    if !inits.is_empty() {
        p.write(" iter_args(");
        for (i, (&a, &x)) in args[1..].iter().zip(inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(a);
            p.write(" = ");
            p.print_operand(x);
        }
        p.write(") -> (");
        p.print_types(&types_of(ir, ir.results(op)));
        p.write(")");
    }
    p.write(" ");
    p.print_region(region, region_opts(!inits.is_empty()));
    p.print_optional_attr_dict(
        op,
        &[
            AffineFor::LOWER_BOUND_MAP,
            AffineFor::UPPER_BOUND_MAP,
            "step",
            "operandSegmentSizes",
        ],
    );
}

// ---------------------------------------------------------------------------------------
// affine.if
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.if #set(%d)[%s] { } else { }`: an affine conditional.
    pub static IF: AffineIf = "affine.if" {
        attrs: [
            CONDITION("condition") -> condition: set,
        ],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        speculatability: Some(lattice_ir::registry::recursively_speculatable),
        implicit_terminator: Some(YIELD),
        parse: Some(parse_if),
        print: Some(print_if),
        verify: Some(verify::verify_if),
        canonicalize: Some(crate::canonicalize::canonicalize_if),
        region_branch: Some(crate::region_branch::if_regions),
    }
}

/// `#set(%d)[%s] (-> types)? {then} (else {else})? {attrs}`
fn parse_if(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let attr = p.parse_attribute(None)?;
    let AttrData::IntegerSet(set) = p.ctx().attr_data(attr).clone() else {
        return Err(custom_error(
            p,
            st,
            span,
            "invalid kind of attribute specified",
        ));
    };
    st.add_attr(p.intern("condition"), attr);
    let (ops, num_dims) = p.parse_dim_and_symbol_list()?;
    let data = p.ctx().set_data(set).clone();
    if data.num_dims as usize != num_dims {
        return Err(name_error(
            p,
            st,
            "dim operand count and integer set dim count must match",
        ));
    }
    if num_dims + data.num_symbols as usize != ops.len() {
        return Err(name_error(
            p,
            st,
            "symbol operand count and integer set symbol count must match",
        ));
    }
    st.operands = resolve_index(p, &ops)?;
    st.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[], RegionOptions::default())?;
    p.ensure_terminator(then_region, YIELD, st.loc);
    let else_region = if p.eat("else") {
        let r = p.parse_region(&[], RegionOptions::default())?;
        p.ensure_terminator(r, YIELD, st.loc);
        r
    } else {
        p.ir().create_region()
    };
    st.regions.push(then_region);
    st.regions.push(else_region);
    p.parse_optional_attr_dict(st)
}

fn print_if(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(attr) = ir.attr(op, "condition") else {
        return;
    };
    let num_dims =
        set_attr(ir, op, "condition").map_or(0, |s| ir.ctx().set_data(s).num_dims as usize);
    p.write(" ");
    p.print_attribute(attr);
    p.print_dim_and_symbol_list(ir.operands(op), num_dims);
    p.print_arrow_type_list(&types_of(ir, ir.results(op)));
    let has_results = !ir.results(op).is_empty();
    let regions: Vec<Region> = ir.regions(op).to_vec();
    if let Some(&then_region) = regions.first() {
        p.write(" ");
        p.print_region(then_region, region_opts(has_results));
    }
    if let Some(&else_region) = regions.get(1) {
        if !ir.region_is_empty(else_region) {
            p.write(" else ");
            p.print_region(else_region, region_opts(has_results));
        }
    }
    p.print_optional_attr_dict(op, &["condition"]);
}

// ---------------------------------------------------------------------------------------
// affine.load, affine.store, affine.vector_load, affine.vector_store, affine.prefetch
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.load %m[subscripts] : memref<..>`
    pub static LOAD: AffineLoad = "affine.load" {
        attrs: [
            MAP("map") -> map: map,
        ],
        traits: Traits::READ_ONLY,
        parse: Some(parse_load),
        print: Some(print_load),
        verify: Some(verify::verify_load),
        canonicalize: Some(crate::canonicalize::canonicalize_access),
    }
}

lattice_ir::def_op! {
    /// `affine.store %v, %m[subscripts] : memref<..>`
    pub static STORE: AffineStore = "affine.store" {
        attrs: [
            MAP("map") -> map: map,
        ],
        parse: Some(parse_store),
        print: Some(print_store),
        verify: Some(verify::verify_store),
        canonicalize: Some(crate::canonicalize::canonicalize_access),
    }
}

lattice_ir::def_op! {
    /// `affine.vector_load %m[subscripts] : memref<..>, vector<..>`
    pub static VECTOR_LOAD: AffineVectorLoad = "affine.vector_load" {
        attrs: [
            MAP("map") -> map: map,
        ],
        traits: Traits::READ_ONLY,
        parse: Some(parse_vector_load),
        print: Some(print_vector_load),
        verify: Some(verify::verify_vector_load),
        canonicalize: Some(crate::canonicalize::canonicalize_access),
    }
}

lattice_ir::def_op! {
    /// `affine.vector_store %v, %m[subscripts] : memref<..>, vector<..>`
    pub static VECTOR_STORE: AffineVectorStore = "affine.vector_store" {
        attrs: [
            MAP("map") -> map: map,
        ],
        parse: Some(parse_vector_store),
        print: Some(print_vector_store),
        verify: Some(verify::verify_vector_store),
        canonicalize: Some(crate::canonicalize::canonicalize_access),
    }
}

lattice_ir::def_op! {
    /// `affine.prefetch %m[subscripts], read, locality<N>, data : memref<..>`
    pub static PREFETCH: AffinePrefetch = "affine.prefetch" {
        attrs: [
            IS_DATA_CACHE("isDataCache") -> is_data_cache: attr,
            IS_WRITE("isWrite") -> is_write: attr,
            LOCALITY_HINT("localityHint") -> locality_hint: int,
            MAP("map") -> map: map,
        ],
        parse: Some(parse_prefetch),
        print: Some(print_prefetch),
        verify: Some(verify::verify_prefetch),
        canonicalize: Some(crate::canonicalize::canonicalize_access),
    }
}

/// `%m[subscripts]`: the memref operand, the map attribute (added) and its operands.
fn parse_memref_access(
    p: &mut Parser<'_>,
    st: &mut OperationState,
) -> PResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let memref = p.parse_operand()?;
    let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Square)?;
    let attr = p.ctx().affine_map_attr(map);
    st.add_attr(p.intern("map"), attr);
    Ok((memref, ops))
}

/// `%m[%i + 1] {attrs} : memref<..>`
fn parse_load(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (memref, ops) = parse_memref_access(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_memref_type(p, st)?;
    let mut operands = vec![p.resolve_operand(&memref, ty)?];
    operands.extend(resolve_index(p, &ops)?);
    st.operands = operands;
    st.result_types = vec![p.ctx().element_type(ty)];
    Ok(())
}

/// `%v, %m[%i] {attrs} : memref<..>`
fn parse_store(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let (memref, ops) = parse_memref_access(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_memref_type(p, st)?;
    let elem = p.ctx().element_type(ty);
    let mut operands = vec![
        p.resolve_operand(&value, elem)?,
        p.resolve_operand(&memref, ty)?,
    ];
    operands.extend(resolve_index(p, &ops)?);
    st.operands = operands;
    Ok(())
}

/// Parses `, vector<..>` requiring a vector type.
fn parse_vector_type(p: &mut Parser<'_>, st: &OperationState) -> PResult<lattice_ir::Type> {
    p.expect(",")?;
    let span = p.current_span();
    let ty = p.parse_type()?;
    if !p.ctx().is_vector(ty) {
        let found = lattice_ir::printer::type_to_string(p.ctx(), ty);
        return Err(custom_error(
            p,
            st,
            span,
            format!("invalid kind of type specified: expected builtin.vector, but found '{found}'"),
        ));
    }
    Ok(ty)
}

/// `%m[%i] {attrs} : memref<..>, vector<..>`
fn parse_vector_load(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (memref, ops) = parse_memref_access(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_memref_type(p, st)?;
    let vty = parse_vector_type(p, st)?;
    let mut operands = vec![p.resolve_operand(&memref, ty)?];
    operands.extend(resolve_index(p, &ops)?);
    st.operands = operands;
    st.result_types = vec![vty];
    Ok(())
}

/// `%v, %m[%i] {attrs} : memref<..>, vector<..>`
fn parse_vector_store(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(",")?;
    let (memref, ops) = parse_memref_access(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_memref_type(p, st)?;
    let vty = parse_vector_type(p, st)?;
    let mut operands = vec![
        p.resolve_operand(&value, vty)?,
        p.resolve_operand(&memref, ty)?,
    ];
    operands.extend(resolve_index(p, &ops)?);
    st.operands = operands;
    Ok(())
}

fn print_load(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&memref) = ops.first() else {
        return;
    };
    p.write(" ");
    p.print_operand(memref);
    print_subscripts(p, map_attr(ir, op, "map"), &ops[1..]);
    p.print_optional_attr_dict(op, &["map"]);
    p.write(" : ");
    p.print_type(ir.value_type(memref));
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
    print_subscripts(p, map_attr(ir, op, "map"), &ops[2..]);
    p.print_optional_attr_dict(op, &["map"]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[1]));
}

fn print_vector_load(p: &mut Printer<'_>, op: Op) {
    print_load(p, op);
    let ir = p.ir();
    if let Some(&r) = ir.results(op).first() {
        p.write(", ");
        p.print_type(ir.value_type(r));
    }
}

fn print_vector_store(p: &mut Printer<'_>, op: Op) {
    print_store(p, op);
    let ir = p.ir();
    if let Some(&v) = ir.operands(op).first() {
        p.write(", ");
        p.print_type(ir.value_type(v));
    }
}

/// `%m[%i], read|write, locality<N>, data|instr {attrs} : memref<..>`
fn parse_prefetch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (memref, ops) = parse_memref_access(p, st)?;
    p.expect(",")?;
    let rw = p.parse_keyword()?;
    p.expect(",")?;
    p.expect("locality")?;
    p.expect("<")?;
    let i32t = p.ctx().int_type(32);
    let hint = p.parse_attribute(Some(i32t))?;
    st.add_attr(p.intern("localityHint"), hint);
    p.expect(">")?;
    p.expect(",")?;
    let cache = p.parse_keyword()?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_memref_type(p, st)?;
    let mut operands = vec![p.resolve_operand(&memref, ty)?];
    operands.extend(resolve_index(p, &ops)?);
    st.operands = operands;
    if rw != "read" && rw != "write" {
        return Err(name_error(
            p,
            st,
            "rw specifier has to be 'read' or 'write'",
        ));
    }
    let is_write = p.ctx().bool_attr(rw == "write");
    st.add_attr(p.intern("isWrite"), is_write);
    if cache != "data" && cache != "instr" {
        return Err(name_error(p, st, "cache type has to be 'data' or 'instr'"));
    }
    let is_data = p.ctx().bool_attr(cache == "data");
    st.add_attr(p.intern("isDataCache"), is_data);
    Ok(())
}

fn print_prefetch(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&memref) = ops.first() else {
        return;
    };
    p.write(" ");
    p.print_operand(memref);
    print_subscripts(p, map_attr(ir, op, "map"), &ops[1..]);
    let rw = if flag_attr(ir, op, "isWrite") {
        "write"
    } else {
        "read"
    };
    let hint = int_attr(ir, op, "localityHint").unwrap_or(0);
    let cache = if flag_attr(ir, op, "isDataCache") {
        "data"
    } else {
        "instr"
    };
    p.write(&format!(", {rw}, locality<{hint}>, {cache}"));
    p.print_optional_attr_dict(op, &["map", "localityHint", "isDataCache", "isWrite"]);
    p.write(" : ");
    p.print_type(ir.value_type(memref));
}

// ---------------------------------------------------------------------------------------
// affine.parallel
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.parallel (%i) = (lbs) to (ubs) step (..) reduce (..)`: a parallel loop nest.
    pub static PARALLEL: AffineParallel = "affine.parallel" {
        attrs: [
            LOWER_BOUNDS_GROUPS("lowerBoundsGroups") -> lower_bounds_groups: attr,
            LOWER_BOUNDS_MAP("lowerBoundsMap") -> lower_bounds_map: map,
            REDUCTIONS("reductions") -> reductions: attr,
            STEPS("steps") -> steps: attr,
            UPPER_BOUNDS_GROUPS("upperBoundsGroups") -> upper_bounds_groups: attr,
            UPPER_BOUNDS_MAP("upperBoundsMap") -> upper_bounds_map: map,
        ],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        loop_regions: Some(lattice_ir::registry::every_region),
        implicit_terminator: Some(YIELD),
        parse: Some(parse_parallel),
        print: Some(print_parallel),
        verify: Some(verify::verify_parallel),
    }
}

/// The `arith::AtomicRMWKind` names, by value.
pub(crate) const ATOMIC_RMW_KINDS: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// `(b1, max(b2, b3), ...)`: one bound list of `affine.parallel`, as a flat map, its
/// group sizes and its (deduplicated) operands, dims first.
fn parse_parallel_bound(
    p: &mut Parser<'_>,
    lower: bool,
) -> PResult<(AffineMap, Vec<i64>, Vec<Value>)> {
    p.expect("(")?;
    if p.eat(")") {
        return Ok((p.ctx().affine_map(0, 0, vec![]), vec![], vec![]));
    }
    let keyword = if lower { "max" } else { "min" };
    let mut exprs = Vec::new();
    let mut dim_lists: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut sym_lists: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut groups = Vec::new();
    loop {
        if p.eat(keyword) {
            let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
            let ctx = p.ctx();
            let nd = ctx.map_num_dims(map) as usize;
            for &e in ctx.map_results(map) {
                exprs.push(e);
                dim_lists.push(ops[..nd].to_vec());
                sym_lists.push(ops[nd..].to_vec());
            }
            groups.push(ctx.map_num_results(map) as i64);
        } else {
            let (e, dims, syms) = p.parse_affine_expr_of_ssa_ids()?;
            exprs.push(e);
            dim_lists.push(dims);
            sym_lists.push(syms);
            groups.push(1);
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    // Shift each expression's dims and symbols past those of the previous ones.
    let ctx = p.ctx();
    let (mut total_dims, mut total_syms) = (0u32, 0u32);
    for (i, e) in exprs.iter_mut().enumerate() {
        let (nd, ns) = (dim_lists[i].len() as u32, sym_lists[i].len() as u32);
        let dims: Vec<_> = (0..nd).map(|d| ctx.dim_expr(d + total_dims)).collect();
        let syms: Vec<_> = (0..ns).map(|s| ctx.symbol_expr(s + total_syms)).collect();
        *e = ctx.replace_dims_and_symbols(*e, &dims, &syms);
        total_dims += nd;
        total_syms += ns;
    }
    // Deduplicate the operands (dims, then symbols).
    let index = ctx.index_type();
    let mut dim_values: Vec<Value> = Vec::new();
    let mut sym_values: Vec<Value> = Vec::new();
    let mut dim_repl = Vec::new();
    let mut sym_repl = Vec::new();
    for list in &dim_lists {
        for o in list {
            let v = p.resolve_operand(o, index)?;
            let pos = dim_values.iter().position(|&x| x == v).unwrap_or_else(|| {
                dim_values.push(v);
                dim_values.len() - 1
            });
            dim_repl.push(p.ctx().dim_expr(pos as u32));
        }
    }
    for list in &sym_lists {
        for o in list {
            let v = p.resolve_operand(o, index)?;
            let pos = sym_values.iter().position(|&x| x == v).unwrap_or_else(|| {
                sym_values.push(v);
                sym_values.len() - 1
            });
            sym_repl.push(p.ctx().symbol_expr(pos as u32));
        }
    }
    let ctx = p.ctx();
    let flat = ctx.affine_map(total_dims, total_syms, exprs);
    let map = ctx.map_replace_dims_and_symbols(
        flat,
        &dim_repl,
        &sym_repl,
        dim_values.len() as u32,
        sym_values.len() as u32,
    );
    dim_values.extend(sym_values);
    Ok((map, groups, dim_values))
}

/// `(%i, %j) = (lbs) to (ubs) (step (s1, s2))? (reduce ("addf") -> (f32))? {body} {attrs}`
fn parse_parallel(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    p.expect("=")?;
    let (lb_map, lb_groups, lb_ops) = parse_parallel_bound(p, true)?;
    p.expect("to")?;
    let (ub_map, ub_groups, ub_ops) = parse_parallel_bound(p, false)?;
    let ctx = p.ctx();
    st.add_attr(p.intern("lowerBoundsMap"), ctx.affine_map_attr(lb_map));
    st.add_attr(
        p.intern("lowerBoundsGroups"),
        i32_tensor_attr(ctx, &lb_groups),
    );
    st.add_attr(p.intern("upperBoundsMap"), ctx.affine_map_attr(ub_map));
    st.add_attr(
        p.intern("upperBoundsGroups"),
        i32_tensor_attr(ctx, &ub_groups),
    );
    let steps = if p.eat("step") {
        let (map, _) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
        let ctx = p.ctx();
        match ctx.map_constant_results(map) {
            Some(s) => s,
            None => return Err(name_error(p, st, "steps must be constant integers")),
        }
    } else {
        vec![1; ivs.len()]
    };
    let ctx = p.ctx();
    st.add_attr(p.intern("steps"), i64_array_attr(ctx, &steps));
    let mut reductions = Vec::new();
    if p.eat("reduce") {
        p.expect("(")?;
        loop {
            let span = p.current_span();
            let name = p.parse_string()?;
            match ATOMIC_RMW_KINDS.iter().position(|&k| k == name) {
                Some(k) => reductions.push(k as i64),
                None => {
                    let mut quoted = String::new();
                    quoted.push('"');
                    quoted.push_str(&name);
                    quoted.push('"');
                    return Err(custom_error(
                        p,
                        st,
                        span,
                        format!("invalid reduction value: {quoted}"),
                    ));
                }
            }
            if !p.eat(",") {
                break;
            }
        }
        p.expect(")")?;
    }
    let ctx = p.ctx();
    st.add_attr(p.intern("reductions"), i64_array_attr(ctx, &reductions));
    st.result_types = p.parse_optional_arrow_type_list()?;
    let index = p.ctx().index_type();
    for iv in &mut ivs {
        iv.ty = Some(index);
    }
    st.operands = lb_ops.into_iter().chain(ub_ops).collect();
    let region = p.parse_region(&ivs, RegionOptions::default())?;
    p.parse_optional_attr_dict(st)?;
    p.ensure_terminator(region, YIELD, st.loc);
    st.regions.push(region);
    Ok(())
}

/// Prints one bound list of `affine.parallel` (`keyword` is `max` or `min`).
fn print_parallel_bound(
    p: &mut Printer<'_>,
    map: AffineMap,
    groups: &[i64],
    operands: &[Value],
    keyword: &str,
) {
    let ctx = p.ctx();
    let data = ctx.map_data(map).clone();
    let mut start = 0usize;
    for (i, &size) in groups.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let size = size.max(0) as usize;
        let end = (start + size).min(data.results.len());
        let slice = ctx.affine_map(
            data.num_dims,
            data.num_symbols,
            data.results[start.min(end)..end].to_vec(),
        );
        if size == 1 {
            p.print_affine_map_of_ssa_ids(slice, operands);
        } else {
            p.write(keyword);
            p.write("(");
            p.print_affine_map_of_ssa_ids(slice, operands);
            p.write(")");
        }
        start = end;
    }
}

fn print_parallel(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let (Some(lb), Some(ub)) = (
        map_attr(ir, op, "lowerBoundsMap"),
        map_attr(ir, op, "upperBoundsMap"),
    ) else {
        return;
    };
    let lb_groups = dense_elements(ctx, ir.attr(op, "lowerBoundsGroups")).unwrap_or_default();
    let ub_groups = dense_elements(ctx, ir.attr(op, "upperBoundsGroups")).unwrap_or_default();
    let operands = ir.operands(op);
    let n_lb = ctx.map_num_inputs(lb).min(operands.len());
    let ivs: Vec<Value> = ir
        .entry_block(region)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" (");
    p.print_operands(&ivs);
    p.write(") = (");
    print_parallel_bound(p, lb, &lb_groups, &operands[..n_lb], "max");
    p.write(") to (");
    print_parallel_bound(p, ub, &ub_groups, &operands[n_lb..], "min");
    p.write(")");
    let steps = int_array(ctx, ir.attr(op, "steps")).unwrap_or_default();
    if !steps.iter().all(|&s| s == 1) {
        let text: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
        p.write(&format!(" step ({})", text.join(", ")));
    }
    let results = ir.results(op);
    if !results.is_empty() {
        let kinds = int_array(ctx, ir.attr(op, "reductions")).unwrap_or_default();
        let names: Vec<String> = kinds
            .iter()
            .map(|&k| {
                let name = usize::try_from(k)
                    .ok()
                    .and_then(|k| ATOMIC_RMW_KINDS.get(k))
                    .unwrap_or(&"");
                format!("\"{name}\"")
            })
            .collect();
        p.write(&format!(" reduce ({}) -> (", names.join(", ")));
        p.print_types(&types_of(ir, results));
        p.write(")");
    }
    p.write(" ");
    p.print_region(region, region_opts(!results.is_empty()));
    p.print_optional_attr_dict(
        op,
        &[
            "reductions",
            "lowerBoundsMap",
            "lowerBoundsGroups",
            "upperBoundsMap",
            "upperBoundsGroups",
            "steps",
        ],
    );
}

// ---------------------------------------------------------------------------------------
// affine.yield
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.yield`: the terminator of `affine.for`, `affine.if` and `affine.parallel`.
    pub static YIELD_OP: AffineYield = "affine.yield" {
        attrs: [],
        traits: Traits::TERMINATOR
            .with(Traits::PURE)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify::verify_yield),
    }
}

// ---------------------------------------------------------------------------------------
// affine.dma_start, affine.dma_wait
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.dma_start %src[..], %dst[..], %tag[..], %n`: starts a DMA transfer.
    pub static DMA_START: AffineDmaStart = "affine.dma_start" {
        attrs: [],
        parse: Some(parse_dma_start),
        print: Some(print_dma_start),
        verify: Some(verify::verify_dma_start),
    }
}

lattice_ir::def_op! {
    /// `affine.dma_wait %tag[..], %n`: waits for a DMA transfer.
    pub static DMA_WAIT: AffineDmaWait = "affine.dma_wait" {
        attrs: [],
        parse: Some(parse_dma_wait),
        print: Some(print_dma_wait),
        verify: Some(verify::verify_dma_wait),
    }
}

/// `%m[subscripts]` storing the map under `attr_name`; returns the memref and the map's
/// operands and input count.
fn parse_dma_access(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    attr_name: &str,
) -> PResult<(UnresolvedOperand, Vec<UnresolvedOperand>, usize)> {
    let memref = p.parse_operand()?;
    let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Square)?;
    let ctx = p.ctx();
    let attr = ctx.affine_map_attr(map);
    let inputs = ctx.map_num_inputs(map);
    st.add_attr(p.intern(attr_name), attr);
    Ok((memref, ops, inputs))
}

/// `%src[..], %dst[..], %tag[..], %n (, %stride, %per_stride)? : T1, T2, T3`
fn parse_dma_start(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (src, src_ops, src_in) = parse_dma_access(p, st, "src_map")?;
    p.expect(",")?;
    let (dst, dst_ops, dst_in) = parse_dma_access(p, st, "dst_map")?;
    p.expect(",")?;
    let (tag, tag_ops, tag_in) = parse_dma_access(p, st, "tag_map")?;
    p.expect(",")?;
    let num = p.parse_operand()?;
    let mut strides = Vec::new();
    if p.eat(",") {
        // As mlir-opt's `parseTrailingOperandList`: the list after the comma may be empty.
        strides = p.parse_operand_list(Delimiter::None)?;
    }
    if !strides.is_empty() && strides.len() != 2 {
        return Err(name_error(p, st, "expected two stride related operands"));
    }
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        return Err(name_error(p, st, "expected three types"));
    }
    let mut operands = vec![p.resolve_operand(&src, types[0])?];
    operands.extend(resolve_index(p, &src_ops)?);
    operands.push(p.resolve_operand(&dst, types[1])?);
    operands.extend(resolve_index(p, &dst_ops)?);
    operands.push(p.resolve_operand(&tag, types[2])?);
    operands.extend(resolve_index(p, &tag_ops)?);
    operands.extend(resolve_index(p, std::slice::from_ref(&num))?);
    operands.extend(resolve_index(p, &strides)?);
    st.operands = operands;
    if src_ops.len() != src_in || dst_ops.len() != dst_in || tag_ops.len() != tag_in {
        return Err(name_error(
            p,
            st,
            "memref operand count not equal to map.numInputs",
        ));
    }
    Ok(())
}

/// The operand ranges of `affine.dma_start`: src memref, src indices, dst memref, dst
/// indices, tag memref, tag indices, then the element count and optional strides.
pub(crate) fn dma_start_layout(ir: &lattice_ir::Ir, op: Op) -> Option<[std::ops::Range<usize>; 7]> {
    let ctx = ir.ctx();
    let s = ctx.map_num_inputs(map_attr(ir, op, "src_map")?);
    let d = ctx.map_num_inputs(map_attr(ir, op, "dst_map")?);
    let t = ctx.map_num_inputs(map_attr(ir, op, "tag_map")?);
    let n = ir.operands(op).len();
    let rest = 3 + s + d + t;
    if n < rest + 1 {
        return None;
    }
    Some([
        0..1,
        1..1 + s,
        1 + s..2 + s,
        2 + s..2 + s + d,
        2 + s + d..3 + s + d,
        3 + s + d..rest,
        rest..n,
    ])
}

fn print_dma_start(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(l) = dma_start_layout(ir, op) else {
        return;
    };
    let ops = ir.operands(op);
    p.write(" ");
    p.print_operand(ops[l[0].start]);
    print_subscripts(p, map_attr(ir, op, "src_map"), &ops[l[1].clone()]);
    p.write(", ");
    p.print_operand(ops[l[2].start]);
    print_subscripts(p, map_attr(ir, op, "dst_map"), &ops[l[3].clone()]);
    p.write(", ");
    p.print_operand(ops[l[4].start]);
    print_subscripts(p, map_attr(ir, op, "tag_map"), &ops[l[5].clone()]);
    for &v in &ops[l[6].clone()] {
        p.write(", ");
        p.print_operand(v);
    }
    p.write(" : ");
    p.print_types(&[
        ir.value_type(ops[l[0].start]),
        ir.value_type(ops[l[2].start]),
        ir.value_type(ops[l[4].start]),
    ]);
}

/// `%tag[..], %n : memref<..>`
fn parse_dma_wait(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (tag, tag_ops, tag_in) = parse_dma_access(p, st, "tag_map")?;
    p.expect(",")?;
    let num = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    let mut operands = vec![p.resolve_operand(&tag, ty)?];
    operands.extend(resolve_index(p, &tag_ops)?);
    operands.extend(resolve_index(p, std::slice::from_ref(&num))?);
    st.operands = operands;
    if !p.ctx().is_memref(ty) {
        return Err(name_error(p, st, "expected tag to be of memref type"));
    }
    if tag_ops.len() != tag_in {
        return Err(name_error(
            p,
            st,
            "tag memref operand count != to map.numInputs",
        ));
    }
    Ok(())
}

fn print_dma_wait(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let n = ops.len();
    p.write(" ");
    p.print_operand(ops[0]);
    print_subscripts(p, map_attr(ir, op, "tag_map"), &ops[1..n - 1]);
    p.write(", ");
    p.print_operand(ops[n - 1]);
    p.write(" : ");
    p.print_type(ir.value_type(ops[0]));
}

// ---------------------------------------------------------------------------------------
// affine.linearize_index, affine.delinearize_index
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `affine.linearize_index [%a, %b] by (basis)`
    pub static LINEARIZE_INDEX: AffineLinearizeIndex = "affine.linearize_index" {
        attrs: [
            DISJOINT("disjoint") -> disjoint: attr,
            OPERAND_SEGMENT_SIZES("operandSegmentSizes"),
            STATIC_BASIS("static_basis") -> static_basis: attr,
        ],
        traits: Traits::PURE,
        parse: Some(parse_linearize),
        print: Some(print_linearize),
        verify: Some(verify::verify_linearize),
    }
}

lattice_ir::def_op! {
    /// `affine.delinearize_index %x into (basis)`
    pub static DELINEARIZE_INDEX: AffineDelinearizeIndex = "affine.delinearize_index" {
        attrs: [
            STATIC_BASIS("static_basis") -> static_basis: attr,
        ],
        traits: Traits::PURE,
        parse: Some(parse_delinearize),
        print: Some(print_delinearize),
        verify: Some(verify::verify_delinearize),
    }
}

/// `(10, %n, 4)`: the static basis (with [`DYNAMIC`] for SSA entries) and the operands.
fn parse_basis(p: &mut Parser<'_>) -> PResult<(Vec<i64>, Vec<Value>)> {
    p.expect("(").map_err(|mut d| {
        d.message = "expected '(' in dynamic index list".to_string();
        d
    })?;
    let (mut statics, mut dynamics) = (Vec::new(), Vec::new());
    if p.eat(")") {
        return Ok((statics, dynamics));
    }
    let index = p.ctx().index_type();
    loop {
        if let Some(o) = p.parse_optional_operand()? {
            dynamics.push(p.resolve_operand(&o, index)?);
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
    p.expect(")")?;
    Ok((statics, dynamics))
}

fn print_basis(p: &mut Printer<'_>, statics: &[i64], dynamics: &[Value]) {
    p.write("(");
    let mut dyn_iter = dynamics.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            match dyn_iter.next() {
                Some(&v) => p.print_operand(v),
                None => p.write("<<NULL VALUE>>"),
            }
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(")");
}

/// `disjoint? [%a, %b] by (basis) {attrs} : index`
fn parse_linearize(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    // mlir-opt's property defaults to `false` (printed in generic form).
    let disjoint = if p.eat("disjoint") {
        p.ctx().unit_attr()
    } else {
        p.ctx().bool_attr(false)
    };
    st.add_attr(p.intern("disjoint"), disjoint);
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.expect("by")?;
    let (statics, dynamics) = parse_basis(p)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let mut operands = resolve_index(p, &indices)?;
    let ctx = p.ctx();
    st.add_attr(
        p.intern("operandSegmentSizes"),
        ctx.dense_i32_array(&[operands.len() as i32, dynamics.len() as i32]),
    );
    st.add_attr(p.intern("static_basis"), ctx.dense_i64_array(&statics));
    operands.extend(dynamics);
    st.operands = operands;
    st.result_types = vec![ty];
    Ok(())
}

fn print_linearize(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let statics = dense_array(ctx, ir.attr(op, "static_basis")).unwrap_or_default();
    let num_dyn = statics
        .iter()
        .filter(|&&s| s == DYNAMIC)
        .count()
        .min(ops.len());
    let n_idx = match dense_array(ctx, ir.attr(op, "operandSegmentSizes")) {
        Some(s) if s.len() == 2 && (s[0] as usize) <= ops.len() => s[0] as usize,
        _ => ops.len() - num_dyn,
    };
    if flag_attr(ir, op, "disjoint") {
        p.write(" disjoint");
    }
    p.write(" [");
    p.print_operands(&ops[..n_idx]);
    p.write("] by ");
    print_basis(p, &statics, &ops[n_idx..]);
    p.print_optional_attr_dict(op, &["disjoint", "operandSegmentSizes", "static_basis"]);
    p.write(" : ");
    p.print_types(&types_of(ir, ir.results(op)));
}

/// `%x into (basis) {attrs} : index, index`
fn parse_delinearize(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.expect("into")?;
    let (statics, dynamics) = parse_basis(p)?;
    p.parse_optional_attr_dict(st)?;
    let types = p.parse_colon_type_list()?;
    let mut operands = resolve_index(p, std::slice::from_ref(&x))?;
    operands.extend(dynamics);
    let ctx = p.ctx();
    st.add_attr(p.intern("static_basis"), ctx.dense_i64_array(&statics));
    st.operands = operands;
    st.result_types = types;
    Ok(())
}

fn print_delinearize(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let Some(&x) = ops.first() else {
        return;
    };
    let statics = dense_array(ctx, ir.attr(op, "static_basis")).unwrap_or_default();
    p.write(" ");
    p.print_operand(x);
    p.write(" into ");
    print_basis(p, &statics, &ops[1..]);
    p.print_optional_attr_dict(op, &["static_basis"]);
    p.write(" : ");
    p.print_types(&types_of(ir, ir.results(op)));
}
