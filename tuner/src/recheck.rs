//! `lattice tune FILE --remeasure CONFIGS.json`: re-times a given list of configs (and the
//! untransformed program) under the same conditions, interleaved round by round
//! ([`measure::time_interleaved`]), so that configs found by different runs (a grid's best,
//! a search's best so far) can be compared without one of them owing its rank to a lucky
//! quiet moment.
//!
//! The report gives every config's per-round times (`samples` on its own clock,
//! `wall_samples` by the wall clock of the same runs; round `i` of every config ran in the
//! same round), so that configs can be compared by paired per-round ratios.
//!
//! Invariants: every run's output is checked against the untransformed program's, as in
//! tuning; a config that fails is reported as failed and gets no time; nothing is written
//! to the tuning database (these timings follow another protocol than its records).

use super::measure::{self, Measurer};
use super::space::Config;
use super::{build_all, kernel::Kernel, prepare_baseline, status_of, write_report, Args};
use std::sync::Arc;

/// Reads the configs to re-time: a JSON array of configs, as `--report` writes them.
pub fn read_configs(path: &str) -> Result<Vec<Config>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("lattice tune: cannot read '{path}': {e}"))?;
    let configs: Vec<Config> = serde_json::from_str(&text)
        .map_err(|e| format!("lattice tune: {path}: not a JSON array of configs: {e}"))?;
    let mut out: Vec<Config> = Vec::new();
    for c in configs {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    Ok(out)
}

/// Re-times `configs` with the baseline, `rounds` interleaved rounds, prints a table and
/// writes `--report` (`baseline_seconds` and one entry per config, in the given order).
pub(super) fn remeasure(
    a: &Args,
    ctx: &Arc<lattice_ir::Context>,
    k: &Kernel,
    harnessed: &str,
    measurer: &dyn Measurer,
    cpu_clock: bool,
    configs: Vec<Config>,
) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("lattice tune: no temp dir: {e}"))?;
    let (base, expected) = prepare_baseline(measurer, harnessed, dir.path(), cpu_clock)?;
    let built = build_all(
        ctx,
        &a.machine,
        harnessed,
        &k.name,
        &k.band.trips,
        measurer,
        dir.path(),
        configs,
        0,
        cpu_clock,
    );
    let mut ready = vec![&base];
    let mut slot = Vec::new();
    for b in &built {
        match &b.prepared {
            Ok(p) => {
                slot.push(Some(ready.len()));
                ready.push(p);
            }
            Err(_) => slot.push(None),
        }
    }
    let rounds = a.rounds;
    eprintln!(
        "re-measuring @{}: {} configs and the untransformed program, {rounds} interleaved rounds",
        k.name,
        built.len()
    );
    let times = measure::time_interleaved(measurer, &ready, &expected, rounds, a.rtol);
    let base_t = times[0].clone().map_err(|e| {
        format!("lattice tune: the untransformed program is not deterministic: {e}")
    })?;
    // The time that counts per `--statistic` (as in a search); the table shows medians.
    let counted = |t: &measure::Timing, multi_threaded: bool| {
        a.statistic
            .counted(&t.samples, t.cv, a.max_cv, multi_threaded)
    };
    // The same by the wall clock of the same runs: a parallel config against the untuned
    // program compares these (its own clock is the wall clock, the untuned program's the
    // CPU clock under `--clock cpu`).
    let wall = |t: &measure::Timing, multi_threaded: bool| {
        t.on_wall_clock(a.statistic, a.max_cv, multi_threaded)
    };
    println!(
        "{:<6} {:>11} {:>8} {:>6}  config (median times; --report also has the fastest and the counted time: {})",
        "#",
        "time (ms)",
        "speedup",
        "cv",
        a.statistic.describe()
    );
    println!(
        "{:<6} {:>11.4} {:>8} {:>5.0}%  untuned (no transformation)",
        "base",
        base_t.median * 1e3,
        "1.00x",
        base_t.cv * 100.0
    );
    let mut entries = Vec::new();
    for (i, b) in built.iter().enumerate() {
        let r = match (&b.prepared, slot[i]) {
            (Err(e), _) => Err(e.clone()),
            (Ok(_), Some(j)) => times[j].clone(),
            (Ok(_), None) => unreachable!("every prepared config has a slot"),
        };
        match &r {
            Ok(t) => println!(
                "{:<6} {:>11.4} {:>7.2}x {:>5.0}%  {}",
                i + 1,
                t.median * 1e3,
                base_t.median / t.median,
                t.cv * 100.0,
                b.config.key()
            ),
            Err(e) => println!(
                "{:<6} {:>11} {:>8} {:>6}  {} — {e}",
                i + 1,
                "failed",
                "-",
                "-",
                b.config.key()
            ),
        }
        entries.push(serde_json::json!({
            "config": b.config,
            "key": b.config.key(),
            "status": r.as_ref().map_or_else(|e| status_of(e), |_| "ok"),
            "seconds": r.as_ref().ok().map(|t| t.median),
            "min_seconds": r.as_ref().ok().map(|t| t.samples.iter().copied().fold(f64::INFINITY, f64::min)),
            "counted_seconds": r.as_ref().ok().map(|t| counted(t, !b.config.single_threaded())),
            "cv": r.as_ref().ok().map(|t| t.cv),
            "wall_counted_seconds": r.as_ref().ok().map(|t| wall(t, !b.config.single_threaded()).0),
            "wall_cv": r.as_ref().ok().map(|t| wall(t, !b.config.single_threaded()).1),
            "samples": r.as_ref().ok().map(|t| t.samples.clone()),
            "wall_samples": r.as_ref().ok().map(|t| t.wall_samples.clone()),
            "detail": r.as_ref().err().map(|e| e.to_string()),
        }));
    }
    if let Some(out) = &a.report {
        let report = serde_json::json!({
            "kernel": k.name,
            "fingerprint": k.fingerprint,
            "rounds": rounds,
            "clock": if cpu_clock { "cpu" } else { "wall" },
            "baseline_seconds": base_t.median,
            "baseline_min_seconds": base_t.samples.iter().copied().fold(f64::INFINITY, f64::min),
            "baseline_cv": base_t.cv,
            "baseline_counted_seconds": counted(&base_t, base.multi_threaded),
            "baseline_wall_counted_seconds": wall(&base_t, base.multi_threaded).0,
            "baseline_wall_cv": wall(&base_t, base.multi_threaded).1,
            "statistic": format!("{:?}", a.statistic).to_lowercase(),
            "counted": a.statistic.describe(),
            "baseline_samples": base_t.samples,
            "baseline_wall_samples": base_t.wall_samples,
            "remeasured": entries,
        });
        write_report(out, &report)?;
    }
    Ok(())
}
