// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @load_wrong_index_count(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @load_wrong_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @load_bad_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.load"(%m, %i) <{alignment = 3 : i64}> : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @store_wrong_index_count(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @store_wrong_value_type(%m: memref<4xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @alloc_dynamic_size_count(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @alloca_dynamic_size_count() {
  // expected-error@+1 {{'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 2}}
  %0 = memref.alloca() : memref<?x?xf32>
  return
}

// -----

func.func @alloc_symbol_count(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count}}
  %0 = memref.alloc(%n) : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}

// -----

func.func @alloc_not_memref() {
  // expected-error@+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'f32'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> f32
  return
}

// -----

func.func @alloc_bad_alignment() {
  // expected-error@+1 {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 48 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @dim_of_scalar_memref(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @dim_index_type(%m: memref<4xf32>, %f: f32) {
  // expected-error@+1 {{'memref.dim' op operand #1 must be index, but got 'f32'}}
  %0 = "memref.dim"(%m, %f) : (memref<4xf32>, f32) -> index
  return
}

// -----

func.func @rank_of_scalar(%f: f32) {
  // expected-error@+1 {{'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  %0 = "memref.rank"(%f) : (f32) -> index
  return
}

// -----

func.func @cast_shape_mismatch(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_element_mismatch(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<*xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<*xi32>
  return
}

// -----

func.func @cast_unranked_to_unranked(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @copy_element_mismatch(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @copy_shape_mismatch(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @subview_result_sizes(%m: memref<8x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x3xf32, strided<[4, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x3xf32, strided<[4, 1]>>
  return
}

// -----

func.func @subview_result_layout(%m: memref<8x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[4, 1], offset: 4>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[4, 1]>>'}}
  %0 = memref.subview %m[1, 0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @subview_offsets_rank(%m: memref<8x4xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [4, 4] [1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @subview_offsets_count(%m: memref<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected 2 offset values}}
  %0 = memref.subview %m[%i, 0, 0] [4, 4, 1] [1, 1, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  return
}

// -----

func.func @subview_out_of_bounds(%m: memref<10xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 10 >= 10}}
  %0 = memref.subview %m[10] [1] [1] : memref<10xf32> to memref<1xf32, strided<[1], offset: 10>>
  return
}

// -----

func.func @subview_slice_out_of_bounds(%m: memref<9xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 9}}
  %0 = memref.subview %m[3] [4] [2] : memref<9xf32> to memref<4xf32, strided<[2], offset: 3>>
  return
}

// -----

func.func @subview_negative_size(%m: memref<9xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -1}}
  %0 = memref.subview %m[3] [-1] [1] : memref<9xf32> to memref<4xf32, strided<[1], offset: 3>>
  return
}

// -----

func.func @view_dynamic_sizes(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<?xf32>
  return
}

// -----

func.func @view_memory_space(%b: memref<2048xi8, 2>, %i: index) {
  // expected-error@+1 {{different memory spaces}}
  %0 = memref.view %b[%i][] : memref<2048xi8, 2> to memref<4xf32, 1>
  return
}

// -----

func.func @reinterpret_cast_offset(%m: memref<?xf32>) {
  // expected-error@+1 {{expected result type with offset = 1 instead of 2}}
  %0 = memref.reinterpret_cast %m to offset: [1], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, strided<[1], offset: 2>>
  return
}

// -----

func.func @reinterpret_cast_size(%m: memref<*xf32>) {
  // expected-error@+1 {{expected result type with size = 10 instead of 1 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32> to memref<1xf32>
  return
}

// -----

func.func @reinterpret_cast_stride(%m: memref<?xf32>) {
  // expected-error@+1 {{expected result type with stride = 10 instead of 1 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [10] : memref<?xf32> to memref<10xf32>
  return
}

// -----

func.func @reinterpret_cast_element(%m: memref<*xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<*xf32>' and result memref type 'memref<10xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<*xf32> to memref<10xi32>
  return
}

// -----

func.func @reinterpret_cast_offsets(%m: memref<?xf32>) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [10, 10], strides: [10, 1] : memref<?xf32> to memref<10x10xf32>
  return
}

// -----

func.func @collapse_group_size(%m: memref<2x3x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (5) must equal reassociation group size (6)}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<5x4xf32>
  return
}

