//! Verifiers of the affine ops, with mlir-opt 22's messages (ODS constraints first, then
//! the ops' own `verify`/`verifyRegions`), plus two checks mlir-opt lacks:
//! - a `floordiv`, `ceildiv` or `mod` by a zero or negative constant in any map or set of
//!   an affine op is an error ("division by zero or by a negative constant");
//! - `affine.for`'s `step` and `affine.parallel`'s `steps` must be positive.
//!
//! Invariants: every check runs before anything it guards is indexed, so verifiers
//! accept any IR the generic parser can build without panicking; each verifier reports
//! the first problem it finds, as MLIR's do.

use crate::ops::{dma_start_layout, for_segments, ATOMIC_RMW_KINDS, DYNAMIC};
use crate::util::*;
use crate::valid::{affine_scope, is_valid_dim, is_valid_symbol};
use crate::views::{AffineFor, AffineIf, AffineParallel};
use lattice_ir::verifier::Verifier;
use lattice_ir::{AffineBinOp, AffineMap, AttrData, IntegerSet, Op, Signedness, TypeData, Value};

fn bin_op_name(op: AffineBinOp) -> &'static str {
    match op {
        AffineBinOp::FloorDiv => "floordiv",
        AffineBinOp::CeilDiv => "ceildiv",
        AffineBinOp::Mod => "mod",
        AffineBinOp::Add => "+",
        AffineBinOp::Mul => "*",
    }
}

/// Reports a division by a non-positive constant in `map`; returns whether it was fine.
fn check_map_divisors(v: &mut Verifier<'_>, op: Op, map: AffineMap, what: &str) -> bool {
    match v.ir().ctx().map_nonpositive_divisor(map) {
        Some((bop, c)) => {
            v.error(
                op,
                format!(
                    "{what} has division by zero or by a negative constant ('{} {c}')",
                    bin_op_name(bop)
                ),
            );
            false
        }
        None => true,
    }
}

fn check_set_divisors(v: &mut Verifier<'_>, op: Op, set: IntegerSet) -> bool {
    match v.ir().ctx().set_nonpositive_divisor(set) {
        Some((bop, c)) => {
            v.error(
                op,
                format!(
                    "integer set has division by zero or by a negative constant ('{} {c}')",
                    bin_op_name(bop)
                ),
            );
            false
        }
        None => true,
    }
}

/// The affine map attribute `name` (ODS: required, `AffineMapAttr`).
fn required_map(v: &mut Verifier<'_>, op: Op, name: &str) -> Option<AffineMap> {
    let ir = v.ir();
    match ir.attr(op, name) {
        None => {
            v.error(op, format!("requires attribute '{name}'"));
            None
        }
        Some(a) => match ir.ctx().attr_data(a) {
            AttrData::AffineMap(m) => Some(*m),
            _ => {
                v.error(
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: AffineMap attribute"),
                );
                None
            }
        },
    }
}

/// ODS `Variadic<Index>` operands starting at operand number `first`.
fn check_index_operands(v: &mut Verifier<'_>, op: Op, values: &[Value], first: usize) -> bool {
    let ir = v.ir();
    for (i, &x) in values.iter().enumerate() {
        let t = ir.value_type(x);
        if !ir.ctx().is_index(t) {
            v.error(
                op,
                format!(
                    "operand #{} must be variadic of index, but got '{}'",
                    first + i,
                    type_str(ir, t)
                ),
            );
            return false;
        }
    }
    true
}

fn check_index_results(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    for (i, &r) in ir.results(op).iter().enumerate() {
        let t = ir.value_type(r);
        if !ir.ctx().is_index(t) {
            v.error(
                op,
                format!("result #{i} must be index, but got '{}'", type_str(ir, t)),
            );
            return false;
        }
    }
    true
}

