//! Unit tests (analysis side) of extraction and dependence analysis on small kernels: snapshots of
//! domains, accesses, schedules and dependences.

use crate::isl::{IslCtx, IslText};
use crate::scop::extract_scops;
use expect_test::{expect, Expect};
use lattice_ir::diag::SourceMap;
use lattice_ir::parser::parse_source;
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

pub(crate) fn funcs(ir: &Ir, top: Op) -> Vec<Op> {
    ir.walk_ops(top, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.is_op(o, "func.func"))
        .collect()
}

fn check_scops(text: &str, expect: Expect) {
    let (ir, top) = parse(text);
    let isl = IslCtx::default();
    let mut out = String::new();
    for f in funcs(&ir, top) {
        let ex = extract_scops(&ir, &isl, f);
        for (k, s) in ex.scops.iter().enumerate() {
            out.push_str(&format!("scop {k}:\n{}", s.dump(&ir)));
        }
        for r in &ex.remarks {
            out.push_str(&format!("remark: {}\n", r.message));
        }
    }
    expect.assert_eq(&out);
}

pub(crate) const MATMUL: &str = r#"
func.func @matmul(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
"#;

pub(crate) const JACOBI: &str = r#"
func.func @jacobi(%A: memref<100xf64> {llvm.noalias}, %B: memref<100xf64> {llvm.noalias}) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 99 {
      %l = affine.load %A[%i - 1] : memref<100xf64>
      %c = affine.load %A[%i] : memref<100xf64>
      %r = affine.load %A[%i + 1] : memref<100xf64>
      %s = arith.addf %l, %c : f64
      %s2 = arith.addf %s, %r : f64
      affine.store %s2, %B[%i] : memref<100xf64>
    }
    affine.for %i = 1 to 99 {
      %b = affine.load %B[%i] : memref<100xf64>
      affine.store %b, %A[%i] : memref<100xf64>
    }
  }
  return
}
"#;

pub(crate) const STENCIL_SKEW: &str = include_str!("../../examples/stencil_skew.mlir");

