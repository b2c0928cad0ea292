/* C equivalent of examples/jacobi_2d.mlir (PolyBench jacobi-2d, doubles,
   128x128, 20 time steps). Prints sum(A) + sum(B) with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 128
#define T 20

static double A[N][N], B[N][N];

static void kernel_jacobi_2d(double A[restrict N][N], double B[restrict N][N]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      A[i][j] = (double)((i * (j + 2) + 2) % N) / N;
      B[i][j] = (double)((i * (j + 3) + 3) % N) / N;
    }
  kernel_jacobi_2d(A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += B[i][j];
  printf("%g\n", sum);
  return 0;
}
