#!/usr/bin/env python3
"""Generate a large, valid MLIR file of affine code for parse/verify/print throughput benchmarks.

    scripts/gen_bench.py --mb 30 -o target/bench/bench-30mb.mlir [--seed 1] [--validate]

The output is deterministic for a given (--mb, --seed): same bytes on every run and machine.
It contains, at the top, `#mapN = affine_map<...>` and `#setN = affine_set<...>` aliases, then many
`func.func`s made of:
  * nested `affine.for` loops with constant bounds, symbol bounds, single-result map bounds,
    `max`/`min` multi-result map bounds (through the aliases), steps, and occasionally `iter_args`;
  * `affine.load` / `affine.store` with affine index expressions (`*`, `+`, `-`, `floordiv`, `mod`,
    `symbol(...)`);
  * `arith` ops: `constant`, `addf`, `mulf`, `addi`, `cmpi`, `select`;
  * `affine.if` (with and without `else`, with and without results) over `affine_set` aliases;
  * `affine.apply` over map aliases, whose results are used as dimensions;
  * `scf.for` with `iter_args` (body uses `memref.load` since its induction variable is not affine);
  * `memref.alloc` / `memref.dealloc` of local buffers.
Upstream `mlir-opt` accepts the output (check with --validate, which runs it).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys

N = 512          # static memref extent used throughout
F32_2D = f"memref<{N}x{N}xf32>"
F32_1D = f"memref<{N}xf32>"
I32_1D = f"memref<{N}xi32>"
DYN_2D = "memref<?x?xf32>"

FUNC_ARGS = [
    ("%A", F32_2D), ("%B", F32_2D), ("%C", F32_1D), ("%D", DYN_2D), ("%E", I32_1D),
    ("%n", "index"), ("%m", "index"),
]
SYMBOLS = ["%n", "%m"]          # index function arguments: valid affine symbols
F32_MEMREFS = [("%A", 2, F32_2D), ("%B", 2, F32_2D), ("%C", 1, F32_1D), ("%D", 2, DYN_2D)]


# ---------------------------------------------------------------------------------------------
# Affine expressions (for map/set aliases: d0.., s0..; for load/store indices: SSA names)
# ---------------------------------------------------------------------------------------------

def render_sum(terms: list[tuple[int, str]], const: int) -> str:
    """terms: (coefficient, atom) with a positive first coefficient; renders `a * 2 + b - 3`."""
    out = ""
    for k, (c, atom) in enumerate(terms):
        mag = abs(c)
        body = atom if mag == 1 else f"{atom} * {mag}"
        if k == 0:
            assert c > 0
            out = body
        else:
            out += (" - " if c < 0 else " + ") + body
    if const:
        out += (" - " if const < 0 else " + ") + str(abs(const))
    return out


def rand_expr(rng: random.Random, dims: list[str], syms: list[str], max_terms: int = 2,
              allow_div: bool = True) -> str:
    """A random affine expression over the given atoms (at least one dim is used)."""
    nterms = rng.randint(1, min(max_terms, len(dims)))
    chosen = rng.sample(dims, nterms)
    terms = [(rng.choice([1, 1, 1, 2, 4]), chosen[0])]
    for d in chosen[1:]:
        terms.append((rng.choice([1, 1, 2, -1, 3]), d))
    if syms and rng.random() < 0.15:
        terms.append((rng.choice([1, -1]), rng.choice(syms)))
    const = rng.choice([0, 0, 0, 1, 2, 3, -1, -2, 5, 8])
    e = render_sum(terms, const)
    if allow_div and rng.random() < 0.15:
        op = rng.choice(["floordiv", "mod", "ceildiv"]) if dims[0].startswith("d") else \
            rng.choice(["floordiv", "mod"])
        e = f"({e}) {op} {rng.choice([2, 4, 8, 16])}" if len(terms) > 1 or const else \
            f"{e} {op} {rng.choice([2, 4, 8, 16])}"
    return e


class Aliases:
    """The `#mapN` / `#setN` alias pool at the top of the file, grouped by use."""

    def __init__(self, rng: random.Random, per_kind: int = 12):
        self.lines: list[str] = []
        self.count = 0
        self.set_count = 0
        # name -> (ndims, nsyms)
        self.lb_single: list[tuple[str, int, int]] = []
        self.ub_single: list[tuple[str, int, int]] = []
        self.lb_max: list[tuple[str, int, int]] = []
        self.ub_min: list[tuple[str, int, int]] = []
        self.apply: list[tuple[str, int, int]] = []
        self.sets: list[tuple[str, int, int]] = []
        for _ in range(per_kind):
            self._bound_maps(rng)
            self._apply_map(rng)
            self._set(rng)

    def _map(self, nd: int, ns: int, results: list[str]) -> str:
        name = f"#map{self.count}"
        self.count += 1
        dims = ", ".join(f"d{i}" for i in range(nd))
        syms = ("[" + ", ".join(f"s{i}" for i in range(ns)) + "]") if ns else ""
        self.lines.append(f"{name} = affine_map<({dims}){syms} -> ({', '.join(results)})>")
        return name

    def _bound_maps(self, rng: random.Random) -> None:
        # Single-result lower bound: e.g. triangular loops `affine.for %j = #m(%i) to ...`.
        off = rng.choice([0, 1, 2, 4])
        self.lb_single.append((self._map(1, 0, [render_sum([(1, "d0")], off)]), 1, 0))
        # Single-result upper bound with a symbol: `to #m(%i)[%n]`.
        tile = rng.choice([4, 8, 16, 32, 64])
        self.ub_single.append((self._map(1, 1, [f"d0 + {tile}"]), 1, 0 + 1))
        # max lower bound (>= 2 results): `max #m(%i)[%n]`.
        nd = rng.choice([1, 1, 2])
        res = ["0", render_sum([(rng.choice([1, 2, 4]), "d0")], -rng.choice([1, 2, 8, 16]))]
        if nd == 2:
            res.append("d0 + d1 - s0")
        else:
            res.append(rng.choice(["d0 - s0", "s0 floordiv 2", "d0 floordiv 2"]))
        self.lb_max.append((self._map(nd, 1, res), nd, 1))
        # min upper bound: `min #m(%i)[%n]`.
        nd = rng.choice([1, 1, 2])
        res = [f"d0 + {rng.choice([8, 16, 32, 64])}", "s0", str(N)]
        if nd == 2:
            res.append(f"d1 * 2 + {rng.choice([1, 3, 7])}")
        rng.shuffle(res)
        self.ub_min.append((self._map(nd, 1, res), nd, 1))

    def _apply_map(self, rng: random.Random) -> None:
        nd = rng.choice([1, 2, 2, 3])
        ns = rng.choice([0, 0, 1])
        dims = [f"d{i}" for i in range(nd)]
        syms = [f"s{i}" for i in range(ns)]
        e = rand_expr(rng, dims, syms, max_terms=nd)
        if "d0" not in e and "d1" not in e and "d2" not in e:
            e = "d0"
        self.apply.append((self._map(nd, ns, [e]), nd, ns))

    def _set(self, rng: random.Random) -> None:
        nd = rng.choice([1, 2, 2])
        ns = 1
        cons = []
        cons.append(rng.choice(["d0 >= 0", "d0 - 1 >= 0", "d0 - 4 >= 0", "d0 - 10 >= 0"]))
        cons.append(f"s0 - d0 - 1 >= 0")
        if nd == 2:
            cons.append(rng.choice(["d0 - d1 >= 0", "d1 - d0 * 2 + 3 >= 0", "d0 + d1 - s0 >= 0"]))
        if rng.random() < 0.3:
            cons.append(f"d0 mod {rng.choice([2, 4])} == 0")
        if rng.random() < 0.3:
            cons.append(f"-d0 + {rng.choice([100, 200, 511])} >= 0")
        name = f"#set{self.set_count}"
        self.set_count += 1
        dims = ", ".join(f"d{i}" for i in range(nd))
        self.lines.append(f"{name} = affine_set<({dims})[s0] : ({', '.join(cons)})>")
        self.sets.append((name, nd, ns))


# ---------------------------------------------------------------------------------------------
# Function bodies
# ---------------------------------------------------------------------------------------------

class FuncGen:
    def __init__(self, rng: random.Random, aliases: Aliases, out: list[str]):
        self.rng = rng
        self.al = aliases
        self.out = out
        self.ssa = 0
        self.iv = 0
        self.start = len(out)
        self.budget = 0

    def over_budget(self) -> bool:
        return len(self.out) - self.start > self.budget

    def fresh(self, prefix: str = "%v") -> str:
        self.ssa += 1
        return f"{prefix}{self.ssa}"

    def emit(self, ind: int, s: str) -> None:
        self.out.append("  " * ind + s)

    # -- helpers -------------------------------------------------------------------------------

    def operands(self, nd: int, ns: int, dims: list[str]) -> str:
        pool = dims if dims else SYMBOLS
        ds = [self.rng.choice(pool) for _ in range(nd)]
        ss = [self.rng.choice(SYMBOLS) for _ in range(ns)]
        s = "(" + ", ".join(ds) + ")"
        if ns:
            s += "[" + ", ".join(ss) + "]"
        return s

    def index_list(self, rank: int, dims: list[str]) -> str:
        pool = dims if dims else SYMBOLS
        idx = []
        for _ in range(rank):
            if self.rng.random() < 0.35:
                idx.append(self.rng.choice(pool))
            else:
                e = rand_expr(self.rng, pool, [], max_terms=2)
                if self.rng.random() < 0.1:
                    e += f" + symbol({self.rng.choice(SYMBOLS)})"
                idx.append(e)
        return ", ".join(idx)

    def load(self, ind: int, dims: list[str]) -> str:
        name, rank, ty = self.rng.choice(F32_MEMREFS)
        v = self.fresh()
        self.emit(ind, f"{v} = affine.load {name}[{self.index_list(rank, dims)}] : {ty}")
        return v

    def store(self, ind: int, val: str, dims: list[str]) -> None:
        name, rank, ty = self.rng.choice(F32_MEMREFS)
        self.emit(ind, f"affine.store {val}, {name}[{self.index_list(rank, dims)}] : {ty}")

    def arith_chain(self, ind: int, vals: list[str], consts: list[str]) -> str:
        a = self.rng.choice(vals)
        b = self.rng.choice(vals + consts)
        v = self.fresh()
        self.emit(ind, f"{v} = arith.mulf {a}, {b} : f32")
        w = self.fresh()
        self.emit(ind, f"{w} = arith.addf {v}, {self.rng.choice(vals + consts)} : f32")
        return w

    # -- statements ----------------------------------------------------------------------------

    def compute_block(self, ind: int, dims: list[str], fconsts: list[str], iconsts: list[str]) -> str:
        vals = [self.load(ind, dims) for _ in range(self.rng.randint(1, 3))]
        r = self.arith_chain(ind, vals, fconsts)
        if len(dims) >= 2 and self.rng.random() < 0.4:
            c = self.fresh("%cmp")
            self.emit(ind, f"{c} = arith.cmpi {self.rng.choice(['slt', 'sle', 'sgt', 'eq', 'ne', 'ult'])}, "
                           f"{dims[-1]}, {dims[-2]} : index")
            s = self.fresh()
            self.emit(ind, f"{s} = arith.select {c}, {r}, {vals[0]} : f32")
            r = s
        if self.rng.random() < 0.25:
            i = self.fresh("%int")
            pool = dims if dims else SYMBOLS
            self.emit(ind, f"{i} = affine.load %E[{self.index_list(1, pool)}] : {I32_1D}")
            j = self.fresh("%int")
            self.emit(ind, f"{j} = arith.addi {i}, {i} : i32")
            self.emit(ind, f"affine.store {j}, %E[{self.index_list(1, pool)}] : {I32_1D}")
        if self.rng.random() < 0.2:
            t = self.fresh("%idx")
            self.emit(ind, f"{t} = arith.addi {self.rng.choice(dims or SYMBOLS)}, "
                           f"{self.rng.choice(iconsts)} : index")
        self.store(ind, r, dims)
        return r

    def stmt(self, ind: int, depth: int, dims: list[str], fconsts, iconsts) -> None:
        r = self.rng.random()
        if self.over_budget():
            # Keep function sizes in a narrow band: no more nesting once over budget.
            depth = 0
            r = max(r, 0.67)
        if depth > 0 and r < 0.45:
            self.for_loop(ind, depth, dims, fconsts, iconsts)
        elif r < 0.55 and dims:
            self.affine_if(ind, depth, dims, fconsts, iconsts)
        elif r < 0.62 and dims:
            self.scf_loop(ind, dims, fconsts, iconsts)
        elif r < 0.67:
            self.local_buffer(ind, dims, fconsts)
        else:
            self.compute_block(ind, dims, fconsts, iconsts)

    def body(self, ind: int, depth: int, dims: list[str], fconsts, iconsts) -> None:
        dims = list(dims)
        if dims and self.rng.random() < 0.35:
            name, nd, ns = self.rng.choice(self.al.apply)
            a = self.fresh("%a")
            self.emit(ind, f"{a} = affine.apply {name}{self.operands(nd, ns, dims)}")
            dims.append(a)
        for _ in range(self.rng.randint(1, 3)):
            self.stmt(ind, depth - 1, dims, fconsts, iconsts)

    def for_loop(self, ind: int, depth: int, dims: list[str], fconsts, iconsts) -> None:
        self.iv += 1
        iv = f"%i{self.iv}"
        rng = self.rng
        k = rng.random()
        if not dims or k < 0.3:
            lb, ub = str(rng.choice([0, 0, 0, 1, 2])), str(rng.choice([16, 32, 64, 128, N]))
        elif k < 0.45:
            lb, ub = rng.choice(["0", rng.choice(iconsts)]), rng.choice(SYMBOLS)
        elif k < 0.65:
            n, nd, ns = rng.choice(self.al.lb_single)
            lb = f"{n}{self.operands(nd, ns, dims)}"
            n, nd, ns = rng.choice(self.al.ub_single)
            ub = f"{n}{self.operands(nd, ns, dims)}"
        else:
            n, nd, ns = rng.choice(self.al.lb_max)
            lb = f"max {n}{self.operands(nd, ns, dims)}"
            n, nd, ns = rng.choice(self.al.ub_min)
            ub = f"min {n}{self.operands(nd, ns, dims)}"
        step = f" step {rng.choice([2, 4, 8])}" if rng.random() < 0.2 else ""
        if rng.random() < 0.12:
            # Reduction through iter_args.
            acc = self.fresh("%acc")
            res = self.fresh("%red")
            self.emit(ind, f"{res} = affine.for {iv} = {lb} to {ub}{step} "
                           f"iter_args({acc} = {rng.choice(fconsts)}) -> (f32) {{")
            v = self.load(ind + 1, dims + [iv])
            s = self.fresh()
            self.emit(ind + 1, f"{s} = arith.addf {acc}, {v} : f32")
            self.emit(ind + 1, f"affine.yield {s} : f32")
            self.emit(ind, "}")
            self.store(ind, res, dims or SYMBOLS)
            return
        self.emit(ind, f"affine.for {iv} = {lb} to {ub}{step} {{")
        self.body(ind + 1, depth, dims + [iv], fconsts, iconsts)
        self.emit(ind, "}")

    def affine_if(self, ind: int, depth: int, dims: list[str], fconsts, iconsts) -> None:
        n, nd, ns = self.rng.choice(self.al.sets)
        cond = f"{n}{self.operands(nd, ns, dims)}"
        if self.rng.random() < 0.3:
            a = self.load(ind, dims)
            r = self.fresh()
            self.emit(ind, f"{r} = affine.if {cond} -> f32 {{")
            x = self.fresh()
            self.emit(ind + 1, f"{x} = arith.mulf {a}, {self.rng.choice(fconsts)} : f32")
            self.emit(ind + 1, f"affine.yield {x} : f32")
            self.emit(ind, "} else {")
            self.emit(ind + 1, f"affine.yield {a} : f32")
            self.emit(ind, "}")
            self.store(ind, r, dims)
            return
        self.emit(ind, f"affine.if {cond} {{")
        self.body(ind + 1, max(depth - 1, 0), dims, fconsts, iconsts)
        if self.rng.random() < 0.5:
            self.emit(ind, "} else {")
            self.compute_block(ind + 1, dims, fconsts, iconsts)
        self.emit(ind, "}")

    def scf_loop(self, ind: int, dims: list[str], fconsts, iconsts) -> None:
        init = self.load(ind, dims)
        k = self.fresh("%k")
        acc = self.fresh("%acc")
        res = self.fresh("%sum")
        self.emit(ind, f"{res} = scf.for {k} = %c0 to %c16 step %c1 iter_args({acc} = {init}) -> (f32) {{")
        x = self.fresh()
        self.emit(ind + 1, f"{x} = memref.load %C[{k}] : {F32_1D}")
        y = self.fresh()
        self.emit(ind + 1, f"{y} = arith.mulf {x}, {acc} : f32")
        z = self.fresh()
        self.emit(ind + 1, f"{z} = arith.addf {y}, {self.rng.choice(fconsts)} : f32")
        self.emit(ind + 1, f"scf.yield {z} : f32")
        self.emit(ind, "}")
        self.store(ind, res, dims)

    def local_buffer(self, ind: int, dims: list[str], fconsts) -> None:
        buf = self.fresh("%buf")
        dyn = self.rng.random() < 0.3
        ty = "memref<?xf32>" if dyn else "memref<64xf32>"
        self.emit(ind, f"{buf} = memref.alloc({self.rng.choice(SYMBOLS) if dyn else ''}) : {ty}")
        self.iv += 1
        iv = f"%i{self.iv}"
        self.emit(ind, f"affine.for {iv} = 0 to 64 {{")
        v = self.load(ind + 1, dims + [iv])
        self.emit(ind + 1, f"affine.store {v}, {buf}[{iv}] : {ty}")
        w = self.fresh()
        self.emit(ind + 1, f"{w} = affine.load {buf}[{iv} floordiv 2] : {ty}")
        x = self.fresh()
        self.emit(ind + 1, f"{x} = arith.addf {v}, {w} : f32")
        self.store(ind + 1, x, dims + [iv])
        self.emit(ind, "}")
        self.emit(ind, f"memref.dealloc {buf} : {ty}")

    def function(self, idx: int) -> None:
        self.ssa = 0
        self.iv = 0
        self.start = len(self.out)
        self.budget = self.rng.randint(40, 160)   # soft limit on lines per function
        args = ", ".join(f"{n}: {t}" for n, t in FUNC_ARGS)
        self.emit(0, f"func.func @kernel_{idx}({args}) {{")
        fconsts = ["%cst0", "%cst1", "%cst2"]
        self.emit(1, "%cst0 = arith.constant 0.000000e+00 : f32")
        self.emit(1, f"%cst1 = arith.constant {self.rng.choice(['1.500000e+00', '2.000000e+00', '5.000000e-01'])} : f32")
        self.emit(1, f"%cst2 = arith.constant {self.rng.choice(['-1.000000e+00', '3.140000e+00', '1.000000e-03'])} : f32")
        self.emit(1, "%c0 = arith.constant 0 : index")
        self.emit(1, "%c1 = arith.constant 1 : index")
        self.emit(1, "%c16 = arith.constant 16 : index")
        iconsts = ["%c0", "%c1", "%c16"]
        for _ in range(self.rng.randint(1, 3)):
            self.for_loop(1, self.rng.randint(2, 4), [], fconsts, iconsts)
        self.emit(1, "return")
        self.emit(0, "}")


# ---------------------------------------------------------------------------------------------

def generate(mb: float, seed: int) -> str:
    rng = random.Random(seed)
    aliases = Aliases(rng)
    target = int(mb * 1024 * 1024)
    header = [
        f"// Generated by scripts/gen_bench.py --mb {mb:g} --seed {seed}; deterministic, do not edit.",
        "// Throughput benchmark input for `lattice opt` vs `mlir-opt` (see bench/README.md).",
        *aliases.lines,
        "",
    ]
    parts = ["\n".join(header) + "\n"]
    size = len(parts[0])
    idx = 0
    while size < target:
        lines: list[str] = []
        FuncGen(rng, aliases, lines).function(idx)
        chunk = "\n".join(lines) + "\n\n"
        parts.append(chunk)
        size += len(chunk)
        idx += 1
    return "".join(parts)


def find_mlir_opt() -> str | None:
    env = os.environ.get("MLIR_OPT")
    if env:
        return env
    for cand in ("/usr/lib/llvm-22/bin/mlir-opt", shutil.which("mlir-opt")):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=30.0, help="approximate size in MiB (default 30)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    ap.add_argument("--validate", action="store_true",
                    help="check that mlir-opt (env MLIR_OPT) accepts the output")
    args = ap.parse_args()
    if args.mb <= 0:
        ap.error("--mb must be positive")

    text = generate(args.mb, args.seed)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        d = os.path.dirname(os.path.abspath(args.output))
        os.makedirs(d, exist_ok=True)
        tmp = args.output + ".partial"
        with open(tmp, "w", encoding="ascii") as f:
            f.write(text)
        os.replace(tmp, args.output)
        print(f"wrote {args.output}: {len(text)} bytes, {text.count('func.func')} functions",
              file=sys.stderr)

    if args.validate:
        if args.output == "-":
            print("--validate needs -o FILE", file=sys.stderr)
            return 2
        tool = find_mlir_opt()
        if not tool:
            print("warning: mlir-opt not found; not validated", file=sys.stderr)
            return 0
        p = subprocess.run([tool, args.output, "-o", "/dev/null"], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"mlir-opt REJECTS {args.output}:\n{p.stderr[:4000]}", file=sys.stderr)
            return 1
        print(f"mlir-opt accepts {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
