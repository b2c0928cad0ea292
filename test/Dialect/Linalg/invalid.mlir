// linalg.generic and linalg.yield refused, with mlir-opt 22's messages: the custom
// form's trait dictionary and iterator types, the attribute constraints, operand
// segments, results, indexing maps (count, symbols, rank, invertibility, loop count),
// the body's arguments, and the yielded values.
// RUN: lattice opt %s --split-input-file --verify-diagnostics

#map = affine_map<(d0) -> (d0)>
func.func @too_few_maps(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d0)>
func.func @non_invertible(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @loop_count(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected indexing_map #0 to have 1 dim(s) to match the number of loops}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?x?xf32>) outs(%m : memref<?x?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @rank(%m: memref<?x?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected operand #0 rank (2) to match the result rank of indexing_map (1)}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?x?xf32>) outs(%m : memref<?x?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @symbols(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @arg_count(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @arg_type(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected type of bb argument #1 ('i32') to match element or self type of the corresponding operand ('f32')}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: i32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @empty_body(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expects to have 1 region with 1 block}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @yield_count(%m: memref<?xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
      linalg.yield %a, %a : f32, f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @yield_type(%m: memref<?xf32>, %i: i32) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
      linalg.yield %i : i32
  }
  return
}

// -----

func.func @yield_outside(%f: f32) {
  // expected-error@+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %f : f32
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @iterator_kind(%m: memref<?xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' unexpected iterator_type (window)}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["window"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @no_iterators(%m: memref<?xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {indexing_maps = [#map, #map]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

func.func @maps_kind(%m: memref<?xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' 'linalg.generic' op attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute}}
  linalg.generic {indexing_maps = 3, iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

func.func @no_maps(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op requires attribute 'indexing_maps'}}
  linalg.generic {iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%m : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  }
  return
}

// -----

func.func @not_a_dictionary(%t: tensor<?xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' invalid kind of attribute specified}}
  linalg.generic 3 ins(%t: tensor<?xf32>) outs(%t : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  } -> tensor<?xf32>
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @mixed(%m: memref<?xf32>, %t: tensor<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%m: memref<?xf32>) outs(%t : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  } -> tensor<?xf32>
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @result_type(%t: tensor<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected type of operand #1 ('tensor<?xf32>') to match type of corresponding result ('tensor<4xf32>')}}
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t: tensor<?xf32>) outs(%t : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  } -> tensor<4xf32>
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @result_count(%t: tensor<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected the number of tensor results (2) to be equal to the number of output tensors (1)}}
  %1:2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t: tensor<?xf32>) outs(%t : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32):
      linalg.yield %a : f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @segments(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  "linalg.generic"(%m, %m) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 2>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func @no_segments(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "linalg.generic"(%m, %m) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>]}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func @string_iterators(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.}}
  "linalg.generic"(%m, %m) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func @no_iterator_types(%m: memref<?xf32>) {
  // expected-error@+1 {{'linalg.generic' op requires attribute 'iterator_types'}}
  "linalg.generic"(%m, %m) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    "linalg.yield"(%a) : (f32) -> ()
  }) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @static_shape(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a: memref<4xf32>) outs(%b : memref<5xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
  }
  return
}

// -----

func.func @negative_index(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 - 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a: memref<4xf32>) outs(%b : memref<4xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
  }
  return
}

// -----

func.func @index_past_end(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 7, but found 4}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 * 2)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a: memref<4xf32>) outs(%b : memref<4xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
  }
  return
}

// -----

// A vector operand counts as rank 0.
func.func @vector_operand(%a: vector<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected operand #0 rank (0) to match the result rank of indexing_map (1)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a: vector<4xf32>) outs(%b : memref<4xf32>) {
    ^bb0(%x: vector<4xf32>, %y: f32):
      linalg.yield %y : f32
  }
  return
}
