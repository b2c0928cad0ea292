//! `lattice emit --spirv DIR` / `--wgsl DIR`: placeholder forwarding point until the GPU
//! back end lands; it reports that GPU emission is not available and exits with status 2.

use std::process::ExitCode;

/// Entry point for GPU emission.
pub fn main(_args: &[String]) -> ExitCode {
    eprintln!("lattice emit: --spirv/--wgsl are not available in this build yet");
    ExitCode::from(2)
}
