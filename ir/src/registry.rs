//! Op definitions: everything about one op kind in one place (name, traits, inherent
//! attributes, custom assembly, verifier, folder, canonicalizer, result names).
//!
//! Invariants: an [`OpDef`] is a `static` item registered once in the [`Context`]; ops
//! point at it through `OpData::def`. Every hook is optional: an op without `parse`/`print`
//! uses the generic form, one without `verify` gets only the structural checks.

use crate::attrs::Attr;
use crate::context::Context;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;
use crate::store::{Ir, Op, OperationState, Region, Value};
use crate::types::Type;
use crate::verifier::Verifier;

/// Op traits, as bit flags (MLIR's op traits that the core consults).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    /// Ends a block (`IsTerminator`).
    pub const TERMINATOR: Traits = Traits(1 << 0);
    /// Its regions' blocks need no terminator (`NoTerminator`).
    pub const NO_TERMINATOR: Traits = Traits(1 << 1);
    /// Its regions cannot use values defined outside (`IsolatedFromAbove`).
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    /// Defines a symbol through its `sym_name` attribute (`Symbol`).
    pub const SYMBOL: Traits = Traits(1 << 3);
    /// Its region is a symbol table (`SymbolTable`).
    pub const SYMBOL_TABLE: Traits = Traits(1 << 4);
    /// No memory effects, so it can be removed when unused and CSE'd (`Pure`).
    pub const PURE: Traits = Traits(1 << 5);
    /// Produces a constant from its `value` attribute (`ConstantLike`).
    pub const CONSTANT_LIKE: Traits = Traits(1 << 6);
    /// Binary op whose operands commute (`Commutative`).
    pub const COMMUTATIVE: Traits = Traits(1 << 7);
    /// Returns control to the parent op (`ReturnLike`).
    pub const RETURN_LIKE: Traits = Traits(1 << 8);
    /// Starts a new scope for affine symbols (`AffineScope`).
    pub const AFFINE_SCOPE: Traits = Traits(1 << 9);
    /// Each region has at most one block (`SingleBlock`).
    pub const SINGLE_BLOCK: Traits = Traits(1 << 10);
    /// Its memory effects are those of the ops nested in it (`RecursiveMemoryEffects`).
    pub const RECURSIVE_EFFECTS: Traits = Traits(1 << 11);
    /// Its regions are graph regions (no dominance, `RegionKind::Graph`).
    pub const GRAPH_REGIONS: Traits = Traits(1 << 12);
    /// Only reads memory (`MemRead` effects only); removable when unused.
    pub const READ_ONLY: Traits = Traits(1 << 13);
    /// Allocates memory and has no other effect (`MemAlloc` only); removable when unused.
    pub const ALLOC_ONLY: Traits = Traits(1 << 14);
    /// Integer division or remainder: undefined on a zero divisor (and, signed, on
    /// `MIN / -1`), so not speculatable unless operand #1 is a suitable constant (MLIR's
    /// conditional `Speculatable`). Still removable when unused (`PURE` may be set too).
    pub const MAY_TRAP: Traits = Traits(1 << 15);

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }

    /// Union of two trait sets (usable in `static` definitions).
    pub const fn with(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }
}

