// A kernel that calls the runner-utils API (printMemrefF32, printF32 via vector.print):
// `lattice emit --shared` links it against upstream's runner libraries, and
// shared_caller.c dlopens the library and calls it (cli/tests/abi.rs).
func.func @show(%X: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %v = memref.load %X[%c1] : memref<?xf32>
  vector.print %v : f32
  %u = memref.cast %X : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
