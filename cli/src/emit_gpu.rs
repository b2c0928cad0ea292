//! `lattice emit --spirv DIR` / `--wgsl DIR`: maps the parallel loops of FILE to GPU
//! kernels (unless it already holds `gpu.launch` or `gpu.func` kernels), outlines them,
//! translates each kernel to a naga module, validates it and writes one `.spv` and/or
//! `.wgsl` file per kernel plus `manifest.json` (bindings and workgroup sizes) into DIR.
//!
//! Exit codes: 0 success, 1 bad input or a kernel that cannot be emitted, 2 usage. Files
//! are written through temporary files and renames; nothing is written when any kernel
//! fails.

use lattice_cli::{make_context, make_registry};
use lattice_codegen::gpu::{self, naga_emit, GpuCompileOptions};
use lattice_ir::{DiagLoc, Diagnostic, Ir, SourceMap};
use std::process::ExitCode;
use std::sync::Arc;

const HELP: &str = "\
USAGE: lattice emit (--spirv DIR | --wgsl DIR)... FILE [OPTIONS]

Maps parallel affine loops to GPU kernels and writes one file per kernel plus
manifest.json into DIR.

OPTIONS:
    --spirv DIR                 write SPIR-V binaries (KERNEL.spv)
    --wgsl DIR                  write WGSL (KERNEL.wgsl)
    --gpu-workgroup-size A[,B[,C]]  workgroup size per mapped dimension, x first
    --gpu-demote-f64            compute f64 kernels in f32
    --gpu-promote-workgroup-memory  copy tiles shared by a workgroup into workgroup memory
    --gpu-promote-tile N        tile of the sequential loop for the promotion (default 16)
    --gpu-thread-tile A[,B[,C]] iterations per invocation per mapped dimension, x first
    --gpu-f16                   allow f16 (needs a device with SHADER_F16)
    --gpu-f64                   allow f64 (needs a device with SHADER_F64)
    --gpu-i64                   allow i64 (needs a device with SHADER_INT64)
    --remarks                   print why loops stay on the host
    --machine=SPEC              the machine the passes' cost models optimize for (see
                                `lattice opt --help`; default: $LATTICE_MACHINE, else the host's)
    --<pass>[{options}]         passes to run before the mapping
";

struct Args {
    input: String,
    spirv: Option<String>,
    wgsl: Option<String>,
    options: GpuCompileOptions,
    remarks: bool,
    passes: Vec<String>,
    /// `--machine=SPEC` for the passes.
    machine: Option<String>,
}

fn parse_args(args: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        input: String::new(),
        spirv: None,
        wgsl: None,
        options: GpuCompileOptions::default(),
        remarks: false,
        passes: Vec::new(),
        machine: None,
    };
    let mut input = None;
    // `--help` anywhere asks for help, even where it follows a flag that takes a value
    // (`--wgsl --help`).
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(None);
    }
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--spirv" => a.spirv = Some(value("--spirv")?),
            "--wgsl" => a.wgsl = Some(value("--wgsl")?),
            "--gpu-workgroup-size" => {
                let v = value("--gpu-workgroup-size")?;
                a.options.workgroup_size = parse_sizes(&v)?;
            }
            "--gpu-demote-f64" => a.options.demote_f64 = true,
            "--gpu-promote-workgroup-memory" => {
                a.options.promote.get_or_insert_with(Default::default);
            }
            "--gpu-promote-tile" => {
                let t = parse_tile(&value("--gpu-promote-tile")?)?;
                a.options.promote.get_or_insert_with(Default::default).tile = t;
            }
            "--gpu-thread-tile" => {
                a.options.thread_tile = parse_sizes(&value("--gpu-thread-tile")?)?
            }
            "--gpu-f16" => a.options.shader_f16 = true,
            "--gpu-f64" => a.options.shader_f64 = true,
            "--gpu-i64" => a.options.shader_i64 = true,
            "--remarks" => a.remarks = true,
            s if s.starts_with("--gpu-workgroup-size=") => {
                a.options.workgroup_size = parse_sizes(&s["--gpu-workgroup-size=".len()..])?;
            }
            s if s.starts_with("--spirv=") => a.spirv = Some(s["--spirv=".len()..].to_string()),
            s if s.starts_with("--wgsl=") => a.wgsl = Some(s["--wgsl=".len()..].to_string()),
            "--machine" => a.machine = Some(value("--machine")?),
            s if s.starts_with("--machine=") => {
                a.machine = Some(s["--machine=".len()..].to_string())
            }
            s if s.starts_with("--") => a.passes.push(s[2..].to_string()),
            s => {
                if input.replace(s.to_string()).is_some() {
                    return Err("more than one input file".into());
                }
            }
        }
    }
    a.input = input.ok_or("no input file")?;
    if let Some(spec) = &a.machine {
        lattice_ir::target::Machine::parse(spec).map_err(|e| format!("--machine: {e}"))?;
    }
    if a.spirv.is_none() && a.wgsl.is_none() {
        return Err("give --spirv DIR and/or --wgsl DIR".into());
    }
    Ok(Some(a))
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

