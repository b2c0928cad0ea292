//! The `linalg` dialect (LLVM 22), reduced to `linalg.generic` and `linalg.yield`: the
//! custom assembly form exactly as mlir-opt 22 parses and prints it, the default block
//! argument names (`%in`, `%out`), and the verifier's basic rules with mlir-opt's messages.
//!
//! Invariants: every `linalg.generic` carries `operandSegmentSizes = [#ins, #outs]` and
//! stores `iterator_types` as `#linalg.iterator_type<parallel|reduction>` (the custom form
//! writes plain strings, as upstream's printer and parser convert them). Effects: with a
//! memref operand the op has arbitrary effects (upstream: it reads its memref inputs,
//! reads and writes its memref inits); on tensors alone its effects are those of its body
//! (`RECURSIVE_EFFECTS` through the `dynamic_effects` hook, so canonicalize erases it when
//! unused and CSE merges identical ones, as upstream's `Pure` op; a body that writes
//! memory keeps it). Passes reading the static traits see none, hence arbitrary effects.
//! Not modelled: the named structured ops, upstream's canonicalization patterns.

use super::arith::{custom_error, type_str};
use crate::formats::{check_segments, segment_values, segments_ok};
use lattice_ir::attrs::{Attr, AttrData, NamedAttr};
use lattice_ir::context::Context;
use lattice_ir::parser::{Delimiter, PResult, Parser, RegionOptions};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::registry::Traits;
use lattice_ir::store::{Ir, Op, OperationState, Region, Value};
use lattice_ir::types::{Type, TypeData, DYNAMIC};
use lattice_ir::verifier::Verifier;
use lattice_ir::{def_op, AffineExpr, AffineExprData, AffineMap};

/// The iterator types upstream's `utils::IteratorType` knows.
const ITERATOR_TYPES: [&str; 2] = ["parallel", "reduction"];
/// The trait attributes the custom form prints in its leading dictionary
/// (`linalgTraitAttrNames`), in that order.
const TRAIT_ATTRS: [&str; 4] = ["doc", "indexing_maps", "iterator_types", "library_call"];
const SEGMENTS: &str = "operandSegmentSizes";

def_op! {
    /// `linalg.generic {trait} ins(...) outs(...) attrs = {...} {region} -> (types)`.
    pub static GENERIC: Generic = "linalg.generic" {
        attrs: [
            DOC("doc") -> doc: attr,
            INDEXING_MAPS("indexing_maps") -> indexing_maps: attr,
            ITERATOR_TYPES("iterator_types") -> iterator_types: attr,
            LIBRARY_CALL("library_call") -> library_call: attr,
            OPERAND_SEGMENT_SIZES("operandSegmentSizes"),
        ],
        parse: Some(parse_generic),
        print: Some(print_generic),
        verify: Some(verify_generic),
        block_arg_names: Some(generic_arg_names),
        generic_defaults: Some(generic_defaults),
        dynamic_effects: Some(generic_effects),
    }
}

def_op! {
    /// `linalg.yield %a, %b : T, U`, the terminator of a `linalg.generic` body.
    pub static YIELD: Yield = "linalg.yield" {
        attrs: [],
        traits: Traits::PURE.with(Traits::TERMINATOR).with(Traits::RETURN_LIKE),
        parse: Some(parse_yield),
        print: Some(print_yield),
        verify: Some(verify_yield),
    }
}

impl Generic {
    /// The `ins` operands.
    pub fn inputs(self, ir: &Ir) -> Vec<Value> {
        split_operands(ir, self.0).0
    }

    /// The `outs` operands (the inits).
    pub fn outputs(self, ir: &Ir) -> Vec<Value> {
        split_operands(ir, self.0).1
    }

    /// The indexing maps, when the attribute is an array of affine maps.
    pub fn maps(self, ir: &Ir) -> Option<Vec<AffineMap>> {
        affine_maps(ir.ctx(), self.indexing_maps(ir)?)
    }
}

/// Registers the `linalg` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("linalg");
    ctx.register_ops(&[&GENERIC, &YIELD]);
}

/// `(ins, outs)` from the segment sizes (all operands are inputs when they are unusable).
fn split_operands(ir: &Ir, op: Op) -> (Vec<Value>, Vec<Value>) {
    let (ins, outs) = (segment_values(ir, op, 0), segment_values(ir, op, 1));
    if ins.len() + outs.len() == ir.operands(op).len() {
        (ins, outs)
    } else {
        (ir.operands(op).to_vec(), Vec::new())
    }
}