/// MLIR's `verifyDimAndSymbolIdentifiers`: the first `num_dims` operands must be valid
/// dims, the rest valid symbols, in `op`'s affine scope.
fn check_dims_and_symbols(
    v: &mut Verifier<'_>,
    op: Op,
    operands: &[Value],
    num_dims: usize,
) -> bool {
    let ir = v.ir();
    let scope = affine_scope(ir, op);
    for (i, &x) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim(ir, x, scope) {
                v.error(op, "operand cannot be used as a dimension id");
                return false;
            }
        } else if !is_valid_symbol(ir, x, scope) {
            v.error(op, "operand cannot be used as a symbol");
            return false;
        }
    }
    true
}

/// ODS's `operandSegmentSizes` errors (`segments` is the expected number of groups).
fn segment_error(v: &mut Verifier<'_>, op: Op, segments: usize) {
    let ir = v.ir();
    match dense_array(ir.ctx(), ir.attr(op, "operandSegmentSizes")) {
        None => v.error(op, "requires attribute 'operandSegmentSizes'"),
        Some(s) if s.len() != segments => v.error(
            op,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have {segments} elements, but got {}",
                s.len()
            ),
        ),
        Some(s) => v.error(
            op,
            format!(
                "operand count ({}) does not match with the total size ({}) specified in attribute 'operandSegmentSizes'",
                ir.operands(op).len(),
                s.iter().sum::<i64>()
            ),
        ),
    }
}

// ---- affine.apply, affine.min, affine.max ----

pub(crate) fn verify_apply(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    if !check_index_operands(v, op, ir.operands(op), 0) || !check_index_results(v, op) {
        return;
    }
    let ctx = ir.ctx();
    if ir.operands(op).len() != ctx.map_num_inputs(map) {
        v.error(
            op,
            "operand count and affine map dimension and symbol count must match",
        );
        return;
    }
    if ctx.map_num_results(map) != 1 {
        v.error(op, "mapping must produce one value");
        return;
    }
    // mlir-opt 22: a valid dim that is not a valid symbol may not sit in a symbol
    // position (operands that are neither are allowed).
    let scope = affine_scope(ir, op);
    let num_dims = ctx.map_num_dims(map) as usize;
    for &x in &ir.operands(op)[num_dims..] {
        if is_valid_dim(ir, x, scope) && !is_valid_symbol(ir, x, scope) {
            v.error_raw(op, "dimensional operand cannot be used as a symbol");
            return;
        }
    }
    check_map_divisors(v, op, map, "affine map");
}

pub(crate) fn verify_min_max(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    if !check_index_operands(v, op, ir.operands(op), 0) || !check_index_results(v, op) {
        return;
    }
    if ir.operands(op).len() != ir.ctx().map_num_inputs(map) {
        v.error(
            op,
            "operand count and affine map dimension and symbol count must match",
        );
        return;
    }
    check_map_divisors(v, op, map, "affine map");
}

// ---- affine.for ----

