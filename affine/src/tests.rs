//! Unit tests of the dialect: folders, the valid dim/symbol rules, and that verifiers
//! and printers accept whatever the generic parser builds without panicking.

use crate::valid::{affine_scope, is_valid_dim, is_valid_symbol};
use lattice_ir::diag::SourceMap;
use lattice_ir::parser::parse_source;
use lattice_ir::{Attr, Context, FoldResult, Ir, Op, WalkOrder};
use std::sync::Arc;

fn parse(text: &str) -> (Ir, Op) {
    let mut ctx = Context::new();
    lattice_dialects::register_all(&mut ctx);
    crate::register(&mut ctx);
    ctx.allow_unregistered_dialects = true;
    let mut ir = Ir::new(Arc::new(ctx));
    let mut sm = SourceMap::new();
    let id = sm.add("t.mlir", text);
    let top = parse_source(&mut ir, id, "t.mlir", text).unwrap_or_else(|d| panic!("{}", d.message));
    (ir, top)
}

fn ops_named(ir: &Ir, top: Op, name: &str) -> Vec<Op> {
    ir.walk_ops(top, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.is_op(o, name))
        .collect()
}

/// Folds `op` with the constants that `arith.constant` ops give its operands.
fn fold(ir: &Ir, op: Op) -> Option<Vec<FoldResult>> {
    let consts: Vec<Option<Attr>> = ir
        .operands(op)
        .iter()
        .map(|&v| {
            let d = ir.defining_op(v)?;
            if ir.is_op(d, "arith.constant") {
                ir.attr(d, "value")
            } else {
                None
            }
        })
        .collect();
    (ir.op_def(op)?.fold?)(ir, op, &consts)
}

fn constant(ir: &Ir, r: &Option<Vec<FoldResult>>) -> Option<i128> {
    match r.as_deref() {
        Some([FoldResult::Constant(a)]) => ir.ctx().int_value(*a),
        _ => None,
    }
}

#[test]
fn folds_apply_min_max() {
    let (ir, top) = parse(
        r#"func.func @f(%x: index) -> (index, index, index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 floordiv 2)>(%c3)[%c10]
  %1 = affine.min affine_map<(d0, d1) -> (d0 + 20, d1, 7)>(%c3, %c10)
  %2 = affine.max affine_map<(d0, d1) -> (d0 - 20, d1, 7)>(%c3, %c10)
  %3 = affine.apply affine_map<(d0)[s0] -> (s0)>(%x)[%c10]
  %4 = affine.apply affine_map<(d0) -> (d0 mod 0)>(%c3)
  %5 = affine.min affine_map<()[s0] -> (s0)>()[%x]
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}"#,
    );
    let applies = ops_named(&ir, top, "affine.apply");
    assert_eq!(constant(&ir, &fold(&ir, applies[0])), Some(17));
    let c10 = ir.operand(applies[1], 1);
    assert_eq!(fold(&ir, applies[1]), Some(vec![FoldResult::Value(c10)]));
    assert_eq!(fold(&ir, applies[2]), None, "mod 0 must not fold");
    let mins = ops_named(&ir, top, "affine.min");
    assert_eq!(constant(&ir, &fold(&ir, mins[0])), Some(7));
    let x = ir.operand(mins[1], 0);
    assert_eq!(fold(&ir, mins[1]), Some(vec![FoldResult::Value(x)]));
    let maxs = ops_named(&ir, top, "affine.max");
    assert_eq!(constant(&ir, &fold(&ir, maxs[0])), Some(10));
}

#[test]
fn valid_dims_and_symbols() {
    let (ir, top) = parse(
        r#"func.func @f(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %s = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%n]
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %b = arith.addi %i, %n : index
    "test.use"(%n, %c0, %d, %s, %i, %a, %b) : (index, index, index, index, index, index, index) -> ()
  }
  return
}"#,
    );
    let user = ops_named(&ir, top, "test.use")[0];
    let scope = affine_scope(&ir, user);
    assert!(scope.is_some());
    let ops = ir.operands(user);
    let sym: Vec<bool> = ops
        .iter()
        .map(|&v| is_valid_symbol(&ir, v, scope))
        .collect();
    let dim: Vec<bool> = ops.iter().map(|&v| is_valid_dim(&ir, v, scope)).collect();
    assert_eq!(sym, [true, true, true, true, false, false, false]);
    assert_eq!(dim, [true, true, true, true, true, true, false]);
}

