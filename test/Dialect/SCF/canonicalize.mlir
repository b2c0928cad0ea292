// RUN: lattice opt %s --canonicalize | FileCheck %s

// scf canonicalization patterns Lattice implements (a subset of mlir-opt's), with
// CHECK lines from mlir-opt --canonicalize.

// CHECK-LABEL: func.func @static_if(%arg0: i32, %arg1: memref<4xi32>, %arg2: index) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   memref.store %0, %arg1[%arg2] : memref<4xi32>
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @static_if(%x: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  %0 = scf.if %true -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %false {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  scf.if %false {
    memref.store %x, %m[%i] : memref<4xi32>
  } else {
    memref.store %0, %m[%i] : memref<4xi32>
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @empty_else(%arg0: i1, %arg1: i32, %arg2: memref<4xi32>, %arg3: index) {
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg1, %arg2[%arg3] : memref<4xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @empty_else(%c: i1, %x: i32, %m: memref<4xi32>, %i: index) {
  scf.if %c {
    memref.store %x, %m[%i] : memref<4xi32>
  } else {
  }
  return
}
// CHECK-LABEL: func.func @to_select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: memref<4xi32>, %arg4: index) -> (i32, i32, i32) {
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     memref.store %arg1, %arg3[%arg4] : memref<4xi32>
// CHECK-NEXT:     %2 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0, %1, %arg2 : i32, i32, i32
// CHECK-NEXT: }
func.func @to_select(%c: i1, %x: i32, %y: i32, %m: memref<4xi32>, %i: index) -> (i32, i32, i32) {
  %0:3 = scf.if %c -> (i32, i32, i32) {
    memref.store %x, %m[%i] : memref<4xi32>
    %a = arith.addi %x, %y : i32
    scf.yield %x, %a, %y : i32, i32, i32
  } else {
    scf.yield %y, %x, %y : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}
// CHECK-LABEL: func.func @unused(%arg0: i1, %arg1: i32, %arg2: memref<4xi32>, %arg3: index) -> i32 {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     memref.store %arg1, %arg2[%arg3] : memref<4xi32>
// CHECK-NEXT:     %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %1 = arith.divsi %arg1, %arg1 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @unused(%c: i1, %x: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %0:2 = scf.if %c -> (i32, i32) {
    memref.store %x, %m[%i] : memref<4xi32>
    %a = arith.addi %x, %x : i32
    %b = arith.muli %x, %x : i32
    scf.yield %a, %b : i32, i32
  } else {
    %a = arith.subi %x, %x : i32
    %b = arith.divsi %x, %x : i32
    scf.yield %a, %b : i32, i32
  }
  return %0#1 : i32
}
// CHECK-LABEL: func.func @loops(%arg0: memref<8xi32>, %arg1: i32, %arg2: index) -> (i32, i32, i32, i32) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   memref.store %arg1, %arg0[%c4] : memref<8xi32>
// CHECK-NEXT:   %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:   %1 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg1) -> (i32) {
// CHECK-NEXT:     memref.store %arg4, %arg0[%arg3] : memref<8xi32>
// CHECK-NEXT:     %2 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %arg1, %0, %1, %1 : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @loops(%m: memref<8xi32>, %x: i32, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  %1 = scf.for %i = %c4 to %c8 step %c4 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  %2:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %d = %x) -> (i32, i32, i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    %e = arith.addi %a, %d : i32
    scf.yield %e, %b, %e : i32, i32, i32
  }
  %3 = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    scf.yield %a : i32
  }
  %4 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %x) -> (i32) {
    scf.yield %2#0 : i32
  }
  return %0, %1, %2#2, %4 : i32, i32, i32, i32
}
// CHECK-LABEL: func.func @exec(%arg0: i32, %arg1: memref<4xi32>, %arg2: index) -> i32 {
// CHECK-NEXT:   memref.store %arg0, %arg1[%arg2] : memref<4xi32>
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @exec(%x: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %0 = scf.execute_region -> i32 {
    memref.store %x, %m[%i] : memref<4xi32>
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  %1 = scf.execute_region -> i32 no_inline {
    scf.yield %0 : i32
  }
  return %1 : i32
}
// CHECK-LABEL: func.func @nested_single(%arg0: memref<8xi32>, %arg1: i32) -> i32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %0 = memref.load %arg0[%c0] : memref<8xi32>
// CHECK-NEXT:   %1 = arith.addi %arg1, %0 : i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
func.func @nested_single(%m: memref<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%x) -> i32 {
    %v = memref.load %m[%i] : memref<8xi32>
    scf.reduce(%v : i32) {
    ^bb0(%l: i32, %rr: i32):
      %s = arith.addi %l, %rr : i32
      scf.reduce.return %s : i32
    }
  }
  return %r : i32
}
// CHECK-LABEL: func.func @for_in_if(%arg0: i1, %arg1: memref<8xi32>, %arg2: i32) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     scf.for %arg3 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       memref.store %arg2, %arg1[%arg3] : memref<8xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @for_in_if(%c: i1, %m: memref<8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.if %c {
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c1 step %c1 {
        memref.store %x, %m[%i] : memref<8xi32>
      }
    }
  } else {
  }
  %a = memref.alloca() : memref<4xi32>
  memref.store %x, %a[%c0] : memref<4xi32>
  %b = memref.alloc() : memref<4xi32>
  memref.dealloc %b : memref<4xi32>
  return
}
// CHECK-LABEL: func.func @par(%arg0: memref<8xi32>, %arg1: i32, %arg2: index) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
// CHECK-NEXT:     memref.store %arg1, %arg0[%arg3] : memref<8xi32>
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%c8, %arg2) step (%c1, %c1) {
// CHECK-NEXT:     memref.store %arg1, %arg0[%arg4] : memref<8xi32>
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @par(%m: memref<8xi32>, %x: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %n) step (%c1, %c1) {
    memref.store %x, %m[%j] : memref<8xi32>
  }
  scf.parallel (%i) = (%c0) to (%c0) step (%c1) {
    memref.store %x, %m[%i] : memref<8xi32>
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %x, %m[%j] : memref<8xi32>
    }
  }
  return
}
// CHECK-LABEL: func.func @sw(%arg0: memref<8xi32>, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @sw(%m: memref<8xi32>, %x: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %0 = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  default {
    scf.yield %x : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func @degenerate_steps(%arg0: memref<8xi32>, %arg1: i32, %arg2: index) -> (i32, i32, i32) {
// CHECK-NEXT:   return %arg1, %arg1, %arg1 : i32, i32, i32
// CHECK-NEXT: }
func.func @degenerate_steps(%m: memref<8xi32>, %x: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  %0 = scf.for %i = %c4 to %c0 step %n iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    scf.yield %a : i32
  }
  %1 = scf.for %i = %c0 to %c4 step %cm1 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  %2 = scf.for %i = %n to %c4 step %c0 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  return %0, %1, %2 : i32, i32, i32
}
// CHECK-LABEL: func.func @tiled(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>, %arg2: index, %arg3: i1) {
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %c64 = arith.constant 64 : index
// CHECK-NEXT:   scf.for %arg4 = %c0 to %c64 step %c16 {
// CHECK-NEXT:     scf.for %arg5 = %c0 to %c64 step %c16 {
// CHECK-NEXT:       %0 = arith.addi %arg4, %c16 : index
// CHECK-NEXT:       scf.for %arg6 = %arg4 to %0 step %c1 {
// CHECK-NEXT:         %1 = memref.load %arg0[%arg6, %arg5] : memref<64x64xf32>
// CHECK-NEXT:         %2 = arith.select %arg3, %1, %cst_0 : f32
// CHECK-NEXT:         memref.store %2, %arg1[%arg6, %arg5] : memref<64x64xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg3 {
// CHECK-NEXT:     memref.store %cst, %arg1[%c0, %c0] : memref<64x64xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @tiled(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    scf.for %j = %c0 to %c64 step %c16 {
      %ie = arith.addi %i, %c16 : index
      scf.for %ii = %i to %ie step %c1 {
        %v = memref.load %A[%ii, %j] : memref<64x64xf32>
        %w = scf.if %c -> (f32) {
          scf.yield %v : f32
        } else {
          %z = arith.constant 0.0 : f32
          scf.yield %z : f32
        }
        memref.store %w, %B[%ii, %j] : memref<64x64xf32>
      }
    }
  }
  %c0f = arith.constant 1.0 : f32
  scf.if %c {
    scf.if %c {
      memref.store %c0f, %B[%c0, %c0] : memref<64x64xf32>
    }
  }
  return
}
// CHECK-LABEL: func.func @prop(%arg0: i1, %arg1: memref<4xi1>, %arg2: index, %arg3: i32, %arg4: i32) -> i32 {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:     memref.store %true, %arg1[%arg2] : memref<4xi1>
// CHECK-NEXT:     scf.yield %arg3 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %false, %arg1[%arg2] : memref<4xi1>
// CHECK-NEXT:     %1 = arith.addi %arg3, %arg4 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @prop(%c: i1, %m: memref<4xi1>, %i: index, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    memref.store %c, %m[%i] : memref<4xi1>
    %s = arith.select %c, %x, %y : i32
    scf.yield %s : i32
  } else {
    memref.store %c, %m[%i] : memref<4xi1>
    %t = arith.addi %x, %y : i32
    scf.yield %t : i32
  }
  return %r : i32
}
