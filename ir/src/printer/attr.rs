//! Text of types, attributes, locations and affine expressions/maps/sets, spelled exactly
//! as mlir-opt spells them, plus the `#map`/`#set`/`#loc` alias table (collected in a dry
//! run of the whole print, then used by the real print).
//!
//! Invariants: writing never mutates the context; with aliases enabled, an attribute that
//! has an alias is written as its alias everywhere except in its own definition; during
//! collection every aliasable attribute reached is recorded in first-encounter order.

use super::float::format_float;
use crate::affine::{AffineExpr, AffineExprData, AffineMap, IntegerSet};
use crate::attrs::{Attr, AttrData, Location, NamedAttr};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeData, DYNAMIC};
use rustc_hash::FxHashMap;

/// Whether an attribute's type suffix is printed (MLIR's `AttrTypeElision`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Elision {
    /// Always print the type.
    Never,
    /// Elide `i64`/`f64` (inside arrays, memref memory spaces).
    May,
    /// Never print the type.
    Must,
}

/// One alias candidate recorded during collection.
#[derive(Debug)]
struct Entry {
    attr: Attr,
    prefix: &'static str,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
}

/// The alias table: collection state during the dry run, names afterwards; with it, the
/// other state attribute printing carries across a print (the elision limit of dense
/// elements, the `dense_resource` keys printed).
#[derive(Default)]
pub struct Aliases {
    /// `--mlir-elide-elementsattrs-if-larger`: elide non-splat dense elements of more
    /// elements than this.
    pub elide_elements_above: Option<u64>,
    /// The keys of the `dense_resource` attributes printed, first-print order, no repeats.
    resources: Vec<String>,
    /// The keys in `resources`.
    resource_set: rustc_hash::FxHashSet<String>,
    /// Recording aliasable attributes (the dry run).
    pub collecting: bool,
    /// Whether aliasable attributes are currently visited as deferrable (op locations).
    pub deferrable: bool,
    entries: Vec<Entry>,
    index: FxHashMap<Attr, usize>,
    /// Children collectors of the aliases being visited.
    collectors: Vec<Vec<usize>>,
    /// Final alias names (without `#`), once assigned.
    names: FxHashMap<Attr, String>,
    /// Definitions in print order: (attr, name, deferred).
    order: Vec<(Attr, String, bool)>,
}

