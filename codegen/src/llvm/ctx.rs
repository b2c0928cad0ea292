//! `LowerCtx`: the state of one translation from Lattice IR to an LLVM module, and the
//! helpers every dialect file uses (type conversion, value lookup, memref descriptors,
//! diagnostics).
//!
//! Invariants: every IR value defined before the op being lowered (in dominance order)
//! has an entry in `values`; memref values are held as LLVM descriptor structs
//! `{ptr allocated, ptr aligned, i64 offset, [rank x i64] sizes, [rank x i64] strides}`
//! (unranked ones as `{i64 rank, ptr descriptor}`), exactly MLIR's layout; `index` is i64.

use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::module::Module;
use inkwell::types::{BasicType, BasicTypeEnum, StructType};
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, IntValue, PhiValue, PointerValue, StructValue,
};
use inkwell::AddressSpace;
use lattice_ir::{
    AttrData, Block, DiagLoc, Diagnostic, FloatKind, Ir, Op, Type, TypeData, Value, DYNAMIC,
};
use rustc_hash::FxHashMap;

/// Result of lowering steps: errors are located diagnostics.
pub type LResult<T> = Result<T, Diagnostic>;

/// Options that change how ops are translated (not how LLVM optimizes).
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// Put LLVM's `fast` flags on every floating-point operation (`--fast-math`).
    pub fast_math: bool,
    /// Iteration order of parallel loops (`--parallel-order`).
    pub parallel_order: super::parallel::ParallelOrder,
}

/// Where an `scf.yield` inside a multi-block `scf.execute_region` branches to.
#[derive(Clone)]
pub struct RegionExit<'ctx> {
    pub block: BasicBlock<'ctx>,
    pub phis: Vec<PhiValue<'ctx>>,
}

/// The translation state. Dialect files receive `&mut LowerCtx` and read operands with
/// [`LowerCtx::value`], define results with [`LowerCtx::define`], and emit through
/// [`LowerCtx::builder`].
pub struct LowerCtx<'a, 'ctx> {
    pub ir: &'a Ir,
    pub llcx: &'ctx inkwell::context::Context,
    pub module: &'a Module<'ctx>,
    pub builder: Builder<'ctx>,
    pub options: LowerOptions,
    /// IR value → LLVM value.
    pub values: FxHashMap<Value, BasicValueEnum<'ctx>>,
    /// IR block (of a multi-block region) → LLVM block, and the phis standing for its arguments.
    pub blocks: FxHashMap<Block, (BasicBlock<'ctx>, Vec<PhiValue<'ctx>>)>,
    /// Continuations of multi-block `scf.execute_region` ops, keyed by the op.
    pub region_exits: FxHashMap<Op, RegionExit<'ctx>>,
    /// The function being filled.
    pub function: Option<FunctionValue<'ctx>>,
    /// The op being lowered (for builder error locations).
    pub current_op: Option<Op>,
    /// While an elementwise op on n-D vectors is lowered leaf by leaf: n-D vector types
    /// convert to their innermost 1-D vector type (see `vector/nd.rs`).
    pub nd_leaf: bool,
    /// Kernel indices and coherence calls of host code that launches GPU kernels.
    pub gpu_plan: Option<crate::gpu::host::HostPlan>,
}

impl<'a, 'ctx> LowerCtx<'a, 'ctx> {
    /// A context translating `ir` into `module`.
    pub fn new(
        ir: &'a Ir,
        llcx: &'ctx inkwell::context::Context,
        module: &'a Module<'ctx>,
        options: LowerOptions,
    ) -> Self {
        LowerCtx {
            ir,
            llcx,
            module,
            builder: llcx.create_builder(),
            options,
            values: FxHashMap::default(),
            blocks: FxHashMap::default(),
            region_exits: FxHashMap::default(),
            function: None,
            current_op: None,
            nd_leaf: false,
            gpu_plan: None,
        }
    }

    // ----- diagnostics -----

    /// An error located at `op`.
    pub fn error(&self, op: Op, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(DiagLoc::Loc(self.ir.loc(op)), message)
    }

    /// The standard "cannot lower" error for `op`.
    pub fn unsupported(&self, op: Op) -> Diagnostic {
        self.error(
            op,
            format!(
                "'{}' op cannot be lowered to LLVM IR by Lattice (not supported yet)",
                self.ir.op_name(op)
            ),
        )
    }

    /// Converts an LLVM builder error into a diagnostic at the current op.
    pub fn builder_error(&self, e: BuilderError) -> Diagnostic {
        let loc = match self.current_op {
            Some(op) => DiagLoc::Loc(self.ir.loc(op)),
            None => DiagLoc::None,
        };
        Diagnostic::error(loc, format!("LLVM IR builder error: {e}"))
    }

    // ----- values -----

