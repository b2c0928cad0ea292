/* C equivalent of examples/stencil_skew.mlir: an in-place 5x5 stencil with a
   single (1, -1) dependence, A[i][j] = A[i-1][j+1] + A[i][j]. Prints the sum
   of A with "%g" (MLIR's printF64). Define INTERCHANGED to run the (illegal)
   interchanged loop order and see the checksum change. */
#include <stdio.h>

#define N 5

static double A[N][N];

static void kernel_stencil_skew(double A[restrict N][N]) {
#ifndef INTERCHANGED
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N - 1; j++)
#else
  for (int j = 0; j < N - 1; j++)
    for (int i = 1; i < N; i++)
#endif
      A[i][j] = A[i - 1][j + 1] + A[i][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)(i * 5 + j + 1);
  kernel_stencil_skew(A);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  printf("%g\n", sum);
  return 0;
}
