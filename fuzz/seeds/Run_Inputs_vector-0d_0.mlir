func.func @main() {
  %f = arith.constant 2.5 : f32
  %v = vector.broadcast %f : f32 to vector<f32>
  vector.print %v : vector<f32>
  %w = arith.addf %v, %v : vector<f32>
  %e = vector.extract %w[] : f32 from vector<f32>
  vector.print %e : f32
  %c = arith.constant dense<4.0> : vector<f32>
  %b = vector.broadcast %c : vector<f32> to vector<2x3xf32>
  vector.print %b : vector<2x3xf32>
  %ins = vector.insert %f, %c[] : f32 into vector<f32>
  vector.print %ins : vector<f32>
  %sc = vector.shape_cast %c : vector<f32> to vector<1xf32>
  vector.print %sc : vector<1xf32>
  %m = memref.alloc() : memref<4xf32>
  %c1 = arith.constant 1 : index
  vector.transfer_write %w, %m[%c1] : vector<f32>, memref<4xf32>
  %r = vector.transfer_read %m[%c1], %f : memref<4xf32>, vector<f32>
  vector.print %r : vector<f32>
  memref.dealloc %m : memref<4xf32>
  return
}
