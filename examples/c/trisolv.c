/* C equivalent of examples/trisolv.mlir (PolyBench trisolv, doubles, N = 256):
   forward substitution with a lower-triangular L. Prints the sum of x with
   "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 256

static double L[N][N], x[N], b[N];

static void kernel_trisolv(double L[restrict N][N], double x[restrict N], double b[restrict N]) {
  for (int i = 0; i < N; i++) {
    double acc = b[i];
    for (int j = 0; j < i; j++)
      acc = acc - L[i][j] * x[j];
    x[i] = acc / L[i][i];
  }
}

int main(void) {
  for (long i = 0; i < N; i++) {
    for (long j = 0; j < N; j++)
      L[i][j] = (double)((i * j + 1) % N) / ((double)N * N);
    L[i][i] = L[i][i] + 1.0;
    b[i] = (double)i;
    x[i] = 0.0;
  }
  kernel_trisolv(L, x, b);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += x[i];
  printf("%g\n", sum);
  return 0;
}
