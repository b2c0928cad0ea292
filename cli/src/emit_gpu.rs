//! `lattice emit --spirv DIR` / `--wgsl DIR`: maps the parallel loops of FILE to GPU
//! kernels (unless it already holds `gpu.launch` or `gpu.func` kernels), outlines them,
//! translates each kernel to a naga module, validates it and writes one `.spv` and/or
//! `.wgsl` file per kernel plus `manifest.json` (bindings and workgroup sizes) into DIR.
//!
//! Exit codes: 0 success, 1 bad input or a kernel that cannot be emitted, 2 usage. Files
//! are written through temporary files and renames; nothing is written when any kernel
//! fails.

use lattice_cli::{args, make_context};
use lattice_codegen::gpu::{self, naga_emit, GpuCompileOptions};
use lattice_ir::pass::PassRegistry;
use lattice_ir::{DiagLoc, Diagnostic, Ir, SourceMap};
use std::process::ExitCode;
use std::sync::Arc;

/// Which command the GPU flags are for: `run --target gpu` or `emit --spirv/--wgsl`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum GpuCommand {
    Run,
    Emit,
}

/// Passes whose flag name is a GPU flag of `run --target gpu` and `emit --wgsl` (there it
/// sets the mapping's promotion, as the pass would).
pub const GPU_FLAG_PASSES: &[&str] = &["gpu-promote-workgroup-memory"];

/// The heading of the GPU flags in help.
const GPU: &str = "GPU (run --target gpu, emit --spirv/--wgsl)";

/// The GPU flags of `command`, under their own heading.
pub fn gpu_args(command: GpuCommand) -> Vec<clap::Arg> {
    use clap::{Arg, ArgAction};
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .action(ArgAction::SetTrue)
            .help(help)
            .help_heading(GPU)
    };
    let sizes = |name: &'static str, help: &'static str| {
        args::value(name, "A[,B[,C]]", help)
            .value_parser(parse_sizes)
            .help_heading(GPU)
    };
    let mut v = vec![
        sizes(
            "gpu-workgroup-size",
            "Workgroup size per mapped dimension, x first",
        ),
        flag(
            "gpu-demote-f64",
            "Compute f64 kernels in f32 (even where the device has f64)",
        ),
        flag(
            "gpu-promote-workgroup-memory",
            "Copy tiles shared by a workgroup into workgroup memory",
        ),
        args::value(
            "gpu-promote-tile",
            "N",
            "Tile of the sequential loop for the promotion [default: 16]",
        )
        .value_parser(parse_tile)
        .help_heading(GPU),
        sizes(
            "gpu-thread-tile",
            "Iterations per invocation per mapped dimension, x first",
        ),
    ];
    match command {
        GpuCommand::Run => v.extend([
            args::value("gpu-adapter", "NAME|N", "Use the first adapter whose name (with its backend) contains NAME, or the N-th of --gpu-list-adapters").help_heading(GPU),
            flag("gpu-time", "Print the summed kernel time (timestamp queries) on stderr"),
            flag("gpu-list-adapters", "List the adapters wgpu finds and exit"),
        ]),
        GpuCommand::Emit => v.extend([
            flag("gpu-f16", "Allow f16 (needs a device with SHADER_F16)"),
            flag("gpu-f64", "Allow f64 (needs a device with SHADER_F64)"),
            flag("gpu-i64", "Allow i64 (needs a device with SHADER_INT64)"),
        ]),
    }
    v
}

/// The GPU flags given in `m`, named as on the command line.
pub fn gpu_flags_given(m: &clap::ArgMatches) -> Vec<String> {
    let gpu = gpu_args(GpuCommand::Run)
        .into_iter()
        .chain(gpu_args(GpuCommand::Emit));
    gpu.map(|a| a.get_id().to_string())
        .filter(|id| m.try_contains_id(id).unwrap_or(false))
        .filter(|id| m.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
        .map(|id| format!("--{id}"))
        .collect()
}

/// The mapping options of the GPU flags in `m`.
fn compile_options(m: &clap::ArgMatches) -> GpuCompileOptions {
    let sizes = |id: &str| m.get_one::<Vec<i64>>(id).cloned().unwrap_or_default();
    let flag = |id: &str| {
        m.try_get_one::<bool>(id)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false)
    };
    let promote_tile = m.get_one::<i64>("gpu-promote-tile").copied();
    let promote = (flag("gpu-promote-workgroup-memory") || promote_tile.is_some()).then(|| {
        let mut p = gpu::promote::PromoteOptions::default();
        if let Some(t) = promote_tile {
            p.tile = t;
        }
        p
    });
    GpuCompileOptions {
        workgroup_size: sizes("gpu-workgroup-size"),
        demote_f64: flag("gpu-demote-f64"),
        shader_f16: flag("gpu-f16"),
        shader_f64: flag("gpu-f64"),
        shader_i64: flag("gpu-i64"),
        promote,
        thread_tile: sizes("gpu-thread-tile"),
    }
}

