//! Where the subcommands write and what their help shows: `-o -` and no `-o` mean
//! standard output for text, help wins over a flag that takes a value, `run --help`
//! shows the GPU options, and `lattice deps` gives a nest's whole line range.

use std::process::{Command, Output};

fn lattice(args: &[&str]) -> Output {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let dir = std::env::temp_dir().join(format!("lattice-cli-outputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    Command::new(env!("CARGO_BIN_EXE_lattice"))
        .args(args.iter().map(|a| a.replace("EX", examples)))
        .current_dir(&dir)
        .output()
        .expect("run lattice")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn text_output_goes_to_stdout_without_o_or_with_o_dash() {
    for args in [
        &["emit", "--llvm-ir", "EX/matmul.mlir"][..],
        &["emit", "--llvm-ir", "EX/matmul.mlir", "-o", "-"][..],
    ] {
        let o = lattice(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
        assert!(text(&o.stdout).starts_with("; ModuleID"), "{args:?}");
    }
    let dir = std::env::temp_dir().join(format!("lattice-cli-outputs-{}", std::process::id()));
    assert!(!dir.join("-").exists(), "`-o -` wrote a file named '-'");
    let o = lattice(&["emit", "--obj", "EX/matmul.mlir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("no output file (-o OUT, or -o - for standard output)"));
}

#[test]
fn help_is_help_everywhere() {
    let o = lattice(&["emit", "--wgsl", "--help"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("USAGE: lattice emit (--spirv DIR | --wgsl DIR)"));
    let o = lattice(&["run", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = text(&o.stdout);
    for flag in [
        "--gpu-workgroup-size",
        "--gpu-adapter",
        "--target gpu",
        "--threads N",
    ] {
        assert!(help.contains(flag), "`lattice run --help` lacks {flag}");
    }
    let o = lattice(&["run", "--target", "gpu", "--help"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn deps_gives_the_nest_line_range() {
    let o = lattice(&["deps", "EX/matmul.mlir"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("scop 0 (line 14..22)"), "{out}");
}

#[test]
fn remarks_flag_asks_every_pass_and_a_pass_option_still_wins() {
    let run = |extra: &[&str]| {
        let mut args = vec!["opt", "EX/matmul.mlir"];
        args.extend_from_slice(extra);
        let o = lattice(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stderr)
    };
    assert!(!run(&["--poly-schedule"]).contains("remark:"));
    let asked = run(&["--remarks", "--poly-schedule"]);
    assert!(
        asked.contains("matmul.mlir:14:3: remark: tile sizes"),
        "{asked}"
    );
    assert!(!run(&["--remarks", "--poly-schedule=remarks=false"]).contains("remark:"));
}
