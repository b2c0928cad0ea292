//! The pipeline fuzzer's CI run (issue 25): each target of `lattice_cli::fuzz` runs a
//! fixed number of cases from a fixed seed over the committed corpus `fuzz/seeds/`, so
//! the run is deterministic; any panic, hang (over 10 s of the case's CPU time), pass
//! output that fails verification, or printed IR that does not parse again fails the test,
//! listing a reproducer (a `// RUN:` line and the input) for each distinct bug.
//!
//! Invariants: case counts are sized to take about a minute per target on one core of a
//! CI machine (mutate ~420-600 cases/s, generate ~50-100/s). The slowest `generate` case
//! (1525: a nest of three writes whose dependence analysis needs 4,000,000 isl
//! operations, 5-10 s of CPU) is declined by poly-schedule's dependence budget within a
//! second (test/Poly/poly-schedule-dependence-budget.mlir).
//! `LATTICE_FUZZ_CASES` overrides the counts (e.g. a quick local run); the long campaign
//! is `fuzz/campaign.sh` (see fuzz/README.md).

use lattice_cli::fuzz::{self, Plan};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// The campaign seed of the CI run.
const SEED: u64 = 25;

fn run(target: &str, default_cases: u64) {
    let cases = std::env::var("LATTICE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let seeds = fuzz::load_seeds(&[corpus.as_path()]);
    assert!(seeds.len() >= 100, "the seed corpus fuzz/seeds/ is missing");
    fuzz::install_panic_hook();
    limit_memory();
    let plan = Plan {
        seed: SEED,
        first: 0,
        count: cases,
        deadline: None,
        limit: Duration::from_secs(10),
    };
    let mut bugs: BTreeMap<String, String> = BTreeMap::new();
    let stats = fuzz::campaign(
        target,
        plan,
        &seeds,
        |_, _| {},
        |n, case, bug| {
            bugs.entry(bug.signature.clone())
                .or_insert_with(|| format!("case {n}:\n{}", case.reproducer(bug)));
        },
    );
    eprintln!("{}", stats.summary(target));
    let report: Vec<String> = bugs
        .into_iter()
        .map(|(sig, r)| format!("== {sig}\n{r}"))
        .collect();
    assert!(
        report.is_empty(),
        "{} distinct bugs:\n{}",
        report.len(),
        report.join("\n")
    );
    assert_eq!(stats.runs, cases);
    assert!(
        stats.passed > cases / 20,
        "too few cases reach the passes: {}",
        stats.summary(target)
    );
}

/// Caps the address space at 8 GiB, so a case that allocates without bound aborts this
/// test instead of exhausting the CI machine's memory.
fn limit_memory() {
    let cap = libc::rlimit {
        rlim_cur: 8 << 30,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: setrlimit only reads the struct passed by reference.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &cap);
    }
}

#[test]
fn mutated_seeds_through_random_passes() {
    run("mutate", 40_000);
}

#[test]
fn generated_programs_with_faults_through_random_passes() {
    run("generate", 3_000);
}

/// A journal that cannot be written stops the fuzzer with exit 4 (a campaign on a full
/// disk must not spin on, recording nothing).
#[test]
fn unwritable_journal_stops_the_run() {
    let out = std::env::temp_dir().join(format!("lattice-fuzz-ro-{}", std::process::id()));
    std::fs::create_dir_all(out.join("current-mutate.mlir")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_lattice-fuzz"))
        .current_dir(&root)
        .args(["--target", "mutate", "--count", "3", "--journal", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&out).ok();
    assert_eq!(status.status.code(), Some(4), "{status:?}");
    assert!(String::from_utf8_lossy(&status.stderr).contains("cannot write"));
}
