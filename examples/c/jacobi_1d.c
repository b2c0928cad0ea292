/* C equivalent of examples/jacobi_1d.mlir (PolyBench jacobi-1d, doubles,
   N = 256, 64 time steps). Prints sum(A) + sum(B) with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 256
#define T 64

static double A[N], B[N];

static void kernel_jacobi_1d(double A[restrict N], double B[restrict N]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(void) {
  for (long i = 0; i < N; i++) {
    A[i] = (double)((i * i + 2) % N) / N;
    B[i] = (double)((i * i + 3) % N) / N;
  }
  kernel_jacobi_1d(A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += A[i];
  for (int i = 0; i < N; i++)
    sum += B[i];
  printf("%g\n", sum);
  return 0;
}
