//! `lattice tune` from the outside: usage errors exit 2, bad spec files and bad inputs
//! exit 1 with a located diagnostic, a tiny end-to-end run (16x16 matmul, a few trials, a
//! temporary database) records, shows, exports, imports and applies results, a grid over
//! a spec-narrowed space measures two-level tiles and `poly-schedule` configs correctly,
//! `--remeasure` re-times a list of configs and the untransformed program interleaved,
//! and `--target gpu` tunes workgroup shapes where a GPU adapter (lavapipe) exists and
//! `--apply` writes the tuned mapping into the file.

mod common;

use common::{require, require_tool};
use std::process::{Command, Output};

const MM16: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tuner/tests/mm16.mlir");

fn lattice(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .args(args)
        .output()
        .expect("run lattice")
}

/// `lattice tune MM16 ARGS...` with one timed run per candidate, no warm-up, no bar, a
/// short final check.
fn quick_tune(args: &[&str]) -> Output {
    let mut all = vec!["tune", MM16];
    all.extend_from_slice(args);
    all.extend(["--repeats", "1", "--warmup", "0", "--no-progress"]);
    all.extend(["--confirm-rounds", "3", "--confirm-top", "1"]);
    lattice(&all)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The JSON file a run wrote (its `--report`).
fn read_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn upstream_tools() -> bool {
    std::env::var_os("LATTICE_LLVM_BIN").is_some()
        || require_tool("/usr/lib/llvm-22/bin/mlir-runner", "this tuning run").is_some()
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["tune"],
        vec!["tune", MM16, "--strategy", "annealing"],
        vec!["tune", MM16, "--trials", "many"],
        vec!["tune", MM16, "--plot", "out.pdf"],
        vec!["tune", MM16, "--bogus"],
        vec!["tune", "--show", "--export", "x.jsonl"],
        vec!["tune", MM16, "--measurer", "gpu"],
        vec!["tune", MM16, "--target", "tpu"],
        vec!["tune", MM16, "--clock", "sundial"],
        vec!["tune", MM16, "--rounds", "0"],
        vec!["tune", MM16, "--statistic", "mean"],
    ] {
        let o = lattice(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(text(&o.stderr).contains("lattice tune: "), "{args:?}");
    }
    let o = lattice(&["tune", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("--time-budget"));
}

#[test]
fn bad_spec_file_is_a_located_diagnostic() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let cases = [
        (
            "bad.toml",
            "tile = [0, 8]\nunroll = [1, -4]\n",
            "2:1",
            "`unroll`: -4 is out of range",
        ),
        ("typo.toml", "\nunrol = [2]\n", "2:1", "unknown key `unrol`"),
        ("syntax.toml", "tile = [8,\n", "1:", "invalid TOML"),
        (
            "bad.json",
            "{\n  \"vector\": \"wide\"\n}\n",
            "2:3",
            "`vector` must be a list of integers",
        ),
    ];
    for (name, body, at, message) in cases {
        let spec = dir.path().join(name);
        std::fs::write(&spec, body).unwrap();
        let o = lattice(&[
            "tune",
            MM16,
            "--space",
            spec.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
            "--no-progress",
        ]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
        assert!(err.contains(&format!("{name}:{at}")), "{name}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn bad_inputs_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let garbage = dir.path().join("g.mlir");
    std::fs::write(
        &garbage,
        "func.func @main() {\n  %x = arith.constant 1 : i32\n  return %x\n}\n",
    )
    .unwrap();
    let nomain = dir.path().join("n.mlir");
    std::fs::write(&nomain, "func.func @k() {\n  return\n}\n").unwrap();
    for (args, needle) in [
        (vec!["tune", "/nonexistent.mlir", "--db", db], "cannot read"),
        (
            vec!["tune", garbage.to_str().unwrap(), "--db", db],
            "g.mlir:3:",
        ),
        (
            vec!["tune", nomain.to_str().unwrap(), "--db", db],
            "no @main function",
        ),
        (
            vec!["tune", MM16, "--kernel", "nope", "--db", db],
            "no function named @nope",
        ),
        (
            vec!["tune", "--apply", MM16, "--db", db],
            "no tuning database",
        ),
        (
            vec!["tune", "--import", "/nonexistent.jsonl", "--db", db],
            "cannot read",
        ),
    ] {
        let o = lattice(&args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn tiny_end_to_end_run() {
    if !upstream_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let plot = dir.path().join("p.svg");
    let report = dir.path().join("r.json");
    let o = quick_tune(&[
        "--db",
        db,
        "--trials",
        "3",
        "--plot",
        plot.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "--measurer",
        "upstream",
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}\n{out}", text(&o.stderr));
    assert!(out.contains("@kernel_mm: 3 trials"), "{out}");
    assert!(out.contains("untuned (no transformation)"), "{out}");
    assert!(std::fs::read_to_string(&plot).unwrap().starts_with("<svg"));
    let r = read_json(&report);
    assert_eq!(r["trials"].as_array().unwrap().len(), 3);
    // rtclock has microsecond resolution: a 16x16 kernel may time as 0.
    assert!(r["baseline_seconds"].as_f64().unwrap() >= 0.0);
    // Each trial names the config kept after it (the untuned program is trial 0), kept
    // configs only ever come from earlier trials, and the run's result is the last one.
    assert!(out.contains("kept: "), "{out}");
    for (i, t) in r["trials"].as_array().unwrap().iter().enumerate() {
        let inc = &t["incumbent"];
        let from = inc["trial"].as_u64().unwrap() as usize;
        assert!(from <= i + 1, "{t}");
        assert!(inc["seconds"].as_f64().unwrap() >= 0.0, "{t}");
        assert_eq!(inc["config"].is_null(), from == 0, "{t}");
        assert_eq!(inc["key"] == "untuned", from == 0, "{t}");
    }
    // The final check set the search's incumbent against the untuned program (and the
    // best-ranked others); the run keeps what it decided.
    let check = &r["final_check"];
    assert_eq!(
        check["search_incumbent"],
        r["trials"][2]["incumbent"]["key"]
    );
    assert_eq!(check["kept"], r["incumbent"]["key"]);
    assert!(out.contains("final check ("), "{out}");
    if r["search_incumbent"]["key"] != "untuned" {
        assert!(check["untuned"]["rounds"].as_u64().unwrap() >= 3, "{check}");
    }

    // Resuming skips what is recorded: three more trials, six configs beyond the baseline.
    let o = quick_tune(&["--db", db, "--trials", "3", "--measurer", "upstream"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("resuming after"),
        "{}",
        text(&o.stderr)
    );
    let o = lattice(&["tune", "--show", "--db", db]);
    let shown = text(&o.stdout);
    assert!(shown.contains("@kernel_mm"), "{shown}");
    assert!(shown.contains("cpu-upstream"), "{shown}");

    let jsonl = dir.path().join("x.jsonl");
    let o = lattice(&["tune", "--export", jsonl.to_str().unwrap(), "--db", db]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let exported = std::fs::read_to_string(&jsonl).unwrap();
    assert!(exported.lines().count() >= 7, "{exported}");
    let db2 = dir.path().join("t2.db");
    let o = lattice(&[
        "tune",
        "--import",
        jsonl.to_str().unwrap(),
        "--db",
        db2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));

    // --apply rewrites the kernel with the best record and leaves a valid program.
    let out = dir.path().join("applied.mlir");
    let o = lattice(&[
        "tune",
        "--apply",
        MM16,
        "-o",
        out.to_str().unwrap(),
        "--db",
        db2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("applying to @kernel_mm"));
    // The imported database has what the run kept too.
    assert!(
        text(&o.stderr).contains("the config the latest tuning run kept"),
        "{}",
        text(&o.stderr)
    );
    let o = lattice(&["opt", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // On the tuned database, --apply applies what the first run kept (the second run
    // recorded what it kept too, and its report names it).
    let report2 = dir.path().join("r2.json");
    let o = quick_tune(&[
        "--db",
        db,
        "--trials",
        "1",
        "--measurer",
        "upstream",
        "--report",
        report2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let r2 = read_json(&report2);
    let o = lattice(&[
        "tune",
        "--apply",
        MM16,
        "-o",
        out.to_str().unwrap(),
        "--db",
        db,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("the config the latest tuning run kept"),
        "{err}"
    );
    let incumbent = &r2["incumbent"];
    let kept_pipeline = match incumbent["trial"].as_u64().unwrap() {
        0 if incumbent["key"] == "untuned" => "func.func()".to_string(),
        // Kept by an earlier run on the database (the resumed run's first incumbent).
        0 => recorded_pipeline(db, &incumbent["config"], dir.path()),
        n => r2["trials"][n as usize - 1]["pipeline"]
            .as_str()
            .unwrap()
            .to_string(),
    };
    assert!(
        err.contains(&format!("applying to @kernel_mm: {kept_pipeline} (")),
        "{err}\nkept: {}",
        r2["incumbent"]
    );
}

/// The pipeline the database `db` recorded for `config` (a report's config object).
fn recorded_pipeline(db: &str, config: &serde_json::Value, dir: &std::path::Path) -> String {
    let jsonl = dir.join("recorded.jsonl");
    let o = lattice(&["tune", "--export", jsonl.to_str().unwrap(), "--db", db]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| {
            r["config"]
                .as_str()
                .is_some_and(|c| serde_json::from_str::<serde_json::Value>(c).unwrap() == *config)
        })
        .and_then(|r| r["pipeline"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no record of {config}"))
}

#[test]
fn grid_over_two_level_and_scheduler_knobs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let spec = dir.path().join("s.toml");
    // Tiles 0 or 8 on i and j, k untiled; inner tiles 0 or 4; poly-schedule with
    // unit-stride order, given or its model's tile sizes, one level or a model-sized L2
    // level too. Affine: 3 tiled x 2 levels, plus the untransformed baseline (measured
    // separately); poly-schedule: 3 tiled x (L1, L2), untiled, model sizes x (L1, L2).
    std::fs::write(
        &spec,
        "tile_per_dim = [[0, 8], [0, 8], [0]]\ninner_tile = [0, 4]\ninterchange = false\n\
         unroll = [1]\nunroll_jam = [1]\nvector = [1]\nparallel = [false]\n\
         scheduler = [\"affine\", \"poly\"]\nintra_tile_order = [\"unit-stride\"]\n\
         poly_tiles = [\"given\", \"model\"]\nl2_tile = [0, \"model\"]\n",
    )
    .unwrap();
    let report = dir.path().join("r.json");
    let o = quick_tune(&[
        "--db",
        db.to_str().unwrap(),
        "--strategy",
        "grid",
        "--trials",
        "100",
        "--space",
        spec.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}\n{out}", text(&o.stderr));
    let r = read_json(&report);
    assert_eq!(r["space_size"], 16, "{r}");
    let trials = r["trials"].as_array().unwrap();
    assert_eq!(trials.len(), 15);
    let pipelines: Vec<&str> = trials
        .iter()
        .map(|t| t["pipeline"].as_str().unwrap())
        .collect();
    assert!(
        pipelines
            .iter()
            .any(|p| p.contains("affine-loop-tile{tile-sizes=1,1,4,4,4}")),
        "{pipelines:?}"
    );
    assert!(
        pipelines
            .iter()
            .any(|p| p.contains("poly-schedule{fuse=smart intra-tile-order=unit-stride")),
        "{pipelines:?}"
    );
    // The pass's own tile-size model, with and without its L2 level, and given sizes
    // with the model's L2 level.
    for want in [
        "parallel=false tile=true})",
        "parallel=false tile=true tile-levels=2})",
        "tile=true tile-sizes=8,8,16 tile-levels=2})",
    ] {
        assert!(
            pipelines.iter().any(|p| p.ends_with(want)),
            "{want}: {pipelines:?}"
        );
    }
    for t in trials {
        assert_eq!(t["status"], "ok", "{t}");
    }
    assert!(out.contains("(cost model's pick)"), "{out}");
}

#[test]
fn gpu_target_tunes_workgroup_shapes() {
    let probe = lattice(&["run", "--target", "gpu", "--gpu-list-adapters"]);
    let adapter = probe.status.success() && !text(&probe.stdout).trim().is_empty();
    if !require(
        adapter,
        "no GPU adapter (mesa-vulkan-drivers gives lavapipe)",
        "the GPU tuning run",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let spec = dir.path().join("s.json");
    std::fs::write(
        &spec,
        r#"{"workgroup": [[8, 8], [16, 4]], "unroll": [1], "interchange": false}"#,
    )
    .unwrap();
    let report = dir.path().join("r.json");
    let o = quick_tune(&[
        "--target",
        "gpu",
        "--db",
        db.to_str().unwrap(),
        "--space",
        spec.to_str().unwrap(),
        "--trials",
        "2",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let r = read_json(&report);
    let trials = r["trials"].as_array().unwrap();
    assert_eq!(trials.len(), 2, "{r}");
    for t in trials {
        assert_eq!(t["status"], "ok", "{t}");
        assert!(
            t["config"]["workgroup"]
                .as_array()
                .is_some_and(|w| w.len() == 2),
            "{t}"
        );
    }
    let o = lattice(&["tune", "--show", "--db", db.to_str().unwrap()]);
    assert!(
        text(&o.stdout).contains("target gpu"),
        "{}",
        text(&o.stdout)
    );
    // `--apply --target gpu` writes the tuned mapping into the file: it holds launches
    // with a tuned workgroup shape and runs on the GPU as tuned, with no options, printing
    // what the untransformed program prints.
    let out = dir.path().join("tuned.mlir");
    let o = lattice(&[
        "tune",
        "--apply",
        MM16,
        "--target",
        "gpu",
        "-o",
        out.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let tuned = std::fs::read_to_string(&out).unwrap();
    assert!(tuned.contains("gpu.launch"), "{tuned}");
    // `@main`'s own initialisation loop (computing in i64: lavapipe has SHADER_INT64) is
    // mapped as `lattice run --target gpu` maps it in the untransformed file.
    let main_part = &tuned[tuned.find("func.func @main(").expect("@main")..];
    let launch = main_part
        .find("gpu.launch")
        .unwrap_or_else(|| panic!("{tuned}"));
    assert!(
        main_part[launch..].contains("arith.sitofp %"),
        "the i64 loop is not mapped: {tuned}"
    );
    let run = |f: &str| {
        let o = lattice(&[
            "run",
            "--target",
            "gpu",
            f,
            "-e",
            "main",
            "-entry-point-result=void",
        ]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", text(&o.stderr));
        text(&o.stdout)
    };
    assert_eq!(run(out.to_str().unwrap()), run(MM16));
}

#[test]
fn remeasure_times_configs_interleaved() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("c.json");
    // Two configs, one repeated (timed once), as `--report` writes them.
    std::fs::write(
        &list,
        r#"[{"tile": [8, 8, 0], "unroll": 1, "unroll_jam": 1, "vector": 1, "parallel": false},
            {"tile": [0, 0, 0], "unroll": 1, "unroll_jam": 2, "vector": 1, "parallel": false,
             "poly": {"fuse": "smart", "unit_stride": true, "model_tiles": true}},
            {"tile": [8, 8, 0], "unroll": 1, "unroll_jam": 1, "vector": 1, "parallel": false}]"#,
    )
    .unwrap();
    let report = dir.path().join("r.json");
    let o = lattice(&[
        "tune",
        MM16,
        "--remeasure",
        list.to_str().unwrap(),
        "--rounds",
        "3",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let r = read_json(&report);
    assert_eq!(r["clock"], "cpu");
    assert_eq!(r["baseline_samples"].as_array().unwrap().len(), 3, "{r}");
    // Per-round wall-clock times too, for paired ratios on the common clock.
    assert_eq!(
        r["baseline_wall_samples"].as_array().unwrap().len(),
        3,
        "{r}"
    );
    let entries = r["remeasured"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{r}");
    for e in entries {
        assert_eq!(e["status"], "ok", "{e}");
        assert_eq!(e["samples"].as_array().unwrap().len(), 3, "{e}");
        assert_eq!(e["wall_samples"].as_array().unwrap().len(), 3, "{e}");
    }
    assert_eq!(
        entries[1]["key"],
        "t=0,0,0 u=1 uj=2 v=1 p=0 sched=smart/unit-stride/model-tiles"
    );
    let out = text(&o.stdout);
    assert!(out.contains("untuned (no transformation)"), "{out}");
    // Not a list of configs: a clear error, exit 1.
    std::fs::write(&list, "{\"tile\": 3}").unwrap();
    let o = lattice(&["tune", MM16, "--remeasure", list.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("not a JSON array of configs"),
        "{}",
        text(&o.stderr)
    );
}
