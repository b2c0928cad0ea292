/* C equivalent of examples/seidel_2d.mlir (PolyBench seidel-2d, doubles,
   128x128, 10 time steps, in place). Prints sum(A) with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 128
#define T 10

static double A[N][N];

static void kernel_seidel_2d(double A[restrict N][N]) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++)
      A[i][j] = (double)((i * (j + 2) + 2) % N) / N;
  kernel_seidel_2d(A);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  printf("%g\n", sum);
  return 0;
}
