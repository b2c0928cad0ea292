//! Snapshots of the LLVM IR `llvm::translate` produces for small functions (before LLVM's
//! optimizer, so the snapshots show the lowering itself): scalar arith with overflow and
//! fast-math flags, the descriptor calling convention and address arithmetic, `scf.for`
//! with `iter_args`, `scf.if`, and a `_mlir_ciface_` wrapper. `UPDATE_EXPECT=1` rewrites
//! them. Also checks that unsupported ops are located errors, that `llvm.noalias` memref
//! arguments give their aligned pointer (only) LLVM's `noalias`, and that vector transfers
//! statically in bounds (an `scf.for` IV with known bounds, plus constants) lower to plain
//! vector loads/stores while possibly out-of-bounds ones keep their lane masks, and that every
//! vector memory access (plain, masked, gather/scatter) carries its element alignment.

use expect_test::{expect, Expect};
use lattice_codegen::llvm::{self, LowerOptions};
use lattice_ir::diag::SourceMap;
use lattice_ir::{Context, Ir};
use std::sync::Arc;

fn lower(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    lattice_dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    let ctx = Arc::new(ctx);
    let mut sources = SourceMap::new();
    let id = sources.add("test.mlir", src);
    let mut ir = Ir::new(ctx.clone());
    let module = lattice_ir::parser::parse_source(&mut ir, id, "test.mlir", src)
        .map_err(|d| sources.render(&ctx, &[d], Some(id)))?;
    llvm::prepare(&mut ir, module).map_err(|d| sources.render(&ctx, &d, Some(id)))?;
    let llcx = inkwell::context::Context::create();
    let m = llvm::translate(&llcx, &ir, module, &LowerOptions::default(), "test")
        .map_err(|d| sources.render(&ctx, &d, Some(id)))?;
    Ok(m.print_to_string().to_string())
}

fn check(src: &str, expected: Expect) {
    let text = lower(src).unwrap_or_else(|e| e);
    // Drop the module header lines that name the module.
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .map(|l| format!("{l}\n"))
        .collect();
    expected.assert_eq(body.trim());
}

