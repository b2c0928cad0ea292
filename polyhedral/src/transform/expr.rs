//! Band member expressions as data: a quasi-affine expression over one statement's
//! iterators (`i0, i1, ..`), built by the transformations (skew, reverse, strip-mine,
//! shift) from the statement's own iterators.
//!
//! Invariants: transformations compose and compare expressions structurally, never as
//! strings; isl gets them as affine functions built through its API
//! ([`super::isl_tree`]). [`std::fmt::Display`] (isl's affine syntax) is for debugging
//! output and tests only.

use std::fmt;

/// A quasi-affine expression over a statement's iterators.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SchedExpr {
    /// The statement's `k`-th iterator, `ik`.
    Iter(usize),
    /// An integer constant.
    Const(i64),
    /// `a + b`.
    Add(Box<SchedExpr>, Box<SchedExpr>),
    /// `f * e`.
    Scale(i64, Box<SchedExpr>),
    /// `-e`.
    Neg(Box<SchedExpr>),
    /// `floor(e / d)`, `d >= 1`.
    FloorDiv(Box<SchedExpr>, i64),
}

impl SchedExpr {
    /// `self + other`.
    pub fn plus(self, other: SchedExpr) -> SchedExpr {
        SchedExpr::Add(Box::new(self), Box::new(other))
    }

    /// `f * self`.
    pub fn scaled(self, f: i64) -> SchedExpr {
        SchedExpr::Scale(f, Box::new(self))
    }

    /// `-self`.
    pub fn negated(self) -> SchedExpr {
        SchedExpr::Neg(Box::new(self))
    }

    /// The first point of `self`'s strip of `size` values: `size * floor(self / size)`.
    pub fn strip_start(self, size: i64) -> SchedExpr {
        SchedExpr::FloorDiv(Box::new(self), size).scaled(size)
    }

    /// The iterator this expression is, if it is one.
    pub fn as_iter(&self) -> Option<usize> {
        match self {
            SchedExpr::Iter(k) => Some(*k),
            _ => None,
        }
    }
}

impl fmt::Display for SchedExpr {
    /// isl's affine syntax; every compound operand is parenthesized.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchedExpr::Iter(k) => write!(f, "i{k}"),
            SchedExpr::Const(c) => write!(f, "{c}"),
            SchedExpr::Add(a, b) => write!(f, "({a}) + ({b})"),
            SchedExpr::Scale(c, e) => write!(f, "{c}*({e})"),
            SchedExpr::Neg(e) => write!(f, "-({e})"),
            SchedExpr::FloorDiv(e, d) => write!(f, "floor(({e})/{d})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SchedExpr;
    use expect_test::expect;

    #[test]
    fn prints_isl_syntax() {
        let skew = SchedExpr::Iter(1).plus(SchedExpr::Iter(0).scaled(2));
        let strip = skew.clone().negated().strip_start(32);
        let shifted = strip.plus(SchedExpr::Const(-3));
        expect!["((32*(floor((-((i1) + (2*(i0))))/32))) + (-3))"]
            .assert_eq(&format!("({shifted})"));
        assert_eq!(SchedExpr::Iter(4).as_iter(), Some(4));
        assert_eq!(skew.as_iter(), None);
    }
}
