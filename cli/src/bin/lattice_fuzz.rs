//! `lattice-fuzz`: the long-running driver of the in-process pipeline fuzzer
//! (`lattice_cli::fuzz`). Runs each target for its share of `--seconds` (or `--count`
//! cases), prints one summary line per target, and writes every bug's reproducer to
//! `--out` (default `fuzz/findings`), one file per distinct signature plus every case.
//!
//! `--print-case N` prints case `N` of one `--target` as a file `lattice opt` replays
//! (its `// RUN:` line holds the pipeline) and runs nothing.
//!
//! Invariants: deterministic for `--seed` and the corpus; `--journal` writes each case to
//! `OUT/current-<target>.mlir` before running it, so a case that aborts the process (stack
//! overflow, out of memory) is left on disk; `--start N` resumes after it. A hang stops
//! the run (its thread cannot be stopped) with exit status 3. Exit status 1 when a bug
//! was found, 2 on a usage error, 4 when a journal or reproducer cannot be written.

use lattice_cli::fuzz::{self, Bug, Case, Plan, Stats, TARGETS};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "\
USAGE: lattice-fuzz [--target all|mutate|generate] [--seconds N | --count N] [--seed S]
                    [--start N] [--timeout SECS] [--corpus DIR]... [--out DIR] [--journal]
       lattice-fuzz --target mutate|generate --print-case N [--seed S] [--corpus DIR]...
Defaults: --target all --count 1000 --seed 1 --timeout 10 --corpus fuzz/seeds --corpus test
          --out fuzz/findings";

struct Args {
    targets: Vec<String>,
    seconds: Option<u64>,
    count: u64,
    seed: u64,
    start: u64,
    timeout: u64,
    corpus: Vec<PathBuf>,
    out: PathBuf,
    journal: bool,
    print_case: Option<u64>,
}

fn number(v: Option<&String>, flag: &str) -> Result<u64, String> {
    v.and_then(|s| s.parse().ok())
        .ok_or(format!("{flag} needs a non-negative integer"))
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        targets: TARGETS.iter().map(|t| t.to_string()).collect(),
        seconds: None,
        count: 1000,
        seed: 1,
        start: 0,
        timeout: 10,
        corpus: Vec::new(),
        out: PathBuf::from("fuzz/findings"),
        journal: false,
        print_case: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--target" => match it.next().map(String::as_str) {
                Some("all") => {}
                Some(t) if TARGETS.contains(&t) => a.targets = vec![t.to_string()],
                _ => return Err(format!("--target: one of all, {}", TARGETS.join(", "))),
            },
            "--seconds" => a.seconds = Some(number(it.next(), flag)?),
            "--count" => a.count = number(it.next(), flag)?,
            "--seed" => a.seed = number(it.next(), flag)?,
            "--start" => a.start = number(it.next(), flag)?,
            "--timeout" => a.timeout = number(it.next(), flag)?.max(1),
            "--corpus" => a
                .corpus
                .push(it.next().ok_or("--corpus needs a folder")?.into()),
            "--out" => a.out = it.next().ok_or("--out needs a folder")?.into(),
            "--journal" => a.journal = true,
            "--print-case" => a.print_case = Some(number(it.next(), flag)?),
            _ => return Err(format!("unknown argument '{flag}'")),
        }
    }
    if a.corpus.is_empty() {
        a.corpus = vec!["fuzz/seeds".into(), "test".into()];
    }
    if a.print_case.is_some() && a.targets.len() != 1 {
        return Err("--print-case needs one --target".into());
    }
    Ok(a)
}

/// Exit status when a journal or finding cannot be written (a full disk): the campaign
/// stops, since a run that cannot record what it finds proves nothing.
const EXIT_CANNOT_WRITE: u8 = 4;

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("lattice-fuzz: cannot write '{}': {e}", path.display());
        std::process::exit(EXIT_CANNOT_WRITE.into());
    }
}

/// Runs one target; prints each new bug signature; returns the counts.
fn run_target(a: &Args, target: &str, seeds: &[String], share: Option<Duration>) -> Stats {
    let mut distinct: BTreeMap<String, u64> = BTreeMap::new();
    let plan = Plan {
        seed: a.seed,
        first: a.start,
        count: if share.is_some() { u64::MAX } else { a.count },
        deadline: share.map(|d| Instant::now() + d),
        limit: Duration::from_secs(a.timeout),
    };
    let journal = a.out.join(format!("current-{target}.mlir"));
    let stats = fuzz::campaign(
        target,
        plan,
        seeds,
        |n, case: &Case| {
            if a.journal {
                write(
                    &journal,
                    &format!("// case {n}\n{}", case.reproducer(&placeholder())),
                );
            }
        },
        |n, case: &Case, bug: &Bug| {
            let seen = distinct.entry(bug.signature.clone()).or_insert(0);
            *seen += 1;
            let name = format!("{target}-{}-{n}.mlir", bug.kind.name());
            write(&a.out.join(&name), &case.reproducer(bug));
            if *seen == 1 {
                println!(
                    "{target} case {n}: NEW {}: {} -> {name}",
                    bug.kind.name(),
                    bug.signature
                );
            }
        },
    );
    for (sig, k) in &distinct {
        println!("{target}: {k} x {sig}");
    }
    stats
}

fn placeholder() -> Bug {
    Bug {
        kind: fuzz::BugKind::Panic,
        message: "running (if this file remains, the case aborted the process)".into(),
        signature: String::new(),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let a = match parse_args(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("lattice-fuzz: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let dirs: Vec<&Path> = a.corpus.iter().map(PathBuf::as_path).collect();
    let seeds = fuzz::load_seeds(&dirs);
    if seeds.is_empty() {
        eprintln!("lattice-fuzz: no .mlir seeds under {:?}", a.corpus);
        return ExitCode::from(2);
    }
    if let Some(n) = a.print_case {
        let target = &a.targets[0];
        let case = fuzz::make_case(target, a.seed, n, &seeds);
        print!(
            "{}",
            case.file(&format!(
                "lattice-fuzz --target {target} --seed {} case {n}",
                a.seed
            ))
        );
        return ExitCode::SUCCESS;
    }
    if let Err(e) = std::fs::create_dir_all(&a.out) {
        eprintln!("lattice-fuzz: cannot create '{}': {e}", a.out.display());
        return ExitCode::from(1);
    }
    fuzz::install_panic_hook();
    println!(
        "lattice-fuzz: {} seeds, seed {}, targets {}",
        seeds.len(),
        a.seed,
        a.targets.join(",")
    );
    let share = a
        .seconds
        .map(|s| Duration::from_secs(s) / a.targets.len() as u32);
    let mut bugs = 0;
    for t in &a.targets {
        let stats = run_target(&a, t, &seeds, share);
        println!("{}", stats.summary(t));
        bugs += stats.bugs();
        if let Some(n) = stats.stopped_at_hang {
            // The hung thread cannot be stopped; exit so it does not run on.
            println!(
                "{t}: stopped at case {n}, which hung; resume with --start {}",
                n + 1
            );
            return ExitCode::from(3);
        }
        if a.journal {
            let _ = std::fs::remove_file(a.out.join(format!("current-{t}.mlir")));
        }
    }
    if bugs > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
