//! Affine expressions, maps and integer sets: interned, kept canonical at construction.
//!
//! Invariants: every [`AffineExpr`], [`AffineMap`] and [`IntegerSet`] is an index into a
//! context interner, and is only ever built through the smart constructors below, which
//! apply MLIR's construction-time simplifications (constant folding, constants on the
//! right of `+`/`*`, `(x + c1) + c2 → x + (c1 + c2)`, `x floordiv 1 → x`, ...), so equal
//! expressions built the same way share a handle and print as mlir-opt prints them.
//! Division and modulo by a non-positive constant are never folded (the verifier reports
//! them).

use crate::context::Context;

/// Handle to an interned affine expression.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct AffineExpr(pub(crate) u32);

/// Handle to an interned affine map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct AffineMap(pub(crate) u32);

/// Handle to an interned integer set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct IntegerSet(pub(crate) u32);

/// Binary operators of affine expressions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AffineBinOp {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

/// The structure of an affine expression.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AffineExprData {
    /// `d<n>`
    Dim(u32),
    /// `s<n>`
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs op rhs`
    Binary {
        op: AffineBinOp,
        lhs: AffineExpr,
        rhs: AffineExpr,
    },
}

/// The structure of an affine map `(d0, ..)[s0, ..] -> (results)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMapData {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Vec<AffineExpr>,
}

/// The structure of an integer set `(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSetData {
    pub num_dims: u32,
    pub num_symbols: u32,
    /// Each constraint is `expr >= 0` or, where `eq_flags[i]`, `expr == 0`.
    pub constraints: Vec<AffineExpr>,
    /// Invariant: same length as `constraints`.
    pub eq_flags: Vec<bool>,
}

impl Context {
    /// The structure of `expr`.
    pub fn expr_data(&self, expr: AffineExpr) -> AffineExprData {
        *self.affine_exprs.get(expr.0)
    }

    /// Interns `data` exactly as given (no simplification). Prefer the smart constructors.
    pub fn intern_expr(&self, data: AffineExprData) -> AffineExpr {
        AffineExpr(self.affine_exprs.intern(data))
    }

    /// `d<position>`
    pub fn dim_expr(&self, position: u32) -> AffineExpr {
        self.intern_expr(AffineExprData::Dim(position))
    }

    /// `s<position>`
    pub fn symbol_expr(&self, position: u32) -> AffineExpr {
        self.intern_expr(AffineExprData::Symbol(position))
    }

    /// A constant.
    pub fn constant_expr(&self, value: i64) -> AffineExpr {
        self.intern_expr(AffineExprData::Constant(value))
    }

    /// The constant value of `expr`, if it is a constant.
    pub fn constant_value(&self, expr: AffineExpr) -> Option<i64> {
        match self.expr_data(expr) {
            AffineExprData::Constant(v) => Some(v),
            _ => None,
        }
    }

    /// The structure of `map`.
    pub fn map_data(&self, map: AffineMap) -> &AffineMapData {
        self.affine_maps.get(map.0)
    }

    /// Interns an affine map.
    pub fn affine_map(
        &self,
        num_dims: u32,
        num_symbols: u32,
        results: Vec<AffineExpr>,
    ) -> AffineMap {
        AffineMap(self.affine_maps.intern(AffineMapData {
            num_dims,
            num_symbols,
            results,
        }))
    }

    /// `() -> (value)`
    pub fn constant_map(&self, value: i64) -> AffineMap {
        let c = self.constant_expr(value);
        self.affine_map(0, 0, vec![c])
    }

    /// `(d0, ..., d<n-1>) -> (d0, ..., d<n-1>)`
    pub fn identity_map(&self, n: u32) -> AffineMap {
        let results = (0..n).map(|i| self.dim_expr(i)).collect();
        self.affine_map(n, 0, results)
    }

    /// The structure of `set`.
    pub fn set_data(&self, set: IntegerSet) -> &IntegerSetData {
        self.integer_sets.get(set.0)
    }

    /// Interns an integer set.
    pub fn integer_set(
        &self,
        num_dims: u32,
        num_symbols: u32,
        constraints: Vec<AffineExpr>,
        eq_flags: Vec<bool>,
    ) -> IntegerSet {
        IntegerSet(self.integer_sets.intern(IntegerSetData {
            num_dims,
            num_symbols,
            constraints,
            eq_flags,
        }))
    }
}
