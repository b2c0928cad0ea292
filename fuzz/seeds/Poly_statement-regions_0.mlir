func.func @select(%A: memref<32x48xf32>, %B: memref<32x48xf32>) {
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %a = affine.load %A[%i, %j] : memref<32x48xf32>
      %c = arith.cmpi ult, %i, %c5 : index
      %v = scf.if %c -> (f32) {
        %jj = arith.index_cast %j : index to i32
        %jf = arith.sitofp %jj : i32 to f32
        %s = arith.addf %a, %jf : f32
        scf.yield %s : f32
      } else {
        %k = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %j)
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        scf.yield %kf : f32
      }
      affine.store %v, %B[%i, %j] : memref<32x48xf32>
    }
  }
  return
}

func.func @load_inside(%A: memref<32x48xf32>, %B: memref<32x48xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %c = arith.constant true
      scf.if %c {
        %a = affine.load %A[%i, %j] : memref<32x48xf32>
        affine.store %a, %B[%i, %j] : memref<32x48xf32>
      }
    }
  }
  return
}
