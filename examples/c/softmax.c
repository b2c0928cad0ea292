/* C equivalent of examples/softmax.mlir: row-wise softmax of a 128x256 float
   matrix (max, exp(x - max) and sum, divide). Prints the weighted checksum
   sum Y[i][j] * (j + 1) with "%g" (MLIR's printF64). */
#include <math.h>
#include <stdio.h>

#define M 128
#define N 256

static float X[M][N], Y[M][N];

static void kernel_softmax(float X[restrict M][N], float Y[restrict M][N]) {
  for (int i = 0; i < M; i++) {
    float max = -INFINITY;
    for (int j = 0; j < N; j++)
      max = X[i][j] > max ? X[i][j] : max;
    float sum = 0.0f;
    for (int j = 0; j < N; j++) {
      float e = expf(X[i][j] - max);
      Y[i][j] = e;
      sum += e;
    }
    for (int j = 0; j < N; j++)
      Y[i][j] = Y[i][j] / sum;
  }
}

int main(void) {
  for (long i = 0; i < M; i++)
    for (long j = 0; j < N; j++)
      X[i][j] = (float)((i * j + 1) % N) / 32.0f;
  kernel_softmax(X, Y);
  double sum = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      sum += (double)Y[i][j] * (double)(j + 1);
  printf("%g\n", sum);
  return 0;
}
