//! `raise-scf-to-affine`: raises C-front-end style code (Polygeist output, or the result
//! of `--lower-affine`) back to the affine dialect: `scf.for` with a positive constant
//! step and affine bounds becomes `affine.for` (an `arith.maxsi` tree as the lower bound
//! and an `arith.minsi` tree as the upper bound become multi-result bound maps;
//! iter_args are kept), `scf.if` on a conjunction (`arith.andi`) of `arith.cmpi`
//! `eq/slt/sle/sgt/sge` of affine index expressions becomes `affine.if` with the
//! matching integer set, and `memref.load`/`memref.store` with affine indices become
//! `affine.load`/`affine.store`. Index arithmetic (`addi`, `subi`, `muli` by a constant,
//! `floordivsi`, and `divsi`/`remsi` of provably non-negative values by a positive
//! constant, `affine.apply`) is folded into the maps of the raised ops.
//!
//! The rewrites repeat over the function until nothing changes, so inner loops whose
//! bounds use an outer induction variable raise once the outer loop has.
//! Declines (a remark under `remarks=true` or `--remarks`) on non-index or
//! non-constant/non-positive steps, non-affine bounds or conditions, unsigned or `ne`
//! comparisons. Invariants: the iteration space, conditions and accessed elements are
//! exactly those of the original ops.

use super::raise_from_memref::{erase_dead, raise_access, ExprBuilder, Report};
use crate::util::constant_int;
use crate::views::{AffineFor, AffineIf, AffineYield};
use lattice_dialects::{arith, func, memref, scf};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AffineExpr, Block, Diagnostic, Ir, Op, OperationState, Value, WalkOrder};

/// Options of `raise-scf-to-affine`.
#[derive(Clone, Debug, Default)]
pub struct RaiseScfToAffineOptions {
    /// Emit refusals as remarks.
    pub remarks: bool,
}

/// The leaves of a tree of `name` ops rooted at `v` (at most 32 levels deep).
fn flatten(ir: &Ir, v: Value, name: &str, out: &mut Vec<Value>) {
    flatten_depth(ir, v, name, out, 0);
}

fn flatten_depth(ir: &Ir, v: Value, name: &str, out: &mut Vec<Value>, depth: u32) {
    match ir.defining_op(v) {
        Some(def) if depth < 32 && ir.is_op(def, name) && ir.operands(def).len() == 2 => {
            for o in ir.operands(def).to_vec() {
                flatten_depth(ir, o, name, out, depth + 1);
            }
        }
        _ => out.push(v),
    }
}

/// Expressions for one loop bound: the leaves of a max/min tree, or the value itself.
fn bound_exprs(ir: &Ir, b: &mut ExprBuilder, v: Value, tree: &str) -> Option<Vec<AffineExpr>> {
    let mut leaves = Vec::new();
    flatten(ir, v, tree, &mut leaves);
    if leaves.len() > 1 {
        let mark = (b.dims.len(), b.syms.len());
        let exprs: Option<Vec<_>> = leaves.iter().map(|&l| b.expr(ir, l)).collect();
        if exprs.is_some() {
            return exprs;
        }
        b.dims.truncate(mark.0);
        b.syms.truncate(mark.1);
    }
    b.expr(ir, v).map(|e| vec![e])
}

/// Replaces the `scf.yield` terminating `block` with an `affine.yield`.
fn retarget_yield(ir: &mut Ir, block: Block) {
    let Some(term) = ir.last_op(block) else {
        return;
    };
    if !ir.isa::<scf::Yield>(term) {
        return;
    }
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(AffineYield::NAME), ir.loc(term));
    st.operands = ir.operands(term).to_vec();
    let y = ir.create_op(st);
    ir.insert_op_before(term, y);
    ir.erase_op(term);
}

/// Moves the blocks of region `index` of `from` into a fresh region.
fn take_region(ir: &mut Ir, from: Op, index: usize) -> lattice_ir::Region {
    let old = ir.region(from, index);
    let new = ir.create_region();
    let blocks: Vec<Block> = ir.region_blocks(old).collect();
    for b in blocks {
        ir.detach_block(b);
        ir.append_block(new, b);
        retarget_yield(ir, b);
    }
    new
}

/// Replaces `old`'s results with `new`'s and erases `old`, then the dead arithmetic
/// that computed `old`'s operands.
fn replace(ir: &mut Ir, old: Op, new: Op) {
    ir.insert_op_before(old, new);
    for (k, r) in ir.results(old).to_vec().into_iter().enumerate() {
        let nr = ir.result(new, k);
        ir.replace_all_uses(r, nr);
    }
    let defs: Vec<Op> = ir
        .operands(old)
        .iter()
        .filter_map(|&o| ir.defining_op(o))
        .collect();
    ir.erase_op(old);
    erase_dead(ir, defs);
}

