//! Lattice's code generators: `llvm/` for the CPU (LLVM IR through inkwell; JIT and
//! object emission). Unsafe code is denied except in the modules that call into LLVM's
//! JIT or hand function addresses to it, which allow it locally.
#![deny(unsafe_code)]

#[allow(unsafe_code)] // GEPs and the JIT; see llvm/mod.rs
pub mod llvm;
