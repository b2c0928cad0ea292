/* C equivalent of examples/conv2d.mlir: NCHW 2-D convolution, stride 1, no
   padding, batch 2, 3 input channels of 66x66, 4 filters of 3x3, floats.
   Prints the sum of the output with "%g" (MLIR's printF64). */
#include <stdio.h>

#define NB 2
#define CI 3
#define CO 4
#define HI 66
#define HO 64
#define K 3

static float In[NB][CI][HI][HI], W[CO][CI][K][K], Bias[CO], Out[NB][CO][HO][HO];

static void kernel_conv2d(float In[restrict NB][CI][HI][HI], float W[restrict CO][CI][K][K], float Bias[restrict CO],
                          float Out[restrict NB][CO][HO][HO]) {
  for (int n = 0; n < NB; n++)
    for (int f = 0; f < CO; f++)
      for (int h = 0; h < HO; h++)
        for (int w = 0; w < HO; w++) {
          Out[n][f][h][w] = Bias[f];
          for (int c = 0; c < CI; c++)
            for (int kh = 0; kh < K; kh++)
              for (int kw = 0; kw < K; kw++)
                Out[n][f][h][w] = Out[n][f][h][w] + In[n][c][h + kh][w + kw] * W[f][c][kh][kw];
        }
}

int main(void) {
  for (long n = 0; n < NB; n++)
    for (long c = 0; c < CI; c++)
      for (long h = 0; h < HI; h++)
        for (long w = 0; w < HI; w++)
          In[n][c][h][w] = (float)((h * w + c + n + 1) % HI) / (float)HI;
  for (long f = 0; f < CO; f++) {
    for (long c = 0; c < CI; c++)
      for (long kh = 0; kh < K; kh++)
        for (long kw = 0; kw < K; kw++)
          W[f][c][kh][kw] = (float)((f * 27 + c * 9 + kh * 3 + kw) % 7) / 7.0f;
    Bias[f] = (float)f / 4.0f;
  }
  kernel_conv2d(In, W, Bias, Out);
  double sum = 0.0;
  for (int n = 0; n < NB; n++)
    for (int f = 0; f < CO; f++)
      for (int h = 0; h < HO; h++)
        for (int w = 0; w < HO; w++)
          sum += (double)Out[n][f][h][w];
  printf("%g\n", sum);
  return 0;
}
