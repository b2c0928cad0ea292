//! A [`super::Tree`] as an isl schedule, built through isl's schedule-node API: the
//! statements' domains as the domain node, each band member an isl union piecewise affine
//! function built from its [`SchedExpr`]s, sequence filters as isl union sets, marks as
//! isl ids ([`LoopMark`]), AST build options as isl union sets ([`BandAstOption`]).
//!
//! Invariants: no isl text is built or read here. The tree is built top-down, each node
//! inserted above a leaf, so isl never gists an existing subtree by a new filter: the
//! schedule is exactly the tree's (what isl's YAML reader would build from its text).

use super::expr::SchedExpr;
use super::{Member, Tree};
use crate::isl::{IslCtx, IslError};
use crate::scop::{Scop, Statement};
use isl_rs::{
    Aff, AffList, DimType, Id, LocalSpace, Map, MultiAff, MultiUnionPwAff, PwAff, Schedule,
    ScheduleNode, Set, Space, UnionPwAff, UnionPwAffList, UnionSet, UnionSetList, Val,
};
use std::fmt;
use std::rc::Rc;

/// A mark above a band: how the loop generated from its (outermost) member runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopMark {
    /// [`crate::codegen::PARALLEL_MARK`]: an `affine.parallel`.
    Parallel,
    /// [`crate::reduction::REDUCTION_MARK`]: a candidate parallel reduction.
    ParallelReduction,
}

impl LoopMark {
    /// The mark's isl id name.
    pub const fn name(self) -> &'static str {
        match self {
            LoopMark::Parallel => crate::codegen::PARALLEL_MARK,
            LoopMark::ParallelReduction => crate::reduction::REDUCTION_MARK,
        }
    }

    /// The mark an isl mark id names, if it is one of these.
    pub fn of_name(name: &str) -> Option<LoopMark> {
        [LoopMark::Parallel, LoopMark::ParallelReduction]
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// The mark as an isl id (isl interns ids by name: equal to the id of any schedule
    /// that carries this mark).
    pub fn id(self, isl: &IslCtx) -> Result<Id, IslError> {
        isl.id(self.name())
    }
}

/// An isl AST build option of a whole band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BandAstOption {
    /// `{ separate[x] }`: every member's loop is split into separate pieces (full and
    /// partial iterations), each generated without guards.
    Separate,
}

impl BandAstOption {
    /// The option as the isl union set a band node's AST build options hold.
    fn union_set(self, isl: &IslCtx) -> Result<UnionSet, IslError> {
        let name = match self {
            BandAstOption::Separate => "separate",
        };
        let space = isl.check(Space::set_alloc(isl.raw(), 0, 1))?;
        let space = isl.check(space.set_tuple_name(DimType::Set, name))?;
        isl.check(UnionSet::from_set(isl.check(Set::universe(space))?))
    }
}

/// The instances a [`Tree::Filtered`] subtree runs: an isl union set, shared by the
/// tree's clones (isl objects are immutable).
#[derive(Clone)]
pub struct Filter(Rc<UnionSet>);

impl Filter {
    /// The filter of the instances `set`.
    pub fn new(set: UnionSet) -> Filter {
        Filter(Rc::new(set))
    }

    /// A copy of the union set.
    pub fn union_set(&self, isl: &IslCtx) -> Result<UnionSet, IslError> {
        isl.check(self.0.copy())
    }
}

impl PartialEq for Filter {
    /// The same instances (an isl failure compares unequal).
    fn eq(&self, other: &Filter) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0.is_equal(&other.0).unwrap_or(false)
    }
}

impl Eq for Filter {}

impl fmt::Debug for Filter {
    /// isl's text of the set (debugging output only).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::isl::IslText;
        write!(f, "Filter({})", self.0.text())
    }
}

/// The isl schedule of tree `t` over `scop`'s statements.
pub fn isl_schedule(isl: &IslCtx, scop: &Scop, t: &Tree) -> Result<Schedule, IslError> {
    schedule_of(isl, &scop.statements, domain(isl, scop)?, t)
}

