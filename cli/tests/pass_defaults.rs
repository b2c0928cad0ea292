//! Every pass Lattice shares with mlir-opt 22 (a name that both `lattice opt --help` and
//! `mlir-opt --help` list), run with its default options on one input chosen so that the
//! pass changes it, prints what mlir-opt prints: the same command line gives the same
//! program (a default that differs, such as DMA transfers instead of point-wise copy
//! loops in `--affine-data-copy-generate`, gives a program neither runner can execute).
//!
//! Both outputs are normalized by `mlir-opt --canonicalize --cse` (SSA names, constant
//! order and folds aside; canonicalize and cse themselves are only reprinted) before they
//! are compared. The inputs are `pass_defaults/*.mlir`;
//! the big matrix product (footprint over the default 512 KiB cache) is made from the small
//! one. A pass that Lattice deliberately runs with another default is in [`CASES`] with the
//! reason and the option that makes it agree; the test checks that the defaults do differ
//! and that the option makes them agree. A shared name Lattice uses for something else, or
//! a pass without options that changes no IR, is in [`NOT_COMPARED`] with the reason.
//! Every shared name must be in one of the two lists.
//!
//! Needs mlir-opt (skipped with a note without it, except in CI).

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// One pass: its input (a file of `pass_defaults/`, or `big` for the 1024x1024 matrix
/// product), whether it runs nested on `func.func` (mlir-opt cannot nest passes declared
/// on an interface, such as `affine-loop-unroll`, from a plain `--NAME`), whether the
/// default changes the input, and a deliberate difference of Lattice's defaults.
struct Case {
    pass: &'static str,
    input: &'static str,
    on_func: bool,
    changes: bool,
    /// Outputs are only reprinted by mlir-opt, not normalized (canonicalize and cse
    /// themselves: the normalization would hide their differences).
    reprint_only: bool,
    deliberate: Option<Deliberate>,
}

/// A default Lattice deliberately does not share: the option that makes it agree.
struct Deliberate {
    lattice_options: &'static str,
    reason: &'static str,
}

const fn case(pass: &'static str, input: &'static str, on_func: bool) -> Case {
    Case {
        pass,
        input,
        on_func,
        changes: true,
        reprint_only: false,
        deliberate: None,
    }
}

const CASES: &[Case] = &[
    case("affine-data-copy-generate", "matmul", true),
    case("affine-expand-index-ops", "misc", false),
    case("affine-expand-index-ops-as-affine", "misc", false),
    case("affine-fold-memref-alias-ops", "alias", false),
    case("affine-loop-coalescing", "matmul", true),
    case("affine-loop-fusion", "misc", true),
    case("affine-loop-invariant-code-motion", "misc", true),
    case("affine-loop-normalize", "misc", true),
    case("affine-loop-tile", "big", true),
    case("affine-loop-unroll", "matmul", true),
    case("affine-loop-unroll-jam", "matmul", true),
    Case {
        deliberate: Some(Deliberate {
            lattice_options: "assume-no-alias=true",
            reason: "Lattice assumes function arguments may alias unless marked llvm.noalias \
                     (a loop writing one and reading another stays sequential); mlir-opt \
                     assumes distinct memrefs never alias",
        }),
        ..case("affine-parallelize", "matmul", true)
    },
    case("affine-pipeline-data-transfer", "dma", true),
    case("affine-raise-from-memref", "simple", true),
    case("affine-scalrep", "simple", true),
    case("affine-simplify-min-max", "minmax", true),
    case("affine-simplify-structures", "simple", true),
    // Without `virtual-vector-size` neither vectorizes anything.
    Case {
        changes: false,
        ..case("affine-super-vectorize", "matmul", true)
    },
    Case {
        reprint_only: true,
        ..case("canonicalize", "misc", false)
    },
    case("convert-affine-for-to-gpu", "matmul", true),
    Case {
        reprint_only: true,
        ..case("cse", "misc", false)
    },
    case("gpu-kernel-outlining", "gpu", false),
    case("inline", "calls", false),
    case("loop-invariant-code-motion", "misc", false),
    case("lower-affine", "matmul", false),
    case("mem2reg", "calls", false),
    case("normalize-memrefs", "misc", false),
    case("sccp", "calls", false),
    case("symbol-dce", "misc", false),
    case("transform-interpreter", "transform", false),
];

/// Shared names not compared here, and why.
const NOT_COMPARED: &[(&str, &str)] = &[
    (
        "gpu-map-parallel-loops",
        "another pass under the same name: mlir-opt annotates scf.parallel loops with GPU \
         mapping attributes, Lattice maps bands of parallel affine.for loops to gpu.launch \
         (codegen/src/gpu/map.rs)",
    ),
    (
        "test-memref-dependence-check",
        "no options and no IR change: its remarks are compared with mlir-opt's by \
         cli/tests/dependence_oracle.rs",
    ),
];

