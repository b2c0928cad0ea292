//! What the tuner knows about a kernel: which function it is, its fingerprint (a stable
//! hash of its canonical printed IR), its problem sizes, and the loop band it tunes (the
//! deepest perfect `affine.for` nest with constant trip counts) with every affine access
//! inside it as linear subscripts over the band's induction variables.
//!
//! Invariants: `band.trips` has one positive entry per band loop, outermost first;
//! `band.inner_trips` has one per constant-trip loop nested inside the band (not tuned,
//! pre-order); every `Access::coeffs` row has exactly `band.trips.len() +
//! band.inner_trips.len()` entries (band IVs, then inner IVs); the fingerprint depends
//! only on the kernel function's printed text, so equal kernels in different files share
//! tuning records.

use lattice_affine::analysis::dependence;
use lattice_affine::loops::constant_trip_count;
use lattice_dialects::func;
use lattice_ir::printer::{print_op, type_to_string, PrintOptions};
use lattice_ir::{AttrData, Ir, Op, Value, WalkOrder};

/// One affine access of the band, its subscripts as coefficients of the band IVs.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    /// Index of the accessed memref among the band's distinct memrefs.
    pub memref: usize,
    /// Whether the access writes.
    pub is_write: bool,
    /// Per subscript: the coefficient of each band IV, then of each inner loop's IV (0
    /// when the subscript does not use it or is not linear in it).
    pub coeffs: Vec<Vec<i64>>,
    /// Size of one element in bytes.
    pub elem_bytes: u64,
}

/// The loop band the tuner transforms.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Band {
    /// Constant trip counts, outermost first.
    pub trips: Vec<i64>,
    /// Trip counts of the constant-trip loops nested inside the band's innermost loop
    /// (pre-order; the tuner does not transform them but the cost model counts them).
    pub inner_trips: Vec<i64>,
    /// Affine accesses nested anywhere in the band.
    pub accesses: Vec<Access>,
    /// Iterations of loops enclosing the band inside the kernel (e.g. time steps).
    pub outer_trips: i64,
    /// Number of top-level loop nests in the kernel that share this band shape.
    pub copies: usize,
    /// Number of top-level loop nests in the kernel (what `poly-schedule` may fuse).
    pub nests: usize,
}

/// A kernel: the function whose call `main` makes and whose loops are tuned.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The function's symbol name, without `@`.
    pub name: String,
    /// 16 hex digits of FNV-1a over the function's canonical printed text.
    pub fingerprint: String,
    /// The argument types, comma-separated (the problem sizes).
    pub sizes: String,
    /// The tuned band.
    pub band: Band,
}

/// FNV-1a, 64 bits: stable across runs, platforms and Rust versions (unlike `DefaultHasher`).
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The `sym_name` of a `func.func`.
pub fn func_name(ir: &Ir, op: Op) -> Option<String> {
    match ir.ctx().attr_data(ir.attr(op, "sym_name")?) {
        AttrData::String(s) => Some(String::from_utf8_lossy(s).into_owned()),
        _ => None,
    }
}

/// The `func.func` ops directly in `module`.
pub fn functions(ir: &Ir, module: Op) -> Vec<Op> {
    let mut out = Vec::new();
    for &r in ir.regions(module) {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if ir.isa::<func::Func>(op) {
                    out.push(op);
                }
            }
        }
    }
    out
}

/// The callee names of `func.call` ops inside `op`.
pub fn callees(ir: &Ir, op: Op) -> Vec<String> {
    let mut out = Vec::new();
    for o in ir.walk_ops(op, WalkOrder::PreOrder) {
        if !ir.isa::<func::Call>(o) {
            continue;
        }
        if let Some(a) = ir.attr(o, "callee") {
            if let AttrData::SymbolRef { root, .. } = ir.ctx().attr_data(a) {
                out.push(ir.ctx().str(*root).to_string());
            }
        }
    }
    out
}

