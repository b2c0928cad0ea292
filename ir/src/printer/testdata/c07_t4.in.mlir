#loc3 = loc("in.mlir":3:8)
#loc6 = loc("in.mlir":7:8)
"builtin.module"() ({
  "test.op"() ({
    "test.op"() ({
    ^bb0(%arg1: i32 loc("in.mlir":3:8)):
      "test.t"() : () -> () loc(#loc4)
    }) : () -> () loc(#loc2)
    "test.op"() ({
    ^bb0(%arg0: i32 loc("in.mlir":7:8)):
      "test.t"() : () -> () loc(#loc7)
    }) : () -> () loc(#loc5)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("in.mlir":2:3)
#loc4 = loc("in.mlir":4:5)
#loc5 = loc("in.mlir":6:3)
#loc7 = loc("in.mlir":8:5)

