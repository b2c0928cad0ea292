/* C caller for the ABI test: exercises kernels.mlir through the header
 * `lattice emit --header` writes. Prints one line per check. */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(void) {
  float a[4][6];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      a[i][j] = (float)(10 * i + j);
  /* Rows 1..2, columns 2..4: a strided view with an offset. */
  MemRef_float_2d block = {&a[0][0], &a[0][0], 8, {2, 3}, {6, 1}};
  printf("block sum %g\n", _mlir_ciface_sum2d(&block));
  /* The transposed view of the whole matrix. */
  MemRef_float_2d t = {&a[0][0], &a[0][0], 0, {6, 4}, {1, 6}};
  printf("transposed sum %g\n", _mlir_ciface_sum2d(&t));
  /* Expanded calling convention. */
  printf("expanded sum %g\n", sum2d(&a[0][0], &a[0][0], 8, 2, 3, 6, 1));

  double x[4] = {1, 2, 3, 4};
  MemRef_double_1d xd = {x, x, 0, {4}, {1}};
  _mlir_ciface_scale(&xd, 2.0);
  /* Every other element from index 1, through the expanded form. */
  scale(x, x, 1, 2, 2, 3.0);
  printf("scaled %g %g %g %g\n", x[0], x[1], x[2], x[3]);

  MemRef_double_1d r;
  _mlir_ciface_iota(&r, 5);
  printf("iota size %lld stride %lld offset %lld:", (long long)r.sizes[0],
         (long long)r.strides[0], (long long)r.offset);
  for (int i = 0; i < r.sizes[0]; ++i)
    printf(" %g", r.aligned[r.offset + i * r.strides[0]]);
  printf("\n");
  free(r.allocated);

  /* Several results, through the results struct. */
  float v[5] = {3, -1.5f, 7, 2, 0};
  MemRef_float_1d vd = {v, v, 0, {5}, {1}};
  stats_results st;
  _mlir_ciface_stats(&st, &vd);
  printf("stats %g %g %lld\n", st.r0, st.r1, (long long)st.r2);
  filled_results fr;
  _mlir_ciface_filled(&fr, 3, 1.5);
  printf("filled %lld: %g %g %g total %g\n", (long long)fr.r0.sizes[0],
         fr.r0.aligned[0], fr.r0.aligned[1], fr.r0.aligned[2], fr.r1);
  free(fr.r0.allocated);
  return 0;
}
