#loc2 = loc("in.mlir":2:6)
#loc3 = loc("in.mlir":2:18)
#loc6 = loc("in.mlir":5:6)
"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32 loc("in.mlir":2:6), %arg1: i1 loc("in.mlir":2:18)):
    %0 = "test.one"() : () -> i32 loc(#loc4)
    "test.br"(%0)[^bb1] : (i32) -> () loc(#loc5)
  ^bb1(%1: i32 loc("in.mlir":5:6)):  // 3 preds: ^bb0, ^bb1, ^bb2
    "test.cond_br"(%arg1, %1)[^bb1, ^bb2] : (i1, i32) -> () loc(#loc7)
  ^bb2:  // pred: ^bb1
    "test.switch"(%arg0)[^bb3, ^bb3, ^bb4, ^bb1] : (i32) -> () loc(#loc8)
  ^bb3:  // 2 preds: ^bb2, ^bb2
    "test.ret"() : () -> () loc(#loc9)
  ^bb4:  // pred: ^bb2
    "test.ret"() : () -> () loc(#loc10)
  ^bb5:  // no predecessors
    "test.ret"() : () -> () loc(#loc11)
  }) : () -> () loc(#loc1)
  "test.empty"() ({
  }) : () -> () loc(#loc12)
  "test.empty_block"() ({
  ^bb0:
  }) : () -> () loc(#loc13)
  "test.two"() ({
    "test.br"()[^bb1] : () -> () loc(#loc15)
  ^bb1:  // pred: ^bb0
    "test.x"() : () -> () loc(#loc16)
  }, {
  }) : () -> () loc(#loc14)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc4 = loc("in.mlir":3:8)
#loc5 = loc("in.mlir":4:3)
#loc7 = loc("in.mlir":6:3)
#loc8 = loc("in.mlir":8:3)
#loc9 = loc("in.mlir":10:3)
#loc10 = loc("in.mlir":12:3)
#loc11 = loc("in.mlir":14:3)
#loc12 = loc("in.mlir":16:1)
#loc13 = loc("in.mlir":18:1)
#loc14 = loc("in.mlir":21:1)
#loc15 = loc("in.mlir":23:3)
#loc16 = loc("in.mlir":25:3)

