//! Which source loops a generated loop or a band member comes from, for remarks: per
//! statement, the iterators of its domain that the schedule's last dimension depends on,
//! named through [`crate::scop::SourceNames::dims`] (`the loop %j at 12:5`) or, short,
//! by their SSA names (`%j`; fused loops of one name with their places, `%i (3:3, 9:3)`).
//!
//! Invariants: a dimension "depends on" the iterators of a set that determines its value
//! on the statement's domain, found by dropping iterators innermost first while the rest
//! still determine it (exact isl single-valuedness tests, no guessing from texts): for
//! independent iterators, the ones whose change alone changes the value; where the
//! domain ties iterators together (an old tile loop and its point loop), the outer one.
//! Loops are listed once each, in statement order; nothing here changes the IR.

use crate::isl::{IslCtx, IslError};
use crate::scop::SourceNames;
use isl_rs::{DimType, Map, ScheduleNode, UnionMap};
use lattice_ir::Op;

/// The source loops of one schedule dimension.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceLoops {
    /// The loops, once each: loop op, IV index, name in words.
    pub loops: Vec<(Op, usize, String)>,
    /// Per loop of `loops`: the IV's source SSA name (`%j`), if known.
    pub ivs: Vec<Option<String>>,
    /// Per loop of `loops`: where it is (`3:3`), if known.
    pub places: Vec<Option<String>>,
    /// Whether some statement's value combines several of its loops (a skew).
    pub combined: bool,
}

impl SourceLoops {
    /// `the loop %j at 12:5`; `the loop %i at 3:3 and the loop %i at 8:3` (fused);
    /// `a combination of the loop %i at 3:3 and the loop %j at 4:5` (skewed); `None`
    /// when the dimension depends on no loop.
    pub fn text(&self) -> Option<String> {
        let names: Vec<&str> = self.loops.iter().map(|(_, _, n)| n.as_str()).collect();
        let list = match names.as_slice() {
            [] => return None,
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        };
        Some(if self.combined {
            format!("a combination of {list}")
        } else {
            list
        })
    }

    /// The loops by their IV names, short, for lists: `%j`, `%i/%k` (fused),
    /// `%i (3:3, 8:3)` (fused loops of one name, told apart by where they are,
    /// [`distinct_names`]), `(%i, %j)` (a combination); `None` when some loop has no SSA
    /// name or there is none.
    pub fn short(&self) -> Option<String> {
        let all: Option<Vec<&str>> = self.ivs.iter().map(|n| n.as_deref()).collect();
        let named: Vec<(&str, Option<&str>)> = all?
            .into_iter()
            .zip(self.places.iter().map(|p| p.as_deref()))
            .collect();
        let names = distinct_names(&named);
        if names.is_empty() {
            return None;
        }
        Some(if self.combined && names.len() > 1 {
            format!("({})", names.join(", "))
        } else {
            names.join("/")
        })
    }

    /// The first loop op, if any (where a remark about the loop goes).
    pub fn first_op(&self) -> Option<Op> {
        self.loops.first().map(|&(op, _, _)| op)
    }
}

/// The names of several loops (name, where it is), each name once, in order: a name
/// that loops at several places share lists the places (`%i (3:3, 8:3)`), so that fused
/// loops of one name do not read as one loop; places that are not known are left out.
pub fn distinct_names(loops: &[(&str, Option<&str>)]) -> Vec<String> {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for &(name, place) in loops {
        let k = match groups.iter().position(|(n, _)| *n == name) {
            Some(k) => k,
            None => {
                groups.push((name, Vec::new()));
                groups.len() - 1
            }
        };
        if let Some(p) = place.filter(|p| !groups[k].1.contains(p)) {
            groups[k].1.push(p);
        }
    }
    groups
        .into_iter()
        .map(|(name, places)| match places.as_slice() {
            [_, _, ..] => format!("{name} ({})", places.join(", ")),
            _ => name.to_string(),
        })
        .collect()
}

