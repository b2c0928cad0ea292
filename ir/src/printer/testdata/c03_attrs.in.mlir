#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0)>
#map2 = affine_map<(d0, d1) -> (d0 floordiv 2, d1 mod 3, d0 ceildiv 4, -d0 + d1, -d0 - 3)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
"builtin.module"() ({
  "test.op"() {"0name" = 1 : i64, _x = 4 : i64, a = [1, 2 : i32, 3 : index, true, 1.500000e+00, 2.500000e+00 : f16, -1 : i8, 255 : ui8, -1 : si8, -1 : i8, [], [[1]]], "a-b" = 2 : i64, a.b$c = 3 : i64, b = dense<1.000000e+00> : tensor<4xf32>, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, d = dense<[true, false]> : vector<2xi1>, e = array<i64: 1, 2>, f = array<i64>, g = array<f32: 1.000000e+00, 2.500000e+00>, h = array<i1: true, false>, i = @sym::@nested::@"q q", j = @"1x", k = i32, l = memref<4x?xf32, strided<[?, 1], offset: ?>, 1>, m = vector<[4]x8xf32>, n = tensor<*xf32>, o = complex<f32>, p = tuple<>, q = (i32) -> (i32, i64), r = () -> (), s = (i32) -> i32, t = (i32) -> ((i32) -> i32), u = !foo.bar<"x">, v = #foo.baz<1>, w = {}, x = {y = 1 : i64, z}, y = "\09\01\FF\22\\", z = #map, za = strided<[1]>, zb = strided<[?, 1], offset: 4>, zc = dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>, zd = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, ze = dense<> : tensor<0xi32>, zg, zh = none, zi = index, zj = tuple<i32, f32>, zk = memref<*xf32, 2>, zl = memref<?xf32, #map1>, zm = tensor<4x?xf32, "enc">, zn = vector<4xf32>, zo = memref<f32>, zp = tensor<f32>, zq = vector<2x[3]xf32>, zr = bf16, zs = f8E4M3FN, zt = si32, zu = ui1, zv = i1, zw = dense<[1, 2]> : tensor<2xi64>, zx = dense<5> : tensor<2x3xi8>, zy = dense<[[1.000000e+00], [2.000000e+00]]> : tensor<2x1xbf16>, zz = dense<> : tensor<0xf32>, zzb = 0x7FC00000 : f32, zzc = 0x7F800000 : f32, zzd = -0.000000e+00 : f64, zze = 1.000000e+20 : f32, zzf = dense<1> : tensor<2xi32>, zzg = dense<7> : tensor<1xi32>, zzh = dense<3> : tensor<i32>, zzi = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>, zzj = dense<[1, 200]> : tensor<2xui8>, zzk = dense<[1, 2]> : tensor<2xindex>, zzl = #set, zzm = [#map2], zzn = memref<4x4xf32, #map3, 3>, zzp = 1 : si8, zzq = -1 : si8, zzr = 255 : ui8, zzs = 1.000000e-01 : f64, zzt = [1.000000e-01, 2.000000e+00, 0x7FF0000000000000 : f64], zzu = array<i8: -1, 2>, zzv = array<f64: 1.000000e-01>, zzw = array<i16>, zzx = -9223372036854775808 : i64, zzy = 170141183460469231731687303715884105727 : i128, zzz = true, zzzz = 0 : ui1} : () -> () loc(#loc1)
  "test.props"() <{a = 1 : i32, m = affine_map<(d0) -> (d0 + 7)>}> : () -> () loc(#loc2)
  "test.name with space"() : () -> () loc(#loc3)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("in.mlir":19:1)
#loc3 = loc("in.mlir":20:1)