pub(crate) fn verify_for(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(lb) = required_map(v, op, AffineFor::LOWER_BOUND_MAP) else {
        return;
    };
    let Some(ub) = required_map(v, op, AffineFor::UPPER_BOUND_MAP) else {
        return;
    };
    let Some(step) = ir.attr(op, AffineFor::STEP) else {
        v.error(op, "requires attribute 'step'");
        return;
    };
    let step = match ctx.attr_data(step) {
        AttrData::Integer { value, ty } if ctx.is_index(*ty) => *value,
        _ => {
            v.error(
                op,
                "attribute 'step' failed to satisfy constraint: index attribute",
            );
            return;
        }
    };
    if step <= 0 {
        v.error(
            op,
            format!("expected step to be a positive integer, but got {step}"),
        );
        return;
    }
    let Some(segs) = for_segments(ir, op) else {
        segment_error(v, op, 3);
        return;
    };
    let operands = ir.operands(op);
    let (lb_ops, ub_ops) = (&operands[segs[0].clone()], &operands[segs[1].clone()]);
    if !check_index_operands(v, op, lb_ops, 0) || !check_index_operands(v, op, ub_ops, lb_ops.len())
    {
        return;
    }
    if lb_ops.len() != ctx.map_num_inputs(lb) {
        v.error(
            op,
            "lower bound operand count and affine map dimension and symbol count must match",
        );
        return;
    }
    if ub_ops.len() != ctx.map_num_inputs(ub) {
        v.error(
            op,
            "upper bound operand count and affine map dimension and symbol count must match",
        );
        return;
    }
    if ctx.map_num_results(lb) == 0 || ctx.map_num_results(ub) == 0 {
        v.error(op, "loop bound affine maps must have at least one result");
        return;
    }
    if ir.regions(op).len() != 1 {
        v.error(op, "requires one region");
        return;
    }
    let region = ir.region(op, 0);
    let Some(block) = ir.entry_block(region) else {
        v.error(
            op,
            "region #0 ('region') failed to verify constraint: region with 1 blocks",
        );
        return;
    };
    let args = ir.block_args(block);
    if args.is_empty() || !ctx.is_index(ir.value_type(args[0])) {
        v.error(
            op,
            "expected body to have a single index argument for the induction variable",
        );
        return;
    }
    if !check_dims_and_symbols(v, op, lb_ops, ctx.map_num_dims(lb) as usize)
        || !check_dims_and_symbols(v, op, ub_ops, ctx.map_num_dims(ub) as usize)
    {
        return;
    }
    let num_results = ir.results(op).len();
    if num_results != 0 {
        if segs[2].len() != num_results {
            v.error(
                op,
                "mismatch between the number of loop-carried values and results",
            );
            return;
        }
        if args.len() - 1 != num_results {
            v.error(
                op,
                "mismatch between the number of basic block args and results",
            );
            return;
        }
    }
    // LoopLikeOpInterface (the yielded values are checked by affine.yield).
    let inits = &operands[segs[2].clone()];
    let iter_args = &args[1..];
    if inits.len() != iter_args.len() {
        v.error(
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        );
        return;
    }
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        let (it, at) = (ir.value_type(init), ir.value_type(arg));
        if it != at {
            v.error(
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                    type_str(ir, it),
                    type_str(ir, at)
                ),
            );
            return;
        }
    }
    for (i, (&arg, &res)) in iter_args.iter().zip(ir.results(op)).enumerate() {
        let (at, rt) = (ir.value_type(arg), ir.value_type(res));
        if at != rt {
            v.error(
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                    type_str(ir, at),
                    type_str(ir, rt)
                ),
            );
            return;
        }
    }
    if check_map_divisors(v, op, lb, "lower bound affine map") {
        check_map_divisors(v, op, ub, "upper bound affine map");
    }
}

// ---- affine.if ----

pub(crate) fn verify_if(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(set) = set_attr(ir, op, AffineIf::CONDITION) else {
        v.error(op, "requires attribute 'condition'");
        return;
    };
    let regions = ir.regions(op);
    if regions.len() != 2 {
        v.error(op, "requires two regions");
        return;
    }
    if ir.region_blocks(regions[0]).count() != 1 {
        v.error(
            op,
            "region #0 ('thenRegion') failed to verify constraint: region with 1 blocks",
        );
        return;
    }
    let data = ir.ctx().set_data(set);
    let operands = ir.operands(op);
    if operands.len() != data.num_dims as usize + data.num_symbols as usize {
        v.error(
            op,
            "operand count and condition integer set dimension and symbol count must match",
        );
        return;
    }
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if ir
            .entry_block(r)
            .is_some_and(|b| !ir.block_args(b).is_empty())
        {
            v.error(op, format!("region #{i} should have no arguments"));
            return;
        }
    }
    if !check_dims_and_symbols(v, op, operands, data.num_dims as usize) {
        return;
    }
    if !check_set_divisors(v, op, set) {
        return;
    }
    // RegionBranchOpInterface: without an else region, control flows from the op to
    // its results directly, which needs as many values as there are results.
    let num_results = ir.results(op).len();
    if num_results != 0 && ir.region_is_empty(regions[1]) {
        v.error_with_note(
            op,
            format!(
                "along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs {num_results} inputs"
            ),
            op,
            "region branch point",
        );
    }
}

// ---- memory accesses ----

