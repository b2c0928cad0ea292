// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false split-borders=false remarks=true" 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: lattice run %s | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule=order-cost=false --parallel-order=reverse | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule="order-cost=false split-borders=false" --parallel-order=reverse | FileCheck %s --check-prefix=OUT

// Index-set splitting of clamped windows (`split-borders`, default true): a 3x3 box blur
// whose window loops run from max(i - 1, 0) to min(i + 2, 32). The members %i and %j
// the clamps depend on are split into border rows/columns (0 and 31) and an interior
// (isl's `isolate` option), where the window loops run from i - 1 to i + 2 (a constant
// trip count of 3 LLVM unrolls) and the window sizes (affine.max / affine.min of the
// statement) lose the clamps the loop ranges make redundant. 5 copies of the body:
// row 0, row 31, and columns 0, 1..30, 31 of rows 1..30.

// OUT: 15872

// REMARK: remark: index set split on %i: 3 pieces (borders 0 and 31), the interior's clamped windows have constant bounds
// REMARK: remark: index set split on %j: 3 pieces (borders 0 and 31), the interior's clamped windows have constant bounds

// OFF-NOT: index set split
// OFF-LABEL: func.func @blur
// OFF:         affine.parallel (%{{.*}}) = (0) to (32) {
// OFF-NEXT:      affine.for %{{.*}} = 0 to 32 {
// OFF-NOT:     affine.store
// OFF:           affine.for %{{.*}} = max #{{.*}} to min #{{.*}}
// OFF:           affine.store
// OFF-NOT:     affine.store
// OFF:       return

// CHECK-DAG: #[[LO:map[0-9]*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[HI:map[0-9]*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @blur
// Row 0.
// CHECK:         affine.for %{{.*}} = 0 to 32 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[0, %{{.*}}]
// Rows 1..30: column 0, the interior, column 31.
// CHECK:         affine.parallel (%[[I:.*]]) = (1) to (31) {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], 0]
// CHECK:           affine.for %[[J:.*]] = 1 to 31 {
// CHECK-NEXT:        affine.max #[[LO]](%[[I]])
// CHECK-NEXT:        affine.min #[[HI]](%[[I]])
// CHECK-NEXT:        affine.max #[[LO]](%[[J]])
// CHECK-NEXT:        affine.min #[[HI]](%[[J]])
// CHECK:             affine.for %[[II:.*]] = #[[LO]](%[[I]]) to #[[HI]](%[[I]]) iter_args
// CHECK-NEXT:          affine.for %[[JJ:.*]] = #[[LO]](%[[J]]) to #[[HI]](%[[J]]) iter_args
// CHECK-NEXT:            affine.load %{{.*}}[%[[II]], %[[JJ]]]
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], 31]
// Row 31.
// CHECK:         affine.for %{{.*}} = 0 to 32 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[31, %{{.*}}]
// CHECK-NOT:     affine.store
// CHECK:       return

#lo = affine_map<(d0) -> (d0 - 1, 0)>
#hi = affine_map<(d0) -> (d0 + 2, 32)>

func.func private @printF64(f64)
func.func private @printNewline()

func.func @blur(%In: memref<32x32xf64> {llvm.noalias}, %Out: memref<32x32xf64> {llvm.noalias}) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %ilo = affine.max #lo(%i)
      %ihi = affine.min #hi(%i)
      %jlo = affine.max #lo(%j)
      %jhi = affine.min #hi(%j)
      %ni = arith.subi %ihi, %ilo : index
      %nj = arith.subi %jhi, %jlo : index
      %cnt = arith.muli %ni, %nj : index
      %cnti = arith.index_cast %cnt : index to i64
      %cntf = arith.sitofp %cnti : i64 to f64
      %s = affine.for %ii = max #lo(%i) to min #hi(%i) iter_args(%acc = %zero) -> (f64) {
        %r = affine.for %jj = max #lo(%j) to min #hi(%j) iter_args(%racc = %acc) -> (f64) {
          %v = affine.load %In[%ii, %jj] : memref<32x32xf64>
          %a = arith.addf %racc, %v : f64
          affine.yield %a : f64
        }
        affine.yield %r : f64
      }
      %m = arith.divf %s, %cntf : f64
      affine.store %m, %Out[%i, %j] : memref<32x32xf64>
    }
  }
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %c32 = arith.constant 32 : index
  %In = memref.alloc() : memref<32x32xf64>
  %Out = memref.alloc() : memref<32x32xf64>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %p = arith.muli %i, %c7 : index
      %q = arith.addi %p, %j : index
      %m = arith.remsi %q, %c32 : index
      %mi = arith.index_cast %m : index to i64
      %mf = arith.sitofp %mi : i64 to f64
      affine.store %mf, %In[%i, %j] : memref<32x32xf64>
    }
  }
  func.call @blur(%In, %Out) : (memref<32x32xf64>, memref<32x32xf64>) -> ()
  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 32 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %Out[%i, %j] : memref<32x32xf64>
      %w = arith.addf %racc, %v : f64
      affine.yield %w : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %In : memref<32x32xf64>
  memref.dealloc %Out : memref<32x32xf64>
  return
}
