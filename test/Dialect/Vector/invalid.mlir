// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @transfer_read_indices(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_two_types(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>
  return
}

// -----

func.func @transfer_read_not_shaped(%m: f32, %i: index, %f: f32) {
  // expected-error@+1 {{requires memref or ranked tensor type}}
  %0 = vector.transfer_read %m[%i, %i], %f : f32, vector<4xf32>
  return
}

// -----

func.func @transfer_read_not_vector(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{requires vector type}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, f32
  return
}

// -----

func.func @transfer_read_rank(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{expected a custom permutation_map when rank(source) != rank(destination)}}
  %0 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<2x4xf32>
  return
}

// -----

func.func @transfer_read_projected(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_dim_twice(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @transfer_read_map_rank(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_map_inputs(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_padding(%m: memref<?x?xf32>, %i: index, %f: i32) {
  // expected-error@+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %f) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, i32) -> vector<4xf32>
  return
}

// -----

func.func @transfer_read_in_bounds(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, true]} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transfer_read_mask(%m: memref<?x?xf32>, %i: index, %f: f32, %mask: vector<8xi1>) {
  // expected-error@+1 {{'vector.transfer_read' op inferred mask type ('vector<4xi1>') and mask operand type ('vector<8xi1>') don't match}}
  %0 = "vector.transfer_read"(%m, %i, %i, %f, %mask) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32, vector<8xi1>) -> vector<4xf32>
  return
}

// -----

func.func @transfer_write_broadcast(%m: memref<?x?xf32>, %i: index, %v: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : vector<4x4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @transfer_write_indices(%m: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @transfer_write_vector_type(%m: memref<?x?xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{requires vector type}}
  vector.transfer_write %v, %m[%i, %i] : f32, memref<?x?xf32>
  return
}

// -----

func.func @extract_position(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[5] : f32 from vector<4xf32>
  return
}

// -----

func.func @extract_rank(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[0, 0] : f32 from vector<4xf32>
  return
}

// -----

func.func @extract_result_type(%v: vector<4x8xf32>) {
  // expected-error@+2 {{'vector.extract' op failed to infer returned types}}
  // expected-error@+1 {{'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'}}
  %0 = vector.extract %v[0] : f32 from vector<4x8xf32>
  return
}

// -----

func.func @insert_rank(%v: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %f, %v[1] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @insert_source_rank(%v: vector<4x8xf32>, %s: vector<8xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank + source rank to match dest vector rank}}
  %0 = vector.insert %s, %v[1, 2] : vector<8xf32> into vector<4x8xf32>
  return
}

// -----

func.func @insert_position(%v: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %f, %v[1, 8] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @broadcast_dims(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
  return
}

// -----

func.func @broadcast_rank(%v: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}

// -----

func.func @shape_cast_elements(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of elements at source (4) and result (3)}}
  %0 = vector.shape_cast %v : vector<4xf32> to vector<3xf32>
  return
}

// -----

func.func @from_elements_count(%f: f32) {
  // expected-error@+1 {{number of operands and types do not match: got 2 operands and 4 types}}
  %0 = vector.from_elements %f, %f : vector<4xf32>
  return
}

// -----

func.func @constant_mask_bounds() {
  // expected-error@+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5] : vector<4xi1>
  return
}

// -----

func.func @create_mask_operands(%i: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i, %i : vector<4xi1>
  return
}

// -----

func.func @step_type() {
  // expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'}}
  %0 = vector.step : vector<4xi32>
  return
}

// -----

func.func @reduction_element(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return
}

// -----

func.func @reduction_kind(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @reduction_rank(%v: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<4x4xf32> into f32
  return
}

// -----

func.func @print_string_with_source(%f: f32) {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "x" punctuation <comma>
  return
}

// -----

func.func @contract_maps(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected an indexing map for each vector operand}}
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

func.func @contract_iterator(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{unexpected iterator_type (window)}}
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "window"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

func.func @contract_outputs(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected indexing map 2 to have 2 number of outputs}}
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

func.func @contract_no_reduction(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

func.func @outerproduct_dims(%v: vector<4xf32>, %w: vector<8xf32>, %acc: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #2 operand dim to match result dim #2}}
  %0 = "vector.outerproduct"(%v, %w, %acc) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<8xf32>, vector<4x4xf32>) -> vector<4x4xf32>
  return
}

// -----

func.func @splat_removed(%f: f32) {
  // expected-error@+1 {{custom op 'vector.splat' is unknown}}
  %0 = vector.splat %f : vector<4xf32>
  return
}

// -----

func.func @load_element(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i] : memref<?xf32>, vector<4xi32>
  return
}

// -----

