//! The `lattice` command-line driver: `opt` (mlir-opt compatible), `run`, `emit`, `deps`, `tune`.
//!
//! Exit codes: 0 success, 1 diagnostics (bad input text or IR, failed passes, unmatched
//! expected diagnostics, unreadable files), 2 usage errors. No input makes it panic; as a
//! last line of defence a panic inside the compiler is caught and reported as an internal
//! error with exit code 1, and output files are only ever replaced atomically on success.
//! A closed standard output (`lattice deps f.mlir | head`) ends the process silently by
//! SIGPIPE, as it ends `cat`.

mod common;
mod deps;
mod emit;
mod emit_gpu;
mod expected;
mod opt;
mod run;

use std::process::ExitCode;

const USAGE: &str = "\
lattice — polyhedral loop optimizer with an MLIR-compatible IR

USAGE:
    lattice opt  [FILE|-] [-o OUT] [OPTIONS] [PASSES]   parse, verify, transform and print MLIR
    lattice run  FILE -e main [OPTIONS] [PASSES]         JIT-compile and run (the mlir-runner contract)
    lattice emit --llvm-ir|--asm|--obj|--shared|--spirv|--wgsl FILE -o OUT
    lattice deps FILE [--format text|json|dot]           dependence report
    lattice tune FILE [OPTIONS]                          autotune a kernel

Run `lattice <command> --help` for the options.

Every command takes --diagnostic-format=mlir|rich: mlir-opt's `file:line:col: error:`
lines (default), or labelled source excerpts.
";

/// Removes `--diagnostic-format=F` (or `--diagnostic-format F`) from `args`, wherever it
/// stands, and sets the format every command renders diagnostics in.
fn take_diagnostic_format(args: Vec<String>) -> Result<Vec<String>, String> {
    let mut rest = Vec::with_capacity(args.len());
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let value = match a.trim_start_matches('-') {
            "diagnostic-format" if a.starts_with('-') => it
                .next()
                .ok_or("--diagnostic-format needs a value: mlir or rich")?,
            body if a.starts_with('-') && body.starts_with("diagnostic-format=") => {
                body["diagnostic-format=".len()..].to_string()
            }
            _ => {
                rest.push(a);
                continue;
            }
        };
        let format = lattice_ir::diag::DiagFormat::parse(&value).ok_or(format!(
            "--diagnostic-format: expected mlir or rich, got '{value}'"
        ))?;
        lattice_cli::set_diagnostic_format(format);
    }
    Ok(rest)
}

fn main() -> ExitCode {
    common::end_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = match take_diagnostic_format(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("lattice: {e}");
            return ExitCode::from(2);
        }
    };
    match args.first().map(String::as_str) {
        Some("opt") => opt::main(&args[1..]),
        Some("run") => run::main(&args[1..]),
        Some("emit") => emit::main(&args[1..]),
        Some("deps") => deps::main(&args[1..]),
        Some("tune") => lattice_tuner::main(&args[1..]),
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
