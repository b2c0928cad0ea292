#loc5 = loc("a.c":1:1)
#loc7 = loc("in.mlir":7:6)
#loc9 = loc("f0.c":1:3)
#loc10 = loc(unknown)
#loc12 = loc("in.mlir":12:10)
#loc13 = loc("in.mlir":12:24)
#loc21 = loc("in.mlir":24:10)
#loc22 = loc("in.mlir":24:24)
#loc23 = loc("f0.c":2:1)
#loc24 = loc("a.c":1:2)
#loc25 = loc("b.c":2:2)
#loc28 = loc("in.mlir":34:10)
#loc29 = loc("in.mlir":38:41)
#loc31 = loc("in.mlir":40:12)
#loc34 = loc("in.mlir":43:39)
#loc41 = loc("in.mlir":55:10)
#loc53 = loc("in.mlir":79:12)
#loc55 = loc("f2.c":2:3)
#loc56 = loc("in.mlir":87:42)
#loc57 = loc("in.mlir":89:12)
#loc59 = loc("b0.c":2:2)
#loc62 = loc("in.mlir":96:10)
#loc67 = loc("in.mlir":108:12)
#loc68 = loc("in.mlir":108:26)
#loc75 = loc("in.mlir":122:8)
#loc76 = loc("in.mlir":122:24)
#loc77 = loc("in.mlir":124:10)
#loc78 = loc("in.mlir":124:24)
#loc79 = loc("in.mlir":126:12)
#loc80 = loc("in.mlir":129:12)
#loc89 = loc("in.mlir":152:12)
#loc93 = loc("in.mlir":158:10)
#loc96 = loc("in.mlir":164:58)
#loc109 = loc("in.mlir":196:10)
#loc117 = loc("in.mlir":212:10)
#loc118 = loc("in.mlir":212:24)
#loc121 = loc("in.mlir":218:8)
#loc123 = loc("in.mlir":221:12)
#loc124 = loc("in.mlir":221:26)
#loc127 = loc("in.mlir":228:10)
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (d0 + 2)>
#map2 = affine_map<(d0) -> (d0 + 3)>
#set = affine_set<(d0) : (d0 - 3 >= 0)>
#set1 = affine_set<(d0) : (d0 - 1 >= 0)>
#set2 = affine_set<(d0) : (d0 - 2 >= 0)>
#loc135 = loc(callsite(#loc24 at #loc25))
#loc136 = loc(callsite(#loc5 at #loc25))
#loc138 = loc(fused[#loc5, #loc59])
"builtin.module"() ({
  "t.top"() ({
    "t0.op0"() {a0 = @sym, a1 = "s"} : () -> () loc(#loc2)
    %0 = "t0.op2"() : () -> i64 loc(#loc3)
    %1:2 = "t0.op0"() : () -> (i32, i64) loc(#loc4)
    "t0.op2"() : () -> () loc(#loc133)
    "t.br"()[^bb2] : () -> () loc(#loc6)
  ^bb1(%2: i64 loc("in.mlir":7:6)):  // no predecessors
    %3 = "t1.op2"(%2) ({
    ^bb0(%arg4: i64 loc("f0.c":1:3)):
      "t1.op3"() ({
        "t.ret"() : () -> () loc(#loc11)
      ^bb1(%118: i32 loc("in.mlir":12:10), %119: f32 loc("in.mlir":12:24)):  // pred: ^bb1
        %120 = "t1.op2"() ({
          %123:2 = "t1.op0"(%arg4, %2) : (i64, i64) -> (tensor<2x?xf32>, vector<4xf32>) loc(#loc134)
          %124 = "t0.op0"(%2, %arg4) : (i64, i64) -> f32 loc(#loc16)
        }, {
          %122 = "t1.op3"() {a0 = @sym, a1 = [1, 2]} : () -> tensor<2x?xf32> loc(#loc10)
        }) : () -> i32 loc(#loc14)
        %121 = "t1.op3"(%2, %118) : (i64, i32) -> vector<4xf32> loc(#loc17)
        "t.br"(%118, %119)[^bb1] : (i32, f32) -> () loc(#loc18)
      }, {
        %100 = "t1.op1"(%2) : (i64) -> memref<4xf32> loc(#loc19)
        "t.ret"() : () -> () loc(#loc20)
      ^bb1(%101: i64 loc("in.mlir":24:10), %102: f32 loc("in.mlir":24:24)):  // no predecessors
        %103:2 = "t1.op3"(%2) ({
        ^bb0(%arg21: i64 loc("f0.c":2:1), %arg22: f32 loc(callsite(#loc24 at #loc25))):
          "t0.op3"(%arg4, %102) {a0 = @sym} : (i64, f32) -> () loc(#loc10)
          %117:2 = "t0.op3"(%2, %arg21) {a0 = [1, 2], a1 = @sym, a2 = #set} : (i64, i64) -> (tensor<2x?xf32>, i64) loc(#loc26)
        }, {
        }) : (i64) -> (index, f32) loc(#loc133)
        %104 = "t1.op2"(%arg4, %103#1) {a0 = "s", a1 = #set1} : (i64, f32) -> i1 loc(#loc10)
        "t.br"(%101)[^bb2] : (i64) -> () loc(#loc27)
      ^bb2(%105: i64 loc("in.mlir":34:10)):  // pred: ^bb1
        %106:2 = "t0.op0"(%2, %105) ({
        }, {
        ^bb0(%arg19: index loc(unknown), %arg20: f32 loc("in.mlir":38:41)):
          "t.br"(%arg20)[^bb1] : (f32) -> () loc(#loc30)
        ^bb1(%109: f32 loc("in.mlir":40:12)):  // 3 preds: ^bb0, ^bb1, ^bb2
          %110:2 = "t1.op3"() {a0 = 1 : i32, a1 = "s"} : () -> (memref<4xf32>, index) loc(#loc32)
          "t.br"(%109)[^bb1] : (f32) -> () loc(#loc33)
        ^bb2(%111: i32 loc(unknown), %112: index loc("in.mlir":43:39)):  // no predecessors
          %113 = "t1.op1"() {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = dense<[1, 2]> : tensor<2xi32>} : () -> i1 loc(#loc10)
          %114 = "t1.op0"() : () -> f32 loc(#loc35)
          %115 = "t1.op3"(%105, %113) : (i64, i1) -> i32 loc(#loc36)
          %116:2 = "t0.op3"(%114, %arg4) {a0, a1 = 2.500000e+00 : f32} : (f32, i64) -> (i1, i64) loc(#loc10)
          "t.br"(%114)[^bb1] : (f32) -> () loc(#loc37)
        }) : (i64, i64) -> (i64, i1) loc(#loc23)
        %107 = "t0.op0"(%arg4) : (i64) -> i32 loc(#loc38)
        %108 = "t0.op1"(%105, %arg4) : (i64, i64) -> tensor<2x?xf32> loc(#loc39)
        "t.ret"() : () -> () loc(#loc40)
      }) {a0 = dense<[1, 2]> : tensor<2xi32>, a1, a2} : () -> () loc(#loc10)
      %18:2 = "t0.op2"(%2, %arg4) ({
      ^bb0(%arg17: i64 loc("in.mlir":55:10), %arg18: i32 loc(callsite(#loc5 at #loc25))):
        %87:2 = "t1.op1"() {a0 = #set1} : () -> (f32, i64) loc(#loc42)
        %88 = "t1.op1"(%arg17) ({
          %98:2 = "t1.op1"() {a0 = [1, 2], a1 = "s"} : () -> (i1, tensor<2x?xf32>) loc(#loc44)
          %99 = "t1.op2"(%87#1, %87#0) : (i64, f32) -> index loc(#loc136)
          "t1.op3"(%87#1) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = @sym, a2 = @sym} : (i64) -> () loc(#loc137)
        }) {a0, a1 = i32} : (i64) -> vector<4xf32> loc(#loc43)
        %89 = "t1.op3"(%88, %87#0) ({
          %95:2 = "t1.op1"() {a0 = #set2, a1, a2 = 1 : i32} : () -> (memref<4xf32>, i1) loc(#loc10)
          "t1.op3"(%2, %88) : (i64, vector<4xf32>) -> () loc(#loc133)
          "t.br"(%87#0)[^bb2] : (f32) -> () loc(#loc45)
        ^bb1:  // pred: ^bb2
          %96 = "t1.op2"(%87#0, %2) : (f32, i64) -> i32 loc(#loc46)
          "t1.op3"(%96) : (i32) -> () loc(#loc47)
          "t1.op2"(%87#1, %96) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = 1 : i32} : (i64, i32) -> () loc(#loc10)
          "t.br"(%87#0)[^bb2] : (f32) -> () loc(#loc48)
        ^bb2(%97: f32 loc(unknown)):  // 2 preds: ^bb0, ^bb1
          "t.br"()[^bb1] : () -> () loc(#loc49)
        }, {
          "t.br"()[^bb1] : () -> () loc(#loc50)
        ^bb1:  // 2 preds: ^bb0, ^bb1
          %90 = "t1.op2"() {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = dense<[1, 2]> : tensor<2xi32>, a2 = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2x?xf32> loc(#loc134)
          "t0.op3"() {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = 1 : i32, a2 = "s"} : () -> () loc(#loc51)
          "t.br"()[^bb1] : () -> () loc(#loc52)
        ^bb2(%91: i32 loc("in.mlir":79:12)):  // pred: ^bb2
          %92 = "t0.op3"(%87#1, %arg18) : (i64, i32) -> i64 loc(#loc133)
          %93:2 = "t1.op1"(%87#0) : (f32) -> (memref<4xf32>, f32) loc(#loc10)
          %94 = "t0.op0"() : () -> i64 loc(#loc10)
          "t.br"(%arg18)[^bb2] : (i32) -> () loc(#loc54)
        }) {a0 = [1, 2], a1 = @sym, a2 = i32} : (vector<4xf32>, f32) -> i32 loc(#loc137)
        "t0.op1"() : () -> () loc(#loc136)
      }, {
      ^bb0(%arg12: index loc("f2.c":2:3), %arg13: i32 loc("in.mlir":87:42)):
        "t0.op2"() ({
        ^bb0(%arg16: i64 loc("in.mlir":89:12)):
          %86:2 = "t0.op2"() {a0 = #map} : () -> (vector<4xf32>, memref<4xf32>) loc(#loc10)
        }) : () -> () loc(#loc135)
        %73 = "t0.op3"(%arg12, %arg13) : (index, i32) -> memref<4xf32> loc(#loc58)
        %74 = "t0.op3"(%arg4) : (i64) -> i64 loc(#loc138)
        %75:2 = "t1.op3"(%arg4, %74) : (i64, i64) -> (index, memref<4xf32>) loc(#loc60)
        "t.br"(%arg12)[^bb1] : (index) -> () loc(#loc61)
      ^bb1(%76: index loc("in.mlir":96:10)):  // 2 preds: ^bb0, ^bb1
        "t.br"(%76)[^bb1] : (index) -> () loc(#loc63)
      ^bb2:  // pred: ^bb2
        %77:2 = "t0.op0"(%arg4, %2) {a0 = 1 : i32, a1} : (i64, i64) -> (index, memref<4xf32>) loc(#loc64)
        %78:2 = "t0.op0"() ({
          %82 = "t0.op3"() : () -> index loc(#loc135)
          %83 = "t0.op0"(%arg4, %77#0) {a0 = 2.500000e+00 : f32, a1} : (i64, index) -> memref<4xf32> loc(#loc136)
          %84:2 = "t1.op0"() {a0 = i32} : () -> (i32, tensor<2x?xf32>) loc(#loc137)
          %85:2 = "t1.op1"() {a0 = dense<[1, 2]> : tensor<2xi32>, a1, a2 = [1, 2]} : () -> (f32, i32) loc(#loc66)
        }) : () -> (tensor<2x?xf32>, memref<4xf32>) loc(#loc65)
        "t0.op2"(%78#1) {a0 = @sym, a1 = i32} : (memref<4xf32>) -> () loc(#loc10)
        %79:2 = "t0.op1"(%77#0, %77#1) ({
        ^bb0(%arg14: f32 loc("in.mlir":108:12), %arg15: f32 loc("in.mlir":108:26)):
        }, {
          %80 = "t0.op0"(%78#0, %77#0) {a0 = [1, 2], a1, a2} : (tensor<2x?xf32>, index) -> i32 loc(#loc69)
          %81 = "t0.op0"(%77#0, %80) : (index, i32) -> f32 loc(#loc70)
        }) : (index, memref<4xf32>) -> (f32, vector<4xf32>) loc(#loc55)
        "t.br"()[^bb2] : () -> () loc(#loc71)
      }) : (i64, i64) -> (i1, memref<4xf32>) loc(#loc17)
      "t1.op3"(%18#0) : (i1) -> () loc(#loc133)
      "t.br"(%arg4)[^bb1] : (i64) -> () loc(#loc72)
    ^bb1(%19: i64 loc(unknown)):  // pred: ^bb0
      "t0.op0"(%2) {a0 = 1 : i32, a1 = [1, 2]} : (i64) -> () loc(#loc133)
      %20 = "t0.op2"() : () -> i1 loc(#loc66)
      %21 = "t0.op0"(%2) {a0 = [1, 2], a1 = i32, a2 = 1 : i32} : (i64) -> i32 loc(#loc73)
      "t.ret"() : () -> () loc(#loc74)
    ^bb2(%22: index loc("in.mlir":122:8), %23: i64 loc("in.mlir":122:24)):  // pred: ^bb2
      %24 = "t0.op2"(%2) ({
      ^bb0(%arg7: i32 loc("in.mlir":124:10), %arg8: index loc("in.mlir":124:24)):
        %57 = "t1.op0"(%arg7) ({
        ^bb0(%arg11: i32 loc("in.mlir":126:12)):
          %72 = "t1.op1"(%arg8) {a0 = 1 : i32} : (index) -> index loc(#loc134)
        }, {
        ^bb0(%arg10: index loc("in.mlir":129:12)):
        }) {a0 = "s", a1} : (i32) -> i64 loc(#loc10)
        "t.br"()[^bb2] : () -> () loc(#loc81)
      ^bb1:  // no predecessors
        %58 = "t1.op1"() {a0 = @sym, a1 = "s"} : () -> f32 loc(#loc10)
        %59 = "t0.op2"() ({
          %69:2 = "t1.op0"(%2, %23) : (i64, i64) -> (i1, i64) loc(#loc82)
          %70:2 = "t0.op0"(%23, %2) {a0 = "s", a1 = "s"} : (i64, i64) -> (memref<4xf32>, i1) loc(#loc10)
          %71 = "t0.op1"() : () -> memref<4xf32> loc(#loc83)
        }) : () -> f32 loc(#loc133)
        %60:2 = "t0.op0"() ({
          %68:2 = "t0.op3"() : () -> (i1, i1) loc(#loc84)
          "t0.op1"(%23) : (i64) -> () loc(#loc136)
        }) : () -> (i64, i64) loc(#loc10)
        %61 = "t1.op3"(%2, %60#0) {a0 = [1, 2], a1 = i32, a2 = [1, 2]} : (i64, i64) -> memref<4xf32> loc(#loc85)
        "t.br"()[^bb2] : () -> () loc(#loc86)
      ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2
        %62 = "t0.op2"(%22) : (index) -> i1 loc(#loc87)
        %63:2 = "t0.op1"(%2, %62) {a0 = [1, 2], a1 = dense<[1, 2]> : tensor<2xi32>, a2 = @sym} : (i64, i1) -> (index, vector<4xf32>) loc(#loc17)
        "t1.op0"(%63#1) : (vector<4xf32>) -> () loc(#loc134)
        %64 = "t1.op1"(%63#0) ({
          %67 = "t1.op2"() {a0 = "s"} : () -> i1 loc(#loc88)
        }, {
        ^bb0(%arg9: i32 loc("in.mlir":152:12)):
          %65:2 = "t1.op1"(%22, %63#0) {a0 = #set1, a1 = dense<[1, 2]> : tensor<2xi32>} : (index, index) -> (i32, index) loc(#loc90)
          %66:2 = "t1.op0"(%63#0) : (index) -> (f32, f32) loc(#loc91)
        }) {a0, a1 = [1, 2]} : (index) -> vector<4xf32> loc(#loc136)
        "t.br"()[^bb2] : () -> () loc(#loc92)
      }, {
      ^bb0(%arg5: index loc("in.mlir":158:10)):
        %50 = "t0.op0"() {a0 = [1, 2]} : () -> index loc(#loc16)
        %51 = "t1.op2"(%22) ({
        ^bb0(%arg6: index loc(unknown)):
        }) : (index) -> tensor<2x?xf32> loc(#loc94)
        "t.ret"() : () -> () loc(#loc95)
      ^bb1(%52: i32 loc(fused[#loc5, #loc59]), %53: index loc("in.mlir":164:58)):  // pred: ^bb1
        %54:2 = "t1.op2"(%23) {a0 = @sym, a1 = i32, a2 = 2.500000e+00 : f32} : (i64) -> (vector<4xf32>, i32) loc(#loc23)
        "t1.op2"(%23) : (i64) -> () loc(#loc97)
        "t0.op3"(%23, %54#0) {a0 = i32, a1 = dense<[1, 2]> : tensor<2xi32>} : (i64, vector<4xf32>) -> () loc(#loc98)
        "t0.op0"(%52) ({
          "t0.op1"(%52, %54#1) {a0 = @sym, a1 = "s"} : (i32, i32) -> () loc(#loc100)
          %55 = "t1.op1"(%54#1) {a0 = i32} : (i32) -> i32 loc(#loc101)
          %56 = "t0.op1"(%22, %52) {a0 = #set2, a1 = 2.500000e+00 : f32} : (index, i32) -> tensor<2x?xf32> loc(#loc47)
        }) : (i32) -> () loc(#loc99)
        "t.br"(%52, %53)[^bb1] : (i32, index) -> () loc(#loc102)
      }) {a0 = dense<[1, 2]> : tensor<2xi32>} : (i64) -> f32 loc(#loc138)
      %25 = "t0.op3"(%24, %22) : (f32, index) -> i1 loc(#loc133)
      %26:2 = "t0.op3"(%25, %2) : (i1, i64) -> (vector<4xf32>, vector<4xf32>) loc(#loc3)
      %27 = "t1.op3"() ({
        "t0.op2"() : () -> () loc(#loc134)
        %35 = "t0.op2"(%2) ({
          "t0.op2"() {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = [1, 2]} : () -> () loc(#loc103)
          %49 = "t0.op2"(%22) : (index) -> f32 loc(#loc138)
        }) : (i64) -> memref<4xf32> loc(#loc55)
        %36 = "t0.op1"() ({
          %46 = "t1.op3"(%23, %25) : (i64, i1) -> memref<4xf32> loc(#loc135)
          %47 = "t1.op2"(%2, %22) : (i64, index) -> memref<4xf32> loc(#loc136)
          %48 = "t1.op3"() : () -> memref<4xf32> loc(#loc10)
        }) : () -> i32 loc(#loc104)
        "t0.op2"() : () -> () loc(#loc10)
        "t.br"(%2)[^bb1] : (i64) -> () loc(#loc105)
      ^bb1(%37: i64 loc(callsite(#loc5 at #loc25))):  // 3 preds: ^bb0, ^bb1, ^bb2
        "t0.op3"(%37) : (i64) -> () loc(#loc106)
        %38 = "t0.op0"(%26#0, %2) : (vector<4xf32>, i64) -> tensor<2x?xf32> loc(#loc10)
        %39:2 = "t0.op0"(%24, %22) {a0 = @sym, a1} : (f32, index) -> (memref<4xf32>, index) loc(#loc107)
        %40:2 = "t0.op0"(%26#0, %24) : (vector<4xf32>, f32) -> (i64, index) loc(#loc133)
        "t.br"(%23)[^bb1] : (i64) -> () loc(#loc108)
      ^bb2(%41: index loc("in.mlir":196:10)):  // no predecessors
        %42 = "t0.op3"() : () -> i1 loc(#loc138)
        %43 = "t1.op1"(%2, %26#0) {a0 = #map1} : (i64, vector<4xf32>) -> i32 loc(#loc135)
        %44 = "t1.op2"() : () -> f32 loc(#loc110)
        %45:2 = "t0.op1"(%26#0) : (vector<4xf32>) -> (i64, i1) loc(#loc111)
        "t.br"(%45#0)[^bb1] : (i64) -> () loc(#loc112)
      }, {
        %28:2 = "t0.op3"(%25, %2) ({
          %34 = "t1.op1"() : () -> i64 loc(#loc84)
        }, {
          "t1.op0"() : () -> () loc(#loc114)
          %32 = "t1.op3"(%25, %26#1) {a0 = i32, a1 = i32} : (i1, vector<4xf32>) -> memref<4xf32> loc(#loc115)
          %33 = "t0.op0"(%32) {a0 = #set, a1 = 1 : i32, a2 = #map} : (memref<4xf32>) -> vector<4xf32> loc(#loc137)
          "t1.op3"() : () -> () loc(#loc137)
        }) : (i1, i64) -> (i64, memref<4xf32>) loc(#loc113)
        "t.br"(%23, %22)[^bb1] : (i64, index) -> () loc(#loc116)
      ^bb1(%29: i64 loc("in.mlir":212:10), %30: index loc("in.mlir":212:24)):  // 2 preds: ^bb0, ^bb1
        %31:2 = "t1.op0"() {a0 = @sym, a1 = dense<[1, 2]> : tensor<2xi32>} : () -> (index, index) loc(#loc133)
        "t.br"(%29, %30)[^bb1] : (i64, index) -> () loc(#loc119)
      }) {a0 = #map1, a1 = dense<[1, 2]> : tensor<2xi32>, a2 = dense<[1, 2]> : tensor<2xi32>} : () -> vector<4xf32> loc(#loc136)
      "t.br"(%22, %23)[^bb2] : (index, i64) -> () loc(#loc120)
    }, {
    ^bb0(%arg0: index loc("in.mlir":218:8), %arg1: index loc(callsite(#loc5 at #loc25))):
      %8 = "t1.op2"(%arg0, %2) ({
        %9:2 = "t0.op1"(%arg1, %arg0) ({
        ^bb0(%arg2: f32 loc("in.mlir":221:12), %arg3: i64 loc("in.mlir":221:26)):
          %15:2 = "t0.op3"(%arg0, %arg3) {a0} : (index, i64) -> (i64, memref<4xf32>) loc(#loc138)
          %16:2 = "t0.op2"(%arg0, %15#1) : (index, memref<4xf32>) -> (index, f32) loc(#loc125)
          "t1.op1"(%arg3, %16#0) {a0 = i32} : (i64, index) -> () loc(#loc10)
          %17:2 = "t1.op3"() : () -> (tensor<2x?xf32>, index) loc(#loc10)
        }) : (index, index) -> (memref<4xf32>, memref<4xf32>) loc(#loc84)
        "t.br"()[^bb2] : () -> () loc(#loc126)
      ^bb1(%10: i64 loc("in.mlir":228:10)):  // no predecessors
        %11 = "t0.op2"(%10, %arg1) : (i64, index) -> memref<4xf32> loc(#loc10)
        %12 = "t0.op2"(%2, %10) {a0 = i32, a1 = i32} : (i64, i64) -> i64 loc(#loc128)
        "t.br"()[^bb2] : () -> () loc(#loc129)
      ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2
        %13 = "t0.op0"(%2, %arg0) {a0 = [1, 2], a1 = 1 : i32} : (i64, index) -> i32 loc(#loc138)
        %14 = "t0.op0"(%arg1, %13) {a0 = #map2, a1 = #map1} : (index, i32) -> f32 loc(#loc134)
        "t.br"()[^bb2] : () -> () loc(#loc130)
      }) : (index, i64) -> i1 loc(#loc122)
    }) {a0 = dense<[1, 2]> : tensor<2xi32>, a1 = @sym, a2} : (i64) -> index loc(#loc8)
    %4 = "t0.op0"(%2) ({
    }, {
      %7 = "t0.op0"(%3, %2) : (index, i64) -> memref<4xf32> loc(#loc136)
    }) : (i64) -> i1 loc(#loc137)
    %5 = "t0.op3"(%2, %3) : (i64, index) -> i32 loc(#loc134)
    %6 = "t1.op3"(%2, %3) ({
    }) : (i64, index) -> memref<4xf32> loc(#loc10)
    "t.br"()[^bb2] : () -> () loc(#loc131)
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "t.ret"() : () -> () loc(#loc132)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("in.mlir":2:3)
#loc3 = loc("f0.c":3:3)
#loc4 = loc("f1.c":2:1)
#loc6 = loc("in.mlir":6:3)
#loc8 = loc("in.mlir":8:18)
#loc11 = loc("in.mlir":11:7)
#loc14 = loc("in.mlir":13:22)
#loc15 = loc("b1.c":2:2)
#loc16 = loc("f2.c":2:1)
#loc17 = loc("f1.c":1:2)
#loc18 = loc("in.mlir":20:7)
#loc19 = loc("f1.c":1:1)
#loc20 = loc("in.mlir":23:7)
#loc26 = loc("in.mlir":28:26)
#loc27 = loc("in.mlir":33:7)
#loc30 = loc("in.mlir":39:9)
#loc32 = loc("in.mlir":41:26)
#loc33 = loc("in.mlir":42:9)
#loc35 = loc("in.mlir":45:24)
#loc36 = loc("in.mlir":46:24)
#loc37 = loc("in.mlir":48:9)
#loc38 = loc("f1.c":2:2)
#loc39 = loc("in.mlir":51:22)
#loc40 = loc("in.mlir":52:7)
#loc42 = loc("in.mlir":56:24)
#loc43 = loc("in.mlir":57:22)
#loc44 = loc("in.mlir":58:26)
#loc45 = loc("in.mlir":65:9)
#loc46 = loc("in.mlir":67:24)
#loc47 = loc("f0.c":1:1)
#loc48 = loc("in.mlir":70:9)
#loc49 = loc("in.mlir":72:9)
#loc50 = loc("in.mlir":74:9)
#loc51 = loc("f0.c":1:2)
#loc52 = loc("in.mlir":78:9)
#loc54 = loc("in.mlir":83:9)
#loc58 = loc("in.mlir":92:22)
#loc60 = loc("in.mlir":94:24)
#loc61 = loc("in.mlir":95:7)
#loc63 = loc("in.mlir":97:7)
#loc64 = loc("in.mlir":99:24)
#loc65 = loc("in.mlir":100:24)
#loc66 = loc("f2.c":3:2)
#loc69 = loc("in.mlir":110:24)
#loc70 = loc("in.mlir":111:24)
#loc71 = loc("in.mlir":113:7)
#loc72 = loc("in.mlir":116:5)
#loc73 = loc("f0.c":2:2)
#loc74 = loc("in.mlir":121:5)
#loc81 = loc("in.mlir":131:7)
#loc82 = loc("in.mlir":135:26)
#loc83 = loc("f1.c":2:3)
#loc84 = loc("f0.c":3:2)
#loc85 = loc("in.mlir":143:22)
#loc86 = loc("in.mlir":144:7)
#loc87 = loc("in.mlir":146:22)
#loc88 = loc("f1.c":3:2)
#loc90 = loc("f1.c":3:3)
#loc91 = loc("in.mlir":154:26)
#loc92 = loc("in.mlir":156:7)
#loc94 = loc("in.mlir":160:21)
#loc95 = loc("in.mlir":163:7)
#loc97 = loc("in.mlir":166:7)
#loc98 = loc("in.mlir":167:7)
#loc99 = loc("in.mlir":168:7)
#loc100 = loc("in.mlir":169:9)
#loc101 = loc("in.mlir":170:24)
#loc102 = loc("in.mlir":173:7)
#loc103 = loc("in.mlir":180:9)
#loc104 = loc("in.mlir":183:22)
#loc105 = loc("in.mlir":189:7)
#loc106 = loc("in.mlir":191:7)
#loc107 = loc("in.mlir":193:24)
#loc108 = loc("in.mlir":195:7)
#loc110 = loc("in.mlir":199:22)
#loc111 = loc("f2.c":2:2)
#loc112 = loc("in.mlir":201:7)
#loc113 = loc("in.mlir":203:24)
#loc114 = loc("in.mlir":206:9)
#loc115 = loc("f2.c":1:2)
#loc116 = loc("in.mlir":211:7)
#loc119 = loc("in.mlir":214:7)
#loc120 = loc("in.mlir":216:5)
#loc122 = loc("in.mlir":219:20)
#loc125 = loc("in.mlir":223:25)
#loc126 = loc("in.mlir":227:7)
#loc128 = loc("in.mlir":230:22)
#loc129 = loc("in.mlir":231:7)
#loc130 = loc("in.mlir":235:7)
#loc131 = loc("in.mlir":247:3)
#loc132 = loc("in.mlir":249:3)
#loc133 = loc("n0"(#loc5))
#loc134 = loc(fused[#loc5, #loc15])
#loc137 = loc("n1"(#loc5))

