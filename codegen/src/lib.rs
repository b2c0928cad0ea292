//! Lattice's code generators: `llvm/` for the CPU (LLVM IR through inkwell; JIT and
//! object emission), `gpu/` for compute shaders, and `runtime` (re-exported from the
//! `lattice-runtime` crate) for the runner utilities and thread pool generated code calls.
//! Unsafe code is denied except in the modules that call into LLVM's JIT or hand function
//! addresses to it, which allow it locally.
#![deny(unsafe_code)]

pub mod gpu;
#[allow(unsafe_code)] // GEPs and the JIT; see llvm/mod.rs
pub mod llvm;
/// The runtime generated CPU code calls, from its own crate (`runtime/`, no LLVM), so that
/// `lattice emit --shared` can link against it as `liblattice_runtime.so`.
pub use lattice_runtime as runtime;
