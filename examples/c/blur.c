/* C equivalent of examples/blur.mlir: 3x3 box blur of a 128x128 double image
   with clamped borders (mean of the in-bounds window). Prints the sum of Out
   with "%g" (MLIR's printF64). */
#include <stdio.h>

#define N 128

static double In[N][N], Out[N][N];

static int max(int a, int b) { return a > b ? a : b; }
static int min(int a, int b) { return a < b ? a : b; }

static void kernel_blur(double In[restrict N][N], double Out[restrict N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int ilo = max(i - 1, 0), ihi = min(i + 2, N);
      int jlo = max(j - 1, 0), jhi = min(j + 2, N);
      double cnt = (double)((ihi - ilo) * (jhi - jlo));
      double s = 0.0;
      for (int ii = ilo; ii < ihi; ii++)
        for (int jj = jlo; jj < jhi; jj++)
          s += In[ii][jj];
      Out[i][j] = s / cnt;
    }
}

int main(void) {
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++)
      In[i][j] = (double)((i * i + 3 * j * j + 1) % N) / N;
  kernel_blur(In, Out);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += Out[i][j];
  printf("%g\n", sum);
  return 0;
}
