#loc2 = loc(unknown)
#loc7 = loc("f1.c":2:3)
#loc8 = loc("in.mlir":8:38)
#loc10 = loc("a.c":1:1)
#loc25 = loc("b1.c":2:2)
#loc26 = loc("in.mlir":30:62)
#loc29 = loc("in.mlir":34:12)
#loc30 = loc("in.mlir":34:28)
#loc39 = loc("in.mlir":47:8)
#loc40 = loc("in.mlir":47:22)
#loc42 = loc("in.mlir":53:8)
#loc43 = loc("in.mlir":53:22)
#loc46 = loc("in.mlir":57:12)
#loc47 = loc("in.mlir":57:26)
#loc51 = loc("in.mlir":68:10)
#loc52 = loc("in.mlir":68:24)
#loc55 = loc("in.mlir":72:10)
#loc56 = loc("in.mlir":72:24)
#loc57 = loc("in.mlir":76:12)
#loc58 = loc("in.mlir":76:28)
#loc60 = loc("in.mlir":78:12)
#loc61 = loc("in.mlir":78:26)
#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#map2 = affine_map<(d0) -> (d0 + 3)>
#map3 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0) : (d0 - 3 >= 0)>
#set1 = affine_set<(d0) : (d0 - 1 >= 0)>
#set2 = affine_set<(d0) : (d0 >= 0)>
#set3 = affine_set<(d0) : (d0 - 2 >= 0)>
#loc78 = loc(fused[#loc10, #loc25])
"builtin.module"() ({
  "t.top"() ({
    "t0.op0"() ({
      %28 = "t0.op1"() : () -> tensor<2x?xf32> loc(#loc3)
      "t0.op1"() ({
        %57 = "t0.op2"(%28) : (tensor<2x?xf32>) -> index loc(#loc5)
      }) : () -> () loc(#loc4)
      "t.ret"() : () -> () loc(#loc6)
    ^bb1(%29: i64 loc("f1.c":2:3), %30: i32 loc("in.mlir":8:38)):  // no predecessors
      %31:2 = "t1.op3"(%29) {a0 = #set, a1 = @sym} : (i64) -> (f32, i32) loc(#loc9)
      %32 = "t0.op3"() ({
        %37 = "t0.op2"(%31#0) : (f32) -> f32 loc(#loc11)
        %38 = "t0.op0"(%30) : (i32) -> i1 loc(#loc12)
        "t.br"()[^bb1] : () -> () loc(#loc13)
      ^bb1:  // 2 preds: ^bb0, ^bb1
        %39:2 = "t0.op3"() {a0 = "s"} : () -> (tensor<2x?xf32>, f32) loc(#loc2)
        %40:2 = "t0.op0"(%31#0) ({
          %52:2 = "t0.op0"(%31#1) {a0 = "s", a1 = dense<[1, 2]> : tensor<2xi32>, a2 = #set1} : (i32) -> (i1, i1) loc(#loc14)
          %53 = "t1.op2"(%29) : (i64) -> i64 loc(#loc15)
          "t.ret"() : () -> () loc(#loc16)
        ^bb1(%54: index loc(unknown)):  // pred: ^bb1
          %55 = "t1.op2"(%54, %29) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = #map} : (index, i64) -> f32 loc(#loc17)
          %56 = "t1.op2"(%31#0) : (f32) -> tensor<2x?xf32> loc(#loc18)
          "t.br"(%54)[^bb1] : (index) -> () loc(#loc19)
        }, {
          %41 = "t0.op3"() : () -> i32 loc(#loc20)
          %42 = "t0.op0"(%30) : (i32) -> i32 loc(#loc21)
          "t1.op3"(%42) : (i32) -> () loc(#loc22)
          %43 = "t1.op3"(%39#1, %29) : (f32, i64) -> index loc(#loc23)
          "t.br"(%43, %39#1)[^bb2] : (index, f32) -> () loc(#loc24)
        ^bb1(%44: index loc(fused[#loc10, #loc25]), %45: i64 loc("in.mlir":30:62)):  // pred: ^bb2
          %46 = "t1.op3"(%44) {a0, a1 = @sym, a2 = dense<[1, 2]> : tensor<2xi32>} : (index) -> f32 loc(#loc2)
          "t1.op0"(%29) {a0 = i32, a1 = "s", a2 = #set} : (i64) -> () loc(#loc27)
          "t.br"(%44, %39#1)[^bb2] : (index, f32) -> () loc(#loc28)
        ^bb2(%47: index loc("in.mlir":34:12), %48: f32 loc("in.mlir":34:28)):  // 2 preds: ^bb0, ^bb1
          %49 = "t1.op0"(%39#0) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = #map1} : (tensor<2x?xf32>) -> i1 loc(#loc31)
          %50:2 = "t0.op3"() {a0 = i32, a1 = #map1, a2 = dense<[1, 2]> : tensor<2xi32>} : () -> (index, i1) loc(#loc32)
          %51:2 = "t1.op3"(%39#0, %50#1) : (tensor<2x?xf32>, i1) -> (i1, f32) loc(#loc77)
          "t1.op2"() : () -> () loc(#loc33)
          "t.br"(%50#0, %29)[^bb1] : (index, i64) -> () loc(#loc34)
        }) : (f32) -> (i64, f32) loc(#loc77)
        "t.br"()[^bb1] : () -> () loc(#loc35)
      }, {
      }) {a0 = i32, a1 = #map2} : () -> index loc(#loc77)
      "t1.op3"(%31#1) : (i32) -> () loc(#loc79)
      "t.br"(%29, %32)[^bb2] : (i64, index) -> () loc(#loc38)
    ^bb2(%33: i64 loc("in.mlir":47:8), %34: index loc("in.mlir":47:22)):  // pred: ^bb1
      %35 = "t0.op3"(%33) : (i64) -> vector<4xf32> loc(#loc78)
      "t0.op2"() : () -> () loc(#loc77)
      %36 = "t1.op3"() {a0 = [1, 2]} : () -> tensor<2x?xf32> loc(#loc2)
      "t.ret"() : () -> () loc(#loc41)
    }, {
    ^bb0(%arg0: i64 loc("in.mlir":53:8), %arg1: index loc("in.mlir":53:22)):
      "t0.op3"(%arg0) ({
        %20:2 = "t0.op2"() {a0 = i32, a1 = #map1, a2 = #map3} : () -> (memref<4xf32>, memref<4xf32>) loc(#loc2)
        %21 = "t1.op3"() ({
        ^bb0(%arg6: i32 loc("in.mlir":57:12), %arg7: i32 loc("in.mlir":57:26)):
          %26 = "t1.op0"(%20#1) : (memref<4xf32>) -> tensor<2x?xf32> loc(#loc78)
          "t1.op1"() : () -> () loc(#loc48)
          %27:2 = "t1.op1"(%arg6, %20#1) {a0 = #set, a1, a2 = "s"} : (i32, memref<4xf32>) -> (index, f32) loc(#loc2)
        }) : () -> f32 loc(#loc45)
        %22:2 = "t0.op3"(%21, %arg1) ({
          %23 = "t1.op3"(%20#1) {a0 = 2.500000e+00 : f32, a1 = [1, 2]} : (memref<4xf32>) -> i32 loc(#loc77)
          %24 = "t1.op0"(%arg1) {a0 = #map1} : (index) -> tensor<2x?xf32> loc(#loc27)
          %25 = "t1.op3"(%arg0, %23) : (i64, i32) -> i32 loc(#loc50)
        }) {a0 = 1 : i32} : (f32, index) -> (memref<4xf32>, i32) loc(#loc49)
      }, {
      ^bb0(%arg2: i32 loc("in.mlir":68:10), %arg3: i64 loc("in.mlir":68:24)):
        %10 = "t0.op3"(%arg2) {a0 = "s"} : (i32) -> vector<4xf32> loc(#loc53)
        %11:2 = "t1.op3"(%arg0) {a0 = i32} : (i64) -> (i1, i32) loc(#loc78)
        "t.br"(%arg2, %arg1)[^bb1] : (i32, index) -> () loc(#loc54)
      ^bb1(%12: i32 loc("in.mlir":72:10), %13: index loc("in.mlir":72:24)):  // 2 preds: ^bb0, ^bb1
        "t0.op3"(%arg1, %12) ({
        }, {
        ^bb0(%arg4: index loc("in.mlir":76:12), %arg5: i64 loc("in.mlir":76:28)):
          "t.br"(%arg0, %12)[^bb1] : (i64, i32) -> () loc(#loc59)
        ^bb1(%16: i64 loc("in.mlir":78:12), %17: i32 loc("in.mlir":78:26)):  // 2 preds: ^bb0, ^bb1
          %18:2 = "t0.op2"(%17, %arg1) : (i32, index) -> (tensor<2x?xf32>, tensor<2x?xf32>) loc(#loc2)
          %19 = "t1.op3"() {a0, a1 = #set1} : () -> i64 loc(#loc78)
          "t.br"(%19, %12)[^bb1] : (i64, i32) -> () loc(#loc62)
        }) {a0 = 1 : i32} : (index, i32) -> () loc(#loc80)
        %14 = "t0.op1"(%arg1) : (index) -> i32 loc(#loc63)
        %15:2 = "t0.op0"(%arg0, %12) : (i64, i32) -> (memref<4xf32>, tensor<2x?xf32>) loc(#loc80)
        "t.br"(%14, %13)[^bb1] : (i32, index) -> () loc(#loc64)
      }) : (i64) -> () loc(#loc44)
      %7:2 = "t1.op1"() ({
        %9:2 = "t1.op1"() {a0 = #set2, a1 = "s"} : () -> (i1, i32) loc(#loc66)
        "t0.op3"(%arg1) : (index) -> () loc(#loc67)
      }) {a0 = #set3, a1 = 1 : i32} : () -> (f32, memref<4xf32>) loc(#loc65)
      %8:2 = "t0.op3"() : () -> (f32, vector<4xf32>) loc(#loc68)
      "t.br"()[^bb2] : () -> () loc(#loc69)
    ^bb1:  // 2 preds: ^bb1, ^bb2
      "t.br"()[^bb1] : () -> () loc(#loc70)
    ^bb2:  // pred: ^bb0
      "t.br"()[^bb1] : () -> () loc(#loc71)
    }) : () -> () loc(#loc2)
    %0 = "t1.op3"() ({
      %6 = "t0.op3"() ({
        "t1.op1"() : () -> () loc(#loc33)
        "t1.op0"() {a0 = @sym, a1 = @sym, a2 = "s"} : () -> () loc(#loc72)
        "t1.op3"() : () -> () loc(#loc81)
      }) : () -> memref<4xf32> loc(#loc2)
    }) : () -> vector<4xf32> loc(#loc2)
    "t1.op2"(%0) ({
      %4:2 = "t0.op0"(%0) : (vector<4xf32>) -> (i1, i32) loc(#loc2)
      %5 = "t0.op2"(%0, %4#1) : (vector<4xf32>, i32) -> vector<4xf32> loc(#loc2)
    }) : (vector<4xf32>) -> () loc(#loc81)
    %1 = "t1.op2"(%0) ({
      "t.br"()[^bb1] : () -> () loc(#loc73)
    ^bb1:  // 2 preds: ^bb0, ^bb1
      %3 = "t1.op1"(%0) : (vector<4xf32>) -> i64 loc(#loc74)
      "t.br"()[^bb1] : () -> () loc(#loc75)
    }, {
      %2 = "t0.op0"() {a0 = @sym, a1 = @sym, a2 = "s"} : () -> tensor<2x?xf32> loc(#loc78)
      "t1.op1"() : () -> () loc(#loc76)
    }) {a0 = i32, a1 = #set1, a2 = 2.500000e+00 : f32} : (vector<4xf32>) -> index loc(#loc2)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc3 = loc("in.mlir":3:20)
#loc4 = loc("f2.c":3:1)
#loc5 = loc("in.mlir":5:22)
#loc6 = loc("in.mlir":7:5)
#loc9 = loc("in.mlir":9:22)
#loc11 = loc("in.mlir":11:22)
#loc12 = loc("in.mlir":12:22)
#loc13 = loc("in.mlir":13:7)
#loc14 = loc("f2.c":3:3)
#loc15 = loc("in.mlir":18:24)
#loc16 = loc("in.mlir":19:9)
#loc17 = loc("in.mlir":21:24)
#loc18 = loc("in.mlir":22:24)
#loc19 = loc("in.mlir":23:9)
#loc20 = loc("in.mlir":25:24)
#loc21 = loc("f0.c":2:1)
#loc22 = loc("in.mlir":27:9)
#loc23 = loc("f0.c":3:3)
#loc24 = loc("in.mlir":29:9)
#loc27 = loc("f0.c":2:2)
#loc28 = loc("in.mlir":33:9)
#loc31 = loc("in.mlir":35:24)
#loc32 = loc("in.mlir":36:26)
#loc33 = loc("f1.c":3:3)
#loc34 = loc("in.mlir":39:9)
#loc35 = loc("in.mlir":41:7)
#loc36 = loc("a.c":1:2)
#loc37 = loc("b.c":2:2)
#loc38 = loc("in.mlir":46:5)
#loc41 = loc("in.mlir":51:5)
#loc44 = loc("in.mlir":54:5)
#loc45 = loc("in.mlir":56:22)
#loc48 = loc("in.mlir":59:9)
#loc49 = loc("f1.c":3:1)
#loc50 = loc("in.mlir":65:24)
#loc53 = loc("in.mlir":69:22)
#loc54 = loc("in.mlir":71:7)
#loc59 = loc("in.mlir":77:9)
#loc62 = loc("in.mlir":81:9)
#loc63 = loc("in.mlir":83:22)
#loc64 = loc("in.mlir":85:7)
#loc65 = loc("in.mlir":87:22)
#loc66 = loc("in.mlir":88:24)
#loc67 = loc("f1.c":2:2)
#loc68 = loc("in.mlir":91:22)
#loc69 = loc("in.mlir":92:5)
#loc70 = loc("in.mlir":94:5)
#loc71 = loc("in.mlir":96:5)
#loc72 = loc("in.mlir":101:7)
#loc73 = loc("in.mlir":110:5)
#loc74 = loc("in.mlir":112:20)
#loc75 = loc("in.mlir":113:5)
#loc76 = loc("f1.c":3:2)
#loc77 = loc("n0"(#loc10))
#loc79 = loc(callsite(#loc36 at #loc37))
#loc80 = loc(callsite(#loc10 at #loc37))
#loc81 = loc("n1"(#loc10))

