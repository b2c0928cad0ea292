// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-transform="reverse=0" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-transform="strip-mine=0,16" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --poly-schedule="order-cost=false parallel=true min-parallel-work=0" | FileCheck %s --check-prefix=OUT
// RUN: lattice opt %s --poly-transform="reverse=0 remarks=true" 2>&1 | FileCheck %s --check-prefix=REVERSE
// RUN: lattice opt %s --poly-transform="strip-mine=0,16" | FileCheck %s --check-prefix=STRIP
// RUN: lattice opt %s --poly-schedule="order-cost=false parallel=true min-parallel-work=0 remarks=true" 2>&1 | FileCheck %s --check-prefix=SCHED

// A scalar cell read after the loop nest: @last's iter_args value is the last A[i], and
// the loop's result is read after the loop, outside every statement of the SCoP. The
// demoted cell's output dependences are ignored (it is private to each iteration), and
// no statement reads it, so no dependence kept its last write last: reversing i made
// the function return A[0] (it printed 0 instead of 63). Now the cell's last writes must
// stay the last ones: reversal is refused, strip-mining (same order) is done; under
// poly-schedule the parallel mark on i is dropped with a remark by the safety net (the
// value stored by the last iteration leaves the loop; promotion would otherwise make the
// loop sequential without saying so).

// OUT: 63

// REVERSE: remark: not reversed: the new order would violate the dependence through {{.*}} a value read after the loop nest): its last value would come from another write than in program order
// REVERSE-LABEL: func.func @last
// REVERSE:         affine.for %{{.*}} = 0 to 64 iter_args(

// STRIP-LABEL: func.func @last
// STRIP:         affine.for %[[T:.*]] = 0 to 64 step 16 iter_args(%{{.*}} = %{{.*}}) -> (f64) {
// STRIP-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[T]]) to #{{.*}}(%[[T]]) iter_args(

// SCHED: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+8]]:8 carries a scalar value out of its iterations (a value stored in an iteration is read after the loop); it is generated as a sequential affine.for
// SCHED-LABEL: func.func @last
// SCHED-NOT:     affine.parallel
// SCHED:         affine.for %{{.*}} = 0 to 64 iter_args(
// SCHED-NOT:     memref.alloca
// SCHED:         return
func.func @last(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<1xf64>) {
  %zero = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %x = affine.load %A[%i] : memref<64xf64>
    %y = arith.addf %x, %x : f64
    affine.store %y, %B[%i] : memref<64xf64>
    affine.yield %x : f64
  }
  affine.store %r, %C[0] : memref<1xf64>
  return
}

func.func private @printF64(f64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<64xf64>
  %B = memref.alloc() : memref<64xf64>
  %C = memref.alloc() : memref<1xf64>
  affine.for %i = 0 to 64 {
    %x = arith.index_cast %i : index to i64
    %f = arith.sitofp %x : i64 to f64
    affine.store %f, %A[%i] : memref<64xf64>
  }
  func.call @last(%A, %B, %C) : (memref<64xf64>, memref<64xf64>, memref<1xf64>) -> ()
  %c = affine.load %C[0] : memref<1xf64>
  func.call @printF64(%c) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<64xf64>
  memref.dealloc %B : memref<64xf64>
  memref.dealloc %C : memref<1xf64>
  return
}