/// Parses the custom form after the op name into `state`.
pub type ParseFn = fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>;
/// Prints the custom form after the op name (the hook prints its own leading space).
pub type PrintFn = fn(&mut Printer<'_>, Op);
/// Checks op-specific rules, reporting every problem through the verifier.
pub type VerifyFn = fn(&mut Verifier<'_>, Op);
/// Folds an op given the constant values of its operands (`None` = not constant).
/// Returns one [`FoldResult`] per result, or `None` when it does not fold.
pub type FoldFn = fn(&Ir, Op, &[Option<Attr>]) -> Option<Vec<FoldResult>>;
/// A canonicalization pattern: rewrites `op` in place or replaces it (inserting new ops
/// before it, replacing its results' uses, erasing it) and returns whether it changed
/// anything. It must not erase ops other than `op` and the ops it created.
pub type CanonicalizeFn = fn(&mut Ir, Op) -> bool;
/// A canonicalization pattern that works through the driver's [`Rewriter`] (MLIR's
/// `RewritePattern::matchAndRewrite`): it tells the driver what to revisit and erases
/// through it. Returns whether it changed anything.
pub type RewriteFn = fn(&mut dyn Rewriter, Op) -> bool;

/// What a [`RewriteFn`] pattern rewrites through (MLIR's `PatternRewriter` and its
/// listener): the IR, and the greedy driver's notifications, so that the driver
/// revisits exactly the ops the pattern touched.
pub trait Rewriter {
    /// The IR being rewritten.
    fn ir(&self) -> &Ir;
    /// The IR being rewritten, to change it (report the changes through [`Self::notify`]).
    fn ir_mut(&mut self) -> &mut Ir;
    /// Puts `op` (and its ancestors inside the driver's scope) back on the worklist.
    fn notify(&mut self, op: Op);
    /// Erases `op` and everything nested in it, revisiting the defining ops of operands
    /// that lost a user.
    fn erase_op(&mut self, op: Op);
}
/// Suggests names for results (`%c0`, `%alloc`): pushes `(result index, name)`.
pub type ResultNamesFn = fn(&Ir, Op, &mut Vec<(usize, String)>);
/// Suggests names for the entry-block arguments of a region: pushes `(value, name)`.
pub type BlockArgNamesFn = fn(&Ir, Op, Region, &mut Vec<(Value, String)>);
/// Completes every op as it is created (parsed in either form or built by a pass): fills
/// inherent attributes that have default values (properties such as
/// `overflowFlags = #arith.overflow<none>`) and rewrites attribute text to its canonical
/// spelling, as mlir-opt's property storage does.
pub type GenericDefaultsFn = fn(&Context, &mut OperationState);
/// The effect traits of one op when they depend on its operands (`PURE`,
/// `RECURSIVE_EFFECTS`, ...), added to the definition's static traits by the generic
/// memory-effect queries of [`crate::passes`]. Passes that read the static traits only
/// see the definition's (more conservative) traits.
pub type DynamicEffectsFn = fn(&Ir, Op) -> Traits;
/// Whether `op` may be executed where it would not have been (MLIR's
/// `ConditionallySpeculatable::getSpeculatability`), when that depends on the op.
pub type SpeculatabilityFn = fn(&Ir, Op) -> Speculatability;
/// The regions of a loop-like op that form its body (MLIR's
/// `LoopLikeOpInterface::getLoopRegions`), in order.
pub type LoopRegionsFn = fn(&Ir, Op) -> Vec<Region>;
/// The range of `op`'s operands forwarded to successor `index`.
pub type SuccessorOperandsFn = fn(&Ir, Op, usize) -> std::ops::Range<usize>;
/// The successor a branch takes given the constant values of its operands (`None` = not
/// constant), when they decide it (MLIR's `BranchOpInterface::getSuccessorForOperands`).
pub type TakenSuccessorFn = fn(&Ir, Op, &[Option<Attr>]) -> Option<usize>;
/// Region control flow of an op (MLIR's `RegionBranchOpInterface::getSuccessorRegions`):
/// where control may go from `from` (the op itself, or the terminator of one of its
/// regions), given the constant values of the operands of that source (`None` = not
/// constant). Each successor says which operands of the source it forwards.
pub type RegionBranchFn = fn(&Ir, Op, RegionPoint, &[Option<Attr>]) -> Vec<RegionSuccessor>;
/// Builds this op as the constant `attr` of type `ty` at location `loc` (MLIR's
/// `Dialect::materializeConstant`), or `None` when it cannot hold that constant.
pub type MaterializeConstantFn = fn(&Context, Attr, Type, Attr) -> Option<OperationState>;

/// A source or destination of region control flow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RegionPoint {
    /// The op itself: entering it, or leaving it to its results.
    Parent,
    /// The region of this index (its entry block, or its terminator as a source).
    Region(usize),
}

/// One place region control flow may go to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RegionSuccessor {
    /// The destination.
    pub to: RegionPoint,
    /// The operands of the source forwarded to the destination.
    pub operands: std::ops::Range<usize>,
    /// What receives them: entry-block arguments of the region, or results of the op.
    pub inputs: std::ops::Range<usize>,
}

