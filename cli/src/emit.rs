//! `lattice emit`: ahead-of-time output through LLVM — `--llvm-ir`, `--asm`, `--obj` or
//! `--shared` for FILE into `-o OUT`, optionally with a C header (`--header OUT.h`)
//! declaring the emitted functions and their memref descriptor structs. `--spirv` and
//! `--wgsl` are forwarded to the GPU back end (`emit_gpu.rs`).
//!
//! Exit codes: 0 success, 1 bad input or failed code generation, 2 usage. Every output
//! file is written to a temporary file and renamed into place, only on success.

use crate::common::{
    accept_codegen_flag, load_and_transform, parse_parallel_order, write_atomically, PassFlags,
};
use lattice_cli::make_registry;
use lattice_codegen::llvm::{self, emit, header, CodegenOptions};
use std::process::ExitCode;

const HELP: &str = "\
USAGE: lattice emit (--llvm-ir|--asm|--obj|--shared) FILE [-o OUT] [--header OUT.h] [OPTIONS] [PASSES]
       lattice emit (--spirv DIR|--wgsl DIR) FILE [OPTIONS]

Compiles FILE through LLVM (after Lattice's lower-affine and the given passes) and writes
LLVM IR text, assembly, an object file or a shared library. A shared library has no
undefined symbols: code that calls the runner-utils API (printF32, printMemrefF32, ...)
is linked against upstream's libmlir_c_runner_utils/libmlir_runner_utils (rpath
/usr/lib/llvm-22/lib); code with parallel loops (affine.parallel, scf.parallel) calls
Lattice's thread pool and is linked against liblattice_runtime.so, found next to the
lattice binary or in its deps/ directory (`cargo build` puts it there) or in
$LATTICE_RUNTIME_DIR, with an rpath to that directory and to $ORIGIN; its thread count
is $LATTICE_THREADS, else the machine's. Code calling GPU launches is refused (the wgpu
runtime exists only inside `lattice run`).
An object file leaves those symbols to the final link: link it with -lmlir_c_runner_utils
-lmlir_runner_utils (/usr/lib/llvm-22/lib) when it prints, and with -llattice_runtime
(the directory above) when it has parallel loops.

OPTIONS:
    -o OUT                  output file; `-` is standard output (the default for
                            --llvm-ir and --asm; --obj needs -o, --shared a file)
    --header OUT.h          also write a C header declaring the emitted functions
    -O0 .. -O3              LLVM optimization level (default -O3)
    --target-cpu=CPU        CPU to generate code for (default: native)
    --fast-math             allow fast-math transformations on all float operations
    --parallel-order=ORDER  in-order (default) or reverse: the race detector of `lattice
                            run --parallel-order` compiled in (every parallel loop runs
                            each dimension's iterations in descending order; run the
                            result with LATTICE_THREADS=1 for one deterministic order)
    --machine=SPEC          the machine the passes' cost models optimize for (see
                            `lattice opt --help`; default: $LATTICE_MACHINE, else the host's)
    -h, --help              this help
";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    LlvmIr,
    Asm,
    Obj,
    Shared,
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("lattice emit: {message}\nRun `lattice emit --help` for usage.");
    ExitCode::from(2)
}

/// Entry point of `lattice emit`: a panic inside the compiler is reported as an internal
/// error (exit 1), never an abort with a backtrace.
pub fn main(args: &[String]) -> ExitCode {
    crate::common::exit_on_internal_error("emit", || main_inner(args))
}

