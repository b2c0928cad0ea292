//! `lattice emit`: ahead-of-time output through LLVM — `--llvm-ir`, `--asm`, `--obj` or
//! `--shared` for FILE into `-o OUT`, optionally with a C header (`--header OUT.h`)
//! declaring the emitted functions and their memref descriptor structs. `--spirv` and
//! `--wgsl` are forwarded to the GPU back end (`emit_gpu.rs`).
//!
//! Exit codes: 0 success, 1 bad input or failed code generation, 2 usage. Every output
//! file is written to a temporary file and renamed into place, only on success.

use crate::common::{load_and_transform, write_atomically, PassFlags};
use lattice_cli::{args, make_registry};
use lattice_codegen::llvm::{self, emit, header};
use lattice_ir::pass::PassRegistry;
use std::process::ExitCode;

const ABOUT: &str = "\
Compiles FILE through LLVM (after Lattice's lower-affine and the given passes) and writes
LLVM IR text, assembly, an object file or a shared library; or maps its parallel loops to
GPU kernels and writes one file per kernel plus manifest.json into DIR (--spirv, --wgsl).

A shared library has no undefined symbols: code that calls the runner-utils API (printF32,
printMemrefF32, ...) is linked against upstream's libmlir_c_runner_utils/libmlir_runner_utils
(rpath /usr/lib/llvm-22/lib); code with parallel loops (affine.parallel, scf.parallel) calls
Lattice's thread pool and is linked against liblattice_runtime.so, found next to the lattice
binary or in its deps/ directory (`cargo build` puts it there) or in $LATTICE_RUNTIME_DIR,
with an rpath to that directory and to $ORIGIN; its thread count is $LATTICE_THREADS, else
the machine's. Code calling GPU launches is refused (the wgpu runtime exists only inside
`lattice run`). An object file leaves those symbols to the final link: link it with
-lmlir_c_runner_utils -lmlir_runner_utils (/usr/lib/llvm-22/lib) when it prints, and with
-llattice_runtime (the directory above) when it has parallel loops.";

/// The heading of the output kinds in help.
const KINDS: &str = "Output (one kind; --spirv and --wgsl may go together)";

/// `lattice emit`'s arguments: the output kind, the LLVM outputs' and the GPU outputs'
/// flags (each checked to come with its kind) and one flag per registered pass.
fn command(registry: &PassRegistry) -> clap::Command {
    use clap::{Arg, ArgAction, ArgGroup};
    let kind = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .action(ArgAction::SetTrue)
            .help(help)
            .help_heading(KINDS)
    };
    args::command("emit", "Ahead-of-time output: LLVM IR, assembly, objects, shared libraries, SPIR-V, WGSL")
        .long_about(ABOUT)
        .arg(Arg::new("input").value_name("FILE").required(true).help("The MLIR file (`-` for standard input, LLVM outputs only)"))
        .arg(kind("llvm-ir", "LLVM IR text").visible_alias("emit-llvm"))
        .arg(kind("asm", "Assembly").short('S'))
        .arg(kind("obj", "An object file").short('c'))
        .arg(kind("shared", "A shared library"))
        .arg(args::value("spirv", "DIR", "SPIR-V binaries (KERNEL.spv) and manifest.json into DIR").help_heading(KINDS))
        .arg(args::value("wgsl", "DIR", "WGSL (KERNEL.wgsl) and manifest.json into DIR").help_heading(KINDS))
        .group(ArgGroup::new("llvm-kind").args(["llvm-ir", "asm", "obj", "shared"]).multiple(false).conflicts_with_all(["spirv", "wgsl"]))
        .arg(
            Arg::new("output")
                .short('o')
                .value_name("OUT")
                .help("Output file; `-` is standard output (the default for --llvm-ir and --asm; --obj needs -o, --shared a file)"),
        )
        .arg(args::value("header", "OUT.h", "Also write a C header declaring the emitted functions"))
        .args(crate::common::codegen_args())
        .args(crate::emit_gpu::gpu_args(crate::emit_gpu::GpuCommand::Emit))
        .args(args::pass_args_except(registry, crate::emit_gpu::GPU_FLAG_PASSES))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    LlvmIr,
    Asm,
    Obj,
    Shared,
}

/// A usage error of `lattice emit`, in clap's format ([`args::usage_error`]).
pub(crate) fn usage_error(message: &str) -> ExitCode {
    args::usage_error(command(&make_registry()), message)
}

/// Entry point of `lattice emit`: a panic inside the compiler is reported as an internal
/// error (exit 1), never an abort with a backtrace.
pub fn main(args: &[String]) -> ExitCode {
    crate::common::exit_on_internal_error("emit", || main_inner(args))
}

/// The LLVM output kind `m` asks for.
fn kind(m: &clap::ArgMatches) -> Option<Kind> {
    [
        ("llvm-ir", Kind::LlvmIr),
        ("asm", Kind::Asm),
        ("obj", Kind::Obj),
        ("shared", Kind::Shared),
    ]
    .into_iter()
    .find(|(id, _)| m.get_flag(id))
    .map(|(_, k)| k)
}

fn main_inner(args: &[String]) -> ExitCode {
    let registry = make_registry();
    let m = match args::parse_matches(command(&registry), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if m.contains_id("spirv") || m.contains_id("wgsl") {
        let llvm_only = ["-o", "--header"]
            .into_iter()
            .zip(["output", "header"])
            .filter(|(_, id)| m.contains_id(id))
            .map(|(flag, _)| flag)
            .chain(crate::common::codegen_flags_given(&m))
            .next();
        if let Some(flag) = llvm_only {
            return usage_error(&format!("{flag} applies to LLVM outputs (--llvm-ir, --asm, --obj, --shared), not to --spirv/--wgsl"));
        }
        return crate::emit_gpu::main(&m, &registry);
    }
    if let Some(flag) = crate::emit_gpu::gpu_flags_given(&m).first() {
        return usage_error(&format!("{flag} applies to --spirv/--wgsl"));
    }
    let Some(kind) = kind(&m) else {
        return usage_error(
            "choose an output kind: --llvm-ir, --asm, --obj, --shared, --spirv or --wgsl",
        );
    };
    let input = args::get_string(&m, "input").unwrap_or_default();
    let header_out = args::get_string(&m, "header");
    let passes = PassFlags::from_matches(&m, &registry);
    let mut codegen = crate::common::codegen_options(&m, Default::default());
    // Text goes to standard output without -o, as mlir-translate and llc do; binary
    // output needs -o (`-o -` for standard output).
    let output = match (args::get_string(&m, "output"), kind) {
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