/// The source loops of the last output dimension of `schedule`
/// (`S[i0, ..] -> [t0, .., td]`, statements of the SCoP `names` names); statements it
/// does not know are skipped.
pub fn source_loops(
    isl: &IslCtx,
    names: &SourceNames,
    schedule: &UnionMap,
) -> Result<SourceLoops, IslError> {
    let maps = isl.check(isl.check(schedule.copy())?.get_map_list())?;
    // In statement order, not isl's.
    let mut per_statement = Vec::new();
    for k in 0..isl.check(maps.size())? {
        let m = isl.check(maps.get_at(k))?;
        let name = isl.check(m.get_tuple_name(DimType::In))?.to_string();
        if let Some(st) = names.ids.iter().position(|s| *s == name) {
            per_statement.push((st, m));
        }
    }
    per_statement.sort_by_key(|(st, _)| *st);
    let mut out = SourceLoops::default();
    for (st, m) in per_statement {
        let dims = depends_on(isl, m)?;
        if dims.len() > 1 {
            out.combined = true;
        }
        for d in dims {
            let Some(&(op, index)) = names.loops[st].get(d) else {
                continue;
            };
            if !out.loops.iter().any(|&(o, k, _)| o == op && k == index) {
                out.loops.push((op, index, names.dims[st][d].clone()));
                out.ivs.push(names.ivs[st][d].clone());
                out.places.push(names.places[st].get(d).cloned().flatten());
            }
        }
    }
    Ok(out)
}

/// The input dimensions the last output dimension of `m` depends on: a set of them that
/// determines its value on `m`'s domain, found by dropping dimensions innermost first
/// while the rest still determine it. Where the domain ties dimensions together (a tile
/// loop `i0` and its point loop `i2` with `16 i0 <= i2 < 16 i0 + 16`), `floor(i2 / 16)`
/// depends on the tile loop `i0` alone (equal to it there), `i2` on `i2`: outer
/// dimensions are kept in preference, so a value equal to an outer loop is named after it.
/// Independent dimensions give what "two instances differing in that dimension only get
/// different values" gives.
fn depends_on(isl: &IslCtx, m: Map) -> Result<Vec<usize>, IslError> {
    let n_out = isl.check(m.dim(DimType::Out))?;
    if n_out == 0 {
        return Ok(Vec::new());
    }
    let mut m = isl.check(m.project_out(DimType::Out, 0, (n_out - 1) as u32))?;
    let n_in = isl.check(m.dim(DimType::In))?;
    // Dropping from the end keeps the positions of the dimensions still to be tried.
    let mut dims = Vec::new();
    for d in (0..n_in).rev() {
        let without = isl.check(isl.check(m.copy())?.project_out(DimType::In, d as u32, 1))?;
        if isl.check(without.is_single_valued())? {
            m = without;
        } else {
            dims.push(d as usize);
        }
    }
    dims.reverse();
    Ok(dims)
}

/// Short names of the members of the band at `node` ([`SourceLoops::short`]: `%i`),
/// `None` for a member whose source loops have no SSA name.
pub fn member_names(
    isl: &IslCtx,
    node: &ScheduleNode,
    names: &SourceNames,
) -> Result<Vec<Option<String>>, IslError> {
    let partial = isl.check(node.band_get_partial_schedule())?;
    let n = isl.check(node.band_n_member())?.max(0);
    let mut out = Vec::new();
    for k in 0..n {
        let member = isl.check(UnionMap::from_union_pw_aff(isl.check(partial.get_at(k))?))?;
        out.push(member_source_loops(isl, names, member, node)?.short());
    }
    Ok(out)
}

