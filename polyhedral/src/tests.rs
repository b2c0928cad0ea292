//! Unit tests of AST generation and code generation on hand-made domains and schedules.

use crate::ast_build::{ast_from_schedule, AstOptions};
use crate::codegen::{generate, CodegenInput, StatementBody};
use expect_test::{expect, Expect};
use lattice_ir::diag::SourceMap;
use lattice_ir::parser::parse_source;
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Context, Ir, Op, WalkOrder};
use std::sync::Arc;

pub(crate) fn parse(text: &str) -> (Ir, Op) {
    let mut ctx = Context::new();
    lattice_dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    let mut ir = Ir::new(Arc::new(ctx));
    let mut sm = SourceMap::new();
    let id = sm.add("t.mlir", text);
    let top = parse_source(&mut ir, id, "t.mlir", text).unwrap_or_else(|d| panic!("{}", d.message));
    (ir, top)
}

fn named(ir: &Ir, top: Op, name: &str) -> Vec<Op> {
    ir.walk_ops(top, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.is_op(o, name))
        .collect()
}

const TRIANGLE: &str = r#"func.func @f(%A: memref<?x?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%j, %i + 1] : memref<?x?xf32>
    }
  }
  return
}"#;

/// Regenerates TRIANGLE's nest from `schedule` (an isl schedule tree in YAML form).
fn regenerate(schedule: &str, expect: Expect) {
    let (ir, top) = generate_triangle(schedule);
    expect.assert_eq(&print_op(&ir, top, PrintOptions::default()));
}

