//! Ahead-of-time output: LLVM IR text, assembly, object files and shared libraries
//! from an optimized module.
//!
//! Invariant: these functions return bytes or write only to a caller-given temporary
//! path; the caller places the final file atomically.

use inkwell::module::Module;
use inkwell::targets::{FileType, TargetMachine};
use std::path::{Path, PathBuf};

/// The module as LLVM IR text.
pub fn llvm_ir(module: &Module<'_>) -> String {
    module.print_to_string().to_string()
}

/// The module as assembly text or an object file.
pub fn machine_code(
    module: &Module<'_>,
    tm: &TargetMachine,
    asm: bool,
) -> Result<Vec<u8>, super::BackendError> {
    let ft = if asm {
        FileType::Assembly
    } else {
        FileType::Object
    };
    tm.write_to_memory_buffer(module, ft)
        .map(|b| b.as_slice().to_vec())
        .map_err(|e| super::BackendError::CodeGeneration(e.to_string_lossy().into_owned()))
}

/// Directory of upstream's runner libraries, which define the runner-utils C API
/// (`printF32`, `printMemrefF32`, ...) that generated code may call.
pub const RUNNER_LIB_DIR: &str = "/usr/lib/llvm-22/lib";
/// The runner libraries a shared library is linked against when it calls the runtime.
pub const RUNNER_LIBS: [&str; 2] = [
    "libmlir_c_runner_utils.so.22.1",
    "libmlir_runner_utils.so.22.1",
];

/// File name of Lattice's runtime as a shared library (crate `lattice-runtime`, built by
/// `cargo build` next to the `lattice` binary's dependencies), which defines the
/// `lattice_parallel_*` entry points parallel loops call.
pub const RUNTIME_LIB: &str = "liblattice_runtime.so";
/// Environment variable naming the directory that holds [`RUNTIME_LIB`]; overrides the
/// search next to the running executable (the command line reads it and passes it to
/// [`link_shared`]; this library reads no environment).
pub const RUNTIME_DIR_ENV: &str = "LATTICE_RUNTIME_DIR";

/// The runtime functions (runner utils, Lattice's thread pool, GPU launches) `module` calls:
/// the declared (body-less) functions the in-process runtime defines or whose name starts
/// with `lattice_`.
pub fn runtime_imports(module: &Module<'_>) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter_map(|f| f.get_name().to_str().ok().map(str::to_string))
        .filter(|n| n.starts_with("lattice_") || crate::runtime::symbol(n).is_some())
        .collect()
}

/// Why a shared library could not be linked.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// [`RUNTIME_DIR_ENV`] names a directory without [`RUNTIME_LIB`].
    #[error("{} is '{}', which holds no {}", RUNTIME_DIR_ENV, .dir.display(), RUNTIME_LIB)]
    NoRuntimeIn {
        /// The directory named.
        dir: PathBuf,
    },
    /// The running executable cannot be located.
    #[error("cannot locate lattice: {0}")]
    NoExecutable(std::io::Error),
    /// [`RUNTIME_LIB`] is not beside the executable `exe`.
    #[error(
        "cannot find {} (Lattice's runtime, crate lattice-runtime) next to \
         '{}' or in its deps/ directory; build it with `cargo build -p lattice-runtime` \
         or set {} to its directory",
        RUNTIME_LIB,
        .exe.display(),
        RUNTIME_DIR_ENV
    )]
    RuntimeNotFound {
        /// The running executable.
        exe: PathBuf,
    },
    /// The code launches GPU kernels, which only `lattice run` provides.
    #[error(
        "the code calls '{name}', a GPU launch of Lattice's wgpu runtime, which exists only \
         inside `lattice run` and no library provides; emit a shared library without GPU \
         passes"
    )]
    GpuLaunch {
        /// The runtime function called.
        name: String,
    },
    /// The code calls a `lattice_` function the runtime lacks.
    #[error("the code calls '{name}', which Lattice's runtime does not define")]
    UnknownRuntimeFunction {
        /// The function called.
        name: String,
    },
    /// The object file could not be written.
    #[error("cannot write '{}': {err}", .path.display())]
    Write {
        /// The object file.
        path: PathBuf,
        /// Why.
        err: std::io::Error,
    },
    /// The linker failed, with its exit status.
    #[error("linking the shared library failed ({0})")]
    Failed(std::process::ExitStatus),
    /// The linker could not be run.
    #[error("cannot run the linker: {0}")]
    NoLinker(std::io::Error),
}

