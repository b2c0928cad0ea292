// RUN: lattice opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Verifier and parser errors of the affine ops. The messages are mlir-opt 22's, except
// for the checks mlir-opt lacks (marked "ORACLE: lattice-only"): non-positive steps and
// division by zero or by a negative constant in the maps and sets of affine ops.

func.func @apply_operand_type(%x: i32) {
  // expected-error@+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "affine.apply"(%x) <{map = affine_map<(d0) -> (d0 + 1)>}> : (i32) -> index
  return
}

// -----

func.func @apply_result_type(%x: index) {
  // expected-error@+1 {{'affine.apply' op result #0 must be index, but got 'i64'}}
  %0 = "affine.apply"(%x) <{map = affine_map<(d0) -> (d0 + 1)>}> : (index) -> i64
  return
}

// -----

func.func @apply_missing_map(%x: index) {
  // expected-error@+1 {{'affine.apply' op requires attribute 'map'}}
  %0 = "affine.apply"(%x) : (index) -> index
  return
}

// -----

func.func @apply_two_results(%x: index) {
  // expected-error@+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%x) <{map = affine_map<(d0) -> (d0, d0 + 1)>}> : (index) -> index
  return
}

// -----

func.func @apply_operand_count(%x: index) {
  // expected-error@+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%x, %x) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

func.func @apply_custom_count(%x: index) {
  // expected-error@+1 {{dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%x)
  return
}

// -----

func.func @min_operand_count(%x: index, %y: index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0, 4)>(%x, %y)
  return
}

// -----

func.func @max_operand_count(%x: index) {
  // expected-error@+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.max affine_map<()[s0] -> (s0, 4)>()
  return
}

// -----

func.func @for_bound_not_a_dim(%n: index) {
  affine.for %i = 0 to 8 {
    %d = arith.muli %i, %n : index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%d) {
    }
  }
  return
}

// -----

func.func @for_bound_iv_as_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = %i to 10 {
    }
  }
  return
}

// -----

func.func @for_lower_bound_needs_max(%n: index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (0, s0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_upper_bound_needs_min(%n: index) {
  // expected-error@+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<()[s0] -> (10, s0)>()[%n] {
  }
  return
}

// -----

func.func @for_negative_step() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -2 {
  }
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts a zero step.
func.func @for_zero_step() {
  // expected-error@+1 {{'affine.for' op expected step to be a positive integer, but got 0}}
  affine.for %i = 0 to 10 step 0 {
  }
  return
}

// -----

func.func @for_bound_dim_count(%n: index) {
  // expected-error@+1 {{dim operand count and affine map dim count must match}}
  affine.for %i = affine_map<(d0, d1) -> (d0 + d1)>(%n) to 10 {
  }
  return
}

// -----

func.func @for_iter_args_count(%x: f32) {
  // expected-error@+1 {{mismatch between the number of loop-carried values and results}}
  %r:2 = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32, f32) {
    affine.yield %a : f32
  }
  return
}

// -----

func.func @for_iv_type() {
  // expected-error@+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: i32):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_missing_to() {
  // expected-error@+1 {{expected 'to' between bounds}}
  affine.for %i = 0 until 10 {
  }
  return
}

// -----

func.func @if_operand_count(%x: index) {
  // expected-error@+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%x, %x) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
    "affine.yield"() : () -> ()
  }, {
  }) : (index, index) -> ()
  return
}

// -----

func.func @if_not_a_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%i] {
    }
  }
  return
}

// -----

func.func @if_region_arguments(%x: index) {
  // expected-error@+1 {{'affine.if' op region #0 should have no arguments}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%x) {
  ^bb0(%a: index):
    affine.yield
  }
  return
}

// -----

func.func @if_set_dim_count(%x: index) {
  // expected-error@+1 {{dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0, d1) : (d0 + d1 >= 0)>(%x) {
  }
  return
}

// -----

func.func @load_in_non_affine_region(%m: memref<10xf32>) {
  "test.region"() ({
  ^bb0(%i: index):
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %x = affine.load %m[%i] : memref<10xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @load_rank(%m: memref<10x10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %x = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10x10xf32>, index) -> f32
  return
}

// -----

func.func @load_result_type(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op result type must match element type of memref}}
  %x = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index) -> f64
  return
}

// -----

