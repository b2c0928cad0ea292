//! C header for emitted code: the memref descriptor structs and a prototype for every
//! public function, in the default calling convention (expanded descriptors) and, for
//! `llvm.emit_c_interface` functions, the `_mlir_ciface_` form taking descriptor pointers.
//! A function with several results gets a `<name>_results` struct (one field `rI` per
//! result, memrefs as descriptor structs); its `_mlir_ciface_` form returns them through a
//! pointer to that struct passed first, as upstream's C interface does. The default
//! convention returns them as an LLVM first-class struct, which is not the C ABI of a
//! struct return (e.g. `{float, float}` comes back in two registers, C expects one), so
//! the header has a comment for it, not a prototype.
//!
//! Invariant: each prototype matches the LLVM signature `func.rs` gives the function
//! (same parameter order and types), so C callers link against the object unchanged.

use lattice_dialects::func::Func;
use lattice_ir::{FloatKind, Ir, Op, Type, TypeData};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The C spelling of a scalar IR type.
fn scalar(ir: &Ir, ty: Type) -> Option<String> {
    Some(match ir.ctx().type_data(ty) {
        TypeData::Index => "int64_t".into(),
        TypeData::Integer { width: 1, .. } => "bool".into(),
        TypeData::Integer { width, .. } if [8, 16, 32, 64].contains(width) => {
            format!("int{width}_t")
        }
        TypeData::Float(FloatKind::F32) => "float".into(),
        TypeData::Float(FloatKind::F64) => "double".into(),
        TypeData::Float(FloatKind::F16) => "_Float16".into(),
        _ => return None,
    })
}

/// Struct names and definitions collected while writing prototypes.
#[derive(Default)]
struct Structs {
    defs: BTreeMap<String, String>,
}

impl Structs {
    /// The descriptor struct for a memref of `elem` (C type) and `rank`.
    fn memref(&mut self, elem: &str, rank: usize) -> String {
        let tag = elem.replace(' ', "_");
        let name = format!("MemRef_{tag}_{rank}d");
        self.defs.entry(name.clone()).or_insert_with(|| {
            let mut s = format!("typedef struct {name} {{\n  {elem} *allocated;\n  {elem} *aligned;\n  int64_t offset;\n");
            if rank > 0 {
                let _ = writeln!(s, "  int64_t sizes[{rank}];\n  int64_t strides[{rank}];");
            }
            let _ = writeln!(s, "}} {name};");
            s
        });
        name
    }

    /// The struct holding the results (C types `fields`) of function `func`.
    fn results(&mut self, func: &str, fields: &[String]) -> String {
        let name = format!("{func}_results");
        self.defs.entry(name.clone()).or_insert_with(|| {
            let mut s = format!("typedef struct {name} {{\n");
            for (i, f) in fields.iter().enumerate() {
                let _ = writeln!(s, "  {f} r{i};");
            }
            let _ = writeln!(s, "}} {name};");
            s
        });
        name
    }
}

/// Appends the default-convention parameters of `ty` to `out`.
fn expanded(ir: &Ir, ty: Type, name: &str, out: &mut Vec<String>) -> Option<()> {
    match ir.ctx().type_data(ty) {
        TypeData::MemRef { shape, element, .. } => {
            let e = scalar(ir, *element)?;
            out.push(format!("{e} *{name}_allocated"));
            out.push(format!("{e} *{name}_aligned"));
            out.push(format!("int64_t {name}_offset"));
            for i in 0..shape.len() {
                out.push(format!("int64_t {name}_size{i}"));
            }
            for i in 0..shape.len() {
                out.push(format!("int64_t {name}_stride{i}"));
            }
        }
        TypeData::UnrankedMemRef { .. } => {
            out.push(format!("int64_t {name}_rank"));
            out.push(format!("void *{name}_descriptor"));
        }
        _ => out.push(format!("{} {name}", scalar(ir, ty)?)),
    }
    Some(())
}

