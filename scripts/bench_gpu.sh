#!/usr/bin/env bash
# GPU GEMM and stencil benchmark through `lattice run --target gpu`: C += A * B on N x N
# f32 matrices and a 2-D 5-point Jacobi sweep, each in two variants for several
# workgroup sizes: `naive` (one invocation per output element, the k loop sequential,
# every operand from global memory) and `tiled` (`--gpu-promote-workgroup-memory`: the
# k loop tiled by 16, the A and B tiles -- for Jacobi the input tile with its halo --
# copied cooperatively into workgroup memory between barriers); GEMM also as `reg2x2`
# (`--gpu-thread-tile 2,2`: four outputs per invocation) and as `tile+r2` / `tile+r4`
# (both: workgroup tiles of A and B, each invocation a 2x2 / 4x4 register tile below
# the k loop with its accumulators in private memory). Prints kernel time
# (timestamp queries, where the adapter has them; otherwise `untimed`) and GFLOP/s, and
# checks each run prints the same checksum as the CPU JIT (`lattice run`) when it is
# available.
#
# Usage: bash scripts/bench_gpu.sh [N] (default 512). Needs a wgpu adapter (on a machine
# without a GPU: Mesa's lavapipe from mesa-vulkan-drivers; its numbers are CPU numbers
# and say nothing about a real GPU). On a machine with an NVIDIA GPU and a CUDA build of
# PyTorch, the same run also times cuBLAS (`torch.matmul`, f32, N x N) for comparison;
# elsewhere that row says why it was skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-512}
export LLVM_SYS_221_PREFIX=${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN          # e.g. a debug build: LATTICE_BIN=target/debug/lattice
else
  cargo build --release -q -p lattice-cli
  L=target/release/lattice
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "$($L run --target gpu --gpu-list-adapters 2>/dev/null)" ]; then
  echo "no wgpu adapter found (install mesa-vulkan-drivers for lavapipe); nothing to measure"
  exit 0
fi

