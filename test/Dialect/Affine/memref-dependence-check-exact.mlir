// RUN: lattice opt %s --split-input-file --test-memref-dependence-check --verify-diagnostics
//
// Where Lattice's answers are tighter than mlir-opt 22's: Lattice decides
// dependences on exact integer sets (isl), mlir-opt projects with
// Fourier-Motzkin and drops the stride of a loop with a `max` lower bound.
// mlir-opt 22 prints, on this file:
//   @triangular_max_min: "0 to 1 at depth 2 = [0, 0][1, 1]" (the stride 3 makes
//     j' = j + 1 impossible) and "1 to 0 at depth 1 = [1, 8][-1, -1]";
//   @mod_deps: "1 to 1 at depth 1 = [2, 9]" ((i + 1) mod 2 repeats every 2
//     iterations of 0..9: 8 is the largest distance);
//   @mod_div_3d: "[1, 3][-7, 7][-3, 3]" and "[0, 0][2, 7][-3, 3]" (i1 mod 2
//     equal means an even distance, at most 6).
// Every other remark is the same as mlir-opt's.

// ORACLE: lattice-only tighter than mlir-opt 22's (see above)
func.func @triangular_max_min(%A: memref<100xf64>, %n: index) {
  affine.for %i = 0 to 50 {
    affine.for %j = max affine_map<(d0)[s0] -> (d0, s0)>(%i)[%n] to min affine_map<(d0) -> (d0 + 10, 60)>(%i) step 3 {
      %v = affine.load %A[%j + 1] : memref<100xf64>
      // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 1 = [1, 10][1, 1]}}
      // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 3 = false}}
      affine.store %v, %A[%j] : memref<100xf64>
      // expected-remark@above {{dependence from 1 to 0 at depth 1 = [2, 8][-1, -1]}}
      // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 1 = [1, 9][0, 0]}}
      // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 3 = false}}
    }
  }
  return
}

// -----
// ORACLE: lattice-only tighter than mlir-opt 22's (see the top of the file)
func.func @mod_deps() {
  %m = memref.alloc() : memref<100xf32>
  %c7 = arith.constant 7.0 : f32
  affine.for %i0 = 0 to 10 {
    %a0 = affine.apply affine_map<(d0) -> (d0 mod 2)> (%i0)
    %v0 = affine.load %m[%a0] : memref<100xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = [1, 9]}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    %a1 = affine.apply affine_map<(d0) -> ( (d0 + 1) mod 2)> (%i0)
    affine.store %c7, %m[%a1] : memref<100xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = [1, 9]}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = [2, 8]}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----
// ORACLE: lattice-only tighter than mlir-opt 22's (see the top of the file)
func.func @mod_div_3d() {
  %M = memref.alloc() : memref<2x2x2xi32>
  %c0 = arith.constant 0 : i32
  affine.for %i0 = 0 to 8 {
    affine.for %i1 = 0 to 8 {
      affine.for %i2 = 0 to 8 {
        %idx0 = affine.apply affine_map<(d0, d1, d2) -> (d0 floordiv 4)> (%i0, %i1, %i2)
        %idx1 = affine.apply affine_map<(d0, d1, d2) -> (d1 mod 2)> (%i0, %i1, %i2)
        %idx2 = affine.apply affine_map<(d0, d1, d2) -> (d2 floordiv 4)> (%i0, %i1, %i2)
        affine.store %c0, %M[%idx0, %idx1, %idx2] : memref<2 x 2 x 2 x i32>
        // expected-remark@above {{dependence from 0 to 0 at depth 1 = [1, 3][-6, 6][-3, 3]}}
        // expected-remark@above {{dependence from 0 to 0 at depth 2 = [0, 0][2, 6][-3, 3]}}
        // expected-remark@above {{dependence from 0 to 0 at depth 3 = [0, 0][0, 0][1, 3]}}
        // expected-remark@above {{dependence from 0 to 0 at depth 4 = false}}
      }
    }
  }
  return
}
