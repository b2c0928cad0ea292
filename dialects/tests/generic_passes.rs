//! The generic passes of `lattice-ir` (`canonicalize`, `cse`, `symbol-dce`) run on IR of
//! the standard dialects. They live in the core crate, whose own tests cannot register
//! these dialects (a dev-dependency of `lattice-ir` on this crate would build a second
//! copy of ir's types), so their tests on real ops live here.

use expect_test::expect;
use lattice_ir::diag::SourceMap;
use lattice_ir::pass::{run_pipeline, OpPipeline, PassRegistry, RunOptions};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Context, Ir};
use std::sync::Arc;

/// Parses `text`, runs `pipeline` (`builtin.module(...)` syntax) and prints the result,
/// or the first error message.
fn run(text: &str, pipeline: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    lattice_dialects::register_all(&mut ctx);
    let mut ir = Ir::new(Arc::new(ctx));
    let mut sm = SourceMap::new();
    let id = sm.add("t.mlir", text);
    let root = match lattice_ir::parser::parse_source(&mut ir, id, "t.mlir", text) {
        Ok(op) => op,
        Err(d) => return format!("parse error: {}", d.message),
    };
    let mut registry = PassRegistry::new();
    lattice_ir::passes::register(&mut registry);
    let pipeline = OpPipeline::parse(pipeline, &registry).expect("valid pipeline");
    match run_pipeline(&mut ir, root, &pipeline, &RunOptions::default()) {
        Ok(_) => print_op(&ir, root, PrintOptions::default()),
        Err(e) => e
            .iter()
            .map(|d| format!("error: {}\n", d.message))
            .collect(),
    }
}

mod canonicalize {
    use super::*;

    #[test]
    fn folds_hoists_and_orders_constants_like_mlir() {
        let out = run(
            r#"
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.addi %c2, %x : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1i = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1i iter_args(%acc = %t) -> i32 {
    %k = arith.muli %s, %c2 : i32
    %n = arith.addi %acc, %k : i32
    scf.yield %n : i32
  }
  return %r : i32
}
"#,
            "builtin.module(canonicalize)",
        );
        expect![[r#"
            module {
              func.func @f(%arg0: i32) -> i32 {
                %c6_i32 = arith.constant 6 : i32
                %c1 = arith.constant 1 : index
                %c4 = arith.constant 4 : index
                %c0 = arith.constant 0 : index
                %c2_i32 = arith.constant 2 : i32
                %0 = arith.addi %arg0, %c2_i32 : i32
                %1 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %0) -> (i32) {
                  %2 = arith.addi %arg2, %c6_i32 : i32
                  scf.yield %2 : i32
                }
                return %1 : i32
              }
            }"#]]
        .assert_eq(out.trim_end());
    }

    #[test]
    fn simplifies_the_cfg() {
        let out = run(
            r#"
func.func @f(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %a : i32, i32)
^bb1(%x: i32):
  %w = arith.addi %x, %x : i32
  cf.br ^bb3(%w, %x : i32, i32)
^bb2(%y: i32, %z: i32):
  %0 = arith.muli %y, %y : i32
  cf.br ^bb3(%0, %z : i32, i32)
^bb3(%p: i32, %q: i32):
  cf.br ^bb5(%p : i32)
^bb4:
  cf.br ^bb3(%a, %a : i32, i32)
^bb5(%r: i32):
  return %r : i32
}
"#,
            "builtin.module(canonicalize)",
        );
        expect![[r#"
            module {
              func.func @f(%arg0: i32, %arg1: i1) -> i32 {
                cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0 : i32)
              ^bb1(%0: i32):  // pred: ^bb0
                %1 = arith.addi %0, %0 : i32
                cf.br ^bb3(%1 : i32)
              ^bb2(%2: i32):  // pred: ^bb0
                %3 = arith.muli %2, %2 : i32
                cf.br ^bb3(%3 : i32)
              ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
                return %4 : i32
              }
            }"#]]
        .assert_eq(out.trim_end());
    }
}