/// Whether a callee body (the second region) may be inlined into the first region, given
/// the mapping of the callee's arguments to the call's operands.
pub type RegionLegalFn = fn(&Ir, Region, Region, &rustc_hash::FxHashMap<Value, Value>) -> bool;

/// A call op (MLIR's `CallOpInterface`), as the inliner sees it.
#[derive(Clone, Copy, Debug)]
pub struct CallHooks {
    /// The callee's symbol reference (`None`: not a direct call).
    pub callee: fn(&Ir, Op) -> Option<Attr>,
    /// The range of the operands passed as the callee's arguments.
    pub args: fn(&Ir, Op) -> std::ops::Range<usize>,
}

/// A callable op (MLIR's `CallableOpInterface`), as the inliner sees it.
#[derive(Clone, Copy, Debug)]
pub struct CallableHooks {
    /// The body (`None` for a declaration, whose body is elsewhere).
    pub body: fn(&Ir, Op) -> Option<Region>,
    /// The result types a call of it produces.
    pub result_types: fn(&Ir, Op) -> Vec<crate::types::Type>,
}

/// What a dialect allows the inliner to do with its ops (MLIR's
/// `DialectInlinerInterface`), attached to the dialect's op definitions when it is
/// registered ([`Context::register_inliner`]). An op whose definition has none (and
/// every unregistered op) may not be inlined, nor be inlined into. Every hook is
/// optional; `None` allows.
#[derive(Clone, Copy, Debug, Default)]
pub struct DialectInliner {
    /// Whether `callable` may be inlined at `call` (`call` is of this dialect).
    pub call_legal: Option<fn(&Ir, Op, Op) -> bool>,
    /// Whether the callee body `src` may be inlined into `dest`, a region of an op of
    /// this dialect; `mapping` maps the callee's arguments to the call's operands.
    pub region_legal: Option<RegionLegalFn>,
    /// Whether `op` (of this dialect) may be inlined into region `dest`.
    pub op_legal: Option<fn(&Ir, Op, Region) -> bool>,
    /// Replaces the inlined return-like terminator `op` (of this dialect) with a branch
    /// to the block after the call, passing the returned values (for a callee of several
    /// blocks; other terminators stay as they are). `None`: a callee of several blocks
    /// returning with this dialect's terminators cannot be inlined.
    pub branch_to: Option<fn(&mut Ir, Op, crate::store::Block)>,
}

impl DialectInliner {
    /// A dialect all of whose ops may be inlined anywhere (and whose terminators are not
    /// returns).
    pub const ALWAYS: DialectInliner = DialectInliner {
        call_legal: None,
        region_legal: None,
        op_legal: None,
        branch_to: None,
    };
}

/// MLIR's `Speculation::Speculatability`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Speculatability {
    /// Running it where it would not have run may be undefined behaviour.
    NotSpeculatable,
    /// It can always run speculatively.
    Speculatable,
    /// It can run speculatively when every op nested in its regions can.
    RecursivelySpeculatable,
}

/// What a folder produces for one result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// The result is this constant.
    Constant(Attr),
    /// The result is this existing value.
    Value(Value),
}

