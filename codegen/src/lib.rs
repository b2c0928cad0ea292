//! Lattice's code generators: `llvm/` for the CPU and `gpu/` for compute shaders.
#![deny(unsafe_code)]

pub mod gpu;
#[allow(unsafe_code)]
pub mod runtime;
