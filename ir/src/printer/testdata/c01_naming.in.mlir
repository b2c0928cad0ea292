#loc3 = loc("in.mlir":3:8)
#loc7 = loc("in.mlir":7:10)
#loc8 = loc("in.mlir":7:19)
#loc13 = loc("in.mlir":14:8)
"builtin.module"() ({
  "test.op"() ({
    "test.op"() ({
    ^bb0(%arg1: i32 loc("in.mlir":3:8)):
      %4:2 = "test.multi"() : () -> (i32, i64) loc(#loc4)
      "test.use"(%4#1, %arg1) : (i64, i32) -> () loc(#loc5)
      "test.op"() ({
      ^bb0(%arg2: i32 loc("in.mlir":7:10), %arg3: f32 loc("in.mlir":7:19)):
        %5 = "test.one"(%arg2) : (i32) -> i32 loc(#loc9)
        "test.t"(%5) : (i32) -> () loc(#loc10)
      }) : () -> () loc(#loc6)
      "test.t"() : () -> () loc(#loc11)
    }) : () -> () loc(#loc2)
    "test.op"() ({
    ^bb0(%arg0: i32 loc("in.mlir":14:8)):
      %3 = "test.one"(%arg0) : (i32) -> i32 loc(#loc14)
      "test.t"() : () -> () loc(#loc15)
    }) : () -> () loc(#loc12)
    %0 = "test.one"() : () -> i32 loc(#loc16)
    "test.two_regions"() ({
      %2 = "test.one"() : () -> i32 loc(#loc18)
      "test.t"() : () -> () loc(#loc19)
    }, {
      %1 = "test.one"() : () -> i32 loc(#loc20)
      "test.t"() : () -> () loc(#loc21)
    }) : () -> () loc(#loc17)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("in.mlir":2:3)
#loc4 = loc("in.mlir":4:12)
#loc5 = loc("in.mlir":5:5)
#loc6 = loc("in.mlir":6:5)
#loc9 = loc("in.mlir":8:12)
#loc10 = loc("in.mlir":9:7)
#loc11 = loc("in.mlir":11:5)
#loc12 = loc("in.mlir":13:3)
#loc14 = loc("in.mlir":15:10)
#loc15 = loc("in.mlir":16:5)
#loc16 = loc("in.mlir":18:8)
#loc17 = loc("in.mlir":19:3)
#loc18 = loc("in.mlir":20:10)
#loc19 = loc("in.mlir":21:5)
#loc20 = loc("in.mlir":23:10)
#loc21 = loc("in.mlir":24:5)