func.func @load_indices(%m: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @store_element(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  // expected-error@+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<?xf32>, vector<4xi32>
  return
}

// -----

func.func @maskedload_passthru(%m: memref<?xf32>, %i: index, %mask: vector<4xi1>, %p: vector<4xi32>) {
  // expected-error@+1 {{'vector.maskedload' op base and result element type should match}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?xf32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  return
}

// -----

func.func @fma_operand_count(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.fma' op expected 3 operands, but found 1}}
  %0 = "vector.fma"(%v) : (vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @load_result_count(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires one result}}
  "vector.load"(%m, %i) : (memref<?xf32>, index) -> ()
  return
}

// -----

func.func @broadcast_operand_count() {
  // expected-error@+1 {{'vector.broadcast' op requires a single operand}}
  %0 = "vector.broadcast"() : () -> vector<4xf32>
  return
}

// -----

func.func @store_operand_count(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op expected 2 or more operands, but found 1}}
  "vector.store"(%v) : (vector<4xf32>) -> ()
  return
}

// -----

func.func @step_operands(%i: index) {
  // expected-error@+1 {{'vector.step' op requires zero operands}}
  %0 = "vector.step"(%i) : (index) -> vector<4xindex>
  return
}

// -----

func.func @extract_0d_result(%v: vector<4xf32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %0 = vector.extract %v[0] : vector<f32> from vector<4xf32>
  return
}

// -----

func.func @insert_0d_source(%v: vector<4xf32>, %s: vector<f32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the source operand}}
  %0 = vector.insert %s, %v[0] : vector<f32> into vector<4xf32>
  return
}

// -----

func.func @extract_dynamic_mismatch(%v: vector<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "vector.extract"(%v, %i) <{static_position = array<i64: 0>}> : (vector<4xf32>, index) -> f32
  return
}

// -----

func.func @transpose_duplicate(%v: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 0}}
  %0 = vector.transpose %v, [0, 0] : vector<2x4xf32> to vector<2x4xf32>
  return
}

// -----

func.func @bitcast_width(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4xf32> to vector<4xi16>
  return
}

// -----

func.func @extract_strided_slice_bounds(%v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 1 to be confined to [1, 9)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 6], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// -----

func.func @insert_strided_slice_bounds(%v: vector<4x8xf32>, %w: vector<4xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 9)}}
  %0 = vector.insert_strided_slice %w, %v {offsets = [1, 6], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  return
}

// -----

func.func @shuffle_mask_range(%v: vector<4xf32>, %w: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %v, %w [0, 9] : vector<4xf32>, vector<2xf32>
  return
}

// -----

func.func @constant_mask_zero() {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [2, 0] : vector<4x3xi1>
  return
}

// -----

func.func @outerproduct_kind(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op unsupported outerproduct type}}
  %0 = vector.outerproduct %v, %v {kind = #vector.kind<xor>} : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @mask_two_ops(%m: memref<?xf32>, %i: index, %f: f32, %mask: vector<4xi1>) {
  // expected-error@+1 {{'vector.mask' op expects only one operation to mask}}
  %0 = vector.mask %mask {
    %a = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32>
    %b = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32>
    vector.yield %a : vector<4xf32>
  } : vector<4xi1> -> vector<4xf32>
  return
}

// -----

func.func @mask_not_maskable(%v: vector<4xf32>, %mask: vector<4xi1>) {
  // expected-error@+1 {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  %0 = vector.mask %mask { vector.shape_cast %v : vector<4xf32> to vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return
}

// -----

func.func @mask_type(%m: memref<?xf32>, %i: index, %f: f32, %mask: vector<8xi1>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4xi1>' mask for the maskable operation}}
  %0 = vector.mask %mask { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32> } : vector<8xi1> -> vector<4xf32>
  return
}

// -----

func.func @mask_results(%m: memref<?xf32>, %i: index, %f: f32, %mask: vector<4xi1>) {
  // expected-error@+1 {{'vector.mask' op expects number of results to match mask region yielded values}}
  vector.mask %mask { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32> } : vector<4xi1>
  return
}

// -----

func.func @mask_passthru(%vi: vector<8xi32>, %acc: i32, %mask: vector<8xi1>) {
  // expected-error@+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = vector.mask %mask, %acc { vector.reduction <add>, %vi : vector<8xi32> into i32 } : vector<8xi1> -> i32
  return
}

// -----

func.func @load_tensor_base(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = vector.load %t[%i] : tensor<4xf32>, vector<4xf32>
  return
}

// -----

func.func @load_scalar_result(%t: memref<?xf32>, %i: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.load %t[%i] : memref<?xf32>, f32
  return
}

// -----

func.func @load_unranked_base(%t: memref<*xf32>, %i: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = vector.load %t[%i] : memref<*xf32>, vector<4xf32>
  return
}

// -----

func.func @gather_scalar_base(%t: f32, %i: index, %v: vector<4xi32>, %m: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{invalid kind of type specified}}
  %0 = vector.gather %t[%i][%v], %m, %p : f32, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @fma_scalar(%v: vector<4xf32>) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.fma %v, %v, %v : f32
  return
}

// -----

func.func @broadcast_scalar_result(%v: f32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.broadcast %v : f32 to f32
  return
}

// -----

func.func @type_cast_scalar(%v: f32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = vector.type_cast %v : f32 to memref<f32>
  return
}
