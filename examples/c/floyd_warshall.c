/* C equivalent of examples/floyd_warshall.mlir (PolyBench floyd-warshall on
   ints, 128 nodes). Prints the sum of all path lengths with "%g" (MLIR's
   printF64). */
#include <stdio.h>

#define N 128

static int path[N][N];

static void kernel_floyd_warshall(int path[restrict N][N]) {
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
  kernel_floyd_warshall(path);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += (double)path[i][j];
  printf("%g\n", sum);
  return 0;
}
