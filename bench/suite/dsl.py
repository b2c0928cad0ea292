#!/usr/bin/env python3
"""Translates the benchmark suite's kernel descriptions (a Python-syntax loop language) to affine MLIR.

Invariants: the emitted code performs exactly the operations the description spells out, in
the same order (C semantics: int/int division truncates, `%` is the C remainder, an int operand
of a float operation is converted first), so an MLIR run and the C program it mirrors compute
bit-identical results. Loop variables are affine; they are used as `affine.for` bounds and
`affine.load`/`affine.store` subscripts, and materialised with `affine.apply` only where an
arithmetic value is needed. Scalars are SSA values; a scalar assigned inside a loop and defined
before it becomes an `iter_args` value of that loop.

The language (one function per description):
  for i in range(LO, HI):           affine loop; `range(HI, LO, -1)` runs HI down to LO+1
  for i in range(max(a, b), min(c, d)):  max/min bounds
  if AFFINE_COND: ... else: ...     affine.if (conditions on loop variables and constants,
                                    joined with `and`); no scalar may be assigned inside
  A[i, j] = e, A[i][j] += e         stores (e: float or int expression)
  s = e, s += e                     scalars
  return e                          the function returns e (f64)
Expressions: + - * / %, unary -, comparisons, `and`/`or` on comparisons, `a if c else b`
(arith.select), sqrt/exp/pow (math), float(e) (to the element type), double(e) (to f64),
int(e) (to i32), names of loop variables, scalars, parameters and size constants.
"""

import ast

FLOAT_TYPES = ("f64", "f32")
INT_TYPES = ("index", "i32", "i8", "i64")


def mlir_float(v):
    """A float literal MLIR parses back to exactly v (a '.' is required before an exponent)."""
    s = repr(float(v))
    return s.replace("e", ".0e") if "e" in s and "." not in s else s


class Affine:
    """A linear expression over loop-variable SSA names: {name: coeff}, plus a constant."""

    def __init__(self, terms=None, const=0):
        self.terms = {k: v for k, v in (terms or {}).items() if v != 0}
        self.const = const

    def add(self, other, sign=1):
        t = dict(self.terms)
        for k, v in other.terms.items():
            t[k] = t.get(k, 0) + sign * v
        return Affine(t, self.const + sign * other.const)

    def scale(self, c):
        return Affine({k: v * c for k, v in self.terms.items()}, self.const * c)

    def render(self, names):
        """The expression in MLIR syntax; `names` maps an SSA name to its printed form."""
        parts = []
        for k, v in self.terms.items():
            n = names(k)
            parts.append((n if v == 1 else f"{n} * {v}"))
        if self.const or not parts:
            parts.append(str(self.const))
        return " + ".join(parts).replace("+ -", "- ")

    def map_and_operands(self):
        ops = list(self.terms)
        dims = {k: f"d{i}" for i, k in enumerate(ops)}
        return self.render(lambda k: dims[k]), ops


class Fn:
    """One MLIR function being emitted."""

    def __init__(self, gen, name, args, ret):
        self.gen, self.name, self.args, self.ret = gen, name, args, ret
        self.lines, self.n, self.consts = [], 0, {}

    def tmp(self):
        self.n += 1
        return f"%_{self.n}"


