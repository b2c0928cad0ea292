//! Differential semantics test: every (example, Lattice pipeline) pair in [`TABLE`] is
//! transformed by `lattice opt`, then both the original and the transformed program are
//! lowered by upstream `mlir-opt` and run with `mlir-runner`; they must print the same
//! output, equal to the example's `// CHECKSUM:` line. When a pipeline contains
//! Lattice's own `--lower-affine`, upstream's `--lower-affine` is left out of the
//! lowering, so Lattice's lowering is what gets run. A transformed program holding
//! parallel loops runs instead on Lattice's JIT with `--parallel-order=reverse` (every
//! parallel loop backwards on one thread), so a loop wrongly marked parallel shows.
//!
//! Invariants: the upstream tools are only read, never required: when `mlir-opt` or
//! `mlir-runner` is missing the test prints a note and passes. Identical texts are run
//! once (results are cached by text), and cases run on two threads to keep the whole
//! test well under a minute.

mod support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use support::{run_upstream, split_flags, RunOptions};

/// `(example name or "*" for every example, Lattice flags separated by spaces)`.
/// Helpers adding a pass append lines here (keep everyone's lines on merges).
const TABLE: &[(&str, &str)] = &[
    ("*", "--canonicalize"),
    ("*", "--cse"),
    ("*", "--lower-affine"),
    ("*", "--canonicalize --cse"),
    ("*", "--canonicalize --lower-affine --cse"),
    ("*", "--sccp"),
    ("*", "--lower-affine --sccp"),
    // Pass configurations of the affine passes go below.
    ("*", "--affine-loop-normalize"),
    ("*", "--affine-loop-normalize=promote-single-iter"),
    ("*", "--affine-simplify-structures"),
    ("*", "--affine-loop-coalescing"),
    ("*", "--affine-loop-normalize --affine-loop-coalescing"),
    ("*", "--affine-expand-index-ops"),
    ("*", "--affine-expand-index-ops-as-affine"),
    ("*", "--affine-fold-memref-alias-ops"),
    ("*", "--affine-pipeline-data-transfer"),
    ("*", "--affine-loop-invariant-code-motion"),
    ("*", "--affine-scalrep"),
    ("*", "--affine-loop-invariant-code-motion --affine-scalrep"),
    ("*", "--loop-invariant-code-motion"),
    ("*", "--lower-affine --loop-invariant-code-motion"),
    (
        "*",
        "--pass-pipeline=builtin.module(func.func(affine-simplify-min-max))",
    ),
    ("*", "--affine-loop-unroll=unroll-factor=4"),
    ("*", "--affine-loop-unroll=unroll-full"),
    ("*", "--affine-loop-unroll=unroll-factor=3"),
    ("*", "--affine-loop-unroll-jam=unroll-jam-factor=2"),
    ("*", "--affine-loop-unroll-jam=unroll-jam-factor=3"),
    // The benchmark's candidate pipelines (scripts/bench_cpu.py CANDIDATES).
    (
        "*",
        "--affine-loop-unroll-jam=unroll-jam-factor=4 --affine-scalrep",
    ),
    (
        "*",
        "--affine-loop-unroll-jam=unroll-jam-factor=4 --affine-scalrep --affine-super-vectorize=virtual-vector-size=8",
    ),
    ("*", "--raise-scf-to-affine --affine-raise-from-memref"),
    (
        "*",
        "--lower-affine --raise-scf-to-affine --affine-raise-from-memref",
    ),
    ("*", "--lower-affine --raise-scf-to-affine --lower-affine"),
    // mem2reg after lowering (examples hold no slots: it must leave them as they are).
    ("*", "--lower-affine --mem2reg"),
    // Polyhedral transformations (each legal by construction; stencil_skew has the
    // (1, -1) dependence mlir-opt 22 tiles illegally).
    ("*", "--affine-loop-tile=tile-sizes=2,2"),
    ("*", "--affine-loop-tile=tile-size=3"),
    ("*", "--affine-loop-tile"),
    ("*", "--affine-loop-tile=separate"),
    ("*", "--affine-loop-fusion"),
    ("*", "--affine-loop-fusion=mode=producer"),
    ("*", "--affine-loop-fusion=mode=sibling"),
    ("*", "--affine-loop-fusion=maximal"),
    ("*", "--poly-transform=permute=1,0"),
    ("*", "--poly-transform=permute=2,0,1"),
    ("*", "--poly-transform=skew=1,0,1"),
    ("*", "--poly-transform=reverse=0"),
    ("*", "--poly-transform=reverse=1"),
    ("*", "--poly-transform=strip-mine=0,4"),
    ("*", "--poly-transform=parallel"),
    ("*", "--poly-schedule"),
    ("*", "--poly-schedule=fuse=max"),
    ("*", "--poly-schedule=fuse=none"),
    ("*", "--poly-schedule=tile=false"),
    ("*", "--poly-schedule=parallel=false"),
    ("*", "--poly-schedule=tile-sizes=4,8"),
    (
        "*",
        "--affine-loop-fusion=maximal --affine-loop-tile=tile-size=4",
    ),
    ("*", "--poly-schedule=\"fuse=max tile-sizes=4,8\""),
    ("*", "--poly-schedule=\"fuse=none parallel=false\""),
    // Parallel reductions reassociate floating-point sums: compared within 1e-9
    // relative (see REASSOCIATING).
    ("*", "--poly-schedule=parallel-reductions=true"),
    // Two-level tiling: given sizes (outer 12 = 3 inner tiles of 4), and the cache model
    // at both levels with small caches (so that small examples get several tiles).
    // The tuner's `t=0,32 p=1 sched=smart/unit-stride` (tile 0: the whole trip count): the
    // tile member of i takes one value and has no loop; the parallel mark must not land on
    // the j tile loop (a race on gemver 1536; the upstream runner runs affine.parallel in
    // order, so this row checks the sequential meaning, test/Poly/poly-schedule-whole-tile.mlir
    // where the mark goes).
    (
        "gemver",
        "--poly-schedule=\"fuse=smart intra-tile-order=unit-stride parallel=true tile-sizes=128,32\"",
    ),
    ("*", "--poly-schedule=\"tile-sizes=4 l2-tile-sizes=12,8\""),
    (
        "*",
        "--poly-schedule=\"tile-levels=2 cache-size=2048 l2-cache-size=16384\"",
    ),
    // Time tiling wherever isl's skewed candidate exists (jacobi-2d, heat-3d), the
    // innermost loop `separate`; and by cost with small caches (tiny time tiles; the
    // cache's shape pinned, so the choice does not depend on this machine's sysfs).
    ("*", "--poly-schedule=time-tile=always"),
    (
        "*",
        "--poly-schedule=\"l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1\"",
    ),
    ("*", "--affine-loop-tile=\"tile-sizes=2,2 separate\""),
    ("*", "--poly-transform=\"skew=1,0,1 parallel\""),
    // Bands below sequences (inner bands of imperfect nests, e.g. lu's update).
    ("*", "--poly-transform=\"permute=1,0 nested=true\""),
    ("*", "--poly-transform=\"parallel nested=true\""),
    // Loop distribution (finest legal; only the outermost loop of each function).
    ("*", "--affine-loop-distribute"),
    ("*", "--affine-loop-distribute=loop=0"),
    (
        "*",
        "--affine-data-copy-generate=\"generate-dma=false fast-mem-space=0\"",
    ),
    (
        "*",
        "--affine-data-copy-generate=\"generate-dma=false fast-mem-space=0 fast-mem-capacity=1\"",
    ),
    (
        "*",
        "--affine-data-copy-generate=\"generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops\"",
    ),
    ("*", "--normalize-memrefs"),
    ("*", "--affine-super-vectorize=virtual-vector-size=8"),
    ("*", "--affine-super-vectorize=virtual-vector-size=3"),
    (
        "*",
        "--affine-super-vectorize=\"virtual-vector-size=8 vectorize-reductions=true\"",
    ),
    (
        "*",
        "--affine-super-vectorize=\"virtual-vector-size=4 test-fastest-varying=0\"",
    ),
    ("*", "--affine-super-vectorize=virtual-vector-size=4,8"),
    (
        "*",
        "--affine-super-vectorize=\"virtual-vector-size=4,8 test-fastest-varying=1,0\"",
    ),
    ("*", "--affine-super-vectorize=virtual-vector-size=2,4,8"),
    ("*", "--affine-parallelize"),
    ("*", "--affine-parallelize=parallel-reductions=true"),
    ("*", "--affine-parallelize=assume-no-alias=true"),
    ("*", "--affine-parallelize=max-nested=1"),
    // Vector transfers are modelled accesses, so vectorized nests parallelize (the GEMM
    // recipe on two threads).
    ("*", "--affine-super-vectorize=virtual-vector-size=8 --affine-parallelize"),
    (
        "matmul",
        "--affine-loop-unroll-jam=unroll-jam-factor=6 --affine-super-vectorize=virtual-vector-size=64 --affine-parallelize=max-nested=1",
    ),
    // Register tiles of contraction nests, alone and in the recommended pipeline.
    ("*", "--affine-register-tile"),
    ("*", "--affine-register-tile=\"rows=5 vectors=1\""),
    ("*", "--lattice-fast"),
];