/// MLIR's `verifyMemoryOpIndexing` (plus the division check).
fn check_indexing(
    v: &mut Verifier<'_>,
    op: Op,
    map: AffineMap,
    rank: usize,
    indices: &[Value],
) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ctx.map_num_results(map) != rank {
        v.error(op, "affine map num results must equal memref rank");
        return false;
    }
    if ctx.map_num_inputs(map) != indices.len() {
        v.error(op, "expects as many subscripts as affine map inputs");
        return false;
    }
    for &idx in indices {
        if !ctx.is_index(ir.value_type(idx)) {
            v.error(op, "index to load must have 'index' type");
            return false;
        }
    }
    if !check_dims_and_symbols(v, op, indices, ctx.map_num_dims(map) as usize) {
        return false;
    }
    check_map_divisors(v, op, map, "affine map")
}

/// ODS: operand `n` must be a memref; returns its element type and rank.
fn memref_operand(v: &mut Verifier<'_>, op: Op, n: usize) -> Option<(lattice_ir::Type, usize)> {
    let ir = v.ir();
    let Some(&m) = ir.operands(op).get(n) else {
        v.error(
            op,
            format!(
                "expected {} or more operands, but found {}",
                n + 1,
                ir.operands(op).len()
            ),
        );
        return None;
    };
    let t = ir.value_type(m);
    match memref_info(ir.ctx(), t) {
        Some(info) => Some(info),
        None => {
            v.error(
                op,
                format!(
                    "operand #{n} must be memref of any type values, but got '{}'",
                    type_str(ir, t)
                ),
            );
            None
        }
    }
}

pub(crate) fn verify_load(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((elem, rank)) = memref_operand(v, op, 0) else {
        return;
    };
    let indices = &ir.operands(op)[1..];
    if !check_index_operands(v, op, indices, 1) {
        return;
    }
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    if ir.results(op).len() != 1 || ir.value_type(ir.result(op, 0)) != elem {
        v.error(op, "result type must match element type of memref");
        return;
    }
    check_indexing(v, op, map, rank, indices);
}

pub(crate) fn verify_store(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((elem, rank)) = memref_operand(v, op, 1) else {
        return;
    };
    let indices = &ir.operands(op)[2..];
    if !check_index_operands(v, op, indices, 2) {
        return;
    }
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    if ir.value_type(ir.operand(op, 0)) != elem {
        v.error(
            op,
            "value to store must have the same type as memref element type",
        );
        return;
    }
    check_indexing(v, op, map, rank, indices);
}

fn check_vector_elem(
    v: &mut Verifier<'_>,
    op: Op,
    elem: lattice_ir::Type,
    vector: lattice_ir::Type,
    what: &str,
) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    if !ctx.is_vector(vector) {
        v.error(
            op,
            format!(
                "{what} must be vector of any type values, but got '{}'",
                type_str(ir, vector)
            ),
        );
        return false;
    }
    if ctx.element_type(vector) != elem {
        v.error(
            op,
            "requires memref and vector types of the same elemental type",
        );
        return false;
    }
    true
}

pub(crate) fn verify_vector_load(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((elem, rank)) = memref_operand(v, op, 0) else {
        return;
    };
    let indices = &ir.operands(op)[1..];
    if !check_index_operands(v, op, indices, 1) {
        return;
    }
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    if !check_indexing(v, op, map, rank, indices) {
        return;
    }
    check_vector_elem(v, op, elem, ir.value_type(r), "result #0");
}

pub(crate) fn verify_vector_store(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((elem, rank)) = memref_operand(v, op, 1) else {
        return;
    };
    let indices = &ir.operands(op)[2..];
    if !check_index_operands(v, op, indices, 2) {
        return;
    }
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    if !check_indexing(v, op, map, rank, indices) {
        return;
    }
    let vt = ir.value_type(ir.operand(op, 0));
    check_vector_elem(v, op, elem, vt, "operand #0");
}