#[test]
fn matmul_scop() {
    check_scops(
        MATMUL,
        expect![[r#"
            scop 0:
            params: [p0 = %arg3]
            array A0 = %arg0 (memref, rank 2)
            array A1 = %arg1 (memref, rank 2)
            array A2 = %arg2 (memref, rank 2)
            S0 (the store to %C at 11:9): 6 op(s); domain [p0] -> { S0[i0, i1, i2] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }
              Read (the load of %A at 6:14) [p0] -> { S0[i0, i1, i2] -> A0[o0 = i0, o1 = i2] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }
              Read (the load of %B at 7:14) [p0] -> { S0[i0, i1, i2] -> A1[o0 = i2, o1 = i1] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }
              Read (the load of %C at 8:14) [p0] -> { S0[i0, i1, i2] -> A2[o0 = i0, o1 = i1] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }
              Write (the store to %C at 11:9) [p0] -> { S0[i0, i1, i2] -> A2[o0 = i0, o1 = i1] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }
            schedule: { domain: "[p0] -> { S0[i0, i1, i2] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 < p0 }", child: { schedule: "[p0] -> [{ S0[i0, i1, i2] -> [(i0)] }]", child: { schedule: "[p0] -> [{ S0[i0, i1, i2] -> [(i1)] }]", child: { schedule: "[p0] -> [{ S0[i0, i1, i2] -> [(i2)] }]" } } } }
        "#]],
    );
}

#[test]
fn jacobi_scop() {
    check_scops(
        JACOBI,
        expect![[r#"
            scop 0:
            params: []
            array A0 = %arg0 (memref, rank 1, distinct)
            array A1 = %arg1 (memref, rank 1, distinct)
            S0 (the store to %B at 10:7): 6 op(s); domain { S0[i0, i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Read (the load of %A at 5:12) { S0[i0, i1] -> A0[o0 = -1 + i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Read (the load of %A at 6:12) { S0[i0, i1] -> A0[o0 = i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Read (the load of %A at 7:12) { S0[i0, i1] -> A0[o0 = 1 + i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Write (the store to %B at 10:7) { S0[i0, i1] -> A1[o0 = i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
            S1 (the store to %A at 14:7): 2 op(s); domain { S1[i0, i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Read (the load of %B at 13:12) { S1[i0, i1] -> A1[o0 = i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
              Write (the store to %A at 14:7) { S1[i0, i1] -> A0[o0 = i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
            schedule: { domain: "{ S0[i0, i1] : 0 <= i0 <= 9 and 0 < i1 <= 98; S1[i0, i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }", child: { schedule: "[{ S0[i0, i1] -> [(i0)]; S1[i0, i1] -> [(i0)] }]", child: { sequence: [ { filter: "{ S0[i0, i1] }", child: { schedule: "[{ S0[i0, i1] -> [(i1)] }]" } }, { filter: "{ S1[i0, i1] }", child: { schedule: "[{ S1[i0, i1] -> [(i1)] }]" } } ] } } }
        "#]],
    );
}

#[test]
fn guards_steps_and_scalars() {
    check_scops(
        r#"
#set = affine_set<(d0)[s0] : (d0 - 8 >= 0, s0 + 40 - d0 >= 0)>
func.func @f(%A: memref<64xf32>, %n: index) {
  %z = arith.constant 0.0 : f32
  affine.for %i = max affine_map<(d0) -> (d0, 3)>(%n) to 64 step 4 {
    %v = affine.load %A[%i floordiv 2] : memref<64xf32>
    affine.if #set(%i)[%n] {
      affine.store %v, %A[%i] : memref<64xf32>
    } else {
      affine.store %z, %A[%i + 1] : memref<64xf32>
    }
  }
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<64xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.store %r, %A[0] : memref<64xf32>
  return
}
"#,
        expect![[r#"
            scop 0:
            params: [p0 = %arg1]
            array A0 = %arg0 (memref, rank 1)
            array V1 = result of affine.load at 6:10 (value, rank 1, distinct)
            array R2 = result of affine.for at 13:8 (carried #0 of affine.for at 13:8, rank 0, distinct)
            S0 (affine.load at 6:10): 1 op(s); domain [p0] -> { S0[i0] : i0 <= 63 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 3) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= p0)) }
              Read (the load of %A at 6:10) [p0] -> { S0[i0] -> A0[o0] : i0 <= 63 and -1 + i0 <= 2o0 <= i0 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 3) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= p0)) }
              Write (affine.load at 6:10) [p0] -> { S0[i0] -> V1[i0] : i0 <= 63 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 3) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= p0)) }
            S1 (the store to %A at 8:7): 1 op(s); domain [p0] -> { S1[i0] : 8 <= i0 <= 40 + p0 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 11) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 63)) }
              Write (the store to %A at 8:7) [p0] -> { S1[i0] -> A0[o0 = i0] : 8 <= i0 <= 40 + p0 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 11) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 63)) }
              Read (affine.store at 8:7) [p0] -> { S1[i0] -> V1[i0] : 8 <= i0 <= 40 + p0 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 11) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 63)) }
            S2 (the store to %A at 10:7): 1 op(s); domain [p0] -> { S2[i0] : i0 <= 63 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 41 + p0 and i0 >= 3) or ((1 + i0) mod 4 = 0 and p0 <= 2 and 3 <= i0 <= 7) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= 44 + p0) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 7)) }
              Write (the store to %A at 10:7) [p0] -> { S2[i0] -> A0[o0 = 1 + i0] : i0 <= 63 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 41 + p0 and i0 >= 3) or ((1 + i0) mod 4 = 0 and p0 <= 2 and 3 <= i0 <= 7) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= 44 + p0) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 7)) }
            S3 (arith.addf at 15:10): 2 op(s); domain [p0] -> { S3[i0] : 0 <= i0 <= 63 }
              Read (the load of %A at 14:10) [p0] -> { S3[i0] -> A0[o0 = i0] : 0 <= i0 <= 63 }
              Read (arith.addf at 15:10) [p0] -> { S3[i0] -> R2[] : 0 <= i0 <= 63 }
              Write (arith.addf at 15:10) [p0] -> { S3[i0] -> R2[] : 0 <= i0 <= 63 }
            schedule: { domain: "[p0] -> { S3[i0] : 0 <= i0 <= 63; S1[i0] : 8 <= i0 <= 40 + p0 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 11) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 63)); S2[i0] : i0 <= 63 and (((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= 44 + p0) or ((1 + i0) mod 4 = 0 and p0 <= 2 and 3 <= i0 <= 7) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and p0 <= i0 <= 7) or ((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 41 + p0 and i0 >= 3)); S0[i0] : i0 <= 63 and (((1 + i0) mod 4 = 0 and p0 <= 2 and i0 >= 3) or ((-p0 + i0) mod 4 = 0 and p0 >= 3 and i0 >= p0)) }", child: { sequence: [ { filter: "[p0] -> { S1[i0]; S2[i0]; S0[i0] }", child: { schedule: "[p0] -> [{ S1[i0] -> [(i0)]; S2[i0] -> [(i0)]; S0[i0] -> [(i0)] }]", child: { sequence: [ { filter: "[p0] -> { S0[i0] }" }, { filter: "[p0] -> { S1[i0] }" }, { filter: "[p0] -> { S2[i0] }" } ] } } }, { filter: "[p0] -> { S3[i0] }", child: { schedule: "[p0] -> [{ S3[i0] -> [(i0)] }]" } } ] } }
        "#]],
    );
}

