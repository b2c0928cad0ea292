func.func @bounds(%m: memref<?xf32>, %n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%a = %z) -> f32 {
    %lb = arith.maxsi %i, %k : index
    %i4 = arith.addi %i, %c4 : index
    %ub = arith.minsi %i4, %n : index
    %s = scf.for %j = %lb to %ub step %c1 iter_args(%b = %a) -> f32 {
      %v = memref.load %m[%j] : memref<?xf32>
      %w = arith.addf %b, %v : f32
      scf.yield %w : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}