/// Raises one `scf.for` to `affine.for`.
fn raise_for(ir: &mut Ir, op: Op) -> Result<(), String> {
    let ops = ir.operands(op).to_vec();
    if ops.len() < 3 {
        return Err("malformed loop".into());
    }
    if !ir.ctx().is_index(ir.value_type(ops[0])) {
        return Err("the induction variable is not of index type".into());
    }
    if ir.attr(op, "unsignedCmp").is_some() {
        return Err("unsigned comparison of the bounds".into());
    }
    let step = constant_int(ir, ops[2]).ok_or("the step is not a constant")?;
    if step <= 0 {
        return Err(format!("the step {step} is not positive"));
    }
    let mut lb = ExprBuilder::new(ir, op);
    let lbe = bound_exprs(ir, &mut lb, ops[0], arith::MaxSI::NAME)
        .ok_or("the lower bound is not an affine function of valid dims and symbols")?;
    let mut ub = ExprBuilder::new(ir, op);
    let ube = bound_exprs(ir, &mut ub, ops[1], arith::MinSI::NAME)
        .ok_or("the upper bound is not an affine function of valid dims and symbols")?;
    let lb_map = lb.map(ir, lbe);
    let ub_map = ub.map(ir, ube);
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(AffineFor::NAME), ir.loc(op));
    let lbo = lb.operands();
    let ubo = ub.operands();
    let inits = &ops[3..];
    let seg = [lbo.len() as i32, ubo.len() as i32, inits.len() as i32];
    st.operands = lbo
        .into_iter()
        .chain(ubo)
        .chain(inits.iter().copied())
        .collect();
    st.result_types = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    st.add_attr(
        ctx.intern_str(AffineFor::LOWER_BOUND_MAP),
        ctx.affine_map_attr(lb_map),
    );
    st.add_attr(
        ctx.intern_str(AffineFor::UPPER_BOUND_MAP),
        ctx.affine_map_attr(ub_map),
    );
    st.add_attr(ctx.intern_str(AffineFor::STEP), ctx.index_attr(step));
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&seg),
    );
    for na in ir.attrs(op).to_vec() {
        if ir.ctx().str(na.name) != "unsignedCmp" {
            st.attrs.push(na);
        }
    }
    st.regions.push(take_region(ir, op, 0));
    let new = ir.create_op(st);
    replace(ir, op, new);
    Ok(())
}

/// Raises one `scf.if` to `affine.if`.
fn raise_if(ir: &mut Ir, op: Op) -> Result<(), String> {
    let cond = ir.operand(op, 0);
    let mut conjuncts = Vec::new();
    flatten(ir, cond, arith::AndI::NAME, &mut conjuncts);
    let mut b = ExprBuilder::new(ir, op);
    let ctx = ir.ctx_arc().clone();
    let mut constraints = Vec::new();
    let mut eq = Vec::new();
    for c in conjuncts {
        let Some(cmp) = ir.defining_op(c).filter(|&d| ir.isa::<arith::CmpI>(d)) else {
            return Err("the condition is not a conjunction of arith.cmpi".into());
        };
        let pred = ir
            .attr(cmp, "predicate")
            .and_then(|a| ctx.int_value(a))
            .ok_or("missing predicate")?;
        let (l, r) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
        let le = b
            .expr(ir, l)
            .ok_or("a comparison operand is not an affine function of valid dims and symbols")?;
        let re = b
            .expr(ir, r)
            .ok_or("a comparison operand is not an affine function of valid dims and symbols")?;
        let one = ctx.constant_expr(1);
        let (e, is_eq) = match pred {
            0 => (ctx.sub_expr(le, re), true),
            2 => (ctx.sub_expr(ctx.sub_expr(re, le), one), false),
            3 => (ctx.sub_expr(re, le), false),
            4 => (ctx.sub_expr(ctx.sub_expr(le, re), one), false),
            5 => (ctx.sub_expr(le, re), false),
            1 => return Err("'ne' comparisons are not expressible as an integer set".into()),
            _ => return Err("unsigned comparisons are not raised".into()),
        };
        constraints.push(e);
        eq.push(is_eq);
    }
    let simplified = b.map(ir, constraints);
    let (nd, ns) = (b.dims.len() as u32, b.syms.len() as u32);
    let set = ctx.integer_set(nd, ns, ctx.map_results(simplified).to_vec(), eq);
    let mut st = OperationState::new(ctx.intern_str(AffineIf::NAME), ir.loc(op));
    st.operands = b.operands();
    st.result_types = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    st.add_attr(
        ctx.intern_str(AffineIf::CONDITION),
        ctx.integer_set_attr(set),
    );
    st.attrs.extend(ir.attrs(op).iter().copied());
    st.regions.push(take_region(ir, op, 0));
    st.regions.push(take_region(ir, op, 1));
    let new = ir.create_op(st);
    replace(ir, op, new);
    Ok(())
}

