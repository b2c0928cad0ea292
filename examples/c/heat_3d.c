/* C equivalent of examples/heat_3d.mlir (PolyBench heat-3d, doubles,
   32x32x32, 10 time steps). Prints sum(A) + sum(B) with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 32
#define T 10

static double A[N][N][N], B[N][N][N];

static void kernel_heat_3d(double A[restrict N][N][N], double B[restrict N][N][N]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++)
      for (long k = 0; k < N; k++) {
        double v = (double)((i * j + j * k + k * i + 1) % N) * 10.0 / N;
        A[i][j][k] = v;
        B[i][j][k] = v;
      }
  kernel_heat_3d(A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        sum += A[i][j][k];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        sum += B[i][j][k];
  printf("%g\n", sum);
  return 0;
}
