//! Structural operations on affine maps, expressions and integer sets: dropping unused
//! dims/symbols, inverting permutations, bounding an expression over a box, and
//! flattening an integer set to a linear constraint system over integer columns.
//!
//! Invariants: every result is built through the interning constructors, so it is in
//! canonical form; bounds are sound (the true range lies inside them) and exact for
//! expressions that flatten without local (div/mod) columns; a flattened set is exact
//! (same integer points, with locals existentially quantified) unless
//! [`FlatSystem::exact`] says otherwise.

use super::{AffineBinOp, AffineExpr, AffineExprData, AffineMap, Flattener, IntegerSet};
use crate::context::Context;

/// A conjunction of linear constraints over integer columns `[dims, symbols, locals]`.
/// Each row is `[coefficients..., constant]`, meaning `row · x + constant >= 0`, or
/// `== 0` where `is_eq` says so. Locals are existentially quantified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatSystem {
    pub num_dims: usize,
    pub num_symbols: usize,
    pub num_locals: usize,
    /// Invariant: every row has `num_dims + num_symbols + num_locals + 1` entries.
    pub rows: Vec<Vec<i64>>,
    /// Invariant: same length as `rows`.
    pub is_eq: Vec<bool>,
    /// False when some local stands for a semi-affine sub-expression (a product of
    /// variables, or a division by a variable): such a local is left unconstrained, so
    /// the system has at least the set's points (emptiness of the system still proves
    /// emptiness of the set, but not the converse).
    pub exact: bool,
}

impl FlatSystem {
    /// The number of variable columns.
    pub fn num_vars(&self) -> usize {
        self.num_dims + self.num_symbols + self.num_locals
    }
}

impl Context {
    /// `map` without the dims and symbols none of its results use (MLIR's
    /// `compressUnusedSymbols(compressUnusedDims(map))`), with the kept positions:
    /// `(map, kept_dims, kept_symbols)`, old positions in ascending order.
    pub fn drop_unused_dims_and_symbols(&self, map: AffineMap) -> (AffineMap, Vec<u32>, Vec<u32>) {
        let data = self.map_data(map).clone();
        let used_dims: Vec<u32> = (0..data.num_dims)
            .filter(|&d| data.results.iter().any(|&e| self.expr_uses_dim(e, d)))
            .collect();
        let used_syms: Vec<u32> = (0..data.num_symbols)
            .filter(|&s| data.results.iter().any(|&e| self.expr_uses_symbol(e, s)))
            .collect();
        let mut dims = vec![self.constant_expr(0); data.num_dims as usize];
        for (new, &old) in used_dims.iter().enumerate() {
            dims[old as usize] = self.dim_expr(new as u32);
        }
        let mut syms = vec![self.constant_expr(0); data.num_symbols as usize];
        for (new, &old) in used_syms.iter().enumerate() {
            syms[old as usize] = self.symbol_expr(new as u32);
        }
        let new_map = self.map_replace_dims_and_symbols(
            map,
            &dims,
            &syms,
            used_dims.len() as u32,
            used_syms.len() as u32,
        );
        (new_map, used_dims, used_syms)
    }

    /// Whether `map` is a permutation: no symbols, as many results as dims, each result a
    /// distinct dim.
    pub fn map_is_permutation(&self, map: AffineMap) -> bool {
        self.permutation_of(map).is_some()
    }

    fn permutation_of(&self, map: AffineMap) -> Option<Vec<u32>> {
        let data = self.map_data(map);
        if data.num_symbols != 0 || data.results.len() != data.num_dims as usize {
            return None;
        }
        let mut seen = vec![false; data.results.len()];
        let mut perm = Vec::with_capacity(data.results.len());
        for &e in &data.results {
            let AffineExprData::Dim(d) = self.expr_data(e) else {
                return None;
            };
            if std::mem::replace(&mut seen[d as usize], true) {
                return None;
            }
            perm.push(d);
        }
        Some(perm)
    }

    /// The inverse of a permutation map (MLIR's `inversePermutation` on permutations):
    /// `inverse ∘ map` and `map ∘ inverse` are identities. `None` if `map` is not a
    /// permutation.
    pub fn inverse_permutation(&self, map: AffineMap) -> Option<AffineMap> {
        let perm = self.permutation_of(map)?;
        let mut results = vec![self.constant_expr(0); perm.len()];
        for (i, &d) in perm.iter().enumerate() {
            results[d as usize] = self.dim_expr(i as u32);
        }
        Some(self.affine_map(perm.len() as u32, 0, results))
    }