#[test]
fn declined_parts() {
    check_scops(
        r#"
func.func private @g()
func.func @f(%A: memref<64xf32>, %I: memref<64xindex>) {
  affine.for %i = 0 to 64 {
    func.call @g() : () -> ()
    affine.for %j = 0 to 64 {
      %x = memref.load %I[%j] : memref<64xindex>
      %v = memref.load %A[%x] : memref<64xf32>
      affine.store %v, %A[%j] : memref<64xf32>
    }
  }
  return
}
"#,
        expect![[r#"
            scop 0:
            params: []
            array A0 = %arg1 (memref, rank 1)
            array A1 = %arg0 (memref, rank 1)
            S0 (the store to %A at 9:7): 3 op(s), opaque; domain { S0[i0] : 0 <= i0 <= 63 }
              Read (conservative) (memref.load at 7:12 (reads %I)) { S0[i0] -> A0[o0] : 0 <= i0 <= 63 }
              Read (conservative) (memref.load at 8:12 (reads %A)) { S0[i0] -> A1[o0] : 0 <= i0 <= 63 }
              Write (the store to %A at 9:7) { S0[i0] -> A1[o0 = i0] : 0 <= i0 <= 63 }
            schedule: { domain: "{ S0[i0] : 0 <= i0 <= 63 }", child: { schedule: "[{ S0[i0] -> [(i0)] }]" } }
            remark: not a static control part: func.call has memory effects that are not modelled
        "#]],
    );
}

/// Vector transfers: an in-bounds transfer is an exact box along the dims its
/// permutation map names (a broadcast spans one element); a transfer that may run out
/// of bounds writes a may-write box.
#[test]
fn vector_transfer_footprints() {
    check_scops(
        r#"
#bcast = affine_map<(d0, d1) -> (0)>
#col = affine_map<(d0, d1) -> (d0)>
func.func @f(%A: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 step 8 {
      %a = vector.transfer_read %A[%i, %j], %z {in_bounds = [true], permutation_map = #bcast} : memref<64x64xf32>, vector<8xf32>
      %b = vector.transfer_read %A[%j, %i], %z {in_bounds = [true], permutation_map = #col} : memref<64x64xf32>, vector<8xf32>
      %s = arith.addf %a, %b : vector<8xf32>
      vector.transfer_write %s, %C[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<64x64xf32>
      vector.transfer_write %s, %C[%j, %i] : vector<8xf32>, memref<64x64xf32>
    }
  }
  return
}
"#,
        expect![[r#"
            scop 0:
            params: []
            array A0 = %arg0 (memref, rank 2)
            array A1 = %arg1 (memref, rank 2)
            S0 (vector.transfer_write at 12:7 (may write %C)): 5 op(s), opaque; domain { S0[i0, i1] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 }
              Read (vector.transfer_read at 8:12 (reads %A)) { S0[i0, i1] -> A0[o0 = i0, o1 = i1] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 }
              Read (vector.transfer_read at 9:12 (reads %A)) { S0[i0, i1] -> A0[o0, o1 = i0] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 and i1 <= o0 <= 7 + i1 }
              Write (vector.transfer_write at 11:7 (writes %C)) { S0[i0, i1] -> A1[o0 = i0, o1] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 and i1 <= o1 <= 7 + i1 }
              MayWrite (conservative) (vector.transfer_write at 12:7 (may write %C)) { S0[i0, i1] -> A1[o0 = i1, o1] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 and i0 <= o1 <= 7 + i0 }
            schedule: { domain: "{ S0[i0, i1] : (i1) mod 8 = 0 and 0 <= i0 <= 63 and 0 <= i1 <= 63 }", child: { schedule: "[{ S0[i0, i1] -> [(i0)] }]", child: { schedule: "[{ S0[i0, i1] -> [(i1)] }]" } } }
        "#]],
    );
}

fn check_deps(text: &str, alias: crate::deps::AliasAssumption, expect: Expect) {
    let (ir, top) = parse(text);
    let isl = IslCtx::default();
    let mut out = String::new();
    for f in funcs(&ir, top) {
        let ex = extract_scops(&ir, &isl, f);
        for s in &ex.scops {
            let deps =
                crate::deps::analyze(&isl, &ir, s, &crate::deps::DepOptions { alias }).unwrap();
            for d in &deps.deps {
                out.push_str(&format!(
                    "{} level {}{}: {} dir {}\n",
                    d.kind.word(),
                    d.level,
                    if d.is_carried() { "" } else { " (independent)" },
                    crate::deps::describe(s, d),
                    d.direction_text()
                ));
            }
            for fl in &deps.flow {
                out.push_str(&format!(
                    "flow {} {} -> {}: {}\n",
                    if fl.must { "must" } else { "may" },
                    s.statements[fl.src].name,
                    s.statements[fl.dst].name,
                    fl.relation.text()
                ));
            }
            for l in &deps.loops {
                out.push_str(&format!(
                    "loop level {}: {}\n",
                    l.depth + 1,
                    l.reason.as_deref().unwrap_or("parallel")
                ));
            }
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn matmul_deps() {
    check_deps(
        MATMUL,
        crate::deps::AliasAssumption::DistinctMemrefs,
        expect![[r#"
            WAR level 3: WAR from the load of %C at 8:14 to the store to %C at 11:9 (S0 -> S0), distance (0, 0, [1, +inf]) dir (=, =, <)
            RAW level 3: RAW from the store to %C at 11:9 to the load of %C at 8:14 (S0 -> S0), distance (0, 0, [1, +inf]) dir (=, =, <)
            WAW level 3: WAW from the store to %C at 11:9 to the store to %C at 11:9 (S0 -> S0), distance (0, 0, [1, +inf]) dir (=, =, <)
            flow must S0 -> S0: [p0] -> { S0[i0, i1, i2] -> S0[i0' = i0, i1' = i1, i2' = 1 + i2] : 0 <= i0 < p0 and 0 <= i1 < p0 and 0 <= i2 <= -2 + p0 }
            loop level 1: parallel
            loop level 2: parallel
            loop level 3: WAR from the load of %C at 8:14 to the store to %C at 11:9 (S0 -> S0), distance (0, 0, [1, +inf])
        "#]],
    );
}

#[test]
fn matmul_deps_with_aliasing_arguments() {
    // %A, %B and %C may alias: every pair of a write to C and an access to A or B
    // instance-wise depends, so no loop is parallel.
    let (ir, top) = parse(MATMUL);
    let isl = IslCtx::default();
    let f = funcs(&ir, top)[0];
    let ex = extract_scops(&ir, &isl, f);
    let deps = crate::deps::analyze(&isl, &ir, &ex.scops[0], &Default::default()).unwrap();
    let parallel: Vec<bool> = deps.loops.iter().map(|l| l.parallel).collect();
    assert_eq!(parallel, [false, false, false]);
    assert!(deps.deps.iter().any(|d| d.alias));
}

#[test]
fn jacobi_deps() {
    check_deps(
        JACOBI,
        crate::deps::AliasAssumption::ArgumentsMayAlias,
        expect![[r#"
            WAW level 1: WAW from the store to %B at 10:7 to the store to %B at 10:7 (S0 -> S0), distance ([1, 9], 0) dir (<, =)
            WAR level 1: WAR from the load of %A at 5:12 to the store to %A at 14:7 (S0 -> S1), distance ([1, 9]) dir (<)
            WAR level 2 (independent): WAR from the load of %A at 5:12 to the store to %A at 14:7 (S0 -> S1), distance (0) dir (=)
            WAR level 1: WAR from the load of %A at 6:12 to the store to %A at 14:7 (S0 -> S1), distance ([1, 9]) dir (<)
            WAR level 2 (independent): WAR from the load of %A at 6:12 to the store to %A at 14:7 (S0 -> S1), distance (0) dir (=)
            WAR level 1: WAR from the load of %A at 7:12 to the store to %A at 14:7 (S0 -> S1), distance ([1, 9]) dir (<)
            WAR level 2 (independent): WAR from the load of %A at 7:12 to the store to %A at 14:7 (S0 -> S1), distance (0) dir (=)
            RAW level 1: RAW from the store to %B at 10:7 to the load of %B at 13:12 (S0 -> S1), distance ([1, 9]) dir (<)
            RAW level 2 (independent): RAW from the store to %B at 10:7 to the load of %B at 13:12 (S0 -> S1), distance (0) dir (=)
            WAR level 1: WAR from the load of %B at 13:12 to the store to %B at 10:7 (S1 -> S0), distance ([1, 9]) dir (<)
            RAW level 1: RAW from the store to %A at 14:7 to the load of %A at 5:12 (S1 -> S0), distance ([1, 9]) dir (<)
            RAW level 1: RAW from the store to %A at 14:7 to the load of %A at 6:12 (S1 -> S0), distance ([1, 9]) dir (<)
            RAW level 1: RAW from the store to %A at 14:7 to the load of %A at 7:12 (S1 -> S0), distance ([1, 9]) dir (<)
            WAW level 1: WAW from the store to %A at 14:7 to the store to %A at 14:7 (S1 -> S1), distance ([1, 9], 0) dir (<, =)
            flow must S0 -> S1: { S0[i0, i1] -> S1[i0' = i0, i1' = i1] : 0 <= i0 <= 9 and 0 < i1 <= 98 }
            flow must S1 -> S0: { S1[i0, i1] -> S0[i0' = 1 + i0, i1'] : 0 <= i0 <= 8 and 0 < i1 <= 98 and i1' >= -1 + i1 and 0 < i1' <= 98 and i1' <= 1 + i1 }
            loop level 1: WAW from the store to %B at 10:7 to the store to %B at 10:7 (S0 -> S0), distance ([1, 9], 0)
            loop level 2: parallel
            loop level 2: parallel
        "#]],
    );
}

#[test]
fn stencil_skew_deps() {
    check_deps(
        STENCIL_SKEW,
        crate::deps::AliasAssumption::ArgumentsMayAlias,
        expect![[r#"
            RAW level 1: RAW from the store to %A at 20:7 to the load of %A at 17:13 (S0 -> S0), distance (1, -1) dir (<, >)
            flow must S0 -> S0: { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 < i0 <= 3 and 0 < i1 <= 3 }
            loop level 1: RAW from the store to %A at 20:7 to the load of %A at 17:13 (S0 -> S0), distance (1, -1)
            loop level 2: parallel
            loop level 1: parallel
            loop level 2: parallel
            WAR level 2: WAR from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %row of the loop %j at 41:12), distance (0, [1, 4]) dir (=, <)
            WAR level 1: WAR from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance ([1, 4], [-4, 4]) dir (<, *)
            WAR level 2: WAR from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance (0, [1, 4]) dir (=, <)
            RAW level 2: RAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %row of the loop %j at 41:12), distance (0, [1, 4]) dir (=, <)
            WAW level 2: WAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %row of the loop %j at 41:12), distance (0, [1, 4]) dir (=, <)
            RAW level 1: RAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance ([1, 4], [-4, 4]) dir (<, *)
            RAW level 2: RAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance (0, [1, 4]) dir (=, <)
            WAW level 1: WAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance ([1, 4], [-4, 4]) dir (<, *)
            WAW level 2: WAW from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance (0, [1, 4]) dir (=, <)
            flow must S0 -> S0: { S0[i0, i1] -> S0[i0' = i0, i1' = 1 + i1] : 0 <= i0 <= 4 and 0 <= i1 <= 3 }
            flow may S0 -> S0: { S0[i0, i1] -> S0[i0', i1'] : i0 >= 0 and 0 <= i1 <= 4 and i0 < i0' <= 4 and 0 <= i1' <= 4; S0[i0, i1] -> S0[i0' = i0, i1'] : 0 <= i0 <= 4 and i1 >= 0 and 2 + i1 <= i1' <= 4 }
            loop level 1: WAR from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %sum of the loop %i at 40:10), distance ([1, 4], [-4, 4])
            loop level 2: WAR from arith.addf at 43:12 to arith.addf at 43:12 (S0 -> S0; iter_args %row of the loop %j at 41:12), distance (0, [1, 4])
        "#]],
    );
}

#[test]
fn isl_quota_degrades_to_an_error() {
    let (ir, top) = parse(MATMUL);
    let isl = IslCtx::new(crate::isl::IslOptions { max_operations: 5 });
    let f = funcs(&ir, top)[0];
    let ex = extract_scops(&ir, &isl, f);
    // Extraction itself may already give up: then a remark says so.
    match ex.scops.first() {
        None => assert!(
            ex.remarks[0].message.contains("isl gave up"),
            "{}",
            ex.remarks[0].message
        ),
        Some(s) => {
            isl.reset_operations();
            let r = crate::deps::analyze(&isl, &ir, s, &Default::default());
            assert!(matches!(r, Err(crate::isl::IslError::Quota { .. })));
        }
    }
}

/// A read of what the same instance stored before it (here inside the vector store's
/// box) has no flow dependence from another instance; a read past the box has one.
#[test]
fn same_instance_reads() {
    check_deps(
        r#"
func.func @f(%A: memref<64xf64>, %B: memref<16xf64>) {
  %w = arith.constant dense<1.0> : vector<4xf64>
  affine.for %t = 0 to 4 {
    affine.for %i = 0 to 15 {
      affine.vector_store %w, %A[%i * 4] : memref<64xf64>, vector<4xf64>
      %x = affine.load %A[%i * 4 + 2] : memref<64xf64>
      %y = affine.load %A[%i * 4 + 4] : memref<64xf64>
      %s = arith.addf %x, %y : f64
      affine.store %s, %B[%i] : memref<16xf64>
    }
  }
  return
}
"#,
        crate::deps::AliasAssumption::DistinctMemrefs,
        expect![[r#"
            WAW level 1: WAW from the vector store to %A at 6:7 to the vector store to %A at 6:7 (S0 -> S0), distance ([1, 3], 0) dir (<, =)
            RAW level 1: RAW from the vector store to %A at 6:7 to the load of %A at 7:12 (S0 -> S0), distance ([1, 3], 0) dir (<, =)
            RAW level 1: RAW from the vector store to %A at 6:7 to the load of %A at 8:12 (S0 -> S0), distance ([1, 3], -1) dir (<, >)
            WAR level 1: WAR from the load of %A at 7:12 to the vector store to %A at 6:7 (S0 -> S0), distance ([1, 3], 0) dir (<, =)
            WAR level 1: WAR from the load of %A at 8:12 to the vector store to %A at 6:7 (S0 -> S0), distance ([1, 3], 1) dir (<, <)
            WAR level 2: WAR from the load of %A at 8:12 to the vector store to %A at 6:7 (S0 -> S0), distance (0, 1) dir (=, <)
            WAW level 1: WAW from the store to %B at 10:7 to the store to %B at 10:7 (S0 -> S0), distance ([1, 3], 0) dir (<, =)
            flow must S0 -> S0: { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 <= i0 <= 2 and 0 < i1 <= 14 }
            loop level 1: WAW from the vector store to %A at 6:7 to the vector store to %A at 6:7 (S0 -> S0), distance ([1, 3], 0)
            loop level 2: WAR from the load of %A at 8:12 to the vector store to %A at 6:7 (S0 -> S0), distance (0, 1)
        "#]],
    );
}
