// RUN: not lattice run --target gpu %s --gpu-adapter no-such-adapter 2>&1 | FileCheck %s

// A name that matches no adapter lists the adapters (or, where there is none, says how
// to get one); the run fails before anything is compiled.
// CHECK: lattice run: no GPU adapter {{(matches "no-such-adapter"; available: 0: .* \(--gpu-adapter takes a part of a name or a position, 0 first\)|found \(on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers\))}}
func.func @main() {
  return
}
