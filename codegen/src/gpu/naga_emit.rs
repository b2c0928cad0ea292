//! Translation of one outlined `gpu.func` kernel into a `naga::Module` with one compute
//! entry point, its validation, and SPIR-V / WGSL output.
//!
//! The kernel's affine ops are first lowered in place with `lower-affine`; what remains
//! must be `arith`, `math`, `ub.poison` (zero), `memref.load`/`store`, `scf.for`/`if`/`yield`, the `gpu` index
//! ops, `gpu.barrier` (`workgroupBarrier()`) and `gpu.return`. Workgroup attributions
//! (promoted tiles) become `var<workgroup>` arrays, static `memref.alloca`s (register-tile
//! accumulators) `var<private>` arrays. Bindings follow the kernel ABI of [`super`]:
//! memref `i` at `@group(0) @binding(i)` (read-only when never stored to), the scalar
//! arguments as the fields of a uniform struct at the next binding. `index` computes in
//! `i32`; `i1` is `bool`; f16 needs [`EmitOptions::shader_f16`]; f64 is an error unless
//! [`EmitOptions::demote_f64`] (then it computes in f32). Memrefs are row-major arrays of
//! their static shape; `scf.for` becomes a naga `Loop` over a local variable with the
//! `iter_args` in local variables, `scf.if` results likewise. Every expression is emitted
//! where the op stands, so loads read memory at the op's place in program order.
//!
//! A module the validator rejects is a compiler bug: [`EmitError::Invalid`] names the
//! kernel and carries naga's message.

use lattice_affine::views::{AffineFor, AffineIf, AffineKind};
use lattice_dialects::arith::ArithKind;
use lattice_dialects::gpu::{self, GpuKind};
use lattice_dialects::math::MathKind;
use lattice_dialects::scf::{self, ScfKind};
use lattice_dialects::{memref, ub};
use lattice_ir::{AttrData, FloatKind, Ir, Op, Type, TypeData, Value, WalkOrder};
use naga::{
    AddressSpace, ArraySize, BinaryOperator, Binding, BuiltIn, Expression, Function,
    FunctionArgument, GlobalVariable, Handle, Literal, LocalVariable, MathFunction,
    ResourceBinding, Scalar, ScalarKind, ShaderStage, Span, Statement, StorageAccess, StructMember,
    TypeInner, UnaryOperator,
};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// Options of the emitter.
#[derive(Clone, Debug, Default)]
pub struct EmitOptions {
    /// Compute f64 in f32 instead of refusing it.
    pub demote_f64: bool,
    /// The device has `SHADER_F16` (f16 arithmetic is allowed).
    pub shader_f16: bool,
    /// The device has `SHADER_F64` (f64 arithmetic is allowed).
    pub shader_f64: bool,
    /// The device has `SHADER_INT64` (i64 arithmetic is allowed).
    pub shader_i64: bool,
}

/// Why a kernel could not be emitted.
#[derive(Debug, thiserror::Error)]
pub enum EmitError {
    /// The kernel uses something the emitter does not translate.
    #[error("kernel '{kernel}': {message}")]
    Unsupported {
        /// The kernel's name.
        kernel: String,
        /// What and why.
        message: String,
        /// The op at fault, if any.
        op: Option<Op>,
    },
    /// naga's validator rejected the module: a compiler bug.
    #[error("internal error: the naga module for kernel '{kernel}' does not validate (please report): {message}")]
    Invalid {
        /// The kernel's name.
        kernel: String,
        /// naga's message.
        message: String,
    },
    /// A back end failed.
    #[error("kernel '{kernel}': {backend} output failed: {message}")]
    Backend {
        /// The kernel's name.
        kernel: String,
        /// `spv` or `wgsl`.
        backend: &'static str,
        /// The back end's message.
        message: String,
    },
}

/// One binding of a kernel, as written to the manifest.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BindingInfo {
    /// The binding number in group 0.
    pub binding: u32,
    /// `storage` or `uniform`.
    pub kind: String,
    /// Index of the `gpu.func` argument (memrefs) or `null` for the uniform block.
    pub arg: Option<usize>,
    /// For storage buffers: whether the kernel writes it.
    pub writable: bool,
    /// Element type (`f32`, `i32`, ...) of storage buffers.
    pub element: Option<String>,
    /// Static shape of the memref.
    pub shape: Vec<i64>,
    /// For the uniform block: the argument indices of its fields, in order.
    pub fields: Vec<usize>,
    /// For the uniform block: the byte offset of each field (4-byte `i32`/`f32`,
    /// 8-byte-aligned `f64`); the block is padded to a multiple of 16 bytes.
    pub offsets: Vec<u32>,
    /// For the uniform block: each field's type on the GPU (`i32`, `f32`, `f64`).
    pub field_types: Vec<String>,
    /// For storage buffers: the element type the GPU buffer holds (`f32` for a demoted
    /// `f64` memref, `i32` for `index`); the runtime converts.
    pub gpu_element: Option<String>,
}

/// A translated and validated kernel.
pub struct Kernel {
    /// `module::func` of the kernel.
    pub name: String,
    /// The entry point's name (the `gpu.func`'s).
    pub entry_point: String,
    /// The naga module.
    pub module: naga::Module,
    /// Its validation info.
    pub info: naga::valid::ModuleInfo,
    /// Workgroup size.
    pub workgroup_size: [u32; 3],
    /// Bindings, memrefs first then the uniform block (if any scalar argument).
    pub bindings: Vec<BindingInfo>,
    /// Bytes of workgroup memory (promoted tiles), to check against the device's
    /// `maxComputeWorkgroupStorageSize`.
    pub workgroup_memory_bytes: u32,
    /// An upper bound on the loop iterations (back edges of all loops together) one
    /// invocation executes, `None` where a trip count is not bounded at compile time
    /// (see [`loop_iteration_bound`]).
    pub loop_iterations: Option<u64>,
}

impl Kernel {
    /// SPIR-V words.
    pub fn spirv(&self) -> Result<Vec<u32>, EmitError> {
        let options = naga::back::spv::Options {
            lang_version: (1, 3),
            ..Default::default()
        };
        let pipeline = naga::back::spv::PipelineOptions {
            shader_stage: ShaderStage::Compute,
            entry_point: self.entry_point.clone(),
        };
        naga::back::spv::write_vec(&self.module, &self.info, &options, Some(&pipeline)).map_err(
            |e| EmitError::Backend {
                kernel: self.name.clone(),
                backend: "spv",
                message: e.to_string(),
            },
        )
    }

    /// WGSL text.
    pub fn wgsl(&self) -> Result<String, EmitError> {
        naga::back::wgsl::write_string(
            &self.module,
            &self.info,
            naga::back::wgsl::WriterFlags::empty(),
        )
        .map_err(|e| EmitError::Backend {
            kernel: self.name.clone(),
            backend: "wgsl",
            message: e.to_string(),
        })
    }
}

/// The kernels (`gpu.func` with the `kernel` attribute) under `root`, with their names
/// `module::func`.
pub fn kernels(ir: &Ir, root: Op) -> Vec<(Op, String)> {
    let mut out = Vec::new();
    for op in ir.walk_ops(root, WalkOrder::PreOrder) {
        if !ir.isa::<gpu::GPUFunc>(op) || ir.attr(op, "gpu.kernel").is_none() {
            continue;
        }
        let name = sym(ir, op);
        let module = ir.parent_op(op).map(|m| sym(ir, m)).unwrap_or_default();
        out.push((op, format!("{module}::{name}")));
    }
    out
}

