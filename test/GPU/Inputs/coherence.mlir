// Host/device coherence of `lattice run --target gpu`: host reads and writes between
// launches, launches in host loops, a callee that reads, a subview, memref.copy, a
// printMemref call through an unranked cast, dealloc followed by a new allocation, and
// an alloca'd memref bound to a kernel. Host-side accesses use scf/memref ops so that
// only @scale's affine loop becomes a kernel. The CPU JIT prints the reference.

func.func private @printF64(f64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

// B[i] = 2 * A[i] + i (one kernel).
func.func @scale(%A: memref<64xf32>, %B: memref<64xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %m = arith.mulf %a, %two : f32
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.addf %m, %f : f32
    affine.store %s, %B[%i] : memref<64xf32>
  }
  return
}

// Host-side sum in f64.
func.func @sum(%A: memref<64xf32>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %A[%i] : memref<64xf32>
    %w = arith.extf %v : f32 to f64
    %t = arith.addf %acc, %w : f64
    scf.yield %t : f64
  }
  return %s : f64
}

func.func @print(%x: f64) {
  func.call @printF64(%x) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Fills A[i] = i * k on the host.
func.func @fill(%A: memref<64xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %v = arith.mulf %f, %k : f32
    memref.store %v, %A[%i] : memref<64xf32>
  }
  return
}

// A kernel on a stack buffer; returns the sum of the result.
func.func @on_stack(%k: f32) -> f64 {
  %T = memref.alloca() : memref<64xf32>
  %U = memref.alloca() : memref<64xf32>
  func.call @fill(%T, %k) : (memref<64xf32>, f32) -> ()
  func.call @scale(%T, %U) : (memref<64xf32>, memref<64xf32>) -> ()
  %s = func.call @sum(%U) : (memref<64xf32>) -> f64
  return %s : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %hundred = arith.constant 100.0 : f32
  %A = memref.alloc() : memref<64xf32>
  %B = memref.alloc() : memref<64xf32>
  func.call @fill(%A, %one) : (memref<64xf32>, f32) -> ()
  func.call @scale(%A, %B) : (memref<64xf32>, memref<64xf32>) -> ()
  // Host read of a device-written buffer: 3 * 5 = 15.
  %b5 = memref.load %B[%c5] : memref<64xf32>
  %b5d = arith.extf %b5 : f32 to f64
  func.call @print(%b5d) : (f64) -> ()
  // Host write to an uploaded buffer, then launches on it.
  memref.store %hundred, %A[%c3] : memref<64xf32>
  func.call @scale(%A, %B) : (memref<64xf32>, memref<64xf32>) -> ()
  func.call @scale(%B, %A) : (memref<64xf32>, memref<64xf32>) -> ()
  %s1 = func.call @sum(%A) : (memref<64xf32>) -> f64
  func.call @print(%s1) : (f64) -> ()
  // Host writes and reads inside a loop that launches.
  %r = scf.for %t = %c0 to %c5 step %c1 iter_args(%acc = %s1) -> (f64) {
    %ti = arith.index_cast %t : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    memref.store %tf, %A[%t] : memref<64xf32>
    func.call @scale(%A, %B) : (memref<64xf32>, memref<64xf32>) -> ()
    %v = memref.load %B[%t] : memref<64xf32>
    %vd = arith.extf %v : f32 to f64
    %n = arith.addf %acc, %vd : f64
    func.call @scale(%B, %A) : (memref<64xf32>, memref<64xf32>) -> ()
    scf.yield %n : f64
  }
  func.call @print(%r) : (f64) -> ()
  // A subview of a device-written buffer, read on the host.
  %S = memref.subview %A[32] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 32>>
  %z = arith.constant 0.0 : f64
  %c32 = arith.constant 32 : index
  %ss = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %z) -> (f64) {
    %v = memref.load %S[%i] : memref<32xf32, strided<[1], offset: 32>>
    %w = arith.extf %v : f32 to f64
    %t = arith.addf %acc, %w : f64
    scf.yield %t : f64
  }
  func.call @print(%ss) : (f64) -> ()
  // memref.copy out of a device-written buffer, and printMemref through a cast.
  %C = memref.alloc() : memref<64xf32>
  func.call @scale(%A, %B) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.copy %B, %C : memref<64xf32> to memref<64xf32>
  %s2 = func.call @sum(%C) : (memref<64xf32>) -> f64
  func.call @print(%s2) : (f64) -> ()
  func.call @scale(%C, %B) : (memref<64xf32>, memref<64xf32>) -> ()
  %U = memref.cast %B : memref<64xf32> to memref<*xf32>
  func.call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  // Free a bound buffer and allocate again (the address may be reused).
  memref.dealloc %A : memref<64xf32>
  %D = memref.alloc() : memref<64xf32>
  func.call @fill(%D, %one) : (memref<64xf32>, f32) -> ()
  func.call @scale(%D, %B) : (memref<64xf32>, memref<64xf32>) -> ()
  %s3 = func.call @sum(%B) : (memref<64xf32>) -> f64
  func.call @print(%s3) : (f64) -> ()
  // Stack buffers, twice (same stack addresses, different contents).
  %two = arith.constant 2.0 : f32
  %s4 = func.call @on_stack(%two) : (f32) -> f64
  func.call @print(%s4) : (f64) -> ()
  %three = arith.constant 3.0 : f32
  %s5 = func.call @on_stack(%three) : (f32) -> f64
  func.call @print(%s5) : (f64) -> ()
  memref.dealloc %B : memref<64xf32>
  memref.dealloc %C : memref<64xf32>
  memref.dealloc %D : memref<64xf32>
  return
}