/// The `#linalg.iterator_type<kind>` attribute.
fn iterator_type_attr(ctx: &Context, kind: &str) -> Attr {
    ctx.attr(AttrData::Dialect(format!("linalg.iterator_type<{kind}>")))
}

/// The kind of a `#linalg.iterator_type<kind>` attribute (spaces inside `<>` ignored).
fn iterator_kind(ctx: &Context, attr: Attr) -> Option<&'static str> {
    let AttrData::Dialect(text) = ctx.attr_data(attr) else {
        return None;
    };
    let body = text
        .strip_prefix("linalg.iterator_type<")?
        .strip_suffix('>')?
        .trim();
    ITERATOR_TYPES.into_iter().find(|&k| k == body)
}

/// The elements of an array attribute.
fn array_elements(ctx: &Context, attr: Attr) -> Option<&[Attr]> {
    match ctx.attr_data(attr) {
        AttrData::Array(items) => Some(items),
        _ => None,
    }
}

/// The maps of an array of affine map attributes.
fn affine_maps(ctx: &Context, attr: Attr) -> Option<Vec<AffineMap>> {
    array_elements(ctx, attr)?
        .iter()
        .map(|&a| match ctx.attr_data(a) {
            AttrData::AffineMap(m) => Some(*m),
            _ => None,
        })
        .collect()
}

// ----- linalg.generic: custom form -----

/// The leading trait dictionary, with `iterator_types` strings converted to
/// `#linalg.iterator_type<...>` as upstream's parser does.
fn parse_trait_dict(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let dict = p.parse_attribute(None)?;
    let AttrData::Dictionary(entries) = p.ctx().attr_data(dict).clone() else {
        return Err(custom_error(
            p,
            st,
            span,
            "invalid kind of attribute specified",
        ));
    };
    for e in entries {
        st.add_attr(e.name, e.value);
    }
    let name = p.intern(Generic::ITERATOR_TYPES);
    let items = st
        .attr(name)
        .and_then(|a| array_elements(p.ctx(), a).map(<[Attr]>::to_vec));
    let Some(items) = items else {
        return Err(custom_error(
            p,
            st,
            span,
            "expected \"iterator_types\" array attribute",
        ));
    };
    let mut converted = Vec::with_capacity(items.len());
    for item in items {
        let text = p.ctx().string_value(item).map(str::to_owned);
        match text.as_deref().filter(|t| ITERATOR_TYPES.contains(t)) {
            Some(kind) => converted.push(iterator_type_attr(p.ctx(), kind)),
            None => {
                let shown =
                    text.unwrap_or_else(|| lattice_ir::printer::attr_to_string(p.ctx(), item));
                let here = p.current_span();
                let msg = format!("unexpected iterator_type ({shown})");
                return Err(custom_error(p, st, here, msg));
            }
        }
    }
    let array = p.ctx().array_attr(converted);
    st.add_attr(name, array);
    Ok(())
}

/// `keyword(%a, %b : T, U)` when `keyword` is next: the operands, resolved.
fn parse_operand_group(p: &mut Parser<'_>, keyword: &str) -> PResult<Vec<Value>> {
    if !p.eat(keyword) {
        return Ok(Vec::new());
    }
    p.expect("(")?;
    let span = p.current_span();
    let operands = p.parse_operand_list(Delimiter::None)?;
    let types = p.parse_colon_type_list()?;
    p.expect(")")?;
    p.resolve_operands(&operands, &types, span)
}

fn parse_generic(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_trait_dict(p, st)?;
    let attrs_span = p.current_span();
    p.parse_optional_attr_dict(st)?;
    if let Some(msg) = attr_constraint_error(p.ctx(), &st.attrs) {
        let msg = format!("'{}' op {msg}", Generic::NAME);
        return Err(custom_error(p, st, attrs_span, msg));
    }
    let ins = parse_operand_group(p, "ins")?;
    let outs = parse_operand_group(p, "outs")?;
    let sizes = p
        .ctx()
        .dense_i32_array(&[ins.len() as i32, outs.len() as i32]);
    let name = p.intern(SEGMENTS);
    st.add_attr(name, sizes);
    st.operands = ins.into_iter().chain(outs).collect();
    if p.eat("attrs") {
        p.expect("=")?;
        p.parse_optional_attr_dict(st)?;
    }
    let region = p.parse_region(&[], RegionOptions::default())?;
    st.regions.push(region);
    st.result_types = p.parse_optional_arrow_type_list()?;
    Ok(())
}