/// The isl schedule of tree `t` over the statements `sts` (their spaces), whose
/// instances are `domain`.
pub(crate) fn schedule_of(
    isl: &IslCtx,
    sts: &[Statement],
    domain: UnionSet,
    t: &Tree,
) -> Result<Schedule, IslError> {
    let schedule = isl.check(Schedule::from_domain(domain))?;
    let leaf = isl.check(isl.check(schedule.get_root())?.child(0))?;
    let node = build(isl, sts, t, leaf)?;
    isl.check(node.get_schedule())
}

/// The statements' domains as one isl union set.
pub fn domain(isl: &IslCtx, scop: &Scop) -> Result<UnionSet, IslError> {
    let sets = scop
        .statements
        .iter()
        .map(|st| isl.check(UnionSet::from_set(isl.check(st.domain.copy())?)));
    union_of(isl, sets, UnionSet::union, UnionSet::empty)
}

/// The union of `items` (combined left to right with `union`), or `empty` on a space of
/// no parameters when there are none.
fn union_of<T>(
    isl: &IslCtx,
    items: impl IntoIterator<Item = Result<T, IslError>>,
    union: impl Fn(T, T) -> Result<T, isl_rs::LibISLError>,
    empty: impl FnOnce(Space) -> Result<T, isl_rs::LibISLError>,
) -> Result<T, IslError> {
    let mut u: Option<T> = None;
    for item in items {
        let item = item?;
        u = Some(match u {
            None => item,
            Some(x) => isl.check(union(x, item))?,
        });
    }
    match u {
        Some(u) => Ok(u),
        None => isl.check(empty(isl.check(Space::params_alloc(isl.raw(), 0))?)),
    }
}

/// Inserts `t` at the leaf `node`; returns the node at the top of the inserted subtree.
fn build(
    isl: &IslCtx,
    sts: &[Statement],
    t: &Tree,
    node: ScheduleNode,
) -> Result<ScheduleNode, IslError> {
    match t {
        Tree::Leaf(_) => Ok(node),
        Tree::Filtered(_, child) => build(isl, sts, child, node),
        Tree::Band {
            members,
            permutable,
            options,
            child,
            ..
        } => {
            let mut node =
                isl.check(node.insert_partial_schedule(band_schedule(isl, sts, members)?))?;
            node = isl.check(node.band_set_permutable(i32::from(*permutable)))?;
            for (k, m) in members.iter().enumerate() {
                node =
                    isl.check(node.band_member_set_coincident(k as i32, i32::from(m.coincident)))?;
            }
            if let Some(o) = options {
                node = isl.check(node.band_set_ast_build_options(o.union_set(isl)?))?;
            }
            below(isl, sts, child, node)
        }
        Tree::Mark(mark, child) => {
            let node = isl.check(node.insert_mark(mark.id(isl)?))?;
            below(isl, sts, child, node)
        }
        Tree::Sequence(children) => {
            let mut filters = isl.check(UnionSetList::alloc(isl.raw(), children.len() as i32))?;
            for c in children {
                let f = match c {
                    Tree::Filtered(f, _) => f.union_set(isl)?,
                    c => statements_filter(isl, sts, &c.statements())?,
                };
                filters = isl.check(filters.add(f))?;
            }
            let mut node = isl.check(node.insert_sequence(filters))?;
            for (k, c) in children.iter().enumerate() {
                let c = match c {
                    Tree::Filtered(_, inner) => inner.as_ref(),
                    c => c,
                };
                let leaf = isl.check(isl.check(node.child(k as i32))?.child(0))?;
                let filter = isl.check(build(isl, sts, c, leaf)?.parent())?;
                node = isl.check(filter.parent())?;
            }
            Ok(node)
        }
    }
}

