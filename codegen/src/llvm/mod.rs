//! CPU code generation: Lattice IR (after `lower-affine`) translated straight to LLVM IR
//! with inkwell, optimized by LLVM's pass pipeline, then JIT-run ([`jit`]) or emitted as
//! IR, assembly, an object or a shared library ([`emit`]).
//!
//! Layout: one file per dialect (`arith.rs`, `math.rs`, `memref.rs`, `scf.rs`, `cf.rs`,
//! `func.rs`, `ub.rs`), each with `pub(crate) fn lower(cx, op)` that matches on the op's
//! kind (`ArithKind::of`, typed views) and returns [`LowerCtx::unsupported`] for ops it
//! does not know. [`lower_op`] is the one dispatch point on the op's dialect (its kind
//! enum's definitions, in `DIALECTS`); to add a dialect, add a file with the same `lower`
//! signature and one row there (the `vector` row is reserved for `vector.rs`,
//! `scf.parallel` is routed through [`scf`]'s `lower_parallel`, the hook a threaded
//! `parallel.rs` replaces). The `gpu` row (`gpu.rs`) lowers `gpu.launch_func` in host
//! code to calls into the GPU runtime; for modules that launch kernels, [`lower_op`]
//! first emits the host/device coherence calls of [`crate::gpu::host::HostPlan`].
//!
//! Invariants: the translation never panics on verified IR; anything it cannot translate
//! is a located error diagnostic; memrefs follow MLIR's descriptor ABI (see [`ctx`]), and
//! function signatures MLIR's default calling convention (memref arguments expanded to
//! descriptor fields, several results returned as a struct), plus `_mlir_ciface_` wrappers
//! for functions with the `llvm.emit_c_interface` unit attribute.

pub mod cpus;
pub mod ctx;
pub mod emit;
pub mod header;
#[allow(unsafe_code)]
pub mod jit;

#[allow(unsafe_code)]
mod arith;
mod bounds;
mod cf;
pub mod func;
#[allow(unsafe_code)] // GEPs into the launch argument records
mod gpu;
mod math;
#[allow(unsafe_code)]
mod memref;
#[allow(unsafe_code)] // GEPs into the partials array
pub mod parallel;
pub mod scf;
mod ub;
#[allow(unsafe_code)] // vector GEPs
mod vector;

pub use ctx::{LResult, LowerCtx, LowerOptions, MemRefDesc};
pub use parallel::ParallelOrder;

use inkwell::basic_block::BasicBlock;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::values::BasicValueEnum;
use inkwell::OptimizationLevel;
use lattice_dialects as d;
use lattice_ir::{Block, DiagLoc, Diagnostic, Ir, Op, OpDef, Region};

/// How to generate code.
#[derive(Clone, Debug)]
pub struct CodegenOptions {
    /// LLVM optimization level 0..=3 (`default<On>` pipeline and code generator level).
    pub opt_level: u8,
    /// CPU to generate code for; `None` or `"native"` means the host CPU with its features.
    pub target_cpu: Option<String>,
    /// Allow LLVM's fast-math transformations on every floating-point operation.
    pub fast_math: bool,
    /// Position-independent code (for shared libraries).
    pub pic: bool,
    /// Iteration order of parallel loops: [`ParallelOrder::Reverse`] is the race detector
    /// of `lattice run --parallel-order=reverse` (and of `lattice emit`'s output with it).
    pub parallel_order: ParallelOrder,
}

impl Default for CodegenOptions {
    fn default() -> Self {
        CodegenOptions {
            opt_level: 3,
            target_cpu: None,
            fast_math: false,
            pic: false,
            parallel_order: ParallelOrder::InOrder,
        }
    }
}

/// Runs Lattice's own `lower-affine` so that only `scf`, `arith`, `memref`, `cf`,
/// `math`, `vector` and `func` ops remain.
pub fn prepare(ir: &mut Ir, module: Op) -> Result<(), Vec<Diagnostic>> {
    use lattice_affine::passes::lower_affine::{lower_affine, LowerAffineOptions};
    lower_affine(ir, module, &LowerAffineOptions::default())
}