/// The source loops of `member`, a member of the band at `node` (`S[i..] -> [t]`), on the
/// band's domain, where outer loops tie the iterators together (a member equal to an
/// old tile loop is named after it, see [`depends_on`]); a member that is constant there
/// (a loop of one iteration) by the loops its expression names.
pub fn member_source_loops(
    isl: &IslCtx,
    names: &SourceNames,
    member: UnionMap,
    node: &ScheduleNode,
) -> Result<SourceLoops, IslError> {
    let on_domain = isl.check(
        isl.check(member.copy())?
            .intersect_domain(isl.check(node.get_domain())?),
    )?;
    let source = source_loops(isl, names, &on_domain)?;
    if !source.loops.is_empty() {
        return Ok(source);
    }
    source_loops(isl, names, &member)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_tests::funcs;
    use crate::scop::extract_scops;
    use crate::tests::parse;
    use isl_rs::UnionSet;

    const TWO: &str = r#"func.func @f(%A: memref<16x17xf32>, %B: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x17xf32>
      affine.store %v, %A[%i, %j + 1] : memref<16x17xf32>
    }
  }
  affine.for %i = 0 to 16 {
    %w = affine.load %B[%i] : memref<16xf32>
    affine.store %w, %B[%i] : memref<16xf32>
  }
  return
}"#;

    /// A dimension following one loop, a skew of two, two fused loops of one name, and
    /// a constant.
    #[test]
    fn loops_a_dimension_follows() {
        let (ir, top) = parse(TWO);
        let isl = IslCtx::default();
        let func = funcs(&ir, top)[0];
        let extraction = extract_scops(&ir, &isl, func);
        let names = &extraction.scops[0].names;
        let of = |text: &str| source_loops(&isl, names, &isl.union_map(text).unwrap()).unwrap();
        let inner = of("{ S0[i0, i1] -> [i0, i1] }");
        assert_eq!(inner.text().as_deref(), Some("the loop %j at 3:5"));
        assert_eq!(inner.short().as_deref(), Some("%j"));
        let skew = of("{ S0[i0, i1] -> [i0 + i1] }");
        assert_eq!(
            skew.text().as_deref(),
            Some("a combination of the loop %i at 2:3 and the loop %j at 3:5")
        );
        assert_eq!(skew.short().as_deref(), Some("(%i, %j)"));
        let fused = of("{ S0[i0, i1] -> [i0]; S1[i0] -> [i0] }");
        assert_eq!(
            fused.text().as_deref(),
            Some("the loop %i at 2:3 and the loop %i at 8:3")
        );
        assert_eq!(fused.short().as_deref(), Some("%i (2:3, 8:3)"));
        assert_eq!(of("{ S0[i0, i1] -> [0] }").text(), None);
    }

    /// In tiled code the domain ties the tile loop to its point loop: a dimension equal
    /// to the tile loop (`floor(i1 / 16)` where `16 i0 <= i1 < 16 i0 + 16`) is named
    /// after the tile loop (before, after nothing: no single iterator changes it), the
    /// point loop after itself; a constant by the loops its expression names.
    #[test]
    fn a_dimension_equal_to_a_tile_loop_is_named_after_it() {
        let (ir, top) = parse(
            r#"func.func @f(%A: memref<64xf32>) {
  affine.for %ii = 0 to 64 step 16 {
    affine.for %i = affine_map<(d0) -> (d0)>(%ii) to affine_map<(d0) -> (d0 + 16)>(%ii) {
      %v = affine.load %A[%i] : memref<64xf32>
      affine.store %v, %A[%i] : memref<64xf32>
    }
  }
  return
}"#,
        );
        let isl = IslCtx::default();
        let func = funcs(&ir, top)[0];
        let extraction = extract_scops(&ir, &isl, func);
        let scop = &extraction.scops[0];
        let domain = UnionSet::from_set(scop.statements[0].domain.copy().unwrap()).unwrap();
        let on_domain = |text: &str| {
            let m = isl.union_map(text).unwrap();
            let m = m.intersect_domain(domain.copy().unwrap()).unwrap();
            source_loops(&isl, &scop.names, &m).unwrap().short()
        };
        assert_eq!(
            on_domain("{ S0[i0, i1] -> [floor(i1 / 16)] }").as_deref(),
            Some("%ii")
        );
        assert_eq!(on_domain("{ S0[i0, i1] -> [i1] }").as_deref(), Some("%i"));
        assert_eq!(on_domain("{ S0[i0, i1] -> [0] }"), None);
    }
}