/// Raises everything raisable in `func`, repeating until nothing changes.
pub fn raise_scf_to_affine_with_report(ir: &mut Ir, func: Op) -> Report {
    let mut report = Report::default();
    for _round in 0..64 {
        let mut changed = false;
        report.remarks.clear();
        for op in ir.walk_ops(func, WalkOrder::PreOrder) {
            if !ir.contains_op(op) {
                continue;
            }
            let result = match scf::ScfKind::of(ir, op) {
                Some(scf::ScfKind::For) => raise_for(ir, op),
                Some(scf::ScfKind::If) => raise_if(ir, op),
                _ if ir.isa::<memref::Load>(op) || ir.isa::<memref::Store>(op) => {
                    raise_access(ir, op)
                }
                _ => continue,
            };
            match result {
                Ok(()) => {
                    changed = true;
                    report.raised += 1;
                }
                Err(why) => report.decline(ir, op, why),
            }
        }
        if !changed {
            break;
        }
    }
    report
}

/// Runs `raise-scf-to-affine` on `func`.
pub fn raise_scf_to_affine(
    ir: &mut Ir,
    func: Op,
    options: &RaiseScfToAffineOptions,
) -> Result<(), Vec<Diagnostic>> {
    let report = raise_scf_to_affine_with_report(ir, func);
    report.emit(options.remarks);
    Ok(())
}

/// `remarks`, the one option, is the pass manager's to decide when the pass runs.
impl PassConfig for RaiseScfToAffineOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(RaiseScfToAffineOptions::default())
    }
}

fn run(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<RaiseScfToAffineOptions>(ir, op)?;
    let remarks = lattice_ir::pass::remarks_enabled(options);
    raise_scf_to_affine(
        ir,
        op,
        &RaiseScfToAffineOptions {
            remarks,
            ..(*typed).clone()
        },
    )
}

/// The `raise-scf-to-affine` pass.
pub static RAISE_SCF_TO_AFFINE: PassDef = PassDef {
    name: "raise-scf-to-affine",
    display_name: "RaiseSCFToAffine",
    summary: "Raise scf.for/scf.if and memref accesses with affine bounds, conditions and indices to the affine dialect",
    anchor: Some(func::Func::NAME),
    options: &[        PassOption::bool("remarks", false, "Print why ops were not raised"),
    ],
    configure: lattice_ir::pass::configure::<RaiseScfToAffineOptions>,
    run,
};

#[cfg(test)]
mod tests {
    use super::raise_scf_to_affine_with_report;
    use lattice_ir::diag::SourceMap;
    use lattice_ir::parser::parse_source;
    use lattice_ir::printer::{print_op, PrintOptions};
    use lattice_ir::{Context, Ir, WalkOrder};
    use std::sync::Arc;

    /// Raises every function of `text`; returns the printed IR and the remarks.
    fn raise(text: &str) -> String {
        let mut ctx = Context::new();
        lattice_dialects::register_all(&mut ctx);
        crate::register(&mut ctx);
        let mut ir = Ir::new(Arc::new(ctx));
        let mut sm = SourceMap::new();
        let id = sm.add("t.mlir", text);
        let top = parse_source(&mut ir, id, "t.mlir", text).expect("parses");
        let funcs: Vec<_> = ir
            .walk_ops(top, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.is_op(o, "func.func"))
            .collect();
        let mut out = String::new();
        for f in funcs {
            let report = raise_scf_to_affine_with_report(&mut ir, f);
            out += &format!("raised {}\n", report.raised);
            for r in report.remarks {
                out += &format!("{}\n", r.message);
            }
        }
        out + &print_op(&ir, top, PrintOptions::default())
    }

    #[test]
    fn declines_with_reasons() {
        let got = raise(
            "func.func @f(%m: memref<8xf32>, %s: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cm1 = arith.constant -1 : index
  scf.for %i = %c0 to %c8 step %s {
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %m[%i] : memref<8xf32>
    scf.if %c {
      memref.store %v, %m[%i] : memref<8xf32>
    }
  }
  return
}",
        );
        expect_test::expect![[r#"
            raised 3
            not raised: 'scf.for' at loc("t.mlir":6:3): the step is not a constant
            not raised: 'scf.if' at loc("t.mlir":10:5): the condition is not a conjunction of arith.cmpi
            module {
              func.func @f(%arg0: memref<8xf32>, %arg1: index, %arg2: i1) {
                %c0 = arith.constant 0 : index
                %c8 = arith.constant 8 : index
                %c-1 = arith.constant -1 : index
                scf.for %arg3 = %c0 to %c8 step %arg1 {
                }
                affine.for %arg3 = 0 to 8 {
                  %0 = affine.load %arg0[%arg3] : memref<8xf32>
                  scf.if %arg2 {
                    affine.store %0, %arg0[%arg3] : memref<8xf32>
                  }
                }
                return
              }
            }
        "#]]
        .assert_eq(&got);
    }
}
