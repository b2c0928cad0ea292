//! The `lattice` command-line driver: `lattice opt` (mlir-opt compatible) for now.
//!
//! Exit codes: 0 success, 1 diagnostics (bad input text or IR, failed passes, unmatched
//! expected diagnostics, unreadable files), 2 usage errors. No input makes it panic; as a
//! last line of defence a panic inside the compiler is caught and reported as an internal
//! error with exit code 1, and output files are only ever replaced atomically on success.

mod expected;
mod opt;

use std::process::ExitCode;

const USAGE: &str = "\
lattice — polyhedral loop optimizer with an MLIR-compatible IR

USAGE:
    lattice opt [FILE|-] [-o OUT] [OPTIONS] [PASSES]    parse, verify, transform and print MLIR

Run `lattice opt --help` for the options and the list of passes.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("opt") => opt::main(&args[1..]),
        Some("-h" | "--help" | "help") | None => {
            print!("{USAGE}");
            if args.is_empty() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        Some("--version" | "-V") => {
            println!("lattice {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("lattice: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
