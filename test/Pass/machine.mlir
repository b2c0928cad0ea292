// The target machine the cost models read: `--machine=SPEC` over `$LATTICE_MACHINE`
// over the host (the file-test harness pins LATTICE_MACHINE=medium for every command).
// ORACLE: skip the first RUN lines print the machine spec, not IR
// RUN: lattice opt --print-machine | FileCheck %s --check-prefix=PINNED
// RUN: LATTICE_MACHINE=small lattice opt --print-machine | FileCheck %s --check-prefix=SMALL
// RUN: LATTICE_MACHINE=small lattice opt --print-machine --machine=large,cores=4 | FileCheck %s --check-prefix=FLAG
// RUN: LATTICE_MACHINE=l3=260M,l3-sharers=48 lattice opt --print-machine | FileCheck %s --check-prefix=KEYS
// RUN: env -u LATTICE_MACHINE lattice opt --print-machine | FileCheck %s --check-prefix=HOST
// PINNED: l1=32K,l2=1M,l3=32M,l3-ways=16,l3-sharers=2,vector=64,cores=2
// SMALL: l1=16K,l2=256K,l3=2M,l3-ways=8,l3-sharers=2,vector=16,cores=2
// FLAG: l1=48K,l2=2M,l3=256M,l3-ways=16,l3-sharers=64,vector=64,cores=4
// KEYS: l1=32K,l2=1M,l3=260M,l3-ways=16,l3-sharers=48,vector=64,cores=2
// HOST: l1={{[0-9]+[KMG]?}},l2={{[0-9]+[KMG]?}},l3={{[0-9]+[KMG]?}},l3-ways={{[0-9]+}},l3-sharers={{[0-9]+}},vector={{16|32|64}},cores={{[0-9]+}}

// A bad spec is a usage error (exit 2) that names the flag or the variable.
// RUN: lattice opt %s --machine=huge 2>&1 >/dev/null; test $? -eq 2
// RUN: not lattice opt %s --machine=huge 2>&1 | FileCheck %s --check-prefix=BADFLAG
// RUN: LATTICE_MACHINE=l1=0 not lattice opt %s 2>&1 | FileCheck %s --check-prefix=BADENV
// RUN: LATTICE_MACHINE=l1=0 lattice opt %s 2>/dev/null >/dev/null; test $? -eq 2
// RUN: lattice run %s --machine=l4=1M 2>/dev/null; test $? -eq 2
// RUN: not lattice run %s --machine=l4=1M 2>&1 | FileCheck %s --check-prefix=RUNBAD
// RUN: lattice emit --llvm-ir %s -o %t.ll --machine=small,small 2>/dev/null; test $? -eq 2
// RUN: lattice tune %s --machine=cores=0 2>/dev/null; test $? -eq 2
// BADFLAG: lattice opt: --machine: unknown machine preset 'huge' (expected PRESET[,KEY=VALUE...]
// BADENV: lattice opt: LATTICE_MACHINE: machine key 'l1': expected a positive number of bytes
// RUNBAD: lattice run: --machine: unknown machine key 'l4'

// Every command that runs passes documents the flag.
// RUN: lattice opt --help | FileCheck %s --check-prefix=HELP
// RUN: lattice run --help | FileCheck %s --check-prefix=HELP
// RUN: lattice emit --help | FileCheck %s --check-prefix=HELP
// RUN: lattice tune --help | FileCheck %s --check-prefix=HELP
// HELP: --machine <SPEC>

// The machine reaches the passes: poly-schedule's tile-size model budgets its L1
// (16 KiB on small, 48 KiB on large), and the pass's own cache options override it.
// RUN: lattice opt %s --machine=small --poly-schedule=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=L1SMALL
// RUN: lattice opt %s --machine=large --poly-schedule=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=L1LARGE
// RUN: lattice opt %s --machine=large --poly-schedule="remarks=true cache-size=16384 l2-cache-size=262144" 2>&1 >/dev/null | FileCheck %s --check-prefix=L1SMALL
// RUN: lattice run %s --machine=small --poly-schedule=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=L1SMALL
// L1SMALL: remark: tile sizes [64, 112, 32] (model): tile footprint 51200 B, reuse budget 16384 B
// L1LARGE: remark: tile sizes [64, 256, 32] (model): tile footprint 106496 B, reuse budget 49152 B
func.func @mm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %c = affine.load %C[%i, %j] : memref<256x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x256xf32>
      }
    }
  }
  return
}

func.func @main() {
  return
}
