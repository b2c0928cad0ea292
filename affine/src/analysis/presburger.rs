//! Exact integer feasibility of linear constraint systems (Pugh's Omega test), and the
//! integer-set queries built on it: is a set empty, is it the universe, does one
//! constraint follow from the others.
//!
//! # Method
//! Rows are `[coefficients..., constant]` meaning `row · x + constant >= 0` (or `== 0`).
//! 1. Normalize each row by the gcd of its coefficients (an equality whose constant is
//!    not divisible is infeasible; an inequality's constant is floored: integer
//!    tightening).
//! 2. Eliminate equalities: through a unit coefficient by substitution; otherwise by a
//!    unimodular change of variables (`x_k := x_k - q x_j`, Euclid on the coefficients)
//!    until a unit coefficient appears. Integer feasibility is preserved exactly.
//! 3. Eliminate variables from inequalities by Fourier–Motzkin: a variable bounded on
//!    one side only is dropped with its rows; an elimination where every lower/upper
//!    pair has a unit coefficient is exact; otherwise the real shadow (infeasible ⇒
//!    infeasible), the dark shadow (feasible ⇒ feasible) and, between them, the finitely
//!    many "splinters" `a x = lower + i` decide exactly.
//!
//! Invariants: arithmetic is done in `i128` and checked: on overflow, or when the work
//! budget runs out, the answer is [`Feasibility::Unknown`], never a wrong answer.

use lattice_ir::{Context, FlatSystem, IntegerSet};

/// The answer of a feasibility query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// Some integer point satisfies every constraint.
    Feasible,
    /// No integer point does.
    Infeasible,
    /// Not decided (arithmetic overflow, the work budget, or an inexact flattening).
    Unknown,
}

/// A conjunction of linear integer constraints.
#[derive(Clone, Debug, Default)]
pub struct LinearSystem {
    /// The number of integer variables (columns before the constant).
    pub num_vars: usize,
    /// Invariant: every row has `num_vars + 1` entries, the last being the constant.
    pub eqs: Vec<Vec<i128>>,
    /// Invariant: as `eqs`.
    pub ineqs: Vec<Vec<i128>>,
}

impl LinearSystem {
    /// The system of a flattened integer set.
    pub fn from_flat(flat: &FlatSystem) -> LinearSystem {
        let mut sys = LinearSystem {
            num_vars: flat.num_vars(),
            ..LinearSystem::default()
        };
        for (row, &eq) in flat.rows.iter().zip(&flat.is_eq) {
            let row: Vec<i128> = row.iter().map(|&v| i128::from(v)).collect();
            if eq {
                sys.eqs.push(row);
            } else {
                sys.ineqs.push(row);
            }
        }
        sys
    }

    /// Whether some integer point satisfies the system.
    pub fn feasibility(&self) -> Feasibility {
        let mut budget = Budget(20_000);
        match feasible(self.clone(), &mut budget) {
            Some(true) => Feasibility::Feasible,
            Some(false) => Feasibility::Infeasible,
            None => Feasibility::Unknown,
        }
    }
}

/// Work left before giving up (counts rows produced).
struct Budget(u64);

