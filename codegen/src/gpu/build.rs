//! A small op builder for the GPU passes: creates ops at one insertion point (before an
//! anchor op, or at the end of a block) with the location of the op being rewritten.
//!
//! Invariant: every op it creates is inserted at once, so no detached op escapes.

use lattice_dialects::arith;
use lattice_ir::{Attr, Block, Ir, Op, OperationState, Region, Type, Value};

/// Where new ops go.
#[derive(Clone, Copy, Debug)]
pub enum InsertPoint {
    /// Just before this op.
    Before(Op),
    /// At the end of this block.
    End(Block),
}

/// Creates ops at an [`InsertPoint`].
pub struct Builder<'a> {
    /// The IR being built.
    pub ir: &'a mut Ir,
    /// Where ops go.
    pub at: InsertPoint,
    /// The location given to new ops.
    pub loc: Attr,
}

/// `arith.cmpi` predicate `slt`.
pub const SLT: i64 = 2;

impl<'a> Builder<'a> {
    /// A builder inserting at `at` with location `loc`.
    pub fn new(ir: &'a mut Ir, at: InsertPoint, loc: Attr) -> Builder<'a> {
        Builder { ir, at, loc }
    }

    /// Creates `name(operands) -> results {attrs}` with `regions` at the insertion point.
    pub fn op(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        results: Vec<Type>,
        attrs: Vec<(&str, Attr)>,
        regions: Vec<Region>,
    ) -> Op {
        let ctx = self.ir.ctx_arc().clone();
        let mut st = OperationState::new(ctx.intern_str(name), self.loc);
        st.operands = operands;
        st.result_types = results;
        for (n, a) in attrs {
            st.add_attr(ctx.intern_str(n), a);
        }
        st.regions = regions;
        let op = self.ir.create_op(st);
        match self.at {
            InsertPoint::Before(anchor) => self.ir.insert_op_before(anchor, op),
            InsertPoint::End(block) => self.ir.append_op(block, op),
        }
        op
    }

    /// Creates a one-result op and returns the result.
    pub fn value(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        ty: Type,
        attrs: Vec<(&str, Attr)>,
    ) -> Value {
        let op = self.op(name, operands, vec![ty], attrs, vec![]);
        self.ir.result(op, 0)
    }

    /// `arith.constant v : index`.
    pub fn index_const(&mut self, v: i64) -> Value {
        let ctx = self.ir.ctx();
        let (a, t) = (ctx.index_attr(v), ctx.index_type());
        self.value(
            arith::Constant::NAME,
            vec![],
            t,
            vec![(arith::Constant::VALUE, a)],
        )
    }

    /// A binary arith op whose result has the type of `a`.
    pub fn binary(&mut self, name: &str, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        self.value(name, vec![a, b], ty, vec![])
    }

    /// `arith.cmpi predicate, a, b`.
    pub fn cmpi(&mut self, predicate: i64, a: Value, b: Value) -> Value {
        let ctx = self.ir.ctx();
        let pred = ctx.int_attr(predicate as i128, ctx.int_type(64));
        let i1 = ctx.i1_type();
        self.value(
            arith::CmpI::NAME,
            vec![a, b],
            i1,
            vec![(arith::CmpI::PREDICATE, pred)],
        )
    }
}
