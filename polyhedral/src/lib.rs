//! Lattice's polyhedral engine on isl: the isl bridge ([`isl`]), extraction of static
//! control parts from affine IR ([`scop`]) and dependence analysis ([`deps`]).
//!
//! Invariant: every isl object is created through an [`isl::IslCtx`], whose errors come
//! back as data (never an abort) and whose operation limit bounds the work on any input.

#![warn(missing_docs)]

pub mod deps;
pub mod isl;
pub mod passes;
pub mod scop;

#[cfg(test)]
mod tests;
