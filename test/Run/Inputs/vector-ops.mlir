// 1-D vector ops as Lattice lowers them: transfer_read/transfer_write in and out of bounds
// (padding, masks), along the contiguous dimension, along a strided one (a transposed
// read: gather/scatter) and as a broadcast; load/store; broadcast, fma, reductions of
// several kinds with and without accumulator, extract/insert, create_mask and vector.print.
// Checked against mlir-runner (after --convert-vector-to-scf and --convert-vector-to-llvm).

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<6x6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %ij = arith.muli %i, %c6 : index
      %l = arith.addi %ij, %j : index
      %k = arith.index_cast %l : index to i64
      %f = arith.sitofp %k : i64 to f32
      memref.store %f, %m[%i, %j] : memref<6x6xf32>
    }
  }
  // Row 1 from column 2: lanes 4..7 are out of bounds and read the padding.
  %r0 = vector.transfer_read %m[%c1, %c2], %pad : memref<6x6xf32>, vector<8xf32>
  vector.print %r0 : vector<8xf32>
  // In bounds, contiguous.
  %r1 = vector.transfer_read %m[%c2, %c0], %pad {in_bounds = [true]} : memref<6x6xf32>, vector<4xf32>
  vector.print %r1 : vector<4xf32>
  // Column 3 from row 1 (transposed: stride 6), rows 6 and 7 out of bounds.
  %r2 = vector.transfer_read %m[%c1, %c3], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<6x6xf32>, vector<7xf32>
  vector.print %r2 : vector<7xf32>
  // Broadcast of m[5][5].
  %r3 = vector.transfer_read %m[%c5, %c5], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<6x6xf32>, vector<4xf32>
  vector.print %r3 : vector<4xf32>
  // With a mask: lanes 0..2 enabled.
  %mask = vector.create_mask %c3 : vector<8xi1>
  %r4 = vector.transfer_read %m[%c0, %c0], %pad, %mask : memref<6x6xf32>, vector<8xf32>
  vector.print %r4 : vector<8xf32>

  // fma and broadcast, then write back out of bounds (row 4 from column 3: 3 lanes land).
  %two = arith.constant 2.0 : f32
  %b = vector.broadcast %two : f32 to vector<8xf32>
  %fma = vector.fma %r0, %b, %r4 : vector<8xf32>
  vector.print %fma : vector<8xf32>
  vector.transfer_write %fma, %m[%c4, %c3] : vector<8xf32>, memref<6x6xf32>
  // Transposed write of 4 lanes into column 0 from row 3 (2 land), masked to lanes 0..2.
  %mask3 = vector.create_mask %c3 : vector<4xi1>
  vector.transfer_write %r1, %m[%c3, %c0], %mask3 {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<6x6xf32>
  %u = memref.cast %m : memref<6x6xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  // Reductions.
  %s0 = vector.reduction <add>, %r1 : vector<4xf32> into f32
  %s1 = vector.reduction <mul>, %r1, %two : vector<4xf32> into f32
  %s2 = vector.reduction <maxnumf>, %r2 : vector<7xf32> into f32
  %s3 = vector.reduction <minimumf>, %r0 : vector<8xf32> into f32
  vector.print %s0 : f32
  vector.print %s1 : f32
  vector.print %s2 : f32
  vector.print %s3 : f32
  %iv = arith.constant dense<[3, -7, 12, 5]> : vector<4xi32>
  %i0 = vector.reduction <add>, %iv : vector<4xi32> into i32
  %i1 = vector.reduction <maxsi>, %iv : vector<4xi32> into i32
  %i2 = vector.reduction <minui>, %iv : vector<4xi32> into i32
  %i3 = vector.reduction <xor>, %iv : vector<4xi32> into i32
  %acc = arith.constant 100 : i32
  %i4 = vector.reduction <add>, %iv, %acc : vector<4xi32> into i32
  vector.print %i0 : i32
  vector.print %i1 : i32
  vector.print %i2 : i32
  vector.print %i3 : i32
  vector.print %i4 : i32

  // extract/insert, load/store.
  %e = vector.extract %iv[2] : i32 from vector<4xi32>
  vector.print %e : i32
  %dyn = vector.extract %r0[%c3] : f32 from vector<8xf32>
  vector.print %dyn : f32
  %ins = vector.insert %e, %iv[0] : i32 into vector<4xi32>
  vector.print %ins : vector<4xi32>
  %ld = vector.load %m[%c5, %c1] : memref<6x6xf32>, vector<4xf32>
  vector.print %ld : vector<4xf32>
  vector.store %ld, %m[%c0, %c2] : memref<6x6xf32>, vector<4xf32>
  %row0 = vector.load %m[%c0, %c0] : memref<6x6xf32>, vector<6xf32>
  vector.print %row0 : vector<6xf32>
  memref.dealloc %m : memref<6x6xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
