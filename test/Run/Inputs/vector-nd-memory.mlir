// Remaining vector ops at n-D and 1-D: to_elements, interleave/deinterleave, n-D shuffle,
// step, n-D bitcast, index reduction, gather/scatter (n-D and 1-D), expandload,
// compressstore (output: vector-nd-memory.out, from mlir-runner).
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : vector<2x4xf32>
  %b = arith.constant dense<[[9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : vector<2x4xf32>
  %e:8 = vector.to_elements %a : vector<2x4xf32>
  vector.print %e#3 : f32
  %il = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x8xf32>
  vector.print %il : vector<2x8xf32>
  %d1, %d2 = vector.deinterleave %il : vector<2x8xf32> -> vector<2x4xf32>
  vector.print %d2 : vector<2x4xf32>
  %sh = vector.shuffle %a, %b [3, 0] : vector<2x4xf32>, vector<2x4xf32>
  vector.print %sh : vector<2x4xf32>
  %i = vector.step : vector<4xindex>
  vector.print %i : vector<4xindex>
  %bc = vector.bitcast %a : vector<2x4xf32> to vector<2x4xi32>
  vector.print %bc : vector<2x4xi32>
  %r = vector.reduction <add>, %i : vector<4xindex> into index
  vector.print %r : index
  call @g() : () -> ()
  return
}
func.func @g() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4x8xf32>
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %t = arith.muli %i, %c8 : index
      %s = arith.addi %t, %j : index
      %x = arith.index_cast %s : index to i32
      %f = arith.sitofp %x : i32 to f32
      memref.store %f, %m[%i, %j] : memref<4x8xf32>
    }
  }
  %idx = arith.constant dense<[[0, 3, 5, 1], [7, 2, 2, 6]]> : vector<2x4xi32>
  %mask = arith.constant dense<[[true, true, false, true], [true, false, true, true]]> : vector<2x4xi1>
  %pt = arith.constant dense<-1.0> : vector<2x4xf32>
  %g = vector.gather %m[%c1, %c0] [%idx], %mask, %pt : memref<4x8xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32> into vector<2x4xf32>
  vector.print %g : vector<2x4xf32>
  %i1 = arith.constant dense<[1, 4, 6]> : vector<3xindex>
  %m1 = arith.constant dense<[true, false, true]> : vector<3xi1>
  %v1 = arith.constant dense<[100.0, 200.0, 300.0]> : vector<3xf32>
  vector.scatter %m[%c0, %c0] [%i1], %m1, %v1 : memref<4x8xf32>, vector<3xindex>, vector<3xi1>, vector<3xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p4 = arith.constant dense<0.5> : vector<4xf32>
  %em = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %ex = vector.expandload %m[%c2, %c1], %em, %p4 : memref<4x8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.print %ex : vector<4xf32>
  %cv = arith.constant dense<[7.0, 8.0, 9.0, 10.0]> : vector<4xf32>
  vector.compressstore %m[%c3, %c2], %em, %cv : memref<4x8xf32>, vector<4xi1>, vector<4xf32>
  %u = memref.cast %m : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<4x8xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
