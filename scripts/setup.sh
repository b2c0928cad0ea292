#!/usr/bin/env bash
# Sets up everything Lattice needs on Debian 12 (bookworm), then builds the
# workspace in release mode. Idempotent: apt is only touched when a package is
# missing, and cargo only rebuilds what changed.
#
#   bash scripts/setup.sh        # run on its own
#   source scripts/setup.sh      # what demo.sh and test.sh do, so that the
#                                # exported variables below reach them
#
# Exports LLVM_SYS_221_PREFIX=/usr/lib/llvm-22 and puts /usr/lib/llvm-22/bin
# (mlir-opt, FileCheck, mlir-runner, clang) on PATH.
# Set LATTICE_SKIP_BUILD=1 to install without building, LATTICE_SKIP_APT=1 to leave apt
# alone, LATTICE_LLVM_BIN=<dir> for another LLVM 22 tool folder. Fails (exit 1) when
# mlir-opt, FileCheck, mlir-runner or clang-22 is missing after the install.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

LATTICE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$LATTICE_ROOT"

# --- System packages ----------------------------------------------------------
LATTICE_APT_PACKAGES=(
  build-essential pkg-config git curl ca-certificates python3
  autoconf automake libtool libgmp-dev
  llvm-22-dev libzstd-dev libxml2-dev libffi-dev zlib1g-dev libz3-dev
  mesa-vulkan-drivers
  mlir-22-tools clang-22 libpolly-22-dev
  libopenblas-dev
)

lattice_as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -E "$@"
  else
    echo "setup: need root (or sudo) to run: $*" >&2
    return 1
  fi
}

lattice_missing=()
for pkg in "${LATTICE_APT_PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [ "$status" != "install ok installed" ]; then
    lattice_missing+=("$pkg")
  fi
done
if [ "${LATTICE_SKIP_APT:-0}" = 1 ]; then
  echo "setup: LATTICE_SKIP_APT=1: apt left alone"
elif [ "${#lattice_missing[@]}" -gt 0 ]; then
  echo "setup: installing ${lattice_missing[*]}"
  lattice_as_root apt-get update
  lattice_as_root apt-get install -y "${lattice_missing[@]}"
else
  echo "setup: all ${#LATTICE_APT_PACKAGES[@]} apt packages already installed"
fi

# --- Environment ----------------------------------------------------------------
export LLVM_SYS_221_PREFIX=/usr/lib/llvm-22
LATTICE_LLVM_BIN_DIR="${LATTICE_LLVM_BIN:-/usr/lib/llvm-22/bin}"
case ":$PATH:" in
  *":$LATTICE_LLVM_BIN_DIR:"*) ;;
  *) export PATH="$LATTICE_LLVM_BIN_DIR:$PATH" ;;
esac
# rustup installs into ~/.cargo/bin, which a non-login shell may not have.
if [ -d "${CARGO_HOME:-$HOME/.cargo}/bin" ]; then
  case ":$PATH:" in
    *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;;
    *) export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;;
  esac
fi

# The tests and the conformance gate need these; without them they would only skip
# (and in CI, where CI=true, fail later with a less clear message): fail here.
lattice_missing_tools=()
for tool in mlir-opt FileCheck mlir-runner clang-22; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    lattice_missing_tools+=("$tool")
  fi
done
if [ "${#lattice_missing_tools[@]}" -gt 0 ]; then
  echo "setup: error: ${lattice_missing_tools[*]} not found on PATH ($LATTICE_LLVM_BIN_DIR); install mlir-22-tools and clang-22" >&2
  exit 1
fi

# --- Rust toolchain -------------------------------------------------------------
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found. Our machines come with a rustup toolchain in ~/.cargo/bin;" >&2
  echo "setup: falling back to Debian's cargo and rustc, which may be too old for this workspace." >&2
  lattice_as_root apt-get update
  lattice_as_root apt-get install -y cargo rustc
  if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: error: still no cargo. Install a Rust toolchain (https://rustup.rs) and re-run." >&2
    exit 1
  fi
fi
echo "setup: $(cargo --version), $(rustc --version)"

# --- Build ------------------------------------------------------------------------
if [ "${LATTICE_SKIP_BUILD:-0}" != 1 ]; then
  echo "setup: cargo build --release --workspace"
  cargo build --release --workspace
fi
