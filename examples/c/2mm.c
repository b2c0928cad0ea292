/* C equivalent of examples/2mm.mlir (PolyBench 2mm, double precision):
   tmp = alpha * A * B, D = beta * D + tmp * C with NI = 64, NJ = 80,
   NK = 96, NL = 112. Prints the sum of D with "%g" (MLIR's printF64). */
#include <stdio.h>

#define NI 64
#define NJ 80
#define NK 96
#define NL 112

static double tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];

static void kernel_2mm(double alpha, double beta, double tmp[restrict NI][NJ], double A[restrict NI][NK],
                       double B[restrict NK][NJ], double C[restrict NJ][NL], double D[restrict NI][NL]) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < NK; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < NJ; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  for (long i = 0; i < NI; i++)
    for (long j = 0; j < NK; j++)
      A[i][j] = (double)((i * j + 1) % NI) / NI;
  for (long i = 0; i < NK; i++)
    for (long j = 0; j < NJ; j++)
      B[i][j] = (double)(i * (j + 1) % NJ) / NJ;
  for (long i = 0; i < NJ; i++)
    for (long j = 0; j < NL; j++)
      C[i][j] = (double)((i * (j + 3) + 1) % NL) / NL;
  for (long i = 0; i < NI; i++)
    for (long j = 0; j < NL; j++)
      D[i][j] = (double)(i * (j + 2) % NK) / NK;
  kernel_2mm(1.5, 1.2, tmp, A, B, C, D);
  double sum = 0.0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++)
      sum += D[i][j];
  printf("%g\n", sum);
  return 0;
}
