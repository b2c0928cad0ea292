func.func @show(%X: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %v = memref.load %X[%c1] : memref<?xf32>
  vector.print %v : f32
  %u = memref.cast %X : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