fn sym(ir: &Ir, op: Op) -> String {
    ir.attr(op, "sym_name")
        .and_then(|a| ir.ctx().string_value(a))
        .unwrap_or("")
        .to_string()
}

/// Lowers the affine ops of `func` in place, then translates and validates it.
pub fn emit_kernel(
    ir: &mut Ir,
    func: Op,
    name: &str,
    options: &EmitOptions,
) -> Result<Kernel, EmitError> {
    let unsupported = |message: String, op: Option<Op>| EmitError::Unsupported {
        kernel: name.to_string(),
        message,
        op,
    };
    let loop_iterations = loop_iteration_bound(ir, func);
    lattice_affine::passes::lower_affine::lower_affine(
        ir,
        func,
        &lattice_affine::passes::lower_affine::LowerAffineOptions::default(),
    )
    .map_err(|d| {
        unsupported(
            d.first().map(|d| d.message.clone()).unwrap_or_default(),
            None,
        )
    })?;
    let wg = match ir
        .attr(func, "known_block_size")
        .map(|a| ir.ctx().attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) if values.len() == 3 => {
            [values[0] as u32, values[1] as u32, values[2] as u32]
        }
        _ => {
            return Err(unsupported(
                "the kernel has no known_block_size (the workgroup size must be constant)".into(),
                Some(func),
            ))
        }
    };
    let mut t = Translator {
        ir,
        name: name.to_string(),
        options: options.clone(),
        module: naga::Module::default(),
        exprs: naga::Arena::new(),
        locals: naga::Arena::new(),
        values: FxHashMap::default(),
        wg,
        builtins: [None; 3],
        memrefs: FxHashMap::default(),
        scalars: FxHashMap::default(),
        uniform: None,
    };
    let bindings = t.declare_globals(func)?;
    // Entry point arguments: global_invocation_id is unused; workgroup, local, count.
    let uvec3 = t.ty(TypeInner::Vector {
        size: naga::VectorSize::Tri,
        scalar: Scalar::U32,
    });
    let arguments = [
        ("wid", BuiltIn::WorkGroupId),
        ("lid", BuiltIn::LocalInvocationId),
        ("nwg", BuiltIn::NumWorkGroups),
    ]
    .iter()
    .map(|&(n, b)| FunctionArgument {
        name: Some(n.into()),
        ty: uvec3,
        binding: Some(Binding::BuiltIn(b)),
    })
    .collect();
    let entry =
        t.ir.entry_block(t.ir.region(func, 0))
            .ok_or_else(|| unsupported("the kernel has no body".into(), Some(func)))?;
    let mut body = naga::Block::new();
    t.block(entry, &mut body, None)?;
    body.push(Statement::Return { value: None }, Span::UNDEFINED);
    // naga's WGSL namer appends `_` to names ending in a digit; use that spelling for
    // both back ends so the manifest names one entry point.
    let mut entry_point = sym(t.ir, func);
    if entry_point.ends_with(|c: char| c.is_ascii_digit()) {
        entry_point.push('_');
    }
    let function = Function {
        name: Some(entry_point.clone()),
        arguments,
        result: None,
        local_variables: std::mem::take(&mut t.locals),
        expressions: std::mem::take(&mut t.exprs),
        named_expressions: Default::default(),
        body,
        diagnostic_filter_leaf: None,
    };
    let mut module = std::mem::take(&mut t.module);
    module.entry_points.push(naga::EntryPoint {
        name: entry_point.clone(),
        stage: ShaderStage::Compute,
        early_depth_test: None,
        workgroup_size: wg,
        workgroup_size_overrides: None,
        function,
        mesh_info: None,
        task_payload: None,
        incoming_ray_payload: None,
    });
    let mut caps = naga::valid::Capabilities::empty();
    if options.shader_f16 {
        caps |= naga::valid::Capabilities::SHADER_FLOAT16;
    }
    if options.shader_f64 {
        caps |= naga::valid::Capabilities::FLOAT64;
    }
    if options.shader_i64 {
        caps |= naga::valid::Capabilities::SHADER_INT64;
    }
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
        .validate(&module)
        .map_err(|e| EmitError::Invalid {
            kernel: name.to_string(),
            message: format!("{:?}", e.into_inner()),
        })?;
    let workgroup_memory_bytes = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.space == AddressSpace::WorkGroup)
        .map(|(_, g)| module.types[g.ty].inner.size(module.to_ctx()))
        .sum();
    Ok(Kernel {
        workgroup_memory_bytes,
        loop_iterations,
        name: name.to_string(),
        entry_point,
        module,
        info,
        workgroup_size: wg,
        bindings,
    })
}

/// An upper bound on the loop iterations one invocation of `op`'s regions runs: per
/// loop `trips * (1 + iterations of its body)`, summed over a block, the larger branch
/// of an `if`. Trip counts come from constant bounds, or from a lower and an upper bound
/// whose difference is constant (`k0` to `min(k0 + 16, n)`). `None`: some loop has no
/// such bound. (Mesa's lavapipe counts exactly these back edges per invocation and
/// silently leaves every loop after 65,535 of them; the runtime warns.)
pub fn loop_iteration_bound(ir: &Ir, op: Op) -> Option<u64> {
    let mut total: u64 = 0;
    for &r in ir.regions(op) {
        let mut best: u64 = 0;
        for b in ir.region_blocks(r) {
            let mut sum: u64 = 0;
            for o in ir.block_ops(b) {
                sum = sum.saturating_add(op_iterations(ir, o)?);
            }
            best = best.max(sum);
        }
        // Branches of an `if` are alternatives; other ops have one region.
        total = if ir.isa::<scf::If>(op) || ir.isa::<AffineIf>(op) {
            total.max(best)
        } else {
            total.saturating_add(best)
        };
    }
    Some(total)
}

fn op_iterations(ir: &Ir, o: Op) -> Option<u64> {
    let inner = loop_iteration_bound(ir, o)?;
    let trips = match (AffineKind::of(ir, o), ScfKind::of(ir, o)) {
        (Some(AffineKind::For), _) => affine_trip_bound(ir, o)?,
        (_, Some(ScfKind::For)) => {
            let ops = ir.operands(o);
            let c = |v| super::outline::constant_int(ir, v);
            let (lb, ub, step) = (c(ops[0])?, c(ops[1])?, c(ops[2])?);
            if step <= 0 {
                return None;
            }
            ((ub - lb).max(0) as u64).div_ceil(step as u64)
        }
        (Some(AffineKind::Parallel), _) | (_, Some(ScfKind::While | ScfKind::Parallel)) => {
            return None
        }
        _ => return Some(inner),
    };
    Some(trips.saturating_mul(inner.saturating_add(1)))
}

fn affine_trip_bound(ir: &Ir, l: Op) -> Option<u64> {
    use lattice_affine::passes::simplify_structures::ValueMap;
    if let Some(t) = lattice_affine::loops::constant_trip_count(ir, l) {
        return Some(t.max(0) as u64);
    }
    let ctx = ir.ctx();
    let (lbo, ubo, _) = super::map::for_segments(ir, l);
    let lbm = super::map::map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)?;
    let ubm = super::map::map_attr(ir, l, AffineFor::UPPER_BOUND_MAP)?;
    let step = super::map::for_step(ir, l).max(1);
    let mut joint = ValueMap::new(ctx, lbm, &lbo);
    let nl = joint.results.len();
    let ub = joint.absorb(ctx, &ValueMap::new(ctx, ubm, &ubo));
    joint.results.extend(ub);
    joint.canonicalize(ir, l, false);
    let (nd, ns) = (joint.dims.len() as u32, joint.syms.len() as u32);
    let (lbs, ubs) = joint.results.split_at(nl);
    let mut best: Option<i64> = None;
    for &u in ubs {
        for &lo in lbs {
            let d = ctx.simplify_affine_expr(ctx.sub_expr(u, lo), nd, ns);
            if let Some(c) = ctx.constant_value(d) {
                best = Some(best.map_or(c, |b| b.min(c)));
            }
        }
    }
    best.map(|c| (c.max(0) as u64).div_ceil(step as u64))
}

