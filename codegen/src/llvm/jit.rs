//! JIT execution of a compiled module (MCJIT through inkwell): the `mlir-runner`
//! contract — call a no-argument entry function, print its result for non-void entries.
//!
//! Invariants: the entry's LLVM signature is checked against the requested result kind
//! before any call (a mismatch is an error, never a call through a wrong type); external
//! functions the module declares resolve first to the runtime's symbols, then to
//! libraries loaded with `shared_libs`, then to the process (libc, libm).

use inkwell::execution_engine::ExecutionEngine;
use inkwell::module::Module;
use inkwell::types::BasicTypeEnum;
use inkwell::OptimizationLevel;

/// What the entry function returns (`--entry-point-result`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryResult {
    Void,
    I32,
    I64,
    F32,
    F64,
}

impl EntryResult {
    /// Parses mlir-runner's spelling.
    pub fn parse(s: &str) -> Option<EntryResult> {
        Some(match s {
            "void" => EntryResult::Void,
            "i32" => EntryResult::I32,
            "i64" => EntryResult::I64,
            "f32" => EntryResult::F32,
            "f64" => EntryResult::F64,
            _ => return None,
        })
    }
}

impl std::fmt::Display for EntryResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EntryResult::Void => "void",
            EntryResult::I32 => "i32",
            EntryResult::I64 => "i64",
            EntryResult::F32 => "f32",
            EntryResult::F64 => "f64",
        })
    }
}

/// The value an entry returned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EntryValue {
    Void,
    I32(i32),
    I64(i64),
    F32(f32),
    F64(f64),
}

impl EntryValue {
    /// The text mlir-runner prints for the result (nothing for void): integers in
    /// decimal, floats in `%e` style as LLVM's `raw_ostream` writes doubles.
    pub fn runner_text(&self) -> Option<String> {
        match *self {
            EntryValue::Void => None,
            EntryValue::I32(v) => Some(v.to_string()),
            EntryValue::I64(v) => Some(v.to_string()),
            EntryValue::F32(v) => Some(format_e(v as f64)),
            EntryValue::F64(v) => Some(format_e(v)),
        }
    }
}

/// C's `%e` (6 digits after the point, at least two exponent digits).
fn format_e(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{v:.6e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mant}e{sign}{:02}", exp.abs())
}

/// A module loaded into the JIT.
pub struct Jit<'ctx> {
    engine: ExecutionEngine<'ctx>,
    module: Module<'ctx>,
}

/// Errors of loading and running.
#[derive(Debug, thiserror::Error)]
pub enum JitError {
    #[error("cannot load shared library '{0}'")]
    Library(String),
    #[error("cannot create the JIT: {0}")]
    Engine(String),
    #[error("entry point '{0}' not found in the module")]
    NoEntry(String),
    #[error("entry point '{name}' has type '{found}', which does not match --entry-point-result={expected} (it must take no arguments)")]
    Signature {
        name: String,
        found: String,
        expected: EntryResult,
    },
}

impl<'ctx> Jit<'ctx> {
    /// Loads `module` (already optimized) into a new JIT.
    pub fn new(
        module: Module<'ctx>,
        opt_level: u8,
        shared_libs: &[String],
        symbols: &[(&str, usize)],
    ) -> Result<Jit<'ctx>, JitError> {
        for lib in shared_libs {
            inkwell::support::load_library_permanently(std::path::Path::new(lib))
                .map_err(|_| JitError::Library(lib.clone()))?;
        }
        let level = match opt_level {
            0 => OptimizationLevel::None,
            1 => OptimizationLevel::Less,
            2 => OptimizationLevel::Default,
            _ => OptimizationLevel::Aggressive,
        };
        let engine = module
            .create_jit_execution_engine(level)
            .map_err(|e| JitError::Engine(e.to_string()))?;
        for f in module.get_functions() {
            if f.count_basic_blocks() > 0 {
                continue;
            }
            let name = f.get_name().to_string_lossy();
            if let Some(&(_, addr)) = symbols.iter().find(|(n, _)| *n == name) {
                engine.add_global_mapping(&f, addr);
            }
        }
        Ok(Jit { engine, module })
    }

    /// Checks that `name` exists, takes no arguments and returns `result`.
    pub fn check_entry(&self, name: &str, result: EntryResult) -> Result<(), JitError> {
        let f = self
            .module
            .get_function(name)
            .filter(|f| f.count_basic_blocks() > 0)
            .ok_or_else(|| JitError::NoEntry(name.to_string()))?;
        let ty = f.get_type();
        let ctx = self.module.get_context();
        let ret = ty.get_return_type();
        let ok = ty.count_param_types() == 0
            && match (result, ret) {
                (EntryResult::Void, None) => true,
                (EntryResult::I32, Some(BasicTypeEnum::IntType(t))) => t.get_bit_width() == 32,
                (EntryResult::I64, Some(BasicTypeEnum::IntType(t))) => t.get_bit_width() == 64,
                (EntryResult::F32, Some(BasicTypeEnum::FloatType(t))) => t == ctx.f32_type(),
                (EntryResult::F64, Some(BasicTypeEnum::FloatType(t))) => t == ctx.f64_type(),
                _ => false,
            };
        if ok {
            Ok(())
        } else {
            Err(JitError::Signature {
                name: name.to_string(),
                found: ty.print_to_string().to_string(),
                expected: result,
            })
        }
    }

    /// Calls entry `name` once (after [`Self::check_entry`] succeeded for `result`).
    pub fn call(&self, name: &str, result: EntryResult) -> Result<EntryValue, JitError> {
        self.check_entry(name, result)?;
        let addr = self
            .engine
            .get_function_address(name)
            .map_err(|_| JitError::NoEntry(name.to_string()))?;
        // SAFETY: `check_entry` verified the function takes no arguments and returns
        // exactly this type; the address is the JIT's compiled code for it.
        unsafe {
            Ok(match result {
                EntryResult::Void => {
                    std::mem::transmute::<usize, extern "C" fn()>(addr)();
                    EntryValue::Void
                }
                EntryResult::I32 => {
                    EntryValue::I32(std::mem::transmute::<usize, extern "C" fn() -> i32>(addr)())
                }
                EntryResult::I64 => {
                    EntryValue::I64(std::mem::transmute::<usize, extern "C" fn() -> i64>(addr)())
                }
                EntryResult::F32 => {
                    EntryValue::F32(std::mem::transmute::<usize, extern "C" fn() -> f32>(addr)())
                }
                EntryResult::F64 => {
                    EntryValue::F64(std::mem::transmute::<usize, extern "C" fn() -> f64>(addr)())
                }
            })
        }
    }
}
