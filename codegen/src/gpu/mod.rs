//! GPU code generation: map parallel affine loops to `gpu.launch` ([`map`]), outline
//! launches into `gpu.module`/`gpu.func` kernels ([`outline`]), translate kernels to naga
//! modules and emit SPIR-V/WGSL ([`naga_emit`]), and run them with wgpu ([`runtime`])
//! from host code compiled by the CPU back end ([`host`], [`run_module`]).
//! [`affine_for_to_gpu`] is mlir-opt's `convert-affine-for-to-gpu`.
//!
//! Kernel ABI (what [`naga_emit`] produces and [`runtime`] binds; also written to the
//! JSON manifest): bind group 0; binding `i` for the `i`-th memref argument of the
//! `gpu.func` is a storage buffer holding the memref's elements in row-major order
//! (`read` when the kernel never stores to it); the scalar arguments, in order, are the
//! fields of one uniform struct at the binding after the last memref (each field 4
//! bytes: `index` and `i32` as `i32`, `f32` as `f32`; `f64` 8 bytes, 8-aligned; the
//! manifest gives the offsets); the workgroup size is the
//! kernel's `known_block_size`.

pub mod affine_for_to_gpu;
pub mod build;
pub mod coalesce;
#[allow(unsafe_code)] // the C entry points JIT-compiled host code calls
pub mod host;
pub mod map;
pub mod naga_emit;
pub mod outline;
pub mod promote;
#[allow(unsafe_code)] // copies between host memory and device buffers
pub mod runtime;

use lattice_dialects::func::Func;
use lattice_dialects::gpu::{GPUFunc, Launch};
use lattice_ir::pass::PassRegistry;

/// Registers the GPU passes.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[
        &map::MAP_PARALLEL_LOOPS,
        &outline::KERNEL_OUTLINING,
        &promote::PROMOTE_WORKGROUP_MEMORY,
        &affine_for_to_gpu::CONVERT_AFFINE_FOR_TO_GPU,
    ]);
}

/// Options of [`map_and_outline`] and [`emit_all`].
#[derive(Clone, Debug, Default)]
pub struct GpuCompileOptions {
    /// Workgroup size per mapped dimension (x first); empty for the defaults.
    pub workgroup_size: Vec<i64>,
    /// Compute f64 in f32 (`--gpu-demote-f64`).
    pub demote_f64: bool,
    /// Allow f16 (the device has `SHADER_F16`).
    pub shader_f16: bool,
    /// Allow f64 (the device has `SHADER_F64`).
    pub shader_f64: bool,
    /// Allow i64 (the device has `SHADER_INT64`).
    pub shader_i64: bool,
    /// Promote shared tiles to workgroup memory after the mapping
    /// (`--gpu-promote-workgroup-memory`).
    pub promote: Option<promote::PromoteOptions>,
    /// Iterations per invocation per mapped dimension, x first (`--gpu-thread-tile`).
    pub thread_tile: Vec<i64>,
}

/// Maps the parallel loops of every `func.func` of `module` and outlines the launches
/// (skipped when the module already holds kernels or launches). Returns the remarks for
/// loops left on the host.
pub fn map_and_outline(
    ir: &mut lattice_ir::Ir,
    module: lattice_ir::Op,
    options: &GpuCompileOptions,
) -> Result<Vec<lattice_ir::Diagnostic>, Vec<lattice_ir::Diagnostic>> {
    let map_options = map::MapOptions {
        workgroup_size: options.workgroup_size.clone(),
        demote_f64: options.demote_f64,
        shader_f64: options.shader_f64,
        shader_i64: options.shader_i64,
        thread_tile: options.thread_tile.clone(),
    };
    map::check_options(&map_options).map_err(|e| {
        vec![lattice_ir::Diagnostic::error(
            lattice_ir::DiagLoc::Loc(ir.loc(module)),
            e.to_string(),
        )]
    })?;
    let all = ir.walk_ops(module, lattice_ir::WalkOrder::PreOrder);
    let has_gpu = all
        .iter()
        .any(|&o| ir.is_any_def(o, &[GPUFunc::DEF, Launch::DEF]));
    let mut remarks = Vec::new();
    if !has_gpu {
        let funcs: Vec<_> = all.into_iter().filter(|&o| ir.isa::<Func>(o)).collect();
        for f in funcs {
            remarks.extend(map::map_parallel_loops(ir, f, &map_options).remarks);
            if let Some(p) = &options.promote {
                remarks.extend(promote::promote_workgroup_memory(ir, f, p).remarks);
            }
        }
    }
    outline::outline_kernels(ir, module)?;
    Ok(remarks)
}

/// Emits every kernel under `module` (see [`naga_emit::emit_kernel`]).
pub fn emit_all(
    ir: &mut lattice_ir::Ir,
    module: lattice_ir::Op,
    options: &GpuCompileOptions,
) -> Result<Vec<naga_emit::Kernel>, naga_emit::EmitError> {
    let emit_options = naga_emit::EmitOptions {
        demote_f64: options.demote_f64,
        shader_f16: options.shader_f16,
        shader_f64: options.shader_f64,
        shader_i64: options.shader_i64,
    };
    let mut out = Vec::new();
    for (f, name) in naga_emit::kernels(ir, module) {
        out.push(naga_emit::emit_kernel(ir, f, &name, &emit_options)?);
    }
    Ok(out)
}

