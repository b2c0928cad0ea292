#!/usr/bin/env bash
# Runs every example program examples/*.mlir under the upstream MLIR tools
# (LLVM 22: mlir-opt lowers affine/scf/math/memref/arith/func to the LLVM
# dialect, mlir-runner JIT-compiles and runs @main) and prints one line
# `name checksum` per example. Each example must:
#   - be accepted by mlir-opt, and mlir-opt's own output must be accepted again;
#   - run to completion and print exactly one line (its checksum);
#   - print the value recorded in its `// CHECKSUM: <value>` line.
# Exits non-zero if any example fails one of these.
#
# Options:
#   --with-c   also build examples/c/<name>.c with clang -O2 -ffp-contract=off
#              and require it to print the same checksum.
#   --precise  print checksums with 17 significant digits ("%.17g") instead of
#              printF64's "%g": mlir-runner loads a tiny printF64/printNewline
#              shim built with clang instead of libmlir_c_runner_utils, and
#              the C versions (with --with-c) are rebuilt to print "%.17g".
#              CHECKSUM lines are not compared in this mode (they hold "%g").
#   --update   rewrite each file's CHECKSUM line with the value it printed.
#   NAME...    run only these examples (file names without .mlir).
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), LLVM_LIB (default
# /usr/lib/llvm-22/lib), CC (default clang-22, else clang).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
LLVM_LIB="${LLVM_LIB:-/usr/lib/llvm-22/lib}"
if [ -z "${CC:-}" ]; then
  if command -v clang-22 >/dev/null 2>&1; then CC=clang-22; else CC=clang; fi
fi

with_c=0
precise=0
update=0
names=()
for arg in "$@"; do
  case "$arg" in
    --with-c) with_c=1 ;;
    --precise) precise=1 ;;
    --update) update=1 ;;
    -h | --help)
      sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "run_examples_upstream: unknown option $arg" >&2
      exit 2
      ;;
    *) names+=("$arg") ;;
  esac
done

for tool in mlir-opt mlir-runner; do
  if [ ! -x "$LLVM_BIN/$tool" ]; then
    echo "run_examples_upstream: $LLVM_BIN/$tool not found (set LLVM_BIN)" >&2
    exit 2
  fi
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The libraries that provide printF64/printNewline to the JIT-compiled code.
shared_libs="$LLVM_LIB/libmlir_c_runner_utils.so.22.1,$LLVM_LIB/libmlir_runner_utils.so.22.1"
if [ "$precise" -eq 1 ]; then
  cat >"$tmp/precise.c" <<'EOF'
#include <stdio.h>
void printF64(double d) { printf("%.17g", d); }
void printNewline(void) { printf("\n"); }
EOF
  if ! "$CC" -O2 -shared -fPIC -o "$tmp/libprecise.so" "$tmp/precise.c"; then
    echo "run_examples_upstream: cannot build the --precise shim with $CC" >&2
    exit 2
  fi
  shared_libs="$tmp/libprecise.so"
fi

# The lowering pipeline: affine -> scf -> cf, math -> LLVM intrinsics (exp
# becomes llvm.intr.exp, which the JIT resolves to libm), then everything else
# (func, arith, memref, cf, index) through the generic --convert-to-llvm.
PIPELINE=(--lower-affine --convert-scf-to-cf --convert-math-to-llvm --convert-to-llvm
  --reconcile-unrealized-casts)

if [ "${#names[@]}" -eq 0 ]; then
  for f in "$ROOT"/examples/*.mlir; do
    names+=("$(basename "$f" .mlir)")
  done
fi

failed=0
fail() {
  echo "FAIL $1: $2" >&2
  failed=$((failed + 1))
}

for name in "${names[@]}"; do
  f="$ROOT/examples/$name.mlir"
  if [ ! -f "$f" ]; then
    fail "$name" "no file $f"
    continue
  fi
  # 1. mlir-opt accepts the file, and accepts what it prints for it.
  if ! "$LLVM_BIN/mlir-opt" "$f" >"$tmp/$name.opt.mlir" 2>"$tmp/$name.err"; then
    fail "$name" "mlir-opt rejects it: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  if ! "$LLVM_BIN/mlir-opt" "$tmp/$name.opt.mlir" >/dev/null 2>"$tmp/$name.err"; then
    fail "$name" "mlir-opt rejects its own output: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  # 2. Lower and run.
  if ! "$LLVM_BIN/mlir-opt" "$f" "${PIPELINE[@]}" -o "$tmp/$name.llvm.mlir" 2>"$tmp/$name.err"; then
    fail "$name" "lowering failed: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  if ! "$LLVM_BIN/mlir-runner" "$tmp/$name.llvm.mlir" -e main -entry-point-result=void \
    -shared-libs="$shared_libs" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    fail "$name" "mlir-runner failed: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  if [ "$(wc -l <"$tmp/$name.out")" -ne 1 ]; then
    fail "$name" "expected one line of output, got: $(head -c 200 "$tmp/$name.out")"
    continue
  fi
  got="$(tr -d '\n' <"$tmp/$name.out")"
  echo "$name $got"
  # 3. The recorded checksum.
  if [ "$precise" -eq 0 ]; then
    want="$(sed -n 's|^// CHECKSUM: *||p' "$f" | head -n 1)"
    if [ "$update" -eq 1 ]; then
      if grep -q '^// CHECKSUM:' "$f"; then
        sed -i "s|^// CHECKSUM:.*|// CHECKSUM: $got|" "$f"
      else
        sed -i "1i // CHECKSUM: $got" "$f"
      fi
    elif [ "$got" != "$want" ]; then
      fail "$name" "printed $got, but its CHECKSUM line says '$want'"
    fi
  fi
  # 4. The C version.
  if [ "$with_c" -eq 1 ]; then
    c="$ROOT/examples/c/$name.c"
    if [ ! -f "$c" ]; then
      fail "$name" "no C version $c"
      continue
    fi
    csrc="$c"
    if [ "$precise" -eq 1 ]; then
      sed 's/"%g\\n"/"%.17g\\n"/' "$c" >"$tmp/$name.c"
      csrc="$tmp/$name.c"
    fi
    if ! "$CC" -O2 -ffp-contract=off -o "$tmp/$name.exe" "$csrc" -lm 2>"$tmp/$name.err"; then
      fail "$name" "$CC cannot build $c: $(head -n 3 "$tmp/$name.err")"
      continue
    fi
    cgot="$("$tmp/$name.exe")"
    if [ "$cgot" != "$got" ]; then
      fail "$name" "the C version prints $cgot, the MLIR version $got"
    fi
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "run_examples_upstream: $failed example(s) failed" >&2
  exit 1
fi