pub(crate) fn verify_prefetch(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((_, rank)) = memref_operand(v, op, 0) else {
        return;
    };
    let indices = &ir.operands(op)[1..];
    if !check_index_operands(v, op, indices, 1) {
        return;
    }
    match int_attr(ir, op, "localityHint") {
        Some(h) if (0..=3).contains(&h) => {}
        Some(_) => {
            v.error(op, "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3");
            return;
        }
        None => {
            v.error(op, "requires attribute 'localityHint'");
            return;
        }
    }
    for name in ["isWrite", "isDataCache"] {
        if ir.attr(op, name).is_none() {
            v.error(op, format!("requires attribute '{name}'"));
            return;
        }
    }
    let Some(map) = required_map(v, op, "map") else {
        return;
    };
    let ctx = ir.ctx();
    if ctx.map_num_results(map) != rank {
        v.error(
            op,
            "affine.prefetch affine map num results must equal memref rank",
        );
        return;
    }
    if ctx.map_num_inputs(map) + 1 != ir.operands(op).len() {
        v.error(op, "too few operands");
        return;
    }
    let scope = affine_scope(ir, op);
    if indices.iter().any(|&i| !is_valid_dim(ir, i, scope)) {
        v.error(op, "index must be a valid dimension or symbol identifier");
        return;
    }
    check_map_divisors(v, op, map, "affine map");
}

// ---- affine.parallel ----

fn reduction_matches(ctx: &lattice_ir::Context, ty: lattice_ir::Type, kind: &str) -> bool {
    let signedness = match ctx.type_data(ty) {
        TypeData::Integer { signedness, .. } => Some(*signedness),
        _ => None,
    };
    match kind {
        "addf" | "mulf" | "maximumf" | "minimumf" => ctx.is_float(ty),
        "addi" | "muli" | "ori" | "andi" => signedness.is_some(),
        "assign" => true,
        "maxs" | "mins" => signedness == Some(Signedness::Signed),
        "maxu" | "minu" => signedness == Some(Signedness::Unsigned),
        _ => false,
    }
}

pub(crate) fn verify_parallel(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(lb) = required_map(v, op, AffineParallel::LOWER_BOUNDS_MAP) else {
        return;
    };
    let Some(ub) = required_map(v, op, AffineParallel::UPPER_BOUNDS_MAP) else {
        return;
    };
    let Some(lb_groups) = dense_elements(ctx, ir.attr(op, AffineParallel::LOWER_BOUNDS_GROUPS))
    else {
        v.error(op, "requires attribute 'lowerBoundsGroups'");
        return;
    };
    let Some(ub_groups) = dense_elements(ctx, ir.attr(op, AffineParallel::UPPER_BOUNDS_GROUPS))
    else {
        v.error(op, "requires attribute 'upperBoundsGroups'");
        return;
    };
    let Some(steps) = int_array(ctx, ir.attr(op, AffineParallel::STEPS)) else {
        v.error(op, "requires attribute 'steps'");
        return;
    };
    let Some(reductions) = ir.attr(op, AffineParallel::REDUCTIONS) else {
        v.error(op, "requires attribute 'reductions'");
        return;
    };
    if ir.regions(op).len() != 1 {
        v.error(op, "requires one region");
        return;
    }
    let Some(block) = ir.entry_block(ir.region(op, 0)) else {
        v.error(
            op,
            "region #0 ('region') failed to verify constraint: region with 1 blocks",
        );
        return;
    };
    let num_args = ir.block_args(block).len();
    let num_dims = steps.len();
    if lb_groups.len() != num_dims || ub_groups.len() != num_dims || num_args != num_dims {
        v.error(
            op,
            format!(
                "the number of region arguments ({num_args}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({}) must all match",
                lb_groups.len(),
                ub_groups.len(),
                steps.len()
            ),
        );
        return;
    }
    if !check_bound_groups(v, op, &lb_groups, ctx.map_num_results(lb), "lower")
        || !check_bound_groups(v, op, &ub_groups, ctx.map_num_results(ub), "upper")
    {
        return;
    }
    let results = ir.results(op);
    let kinds = match ctx.attr_data(reductions) {
        AttrData::Array(elems) => elems.clone(),
        _ => Vec::new(),
    };
    if kinds.len() != results.len() {
        v.error(op, "a reduction must be specified for each output");
        return;
    }
    for (&k, &r) in kinds.iter().zip(results) {
        let kind = ctx
            .int_value(k)
            .and_then(|k| usize::try_from(k).ok())
            .and_then(|k| ATOMIC_RMW_KINDS.get(k));
        let Some(kind) = kind else {
            v.error(op, "invalid reduction attribute");
            return;
        };
        if !reduction_matches(ctx, ir.value_type(r), kind) {
            v.error(op, "result type cannot match reduction attribute");
            return;
        }
    }
    let operands = ir.operands(op);
    let n_lb = ctx.map_num_inputs(lb);
    if operands.len() != n_lb + ctx.map_num_inputs(ub) {
        v.error(
            op,
            "operand count and bound maps' dimension and symbol counts must match",
        );
        return;
    }
    if !check_index_operands(v, op, operands, 0) {
        return;
    }
    if !check_dims_and_symbols(v, op, &operands[..n_lb], ctx.map_num_dims(lb) as usize)
        || !check_dims_and_symbols(v, op, &operands[n_lb..], ctx.map_num_dims(ub) as usize)
    {
        return;
    }
    if let Some(s) = steps.iter().find(|&&s| s <= 0) {
        v.error(
            op,
            format!("expected steps to be positive integers, but got {s}"),
        );
        return;
    }
    if check_map_divisors(v, op, lb, "lower bounds affine map") {
        check_map_divisors(v, op, ub, "upper bounds affine map");
    }
}