/// The definition of one op kind.
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    pub traits: Traits,
    /// Names of inherent attributes (stored as properties; `<{...}>` in generic form).
    pub inherent_attrs: &'static [&'static str],
    /// The terminator a custom parser inserts when omitted
    /// (`SingleBlockImplicitTerminator`), e.g. `affine.yield`.
    pub implicit_terminator: Option<&'static str>,
    /// Dialect whose prefix may be omitted for ops nested in this op's regions
    /// (`OpAsmOpInterface::getDefaultDialect`), e.g. `func` for `func.func`.
    pub default_dialect: Option<&'static str>,
    pub parse: Option<ParseFn>,
    pub print: Option<PrintFn>,
    pub verify: Option<VerifyFn>,
    pub fold: Option<FoldFn>,
    pub canonicalize: Option<CanonicalizeFn>,
    /// Canonicalization patterns written against the driver's [`Rewriter`]; the driver
    /// tries them instead of `canonicalize` when both are set.
    pub rewrite: Option<RewriteFn>,
    pub result_names: Option<ResultNamesFn>,
    pub block_arg_names: Option<BlockArgNamesFn>,
    pub successor_operands: Option<SuccessorOperandsFn>,
    pub generic_defaults: Option<GenericDefaultsFn>,
    /// How the op applies itself when the transform interpreter runs it (a transform
    /// op, MLIR's `TransformOpInterface::apply`); `None` for payload ops.
    pub transform_apply: Option<crate::transform::TransformApplyFn>,
    /// The op's memory effects when they depend on its operands (MLIR's
    /// `MemoryEffectOpInterface` implemented in code); `None`: its traits say.
    pub dynamic_effects: Option<DynamicEffectsFn>,
    /// How the op takes part in `mem2reg`: it allocates memory slots or reads and writes
    /// them ([`crate::memory_slot`]); `None`: a use of a slot by it blocks promotion.
    pub promotable: Option<crate::memory_slot::Promotable>,
    /// The successor taken for constant operands (branches with `successor_operands`).
    pub taken_successor: Option<TakenSuccessorFn>,
    /// Region control flow (`scf.if`, `scf.for`, `affine.for`, ...); `None`: unknown.
    pub region_branch: Option<RegionBranchFn>,
    /// Constant materialization (on the dialect's constant op, e.g. `arith.constant`).
    pub materialize_constant: Option<MaterializeConstantFn>,
    /// How the op calls a function (MLIR's `CallOpInterface`); `None`: not a call.
    pub call: Option<CallHooks>,
    /// How the op defines a callable body (MLIR's `CallableOpInterface`); `None`: not
    /// callable.
    pub callable: Option<CallableHooks>,
    /// The op's speculatability when it depends on the op (MLIR's conditional
    /// `ConditionallySpeculatable`); `None`: speculatable when `PURE` without
    /// `RECURSIVE_EFFECTS` (MLIR's `Pure`), otherwise not.
    pub speculatability: Option<SpeculatabilityFn>,
    /// The loop body regions of a loop-like op (MLIR's `LoopLikeOpInterface`); `None`:
    /// not a loop.
    pub loop_regions: Option<LoopRegionsFn>,
}

impl OpDef {
    /// A definition with no traits and no hooks, for `..OpDef::EMPTY` in statics.
    pub const EMPTY: OpDef = OpDef {
        name: "",
        traits: Traits::NONE,
        inherent_attrs: &[],
        implicit_terminator: None,
        default_dialect: None,
        parse: None,
        print: None,
        verify: None,
        fold: None,
        canonicalize: None,
        rewrite: None,
        result_names: None,
        block_arg_names: None,
        successor_operands: None,
        generic_defaults: None,
        transform_apply: None,
        dynamic_effects: None,
        promotable: None,
        taken_successor: None,
        region_branch: None,
        materialize_constant: None,
        call: None,
        callable: None,
        speculatability: None,
        loop_regions: None,
    };

    /// Whether this op has trait `t`.
    pub const fn has(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }

    /// Whether `name` is one of this op's inherent attributes.
    pub fn is_inherent(&self, name: &str) -> bool {
        self.inherent_attrs.contains(&name)
    }
}

impl std::fmt::Debug for OpDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpDef({})", self.name)
    }
}

impl Ir {
    /// Whether `op` has trait `t` (unregistered ops have none).
    pub fn has_trait(&self, op: Op, t: Traits) -> bool {
        self.op_def(op).is_some_and(|d| d.has(t))
    }
}

/// A [`LoopRegionsFn`] for loops whose every region is a body region (`scf.for`,
/// `scf.while`, `affine.for`, ...).
pub fn every_region(ir: &Ir, op: Op) -> Vec<Region> {
    ir.regions(op).to_vec()
}

/// A [`SpeculatabilityFn`] for ops speculatable when their nested ops are (MLIR's
/// `RecursivelySpeculatable` trait: `scf.if`, `affine.if`).
pub fn recursively_speculatable(_: &Ir, _: Op) -> Speculatability {
    Speculatability::RecursivelySpeculatable
}