    /// Sound bounds `(min, max)` of `expr` when every dim `i` ranges over `dims[i]` and
    /// every symbol over `syms[i]` (inclusive); exact when the expression is linear (no
    /// div/mod/product of variables). `None` when a position has no range, a division is
    /// by a range containing non-positive values, or arithmetic overflows.
    pub fn expr_range(
        &self,
        expr: AffineExpr,
        dims: &[(i64, i64)],
        syms: &[(i64, i64)],
    ) -> Option<(i64, i64)> {
        if dims.iter().chain(syms).any(|&(lo, hi)| lo > hi) {
            return None;
        }
        let (nd, ns) = (dims.len() as u32, syms.len() as u32);
        if let Some((row, locals)) = self.flatten_expr(expr, nd, ns) {
            if locals.is_empty() {
                // Linear: each variable contributes independently, so the box's corners
                // give the exact range.
                let mut lo = i128::from(*row.last()?);
                let mut hi = lo;
                for (&c, &(vlo, vhi)) in row.iter().zip(dims.iter().chain(syms)) {
                    let (a, b) = (
                        i128::from(c) * i128::from(vlo),
                        i128::from(c) * i128::from(vhi),
                    );
                    lo += a.min(b);
                    hi += a.max(b);
                }
                return Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?));
            }
        }
        self.interval(expr, dims, syms)
    }

    /// Interval arithmetic over the expression tree (sound, not always tight).
    fn interval(
        &self,
        expr: AffineExpr,
        dims: &[(i64, i64)],
        syms: &[(i64, i64)],
    ) -> Option<(i64, i64)> {
        super::grow(|| match self.expr_data(expr) {
            AffineExprData::Constant(c) => Some((c, c)),
            AffineExprData::Dim(d) => dims.get(d as usize).copied(),
            AffineExprData::Symbol(s) => syms.get(s as usize).copied(),
            AffineExprData::Binary { op, lhs, rhs } => {
                let (a0, a1) = self.interval(lhs, dims, syms)?;
                let (b0, b1) = self.interval(rhs, dims, syms)?;
                let corners = |f: &dyn Fn(i64, i64) -> Option<i64>| -> Option<(i64, i64)> {
                    let vals = [f(a0, b0)?, f(a0, b1)?, f(a1, b0)?, f(a1, b1)?];
                    Some((*vals.iter().min()?, *vals.iter().max()?))
                };
                match op {
                    AffineBinOp::Add => Some((a0.checked_add(b0)?, a1.checked_add(b1)?)),
                    AffineBinOp::Mul => corners(&|x, y| x.checked_mul(y)),
                    // floor/ceil division by a positive divisor is monotone in the
                    // dividend and, for a fixed sign of the dividend, in the divisor.
                    AffineBinOp::FloorDiv if b0 > 0 => corners(&|x, y| super::floor_div(x, y)),
                    AffineBinOp::CeilDiv if b0 > 0 => corners(&|x, y| super::ceil_div(x, y)),
                    AffineBinOp::Mod if b0 > 0 => {
                        if b0 == b1 {
                            let c = b0;
                            // Within one period the residue grows with the dividend.
                            let (q0, q1) = (super::floor_div(a0, c)?, super::floor_div(a1, c)?);
                            if q0 == q1 {
                                return Some((super::modulo(a0, c)?, super::modulo(a1, c)?));
                            }
                            return Some((0, c - 1));
                        }
                        let hi = b1 - 1;
                        Some((0, if a0 >= 0 { hi.min(a1) } else { hi }))
                    }
                    _ => None,
                }
            }
        })
    }

    /// `set` as a linear system over `[dims, symbols, locals]`: every constraint
    /// flattened (sharing locals), plus, for each local `q = floordiv(e, c)`, the rows
    /// `e - c*q >= 0` and `c*q + c - 1 - e >= 0` (for `ceildiv`, `c*q - e >= 0` and
    /// `e - c*q + c - 1 >= 0`). `None` if a constraint divides by a non-positive
    /// constant.
    pub fn flatten_set(&self, set: IntegerSet) -> Option<FlatSystem> {
        let data = self.set_data(set).clone();
        let mut f = Flattener::new(self, data.num_dims, data.num_symbols);
        let mut rows = Vec::new();
        let mut is_eq = Vec::new();
        for (&c, &eq) in data.constraints.iter().zip(&data.eq_flags) {
            f.walk(c).ok()?;
            rows.push(f.stack.pop()?);
            is_eq.push(eq);
        }
        let mut exact = true;
        let mut next_local = 0;
        while next_local < f.local_exprs.len() {
            let local = f.local_exprs[next_local];
            let at = f.local_start() + next_local;
            next_local += 1;
            let (op, lhs, rhs) = match self.expr_data(local) {
                AffineExprData::Binary { op, lhs, rhs } => (op, lhs, rhs),
                _ => {
                    exact = false;
                    continue;
                }
            };
            let c = match (op, self.constant_value(rhs)) {
                (AffineBinOp::FloorDiv | AffineBinOp::CeilDiv, Some(c)) if c > 0 => c,
                _ => {
                    exact = false;
                    continue;
                }
            };
            f.walk(lhs).ok()?;
            let e = f.stack.pop()?;
            let mut lower = e.clone(); // e - c*q (+ c - 1 for ceildiv's second row)
            lower[at] = lower[at].checked_sub(c)?;
            let mut upper: Vec<i64> = e.iter().map(|v| v.wrapping_neg()).collect();
            upper[at] = upper[at].checked_add(c)?;
            if op == AffineBinOp::FloorDiv {
                // 0 <= e - c*q <= c - 1
                *upper.last_mut()? = upper.last()?.checked_add(c - 1)?;
            } else {
                // 0 <= c*q - e <= c - 1
                *lower.last_mut()? = lower.last()?.checked_add(c - 1)?;
            }
            rows.push(lower);
            rows.push(upper);
            is_eq.push(false);
            is_eq.push(false);
        }
        // Rows produced before later locals appeared are shorter: pad their local part.
        let num_locals = f.local_exprs.len();
        let width = f.local_start() + num_locals + 1;
        for row in &mut rows {
            let constant = row.pop()?;
            row.resize(width - 1, 0);
            row.push(constant);
        }
        Some(FlatSystem {
            num_dims: data.num_dims as usize,
            num_symbols: data.num_symbols as usize,
            num_locals,
            rows,
            is_eq,
            exact,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::attrs::AttrData;
    use crate::context::Context;
    use crate::parser::parse_attribute_text;
    use expect_test::expect;
    use std::sync::Arc;

    fn parse_map(ctx: &Arc<Context>, text: &str) -> crate::AffineMap {
        let a = parse_attribute_text(ctx, &format!("affine_map<{text}>")).expect("map parses");
        match ctx.attr_data(a) {
            AttrData::AffineMap(m) => *m,
            other => panic!("not a map: {other:?}"),
        }
    }

    fn parse_set(ctx: &Arc<Context>, text: &str) -> crate::IntegerSet {
        let a = parse_attribute_text(ctx, &format!("affine_set<{text}>")).expect("set parses");
        match ctx.attr_data(a) {
            AttrData::IntegerSet(s) => *s,
            other => panic!("not a set: {other:?}"),
        }
    }

    #[test]
    fn drop_unused_and_inverse() {
        let ctx = Arc::new(Context::new());
        let m = parse_map(&ctx, "(d0, d1, d2)[s0, s1] -> (d2 + s1, d0)");
        let (m2, kd, ks) = ctx.drop_unused_dims_and_symbols(m);
        expect!["(d0, d1)[s0] -> (d1 + s0, d0) [0, 2] [1]"].assert_eq(&format!(
            "{} {:?} {:?}",
            ctx.affine_map_to_string(m2),
            kd,
            ks
        ));
        let p = parse_map(&ctx, "(d0, d1, d2) -> (d2, d0, d1)");
        let inv = ctx.inverse_permutation(p).expect("permutation");
        expect!["(d0, d1, d2) -> (d1, d2, d0)"].assert_eq(&ctx.affine_map_to_string(inv));
        assert_eq!(ctx.compose(p, inv), Some(ctx.identity_map(3)));
        assert_eq!(ctx.compose(inv, p), Some(ctx.identity_map(3)));
        assert!(ctx
            .inverse_permutation(parse_map(&ctx, "(d0, d1) -> (d0, d0)"))
            .is_none());
        assert!(ctx
            .inverse_permutation(parse_map(&ctx, "(d0, d1) -> (d0 + 1, d1)"))
            .is_none());
    }

    #[test]
    fn ranges_over_boxes() {
        let ctx = Arc::new(Context::new());
        let cases = [
            ("(d0, d1) -> (d0 * 2 - d1 + 3)", vec![(0, 9), (1, 4)]),
            ("(d0) -> (d0 mod 8)", vec![(0, 100)]),
            ("(d0) -> (d0 mod 8)", vec![(17, 20)]),
            ("(d0) -> (d0 floordiv 4)", vec![(-5, 9)]),
            ("(d0) -> (d0 ceildiv 4)", vec![(-5, 9)]),
        ];
        let mut out = String::new();
        for (text, dims) in cases {
            let m = parse_map(&ctx, text);
            let e = ctx.map_results(m)[0];
            out += &format!(
                "{text} over {dims:?}: {:?}\n",
                ctx.expr_range(e, &dims, &[])
            );
        }
        let m = parse_map(&ctx, "(d0)[s0] -> (d0 * s0)");
        let e = ctx.map_results(m)[0];
        out += &format!("d0 * s0: {:?}\n", ctx.expr_range(e, &[(-2, 3)], &[(4, 5)]));
        expect![[r#"
            (d0, d1) -> (d0 * 2 - d1 + 3) over [(0, 9), (1, 4)]: Some((-1, 20))
            (d0) -> (d0 mod 8) over [(0, 100)]: Some((0, 7))
            (d0) -> (d0 mod 8) over [(17, 20)]: Some((1, 4))
            (d0) -> (d0 floordiv 4) over [(-5, 9)]: Some((-2, 2))
            (d0) -> (d0 ceildiv 4) over [(-5, 9)]: Some((-1, 3))
            d0 * s0: Some((-10, 15))
        "#]]
        .assert_eq(&out);
    }

    /// Brute force: every evaluation over the box lies within the computed range, and
    /// for linear expressions the range is attained.
    #[test]
    fn ranges_are_sound() {
        let ctx = Arc::new(Context::new());
        let texts = [
            "(d0, d1)[s0] -> (d0 * 3 - d1 * 2 + s0 - 7)",
            "(d0, d1)[s0] -> ((d0 + d1) mod 5 + s0 floordiv 3)",
            "(d0, d1)[s0] -> ((d0 * 2 + s0) ceildiv 3 - d1 mod 4)",
            "(d0, d1)[s0] -> (d0 * s0 + d1)",
            "(d0, d1)[s0] -> ((d0 - d1) floordiv 2 + (d0 + s0) mod 3)",
        ];
        let boxes = [(-3i64, 4i64), (0, 6), (2, 5)];
        for text in texts {
            let m = parse_map(&ctx, text);
            let e = ctx.map_results(m)[0];
            let (lo, hi) = ctx
                .expr_range(e, &boxes[..2], &boxes[2..])
                .expect("bounded");
            let (mut seen_lo, mut seen_hi) = (i64::MAX, i64::MIN);
            for a in boxes[0].0..=boxes[0].1 {
                for b in boxes[1].0..=boxes[1].1 {
                    for s in boxes[2].0..=boxes[2].1 {
                        let v = ctx.evaluate(e, &[a, b], &[s]).expect("evaluates");
                        assert!(lo <= v && v <= hi, "{text}: {v} outside [{lo}, {hi}]");
                        seen_lo = seen_lo.min(v);
                        seen_hi = seen_hi.max(v);
                    }
                }
            }
            if ctx.is_pure_affine(e) && !text.contains("mod") && !text.contains("div") {
                assert_eq!(
                    (lo, hi),
                    (seen_lo, seen_hi),
                    "{text}: linear range is exact"
                );
            }
        }
    }

    #[test]
    fn flatten_set_with_locals() {
        let ctx = Arc::new(Context::new());
        let s = parse_set(&ctx, "(d0)[s0] : (d0 mod 4 == 0, s0 - d0 floordiv 2 >= 0)");
        let f = ctx.flatten_set(s).expect("flattens");
        expect![[r#"
            FlatSystem { num_dims: 1, num_symbols: 1, num_locals: 2, rows: [[1, 0, -4, 0, 0], [0, 1, 0, -1, 0], [1, 0, -4, 0, 0], [-1, 0, 4, 0, 3], [1, 0, 0, -2, 0], [-1, 0, 0, 2, 1]], is_eq: [true, false, false, false, false, false], exact: true }"#]]
        .assert_eq(&format!("{f:?}"));
    }
}
