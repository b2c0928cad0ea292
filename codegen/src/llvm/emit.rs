//! Ahead-of-time output: LLVM IR text, assembly, object files and shared libraries
//! from an optimized module.
//!
//! Invariant: these functions return bytes or write only to a caller-given temporary
//! path; the caller places the final file atomically.

use inkwell::module::Module;
use inkwell::targets::{FileType, TargetMachine};
use std::path::Path;

/// The module as LLVM IR text.
pub fn llvm_ir(module: &Module<'_>) -> String {
    module.print_to_string().to_string()
}

/// The module as assembly text or an object file.
pub fn machine_code(module: &Module<'_>, tm: &TargetMachine, asm: bool) -> Result<Vec<u8>, String> {
    let ft = if asm {
        FileType::Assembly
    } else {
        FileType::Object
    };
    tm.write_to_memory_buffer(module, ft)
        .map(|b| b.as_slice().to_vec())
        .map_err(|e| format!("LLVM code generation failed: {}", e.to_string_lossy()))
}

/// Directory of upstream's runner libraries, which define the runner-utils C API
/// (`printF32`, `printMemrefF32`, ...) that generated code may call.
pub const RUNNER_LIB_DIR: &str = "/usr/lib/llvm-22/lib";
/// The runner libraries a shared library is linked against when it calls the runtime.
pub const RUNNER_LIBS: [&str; 2] = [
    "libmlir_c_runner_utils.so.22.1",
    "libmlir_runner_utils.so.22.1",
];

/// The runtime functions (runner utils, Lattice's thread pool) `module` calls.
pub fn runtime_imports(module: &Module<'_>) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter_map(|f| f.get_name().to_str().ok().map(str::to_string))
        .filter(|n| crate::runtime::symbol(n).is_some())
        .collect()
}

/// Links `object` (bytes of an object file) into the shared library `out` with the
/// system C compiler driver (clang-22 when installed, else `cc`), with no undefined
/// symbols left: when the code calls runtime functions (`imports`, from
/// [`runtime_imports`]) the library is linked against upstream's runner libraries (found
/// at load time through an rpath), which define the runner-utils API; Lattice's own
/// runtime entry points (`lattice_*`: thread pool, GPU launches) exist only inside
/// `lattice run`, so such code is refused with that reason.
pub fn link_shared(object: &[u8], out: &Path, imports: &[String]) -> Result<(), String> {
    if let Some(p) = imports.iter().find(|n| n.starts_with("lattice_")) {
        return Err(format!(
            "the code calls '{p}', an entry point of Lattice's own runtime (thread pool for \
             parallel loops, GPU launches) that exists only inside `lattice run` and no \
             library provides; emit a shared library without parallelizing or GPU passes"
        ));
    }
    let dir = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let obj = dir.join(format!(".lattice-{}.o", std::process::id()));
    std::fs::write(&obj, object).map_err(|e| format!("cannot write '{}': {e}", obj.display()))?;
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
    let status = cmd.arg("-lm").status();
    let _ = std::fs::remove_file(&obj);
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("linking the shared library failed ({s})")),
        Err(e) => Err(format!("cannot run the linker: {e}")),
    }
}
