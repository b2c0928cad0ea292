//! Lattice's polyhedral engine: the isl bridge, dependence analysis, transformations,
//! the automatic scheduler and AST generation back to affine loops. Not yet built
//! (see the polyhedral issue); the crate exists so dependencies point one way.
#![forbid(unsafe_code)]
