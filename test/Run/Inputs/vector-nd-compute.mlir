// n-D transfers (bounds, permutation maps, broadcasts, masks), create/constant masks,
// contractions (matmul-, reduction-, dot-like, batched, integer; with vector.mask),
// masked multi_reduction/outerproduct/reduction, dynamic positions and strided slices
// (output: vector-nd-compute.out, from mlir-runner).
#mm_a = affine_map<(i, j, k) -> (i, k)>
#mm_b = affine_map<(i, j, k) -> (k, j)>
#mm_c = affine_map<(i, j, k) -> (i, j)>
#red_a = affine_map<(i, k) -> (i, k)>
#red_c = affine_map<(i, k) -> (i)>
#dot_a = affine_map<(k) -> (k)>
#dot_c = affine_map<(k) -> ()>
#bt_a = affine_map<(b, i, j, k) -> (b, i, k)>
#bt_b = affine_map<(b, i, j, k) -> (b, k, j)>
#bt_c = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<4x5xf32>
  %md = memref.cast %m : memref<4x5xf32> to memref<?x?xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c10 = arith.constant 10 : i32
      %t = arith.muli %ii, %c10 : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %m[%i, %j] : memref<4x5xf32>
    }
  }
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c10 = arith.constant 10 : i32
      %t = arith.muli %ii, %c10 : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %m[%i, %j] : memref<4x5xf32>
    }
  }
  // 2-D in bounds
  %r1 = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x5xf32>, vector<2x4xf32>
  vector.print %r1 : vector<2x4xf32>
  // 2-D out of bounds in both dims (dynamic memref)
  %r2 = vector.transfer_read %md[%c2, %c2], %pad : memref<?x?xf32>, vector<3x4xf32>
  vector.print %r2 : vector<3x4xf32>
  // transposed
  %r3 = vector.transfer_read %m[%c1, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x5xf32>, vector<5x3xf32>
  vector.print %r3 : vector<5x3xf32>
  // broadcast outer dim
  %r4 = vector.transfer_read %m[%c1, %c3], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x5xf32>, vector<2x3xf32>
  vector.print %r4 : vector<2x3xf32>
  // broadcast inner dim
  %r5 = vector.transfer_read %m[%c2, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d0, 0)>} : memref<4x5xf32>, vector<3x2xf32>
  vector.print %r5 : vector<3x2xf32>
  // masked
  %mk = vector.create_mask %c2, %c3 : vector<3x4xi1>
  vector.print %mk : vector<3x4xi1>
  %r6 = vector.transfer_read %m[%c0, %c0], %pad, %mk : memref<4x5xf32>, vector<3x4xf32>
  vector.print %r6 : vector<3x4xf32>
  %cm = vector.constant_mask [1, 2] : vector<2x3xi1>
  vector.print %cm : vector<2x3xi1>
  %r7 = vector.transfer_read %m[%c1, %c0], %pad, %cm {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x5xf32>, vector<3x2xf32>
  vector.print %r7 : vector<3x2xf32>
  // 3-D vector from 2-D memref with leading broadcast
  %r8 = vector.transfer_read %m[%c3, %c3], %pad {permutation_map = affine_map<(d0, d1) -> (0, d0, d1)>} : memref<4x5xf32>, vector<2x2x3xf32>
  vector.print %r8 : vector<2x2x3xf32>
  // writes
  %w = memref.alloc() : memref<3x4xf32>
  %wd = memref.cast %w : memref<3x4xf32> to memref<?x?xf32>
  %z = arith.constant dense<0.0> : vector<3x4xf32>
  vector.transfer_write %z, %w[%c0, %c0] {in_bounds = [true, true]} : vector<3x4xf32>, memref<3x4xf32>
  vector.transfer_write %r1, %wd[%c2, %c1] : vector<2x4xf32>, memref<?x?xf32>
  %wm = vector.constant_mask [2, 1] : vector<2x3xi1>
  %o = arith.constant dense<[[7.0, 8.0, 9.0], [1.0, 2.0, 3.0]]> : vector<2x3xf32>
  vector.transfer_write %o, %w[%c0, %c0], %wm : vector<2x3xf32>, memref<3x4xf32>
  vector.transfer_write %o, %w[%c0, %c2] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x3xf32>, memref<3x4xf32>
  %u = memref.cast %w : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // contracts
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.5], [2.0, 1.5], [3.0, 2.5]]> : vector<3x2xf32>
  %acc = arith.constant dense<[[0.25, 0.5], [1.0, 2.0]]> : vector<2x2xf32>
  %ct = vector.contract {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
  vector.print %ct : vector<2x2xf32>
  %cmask = vector.constant_mask [2, 1, 2] : vector<2x2x3xi1>
  %ctm = vector.mask %cmask { vector.contract {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32> } : vector<2x2x3xi1> -> vector<2x2xf32>
  vector.print %ctm : vector<2x2xf32>
  %racc = arith.constant dense<[10.0, 20.0]> : vector<2xf32>
  %cr = vector.contract {indexing_maps = [#red_a, #red_a, #red_c], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %a, %racc : vector<2x3xf32>, vector<2x3xf32> into vector<2xf32>
  vector.print %cr : vector<2xf32>
  %rmask = vector.create_mask %c1, %c2 : vector<2x3xi1>
  %crm = vector.mask %rmask { vector.contract {indexing_maps = [#red_a, #red_a, #red_c], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %a, %racc : vector<2x3xf32>, vector<2x3xf32> into vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  vector.print %crm : vector<2xf32>
  %v1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %dot = vector.contract {indexing_maps = [#dot_a, #dot_a, #dot_c], iterator_types = ["reduction"], kind = #vector.kind<add>} %v1, %v1, %f0 : vector<4xf32>, vector<4xf32> into f32
  vector.print %dot : f32
  %ia = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %iacc = arith.constant dense<[[1, 1], [1, 1]]> : vector<2x2xi32>
  %ict = vector.contract {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ia, %ia, %iacc : vector<2x2xi32>, vector<2x2xi32> into vector<2x2xi32>
  vector.print %ict : vector<2x2xi32>
  %ba = arith.constant dense<1.5> : vector<2x2x3xf32>
  %bb = arith.constant dense<2.0> : vector<2x3x2xf32>
  %bc = arith.constant dense<0.0> : vector<2x2x2xf32>
  %bt = vector.contract {indexing_maps = [#bt_a, #bt_b, #bt_c], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ba, %bb, %bc : vector<2x2x3xf32>, vector<2x3x2xf32> into vector<2x2x2xf32>
  vector.print %bt : vector<2x2x2xf32>
  // masked multi_reduction, outerproduct, reduction
  %mrm = vector.mask %rmask { vector.multi_reduction <add>, %a, %racc [1] : vector<2x3xf32> to vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  vector.print %mrm : vector<2xf32>
  %mr1 = vector.multi_reduction <mul>, %a, %racc [1] : vector<2x3xf32> to vector<2xf32>
  vector.print %mr1 : vector<2xf32>
  %u2 = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %v3 = arith.constant dense<[3.0, 4.0, 5.0]> : vector<3xf32>
  %opm = vector.mask %rmask { vector.outerproduct %u2, %v3, %a {kind = #vector.kind<add>} : vector<2xf32>, vector<3xf32> } : vector<2x3xi1> -> vector<2x3xf32>
  vector.print %opm : vector<2x3xf32>
  %opx = vector.outerproduct %u2, %v3, %a {kind = #vector.kind<maxnumf>} : vector<2xf32>, vector<3xf32>
  vector.print %opx : vector<2x3xf32>
  %m4 = vector.create_mask %c3 : vector<4xi1>
  %red = vector.mask %m4 { vector.reduction <add>, %v1 : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %red : f32
  %iv4 = arith.constant dense<[5, -3, 9, 100]> : vector<4xi32>
  %redm = vector.mask %m4 { vector.reduction <maxsi>, %iv4 : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %redm : i32
  // dynamic positions, strided slices
  %e = vector.extract %r8[%c1, %c0] : vector<3xf32> from vector<2x2x3xf32>
  vector.print %e : vector<3xf32>
  %e2 = vector.extract %r8[%c1, %c1, %c2] : f32 from vector<2x2x3xf32>
  vector.print %e2 : f32
  %ins = vector.insert %v3, %r8[%c0, %c1] : vector<3xf32> into vector<2x2x3xf32>
  vector.print %ins : vector<2x2x3xf32>
  %ins2 = vector.insert %f0, %r8[%c1, %c0, %c1] : f32 into vector<2x2x3xf32>
  vector.print %ins2 : vector<2x2x3xf32>
  %es = vector.extract_strided_slice %r6 {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<3x4xf32> to vector<2x2xf32>
  vector.print %es : vector<2x2xf32>
  %is = vector.insert_strided_slice %es, %r6 {offsets = [0, 1], strides = [1, 1]} : vector<2x2xf32> into vector<3x4xf32>
  vector.print %is : vector<3x4xf32>
  %fe = vector.from_elements %f0, %pad, %f0, %pad : vector<2x2xf32>
  vector.print %fe : vector<2x2xf32>
  %ii = arith.constant dense<[[1, -2], [3, 4]]> : vector<2x2xi32>
  %ie = arith.extsi %ii : vector<2x2xi32> to vector<2x2xi64>
  vector.print %ie : vector<2x2xi64>
  %sh = vector.shape_cast %r8 : vector<2x2x3xf32> to vector<4x3xf32>
  vector.print %sh : vector<4x3xf32>
  %tt = vector.transpose %r8, [2, 0, 1] : vector<2x2x3xf32> to vector<3x2x2xf32>
  vector.print %tt : vector<3x2x2xf32>
  memref.dealloc %m : memref<4x5xf32>
  memref.dealloc %w : memref<3x4xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
