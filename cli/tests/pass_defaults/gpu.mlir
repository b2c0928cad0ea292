// Input of cli/tests/pass_defaults.rs: a gpu.launch, an scf.parallel and a parallel affine nest.
func.func @launch(%A: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %A[%tx] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
func.func @par(%A: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %A[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%i] : memref<64xf32>
    scf.reduce
  }
  return
}
func.func @aff(%A: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %v = affine.load %A[%i, %j] : memref<64x32xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<64x32xf32>
    }
  }
  return
}