class Gen:
    """Compiles descriptions; `arrays` maps a name to (shape list, element type)."""

    def __init__(self, sizes, dtype):
        self.sizes, self.dtype = sizes, dtype

    # ---- entry point -------------------------------------------------------------------
    def function(self, name, src, arrays, params, ret=None):
        """`params`: [(name, type)] scalar arguments; `arrays`: [(name, shape, elem)]."""
        args = [(p, t) for p, t in params] + [(a, self.memref(s, e)) for a, s, e in arrays]
        fn = Fn(self, name, args, ret)
        self.arrays = {a: (s, e) for a, s, e in arrays}
        env = {p: (f"%{p}", t) for p, t in params}
        self.fn, self.indent = fn, 1
        body = ast.parse(src).body
        self.block(body, env)
        if ret is None:
            self.emit("return")
        sig = ", ".join(
            f"%{a}: {t}" + (" {llvm.noalias}" if t.startswith("memref") else "") for a, t in args
        )
        head = f"func.func @{name}({sig})" + (f" -> {ret}" if ret else "") + " {"
        consts = ["  " + c for c in fn.consts.values()]
        return "\n".join([head] + consts + fn.lines + ["}"])

    def memref(self, shape, elem):
        return "memref<" + "x".join(str(self.size(d)) for d in shape) + f"x{elem}>"

    def size(self, d):
        return d if isinstance(d, int) else eval(d, {}, dict(self.sizes))

    def emit(self, line):
        self.fn.lines.append("  " * self.indent + line)

    def const(self, value, ty):
        key = (repr(value), ty)
        if key not in self.fn.consts:
            name = f"%c{len(self.fn.consts)}"
            lit = mlir_float(value) if ty in FLOAT_TYPES else str(int(value))
            self.fn.consts[key] = f"{name} = arith.constant {lit} : {ty}"
        return self.fn.consts[key].split(" = ")[0]

    # ---- statements --------------------------------------------------------------------
    def block(self, stmts, env):
        for s in stmts:
            self.stmt(s, env)

    def stmt(self, s, env):
        if isinstance(s, ast.For):
            self.loop(s, env)
        elif isinstance(s, ast.If):
            self.cond(s, env)
        elif isinstance(s, (ast.Assign, ast.AugAssign)):
            self.assign(s, env)
        elif isinstance(s, ast.Return):
            v, t = self.expr(s.value, env)
            v = self.convert(v, t, "f64")
            self.emit(f"return {v} : f64")
        elif isinstance(s, ast.Pass):
            pass
        else:
            raise SyntaxError(f"line {s.lineno}: unsupported statement")

    def assign(self, s, env):
        target = s.targets[0] if isinstance(s, ast.Assign) else s.target
        value = s.value
        if isinstance(s, ast.AugAssign):
            value = ast.BinOp(left=target, op=s.op, right=s.value)
        if isinstance(target, ast.Name):
            env[target.id] = self.expr(value, env)
            return
        arr, idx = self.subscript(target)
        v, t = self.expr(value, env)
        elem = self.arrays[arr][1]
        v = self.convert(v, t, elem)
        subs = ", ".join(self.affine(i, env).render(lambda k: k) for i in idx)
        self.emit(f"affine.store {v}, %{arr}[{subs}] : {self.memref(*self.arrays[arr])}")

    def assigned(self, stmts):
        out = []
        for s in stmts:
            for n in ast.walk(s):
                if isinstance(n, (ast.Assign, ast.AugAssign)):
                    t = n.targets[0] if isinstance(n, ast.Assign) else n.target
                    if isinstance(t, ast.Name) and t.id not in out:
                        out.append(t.id)
        return out

    def bound(self, node, env, kind):
        if isinstance(node, ast.Call) and node.func.id in ("max", "min"):
            parts = [self.affine(a, env) for a in node.args]
        else:
            parts = [self.affine(node, env)]
        if all(not p.terms for p in parts) and len(parts) == 1:
            return str(parts[0].const)
        ops = []
        for p in parts:
            ops += [k for k in p.terms if k not in ops]
        dims = {k: f"d{i}" for i, k in enumerate(ops)}
        exprs = ", ".join(p.render(lambda k: dims[k]) for p in parts)
        prefix = (kind + " ") if len(parts) > 1 else ""
        d = ", ".join(dims.values())
        return f"{prefix}affine_map<({d}) -> ({exprs})>({', '.join(ops)})"

    def loop(self, s, env):
        args = s.iter.args
        var = s.target.id
        reverse = len(args) == 3
        if reverse:  # range(HI, LO, -1): i = HI - r, r in [0, HI - LO)
            hi, lo = self.affine(args[0], env), self.affine(args[1], env)
            lb, ub = "0", None
            count = hi.add(lo, -1)
            if count.terms:
                raise SyntaxError("reverse loops need constant trip counts")
            ub = str(count.const)
        else:
            lb, ub = self.bound(args[0], env, "max"), self.bound(args[1], env, "min")
        iv = self.fn.tmp().replace("%_", f"%{var}_")
        carried = [n for n in self.assigned(s.body) if n in env and not n.startswith("%aff")]
        inner = dict(env)
        inner[var] = ("affine", Affine({iv: 1}) if not reverse else Affine({iv: -1}, hi.const))
        if carried:
            res = self.fn.tmp()
            inits = ", ".join(f"{self.fn.tmp()} = {env[c][0]}" for c in carried)
            names = [x.split(" = ")[0] for x in inits.split(", ")]
            tys = ", ".join(env[c][1] for c in carried)
            self.emit(f"{res}:{len(carried)} = affine.for {iv} = {lb} to {ub} iter_args({inits}) -> ({tys}) {{")
            for c, n in zip(carried, names):
                inner[c] = (n, env[c][1])
        else:
            self.emit(f"affine.for {iv} = {lb} to {ub} {{")
        self.indent += 1
        self.block(s.body, inner)
        if carried:
            vals = ", ".join(self.convert(*inner[c], env[c][1]) for c in carried)
            self.emit(f"affine.yield {vals} : {tys}")
        self.indent -= 1
        self.emit("}")
        for k, c in enumerate(carried):
            env[c] = (f"{res}#{k}", env[c][1])

    def cond(self, s, env):
        if self.assigned(s.body + s.orelse):
            raise SyntaxError(f"line {s.lineno}: scalar assigned under if")
        cons = self.constraints(s.test, env)
        ops = []
        for c, _ in cons:
            ops += [k for k in c.terms if k not in ops]
        dims = {k: f"d{i}" for i, k in enumerate(ops)}
        text = ", ".join(f"{c.render(lambda k: dims[k])} {'==' if eq else '>='} 0" for c, eq in cons)
        d = ", ".join(dims.values())
        self.emit(f"affine.if affine_set<({d}) : ({text})>({', '.join(ops)}) {{")
        self.indent += 1
        self.block(s.body, dict(env))
        self.indent -= 1
        if s.orelse:
            self.emit("} else {")
            self.indent += 1
            self.block(s.orelse, dict(env))
            self.indent -= 1
        self.emit("}")

    def constraints(self, t, env):
        if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.And):
            return [c for v in t.values for c in self.constraints(v, env)]
        a, op, b = self.affine(t.left, env), t.ops[0], self.affine(t.comparators[0], env)
        if isinstance(op, ast.Lt):
            return [(b.add(a, -1).add(Affine(const=1), -1), False)]
        if isinstance(op, ast.LtE):
            return [(b.add(a, -1), False)]
        if isinstance(op, ast.Gt):
            return [(a.add(b, -1).add(Affine(const=1), -1), False)]
        if isinstance(op, ast.GtE):
            return [(a.add(b, -1), False)]
        if isinstance(op, ast.Eq):
            return [(a.add(b, -1), True)]
        raise SyntaxError("unsupported affine condition")

    # ---- affine expressions ------------------------------------------------------------
    def affine(self, n, env):
        if isinstance(n, ast.Constant) and isinstance(n.value, int):
            return Affine(const=n.value)
        if isinstance(n, ast.Name):
            if n.id in self.sizes:
                return Affine(const=self.sizes[n.id])
            if n.id in env and env[n.id][0] == "affine":
                return env[n.id][1]
            raise SyntaxError(f"{n.id} is not affine")
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            return self.affine(n.operand, env).scale(-1)
        if isinstance(n, ast.BinOp):
            a, b = self.affine(n.left, env), self.affine(n.right, env)
            if isinstance(n.op, ast.Add):
                return a.add(b)
            if isinstance(n.op, ast.Sub):
                return a.add(b, -1)
            if isinstance(n.op, ast.Mult):
                if not a.terms:
                    return b.scale(a.const)
                if not b.terms:
                    return a.scale(b.const)
        raise SyntaxError(f"line {n.lineno}: not an affine expression")

    def subscript(self, n):
        idx = []
        while isinstance(n, ast.Subscript):
            s = n.slice
            idx = (list(s.elts) if isinstance(s, ast.Tuple) else [s]) + idx
            n = n.value
        return n.id, idx

    # ---- value expressions -------------------------------------------------------------
    def op(self, text, ty):
        v = self.fn.tmp()
        self.emit(f"{v} = {text} : {ty}")
        return v

    def convert(self, v, t, to):
        if t == to:
            return v
        if t == "index":
            if to in FLOAT_TYPES:
                v, t = self.cast("arith.index_cast", v, "index", "i64"), "i64"
            else:
                return self.cast("arith.index_cast", v, "index", to)
        if t in INT_TYPES and to in FLOAT_TYPES:
            return self.cast("arith.sitofp", v, t, to)
        if t in FLOAT_TYPES and to in FLOAT_TYPES:
            return self.cast("arith.extf" if to == "f64" else "arith.truncf", v, t, to)
        if t in FLOAT_TYPES and to in INT_TYPES:
            return self.cast("arith.fptosi", v, t, to)
        if t in INT_TYPES and to in INT_TYPES:
            w = {"i8": 8, "i32": 32, "i64": 64}
            return self.cast("arith.extsi" if w[t] < w[to] else "arith.trunci", v, t, to)
        raise TypeError(f"cannot convert {t} to {to}")

    def cast(self, op, v, t, to):
        r = self.fn.tmp()
        self.emit(f"{r} = {op} {v} : {t} to {to}")
        return r

    def unify(self, a, b):
        (va, ta), (vb, tb) = a, b
        if ta in FLOAT_TYPES or tb in FLOAT_TYPES:
            t = "f64" if "f64" in (ta, tb) else "f32"
        elif "i32" in (ta, tb):
            t = "i32"
        else:
            t = "index"
        return self.convert(va, ta, t), self.convert(vb, tb, t), t

    def expr(self, n, env):
        if isinstance(n, ast.Constant):
            if isinstance(n.value, float):
                return self.const(n.value, self.dtype), self.dtype
            return self.const(n.value, "index"), "index"
        if isinstance(n, ast.Name):
            if n.id in self.sizes:
                return self.const(self.sizes[n.id], "index"), "index"
            v = env[n.id]
            if v[0] == "affine":
                return self.materialise(v[1]), "index"
            return v
        if isinstance(n, ast.Subscript):
            arr, idx = self.subscript(n)
            shape, elem = self.arrays[arr]
            subs = ", ".join(self.affine(i, env).render(lambda k: k) for i in idx)
            v = self.op(f"affine.load %{arr}[{subs}]", self.memref(shape, elem))
            if elem == "i8":
                return self.convert(v, "i8", "i32"), "i32"
            return v, elem
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            v, t = self.expr(n.operand, env)
            if t in FLOAT_TYPES:
                return self.op(f"arith.negf {v}", t), t
            z = self.const(0, t)
            return self.op(f"arith.subi {z}, {v}", t), t
        if isinstance(n, ast.BinOp):
            return self.binop(n, env)
        if isinstance(n, ast.Compare):
            return self.compare(n, env)
        if isinstance(n, ast.BoolOp):
            vals = [self.expr(v, env)[0] for v in n.values]
            op = "arith.andi" if isinstance(n.op, ast.And) else "arith.ori"
            acc = vals[0]
            for v in vals[1:]:
                acc = self.op(f"{op} {acc}, {v}", "i1")
            return acc, "i1"
        if isinstance(n, ast.IfExp):
            c, _ = self.expr(n.test, env)
            a, b, t = self.unify(self.expr(n.body, env), self.expr(n.orelse, env))
            return self.op(f"arith.select {c}, {a}, {b}", t), t
        if isinstance(n, ast.Call):
            return self.call(n, env)
        raise SyntaxError(f"line {n.lineno}: unsupported expression")

    def materialise(self, a):
        if len(a.terms) == 1 and a.const == 0 and list(a.terms.values())[0] == 1:
            return list(a.terms)[0]
        m, ops = a.map_and_operands()
        d = ", ".join(f"d{i}" for i in range(len(ops)))
        v = self.fn.tmp()
        self.emit(f"{v} = affine.apply affine_map<({d}) -> ({m})>({', '.join(ops)})")
        return v

    def binop(self, n, env):
        a, b, t = self.unify(self.expr(n.left, env), self.expr(n.right, env))
        fl = t in FLOAT_TYPES
        ops = {ast.Add: ("addf", "addi"), ast.Sub: ("subf", "subi"), ast.Mult: ("mulf", "muli"),
               ast.Div: ("divf", "divsi"), ast.Mod: ("remf", "remsi")}
        name = ops[type(n.op)][0 if fl else 1]
        return self.op(f"arith.{name} {a}, {b}", t), t

    def compare(self, n, env):
        a, b, t = self.unify(self.expr(n.left, env), self.expr(n.comparators[0], env))
        fl = t in FLOAT_TYPES
        preds = {ast.Lt: ("olt", "slt"), ast.LtE: ("ole", "sle"), ast.Gt: ("ogt", "sgt"),
                 ast.GtE: ("oge", "sge"), ast.Eq: ("oeq", "eq"), ast.NotEq: ("une", "ne")}
        p = preds[type(n.ops[0])][0 if fl else 1]
        r = self.fn.tmp()
        self.emit(f"{r} = arith.{'cmpf' if fl else 'cmpi'} {p}, {a}, {b} : {t}")
        return r, "i1"

    def call(self, n, env):
        f = n.func.id
        vals = [self.expr(a, env) for a in n.args]
        if f in ("float", "double", "int"):
            to = {"float": self.dtype, "double": "f64", "int": "i32"}[f]
            return self.convert(*vals[0], to), to
        if f in ("sqrt", "exp"):
            v, t = vals[0]
            v = self.convert(v, t, self.dtype)
            return self.op(f"math.{f} {v}", self.dtype), self.dtype
        if f == "pow":
            a = self.convert(*vals[0], self.dtype)
            b = self.convert(*vals[1], self.dtype)
            return self.op(f"math.powf {a}, {b}", self.dtype), self.dtype
        raise SyntaxError(f"unknown function {f}")


