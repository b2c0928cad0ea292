//! The context: interned immutable things (strings, types, attributes, affine
//! expressions/maps/sets) and the registry of dialects and op definitions.
//!
//! Invariants: everything interned here is immutable and lives as long as the context;
//! a handle from one context means nothing in another. Interning takes `&self` and is
//! thread-safe (see [`crate::intern`]), so a `Context` is shared as `Arc<Context>` by
//! every [`crate::Ir`] and by parallel passes. The registry is filled before any IR is
//! built and is read-only afterwards.

use crate::affine::{AffineExprData, AffineMapData, IntegerSetData};
use crate::attrs::AttrData;
use crate::intern::Interner;
use crate::registry::{DialectInliner, OpDef};
use crate::types::TypeData;
use rustc_hash::FxHashMap;

/// Handle to an interned string (identifiers, attribute names, op names).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Str(pub(crate) u32);

/// Interned data and the op registry.
pub struct Context {
    pub(crate) strings: Interner<Box<str>>,
    pub(crate) types: Interner<TypeData>,
    pub(crate) attrs: Interner<AttrData>,
    pub(crate) affine_exprs: Interner<AffineExprData>,
    pub(crate) affine_maps: Interner<AffineMapData>,
    pub(crate) integer_sets: Interner<IntegerSetData>,
    /// Registered op definitions by full name (`arith.addi`).
    ops: FxHashMap<Box<str>, &'static OpDef>,
    /// Registered dialect namespaces (`arith`, `affine`, ...). An op of a registered
    /// dialect that has no definition is an error even with unregistered dialects allowed.
    dialects: Vec<&'static str>,
    /// The inliner interface of each op definition whose dialect has one, by the
    /// definition's address ([`Context::register_inliner`]).
    inliners: FxHashMap<usize, &'static DialectInliner>,
    /// Whether ops of unknown dialects are accepted (`--allow-unregistered-dialect`).
    pub allow_unregistered_dialects: bool,
    /// The op folded constants are materialized with (see [`Context::constant_op`]).
    constant_op: Option<&'static OpDef>,
    /// mlir-opt's `--mlir-print-op-on-diagnostic`: whether a diagnostic emitted on an op
    /// ([`crate::diag::Diagnostic::with_current_op`]) gets a `see current operation:`
    /// note. Off by default.
    pub print_op_on_diagnostic: bool,
    /// The command line's printer flags, which MLIR also applies where a diagnostic
    /// prints an op (the note above, `block with no terminator, has <op>`).
    pub diagnostic_print_options: crate::printer::PrintOptions,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// An empty context with only the `builtin` dialect registered.
    pub fn new() -> Context {
        let mut ctx = Context {
            strings: Interner::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            affine_exprs: Interner::default(),
            affine_maps: Interner::default(),
            integer_sets: Interner::default(),
            ops: FxHashMap::default(),
            dialects: Vec::new(),
            inliners: FxHashMap::default(),
            allow_unregistered_dialects: false,
            constant_op: None,
            print_op_on_diagnostic: false,
            diagnostic_print_options: Default::default(),
        };
        crate::builtin::register(&mut ctx);
        ctx
    }

    /// Interns a string.
    pub fn intern_str(&self, s: &str) -> Str {
        Str(self.strings.intern(s.into()))
    }

    /// The text of an interned string.
    pub fn str(&self, s: Str) -> &str {
        self.strings.get(s.0)
    }

    /// Registers a dialect namespace.
    pub fn register_dialect(&mut self, namespace: &'static str) {
        if !self.dialects.contains(&namespace) {
            self.dialects.push(namespace);
        }
    }

    /// Registers op definitions (and their dialects).
    pub fn register_ops(&mut self, defs: &[&'static OpDef]) {
        for def in defs {
            if let Some((dialect, _)) = def.name.split_once('.') {
                let dialect: &'static str = &def.name[..dialect.len()];
                self.register_dialect(dialect);
            }
            self.ops.insert(def.name.into(), def);
        }
    }

    /// Attaches a dialect's inliner interface to its op definitions `defs` (MLIR's
    /// `addInterfaces<...InlinerInterface>()`).
    pub fn register_inliner(&mut self, defs: &[&'static OpDef], inliner: &'static DialectInliner) {
        for &def in defs {
            self.inliners.insert(def as *const OpDef as usize, inliner);
        }
    }

    /// The inliner interface of `def`'s dialect, if it has one.
    pub fn inliner(&self, def: &'static OpDef) -> Option<&'static DialectInliner> {
        self.inliners.get(&(def as *const OpDef as usize)).copied()
    }

    /// The definition of the op named `name`, if registered.
    pub fn op_def(&self, name: &str) -> Option<&'static OpDef> {
        self.ops.get(name).copied()
    }

    /// Sets the op that folded constants are materialized with (MLIR's
    /// `Dialect::materializeConstant`, one per context): a `CONSTANT_LIKE` op with one
    /// result and a `value` attribute, registered by the dialect that defines it.
    pub fn set_constant_op(&mut self, def: &'static OpDef) {
        self.constant_op = Some(def);
    }

    /// The op folded constants are materialized with, if a dialect set one.
    pub fn constant_op(&self) -> Option<&'static OpDef> {
        self.constant_op
    }

    /// The names of every registered op, in no particular order.
    pub fn op_names(&self) -> impl Iterator<Item = &str> {
        self.ops.keys().map(|k| &**k)
    }

    /// Whether `namespace` is a registered dialect.
    pub fn is_dialect_registered(&self, namespace: &str) -> bool {
        self.dialects.contains(&namespace)
    }

    /// All registered op definitions, sorted by name.
    pub fn registered_ops(&self) -> Vec<&'static OpDef> {
        let mut defs: Vec<_> = self.ops.values().copied().collect();
        defs.sort_by_key(|d| d.name);
        defs
    }
}
