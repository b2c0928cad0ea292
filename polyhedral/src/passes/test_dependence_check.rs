//! `--test-memref-dependence-check`: mlir-opt's test pass. For every ordered pair of
//! `affine.load`/`affine.store` ops (in walk order, numbered from 0) and every depth `d`
//! from 1 to the number of common enclosing loops + 1, it emits at the source op the
//! remark `dependence from i to j at depth d = <answer>` where the answer is `false` (no
//! dependence), `true` (a loop-independent dependence, `d` = common + 1), or one
//! `[min, max]` range of `iv(dst) - iv(src)` per common loop.
//!
//! The answers come from isl on exact integer sets (iteration domains with `affine.if`
//! conditions and strides, subscripts with `mod`/`floordiv`), so "false" is exact; the
//! ranges are exact integer bounds, where upstream's Fourier–Motzkin projection can be
//! looser on subscripts with `mod`/`floordiv` (a difference noted in test files).
//! Like upstream, distinct memref values are assumed not to alias.
//!
//! The remarks are returned as the pass's diagnostics (the pass manager has no channel
//! for non-fatal remarks), so the pipeline stops after this pass: use it with
//! `--verify-diagnostics`, as upstream's tests do.

use crate::deps::PairShape;
use crate::isl::{IslCtx, IslError};
use crate::scop::{access_instances, AccessInstance};
use lattice_affine::views::{AffineLoad, AffineStore};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::{Ir, Op, WalkOrder};

/// The remarks of the test pass on everything under `root`.
pub fn dependence_remarks(ir: &Ir, root: Op) -> Vec<Diagnostic> {
    let ops: Vec<Op> = ir
        .walk_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineLoad>(o) || ir.isa::<AffineStore>(o))
        .collect();
    if ops.is_empty() {
        return Vec::new();
    }
    let isl = IslCtx::default();
    let (inst, _) = match access_instances(ir, &isl, &ops) {
        Ok(x) => x,
        Err(e) => {
            return vec![Diagnostic::error(
                DiagLoc::Loc(ir.loc(ops[0])),
                format!("dependence check failed: {e}"),
            )]
        }
    };
    let mut out = Vec::new();
    for (i, a) in inst.iter().enumerate() {
        for (j, b) in inst.iter().enumerate() {
            let common = a
                .dims
                .iter()
                .zip(&b.dims)
                .take_while(|(x, y)| x == y)
                .count();
            for d in 1..=common + 1 {
                let msg = match answer(ir, &isl, a, b, common, d) {
                    Ok(s) => s,
                    Err(e) => {
                        out.push(Diagnostic::error(
                            DiagLoc::Loc(ir.loc(a.op)),
                            format!("dependence check failed: {e}"),
                        ));
                        continue;
                    }
                };
                out.push(Diagnostic::new(
                    Severity::Remark,
                    DiagLoc::Loc(ir.loc(a.op)),
                    format!("dependence from {i} to {j} at depth {d} = {msg}"),
                ));
            }
        }
    }
    out
}

/// Whether `a` comes before `b` in the block of their innermost common ancestor.
fn appears_before(ir: &Ir, a: Op, b: Op) -> bool {
    lattice_affine::analysis::dependence::appears_before(ir, a, b)
}

fn answer(
    ir: &Ir,
    isl: &IslCtx,
    a: &AccessInstance,
    b: &AccessInstance,
    common: usize,
    depth: usize,
) -> Result<String, IslError> {
    if a.memref != b.memref || (!a.write && !b.write) {
        return Ok("false".into());
    }
    if depth > common && !appears_before(ir, a.op, b.op) {
        return Ok("false".into());
    }
    let same = isl.check(
        isl.check(a.relation.copy())?
            .apply_range(isl.check(isl.check(b.relation.copy())?.reverse())?),
    )?;
    let pair = PairShape {
        src: &a.name,
        src_dims: a.dims.len(),
        dst: &b.name,
        dst_dims: b.dims.len(),
    };
    let rel = isl.check(same.intersect(isl.map(&pair.order_text(common, depth))?))?;
    if isl.check(rel.is_empty())? {
        return Ok("false".into());
    }
    if depth > common {
        return Ok("true".into());
    }
    let mut s = String::new();
    for (lo, hi) in pair.distance_ranges(isl, common, &rel)? {
        s.push_str(&format!(
            "[{}, {}]",
            lo.map_or("-inf".into(), |v| v.to_string()),
            hi.map_or("+inf".into(), |v| v.to_string())
        ));
    }
    Ok(s)
}

fn run(ir: &mut Ir, root: Op, _o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let remarks = dependence_remarks(ir, root);
    if remarks.is_empty() {
        Ok(())
    } else {
        Err(remarks)
    }
}

/// The `test-memref-dependence-check` pass.
pub static TEST_MEMREF_DEPENDENCE_CHECK: PassDef = PassDef {
    name: "test-memref-dependence-check",
    display_name: "TestMemRefDependenceCheck",
    summary: "Checks dependences between all pairs of memref accesses.",
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run,
};
