//! Lattice's own runtime for generated CPU code: MLIR's runner utilities (the `printF64`,
//! `printMemrefF32`, ... API that programs run under `mlir-runner` call, printing byte for
//! byte the same text) and the thread pool behind parallel loops.
//!
//! A crate of its own that depends on no other Lattice crate and not on LLVM: `lattice`
//! links it in-process for the JIT, and it is also built as `liblattice_runtime.so`
//! (cdylib), which exports the `lattice_*` entry points (see [`parallel`]) under their C
//! names for code built ahead of time (`lattice emit --shared` links against it; users of
//! `lattice emit --obj` link with `-llattice_runtime`). The runner-utils functions are not
//! exported from it under their C names: AOT code gets those from upstream's
//! `libmlir_c_runner_utils`/`libmlir_runner_utils`, which print the same text.
//!
//! The JIT maps each external symbol a program declares to the address [`symbols`] gives for
//! that name, so a file that runs under `mlir-runner` with `libmlir_c_runner_utils` and
//! `libmlir_runner_utils` runs under `lattice run` without those libraries. Invariant: every
//! listed name has exactly the C signature of its upstream namesake (see each function).

pub mod format;
pub mod memref;
mod output;
pub mod parallel;
pub mod print;

pub use memref::{MemRefView, UnrankedMemRef};
pub use output::{
    capture_output, flush_output, hold_stdout, silence_stdout, take_held_stdout, Captured,
};
pub use parallel::{parse_threads, set_threads, threads, BadThreads, ParallelBody};

use memref as m;
use print as p;

macro_rules! table {
    ($($name:literal => $f:expr,)*) => {
        &[$(($name, $f as usize),)*]
    };
}

