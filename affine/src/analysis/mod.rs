//! Analyses over affine IR shared by the affine passes.
//!
//! Invariants: analyses only read the IR; they never mutate it.

pub mod bounded;
pub mod dependence;
pub mod presburger;
pub mod ranges;
