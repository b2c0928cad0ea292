//! IR storage: operations, blocks, regions and values in generational arenas.
//!
//! Invariants kept by every mutating method here (nothing else touches the arenas):
//! - Order is separate from content (cranelift's `Layout`): ops form a doubly linked list
//!   inside their block (`prev`/`next`, block `first`/`last`), blocks likewise inside their
//!   region, so insert, move and erase are O(1).
//! - `parent` links are exact: an op in a block has `parent == Some(block)`, a detached op
//!   has `None`; same for blocks in regions and regions in ops.
//! - Use lists are exact: for every op `o` and operand index `i`, `uses(operands(o)[i])`
//!   contains `Use { op: o, index: i }` exactly once, at position `use_pos[i]` of `o`
//!   (so removing a use is O(1), however many uses the value has). RAUW is O(uses).
//! - Every use carries a sequence number (`use_seq[i]` of its op) that orders a value's
//!   uses as MLIR's use list does, newest first ([`Ir::uses_in_mlir_order`]): a new use
//!   takes the next number, and RAUW renumbers the moved uses one by one in that order
//!   (MLIR moves each to the front of the new list, so they end up reversed, ahead of
//!   the new value's own uses). Printers that list users (`--mlir-print-value-users`)
//!   read this order; nothing else depends on it.
//! - Handles are generational: a handle to an erased entity is detected, never aliased.
//! - Source SSA names (`%i`, `%arg3`) are a side table keyed by value, filled by the
//!   parser and read only by diagnostics: no op or value carries one and printing
//!   ignores it. A clone of a named value, and an unnamed value that replaces a named
//!   one (RAUW), take its name; other values created later have none.

use crate::attrs::{Attr, NamedAttr};
use crate::context::{Context, Str};
use crate::registry::OpDef;
use crate::types::Type;
use slotmap::{SecondaryMap, SlotMap};
use std::sync::Arc;

slotmap::new_key_type! {
    /// An operation.
    pub struct Op;
    /// A basic block.
    pub struct Block;
    /// A region.
    pub struct Region;
    /// An SSA value: an op result or a block argument.
    pub struct Value;
}

/// One use of a value: operand `index` of `op`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    pub op: Op,
    pub index: u32,
}

/// What defines a value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result { op: Op, index: u32 },
    /// Argument `index` of `block`.
    Argument { block: Block, index: u32 },
    /// A forward reference not yet resolved (only exists during parsing).
    Placeholder,
}

/// An SSA value.
#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    /// Every use of this value (see module invariants).
    uses: Vec<Use>,
    /// Location of a block argument (`%arg0: i32 loc(...)`); `None` for results.
    pub loc: Option<Attr>,
}

/// An operation.
#[derive(Clone, Debug)]
pub struct OpData {
    /// Full name, `dialect.op`.
    pub name: Str,
    /// The registered definition, `None` for unregistered ops.
    pub def: Option<&'static OpDef>,
    operands: Vec<Value>,
    /// Per operand, the position of its [`Use`] in the operand value's use list.
    use_pos: Vec<u32>,
    /// Per operand, the sequence number of its [`Use`] (see the module invariants).
    use_seq: Vec<u64>,
    results: Vec<Value>,
    /// Attributes, sorted by name text. For registered ops this holds inherent
    /// attributes (properties, printed `<{...}>` in generic form) and discardable ones
    /// alike; `def.inherent_attrs` tells them apart.
    attrs: Vec<NamedAttr>,
    /// Opaque properties of an unregistered op (`<{...}>` in generic form).
    pub properties: Option<Attr>,
    successors: Vec<Block>,
    regions: Vec<Region>,
    /// Location attribute.
    pub loc: Attr,
    parent: Option<Block>,
    prev: Option<Op>,
    next: Option<Op>,
}

/// A basic block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    args: Vec<Value>,
    parent: Option<Region>,
    first: Option<Op>,
    last: Option<Op>,
    prev: Option<Block>,
    next: Option<Block>,
}

/// A region: a list of blocks.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    parent: Option<Op>,
    first: Option<Block>,
    last: Option<Block>,
}

/// Everything needed to create an op ([`Ir::create_op`]); custom parsers fill one.
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: Str,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    /// Attributes in any order; sorted on creation.
    pub attrs: Vec<NamedAttr>,
    pub properties: Option<Attr>,
    pub successors: Vec<Block>,
    /// Detached regions to attach, in order.
    pub regions: Vec<Region>,
    pub loc: Attr,
}

impl OperationState {
    /// An empty state for op `name` at `loc`.
    pub fn new(name: Str, loc: Attr) -> OperationState {
        OperationState {
            name,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            properties: None,
            successors: Vec::new(),
            regions: Vec::new(),
            loc,
        }
    }

    /// Adds (or replaces) an attribute.
    pub fn add_attr(&mut self, name: Str, value: Attr) {
        self.attrs.retain(|a| a.name != name);
        self.attrs.push(NamedAttr { name, value });
    }

