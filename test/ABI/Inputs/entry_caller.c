/* Loads a shared library `lattice emit --shared` made (every symbol must resolve at load:
 * RTLD_NOW) and calls its entry function `void NAME(void)` (argv[2]); what the entry
 * prints must equal what `lattice run` prints for the same file and passes. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  void (*entry)(void) = (void (*)(void))dlsym(lib, argv[2]);
  if (!entry) {
    printf("no symbol %s\n", argv[2]);
    return 1;
  }
  entry();
  fflush(stdout);
  return 0;
}