impl Aliases {
    /// Assigns names after collection: stable order by depth then prefix, numbered per
    /// prefix (`map`, `map1`, ...).
    pub fn finish(&mut self) {
        self.collecting = false;
        let mut idx: Vec<usize> = (0..self.entries.len()).collect();
        idx.sort_by(|&a, &b| {
            let (ea, eb) = (&self.entries[a], &self.entries[b]);
            ea.depth.cmp(&eb.depth).then(ea.prefix.cmp(eb.prefix))
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        for i in idx {
            let e = &self.entries[i];
            let c = counts.entry(e.prefix).or_insert(0);
            let name = if *c == 0 {
                e.prefix.to_string()
            } else {
                format!("{}{}", e.prefix, c)
            };
            *c += 1;
            self.names.insert(e.attr, name.clone());
            self.order.push((e.attr, name, e.deferrable));
        }
    }

    /// Records that `dense_resource<key>` was printed.
    fn note_resource(&mut self, key: &str) {
        if self.resource_set.insert(key.to_string()) {
            self.resources.push(key.to_string());
        }
    }

    /// The keys of the `dense_resource` attributes printed so far, in first-print order.
    pub fn take_resources(&mut self) -> Vec<String> {
        self.resource_set.clear();
        std::mem::take(&mut self.resources)
    }

    /// Whether a dense elements attribute of type `ty` storing `stored` values (one for a
    /// splat) is printed elided (MLIR's `shouldElideElementsAttr`).
    fn elides(&self, ctx: &Context, ty: Type, stored: usize) -> bool {
        let count: u64 = ctx
            .shape(ty)
            .map_or(0, |s| s.iter().map(|&d| d.max(0) as u64).product());
        stored != 1 && self.elide_elements_above.is_some_and(|n| count > n)
    }

    /// The alias of `attr`, if it has one.
    pub fn name(&self, attr: Attr) -> Option<&str> {
        self.names.get(&attr).map(|s| s.as_str())
    }

    /// Alias definitions (attribute, name) that are (or are not) deferred to the end.
    pub fn definitions(&self, deferred: bool) -> Vec<(Attr, String)> {
        self.order
            .iter()
            .filter(|e| e.2 == deferred)
            .map(|e| (e.0, e.1.clone()))
            .collect()
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        let mut stack = vec![i];
        while let Some(i) = stack.pop() {
            if self.entries[i].deferrable {
                self.entries[i].deferrable = false;
                stack.extend(self.entries[i].children.iter().copied());
            }
        }
    }
}

/// The alias prefix of an attribute kind, if mlir-opt aliases it.
fn alias_prefix(data: &AttrData) -> Option<&'static str> {
    match data {
        AttrData::AffineMap(_) => Some("map"),
        AttrData::IntegerSet(_) => Some("set"),
        AttrData::Location(_) => Some("loc"),
        _ => None,
    }
}

/// Writes types and attributes into a string.
pub struct Writer<'a, 'b> {
    pub ctx: &'a Context,
    pub out: &'b mut String,
    pub aliases: &'b mut Aliases,
}

/// A pretty call site keeps ` at ` on the line when a name calls from a file position
/// (MLIR: callee a `NameLoc`, caller a `FileLineColLoc`, i.e. a point, not a range).
fn is_name_at_position(ctx: &Context, callee: Attr, caller: Attr) -> bool {
    let is_name = matches!(
        ctx.attr_data(callee),
        AttrData::Location(Location::Name { .. })
    );
    let is_point = matches!(ctx.attr_data(caller),
        AttrData::Location(Location::FileLineCol { line, col, end, .. })
            if end.is_none_or(|e| e == (*line, *col)));
    is_name && is_point
}

/// Whether `name` is a bare identifier `[a-zA-Z_][a-zA-Z0-9_$.]*`.
pub fn is_bare_identifier(name: &str) -> bool {
    let b = name.as_bytes();
    if b.is_empty() || !(b[0].is_ascii_alphabetic() || b[0] == b'_') {
        return false;
    }
    b[1..]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

/// Appends `bytes` with LLVM's `printEscapedString` escapes, without quotes.
pub fn escape_into(out: &mut String, bytes: &[u8]) {
    for &c in bytes {
        if c == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(
                char::from_digit((c >> 4) as u32, 16)
                    .unwrap_or('0')
                    .to_ascii_uppercase(),
            );
            out.push(
                char::from_digit((c & 15) as u32, 16)
                    .unwrap_or('0')
                    .to_ascii_uppercase(),
            );
        }
    }
}

/// Sign-extends (or zero-extends for unsigned) `value` from `width` bits.
fn extend(value: i128, width: u32, unsigned: bool) -> i128 {
    if width == 0 || width >= 128 {
        return value;
    }
    let mask = (1u128 << width) - 1;
    let bits = (value as u128) & mask;
    if unsigned {
        return bits as i128;
    }
    let sign = 1u128 << (width - 1);
    if bits & sign != 0 {
        (bits | !mask) as i128
    } else {
        bits as i128
    }
}

impl Writer<'_, '_> {
    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `"text"` with escapes.
    pub fn string(&mut self, bytes: &[u8]) {
        self.out.push('"');
        escape_into(self.out, bytes);
        self.out.push('"');
    }

    /// A bare identifier, or a quoted string when it is not one.
    pub fn keyword_or_string(&mut self, name: &str) {
        if is_bare_identifier(name) {
            self.w(name);
        } else {
            self.string(name.as_bytes());
        }
    }

    /// `@name`
    pub fn symbol(&mut self, name: &str) {
        self.out.push('@');
        self.keyword_or_string(name);
    }

    // ----- types -----