/// Builds `child` below the single-child `node` (at its leaf); returns `node`'s position.
fn below(
    isl: &IslCtx,
    sts: &[Statement],
    child: &Tree,
    node: ScheduleNode,
) -> Result<ScheduleNode, IslError> {
    let leaf = isl.check(node.child(0))?;
    isl.check(build(isl, sts, child, leaf)?.parent())
}

/// The instances of statements `stmts` (whole statement spaces).
pub fn statements_filter(
    isl: &IslCtx,
    sts: &[Statement],
    stmts: &[usize],
) -> Result<UnionSet, IslError> {
    let sets = stmts.iter().map(|&s| {
        let space = isl.check(sts[s].domain.get_space())?;
        isl.check(UnionSet::from_set(isl.check(Set::universe(space))?))
    });
    union_of(isl, sets, UnionSet::union, UnionSet::empty)
}

/// The partial schedule of a band: one union piecewise affine function per member.
fn band_schedule(
    isl: &IslCtx,
    sts: &[Statement],
    members: &[Member],
) -> Result<MultiUnionPwAff, IslError> {
    let mut list = isl.check(UnionPwAffList::alloc(isl.raw(), members.len() as i32))?;
    for m in members {
        let rows: Vec<(usize, &SchedExpr)> = m.exprs.iter().map(|(&s, e)| (s, e)).collect();
        list = isl.check(list.add(member_function(isl, sts, &rows)?))?;
    }
    let space = isl.check(Space::set_alloc(isl.raw(), 0, members.len() as u32))?;
    isl.check(MultiUnionPwAff::from_union_pw_aff_list(space, list))
}

/// `S -> e` for each statement `S` and expression `e` of `rows`, on `S`'s whole space.
pub(crate) fn member_function(
    isl: &IslCtx,
    sts: &[Statement],
    rows: &[(usize, &SchedExpr)],
) -> Result<UnionPwAff, IslError> {
    let functions = rows.iter().map(|&(s, e)| {
        let space = isl.check(sts[s].domain.get_space())?;
        let ls = isl.check(LocalSpace::from_space(space))?;
        isl.check(UnionPwAff::from_pw_aff(
            isl.check(PwAff::from_aff(aff(isl, &ls, e)?))?,
        ))
    });
    union_of(isl, functions, UnionPwAff::union_add, UnionPwAff::empty)
}

/// The map from statement `st`'s instances to the values of `es`, in order.
pub(crate) fn statement_map(
    isl: &IslCtx,
    st: &Statement,
    es: &[&SchedExpr],
) -> Result<Map, IslError> {
    let space = isl.check(st.domain.get_space())?;
    let ls = isl.check(LocalSpace::from_space(isl.check(space.copy())?))?;
    let mut list = isl.check(AffList::alloc(isl.raw(), es.len() as i32))?;
    for e in es {
        list = isl.check(list.add(aff(isl, &ls, e)?))?;
    }
    let space = isl.check(
        isl.check(space.from_domain())?
            .add_dims(DimType::Out, es.len() as u32),
    )?;
    isl.check(Map::from_multi_aff(
        isl.check(MultiAff::from_aff_list(space, list))?,
    ))
}

