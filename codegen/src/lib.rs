//! Lattice's code generators: `llvm/` for the CPU (LLVM IR through inkwell; JIT and
//! object emission), `gpu/` for compute shaders, `runtime/` for the runner utilities and
//! thread pool generated code calls. Unsafe code is denied except in the modules that
//! call into LLVM's JIT, hand function addresses to it, or implement the C runtime API,
//! which allow it locally.
#![deny(unsafe_code)]

pub mod gpu;
#[allow(unsafe_code)] // GEPs and the JIT; see llvm/mod.rs
pub mod llvm;
#[allow(unsafe_code)]
pub mod runtime;
