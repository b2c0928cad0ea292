//! Lattice's polyhedral engine: the isl bridge, dependence analysis, transformations,
//! the automatic scheduler and AST generation back to affine loops.
//!
//! Invariant: `unsafe` code lives only in the modules that declare isl functions isl-rs
//! does not bind ([`ast_build`]).
#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod ast_build;
pub mod codegen;

#[cfg(test)]
mod tests;
