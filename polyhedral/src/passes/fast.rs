//! `lattice-fast`: the recommended pipeline as one pass (mlir-opt's registered pass
//! pipelines work the same way: one name usable as `--lattice-fast` and inside
//! `--pass-pipeline`): `poly-schedule{register-tile=true}` (schedule, cache tiles from
//! the tile model, those of contraction bands sized for the register tile, parallel
//! loops), `affine-register-tile` (contraction nests: reduction loop innermost,
//! register tile, accumulators in `iter_args`, unit-stride loop vectorized), then
//! `affine-super-vectorize` at the machine's f32 lane count for the other loops.
//!
//! Invariants: each step is the registered pass run with the same machine and remark
//! setting as this one, so `lattice-fast` prints what those passes print in that order;
//! without `contract=true` no step reassociates or contracts floating-point operations,
//! so results are bit-identical to the input program's.

use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op};

/// The steps, in order: pass and its options (the machine decides the rest).
fn steps(o: &PassOptions) -> Result<Vec<(&'static PassDef, Vec<(String, String)>)>, String> {
    let contract = o.bool("contract", false)?;
    let lanes = (o.machine.vector_bytes / 4).max(1);
    Ok(vec![
        (
            &crate::schedule::POLY_SCHEDULE,
            vec![("register-tile".into(), "true".into())],
        ),
        (
            &lattice_affine::passes::register_tile::REGISTER_TILE,
            vec![("contract".into(), contract.to_string())],
        ),
        (
            &lattice_affine::passes::super_vectorize::SUPER_VECTORIZE,
            vec![("virtual-vector-size".into(), lanes.to_string())],
        ),
    ])
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let steps = steps(o).map_err(|m| {
        vec![Diagnostic::error(
            lattice_ir::diag::DiagLoc::Loc(ir.loc(func)),
            m,
        )]
    })?;
    let remarks = o.value("remarks").map(str::to_string);
    for (def, mut entries) in steps {
        if let Some(r) = &remarks {
            entries.push(("remarks".into(), r.clone()));
        }
        let options = PassOptions {
            entries,
            machine: o.machine,
            all_remarks: o.all_remarks,
            parsed: None,
        };
        (def.run)(ir, func, &options)?;
    }
    Ok(())
}

/// The `lattice-fast` pipeline.
pub static LATTICE_FAST: PassDef = PassDef {
    name: "lattice-fast",
    display_name: "LatticeFast",
    summary: "The recommended pipeline for speed: poly-schedule, affine-register-tile, affine-super-vectorize (scheduling, cache and register tiles, vectors, parallel loops)",
    anchor: Some("func.func"),
    options: &[
        PassOption::bool(
            "contract",
            false,
            "Let contraction nests fuse multiply-adds (FMA; changes rounding, as -ffp-contract=fast)",
        ),
        PassOption::bool("remarks", false, "Every step prints why it declined (stderr)"),
    ],
    configure: None,
    run,
};