fn has_body(ir: &Ir, f: Op) -> bool {
    ir.regions(f)
        .first()
        .is_some_and(|&r| !ir.region_is_empty(r))
}

/// Picks the kernel: `requested` if given, else the function called from `main` that holds
/// the most `affine.for` ops. Errors are messages for the user.
pub fn pick_kernel(ir: &Ir, module: Op, requested: Option<&str>) -> Result<Op, String> {
    let funcs = functions(ir, module);
    let by_name = |n: &str| {
        funcs
            .iter()
            .copied()
            .find(|&f| func_name(ir, f).as_deref() == Some(n))
    };
    let main = by_name("main").ok_or("the program has no @main function to run")?;
    let called = callees(ir, main);
    if let Some(name) = requested {
        let f = by_name(name).ok_or(format!("no function named @{name} in the program"))?;
        if !has_body(ir, f) {
            return Err(format!("@{name} is a declaration, not a kernel"));
        }
        if !called.iter().any(|c| c == name) {
            return Err(format!(
                "@main does not call @{name}, so its time cannot be measured"
            ));
        }
        return Ok(f);
    }
    let mut best: Option<(usize, Op)> = None;
    for name in &called {
        let Some(f) = by_name(name) else { continue };
        if !has_body(ir, f) || name == "main" {
            continue;
        }
        let loops = ir
            .walk_ops(f, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.isa::<lattice_affine::views::AffineFor>(o))
            .count();
        if loops > 0 && best.is_none_or(|(n, _)| loops > n) {
            best = Some((loops, f));
        }
    }
    best.map(|(_, f)| f).ok_or_else(|| {
        "no function called from @main contains affine.for loops; name one with --kernel"
            .to_string()
    })
}

fn body_ops(ir: &Ir, l: Op) -> Vec<Op> {
    let Some(&r) = ir.regions(l).first() else {
        return Vec::new();
    };
    let Some(b) = ir.entry_block(r) else {
        return Vec::new();
    };
    ir.block_ops(b).collect()
}

/// The perfect band starting at `l`: `l` and, while a loop's body is exactly one
/// `affine.for` and its terminator, that loop; stops at loops without constant trip counts.
fn perfect_band(ir: &Ir, l: Op) -> Vec<Op> {
    let mut band = vec![l];
    let mut cur = l;
    loop {
        let ops = body_ops(ir, cur);
        let loops: Vec<Op> = ops
            .iter()
            .copied()
            .filter(|&o| ir.isa::<lattice_affine::views::AffineFor>(o))
            .collect();
        if ops.len() == 2 && loops.len() == 1 && constant_trip_count(ir, loops[0]).is_some() {
            band.push(loops[0]);
            cur = loops[0];
        } else {
            return band;
        }
    }
}

fn elem_bytes(ir: &Ir, memref: Value) -> u64 {
    let ctx = ir.ctx();
    let el = ctx.element_type(ir.value_type(memref));
    if let Some(w) = ctx.int_width(el) {
        return (w as u64).div_ceil(8).max(1);
    }
    match type_to_string(ctx, el).as_str() {
        "f64" | "index" | "i64" => 8,
        "f16" | "bf16" => 2,
        _ => 4,
    }
}