    /// A type.
    pub fn ty(&mut self, ty: Type) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.ty_inner(ty));
    }

    fn dims(&mut self, shape: &[i64]) {
        for (i, &d) in shape.iter().enumerate() {
            if i > 0 {
                self.out.push('x');
            }
            if d == DYNAMIC || d < 0 {
                self.out.push('?');
            } else {
                self.w(&d.to_string());
            }
        }
        if !shape.is_empty() {
            self.out.push('x');
        }
    }

    fn type_list(&mut self, types: &[Type]) {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.ty(t);
        }
    }

    /// `(inputs) -> results`
    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.out.push('(');
        self.type_list(inputs);
        self.w(") -> ");
        if results.len() == 1
            && !matches!(self.ctx.type_data(results[0]), TypeData::Function { .. })
        {
            self.ty(results[0]);
        } else {
            self.out.push('(');
            self.type_list(results);
            self.out.push(')');
        }
    }

    fn is_identity_layout(&self, attr: Attr) -> bool {
        match self.ctx.attr_data(attr) {
            AttrData::AffineMap(map) => {
                let data = self.ctx.map_data(*map);
                data.num_symbols == 0
                    && data.results.len() == data.num_dims as usize
                    && data
                        .results
                        .iter()
                        .enumerate()
                        .all(|(i, &e)| self.ctx.expr_data(e) == AffineExprData::Dim(i as u32))
            }
            _ => false,
        }
    }

    fn ty_inner(&mut self, ty: Type) {
        let ctx = self.ctx;
        match ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                self.w(p);
                self.w(&width.to_string());
            }
            TypeData::Index => self.w("index"),
            TypeData::Float(k) => self.w(k.keyword()),
            TypeData::Complex(t) => {
                self.w("complex<");
                self.ty(*t);
                self.w(">");
            }
            TypeData::Tuple(ts) => {
                self.w("tuple<");
                self.type_list(ts);
                self.w(">");
            }
            TypeData::None => self.w("none"),
            TypeData::Function { inputs, results } => self.function_type(inputs, results),
            TypeData::Vector {
                shape,
                scalable,
                element,
            } => {
                self.w("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    let s = scalable.get(i).copied().unwrap_or(false);
                    if s {
                        self.out.push('[');
                    }
                    if d == DYNAMIC {
                        self.out.push('?');
                    } else {
                        self.w(&d.to_string());
                    }
                    if s {
                        self.out.push(']');
                    }
                    self.out.push('x');
                }
                self.ty(*element);
                self.w(">");
            }
            TypeData::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                self.w("tensor<");
                self.dims(shape);
                self.ty(*element);
                if let Some(enc) = encoding {
                    self.w(", ");
                    self.attr(*enc, Elision::Never);
                }
                self.w(">");
            }
            TypeData::UnrankedTensor { element } => {
                self.w("tensor<*x");
                self.ty(*element);
                self.w(">");
            }
            TypeData::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                self.w("memref<");
                self.dims(shape);
                self.ty(*element);
                if let Some(l) = layout {
                    if !self.is_identity_layout(*l) {
                        self.w(", ");
                        self.attr(*l, Elision::May);
                    }
                }
                if let Some(ms) = memory_space {
                    self.w(", ");
                    self.attr(*ms, Elision::May);
                }
                self.w(">");
            }
            TypeData::UnrankedMemRef {
                element,
                memory_space,
            } => {
                self.w("memref<*x");
                self.ty(*element);
                if let Some(ms) = memory_space {
                    self.w(", ");
                    self.attr(*ms, Elision::May);
                }
                self.w(">");
            }
            TypeData::Dialect(text) => {
                self.out.push('!');
                self.w(text);
            }
        }
    }

    // ----- attributes -----

    /// An attribute, through its alias when it has one.
    pub fn attr(&mut self, attr: Attr, elision: Elision) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.attr_outer(attr, elision));
    }

    fn attr_outer(&mut self, attr: Attr, elision: Elision) {
        if let Some(prefix) = alias_prefix(self.ctx.attr_data(attr)) {
            if self.aliases.collecting {
                if self.visit_alias(attr, prefix) {
                    return;
                }
                // Newly recorded: visit the body to find nested aliases.
                self.aliases.collectors.push(Vec::new());
                self.attr_impl(attr, elision);
                self.end_visit(attr);
                return;
            }
            if let Some(name) = self.aliases.name(attr) {
                let name = name.to_string();
                self.out.push('#');
                self.w(&name);
                return;
            }
        }
        self.attr_impl(attr, elision);
    }

    /// Records `attr`; returns true if it was already known (nothing more to visit).
    fn visit_alias(&mut self, attr: Attr, prefix: &'static str) -> bool {
        let deferrable = self.aliases.deferrable;
        if let Some(&i) = self.aliases.index.get(&attr) {
            if !deferrable {
                self.aliases.mark_non_deferrable(i);
            }
            if let Some(c) = self.aliases.collectors.last_mut() {
                c.push(i);
            }
            return true;
        }
        let i = self.aliases.entries.len();
        self.aliases.entries.push(Entry {
            attr,
            prefix,
            depth: 1,
            deferrable,
            children: Vec::new(),
        });
        self.aliases.index.insert(attr, i);
        if let Some(c) = self.aliases.collectors.last_mut() {
            c.push(i);
        }
        false
    }

    fn end_visit(&mut self, attr: Attr) {
        let children = self.aliases.collectors.pop().unwrap_or_default();
        let i = self.aliases.index[&attr];
        let max = children
            .iter()
            .map(|&c| self.aliases.entries[c].depth)
            .max();
        if let Some(m) = max {
            self.aliases.entries[i].depth = m + 1;
        }
        self.aliases.entries[i].children = children;
    }

    /// An attribute's own text (never its alias at the top level).
    pub fn attr_impl(&mut self, attr: Attr, elision: Elision) {
        let ctx = self.ctx;
        match ctx.attr_data(attr) {
            AttrData::Unit => self.w("unit"),
            AttrData::Integer { value, ty } => {
                let ty = *ty;
                match ctx.type_data(ty) {
                    TypeData::Integer {
                        width: 1,
                        signedness: Signedness::Signless,
                    } => {
                        self.w(if *value != 0 { "true" } else { "false" });
                        return;
                    }
                    TypeData::Integer { width, signedness } => {
                        let v = extend(*value, *width, *signedness == Signedness::Unsigned);
                        self.w(&v.to_string());
                        if elision == Elision::May
                            && *width == 64
                            && *signedness == Signedness::Signless
                        {
                            return;
                        }
                    }
                    _ => {
                        let v = extend(*value, 64, false);
                        self.w(&v.to_string());
                    }
                }
                if elision != Elision::Must {
                    self.w(" : ");
                    self.ty(ty);
                }
            }
            AttrData::Float { bits, ty } => {
                let ty = *ty;
                let kind = match ctx.type_data(ty) {
                    TypeData::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                let (text, hex) = format_float(kind, *bits);
                self.w(&text);
                if elision == Elision::May && kind == FloatKind::F64 && !hex {
                    return;
                }
                if elision != Elision::Must {
                    self.w(" : ");
                    self.ty(ty);
                }
            }
            AttrData::String(bytes) => self.string(bytes),
            AttrData::Type(t) => self.ty(*t),
            AttrData::Array(elems) => {
                self.out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.attr(e, Elision::May);
                }
                self.out.push(']');
            }
            AttrData::DenseArray { element, values } => {
                let element = *element;
                self.w("array<");
                self.ty(element);
                if !values.is_empty() {
                    self.w(": ");
                    for (i, &v) in values.iter().enumerate() {
                        if i > 0 {
                            self.w(", ");
                        }
                        self.scalar_bits(v, element);
                    }
                }
                self.w(">");
            }
            AttrData::Dictionary(entries) => {
                self.out.push('{');
                self.named_attrs(entries);
                self.out.push('}');
            }
            AttrData::DenseElements { ty, values } => {
                let ty = *ty;
                if self.aliases.elides(ctx, ty, values.len()) {
                    self.w("dense_resource<__elided__>");
                } else {
                    self.w("dense<");
                    self.dense_elements(ty, values, true);
                    self.w(">");
                }
                self.type_suffix(ty, elision);
            }
            AttrData::Sparse {
                ty,
                indices,
                values,
            } => {
                self.sparse(*indices, *values);
                self.type_suffix(*ty, elision);
            }
            AttrData::DenseResource { ty, name } => {
                self.aliases.note_resource(name);
                self.w("dense_resource<");
                self.keyword_or_string(name);
                self.w(">");
                self.type_suffix(*ty, elision);
            }
            AttrData::SymbolRef { root, nested } => {
                self.symbol(ctx.str(*root));
                for &n in nested {
                    self.w("::");
                    self.symbol(ctx.str(n));
                }
            }
            AttrData::AffineMap(map) => {
                self.w("affine_map<");
                self.affine_map(*map);
                self.w(">");
            }
            AttrData::IntegerSet(set) => {
                self.w("affine_set<");
                self.integer_set(*set);
                self.w(">");
            }
            AttrData::Strided { strides, offset } => {
                self.w("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.int_or_question(s);
                }
                self.w("]");
                if *offset != 0 {
                    self.w(", offset: ");
                    self.int_or_question(*offset);
                }
                self.w(">");
            }
            AttrData::Location(_) => {
                self.w("loc(");
                self.location_internal(attr, true);
                self.w(")");
            }
            AttrData::Dialect(text) => {
                self.out.push('#');
                self.w(text);
            }
        }
    }

    /// ` : type` unless the elision forbids it.
    fn type_suffix(&mut self, ty: Type, elision: Elision) {
        if elision != Elision::Must {
            self.w(" : ");
            self.ty(ty);
        }
    }

    fn int_or_question(&mut self, v: i64) {
        if v == DYNAMIC {
            self.out.push('?');
        } else {
            self.w(&v.to_string());
        }
    }

    /// `a = 1, b` (names as keywords or strings, unit values elided).
    pub fn named_attrs(&mut self, entries: &[NamedAttr]) {
        for (i, e) in entries.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.named_attr(*e);
        }
    }

    /// `name = value`, or `name` for a unit value.
    pub fn named_attr(&mut self, e: NamedAttr) {
        let ctx = self.ctx;
        self.keyword_or_string(ctx.str(e.name));
        if matches!(ctx.attr_data(e.value), AttrData::Unit) {
            return;
        }
        self.w(" = ");
        self.attr(e.value, Elision::Never);
    }

    /// An integer or float element given as raw value/bits, typed by `ty`.
    fn scalar_bits(&mut self, v: i128, ty: Type) {
        match self.ctx.type_data(ty) {
            TypeData::Integer { width: 1, .. } => self.w(if v & 1 != 0 { "true" } else { "false" }),
            TypeData::Integer { width, signedness } => {
                let v = extend(v, *width, *signedness == Signedness::Unsigned);
                self.w(&v.to_string());
            }
            TypeData::Float(k) => {
                let (text, _) = format_float(*k, v as u128);
                self.w(&text);
            }
            _ => self.w(&extend(v, 64, false).to_string()),
        }
    }

    /// One element of a dense elements attribute, without type.
    fn dense_element(&mut self, e: Attr) {
        let ctx = self.ctx;
        match ctx.attr_data(e) {
            AttrData::Integer { value, ty } => self.scalar_bits(*value, *ty),
            AttrData::Float { bits, ty } => {
                let kind = match ctx.type_data(*ty) {
                    TypeData::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                let (text, _) = format_float(kind, *bits);
                self.w(&text);
            }
            AttrData::Array(parts) if parts.len() == 2 => {
                let (a, b) = (parts[0], parts[1]);
                self.out.push('(');
                self.dense_element(a);
                self.out.push(',');
                self.dense_element(b);
                self.out.push(')');
            }
            AttrData::String(bytes) => self.string(bytes),
            _ => self.attr(e, Elision::Must),
        }
    }

    /// Raw little-endian storage bytes of one element (for the hex form).
    fn element_bytes(&self, e: Attr, bytes: &mut Vec<u8>, bits: &mut Vec<bool>) {
        let ctx = self.ctx;
        let push = |bytes: &mut Vec<u8>, v: u128, width: u32| {
            let n = width.div_ceil(8);
            for i in 0..n {
                bytes.push((v >> (8 * i)) as u8);
            }
        };
        match ctx.attr_data(e) {
            AttrData::Integer { value, ty } => match ctx.type_data(*ty) {
                TypeData::Integer { width: 1, .. } => bits.push(*value & 1 != 0),
                TypeData::Integer { width, .. } => push(bytes, *value as u128, *width),
                _ => push(bytes, *value as u128, 64),
            },
            AttrData::Float { bits: b, ty } => {
                let width = match ctx.type_data(*ty) {
                    TypeData::Float(k) => k.width(),
                    _ => 64,
                };
                push(bytes, *b, width);
            }
            AttrData::Array(parts) => {
                for &p in parts {
                    self.element_bytes(p, bytes, bits);
                }
            }
            _ => {}
        }
    }

    /// `sparse<indices, values>` (`sparse<>` without indices), or the elided form when
    /// the indices or the values are elided (MLIR's printer).
    fn sparse(&mut self, indices: Attr, values: Attr) {
        let ctx = self.ctx;
        let (
            AttrData::DenseElements {
                ty: index_type,
                values: index_values,
            },
            AttrData::DenseElements {
                ty: value_type,
                values: value_values,
            },
        ) = (ctx.attr_data(indices), ctx.attr_data(values))
        else {
            return;
        };
        if self.aliases.elides(ctx, *index_type, index_values.len())
            || self.aliases.elides(ctx, *value_type, value_values.len())
        {
            self.w("dense_resource<__elided__>");
            return;
        }
        self.w("sparse<");
        if !index_values.is_empty() {
            self.dense_elements(*index_type, index_values, false);
            self.w(", ");
            self.dense_elements(*value_type, value_values, true);
        }
        self.w(">");
    }

    /// The elements of a dense attribute of type `ty` (a splat's one value, nested
    /// lists, or with `allow_hex`, a hex string for more than 100 elements).
    fn dense_elements(&mut self, ty: Type, values: &[Attr], allow_hex: bool) {
        let ctx = self.ctx;
        let shape: Vec<i64> = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
        let num: i64 = shape.iter().product();
        if values.is_empty() {
            return;
        }
        let splat = values.len() == 1 || values.iter().all(|&v| v == values[0]);
        if splat {
            self.dense_element(values[0]);
            return;
        }
        let is_string = matches!(ctx.attr_data(values[0]), AttrData::String(_));
        if allow_hex && num > 100 && !is_string {
            let mut bytes = Vec::new();
            let mut bits = Vec::new();
            for &v in values {
                self.element_bytes(v, &mut bytes, &mut bits);
            }
            if !bits.is_empty() {
                bytes = vec![0u8; bits.len().div_ceil(8)];
                for (i, &b) in bits.iter().enumerate() {
                    if b {
                        bytes[i / 8] |= 1 << (i % 8);
                    }
                }
            }
            self.w("\"0x");
            for b in bytes {
                self.w(&format!("{:02X}", b));
            }
            self.w("\"");
            return;
        }
        if num == 0 {
            return;
        }
        let rank = shape.len();
        if rank == 0 {
            self.dense_element(values[0]);
            return;
        }
        let mut counter = vec![0i64; rank];
        let mut open = 0usize;
        for (idx, &v) in values.iter().enumerate().take(num as usize) {
            if idx != 0 {
                self.w(", ");
            }
            while open < rank {
                self.out.push('[');
                open += 1;
            }
            self.dense_element(v);
            counter[rank - 1] += 1;
            for i in (1..rank).rev() {
                if counter[i] >= shape[i] {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    self.out.push(']');
                }
            }
        }
        while open > 0 {
            self.out.push(']');
            open -= 1;
        }
    }

    // ----- locations -----

    /// `loc(...)`: through the alias when `allow_alias` and one exists.
    pub fn location(&mut self, loc: Attr, allow_alias: bool) {
        if self.aliases.collecting {
            // Visit only (the caller decides deferrability).
            self.attr(loc, Elision::Never);
            return;
        }
        self.w("loc(");
        match (allow_alias, self.aliases.name(loc)) {
            (true, Some(name)) => {
                let name = name.to_string();
                self.out.push('#');
                self.w(&name);
            }
            _ => self.location_internal(loc, true),
        }
        self.w(")");
    }

    /// A location's body without `loc(...)`; nested locations use their aliases.
    pub fn location_internal(&mut self, loc: Attr, top_level: bool) {
        self.location_body(loc, top_level, false);
    }

    /// A location as `--mlir-pretty-debuginfo` prints it (MLIR's `printLocationInternal`
    /// with `pretty`): `file:1:2` unquoted, `[unknown]`, a call site as its callee then
    /// ` at ` and its caller (on a new line unless a name calls from a file position),
    /// a fused location without `fused`; nested locations use their aliases.
    pub fn pretty_location(&mut self, loc: Attr, top_level: bool) {
        if self.aliases.collecting {
            // Visit only, as `location` does.
            self.attr(loc, Elision::Never);
            return;
        }
        self.location_body(loc, top_level, true);
    }

    /// MLIR's `printLocationInternal(loc, pretty, isTopLevel)`.
    fn location_body(&mut self, loc: Attr, top_level: bool, pretty: bool) {
        let ctx = self.ctx;
        if !top_level {
            if self.aliases.collecting {
                if let Some(prefix) = alias_prefix(ctx.attr_data(loc)) {
                    if self.visit_alias(loc, prefix) {
                        return;
                    }
                    self.aliases.collectors.push(Vec::new());
                    self.location_body(loc, true, pretty);
                    self.end_visit(loc);
                    return;
                }
            } else if let Some(name) = self.aliases.name(loc) {
                let name = name.to_string();
                self.out.push('#');
                self.w(&name);
                return;
            }
        }
        let AttrData::Location(l) = ctx.attr_data(loc) else {
            self.attr(loc, Elision::Never);
            return;
        };
        let nested = |w: &mut Self, l: Attr| {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || w.location_body(l, false, pretty))
        };
        match l {
            Location::Unknown => self.w(if pretty { "[unknown]" } else { "unknown" }),
            Location::FileLineCol {
                file,
                line,
                col,
                end,
            } => {
                if pretty {
                    self.w(file);
                } else {
                    self.string(file.as_bytes());
                }
                self.line_col_range(*line, *col, *end);
            }
            Location::Name { name, child } => {
                self.string(name.as_bytes());
                if let Some(c) = child {
                    if !matches!(ctx.attr_data(*c), AttrData::Location(Location::Unknown)) {
                        self.out.push('(');
                        nested(self, *c);
                        self.out.push(')');
                    }
                }
            }
            Location::CallSite { callee, caller } => {
                if !pretty {
                    self.w("callsite(");
                }
                nested(self, *callee);
                self.w(if !pretty || is_name_at_position(ctx, *callee, *caller) {
                    " at "
                } else {
                    "\n at "
                });
                nested(self, *caller);
                if !pretty {
                    self.w(")");
                }
            }
            Location::Fused {
                metadata,
                locations,
            } => {
                if !pretty {
                    self.w("fused");
                }
                if let Some(m) = metadata {
                    self.out.push('<');
                    self.attr(*m, Elision::Never);
                    self.out.push('>');
                }
                self.out.push('[');
                for (i, &l) in locations.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    nested(self, l);
                }
                self.out.push(']');
            }
        }
    }

    /// `:1:2`, `:1:2 to :5` or `:1:2 to 3:4` after a location's file name.
    fn line_col_range(&mut self, line: u32, col: u32, end: Option<(u32, u32)>) {
        match end {
            Some((el, ec)) if !(el == line && ec == col) => {
                if el == line {
                    self.w(&format!(":{}:{} to :{}", line, col, ec));
                } else {
                    self.w(&format!(":{}:{} to {}:{}", line, col, el, ec));
                }
            }
            _ => self.w(&format!(":{}:{}", line, col)),
        }
    }

    // ----- affine (text from the context's MLIR-exact writers) -----

    /// Depth of the deepest of `exprs` (iterative).
    fn expr_depth(&self, exprs: &[AffineExpr]) -> usize {
        let mut max = 0;
        let mut stack: Vec<(AffineExpr, usize)> = exprs.iter().map(|&e| (e, 1)).collect();
        while let Some((e, d)) = stack.pop() {
            max = max.max(d);
            if let AffineExprData::Binary { lhs, rhs, .. } = self.ctx.expr_data(e) {
                stack.push((lhs, d + 1));
                stack.push((rhs, d + 1));
            }
        }
        max
    }

    /// Runs `f` with enough stack for writing expressions of depth `depth` (the context's
    /// writers recurse once per level).
    fn with_stack_for(&mut self, depth: usize, f: impl FnOnce(&mut Self)) {
        if depth < 2000 {
            f(self);
        } else {
            stacker::grow(depth * 1024 + (1 << 20), || f(self));
        }
    }

    /// `(d0, d1)[s0] -> (exprs)`
    pub fn affine_map(&mut self, map: AffineMap) {
        let depth = self.expr_depth(&self.ctx.map_data(map).results);
        self.with_stack_for(depth, |w| w.ctx.write_affine_map(w.out, map));
    }

    /// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`
    pub fn integer_set(&mut self, set: IntegerSet) {
        let depth = self.expr_depth(&self.ctx.set_data(set).constraints);
        self.with_stack_for(depth, |w| w.ctx.write_integer_set(w.out, set));
    }

    /// An affine expression with dims and symbols named by `names(is_symbol, position)`.
    pub fn affine_expr_named(&mut self, e: AffineExpr, names: &dyn Fn(bool, u32) -> String) {
        let depth = self.expr_depth(&[e]);
        self.with_stack_for(depth, |w| w.ctx.write_affine_expr(w.out, e, names));
    }
}
