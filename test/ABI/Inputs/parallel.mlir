// Parallel loops for the AOT runtime test (cli/tests/abi.rs): `lattice emit --shared`
// links them against Lattice's liblattice_runtime.so (thread pool, deterministic
// reductions); a C caller calls them through the header and runs @run, whose output
// must equal `lattice run -e run`'s with any thread count.
func.func @axpy(%a: f32, %X: memref<1000xf32>, %Y: memref<1000xf32>) attributes {llvm.emit_c_interface} {
  affine.parallel (%i) = (0) to (1000) {
    %x = affine.load %X[%i] : memref<1000xf32>
    %y = affine.load %Y[%i] : memref<1000xf32>
    %p = arith.mulf %a, %x : f32
    %s = arith.addf %p, %y : f32
    affine.store %s, %Y[%i] : memref<1000xf32>
  }
  return
}

func.func @dot(%X: memref<1000xf32>, %Y: memref<1000xf32>) -> f32 attributes {llvm.emit_c_interface} {
  %r = affine.parallel (%i) = (0) to (1000) reduce ("addf") -> f32 {
    %x = affine.load %X[%i] : memref<1000xf32>
    %y = affine.load %Y[%i] : memref<1000xf32>
    %p = arith.mulf %x, %y : f32
    affine.yield %p : f32
  }
  return %r : f32
}

func.func private @printF32(f32)
func.func private @printNewline()

// X[i] = i / 1000, Y[i] = 1 - X[i]; Y = 2.5 X + Y; prints X . Y and Y[999].
func.func @run() {
  %X = memref.alloc() : memref<1000xf32>
  %Y = memref.alloc() : memref<1000xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %k = arith.constant 1000.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.constant 2.5 : f32
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %x = arith.divf %f, %k : f32
    %y = arith.subf %one, %x : f32
    memref.store %x, %X[%i] : memref<1000xf32>
    memref.store %y, %Y[%i] : memref<1000xf32>
  }
  call @axpy(%a, %X, %Y) : (f32, memref<1000xf32>, memref<1000xf32>) -> ()
  %d = call @dot(%X, %Y) : (memref<1000xf32>, memref<1000xf32>) -> f32
  call @printF32(%d) : (f32) -> ()
  call @printNewline() : () -> ()
  %c999 = arith.constant 999 : index
  %last = memref.load %Y[%c999] : memref<1000xf32>
  call @printF32(%last) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %X : memref<1000xf32>
  memref.dealloc %Y : memref<1000xf32>
  return
}
