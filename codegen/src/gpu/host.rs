//! The host side of `lattice run --target gpu` without the JIT: an interpreter for the
//! lowered host program (`func`, `arith`, `math`, `scf`, `memref`) that dispatches every
//! `gpu.launch_func` through the wgpu [`runtime`](super::runtime), so mlir-runner-style
//! programs (`main` printing through `printF64`, `printI64`, `printNewline`, ...) print
//! their results with their kernels computed on the GPU.
//!
//! Invariants: integers are kept sign-extended to their width (`index` is 64 bits),
//! f32 arithmetic is rounded to f32 after every op (so host results match compiled
//! code), memrefs live in host memory as row-major little-endian bytes and are uploaded
//! for, and written back after, each launch (see the runtime). Running out of `fuel`
//! (interpreted ops) stops the program with an error instead of hanging.

use super::naga_emit::Kernel;
use super::runtime::{Gpu, KernelArg};
use lattice_ir::{AttrData, Block, FloatKind, Ir, Op, Type, TypeData, Value};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// Errors of the host interpreter.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// An op the interpreter does not know.
    #[error("host interpreter: '{0}' is not supported")]
    Unsupported(String),
    /// A call to an unknown function.
    #[error("host interpreter: call to unknown function '@{0}'")]
    UnknownFunction(String),
    /// Out-of-bounds access or other runtime fault.
    #[error("host interpreter: {0}")]
    Fault(String),
    /// A kernel failed.
    #[error(transparent)]
    Runtime(#[from] super::runtime::RuntimeError),
}

#[derive(Clone, Copy, Debug)]
enum V {
    I(i64),
    F(f64),
    M(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    F32,
    F64,
    Int(u32),
}

impl Elem {
    fn size(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F64 => 8,
            Elem::Int(w) if w <= 8 => 1,
            Elem::Int(w) if w <= 16 => 2,
            Elem::Int(w) if w <= 32 => 4,
            Elem::Int(_) => 8,
        }
    }
}

struct Mem {
    elem: Elem,
    shape: Vec<i64>,
    bytes: Vec<u8>,
}

/// Runs `entry` of a module whose kernels were emitted into `kernels` (by kernel name
/// `module::func`), returning what the program printed.
pub struct Host<'a> {
    ir: &'a Ir,
    gpu: &'a mut Gpu,
    kernels: FxHashMap<String, &'a Kernel>,
    funcs: FxHashMap<String, Op>,
    mems: Vec<Mem>,
    out: String,
    /// Interpreted ops left.
    pub fuel: u64,
    /// Kernel launches so far.
    pub launches: u64,
    /// Sum of the kernel times measured with timestamp queries (`None` when the device
    /// has none).
    pub kernel_time: Option<std::time::Duration>,
    /// Per kernel name: launches and summed timestamp time, in first-launch order.
    pub per_kernel: Vec<(String, u64, Option<std::time::Duration>)>,
}