/// Analyses `kernel` (a `func.func`).
pub fn analyse(ir: &Ir, kernel: Op) -> Kernel {
    let name = func_name(ir, kernel).unwrap_or_default();
    let text = print_op(ir, kernel, PrintOptions::default());
    let fingerprint = format!("{:016x}", fnv1a(&text));
    let sizes = ir
        .regions(kernel)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| {
            ir.block_args(b)
                .iter()
                .map(|&v| type_to_string(ir.ctx(), ir.value_type(v)))
                .collect::<Vec<_>>()
                .join(",")
        })
        .unwrap_or_default();
    // The deepest perfect band with constant trip counts; ties go to the most iterations.
    let mut best: Option<(Vec<Op>, i64)> = None;
    let mut shapes: Vec<Vec<i64>> = Vec::new();
    for l in ir.walk_ops(kernel, WalkOrder::PreOrder) {
        if !ir.isa::<lattice_affine::views::AffineFor>(l) || constant_trip_count(ir, l).is_none() {
            continue;
        }
        // Only bands that start at a nest root or below a non-perfect parent.
        if let Some(p) = ir.parent_op(l) {
            if ir.isa::<lattice_affine::views::AffineFor>(p) && perfect_band(ir, p).contains(&l) {
                continue;
            }
        }
        let band = perfect_band(ir, l);
        let trips: Vec<i64> = band
            .iter()
            .map(|&b| constant_trip_count(ir, b).unwrap_or(1))
            .collect();
        shapes.push(trips.clone());
        let work: i64 = trips.iter().product();
        let better = match &best {
            None => true,
            Some((b, w)) => band.len() > b.len() || (band.len() == b.len() && work > *w),
        };
        if better {
            best = Some((band, work));
        }
    }
    let mut band = Band {
        nests: ir
            .walk_ops(kernel, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| {
                ir.isa::<lattice_affine::views::AffineFor>(o) && ir.parent_op(o) == Some(kernel)
            })
            .count(),
        ..Band::default()
    };
    if let Some((loops, _)) = best {
        band.trips = loops
            .iter()
            .map(|&b| constant_trip_count(ir, b).unwrap_or(1))
            .collect();
        band.copies = shapes.iter().filter(|s| **s == band.trips).count();
        band.outer_trips = dependence::enclosing_loops(ir, loops[0])
            .iter()
            .map(|&o| constant_trip_count(ir, o).unwrap_or(1).max(1))
            .product();
        let innermost = *loops.last().expect("a band has a loop");
        let nested: Vec<Op> = ir
            .walk_ops(innermost, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| o != innermost && ir.isa::<lattice_affine::views::AffineFor>(o))
            .filter(|&o| constant_trip_count(ir, o).is_some())
            .collect();
        band.inner_trips = nested
            .iter()
            .map(|&o| constant_trip_count(ir, o).unwrap_or(1).max(1))
            .collect();
        let ivs: Vec<Value> = loops
            .iter()
            .chain(&nested)
            .map(|&l| {
                let r = ir.regions(l)[0];
                ir.block_args(ir.entry_block(r).expect("affine.for has a body"))[0]
            })
            .collect();
        let mut memrefs: Vec<Value> = Vec::new();
        for o in ir.walk_ops(loops[0], WalkOrder::PreOrder) {
            let Some(acc) = dependence::access(ir, o) else {
                continue;
            };
            let memref = match memrefs.iter().position(|&m| m == acc.memref) {
                Some(i) => i,
                None => {
                    memrefs.push(acc.memref);
                    memrefs.len() - 1
                }
            };
            let ctx = ir.ctx();
            let nd = ctx.map_num_dims(acc.map);
            let ns = ctx.map_num_symbols(acc.map);
            let mut coeffs = Vec::new();
            for &e in ctx.map_results(acc.map) {
                let mut row = vec![0i64; ivs.len()];
                if let Some((flat, _)) = ctx.flatten_expr(e, nd, ns) {
                    for (pos, &operand) in acc.indices.iter().enumerate() {
                        if let Some(k) = ivs.iter().position(|&iv| iv == operand) {
                            if let Some(c) = flat.get(pos) {
                                row[k] += *c;
                            }
                        }
                    }
                }
                coeffs.push(row);
            }
            band.accesses.push(Access {
                memref,
                is_write: acc.is_write,
                coeffs,
                elem_bytes: elem_bytes(ir, acc.memref),
            });
        }
    }
    Kernel {
        name,
        fingerprint,
        sizes,
        band,
    }
}