/// TRIANGLE's nest generated from `schedule`, verified.
fn generate_triangle(schedule: &str) -> (Ir, Op) {
    let (mut ir, top) = parse(TRIANGLE);
    let outer = named(&ir, top, "affine.for")[0];
    let inner = named(&ir, top, "affine.for")[1];
    let func = named(&ir, top, "func.func")[0];
    let n = ir.block_args(ir.entry_block(ir.regions(func)[0]).unwrap())[1];
    let i = ir.block_args(ir.entry_block(ir.regions(outer)[0]).unwrap())[0];
    let j = ir.block_args(ir.entry_block(ir.regions(inner)[0]).unwrap())[0];
    let body = ir.entry_block(ir.regions(inner)[0]).unwrap();
    let ops: Vec<Op> = ir.block_ops(body).collect();
    let mut input = CodegenInput {
        params: vec![("n".to_string(), n)],
        ..Default::default()
    };
    input.statements.insert(
        "S0".into(),
        StatementBody {
            ops: ops[..ops.len() - 1].to_vec(),
            ivs: vec![i, j],
        },
    );
    let ctx = isl_rs::Context::alloc();
    let sched = isl_rs::Schedule::read_from_str(&ctx, schedule).unwrap();
    let ast = ast_from_schedule(&ctx, sched, None, &AstOptions::default()).unwrap();
    let block = ir.op_parent(outer).unwrap();
    let loc = ir.loc(outer);
    generate(&mut ir, &ast, &input, block, Some(outer), loc).unwrap();
    ir.erase_op(outer);
    let errs = lattice_ir::verifier::verify(&ir, top);
    assert!(
        errs.is_empty(),
        "{:?}",
        errs.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    (ir, top)
}

#[test]
fn identity_schedule() {
    regenerate(
        r#"{ domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", child: { schedule: "[n] -> [{ S0[i, j] -> [(i)] }, { S0[i, j] -> [(j)] }]" } }"#,
        expect![[r#"
            #map = affine_map<(d0) -> (d0)>
            module {
              func.func @f(%arg0: memref<?x?xf32>, %arg1: index) {
                affine.for %arg2 = 1 to %arg1 {
                  affine.for %arg3 = 0 to #map(%arg2) {
                    %0 = affine.load %arg0[%arg2, %arg3] : memref<?x?xf32>
                    %1 = arith.addf %0, %0 : f32
                    affine.store %1, %arg0[%arg3, %arg2 + 1] : memref<?x?xf32>
                  }
                }
                return
              }
            }
        "#]],
    );
}

#[test]
fn interchange_triangle() {
    regenerate(
        r#"{ domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", child: { schedule: "[n] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]" } }"#,
        expect![[r#"
            #map = affine_map<()[s0] -> (s0 - 1)>
            #map1 = affine_map<(d0) -> (d0 + 1)>
            module {
              func.func @f(%arg0: memref<?x?xf32>, %arg1: index) {
                affine.for %arg2 = 0 to #map()[%arg1] {
                  affine.for %arg3 = #map1(%arg2) to %arg1 {
                    %0 = affine.load %arg0[%arg3, %arg2] : memref<?x?xf32>
                    %1 = arith.addf %0, %0 : f32
                    affine.store %1, %arg0[%arg2, %arg3 + 1] : memref<?x?xf32>
                  }
                }
                return
              }
            }
        "#]],
    );
}

#[test]
fn generated_loops_are_named_after_their_source_loops() {
    // Two-level tiles of `i` (64, 32), `j` untiled: the point loops keep the source
    // names, the tile loops are named after the loop they tile (the triangle's `j` loop
    // is bounded by the tile of `i` too, on one side only).
    let (ir, top) = generate_triangle(
        r#"{ domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", child: { schedule: "[n] -> [{ S0[i, j] -> [(64 * floor(i / 64))] }]", child: { schedule: "[n] -> [{ S0[i, j] -> [(32 * floor(i / 32))] }]", child: { schedule: "[n] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]" } } } }"#,
    );
    let names: Vec<String> = named(&ir, top, "affine.for")
        .into_iter()
        .map(|l| crate::scop::loop_source_name(&ir, l, 0))
        .collect();
    expect![[r#"
        [
            "the outer tile loop of %i at 2:3",
            "the tile loop of %i at 2:3",
            "the loop %j at 2:3",
            "the loop %i at 2:3",
        ]
    "#]]
    .assert_debug_eq(&names);
}

#[test]
fn tiled_triangle_parallel_mark() {
    regenerate(
        r#"{ domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", child: { mark: "parallel", child: { schedule: "[n] -> [{ S0[i, j] -> [(32 * floor(i / 32))] }]", child: { schedule: "[n] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]" } } } }"#,
        expect![[r#"
            #map = affine_map<(d0)[s0] -> (d0 + 31, s0 - 1)>
            #map1 = affine_map<(d0, d1) -> (d0, d1 + 1)>
            #map2 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
            module {
              func.func @f(%arg0: memref<?x?xf32>, %arg1: index) {
                affine.parallel (%arg2) = (0) to (symbol(%arg1)) step (32) {
                  affine.for %arg3 = 0 to min #map(%arg2)[%arg1] {
                    affine.for %arg4 = max #map1(%arg2, %arg3) to min #map2(%arg2)[%arg1] {
                      %0 = affine.load %arg0[%arg4, %arg3] : memref<?x?xf32>
                      %1 = arith.addf %0, %0 : f32
                      affine.store %1, %arg0[%arg3, %arg4 + 1] : memref<?x?xf32>
                    }
                  }
                }
                return
              }
            }
        "#]],
    );
}

#[test]
fn skewed_needs_apply() {
    regenerate(
        r#"{ domain: "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < i }", child: { schedule: "[n] -> [{ S0[i, j] -> [(i + j)] }, { S0[i, j] -> [(j)] }]" } }"#,
        expect![[r#"
            #map = affine_map<()[s0] -> (s0 * 2 - 2)>
            #map1 = affine_map<(d0)[s0] -> (d0 - s0 + 1, 0)>
            #map2 = affine_map<(d0) -> ((d0 + 1) floordiv 2)>
            module {
              func.func @f(%arg0: memref<?x?xf32>, %arg1: index) {
                affine.for %arg2 = 1 to #map()[%arg1] {
                  affine.for %arg3 = max #map1(%arg2)[%arg1] to #map2(%arg2) {
                    %0 = affine.load %arg0[%arg2 - %arg3, %arg3] : memref<?x?xf32>
                    %1 = arith.addf %0, %0 : f32
                    affine.store %1, %arg0[%arg3, -%arg3 + %arg2 + 1] : memref<?x?xf32>
                  }
                }
                return
              }
            }
        "#]],
    );
}
