//! Keeps the benchmark suite honest: every kernel of `bench/suite` at the SMALL size
//! (`bench/suite/{polybench,other}/small/*.mlir`) runs through `lattice run`, in program order,
//! with `--poly-schedule` and with `--lattice-fast`, and the IEEE bits of its checksum (the
//! second printed line) must equal `bench/suite/expected-small.txt`, which `bench/suite/reference.sh SMALL` makes
//! from C built at -O0 (PolyBench's own sources for the PolyBench kernels).
//!
//! Invariants: one trial per (kernel, variant); a kernel file without an expected value, or
//! an expected value without a file, fails the `inventory` trial. Environment:
//! `LATTICE_SUITE_TIMEOUT` (seconds, default 120) bounds each run.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};

/// The variants every kernel runs in: trial-name suffix and extra `lattice run` arguments.
const VARIANTS: &[(&str, &[&str])] = &[
    ("program-order", &[]),
    ("poly-schedule", &["--poly-schedule"]),
    // Scheduling, register tiles and vectors keep every reduction's order: exact bits.
    ("lattice-fast", &["--lattice-fast"]),
];

fn suite_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).join("bench/suite")
}

/// `kernel -> bits` from the expected file (lines `name bits`, `#` comments).
fn expected(dir: &Path) -> Result<BTreeMap<String, String>, String> {
    let path = dir.join("expected-small.txt");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split_whitespace();
        match (parts.next(), parts.next(), parts.next()) {
            (Some(k), Some(v), None) => out.insert(k.to_string(), v.to_string()),
            _ => return Err(format!("{}: bad line `{line}`", path.display())),
        };
    }
    Ok(out)
}

/// Every SMALL kernel file: `kernel -> path`.
fn kernels(dir: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    for group in ["polybench", "other"] {
        let Ok(entries) = fs::read_dir(dir.join(group).join("small")) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "mlir") {
                let name = p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                out.insert(name, p);
            }
        }
    }
    out
}

fn run_kernel(file: &Path, args: &[&str], want: &str, timeout: Duration) -> Result<(), Failed> {
    let lattice = env!("CARGO_BIN_EXE_lattice");
    let mut cmd = Command::new(lattice);
    cmd.arg("run")
        .arg(file)
        .args(args)
        .env("LATTICE_THREADS", "1");
    let out =
        common::run_with_timeout(&mut cmd, None, timeout).map_err(|e| format!("{lattice}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let status = out.describe_status(timeout);
        return Err(format!(
            "lattice run {} {} failed ({status}):\n{err}",
            file.display(),
            args.join(" ")
        )
        .into());
    }
    let got = stdout.lines().nth(1).unwrap_or("");
    if got != want {
        return Err(format!(
            "checksum bits {got} != expected {want} (C -O0 reference)\nstdout:\n{stdout}\nreproduce: lattice run {} {}",
            file.display(),
            args.join(" ")
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = suite_dir();
    let timeout = Duration::from_secs(
        std::env::var("LATTICE_SUITE_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(120),
    );
    let files = kernels(&dir);
    let want = expected(&dir);
    let mut trials = Vec::new();
    {
        let (files, want) = (files.clone(), want.clone());
        trials.push(Trial::test("inventory", move || {
            let want = want?;
            let missing: Vec<_> = files.keys().filter(|k| !want.contains_key(*k)).collect();
            let stale: Vec<_> = want.keys().filter(|k| !files.contains_key(*k)).collect();
            if files.len() < 40 || !missing.is_empty() || !stale.is_empty() {
                return Err(format!("{} kernels; without expected value: {missing:?}; expected but no file: {stale:?}", files.len()).into());
            }
            Ok(())
        }));
    }
    let want = want.unwrap_or_default();
    for (name, file) in &files {
        for (variant, extra) in VARIANTS {
            let (file, value) = (file.clone(), want.get(name).cloned());
            trials.push(Trial::test(format!("{name}::{variant}"), move || {
                let value = value.ok_or("no expected value (see the inventory trial)")?;
                run_kernel(&file, extra, &value, timeout)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
