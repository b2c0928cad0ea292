// RUN: lattice opt %s --split-input-file --verify-diagnostics

// A symbol must sit directly in a symbol table: a function inside a loop body is
// rejected (found by the pipeline fuzzer: passes then produced invalid IR from it).

func.func @kernel() {
  affine.for %i = 0 to 2 {
    // expected-error @+1 {{symbol's parent must have the SymbolTable trait}}
    func.func private @inner(memref<*xf32>)
  }
  return
}

// -----

module {
  module @nested {
    func.func private @ok()
  }
}
