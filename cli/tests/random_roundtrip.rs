//! Property test: randomly generated affine/arith/scf/memref programs round-trip.
//!
//! For each seed a program is generated (nested `affine.for` with constant, symbolic and
//! `max`/`min` bounds, steps and `iter_args`; `affine.if` with else; `affine.load/store`
//! and `affine.apply/min/max` over random affine expressions; `arith` ops of several
//! types; `scf.for`/`scf.if`; `memref.alloc/dealloc`). Properties checked:
//! 1. `lattice opt` accepts it and accepts its own output;
//! 2. when mlir-opt 22 is installed, Lattice prints exactly what mlir-opt prints, both for
//!    the program and for the printed program; printing is idempotent
//!    (print(parse(print(x))) == print(x)) wherever mlir-opt's printing is (without
//!    mlir-opt, idempotence is required everywhere).
//! Programs are batched with `// -----` so each tool runs once per batch. A failure names
//! the seed and shows the program.

mod common;

use common::require_tool;
use std::io::Write;
use std::process::{Command, Stdio};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

struct Gen {
    rng: Rng,
    out: String,
    next_id: usize,
    /// Values in scope by type name.
    scopes: Vec<Vec<(String, &'static str)>>,
    /// Loop induction variables in scope (valid affine dims).
    ivs: Vec<String>,
    depth: usize,
}

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("%{prefix}{}", self.next_id)
    }
    fn indent(&self) -> String {
        "  ".repeat(self.depth + 1)
    }
    fn values(&self, ty: &str) -> Vec<String> {
        self.scopes
            .iter()
            .flatten()
            .filter(|(_, t)| *t == ty)
            .map(|(v, _)| v.clone())
            .collect()
    }
    fn define(&mut self, v: String, ty: &'static str) {
        self.scopes.last_mut().unwrap().push((v, ty));
    }
    fn line(&mut self, text: &str) {
        let ind = self.indent();
        self.out.push_str(&ind);
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A random affine expression over `dims` named d0.. and `syms` named s0...
    fn expr(&mut self, dims: usize, syms: usize, depth: u32) -> String {
        let leaf = |g: &mut Gen| -> String {
            let k = g.rng.below(10);
            if k < 5 && dims > 0 {
                format!("d{}", g.rng.below(dims as u64))
            } else if k < 7 && syms > 0 {
                format!("s{}", g.rng.below(syms as u64))
            } else {
                g.rng.range(-8, 16).to_string()
            }
        };
        if depth == 0 || self.rng.chance(35) {
            return leaf(self);
        }
        let a = self.expr(dims, syms, depth - 1);
        match self.rng.below(7) {
            0 | 1 => format!("{a} + {}", self.expr(dims, syms, depth - 1)),
            2 => format!("{a} - {}", self.expr(dims, syms, depth - 1)),
            3 => format!("({a}) * {}", self.rng.range(-3, 5)),
            4 => format!("({a}) floordiv {}", self.rng.range(1, 8)),
            5 => format!("({a}) ceildiv {}", self.rng.range(1, 8)),
            _ => format!("({a}) mod {}", self.rng.range(1, 8)),
        }
    }

    fn map(&mut self, dims: usize, syms: usize, results: usize) -> String {
        let ds: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let ss: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
        let rs: Vec<String> = (0..results).map(|_| self.expr(dims, syms, 2)).collect();
        let sym_part = if syms > 0 {
            format!("[{}]", ss.join(", "))
        } else {
            String::new()
        };
        format!(
            "affine_map<({}){} -> ({})>",
            ds.join(", "),
            sym_part,
            rs.join(", ")
        )
    }

    /// Dim operands (IVs) and symbol operands (the function's index arguments).
    fn dim_sym_operands(&mut self) -> (Vec<String>, Vec<String>) {
        let nd = self.rng.below(self.ivs.len().min(2) as u64 + 1) as usize;
        let dims: Vec<String> = (0..nd)
            .map(|_| self.rng.pick(&self.ivs.clone()).clone())
            .collect();
        let ns = self.rng.below(2) as usize;
        let syms: Vec<String> = (0..ns).map(|_| "%n".to_string()).collect();
        (dims, syms)
    }

    fn apply_like(&mut self) {
        let (dims, syms) = self.dim_sym_operands();
        let op = *self.rng.pick(&["affine.apply", "affine.min", "affine.max"]);
        let results = if op == "affine.apply" {
            1
        } else {
            self.rng.range(1, 3) as usize
        };
        let map = self.map(dims.len(), syms.len(), results);
        let v = self.fresh("a");
        let sym_part = if syms.is_empty() {
            String::new()
        } else {
            format!("[{}]", syms.join(", "))
        };
        self.line(&format!("{v} = {op} {map}({}){sym_part}", dims.join(", ")));
        self.define(v, "index");
    }

    fn index_list(&mut self) -> String {
        // Indices for memref<16x16xf32>: affine expressions of IVs and %n.
        let mut parts = Vec::new();
        for _ in 0..2 {
            let mut e = match self.ivs.len() {
                0 => self.rng.range(0, 15).to_string(),
                _ => self.rng.pick(&self.ivs.clone()).clone(),
            };
            match self.rng.below(5) {
                0 => e = format!("{e} + {}", self.rng.range(1, 3)),
                1 => e = format!("{e} * 2"),
                2 => e = format!("{e} + symbol(%n)"),
                3 if self.ivs.len() > 1 => e = format!("{e} + {}", self.ivs[0]),
                _ => {}
            }
            parts.push(e);
        }
        parts.join(", ")
    }

    fn arith(&mut self) {
        let ty = *self.rng.pick(&["f32", "i32", "index", "f64"]);
        let existing = self.values(ty);
        if existing.len() < 2 || self.rng.chance(30) {
            let v = self.fresh("c");
            let lit = match ty {
                "f32" | "f64" => {
                    let choices = [
                        "0.0",
                        "1.0",
                        "-2.5",
                        "0.1",
                        "3.14159265358979",
                        "1.0e10",
                        "6.0e-3",
                        "255.0",
                    ];
                    self.rng.pick(&choices).to_string()
                }
                _ => self.rng.range(-300, 300).to_string(),
            };
            self.line(&format!("{v} = arith.constant {lit} : {ty}"));
            self.define(v, ty);
            return;
        }
        let a = self.rng.pick(&existing).clone();
        let b = self.rng.pick(&existing).clone();
        let v = self.fresh("v");
        if ty.starts_with('f') {
            let op = *self
                .rng
                .pick(&["addf", "subf", "mulf", "divf", "maximumf", "minnumf"]);
            let fm = if self.rng.chance(20) {
                " fastmath<fast>"
            } else {
                ""
            };
            self.line(&format!("{v} = arith.{op} {a}, {b}{fm} : {ty}"));
            self.define(v, ty);
        } else if self.rng.chance(25) {
            let pred = *self
                .rng
                .pick(&["eq", "ne", "slt", "sle", "sgt", "ult", "uge"]);
            self.line(&format!("{v} = arith.cmpi {pred}, {a}, {b} : {ty}"));
            self.define(v.clone(), "i1");
            let w = self.fresh("s");
            self.line(&format!("{w} = arith.select {v}, {a}, {b} : {ty}"));
            self.define(w, ty);
        } else {
            let op = *self.rng.pick(&[
                "addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui",
            ]);
            self.line(&format!("{v} = arith.{op} {a}, {b} : {ty}"));
            self.define(v, ty);
        }
    }

    fn bound(&mut self, lower: bool) -> String {
        match self.rng.below(4) {
            0 | 1 => self.rng.range(if lower { 0 } else { 1 }, 20).to_string(),
            2 => "%n".to_string(),
            _ => {
                let (dims, syms) = self.dim_sym_operands();
                let results = self.rng.range(1, 3) as usize;
                let map = self.map(dims.len(), syms.len(), results);
                let kw = if lower { "max" } else { "min" };
                let sym_part = if syms.is_empty() {
                    String::new()
                } else {
                    format!("[{}]", syms.join(", "))
                };
                format!("{kw} {map}({}){sym_part}", dims.join(", "))
            }
        }
    }

    fn block(&mut self, items: usize) {
        for _ in 0..items {
            let k = self.rng.below(100);
            if self.depth < 3 && k < 18 {
                self.affine_for();
            } else if self.depth < 3 && k < 26 {
                self.affine_if();
            } else if self.depth < 3 && k < 30 {
                self.scf_for();
            } else if k < 45 {
                let v = self.fresh("l");
                let idx = self.index_list();
                self.line(&format!("{v} = affine.load %A[{idx}] : memref<16x16xf32>"));
                self.define(v, "f32");
            } else if k < 55 {
                let vals = self.values("f32");
                let v = self.rng.pick(&vals).clone();
                let idx = self.index_list();
                self.line(&format!("affine.store {v}, %A[{idx}] : memref<16x16xf32>"));
            } else if k < 65 && !self.ivs.is_empty() {
                self.apply_like();
            } else if k < 68 {
                let m = self.fresh("m");
                self.line(&format!("{m} = memref.alloc() : memref<8xf32>"));
                self.line(&format!("memref.dealloc {m} : memref<8xf32>"));
            } else {
                self.arith();
            }
        }
    }

    fn affine_for(&mut self) {
        let iv = self.fresh("i");
        let lb = self.bound(true);
        let ub = self.bound(false);
        let step = if self.rng.chance(30) {
            format!(" step {}", self.rng.range(2, 4))
        } else {
            String::new()
        };
        let with_iter = self.rng.chance(25);
        let head = if with_iter {
            let r = self.fresh("r");
            let acc = self.fresh("acc");
            let init = self.rng.pick(&self.values("f32")).clone();
            let text = format!(
                "{r} = affine.for {iv} = {lb} to {ub}{step} iter_args({acc} = {init}) -> (f32) {{"
            );
            self.line(&text);
            Some((r, acc))
        } else {
            self.line(&format!("affine.for {iv} = {lb} to {ub}{step} {{"));
            None
        };
        self.depth += 1;
        self.scopes.push(Vec::new());
        self.ivs.push(iv);
        if let Some((_, acc)) = &head {
            self.define(acc.clone(), "f32");
        }
        let n = self.rng.range(1, 4) as usize;
        self.block(n);
        if let Some((_, acc)) = &head {
            let l = self.fresh("l");
            let idx = self.index_list();
            self.line(&format!("{l} = affine.load %A[{idx}] : memref<16x16xf32>"));
            let s = self.fresh("sum");
            self.line(&format!("{s} = arith.addf {acc}, {l} : f32"));
            self.line(&format!("affine.yield {s} : f32"));
        }
        self.ivs.pop();
        self.scopes.pop();
        self.depth -= 1;
        self.line("}");
        if let Some((r, _)) = head {
            self.define(r, "f32");
        }
    }

    fn affine_if(&mut self) {
        let (dims, syms) = self.dim_sym_operands();
        let nc = self.rng.range(1, 3);
        let ds: Vec<String> = (0..dims.len()).map(|i| format!("d{i}")).collect();
        let ss: Vec<String> = (0..syms.len()).map(|i| format!("s{i}")).collect();
        let mut cs = Vec::new();
        for _ in 0..nc {
            let e = self.expr(dims.len(), syms.len(), 2);
            let rel = if self.rng.chance(20) { "==" } else { ">=" };
            cs.push(format!("{e} {rel} 0"));
        }
        let sym_decl = if ss.is_empty() {
            String::new()
        } else {
            format!("[{}]", ss.join(", "))
        };
        let sym_use = if syms.is_empty() {
            String::new()
        } else {
            format!("[{}]", syms.join(", "))
        };
        self.line(&format!(
            "affine.if affine_set<({}){} : ({})>({}){} {{",
            ds.join(", "),
            sym_decl,
            cs.join(", "),
            dims.join(", "),
            sym_use
        ));
        self.depth += 1;
        self.scopes.push(Vec::new());
        let n = self.rng.range(1, 3) as usize;
        self.block(n);
        self.scopes.pop();
        self.depth -= 1;
        if self.rng.chance(40) {
            self.line("} else {");
            self.depth += 1;
            self.scopes.push(Vec::new());
            self.block(1);
            self.scopes.pop();
            self.depth -= 1;
        }
        self.line("}");
    }

    fn scf_for(&mut self) {
        let iv = self.fresh("j");
        let (lo, hi, st) = (self.fresh("lo"), self.fresh("hi"), self.fresh("st"));
        self.line(&format!("{lo} = arith.constant 0 : index"));
        let trip = self.rng.range(1, 9);
        self.line(&format!("{hi} = arith.constant {trip} : index"));
        self.line(&format!("{st} = arith.constant 1 : index"));
        self.line(&format!("scf.for {iv} = {lo} to {hi} step {st} {{"));
        self.depth += 1;
        self.scopes.push(Vec::new());
        self.define(iv, "index");
        self.block(2);
        self.scopes.pop();
        self.depth -= 1;
        self.line("}");
    }
}

