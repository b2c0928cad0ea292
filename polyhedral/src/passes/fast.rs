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

use lattice_affine::passes::super_vectorize::{SuperVectorizeOptions, SUPER_VECTORIZE};
use lattice_dialects::func;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op};

/// The steps with their options, built when the pipeline is (the vector width, which
/// only the machine decides, is set when the pass runs).
#[derive(Debug)]
pub struct FastSteps {
    steps: [(&'static PassDef, PassOptions); 3],
}

impl PassConfig for FastSteps {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let contract = o.bool("contract", false)?;
        let remarks = o.bool_given("remarks")?;
        let step = |def: &'static PassDef, mut entries: Vec<(String, String)>| {
            if let Some(r) = remarks {
                entries.push(("remarks".into(), r.to_string()));
            }
            PassOptions::new(def, entries).map(|options| (def, options))
        };
        Ok(FastSteps {
            steps: [
                step(
                    &crate::schedule::POLY_SCHEDULE,
                    vec![("register-tile".into(), "true".into())],
                )?,
                step(
                    &lattice_affine::passes::register_tile::REGISTER_TILE,
                    vec![("contract".into(), contract.to_string())],
                )?,
                step(&SUPER_VECTORIZE, Vec::new())?,
            ],
        })
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let fast = o.typed_at::<FastSteps>(ir, func)?;
    let lanes = (o.machine.vector_bytes / 4).max(1);
    for (def, options) in &fast.steps {
        let mut options = match def.name == SUPER_VECTORIZE.name {
            true => {
                let base = options.typed_at::<SuperVectorizeOptions>(ir, func)?;
                options.with_typed(SuperVectorizeOptions {
                    vector_sizes: vec![lanes as i64],
                    ..(*base).clone()
                })
            }
            false => options.clone(),
        };
        options.machine = o.machine;
        options.all_remarks = o.all_remarks;
        (def.run)(ir, func, &options)?;
    }
    Ok(())
}

/// The `lattice-fast` pipeline.
pub static LATTICE_FAST: PassDef = PassDef {
    name: "lattice-fast",
    display_name: "LatticeFast",
    summary: "The recommended pipeline for speed: poly-schedule, affine-register-tile, affine-super-vectorize (scheduling, cache and register tiles, vectors, parallel loops)",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::bool(
            "contract",
            false,
            "Let contraction nests fuse multiply-adds (FMA; changes rounding, as -ffp-contract=fast)",
        ),
        PassOption::bool("remarks", false, "Every step prints why it declined (stderr)"),
    ],
    configure: lattice_ir::pass::configure::<FastSteps>,
    run,
};