/// ` ins(%a : T)` (nothing when `values` is empty).
fn print_operand_group(p: &mut Printer<'_>, keyword: &str, values: &[Value]) {
    if values.is_empty() {
        return;
    }
    let ir = p.ir();
    p.write(&format!(" {keyword}("));
    p.print_operands(values);
    p.write(" : ");
    let types: Vec<Type> = values.iter().map(|&v| ir.value_type(v)).collect();
    p.print_types(&types);
    p.write(")");
}

/// The trait dictionary as the custom form prints it: iterator types as strings.
fn trait_dict(ir: &Ir, op: Op) -> Option<Attr> {
    let ctx = ir.ctx();
    let mut entries = Vec::new();
    for a in ir.attrs(op) {
        let name = ctx.str(a.name);
        if !TRAIT_ATTRS.contains(&name) {
            continue;
        }
        let mut value = a.value;
        if name == Generic::ITERATOR_TYPES {
            if let Some(items) = array_elements(ctx, a.value) {
                let strings = items
                    .iter()
                    .map(|&i| iterator_kind(ctx, i).map_or(i, |k| ctx.string_attr(k)))
                    .collect();
                value = ctx.array_attr(strings);
            }
        }
        entries.push(NamedAttr {
            name: a.name,
            value,
        });
    }
    (!entries.is_empty()).then(|| ctx.dictionary_attr(entries))
}

fn print_generic(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    if let Some(dict) = trait_dict(ir, op) {
        p.print_attribute(dict);
    }
    let (ins, outs) = split_operands(ir, op);
    print_operand_group(p, "ins", &ins);
    print_operand_group(p, "outs", &outs);
    let elided = [TRAIT_ATTRS.as_slice(), &[SEGMENTS]].concat();
    let ctx = ir.ctx();
    if ir
        .attrs(op)
        .iter()
        .any(|a| !elided.contains(&ctx.str(a.name)))
    {
        p.write(" attrs = ");
        p.print_optional_attr_dict(op, &elided);
    }
    if let Some(&region) = ir.regions(op).first().filter(|&&r| !ir.region_is_empty(r)) {
        p.write(" ");
        let opts = RegionPrintOptions {
            print_entry_block_args: true,
            print_block_terminators: true,
            print_empty_block: false,
        };
        p.print_region(region, opts);
    }
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    p.print_arrow_type_list(&results);
}

/// `%in` for the input arguments, `%out` for the init arguments (upstream's
/// `getAsmBlockArgumentNames`).
fn generic_arg_names(ir: &Ir, op: Op, region: Region, out: &mut Vec<(Value, String)>) {
    let Some(entry) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(entry);
    let n_outs = split_operands(ir, op).1.len().min(args.len());
    let n_ins = args.len() - n_outs;
    for (i, &a) in args.iter().enumerate() {
        out.push((a, if i < n_ins { "in" } else { "out" }.to_string()));
    }
}

/// Rewrites `#linalg.iterator_type< parallel >` to its canonical spelling, as mlir-opt's
/// attribute storage does.
fn generic_defaults(ctx: &Context, st: &mut OperationState) {
    let name = ctx.intern_str(Generic::ITERATOR_TYPES);
    let Some(items) = st
        .attr(name)
        .and_then(|a| array_elements(ctx, a).map(<[Attr]>::to_vec))
    else {
        return;
    };
    let canonical: Vec<Attr> = items
        .iter()
        .map(|&i| iterator_kind(ctx, i).map_or(i, |k| iterator_type_attr(ctx, k)))
        .collect();
    if canonical != items {
        let array = ctx.array_attr(canonical);
        st.add_attr(name, array);
    }
}

/// Arbitrary effects with a memref operand; on tensors and scalars, those of the body.
fn generic_effects(ir: &Ir, op: Op) -> Traits {
    let ctx = ir.ctx();
    if ir
        .operands(op)
        .iter()
        .any(|&o| ctx.is_memref(ir.value_type(o)))
    {
        Traits::NONE
    } else {
        Traits::RECURSIVE_EFFECTS
    }
}

// ----- linalg.generic: verifier -----

/// `'T'`, as types are quoted in op diagnostics.
fn quoted(ir: &Ir, ty: Type) -> String {
    format!("'{}'", type_str(ir, ty))
}

