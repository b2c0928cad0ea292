//! `lattice-cli` as a library: the fuzzers, and (re-exported from
//! `lattice-driver`) how a front end assembles a context (every dialect) and a pass
//! registry (every pass), shared by the `lattice` binary, the fuzz targets and tests.

pub mod fuzz;

pub use lattice_driver::{
    args, fsio, machine, make_context, make_registry, panic_message, set_diagnostic_format,
    source_map,
};
