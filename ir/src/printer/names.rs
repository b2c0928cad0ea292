//! SSA value and block naming, replicating MLIR's `SSANameState`: a LIFO worklist of
//! regions, each remembering the counters and the used-name scope at the time it was
//! pushed; entry-block arguments are `%argN`, other values numbers, names suggested by
//! op hooks are made unique with `_N` suffixes; multi-result ops share one number
//! (`%0:2`, `%0#1`) or form result groups when some results are named.
//!
//! Invariants: every value defined under the printed op gets exactly one name; a name is
//! unique among the names visible in its scope chain; the computation is iterative (no
//! recursion), so nesting depth is unbounded.

use super::PrintOptions;
use crate::attrs::{Attr, AttrData, Location};
use crate::store::{Block, Ir, Op, Region, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// A value's printed identity.
#[derive(Clone, Debug)]
enum Id {
    Number(u32),
    Name(String),
}

/// Names of every value and block under a printed op.
#[derive(Default)]
pub struct Names {
    ids: FxHashMap<Value, Id>,
    /// Ops whose results form several groups: sorted group start indices (first is 0).
    groups: FxHashMap<Op, Vec<u32>>,
    /// Block name (`^bbN`) and ordering within its region.
    blocks: FxHashMap<Block, u32>,
    /// With `--mlir-print-value-users`: the number of each op without results (MLIR's
    /// `operationIDs`), drawn from the value numbers, so that a user without results can
    /// be named (`// id: %3`).
    op_ids: FxHashMap<Op, u32>,
}

/// The mutable naming state while numbering.
struct State<'a> {
    ir: &'a Ir,
    generic: bool,
    /// Value numbers run on across sibling regions (generic form or unique SSA ids).
    unique: bool,
    /// Name locations give names (`--mlir-use-nameloc-as-prefix`).
    name_loc: bool,
    /// Ops without results take a number (`--mlir-print-value-users`).
    op_ids: bool,
    names: Names,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    /// Names visible now (union of the scope stack).
    used: FxHashSet<String>,
    /// Scope stack: (scope id, names inserted in it).
    scopes: Vec<(u32, Vec<String>)>,
    next_scope_id: u32,
}

impl Names {
    /// Computes names for everything under `root`.
    pub fn compute(ir: &Ir, root: Op, options: PrintOptions) -> Names {
        let generic = options.generic;
        let mut st = State {
            ir,
            generic,
            unique: generic || options.unique_ssa_ids,
            name_loc: options.name_loc_as_prefix,
            op_ids: options.value_users,
            names: Names::default(),
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            used: FxHashSet::default(),
            scopes: vec![(0, Vec::new())],
            next_scope_id: 1,
        };
        // (region, next value, next argument, next conflict, parent scope id)
        let mut worklist: Vec<(Region, u32, u32, u32, u32)> = Vec::new();
        for &r in ir.regions(root) {
            worklist.push((r, 0, 0, 0, 0));
        }
        st.number_op(root);
        while let Some((region, nv, na, nc, parent)) = worklist.pop() {
            if !st.unique {
                st.next_value = nv;
                st.next_arg = na;
                st.next_conflict = nc;
            }
            while st.scopes.last().map(|s| s.0) != Some(parent) {
                match st.scopes.pop() {
                    Some((_, names)) => {
                        for n in names {
                            st.used.remove(&n);
                        }
                    }
                    None => break,
                }
            }
            if st.scopes.is_empty() {
                st.scopes.push((parent, Vec::new()));
            }
            let scope = st.next_scope_id;
            st.next_scope_id += 1;
            st.scopes.push((scope, Vec::new()));
            st.number_region(region);
            for b in ir.region_blocks(region) {
                for op in ir.block_ops(b) {
                    for &r in ir.regions(op) {
                        worklist.push((r, st.next_value, st.next_arg, st.next_conflict, scope));
                    }
                }
            }
        }
        st.names
    }

    /// `name` or `name#k` of `value` (without the `%`), with the result number when
    /// `with_result_no`.
    pub fn value_name(&self, ir: &Ir, value: Value, with_result_no: bool) -> String {
        let mut s = String::new();
        self.write_value_name(ir, value, with_result_no, &mut s);
        s
    }

    /// Appends what [`Names::value_name`] returns.
    pub fn write_value_name(&self, ir: &Ir, value: Value, with_result_no: bool, out: &mut String) {
        use std::fmt::Write;
        if !ir.contains_value(value) {
            out.push_str("<<UNKNOWN SSA VALUE>>");
            return;
        }
        let mut lookup = value;
        let mut result_no = None;
        if let ValueDef::Result { op, index } = ir.value_def(value) {
            let n = ir.results(op).len();
            if n != 1 {
                match self.groups.get(&op) {
                    None => {
                        result_no = Some(index);
                        lookup = ir.results(op)[0];
                    }
                    Some(groups) => {
                        let pos = groups.partition_point(|&g| g <= index);
                        let start = groups[pos - 1];
                        let size = if pos < groups.len() {
                            groups[pos] - start
                        } else {
                            n as u32 - start
                        };
                        if size != 1 {
                            result_no = Some(index - start);
                        }
                        lookup = ir.results(op)[start as usize];
                    }
                }
            }
        }
        match self.ids.get(&lookup) {
            Some(Id::Number(n)) => {
                let _ = write!(out, "{n}");
            }
            Some(Id::Name(name)) => out.push_str(name),
            None => {
                out.push_str("<<UNKNOWN SSA VALUE>>");
                return;
            }
        }
        if let (Some(k), true) = (result_no, with_result_no) {
            let _ = write!(out, "#{k}");
        }
    }

