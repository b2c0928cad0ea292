// A poison value that never reaches the result: selected away, and a vector lane
// past a transfer's memref end padded with poison then masked off.
func.func @pick(%c: i1, %x: f32) -> f32 {
  %p = ub.poison : f32
  %s = arith.select %c, %x, %p : f32
  return %s : f32
}

func.func @main() {
  %t = arith.constant true
  %x = arith.constant 2.5 : f32
  %r = call @pick(%t, %x) : (i1, f32) -> f32
  vector.print %r : f32
  %m = memref.alloc() : memref<3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %f4 = arith.constant 4.0 : f32
  memref.store %f1, %m[%c0] : memref<3xf32>
  memref.store %f2, %m[%c1] : memref<3xf32>
  memref.store %f4, %m[%c2] : memref<3xf32>
  %pad = ub.poison : f32
  %v = vector.transfer_read %m[%c0], %pad : memref<3xf32>, vector<4xf32>
  %mask = vector.create_mask %c2 : vector<4xi1>
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %four = vector.broadcast %f4 : f32 to vector<4xf32>
  %sel = arith.select %mask, %v, %zero : vector<4xi1>, vector<4xf32>
  %w = arith.addf %sel, %zero : vector<4xf32>
  %sum = vector.reduction <add>, %w : vector<4xf32> into f32
  %tot = arith.addf %sum, %f4 : f32
  vector.print %tot : f32
  memref.dealloc %m : memref<3xf32>
  return
}
