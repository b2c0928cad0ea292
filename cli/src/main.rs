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

/// Removes `--diagnostic-format=F` (or `--diagnostic-format F`) with a valid `F` from
/// `args`, wherever it stands, and sets the format every command renders diagnostics in.
/// A bad or missing value stays for the subcommand's parser to report as the usage error
/// it is ([`lattice_cli::args::diagnostic_format_arg`]).
fn take_diagnostic_format(args: Vec<String>) -> Vec<String> {
    let mut rest = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let (value, used) = match a.trim_start_matches('-') {
            "diagnostic-format" if a.starts_with('-') => (args.get(i + 1).map(String::as_str), 2),
            body if a.starts_with('-') && body.starts_with("diagnostic-format=") => {
                (Some(&body["diagnostic-format=".len()..]), 1)
            }
            _ => (None, 1),
        };
        match value.and_then(lattice_ir::diag::DiagFormat::parse) {
            Some(format) => lattice_cli::set_diagnostic_format(format),
            None => {
                rest.push(a.clone());
                i += 1;
                continue;
            }
        }
        i += used;
    }
    rest
}

fn main() -> ExitCode {
    common::end_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = take_diagnostic_format(args);
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
            eprintln!(
                "lattice: {}\n\n{USAGE}",
                unknown_command(other, args.get(1))
            );
            ExitCode::from(2)
        }
    }
}

/// Why `first`, the first argument (followed by `next`), names no command: a bad
/// `--diagnostic-format` value (the one option allowed before the command, reported as the
/// subcommands' parser words it), another option, or an unknown command name.
fn unknown_command(first: &str, next: Option<&String>) -> String {
    let body = first.trim_start_matches('-');
    if first.starts_with('-')
        && (body == "diagnostic-format" || body.starts_with("diagnostic-format="))
    {
        let value = body.strip_prefix("diagnostic-format=").or(match body {
            "diagnostic-format" => next.map(String::as_str),
            _ => None,
        });
        return match value {
            Some(value) => format!(
                "invalid value '{value}' for '--diagnostic-format <FORMAT>'\n  [possible values: mlir, rich]"
            ),
            None => "a value is required for '--diagnostic-format <FORMAT>'\n  [possible values: mlir, rich]"
                .to_string(),
        };
    }
    if first.starts_with('-') {
        return format!("unknown option '{first}' before the command (options go after it)");
    }
    format!("unknown command '{first}'")
}