#[test]
fn malformed_generic_ops_do_not_panic() {
    // Ops with missing attributes, wrong operand counts and empty regions: the verifier
    // reports them, and printing them does not panic.
    let (ir, top) = parse(
        r#"func.func @f(%x: index, %m: memref<4xf32>) {
  "affine.for"() ({
  }) : () -> ()
  "affine.parallel"(%x) ({
  }) : (index) -> ()
  "affine.if"() ({
  }, {
  }) : () -> ()
  %0 = "affine.load"() : () -> f32
  "affine.store"(%x) : (index) -> ()
  "affine.dma_start"(%x) : (index) -> ()
  "affine.dma_wait"() : () -> ()
  "affine.prefetch"(%m) : (memref<4xf32>) -> ()
  %1 = "affine.linearize_index"(%x) : (index) -> index
  %2 = "affine.delinearize_index"() : () -> index
  %3 = "affine.vector_load"(%m, %x) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> f32
  %4 = "affine.apply"(%x) <{map = affine_map<(d0) -> (d0 floordiv -1)>}> : (index) -> index
  return
}"#,
    );
    let diags = lattice_ir::verifier::verify(&ir, top);
    assert!(
        diags.len() >= 12,
        "{:#?}",
        diags.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    let _ = lattice_ir::printer::print_op(&ir, top, Default::default());
}

/// `loops::constant_trip_count` (issue 23: one meaning for every pass): max of the
/// lower bounds, min of the upper bounds, 0 for an empty loop, `None` for non-constant
/// bounds, and the `i128` count of a loop over the whole 64-bit range, which `i64` lacks.
#[test]
fn constant_trip_count_has_one_meaning() {
    let (ir, top) = parse(
        "func.func @f(%n: index) {\n\
         affine.for %i = 0 to 10 step 3 {\n}\n\
         affine.for %i = max affine_map<() -> (2, 4)>() to min affine_map<() -> (9, 12)>() {\n}\n\
         affine.for %i = 5 to 5 {\n}\n\
         affine.for %i = 0 to %n {\n}\n\
         affine.for %i = -9223372036854775808 to 9223372036854775807 {\n}\n\
         return\n}\n",
    );
    let counts: Vec<String> = ops_named(&ir, top, "affine.for")
        .into_iter()
        .map(|l| {
            let (narrow, wide) = (
                crate::loops::constant_trip_count(&ir, l),
                crate::loops::wide_constant_trip_count(&ir, l),
            );
            format!(
                "{narrow:?}/{wide:?}/{}",
                crate::loops::has_single_result_bounds(&ir, l)
            )
        })
        .collect();
    expect_test::expect![[r#"
        Some(4)/Some(4)/true
        Some(5)/Some(5)/false
        Some(0)/Some(0)/true
        None/None/true
        None/Some(18446744073709551615)/true"#]]
    .assert_eq(&counts.join("\n"));
}

/// `simplify_bounded_min_max` on each `affine.min`/`affine.max` of `text`, whose
/// `test.v*` ops give the bounded values (`test.vN` in `bounds[N]`, inclusive).
fn bounded(text: &str, bounds: &[(i64, i64)]) -> Vec<String> {
    use crate::analysis::bounded::{simplify_bounded_min_max, Bounds};
    let (ir, top) = parse(text);
    let ctx = ir.ctx();
    let mut b = Bounds::default();
    for (i, &range) in bounds.iter().enumerate() {
        for op in ops_named(&ir, top, &format!("test.v{i}")) {
            b.insert(ir.result(op, 0), range);
        }
    }
    let mut out = Vec::new();
    for op in ir.walk_ops(top, WalkOrder::PreOrder) {
        let is_min = ir.is_op(op, crate::views::AffineMin::NAME);
        if !is_min && !ir.is_op(op, crate::views::AffineMax::NAME) {
            continue;
        }
        let map = crate::util::map_attr(&ir, op, "map").expect("a map");
        let r = simplify_bounded_min_max(ctx, map, ir.operands(op), &b, is_min);
        out.push(r.map_or("-".into(), |e| ctx.affine_expr_to_string(e)));
    }
    out
}

/// Bounded min/max: a dominating result, a constant no single result shows, the same
/// value under two operands, a pinned value, an empty box, and what stays undecided.
#[test]
fn bounded_min_max() {
    let text = r#"
      %a = "test.v0"() : () -> index
      %b = "test.v1"() : () -> index
      %c = "test.v2"() : () -> index
      %0 = affine.min affine_map<(d0) -> (d0, 9)>(%a)
      %1 = affine.max affine_map<(d0) -> (d0, 9)>(%a)
      %2 = affine.min affine_map<()[s0] -> (s0, 1 - s0)>()[%b]
      %3 = affine.min affine_map<(d0, d1) -> (d0 - d1, 1)>(%a, %a)
      %4 = affine.min affine_map<(d0, d1) -> (d0 + d1, 100)>(%a, %c)
      %5 = affine.min affine_map<(d0) -> (d0, 5)>(%a)
    "#;
    // %a in [0, 9], %b in [0, 1], %c pinned to 7.
    let got = bounded(text, &[(0, 9), (0, 1), (7, 7)]);
    // min(d0 - d1, 1) with d0 == d1 is d0 - d1 (0 once the operands are deduplicated).
    assert_eq!(got, ["d0", "9", "0", "d0 - d1", "d0 + 7", "-"]);
    // An empty box decides nothing.
    assert!(
        bounded(text, &[(3, 2), (0, 1), (7, 7)])
            .iter()
            .filter(|s| *s == "-")
            .count()
            >= 4
    );
}