/// A value's kernel-side scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sc {
    I32,
    I64,
    F32,
    F64,
    F16,
    Bool,
}

impl Sc {
    fn name(self) -> &'static str {
        match self {
            Sc::I32 => "i32",
            Sc::I64 => "i64",
            Sc::F32 => "f32",
            Sc::F64 => "f64",
            Sc::F16 => "f16",
            Sc::Bool => "bool",
        }
    }

    fn scalar(self) -> Scalar {
        match self {
            Sc::I32 => Scalar::I32,
            Sc::I64 => Scalar::I64,
            Sc::F32 => Scalar::F32,
            Sc::F64 => Scalar::F64,
            Sc::F16 => Scalar::F16,
            Sc::Bool => Scalar::BOOL,
        }
    }
}

struct Translator<'a> {
    ir: &'a mut Ir,
    name: String,
    options: EmitOptions,
    module: naga::Module,
    exprs: naga::Arena<Expression>,
    locals: naga::Arena<LocalVariable>,
    values: FxHashMap<Value, Handle<Expression>>,
    wg: [u32; 3],
    /// Loaded (as i32) workgroup id, local id, workgroup count vectors, lazily.
    builtins: [Option<Handle<Expression>>; 3],
    /// memref argument → (global, shape).
    memrefs: FxHashMap<Value, (Handle<GlobalVariable>, Vec<i64>)>,
    /// scalar argument → field index in the uniform block.
    scalars: FxHashMap<Value, u32>,
    uniform: Option<Handle<GlobalVariable>>,
}

type R<T> = Result<T, EmitError>;

