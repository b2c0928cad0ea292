//! `--mlir-print-value-users`: the comments mlir-opt 22 appends naming where each value is
//! used (MLIR's `printUsersComment` and `printValueUsers`): after an op, `// unused`,
//! `// user: %3`, `// users: %3, %4#0, %4#1` (one parenthesized list per result when the
//! op has several) or, for an op without results but with operands, `// id: %5`; before
//! a block's ops, one `// %arg0 is used by %1, %2` (or `is unused`) line per argument.
//!
//! Invariants: users are listed in MLIR's use-list order ([`Ir::uses_in_mlir_order`]),
//! each user once however many of its operands use the value; a user is named by its
//! results (all of them) or, without results, by its op number; nothing is written in
//! the alias-collecting dry run.

use super::Printer;
use crate::store::{Block, Ir, Op, Value};
use rustc_hash::FxHashSet;

impl Printer<'_> {
    /// The comment after `op` (nothing unless `value_users`).
    pub(super) fn print_users_comment(&mut self, op: Op) {
        if !self.options.value_users || self.inner.dry {
            return;
        }
        let ir = self.ir;
        let results = ir.results(op);
        if results.is_empty() {
            if !ir.operands(op).is_empty() {
                self.out.push_str(" // id: ");
                self.print_op_id(op);
            }
            return;
        }
        if results.iter().all(|&r| ir.is_unused(r)) {
            self.out.push_str(" // unused");
            return;
        }
        let (operations, result_count) = user_counts(ir, results);
        let one = result_count <= 1 && operations <= 1 && results.len() == 1;
        self.out
            .push_str(if one { " // user: " } else { " // users: " });
        let brackets = results.len() > 1;
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if brackets {
                self.out.push('(');
            }
            self.print_value_users(r);
            if brackets {
                self.out.push(')');
            }
        }
    }

    /// `// %arg0 is used by ...` lines for the arguments of `block`, at the indentation of
    /// its ops (nothing unless `value_users`).
    pub(super) fn print_block_arg_users(&mut self, block: Block) {
        if !self.options.value_users || self.inner.dry {
            return;
        }
        for &arg in self.ir.block_args(block) {
            self.indent();
            self.out.push_str("// ");
            self.print_operand(arg);
            if self.ir.is_unused(arg) {
                self.out.push_str(" is unused");
            } else {
                self.out.push_str(" is used by ");
                self.print_value_users(arg);
            }
            self.out.push('\n');
        }
    }

    /// The users of `value`, comma-separated, each once (`unused` when none).
    fn print_value_users(&mut self, value: Value) {
        let uses = self.ir.uses_in_mlir_order(value);
        if uses.is_empty() {
            self.out.push_str("unused");
        }
        let mut seen: FxHashSet<Op> = FxHashSet::default();
        for u in uses {
            if !seen.insert(u.op) {
                continue;
            }
            if seen.len() > 1 {
                self.out.push_str(", ");
            }
            self.print_user_ids(u.op);
        }
    }

    /// A user: its results (`%4#0, %4#1`), or its op number when it has none.
    fn print_user_ids(&mut self, user: Op) {
        let results = self.ir.results(user);
        if results.is_empty() {
            self.print_op_id(user);
            return;
        }
        self.print_operands(results);
    }

    fn print_op_id(&mut self, op: Op) {
        match self.inner.names.op_id(op) {
            Some(n) => {
                self.out.push('%');
                self.out.push_str(&n.to_string());
            }
            None => self.out.push_str("<<UNKNOWN OPERATION>>"),
        }
    }
}

/// How many distinct ops use any of `results`, and how many results those ops have.
fn user_counts(ir: &Ir, results: &[Value]) -> (usize, usize) {
    let mut users: FxHashSet<Op> = FxHashSet::default();
    for &r in results {
        users.extend(ir.uses(r).iter().map(|u| u.op));
    }
    let result_count = users.iter().map(|&u| ir.results(u).len()).sum();
    (users.len(), result_count)
}