/// `lattice emit --spirv/--wgsl`.
pub fn main(args: &[String]) -> ExitCode {
    let a = match parse_args(args) {
        Ok(Some(a)) => a,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("lattice emit: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
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
    if !a.passes.is_empty() {
        let registry = make_registry();
        let text = a.passes.join(",");
        let pipeline = match lattice_ir::pass::OpPipeline::parse(&text, &registry) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("lattice emit: {e}");
                return ExitCode::from(2);
            }
        };
        let machine = match lattice_cli::machine::resolve(a.machine.as_deref()) {
            Ok((m, _)) => m,
            Err(e) => {
                eprintln!("lattice emit: {e}");
                return ExitCode::from(2);
            }
        };
        let options = lattice_ir::pass::RunOptions {
            machine,
            ..Default::default()
        };
        if let Err(d) = lattice_ir::pass::run_pipeline(&mut ir, module, &pipeline, &options) {
            return fail(&sources, d);
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

pub(crate) const RUN_HELP: &str = "\
USAGE: lattice run --target gpu FILE [-e ENTRY] [OPTIONS] [PASSES]

Runs @ENTRY (default main) with every parallel loop nest mapped to a GPU kernel
(naga + wgpu); host code is JIT-compiled for the CPU and each gpu.launch_func
dispatches through wgpu. Device buffers are created once per memref and copied
only when the host touches the memory between launches. Prints what the program prints (printF64, printI64,
printNewline, ...), like mlir-runner.

OPTIONS:
    -e ENTRY                    the function to run (no arguments, no results)
    --gpu-adapter NAME|N        use the first adapter whose name (with its backend)
                                contains NAME, or the N-th of --gpu-list-adapters
    --gpu-workgroup-size A[,B[,C]]  workgroup size per mapped dimension, x first
    --gpu-demote-f64            compute f64 kernels in f32 even where the device has f64
    --gpu-promote-workgroup-memory  copy tiles shared by a workgroup into workgroup memory
    --gpu-promote-tile N        tile of the sequential loop for the promotion (default 16)
    --gpu-thread-tile A[,B[,C]] iterations per invocation per mapped dimension, x first
    --remarks                   print why loops stay on the host
    --gpu-time                  print the summed kernel time (timestamp queries) on stderr
    --gpu-list-adapters         list the adapters wgpu finds and exit
    --machine=SPEC              the machine the passes' cost models optimize for (see
                                `lattice opt --help`; default: $LATTICE_MACHINE, else the host's)
    --<pass>[{options}]         passes to run before the mapping
";

/// `lattice run --target gpu` (forwarded by `run.rs` when `--target gpu` is given).
pub fn run_main(args: &[String]) -> ExitCode {
    let mut input = None;
    let mut entry = "main".to_string();
    let mut options = gpu::RunGpuOptions::default();
    let mut remarks = false;
    let mut time = false;
    let registry = make_registry();
    let mut passes = crate::common::PassFlags::default();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{RUN_HELP}");
        return ExitCode::SUCCESS;
    }
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let r: Result<(), String> = (|| {
            match arg.as_str() {
                "-h" | "--help" => return Err(String::new()),
                "--target" => {
                    let t = value("--target")?;
                    if t != "gpu" {
                        return Err(format!("this entry runs --target gpu, not '{t}'"));
                    }
                }
                "--target=gpu" => {}
                "-e" => entry = value("-e")?,
                "--gpu-adapter" => options.gpu.adapter = Some(value("--gpu-adapter")?),
                "--gpu-workgroup-size" => {
                    options.workgroup_size = parse_sizes(&value("--gpu-workgroup-size")?)?
                }
                "--gpu-demote-f64" => options.demote_f64 = true,
                "--gpu-promote-workgroup-memory" => {
                    options.promote.get_or_insert_with(Default::default);
                }
                "--gpu-promote-tile" => {
                    let t = parse_tile(&value("--gpu-promote-tile")?)?;
                    options.promote.get_or_insert_with(Default::default).tile = t;
                }
                "--gpu-thread-tile" => {
                    options.thread_tile = parse_sizes(&value("--gpu-thread-tile")?)?
                }
                "--remarks" => remarks = true,
                "--gpu-time" => time = true,
                "--gpu-list-adapters" => {
                    let names = gpu::runtime::adapter_names();
                    if names.is_empty() {
                        eprintln!("lattice run: no GPU adapter found (on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers)");
                    }
                    for a in names {
                        println!("{a}");
                    }
                    std::process::exit(0);
                }
                s if s.starts_with("-entry-point-result")
                    || s.starts_with("--entry-point-result") => {}
                s if s.starts_with("-shared-libs") || s.starts_with("--shared-libs") => {}
                s if s.starts_with("--gpu-adapter=") => {
                    options.gpu.adapter = Some(s["--gpu-adapter=".len()..].to_string())
                }
                s if s.starts_with("--gpu-workgroup-size=") => {
                    options.workgroup_size = parse_sizes(&s["--gpu-workgroup-size=".len()..])?
                }
                s if s.starts_with('-') && s != "-" => {
                    let body = s.trim_start_matches('-');
                    let (name, v) = match body.split_once('=') {
                        Some((n, v)) => (n, Some(v.to_string())),
                        None => (body, None),
                    };
                    if !passes.accept(name, v, &registry, || value(s))? {
                        return Err(format!("unknown option '{s}'"));
                    }
                }
                s => {
                    if input.replace(s.to_string()).is_some() {
                        return Err("more than one input file".into());
                    }
                }
            }
            Ok(())
        })();
        if let Err(e) = r {
            if e.is_empty() {
                print!("{RUN_HELP}");
                return ExitCode::SUCCESS;
            }
            eprintln!("lattice run: {e}\n\n{RUN_HELP}");
            return ExitCode::from(2);
        }
    }
    let Some(input) = input else {
        eprintln!("lattice run: no input file\n\n{RUN_HELP}");
        return ExitCode::from(2);
    };
    options.gpu.timestamps = time;
    let pipeline = match passes.build(&registry) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("lattice run: {e}");
            return ExitCode::from(2);
        }
    };
    let run_options = match passes.run_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("lattice run: {e}");
            return ExitCode::from(2);
        }
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
