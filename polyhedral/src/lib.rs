//! Lattice's polyhedral engine: the isl bridge ([`isl`]), extraction of static control
//! parts from affine IR ([`scop`]), dependence analysis ([`deps`]), transformations, the
//! automatic scheduler and AST generation back to affine loops.
//!
//! Invariants: every isl object is created through an [`isl::IslCtx`], whose errors come
//! back as data (never an abort) and whose operation limit bounds the work on any input;
//! `unsafe` code lives only in the modules that declare isl functions isl-rs does not
//! bind ([`ast_build`], [`isl`]).
#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod ast_build;
pub mod codegen;
pub mod contraction_tiles;
pub mod deps;
pub mod index_split;
#[allow(unsafe_code)]
pub mod isl;
pub mod order_cost;
pub mod parallel_check;
pub mod passes;
pub mod reduction;
pub mod schedule;
pub mod scop;
pub mod source_loops;
pub mod tile_model;
pub mod transform;

#[cfg(test)]
mod analysis_tests;
#[cfg(test)]
mod tests;