/// Translates the (prepared) `builtin.module` op `module` into a new LLVM module.
pub fn translate<'ctx>(
    llcx: &'ctx inkwell::context::Context,
    ir: &Ir,
    module: Op,
    options: &LowerOptions,
    name: &str,
) -> Result<Module<'ctx>, Vec<Diagnostic>> {
    let llmod = llcx.create_module(name);
    {
        let mut cx = LowerCtx::new(ir, llcx, &llmod, options.clone());
        cx.gpu_plan = crate::gpu::host::plan(ir, module);
        let mut errors = Vec::new();
        let body: Vec<Op> = ir
            .regions(module)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .map(|b| ir.block_ops(b).collect())
            .unwrap_or_default();
        // Declarations first, so bodies can refer to any symbol.
        for &op in &body {
            let r = if ir.isa::<d::func::Func>(op) {
                func::declare(&mut cx, op).map(|_| ())
            } else if ir.isa::<d::memref::Global>(op) {
                memref::declare_global(&mut cx, op)
            } else if ir.isa::<d::gpu::GPUModule>(op) {
                // Kernels are compiled by the GPU back end (`crate::gpu`).
                Ok(())
            } else {
                Err(cx.error(
                    op,
                    format!(
                        "'{}' op at module level cannot be lowered to LLVM IR",
                        ir.op_name(op)
                    ),
                ))
            };
            if let Err(e) = r {
                errors.push(e);
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        for &op in &body {
            if ir.isa::<d::func::Func>(op) {
                if let Err(e) = func::define(&mut cx, op) {
                    errors.push(e);
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    if let Err(e) = llmod.verify() {
        return Err(vec![Diagnostic::error(
            DiagLoc::None,
            format!(
                "internal: Lattice produced invalid LLVM IR: {}",
                e.to_string_lossy()
            ),
        )]);
    }
    Ok(llmod)
}

/// Lowers one op by dispatching on its dialect. This is the extension point: a new
/// dialect file gets an arm here. Ops with regions lower their bodies through here
/// recursively, so the stack grows on the heap as needed (deep `scf.if` nests).
pub fn lower_op(cx: &mut LowerCtx<'_, '_>, op: Op) -> LResult<()> {
    stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || lower_op_impl(cx, op))
}

fn lower_op_impl(cx: &mut LowerCtx<'_, '_>, op: Op) -> LResult<()> {
    cx.current_op = Some(op);
    if cx.gpu_plan.is_some() {
        gpu::before_op(cx, op)?;
    }
    let ir = cx.ir;
    let Some(&(_, lower, elementwise)) = DIALECTS.iter().find(|(defs, ..)| ir.is_any_def(op, defs))
    else {
        return Err(cx.unsupported(op));
    };
    if elementwise && vector::has_nd(cx, op) {
        vector::elementwise(cx, op, lower)
    } else {
        lower(cx, op)
    }
}

/// A dialect file's `lower(cx, op)`.
type LowerFn = for<'a, 'ctx> fn(&mut LowerCtx<'a, 'ctx>, Op) -> LResult<()>;

/// Each dialect's ops (its kind enum's definitions), the file that lowers them, and
/// whether they apply elementwise to n-D vectors.
const DIALECTS: &[(&[&OpDef], LowerFn, bool)] = &[
    (d::arith::ArithKind::ALL, arith::lower, true),
    (d::math::MathKind::ALL, math::lower, true),
    (d::memref::MemrefKind::ALL, memref::lower, false),
    (d::scf::ScfKind::ALL, scf::lower, false),
    (d::cf::CfKind::ALL, cf::lower, false),
    (d::func::FuncKind::ALL, func::lower, false),
    (d::vector::VectorKind::ALL, vector::lower, false),
    (d::gpu::GpuKind::ALL, gpu::lower, false),
    (d::ub::UbKind::ALL, ub::lower, false),
];

/// Lowers the ops of single-block region `region` at the builder's position, with the
/// entry block's arguments bound to `args`, and returns the LLVM values of the
/// terminator's operands (`scf.yield`, `scf.condition`, ...). The terminator itself is
/// not lowered; the builder is left where the region's control flow ends.
pub fn lower_body<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    region: Region,
    args: &[BasicValueEnum<'ctx>],
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let ir = cx.ir;
    let Some(block) = ir.entry_block(region) else {
        return Ok(Vec::new());
    };
    for (&a, &v) in ir.block_args(block).iter().zip(args) {
        cx.define(a, v);
    }
    let mut yielded = Vec::new();
    for op in ir.block_ops(block) {
        let is_terminator = ir.next_op(op).is_none()
            && ir
                .op_def(op)
                .is_some_and(|d| d.traits.contains(lattice_ir::Traits::TERMINATOR));
        if is_terminator {
            cx.current_op = Some(op);
            if cx.gpu_plan.is_some() {
                gpu::before_op(cx, op)?;
            }
            yielded = ir
                .operands(op)
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
        } else {
            lower_op(cx, op)?;
        }
    }
    Ok(yielded)
}

/// Lowers a region with any number of blocks as a control-flow graph: one LLVM block per
/// IR block (block arguments become phis), entered by a branch from the builder's
/// current block (if it has no terminator yet) with the entry block's arguments bound to
/// `entry_args`. Blocks are lowered in reverse post-order so definitions precede uses.
/// Returns the LLVM entry block.
pub fn lower_cfg_region<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    region: Region,
    entry_args: &[BasicValueEnum<'ctx>],
) -> LResult<Option<BasicBlock<'ctx>>> {
    let ir = cx.ir;
    let function = cx
        .function
        .ok_or_else(|| Diagnostic::error(DiagLoc::None, "internal: no current function"))?;
    let blocks: Vec<Block> = ir.region_blocks(region).collect();
    let Some(&entry) = blocks.first() else {
        return Ok(None);
    };
    for (i, &b) in blocks.iter().enumerate() {
        let bb = cx
            .llcx
            .append_basic_block(function, if i == 0 { "entry" } else { "bb" });
        let mut phis = Vec::new();
        if i > 0 {
            cx.builder.position_at_end(bb);
            for &a in ir.block_args(b) {
                let op = ir.block_parent_op(b);
                let ty = match op {
                    Some(op) => cx.llvm_type_at(op, ir.value_type(a))?,
                    None => cx.llvm_type(ir.value_type(a)).ok_or_else(|| {
                        Diagnostic::error(DiagLoc::None, "block argument type cannot be lowered")
                    })?,
                };
                let phi = cx
                    .builder
                    .build_phi(ty, "")
                    .map_err(|e| cx.builder_error(e))?;
                cx.define(a, phi.as_basic_value());
                phis.push(phi);
            }
        }
        cx.blocks.insert(b, (bb, phis));
    }
    let entry_bb = cx.blocks[&entry].0;
    for (&a, &v) in ir.block_args(entry).iter().zip(entry_args) {
        cx.define(a, v);
    }
    // Reverse post-order over successors.
    let mut order = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![(entry, false)];
    while let Some((b, done)) = stack.pop() {
        if done {
            order.push(b);
            continue;
        }
        if !seen.insert(b) {
            continue;
        }
        stack.push((b, true));
        if let Some(t) = ir.last_op(b) {
            for &s in ir.successors(t).iter().rev() {
                if !seen.contains(&s) {
                    stack.push((s, false));
                }
            }
        }
    }
    order.reverse();
    for &b in &blocks {
        if !seen.contains(&b) {
            order.push(b); // unreachable blocks last
        }
    }
    for b in order {
        let bb = cx.blocks[&b].0;
        cx.builder.position_at_end(bb);
        for op in ir.block_ops(b) {
            lower_op(cx, op)?;
        }
    }
    Ok(Some(entry_bb))
}

/// Adds `args` as incoming values of the phis of `target` from the builder's current
/// block, then branches there (the lowering of `cf.br`-like edges).
pub fn branch_to<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    target: Block,
    args: &[BasicValueEnum<'ctx>],
) -> LResult<()> {
    let (bb, phis) = cx.blocks.get(&target).cloned().ok_or_else(|| {
        Diagnostic::error(
            DiagLoc::None,
            "internal: branch to a block outside the region",
        )
    })?;
    add_incoming(cx, &phis, args)?;
    cx.builder
        .build_unconditional_branch(bb)
        .map_err(|e| cx.builder_error(e))?;
    Ok(())
}

/// Adds `args` as incoming values of `phis` from the builder's current block.
pub fn add_incoming<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    phis: &[inkwell::values::PhiValue<'ctx>],
    args: &[BasicValueEnum<'ctx>],
) -> LResult<()> {
    let here = cx
        .builder
        .get_insert_block()
        .ok_or_else(|| Diagnostic::error(DiagLoc::None, "internal: builder has no block"))?;
    for (phi, v) in phis.iter().zip(args) {
        phi.add_incoming(&[(v, here)]);
    }
    Ok(())
}

/// Why LLVM could not set up the target machine or optimize a module.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BackendError {
    /// LLVM's own message (initializing the native target, looking up the triple).
    #[error("{0}")]
    Llvm(String),
    /// No target machine for this CPU.
    #[error("cannot create an LLVM target machine for CPU '{cpu}'")]
    NoTargetMachine {
        /// The CPU asked for.
        cpu: String,
    },
    /// The optimization pipeline failed, with LLVM's message.
    #[error("LLVM pass pipeline failed: {0}")]
    Passes(String),
    /// Writing assembly or an object file failed, with LLVM's message.
    #[error("LLVM code generation failed: {0}")]
    CodeGeneration(String),
}

/// The native target, initialized once.
fn init_native() -> Result<(), BackendError> {
    Target::initialize_native(&InitializationConfig::default()).map_err(BackendError::Llvm)
}

/// A target machine for the host triple and the requested CPU.
pub fn target_machine(options: &CodegenOptions) -> Result<TargetMachine, BackendError> {
    init_native()?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| BackendError::Llvm(e.to_string()))?;
    let (cpu, features) = cpu_and_features(options);
    let level = match options.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let reloc = if options.pic {
        RelocMode::PIC
    } else {
        RelocMode::Default
    };
    target
        .create_target_machine(&triple, &cpu, &features, level, reloc, CodeModel::Default)
        .ok_or(BackendError::NoTargetMachine { cpu })
}

/// The CPU name and feature string `options` asks for, with [`tuning_features`] for that
/// CPU appended.
pub fn cpu_and_features(options: &CodegenOptions) -> (String, String) {
    let (cpu, mut features) = match options.target_cpu.as_deref() {
        None | Some("native") => (
            TargetMachine::get_host_cpu_name().to_string(),
            TargetMachine::get_host_cpu_features().to_string(),
        ),
        Some(cpu) => (cpu.to_string(), String::new()),
    };
    for f in tuning_features(&cpu) {
        if !features.is_empty() {
            features.push(',');
        }
        features.push_str(f);
    }
    (cpu, features)
}

/// Tuning features Lattice adds for `cpu` where LLVM 22's own tuning misleads its cost
/// models. AMD Zen 4 and Zen 5 (`znver4`, `znver5`): LLVM costs masked gathers and
/// scatters as cheap on every AVX-512 CPU, but on these they are microcoded (AMD's Zen 4
/// optimization guide, section 2.11.2: avoid gathers; GCC's Zen tuning does), so the loop
/// vectorizer trades a scalar inner loop for one gather per element column, e.g. after
/// fully unrolling a short tiled reduction loop (gemver's `w += A x`, 2x slower). With
/// `prefer-no-gather`/`prefer-no-scatter` (clang's `-mno-gather`/`-mno-scatter`) the
/// vectorizer costs them as scalar accesses and the code generator expands explicit
/// ones into scalar loads and stores. Tuning only: what a program computes is unchanged.
pub fn tuning_features(cpu: &str) -> &'static [&'static str] {
    match cpu {
        "znver4" | "znver5" => &["+prefer-no-gather", "+prefer-no-scatter"],
        _ => &[],
    }
}

/// Sets the module's triple and data layout for `tm`, tags every defined function with
/// the target CPU and features (the JIT reads them from there), and runs LLVM's
/// `default<On>` pipeline.
pub fn optimize(
    module: &Module<'_>,
    tm: &TargetMachine,
    options: &CodegenOptions,
) -> Result<(), BackendError> {
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    let (cpu, features) = cpu_and_features(options);
    let llcx = module.get_context();
    for f in module.get_functions() {
        if f.count_basic_blocks() == 0 {
            continue;
        }
        f.add_attribute(
            inkwell::attributes::AttributeLoc::Function,
            llcx.create_string_attribute("target-cpu", &cpu),
        );
        if !features.is_empty() {
            f.add_attribute(
                inkwell::attributes::AttributeLoc::Function,
                llcx.create_string_attribute("target-features", &features),
            );
        }
    }
    let passes = format!("default<O{}>", options.opt_level.min(3));
    let pbo = PassBuilderOptions::create();
    pbo.set_loop_vectorization(options.opt_level >= 2);
    pbo.set_loop_slp_vectorization(options.opt_level >= 2);
    pbo.set_loop_unrolling(options.opt_level >= 2);
    pbo.set_loop_interleaving(options.opt_level >= 2);
    module
        .run_passes(&passes, tm, pbo)
        .map_err(|e| BackendError::Passes(e.to_string_lossy().into_owned()))
}

/// Prepares, translates and optimizes `module`: the whole path from Lattice IR to an
/// optimized LLVM module plus the target machine it was optimized for.
pub fn compile<'ctx>(
    llcx: &'ctx inkwell::context::Context,
    ir: &mut Ir,
    module: Op,
    options: &CodegenOptions,
) -> Result<(Module<'ctx>, TargetMachine), Vec<Diagnostic>> {
    prepare(ir, module)?;
    let lower = LowerOptions {
        fast_math: options.fast_math,
        parallel_order: options.parallel_order,
    };
    let llmod = translate(llcx, ir, module, &lower, "lattice")?;
    let tm = target_machine(options)
        .map_err(|e| vec![Diagnostic::error(DiagLoc::None, e.to_string())])?;
    optimize(&llmod, &tm, options)
        .map_err(|e| vec![Diagnostic::error(DiagLoc::None, e.to_string())])?;
    Ok((llmod, tm))
}
