// CHECKSUM: 193184
// 2-D convolution in NCHW layout, single precision, stride 1, no padding:
// Out[n][f][h][w] = Bias[f] + sum_{c,kh,kw} In[n][c][h+kh][w+kw] * W[f][c][kh][kw]
// with batch 2, 3 input channels of 66x66, 4 filters of 3x3, output 2x4x64x64.
// @main initializes In[n][c][h][w] = ((h*w + c + n + 1) mod 66) / 66,
// W[f][c][kh][kw] = ((27f + 9c + 3kh + kw) mod 7) / 7, Bias[f] = f / 4,
// and prints the sum of Out (accumulated in f64, row-major).

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_conv2d(%In: memref<2x3x66x66xf32> {llvm.noalias}, %W: memref<4x3x3x3xf32> {llvm.noalias}, %Bias: memref<4xf32> {llvm.noalias},
                         %Out: memref<2x4x64x64xf32> {llvm.noalias}) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      affine.for %h = 0 to 64 {
        affine.for %w = 0 to 64 {
          %b = affine.load %Bias[%f] : memref<4xf32>
          affine.store %b, %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
          affine.for %c = 0 to 3 {
            affine.for %kh = 0 to 3 {
              affine.for %kw = 0 to 3 {
                %x = affine.load %In[%n, %c, %h + %kh, %w + %kw] : memref<2x3x66x66xf32>
                %k = affine.load %W[%f, %c, %kh, %kw] : memref<4x3x3x3xf32>
                %p = arith.mulf %x, %k : f32
                %o = affine.load %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
                %s = arith.addf %o, %p : f32
                affine.store %s, %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c66 = arith.constant 66 : index
  %f66 = arith.constant 66.0 : f32
  %f7 = arith.constant 7.0 : f32
  %f4 = arith.constant 4.0 : f32
  %In = memref.alloc() : memref<2x3x66x66xf32>
  %W = memref.alloc() : memref<4x3x3x3xf32>
  %Bias = memref.alloc() : memref<4xf32>
  %Out = memref.alloc() : memref<2x4x64x64xf32>
  affine.for %n = 0 to 2 {
    affine.for %c = 0 to 3 {
      affine.for %h = 0 to 66 {
        affine.for %w = 0 to 66 {
          %hw = arith.muli %h, %w : index
          %v0 = arith.addi %hw, %c : index
          %v1 = arith.addi %v0, %n : index
          %v2 = arith.addi %v1, %c1 : index
          %v3 = arith.remsi %v2, %c66 : index
          %v4 = arith.index_cast %v3 : index to i32
          %v5 = arith.sitofp %v4 : i32 to f32
          %v = arith.divf %v5, %f66 : f32
          affine.store %v, %In[%n, %c, %h, %w] : memref<2x3x66x66xf32>
        }
      }
    }
  }
  affine.for %f = 0 to 4 {
    affine.for %c = 0 to 3 {
      affine.for %kh = 0 to 3 {
        affine.for %kw = 0 to 3 {
          %v0 = affine.apply affine_map<(d0, d1, d2, d3) -> ((d0 * 27 + d1 * 9 + d2 * 3 + d3) mod 7)>(%f, %c, %kh, %kw)
          %v1 = arith.index_cast %v0 : index to i32
          %v2 = arith.sitofp %v1 : i32 to f32
          %v = arith.divf %v2, %f7 : f32
          affine.store %v, %W[%f, %c, %kh, %kw] : memref<4x3x3x3xf32>
        }
      }
    }
    %fi = arith.index_cast %f : index to i32
    %ff = arith.sitofp %fi : i32 to f32
    %bf = arith.divf %ff, %f4 : f32
    affine.store %bf, %Bias[%f] : memref<4xf32>
  }

  func.call @kernel_conv2d(%In, %W, %Bias, %Out)
    : (memref<2x3x66x66xf32>, memref<4x3x3x3xf32>, memref<4xf32>, memref<2x4x64x64xf32>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %n = 0 to 2 iter_args(%a0 = %zero) -> (f64) {
    %s1 = affine.for %f = 0 to 4 iter_args(%a1 = %a0) -> (f64) {
      %s2 = affine.for %h = 0 to 64 iter_args(%a2 = %a1) -> (f64) {
        %s3 = affine.for %w = 0 to 64 iter_args(%a3 = %a2) -> (f64) {
          %v = affine.load %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
          %vd = arith.extf %v : f32 to f64
          %r = arith.addf %a3, %vd : f64
          affine.yield %r : f64
        }
        affine.yield %s3 : f64
      }
      affine.yield %s2 : f64
    }
    affine.yield %s1 : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %In : memref<2x3x66x66xf32>
  memref.dealloc %W : memref<4x3x3x3xf32>
  memref.dealloc %Bias : memref<4xf32>
  memref.dealloc %Out : memref<2x4x64x64xf32>
  return
}
