//! `lattice emit`: emit LLVM IR, assembly, objects, shared libraries, SPIR-V or WGSL. Placeholder until its issue lands: it reports that the
//! command is not available yet and exits with status 2.

use std::process::ExitCode;

pub fn main(_args: &[String]) -> ExitCode {
    eprintln!("lattice emit: this command is not available in this build yet");
    ExitCode::from(2)
}