cat > "$tmp/gemm.mlir" <<MLIR
func.func private @printF64(f64)
func.func private @printNewline()
func.func @gemm(%A: memref<${N}x${N}xf32>, %B: memref<${N}x${N}xf32>, %C: memref<${N}x${N}xf32>) {
  affine.for %i = 0 to ${N} {
    affine.for %j = 0 to ${N} {
      affine.for %k = 0 to ${N} {
        %a = affine.load %A[%i, %k] : memref<${N}x${N}xf32>
        %b = affine.load %B[%k, %j] : memref<${N}x${N}xf32>
        %c = affine.load %C[%i, %j] : memref<${N}x${N}xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<${N}x${N}xf32>
      }
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<${N}x${N}xf32>
  %B = memref.alloc() : memref<${N}x${N}xf32>
  %C = memref.alloc() : memref<${N}x${N}xf32>
  %c7 = arith.constant 7 : index
  %d = arith.constant 8.0 : f32
  affine.for %i = 0 to ${N} {
    affine.for %j = 0 to ${N} {
      %s = arith.addi %i, %j : index
      %m = arith.remsi %s, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      %v = arith.divf %f, %d : f32
      affine.store %v, %A[%i, %j] : memref<${N}x${N}xf32>
      affine.store %v, %B[%j, %i] : memref<${N}x${N}xf32>
      affine.store %v, %C[%i, %j] : memref<${N}x${N}xf32>
    }
  }
  func.call @gemm(%A, %B, %C) : (memref<${N}x${N}xf32>, memref<${N}x${N}xf32>, memref<${N}x${N}xf32>) -> ()
  %z = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to ${N} iter_args(%acc = %z) -> (f64) {
    %row = affine.for %j = 0 to ${N} iter_args(%r = %acc) -> (f64) {
      %v = affine.load %C[%i, %j] : memref<${N}x${N}xf32>
      %w = arith.extf %v : f32 to f64
      %t = arith.addf %r, %w : f64
      affine.yield %t : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
MLIR

cat > "$tmp/jacobi.mlir" <<MLIR
func.func private @printF64(f64)
func.func private @printNewline()
func.func @sweep(%A: memref<${N}x${N}xf32>, %B: memref<${N}x${N}xf32>) {
  %q = arith.constant 0.2 : f32
  affine.for %i = 1 to $((N - 1)) {
    affine.for %j = 1 to $((N - 1)) {
      %c = affine.load %A[%i, %j] : memref<${N}x${N}xf32>
      %n = affine.load %A[%i - 1, %j] : memref<${N}x${N}xf32>
      %s = affine.load %A[%i + 1, %j] : memref<${N}x${N}xf32>
      %w = affine.load %A[%i, %j - 1] : memref<${N}x${N}xf32>
      %e = affine.load %A[%i, %j + 1] : memref<${N}x${N}xf32>
      %t0 = arith.addf %c, %n : f32
      %t1 = arith.addf %t0, %s : f32
      %t2 = arith.addf %t1, %w : f32
      %t3 = arith.addf %t2, %e : f32
      %r = arith.mulf %t3, %q : f32
      affine.store %r, %B[%i, %j] : memref<${N}x${N}xf32>
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<${N}x${N}xf32>
  %B = memref.alloc() : memref<${N}x${N}xf32>
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to ${N} {
    affine.for %j = 0 to ${N} {
      %s = arith.muli %i, %j : index
      %m = arith.remsi %s, %c5 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      affine.store %f, %A[%i, %j] : memref<${N}x${N}xf32>
      affine.store %f, %B[%i, %j] : memref<${N}x${N}xf32>
    }
  }
  affine.for %t = 0 to 10 {
    func.call @sweep(%A, %B) : (memref<${N}x${N}xf32>, memref<${N}x${N}xf32>) -> ()
    func.call @sweep(%B, %A) : (memref<${N}x${N}xf32>, memref<${N}x${N}xf32>) -> ()
  }
  %z = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to ${N} iter_args(%acc = %z) -> (f64) {
    %row = affine.for %j = 0 to ${N} iter_args(%r = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<${N}x${N}xf32>
      %w = arith.extf %v : f32 to f64
      %t = arith.addf %r, %w : f64
      affine.yield %t : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
MLIR

# name, variant, file, kernel, flops per launch, workgroup sizes, extra flags
bench() {
  local name=$1 variant=$2 file=$3 kernel=$4 flops=$5 sizes=$6
  shift 6
  local cpu="-"
  if cpu_out=$($L run "$file" -e main 2>/dev/null); then cpu=$(echo "$cpu_out" | tr -d '\n'); fi
  for wg in $sizes; do
    if ! out=$($L run --target gpu "$file" --gpu-workgroup-size "$wg" --gpu-time "$@" 2>"$tmp/err"); then
      printf '%-8s %-7s %-8s %12s %10s %14s  %s\n' "$name" "$variant" "$wg" "-" "-" "failed" "$(grep -v XDG "$tmp/err" | head -1)"
      continue
    fi
    line=$(grep "gpu kernel ${kernel}_kernel::" "$tmp/err" || true)
    ms=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) ms over \([0-9]*\) launches.*/\1/p')
    n=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) ms over \([0-9]*\) launches.*/\2/p')
    check=$(echo "$out" | tr -d '\n')
    [ "$cpu" != "-" ] && { [ "$check" = "$cpu" ] && check="$check (= CPU)" || check="$check (CPU $cpu)"; }
    if [ -n "$ms" ]; then
      gflops=$(awk -v f="$flops" -v n="$n" -v ms="$ms" 'BEGIN { printf "%.2f", f * n / (ms * 1e6) }')
      per=$(awk -v n="$n" -v ms="$ms" 'BEGIN { printf "%.3f", ms / n }')
      printf '%-8s %-7s %-8s %12s %10s %14s  %s\n' "$name" "$variant" "$wg" "$per" "$gflops" "$n" "$check"
    else
      printf '%-8s %-7s %-8s %12s %10s %14s  %s\n' "$name" "$variant" "$wg" "untimed" "-" "-" "$check"
    fi
  done
}

adapter=$($L run --target gpu --gpu-list-adapters 2>/dev/null | head -1)
echo "adapter: $adapter, N = $N"
printf '%-8s %-7s %-8s %12s %10s %14s  %s\n' kernel variant wg "ms/launch" "GFLOP/s" launches checksum
gemm_flops=$((2 * N * N * N))
jacobi_flops=$((5 * (N - 2) * (N - 2)))
# 2-D workgroups only for GEMM: a 1-D mapping leaves a j x k nest of N*N iterations in
# each invocation, past lavapipe's limit of 65535 loop iterations per invocation
# (gallivm's loop limiter), which silently drops the rest (the checksum check shows it).
bench gemm naive "$tmp/gemm.mlir" gemm $gemm_flops "8,8 16,16 32,8"
bench gemm tiled "$tmp/gemm.mlir" gemm $gemm_flops "8,8 16,16 32,8" --gpu-promote-workgroup-memory
bench gemm reg2x2 "$tmp/gemm.mlir" gemm $gemm_flops "8,8 16,16" --gpu-thread-tile 2,2
bench gemm tile+r2 "$tmp/gemm.mlir" gemm $gemm_flops "8,8 16,16" --gpu-promote-workgroup-memory --gpu-thread-tile 2,2
bench gemm tile+r4 "$tmp/gemm.mlir" gemm $gemm_flops "8,8 16,16" --gpu-promote-workgroup-memory --gpu-thread-tile 4,4
bench jacobi naive "$tmp/jacobi.mlir" sweep $jacobi_flops "64 256 16,16 32,8"
bench jacobi tiled "$tmp/jacobi.mlir" sweep $jacobi_flops "16,16 32,8" --gpu-promote-workgroup-memory

# cuBLAS reference (where an NVIDIA GPU and a CUDA build of PyTorch exist): the same
# N x N f32 product through torch.matmul, timed with CUDA events (median of 20 after
# 3 warm-ups). Its GFLOP/s are the bar the GEMM rows above are read against.
cublas=$(python3 - "$N" 2>&1 <<'PY' || true
import sys
try:
    import torch
except ImportError:
    print("skipped: python3 has no torch module"); sys.exit(0)
if not torch.cuda.is_available():
    print("skipped: torch sees no CUDA device"); sys.exit(0)
n = int(sys.argv[1])
a = torch.rand(n, n, device="cuda"); b = torch.rand(n, n, device="cuda")
for _ in range(3):
    torch.matmul(a, b)
times = []
for _ in range(20):
    s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize()
    times.append(s.elapsed_time(e))
times.sort(); ms = times[len(times) // 2]
print("%.3f %.2f %s" % (ms, 2 * n ** 3 / (ms * 1e6), torch.cuda.get_device_name(0)))
PY
)
case "$cublas" in
  skipped*) printf '%-8s %-7s %-8s %s\n' gemm cuBLAS - "$cublas" ;;
  [0-9]*) set -- $cublas
     printf '%-8s %-7s %-8s %12s %10s %14s  %s\n' gemm cuBLAS - "$1" "$2" 1 "torch.matmul on ${*:3}" ;;
  *) printf '%-8s %-7s %-8s %s\n' gemm cuBLAS - "failed: $(echo "$cublas" | tail -1)" ;;
esac

# Host-side overhead: wall time of a whole `lattice run --target gpu` (parse, map, emit,
# JIT-compile the host code, run it, transfers) next to the summed kernel time, on
# programs with many launches and host work between them. With LATTICE_BIN_BEFORE set to
# another build, the same rows for it (e.g. a build with the host interpreter).
overhead() {
  local name=$1 file=$2 bin=$3 label=$4
  local t0 t1 out kernel launches traffic run
  # Wall time without timestamp queries (they cost a query set per launch).
  t0=$(date +%s.%N)
  if ! $bin run --target gpu "$file" >/dev/null 2>&1; then
    printf '%-14s %-8s %9s\n' "$name" "$label" "failed"
    return
  fi
  t1=$(date +%s.%N)
  out=$($bin run --target gpu "$file" --gpu-time --remarks 2>"$tmp/err")
  kernel=$(sed -n 's/^gpu kernel time: \([0-9.]*\) ms over.*/\1/p' "$tmp/err")
  launches=$(sed -n 's/^gpu kernel time: [0-9.]* ms over \([0-9]*\) launches.*/\1/p' "$tmp/err")
  traffic=$(sed -n 's/^remark: .*; \([0-9]*\) bytes uploaded, \([0-9]*\) downloaded/\1 \/ \2/p' "$tmp/err")
  run=$(sed -n 's/^gpu run: compile [0-9.]* ms, run \([0-9.]*\) ms/\1/p' "$tmp/err")
  printf '%-14s %-8s %9.3f %9s %10s %9s %22s  %s\n' "$name" "$label" "$(echo "$t1 - $t0" | bc)" \
    "${run:--}" "${kernel:--}" "${launches:--}" "${traffic:--}" "$(echo "$out" | tr -d '\n')"
}
# 2001 launches of a small stencil with no host work in between.
cat > "$tmp/many.mlir" <<MLIR
func.func private @printF64(f64)
func.func private @printNewline()
func.func @step(%A: memref<1024xf32>, %B: memref<1024xf32>) {
  %h = arith.constant 0.5 : f32
  affine.for %i = 1 to 1023 {
    %a = affine.load %A[%i - 1] : memref<1024xf32>
    %b = affine.load %A[%i + 1] : memref<1024xf32>
    %s = arith.addf %a, %b : f32
    %m = arith.mulf %s, %h : f32
    affine.store %m, %B[%i] : memref<1024xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<1024xf32>
  %B = memref.alloc() : memref<1024xf32>
  affine.for %i = 0 to 1024 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    affine.store %f, %A[%i] : memref<1024xf32>
    affine.store %f, %B[%i] : memref<1024xf32>
  }
  affine.for %t = 0 to 1000 {
    func.call @step(%A, %B) : (memref<1024xf32>, memref<1024xf32>) -> ()
    func.call @step(%B, %A) : (memref<1024xf32>, memref<1024xf32>) -> ()
  }
  %z = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 1024 iter_args(%acc = %z) -> (f64) {
    %v = affine.load %A[%i] : memref<1024xf32>
    %w = arith.extf %v : f32 to f64
    %t = arith.addf %acc, %w : f64
    affine.yield %t : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
MLIR
echo
echo "host-side overhead (wall: whole process without --gpu-time; run: the entry function incl. lazy JIT codegen, kernel: summed timestamp time, both from a --gpu-time run)"
printf '%-14s %-8s %9s %9s %10s %9s %22s  %s\n' program build "wall s" "run ms" "kernel ms" launches "bytes up / down" checksum
for f in jacobi_1d lu seidel_2d floyd_warshall heat_3d; do
  overhead "$f" "examples/$f.mlir" "$L" now
  [ -n "${LATTICE_BIN_BEFORE:-}" ] && overhead "$f" "examples/$f.mlir" "$LATTICE_BIN_BEFORE" before
done
overhead "2001 launches" "$tmp/many.mlir" "$L" now
[ -n "${LATTICE_BIN_BEFORE:-}" ] && overhead "2001 launches" "$tmp/many.mlir" "$LATTICE_BIN_BEFORE" before
overhead "jacobi N=$N" "$tmp/jacobi.mlir" "$L" now
[ -n "${LATTICE_BIN_BEFORE:-}" ] && overhead "jacobi N=$N" "$tmp/jacobi.mlir" "$LATTICE_BIN_BEFORE" before
true