/// The directory holding [`RUNTIME_LIB`]: `explicit` (the value of `$LATTICE_RUNTIME_DIR`)
/// when given, else the running executable's directory or its `deps/` subdirectory (where
/// cargo puts the library when it builds `lattice`), else that directory's parent (for test
/// binaries in `target/*/deps`).
pub fn runtime_lib_dir(explicit: Option<&Path>) -> Result<PathBuf, LinkError> {
    if let Some(dir) = explicit.filter(|d| !d.as_os_str().is_empty()) {
        let dir = dir.to_path_buf();
        return if dir.join(RUNTIME_LIB).is_file() {
            Ok(dir)
        } else {
            Err(LinkError::NoRuntimeIn { dir })
        };
    }
    let exe = std::env::current_exe().map_err(LinkError::NoExecutable)?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let bin = exe.parent().unwrap_or(Path::new("."));
    let candidates = [
        Some(bin.to_path_buf()),
        Some(bin.join("deps")),
        bin.parent().map(Path::to_path_buf),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|d| d.join(RUNTIME_LIB).is_file())
        .ok_or(LinkError::RuntimeNotFound { exe })
}

/// Links `object` (bytes of an object file) into the shared library `out` with the
/// system C compiler driver (clang-22 when installed, else `cc`), with no undefined
/// symbols left. When the code calls runtime functions (`imports`, from
/// [`runtime_imports`]) the library is linked against upstream's runner libraries, which
/// define the runner-utils API, and, when it calls the thread pool (`lattice_parallel_*`),
/// against Lattice's [`RUNTIME_LIB`] (from [`runtime_lib_dir`] given `runtime_dir`, the
/// value of [`RUNTIME_DIR_ENV`] if set); both are found at load time
/// through an rpath (for the runtime, its build directory, then the library's own directory,
/// `$ORIGIN`, so a copy shipped beside the library also works). GPU launches (`lattice_gpu_*`) need the wgpu runtime, which exists only
/// inside `lattice run`, so such code is refused with that reason.
pub fn link_shared(
    object: &[u8],
    out: &Path,
    imports: &[String],
    runtime_dir: Option<&Path>,
) -> Result<(), LinkError> {
    if let Some(p) = imports.iter().find(|n| n.starts_with("lattice_gpu_")) {
        return Err(LinkError::GpuLaunch { name: p.clone() });
    }
    if let Some(p) = imports
        .iter()
        .find(|n| n.starts_with("lattice_") && crate::runtime::symbol(n).is_none())
    {
        return Err(LinkError::UnknownRuntimeFunction { name: p.clone() });
    }
    let runtime_dir = if imports.iter().any(|n| n.starts_with("lattice_")) {
        Some(runtime_lib_dir(runtime_dir)?)
    } else {
        None
    };
    let dir = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let obj = dir.join(format!(".lattice-{}.o", std::process::id()));
    std::fs::write(&obj, object).map_err(|err| LinkError::Write {
        path: obj.clone(),
        err,
    })?;
    let clang = Path::new("/usr/lib/llvm-22/bin/clang");
    let driver = if clang.exists() {
        clang.as_os_str()
    } else {
        "cc".as_ref()
    };
    let mut cmd = std::process::Command::new(driver);
    cmd.arg("-shared")
        .arg("-o")
        .arg(out)
        .arg(&obj)
        .arg("-Wl,--no-undefined");
    if !imports.is_empty() {
        cmd.arg(format!("-L{RUNNER_LIB_DIR}"))
            .arg(format!("-Wl,-rpath,{RUNNER_LIB_DIR}"));
        for lib in RUNNER_LIBS {
            cmd.arg(format!("-l:{lib}"));
        }
    }
    if let Some(dir) = &runtime_dir {
        cmd.arg(format!("-L{}", dir.display()))
            .arg(format!("-Wl,-rpath,{}", dir.display()))
            .arg("-Wl,-rpath,$ORIGIN")
            .arg(format!("-l:{RUNTIME_LIB}"));
    }
    let status = cmd.arg("-lm").status();
    let _ = std::fs::remove_file(&obj);
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(LinkError::Failed(s)),
        Err(e) => Err(LinkError::NoLinker(e)),
    }
}
