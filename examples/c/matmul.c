/* C equivalent of examples/matmul.mlir: C += A * B on 128x128 floats.
   Same initialization and summation order as the MLIR version; prints the
   checksum with "%g", the format of MLIR's printF64. */
#include <stdio.h>

#define N 128

static float A[N][N], B[N][N], C[N][N];

static void kernel_matmul(float A[restrict N][N], float B[restrict N][N], float C[restrict N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      A[i][j] = (float)((i * j + 1) % N) / (float)N;
      B[i][j] = (float)((i * j + 2) % N) / (float)N;
      C[i][j] = (float)((i + j) % N) / (float)N;
    }
  kernel_matmul(A, B, C);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += (double)C[i][j];
  printf("%g\n", sum);
  return 0;
}
