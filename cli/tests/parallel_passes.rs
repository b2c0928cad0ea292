//! Differential test of the pass manager's parallel path: every valid file test and
//! example, run through nested per-function pipelines, prints the same with threads as
//! with `--mlir-disable-threading` (functions are moved into their own IR, transformed in
//! parallel, and moved back in their original order).

use std::path::{Path, PathBuf};
use std::process::Command;

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn threaded_and_sequential_pipelines_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    mlir_files(&root.join("test"), &mut files);
    mlir_files(&root.join("examples"), &mut files);
    files.sort();
    let pipelines = [
        "builtin.module(func.func(canonicalize,cse))",
        "builtin.module(func.func(cse),canonicalize,symbol-dce)",
    ];
    let mut compared = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        if text.contains("verify-diagnostics") || text.contains("ORACLE: skip") {
            continue;
        }
        let mut base = vec!["opt".to_string(), file.to_string_lossy().into_owned()];
        if text.contains("split-input-file") {
            base.push("--split-input-file".into());
        }
        if text.contains("allow-unregistered-dialect") {
            base.push("--allow-unregistered-dialect".into());
        }
        for p in pipelines {
            let run = |threads: bool| {
                let mut args = base.clone();
                args.push(format!("--pass-pipeline={p}"));
                if !threads {
                    args.push("--mlir-disable-threading".into());
                }
                Command::new(env!("CARGO_BIN_EXE_lattice"))
                    .env("LATTICE_MACHINE", "medium")
                    .env("LATTICE_THREADS", "2")
                    .args(&args)
                    .output()
                    .unwrap()
            };
            let (a, b) = (run(true), run(false));
            assert_eq!(
                a.status.code(),
                b.status.code(),
                "{} with {p}: exit codes differ",
                file.display()
            );
            assert_eq!(
                String::from_utf8_lossy(&a.stdout),
                String::from_utf8_lossy(&b.stdout),
                "{} with {p}: threaded output differs from sequential",
                file.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 20, "too few files compared ({compared})");
}