func.func @load_not_memref(%i: index) {
  // expected-error@+1 {{'affine.load' op operand #0 must be memref of any type values, but got 'index'}}
  %x = "affine.load"(%i) <{map = affine_map<() -> ()>}> : (index) -> f32
  return
}

// -----

func.func @load_subscript_count(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %x = "affine.load"(%m, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index, index) -> f32
  return
}

// -----

func.func @store_value_type(%m: memref<10xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (f64, memref<10xf32>, index) -> ()
  return
}

// -----

func.func @store_missing_subscripts(%m: memref<10xf32>, %v: f32) {
  // expected-error@+1 {{expected '['}}
  affine.store %v, %m : memref<10xf32>
  return
}

// -----

func.func @vector_load_element_type(%m: memref<100xf32>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
    %v = affine.vector_load %m[%i] : memref<100xf32>, vector<4xi32>
  }
  return
}

// -----

func.func @vector_store_element_type(%m: memref<100xf32>, %v: vector<4xf16>) {
  affine.for %i = 0 to 16 {
    // expected-error@+1 {{'affine.vector_store' op requires memref and vector types of the same elemental type}}
    affine.vector_store %v, %m[%i] : memref<100xf32>, vector<4xf16>
  }
  return
}

// -----

func.func @prefetch_rw(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
    affine.prefetch %m[%i], readwrite, locality<1>, data : memref<10xf32>
  }
  return
}

// -----

func.func @prefetch_locality(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
    affine.prefetch %m[%i], read, locality<5>, data : memref<10xf32>
  }
  return
}

// -----

func.func @parallel_counts() {
  // expected-error@+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (2), and the number of steps (2) must all match}}
  affine.parallel (%i) = (0, 0) to (10, 10) step (1, 2) {
  }
  return
}

// -----

func.func @parallel_not_a_dim(%n: index) {
  affine.for %x = 0 to 8 {
    %y = arith.addi %x, %n : index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%i) = (0) to (%y) {
    }
  }
  return
}

// -----