// -----

func.func @collapse_not_contiguous(%m: memref<?x?x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[0, 1], [1, 2]] : memref<?x?x?xf32> into memref<?x?xf32>
  return
}

// -----

func.func @collapse_group_count(%m: memref<?x?x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x?x?xf32> into memref<?x?xf32>
  return
}

// -----

func.func @collapse_out_of_bounds(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation index 2 is out of bounds}}
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<?x?xf32> into memref<?xf32>
  return
}

// -----

func.func @collapse_dynamic_mismatch(%m: memref<?x4x5xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim (1) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %m [[0], [1, 2]] : memref<?x4x5xf32> into memref<?x?xf32>
  return
}

// -----

func.func @expand_group_size(%m: memref<6x4xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (4) must equal reassociation group size (5)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 5] : memref<6x4xf32> into memref<2x3x5xf32>
  return
}

// -----

func.func @expand_reduces_rank(%m: memref<2x3x1xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 3 and result rank 2. This is not an expansion (3 > 2)}}
  %0 = memref.expand_shape %m [[0], [1], [1]] output_shape [2, 3] : memref<2x3x1xf32> into memref<2x3xf32>
  return
}

// -----

func.func @expand_output_shape_rank(%m: memref<2xf32>) {
  // expected-error@+1 {{expected number of static shape bounds to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = memref.expand_shape %m [[0, 1, 2]] output_shape [1, 2] : memref<2xf32> into memref<1x1x2xf32>
  return
}

// -----

// expected-error@+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32>

// -----

// expected-error@+1 {{initial value should be a unit or elements attribute}}
memref.global @string_init : memref<4xf32> = "x"

// -----

// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "priate"}}
memref.global "priate" @bad_visibility : memref<4xf32>

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'f16', but was of type 'f32'}}
"memref.global"() <{initial_value = dense<1.000000e+00> : tensor<1xf32>, sym_name = "g", type = memref<1xf16>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 1, 2 but was 2, 2}}
"memref.global"() <{initial_value = dense<1.000000e+00> : tensor<2x2xf16>, sym_name = "g", type = memref<1x2xf16>}> : () -> ()

// -----

func.func @get_missing_global() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

func.func private @not_a_global()

func.func @get_function() {
  // expected-error@+1 {{'memref.get_global' op 'not_a_global' does not reference a valid global memref}}
  %0 = memref.get_global @not_a_global : memref<3xf32>
  return
}

// -----

memref.global @g : memref<4xf32>

func.func @get_global_wrong_type() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<5xf32>
  return
}

// -----

func.func @atomic_rmw_rank(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_float_kind(%m: memref<4xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @atomic_rmw_int_kind(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'maxs' expects an integer type}}
  %0 = memref.atomic_rmw maxs %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_value_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #0 must be signless integer or floating-point, but got 'index'}}
  %0 = memref.atomic_rmw addf %i, %m[%i] : (index, memref<4xf32>) -> index
  return
}

// -----

func.func @generic_atomic_rmw_args(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected single number of entry block arguments}}
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @generic_atomic_rmw_arg_type(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected block argument of the same type result type}}
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: i32):
    %c = arith.constant 1.0 : f32
    memref.atomic_yield %c : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<10xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32):
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}

// -----

func.func @alloca_scope_result_type(%v: i32) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = memref.alloca_scope -> (f32) {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return %v : i32
  }
  return
}

// -----

func.func @prefetch_indices(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], rw, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @extract_strided_metadata_type(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #3 must be variadic of index, but got 'i32'}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, i32
  return
}

// -----

