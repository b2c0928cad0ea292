// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @addi_float(%x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @addi_mixed(%x: i32, %y: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %y) : (i32, i64) -> i32
  return
}

// -----

func.func @addi_one_operand(%x: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%x) : (i32) -> i32
  return
}

// -----

func.func @addi_two_results(%x: i32) {
  // expected-error@+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%x, %x) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @addf_int(%x: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%x, %x) : (i32, i32) -> i32
  return
}

// -----

func.func @bad_predicate(%x: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %x, %x : i32
  return
}

// -----

func.func @cmpi_result(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%x, %x) <{predicate = 2 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_no_predicate(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%x, %x) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_int(%x: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%x, %x) <{predicate = 1 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @constant_unsigned() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 255 : ui8
  return
}

// -----

func.func @select_condition(%c: i32, %x: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %x, %x) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @extsi_narrower(%x: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %x : i32 to i16
  return
}

// -----

func.func @extui_same(%x: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %x : i32 to i32
  return
}

// -----

func.func @trunci_wider(%x: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %x : i32 to i64
  return
}

// -----

func.func @extf_narrower(%x: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @truncf_wider(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @bitcast_width(%x: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %x : i32 to f64
  return
}

// -----

func.func @index_cast_no_index(%x: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return
}

// -----

func.func @extsi_shape(%x: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %x : vector<4xi32> to i64
  return
}

// -----

func.func @sitofp_float(%x: f32) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f32
  return
}

// -----

func.func @select_shape(%c: vector<2xi1>, %x: vector<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %x, %x) : (vector<2xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @select_types(%c: i1, %x: i32, %y: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %x, %y) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @addui_extended_types(%x: i32, %y: i64) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%x, %y) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @mulsi_extended_types(%x: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%x, %x) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @constant_scalable() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @scaling_extf_narrower(%x: f32, %s: f32) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %x, %s : f32, f32 to f16
  return
}

// -----

func.func @sitofp_index(%x: index) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.sitofp %x : index to f32
  return
}

// -----

func.func @cmpf_int(%x: i32) {
  // expected-error@+1 {{'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %x, %x : i32
  return
}