/// The constraint a present inherent attribute breaks (ODS: `indexing_maps` an array of
/// affine maps, `iterator_types` an array of iterator types, `doc` and `library_call`
/// strings), as mlir-opt words it after `'linalg.generic' op `.
fn attr_constraint_error(ctx: &Context, attrs: &[NamedAttr]) -> Option<String> {
    let broken =
        |name: &str, what: &str| format!("attribute '{name}' failed to satisfy constraint: {what}");
    for a in attrs {
        let ok = match ctx.str(a.name) {
            "indexing_maps" => affine_maps(ctx, a.value).is_some(),
            "iterator_types" => array_elements(ctx, a.value)
                .is_some_and(|items| items.iter().all(|&i| iterator_kind(ctx, i).is_some())),
            "doc" | "library_call" => ctx.string_value(a.value).is_some(),
            _ => true,
        };
        if !ok {
            let what = match ctx.str(a.name) {
                "indexing_maps" => "AffineMap array attribute",
                "iterator_types" => "Iterator type should be an enum.",
                _ => "string attribute",
            };
            return Some(broken(ctx.str(a.name), what));
        }
    }
    None
}

/// The attribute constraints (ODS): required `indexing_maps` and `iterator_types`, and
/// [`attr_constraint_error`]. Returns the maps and the number of loops when they hold.
fn verify_attrs(v: &mut Verifier<'_>, op: Op) -> Option<(Vec<AffineMap>, usize)> {
    let ir = v.ir();
    let ctx = ir.ctx();
    let view = Generic(op);
    for name in [Generic::INDEXING_MAPS, Generic::ITERATOR_TYPES] {
        if ir.attr(op, name).is_none() {
            v.error(op, format!("requires attribute '{name}'"));
            return None;
        }
    }
    if let Some(msg) = attr_constraint_error(ctx, ir.attrs(op)) {
        v.error(op, msg);
        return None;
    }
    let maps = view.maps(ir)?;
    let loops = array_elements(ctx, view.iterator_types(ir)?)?.len();
    Some((maps, loops))
}

/// Destination style: one tensor result per tensor init, of the init's type.
fn verify_results(v: &mut Verifier<'_>, op: Op, outs: &[Value]) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    let n_in = ir.operands(op).len() - outs.len();
    let tensor_inits: Vec<(usize, Value)> = outs
        .iter()
        .enumerate()
        .filter(|(_, &o)| {
            matches!(
                ctx.type_data(ir.value_type(o)),
                TypeData::RankedTensor { .. }
            )
        })
        .map(|(i, &o)| (n_in + i, o))
        .collect();
    let results = ir.results(op);
    if results.len() != tensor_inits.len() {
        v.error(
            op,
            format!(
                "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
                results.len(),
                tensor_inits.len()
            ),
        );
        return false;
    }
    for (&(k, init), &r) in tensor_inits.iter().zip(results) {
        let (it, rt) = (ir.value_type(init), ir.value_type(r));
        if it != rt {
            v.error(
                op,
                format!(
                    "expected type of operand #{k} ({}) to match type of corresponding result ({})",
                    quoted(ir, it),
                    quoted(ir, rt)
                ),
            );
            return false;
        }
    }
    true
}

/// Whether operands mix tensors and memrefs.
fn mixes_tensors_and_buffers(ir: &Ir, op: Op) -> bool {
    let ctx = ir.ctx();
    let kinds = |f: fn(&TypeData) -> bool| {
        ir.operands(op)
            .iter()
            .any(|&o| f(ctx.type_data(ir.value_type(o))))
    };
    kinds(|t| {
        matches!(
            t,
            TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
        )
    }) && kinds(|t| matches!(t, TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }))
}

/// The element type of a memref or ranked tensor, any other type itself (upstream's
/// rule for block arguments and yielded values).
fn element_or_self(ctx: &Context, ty: Type) -> Type {
    match ctx.type_data(ty) {
        TypeData::MemRef { element, .. } | TypeData::RankedTensor { element, .. } => *element,
        _ => ty,
    }
}

/// The static shape an operand gives the loop ranges: a memref's or ranked tensor's;
/// none (rank 0) for scalars, vectors and unranked types, as in mlir-opt 22.
fn operand_shape(ctx: &Context, ty: Type) -> &[i64] {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. } | TypeData::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// Whether `e` is a bare loop dimension.
fn is_dim(ctx: &Context, e: AffineExpr) -> bool {
    matches!(ctx.expr_data(e), AffineExprData::Dim(_))
}