    /// The attribute named `name`, if set.
    pub fn attr(&self, name: Str) -> Option<Attr> {
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

/// The IR of one compilation unit, with its context.
#[derive(Clone)]
pub struct Ir {
    ctx: Arc<Context>,
    ops: SlotMap<Op, OpData>,
    blocks: SlotMap<Block, BlockData>,
    regions: SlotMap<Region, RegionData>,
    values: SlotMap<Value, ValueData>,
    /// The SSA name each parsed value had in the source (`%i`), for diagnostics.
    source_names: SecondaryMap<Value, Str>,
    /// The `external_resources` of the parsed file's metadata, printed back after it.
    external_resources: Vec<crate::resources::ResourceGroup>,
    /// The sequence number the next use gets.
    next_use_seq: u64,
    /// The `builtin` blobs of the parsed file's `dialect_resources` (key, bytes with
    /// their 4-byte alignment), which `dense_resource<key>` attributes refer to; a
    /// repeated key keeps its last blob, as mlir-opt does.
    dialect_resources: rustc_hash::FxHashMap<String, Vec<u8>>,
}

/// Walk order for [`Ir::walk`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkOrder {
    /// An op before the ops nested in it.
    PreOrder,
    /// The ops nested in an op before the op.
    PostOrder,
}

impl Ir {
    /// Empty IR over `ctx`.
    pub fn new(ctx: Arc<Context>) -> Ir {
        Ir {
            ctx,
            ops: SlotMap::with_key(),
            blocks: SlotMap::with_key(),
            regions: SlotMap::with_key(),
            values: SlotMap::with_key(),
            source_names: SecondaryMap::new(),
            external_resources: Vec::new(),
            next_use_seq: 0,
            dialect_resources: Default::default(),
        }
    }

    /// The `external_resources` groups of the parsed file's metadata (`{-# ... #-}`).
    pub fn external_resources(&self) -> &[crate::resources::ResourceGroup] {
        &self.external_resources
    }

    /// Adds an `external_resources` entry to group `group`.
    pub fn add_external_resource(
        &mut self,
        group: &str,
        key: String,
        value: crate::resources::ResourceValue,
    ) {
        crate::resources::add_entry(&mut self.external_resources, group, key, value);
    }

    /// The blob (alignment and data) of `builtin` resource `key`, if the file defined one.
    pub fn dialect_resource(&self, key: &str) -> Option<&[u8]> {
        self.dialect_resources.get(key).map(|blob| blob.as_slice())
    }

    /// Sets the blob of `builtin` resource `key` (replacing an earlier one).
    pub fn set_dialect_resource(&mut self, key: String, blob: Vec<u8>) {
        self.dialect_resources.insert(key, blob);
    }

    /// The SSA name `value` had in the parsed source (`%i`, `%sum#1`), if any, or, for a
    /// value a pass created, what it is in words without a `%` (a generated loop's IV:
    /// `tile loop of %i`); for diagnostics only (the printer numbers values its own way).
    pub fn source_name(&self, value: Value) -> Option<&str> {
        self.source_names.get(value).map(|&s| self.ctx.str(s))
    }

    /// Records `name` (with its `%`, or words without one) as the source name of `value`.
    pub fn set_source_name(&mut self, value: Value, name: &str) {
        let s = self.ctx.intern_str(name);
        self.source_names.insert(value, s);
    }

    /// The context.
    pub fn ctx(&self) -> &Context {
        &self.ctx
    }

    /// The shared context handle.
    pub fn ctx_arc(&self) -> &Arc<Context> {
        &self.ctx
    }

    // ----- existence checks -----

    /// Whether `op` is live.
    pub fn contains_op(&self, op: Op) -> bool {
        self.ops.contains_key(op)
    }

    /// Whether `value` is live.
    pub fn contains_value(&self, value: Value) -> bool {
        self.values.contains_key(value)
    }

    /// Whether `block` is live.
    pub fn contains_block(&self, block: Block) -> bool {
        self.blocks.contains_key(block)
    }

    // ----- ops: reading -----

    /// The data of `op`.
    pub fn op(&self, op: Op) -> &OpData {
        &self.ops[op]
    }

    /// The full name of `op` (`arith.addi`).
    pub fn op_name(&self, op: Op) -> &str {
        self.ctx.str(self.ops[op].name)
    }

    /// Whether `op` is named `name`.
    pub fn is_op(&self, op: Op, name: &str) -> bool {
        self.op_name(op) == name
    }

    /// The registered definition of `op`.
    pub fn op_def(&self, op: Op) -> Option<&'static OpDef> {
        self.ops[op].def
    }

    /// The operands of `op`.
    pub fn operands(&self, op: Op) -> &[Value] {
        &self.ops[op].operands
    }

    /// Operand `index` of `op`.
    pub fn operand(&self, op: Op, index: usize) -> Value {
        self.ops[op].operands[index]
    }

    /// The results of `op`.
    pub fn results(&self, op: Op) -> &[Value] {
        &self.ops[op].results
    }

    /// Result `index` of `op`.
    pub fn result(&self, op: Op, index: usize) -> Value {
        self.ops[op].results[index]
    }

    /// The attributes of `op`, sorted by name.
    pub fn attrs(&self, op: Op) -> &[NamedAttr] {
        &self.ops[op].attrs
    }

    /// The attribute `name` of `op`.
    pub fn attr(&self, op: Op, name: &str) -> Option<Attr> {
        self.ops[op]
            .attrs
            .iter()
            .find(|a| self.ctx.str(a.name) == name)
            .map(|a| a.value)
    }

    /// The successors of `op`.
    pub fn successors(&self, op: Op) -> &[Block] {
        &self.ops[op].successors
    }

    /// The regions of `op`.
    pub fn regions(&self, op: Op) -> &[Region] {
        &self.ops[op].regions
    }

    /// Region `index` of `op`.
    pub fn region(&self, op: Op, index: usize) -> Region {
        self.ops[op].regions[index]
    }

    /// The location of `op`.
    pub fn loc(&self, op: Op) -> Attr {
        self.ops[op].loc
    }

