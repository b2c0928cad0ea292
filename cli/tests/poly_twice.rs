//! Scheduling already-transformed code: every example (`examples/*.mlir`) goes through a
//! pipeline in [`PIPELINES`] that runs `poly-schedule` on the output of a tiling pass
//! (its own, or `affine-loop-tile`'s), then runs on Lattice's JIT with every parallel loop
//! backwards (`lattice run --parallel-order=reverse`, the race detector) and must print
//! its `// CHECKSUM:` line. The remarks of the whole pipeline (`--remarks`) must
//! not contain [`FORBIDDEN_REMARKS`]: a parallel mark on a member the generated code has
//! a loop for once got "parallel mark without a loop" (the re-tiled member equals the old
//! tile loop, which the check did not see), and the examples are modelled exactly, so a
//! second pass over their tiled or guarded output must be too, and no isl step may give up.
//!
//! Invariants: cheap (three pipelines of two passes per example, runs at `-O0`, two
//! threads; a few seconds in release); needs no upstream tool.

mod support;

use std::path::PathBuf;
use std::process::Command;

/// Pipelines whose last pass schedules the output of an earlier tiling.
/// (`affine-loop-tile` with its default sizes leaves most examples untouched, 32 tiles
/// all of them.)
const PIPELINES: &[&str] = &[
    "--poly-schedule --poly-schedule",
    "--affine-loop-tile=tile-size=32 --poly-schedule",
    // Two-level tiles scheduled again: the dependences of twice-tiled domains split into
    // many pieces (seidel_2d took 25 s in the transitive reduction, floyd_warshall ran
    // out of isl operations, before the reduction coalesced its composition).
    "--poly-schedule=\"tile-sizes=4 l2-tile-sizes=12,8\" --poly-schedule",
];

/// Remark texts that must not appear.
const FORBIDDEN_REMARKS: &[&str] = &["without a loop", "not exactly modelled", "isl gave up"];

struct Case {
    example: PathBuf,
    flags: Vec<String>,
}

fn check(case: &Case) -> Result<(), String> {
    let text = std::fs::read_to_string(&case.example).map_err(|e| e.to_string())?;
    let want = support::checksum(&text).ok_or("no // CHECKSUM: line")?;
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("opt")
        .arg(&case.example)
        .args(&case.flags)
        .arg("--remarks")
        .output()
        .map_err(|e| format!("cannot run lattice: {e}"))?;
    let remarks = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("lattice opt failed:\n{remarks}"));
    }
    let bad: Vec<&str> = remarks
        .lines()
        .filter(|l| FORBIDDEN_REMARKS.iter().any(|f| l.contains(f)))
        .collect();
    if !bad.is_empty() {
        return Err(format!("remarks:\n{}", bad.join("\n")));
    }
    let got = support::run_reversed(&String::from_utf8_lossy(&out.stdout), "main")?;
    if got.trim() != want {
        return Err(format!(
            "prints {:?}, its CHECKSUM line says {want:?}",
            got.trim()
        ));
    }
    Ok(())
}

#[test]
fn rescheduled_examples_print_their_checksums_and_no_false_remarks() {
    let mut cases = Vec::new();
    for flags in PIPELINES {
        for example in support::examples() {
            cases.push(Case {
                example,
                flags: support::split_flags(flags),
            });
        }
    }
    let failures: Vec<String> = support::on_threads(&cases, 2, check)
        .into_iter()
        .map(|(i, e)| {
            let case = &cases[i];
            let name = case.example.file_stem().unwrap().to_string_lossy();
            format!("{name} with `{}`: {e}", case.flags.join(" "))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}
