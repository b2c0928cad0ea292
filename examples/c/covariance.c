/* C equivalent of examples/covariance.mlir (PolyBench covariance, doubles,
   N = 128 samples, M = 96 features). Prints the sum of cov with "%g"
   (MLIR's printF64). */
#include <stdio.h>

#define M 96
#define N 128

static double data[N][M], cov[M][M], mean[M];

static void kernel_covariance(double float_n, double data[restrict N][M], double cov[restrict M][M], double mean[restrict M]) {
  for (int j = 0; j < M; j++) {
    double s = 0.0;
    for (int i = 0; i < N; i++)
      s += data[i][j];
    mean[j] = s / float_n;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      double s = 0.0;
      for (int k = 0; k < N; k++)
        s += data[k][i] * data[k][j];
      cov[i][j] = s / (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < M; j++)
      data[i][j] = (double)((i * j + 1) % M) / M;
  kernel_covariance((double)N, data, cov, mean);
  double sum = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      sum += cov[i][j];
  printf("%g\n", sum);
  return 0;
}