func.func @parallel_missing_reduction(%m: memref<10xf32>) {
  // expected-error@+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (10) -> (f32) {
    %v = affine.load %m[%i] : memref<10xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @parallel_bad_reduction(%m: memref<10xf32>) {
  // expected-error@+1 {{invalid reduction value: "sum"}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("sum") -> (f32) {
    %v = affine.load %m[%i] : memref<10xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @parallel_reduction_type(%m: memref<10xf32>) {
  // expected-error@+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("addi") -> (f32) {
    %v = affine.load %m[%i] : memref<10xf32>
    affine.yield %v : f32
  }
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts a zero step.
func.func @parallel_zero_step() {
  // expected-error@+1 {{'affine.parallel' op expected steps to be positive integers, but got 0}}
  affine.parallel (%i) = (0) to (10) step (0) {
  }
  return
}

// -----

func.func @yield_type(%m: memref<10xi32>) {
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> (f32) {
    %v = affine.load %m[%i] : memref<10xi32>
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %v : i32
  }
  return
}

// -----

func.func @yield_count(%x: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield %x : index
  }
  return
}

// -----

func.func @yield_parent() {
  "test.region"() ({
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @dma_wait_tag_type(%t: index, %n: index) {
  // expected-error@+1 {{expected tag to be of memref type}}
  affine.dma_wait %t[], %n : index
  return
}

// -----

func.func @dma_start_strides(%a: memref<10xf32>, %t: memref<1xi32>, %n: index) {
  // expected-error@+1 {{expected two stride related operands}}
  affine.dma_start %a[%n], %a[%n], %t[%n], %n, %n : memref<10xf32>, memref<10xf32>, memref<1xi32>
  return
}

// -----

func.func @linearize_basis(%a: index) {
  // expected-error@+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%a, %a, %a] by (4) : index
  return
}

// -----

func.func @delinearize_results(%a: index) {
  // expected-error@+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %a into (4, 4) : index, index, index, index
  return
}

// -----

func.func @delinearize_zero_basis(%a: index) {
  // expected-error@+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %a into (0, 4) : index, index
  return
}

// -----

// ORACLE: lattice-only division by zero or by a negative constant (mlir-opt 22 accepts it).
func.func @apply_division_by_zero(%x: index) {
  // expected-error@+1 {{'affine.apply' op affine map has division by zero or by a negative constant ('floordiv 0')}}
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%x)
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts division by zero or by a negative constant.
func.func @min_mod_negative(%x: index) {
  // expected-error@+1 {{'affine.min' op affine map has division by zero or by a negative constant ('mod -4')}}
  %0 = affine.min affine_map<(d0) -> (d0 mod -4, 10)>(%x)
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts division by zero or by a negative constant.
func.func @for_bound_ceildiv_zero(%n: index) {
  // expected-error@+1 {{'affine.for' op upper bound affine map has division by zero or by a negative constant ('ceildiv 0')}}
  affine.for %i = 0 to affine_map<()[s0] -> (s0 ceildiv 0)>()[%n] {
  }
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts division by zero or by a negative constant.
func.func @if_set_division(%x: index) {
  // expected-error@+1 {{'affine.if' op integer set has division by zero or by a negative constant ('floordiv -1')}}
  affine.if affine_set<(d0) : (d0 floordiv -1 >= 0)>(%x) {
  }
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts division by zero or by a negative constant.
func.func @load_subscript_division(%m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.load' op affine map has division by zero or by a negative constant ('mod 0')}}
    %v = affine.load %m[%i mod 0] : memref<10xf32>
  }
  return
}

// -----

// ORACLE: lattice-only mlir-opt 22 accepts division by zero or by a negative constant.
func.func @parallel_bound_division(%n: index) {
  // expected-error@+1 {{'affine.parallel' op upper bounds affine map has division by zero or by a negative constant ('floordiv 0')}}
  affine.parallel (%i) = (0) to (symbol(%n) floordiv 0) {
  }
  return
}

// -----

func.func @load_symbol_subscript() {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %x = affine.load %m[symbol(%i)] : memref<10xf32>
  }
  return
}

// -----

func.func @prefetch_index(%m: memref<10xf32>) {
  "test.region"() ({
  ^bb0(%i: index):
    // expected-error@+1 {{'affine.prefetch' op index must be a valid dimension or symbol identifier}}
    affine.prefetch %m[%i], read, locality<1>, data : memref<10xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @dma_wait_index(%t: memref<1xi32>, %n: index) {
  "test.region"() ({
  ^bb0(%i: index):
    // expected-error@+1 {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%i], %n : memref<1xi32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @dma_start_index(%m: memref<10xf32>, %t: memref<1xi32>, %n: index) {
  "test.region"() ({
  ^bb0(%i: index):
    // expected-error@+1 {{'affine.dma_start' op src index must be a valid dimension or symbol identifier}}
    affine.dma_start %m[%i], %m[%n], %t[%n], %n : memref<10xf32>, memref<10xf32>, memref<1xi32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @iter_arg_is_not_a_dim(%m: memref<?xf32>, %c0: index) {
  %r = affine.for %i = 0 to 10 iter_args(%k = %c0) -> (index) {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%k] : memref<?xf32>
    affine.yield %i : index
  }
  return
}

// -----

func.func @impure_op_is_not_a_symbol(%m: memref<?xindex>, %n: index) {
  affine.for %i = 0 to 10 {
    %s = memref.load %m[%n] : memref<?xindex>
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %s {
    }
  }
  return
}

// -----

func.func @apply_dim_as_symbol(%a: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%a)[%i]
  }
  return
}

// -----

func.func @if_results_without_else(%x: index, %c: f32) -> f32 {
  // expected-error@+2 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%x) -> f32 {
    affine.yield %c : f32
  }
  return %r : f32
}

// -----

func.func @for_init_type(%x: f32) {
  // expected-error@+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "affine.for"(%x) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: i32):
    "affine.yield"(%x) : (f32) -> ()
  }) : (f32) -> f32
  return
}

// -----

// Integer division is not speculatable on an unknown divisor, so its result is not a
// valid symbol (mlir-opt 22's `isPure`).
func.func @divsi_result_is_not_a_symbol(%o: memref<10xf32>, %a: index, %b: index, %v: f32) {
  affine.for %i = 0 to 10 {
    %q = arith.divsi %a, %b : index
    // expected-error@+1 {{operand cannot be used as a dimension id}}
    affine.store %v, %o[%q] : memref<10xf32>
  }
  return
}
