//! The affine dialect's inliner interface (MLIR's `AffineInlinerInterface`): affine ops
//! may be inlined into an affine scope or an affine loop or conditional; a callee body
//! may be inlined into an affine loop or conditional only when it is one block whose
//! affine accesses and applies keep valid dimensions and symbols there.
//!
//! Invariants: the checks only read the IR; values are identified through the callee's
//! argument mapping that the inliner passes in, never by name.

use crate::valid::{is_valid_dim, is_valid_symbol};
use crate::views::{AffineAccess, AffineApply, AffineFor, AffineIf, AffineParallel};
use lattice_ir::registry::{DialectInliner, Traits};
use lattice_ir::{Ir, Op, Region, Value, ValueDef};
use rustc_hash::FxHashMap;

/// The interface, registered with the dialect's ops.
pub static AFFINE_INLINER: DialectInliner = DialectInliner {
    call_legal: None,
    region_legal: Some(region_legal),
    op_legal: Some(op_legal),
    branch_to: None,
};

/// Whether `op` is an `affine.for`, `affine.parallel` or `affine.if`.
fn is_affine_structure(ir: &Ir, op: Op) -> bool {
    ir.isa::<AffineFor>(op) || ir.isa::<AffineParallel>(op) || ir.isa::<AffineIf>(op)
}

/// An affine op may go into an affine scope or an affine loop or conditional.
fn op_legal(ir: &Ir, _op: Op, dest: Region) -> bool {
    ir.region_parent(dest).is_some_and(|parent| {
        ir.has_trait(parent, Traits::AFFINE_SCOPE) || is_affine_structure(ir, parent)
    })
}

/// Whether body `src` may be inlined into `dest`, a region of an affine op.
fn region_legal(ir: &Ir, dest: Region, src: Region, mapping: &FxHashMap<Value, Value>) -> bool {
    if !ir
        .region_parent(dest)
        .is_some_and(|p| is_affine_structure(ir, p))
    {
        return false;
    }
    let mut blocks = ir.region_blocks(src);
    let (Some(block), None) = (blocks.next(), blocks.next()) else {
        return false;
    };
    ir.block_ops(block).all(|op| {
        // Ops without memory effects are fine (MLIR's `MemoryEffectOpInterface` with no
        // effect; ops whose effects are their bodies' do not have that interface).
        if ir.has_trait(op, Traits::PURE) && !ir.has_trait(op, Traits::RECURSIVE_EFFECTS) {
            return true;
        }
        let ctx = Check {
            ir,
            src,
            dest,
            mapping,
        };
        if let Some(apply) = ir.view::<AffineApply>(op) {
            return ctx.apply_remains_legal(apply.op());
        }
        match AffineAccess::of(ir, op) {
            Some(access) => ctx.access_remains_legal(access),
            // Conservatively refuse ops the affine dialect cannot reason about.
            None => false,
        }
    })
}

/// One legality question: callee body `src`, destination `dest`, argument mapping.
struct Check<'a> {
    ir: &'a Ir,
    src: Region,
    dest: Region,
    mapping: &'a FxHashMap<Value, Value>,
}

/// Whether a dimension or symbol check holds for a value in a region.
type Legality = fn(&Ir, Value, Option<Region>) -> bool;

impl Check<'_> {
    /// Whether `value` is defined directly in `region` (an argument of one of its blocks
    /// or the result of an op directly in it).
    fn is_top_level_in(&self, value: Value, region: Region) -> bool {
        let ir = self.ir;
        let block = match ir.value_def(value) {
            ValueDef::Argument { .. } => ir.value_block(value),
            _ => ir.defining_op(value).and_then(|d| ir.op_parent(d)),
        };
        block.and_then(|b| ir.block_parent(b)) == Some(region)
    }

    /// Whether `value`, valid as a dimension or symbol in `src` (`legal` says which),
    /// stays so once its user is inlined into `dest`.
    fn value_remains_legal(&self, value: Value, legal: Legality) -> bool {
        let ir = self.ir;
        if !self.is_top_level_in(value, self.src) {
            return true;
        }
        match ir.defining_op(value) {
            // An argument: what replaces it must be valid in `dest`.
            None => self
                .mapping
                .get(&value)
                .is_some_and(|&v| legal(ir, v, Some(self.dest))),
            // Defined at the top: only constants and `dim` ops stay valid anywhere.
            Some(def) => {
                ir.has_trait(def, Traits::CONSTANT_LIKE) || crate::valid::is_dim_op(ir, def)
            }
        }
    }

    fn all_remain_legal(&self, values: &[Value], legal: Legality) -> bool {
        values.iter().all(|&v| self.value_remains_legal(v, legal))
    }

    /// An `affine.apply`: its operands stay valid dimensions (when its result is one in
    /// `src`) or symbols.
    fn apply_remains_legal(&self, apply: Op) -> bool {
        let ir = self.ir;
        let operands = ir.operands(apply);
        let result_is_dim = ir
            .results(apply)
            .first()
            .is_some_and(|&r| is_valid_dim(ir, r, Some(self.src)));
        match result_is_dim {
            true => self.all_remain_legal(operands, is_valid_dim),
            false => self.all_remain_legal(operands, is_valid_symbol),
        }
    }

    /// An affine load or store: its dimension operands stay valid dimensions and its
    /// symbol operands valid symbols.
    fn access_remains_legal(&self, access: AffineAccess) -> bool {
        let ir = self.ir;
        let Some(map) = access.map(ir) else {
            return false;
        };
        let dims = ir.ctx().map_num_dims(map) as usize;
        let indices = access.indices(ir);
        let (dim_ops, sym_ops) = indices.split_at(dims.min(indices.len()));
        self.all_remain_legal(dim_ops, is_valid_dim)
            && self.all_remain_legal(sym_ops, is_valid_symbol)
    }
}
