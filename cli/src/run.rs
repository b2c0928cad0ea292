//! `lattice run`: JIT-compile and run a program (the mlir-runner contract). Placeholder until its issue lands: it reports that the
//! command is not available yet and exits with status 2.

use std::process::ExitCode;

pub fn main(args: &[String]) -> ExitCode {
    // `--target gpu` is the GPU helper's (cli/src/emit_gpu.rs).
    if args.windows(2).any(|w| w[0] == "--target" && w[1] == "gpu")
        || args.iter().any(|a| a == "--target=gpu")
    {
        return crate::emit_gpu::run_main(args);
    }
    eprintln!("lattice run: this command is not available in this build yet");
    ExitCode::from(2)
}