    /// The LLVM value of `v` (an error if it was not lowered, which verified IR excludes).
    pub fn value(&self, v: Value) -> LResult<BasicValueEnum<'ctx>> {
        self.values.get(&v).copied().ok_or_else(|| {
            let loc = match self.current_op {
                Some(op) => DiagLoc::Loc(self.ir.loc(op)),
                None => DiagLoc::None,
            };
            Diagnostic::error(loc, "internal: operand used before it was lowered")
        })
    }

    /// Operand `i` of `op` as an LLVM value.
    pub fn operand(&self, op: Op, i: usize) -> LResult<BasicValueEnum<'ctx>> {
        self.value(self.ir.operand(op, i))
    }

    /// Operand `i` of `op` as an integer (index, iN).
    pub fn int_operand(&self, op: Op, i: usize) -> LResult<IntValue<'ctx>> {
        match self.operand(op, i)? {
            BasicValueEnum::IntValue(v) => Ok(v),
            _ => Err(self.error(op, format!("operand #{i} is not a scalar integer"))),
        }
    }

    /// Records the LLVM value of IR value `v`.
    pub fn define(&mut self, v: Value, value: BasicValueEnum<'ctx>) {
        self.values.insert(v, value);
    }

    /// Records result 0 of `op`.
    pub fn define_result(&mut self, op: Op, value: impl BasicValue<'ctx>) {
        let r = self.ir.result(op, 0);
        self.values.insert(r, value.as_basic_value_enum());
    }

    // ----- types -----

    /// `i64`, the type of `index`.
    pub fn i64(&self) -> inkwell::types::IntType<'ctx> {
        self.llcx.i64_type()
    }

    /// The integer type of `width` bits (`None` for 0 or widths LLVM rejects).
    pub fn int_type(&self, width: u32) -> Option<inkwell::types::IntType<'ctx>> {
        self.llcx
            .custom_width_int_type(std::num::NonZeroU32::new(width)?)
            .ok()
    }

    /// The opaque pointer type.
    pub fn ptr(&self) -> inkwell::types::PointerType<'ctx> {
        self.llcx.ptr_type(AddressSpace::default())
    }

    /// An i64 constant.
    pub fn const_i64(&self, v: i64) -> IntValue<'ctx> {
        self.i64().const_int(v as u64, true)
    }

    /// The LLVM type of a memref descriptor of `rank`.
    pub fn descriptor_type(&self, rank: usize) -> StructType<'ctx> {
        let ptr = self.ptr().into();
        let i64 = self.i64().into();
        if rank == 0 {
            self.llcx.struct_type(&[ptr, ptr, i64], false)
        } else {
            let arr = self.i64().array_type(rank as u32).into();
            self.llcx.struct_type(&[ptr, ptr, i64, arr, arr], false)
        }
    }

    /// The LLVM type of an unranked memref value: `{i64 rank, ptr descriptor}`.
    pub fn unranked_type(&self) -> StructType<'ctx> {
        self.llcx
            .struct_type(&[self.i64().into(), self.ptr().into()], false)
    }

    /// The LLVM type of a value of IR type `ty`, or `None` if it has none.
    pub fn llvm_type(&self, ty: Type) -> Option<BasicTypeEnum<'ctx>> {
        let c = self.llcx;
        Some(match self.ir.ctx().type_data(ty) {
            TypeData::Index => c.i64_type().into(),
            TypeData::Integer { width, .. } => self.int_type(*width)?.into(),
            TypeData::Float(kind) => match kind {
                FloatKind::F16 => c.f16_type().into(),
                FloatKind::BF16 => c.bf16_type().into(),
                FloatKind::F32 => c.f32_type().into(),
                FloatKind::F64 => c.f64_type().into(),
                FloatKind::F80 => c.x86_f80_type().into(),
                FloatKind::F128 => c.f128_type().into(),
                _ => return None,
            },
            TypeData::MemRef { shape, .. } => self.descriptor_type(shape.len()).into(),
            TypeData::UnrankedMemRef { .. } => self.unranked_type().into(),
            TypeData::Vector {
                shape,
                scalable,
                element,
            } => {
                if scalable.iter().any(|&s| s) {
                    return None;
                }
                let elt = self.llvm_type(*element)?;
                // A 0-D vector is a one-lane vector, as in MLIR's LLVM lowering.
                let inner = shape.last().map_or(1, |&d| d as u32);
                let mut t: BasicTypeEnum = match elt {
                    BasicTypeEnum::IntType(t) => t.vec_type(inner).into(),
                    BasicTypeEnum::FloatType(t) => t.vec_type(inner).into(),
                    BasicTypeEnum::PointerType(t) => t.vec_type(inner).into(),
                    _ => return None,
                };
                // n-D vectors are arrays of 1-D vectors, as in MLIR's LLVM lowering.
                if self.nd_leaf {
                    return Some(t);
                }
                for &d in shape[..shape.len().saturating_sub(1)].iter().rev() {
                    t = t.array_type(d as u32).into();
                }
                t
            }
            TypeData::Tuple(elems) => {
                let fields: Option<Vec<_>> = elems.iter().map(|&e| self.llvm_type(e)).collect();
                c.struct_type(&fields?, false).into()
            }
            _ => return None,
        })
    }

    /// Like [`Self::llvm_type`], with an error at `op` when `ty` has no LLVM counterpart.
    pub fn llvm_type_at(&self, op: Op, ty: Type) -> LResult<BasicTypeEnum<'ctx>> {
        self.llvm_type(ty).ok_or_else(|| {
            self.error(
                op,
                format!(
                    "type '{}' cannot be lowered to LLVM IR",
                    lattice_ir::printer::type_to_string(self.ir.ctx(), ty)
                ),
            )
        })
    }

    /// The function-signature types of an argument of IR type `ty` in MLIR's default calling
    /// convention: a ranked memref expands to its descriptor fields, an unranked one to
    /// `(i64 rank, ptr)`, anything else is its own type.
    pub fn expanded_arg_types(&self, ty: Type) -> Option<Vec<BasicTypeEnum<'ctx>>> {
        match self.ir.ctx().type_data(ty) {
            TypeData::MemRef { shape, .. } => {
                let mut v = vec![self.ptr().into(), self.ptr().into(), self.i64().into()];
                v.extend(std::iter::repeat_n(
                    BasicTypeEnum::from(self.i64()),
                    2 * shape.len(),
                ));
                Some(v)
            }
            TypeData::UnrankedMemRef { .. } => Some(vec![self.i64().into(), self.ptr().into()]),
            _ => Some(vec![self.llvm_type(ty)?]),
        }
    }

    // ----- memref descriptors -----

    /// The builder, for emitting.
    pub fn b(&self) -> &Builder<'ctx> {
        &self.builder
    }

    /// Reads the fields of a descriptor struct of `rank`.
    pub fn unpack_descriptor(
        &self,
        desc: StructValue<'ctx>,
        rank: usize,
    ) -> LResult<MemRefDesc<'ctx>> {
        let b = &self.builder;
        let e =
            |r: Result<BasicValueEnum<'ctx>, BuilderError>| r.map_err(|e| self.builder_error(e));
        let allocated = e(b.build_extract_value(desc, 0, "allocated"))?.into_pointer_value();
        let aligned = e(b.build_extract_value(desc, 1, "aligned"))?.into_pointer_value();
        let offset = e(b.build_extract_value(desc, 2, "offset"))?.into_int_value();
        let mut sizes = Vec::with_capacity(rank);
        let mut strides = Vec::with_capacity(rank);
        if rank > 0 {
            let sz = e(b.build_extract_value(desc, 3, "sizes"))?.into_array_value();
            let st = e(b.build_extract_value(desc, 4, "strides"))?.into_array_value();
            for i in 0..rank as u32 {
                sizes.push(e(b.build_extract_value(sz, i, "size"))?.into_int_value());
                strides.push(e(b.build_extract_value(st, i, "stride"))?.into_int_value());
            }
        }
        Ok(MemRefDesc {
            allocated,
            aligned,
            offset,
            sizes,
            strides,
        })
    }

    /// Builds a descriptor struct value from its fields.
    pub fn pack_descriptor(&self, d: &MemRefDesc<'ctx>) -> LResult<StructValue<'ctx>> {
        let rank = d.sizes.len();
        let ty = self.descriptor_type(rank);
        let b = &self.builder;
        let e = |r: Result<inkwell::values::AggregateValueEnum<'ctx>, BuilderError>| {
            r.map_err(|e| self.builder_error(e))
        };
        let mut agg: inkwell::values::AggregateValueEnum = ty.get_undef().into();
        agg = e(b.build_insert_value(agg, d.allocated, 0, ""))?;
        agg = e(b.build_insert_value(agg, d.aligned, 1, ""))?;
        agg = e(b.build_insert_value(agg, d.offset, 2, ""))?;
        // `build_insert_value` takes one index: build the size and stride arrays first.
        if rank > 0 {
            let arr_ty = self.i64().array_type(rank as u32);
            let mut sizes: inkwell::values::AggregateValueEnum = arr_ty.get_undef().into();
            let mut strides: inkwell::values::AggregateValueEnum = arr_ty.get_undef().into();
            for i in 0..rank {
                sizes = e(b.build_insert_value(sizes, d.sizes[i], i as u32, ""))?;
                strides = e(b.build_insert_value(strides, d.strides[i], i as u32, ""))?;
            }
            agg = e(b.build_insert_value(agg, sizes.into_array_value(), 3, ""))?;
            agg = e(b.build_insert_value(agg, strides.into_array_value(), 4, ""))?;
        }
        Ok(agg.into_struct_value())
    }

    /// Static strides and offset of memref type `ty` (`None` where dynamic), from its
    /// layout (identity or `strided<...>`); an error at `op` for other layouts.
    pub fn static_layout(&self, op: Op, ty: Type) -> LResult<(Vec<Option<i64>>, Option<i64>)> {
        let ctx = self.ir.ctx();
        let TypeData::MemRef { shape, layout, .. } = ctx.type_data(ty) else {
            return Err(self.error(op, "expected a ranked memref"));
        };
        let identity = || {
            let mut strides = vec![None; shape.len()];
            let mut acc = Some(1i64);
            for i in (0..shape.len()).rev() {
                strides[i] = acc;
                acc = match (acc, shape[i]) {
                    (Some(a), d) if d != DYNAMIC => a.checked_mul(d),
                    _ => None,
                };
            }
            (strides, Some(0))
        };
        match layout.map(|l| ctx.attr_data(l)) {
            None => Ok(identity()),
            Some(AttrData::Strided { strides, offset }) => Ok((
                strides
                    .iter()
                    .map(|&s| (s != DYNAMIC).then_some(s))
                    .collect(),
                (*offset != DYNAMIC).then_some(*offset),
            )),
            Some(AttrData::AffineMap(m)) if ctx.map_is_identity(*m) => Ok(identity()),
            Some(_) => Err(self.error(
                op,
                "memref with a non-strided layout map cannot be lowered; run normalize-memrefs first",
            )),
        }
    }

    /// The address of element `indices` of the memref value `memref`.
    pub fn element_ptr(
        &self,
        op: Op,
        memref: Value,
        indices: &[Value],
    ) -> LResult<PointerValue<'ctx>> {
        let idx: Vec<IntValue<'ctx>> = indices
            .iter()
            .map(|&i| self.value(i).map(|v| v.into_int_value()))
            .collect::<LResult<_>>()?;
        let desc = self.value(memref)?.into_struct_value();
        self.element_ptr_at(op, self.ir.value_type(memref), desc, &idx)
    }

    /// The address of element `indices` in descriptor `desc` of memref type `ty`, using
    /// the type's static strides and offset where known so LLVM sees constants.
    pub fn element_ptr_at(
        &self,
        op: Op,
        ty: Type,
        desc: StructValue<'ctx>,
        indices: &[IntValue<'ctx>],
    ) -> LResult<PointerValue<'ctx>> {
        let elem = self.ir.ctx().element_type(ty);
        let elem_ty = self.llvm_type_at(op, elem)?;
        let (strides, offset) = self.static_layout(op, ty)?;
        let b = &self.builder;
        let be = |e| self.builder_error(e);
        let aligned = b
            .build_extract_value(desc, 1, "aligned")
            .map_err(be)?
            .into_pointer_value();
        let mut linear: Option<IntValue<'ctx>> = match offset {
            Some(0) => None,
            Some(o) => Some(self.const_i64(o)),
            None => Some(
                b.build_extract_value(desc, 2, "offset")
                    .map_err(be)?
                    .into_int_value(),
            ),
        };
        for (i, &idx) in indices.iter().enumerate() {
            let term = match strides.get(i).copied().flatten() {
                Some(1) => idx,
                Some(s) => b.build_int_mul(idx, self.const_i64(s), "").map_err(be)?,
                None => {
                    let st = b
                        .build_extract_value(desc, 4, "strides")
                        .map_err(be)?
                        .into_array_value();
                    let st = b
                        .build_extract_value(st, i as u32, "stride")
                        .map_err(be)?
                        .into_int_value();
                    b.build_int_mul(idx, st, "").map_err(be)?
                }
            };
            linear = Some(match linear {
                None => term,
                Some(l) => b.build_int_add(l, term, "").map_err(be)?,
            });
        }
        let linear = linear.unwrap_or_else(|| self.const_i64(0));
        // SAFETY (LLVM semantics, not Rust's): a GEP only computes an address.
        unsafe { b.build_gep(elem_ty, aligned, &[linear], "elt") }.map_err(be)
    }

    /// Size in bytes of IR type `ty` as an i64 constant expression.
    pub fn size_of(&self, op: Op, ty: Type) -> LResult<IntValue<'ctx>> {
        let t = self.llvm_type_at(op, ty)?;
        t.size_of()
            .ok_or_else(|| self.error(op, "type has no size"))
    }
}

/// The fields of a ranked memref descriptor.
#[derive(Clone, Debug)]
pub struct MemRefDesc<'ctx> {
    pub allocated: PointerValue<'ctx>,
    pub aligned: PointerValue<'ctx>,
    pub offset: IntValue<'ctx>,
    pub sizes: Vec<IntValue<'ctx>>,
    pub strides: Vec<IntValue<'ctx>>,
}