mod cse {
    use super::*;

    #[test]
    fn merges_commutative_and_dominated_duplicates() {
        let out = run(
            r#"
func.func @f(%a: i32, %b: i32, %c: i1) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %2 = arith.addi %a, %b : i32
  return %2, %1 : i32, i32
^bb2:
  %3 = arith.muli %0, %0 : i32
  return %3, %3 : i32, i32
}
"#,
            "builtin.module(func.func(cse))",
        );
        expect![[r#"
            module {
              func.func @f(%arg0: i32, %arg1: i32, %arg2: i1) -> (i32, i32) {
                %0 = arith.addi %arg0, %arg1 : i32
                cf.cond_br %arg2, ^bb1, ^bb2
              ^bb1:  // pred: ^bb0
                return %0, %0 : i32, i32
              ^bb2:  // pred: ^bb0
                %1 = arith.muli %0, %0 : i32
                return %1, %1 : i32, i32
              }
            }"#]]
        .assert_eq(out.trim_end());
    }

    #[test]
    fn reads_merge_only_without_writes_between() {
        let out = run(
            r#"
func.func @f(%m: memref<4xi32>, %i: index) -> (i32, i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  %1 = memref.load %m[%i] : memref<4xi32>
  memref.store %0, %m[%i] : memref<4xi32>
  %2 = memref.load %m[%i] : memref<4xi32>
  return %0, %1, %2 : i32, i32, i32
}
"#,
            "builtin.module(cse)",
        );
        expect![[r#"
            module {
              func.func @f(%arg0: memref<4xi32>, %arg1: index) -> (i32, i32, i32) {
                %0 = memref.load %arg0[%arg1] : memref<4xi32>
                memref.store %0, %arg0[%arg1] : memref<4xi32>
                %1 = memref.load %arg0[%arg1] : memref<4xi32>
                return %0, %0, %1 : i32, i32, i32
              }
            }"#]]
        .assert_eq(out.trim_end());
    }

    #[test]
    fn never_crosses_isolated_ops() {
        let out = run(
            r#"
func.func @f() -> index {
  %c1 = arith.constant 1 : index
  return %c1 : index
}
func.func @g() -> index {
  %c1 = arith.constant 1 : index
  return %c1 : index
}
"#,
            "builtin.module(cse)",
        );
        assert_eq!(out.matches("arith.constant").count(), 2, "{out}");
    }
}

mod symbol_dce {
    use super::*;

    #[test]
    fn erases_unreferenced_private_symbols_transitively() {
        let out = run(
            r#"
func.func private @a() {
  func.call @b() : () -> ()
  return
}
func.func private @b()
func.func private @c()
func.func @main() {
  func.call @c() : () -> ()
  return
}
"#,
            "builtin.module(symbol-dce)",
        );
        expect![[r#"
            module {
              func.func private @c()
              func.func @main() {
                call @c() : () -> ()
                return
              }
            }"#]]
        .assert_eq(out.trim_end());
    }

    #[test]
    fn nested_references_keep_every_symbol_on_the_path() {
        let out = run(
            r#"
module {
  module @inner attributes {sym_visibility = "private"} {
    func.func nested @f() { return }
    func.func nested @g() { return }
  }
  "test.user"() {ref = [{x = @inner::@f}]} : () -> ()
}
"#,
            "builtin.module(symbol-dce)",
        );
        expect![[r#"
            module {
              module @inner attributes {sym_visibility = "private"} {
                func.func nested @f() {
                  return
                }
              }
              "test.user"() {ref = [{x = @inner::@f}]} : () -> ()
            }"#]]
        .assert_eq(out.trim_end());
    }

    #[test]
    fn requires_a_symbol_table() {
        let out = run(
            "func.func @f() { return }",
            "builtin.module(func.func(symbol-dce))",
        );
        expect![[r#"
            error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
        "#]]
        .assert_eq(&out);
    }
}
