/* C equivalent of examples/lu.mlir: in-place right-looking LU decomposition
   without pivoting of a diagonally dominant 128x128 double matrix.
   Prints the sum of the factored matrix with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 128

static double A[N][N];

static void kernel_lu(double A[restrict N][N]) {
  for (int k = 0; k < N; k++) {
    for (int i = k + 1; i < N; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      double v = (double)((i * j + 1) % N) / N;
      A[i][j] = i == j ? v + N : v;
    }
  kernel_lu(A);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  printf("%g\n", sum);
  return 0;
}
