//! Bad pass options, code generation flags and environment values are usage errors (exit
//! 2, before any pass runs, naming the option and what it accepts), and pass help lists
//! every option with its value form and default.

use std::process::{Command, Output};

/// A two-deep loop nest: every pass named below would transform it.
const NEST: &str = "func.func @f(%A: memref<8x8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf64>
      affine.store %v, %A[%j, %i] : memref<8x8xf64>
    }
  }
  return
}
";

fn lattice(args: &[&str], env: &[(&str, &str)]) -> Output {
    // One folder per call (the tests run in parallel threads), removed when dropped.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nest.mlir");
    std::fs::write(&file, NEST).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lattice"));
    for a in args {
        cmd.arg(a.replace("FILE", file.to_str().unwrap()));
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run lattice")
}

/// `args` exit with `code` and a stderr containing `needle`, never a panic.
fn expect_error(args: &[&str], env: &[(&str, &str)], code: i32, needle: &str) {
    let o = lattice(args, env);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{args:?}: stderr:\n{err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in:\n{err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "{args:?}: a usage error prints no IR");
}

#[test]
fn out_of_range_pass_options_are_usage_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "--affine-loop-tile=tile-sizes=0",
            "option 'tile-sizes': expected a comma-separated list of integers >= 1, got '0'",
        ),
        ("--affine-loop-tile=tile-sizes=-3", "got '-3'"),
        (
            "--affine-loop-tile=tile-size=abc",
            "option 'tile-size': expected an integer >= 1, got 'abc'",
        ),
        (
            "--affine-loop-unroll=unroll-factor=0",
            "option 'unroll-factor': 0 is neither a factor >= 1 nor -1",
        ),
        (
            "--affine-loop-unroll-jam=unroll-jam-factor=0",
            "option 'unroll-jam-factor': expected an integer >= 1, got '0'",
        ),
        (
            "--poly-transform=permute=0,0,1",
            "option 'permute': loop 0 appears twice",
        ),
        (
            "--poly-transform=permute=5,0,1",
            "loop 5 is out of range: 3 entries name the loops 0 to 2",
        ),
        (
            "--poly-transform=skew=1,1,2",
            "a loop cannot be skewed by itself",
        ),
        (
            "--poly-transform=strip-mine=0,0",
            "the size must be at least 1",
        ),
        (
            "--poly-transform=permute=1,0 reverse=0",
            "pass 'poly-transform': poly-transform: give one of permute, skew, reverse, strip-mine per instance",
        ),
        (
            "--poly-schedule=fuse=greedy",
            "option 'fuse': expected one of smart, max, none, got 'greedy'",
        ),
        (
            "--poly-schedule=tile=maybe",
            "option 'tile': expected true or false, got 'maybe'",
        ),
        (
            "--poly-schedule=fusee=max",
            "unknown option 'fusee' for pass 'poly-schedule'; did you mean 'fuse'?",
        ),
        (
            "--affine-loop-tiel",
            "unexpected argument '--affine-loop-tiel' found\n\n  tip: a similar argument exists: '--affine-loop-tile'",
        ),
        (
            "--pass-pipeline=builtin.module(func.func(affine-loop-tile{tile-size=0}))",
            "option 'tile-size'",
        ),
        (
            "--pass-pipeline=builtin.module(func.func(affine-loop-tiles))",
            "did you mean 'affine-loop-tile'?",
        ),
        (
            "--inline=max-iterations=-1",
            "option 'max-iterations': expected an integer from 0 to 4294967295, got '-1'",
        ),
        (
            "--inline=inlining-threshold=4294967296",
            "option 'inlining-threshold': expected an integer from 0 to 4294967295, got '4294967296'",
        ),
        (
            "--inline=default-pipeline=bogus",
            "option 'default-pipeline': 'bogus' does not refer to a registered pass",
        ),
        (
            "--inline=default-pipeline=canonicalize{foo=1}",
            "unknown option 'foo' for pass 'canonicalize'",
        ),
        (
            "--inline=op-pipelines=cse",
            "option 'op-pipelines': 'cse': expected a pipeline wrapped with its callable operation",
        ),
        (
            "--inline=op-pipelines=func.func(nope)",
            "option 'op-pipelines': 'nope' does not refer to a registered pass",
        ),
    ];
    for (flag, needle) in cases {
        expect_error(&["opt", "FILE", flag], &[], 2, needle);
    }
}

