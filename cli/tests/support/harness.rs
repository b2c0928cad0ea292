//! Synthesizes a runnable `main` for a file-test chunk, which mostly has none.
//!
//! [`prepare`] parses a chunk with Lattice, picks the `func.func`s that can be called with
//! generated arguments (static-shape identity-layout memrefs and scalars of index, integer,
//! f32 and f64 types; scalar results) and whose bodies use only ops that upstream lowers
//! to the CPU (arith, math, affine, scf, memref, vector, cf, linalg on memrefs, and calls
//! to such functions), drops every other function (recording why) and every other
//! top-level op but `memref.global`s and transform scripts (for `--transform-interpreter`),
//! makes the picked ones public, and prints the module. [`wrap`] then drops the transform
//! scripts and appends an entry function that, for each picked function in turn, allocates
//! and fills its memref arguments deterministically, calls it, and prints the function's
//! index, its scalar results and a weighted checksum of every memref argument through
//! `printI64`/`printF64`/`printNewline`.
//!
//! Invariants: the generated values are small integers (floats hold them exactly, no NaN
//! or overflow from the inputs); the same `Func` list always gives the same text, so the
//! original and the transformed module are wrapped identically. Out-of-bounds accesses are
//! not ruled out here: the caller runs the original with upstream runtime checks.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;
use std::sync::Arc;

use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{AttrData, FloatKind, Ir, SourceMap, Type, TypeData, WalkOrder};

/// Largest memref argument the harness allocates, in elements.
const MAX_ELEMENTS: i64 = 1 << 20;
/// The value given to index and integer scalar arguments, at most (see [`scalar_value`]).
const SCALAR_ARG: i64 = 5;
/// Runtime helpers the entry function calls.
const PRINTERS: &[(&str, &str)] = &[
    ("printF64", "(f64)"),
    ("printI64", "(i64)"),
    ("printNewline", "()"),
];

/// A scalar type the harness can produce and print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Index,
    Int(u32),
    F32,
    F64,
}

impl Scalar {
    fn of(ir: &Ir, ty: Type) -> Option<Scalar> {
        match ir.ctx().type_data(ty) {
            TypeData::Index => Some(Scalar::Index),
            TypeData::Integer { width, .. } if matches!(width, 1 | 8 | 16 | 32 | 64) => {
                Some(Scalar::Int(*width))
            }
            TypeData::Float(FloatKind::F32) => Some(Scalar::F32),
            TypeData::Float(FloatKind::F64) => Some(Scalar::F64),
            _ => None,
        }
    }

    fn mlir(self) -> String {
        match self {
            Scalar::Index => "index".into(),
            Scalar::Int(w) => format!("i{w}"),
            Scalar::F32 => "f32".into(),
            Scalar::F64 => "f64".into(),
        }
    }
}

/// One argument of a picked function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Scalar(Scalar),
    MemRef { shape: Vec<i64>, element: Scalar },
}

/// A function [`wrap`] calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub name: String,
    pub args: Vec<Arg>,
    pub results: Vec<Scalar>,
}

/// A chunk ready to be transformed and wrapped.
pub struct Prepared {
    /// The module, printed by Lattice, holding only the picked functions, their callees
    /// and the module's other symbols that they may use.
    pub text: String,
    pub funcs: Vec<Func>,
    /// `(function, reason)` for every function that is not called.
    pub skipped: Vec<(String, String)>,
}

/// Op name prefixes upstream lowers to the CPU.
const RUNNABLE: &[&str] = &[
    "arith.", "math.", "affine.", "scf.", "memref.", "vector.", "cf.", "index.", "linalg.",
];