/// `e` as an isl affine function on the statement space `ls`.
fn aff(isl: &IslCtx, ls: &LocalSpace, e: &SchedExpr) -> Result<Aff, IslError> {
    let int = |c: i64| isl.check(Val::int_from_si(isl.raw(), c));
    let ls_copy = || isl.check(ls.copy());
    match e {
        SchedExpr::Iter(k) => isl.check(Aff::var_on_domain(ls_copy()?, DimType::Set, *k as u32)),
        SchedExpr::Const(c) => isl.check(Aff::val_on_domain(ls_copy()?, int(*c)?)),
        SchedExpr::Add(a, b) => isl.check(aff(isl, ls, a)?.add(aff(isl, ls, b)?)),
        SchedExpr::Scale(f, a) => isl.check(aff(isl, ls, a)?.scale_val(int(*f)?)),
        SchedExpr::Neg(a) => isl.check(aff(isl, ls, a)?.neg()),
        SchedExpr::FloorDiv(a, d) => isl.check(
            isl.check(aff(isl, ls, a)?.scale_down_val(int(*d)?))?
                .floor(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_tests::funcs;
    use crate::isl::IslText;
    use crate::scop::extract_scops;
    use crate::tests::parse;

    const TWO: &str = r#"func.func @f(%A: memref<40x40xf32>, %n: index, %z: f32) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 40 {
      %v = affine.load %A[%i, %j] : memref<40x40xf32>
      affine.store %v, %A[%i, %j] : memref<40x40xf32>
    }
    affine.store %z, %A[%i, %i] : memref<40x40xf32>
  }
  return
}"#;

    fn member(rows: &[(usize, SchedExpr)], coincident: bool) -> Member {
        Member {
            exprs: rows.iter().cloned().collect(),
            coincident,
        }
    }

    /// A tree with every kind of node (skewed and strip-mined members, a permutable
    /// coincident band with the separate option, a mark, a sequence with a filter given
    /// as a set) builds the schedule isl's YAML reader builds from its text.
    #[test]
    fn builds_what_the_yaml_text_describes() {
        let (ir, top) = parse(TWO);
        let isl = IslCtx::default();
        let scop = &extract_scops(&ir, &isl, funcs(&ir, top)[0]).scops[0];
        let (i, j) = (SchedExpr::Iter(0), SchedExpr::Iter(1));
        let skew = j.clone().plus(i.clone().scaled(2)).negated();
        let inner = Tree::Band {
            members: vec![member(
                &[(0, skew.strip_start(4).plus(SchedExpr::Const(-3)))],
                false,
            )],
            permutable: false,
            loops: Vec::new(),
            options: None,
            child: Box::new(Tree::Leaf(vec![0])),
        };
        let some = isl.union_set("[p0] -> { S0[i0, i1] : i1 < 20 }").unwrap();
        let t = Tree::Band {
            members: vec![member(&[(0, i.clone()), (1, i.clone())], true)],
            permutable: true,
            loops: Vec::new(),
            options: Some(BandAstOption::Separate),
            child: Box::new(Tree::Mark(
                LoopMark::Parallel,
                Box::new(Tree::Sequence(vec![
                    Tree::Filtered(Filter::new(some), Box::new(inner)),
                    Tree::Leaf(vec![1]),
                ])),
            )),
        };
        let built = isl_schedule(&isl, scop, &t).unwrap();
        let yaml = format!(
            "{{ domain: \"{}\", child: {{ schedule: \"[p0] -> [{{ S0[i0, i1] -> [(i0)]; S1[i0] -> [(i0)] }}]\", \
             permutable: 1, coincident: [ 1 ], options: \"{{ separate[x] }}\", child: {{ mark: \"parallel\", \
             child: {{ sequence: [ {{ filter: \"[p0] -> {{ S0[i0, i1] : i1 < 20 }}\", child: {{ schedule: \
             \"[p0] -> [{{ S0[i0, i1] -> [(4*floor((-(i1 + 2*i0))/4) - 3)] }}]\" }} }}, {{ filter: \"[p0] -> {{ S1[i0] }}\" }} ] }} }} }} }}",
            crate::transform::domain_text(&isl, scop).unwrap()
        );
        let read = isl.schedule(&yaml).unwrap();
        assert!(
            built.plain_is_equal(&read).unwrap(),
            "{} != {}",
            built.text(),
            read.text()
        );
        assert_eq!(built.text(), read.text());
    }

    #[test]
    fn marks_are_isl_ids_by_name() {
        let isl = IslCtx::default();
        for m in [LoopMark::Parallel, LoopMark::ParallelReduction] {
            let id = m.id(&isl).unwrap();
            assert_eq!(LoopMark::of_name(id.get_name().unwrap()), Some(m));
        }
        assert_eq!(LoopMark::of_name("other"), None);
    }
}