#[test]
fn scalar_arith() {
    check(
        r#"
func.func @f(%a: i32, %b: i32, %x: f32) -> (i32, f32) {
  %s = arith.addi %a, %b overflow<nsw> : i32
  %q = arith.floordivsi %s, %b : i32
  %c = arith.cmpi slt, %q, %a : i32
  %m = arith.select %c, %q, %a : i32
  %y = arith.mulf %x, %x fastmath<fast> : f32
  %i = arith.index_cast %m : i32 to index
  %j = arith.index_cast %i : index to i32
  return %j, %y : i32, f32
}
"#,
        expect![[r#"
            define { i32, float } @f(i32 %0, i32 %1, float %2) {
            args:
              br label %entry

            entry:                                            ; preds = %args
              %3 = add nsw i32 %0, %1
              %4 = sdiv i32 %3, %1
              %5 = srem i32 %3, %1
              %6 = icmp ne i32 %5, 0
              %7 = xor i32 %5, %1
              %8 = icmp slt i32 %7, 0
              %9 = and i1 %6, %8
              %10 = add i32 %4, -1
              %11 = select i1 %9, i32 %10, i32 %4
              %12 = icmp slt i32 %11, %0
              %13 = select i1 %12, i32 %11, i32 %0
              %14 = fmul fast float %2, %2
              %15 = sext i32 %13 to i64
              %16 = trunc i64 %15 to i32
              %17 = insertvalue { i32, float } undef, i32 %16, 0
              %18 = insertvalue { i32, float } %17, float %14, 1
              ret { i32, float } %18
            }"#]],
    );
}

#[test]
fn memref_descriptor_convention_and_loops() {
    check(
        r#"
func.func @sum(%A: memref<?x8xf64>) -> f64 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?x8xf64>
  %zero = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f64) {
    %v = affine.load %A[%i, 3] : memref<?x8xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  return %s : f64
}
"#,
        expect![[r#"
            define double @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
            args:
              %7 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
              %8 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %7, ptr %1, 1
              %9 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %8, i64 %2, 2
              %10 = insertvalue [2 x i64] undef, i64 %3, 0
              %11 = insertvalue [2 x i64] undef, i64 %5, 0
              %12 = insertvalue [2 x i64] %10, i64 %4, 1
              %13 = insertvalue [2 x i64] %11, i64 %6, 1
              %14 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %9, [2 x i64] %12, 3
              %15 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %14, [2 x i64] %13, 4
              br label %entry

            entry:                                            ; preds = %args
              %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 3
              %17 = extractvalue [2 x i64] %16, 0
              br label %loop.header

            loop.header:                                      ; preds = %loop.body, %entry
              %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop.body ]
              %carried = phi double [ 0.000000e+00, %entry ], [ %22, %loop.body ]
              %18 = icmp slt i64 %iv, %17
              br i1 %18, label %loop.body, label %loop.exit

            loop.body:                                        ; preds = %loop.header
              %aligned = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 1
              %19 = mul i64 %iv, 8
              %20 = add i64 %19, 3
              %elt = getelementptr double, ptr %aligned, i64 %20
              %21 = load double, ptr %elt, align 8
              %22 = fadd double %carried, %21
              %iv.next = add i64 %iv, 1
              br label %loop.header

            loop.exit:                                        ; preds = %loop.header
              ret double %carried
            }

            define double @_mlir_ciface_sum(ptr %0) {
            entry:
              %desc = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
              %allocated = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %desc, 0
              %aligned = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %desc, 1
              %offset = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %desc, 2
              %sizes = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %desc, 3
              %strides = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %desc, 4
              %size = extractvalue [2 x i64] %sizes, 0
              %stride = extractvalue [2 x i64] %strides, 0
              %size1 = extractvalue [2 x i64] %sizes, 1
              %stride2 = extractvalue [2 x i64] %strides, 1
              %1 = call double @sum(ptr %allocated, ptr %aligned, i64 %offset, i64 %size, i64 %size1, i64 %stride, i64 %stride2)
              ret double %1
            }"#]],
    );
}

#[test]
fn unsupported_ops_are_located_errors() {
    check(
        r#"
func.func @f(%m: memref<4xf32>) {
  %r = memref.realloc %m : memref<4xf32> to memref<8xf32>
  return
}
"#,
        expect![[r#"
            test.mlir:3:8: error: 'memref.realloc' op cannot be lowered to LLVM IR by Lattice (not supported yet)
              %r = memref.realloc %m : memref<4xf32> to memref<8xf32>
                   ^"#]],
    );
}

/// The lines of the lowered module containing any of `keys`, trimmed.
fn check_lines(src: &str, keys: &[&str], expected: Expect) {
    let text = lower(src).unwrap_or_else(|e| e);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| keys.iter().any(|k| l.contains(k)))
        .collect();
    expected.assert_eq(&lines.join("\n"));
}

#[test]
fn noalias_marks_only_the_aligned_pointer_of_marked_arguments() {
    check_lines(
        r#"
func.func @f(%a: memref<4xf32> {llvm.noalias}, %n: index, %b: memref<2x2xf32>) {
  return
}
func.func private @g(memref<4xf32> {llvm.noalias})
"#,
        &["define", "declare"],
        expect![[r#"
            define void @f(ptr %0, ptr noalias %1, i64 %2, i64 %3, i64 %4, i64 %5, ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
            declare void @g(ptr, ptr noalias, i64, i64, i64)"#]],
    );
}

#[test]
fn transfers_proved_in_bounds_are_unmasked() {
    // %i runs 0, 16, 32, 48: lanes of %m[%i] stay below 64, but %m[%i + 1] and a
    // 60-element memref may run past the end, so those keep their masks.
    check_lines(
        r#"
func.func @f(%m: memref<64xf32>, %s: memref<60xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c16 {
    %v = vector.transfer_read %m[%i], %pad : memref<64xf32>, vector<16xf32>
    %j = arith.addi %i, %c1 : index
    %w = vector.transfer_read %m[%j], %pad : memref<64xf32>, vector<16xf32>
    %x = arith.addf %v, %w : vector<16xf32>
    vector.transfer_write %x, %m[%i] : vector<16xf32>, memref<64xf32>
    vector.transfer_write %x, %s[%i] : vector<16xf32>, memref<60xf32>
  }
  return
}
"#,
        &["load <16", "store <16", "masked"],
        expect![[r#"
            %vload = load <16 x float>, ptr %elt, align 4
            %27 = call <16 x float> @llvm.masked.load.v16f32.p0(ptr align 4 %elt2, <16 x i1> %mask, <16 x float> zeroinitializer)
            store <16 x float> %28, ptr %elt4, align 4
            call void @llvm.masked.store.v16f32.p0(<16 x float> %28, ptr align 4 %elt6, <16 x i1> %mask9)
            declare <16 x float> @llvm.masked.load.v16f32.p0(ptr captures(none), <16 x i1>, <16 x float>) #0
            declare void @llvm.masked.store.v16f32.p0(<16 x float>, ptr captures(none), <16 x i1>) #1"#]],
    );
}

#[test]
fn vector_memory_accesses_carry_the_element_alignment() {
    // Plain, masked, and gathered accesses: `align` is the element's (8 for f64, 1 for i8,
    // 4 for f32), as upstream's vector-to-llvm sets it, never a blanket `align 1`.
    check_lines(
        r#"
func.func @f(%d: memref<?xf64>, %b: memref<16xi8>, %s: memref<4x4xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %pd = arith.constant 0.0 : f64
  %pb = arith.constant 0 : i8
  %ps = arith.constant 0.0 : f32
  %v = vector.transfer_read %d[%i], %pd : memref<?xf64>, vector<4xf64>
  vector.transfer_write %v, %d[%i] : vector<4xf64>, memref<?xf64>
  %w = vector.load %b[%c0] : memref<16xi8>, vector<16xi8>
  vector.store %w, %b[%c0] : memref<16xi8>, vector<16xi8>
  %g = vector.transfer_read %s[%c0, %c0], %ps {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x4xf32>, vector<4xf32>
  vector.transfer_write %g, %s[%c0, %c0] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<4x4xf32>
  return
}
"#,
        &["load <", "store <", "@llvm.masked"],
        expect![[r#"
            %42 = call <4 x double> @llvm.masked.load.v4f64.p0(ptr align 8 %elt, <4 x i1> %mask, <4 x double> zeroinitializer)
            call void @llvm.masked.store.v4f64.p0(<4 x double> %42, ptr align 8 %elt2, <4 x i1> %mask7)
            %vload = load <16 x i8>, ptr %elt9, align 1
            store <16 x i8> %vload, ptr %elt11, align 1
            %44 = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %lanes, <4 x i1> splat (i1 true), <4 x float> zeroinitializer)
            call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %44, <4 x ptr> align 4 %lanes16, <4 x i1> splat (i1 true))
            declare <4 x double> @llvm.masked.load.v4f64.p0(ptr captures(none), <4 x i1>, <4 x double>) #0
            declare void @llvm.masked.store.v4f64.p0(<4 x double>, ptr captures(none), <4 x i1>) #1
            declare <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr>, <4 x i1>, <4 x float>) #2
            declare void @llvm.masked.scatter.v4f32.v4p0(<4 x float>, <4 x ptr>, <4 x i1>) #3"#]],
    );
}
