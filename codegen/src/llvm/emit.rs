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

/// Links `object` (bytes of an object file) into the shared library `out` with the
/// system C compiler driver (clang-22 when installed, else `cc`).
pub fn link_shared(object: &[u8], out: &Path) -> Result<(), String> {
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
    let status = std::process::Command::new(driver)
        .arg("-shared")
        .arg("-o")
        .arg(out)
        .arg(&obj)
        .arg("-lm")
        .status();
    let _ = std::fs::remove_file(&obj);
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("linking the shared library failed ({s})")),
        Err(e) => Err(format!("cannot run the linker: {e}")),
    }
}
