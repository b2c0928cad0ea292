// The j loop carries an output dependence (every j writes B[i, k]): mlir-opt maps it
// anyway; Lattice refuses.
func.func @race(%A: memref<64x32xf32>, %B: memref<64x32xf32>, %n: index) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %j] : memref<64x32xf32>
        affine.store %a, %B[%i, %k] : memref<64x32xf32>
      }
    }
  }
  return
}

// -----

func.func @imperfect(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}
