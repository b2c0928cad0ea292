//! Lattice's code generators: `llvm/` for the CPU and `gpu/` for compute shaders.
#![forbid(unsafe_code)]

pub mod gpu;