class CGen:
    """Emits the same description as C (the C twin): same operations, same order."""

    def __init__(self, sizes, dtype):
        self.sizes, self.dtype = sizes, dtype
        self.ctype = {"f64": "double", "f32": "float", "i32": "int", "i8": "signed char", "index": "int"}

    def function(self, name, src, arrays, params, ret=None):
        self.arrays = {a: (s, e) for a, s, e in arrays}
        args = [f"{self.ctype[t]} {p}" for p, t in params]
        args += [f"{self.ctype[e]} {a}" + "".join(f"[{self.size(d)}]" for d in s) for a, s, e in arrays]
        self.lines, self.decls, self.indent = [], {}, 1
        env = {p: t for p, t in params}
        self.block(ast.parse(src).body, env)
        head = f"static {'double' if ret else 'void'} {name}({', '.join(args)}) {{"
        decls = [f"  {self.ctype[t]} {v};" for v, t in self.decls.items()]
        return "\n".join([head] + decls + self.lines + ["}"])

    def size(self, d):
        return d if isinstance(d, int) else eval(d, {}, dict(self.sizes))

    def emit(self, s):
        self.lines.append("  " * self.indent + s)

    def block(self, stmts, env):
        for s in stmts:
            self.stmt(s, env)

    def stmt(self, s, env):
        if isinstance(s, ast.For):
            v = s.target.id
            a = s.iter.args
            if len(a) == 3:
                head = f"for (int {v} = {self.e(a[0], env)[0]}; {v} > {self.e(a[1], env)[0]}; {v}--)"
            else:
                head = f"for (int {v} = {self.bound(a[0], env, 'MAX')}; {v} < {self.bound(a[1], env, 'MIN')}; {v}++)"
            self.emit(head + " {")
            inner = dict(env)
            inner[v] = "index"
            self.indent += 1
            self.block(s.body, inner)
            self.indent -= 1
            self.emit("}")
            for k, t in inner.items():  # scalars first assigned in the body stay declared
                env.setdefault(k, t) if k in self.decls else None
        elif isinstance(s, ast.If):
            self.emit(f"if ({self.e(s.test, env)[0]}) {{")
            self.indent += 1
            self.block(s.body, dict(env))
            self.indent -= 1
            if s.orelse:
                self.emit("} else {")
                self.indent += 1
                self.block(s.orelse, dict(env))
                self.indent -= 1
            self.emit("}")
        elif isinstance(s, (ast.Assign, ast.AugAssign)):
            target = s.targets[0] if isinstance(s, ast.Assign) else s.target
            value = s.value
            if isinstance(s, ast.AugAssign):
                value = ast.BinOp(left=target, op=s.op, right=s.value)
            v, t = self.e(value, env)
            if isinstance(target, ast.Name):
                if target.id not in self.decls:
                    self.decls[target.id] = "f64" if t == "f64" else ("f32" if t == "f32" else "i32")
                env[target.id] = self.decls[target.id]
                self.emit(f"{target.id} = {v};")
            else:
                self.emit(f"{self.e(target, env)[0]} = {v};")
        elif isinstance(s, ast.Return):
            self.emit(f"return (double)({self.e(s.value, env)[0]});")
        elif not isinstance(s, ast.Pass):
            raise SyntaxError("unsupported statement")

    def bound(self, n, env, kind):
        if isinstance(n, ast.Call) and n.func.id in ("max", "min"):
            acc = self.e(n.args[0], env)[0]
            for a in n.args[1:]:
                acc = f"{kind}({acc}, {self.e(a, env)[0]})"
            return acc
        return self.e(n, env)[0]

    def unify(self, ta, tb):
        if "f64" in (ta, tb):
            return "f64"
        if "f32" in (ta, tb):
            return "f32"
        return "i32"

    def e(self, n, env):
        if isinstance(n, ast.Constant):
            if isinstance(n.value, float):
                return (repr(n.value) + ("f" if self.dtype == "f32" else "")), self.dtype
            return str(n.value), "index"
        if isinstance(n, ast.Name):
            if n.id in self.sizes:
                return str(self.sizes[n.id]), "index"
            return n.id, env[n.id]
        if isinstance(n, ast.Subscript):
            idx = []
            m = n
            while isinstance(m, ast.Subscript):
                s = m.slice
                idx = (list(s.elts) if isinstance(s, ast.Tuple) else [s]) + idx
                m = m.value
            elem = self.arrays[m.id][1]
            return m.id + "".join(f"[{self.e(i, env)[0]}]" for i in idx), ("i32" if elem == "i8" else elem)
        if isinstance(n, ast.UnaryOp):
            v, t = self.e(n.operand, env)
            return f"(-{v})", t
        if isinstance(n, ast.BinOp):
            (a, ta), (b, tb) = self.e(n.left, env), self.e(n.right, env)
            op = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Mod: "%"}[type(n.op)]
            return f"({a} {op} {b})", self.unify(ta, tb)
        if isinstance(n, ast.Compare):
            op = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}[type(n.ops[0])]
            return f"({self.e(n.left, env)[0]} {op} {self.e(n.comparators[0], env)[0]})", "i32"
        if isinstance(n, ast.BoolOp):
            op = " && " if isinstance(n.op, ast.And) else " || "
            return "(" + op.join(self.e(v, env)[0] for v in n.values) + ")", "i32"
        if isinstance(n, ast.IfExp):
            (a, ta), (b, tb) = self.e(n.body, env), self.e(n.orelse, env)
            return f"({self.e(n.test, env)[0]} ? {a} : {b})", self.unify(ta, tb)
        if isinstance(n, ast.Call):
            f = n.func.id
            args = [self.e(a, env) for a in n.args]
            if f in ("float", "double", "int"):
                to = {"float": self.dtype, "double": "f64", "int": "i32"}[f]
                return f"(({self.ctype[to]}){args[0][0]})", to
            suffix = "f" if self.dtype == "f32" else ""
            cast = f"({self.ctype[self.dtype]})"
            return f"{f}{suffix}(" + ", ".join(cast + a for a, _ in args) + ")", self.dtype
        raise SyntaxError("unsupported expression")