// ---- affine.yield ----

pub(crate) fn verify_yield(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let parent = ir.parent_op(op);
    let Some(parent) = parent.filter(|&p| {
        ir.isa::<AffineParallel>(p) || ir.isa::<AffineIf>(p) || ir.isa::<AffineFor>(p)
    }) else {
        v.error(op, "only terminates affine.if/for/parallel regions");
        return;
    };
    let results = ir.results(parent);
    let operands = ir.operands(op);
    if results.len() != operands.len() {
        v.error(
            op,
            "parent of yield must have same number of results as the yield operands",
        );
        return;
    }
    if results
        .iter()
        .zip(operands)
        .any(|(&r, &o)| ir.value_type(r) != ir.value_type(o))
    {
        v.error(op, "types mismatch between yield op and its parent");
    }
}

// ---- affine.dma_start, affine.dma_wait ----

fn check_dma_indices(
    v: &mut Verifier<'_>,
    op: Op,
    indices: &[Value],
    what: &str,
    op_name: &str,
) -> bool {
    let ir = v.ir();
    let scope = affine_scope(ir, op);
    for &idx in indices {
        if !ir.ctx().is_index(ir.value_type(idx)) {
            v.error(
                op,
                format!("{what}index to {op_name} must have 'index' type"),
            );
            return false;
        }
        if !is_valid_dim(ir, idx, scope) {
            v.error(
                op,
                format!("{what}index must be a valid dimension or symbol identifier"),
            );
            return false;
        }
    }
    true
}

pub(crate) fn verify_dma_start(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let mut maps = Vec::new();
    for name in ["src_map", "dst_map", "tag_map"] {
        match required_map(v, op, name) {
            Some(m) => maps.push(m),
            None => return,
        }
    }
    let Some(l) = dma_start_layout(ir, op) else {
        v.error(op, "incorrect number of operands");
        return;
    };
    let ops = ir.operands(op);
    for (range, what) in [(&l[0], "source"), (&l[2], "destination"), (&l[4], "tag")] {
        if !ctx.is_memref(ir.value_type(ops[range.start])) {
            v.error(op, format!("expected DMA {what} to be of memref type"));
            return;
        }
    }
    let rest = l[6].len();
    if rest != 1 && rest != 3 {
        v.error(op, "incorrect number of operands");
        return;
    }
    if !check_dma_indices(v, op, &ops[l[1].clone()], "src ", "dma_start")
        || !check_dma_indices(v, op, &ops[l[3].clone()], "dst ", "dma_start")
        || !check_dma_indices(v, op, &ops[l[5].clone()], "tag ", "dma_start")
    {
        return;
    }
    for (m, what) in maps
        .into_iter()
        .zip(["source map", "destination map", "tag map"])
    {
        if !check_map_divisors(v, op, m, what) {
            return;
        }
    }
}

