//! The argument parser every `lattice` subcommand shares (clap): `--help` prints the
//! generated help on standard output and exits 0; a usage error prints clap's message
//! (with a did-you-mean where one fits), the usage line and a pointer to `--help` on
//! standard error and exits 2.
//!
//! mlir-opt's spellings keep working: a long flag may be written with one dash
//! (`-mlir-print-op-generic`, `-pass-pipeline=...`, `-canonicalize`), which [`normalize`]
//! rewrites to two before clap sees it, and a boolean flag takes an optional `=true`,
//! `=false`, `=1` or `=0` ([`bool_flag`]). Each registered pass is an argument of its own
//! ([`pass_args`]), so clap's help lists it with its options and a misspelled pass gets a
//! suggestion; its option text is parsed and checked by the argument's value parser.
//!
//! Invariant: a subcommand's arguments are one clap command, parsed once, before any
//! input is read; only flags the subcommand accepts are in it (so only those are
//! suggested).

use clap::{Arg, ArgAction, ArgMatches, Command};
use lattice_ir::pass::{parse_pass_options, render_pass_option_lines, PassOptions, PassRegistry};
use std::process::ExitCode;

/// The heading under which help lists the passes.
pub const PASSES: &str = "Passes (--NAME or --NAME=\"opt=value ...\"; a bad option is a usage error before any pass runs)";

/// Parses `args` (what follows the subcommand's name) as `T`; `Err` is the exit code to
/// end with, help or the usage error already printed.
pub fn parse<T: clap::Parser>(args: &[String]) -> Result<T, ExitCode> {
    let m = parse_matches(T::command().arg(diagnostic_format_arg()), args)?;
    T::from_arg_matches(&m).map_err(|e| report("", e))
}

/// Parses `args` with the command `cmd` built at run time (the passes are arguments).
pub fn parse_matches(cmd: Command, args: &[String]) -> Result<ArgMatches, ExitCode> {
    let name = cmd.get_bin_name().unwrap_or("lattice").to_string();
    let mut args = normalize(args);
    // Help wins over everything, even a flag still waiting for its value (`--wgsl --help`).
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    if let Some(help) = args[..end].iter().find(|a| *a == "-h" || *a == "--help") {
        args = vec![help.clone()];
    }
    let argv = std::iter::once(String::new()).chain(args);
    cmd.try_get_matches_from(argv).map_err(|e| report(&name, e))
}

/// Prints help on stdout, or a usage error as `lattice CMD: message` (clap's text with
/// its suggestion, the usage line and a pointer to `--help`) on stderr; returns the exit
/// code (0 for help, 2 for usage errors).
fn report(name: &str, e: clap::Error) -> ExitCode {
    let code = ExitCode::from(e.exit_code().clamp(0, 255) as u8);
    if !e.use_stderr() || name.is_empty() {
        let _ = e.print();
        return code;
    }
    let text = e.render().to_string();
    eprint!("{name}: {}", text.strip_prefix("error: ").unwrap_or(&text));
    code
}

/// A usage error found after parsing (a flag that needs another, a bad `--machine`, an
/// environment value), printed as clap prints its own: `lattice CMD: message`, the usage
/// line of `cmd` and a pointer to `--help` on stderr, exit 2.
pub fn usage_error(mut cmd: Command, message: &str) -> ExitCode {
    let name = cmd.get_bin_name().unwrap_or("lattice").to_string();
    report(
        &name,
        cmd.error(clap::error::ErrorKind::ValueValidation, message),
    )
}

/// mlir-opt's one-dash long flags as two-dash ones: `-name[=v]` with a name of two or
/// more letters becomes `--name[=v]`; `-o` and `-O` keep their short form (`-oFILE`,
/// `-O3`), as do `-`, negative numbers and everything after `--`.
pub fn normalize(args: &[String]) -> Vec<String> {
    let mut rest_positional = false;
    args.iter()
        .map(|a| {
            rest_positional |= a == "--";
            let b = a.as_bytes();
            let long_with_one_dash = !rest_positional
                && b.len() > 2
                && b[0] == b'-'
                && b[1].is_ascii_alphabetic()
                && !matches!(b[1], b'o' | b'O')
                && (b[2].is_ascii_alphanumeric() || b[2] == b'-');
            match long_with_one_dash {
                true => format!("-{a}"),
                false => a.clone(),
            }
        })
        .collect()
}

/// A common base: `lattice NAME` in usage lines, an option given twice keeps the last
/// value (as mlir-opt's flags do), no `--version`.
pub fn command(name: &'static str, about: &'static str) -> Command {
    Command::new(name)
        .bin_name(format!("lattice {name}"))
        .about(about)
        .args_override_self(true)
        .disable_version_flag(true)
        .max_term_width(100)
        .arg(diagnostic_format_arg())
}

