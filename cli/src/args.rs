//! The argument parser the `lattice` subcommands share (clap): `--help` prints the
//! generated help on standard output and exits 0; a usage error prints clap's message
//! (with a did-you-mean where one fits), the usage line and a pointer to `--help` on
//! standard error and exits 2.
//!
//! Invariant: a subcommand's arguments are one `clap::Parser` type, parsed once, before
//! any input is read.

use std::process::ExitCode;

/// Parses `args` (what follows the subcommand's name) as `T`; `Err` is the exit code to
/// end with, help or the usage error already printed.
pub fn parse<T: clap::Parser>(args: &[String]) -> Result<T, ExitCode> {
    let argv = std::iter::once(String::new()).chain(args.iter().cloned());
    T::try_parse_from(argv).map_err(|e| {
        let _ = e.print();
        ExitCode::from(e.exit_code().clamp(0, 255) as u8)
    })
}