/// Whether `e` is the bare loop dimension `d`.
fn is_bare_dim(ctx: &Context, e: AffineExpr, d: u32) -> bool {
    matches!(ctx.expr_data(e), AffineExprData::Dim(x) if x == d)
}

/// The concatenation of `maps` (MLIR's `concatAffineMaps`) when it is not invertible as a
/// permutation (some loop dimension is no bare result), else `None`.
fn non_invertible(ctx: &Context, maps: &[AffineMap]) -> Option<AffineMap> {
    let dims = maps.iter().map(|&m| ctx.map_num_dims(m)).max().unwrap_or(0);
    let syms = maps
        .iter()
        .map(|&m| ctx.map_num_symbols(m))
        .max()
        .unwrap_or(0);
    let results: Vec<AffineExpr> = maps
        .iter()
        .flat_map(|&m| ctx.map_results(m).iter().copied())
        .collect();
    let bare = |d: u32| results.iter().any(|&e| is_bare_dim(ctx, e, d));
    (!(0..dims).all(bare)).then(|| ctx.affine_map(dims, syms, results))
}

/// `IndexingMapOpInterface` and the structured-op rules on the maps: one map per operand,
/// no symbols, result rank = operand rank, invertible, dimension count = loop count.
fn verify_maps(v: &mut Verifier<'_>, op: Op, maps: &[AffineMap], loops: usize) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    let operands = ir.operands(op);
    if maps.len() != operands.len() {
        v.error(
            op,
            format!(
                "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({})",
                maps.len(),
                operands.len()
            ),
        );
        return false;
    }
    for (i, (&m, &o)) in maps.iter().zip(operands).enumerate() {
        if ctx.map_num_symbols(m) != 0 {
            v.error(op, format!("unexpected symbols in indexing_map #{i}"));
            return false;
        }
        let rank = operand_shape(ctx, ir.value_type(o)).len();
        if ctx.map_num_results(m) != rank {
            v.error(
                op,
                format!(
                    "expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({})",
                    ctx.map_num_results(m)
                ),
            );
            return false;
        }
    }
    if let Some(concat) = non_invertible(ctx, maps) {
        v.error(
            op,
            format!(
                "invalid indexing maps are non-invertible: ({})",
                ctx.affine_map_to_string(concat)
            ),
        );
        return false;
    }
    if !verify_static_shapes(v, op, maps) {
        return false;
    }
    for (i, &m) in maps.iter().enumerate() {
        if ctx.map_num_dims(m) as usize != loops {
            v.error(
                op,
                format!("expected indexing_map #{i} to have {loops} dim(s) to match the number of loops"),
            );
            return false;
        }
    }
    true
}

/// The static loop ranges the maps infer from the operand shapes (each loop's size is
/// the first operand dimension that is that bare loop index), checked against every
/// static operand dimension as mlir-opt 22 does; nothing is checked when a range is
/// dynamic. The maps are invertible ([`non_invertible`]).
fn verify_static_shapes(v: &mut Verifier<'_>, op: Op, maps: &[AffineMap]) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    let operands = ir.operands(op);
    let sizes: Vec<i64> = operands
        .iter()
        .flat_map(|&o| operand_shape(ctx, ir.value_type(o)).iter().copied())
        .collect();
    let results: Vec<AffineExpr> = maps
        .iter()
        .flat_map(|&m| ctx.map_results(m).iter().copied())
        .collect();
    let dims = maps.iter().map(|&m| ctx.map_num_dims(m)).max().unwrap_or(0);
    let ranges: Option<Vec<i64>> = (0..dims)
        .map(|d| {
            let pos = results.iter().position(|&e| is_bare_dim(ctx, e, d))?;
            sizes.get(pos).copied().filter(|&s| s != DYNAMIC)
        })
        .collect();
    let Some(ranges) = ranges else {
        return true;
    };
    let starts = vec![0; ranges.len()];
    let ends: Vec<i64> = ranges.iter().map(|&r| r - 1).collect();
    for (i, (&m, &o)) in maps.iter().zip(operands).enumerate() {
        let shape = operand_shape(ctx, ir.value_type(o));
        for (dim, (&e, &size)) in ctx.map_results(m).iter().zip(shape).enumerate() {
            if size == DYNAMIC || size == 0 {
                continue;
            }
            let (Some(a), Some(b)) = (ctx.evaluate(e, &starts, &[]), ctx.evaluate(e, &ends, &[]))
            else {
                continue;
            };
            let inferred = a.max(b).saturating_add(1);
            let message = if a.min(b) < 0 {
                format!(
                    "unexpected result less than 0 at expression #{dim} in {}",
                    ctx.affine_map_to_string(m)
                )
            } else if is_dim(ctx, e) && inferred != size {
                format!("inferred input/output operand #{i} has shape's dimension #{dim} to be {inferred}, but found {size}")
            } else if !is_dim(ctx, e) && inferred > size {
                format!("inferred input/output operand #{i} has shape's dimension #{dim} to be greater than or equal to {inferred}, but found {size}")
            } else {
                continue;
            };
            v.error(op, message);
            return false;
        }
    }
    true
}