/// Generates one program for `seed`.
fn program(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng::new(seed),
        out: String::new(),
        next_id: 0,
        scopes: vec![Vec::new()],
        ivs: Vec::new(),
        depth: 0,
    };
    g.out.push_str(&format!(
        "func.func @kernel{seed}(%A: memref<16x16xf32>, %n: index, %x: f32) -> f32 {{\n"
    ));
    g.define("%x".into(), "f32");
    g.define("%n".into(), "index");
    let n = g.rng.range(2, 7) as usize;
    g.block(n);
    let vals = g.values("f32");
    let ret = g.rng.pick(&vals).clone();
    g.line(&format!("return {ret} : f32"));
    g.out.push_str("}\n");
    g.out
}

fn run(tool: &str, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(tool)
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn chunks(text: &str) -> Vec<&str> {
    text.split("// -----\n").collect()
}

#[test]
fn random_programs_round_trip() {
    let lattice = env!("CARGO_BIN_EXE_lattice");
    let count: u64 = std::env::var("LATTICE_RANDOM_PROGRAMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let seeds: Vec<u64> = (1..=count).collect();
    let programs: Vec<String> = seeds.iter().map(|&s| program(s)).collect();
    let batch = programs.join("// -----\n");
    let split = ["opt", "-", "--split-input-file"];
    let (ok, l1, err) = run(lattice, &split, &batch);
    assert!(ok, "lattice rejected generated programs:\n{err}");
    let (ok, l2, err) = run(lattice, &split, &l1);
    assert!(ok, "lattice rejected its own output:\n{err}");
    let (l1c, l2c) = (chunks(&l1), chunks(&l2));
    assert_eq!(l1c.len(), programs.len());
    if require_tool(
        MLIR_OPT,
        "the mlir-opt oracle (idempotence is still checked)",
    )
    .is_none()
    {
        for (i, (x, y)) in l1c.iter().zip(&l2c).enumerate() {
            assert_eq!(
                x, y,
                "printing is not idempotent for seed {}:\n{}",
                seeds[i], programs[i]
            );
        }
        return;
    }
    // Oracle: Lattice must print what mlir-opt prints, on the program and on its own
    // output. Idempotence is required wherever mlir-opt is idempotent: MLIR's affine
    // expression constructors reorder `(x + c) + y` on reparse, so mlir-opt itself is not
    // a fixpoint on a few programs, and matching it byte for byte wins there.
    let (ok, m1, err) = run(MLIR_OPT, &["-", "--split-input-file"], &batch);
    assert!(
        ok,
        "mlir-opt rejected generated programs (generator bug):\n{err}"
    );
    let (ok, m2, err) = run(MLIR_OPT, &["-", "--split-input-file"], &m1);
    assert!(ok, "mlir-opt rejected its own output:\n{err}");
    let (m1c, m2c) = (chunks(&m1), chunks(&m2));
    let mut failures = Vec::new();
    let mut upstream_not_idempotent = 0;
    for i in 0..programs.len() {
        if m1c[i] != m2c[i] {
            upstream_not_idempotent += 1;
        }
        let problem = if l1c[i] != m1c[i] {
            Some(("first print differs from mlir-opt", l1c[i], m1c[i]))
        } else if l2c[i] != m2c[i] {
            Some((
                "second print differs from mlir-opt's second print",
                l2c[i],
                m2c[i],
            ))
        } else if m1c[i] == m2c[i] && l1c[i] != l2c[i] {
            Some(("printing is not idempotent", l2c[i], l1c[i]))
        } else {
            None
        };
        if let Some(p) = problem {
            failures.push((i, p));
        }
    }
    eprintln!(
        "{upstream_not_idempotent} of {} programs are not a fixpoint of mlir-opt itself",
        programs.len()
    );
    if let Some(&(i, (what, x, y))) = failures.first() {
        let line = x
            .lines()
            .zip(y.lines())
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        panic!(
            "{} of {} programs fail; first: seed {}: {what} at output line {}:\n  lattice:  {}\n  expected: {}\nprogram:\n{}",
            failures.len(),
            programs.len(),
            seeds[i],
            line + 1,
            x.lines().nth(line).unwrap_or(""),
            y.lines().nth(line).unwrap_or(""),
            programs[i]
        );
    }
}

#[test]
fn generator_programs_are_valid_for_mlir_opt() {
    if require_tool(MLIR_OPT, "this test").is_none() {
        return;
    }
    let batch: Vec<String> = (1000..1050).map(program).collect();
    let (ok, _, err) = run(
        MLIR_OPT,
        &["-", "--split-input-file"],
        &batch.join("// -----\n"),
    );
    assert!(ok, "{err}");
}

/// `LATTICE_SHOW_PROGRAM=<seed> cargo test -p lattice-cli --test random_roundtrip show -- --nocapture`
/// prints one generated program (for debugging a reported seed).
#[test]
fn show() {
    if let Some(seed) = std::env::var("LATTICE_SHOW_PROGRAM")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        println!("{}", program(seed));
    }
}
