// RUN: lattice opt %s | FileCheck %s

// Custom forms of every scf op Lattice models, as mlir-opt 22 prints them
// (including its double spaces before `: i32` and trailing spaces).

// CHECK-LABEL: func.func @for_loops(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32, %arg5: f32, %arg6: memref<?xf32>) -> i32 {
// CHECK-NEXT:   scf.for %arg7 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     %3 = memref.load %arg6[%arg7] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg5) -> (f32) {
// CHECK-NEXT:     %3 = arith.addf %arg8, %arg5 : f32
// CHECK-NEXT:     scf.yield %3 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg5, %arg9 = %arg3) -> (f32, i32) {
// CHECK-NEXT:     scf.yield %arg8, %arg9 : f32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg7 = %arg3 to %arg4 step %arg4  : i32 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %2 = scf.for %arg7 = %arg3 to %arg4 step %arg4 iter_args(%arg8 = %arg3) -> (i32)  : i32 {
// CHECK-NEXT:     %3 = arith.addi %arg8, %arg7 : i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for unsigned %arg7 = %arg3 to %arg4 step %arg4  : i32 {
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg7 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     scf.for %arg8 = %arg7 to %arg1 step %arg2 {
// CHECK-NEXT:       memref.store %arg5, %arg6[%arg8] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   } {tag = "outer"}
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @for_loops(%lb: index, %ub: index, %st: index, %a: i32, %b: i32, %f: f32, %m: memref<?xf32>) -> i32 {
  scf.for %i = %lb to %ub step %st {
    %x = memref.load %m[%i] : memref<?xf32>
  }
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %f) -> (f32) {
    %y = arith.addf %acc, %f : f32
    scf.yield %y : f32
  }
  %r2:2 = scf.for %i = %lb to %ub step %st iter_args(%acc = %f, %acc2 = %a) -> (f32, i32) {
    scf.yield %acc, %acc2 : f32, i32
  }
  scf.for %i = %a to %b step %b : i32 {
  }
  %r3 = scf.for %i = %a to %b step %b iter_args(%x = %a) -> i32 : i32 {
    %n = arith.addi %x, %i : i32
    scf.yield %n : i32
  }
  scf.for unsigned %i = %a to %b step %b : i32 {
  }
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %i to %ub step %st {
      memref.store %f, %m[%j] : memref<?xf32>
    }
  } {tag = "outer"}
  return %r3 : i32
}
// CHECK-LABEL: func.func @ifs(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: memref<?xf32>, %arg5: index) -> i32 {
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.if %arg0 -> (i32, f32) {
// CHECK-NEXT:     scf.yield %arg1, %arg3 : i32, f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg2, %arg3 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:   } else {
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:   } {foo}
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @ifs(%c: i1, %a: i32, %b: i32, %f: f32, %m: memref<?xf32>, %i: index) -> i32 {
  scf.if %c {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.if %c {
    memref.store %f, %m[%i] : memref<?xf32>
  } else {
    %y = memref.load %m[%i] : memref<?xf32>
  }
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %1:2 = scf.if %c -> (i32, f32) {
    scf.yield %a, %f : i32, f32
  } else {
    scf.yield %b, %f : i32, f32
  }
  scf.if %c {
  } else {
  }
  scf.if %c {
  } {foo}
  return %0 : i32
}
// CHECK-LABEL: func.func @parallel_loops(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32, %arg5: memref<?xf32>) -> f32 {
// CHECK-NEXT:   scf.parallel (%arg6, %arg7) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:     %2 = memref.load %arg5[%arg6] : memref<?xf32>
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT:     %2 = memref.load %arg5[%arg6] : memref<?xf32>
// CHECK-NEXT:     scf.reduce(%2 : f32) {
// CHECK-NEXT:     ^bb0(%arg7: f32, %arg8: f32):
// CHECK-NEXT:       %3 = arith.addf %arg7, %arg8 : f32
// CHECK-NEXT:       scf.reduce.return %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg4) -> (f32, i32) {
// CHECK-NEXT:     scf.reduce(%arg3, %arg4 : f32, i32) {
// CHECK-NEXT:     ^bb0(%arg7: f32, %arg8: f32):
// CHECK-NEXT:       scf.reduce.return %arg7 : f32
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg7: i32, %arg8: i32):
// CHECK-NEXT:       %2 = arith.addi %arg7, %arg8 : i32
// CHECK-NEXT:       scf.reduce.return %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   } {foo}
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @parallel_loops(%lb: index, %ub: index, %st: index, %f: f32, %a: i32, %m: memref<?xf32>) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %x = memref.load %m[%i] : memref<?xf32>
  }
  %p = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f) -> f32 {
    %x = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  %p2:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f, %a) -> (f32, i32) {
    scf.reduce(%f, %a : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    scf.reduce
  } {foo}
  return %p : f32
}
// CHECK-LABEL: func.func @while_loops(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i1) -> i32 {
// CHECK-NEXT:   %0 = scf.while (%arg4 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %3 = arith.cmpi slt, %arg4, %arg1 : i32
// CHECK-NEXT:     scf.condition(%3) %arg4 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg4: i32):
// CHECK-NEXT:     %3 = arith.addi %arg4, %arg1 : i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.while (%arg4 = %arg0, %arg5 = %arg2) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:     scf.condition(%arg3) %arg4, %arg5 : i32, f32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg4: i32, %arg5: f32):
// CHECK-NEXT:     scf.yield %arg4, %arg5 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.while : () -> () {
// CHECK-NEXT:     scf.condition(%arg3)
// CHECK-NEXT:   } do {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   %2 = scf.while (%arg4 = %arg0) : (i32) -> f32 {
// CHECK-NEXT:     scf.condition(%arg3) %arg2 : f32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg4: f32):
// CHECK-NEXT:     scf.yield %arg0 : i32
// CHECK-NEXT:   } attributes {foo}
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @while_loops(%a: i32, %b: i32, %f: f32, %c: i1) -> i32 {
  %w = scf.while (%arg = %a) : (i32) -> i32 {
    %cc = arith.cmpi slt, %arg, %b : i32
    scf.condition(%cc) %arg : i32
  } do {
  ^bb0(%x: i32):
    %n = arith.addi %x, %b : i32
    scf.yield %n : i32
  }
  %w2:2 = scf.while (%arg = %a, %g = %f) : (i32, f32) -> (i32, f32) {
    scf.condition(%c) %arg, %g : i32, f32
  } do {
  ^bb0(%x: i32, %h: f32):
    scf.yield %x, %h : i32, f32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %w3 = scf.while (%arg = %a) : (i32) -> f32 {
    scf.condition(%c) %f : f32
  } do {
  ^bb0(%x: f32):
    scf.yield %a : i32
  } attributes {foo}
  return %w : i32
}
// CHECK-LABEL: func.func @regions(%arg0: index, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.execute_region -> i32 {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.execute_region {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:     scf.yield %arg2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %2:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     scf.yield %arg1, %arg2 : i32, i32
// CHECK-NEXT:   } {foo}
// CHECK-NEXT:   %3 = scf.index_switch %arg0 -> i32 
// CHECK-NEXT:   case 2 {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   case 5 {
// CHECK-NEXT:     scf.yield %arg2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:     scf.yield %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.index_switch %arg0 
// CHECK-NEXT:   default {
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.index_switch %arg0 {foo} 
// CHECK-NEXT:   case 1 {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
func.func @regions(%i: index, %a: i32, %b: i32) -> i32 {
  %e = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  scf.execute_region {
    scf.yield
  }
  %e2 = scf.execute_region -> i32 no_inline {
    scf.yield %b : i32
  }
  %e3:2 = scf.execute_region -> (i32, i32) {
    cf.br ^bb1
  ^bb1:
    scf.yield %a, %b : i32, i32
  } {foo}
  %s = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %b : i32
  }
  default {
    scf.yield %e : i32
  }
  scf.index_switch %i
  default {
  }
  scf.index_switch %i {foo}
  case 1 {
    scf.yield
  }
  default {
    scf.yield
  }
  return %s : i32
}