/// One region of one block whose arguments are the operands' element types, in order.
fn verify_body(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let entry = ir
        .regions(op)
        .first()
        .filter(|&&r| ir.region_blocks(r).count() == 1)
        .and_then(|&r| ir.entry_block(r));
    let Some(entry) = entry.filter(|_| ir.regions(op).len() == 1) else {
        v.error(op, "expects to have 1 region with 1 block");
        return;
    };
    let args = ir.block_args(entry);
    let operands = ir.operands(op);
    if args.len() != operands.len() {
        v.error(
            op,
            "expected as many non-induction variable region arguments as the number of input/output operands",
        );
        return;
    }
    for (i, (&o, &a)) in operands.iter().zip(args).enumerate() {
        let element = element_or_self(ctx, ir.value_type(o));
        let at = ir.value_type(a);
        if element != at {
            v.error(
                op,
                format!(
                    "expected type of bb argument #{i} ({}) to match element or self type of the corresponding operand ({})",
                    quoted(ir, at),
                    quoted(ir, element)
                ),
            );
            return;
        }
    }
}

fn verify_generic(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.attr(op, SEGMENTS).is_none() && !ir.operands(op).is_empty() {
        // A missing property reads as all-zero sizes, as upstream's properties do.
        v.error(
            op,
            format!(
                "operand count ({}) does not match with the total size (0) specified in attribute '{SEGMENTS}'",
                ir.operands(op).len()
            ),
        );
        return;
    }
    if ir.attr(op, SEGMENTS).is_some() && !check_segments(v, op, 2) {
        return;
    }
    let Some((maps, loops)) = verify_attrs(v, op) else {
        return;
    };
    let outs = split_operands(ir, op).1;
    if !verify_results(v, op, &outs) {
        return;
    }
    if !ir.results(op).is_empty() && mixes_tensors_and_buffers(ir, op) {
        v.error(op, "expected to have pure tensor or buffer semantics");
        return;
    }
    if verify_maps(v, op, &maps, loops) {
        verify_body(v, op);
    }
}

// ----- linalg.yield -----

/// `$values attr-dict (: type($values))?`
fn parse_yield(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let operands = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    if !operands.is_empty() {
        let types = p.parse_colon_type_list()?;
        st.operands = p.resolve_operands(&operands, &types, span)?;
    }
    Ok(())
}

fn print_yield(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let operands = ir.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands);
    }
    p.print_optional_attr_dict(op, &[]);
    if !operands.is_empty() {
        p.write(" : ");
        let types: Vec<Type> = operands.iter().map(|&x| ir.value_type(x)).collect();
        p.print_types(&types);
    }
}

/// The parent is a `linalg.generic` with one init per yielded value, of its element type.
fn verify_yield(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(parent) = ir.parent_op(op) else {
        return;
    };
    if ir.regions(parent).len() != 1 || ir.region_is_empty(ir.regions(parent)[0]) {
        v.error(op, "expected single non-empty parent region");
        return;
    }
    let Some(generic) = ir.view::<Generic>(parent) else {
        v.error(op, "expected parent op with LinalgOp interface");
        return;
    };
    if !segments_ok(ir, parent, 2) {
        return; // the parent reports its operand segments
    }
    let outs = generic.outputs(ir);
    let values = ir.operands(op);
    if values.len() != outs.len() {
        v.error(
            op,
            format!(
                "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({})",
                values.len(),
                outs.len()
            ),
        );
        return;
    }
    for (i, (&y, &o)) in values.iter().zip(&outs).enumerate() {
        let element = element_or_self(ir.ctx(), ir.value_type(o));
        let yt = ir.value_type(y);
        if yt != element {
            v.error(
                op,
                format!(
                    "type of yield operand {} ({}) doesn't match the element type of the enclosing linalg.generic op ({})",
                    i + 1,
                    quoted(ir, yt),
                    quoted(ir, element)
                ),
            );
            return;
        }
    }
}