fn body_problem(ir: &Ir, func: lattice_ir::Op, calls: &mut BTreeSet<String>) -> Option<String> {
    for op in ir.walk_ops(func, WalkOrder::PreOrder).into_iter().skip(1) {
        let name = ir.op_name(op);
        if name == "func.return" {
            continue;
        }
        if name == "func.call" {
            match ir.attr(op, "callee").map(|a| ir.ctx().attr_data(a)) {
                Some(AttrData::SymbolRef { root, nested }) if nested.is_empty() => {
                    calls.insert(ir.ctx().str(*root).to_string());
                    continue;
                }
                _ => return Some("calls a nested symbol".into()),
            }
        }
        if matches!(
            name,
            "memref.global" | "vector.print" | "vector.scalable.insert" | "vector.scalable.extract"
        ) || name.starts_with("vector.mask")
        {
            return Some(format!("uses `{name}`"));
        }
        if ir.op_def(op).is_none() || !RUNNABLE.iter().any(|p| name.starts_with(p)) {
            return Some(format!("uses `{name}`"));
        }
    }
    None
}

fn signature(ir: &Ir, ty: Type) -> Result<(Vec<Arg>, Vec<Scalar>), String> {
    let TypeData::Function { inputs, results } = ir.ctx().type_data(ty) else {
        return Err("no function type".into());
    };
    let mut args = Vec::new();
    for &t in inputs {
        if let Some(s) = Scalar::of(ir, t) {
            args.push(Arg::Scalar(s));
            continue;
        }
        match ir.ctx().type_data(t) {
            TypeData::MemRef {
                shape,
                element,
                layout: None,
                memory_space: None,
            } if shape.iter().all(|&d| d >= 0) => {
                let Some(element) = Scalar::of(ir, *element) else {
                    return Err("a memref argument has an unsupported element type".into());
                };
                let n = shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d));
                if n.is_none_or(|n| n > MAX_ELEMENTS) {
                    return Err("a memref argument is too large".into());
                }
                args.push(Arg::MemRef {
                    shape: shape.clone(),
                    element,
                });
            }
            TypeData::MemRef { .. } => {
                return Err(
                    "a memref argument has a dynamic shape, a layout or a memory space".into(),
                )
            }
            _ => return Err("an argument is neither a scalar nor a memref".into()),
        }
    }
    let mut outs = Vec::new();
    for &t in results {
        outs.push(Scalar::of(ir, t).ok_or("a result is not a scalar")?);
    }
    Ok((args, outs))
}

