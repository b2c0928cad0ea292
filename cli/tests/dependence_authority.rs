//! Lattice has two dependence analyses: isl's exact one (`lattice_polyhedral::deps`, the
//! authority: the scheduler, tiling, fusion and `affine-parallelize` decide by it) and the
//! affine dialect's Fourier–Motzkin test (`lattice_affine::analysis::dependence`, which GPU
//! mapping, unroll-jam and super-vectorize ask whether a loop carries a memory
//! dependence). This test asks both, for every `affine.for` of every example, every
//! benchmark-suite kernel (SMALL), every `test/Poly` file and a batch of random programs,
//! whether the loop carries a dependence through memory, under the affine analysis's
//! aliasing assumption (distinct memrefs never alias).
//!
//! Invariants: the affine test is never *less* conservative than isl (it never calls a
//! loop free of carried dependences that isl shows carries one between exactly modelled
//! accesses: that would be a miscompile in its consumers); where it is more conservative (a dependence isl refutes),
//! the loop is counted, and the count must stay within [`MAX_CONSERVATIVE_PERCENT`] of the
//! loops compared, so the approximation cannot quietly decay into "everything carries".

use lattice_cli::fuzz::gen::{program, Rng};
use lattice_cli::make_context;
use lattice_codegen::gpu::map::carried_dependence;
use lattice_ir::{Ir, Op, SourceMap, WalkOrder};
use lattice_polyhedral::deps::{analyze, AliasAssumption, DepOptions};
use lattice_polyhedral::isl::IslCtx;
use lattice_polyhedral::scop::{extract_scops, ArrayKind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Random programs compared (seeded as `poly_random`'s generator).
const RANDOM_PROGRAMS: u64 = 1000;
/// The largest share of compared loops on which the affine test may be more conservative
/// than isl.
const MAX_CONSERVATIVE_PERCENT: usize = 10;

/// What the two analyses said over a set of inputs.
#[derive(Default)]
struct Tally {
    compared: usize,
    agree: usize,
    /// Loops the affine test calls carried and isl does not: `file: loop at line`.
    conservative: Vec<String>,
    /// Loops the affine test calls free where isl's only carried dependences involve an
    /// over-approximated access (isl is the conservative one there).
    isl_approximates: Vec<String>,
    /// Loops the affine test calls free and isl shows carried between exactly modelled
    /// accesses (must stay empty).
    unsound: Vec<String>,
}

fn parse(name: &str, text: &str) -> Option<(Ir, Op)> {
    let ctx = Arc::new(make_context(false));
    let mut sources = SourceMap::new();
    let id = sources.add(name, text);
    let mut ir = Ir::new(ctx);
    let module = lattice_ir::parser::parse_source(&mut ir, id, name, text).ok()?;
    if !lattice_ir::verifier::verify(&ir, module).is_empty() {
        return None;
    }
    Some((ir, module))
}

fn line_of(ir: &Ir, op: Op) -> String {
    lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(op))
        .map(|(_, line, _)| line.to_string())
        .unwrap_or_else(|| "?".into())
}

/// Compares the two analyses on every `affine.for` of every function of `text`.
fn compare(name: &str, text: &str, tally: &mut Tally) {
    let Some((ir, module)) = parse(name, text) else {
        return;
    };
    let funcs: Vec<Op> = ir
        .walk_ops(module, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.is_op(o, "func.func"))
        .collect();
    for func in funcs {
        let isl = IslCtx::default();
        let ex = extract_scops(&ir, &isl, func);
        for scop in &ex.scops {
            isl.reset_operations();
            let options = DepOptions {
                alias: AliasAssumption::DistinctMemrefs,
            };
            let Ok(deps) = analyze(&isl, &ir, scop, &options) else {
                continue;
            };
            for l in &deps.loops {
                if !ir.is_op(l.loop_op, "affine.for") {
                    continue;
                }
                let memory: Vec<_> = l
                    .carried
                    .iter()
                    .map(|&k| &deps.deps[k])
                    .filter(|d| matches!(scop.arrays[d.array].kind, ArrayKind::Memref))
                    .collect();
                let isl_carries = !memory.is_empty();
                // A dependence between exactly modelled accesses exists; one touching an
                // over-approximated access (under `scf.if`, say) only may.
                let exact = |s: usize, a: usize| scop.statements[s].accesses[a].exact;
                let isl_proves = memory
                    .iter()
                    .any(|d| exact(d.src, d.src_access) && exact(d.dst, d.dst_access));
                let affine_carries = carried_dependence(&ir, l.loop_op).is_err();
                tally.compared += 1;
                let at = format!("{name}: loop at line {}", line_of(&ir, l.loop_op));
                match (affine_carries, isl_carries) {
                    (a, b) if a == b => tally.agree += 1,
                    (true, false) => tally.conservative.push(at),
                    _ if isl_proves => tally.unsound.push(at),
                    _ => tally.isl_approximates.push(at),
                }
            }
        }
    }
}

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    out.sort();
    out
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn compare_files(dirs: &[&str], tally: &mut Tally) {
    for dir in dirs {
        for path in mlir_files(&root().join(dir)) {
            let text = std::fs::read_to_string(&path).expect("readable");
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            // Split-input files: each chunk on its own.
            for chunk in text.split("\n// -----") {
                compare(&name, chunk, tally);
            }
        }
    }
}

fn check(what: &str, tally: &Tally) {
    eprintln!(
        "{what}: {} loops compared, {} agree, {} more conservative in the affine test, \
         {} more conservative in isl (over-approximated accesses), {} unsound",
        tally.compared,
        tally.agree,
        tally.conservative.len(),
        tally.isl_approximates.len(),
        tally.unsound.len()
    );
    for c in &tally.conservative {
        eprintln!("  affine conservative: {c}");
    }
    for c in &tally.isl_approximates {
        eprintln!("  isl conservative: {c}");
    }
    assert!(
        tally.unsound.is_empty(),
        "the affine dependence test calls loops free of carried dependences that isl shows carry one:\n{}",
        tally.unsound.join("\n")
    );
    assert!(tally.compared > 0, "{what}: no loop compared");
    assert!(
        tally.conservative.len() * 100 <= tally.compared * MAX_CONSERVATIVE_PERCENT,
        "{what}: the affine test is more conservative than isl on {} of {} loops",
        tally.conservative.len(),
        tally.compared
    );
}

#[test]
fn the_affine_test_is_sound_against_isl_on_examples_suite_and_file_tests() {
    let mut tally = Tally::default();
    compare_files(
        &[
            "examples",
            "bench/suite/polybench/small",
            "bench/suite/other/small",
            "test/Poly",
        ],
        &mut tally,
    );
    check("files", &tally);
}

#[test]
fn the_affine_test_is_sound_against_isl_on_random_programs() {
    let mut tally = Tally::default();
    for n in 0..RANDOM_PROGRAMS {
        let mut rng = Rng(0x5eed_0000 + n);
        let p = program(&mut rng);
        compare(&format!("random{n}"), &p.kernel, &mut tally);
    }
    check("random programs", &tally);
}
