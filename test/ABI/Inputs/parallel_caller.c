/* Linked against the shared library `lattice emit --shared --header parallel.h` made from
 * parallel.mlir (whose parallel loops call liblattice_runtime.so): runs its @run, then
 * repeats @run's computation itself through the header's `_mlir_ciface_` prototypes and
 * prints the same two lines (printF32 prints like "%g"). */
#include <stdio.h>

#include "parallel.h"

int main(void) {
  run();
  fflush(stdout);
  static float x[1000], y[1000];
  for (int i = 0; i < 1000; ++i) {
    x[i] = (float)i / 1000.0f;
    y[i] = 1.0f - x[i];
  }
  MemRef_float_1d X = {x, x, 0, {1000}, {1}};
  MemRef_float_1d Y = {y, y, 0, {1000}, {1}};
  _mlir_ciface_axpy(2.5f, &X, &Y);
  float d = _mlir_ciface_dot(&X, &Y);
  printf("%g\n%g\n", (double)d, (double)y[999]);
  return 0;
}