fn main_inner(args: &[String]) -> ExitCode {
    let is_gpu = |a: &String| {
        let n = a.trim_start_matches('-');
        n == "spirv" || n == "wgsl" || n.starts_with("spirv=") || n.starts_with("wgsl=")
    };
    if args.iter().any(is_gpu) {
        return crate::emit_gpu::main(args);
    }
    let registry = make_registry();
    let mut kind = None;
    let mut input = None;
    let mut output = None;
    let mut header_out = None;
    let mut codegen = CodegenOptions::default();
    let mut passes = PassFlags::default();
    let mut i = 0;
    while i < args.len() {
        let raw = &args[i];
        i += 1;
        if raw == "-" || !raw.starts_with('-') {
            if input.is_some() {
                return usage_error("more than one input file given");
            }
            input = Some(raw.clone());
            continue;
        }
        let body = raw.trim_start_matches('-');
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let mut next = |value: Option<String>| -> Result<String, String> {
            match value {
                Some(v) => Ok(v),
                None => {
                    let v = args.get(i).cloned().ok_or(format!("{raw} needs a value"))?;
                    i += 1;
                    Ok(v)
                }
            }
        };
        let set_kind = |k: Kind, kind: &mut Option<Kind>| -> Result<(), String> {
            if kind.is_some_and(|old| old != k) {
                return Err("give only one of --llvm-ir, --asm, --obj, --shared".into());
            }
            *kind = Some(k);
            Ok(())
        };
        let r: Result<(), String> = match name {
            "h" | "help" => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "llvm-ir" | "emit-llvm" => set_kind(Kind::LlvmIr, &mut kind),
            "asm" | "S" => set_kind(Kind::Asm, &mut kind),
            "obj" | "c" => set_kind(Kind::Obj, &mut kind),
            "shared" => set_kind(Kind::Shared, &mut kind),
            "o" => next(value).map(|v| output = Some(v)),
            "header" => next(value).map(|v| header_out = Some(v)),
            "parallel-order" => next(value)
                .and_then(|v| parse_parallel_order("--parallel-order", &v))
                .map(|o| codegen.parallel_order = o),
            _ => match accept_codegen_flag(&mut codegen, name, value.as_deref()) {
                Ok(true) => Ok(()),
                Ok(false) => match passes.accept(name, value, &registry, || next(None)) {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(format!("unknown option '{raw}'")),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            },
        };
        if let Err(e) = r {
            return usage_error(&e);
        }
    }
    let Some(kind) = kind else {
        return usage_error("choose an output kind: --llvm-ir, --asm, --obj or --shared");
    };
    let Some(input) = input else {
        return usage_error("no input file");
    };
    // Text goes to standard output without -o, as mlir-translate and llc do; binary
    // output needs -o (`-o -` for standard output).
    let output = match (output, kind) {
        (Some(o), Kind::Shared) if o == "-" => {
            return usage_error(
                "--shared needs an output file (a shared library is linked in place)",
            )
        }
        (Some(o), _) => o,
        (None, Kind::LlvmIr | Kind::Asm) => "-".to_string(),
        (None, _) => return usage_error("no output file (-o OUT, or -o - for standard output)"),
    };
    let pipeline = match passes.build(&registry) {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    let run_options = match passes.run_options() {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    codegen.pic = kind == Kind::Shared;
    let mut loaded = match load_and_transform(&input, &pipeline, &run_options) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let llcx = inkwell::context::Context::create();
    let module_op = loaded.module;
    let (module, tm) = match llvm::compile(&llcx, &mut loaded.ir, module_op, &codegen) {
        Ok(x) => x,
        Err(d) => {
            eprint!("{}", loaded.render(&d));
            return ExitCode::from(1);
        }
    };
    let bytes = match kind {
        Kind::LlvmIr => Ok(emit::llvm_ir(&module).into_bytes()),
        Kind::Asm => emit::machine_code(&module, &tm, true),
        Kind::Obj | Kind::Shared => emit::machine_code(&module, &tm, false),
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            eprintln!("lattice emit: {e}");
            return ExitCode::from(1);
        }
    };
    let header_text = header_out.as_ref().map(|h| {
        let stem = std::path::Path::new(h)
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let guard: String = stem
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        header::c_header(&loaded.ir, module_op, &format!("LATTICE_{guard}"))
    });
    let written = if kind == Kind::Shared {
        let tmp = {
            let p = std::path::Path::new(&output);
            let dir = p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            dir.join(format!(
                ".{}.lattice-{}.tmp",
                p.file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                std::process::id()
            ))
        };
        let runtime_dir = std::env::var_os(emit::RUNTIME_DIR_ENV).map(std::path::PathBuf::from);
        let imports = emit::runtime_imports(&module);
        emit::link_shared(&bytes, &tmp, &imports, runtime_dir.as_deref())
            .map_err(|e| e.to_string())
            .and_then(|_| {
                std::fs::rename(&tmp, &output).map_err(|e| {
                    let _ = std::fs::remove_file(&tmp);
                    format!("cannot write '{output}': {e}")
                })
            })
    } else {
        write_atomically(&output, &bytes).map_err(|e| format!("cannot write '{output}': {e}"))
    };
    if let Err(e) = written {
        eprintln!("lattice emit: {e}");
        return ExitCode::from(1);
    }
    if let (Some(h), Some(text)) = (header_out, header_text) {
        if let Err(e) = write_atomically(&h, text.as_bytes()) {
            eprintln!("lattice emit: cannot write '{h}': {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
