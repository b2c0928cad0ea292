//! LLVM IR facts the CPU fast paths rest on: `llvm.noalias` memref arguments give their
//! aligned pointer (only) the `noalias` attribute, unmarked arguments get nothing, and
//! vector transfers whose subscript is statically in bounds (an `scf.for` IV with known
//! bounds, plus constants) lower to plain vector loads/stores, while possibly
//! out-of-bounds ones keep their lane masks. Snapshots are the relevant lines of the
//! unoptimized translation; `UPDATE_EXPECT=1` rewrites them.

use expect_test::{expect, Expect};
use lattice_codegen::llvm::{self, LowerOptions};
use lattice_ir::diag::SourceMap;
use lattice_ir::{Context, Ir};
use std::sync::Arc;

fn lower(src: &str) -> String {
    let mut ctx = Context::new();
    lattice_ir::dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    let ctx = Arc::new(ctx);
    let mut sources = SourceMap::new();
    let id = sources.add("test.mlir", src);
    let mut ir = Ir::new(ctx.clone());
    let module = lattice_ir::parser::parse_source(&mut ir, id, "test.mlir", src)
        .unwrap_or_else(|d| panic!("{}", sources.render(&ctx, &[d], Some(id))));
    llvm::prepare(&mut ir, module)
        .unwrap_or_else(|d| panic!("{}", sources.render(&ctx, &d, Some(id))));
    let llcx = inkwell::context::Context::create();
    let m = llvm::translate(&llcx, &ir, module, &LowerOptions::default(), "test")
        .unwrap_or_else(|d| panic!("{}", sources.render(&ctx, &d, Some(id))));
    m.print_to_string().to_string()
}

/// The lines of the lowered module containing any of `keys`, trimmed.
fn check_lines(src: &str, keys: &[&str], expected: Expect) {
    let text = lower(src);
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
            %vload = load <16 x float>, ptr %elt, align 1
            %27 = call <16 x float> @llvm.masked.load.v16f32.p0(ptr %elt2, <16 x i1> %mask, <16 x float> zeroinitializer)
            store <16 x float> %28, ptr %elt4, align 1
            call void @llvm.masked.store.v16f32.p0(<16 x float> %28, ptr %elt6, <16 x i1> %mask9)
            declare <16 x float> @llvm.masked.load.v16f32.p0(ptr captures(none), <16 x i1>, <16 x float>) #0
            declare void @llvm.masked.store.v16f32.p0(<16 x float>, ptr captures(none), <16 x i1>) #1"#]],
    );
}