    /// The block containing `op`.
    pub fn op_parent(&self, op: Op) -> Option<Block> {
        self.ops[op].parent
    }

    /// The op whose region contains `op`.
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let block = self.ops[op].parent?;
        let region = self.blocks[block].parent?;
        self.regions[region].parent
    }

    /// The op after `op` in its block.
    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.ops[op].next
    }

    /// The op before `op` in its block.
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.ops[op].prev
    }

    // ----- blocks and regions: reading -----

    /// The arguments of `block`.
    pub fn block_args(&self, block: Block) -> &[Value] {
        &self.blocks[block].args
    }

    /// The region containing `block`.
    pub fn block_parent(&self, block: Block) -> Option<Region> {
        self.blocks[block].parent
    }

    /// The op owning the region containing `block`.
    pub fn block_parent_op(&self, block: Block) -> Option<Op> {
        self.regions[self.blocks[block].parent?].parent
    }

    /// First op of `block`.
    pub fn first_op(&self, block: Block) -> Option<Op> {
        self.blocks[block].first
    }

    /// Last op of `block` (its terminator, in a well-formed SSACFG block).
    pub fn last_op(&self, block: Block) -> Option<Op> {
        self.blocks[block].last
    }

    /// The ops of `block` in order.
    pub fn block_ops(&self, block: Block) -> BlockOps<'_> {
        BlockOps {
            ir: self,
            next: self.blocks[block].first,
        }
    }

    /// The block after `block` in its region.
    pub fn next_block(&self, block: Block) -> Option<Block> {
        self.blocks[block].next
    }

    /// The op owning `region`.
    pub fn region_parent(&self, region: Region) -> Option<Op> {
        self.regions[region].parent
    }

    /// The blocks of `region` in order.
    pub fn region_blocks(&self, region: Region) -> RegionBlocks<'_> {
        RegionBlocks {
            ir: self,
            next: self.regions[region].first,
        }
    }

    /// The entry block of `region`.
    pub fn entry_block(&self, region: Region) -> Option<Block> {
        self.regions[region].first
    }

    /// Whether `region` has no blocks.
    pub fn region_is_empty(&self, region: Region) -> bool {
        self.regions[region].first.is_none()
    }

    // ----- values: reading -----

    /// The data of `value`.
    pub fn value(&self, value: Value) -> &ValueData {
        &self.values[value]
    }

    /// The type of `value`.
    pub fn value_type(&self, value: Value) -> Type {
        self.values[value].ty
    }

    /// What defines `value`.
    pub fn value_def(&self, value: Value) -> ValueDef {
        self.values[value].def
    }

    /// The op defining `value`, if it is an op result.
    pub fn defining_op(&self, value: Value) -> Option<Op> {
        match self.values[value].def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The block where `value` is defined (its op's block, or its block for arguments).
    pub fn value_block(&self, value: Value) -> Option<Block> {
        match self.values[value].def {
            ValueDef::Result { op, .. } => self.ops[op].parent,
            ValueDef::Argument { block, .. } => Some(block),
            ValueDef::Placeholder => None,
        }
    }

    /// The uses of `value`.
    pub fn uses(&self, value: Value) -> &[Use] {
        &self.values[value].uses
    }

    /// Whether `value` has no uses.
    pub fn is_unused(&self, value: Value) -> bool {
        self.values[value].uses.is_empty()
    }

    // ----- creation -----

    /// Creates a detached op from `state`, attaching its regions and registering uses.
    pub fn create_op(&mut self, mut state: OperationState) -> Op {
        let def = self.ctx.op_def(self.ctx.str(state.name));
        if let Some(fill) = def.and_then(|d| d.generic_defaults) {
            fill(&self.ctx, &mut state);
        }
        let OperationState {
            name,
            operands,
            result_types,
            mut attrs,
            properties,
            successors,
            regions,
            loc,
        } = state;
        self.ctx.sort_named_attrs(&mut attrs);
        let op = self.ops.insert(OpData {
            name,
            def,
            operands: Vec::new(),
            use_pos: Vec::new(),
            use_seq: Vec::new(),
            results: Vec::new(),
            attrs,
            properties,
            successors,
            regions: Vec::new(),
            loc,
            parent: None,
            prev: None,
            next: None,
        });
        let results = result_types
            .into_iter()
            .enumerate()
            .map(|(i, ty)| {
                self.values.insert(ValueData {
                    ty,
                    def: ValueDef::Result {
                        op,
                        index: i as u32,
                    },
                    uses: Vec::new(),
                    loc: None,
                })
            })
            .collect();
        self.ops[op].results = results;
        self.set_operands(op, operands);
        for region in regions {
            self.attach_region(op, region);
        }
        op
    }

    /// Creates a detached, empty region.
    pub fn create_region(&mut self) -> Region {
        self.regions.insert(RegionData::default())
    }

    /// Appends a detached `region` to `op`'s regions.
    pub fn attach_region(&mut self, op: Op, region: Region) {
        debug_assert!(self.regions[region].parent.is_none());
        self.regions[region].parent = Some(op);
        self.ops[op].regions.push(region);
    }

    /// Creates a detached block with arguments of the given types.
    pub fn create_block(&mut self, arg_types: &[Type]) -> Block {
        let block = self.blocks.insert(BlockData::default());
        for &ty in arg_types {
            self.add_block_arg(block, ty, None);
        }
        block
    }

    /// Appends an argument to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type, loc: Option<Attr>) -> Value {
        let index = self.blocks[block].args.len() as u32;
        let value = self.values.insert(ValueData {
            ty,
            def: ValueDef::Argument { block, index },
            uses: Vec::new(),
            loc,
        });
        self.blocks[block].args.push(value);
        value
    }

    /// Removes argument `index` of `block`; it must be unused.
    pub fn erase_block_arg(&mut self, block: Block, index: usize) {
        let value = self.blocks[block].args.remove(index);
        debug_assert!(self.values[value].uses.is_empty());
        self.values.remove(value);
        for (i, &arg) in self.blocks[block].args.iter().enumerate().skip(index) {
            self.values[arg].def = ValueDef::Argument {
                block,
                index: i as u32,
            };
        }
    }

    /// Creates a placeholder value for a forward reference.
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.values.insert(ValueData {
            ty,
            def: ValueDef::Placeholder,
            uses: Vec::new(),
            loc: None,
        })
    }

    /// Removes a placeholder (after [`Ir::replace_all_uses`] moved its uses away).
    pub fn erase_placeholder(&mut self, value: Value) {
        debug_assert!(matches!(self.values[value].def, ValueDef::Placeholder));
        self.values.remove(value);
    }

    // ----- mutation: operands, attributes, types -----

    fn add_use(&mut self, value: Value, u: Use) {
        let uses = &mut self.values[value].uses;
        let data = &mut self.ops[u.op];
        data.use_pos[u.index as usize] = uses.len() as u32;
        data.use_seq[u.index as usize] = self.next_use_seq;
        self.next_use_seq += 1;
        uses.push(u);
    }

    /// The uses of `value` in the order of MLIR's use list (newest first; see the module
    /// invariants), e.g. for `--mlir-print-value-users`.
    pub fn uses_in_mlir_order(&self, value: Value) -> Vec<Use> {
        let mut uses = self.values[value].uses.clone();
        uses.sort_unstable_by_key(|u| std::cmp::Reverse(self.ops[u.op].use_seq[u.index as usize]));
        uses
    }

    fn remove_use(&mut self, value: Value, u: Use) {
        let Some(data) = self.values.get_mut(value) else {
            return;
        };
        let at = self.ops[u.op].use_pos[u.index as usize] as usize;
        let pos = if data.uses.get(at) == Some(&u) {
            at
        } else {
            debug_assert!(false, "stale use position");
            match data.uses.iter().position(|x| *x == u) {
                Some(p) => p,
                None => return,
            }
        };
        data.uses.swap_remove(pos);
        if let Some(&moved) = data.uses.get(pos) {
            self.ops[moved.op].use_pos[moved.index as usize] = pos as u32;
        }
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: Op, operands: Vec<Value>) {
        let old = std::mem::take(&mut self.ops[op].operands);
        for (i, v) in old.into_iter().enumerate() {
            self.remove_use(
                v,
                Use {
                    op,
                    index: i as u32,
                },
            );
        }
        self.ops[op].use_pos = vec![0; operands.len()];
        self.ops[op].use_seq = vec![0; operands.len()];
        for (i, &v) in operands.iter().enumerate() {
            self.add_use(
                v,
                Use {
                    op,
                    index: i as u32,
                },
            );
        }
        self.ops[op].operands = operands;
    }

    /// Inserts `value` as operand `at` of `op`, shifting the later operands (their uses
    /// are renumbered; cost: the number of later operands).
    pub fn insert_operand(&mut self, op: Op, at: usize, value: Value) {
        let n = self.ops[op].operands.len();
        for i in (at..n).rev() {
            let v = self.ops[op].operands[i];
            let pos = self.ops[op].use_pos[i] as usize;
            self.values[v].uses[pos].index = (i + 1) as u32;
        }
        self.ops[op].operands.insert(at, value);
        self.ops[op].use_pos.insert(at, 0);
        self.ops[op].use_seq.insert(at, 0);
        self.add_use(
            value,
            Use {
                op,
                index: at as u32,
            },
        );
    }

    /// Replaces operand `index` of `op`.
    pub fn set_operand(&mut self, op: Op, index: usize, value: Value) {
        let old = self.ops[op].operands[index];
        let u = Use {
            op,
            index: index as u32,
        };
        self.remove_use(old, u);
        self.add_use(value, u);
        self.ops[op].operands[index] = value;
    }

    /// Replaces `op`'s operands found in `mapping` by their images (uses are kept
    /// consistent; operands already equal to their image are left alone).
    pub fn remap_operands(&mut self, op: Op, mapping: &rustc_hash::FxHashMap<Value, Value>) {
        let operands = self.ops[op].operands.clone();
        for (i, v) in operands.into_iter().enumerate() {
            if let Some(&m) = mapping.get(&v) {
                if m != v {
                    self.set_operand(op, i, m);
                }
            }
        }
    }

    /// Replaces every use of `old` with `new`.
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        let mut uses = std::mem::take(&mut self.values[old].uses);
        uses.sort_unstable_by_key(|u| std::cmp::Reverse(self.ops[u.op].use_seq[u.index as usize]));
        let base = self.values[new].uses.len();
        for (k, u) in uses.iter().enumerate() {
            let data = &mut self.ops[u.op];
            data.operands[u.index as usize] = new;
            data.use_pos[u.index as usize] = (base + k) as u32;
            data.use_seq[u.index as usize] = self.next_use_seq;
            self.next_use_seq += 1;
        }
        self.values[new].uses.extend(uses);
        self.inherit_source_name(old, new);
    }

    /// Gives `to` the source name of `from` when `to` has none (a clone, a replacement).
    fn inherit_source_name(&mut self, from: Value, to: Value) {
        if !self.source_names.contains_key(to) {
            if let Some(&name) = self.source_names.get(from) {
                self.source_names.insert(to, name);
            }
        }
    }

    /// Replaces every use of `old` for which `pred` holds with `new`.
    pub fn replace_uses_where(
        &mut self,
        old: Value,
        new: Value,
        mut pred: impl FnMut(&Ir, Use) -> bool,
    ) {
        for u in self.uses_in_mlir_order(old) {
            if pred(self, u) {
                self.set_operand(u.op, u.index as usize, new);
            }
        }
    }

    /// Sets (or replaces) attribute `name` of `op`.
    pub fn set_attr(&mut self, op: Op, name: &str, value: Attr) {
        let name = self.ctx.intern_str(name);
        let ctx = self.ctx.clone();
        let attrs = &mut self.ops[op].attrs;
        match attrs.binary_search_by(|a| ctx.str(a.name).cmp(ctx.str(name))) {
            Ok(i) => attrs[i].value = value,
            Err(i) => attrs.insert(i, NamedAttr { name, value }),
        }
    }

    /// Removes attribute `name` of `op`, returning it.
    pub fn remove_attr(&mut self, op: Op, name: &str) -> Option<Attr> {
        let ctx = self.ctx.clone();
        let attrs = &mut self.ops[op].attrs;
        let pos = attrs.iter().position(|a| ctx.str(a.name) == name)?;
        Some(attrs.remove(pos).value)
    }

    /// Replaces all attributes of `op`.
    pub fn set_attrs(&mut self, op: Op, mut attrs: Vec<NamedAttr>) {
        self.ctx.sort_named_attrs(&mut attrs);
        self.ops[op].attrs = attrs;
    }

    /// Sets the location of `op`.
    pub fn set_loc(&mut self, op: Op, loc: Attr) {
        self.ops[op].loc = loc;
    }

    /// Sets the type of `value`.
    pub fn set_value_type(&mut self, value: Value, ty: Type) {
        self.values[value].ty = ty;
    }

    /// Replaces the successors of `op`.
    pub fn set_successors(&mut self, op: Op, successors: Vec<Block>) {
        self.ops[op].successors = successors;
    }

    // ----- mutation: layout -----

    /// Appends detached `op` at the end of `block`.
    pub fn append_op(&mut self, block: Block, op: Op) {
        debug_assert!(self.ops[op].parent.is_none());
        let last = self.blocks[block].last;
        self.ops[op].parent = Some(block);
        self.ops[op].prev = last;
        self.ops[op].next = None;
        match last {
            Some(l) => self.ops[l].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
        self.blocks[block].last = Some(op);
    }

    /// Inserts detached `op` before `anchor`.
    pub fn insert_op_before(&mut self, anchor: Op, op: Op) {
        debug_assert!(self.ops[op].parent.is_none());
        let block = self.ops[anchor]
            .parent
            .expect("anchor op is not in a block");
        let prev = self.ops[anchor].prev;
        self.ops[op].parent = Some(block);
        self.ops[op].prev = prev;
        self.ops[op].next = Some(anchor);
        self.ops[anchor].prev = Some(op);
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
    }

    /// Inserts detached `op` after `anchor`.
    pub fn insert_op_after(&mut self, anchor: Op, op: Op) {
        match self.ops[anchor].next {
            Some(next) => self.insert_op_before(next, op),
            None => {
                let block = self.ops[anchor]
                    .parent
                    .expect("anchor op is not in a block");
                self.append_op(block, op)
            }
        }
    }

    /// Inserts detached `op` at the start of `block`.
    pub fn prepend_op(&mut self, block: Block, op: Op) {
        match self.blocks[block].first {
            Some(first) => self.insert_op_before(first, op),
            None => self.append_op(block, op),
        }
    }

    /// Unlinks `op` from its block (it stays alive, detached).
    pub fn detach_op(&mut self, op: Op) {
        let Some(block) = self.ops[op].parent else {
            return;
        };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
        let data = &mut self.ops[op];
        data.parent = None;
        data.prev = None;
        data.next = None;
    }

    /// Appends detached `block` to `region`.
    pub fn append_block(&mut self, region: Region, block: Block) {
        debug_assert!(self.blocks[block].parent.is_none());
        let last = self.regions[region].last;
        self.blocks[block].parent = Some(region);
        self.blocks[block].prev = last;
        self.blocks[block].next = None;
        match last {
            Some(l) => self.blocks[l].next = Some(block),
            None => self.regions[region].first = Some(block),
        }
        self.regions[region].last = Some(block);
    }

    /// Inserts detached `block` right after `anchor`, in `anchor`'s region.
    pub fn insert_block_after(&mut self, anchor: Block, block: Block) {
        debug_assert!(self.blocks[block].parent.is_none());
        let region = self.blocks[anchor]
            .parent
            .expect("anchor block is in a region");
        let next = self.blocks[anchor].next;
        self.blocks[block].parent = Some(region);
        self.blocks[block].prev = Some(anchor);
        self.blocks[block].next = next;
        self.blocks[anchor].next = Some(block);
        match next {
            Some(n) => self.blocks[n].prev = Some(block),
            None => self.regions[region].last = Some(block),
        }
    }

    /// Sets the location of `value` (a block argument's `loc(...)`).
    pub fn set_value_loc(&mut self, value: Value, loc: Option<Attr>) {
        self.values[value].loc = loc;
    }

    /// Unlinks `block` from its region.
    pub fn detach_block(&mut self, block: Block) {
        let Some(region) = self.blocks[block].parent else {
            return;
        };
        let (prev, next) = (self.blocks[block].prev, self.blocks[block].next);
        match prev {
            Some(p) => self.blocks[p].next = next,
            None => self.regions[region].first = next,
        }
        match next {
            Some(n) => self.blocks[n].prev = prev,
            None => self.regions[region].last = prev,
        }
        let data = &mut self.blocks[block];
        data.parent = None;
        data.prev = None;
        data.next = None;
    }

    /// Erases `op` and everything nested in it. Uses of its results are dropped from
    /// their users' operand lists only if callers replaced them first; callers must make
    /// sure the results are unused (checked in debug builds).
    pub fn erase_op(&mut self, op: Op) {
        self.detach_op(op);
        // Iterative post-order erase, so deep nests cannot overflow the stack.
        let mut stack = vec![op];
        let mut order = Vec::new();
        while let Some(o) = stack.pop() {
            order.push(o);
            for &r in &self.ops[o].regions {
                let mut b = self.regions[r].first;
                while let Some(block) = b {
                    let mut n = self.blocks[block].first;
                    while let Some(inner) = n {
                        stack.push(inner);
                        n = self.ops[inner].next;
                    }
                    b = self.blocks[block].next;
                }
            }
        }
        // Drop all operand uses first, so values defined inside can be freed.
        for &o in &order {
            let operands = std::mem::take(&mut self.ops[o].operands);
            for (i, v) in operands.into_iter().enumerate() {
                self.remove_use(
                    v,
                    Use {
                        op: o,
                        index: i as u32,
                    },
                );
            }
        }
        for &o in &order {
            let data = self.ops.remove(o).expect("live op");
            for v in data.results {
                self.values.remove(v);
            }
            for r in data.regions {
                let region = self.regions.remove(r).expect("live region");
                let mut b = region.first;
                while let Some(block) = b {
                    let bd = self.blocks.remove(block).expect("live block");
                    for a in bd.args {
                        self.values.remove(a);
                    }
                    b = bd.next;
                }
            }
        }
    }

    /// Erases `block` (detaching it first) and all its ops.
    pub fn erase_block(&mut self, block: Block) {
        self.detach_block(block);
        while let Some(op) = self.blocks[block].last {
            self.erase_op(op);
        }
        let bd = self.blocks.remove(block).expect("live block");
        for a in bd.args {
            self.values.remove(a);
        }
    }

    /// Moves all ops of `from` to the end of `to` (`from` is left empty).
    pub fn splice_block_ops(&mut self, from: Block, to: Block) {
        while let Some(op) = self.blocks[from].first {
            self.detach_op(op);
            self.append_op(to, op);
        }
    }

    // ----- traversal -----

    /// Ops nested in `root` (including `root`), in the given order, without recursion.
    pub fn walk_ops(&self, root: Op, order: WalkOrder) -> Vec<Op> {
        let mut out = Vec::new();
        // (op, expanded?) stack.
        let mut stack = vec![(root, false)];
        while let Some((op, expanded)) = stack.pop() {
            if expanded {
                out.push(op);
                continue;
            }
            if order == WalkOrder::PreOrder {
                out.push(op);
            } else {
                stack.push((op, true));
            }
            let mut children = Vec::new();
            for &r in &self.ops[op].regions {
                for b in self.region_blocks(r) {
                    children.extend(self.block_ops(b));
                }
            }
            for &c in children.iter().rev() {
                stack.push((c, false));
            }
        }
        out
    }

    /// Whether `ancestor` is `op` or contains it.
    pub fn is_ancestor(&self, ancestor: Op, mut op: Op) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// Whether region `region` contains `op` (at any depth).
    pub fn region_contains(&self, region: Region, op: Op) -> bool {
        let mut cur = op;
        loop {
            let Some(block) = self.ops[cur].parent else {
                return false;
            };
            let Some(r) = self.blocks[block].parent else {
                return false;
            };
            if r == region {
                return true;
            }
            match self.regions[r].parent {
                Some(p) => cur = p,
                None => return false,
            }
        }
    }

    /// Clones `op` (and its regions) as a detached op; operands found in `mapping` are
    /// remapped, and `mapping` is extended with the results and nested values.
    pub fn clone_op(&mut self, op: Op, mapping: &mut rustc_hash::FxHashMap<Value, Value>) -> Op {
        let data = self.ops[op].clone();
        let operands = mapped_values(mapping, &data.operands);
        let result_types = data.results.iter().map(|&v| self.values[v].ty).collect();
        let block_map: rustc_hash::FxHashMap<Block, Block> = Default::default();
        let mut state = OperationState {
            name: data.name,
            operands,
            result_types,
            attrs: data.attrs.clone(),
            properties: data.properties,
            successors: data.successors.clone(),
            regions: Vec::new(),
            loc: data.loc,
        };
        let _ = block_map;
        for &r in &data.regions {
            let nr = self.clone_region(r, mapping);
            state.regions.push(nr);
        }
        let new = self.create_op(state);
        for (i, &v) in data.results.iter().enumerate() {
            let nv = self.ops[new].results[i];
            mapping.insert(v, nv);
            self.inherit_source_name(v, nv);
        }
        new
    }

    /// Clones `region` as a detached region (see [`Ir::clone_op`]).
    pub fn clone_region(
        &mut self,
        region: Region,
        mapping: &mut rustc_hash::FxHashMap<Value, Value>,
    ) -> Region {
        let new_region = self.create_region();
        let blocks: Vec<Block> = self.region_blocks(region).collect();
        let mut block_map = rustc_hash::FxHashMap::default();
        // Create blocks and arguments first so branches and forward uses resolve.
        for &b in &blocks {
            let nb = self.create_block(&[]);
            for &a in &self.blocks[b].args.clone() {
                let (ty, loc) = (self.values[a].ty, self.values[a].loc);
                let na = self.add_block_arg(nb, ty, loc);
                mapping.insert(a, na);
                self.inherit_source_name(a, na);
            }
            self.append_block(new_region, nb);
            block_map.insert(b, nb);
        }
        for &b in &blocks {
            let nb = block_map[&b];
            let ops: Vec<Op> = self.block_ops(b).collect();
            for o in ops {
                let no = self.clone_op(o, mapping);
                let succ: Vec<Block> = self.ops[no]
                    .successors
                    .iter()
                    .map(|s| *block_map.get(s).unwrap_or(s))
                    .collect();
                self.ops[no].successors = succ;
                self.append_op(nb, no);
            }
        }
        // Fix uses of values defined later in the region (graph regions / back edges).
        let new_ops: Vec<Op> = self
            .region_blocks(new_region)
            .flat_map(|b| self.block_ops(b).collect::<Vec<_>>())
            .collect();
        for no in new_ops {
            for w in self.walk_ops(no, WalkOrder::PreOrder) {
                self.remap_operands(w, mapping);
            }
        }
        new_region
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ir: &'a Ir,
    next: Option<Op>,
}

impl Iterator for BlockOps<'_> {
    type Item = Op;
    fn next(&mut self) -> Option<Op> {
        let op = self.next?;
        self.next = self.ir.ops[op].next;
        Some(op)
    }
}