fn int_width(ir: &Ir, ty: Type) -> Option<u32> {
    match ir.ctx().type_data(ty) {
        TypeData::Index => Some(64),
        TypeData::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

fn norm(v: i64, width: u32) -> i64 {
    if width >= 64 {
        v
    } else {
        let s = 64 - width;
        (v << s) >> s
    }
}

fn is_f32(ir: &Ir, ty: Type) -> bool {
    matches!(ir.ctx().type_data(ty), TypeData::Float(FloatKind::F32))
}

/// C's `%g` (what mlir-runner's `printF64` prints).
pub fn format_g(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let sci = format!("{:.5e}", x);
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let strip = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if !(-4..6).contains(&exp) {
        let m = strip(mant.to_string());
        format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        strip(format!("{x:.decimals$}"))
    }
}

impl<'a> Host<'a> {
    /// A host for `module` with the emitted `kernels`.
    pub fn new(ir: &'a Ir, module: Op, gpu: &'a mut Gpu, kernels: &'a [Kernel]) -> Host<'a> {
        let mut funcs = FxHashMap::default();
        if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
            for o in ir.block_ops(b) {
                if ir.is_op(o, "func.func") {
                    if let Some(n) = ir
                        .attr(o, "sym_name")
                        .and_then(|a| ir.ctx().string_value(a))
                    {
                        funcs.insert(n.to_string(), o);
                    }
                }
            }
        }
        Host {
            ir,
            gpu,
            kernels: kernels.iter().map(|k| (k.name.clone(), k)).collect(),
            funcs,
            mems: Vec::new(),
            out: String::new(),
            fuel: 2_000_000_000,
            launches: 0,
            kernel_time: None,
            per_kernel: Vec::new(),
        }
    }

    /// Runs `@entry()` and returns what it printed.
    pub fn run_entry(&mut self, entry: &str) -> Result<String, HostError> {
        self.call(entry, &[])?;
        Ok(std::mem::take(&mut self.out))
    }

    fn call(&mut self, name: &str, args: &[V]) -> Result<Vec<V>, HostError> {
        match name {
            "printF64" | "printF32" => {
                if let Some(V::F(x)) = args.first() {
                    self.out.push_str(&format_g(*x));
                }
                return Ok(vec![]);
            }
            "printI64" | "printU64" => {
                if let Some(V::I(x)) = args.first() {
                    let _ = write!(self.out, "{x}");
                }
                return Ok(vec![]);
            }
            "printNewline" => {
                self.out.push('\n');
                return Ok(vec![]);
            }
            "printComma" => {
                self.out.push_str(", ");
                return Ok(vec![]);
            }
            "printOpen" => {
                self.out.push_str("( ");
                return Ok(vec![]);
            }
            "printClose" => {
                self.out.push_str(" )");
                return Ok(vec![]);
            }
            _ => {}
        }
        let f = *self
            .funcs
            .get(name)
            .ok_or_else(|| HostError::UnknownFunction(name.to_string()))?;
        let region = self.ir.region(f, 0);
        let entry = self
            .ir
            .entry_block(region)
            .ok_or_else(|| HostError::UnknownFunction(name.to_string()))?;
        let mut env: FxHashMap<Value, V> = FxHashMap::default();
        for (&a, &v) in self.ir.block_args(entry).iter().zip(args) {
            env.insert(a, v);
        }
        match self.block(entry, &mut env)? {
            Flow::Return(v) => Ok(v),
            Flow::Yield(v) => Ok(v),
        }
    }

    fn get(&self, env: &FxHashMap<Value, V>, v: Value) -> Result<V, HostError> {
        env.get(&v)
            .copied()
            .ok_or_else(|| HostError::Fault("use of a value with no definition".into()))
    }

    fn block(&mut self, b: Block, env: &mut FxHashMap<Value, V>) -> Result<Flow, HostError> {
        let ops: Vec<Op> = self.ir.block_ops(b).collect();
        for op in ops {
            if let Some(flow) = self.op(op, env)? {
                return Ok(flow);
            }
        }
        Ok(Flow::Yield(vec![]))
    }

    fn region_block(&self, op: Op, i: usize) -> Option<Block> {
        self.ir
            .regions(op)
            .get(i)
            .and_then(|&r| self.ir.entry_block(r))
    }

    fn elem_of(&self, ty: Type) -> Result<(Elem, Vec<i64>), HostError> {
        let ctx = self.ir.ctx();
        match ctx.type_data(ty) {
            TypeData::MemRef { shape, element, .. } => {
                let e = match ctx.type_data(*element) {
                    TypeData::Float(FloatKind::F32) => Elem::F32,
                    TypeData::Float(FloatKind::F64) => Elem::F64,
                    TypeData::Index => Elem::Int(64),
                    TypeData::Integer { width, .. } => Elem::Int(*width),
                    _ => return Err(HostError::Unsupported("memref element type".into())),
                };
                Ok((e, shape.clone()))
            }
            _ => Err(HostError::Unsupported("non-memref type".into())),
        }
    }

    fn offset(&self, m: usize, idx: &[i64]) -> Result<usize, HostError> {
        let mem = &self.mems[m];
        if idx.len() != mem.shape.len() {
            return Err(HostError::Fault(
                "index count does not match the rank".into(),
            ));
        }
        let mut lin = 0i64;
        for (k, &i) in idx.iter().enumerate() {
            if i < 0 || i >= mem.shape[k] {
                return Err(HostError::Fault(format!(
                    "index {i} out of bounds for dimension {k} of size {}",
                    mem.shape[k]
                )));
            }
            lin = lin * mem.shape[k] + i;
        }
        Ok(lin as usize * mem.elem.size())
    }

    fn op(&mut self, op: Op, env: &mut FxHashMap<Value, V>) -> Result<Option<Flow>, HostError> {
        if self.fuel == 0 {
            return Err(HostError::Fault(
                "out of fuel (the program runs too long)".into(),
            ));
        }
        self.fuel -= 1;
        let ir = self.ir;
        let name = ir.op_name(op);
        let operands = ir.operands(op);
        let results = ir.results(op);
        let mut ops = Vec::with_capacity(operands.len());
        for &o in operands {
            ops.push(self.get(env, o)?);
        }
        let rty = results.first().map(|&r| ir.value_type(r));
        let width = rty.and_then(|t| int_width(ir, t)).unwrap_or(64);
        let f32r = rty.is_some_and(|t| is_f32(ir, t));
        let ri = |v: i64| V::I(norm(v, width));
        let rf = |v: f64| V::F(if f32r { v as f32 as f64 } else { v });
        let i = |k: usize| match ops[k] {
            V::I(x) => x,
            _ => 0,
        };
        let f = |k: usize| match ops[k] {
            V::F(x) => x,
            _ => 0.0,
        };
        let u = |k: usize, w: u32| -> u64 {
            let x = i(k) as u64;
            if w >= 64 {
                x
            } else {
                x & ((1u64 << w) - 1)
            }
        };
        let ow = operands
            .first()
            .and_then(|&o| int_width(ir, ir.value_type(o)))
            .unwrap_or(64);
        let div0 = || HostError::Fault(format!("division by zero in '{name}'"));
        let value: Option<V> = match name {
            "arith.constant" => {
                let a = ir.attr(op, "value").map(|a| ir.ctx().attr_data(a).clone());
                match a {
                    Some(AttrData::Integer { value, .. }) => Some(ri(value as i64)),
                    Some(AttrData::Float { bits, ty }) => Some(match ir.ctx().type_data(ty) {
                        TypeData::Float(FloatKind::F32) => V::F(f32::from_bits(bits as u32) as f64),
                        _ => V::F(f64::from_bits(bits as u64)),
                    }),
                    _ => return Err(HostError::Unsupported("arith.constant of this kind".into())),
                }
            }
            "arith.addi" => Some(ri(i(0).wrapping_add(i(1)))),
            "arith.subi" => Some(ri(i(0).wrapping_sub(i(1)))),
            "arith.muli" => Some(ri(i(0).wrapping_mul(i(1)))),
            "arith.divsi" => Some(ri(i(0).checked_div(i(1)).ok_or_else(div0)?)),
            "arith.remsi" => Some(ri(i(0).checked_rem(i(1)).ok_or_else(div0)?)),
            "arith.divui" => Some(ri(u(0, ow).checked_div(u(1, ow)).ok_or_else(div0)? as i64)),
            "arith.remui" => Some(ri(u(0, ow).checked_rem(u(1, ow)).ok_or_else(div0)? as i64)),
            "arith.ceildivsi" => {
                let (a, b) = (i(0), i(1));
                if b == 0 {
                    return Err(div0());
                }
                let q = a / b;
                Some(ri(if a % b != 0 && ((a < 0) == (b < 0)) {
                    q + 1
                } else {
                    q
                }))
            }
            "arith.floordivsi" => {
                let (a, b) = (i(0), i(1));
                if b == 0 {
                    return Err(div0());
                }
                Some(ri(
                    a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 }
                ))
            }
            "arith.andi" => Some(ri(i(0) & i(1))),
            "arith.ori" => Some(ri(i(0) | i(1))),
            "arith.xori" => Some(ri(i(0) ^ i(1))),
            "arith.shli" => Some(ri(i(0).wrapping_shl(i(1) as u32))),
            "arith.shrsi" => Some(ri(i(0).wrapping_shr(i(1) as u32))),
            "arith.shrui" => Some(ri((u(0, ow) >> (i(1) as u32).min(63)) as i64)),
            "arith.maxsi" => Some(ri(i(0).max(i(1)))),
            "arith.minsi" => Some(ri(i(0).min(i(1)))),
            "arith.maxui" => Some(ri(u(0, ow).max(u(1, ow)) as i64)),
            "arith.minui" => Some(ri(u(0, ow).min(u(1, ow)) as i64)),
            "arith.addf" => Some(rf(f(0) + f(1))),
            "arith.subf" => Some(rf(f(0) - f(1))),
            "arith.mulf" => Some(rf(f(0) * f(1))),
            "arith.divf" => Some(rf(f(0) / f(1))),
            "arith.remf" => Some(rf(f(0) % f(1))),
            "arith.negf" => Some(rf(-f(0))),
            "arith.maximumf" => Some(rf(if f(0).is_nan() || f(1).is_nan() {
                f64::NAN
            } else {
                f(0).max(f(1))
            })),
            "arith.minimumf" => Some(rf(if f(0).is_nan() || f(1).is_nan() {
                f64::NAN
            } else {
                f(0).min(f(1))
            })),
            "arith.maxnumf" => Some(rf(f(0).max(f(1)))),
            "arith.minnumf" => Some(rf(f(0).min(f(1)))),
            "arith.cmpi" => {
                let p = ir
                    .attr(op, "predicate")
                    .and_then(|a| ir.ctx().int_value(a))
                    .unwrap_or(0);
                let (a, b) = (i(0), i(1));
                let (ua, ub) = (u(0, ow), u(1, ow));
                let r = match p {
                    0 => a == b,
                    1 => a != b,
                    2 => a < b,
                    3 => a <= b,
                    4 => a > b,
                    5 => a >= b,
                    6 => ua < ub,
                    7 => ua <= ub,
                    8 => ua > ub,
                    _ => ua >= ub,
                };
                Some(V::I(if r { -1 } else { 0 }))
            }
            "arith.cmpf" => {
                let p = ir
                    .attr(op, "predicate")
                    .and_then(|a| ir.ctx().int_value(a))
                    .unwrap_or(0);
                let (a, b) = (f(0), f(1));
                let uno = a.is_nan() || b.is_nan();
                let r = match p {
                    0 => false,
                    1 => !uno && a == b,
                    2 => !uno && a > b,
                    3 => !uno && a >= b,
                    4 => !uno && a < b,
                    5 => !uno && a <= b,
                    6 => !uno && a != b,
                    7 => !uno,
                    8 => uno || a == b,
                    9 => uno || a > b,
                    10 => uno || a >= b,
                    11 => uno || a < b,
                    12 => uno || a <= b,
                    13 => uno || a != b,
                    14 => uno,
                    _ => true,
                };
                Some(V::I(if r { -1 } else { 0 }))
            }
            "arith.select" => Some(if i(0) != 0 { ops[1] } else { ops[2] }),
            "arith.index_cast" | "arith.extsi" | "arith.trunci" => Some(ri(i(0))),
            "arith.index_castui" | "arith.extui" => Some(ri(u(0, ow) as i64)),
            "arith.sitofp" => Some(rf(i(0) as f64)),
            "arith.uitofp" => Some(rf(u(0, ow) as f64)),
            "arith.fptosi" => Some(ri(f(0) as i64)),
            "arith.fptoui" => Some(ri(f(0) as u64 as i64)),
            "arith.extf" | "arith.truncf" => Some(rf(f(0))),
            "math.sqrt" => Some(rf(f(0).sqrt())),
            "math.rsqrt" => Some(rf(1.0 / f(0).sqrt())),
            "math.exp" => Some(rf(if f32r {
                (f(0) as f32).exp() as f64
            } else {
                f(0).exp()
            })),
            "math.exp2" => Some(rf(f(0).exp2())),
            "math.log" => Some(rf(f(0).ln())),
            "math.log2" => Some(rf(f(0).log2())),
            "math.sin" => Some(rf(f(0).sin())),
            "math.cos" => Some(rf(f(0).cos())),
            "math.tanh" => Some(rf(f(0).tanh())),
            "math.absf" => Some(rf(f(0).abs())),
            "math.absi" => Some(ri(i(0).wrapping_abs())),
            "math.floor" => Some(rf(f(0).floor())),
            "math.ceil" => Some(rf(f(0).ceil())),
            "math.powf" => Some(rf(f(0).powf(f(1)))),
            "math.fma" => Some(rf(f(0).mul_add(f(1), f(2)))),
            "memref.alloc" | "memref.alloca" => {
                let ty = ir.value_type(results[0]);
                let (elem, mut shape) = self.elem_of(ty)?;
                let mut dyn_sizes = ops.iter();
                for d in &mut shape {
                    if *d < 0 {
                        match dyn_sizes.next() {
                            Some(V::I(n)) if *n >= 0 => *d = *n,
                            _ => return Err(HostError::Fault("bad dynamic size".into())),
                        }
                    }
                }
                let n: i64 = shape.iter().product();
                self.mems.push(Mem {
                    elem,
                    shape,
                    bytes: vec![0; n as usize * elem.size()],
                });
                Some(V::M(self.mems.len() - 1))
            }
            "memref.dealloc" => None,
            "memref.cast" => Some(ops[0]),
            "memref.dim" => {
                let V::M(m) = ops[0] else {
                    return Err(HostError::Fault("memref.dim on a non-memref".into()));
                };
                let d = i(1) as usize;
                Some(V::I(*self.mems[m].shape.get(d).unwrap_or(&0)))
            }
            "memref.load" => {
                let V::M(m) = ops[0] else {
                    return Err(HostError::Fault("load from a non-memref".into()));
                };
                let idx: Vec<i64> = (1..ops.len()).map(i).collect();
                let at = self.offset(m, &idx)?;
                let mem = &self.mems[m];
                let b = &mem.bytes[at..at + mem.elem.size()];
                Some(match mem.elem {
                    Elem::F32 => V::F(f32::from_le_bytes(b.try_into().unwrap()) as f64),
                    Elem::F64 => V::F(f64::from_le_bytes(b.try_into().unwrap())),
                    Elem::Int(w) => {
                        let mut buf = [0u8; 8];
                        buf[..b.len()].copy_from_slice(b);
                        V::I(norm(i64::from_le_bytes(buf), w))
                    }
                })
            }
            "memref.store" => {
                let V::M(m) = ops[1] else {
                    return Err(HostError::Fault("store to a non-memref".into()));
                };
                let idx: Vec<i64> = (2..ops.len()).map(i).collect();
                let at = self.offset(m, &idx)?;
                let mem = &mut self.mems[m];
                let size = mem.elem.size();
                let bytes: Vec<u8> = match (mem.elem, ops[0]) {
                    (Elem::F32, V::F(x)) => (x as f32).to_le_bytes().to_vec(),
                    (Elem::F64, V::F(x)) => x.to_le_bytes().to_vec(),
                    (Elem::Int(_), V::I(x)) => x.to_le_bytes()[..size].to_vec(),
                    _ => {
                        return Err(HostError::Fault(
                            "stored value does not match the memref".into(),
                        ))
                    }
                };
                mem.bytes[at..at + size].copy_from_slice(&bytes);
                None
            }
            "func.call" => {
                let callee = match ir.attr(op, "callee").map(|a| ir.ctx().attr_data(a)) {
                    Some(AttrData::SymbolRef { root, .. }) => ir.ctx().str(*root).to_string(),
                    _ => return Err(HostError::Unsupported("func.call without callee".into())),
                };
                let r = self.call(&callee, &ops)?;
                for (&res, v) in results.iter().zip(r) {
                    env.insert(res, v);
                }
                None
            }
            "func.return" => return Ok(Some(Flow::Return(ops))),
            "scf.yield" => return Ok(Some(Flow::Yield(ops))),
            "scf.for" => {
                let (lb, ub, step) = (i(0), i(1), i(2));
                let body = self
                    .region_block(op, 0)
                    .ok_or_else(|| HostError::Fault("scf.for without body".into()))?;
                let args = ir.block_args(body).to_vec();
                let mut carried: Vec<V> = ops[3..].to_vec();
                let mut iv = lb;
                while iv < ub {
                    env.insert(args[0], V::I(iv));
                    for (&a, &v) in args[1..].iter().zip(&carried) {
                        env.insert(a, v);
                    }
                    if let Flow::Yield(v) = self.block(body, env)? {
                        carried = v;
                    }
                    iv += step;
                }
                for (&res, v) in results.iter().zip(carried) {
                    env.insert(res, v);
                }
                None
            }
            "scf.if" => {
                let which = if i(0) != 0 { 0 } else { 1 };
                let vals = match self.region_block(op, which) {
                    Some(b) => match self.block(b, env)? {
                        Flow::Yield(v) => v,
                        Flow::Return(_) => vec![],
                    },
                    None => vec![],
                };
                for (&res, v) in results.iter().zip(vals) {
                    env.insert(res, v);
                }
                None
            }
            "gpu.launch_func" => {
                self.launch(op, &ops)?;
                None
            }
            other => return Err(HostError::Unsupported(other.to_string())),
        };
        if let (Some(v), Some(&r)) = (value, results.first()) {
            env.insert(r, v);
        }
        Ok(None)
    }

    fn launch(&mut self, op: Op, ops: &[V]) -> Result<(), HostError> {
        let ir = self.ir;
        let name = match ir.attr(op, "kernel").map(|a| ir.ctx().attr_data(a)) {
            Some(AttrData::SymbolRef { root, nested }) if nested.len() == 1 => {
                format!("{}::{}", ir.ctx().str(*root), ir.ctx().str(nested[0]))
            }
            _ => {
                return Err(HostError::Unsupported(
                    "gpu.launch_func kernel reference".into(),
                ))
            }
        };
        let kernel = *self
            .kernels
            .get(&name)
            .ok_or_else(|| HostError::Fault(format!("kernel '{name}' was not emitted")))?;
        let dims: Vec<i64> = ops[..6]
            .iter()
            .map(|v| if let V::I(x) = v { *x } else { 0 })
            .collect();
        for d in 0..3 {
            if dims[3 + d] != kernel.workgroup_size[d] as i64 {
                return Err(HostError::Fault(format!(
                    "launch of '{name}' with block size {:?}, the kernel was compiled for {:?}",
                    &dims[3..],
                    kernel.workgroup_size
                )));
            }
        }
        let grid = [dims[0] as u32, dims[1] as u32, dims[2] as u32];
        // The kernel operands follow the 6 sizes (no async deps, clusters or smem here).
        let kargs = &ops[6..];
        let mut owned: Vec<Vec<u8>> = Vec::new();
        let mut mem_of: Vec<Option<usize>> = Vec::new();
        for v in kargs {
            if let V::M(m) = v {
                owned.push(self.mems[*m].bytes.clone());
                mem_of.push(Some(*m));
            } else {
                mem_of.push(None);
            }
        }
        let arg_types: Vec<Type> = ir.operands(op)[6..]
            .iter()
            .map(|&v| ir.value_type(v))
            .collect();
        {
            let mut it = owned.iter_mut();
            let mut args: Vec<KernelArg<'_>> = Vec::new();
            for (k, v) in kargs.iter().enumerate() {
                args.push(match v {
                    V::M(_) => KernelArg::Memref(it.next().expect("one buffer per memref")),
                    V::I(x) => KernelArg::Int(*x),
                    V::F(x) => {
                        if is_f32(ir, arg_types[k]) {
                            KernelArg::F32(*x as f32)
                        } else {
                            KernelArg::F64(*x)
                        }
                    }
                });
            }
            let t = self.gpu.dispatch(kernel, grid, &mut args)?;
            if let Some(t) = t {
                self.kernel_time = Some(self.kernel_time.unwrap_or_default() + t);
            }
            let k = match self.per_kernel.iter().position(|(n, _, _)| *n == name) {
                Some(k) => k,
                None => {
                    self.per_kernel.push((name.clone(), 0, None));
                    self.per_kernel.len() - 1
                }
            };
            let e = &mut self.per_kernel[k];
            e.1 += 1;
            if let Some(t) = t {
                e.2 = Some(e.2.unwrap_or_default() + t);
            }
        }
        let mut it = owned.into_iter();
        for m in mem_of.into_iter().flatten() {
            let bytes = it.next().expect("one buffer per memref");
            self.mems[m].bytes = bytes;
        }
        self.launches += 1;
        Ok(())
    }
}

enum Flow {
    Return(Vec<V>),
    Yield(Vec<V>),
}
