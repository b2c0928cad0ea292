#loc3 = loc("a.c":1:1)
#loc5 = loc("in.mlir":5:8)
#loc6 = loc("in.mlir":5:22)
#loc13 = loc("in.mlir":11:8)
#loc14 = loc("in.mlir":11:22)
#loc18 = loc(unknown)
#loc19 = loc("in.mlir":20:39)
#loc23 = loc("in.mlir":32:12)
#loc26 = loc("in.mlir":38:12)
#loc29 = loc("in.mlir":45:8)
#loc30 = loc("in.mlir":47:10)
#loc40 = loc("in.mlir":62:12)
#loc41 = loc("in.mlir":62:28)
#loc45 = loc("in.mlir":67:47)
#loc48 = loc("in.mlir":72:10)
#loc49 = loc("in.mlir":72:24)
#loc54 = loc("in.mlir":80:8)
#loc55 = loc("in.mlir":80:22)
#loc64 = loc("in.mlir":97:10)
#loc68 = loc("in.mlir":108:43)
#loc69 = loc("in.mlir":110:8)
#loc71 = loc("in.mlir":114:10)
#loc72 = loc("in.mlir":114:24)
#loc74 = loc("in.mlir":116:12)
#loc75 = loc("in.mlir":116:28)
#loc82 = loc("in.mlir":137:6)
#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 3)>
#map2 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0) : (d0 - 1 >= 0)>
#set1 = affine_set<(d0) : (d0 - 3 >= 0)>
#set2 = affine_set<(d0) : (d0 >= 0)>
#set3 = affine_set<(d0) : (d0 - 2 >= 0)>
#loc84 = loc("n1"(#loc3))
"builtin.module"() ({
  "t.top"() ({
    %0 = "t0.op2"() {a0 = "s", a1 = [1, 2]} : () -> f32 loc(#loc2)
    "t1.op1"(%0) {a0 = 2.500000e+00 : f32} : (f32) -> () loc(#loc84)
    "t0.op2"() ({
    ^bb0(%arg10: i32 loc("in.mlir":5:8), %arg11: f32 loc("in.mlir":5:22)):
      %43 = "t0.op3"(%arg10, %arg11) {a0 = 1 : i32} : (i32, f32) -> index loc(#loc86)
      "t0.op3"(%43) : (index) -> () loc(#loc9)
      "t1.op2"() : () -> () loc(#loc87)
      %44:2 = "t0.op3"(%0, %43) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = 2.500000e+00 : f32} : (f32, index) -> (f32, i32) loc(#loc11)
      "t.br"(%arg10, %43)[^bb1] : (i32, index) -> () loc(#loc12)
    ^bb1(%45: i32 loc("in.mlir":11:8), %46: index loc("in.mlir":11:22)):  // 2 preds: ^bb0, ^bb1
      %47:2 = "t1.op3"(%45, %0) ({
      }, {
        %48 = "t0.op3"(%0) ({
          %59 = "t1.op3"(%46, %45) : (index, i32) -> memref<4xf32> loc(#loc15)
          "t.br"(%0, %0)[^bb2] : (f32, f32) -> () loc(#loc16)
        ^bb1:  // 2 preds: ^bb1, ^bb2
          "t.br"()[^bb1] : () -> () loc(#loc17)
        ^bb2(%60: f32 loc(unknown), %61: f32 loc("in.mlir":20:39)):  // pred: ^bb0
          "t0.op2"(%0, %61) : (f32, f32) -> () loc(#loc84)
          "t.br"()[^bb1] : () -> () loc(#loc20)
        }, {
          %57:2 = "t1.op3"() : () -> (i64, i1) loc(#loc18)
          "t1.op3"(%45) : (i32) -> () loc(#loc87)
          %58:2 = "t1.op1"() {a0 = #map, a1 = "s", a2 = i32} : () -> (i32, i64) loc(#loc88)
          "t0.op1"(%58#0, %57#0) : (i32, i64) -> () loc(#loc21)
        }) {a0 = i32, a1} : (f32) -> i64 loc(#loc86)
        %49 = "t0.op3"() : () -> vector<4xf32> loc(#loc89)
        %50:2 = "t1.op3"(%46, %49) {a0 = #set, a1 = #map, a2 = [1, 2]} : (index, vector<4xf32>) -> (i64, index) loc(#loc84)
        %51:2 = "t0.op3"(%45) ({
        ^bb0(%arg13: index loc("in.mlir":32:12)):
          %54:2 = "t1.op3"(%arg13, %50#1) : (index, index) -> (tensor<2x?xf32>, i64) loc(#loc18)
          %55:2 = "t1.op2"(%49, %0) : (vector<4xf32>, f32) -> (tensor<2x?xf32>, tensor<2x?xf32>) loc(#loc24)
          "t1.op2"(%50#0) : (i64) -> () loc(#loc18)
          %56 = "t0.op3"() : () -> memref<4xf32> loc(#loc25)
        }, {
        ^bb0(%arg12: i32 loc("in.mlir":38:12)):
          %52 = "t0.op3"(%50#1) : (index) -> f32 loc(#loc88)
          %53 = "t1.op0"(%45) {a0 = #set1} : (i32) -> i32 loc(#loc27)
        }) : (i32) -> (i1, i1) loc(#loc22)
      }) {a0 = #map1, a1 = [1, 2]} : (i32, f32) -> (tensor<2x?xf32>, vector<4xf32>) loc(#loc87)
      "t.br"(%45, %46)[^bb1] : (i32, index) -> () loc(#loc28)
    }, {
    ^bb0(%arg5: i32 loc("in.mlir":45:8)):
      %13:2 = "t1.op3"(%arg5, %0) ({
      ^bb0(%arg9: f32 loc("in.mlir":47:10)):
        %41:2 = "t0.op0"() {a0 = [1, 2], a1 = @sym, a2 = 1 : i32} : () -> (memref<4xf32>, memref<4xf32>) loc(#loc18)
        %42:2 = "t1.op1"(%arg5, %arg9) : (i32, f32) -> (index, vector<4xf32>) loc(#loc31)
      }) : (i32, f32) -> (index, i64) loc(#loc18)
      %14:2 = "t0.op0"() ({
        "t0.op2"(%13#1, %0) : (i64, f32) -> () loc(#loc33)
        %32 = "t1.op2"(%0) {a0 = #map1, a1 = [1, 2]} : (f32) -> i1 loc(#loc24)
        %33:2 = "t1.op1"(%0, %13#1) ({
          %34 = "t0.op0"() {a0 = 1 : i32, a1 = "s", a2 = #map1} : () -> tensor<2x?xf32> loc(#loc34)
          %35 = "t1.op1"() : () -> vector<4xf32> loc(#loc35)
          %36 = "t0.op3"() : () -> index loc(#loc36)
          %37 = "t1.op3"(%13#0, %arg5) : (index, i32) -> memref<4xf32> loc(#loc37)
          "t.br"()[^bb1] : () -> () loc(#loc38)
        ^bb1:  // 2 preds: ^bb0, ^bb1
          "t.br"()[^bb1] : () -> () loc(#loc39)
        ^bb2(%38: index loc("in.mlir":62:12), %39: i64 loc("in.mlir":62:28)):  // pred: ^bb2
          %40:2 = "t1.op0"(%arg5, %38) : (i32, index) -> (i1, f32) loc(#loc42)
          "t0.op2"() {a0 = 2.500000e+00 : f32, a1 = #map, a2 = 2.500000e+00 : f32} : () -> () loc(#loc43)
          "t.br"(%13#0, %13#1)[^bb2] : (index, i64) -> () loc(#loc44)
        }, {
        ^bb0(%arg7: f32 loc("n1"(#loc3)), %arg8: f32 loc("in.mlir":67:47)):
          "t1.op0"(%32) : (i1) -> () loc(#loc46)
        }) : (f32, i64) -> (f32, i32) loc(#loc86)
      }, {
        "t.br"(%13#1, %13#1)[^bb1] : (i64, i64) -> () loc(#loc47)
      ^bb1(%29: i64 loc("in.mlir":72:10), %30: i64 loc("in.mlir":72:24)):  // 2 preds: ^bb0, ^bb1
        %31 = "t0.op0"() : () -> i1 loc(#loc85)
        "t1.op2"() : () -> () loc(#loc85)
        "t1.op3"(%30) {a0 = 1 : i32, a1 = 2.500000e+00 : f32, a2 = 2.500000e+00 : f32} : (i64) -> () loc(#loc50)
        "t.br"(%29, %29)[^bb1] : (i64, i64) -> () loc(#loc51)
      }) {a0 = #set1} : () -> (tensor<2x?xf32>, f32) loc(#loc32)
      %15 = "t1.op1"(%0, %arg5) : (f32, i32) -> memref<4xf32> loc(#loc52)
      "t.br"(%arg5, %13#1)[^bb1] : (i32, i64) -> () loc(#loc53)
    ^bb1(%16: i32 loc("in.mlir":80:8), %17: i64 loc("in.mlir":80:22)):  // 2 preds: ^bb0, ^bb1
      %18 = "t0.op0"(%0) ({
        %22:2 = "t0.op2"(%0) ({
          %27 = "t0.op1"(%16, %0) {a0 = #set2, a1 = #map} : (i32, f32) -> i64 loc(#loc18)
          %28 = "t1.op3"(%0, %17) : (f32, i64) -> i1 loc(#loc58)
        }) {a0 = 1 : i32, a1 = 1 : i32} : (f32) -> (vector<4xf32>, vector<4xf32>) loc(#loc57)
        "t1.op3"() : () -> () loc(#loc59)
        %23 = "t1.op0"(%22#0, %22#1) ({
          %25:2 = "t1.op1"() {a0 = #map2, a1, a2 = 1 : i32} : () -> (index, i64) loc(#loc61)
          %26 = "t0.op2"(%17, %22#0) {a0 = 1 : i32, a1 = 1 : i32} : (i64, vector<4xf32>) -> i32 loc(#loc89)
          "t1.op0"() {a0 = "s", a1} : () -> () loc(#loc88)
          "t0.op2"(%26) : (i32) -> () loc(#loc88)
        }) : (vector<4xf32>, vector<4xf32>) -> i1 loc(#loc60)
        %24:2 = "t1.op0"() : () -> (tensor<2x?xf32>, i64) loc(#loc62)
      }) : (f32) -> f32 loc(#loc56)
      %19:2 = "t0.op3"(%18, %17) {a0 = "s", a1 = @sym} : (f32, i64) -> (tensor<2x?xf32>, vector<4xf32>) loc(#loc63)
      %20:2 = "t0.op0"(%19#0, %17) ({
      ^bb0(%arg6: i32 loc("in.mlir":97:10)):
      }, {
      }) : (tensor<2x?xf32>, i64) -> (f32, vector<4xf32>) loc(#loc18)
      %21 = "t1.op2"(%20#0) {a0 = @sym, a1 = "s"} : (f32) -> index loc(#loc18)
      "t.br"(%16, %17)[^bb1] : (i32, i64) -> () loc(#loc65)
    }) : () -> () loc(#loc85)
    %1 = "t0.op3"(%0) : (f32) -> i1 loc(#loc66)
    "t.ret"() : () -> () loc(#loc67)
  ^bb1:  // 2 preds: ^bb1, ^bb2
    "t1.op0"() ({
    ^bb0(%arg3: i32 loc("n1"(#loc3)), %arg4: index loc("in.mlir":108:43)):
    }, {
    ^bb0(%arg0: i64 loc("in.mlir":110:8)):
      %3 = "t0.op2"(%arg0) ({
        "t0.op0"(%arg0) : (i64) -> () loc(#loc86)
        "t.br"()[^bb2] : () -> () loc(#loc70)
      ^bb1(%5: i32 loc("in.mlir":114:10), %6: f32 loc("in.mlir":114:24)):  // no predecessors
        %7:2 = "t1.op1"(%arg0) ({
        ^bb0(%arg1: index loc("in.mlir":116:12), %arg2: i64 loc("in.mlir":116:28)):
          %12 = "t1.op0"() : () -> memref<4xf32> loc(#loc18)
        }, {
          "t0.op2"(%arg0, %6) {a0 = #set3, a1 = [1, 2]} : (i64, f32) -> () loc(#loc18)
        }) : (i64) -> (memref<4xf32>, index) loc(#loc73)
        "t0.op1"(%6) ({
          %11 = "t1.op0"(%5, %6) : (i32, f32) -> tensor<2x?xf32> loc(#loc77)
          "t1.op3"() : () -> () loc(#loc18)
        }) : (f32) -> () loc(#loc76)
        "t.br"()[^bb2] : () -> () loc(#loc78)
      ^bb2:  // 2 preds: ^bb0, ^bb1
        %8 = "t0.op0"(%arg0) : (i64) -> tensor<2x?xf32> loc(#loc87)
        %9:2 = "t0.op0"() : () -> (i32, vector<4xf32>) loc(#loc18)
        %10 = "t0.op0"(%arg0) {a0, a1 = dense<[1, 2]> : tensor<2xi32>} : (i64) -> index loc(#loc79)
        "t.ret"() : () -> () loc(#loc80)
      }, {
      }) : (i64) -> i32 loc(#loc88)
      %4 = "t0.op0"() {a0 = #map, a1 = dense<[1, 2]> : tensor<2xi32>, a2 = #set2} : () -> i32 loc(#loc18)
    }) : () -> () loc(#loc88)
    "t.br"()[^bb1] : () -> () loc(#loc81)
  ^bb2(%2: index loc("in.mlir":137:6)):  // no predecessors
    "t.br"()[^bb1] : () -> () loc(#loc83)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("f1.c":2:1)
#loc4 = loc("b1.c":2:2)
#loc7 = loc("a.c":1:2)
#loc8 = loc("b.c":2:2)
#loc9 = loc("in.mlir":7:5)
#loc10 = loc("b0.c":2:2)
#loc11 = loc("in.mlir":9:22)
#loc12 = loc("in.mlir":10:5)
#loc15 = loc("f2.c":3:3)
#loc16 = loc("in.mlir":17:9)
#loc17 = loc("in.mlir":19:9)
#loc20 = loc("in.mlir":22:9)
#loc21 = loc("in.mlir":27:9)
#loc22 = loc("in.mlir":31:24)
#loc24 = loc("f2.c":1:3)
#loc25 = loc("in.mlir":36:24)
#loc27 = loc("in.mlir":40:24)
#loc28 = loc("in.mlir":43:5)
#loc31 = loc("f2.c":3:2)
#loc32 = loc("f0.c":2:1)
#loc33 = loc("in.mlir":52:7)
#loc34 = loc("f2.c":1:1)
#loc35 = loc("f2.c":2:1)
#loc36 = loc("in.mlir":57:24)
#loc37 = loc("in.mlir":58:24)
#loc38 = loc("in.mlir":59:9)
#loc39 = loc("in.mlir":61:9)
#loc42 = loc("f1.c":2:3)
#loc43 = loc("f1.c":1:2)
#loc44 = loc("in.mlir":65:9)
#loc46 = loc("f1.c":3:1)
#loc47 = loc("in.mlir":71:7)
#loc50 = loc("in.mlir":75:7)
#loc51 = loc("in.mlir":76:7)
#loc52 = loc("in.mlir":78:20)
#loc53 = loc("in.mlir":79:5)
#loc56 = loc("in.mlir":81:20)
#loc57 = loc("in.mlir":82:23)
#loc58 = loc("in.mlir":84:24)
#loc59 = loc("in.mlir":86:7)
#loc60 = loc("in.mlir":87:22)
#loc61 = loc("f0.c":1:3)
#loc62 = loc("f1.c":3:2)
#loc63 = loc("in.mlir":95:22)
#loc65 = loc("in.mlir":102:5)
#loc66 = loc("in.mlir":104:17)
#loc67 = loc("in.mlir":105:3)
#loc70 = loc("in.mlir":113:7)
#loc73 = loc("in.mlir":115:23)
#loc76 = loc("in.mlir":121:7)
#loc77 = loc("in.mlir":122:24)
#loc78 = loc("in.mlir":125:7)
#loc79 = loc("in.mlir":129:22)
#loc80 = loc("in.mlir":130:7)
#loc81 = loc("in.mlir":136:3)
#loc83 = loc("in.mlir":138:3)
#loc85 = loc(fused[#loc3, #loc4])
#loc86 = loc(callsite(#loc7 at #loc8))
#loc87 = loc(fused[#loc3, #loc10])
#loc88 = loc("n0"(#loc3))
#loc89 = loc(callsite(#loc3 at #loc8))