impl Translator<'_> {
    fn err<T>(&self, message: impl Into<String>, op: Option<Op>) -> R<T> {
        Err(EmitError::Unsupported {
            kernel: self.name.clone(),
            message: message.into(),
            op,
        })
    }

    fn ty(&mut self, inner: TypeInner) -> Handle<naga::Type> {
        self.module
            .types
            .insert(naga::Type { name: None, inner }, Span::UNDEFINED)
    }

    fn scalar_of(&self, ty: Type, op: Option<Op>) -> R<Sc> {
        let ctx = self.ir.ctx();
        match ctx.type_data(ty) {
            TypeData::Index => Ok(Sc::I32),
            TypeData::Integer { width: 32, .. } => Ok(Sc::I32),
            TypeData::Integer { width: 64, .. } if self.options.shader_i64 => Ok(Sc::I64),
            TypeData::Integer { width: 64, .. } => self.err(
                "i64 needs a device with SHADER_INT64 (--gpu-i64)",
                op,
            ),
            TypeData::Integer { width: 1, .. } => Ok(Sc::Bool),
            TypeData::Float(FloatKind::F32) => Ok(Sc::F32),
            TypeData::Float(FloatKind::F16) if self.options.shader_f16 => Ok(Sc::F16),
            TypeData::Float(FloatKind::F16) => self.err(
                "f16 needs a device with SHADER_F16",
                op,
            ),
            TypeData::Float(FloatKind::F64) if self.options.shader_f64 => Ok(Sc::F64),
            TypeData::Float(FloatKind::F64) if self.options.demote_f64 => Ok(Sc::F32),
            TypeData::Float(FloatKind::F64) => self.err(
                "f64 needs a device with SHADER_F64 (--gpu-f64), or --gpu-demote-f64 to compute in f32",
                op,
            ),
            _ => self.err(
                format!(
                    "type {} is not supported in kernels",
                    super::map::type_name(self.ir, ty)
                ),
                op,
            ),
        }
    }

    fn scalar_ty(&mut self, s: Sc) -> Handle<naga::Type> {
        self.ty(TypeInner::Scalar(s.scalar()))
    }

    /// Appends `e`, emitting it into `block` unless it is pre-emitted.
    fn expr(&mut self, e: Expression, block: &mut naga::Block) -> Handle<Expression> {
        let pre = e.needs_pre_emit();
        let start = self.exprs.len();
        let h = self.exprs.append(e, Span::UNDEFINED);
        if !pre {
            block.push(
                Statement::Emit(self.exprs.range_from(start)),
                Span::UNDEFINED,
            );
        }
        h
    }

    fn lit_i32(&mut self, v: i32, block: &mut naga::Block) -> Handle<Expression> {
        self.expr(Expression::Literal(Literal::I32(v)), block)
    }

    fn bin(
        &mut self,
        op: BinaryOperator,
        l: Handle<Expression>,
        r: Handle<Expression>,
        b: &mut naga::Block,
    ) -> Handle<Expression> {
        self.expr(
            Expression::Binary {
                op,
                left: l,
                right: r,
            },
            b,
        )
    }

    fn declare_globals(&mut self, func: Op) -> R<Vec<BindingInfo>> {
        let entry = self.ir.entry_block(self.ir.region(func, 0));
        let Some(entry) = entry else {
            return self.err("the kernel has no body", Some(func));
        };
        let mut args = self.ir.block_args(entry).to_vec();
        let workgroup = self
            .ir
            .attr(func, "workgroup_attributions")
            .and_then(|a| self.ir.ctx().int_value(a))
            .unwrap_or(0) as usize;
        let attributions = args.split_off(args.len().saturating_sub(workgroup));
        self.declare_workgroup(func, &attributions)?;
        let mut bindings = Vec::new();
        let mut fields = Vec::new();
        let mut binding = 0u32;
        for (i, &a) in args.iter().enumerate() {
            let ty = self.ir.value_type(a);
            let is_memref = matches!(self.ir.ctx().type_data(ty), TypeData::MemRef { .. });
            if !is_memref {
                fields.push((i, a));
                continue;
            }
            let (shape, s) = self.memref_array(func, ty, &format!("argument #{i}"))?;
            let writable = self
                .ir
                .uses(a)
                .iter()
                .any(|u| self.ir.isa::<memref::Store>(u.op) && u.index == 1);
            let arr = self.array_ty(s, ArraySize::Dynamic);
            let access = if writable {
                StorageAccess::LOAD | StorageAccess::STORE
            } else {
                StorageAccess::LOAD
            };
            let g = self.module.global_variables.append(
                GlobalVariable {
                    name: Some(format!("arg{i}")),
                    space: AddressSpace::Storage { access },
                    binding: Some(ResourceBinding { group: 0, binding }),
                    ty: arr,
                    init: None,
                    memory_decorations: naga::MemoryDecorations::empty(),
                },
                Span::UNDEFINED,
            );
            self.memrefs.insert(a, (g, shape.clone()));
            bindings.push(BindingInfo {
                binding,
                kind: "storage".into(),
                arg: Some(i),
                writable,
                element: Some(super::map::type_name(
                    self.ir,
                    self.ir.ctx().element_type(ty),
                )),
                shape,
                fields: Vec::new(),
                offsets: Vec::new(),
                field_types: Vec::new(),
                gpu_element: Some(s.name().to_string()),
            });
            binding += 1;
        }
        if !fields.is_empty() {
            let mut members = Vec::new();
            let mut offsets = Vec::new();
            let mut field_types = Vec::new();
            let mut offset = 0u32;
            for (k, &(i, a)) in fields.iter().enumerate() {
                let s = self.scalar_of(self.ir.value_type(a), Some(func))?;
                let size = match s {
                    Sc::I32 | Sc::F32 => 4,
                    Sc::I64 => 8,
                    Sc::F64 => 8,
                    _ => {
                        return self.err(
                            format!(
                                "argument #{i}: scalar arguments must be index, i32, f32 or f64"
                            ),
                            Some(func),
                        )
                    }
                };
                offset = offset.div_ceil(size) * size;
                let ty = self.scalar_ty(s);
                members.push(StructMember {
                    name: Some(format!("arg{i}")),
                    ty,
                    binding: None,
                    offset,
                });
                offsets.push(offset);
                field_types.push(s.name().to_string());
                offset += size;
                self.scalars.insert(a, k as u32);
            }
            let span = offset.div_ceil(16) * 16;
            let st = self.ty(TypeInner::Struct { members, span });
            let g = self.module.global_variables.append(
                GlobalVariable {
                    name: Some("scalars".into()),
                    space: AddressSpace::Uniform,
                    binding: Some(ResourceBinding { group: 0, binding }),
                    ty: st,
                    init: None,
                    memory_decorations: naga::MemoryDecorations::empty(),
                },
                Span::UNDEFINED,
            );
            self.uniform = Some(g);
            bindings.push(BindingInfo {
                binding,
                kind: "uniform".into(),
                arg: None,
                writable: false,
                element: None,
                shape: Vec::new(),
                fields: fields.iter().map(|&(i, _)| i).collect(),
                offsets,
                field_types,
                gpu_element: None,
            });
        }
        Ok(bindings)
    }

    /// The static shape and element kind of a memref of type `ty` (`what` names it in
    /// errors): static shape, identity layout, no i1.
    fn memref_array(&mut self, func: Op, ty: Type, what: &str) -> R<(Vec<i64>, Sc)> {
        let (shape, element) = match self.ir.ctx().type_data(ty) {
            TypeData::MemRef {
                shape,
                element,
                layout: None,
                ..
            } if shape.iter().all(|&d| d >= 0) => (shape.clone(), *element),
            _ => {
                return self.err(
                    format!(
                    "{what}: only memrefs with a static shape and identity layout are supported"
                ),
                    Some(func),
                )
            }
        };
        let s = self.scalar_of(element, Some(func))?;
        if s == Sc::Bool {
            return self.err(
                format!("{what}: memrefs of i1 are not supported"),
                Some(func),
            );
        }
        Ok((shape, s))
    }

    /// `array<s, size>` with the element's natural stride.
    fn array_ty(&mut self, s: Sc, size: ArraySize) -> Handle<naga::Type> {
        let base = self.scalar_ty(s);
        let stride = match s {
            Sc::F16 => 2,
            Sc::F64 | Sc::I64 => 8,
            _ => 4,
        };
        self.ty(TypeInner::Array { base, size, stride })
    }

    /// One `var<workgroup>` array per workgroup attribution (promoted tiles), indexed
    /// like a storage buffer; the element count is the memref's static size.
    fn declare_workgroup(&mut self, func: Op, attributions: &[Value]) -> R<()> {
        for (i, &a) in attributions.iter().enumerate() {
            self.declare_array(
                func,
                a,
                AddressSpace::WorkGroup,
                format!("tile{i}"),
                &format!("workgroup attribution #{i}"),
            )?;
        }
        Ok(())
    }

    /// A module-scope array variable in `space` standing for memref `a` (static size).
    fn declare_array(
        &mut self,
        at: Op,
        a: Value,
        space: AddressSpace,
        name: String,
        what: &str,
    ) -> R<()> {
        let ty = self.ir.value_type(a);
        let (shape, s) = self.memref_array(at, ty, what)?;
        let count: i64 = shape.iter().product();
        let Some(size) = u32::try_from(count)
            .ok()
            .and_then(std::num::NonZeroU32::new)
        else {
            return self.err(format!("{what} has {count} elements"), Some(at));
        };
        let arr = self.array_ty(s, ArraySize::Constant(size));
        let g = self.module.global_variables.append(
            GlobalVariable {
                name: Some(name),
                space,
                binding: None,
                ty: arr,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            Span::UNDEFINED,
        );
        self.memrefs.insert(a, (g, shape));
        Ok(())
    }

    /// The expression of `v` (arguments are loaded where first used).
    fn val(&mut self, v: Value, op: Op, b: &mut naga::Block) -> R<Handle<Expression>> {
        if let Some(&h) = self.values.get(&v) {
            return Ok(h);
        }
        if let Some(&k) = self.scalars.get(&v) {
            let g = self.uniform.expect("uniform block declared");
            let gp = self.expr(Expression::GlobalVariable(g), b);
            let p = self.expr(Expression::AccessIndex { base: gp, index: k }, b);
            let h = self.expr(Expression::Load { pointer: p }, b);
            // Not cached: the load may sit in a nested block that does not dominate later uses.
            return Ok(h);
        }
        self.err(
            format!("operand of '{}' has no translation", self.ir.op_name(op)),
            Some(op),
        )
    }

    fn block(
        &mut self,
        block: lattice_ir::Block,
        out: &mut naga::Block,
        yield_to: Option<&[Handle<LocalVariable>]>,
    ) -> R<()> {
        let ops: Vec<Op> = self.ir.block_ops(block).collect();
        for op in ops {
            self.op(op, out, yield_to)?;
        }
        Ok(())
    }

    fn builtin(&mut self, which: usize, dim: usize, b: &mut naga::Block) -> Handle<Expression> {
        let _ = self.builtins[which];
        let arg = self.expr(Expression::FunctionArgument(which as u32), b);
        let c = self.expr(
            Expression::AccessIndex {
                base: arg,
                index: dim as u32,
            },
            b,
        );
        self.expr(
            Expression::As {
                expr: c,
                kind: ScalarKind::Sint,
                convert: Some(4),
            },
            b,
        )
    }

    fn local(&mut self, s: Sc, name: &str) -> Handle<LocalVariable> {
        let ty = self.scalar_ty(s);
        self.locals.append(
            LocalVariable {
                name: Some(name.into()),
                ty,
                init: None,
            },
            Span::UNDEFINED,
        )
    }

    fn store_local(
        &mut self,
        l: Handle<LocalVariable>,
        v: Handle<Expression>,
        b: &mut naga::Block,
    ) {
        let p = self.expr(Expression::LocalVariable(l), b);
        b.push(
            Statement::Store {
                pointer: p,
                value: v,
            },
            Span::UNDEFINED,
        );
    }

    fn load_local(&mut self, l: Handle<LocalVariable>, b: &mut naga::Block) -> Handle<Expression> {
        let p = self.expr(Expression::LocalVariable(l), b);
        self.expr(Expression::Load { pointer: p }, b)
    }

    /// Pointer to `memref[indices]` (row-major linearization).
    fn element_ptr(
        &mut self,
        op: Op,
        memref: Value,
        indices: &[Value],
        b: &mut naga::Block,
    ) -> R<Handle<Expression>> {
        let Some((g, shape)) = self.memrefs.get(&memref).cloned() else {
            return self.err(
                format!(
                    "'{}' on a memref that is not a kernel argument",
                    self.ir.op_name(op)
                ),
                Some(op),
            );
        };
        if indices.len() != shape.len() {
            return self.err("index count does not match the memref rank", Some(op));
        }
        let mut lin: Option<Handle<Expression>> = None;
        for (k, &i) in indices.iter().enumerate() {
            let iv = self.val(i, op, b)?;
            lin = Some(match lin {
                None => iv,
                Some(acc) => {
                    let d = self.lit_i32(shape[k] as i32, b);
                    let m = self.bin(BinaryOperator::Multiply, acc, d, b);
                    self.bin(BinaryOperator::Add, m, iv, b)
                }
            });
        }
        let index = match lin {
            Some(l) => l,
            None => self.lit_i32(0, b),
        };
        let gp = self.expr(Expression::GlobalVariable(g), b);
        Ok(self.expr(Expression::Access { base: gp, index }, b))
    }

    /// Translates one op at its place in `b`; `yield_to` receives an `scf.yield`'s values.
    fn op(
        &mut self,
        op: Op,
        b: &mut naga::Block,
        yield_to: Option<&[Handle<LocalVariable>]>,
    ) -> R<()> {
        let ir = &*self.ir;
        let h = if let Some(kind) = GpuKind::of(ir, op) {
            match kind {
                GpuKind::BlockId => self.builtin(0, self.dim(op), b),
                GpuKind::ThreadId => self.builtin(1, self.dim(op), b),
                GpuKind::GridDim => self.builtin(2, self.dim(op), b),
                GpuKind::BlockDim => self.lit_i32(self.wg[self.dim(op)] as i32, b),
                GpuKind::Return => return Ok(()),
                GpuKind::Barrier => {
                    // As upstream's SPIR-V lowering: a workgroup control barrier with
                    // workgroup-memory semantics (`workgroupBarrier()`).
                    b.push(
                        Statement::ControlBarrier(naga::Barrier::WORK_GROUP),
                        Span::UNDEFINED,
                    );
                    return Ok(());
                }
                _ => return self.unsupported(op),
            }
        } else if let Some(kind) = ArithKind::of(ir, op) {
            self.arith(op, kind, b)?
        } else if let Some(kind) = MathKind::of(ir, op) {
            self.math_op(op, kind, b)?
        } else if ir.isa::<ub::Poison>(op) {
            self.poison(op, b)?
        } else if ir.isa::<memref::Load>(op) {
            let operands = self.ir.operands(op).to_vec();
            let p = self.element_ptr(op, operands[0], &operands[1..], b)?;
            self.expr(Expression::Load { pointer: p }, b)
        } else if ir.is_any_def(op, &[memref::Alloca::DEF, memref::Store::DEF]) {
            return self.memory_statement(op, b);
        } else {
            return match ScfKind::of(ir, op) {
                Some(ScfKind::Yield) => self.scf_yield(op, b, yield_to),
                Some(ScfKind::If) => self.scf_if(op, b),
                Some(ScfKind::For) => self.scf_for(op, b),
                _ => self.unsupported(op),
            };
        };
        let result = self.ir.results(op)[0];
        self.values.insert(result, h);
        Ok(())
    }

    /// The error for an op kernels do not translate.
    fn unsupported<T>(&self, op: Op) -> R<T> {
        let name = self.ir.op_name(op);
        self.err(format!("'{name}' is not supported in kernels"), Some(op))
    }

    /// Translates one `arith` op that has a result.
    fn arith(&mut self, op: Op, kind: ArithKind, b: &mut naga::Block) -> R<Handle<Expression>> {
        use ArithKind as A;
        Ok(match kind {
            A::Constant => self.constant(op, b)?,
            A::AddI
            | A::SubI
            | A::MulI
            | A::DivSI
            | A::RemSI
            | A::AndI
            | A::OrI
            | A::XOrI
            | A::ShLI
            | A::ShRSI
            | A::AddF
            | A::SubF
            | A::MulF
            | A::DivF
            | A::RemF => self.binary(op, kind, b)?,
            A::DivUI | A::RemUI | A::ShRUI => self.unsigned_binary(op, kind, b)?,
            A::CeilDivSI | A::FloorDivSI => self.rounded_div(op, kind, b)?,
            A::MaxSI | A::MaximumF | A::MaxNumF => {
                self.binary_math(op, Some(MathFunction::Max), b)?
            }
            A::MinSI | A::MinimumF | A::MinNumF => {
                self.binary_math(op, Some(MathFunction::Min), b)?
            }
            A::MaxUI | A::MinUI => self.unsigned_min_max(op, kind, b)?,
            A::NegF => {
                let [x] = self.vals(op, b)?;
                let e = Expression::Unary {
                    op: UnaryOperator::Negate,
                    expr: x,
                };
                self.expr(e, b)
            }
            A::CmpI => self.cmpi(op, b)?,
            A::CmpF => self.cmpf(op, b)?,
            A::Select => {
                let [c, x, y] = self.vals(op, b)?;
                let e = Expression::Select {
                    condition: c,
                    accept: x,
                    reject: y,
                };
                self.expr(e, b)
            }
            A::IndexCast
            | A::IndexCastUI
            | A::ExtF
            | A::TruncF
            | A::SIToFP
            | A::UIToFP
            | A::FPToSI
            | A::FPToUI
            | A::ExtSI
            | A::ExtUI
            | A::TruncI
            | A::Bitcast => self.cast(op, kind, b)?,
            _ => return self.unsupported(op),
        })
    }

    /// Translates one `math` op.
    fn math_op(&mut self, op: Op, kind: MathKind, b: &mut naga::Block) -> R<Handle<Expression>> {
        use MathKind as M;
        Ok(match kind {
            M::PowF => self.binary_math(op, Some(MathFunction::Pow), b)?,
            M::Atan2 => self.binary_math(op, Some(MathFunction::Atan2), b)?,
            M::CopySign => self.binary_math(op, None, b)?,
            M::Fma => {
                let [x, y, z] = self.vals(op, b)?;
                self.math(MathFunction::Fma, x, Some(y), Some(z), b)
            }
            M::Sqrt
            | M::Rsqrt
            | M::Exp
            | M::Exp2
            | M::Log
            | M::Log2
            | M::Sin
            | M::Cos
            | M::Tan
            | M::Tanh
            | M::AbsF
            | M::AbsI
            | M::Floor
            | M::Ceil
            | M::Round
            | M::Trunc
            | M::Atan
            | M::Asin
            | M::Acos
            | M::Sinh
            | M::Cosh => self.unary_math(op, kind, b)?,
            _ => return self.unsupported(op),
        })
    }

    /// The dimension (0 for x, 1 for y, 2 for z) of a `gpu` index op.
    fn dim(&self, op: Op) -> usize {
        let ir = &*self.ir;
        match ir.attr(op, "dimension").map(|a| ir.ctx().attr_data(a)) {
            Some(AttrData::Dialect(t)) if t.contains('y') => 1,
            Some(AttrData::Dialect(t)) if t.contains('z') => 2,
            _ => 0,
        }
    }

    /// The translations of the first `N` operands of `op`, in order.
    fn vals<const N: usize>(&mut self, op: Op, b: &mut naga::Block) -> R<[Handle<Expression>; N]> {
        let operands = self.ir.operands(op).to_vec();
        let mut out = Vec::with_capacity(N);
        for &v in &operands[..N] {
            out.push(self.val(v, op, b)?);
        }
        Ok(out.try_into().expect("N operands translated"))
    }

    /// `x` reinterpreted (`convert: None`) or converted to `width` bytes as `kind`.
    fn as_kind(
        &mut self,
        x: Handle<Expression>,
        kind: ScalarKind,
        convert: Option<u8>,
        b: &mut naga::Block,
    ) -> Handle<Expression> {
        let e = Expression::As {
            expr: x,
            kind,
            convert,
        };
        self.expr(e, b)
    }

    /// A math function call.
    fn math(
        &mut self,
        fun: MathFunction,
        arg: Handle<Expression>,
        arg1: Option<Handle<Expression>>,
        arg2: Option<Handle<Expression>>,
        b: &mut naga::Block,
    ) -> Handle<Expression> {
        let e = Expression::Math {
            fun,
            arg,
            arg1,
            arg2,
            arg3: None,
        };
        self.expr(e, b)
    }

    /// `arith.constant`: a literal of the result's scalar type.
    fn constant(&mut self, op: Op, b: &mut naga::Block) -> R<Handle<Expression>> {
        let ty = self.ir.value_type(self.ir.results(op)[0]);
        let s = self.scalar_of(ty, Some(op))?;
        let lit = self.constant_literal(op, s)?;
        // Non-finite values have no literal: build them from their f32 bits.
        let non_finite = match lit {
            Literal::F32(v) if !v.is_finite() => Some(v),
            Literal::F64(v) if !v.is_finite() => Some(v as f32),
            _ => None,
        };
        let h = match non_finite {
            Some(v) => {
                let bits = self.expr(Expression::Literal(Literal::U32(v.to_bits())), b);
                let f = self.as_kind(bits, ScalarKind::Float, None, b);
                if s == Sc::F64 {
                    self.as_kind(f, ScalarKind::Float, Some(8), b)
                } else {
                    f
                }
            }
            None => self.expr(Expression::Literal(lit), b),
        };
        if s == Sc::F16 {
            return Ok(self.as_kind(h, ScalarKind::Float, Some(2), b));
        }
        Ok(h)
    }

    /// `ub.poison`: WGSL has no poison value; zero of the result's type is one of the
    /// values poison may take.
    fn poison(&mut self, op: Op, b: &mut naga::Block) -> R<Handle<Expression>> {
        let ty = self.ir.value_type(self.ir.results(op)[0]);
        let s = self.scalar_of(ty, Some(op))?;
        let lit = match s {
            Sc::I32 => Literal::I32(0),
            Sc::I64 => Literal::I64(0),
            Sc::F32 | Sc::F16 => Literal::F32(0.0),
            Sc::F64 => Literal::F64(0.0),
            Sc::Bool => Literal::Bool(false),
        };
        let h = self.expr(Expression::Literal(lit), b);
        if s == Sc::F16 {
            return Ok(self.as_kind(h, ScalarKind::Float, Some(2), b));
        }
        Ok(h)
    }

    /// The literal of an `arith.constant` whose result computes as `s`.
    fn constant_literal(&self, op: Op, s: Sc) -> R<Literal> {
        let attr = self.ir.attr(op, "value");
        let data = attr.map(|a| self.ir.ctx().attr_data(a).clone());
        Ok(match (s, data) {
            (Sc::I32, Some(AttrData::Integer { value, .. })) => {
                let Ok(v) = i32::try_from(value) else {
                    return self.err(format!("constant {value} does not fit in i32"), Some(op));
                };
                Literal::I32(v)
            }
            (Sc::I64, Some(AttrData::Integer { value, .. })) => Literal::I64(value as i64),
            (Sc::Bool, Some(AttrData::Integer { value, .. })) => Literal::Bool(value != 0),
            (Sc::F64, Some(AttrData::Float { bits, ty })) => match self.ir.ctx().type_data(ty) {
                TypeData::Float(FloatKind::F64) => Literal::F64(f64::from_bits(bits as u64)),
                _ => return self.err("unsupported float constant", Some(op)),
            },
            (Sc::F32 | Sc::F16, Some(AttrData::Float { bits, ty })) => {
                let v = match self.ir.ctx().type_data(ty) {
                    TypeData::Float(FloatKind::F64) => f64::from_bits(bits as u64) as f32,
                    TypeData::Float(FloatKind::F32) => f32::from_bits(bits as u32),
                    TypeData::Float(FloatKind::F16) => f16_to_f32(bits as u16),
                    _ => return self.err("unsupported float constant", Some(op)),
                };
                Literal::F32(v)
            }
            _ => return self.err("unsupported constant", Some(op)),
        })
    }

    /// The signed / float binary arith ops that map onto one naga operator.
    fn binary(&mut self, op: Op, kind: ArithKind, b: &mut naga::Block) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let result = self.ir.results(op)[0];
        let is_bool = self.scalar_of(self.ir.value_type(result), Some(op))? == Sc::Bool;
        use ArithKind as A;
        let bop = match kind {
            A::AddI | A::AddF => BinaryOperator::Add,
            A::SubI | A::SubF => BinaryOperator::Subtract,
            A::MulI | A::MulF => BinaryOperator::Multiply,
            A::DivSI | A::DivF => BinaryOperator::Divide,
            A::RemSI | A::RemF => BinaryOperator::Modulo,
            A::AndI if is_bool => BinaryOperator::LogicalAnd,
            A::OrI if is_bool => BinaryOperator::LogicalOr,
            A::XOrI if is_bool => BinaryOperator::NotEqual,
            A::AndI => BinaryOperator::And,
            A::OrI => BinaryOperator::InclusiveOr,
            A::XOrI => BinaryOperator::ExclusiveOr,
            A::ShLI | A::ShRSI => {
                let ru = self.as_kind(r, ScalarKind::Uint, None, b);
                let bop = if kind == A::ShLI {
                    BinaryOperator::ShiftLeft
                } else {
                    BinaryOperator::ShiftRight
                };
                return Ok(self.bin(bop, l, ru, b));
            }
            _ => unreachable!(),
        };
        Ok(self.bin(bop, l, r, b))
    }

    /// `arith.divui` / `remui` / `shrui`: the operation on the operands' unsigned bits.
    fn unsigned_binary(
        &mut self,
        op: Op,
        kind: ArithKind,
        b: &mut naga::Block,
    ) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let lu = self.as_kind(l, ScalarKind::Uint, None, b);
        let ru = self.as_kind(r, ScalarKind::Uint, None, b);
        let bop = match kind {
            ArithKind::DivUI => BinaryOperator::Divide,
            ArithKind::RemUI => BinaryOperator::Modulo,
            _ => BinaryOperator::ShiftRight,
        };
        let u = self.bin(bop, lu, ru, b);
        Ok(self.as_kind(u, ScalarKind::Sint, None, b))
    }

    /// `arith.ceildivsi` / `floordivsi`.
    fn rounded_div(
        &mut self,
        op: Op,
        kind: ArithKind,
        b: &mut naga::Block,
    ) -> R<Handle<Expression>> {
        // q = a / b (truncated); adjust by one when the remainder is non-zero and
        // its sign calls for it.
        let [a, d] = self.vals(op, b)?;
        let q = self.bin(BinaryOperator::Divide, a, d, b);
        let r = self.bin(BinaryOperator::Modulo, a, d, b);
        let zero = self.lit_i32(0, b);
        let one = self.lit_i32(1, b);
        let nz = self.bin(BinaryOperator::NotEqual, r, zero, b);
        let rneg = self.bin(BinaryOperator::Less, r, zero, b);
        let dneg = self.bin(BinaryOperator::Less, d, zero, b);
        let (same, adj) = if kind == ArithKind::CeilDivSI {
            (
                self.bin(BinaryOperator::Equal, rneg, dneg, b),
                BinaryOperator::Add,
            )
        } else {
            (
                self.bin(BinaryOperator::NotEqual, rneg, dneg, b),
                BinaryOperator::Subtract,
            )
        };
        let cond = self.bin(BinaryOperator::LogicalAnd, nz, same, b);
        let q1 = self.bin(adj, q, one, b);
        let e = Expression::Select {
            condition: cond,
            accept: q1,
            reject: q,
        };
        Ok(self.expr(e, b))
    }

    /// Signed / float min and max, `math.powf` and `math.atan2`: `fun` of the two
    /// operands (`None`: an op without a translation, refused once its operands are).
    fn binary_math(
        &mut self,
        op: Op,
        fun: Option<MathFunction>,
        b: &mut naga::Block,
    ) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let Some(fun) = fun else {
            return self.unsupported(op);
        };
        Ok(self.math(fun, l, Some(r), None, b))
    }

    /// `arith.maxui` / `minui`: min or max of the operands' unsigned bits.
    fn unsigned_min_max(
        &mut self,
        op: Op,
        kind: ArithKind,
        b: &mut naga::Block,
    ) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let lu = self.as_kind(l, ScalarKind::Uint, None, b);
        let ru = self.as_kind(r, ScalarKind::Uint, None, b);
        let fun = if kind == ArithKind::MaxUI {
            MathFunction::Max
        } else {
            MathFunction::Min
        };
        let u = self.math(fun, lu, Some(ru), None, b);
        Ok(self.as_kind(u, ScalarKind::Sint, None, b))
    }

    /// The one-operand `math` functions.
    fn unary_math(&mut self, op: Op, kind: MathKind, b: &mut naga::Block) -> R<Handle<Expression>> {
        use MathKind as M;
        let [x] = self.vals(op, b)?;
        let fun = match kind {
            M::Sqrt => MathFunction::Sqrt,
            M::Rsqrt => MathFunction::InverseSqrt,
            M::Exp => MathFunction::Exp,
            M::Exp2 => MathFunction::Exp2,
            M::Log => MathFunction::Log,
            M::Log2 => MathFunction::Log2,
            M::Sin => MathFunction::Sin,
            M::Cos => MathFunction::Cos,
            M::Tan => MathFunction::Tan,
            M::Tanh => MathFunction::Tanh,
            M::AbsF | M::AbsI => MathFunction::Abs,
            M::Floor => MathFunction::Floor,
            M::Ceil => MathFunction::Ceil,
            M::Round => MathFunction::Round,
            M::Trunc => MathFunction::Trunc,
            M::Atan => MathFunction::Atan,
            M::Asin => MathFunction::Asin,
            M::Acos => MathFunction::Acos,
            M::Sinh => MathFunction::Sinh,
            _ => MathFunction::Cosh,
        };
        Ok(self.math(fun, x, None, None, b))
    }

    /// The `predicate` attribute of a comparison (-1 when absent).
    fn predicate(&self, op: Op) -> i128 {
        self.ir
            .attr(op, "predicate")
            .and_then(|a| self.ir.ctx().int_value(a))
            .unwrap_or(-1)
    }

    /// `arith.cmpi`: unsigned predicates compare the operands' unsigned bits.
    fn cmpi(&mut self, op: Op, b: &mut naga::Block) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let (bop, unsigned) = match self.predicate(op) {
            0 => (BinaryOperator::Equal, false),
            1 => (BinaryOperator::NotEqual, false),
            2 => (BinaryOperator::Less, false),
            3 => (BinaryOperator::LessEqual, false),
            4 => (BinaryOperator::Greater, false),
            5 => (BinaryOperator::GreaterEqual, false),
            6 => (BinaryOperator::Less, true),
            7 => (BinaryOperator::LessEqual, true),
            8 => (BinaryOperator::Greater, true),
            9 => (BinaryOperator::GreaterEqual, true),
            _ => return self.err("unknown cmpi predicate", Some(op)),
        };
        let lhs = self.ir.operands(op)[0];
        let is_bool = self.scalar_of(self.ir.value_type(lhs), Some(op))? == Sc::Bool;
        if unsigned && !is_bool {
            let lu = self.as_kind(l, ScalarKind::Uint, None, b);
            let ru = self.as_kind(r, ScalarKind::Uint, None, b);
            Ok(self.bin(bop, lu, ru, b))
        } else {
            Ok(self.bin(bop, l, r, b))
        }
    }

    /// `arith.cmpf`: ordered predicates compare directly (naga's comparisons are
    /// false on NaN); `false` / `ord` / `uno` / `true` test the operands for NaN.
    fn cmpf(&mut self, op: Op, b: &mut naga::Block) -> R<Handle<Expression>> {
        let [l, r] = self.vals(op, b)?;
        let pred = self.predicate(op);
        let bop = match pred {
            1 | 8 => BinaryOperator::Equal,
            2 | 9 => BinaryOperator::Greater,
            3 | 10 => BinaryOperator::GreaterEqual,
            4 | 11 => BinaryOperator::Less,
            5 | 12 => BinaryOperator::LessEqual,
            6 | 13 => BinaryOperator::NotEqual,
            0 | 7 | 14 | 15 => {
                // false / ord / uno / true
                let ll = self.bin(BinaryOperator::Equal, l, l, b);
                let rr = self.bin(BinaryOperator::Equal, r, r, b);
                let ord = self.bin(BinaryOperator::LogicalAnd, ll, rr, b);
                return Ok(match pred {
                    7 => ord,
                    14 => {
                        let e = Expression::Unary {
                            op: UnaryOperator::LogicalNot,
                            expr: ord,
                        };
                        self.expr(e, b)
                    }
                    0 => self.expr(Expression::Literal(Literal::Bool(false)), b),
                    _ => self.expr(Expression::Literal(Literal::Bool(true)), b),
                });
            }
            _ => return self.err("unknown cmpf predicate", Some(op)),
        };
        Ok(self.bin(bop, l, r, b))
    }

    /// The casts: a conversion to the result's scalar type (the identity when it is the
    /// operand's, except for `extui`).
    fn cast(&mut self, op: Op, kind: ArithKind, b: &mut naga::Block) -> R<Handle<Expression>> {
        use ArithKind as A;
        let [x] = self.vals(op, b)?;
        let operand = self.ir.operands(op)[0];
        let from = self.scalar_of(self.ir.value_type(operand), Some(op))?;
        let to = self.scalar_of(self.ir.value_type(self.ir.results(op)[0]), Some(op))?;
        if from == to && kind != A::ExtUI {
            return Ok(x);
        }
        Ok(match (kind, to) {
            (A::UIToFP, Sc::F32 | Sc::F16 | Sc::F64) => {
                let u = self.as_kind(x, ScalarKind::Uint, None, b);
                let w = match to {
                    Sc::F16 => 2,
                    Sc::F64 => 8,
                    _ => 4,
                };
                self.as_kind(u, ScalarKind::Float, Some(w), b)
            }
            (A::ExtUI | A::ExtSI | A::IndexCast | A::IndexCastUI, Sc::I32) if from == Sc::Bool => {
                let one = self.lit_i32(1, b);
                let zero = self.lit_i32(0, b);
                let v = if kind == A::ExtSI {
                    self.lit_i32(-1, b)
                } else {
                    one
                };
                let e = Expression::Select {
                    condition: x,
                    accept: v,
                    reject: zero,
                };
                self.expr(e, b)
            }
            (A::Bitcast, _) => {
                let kind = match to {
                    Sc::F32 | Sc::F16 | Sc::F64 => ScalarKind::Float,
                    Sc::I32 | Sc::I64 => ScalarKind::Sint,
                    Sc::Bool => ScalarKind::Bool,
                };
                self.as_kind(x, kind, None, b)
            }
            (_, Sc::I64) => self.as_kind(x, ScalarKind::Sint, Some(8), b),
            (_, Sc::I32) => self.as_kind(x, ScalarKind::Sint, Some(4), b),
            (_, Sc::F32) => self.as_kind(x, ScalarKind::Float, Some(4), b),
            (_, Sc::F16) => self.as_kind(x, ScalarKind::Float, Some(2), b),
            (_, Sc::F64) => self.as_kind(x, ScalarKind::Float, Some(8), b),
            (_, Sc::Bool) => {
                let zero = self.lit_i32(0, b);
                self.bin(BinaryOperator::NotEqual, x, zero, b)
            }
        })
    }

    /// `memref.alloca` (a private array) and `memref.store` (a store statement).
    fn memory_statement(&mut self, op: Op, b: &mut naga::Block) -> R<()> {
        let operands = self.ir.operands(op).to_vec();
        if self.ir.isa::<memref::Store>(op) {
            let v = self.val(operands[0], op, b)?;
            let p = self.element_ptr(op, operands[1], &operands[2..], b)?;
            b.push(
                Statement::Store {
                    pointer: p,
                    value: v,
                },
                Span::UNDEFINED,
            );
            return Ok(());
        }
        // Invocation-private scratch (register-tile accumulators): a
        // `var<private>` array, whose constant-index accesses drivers keep in
        // registers.
        if !operands.is_empty() {
            return self.err("memref.alloca with dynamic sizes", Some(op));
        }
        let n = self.memrefs.len();
        let result = self.ir.results(op)[0];
        let name = format!("private{n}");
        self.declare_array(
            op,
            result,
            AddressSpace::Private,
            name,
            memref::Alloca::NAME,
        )?;
        Ok(())
    }

    /// `scf.yield`: its values stored to the enclosing op's result variables.
    fn scf_yield(
        &mut self,
        op: Op,
        b: &mut naga::Block,
        yield_to: Option<&[Handle<LocalVariable>]>,
    ) -> R<()> {
        let Some(targets) = yield_to else {
            return self.err("scf.yield outside a translated region", Some(op));
        };
        let targets = targets.to_vec();
        let mut vals = Vec::new();
        for &v in &self.ir.operands(op).to_vec() {
            vals.push(self.val(v, op, b)?);
        }
        for (l, v) in targets.into_iter().zip(vals) {
            self.store_local(l, v, b);
        }
        Ok(())
    }

    /// One local variable per result of `op`, named `{prefix}{k}`.
    fn result_locals(
        &mut self,
        op: Op,
        values: &[Value],
        prefix: &str,
    ) -> R<Vec<Handle<LocalVariable>>> {
        let mut vars = Vec::new();
        for (k, &r) in values.iter().enumerate() {
            let s = self.scalar_of(self.ir.value_type(r), Some(op))?;
            vars.push(self.local(s, &format!("{prefix}{k}")));
        }
        Ok(vars)
    }

    /// Binds `op`'s results to loads of `vars`, after the op's statement.
    fn load_results(&mut self, op: Op, vars: &[Handle<LocalVariable>], b: &mut naga::Block) {
        let results = self.ir.results(op).to_vec();
        for (k, &r) in results.iter().enumerate() {
            let h = self.load_local(vars[k], b);
            self.values.insert(r, h);
        }
    }

    /// `scf.if`: a naga `If` whose branches store the results to local variables.
    fn scf_if(&mut self, op: Op, b: &mut naga::Block) -> R<()> {
        let [c] = self.vals(op, b)?;
        let results = self.ir.results(op).to_vec();
        let vars = self.result_locals(op, &results, "if_result")?;
        let regions = self.ir.regions(op).to_vec();
        let mut accept = naga::Block::new();
        let mut reject = naga::Block::new();
        if let Some(tb) = self.ir.entry_block(regions[0]) {
            self.block(tb, &mut accept, Some(&vars))?;
        }
        if let Some(eb) = regions.get(1).and_then(|&r| self.ir.entry_block(r)) {
            self.block(eb, &mut reject, Some(&vars))?;
        }
        b.push(
            Statement::If {
                condition: c,
                accept,
                reject,
            },
            Span::UNDEFINED,
        );
        self.load_results(op, &vars, b);
        Ok(())
    }

    /// `scf.for`: a naga `Loop` over the local variable `iv`, breaking when it reaches
    /// the upper bound, with the `iter_args` in local variables.
    fn scf_for(&mut self, op: Op, b: &mut naga::Block) -> R<()> {
        let [lb, ub, step] = self.vals(op, b)?;
        let iv_var = self.local(Sc::I32, "iv");
        self.store_local(iv_var, lb, b);
        let inits = self.ir.operands(op)[3..].to_vec();
        let mut vars = Vec::new();
        for (k, &init) in inits.iter().enumerate() {
            let s = self.scalar_of(self.ir.value_type(init), Some(op))?;
            let l = self.local(s, &format!("iter_arg{k}"));
            let v = self.val(init, op, b)?;
            self.store_local(l, v, b);
            vars.push(l);
        }
        let Some(body_block) = self.ir.entry_block(self.ir.region(op, 0)) else {
            return self.err("scf.for without a body", Some(op));
        };
        let args = self.ir.block_args(body_block).to_vec();
        let mut body = naga::Block::new();
        let iv = self.load_local(iv_var, &mut body);
        let done = self.bin(BinaryOperator::GreaterEqual, iv, ub, &mut body);
        let mut brk = naga::Block::new();
        brk.push(Statement::Break, Span::UNDEFINED);
        body.push(
            Statement::If {
                condition: done,
                accept: brk,
                reject: naga::Block::new(),
            },
            Span::UNDEFINED,
        );
        self.values.insert(args[0], iv);
        for (k, &a) in args[1..].iter().enumerate() {
            let h = self.load_local(vars[k], &mut body);
            self.values.insert(a, h);
        }
        self.block(body_block, &mut body, Some(&vars))?;
        let mut continuing = naga::Block::new();
        let cur = self.load_local(iv_var, &mut continuing);
        let next = self.bin(BinaryOperator::Add, cur, step, &mut continuing);
        self.store_local(iv_var, next, &mut continuing);
        b.push(
            Statement::Loop {
                body,
                continuing,
                break_if: None,
            },
            Span::UNDEFINED,
        );
        self.load_results(op, &vars, b);
        Ok(())
    }
}

/// An IEEE half's value.
fn f16_to_f32(bits: u16) -> f32 {
    let sign = if bits >> 15 == 1 { -1.0 } else { 1.0 };
    let exp = ((bits >> 10) & 0x1f) as i32;
    let frac = (bits & 0x3ff) as f32;
    match exp {
        0 => sign * frac * 2f32.powi(-24),
        31 if frac == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + frac / 1024.0) * 2f32.powi(e - 15),
    }
}