pub(crate) fn verify_dma_wait(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(map) = required_map(v, op, "tag_map") else {
        return;
    };
    let ops = ir.operands(op);
    let Some(&tag) = ops.first() else {
        v.error(op, "expected DMA tag to be of memref type");
        return;
    };
    if !ir.ctx().is_memref(ir.value_type(tag)) {
        v.error(op, "expected DMA tag to be of memref type");
        return;
    }
    let n_in = ir.ctx().map_num_inputs(map);
    if ops.len() != n_in + 2 {
        v.error(op, "incorrect number of operands");
        return;
    }
    if !check_dma_indices(v, op, &ops[1..1 + n_in], "", "dma_wait") {
        return;
    }
    check_map_divisors(v, op, map, "tag map");
}

// ---- affine.linearize_index, affine.delinearize_index ----

const DYN_MISMATCH: &str = "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite";

pub(crate) fn verify_linearize(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(basis) = dense_array(ctx, ir.attr(op, "static_basis")) else {
        v.error(op, "requires attribute 'static_basis'");
        return;
    };
    let ops = ir.operands(op);
    let num_dyn = basis.iter().filter(|&&b| b == DYNAMIC).count();
    let n_idx = match dense_array(ctx, ir.attr(op, "operandSegmentSizes")) {
        Some(s)
            if s.len() == 2 && s.iter().all(|&x| x >= 0) && (s[0] + s[1]) as usize == ops.len() =>
        {
            s[0] as usize
        }
        _ => {
            segment_error(v, op, 2);
            return;
        }
    };
    if !check_index_operands(v, op, ops, 0) || !check_index_results(v, op) {
        return;
    }
    if n_idx != basis.len() && n_idx != basis.len() + 1 {
        v.error(
            op,
            "should be passed a basis element for each index except possibly the first",
        );
        return;
    }
    if num_dyn != ops.len() - n_idx {
        v.error(op, DYN_MISMATCH);
    }
}

pub(crate) fn verify_delinearize(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(basis) = dense_array(ctx, ir.attr(op, "static_basis")) else {
        v.error(op, "requires attribute 'static_basis'");
        return;
    };
    let ops = ir.operands(op);
    if !check_index_operands(v, op, ops, 0) || !check_index_results(v, op) {
        return;
    }
    let n = ir.results(op).len();
    if n != basis.len() && n != basis.len() + 1 {
        v.error(
            op,
            "should return an index for each basis element and up to one extra index",
        );
        return;
    }
    let num_dyn = basis.iter().filter(|&&b| b == DYNAMIC).count();
    if ops.is_empty() || num_dyn != ops.len() - 1 {
        v.error(op, DYN_MISMATCH);
        return;
    }
    if basis.iter().any(|&b| b != DYNAMIC && b <= 0) {
        v.error(op, "no basis element may be statically non-positive");
    }
}

/// Checks one side of `affine.parallel`'s bound groups: every group non-empty and the
/// group sizes (read as unsigned 32-bit values, as MLIR's `getZExtValue`) summing to the
/// bound map's result count. Reports the first problem and returns false.
fn check_bound_groups(
    v: &mut Verifier<'_>,
    op: Op,
    groups: &[i64],
    map_results: usize,
    side: &str,
) -> bool {
    let mut expected = 0u32;
    for &g in groups {
        if g == 0 {
            v.error(
                op,
                format!("expected {side} bound map to have at least one result"),
            );
            return false;
        }
        expected = expected.wrapping_add(g as u32);
    }
    if expected as usize != map_results {
        v.error(
            op,
            format!("expected {side} bounds map to have {expected} results"),
        );
        return false;
    }
    true
}