/// The runtime's C symbols: `(name, address)`, for the JIT's global mappings.
pub fn symbols() -> &'static [(&'static str, usize)] {
    static SYMBOLS: std::sync::OnceLock<Vec<(&'static str, usize)>> = std::sync::OnceLock::new();
    SYMBOLS.get_or_init(|| {
        let t: &[(&'static str, usize)] = table! {
            "printI64" => p::print_i64 as extern "C" fn(i64),
            "printU64" => p::print_u64 as extern "C" fn(u64),
            "printF32" => p::print_f32 as extern "C" fn(f32),
            "printF64" => p::print_f64 as extern "C" fn(f64),
            "printString" => p::print_string as unsafe extern "C" fn(*const std::ffi::c_char),
            "printCString" => p::print_string as unsafe extern "C" fn(*const std::ffi::c_char),
            "printOpen" => p::print_open as extern "C" fn(),
            "printClose" => p::print_close as extern "C" fn(),
            "printComma" => p::print_comma as extern "C" fn(),
            "printNewline" => p::print_newline as extern "C" fn(),
            "printFlops" => p::print_flops as extern "C" fn(f64),
            "rtclock" => p::rtclock as extern "C" fn() -> f64,
            "_mlir_ciface_nanoTime" => p::nano_time as extern "C" fn() -> i64,
            "printMemrefI8" => m::print_memref_i8 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefI16" => m::print_memref_i16 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefI32" => m::print_memref_i32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefI64" => m::print_memref_i64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefInd" => m::print_memref_ind as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefF16" => m::print_memref_f16 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefBF16" => m::print_memref_bf16 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefF32" => m::print_memref_f32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefF64" => m::print_memref_f64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefC32" => m::print_memref_c32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "printMemrefC64" => m::print_memref_c64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void),
            "_mlir_ciface_printMemrefI8" => m::ciface_print_memref_i8 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefI16" => m::ciface_print_memref_i16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefI32" => m::ciface_print_memref_i32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefI64" => m::ciface_print_memref_i64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefInd" => m::ciface_print_memref_ind as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefF16" => m::ciface_print_memref_f16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefBF16" => m::ciface_print_memref_bf16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefF32" => m::ciface_print_memref_f32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefF64" => m::ciface_print_memref_f64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefC32" => m::ciface_print_memref_c32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefC64" => m::ciface_print_memref_c64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeI8" => m::ciface_print_memref_shape_i8 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeI16" => m::ciface_print_memref_shape_i16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeI32" => m::ciface_print_memref_shape_i32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeI64" => m::ciface_print_memref_shape_i64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeInd" => m::ciface_print_memref_shape_ind as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeF16" => m::ciface_print_memref_shape_f16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeBF16" => m::ciface_print_memref_shape_bf16 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeF32" => m::ciface_print_memref_shape_f32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeF64" => m::ciface_print_memref_shape_f64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeC32" => m::ciface_print_memref_shape_c32 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemrefShapeC64" => m::ciface_print_memref_shape_c64 as unsafe extern "C" fn(*const UnrankedMemRef),
            "_mlir_ciface_printMemref0dF32" => m::ciface_print_memref_0d_f32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dF32" => m::ciface_print_memref_1d_f32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref2dF32" => m::ciface_print_memref_2d_f32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref3dF32" => m::ciface_print_memref_3d_f32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref4dF32" => m::ciface_print_memref_4d_f32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dI8" => m::ciface_print_memref_1d_i8 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dI32" => m::ciface_print_memref_1d_i32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dI64" => m::ciface_print_memref_1d_i64 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dF64" => m::ciface_print_memref_1d_f64 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dInd" => m::ciface_print_memref_1d_ind as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dC32" => m::ciface_print_memref_1d_c32 as unsafe extern "C" fn(*const std::ffi::c_void),
            "_mlir_ciface_printMemref1dC64" => m::ciface_print_memref_1d_c64 as unsafe extern "C" fn(*const std::ffi::c_void),
            "verifyMemRefI32" => m::verify_memref_i32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefI64" => m::verify_memref_i64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefInd" => m::verify_memref_ind as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefF32" => m::verify_memref_f32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefF64" => m::verify_memref_f64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefC32" => m::verify_memref_c32 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "verifyMemRefC64" => m::verify_memref_c64 as unsafe extern "C" fn(i64, *mut std::ffi::c_void, *mut std::ffi::c_void) -> i64,
            "_mlir_ciface_verifyMemRefI8" => m::ciface_verify_memref_i8 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefI16" => m::ciface_verify_memref_i16 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefI32" => m::ciface_verify_memref_i32 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefI64" => m::ciface_verify_memref_i64 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefInd" => m::ciface_verify_memref_ind as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefF16" => m::ciface_verify_memref_f16 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefBF16" => m::ciface_verify_memref_bf16 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefF32" => m::ciface_verify_memref_f32 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefF64" => m::ciface_verify_memref_f64 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefC32" => m::ciface_verify_memref_c32 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "_mlir_ciface_verifyMemRefC64" => m::ciface_verify_memref_c64 as unsafe extern "C" fn(*const UnrankedMemRef, *const UnrankedMemRef) -> i64,
            "memrefCopy" => m::memref_copy as unsafe extern "C" fn(i64, *const UnrankedMemRef, *const UnrankedMemRef),
            "mlirAlloc" => m::mlir_alloc as extern "C" fn(u64) -> *mut std::ffi::c_void,
            "mlirAlignedAlloc" => m::mlir_aligned_alloc as extern "C" fn(u64, u64) -> *mut std::ffi::c_void,
            "mlirFree" => m::mlir_free as unsafe extern "C" fn(*mut std::ffi::c_void),
            "mlirAlignedFree" => m::mlir_free as unsafe extern "C" fn(*mut std::ffi::c_void),
            "_mlir_ciface_stdSortI64" => m::ciface_std_sort_i64 as unsafe extern "C" fn(u64, *const std::ffi::c_void),
            "_mlir_ciface_stdSortF64" => m::ciface_std_sort_f64 as unsafe extern "C" fn(u64, *const std::ffi::c_void),
            "_mlir_ciface_stdSortF32" => m::ciface_std_sort_f32 as unsafe extern "C" fn(u64, *const std::ffi::c_void),
            "lattice_parallel_chunks" => parallel::lattice_parallel_chunks as extern "C" fn(i64, i64, i64) -> i64,
            "lattice_parallel_for" => parallel::lattice_parallel_for as unsafe extern "C" fn(ParallelBody, *mut u8, i64, i64, i64, i64, *const parallel::LoopSite),
            "lattice_parallel_inline" => parallel::lattice_parallel_inline as unsafe extern "C" fn(i64, i64, i64, *const parallel::LoopSite) -> i64,
            "lattice_parallel_inline_done" => parallel::lattice_parallel_inline_done as unsafe extern "C" fn(i64, i64, i64, *const parallel::LoopSite, i64),
        };
        t.to_vec()
    })
}

/// The address of runtime symbol `name`, if the runtime provides it.
pub fn symbol(name: &str) -> Option<usize> {
    symbols().iter().find(|(n, _)| *n == name).map(|&(_, a)| a)
}
