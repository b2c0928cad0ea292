// Input of cli/tests/pass_defaults.rs: a private dead function, a memref with a tiled layout, fusable
// nests, an invariant op, a stepped loop, an scf.for and affine.delinearize_index.
#tile = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
func.func private @unused() {
  return
}
func.func @two(%A: memref<64xf32>, %B: memref<64xf32>, %n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %T = memref.alloc() : memref<64xf32, #tile>
  affine.for %i = 0 to 64 {
    %v = arith.addf %x, %x : f32
    affine.store %v, %A[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %B[%i] : memref<64xf32>
    affine.store %w, %T[%i] : memref<64xf32, #tile>
  }
  affine.for %i = 2 to 66 step 2 {
    %j = affine.apply affine_map<(d0) -> (d0 - 2)>(%i)
    %v = affine.load %B[%j] : memref<64xf32>
    %v2 = affine.load %B[%j] : memref<64xf32>
    %s = arith.addf %v, %v2 : f32
    affine.store %s, %A[%j] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %A[%i] : memref<64xf32>
    memref.store %v, %B[%i] : memref<64xf32>
  }
  %q:2 = affine.delinearize_index %n into (8, 8) : index, index
  %r = arith.addi %q#0, %q#1 : index
  %r2 = arith.addi %q#0, %q#1 : index
  %z = memref.load %A[%r] : memref<64xf32>
  memref.store %z, %A[%r2] : memref<64xf32>
  memref.dealloc %T : memref<64xf32, #tile>
  return
}