/// Iterator over the blocks of a region.
pub struct RegionBlocks<'a> {
    ir: &'a Ir,
    next: Option<Block>,
}

impl Iterator for RegionBlocks<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let block = self.next?;
        self.next = self.ir.blocks[block].next;
        Some(block)
    }
}

impl Ir {
    /// Moves `op` (detached, and isolated from above: none of its nested operands may
    /// refer to values outside it) into `dst` (source names included; both share one
    /// context), returning its handle there. `op` is erased
    /// from `self`. Used by the pass manager to give each function its own `Ir` so passes
    /// on different functions run in parallel.
    pub fn transfer_op(&mut self, op: Op, dst: &mut Ir) -> Op {
        let mut values = rustc_hash::FxHashMap::default();
        let mut blocks = rustc_hash::FxHashMap::default();
        let new = self.copy_op_into(op, dst, &mut values, &mut blocks);
        // Successors still hold `self`'s block handles: map them.
        for o in dst.walk_ops(new, WalkOrder::PreOrder) {
            let succ = dst.ops[o]
                .successors
                .iter()
                .map(|b| *blocks.get(b).unwrap_or(b))
                .collect();
            dst.ops[o].successors = succ;
        }
        self.erase_op(op);
        new
    }

    fn copy_op_into(
        &self,
        op: Op,
        dst: &mut Ir,
        values: &mut rustc_hash::FxHashMap<Value, Value>,
        blocks: &mut rustc_hash::FxHashMap<Block, Block>,
    ) -> Op {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            let data = &self.ops[op];
            let mut regions = Vec::new();
            for &r in &data.regions {
                let nr = dst.create_region();
                for b in self.region_blocks(r) {
                    let nb = dst.create_block(&[]);
                    for &a in &self.blocks[b].args {
                        let na = dst.add_block_arg(nb, self.values[a].ty, self.values[a].loc);
                        if let Some(&name) = self.source_names.get(a) {
                            dst.source_names.insert(na, name);
                        }
                        if let Some(p) = values.insert(a, na) {
                            dst.replace_all_uses(p, na);
                            dst.values.remove(p);
                        }
                    }
                    blocks.insert(b, nb);
                    dst.append_block(nr, nb);
                    for child in self.block_ops(b) {
                        let nc = self.copy_op_into(child, dst, values, blocks);
                        dst.append_op(nb, nc);
                    }
                }
                regions.push(nr);
            }
            // An operand defined later (graph regions, back edges) gets a placeholder that
            // is replaced when its definition is copied.
            let operands = data
                .operands
                .iter()
                .map(|v| match values.get(v) {
                    Some(&m) => m,
                    None => {
                        let p = dst.create_placeholder(self.values[*v].ty);
                        values.insert(*v, p);
                        p
                    }
                })
                .collect();
            let state = OperationState {
                name: data.name,
                operands,
                result_types: data.results.iter().map(|&v| self.values[v].ty).collect(),
                attrs: data.attrs.clone(),
                properties: data.properties,
                successors: data.successors.clone(),
                regions,
                loc: data.loc,
            };
            let new = dst.create_op(state);
            for (i, &r) in data.results.iter().enumerate() {
                let nr = dst.ops[new].results[i];
                if let Some(&p) = values.get(&r) {
                    if matches!(dst.values[p].def, ValueDef::Placeholder) {
                        dst.replace_all_uses(p, nr);
                        dst.values.remove(p);
                    }
                }
                if let Some(&name) = self.source_names.get(r) {
                    dst.source_names.insert(nr, name);
                }
                values.insert(r, nr);
            }
            new
        })
    }
}