struct Args {
    input: String,
    spirv: Option<String>,
    wgsl: Option<String>,
    options: GpuCompileOptions,
    remarks: bool,
    passes: crate::common::PassFlags,
}

/// The arguments of `emit --spirv/--wgsl` from `emit`'s matches.
fn emit_args(m: &clap::ArgMatches, registry: &PassRegistry) -> Args {
    let passes = crate::common::PassFlags::from_matches(m, registry);
    Args {
        input: args::get_string(m, "input").unwrap_or_default(),
        spirv: args::get_string(m, "spirv"),
        wgsl: args::get_string(m, "wgsl"),
        options: compile_options(m),
        remarks: passes.remarks,
        passes,
    }
}

/// Parses `16,16` (or `16x16`) into sizes.
pub fn parse_sizes(text: &str) -> Result<Vec<i64>, String> {
    text.split([',', 'x'])
        .map(|s| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| format!("bad workgroup size '{text}'"))
        })
        .collect()
}

/// Parses a positive tile size.
fn parse_tile(text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(t) if t > 0 => Ok(t),
        _ => Err(format!("bad tile size '{text}' (a positive integer)")),
    }
}

/// `lattice emit --spirv/--wgsl` (forwarded by `emit.rs` when either is given).
pub fn main(m: &clap::ArgMatches, registry: &PassRegistry) -> ExitCode {
    let a = emit_args(m, registry);
    let usage = |e: String| crate::emit::usage_error(&e);
    let pipeline = match a.passes.build(registry) {
        Ok(p) => p,
        Err(e) => return usage(e),
    };
    let run_options = match a.passes.run_options() {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    let text = match std::fs::read_to_string(&a.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("lattice emit: cannot read '{}': {e}", a.input);
            return ExitCode::from(1);
        }
    };
    let ctx = Arc::new(make_context(false));
    let mut sources = lattice_cli::source_map();
    let id = sources.add(&a.input, &text);
    let mut ir = Ir::new(ctx.clone());
    let fail = |sources: &SourceMap, d: Vec<Diagnostic>| {
        eprint!("{}", sources.render(&ctx, &d, Some(id)));
        ExitCode::from(1)
    };
    let module = match lattice_ir::parser::parse_source(&mut ir, id, &a.input, &text) {
        Ok(m) => m,
        Err(d) => return fail(&sources, vec![d]),
    };
    let errors = lattice_ir::verifier::verify(&ir, module);
    if !errors.is_empty() {
        return fail(&sources, errors);
    }
    if !pipeline.is_empty() {
        match lattice_ir::pass::run_pipeline(&mut ir, module, &pipeline, &run_options) {
            Ok(out) => eprint!("{}", sources.render(&ctx, &out.remarks, Some(id))),
            Err(d) => return fail(&sources, d),
        }
    }
    let mut remarks = match gpu::map_and_outline(&mut ir, module, &a.options) {
        Ok(r) => r,
        Err(d) => return fail(&sources, d),
    };
    lattice_ir::diag::sort_by_location(&ctx, &mut remarks);
    let print_remarks = || eprint!("{}", sources.render(&ctx, &remarks, Some(id)));
    if a.remarks {
        print_remarks();
    }
    let kernels = match gpu::emit_all(&mut ir, module, &a.options) {
        Ok(k) => k,
        Err(e) => {
            let loc = match &e {
                naga_emit::EmitError::Unsupported { op: Some(op), .. } => DiagLoc::Loc(ir.loc(*op)),
                _ => DiagLoc::None,
            };
            return fail(&sources, vec![Diagnostic::error(loc, e.to_string())]);
        }
    };
    if kernels.is_empty() {
        eprintln!(
            "lattice emit: no parallel loop of '{}' could be mapped to the GPU (--remarks says why)",
            a.input
        );
        if !a.remarks {
            print_remarks();
        }
        return ExitCode::from(1);
    }
    // Render everything first, then write.
    let mut files: Vec<(String, String, Vec<u8>)> = Vec::new();
    let mut manifest = Vec::new();
    for k in &kernels {
        let stem = k.entry_point.clone();
        let mut entry = serde_json::json!({
            "name": k.name,
            "entry_point": k.entry_point,
            "workgroup_size": k.workgroup_size,
            "workgroup_memory_bytes": k.workgroup_memory_bytes,
            "bindings": k.bindings,
        });
        if let Some(dir) = &a.spirv {
            match k.spirv() {
                Ok(words) => {
                    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                    files.push((dir.clone(), format!("{stem}.spv"), bytes));
                    entry["spirv"] = format!("{stem}.spv").into();
                }
                Err(e) => {
                    return fail(
                        &sources,
                        vec![Diagnostic::error(DiagLoc::None, e.to_string())],
                    )
                }
            }
        }
        if let Some(dir) = &a.wgsl {
            match k.wgsl() {
                Ok(t) => {
                    files.push((dir.clone(), format!("{stem}.wgsl"), t.into_bytes()));
                    entry["wgsl"] = format!("{stem}.wgsl").into();
                }
                Err(e) => {
                    return fail(
                        &sources,
                        vec![Diagnostic::error(DiagLoc::None, e.to_string())],
                    )
                }
            }
        }
        manifest.push(entry);
    }
    let manifest = serde_json::to_string_pretty(&serde_json::json!({
        "source": a.input,
        "bind_group": 0,
        "kernels": manifest,
    }))
    .unwrap_or_default();
    let mut dirs: Vec<String> = a.spirv.iter().chain(a.wgsl.iter()).cloned().collect();
    dirs.dedup();
    for d in &dirs {
        files.push((
            d.clone(),
            "manifest.json".into(),
            manifest.clone().into_bytes(),
        ));
    }
    for (dir, name, bytes) in &files {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("lattice emit: cannot create '{dir}': {e}");
            return ExitCode::from(1);
        }
        let path = std::path::Path::new(dir).join(name);
        if let Err(e) = crate::common::write_atomically(&path.to_string_lossy(), bytes) {
            eprintln!("lattice emit: cannot write '{}': {e}", path.display());
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// `lattice run --target gpu` (forwarded by `run.rs` when `--target gpu` is given).
pub fn run_main(m: &clap::ArgMatches, registry: &PassRegistry) -> ExitCode {
    if m.get_flag("gpu-list-adapters") {
        let names = gpu::runtime::adapter_names();
        if names.is_empty() {
            eprintln!("lattice run: no GPU adapter found (on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers)");
        }
        for a in names {
            println!("{a}");
        }
        return ExitCode::SUCCESS;
    }
    let input = args::get_string(m, "input").unwrap_or_default();
    let entry = args::get_string(m, "entry-point").unwrap_or_else(|| "main".into());
    let compile = compile_options(m);
    let mut options = gpu::RunGpuOptions {
        workgroup_size: compile.workgroup_size,
        demote_f64: compile.demote_f64,
        promote: compile.promote,
        thread_tile: compile.thread_tile,
        ..Default::default()
    };
    options.gpu.adapter = args::get_string(m, "gpu-adapter");
    let time = m.get_flag("gpu-time");
    let passes = crate::common::PassFlags::from_matches(m, registry);
    let remarks = passes.remarks;
    options.gpu.timestamps = time;
    let pipeline = match passes.build(registry) {
        Ok(p) => p,
        Err(e) => return crate::run::usage_error(&e),
    };
    let run_options = match passes.run_options() {
        Ok(o) => o,
        Err(e) => return crate::run::usage_error(&e),
    };
    let loaded = match crate::common::load_and_transform(&input, &pipeline, &run_options) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let (mut ir, module) = (loaded.ir, loaded.module);
    match gpu::run_module(&mut ir, module, &entry, &options) {
        Ok(mut out) => {
            for w in &out.warnings {
                eprintln!("{w}");
            }
            eprint!("{}", out.stderr);
            if remarks {
                lattice_ir::diag::sort_by_location(&loaded.ctx, &mut out.remarks);
                eprint!(
                    "{}",
                    loaded
                        .sources
                        .render(&loaded.ctx, &out.remarks, Some(loaded.id))
                );
                eprintln!(
                    "remark: {} kernels, {} launches on {}; {} bytes uploaded, {} downloaded",
                    out.kernels, out.launches, out.adapter, out.traffic.0, out.traffic.1
                );
            }
            if time {
                eprintln!(
                    "gpu run: compile {:.1} ms, run {:.1} ms",
                    out.compile_time.as_secs_f64() * 1e3,
                    out.run_time.as_secs_f64() * 1e3
                );
                for (name, n, t) in &out.per_kernel {
                    match t {
                        Some(t) => eprintln!(
                            "gpu kernel {name}: {:.3} ms over {n} launches",
                            t.as_secs_f64() * 1e3
                        ),
                        None => eprintln!("gpu kernel {name}: {n} launches, not timed"),
                    }
                }
                match out.kernel_time {
                    Some(t) => eprintln!(
                        "gpu kernel time: {:.3} ms over {} launches ({})",
                        t.as_secs_f64() * 1e3,
                        out.launches,
                        out.adapter
                    ),
                    None => eprintln!(
                        "gpu kernel time: not measured ({} has no timestamp queries)",
                        out.adapter
                    ),
                }
            }
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(out.output.as_bytes());
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("lattice run: {e}");
            ExitCode::from(1)
        }
    }
}