/// Parses `text` (one chunk) and picks the functions to call. `Err` when the chunk does
/// not parse or has nothing to call.
pub fn prepare(text: &str, allow_unregistered: bool) -> Result<Prepared, String> {
    let ctx = Arc::new(lattice_cli::make_context(allow_unregistered));
    let mut sources = SourceMap::default();
    let id = sources.add("chunk", text);
    let mut ir = Ir::new(ctx);
    let module = lattice_ir::parser::parse_source(&mut ir, id, "chunk", text)
        .map_err(|d| format!("does not parse: {}", d.message))?;
    if !lattice_ir::verifier::verify(&ir, module).is_empty() {
        return Err("does not verify".into());
    }
    let body = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or("the module has no body")?;
    let top: Vec<_> = ir.block_ops(body).collect();
    // name -> (op, problem, callees, signature)
    let mut funcs = Vec::new();
    let mut index = HashMap::new();
    for &op in &top {
        if !ir.is_op(op, "func.func") {
            continue;
        }
        let name = match ir.attr(op, "sym_name").map(|a| ir.ctx().attr_data(a)) {
            Some(AttrData::String(s)) => String::from_utf8_lossy(s).into_owned(),
            _ => continue,
        };
        let mut calls = BTreeSet::new();
        let problem = if ir
            .regions(op)
            .first()
            .is_none_or(|&r| ir.region_is_empty(r))
        {
            Some("is a declaration".to_string())
        } else if name == "main" {
            Some("is the chunk's own `main`".to_string())
        } else {
            body_problem(&ir, op, &mut calls)
        };
        let sig = match ir.attr(op, "function_type").map(|a| ir.ctx().attr_data(a)) {
            Some(AttrData::Type(t)) => signature(&ir, *t),
            _ => Err("no function type".into()),
        };
        index.insert(name.clone(), funcs.len());
        funcs.push((op, name, problem, calls, sig));
    }
    // A function calling one with a problem (or an unknown one) has a problem too.
    loop {
        let mut changed = false;
        for i in 0..funcs.len() {
            if funcs[i].2.is_some() {
                continue;
            }
            let bad = funcs[i].3.iter().find_map(|c| match index.get(c) {
                None => Some(format!("calls unknown `@{c}`")),
                Some(&j) if funcs[j].2.is_some() => Some(format!("calls `@{c}`, which cannot run")),
                _ => None,
            });
            if bad.is_some() {
                funcs[i].2 = bad;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut picked = Vec::new();
    let mut skipped = Vec::new();
    let mut keep = BTreeSet::new();
    for (op, name, problem, calls, sig) in &funcs {
        let reason = match (problem, sig) {
            (Some(p), _) => Some(p.clone()),
            (None, Err(e)) => Some(e.clone()),
            (None, Ok((args, results))) => {
                if args.iter().all(|a| matches!(a, Arg::Scalar(_))) && results.is_empty() {
                    Some("has no observable output (no memref argument, no result)".into())
                } else {
                    picked.push((
                        *op,
                        Func {
                            name: name.clone(),
                            args: args.clone(),
                            results: results.clone(),
                        },
                    ));
                    keep.insert(name.clone());
                    keep.extend(calls.iter().cloned());
                    None
                }
            }
        };
        if let Some(r) = reason {
            skipped.push((name.clone(), r));
        }
    }
    if picked.is_empty() {
        return Err("no function can be called".into());
    }
    // Callees of callees.
    loop {
        let more: Vec<String> = keep
            .iter()
            .filter_map(|n| index.get(n))
            .flat_map(|&j| funcs[j].3.iter().cloned())
            .filter(|c| !keep.contains(c))
            .collect();
        if more.is_empty() {
            break;
        }
        keep.extend(more);
    }
    for &op in &top {
        let is_func = ir.is_op(op, "func.func");
        let name = match ir.attr(op, "sym_name").map(|a| ir.ctx().attr_data(a)) {
            Some(AttrData::String(s)) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        };
        let kept = if is_func {
            name.is_some_and(|n| keep.contains(&n))
        } else {
            ir.is_op(op, "memref.global") || is_transform_script(&ir, op)
        };
        if !kept {
            ir.erase_op(op);
        }
    }
    for (op, _) in &picked {
        ir.remove_attr(*op, "sym_visibility");
    }
    let mut text = print_op(&ir, module, PrintOptions::default());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(Prepared {
        text,
        funcs: picked.into_iter().map(|(_, f)| f).collect(),
        skipped,
    })
}

/// Whether `op` is a transform script (a module marked `transform.with_named_sequence`):
/// kept for `--transform-interpreter`, dropped by [`wrap`] (it does not run).
fn is_transform_script(ir: &Ir, op: lattice_ir::Op) -> bool {
    ir.is_op(op, "builtin.module") && ir.attr(op, "transform.with_named_sequence").is_some()
}

/// `module_text` without its top-level transform scripts.
fn without_transform_scripts(module_text: &str) -> String {
    if !module_text.contains("transform.with_named_sequence") {
        return module_text.to_string();
    }
    let mut ir = Ir::new(Arc::new(lattice_cli::make_context(true)));
    let mut sources = SourceMap::default();
    let id = sources.add("module", module_text);
    let Ok(module) = lattice_ir::parser::parse_source(&mut ir, id, "module", module_text) else {
        return module_text.to_string();
    };
    let body = ir.regions(module).first().and_then(|&r| ir.entry_block(r));
    let scripts: Vec<_> = body
        .map(|b| {
            ir.block_ops(b)
                .filter(|&o| is_transform_script(&ir, o))
                .collect()
        })
        .unwrap_or_default();
    for op in scripts {
        ir.erase_op(op);
    }
    print_op(&ir, module, PrintOptions::default())
}

/// The value of index and integer scalar arguments: [`SCALAR_ARG`], or the smallest
/// memref dimension when that is smaller (loops up to a parameter then stay in bounds).
pub fn scalar_value(func: &Func) -> i64 {
    func.args
        .iter()
        .filter_map(|a| match a {
            Arg::MemRef { shape, .. } => shape.iter().copied().min(),
            Arg::Scalar(_) => None,
        })
        .fold(SCALAR_ARG, i64::min)
}

struct Gen {
    out: String,
    next: usize,
}

impl Gen {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%h{}", self.next)
    }

    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth + 1 {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn constant(&mut self, value: &str, ty: &str) -> String {
        let v = self.fresh();
        // `true`/`false` carry their type (i1) implicitly; writing it is a syntax error.
        if ty == "i1" {
            self.line(0, &format!("{v} = arith.constant {value}"));
        } else {
            self.line(0, &format!("{v} = arith.constant {value} : {ty}"));
        }
        v
    }

    /// `v` (of type `s`) converted to f64 or i64 for printing or summing.
    fn to_f64(&mut self, depth: usize, v: &str, s: Scalar) -> String {
        let r = self.fresh();
        match s {
            Scalar::F64 => return v.to_string(),
            Scalar::F32 => self.line(depth, &format!("{r} = arith.extf {v} : f32 to f64")),
            Scalar::Int(1) => self.line(depth, &format!("{r} = arith.uitofp {v} : i1 to f64")),
            Scalar::Int(w) => self.line(depth, &format!("{r} = arith.sitofp {v} : i{w} to f64")),
            Scalar::Index => {
                let i = self.fresh();
                self.line(depth, &format!("{i} = arith.index_cast {v} : index to i64"));
                self.line(depth, &format!("{r} = arith.sitofp {i} : i64 to f64"));
            }
        }
        r
    }

    fn print(&mut self, v: &str, s: Scalar) {
        match s {
            Scalar::F32 | Scalar::F64 => {
                let f = self.to_f64(0, v, s);
                self.line(0, &format!("func.call @printF64({f}) : (f64) -> ()"));
            }
            Scalar::Int(64) => self.line(0, &format!("func.call @printI64({v}) : (i64) -> ()")),
            Scalar::Int(w) => {
                let r = self.fresh();
                let ext = if w == 1 { "extui" } else { "extsi" };
                self.line(0, &format!("{r} = arith.{ext} {v} : i{w} to i64"));
                self.line(0, &format!("func.call @printI64({r}) : (i64) -> ()"));
            }
            Scalar::Index => {
                let r = self.fresh();
                self.line(0, &format!("{r} = arith.index_cast {v} : index to i64"));
                self.line(0, &format!("func.call @printI64({r}) : (i64) -> ()"));
            }
        }
        self.line(0, "func.call @printNewline() : () -> ()");
    }

    /// Opens `affine.for` loops over `shape`; returns the induction variables.
    fn open_loops(&mut self, shape: &[i64], iter: Option<&str>) -> (Vec<String>, Vec<String>) {
        let mut ivs = Vec::new();
        let mut results = Vec::new();
        let mut acc = iter.map(str::to_string);
        for (d, &n) in shape.iter().enumerate() {
            let iv = self.fresh();
            match &acc {
                Some(a) => {
                    let r = self.fresh();
                    let inner = self.fresh();
                    self.line(
                        d,
                        &format!(
                            "{r} = affine.for {iv} = 0 to {n} iter_args({inner} = {a}) -> (f64) {{"
                        ),
                    );
                    results.push(r);
                    acc = Some(inner);
                }
                None => self.line(d, &format!("affine.for {iv} = 0 to {n} {{")),
            }
            ivs.push(iv);
        }
        if let Some(a) = acc {
            results.push(a);
        }
        (ivs, results)
    }

    /// `affine.apply` of `(sum_k ivs[k] * stride_k) * mul + add) mod m` at `depth`.
    fn hash(
        &mut self,
        depth: usize,
        shape: &[i64],
        ivs: &[String],
        mul: i64,
        add: i64,
        m: i64,
    ) -> String {
        let mut stride = 1;
        let mut terms = Vec::new();
        for k in (0..shape.len()).rev() {
            terms.push(format!("d{k} * {}", stride * mul));
            stride *= shape[k];
        }
        terms.reverse();
        terms.push(add.to_string());
        let dims: Vec<String> = (0..shape.len()).map(|k| format!("d{k}")).collect();
        let v = self.fresh();
        self.line(
            depth,
            &format!(
                "{v} = affine.apply affine_map<({}) -> (({}) mod {m})>({})",
                dims.join(", "),
                terms.join(" + "),
                ivs.join(", ")
            ),
        );
        v
    }

    fn memref_type(shape: &[i64], element: Scalar) -> String {
        let mut t = String::from("memref<");
        for d in shape {
            write!(t, "{d}x").unwrap();
        }
        t.push_str(&element.mlir());
        t.push('>');
        t
    }

    /// Allocates and fills argument `a` of the current function.
    fn memref_arg(&mut self, a: usize, shape: &[i64], element: Scalar) -> String {
        let ty = Gen::memref_type(shape, element);
        let m = self.fresh();
        self.line(0, &format!("{m} = memref.alloc() : {ty}"));
        let (ivs, _) = self.open_loops(shape, None);
        let depth = shape.len();
        let salt = 11 * (a as i64 + 1) + 3;
        let value = match element {
            Scalar::F32 | Scalar::F64 => {
                // -6 .. 6: exact in f32 and f64.
                let h = self.hash(depth, shape, &ivs, 37, salt, 13);
                let i = self.fresh();
                self.line(depth, &format!("{i} = arith.index_cast {h} : index to i64"));
                let f = self.fresh();
                let t = element.mlir();
                self.line(depth, &format!("{f} = arith.sitofp {i} : i64 to {t}"));
                let six = self.fresh();
                self.line(depth, &format!("{six} = arith.constant 6.0 : {t}"));
                let v = self.fresh();
                self.line(depth, &format!("{v} = arith.subf {f}, {six} : {t}"));
                v
            }
            Scalar::Index => self.hash(depth, shape, &ivs, 37, salt, 5),
            Scalar::Int(w) => {
                // 0 .. 4 (0 .. 1 for i1): usable as indices into dimensions of 5 and more.
                let m = if w == 1 { 2 } else { 5 };
                let h = self.hash(depth, shape, &ivs, 37, salt, m);
                let v = self.fresh();
                self.line(
                    depth,
                    &format!("{v} = arith.index_cast {h} : index to i{w}"),
                );
                v
            }
        };
        self.line(
            depth,
            &format!("affine.store {value}, {m}[{}] : {ty}", ivs.join(", ")),
        );
        for d in (0..depth).rev() {
            self.line(d, "}");
        }
        m
    }

    /// Prints `sum(value * ((linear index * 3) mod 7 + 1))` over memref `m`.
    fn checksum(&mut self, m: &str, shape: &[i64], element: Scalar) {
        let ty = Gen::memref_type(shape, element);
        let zero = self.constant("0.0", "f64");
        let (ivs, results) = self.open_loops(shape, Some(&zero));
        let depth = shape.len();
        let acc = results.last().cloned().unwrap_or(zero.clone());
        let v = self.fresh();
        self.line(
            depth,
            &format!("{v} = affine.load {m}[{}] : {ty}", ivs.join(", ")),
        );
        let vf = self.to_f64(depth, &v, element);
        let w = self.hash(depth, shape, &ivs, 3, 0, 7);
        let wf = self.to_f64(depth, &w, Scalar::Index);
        let one = self.fresh();
        self.line(depth, &format!("{one} = arith.constant 1.0 : f64"));
        let w1 = self.fresh();
        self.line(depth, &format!("{w1} = arith.addf {wf}, {one} : f64"));
        let p = self.fresh();
        self.line(depth, &format!("{p} = arith.mulf {vf}, {w1} : f64"));
        let s = self.fresh();
        self.line(depth, &format!("{s} = arith.addf {acc}, {p} : f64"));
        let mut yielded = s;
        for d in (0..depth).rev() {
            self.line(d + 1, &format!("affine.yield {yielded} : f64"));
            self.line(d, "}");
            yielded = results[d].clone();
        }
        self.print(&yielded, Scalar::F64);
    }
}

/// `module_text` (a printed module: `module ... {` ... `}`) with an entry function
/// `@{entry}` that calls `funcs` in order, and declarations of the printing helpers it
/// lacks.
pub fn wrap(module_text: &str, funcs: &[Func], entry: &str) -> String {
    let module_text = &without_transform_scripts(module_text);
    let mut g = Gen {
        out: String::new(),
        next: 0,
    };
    for (k, f) in funcs.iter().enumerate() {
        let marker = g.constant(&k.to_string(), "i64");
        g.line(0, &format!("func.call @printI64({marker}) : (i64) -> ()"));
        g.line(0, "func.call @printNewline() : () -> ()");
        let n = scalar_value(f);
        let mut operands = Vec::new();
        let mut types = Vec::new();
        let mut memrefs = Vec::new();
        for (a, arg) in f.args.iter().enumerate() {
            match arg {
                Arg::Scalar(s) => {
                    let v = match s {
                        Scalar::F32 | Scalar::F64 => g.constant("1.5", &s.mlir()),
                        Scalar::Int(1) => g.constant("true", "i1"),
                        _ => g.constant(&n.to_string(), &s.mlir()),
                    };
                    operands.push(v);
                    types.push(s.mlir());
                }
                Arg::MemRef { shape, element } => {
                    let m = g.memref_arg(a, shape, *element);
                    operands.push(m.clone());
                    types.push(Gen::memref_type(shape, *element));
                    memrefs.push((m, shape.clone(), *element));
                }
            }
        }
        let results: Vec<String> = f.results.iter().map(|_| g.fresh()).collect();
        let outs: Vec<String> = f.results.iter().map(|s| s.mlir()).collect();
        let call = format!(
            "func.call @{}({}) : ({}) -> ({})",
            f.name,
            operands.join(", "),
            types.join(", "),
            outs.join(", ")
        );
        if results.is_empty() {
            g.line(0, &call);
        } else {
            g.line(0, &format!("{} = {call}", results.join(", ")));
        }
        for (r, s) in results.iter().zip(&f.results) {
            g.print(r, *s);
        }
        for (m, shape, element) in &memrefs {
            g.checksum(m, shape, *element);
        }
        for (m, shape, element) in &memrefs {
            g.line(
                0,
                &format!("memref.dealloc {m} : {}", Gen::memref_type(shape, *element)),
            );
        }
    }
    let mut text = module_text.trim_end().to_string();
    let close = text.rfind('}').unwrap_or(text.len());
    text.truncate(close);
    let mut add = String::new();
    for (name, args) in PRINTERS {
        if !module_text.contains(&format!("@{name}(")) {
            writeln!(add, "  func.func private @{name}{args}").unwrap();
        }
    }
    writeln!(add, "  func.func @{entry}() {{").unwrap();
    for line in g.out.lines() {
        writeln!(add, "  {line}").unwrap();
    }
    add.push_str("    return\n  }\n}\n");
    text.push_str(&add);
    text
}