impl Budget {
    fn spend(&mut self, n: usize) -> Option<()> {
        self.0 = self.0.checked_sub(n as u64)?;
        Some(())
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Limit on coefficient magnitude: keeps every product of two rows far from overflow.
const LIMIT: i128 = 1 << 60;

fn checked_row(row: Vec<i128>) -> Option<Vec<i128>> {
    row.iter().all(|v| v.abs() < LIMIT).then_some(row)
}

/// Normalizes `sys` in place; `Some(false)` when a row alone is infeasible.
fn normalize(sys: &mut LinearSystem) -> Option<bool> {
    let n = sys.num_vars;
    let mut eqs = Vec::new();
    for mut row in std::mem::take(&mut sys.eqs) {
        let g = row[..n].iter().fold(0, |g, &v| gcd(g, v));
        if g == 0 {
            if row[n] != 0 {
                return Some(false);
            }
            continue;
        }
        if row[n] % g != 0 {
            return Some(false);
        }
        row.iter_mut().for_each(|v| *v /= g);
        eqs.push(row);
    }
    let mut ineqs: Vec<Vec<i128>> = Vec::new();
    for mut row in std::mem::take(&mut sys.ineqs) {
        let g = row[..n].iter().fold(0, |g, &v| gcd(g, v));
        if g == 0 {
            if row[n] < 0 {
                return Some(false);
            }
            continue;
        }
        for v in &mut row[..n] {
            *v /= g;
        }
        row[n] = floor_div(row[n], g);
        if !ineqs.contains(&row) {
            ineqs.push(row);
        }
    }
    // Opposite rows `e >= -c1` and `-e >= -c2` with c1 + c2 < 0 are infeasible; with
    // c1 + c2 == 0 they form an equality.
    let mut i = 0;
    while i < ineqs.len() {
        let mut j = i + 1;
        let mut merged = false;
        while j < ineqs.len() {
            if ineqs[i][..n]
                .iter()
                .zip(&ineqs[j][..n])
                .all(|(a, b)| *a == -*b)
            {
                let sum = ineqs[i][n] + ineqs[j][n];
                if sum < 0 {
                    return Some(false);
                }
                if sum == 0 {
                    eqs.push(ineqs[i].clone());
                    ineqs.swap_remove(j);
                    ineqs.swap_remove(i);
                    merged = true;
                    break;
                }
            }
            j += 1;
        }
        if !merged {
            i += 1;
        }
    }
    sys.eqs = eqs;
    sys.ineqs = ineqs;
    Some(true)
}

/// Substitutes `x_v = -(row without v) / row[v]` (with `row[v] == ±1`) into every row.
fn substitute(sys: &mut LinearSystem, row: &[i128], v: usize) -> Option<()> {
    let a = row[v];
    debug_assert!(a.abs() == 1);
    let apply = |r: &mut Vec<i128>| -> Option<()> {
        let c = r[v];
        if c == 0 {
            return Some(());
        }
        // r + (-c / a) * row eliminates v (a = ±1 so -c/a = -c*a).
        let f = -c * a;
        for (x, &y) in r.iter_mut().zip(row) {
            *x = x.checked_add(f.checked_mul(y)?)?;
        }
        Some(())
    };
    for r in sys.eqs.iter_mut().chain(sys.ineqs.iter_mut()) {
        apply(r)?;
    }
    Some(())
}

fn feasible(mut sys: LinearSystem, budget: &mut Budget) -> Option<bool> {
    loop {
        budget.spend(sys.eqs.len() + sys.ineqs.len() + 1)?;
        if !normalize(&mut sys)? {
            return Some(false);
        }
        for r in sys.eqs.iter().chain(&sys.ineqs) {
            if r.iter().any(|v| v.abs() >= LIMIT) {
                return None;
            }
        }
        let n = sys.num_vars;
        // Equalities first.
        if let Some(eq) = sys.eqs.first().cloned() {
            if let Some(v) = (0..n).find(|&v| eq[v].abs() == 1) {
                sys.eqs.remove(0);
                substitute(&mut sys, &eq, v)?;
                continue;
            }
            // No unit coefficient: x_k := x_k - q x_j with k the smallest coefficient,
            // reducing the other coefficients modulo it (a unimodular change).
            let k = (0..n)
                .filter(|&v| eq[v] != 0)
                .min_by_key(|&v| eq[v].abs())?;
            let ak = eq[k];
            for j in 0..n {
                if j == k || eq[j] == 0 {
                    continue;
                }
                let q = floor_div(eq[j], ak);
                if q == 0 {
                    continue;
                }
                // Column j gets column j - q * column k in every row.
                for r in sys.eqs.iter_mut().chain(sys.ineqs.iter_mut()) {
                    r[j] = r[j].checked_sub(q.checked_mul(r[k])?)?;
                }
            }
            continue;
        }
        // Inequalities: pick a variable to eliminate.
        let used: Vec<usize> = (0..n)
            .filter(|&v| sys.ineqs.iter().any(|r| r[v] != 0))
            .collect();
        if used.is_empty() {
            return Some(true); // only constant rows left, all satisfied after normalize
        }
        // A variable bounded on one side only can always be chosen to satisfy its rows.
        if let Some(&v) = used
            .iter()
            .find(|&&v| sys.ineqs.iter().all(|r| r[v] >= 0) || sys.ineqs.iter().all(|r| r[v] <= 0))
        {
            sys.ineqs.retain(|r| r[v] == 0);
            continue;
        }
        // Prefer an exact elimination, then the fewest produced rows.
        let cost = |v: usize| {
            let lows = sys.ineqs.iter().filter(|r| r[v] > 0).count();
            let ups = sys.ineqs.iter().filter(|r| r[v] < 0).count();
            (!exact_elimination(&sys, v), lows * ups)
        };
        let v = used.into_iter().min_by_key(|&v| cost(v))?;
        let lowers: Vec<Vec<i128>> = sys.ineqs.iter().filter(|r| r[v] > 0).cloned().collect();
        let uppers: Vec<Vec<i128>> = sys.ineqs.iter().filter(|r| r[v] < 0).cloned().collect();
        let rest: Vec<Vec<i128>> = sys.ineqs.iter().filter(|r| r[v] == 0).cloned().collect();
        budget.spend(lowers.len() * uppers.len())?;
        let shadow = |dark: bool| -> Option<LinearSystem> {
            let mut s = LinearSystem {
                num_vars: n,
                eqs: Vec::new(),
                ineqs: rest.clone(),
            };
            for l in &lowers {
                for u in &uppers {
                    // a x + L >= 0 (a > 0) and -b x + U >= 0 (b > 0): b L + a U >= 0,
                    // dark: b L + a U >= (a - 1)(b - 1).
                    let (a, b) = (l[v], -u[v]);
                    let mut row = Vec::with_capacity(n + 1);
                    for i in 0..=n {
                        row.push(b.checked_mul(l[i])?.checked_add(a.checked_mul(u[i])?)?);
                    }
                    if dark {
                        row[n] = row[n].checked_sub((a - 1).checked_mul(b - 1)?)?;
                    }
                    s.ineqs.push(checked_row(row)?);
                }
            }
            Some(s)
        };
        if exact_elimination(&sys, v) {
            sys = shadow(false)?;
            continue;
        }
        if !feasible(shadow(false)?, budget)? {
            return Some(false);
        }
        if feasible(shadow(true)?, budget)? {
            return Some(true);
        }
        // Splinters: some solution has a x = -L + i for a lower bound row and
        // 0 <= i <= (m a - a - m) / m, m the largest upper coefficient.
        let m = uppers.iter().map(|u| -u[v]).max()?;
        for l in &lowers {
            let a = l[v];
            let top = floor_div(m * a - a - m, m);
            for i in 0..=top {
                let mut s = sys.clone();
                let mut eq = l.clone();
                eq[n] -= i;
                s.eqs.push(eq);
                if feasible(s, budget)? {
                    return Some(true);
                }
            }
        }
        return Some(false);
    }
}

/// Whether eliminating `v` by Fourier–Motzkin is exact over the integers: every
/// lower/upper pair has a unit coefficient on `v`.
fn exact_elimination(sys: &LinearSystem, v: usize) -> bool {
    let lower_all_unit = sys.ineqs.iter().filter(|r| r[v] > 0).all(|r| r[v] == 1);
    let upper_all_unit = sys.ineqs.iter().filter(|r| r[v] < 0).all(|r| r[v] == -1);
    lower_all_unit || upper_all_unit
}

/// Whether `set` has no integer point (for any value of its symbols): exact unless the
/// set has semi-affine constraints or the work budget runs out.
pub fn set_emptiness(ctx: &Context, set: IntegerSet) -> Feasibility {
    let Some(flat) = ctx.flatten_set(set) else {
        return Feasibility::Unknown;
    };
    match LinearSystem::from_flat(&flat).feasibility() {
        // An inexact flattening over-approximates: only emptiness is proven.
        Feasibility::Feasible if !flat.exact => Feasibility::Unknown,
        f => f,
    }
}

/// The rows whose feasibility means constraint `row` can fail: `row < 0`, and for an
/// equality also `row > 0` (each as a `>= 0` row).
fn negations(row: &[i64], is_eq: bool) -> Vec<Vec<i128>> {
    let pos: Vec<i128> = row.iter().map(|&v| i128::from(v)).collect();
    let mut neg: Vec<i128> = pos.iter().map(|v| -v).collect();
    let last = neg.len() - 1;
    neg[last] -= 1; // -row - 1 >= 0
    if !is_eq {
        return vec![neg];
    }
    let mut pos = pos;
    pos[last] -= 1; // row - 1 >= 0
    vec![pos, neg]
}

/// Whether constraint `index` of `flat` holds wherever the rows `given` hold:
/// `Some(true)` proven, `Some(false)` refuted, `None` unknown.
fn implied_by(flat: &FlatSystem, given: &[usize], index: usize) -> Option<bool> {
    for negation in negations(&flat.rows[index], flat.is_eq[index]) {
        let mut sys = LinearSystem {
            num_vars: flat.num_vars(),
            ..LinearSystem::default()
        };
        for &r in given {
            let row: Vec<i128> = flat.rows[r].iter().map(|&v| i128::from(v)).collect();
            if flat.is_eq[r] {
                sys.eqs.push(row);
            } else {
                sys.ineqs.push(row);
            }
        }
        sys.ineqs.push(negation);
        match sys.feasibility() {
            Feasibility::Infeasible => {}
            Feasibility::Feasible => return Some(false),
            Feasibility::Unknown => return None,
        }
    }
    Some(true)
}

/// Whether constraint `index` of `set` holds at every integer point satisfying the
/// others: `Some(true)` proven implied, `Some(false)` proven not, `None` unknown.
pub fn constraint_is_implied(ctx: &Context, set: IntegerSet, index: usize) -> Option<bool> {
    let flat = ctx.flatten_set(set)?;
    if !flat.exact || index >= ctx.set_data(set).constraints.len() {
        return None;
    }
    // Rows 0..count are the constraints in order; the rest define locals.
    let given: Vec<usize> = (0..flat.rows.len()).filter(|&r| r != index).collect();
    implied_by(&flat, &given, index)
}

/// Whether every integer point (every dim and symbol value) is in `set`: each
/// constraint holds unconditionally. `Some(false)` also when the set is empty.
pub fn set_is_universe(ctx: &Context, set: IntegerSet) -> Option<bool> {
    let flat = ctx.flatten_set(set)?;
    if !flat.exact {
        return None;
    }
    // Locals are functions of the variables, so only their defining rows constrain a
    // point: a constraint is always true iff it is implied by the local definitions.
    let count = ctx.set_data(set).constraints.len();
    let defs: Vec<usize> = (count..flat.rows.len()).collect();
    for index in 0..count {
        if !implied_by(&flat, &defs, index)? {
            return Some(false);
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lattice_ir::parser::parse_attribute_text;
    use lattice_ir::AttrData;
    use std::sync::Arc;

    fn set(ctx: &Arc<Context>, text: &str) -> IntegerSet {
        let a = parse_attribute_text(ctx, &format!("affine_set<{text}>")).expect("parses");
        match ctx.attr_data(a) {
            AttrData::IntegerSet(s) => *s,
            other => panic!("not a set: {other:?}"),
        }
    }

    #[test]
    fn emptiness_examples() {
        let ctx = Arc::new(Context::new());
        let cases = [
            // (set, expected)
            ("(d0) : (d0 >= 0, -d0 + 9 >= 0)", Feasibility::Feasible),
            ("(d0) : (d0 - 10 >= 0, -d0 + 9 >= 0)", Feasibility::Infeasible),
            // 2 x == 1 has no integer solution (real solutions exist).
            ("(d0) : (d0 * 2 - 1 == 0)", Feasibility::Infeasible),
            // 3 <= 2x <= 3: real but not integer feasible (tightening).
            ("(d0) : (d0 * 2 - 3 >= 0, -(d0 * 2) + 3 >= 0)", Feasibility::Infeasible),
            // Pugh's classic: 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4 has no integer
            // point although its real shadow is non-empty.
            (
                "(d0, d1) : (d0 * 11 + d1 * 13 - 27 >= 0, -(d0 * 11) - d1 * 13 + 45 >= 0, d0 * 7 - d1 * 9 + 10 >= 0, -(d0 * 7) + d1 * 9 + 4 >= 0)",
                Feasibility::Infeasible,
            ),
            ("(d0)[s0] : (d0 - s0 >= 0, s0 - d0 - 1 >= 0)", Feasibility::Infeasible),
            ("(d0)[s0] : (d0 mod 2 - 1 == 0, d0 mod 4 == 0)", Feasibility::Infeasible),
            ("(d0)[s0] : (d0 mod 3 - 1 == 0, d0 floordiv 3 - s0 == 0)", Feasibility::Feasible),
            ("(d0, d1) : (d0 * 3 + d1 * 6 - 2 == 0)", Feasibility::Infeasible),
            ("(d0, d1) : (d0 * 4 + d1 * 6 - 2 == 0, d0 >= 0, d1 >= 0, -d0 - d1 + 3 >= 0)", Feasibility::Infeasible),
            ("(d0, d1) : (d0 * 4 + d1 * 6 - 10 == 0, d0 >= 0, d1 >= 0)", Feasibility::Feasible),
        ];
        for (text, expected) in cases {
            assert_eq!(set_emptiness(&ctx, set(&ctx, text)), expected, "{text}");
        }
    }

    /// Random small 2-3 variable systems over a bounded box, checked by enumeration.
    #[test]
    fn agrees_with_enumeration() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |m: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * m as u64 + 1)) as i64 - m
        };
        for case in 0..400 {
            let nv = 2 + (case % 2);
            let mut sys = LinearSystem {
                num_vars: nv,
                ..LinearSystem::default()
            };
            // A box -6..=6 keeps enumeration finite and exact.
            for v in 0..nv {
                let mut lo = vec![0; nv + 1];
                lo[v] = 1;
                lo[nv] = 6;
                let mut hi = vec![0; nv + 1];
                hi[v] = -1;
                hi[nv] = 6;
                sys.ineqs.push(lo);
                sys.ineqs.push(hi);
            }
            let rows = 1 + (case % 4);
            for r in 0..rows {
                let row: Vec<i128> = (0..=nv).map(|_| i128::from(next(7))).collect();
                if r == 0 && case % 5 == 0 {
                    sys.eqs.push(row);
                } else {
                    sys.ineqs.push(row);
                }
            }
            let mut any = false;
            let mut point = vec![-6i128; nv];
            'enumerate: loop {
                let holds = |r: &Vec<i128>| {
                    r[..nv].iter().zip(&point).map(|(a, x)| a * x).sum::<i128>() + r[nv]
                };
                if sys.eqs.iter().all(|r| holds(r) == 0) && sys.ineqs.iter().all(|r| holds(r) >= 0)
                {
                    any = true;
                    break;
                }
                for v in 0..nv {
                    if point[v] < 6 {
                        point[v] += 1;
                        continue 'enumerate;
                    }
                    point[v] = -6;
                }
                break;
            }
            let expected = if any {
                Feasibility::Feasible
            } else {
                Feasibility::Infeasible
            };
            assert_eq!(sys.feasibility(), expected, "case {case}: {sys:?}");
        }
    }

    #[test]
    fn universe_and_implication() {
        let ctx = Arc::new(Context::new());
        assert_eq!(
            set_is_universe(&ctx, set(&ctx, "(d0) : (d0 mod 4 >= 0)")),
            Some(true)
        );
        assert_eq!(
            set_is_universe(&ctx, set(&ctx, "(d0) : (-(d0 mod 4) + 3 >= 0)")),
            Some(true)
        );
        assert_eq!(
            set_is_universe(&ctx, set(&ctx, "(d0) : (d0 >= 0)")),
            Some(false)
        );
        assert_eq!(
            set_is_universe(&ctx, set(&ctx, "(d0) : (0 == 0)")),
            Some(true)
        );
        let s = set(&ctx, "(d0)[s0] : (d0 >= 0, -d0 + 9 >= 0, -d0 + 20 >= 0)");
        assert_eq!(constraint_is_implied(&ctx, s, 2), Some(true));
        assert_eq!(constraint_is_implied(&ctx, s, 1), Some(false));
    }
}