/// Options of [`run_module`].
#[derive(Clone, Debug, Default)]
pub struct RunGpuOptions {
    /// Adapter choice (`--gpu-adapter`).
    pub gpu: runtime::GpuOptions,
    /// Workgroup size per mapped dimension (x first); empty for the defaults.
    pub workgroup_size: Vec<i64>,
    /// Compute f64 kernels in f32 even when the device has `SHADER_F64`.
    pub demote_f64: bool,
    /// Promote shared tiles to workgroup memory.
    pub promote: Option<promote::PromoteOptions>,
    /// Iterations per invocation per mapped dimension, x first.
    pub thread_tile: Vec<i64>,
}

/// What [`run_module`] produced.
#[derive(Debug)]
pub struct RunGpuOutput {
    /// What the program printed.
    pub output: String,
    /// What the program printed to standard error.
    pub stderr: String,
    /// Warnings about the run for the user (see [`runtime::Gpu::warnings`]).
    pub warnings: Vec<String>,
    /// The adapter used.
    pub adapter: String,
    /// Kernels emitted.
    pub kernels: usize,
    /// Kernel launches executed.
    pub launches: u64,
    /// Total kernel time from timestamp queries, where the device has them.
    pub kernel_time: Option<std::time::Duration>,
    /// Per kernel (`module::func`): launches and summed timestamp time.
    pub per_kernel: Vec<(String, u64, Option<std::time::Duration>)>,
    /// Bytes copied host → device and device → host.
    pub traffic: (u64, u64),
    /// Time to map, emit and JIT-compile (device opening excluded).
    pub compile_time: std::time::Duration,
    /// Time the entry function ran (host code, launches, transfers, waiting).
    pub run_time: std::time::Duration,
    /// Remarks for loops left on the host.
    pub remarks: Vec<lattice_ir::Diagnostic>,
}

fn messages(d: &[lattice_ir::Diagnostic]) -> String {
    d.iter()
        .map(|d| d.message.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `@entry` of `module` with its parallel loops on the GPU: maps and outlines them
/// (f64 stays on the GPU where the device has `SHADER_F64`), emits the kernels, compiles
/// the host code with the CPU back end (`gpu.launch_func` becomes a call into
/// [`host`]) and JIT-runs it; each launch dispatches through wgpu ([`runtime`]).
pub fn run_module(
    ir: &mut lattice_ir::Ir,
    module: lattice_ir::Op,
    entry: &str,
    options: &RunGpuOptions,
) -> Result<RunGpuOutput, String> {
    let gpu = runtime::Gpu::new(&options.gpu).map_err(|e| e.to_string())?;
    let compile = GpuCompileOptions {
        workgroup_size: options.workgroup_size.clone(),
        demote_f64: options.demote_f64 || !gpu.shader_f64,
        shader_f16: gpu.shader_f16,
        shader_f64: gpu.shader_f64 && !options.demote_f64,
        shader_i64: gpu.shader_i64,
        promote: options.promote.clone(),
        thread_tile: options.thread_tile.clone(),
    };
    let started = std::time::Instant::now();
    let remarks = map_and_outline(ir, module, &compile).map_err(|d| messages(&d))?;
    let kernels = emit_all(ir, module, &compile).map_err(|e| e.to_string())?;
    let llcx = inkwell::context::Context::create();
    let codegen = crate::llvm::CodegenOptions::default();
    let (llmod, _tm) =
        crate::llvm::compile(&llcx, ir, module, &codegen).map_err(|d| messages(&d))?;
    let mut symbols = crate::runtime::symbols().to_vec();
    symbols.extend(host::symbols());
    let jit = crate::llvm::jit::Jit::new(llmod, codegen.opt_level, &[], &symbols)
        .map_err(|e| e.to_string())?;
    let void = crate::llvm::jit::EntryResult::Void;
    jit.check_entry(entry, void).map_err(|e| e.to_string())?;
    let adapter = gpu.adapter_name.clone();
    let n = kernels.len();
    let compile_time = started.elapsed();
    let started = std::time::Instant::now();
    let ((called, printed), gpu, stats) = host::with_gpu(gpu, kernels, || {
        crate::runtime::capture_output(|| jit.call(entry, void))
    });
    let run_time = started.elapsed();
    called.map_err(|e| e.to_string())?;
    let stats = stats.map_err(|e| e.to_string())?;
    let kernel_time = stats
        .per_kernel
        .iter()
        .filter_map(|e| e.2)
        .reduce(|a, b| a + b);
    Ok(RunGpuOutput {
        output: String::from_utf8_lossy(&printed.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&printed.stderr).into_owned(),
        warnings: gpu.warnings,
        adapter,
        kernels: n,
        launches: stats.launches,
        kernel_time,
        per_kernel: stats.per_kernel,
        traffic: (stats.uploaded, stats.downloaded),
        compile_time,
        run_time,
        remarks,
    })
}
