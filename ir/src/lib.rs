//! `lattice-ir`: Lattice's MLIR-compatible IR — the context (interned types, attributes,
//! affine expressions), ops/blocks/regions/values in arenas, the parser and printer for
//! MLIR's text format (LLVM 22 syntax), the verifier, diagnostics, the pass manager and
//! the generic passes, and `builtin`. The other standard dialects live in
//! `lattice-dialects`, `affine` in `lattice-affine`; the core reaches their ops only
//! through the registry (the generic passes look up `arith.constant`, `cf.br`, ... by
//! name and skip what is not registered).
//!
//! Invariant across the crate: immutable things are interned in the [`Context`] (equality
//! is handle equality); mutable IR lives in an [`Ir`] and is changed only through `&mut Ir`.

pub mod affine;
pub mod attrs;
pub mod builtin;
pub mod context;
pub mod diag;
pub mod intern;
pub mod memory_slot;
pub mod parser;
pub mod pass;
pub mod passes;
pub mod printer;
pub mod registry;
pub mod resources;
pub mod store;
pub mod target;
pub mod transform;
pub mod types;
pub mod verifier;
pub mod view;

pub use affine::{AffineBinOp, AffineExpr, AffineExprData, AffineMap, FlatSystem, IntegerSet};
pub use attrs::{Attr, AttrData, Location, NamedAttr};
pub use context::{Context, Str};
pub use diag::{DiagLoc, Diagnostic, Severity, SourceId, SourceMap, Span};
pub use registry::{FoldResult, OpDef, RegionPoint, RegionSuccessor, Speculatability, Traits};
pub use store::{Block, Ir, Op, OperationState, Region, Use, Value, ValueDef, WalkOrder};
pub use types::{FloatKind, Signedness, Type, TypeData, DYNAMIC};
pub use view::OpView;