/// Flags under which a transformed program may reassociate floating-point reductions:
/// its output is compared within 1e-9 relative, not exactly.
const REASSOCIATING: &[&str] = &["parallel-reductions=true"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Case {
    example: String,
    flags: Vec<String>,
}

type Cache = Mutex<HashMap<(String, bool), Result<String, String>>>;

fn cached_run(cache: &Cache, text: &str, upstream_lower_affine: bool) -> Result<String, String> {
    let key = (text.to_string(), upstream_lower_affine);
    if let Some(r) = cache.lock().unwrap().get(&key) {
        return r.clone();
    }
    let r = run_upstream(
        text,
        RunOptions {
            upstream_lower_affine,
            ..RunOptions::default()
        },
    );
    cache.lock().unwrap().insert(key, r.clone());
    r
}

/// Checks one case; `Err` describes the failure.
fn check(case: &Case, cache: &Cache) -> Result<(), String> {
    let path = root()
        .join("examples")
        .join(format!("{}.mlir", case.example));
    let original =
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let checksum = support::checksum(&original).ok_or("no // CHECKSUM: line")?;
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("opt")
        .arg(&path)
        .args(&case.flags)
        .output()
        .map_err(|e| format!("cannot run lattice: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "lattice opt failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let transformed = String::from_utf8_lossy(&out.stdout).into_owned();
    let before = cached_run(cache, &original, true).map_err(|e| format!("original: {e}"))?;
    if before.trim() != checksum {
        return Err(format!(
            "the original prints {:?}, its CHECKSUM line says {checksum:?}",
            before.trim()
        ));
    }
    // Lattice's lowering is what runs, unless a raising pass comes after it.
    let lower_at = case.flags.iter().rposition(|f| f == "--lower-affine");
    let raise_at = case.flags.iter().rposition(|f| {
        f.starts_with("--raise-scf-to-affine") || f.starts_with("--affine-raise-from-memref")
    });
    let lattice_lowers = lower_at.is_some_and(|l| raise_at.is_none_or(|r| r < l));
    // A transformed program with parallel loops runs on Lattice's JIT in reverse order (the
    // race detector): mlir-runner runs them in order, which hides a carried dependence.
    let after =
        if transformed.contains("affine.parallel") || transformed.contains("scf.parallel") {
            support::run_reversed(&transformed, "main")
        } else {
            cached_run(cache, &transformed, !lattice_lowers)
        }
        .map_err(|e| format!("transformed: {e}"))?;
    let reassociates = case
        .flags
        .iter()
        .any(|f| REASSOCIATING.iter().any(|r| f.contains(r)));
    if after != before && !(reassociates && support::agree_within(&after, &before, 1e-9)) {
        return Err(format!(
            "the transformed program prints {:?}, the original {:?}",
            after.trim(),
            before.trim()
        ));
    }
    Ok(())
}

#[test]
fn transformed_examples_print_the_same_checksums() {
    if !support::upstream_available() {
        return;
    }
    let examples: Vec<String> = support::examples()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut cases = Vec::new();
    for (which, flags) in TABLE {
        let flags = split_flags(flags);
        for ex in &examples {
            if *which == "*" || which == ex {
                cases.push(Case {
                    example: ex.clone(),
                    flags: flags.clone(),
                });
            }
        }
        assert!(
            *which == "*" || examples.iter().any(|e| e == which),
            "differential TABLE names a missing example {which}"
        );
    }
    let cache: Cache = Mutex::new(HashMap::new());
    let failures: Vec<String> = support::on_threads(&cases, 2, |case| check(case, &cache))
        .into_iter()
        .map(|(i, e)| {
            let case = &cases[i];
            format!("{} with `{}`: {e}", case.example, case.flags.join(" "))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} differential cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}