/// `--diagnostic-format=mlir|rich`, which every command takes. `main` reads a valid one
/// before the command's parser runs (the format applies to everything printed); the
/// argument is declared here so that help lists it and a bad value is a usage error.
pub fn diagnostic_format_arg() -> Arg {
    Arg::new("diagnostic-format")
        .long("diagnostic-format")
        .value_name("FORMAT")
        .value_parser(["mlir", "rich"])
        .help("Diagnostics as mlir-opt's `file:line:col: error:` lines (mlir, the default) or as labelled source excerpts (rich)")
        .action(ArgAction::Set)
}

/// `true`, `1`, `false`, `0`, and LLVM's other spellings `TRUE`, `True`, `FALSE`,
/// `False` (mlir-opt takes them all).
fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err("expected true or false".into()),
    }
}

/// A count of at least 1 (`--threads`, `--repeat`): clap's range check would print the
/// range up to `u64::MAX`.
pub fn positive_count(v: &str) -> Result<u64, String> {
    match v.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a positive integer, got '{v}'")),
    }
}

/// A boolean flag: `--name`, or `--name=true|false|1|0` (mlir-opt's form).
pub fn bool_flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .help(help)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value("true")
        .value_name("BOOL")
        .hide_possible_values(true)
        .value_parser(parse_bool)
        .action(ArgAction::Set)
}

/// The value of a [`bool_flag`] (`default` when absent).
pub fn get_bool(m: &ArgMatches, name: &str, default: bool) -> bool {
    m.get_one::<bool>(name).copied().unwrap_or(default)
}

/// An option taking a value (`--name VALUE` or `--name=VALUE`).
pub fn value(name: &'static str, value_name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .value_name(value_name)
        .help(help)
        .action(ArgAction::Set)
}

/// The string value of `name`.
pub fn get_string(m: &ArgMatches, name: &str) -> Option<String> {
    m.get_one::<String>(name).cloned()
}

/// The flags that build a pipeline: one per registered pass (`--NAME[=OPTIONS]`, its
/// option text parsed by [`parse_pass_options`] as a value parser, so a bad option is a
/// usage error naming it), `--pass-pipeline`, `--remarks` and `--machine`.
pub fn pass_args(registry: &PassRegistry) -> Vec<Arg> {
    pass_args_except(registry, &[])
}

/// [`pass_args`] without the passes named in `except` (a command whose own flag has
/// such a name: `emit --wgsl --gpu-promote-workgroup-memory`).
pub fn pass_args_except(registry: &PassRegistry, except: &[&str]) -> Vec<Arg> {
    let mut args = vec![
        value(
            "pass-pipeline",
            "PIPELINE",
            "The passes as a pipeline, e.g. 'builtin.module(func.func(canonicalize,cse))'",
        )
        .help_heading(PASSES),
        bool_flag(
            "remarks",
            "Every pass prints why it declined to transform, as `file:line:col: remark:` lines (as each pass's remarks=true; a pass's remarks=false still wins)",
        ),
        value("machine", "SPEC", crate::machine::FLAG_HELP),
    ];
    for def in registry.passes() {
        if except.contains(&def.name) {
            continue;
        }
        let options = render_pass_option_lines(def, "");
        let long = match options.is_empty() {
            true => def.summary.to_string(),
            false => format!("{}\n{}", def.summary, options.trim_end()),
        };
        args.push(
            Arg::new(def.name)
                .long(def.name)
                .help(def.summary)
                .long_help(long)
                .value_name("OPTIONS")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .value_parser(move |text: &str| parse_pass_options(def, text))
                .action(ArgAction::Append)
                .help_heading(PASSES),
        );
    }
    args
}

/// The passes given as flags, in command-line order, with their parsed options.
pub fn flag_passes(
    m: &ArgMatches,
    registry: &PassRegistry,
) -> Vec<(&'static lattice_ir::pass::PassDef, PassOptions)> {
    let mut found = Vec::new();
    for def in registry.passes() {
        if !m.try_contains_id(def.name).unwrap_or(false) {
            continue;
        }
        // A command's own flag may share a pass's name (its id then holds no options).
        let (Ok(Some(values)), Some(indices)) = (
            m.try_get_many::<PassOptions>(def.name),
            m.indices_of(def.name),
        ) else {
            continue;
        };
        for (options, index) in values.zip(indices) {
            found.push((index, def, options.clone()));
        }
    }
    found.sort_by_key(|(index, _, _)| *index);
    found.into_iter().map(|(_, d, o)| (d, o)).collect()
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn one_dash_long_flags_become_two_dash_ones() {
        let args: Vec<String> = [
            "-mlir-print-op-generic",
            "-pass-pipeline=builtin.module(cse)",
            "-o",
            "-",
            "-oout.mlir",
            "-O3",
            "-e",
            "-entry-point-result=f64",
            "-h",
            "-3",
            "--cse",
            "--",
            "-weird",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        expect_test::expect![[r#"
            [
                "--mlir-print-op-generic",
                "--pass-pipeline=builtin.module(cse)",
                "-o",
                "-",
                "-oout.mlir",
                "-O3",
                "-e",
                "--entry-point-result=f64",
                "-h",
                "-3",
                "--cse",
                "--",
                "-weird",
            ]
        "#]]
        .assert_debug_eq(&normalize(&args));
    }
}