/// The C header declaring the public functions of `module` (after lowering), with
/// include guard `guard`. Functions whose types have no C spelling are listed in a
/// comment instead.
pub fn c_header(ir: &Ir, module: Op, guard: &str) -> String {
    let mut structs = Structs::default();
    let mut protos = String::new();
    let body: Vec<Op> = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| ir.block_ops(b).collect())
        .unwrap_or_default();
    for op in body {
        if !ir.isa::<Func>(op) {
            continue;
        }
        let ctx = ir.ctx();
        let Some(name) = ir
            .attr(op, Func::SYM_NAME)
            .and_then(|a| ctx.string_value(a))
        else {
            continue;
        };
        let private = ir
            .attr(op, Func::SYM_VISIBILITY)
            .and_then(|a| ctx.string_value(a))
            == Some("private");
        let has_body = !ir.regions(op).is_empty() && !ir.region_is_empty(ir.region(op, 0));
        if private || !has_body {
            continue;
        }
        let Some((inputs, results)) = lattice_dialects::func::function_type(ir, op) else {
            continue;
        };
        let proto = (|| -> Option<String> {
            let mut params = Vec::new();
            for (i, &t) in inputs.iter().enumerate() {
                expanded(ir, t, &format!("arg{i}"), &mut params)?;
            }
            let mut result_c = Vec::new();
            for &t in &results {
                result_c.push(match ctx.type_data(t) {
                    TypeData::MemRef { shape, element, .. } => {
                        structs.memref(&scalar(ir, *element)?, shape.len())
                    }
                    _ => scalar(ir, t)?,
                });
            }
            let ret = match result_c.as_slice() {
                [] => "void".to_string(),
                [one] => one.clone(),
                many => structs.results(name, many),
            };
            let params = if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            };
            let ciface = ir.attr(op, "llvm.emit_c_interface").is_some();
            let mut s = if results.len() > 1 {
                format!(
                    "/* {name}: returns {ret} as an LLVM struct, not in the C ABI; {} */\n",
                    if ciface {
                        format!("call _mlir_ciface_{name}")
                    } else {
                        "give it the llvm.emit_c_interface attribute to get a C wrapper".into()
                    }
                )
            } else {
                format!("{ret} {name}({params});\n")
            };
            if ciface {
                let mut cparams = Vec::new();
                let mut cret = ret.clone();
                if results.len() > 1 || results.first().is_some_and(|&t| ctx.is_memref(t)) {
                    cparams.push(format!("{ret} *result"));
                    cret = "void".into();
                }
                for (i, &t) in inputs.iter().enumerate() {
                    match ctx.type_data(t) {
                        TypeData::MemRef { shape, element, .. } => {
                            let sname = structs.memref(&scalar(ir, *element)?, shape.len());
                            cparams.push(format!("{sname} *arg{i}"));
                        }
                        TypeData::UnrankedMemRef { .. } => return None,
                        _ => cparams.push(format!("{} arg{i}", scalar(ir, t)?)),
                    }
                }
                let cparams = if cparams.is_empty() {
                    "void".to_string()
                } else {
                    cparams.join(", ")
                };
                let _ = writeln!(s, "{cret} _mlir_ciface_{name}({cparams});");
            }
            Some(s)
        })();
        match proto {
            Some(p) => protos.push_str(&p),
            None => {
                let _ = writeln!(protos, "/* {name}: signature has no C spelling */");
            }
        }
    }
    let mut out = format!(
        "/* Generated by lattice emit: declarations of the emitted functions. */\n#ifndef {guard}\n#define {guard}\n\n#include <stdbool.h>\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n"
    );
    // Descriptor structs first: results structs contain them.
    let (descriptors, results): (Vec<_>, Vec<_>) = structs
        .defs
        .iter()
        .partition(|(k, _)| k.starts_with("MemRef_"));
    for (_, def) in descriptors.into_iter().chain(results) {
        out.push_str(def);
        out.push('\n');
    }
    out.push_str(&protos);
    out.push_str("\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
    out
}
