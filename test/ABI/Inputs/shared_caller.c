/* Loads the shared library `lattice emit --shared` made from printing.mlir with dlopen
 * (every symbol must resolve: RTLD_NOW) and calls its C-interface wrapper. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1d;

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  void (*show)(MemRef1d *) = (void (*)(MemRef1d *))dlsym(lib, "_mlir_ciface_show");
  if (!show) {
    printf("no _mlir_ciface_show\n");
    return 1;
  }
  float x[3] = {1.5f, 2.5f, -4};
  MemRef1d d = {x, x, 0, {3}, {1}};
  show(&d);
  fflush(stdout);
  return 0;
}
