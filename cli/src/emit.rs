//! `lattice emit`: emit LLVM IR, assembly, objects, shared libraries, SPIR-V or WGSL. Placeholder until its issue lands: it reports that the
//! command is not available yet and exits with status 2.

use std::process::ExitCode;

pub fn main(args: &[String]) -> ExitCode {
    if args.iter().any(|a| {
        a == "--spirv" || a == "--wgsl" || a.starts_with("--spirv=") || a.starts_with("--wgsl=")
    }) {
        return crate::emit_gpu::main(args);
    }
    eprintln!("lattice emit: this command is not available in this build yet");
    ExitCode::from(2)
}