func.func @transpose_not_permutation(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_rank(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %0 = memref.transpose %m (i) -> (i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_result_type(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @transpose_identity_layout(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<4xf32>' is not equivalent to the canonical transposed input type 'memref<4xf32, strided<[1]>>'}}
  %0 = memref.transpose %m (i) -> (i) : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @transpose_dynamic(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<?x?xf32>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<3x4x5xf32, strided<[270, 50, 10]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<3x4x5xf32, strided<[270, 50, 10]>> into memref<12x5xf32, strided<[50, 1]>>
  return
}

// -----

func.func @collapse_wrong_layout(%m: memref<?x?x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?x?xf32>' but found 'memref<?x?xf32, strided<[?, 1]>>'}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32, strided<[?, 1]>>
  return
}

// -----

func.func @expand_wrong_layout(%m: memref<30x20xf32, strided<[4000, 2]>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x15x20xf32, strided<[60000, 4000, 2]>>' but found 'memref<2x15x20xf32, strided<[5000, 4000, 2]>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 15, 20] : memref<30x20xf32, strided<[4000, 2]>> into memref<2x15x20xf32, strided<[5000, 4000, 2]>>
  return
}

// -----

func.func @expand_output_shape(%m: memref<30x20xf32, strided<[4000, 2]>>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 2}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 15, 21] : memref<30x20xf32, strided<[4000, 2]>> into memref<2x15x20xf32, strided<[60000, 4000, 2]>>
  return
}

// -----

func.func @assume_alignment_not_power_of_two(%m: memref<4x4xf16>) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 12 : memref<4x4xf16>
  return
}

// -----

func.func @assume_alignment_zero(%m: memref<4x4xf16>) {
  // expected-error@+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = memref.assume_alignment %m, 0 : memref<4x4xf16>
  return
}

// -----

func.func @realloc_missing_size(%m: memref<2xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<2xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_extra_size(%m: memref<?xf32>, %d: index) {
  // expected-error@+1 {{unnecessary dimension operand for result type 'memref<4xf32>'}}
  %0 = memref.realloc %m(%d) : memref<?xf32> to memref<4xf32>
  return
}

// -----

func.func @realloc_element_type(%m: memref<256xf32>) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<256xf32>' and result memref type 'memref<?xi32>'}}
  %0 = memref.realloc %m : memref<256xf32> to memref<?xi32>
  return
}

// -----

func.func @realloc_layout(%m: memref<256xf32>) {
  // expected-error@+1 {{unsupported layout for result memref type 'memref<?xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<256xf32> to memref<?xf32, strided<[2]>>
  return
}

// -----

func.func @memory_space_cast_shape(%m: memref<4xf32, 1>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32, 1>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32, 1> to memref<5xf32>
  return
}

// -----

func.func @reshape_element_type(%b: memref<*xf32>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %b(%s) : (memref<*xf32>, memref<1xi32>) -> memref<?xi32>
  return
}

// -----

func.func @reshape_dynamic_shape(%b: memref<*xf32>, %s: memref<?xi32>) {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %b(%s) : (memref<*xf32>, memref<?xi32>) -> memref<?xf32>
  return
}

// -----

func.func @reshape_rank(%b: memref<*xf32>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %b(%s) : (memref<*xf32>, memref<1xi32>) -> memref<?x?xf32>
  return
}

// -----

func.func @cast_static_offset_to_identity(%m: memref<3xi64, strided<[1], offset: 3>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<3xi64, strided<[1], offset: 3>>' and result type 'memref<?xi64>' are cast incompatible}}
  %0 = memref.cast %m : memref<3xi64, strided<[1], offset: 3>> to memref<?xi64>
  return
}

// -----

func.func @cast_static_stride_mismatch(%m: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32, strided<[8, 1]>>' and result type 'memref<4x4xf32, strided<[4, 1]>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @cast_dynamic_layout_is_compatible(%m: memref<3xi64, strided<[1], offset: 3>>) -> memref<?xi64, strided<[?], offset: ?>> {
  %0 = memref.cast %m : memref<3xi64, strided<[1], offset: 3>> to memref<?xi64, strided<[?], offset: ?>>
  return %0 : memref<?xi64, strided<[?], offset: ?>>
}