/// `values` with each one found in `mapping` replaced by its image.
pub fn mapped_values(
    mapping: &rustc_hash::FxHashMap<Value, Value>,
    values: &[Value],
) -> Vec<Value> {
    values
        .iter()
        .map(|v| *mapping.get(v).unwrap_or(v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;
    use std::sync::Arc;

    /// Every use sits where its op's `use_pos` says, and nothing else is listed.
    fn check_use_lists(ir: &Ir) {
        for (op, data) in ir.ops.iter() {
            assert_eq!(data.operands.len(), data.use_pos.len());
            assert_eq!(data.operands.len(), data.use_seq.len());
            for (i, (&v, &pos)) in data.operands.iter().zip(&data.use_pos).enumerate() {
                let u = Use {
                    op,
                    index: i as u32,
                };
                assert_eq!(ir.values[v].uses.get(pos as usize), Some(&u));
            }
        }
        let listed: usize = ir.values.iter().map(|(_, d)| d.uses.len()).sum();
        let operands: usize = ir.ops.iter().map(|(_, d)| d.operands.len()).sum();
        assert_eq!(listed, operands);
    }

    /// Uses come in MLIR's use-list order: newest first, the uses of a forward reference
    /// (moved by RAUW when the value is defined) in source order behind later ones, as
    /// mlir-opt 22's `--mlir-print-value-users` lists them (`users: %5, %4, %1, %2`).
    #[test]
    fn uses_in_mlir_order_follow_mlir_use_lists() {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let text = r#""foo.f"() ({
  "foo.u1"(%x) : (i32) -> ()
  "foo.u2"(%x, %x) : (i32, i32) -> ()
  %x = "foo.def"() : () -> i32
  "foo.u3"(%x) : (i32) -> ()
  "foo.u4"(%x) : (i32) -> ()
}) : () -> ()
"#;
        let mut ir = Ir::new(Arc::new(ctx));
        let mut sm = SourceMap::new();
        let id = sm.add("o.mlir", text);
        let module = crate::parser::parse_source(&mut ir, id, "o.mlir", text).expect("parses");
        let def = ir
            .walk_ops(module, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| ir.op_name(o) == "foo.def")
            .expect("foo.def");
        let x = ir.result(def, 0);
        let order = |ir: &Ir, v: Value| -> Vec<String> {
            ir.uses_in_mlir_order(v)
                .iter()
                .map(|u| format!("{}#{}", ir.op_name(u.op), u.index))
                .collect()
        };
        assert_eq!(
            order(&ir, x),
            ["foo.u4#0", "foo.u3#0", "foo.u1#0", "foo.u2#0", "foo.u2#1"]
        );
        // RAUW moves the uses one by one to the front of the new value's list (reversed).
        let u3 = ir
            .uses(x)
            .iter()
            .find(|u| ir.op_name(u.op) == "foo.u3")
            .unwrap()
            .op;
        let y = ir.operand(u3, 0);
        let block = ir.op_parent(def).expect("in a block");
        let arg = ir.add_block_arg(block, ir.value_type(y), None);
        ir.set_operand(u3, 0, arg);
        assert_eq!(order(&ir, arg), ["foo.u3#0"]);
        ir.replace_all_uses(x, arg);
        assert_eq!(
            order(&ir, arg),
            ["foo.u2#1", "foo.u2#0", "foo.u1#0", "foo.u4#0", "foo.u3#0"]
        );
        check_use_lists(&ir);
    }

    /// Use lists stay exact through erasing users in any order, RAUW and operand updates
    /// and insertions on a value with many uses (removal finds a use by its position, not
    /// by a scan).
    #[test]
    fn use_positions_stay_exact_through_erase_rauw_and_set_operands() {
        // Unregistered ops in the generic form: the core registers no dialect but builtin.
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let mut text = String::from(
            "\"test.func\"() ({\n^bb0(%a: f32, %b: f32):\n  %c = \"test.constant\"() {value = 1.0 : f32} : () -> f32\n",
        );
        for k in 0..40 {
            text.push_str(&format!(
                "  %x{k} = \"test.addf\"(%c, %a) : (f32, f32) -> f32\n"
            ));
        }
        text.push_str("  \"test.return\"() : () -> ()\n}) : () -> ()\n");
        let mut ir = Ir::new(Arc::new(ctx));
        let mut sm = SourceMap::new();
        let id = sm.add("t.mlir", &text);
        let module = crate::parser::parse_source(&mut ir, id, "t.mlir", &text).expect("parses");
        check_use_lists(&ir);
        let adds: Vec<Op> = ir
            .walk_ops(module, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.op_name(o) == "test.addf")
            .collect();
        let c = ir.operand(adds[0], 0);
        let a = ir.operand(adds[0], 1);
        let func = ir.op_parent(adds[0]).expect("in a block");
        let b = ir.block_args(func)[1];
        // Erase from the middle, the front and the back.
        for &k in &[20usize, 0, 39, 7, 33] {
            ir.erase_op(adds[k]);
            check_use_lists(&ir);
        }
        ir.set_operand(adds[5], 0, b);
        ir.set_operands(adds[6], vec![a, c]);
        check_use_lists(&ir);
        // Inserting renumbers the later operands' uses: at the front, middle and end.
        ir.insert_operand(adds[8], 0, b);
        ir.insert_operand(adds[8], 2, a);
        ir.insert_operand(adds[8], 4, c);
        check_use_lists(&ir);
        assert_eq!(ir.operands(adds[8]), &[b, c, a, a, c]);
        ir.erase_op(adds[8]);
        check_use_lists(&ir);
        ir.replace_all_uses(c, b);
        check_use_lists(&ir);
        assert!(ir.uses(c).is_empty());
        ir.replace_all_uses(a, b);
        check_use_lists(&ir);
        assert_eq!(ir.uses(b).len(), 2 * (40 - 6));
    }
}