    /// The result groups of `op` (start indices), if it has several.
    pub fn result_groups(&self, op: Op) -> Option<&[u32]> {
        self.groups.get(&op).map(|v| v.as_slice())
    }

    /// The number of an op without results (`--mlir-print-value-users` only).
    pub fn op_id(&self, op: Op) -> Option<u32> {
        self.op_ids.get(&op).copied()
    }

    /// The ordering (and `^bbN` number) of `block` in its region.
    pub fn block_number(&self, block: Block) -> Option<u32> {
        self.blocks.get(&block).copied()
    }
}

/// MLIR's `sanitizeIdentifier` with allowed punctuation `$._-`.
fn sanitize(name: &str) -> String {
    let valid = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let bytes = name.as_bytes();
    let copy = |buf: &mut String| {
        for &c in bytes {
            if valid(c) {
                buf.push(c as char);
            } else if c == b' ' {
                buf.push('_');
            } else {
                buf.push_str(&format!("{:X}", c));
            }
        }
    };
    if bytes.is_empty() {
        return String::new();
    }
    if bytes[0].is_ascii_digit() || (!valid(bytes[0]) && bytes[0] != b' ') {
        let mut buf = String::from("_");
        copy(&mut buf);
        return buf;
    }
    if bytes.iter().all(|&c| valid(c)) {
        return name.to_string();
    }
    let mut buf = String::new();
    copy(&mut buf);
    buf
}

impl State<'_> {
    fn unique_name(&mut self, name: &str) -> String {
        let name = sanitize(name);
        let result = if !self.used.contains(&name) {
            name
        } else {
            loop {
                let probe = format!("{}_{}", name, self.next_conflict);
                self.next_conflict += 1;
                if !self.used.contains(&probe) {
                    break probe;
                }
            }
        };
        self.used.insert(result.clone());
        if let Some(scope) = self.scopes.last_mut() {
            scope.1.push(result.clone());
        }
        result
    }

    fn set_name(&mut self, value: Value, name: &str) {
        if name.is_empty() {
            self.names.ids.insert(value, Id::Number(self.next_value));
            self.next_value += 1;
        } else {
            let unique = self.unique_name(name);
            self.names.ids.insert(value, Id::Name(unique));
        }
    }

    /// With name locations as prefixes: the name of `loc` when it is a name location.
    fn name_of_loc(&self, loc: Option<Attr>) -> Option<String> {
        if !self.name_loc {
            return None;
        }
        // The first name location of the tree, callee before caller (MLIR's
        // `findInstanceOf<NameLoc>`).
        let ctx = self.ir.ctx();
        let mut stack = vec![loc?];
        while let Some(l) = stack.pop() {
            match ctx.attr_data(l) {
                AttrData::Location(Location::Name { name, .. }) => return Some(name.clone()),
                AttrData::Location(Location::CallSite { callee, caller }) => {
                    stack.extend([*caller, *callee]);
                }
                AttrData::Location(Location::Fused { locations, .. }) => {
                    stack.extend(locations.iter().rev());
                }
                _ => {}
            }
        }
        None
    }

    fn number_region(&mut self, region: Region) {
        let ir = self.ir;
        if !self.generic {
            if let Some(op) = ir.region_parent(region) {
                if let Some(hook) = ir.op_def(op).and_then(|d| d.block_arg_names) {
                    let mut suggested = Vec::new();
                    hook(ir, op, region, &mut suggested);
                    for (value, name) in suggested {
                        if !self.names.ids.contains_key(&value) && ir.contains_value(value) {
                            // With name locations as prefixes, an argument's name location
                            // wins over the op's suggestion, as in mlir-opt.
                            let name = self.name_of_loc(ir.value(value).loc).unwrap_or(name);
                            self.set_name(value, &name);
                        }
                    }
                }
            }
        }
        for (i, block) in ir.region_blocks(region).enumerate() {
            self.names.blocks.insert(block, i as u32);
            let entry = i == 0;
            for &arg in ir.block_args(block) {
                if self.names.ids.contains_key(&arg) {
                    continue;
                }
                let mut name = String::new();
                if entry {
                    name = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                }
                if let Some(n) = self.name_of_loc(ir.value(arg).loc) {
                    name = n;
                }
                self.set_name(arg, &name);
            }
            for op in ir.block_ops(block) {
                self.number_op(op);
            }
        }
    }

    fn number_op(&mut self, op: Op) {
        let ir = self.ir;
        let results = ir.results(op);
        let mut groups: Vec<u32> = vec![0];
        // A name location names the first result before any op hook does.
        if let (Some(&first), Some(name)) = (results.first(), self.name_of_loc(Some(ir.loc(op)))) {
            self.set_name(first, &name);
        }
        if !self.generic {
            if let Some(hook) = ir.op_def(op).and_then(|d| d.result_names) {
                let mut suggested = Vec::new();
                hook(ir, op, &mut suggested);
                for (index, name) in suggested {
                    let Some(&value) = results.get(index) else {
                        continue;
                    };
                    if self.names.ids.contains_key(&value) {
                        continue;
                    }
                    self.set_name(value, &name);
                    if index != 0 {
                        groups.push(index as u32);
                    }
                }
            }
        }
        let Some(&first) = results.first() else {
            if self.op_ids && !self.names.op_ids.contains_key(&op) {
                self.names.op_ids.insert(op, self.next_value);
                self.next_value += 1;
            }
            return;
        };
        if !self.names.ids.contains_key(&first) {
            self.names.ids.insert(first, Id::Number(self.next_value));
            self.next_value += 1;
        }
        if groups.len() != 1 {
            groups.sort_unstable();
            self.names.groups.insert(op, groups);
        }
    }
}
