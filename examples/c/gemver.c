/* C equivalent of examples/gemver.mlir (PolyBench gemver, doubles, N = 128,
   alpha = 1.5, beta = 1.2). Prints sum(A) + sum(x) + sum(w) with "%g"
   (MLIR's printF64). */
#include <stdio.h>

#define N 128

static double A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];

static void kernel_gemver(double alpha, double beta, double A[restrict N][N], double u1[restrict N], double v1[restrict N],
                          double u2[restrict N], double v2[restrict N], double w[restrict N], double x[restrict N], double y[restrict N],
                          double z[restrict N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < N; i++)
    x[i] = x[i] + z[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void) {
  double fn = (double)N;
  for (long i = 0; i < N; i++) {
    u1[i] = (double)i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (long j = 0; j < N; j++)
      A[i][j] = (double)(i * j % N) / fn;
  }
  kernel_gemver(1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  for (int i = 0; i < N; i++)
    sum += x[i];
  for (int i = 0; i < N; i++)
    sum += w[i];
  printf("%g\n", sum);
  return 0;
}
