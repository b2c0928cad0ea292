// printMemrefF32 / printMemrefF64 (and the _mlir_ciface_ forms, the ranked
// _mlir_ciface_printMemref<N>dF32 ones and printMemrefShapeF32) on memrefs of rank 0 to 3,
// with size-1 dimensions and a strided view (reinterpret_cast). Element (i, j, k) of a rank-3 f32 memref of
// sizes (a, b, c) is (i*b*c + j*c + k) / 3 - 2; the f64 one also holds NaN, infinities,
// -0 and extreme magnitudes. Expected output (from mlir-runner, base address replaced by
// 0xADDR): print-memref-float.out.

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefShapeF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemref1dF32(memref<?xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemref2dF32(memref<?x?xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemref0dF32(memref<f32>) attributes { llvm.emit_c_interface }

// Fills m[i, j, k] with (i*b*c + j*c + k) / 3 - 2.
func.func @fill3(%m: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %three = arith.constant 3.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.dim %m, %c0 : memref<?x?x?xf32>
  %b = memref.dim %m, %c1 : memref<?x?x?xf32>
  %c = memref.dim %m, %c2 : memref<?x?x?xf32>
  scf.for %i = %c0 to %a step %c1 {
    scf.for %j = %c0 to %b step %c1 {
      scf.for %k = %c0 to %c step %c1 {
        %ib = arith.muli %i, %b : index
        %ibc = arith.muli %ib, %c : index
        %jc = arith.muli %j, %c : index
        %s0 = arith.addi %ibc, %jc : index
        %s1 = arith.addi %s0, %k : index
        %s2 = arith.index_cast %s1 : index to i64
        %f = arith.sitofp %s2 : i64 to f32
        %q = arith.divf %f, %three : f32
        %v = arith.subf %q, %two : f32
        memref.store %v, %m[%i, %j, %k] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// Fills m[i, j] with (i*b + j) / 3 - 2.
func.func @fill2(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.dim %m, %c0 : memref<?x?xf32>
  %b = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %a step %c1 {
    scf.for %j = %c0 to %b step %c1 {
      %ib = arith.muli %i, %b : index
      %s1 = arith.addi %ib, %j : index
      %s2 = arith.index_cast %s1 : index to i64
      %f = arith.sitofp %s2 : i64 to f32
      %q = arith.divf %f, %three : f32
      %v = arith.subf %q, %two : f32
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @show3(%a: index, %b: index, %c: index) {
  %m = memref.alloc(%a, %b, %c) : memref<?x?x?xf32>
  func.call @fill3(%m) : (memref<?x?x?xf32>) -> ()
  %u = memref.cast %m : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?x?x?xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  func.call @show3(%c2, %c3, %c4) : (index, index, index) -> ()
  func.call @show3(%c1, %c1, %c1) : (index, index, index) -> ()
  func.call @show3(%c1, %c3, %c1) : (index, index, index) -> ()
  func.call @show3(%c3, %c1, %c2) : (index, index, index) -> ()
  func.call @show3(%c2, %c2, %c1) : (index, index, index) -> ()

  // Rank 2, then a strided window of it: rows 1..3, every other column from 1.
  %m2 = memref.alloc() : memref<4x5xf32>
  %dyn2 = memref.cast %m2 : memref<4x5xf32> to memref<?x?xf32>
  func.call @fill2(%dyn2) : (memref<?x?xf32>) -> ()
  %u2 = memref.cast %m2 : memref<4x5xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %sv = memref.reinterpret_cast %m2 to offset: [6], sizes: [3, 2], strides: [5, 2] : memref<4x5xf32> to memref<3x2xf32, strided<[5, 2], offset: 6>>
  %usv = memref.cast %sv : memref<3x2xf32, strided<[5, 2], offset: 6>> to memref<*xf32>
  func.call @printMemrefF32(%usv) : (memref<*xf32>) -> ()
  func.call @printMemrefShapeF32(%usv) : (memref<*xf32>) -> ()
  func.call @printMemref2dF32(%dyn2) : (memref<?x?xf32>) -> ()

  // Rank 1 and rank 0.
  %m1 = memref.alloc() : memref<7xf32>
  %seven = arith.constant 7.0 : f32
  scf.for %i = %c0 to %c5 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %fi = arith.sitofp %i64 : i64 to f32
    %v = arith.divf %fi, %seven : f32
    memref.store %v, %m1[%i] : memref<7xf32>
  }
  %big = arith.constant 1.0e10 : f32
  %small = arith.constant -2.5e-10 : f32
  memref.store %big, %m1[%c5] : memref<7xf32>
  %c6 = arith.constant 6 : index
  memref.store %small, %m1[%c6] : memref<7xf32>
  %u1 = memref.cast %m1 : memref<7xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %dyn1 = memref.cast %m1 : memref<7xf32> to memref<?xf32>
  func.call @printMemref1dF32(%dyn1) : (memref<?xf32>) -> ()
  %m0 = memref.alloc() : memref<f32>
  %pi = arith.constant 3.14159274 : f32
  memref.store %pi, %m0[] : memref<f32>
  %u0 = memref.cast %m0 : memref<f32> to memref<*xf32>
  func.call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  func.call @printMemref0dF32(%m0) : (memref<f32>) -> ()

  // f64, 2x4: special values.
  %f = memref.alloc() : memref<2x4xf64>
  %v0 = arith.constant 0x7FF8000000000000 : f64
  %v1 = arith.constant 0xFFF8000000000000 : f64
  %v2 = arith.constant 0x7FF0000000000000 : f64
  %v3 = arith.constant 0xFFF0000000000000 : f64
  %v4 = arith.constant -0.0 : f64
  %v5 = arith.constant 1.0e-300 : f64
  %v6 = arith.constant 123456789.0 : f64
  %v7 = arith.constant 0.000123456789 : f64
  memref.store %v0, %f[%c0, %c0] : memref<2x4xf64>
  memref.store %v1, %f[%c0, %c1] : memref<2x4xf64>
  memref.store %v2, %f[%c0, %c2] : memref<2x4xf64>
  memref.store %v3, %f[%c0, %c3] : memref<2x4xf64>
  memref.store %v4, %f[%c1, %c0] : memref<2x4xf64>
  memref.store %v5, %f[%c1, %c1] : memref<2x4xf64>
  memref.store %v6, %f[%c1, %c2] : memref<2x4xf64>
  memref.store %v7, %f[%c1, %c3] : memref<2x4xf64>
  %uf = memref.cast %f : memref<2x4xf64> to memref<*xf64>
  func.call @printMemrefF64(%uf) : (memref<*xf64>) -> ()

  memref.dealloc %m2 : memref<4x5xf32>
  memref.dealloc %m1 : memref<7xf32>
  memref.dealloc %m0 : memref<f32>
  memref.dealloc %f : memref<2x4xf64>
  return
}