fn lattice() -> &'static str {
    env!("CARGO_BIN_EXE_lattice")
}

fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pass_defaults")
}

/// The text of input `name`.
fn input(name: &str) -> String {
    if name == "big" {
        return input("matmul")
            .replace("64x64", "1024x1024")
            .replace("to 64", "to 1024");
    }
    std::fs::read_to_string(inputs().join(format!("{name}.mlir"))).expect("input")
}

/// Runs `program args` on `stdin`: `Ok(stdout)` or `Err(stderr)`.
fn run(program: &str, args: &[&str], stdin: &str) -> Result<String, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let mut pipe = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// `text` printed by `mlir-opt --canonicalize --cse` (by plain `mlir-opt` for
/// `c.reprint_only`).
fn normalized(c: &Case, text: &str) -> String {
    let args: &[&str] = if c.reprint_only {
        &["-"]
    } else {
        &["--canonicalize", "--cse", "-"]
    };
    run(MLIR_OPT, args, text).unwrap_or_else(|e| panic!("mlir-opt cannot read:\n{text}\n{e}"))
}

/// The pass `c.pass` (with `options`) on `c`'s input by `tool`, normalized.
fn output(tool: &str, c: &Case, options: &str) -> String {
    let pass = if options.is_empty() {
        c.pass.to_string()
    } else {
        format!("{}{{{options}}}", c.pass)
    };
    let pipeline = if c.on_func {
        format!("--pass-pipeline=builtin.module(func.func({pass}))")
    } else {
        format!("--pass-pipeline=builtin.module({pass})")
    };
    let args: Vec<&str> = if tool == MLIR_OPT {
        vec![&pipeline, "-"]
    } else {
        vec!["opt", &pipeline, "-"]
    };
    let out = run(tool, &args, &input(c.input))
        .unwrap_or_else(|e| panic!("{tool} {pipeline} on {}: {e}", c.input));
    normalized(c, &out)
}

/// Pass names of a `--help` text: `--NAME   summary` (or `--NAME[=<OPTIONS>]`) lines
/// indented by `indent` spaces.
fn pass_names(help: &str, indent: usize) -> BTreeSet<String> {
    let prefix = format!("{}--", " ".repeat(indent));
    help.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split([' ', '=', '[']).next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_shared_pass_is_listed() {
    if common::require_tool(MLIR_OPT, "the pass-default comparison").is_none() {
        return;
    }
    let ours = run(lattice(), &["opt", "--help"], "").expect("lattice opt --help");
    let ours = ours.split_once("\nPasses").expect("a Passes section").1;
    let theirs = run(MLIR_OPT, &["--help"], "").expect("mlir-opt --help");
    let shared: BTreeSet<String> = pass_names(ours, 6)
        .intersection(&pass_names(&theirs, 6))
        .cloned()
        .collect();
    let listed: BTreeSet<String> = CASES
        .iter()
        .map(|c| c.pass)
        .chain(NOT_COMPARED.iter().map(|n| n.0))
        .map(str::to_string)
        .collect();
    assert_eq!(
        shared, listed,
        "every pass both tools have must be compared here (or listed in NOT_COMPARED with the reason)"
    );
}

#[test]
fn default_options_give_what_mlir_opt_gives() {
    if common::require_tool(MLIR_OPT, "the pass-default comparison").is_none() {
        return;
    }
    let mut failures = Vec::new();
    for c in CASES {
        let theirs = output(MLIR_OPT, c, "");
        let ours = output(lattice(), c, "");
        let changed = theirs != normalized(c, &input(c.input));
        if changed != c.changes {
            failures.push(format!(
                "{}: mlir-opt {} the input {} (pick another input)",
                c.pass,
                if changed {
                    "changes"
                } else {
                    "does not change"
                },
                c.input
            ));
        }
        let diff = || common::describe_mismatch(&theirs, &ours, "mlir-opt", "lattice");
        match &c.deliberate {
            None if ours != theirs => failures.push(format!(
                "{}: the defaults differ from mlir-opt's on {}:\n{}",
                c.pass,
                c.input,
                diff()
            )),
            None => {}
            Some(d) => {
                if ours == theirs {
                    failures.push(format!(
                        "{}: the defaults now agree with mlir-opt's on {}; drop the deliberate difference ({})",
                        c.pass, c.input, d.reason
                    ));
                }
                let aligned = output(lattice(), c, d.lattice_options);
                if aligned != theirs {
                    failures.push(format!(
                        "{} {{{}}}: differs from mlir-opt's defaults on {}:\n{}",
                        c.pass,
                        d.lattice_options,
                        c.input,
                        common::describe_mismatch(&theirs, &aligned, "mlir-opt", "lattice")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