#[test]
fn a_loop_no_band_has_is_a_warning_not_a_silent_no_op() {
    let o = lattice(&["opt", "FILE", "--poly-transform=reverse=7"], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("nest.mlir:1:1: warning: poly-transform: no band of this function has loop 7 that the options name (the deepest has 2 loops: 0 to 1)"),
        "{err}"
    );
    let o = lattice(&["opt", "FILE", "--poly-transform=reverse=1"], &[]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn unknown_cpus_and_bad_thread_counts_are_usage_errors() {
    for sub in ["run", "emit"] {
        let mut args = vec![sub, "FILE", "--target-cpu=nonexistent-cpu"];
        if sub == "emit" {
            args.push("--llvm-ir");
        }
        expect_error(
            &args,
            &[],
            2,
            "--target-cpu: 'nonexistent-cpu' is not an x86-64 CPU",
        );
    }
    expect_error(
        &["run", "FILE", "--target-cpu=skylak"],
        &[],
        2,
        "did you mean 'skylake'?",
    );
    expect_error(
        &["run", "FILE"],
        &[("LATTICE_THREADS", "abc")],
        2,
        "LATTICE_THREADS: expected a positive integer, got 'abc'",
    );
    expect_error(&["run", "FILE"], &[("LATTICE_THREADS", "0")], 2, "got '0'");
    expect_error(
        &["run", "FILE", "--threads", "0"],
        &[],
        2,
        "invalid value '0' for '--threads <N>': expected a positive integer, got '0'",
    );
}

/// mlir-opt's unsigned printer limits take only a count (mlir-opt: "value invalid for
/// uint argument").
#[test]
fn printer_limits_are_counts() {
    for flag in [
        "--mlir-elide-elementsattrs-if-larger",
        "-mlir-elide-resource-strings-if-larger",
    ] {
        let long = flag.trim_start_matches('-');
        for bad in ["-1", "x", "4294967296"] {
            expect_error(
                &["opt", "FILE", &format!("{flag}={bad}")],
                &[],
                2,
                &format!("invalid value '{bad}' for '--{long} <N>'"),
            );
        }
        let o = lattice(&["opt", "FILE", &format!("{flag}=0")], &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

/// `text` with the four spaces that indent every help line removed (expect-test compares
/// its literal dedented).
fn dedent(text: &str) -> String {
    text.lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l).to_string() + "\n")
        .collect()
}

#[test]
fn pass_help_lists_options_with_types_and_defaults() {
    let o = lattice(&["opt", "--help-pass=affine-loop-tile"], &[]);
    assert_eq!(o.status.code(), Some(0));
    expect_test::expect![[r#"
            --affine-loop-tile               Tile affine loop nests
                cache-size=<int 1..>               Set size of cache to tile for in KiB (default: 512)
                separate=<bool>                    Separate full and partial tiles (default: false)
                tile-size=<int 1..>                Use this tile size for all loops
                tile-sizes=<int 1..,...>           List of tile sizes for each perfect nest (overridden by -tile-size)
                assume-no-alias=<bool>             Assume distinct memrefs never alias (as mlir-opt) (default: true)
                remarks=<bool>                     Print why a band was not tiled (stderr) (default: false)
    "#]]
    .assert_eq(&dedent(&String::from_utf8_lossy(&o.stdout)));
    let o = lattice(&["opt", "--help"], &[]);
    let help = String::from_utf8_lossy(&o.stdout);
    for line in [
        "fuse=<smart|max|none>",
        "unroll-factor=<int 1..|-1>",
        "permute=<a permutation of 0..n-1>",
        "unroll-jam-factor=<int 1..>",
    ] {
        assert!(help.contains(line), "`lattice opt --help` lacks {line:?}");
    }
    expect_error(
        &["opt", "--help-pass=no-such-pass"],
        &[],
        2,
        "unknown pass 'no-such-pass'",
    );
}

/// Usage errors found after parsing (a bad `--machine` or `LATTICE_MACHINE`, a flag of the
/// other target, no output kind) look like clap's own: `lattice CMD: message`, the usage
/// line and the pointer to `--help`, exit 2.
#[test]
fn usage_errors_after_parsing_look_like_clap_ones() {
    let cases: &[(&[&str], &[(&str, &str)], &str, &str)] = &[
        (
            &["opt", "FILE", "--machine=foo"],
            &[],
            "lattice opt: --machine: unknown machine preset 'foo'",
            "Usage: lattice opt [OPTIONS] [FILE|-]",
        ),
        (
            &["opt", "FILE"],
            &[("LATTICE_MACHINE", "bogus")],
            "lattice opt: LATTICE_MACHINE: unknown machine preset 'bogus'",
            "Usage: lattice opt [OPTIONS] [FILE|-]",
        ),
        (
            &["run", "FILE", "--target", "gpu", "--threads", "3"],
            &[],
            "lattice run: --threads applies to --target cpu only",
            "Usage: lattice run [OPTIONS] [FILE]",
        ),
        (
            &["emit", "FILE"],
            &[],
            "lattice emit: choose an output kind",
            "Usage: lattice emit [OPTIONS] <FILE>",
        ),
        // A usage error clap finds itself, for comparison.
        (
            &["opt", "FILE", "--no-such-flag"],
            &[],
            "lattice opt: unexpected argument '--no-such-flag' found",
            "Usage: lattice opt <FILE|->",
        ),
    ];
    for (args, env, first, usage) in cases {
        let o = lattice(args, env);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(err.starts_with(first), "{args:?}: {err}");
        assert!(
            err.ends_with(&format!(
                "\n\n{usage}\n\nFor more information, try '--help'.\n"
            )),
            "{args:?}: {err}"
        );
    }
}

/// Every command lists `--diagnostic-format` in its help, and a bad value is clap's usage
/// error naming the values it takes.
#[test]
fn every_command_takes_diagnostic_format() {
    for cmd in ["opt", "run", "emit", "deps", "tune"] {
        let o = lattice(&[cmd, "--help"], &[]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let help = String::from_utf8_lossy(&o.stdout);
        assert!(
            help.contains("--diagnostic-format <FORMAT>"),
            "`lattice {cmd} --help` lacks --diagnostic-format:\n{help}"
        );
        expect_error(
            &[cmd, "FILE", "--diagnostic-format=html"],
            &[],
            2,
            &format!("lattice {cmd}: invalid value 'html' for '--diagnostic-format <FORMAT>'\n  [possible values: mlir, rich]"),
        );
    }
}

/// Before the command, a bad or missing `--diagnostic-format` value is the same usage error
/// as after it, and any other option is named as one, not as an unknown command.
#[test]
fn options_before_the_command_are_named() {
    let values = "\n  [possible values: mlir, rich]";
    let cases: &[(&[&str], String)] = &[
        (
            &["--diagnostic-format=bad", "opt"],
            format!("lattice: invalid value 'bad' for '--diagnostic-format <FORMAT>'{values}"),
        ),
        (
            &["--diagnostic-format", "bad", "opt"],
            format!("lattice: invalid value 'bad' for '--diagnostic-format <FORMAT>'{values}"),
        ),
        (
            &["--diagnostic-format"],
            format!("lattice: a value is required for '--diagnostic-format <FORMAT>'{values}"),
        ),
        (
            &["--verbose", "opt"],
            "lattice: unknown option '--verbose' before the command (options go after it)".into(),
        ),
        (
            &["frobnicate"],
            "lattice: unknown command 'frobnicate'".into(),
        ),
    ];
    for (args, needle) in cases {
        expect_error(args, &[], 2, needle);
    }
}

/// mlir-opt's boolean printer flags take `=true`/`=false` in LLVM's spellings; any other
/// value is a usage error (exit 2), never silently read as on or off.
#[test]
fn printer_flag_values_are_checked() {
    for flag in ["--mlir-print-op-on-diagnostic", "--mlir-print-value-users"] {
        for good in ["true", "True", "TRUE", "1", "false", "False", "FALSE", "0"] {
            let o = lattice(&["opt", "FILE", &format!("{flag}={good}")], &[]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(0), "{flag}={good}: {err}");
        }
        let bad = format!("{flag}=bad");
        expect_error(&["opt", "FILE", &bad], &[], 2, "invalid value 'bad'");
    }
}
