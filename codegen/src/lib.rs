//! Lattice's code generators: `llvm/` for the CPU and `gpu/` for compute shaders.
//! Not yet built (see the CPU and GPU issues); the crate exists so dependencies point one way.
#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod runtime;
