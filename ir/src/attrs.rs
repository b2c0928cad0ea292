//! Builtin attributes and locations (MLIR LangRef "Builtin Attributes"), interned.
//!
//! Invariants: an [`Attr`] is an index into the context's attribute interner, so equality
//! is handle equality. Integer values are stored normalized to their type's width
//! (sign-extended for signless/signed types, zero-extended for unsigned ones). Float
//! values are the raw bits of their format. Dictionaries are sorted by name (the order
//! mlir-opt prints). Dialect attributes Lattice does not model keep their text.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::{Context, Str};
use crate::types::{Signedness, Type, TypeData};

/// Handle to an interned attribute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attr(pub(crate) u32);

/// A `name = value` entry of an attribute dictionary.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttr {
    pub name: Str,
    pub value: Attr,
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    /// `unit`
    Unit,
    /// `42 : i32`, `true` (an `i1`), `7 : index`.
    Integer { value: i128, ty: Type },
    /// `1.5 : f32`; `bits` holds the IEEE (or other format) encoding in the low bits.
    Float { bits: u128, ty: Type },
    /// `"text"`; bytes, since MLIR strings may hold any byte through `\XX` escapes.
    String(Vec<u8>),
    /// `i32`, `memref<4xf32>` used as an attribute.
    Type(Type),
    /// `[a, b]`
    Array(Vec<Attr>),
    /// `array<i64: 1, 2>`; integer elements as values, float elements as bits.
    DenseArray { element: Type, values: Vec<i128> },
    /// `{a = 1, b}`; invariant: sorted by name text, no duplicate names.
    Dictionary(Vec<NamedAttr>),
    /// `dense<...> : tensor<...>`. `values` holds one scalar attribute per element in
    /// row-major order, or exactly one when the attribute is a splat.
    DenseElements { ty: Type, values: Vec<Attr> },
    /// `sparse<indices, values> : type`: the elements of `ty` (a static tensor or
    /// vector) are zero but at `indices` (a `DenseElements` of `i64`, `[N, rank]`, or
    /// `[N]` for rank 1; a splat is one index of equal coordinates), which hold `values`
    /// (a 1-d `DenseElements` of `N` elements of `ty`'s element type). Invariant: the
    /// shapes agree and every index is inside `ty` (MLIR's `SparseElementsAttr::verify`,
    /// checked by the parser).
    Sparse {
        ty: Type,
        indices: Attr,
        values: Attr,
    },
    /// `dense_resource<name> : type`: elements held by the `builtin` dialect resource
    /// `name` (the blob, if any, lives in [`crate::Ir::dialect_resource`]); `ty` is any
    /// shaped type. `__elided__` is the name mlir-opt prints for an elided
    /// `dense<...>` (`--mlir-elide-elementsattrs-if-larger`).
    DenseResource { ty: Type, name: String },
    /// `@root::@nested`
    SymbolRef { root: Str, nested: Vec<Str> },
    /// `affine_map<...>`
    AffineMap(AffineMap),
    /// `affine_set<...>`
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>`, with [`crate::types::DYNAMIC`] for `?`.
    Strided { strides: Vec<i64>, offset: i64 },
    /// A location `loc(...)`.
    Location(Location),
    /// A dialect attribute kept as its text after `#`, e.g. `gpu.address_space<workgroup>`.
    Dialect(String),
}

/// Source locations (MLIR's builtin location attributes).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// `loc(unknown)`
    Unknown,
    /// `loc("file":line:col)`, optionally a range `to [line:]col`.
    FileLineCol {
        file: String,
        line: u32,
        col: u32,
        end: Option<(u32, u32)>,
    },
    /// `loc("name")` or `loc("name"(child))`
    Name { name: String, child: Option<Attr> },
    /// `loc(callsite(callee at caller))`
    CallSite { callee: Attr, caller: Attr },
    /// `loc(fused[a, b])` or `loc(fused<metadata>[a, b])`
    Fused {
        metadata: Option<Attr>,
        locations: Vec<Attr>,
    },
}

impl Context {
    /// Interns an attribute.
    pub fn attr(&self, data: AttrData) -> Attr {
        Attr(self.attrs.intern(data))
    }

    /// The structure of `attr`.
    pub fn attr_data(&self, attr: Attr) -> &AttrData {
        self.attrs.get(attr.0)
    }

    /// `unit`
    pub fn unit_attr(&self) -> Attr {
        self.attr(AttrData::Unit)
    }

    /// An integer attribute of type `ty` (an integer type or `index`); `value` is
    /// normalized to the type's width.
    pub fn int_attr(&self, value: i128, ty: Type) -> Attr {
        let value = self.normalize_int(value, ty);
        self.attr(AttrData::Integer { value, ty })
    }

    /// `true` / `false`
    pub fn bool_attr(&self, value: bool) -> Attr {
        self.int_attr(value as i128, self.i1_type())
    }

    /// `value : index`
    pub fn index_attr(&self, value: i64) -> Attr {
        self.int_attr(value as i128, self.index_type())
    }

    /// `value : i64`
    pub fn i64_attr(&self, value: i64) -> Attr {
        self.int_attr(value as i128, self.int_type(64))
    }

    /// `"text"`
    pub fn string_attr(&self, text: &str) -> Attr {
        self.attr(AttrData::String(text.as_bytes().to_vec()))
    }

    /// A type used as an attribute.
    pub fn type_attr(&self, ty: Type) -> Attr {
        self.attr(AttrData::Type(ty))
    }

    /// `[a, b, ...]`
    pub fn array_attr(&self, elements: Vec<Attr>) -> Attr {
        self.attr(AttrData::Array(elements))
    }

    /// `array<i64: ...>`
    pub fn dense_i64_array(&self, values: &[i64]) -> Attr {
        self.attr(AttrData::DenseArray {
            element: self.int_type(64),
            values: values.iter().map(|&v| v as i128).collect(),
        })
    }

    /// `array<i32: ...>`
    pub fn dense_i32_array(&self, values: &[i32]) -> Attr {
        self.attr(AttrData::DenseArray {
            element: self.int_type(32),
            values: values.iter().map(|&v| v as i128).collect(),
        })
    }

    /// A dictionary; entries are sorted by name and later duplicates win.
    pub fn dictionary_attr(&self, mut entries: Vec<NamedAttr>) -> Attr {
        self.sort_named_attrs(&mut entries);
        self.attr(AttrData::Dictionary(entries))
    }

    /// Sorts `entries` by name text (mlir-opt's dictionary order), keeping the last of
    /// any duplicate names.
    pub fn sort_named_attrs(&self, entries: &mut Vec<NamedAttr>) {
        entries.reverse();
        entries.sort_by(|a, b| self.str(a.name).cmp(self.str(b.name)));
        entries.dedup_by(|a, b| a.name == b.name);
    }

    /// `@name`
    pub fn symbol_ref_attr(&self, name: &str) -> Attr {
        self.attr(AttrData::SymbolRef {
            root: self.intern_str(name),
            nested: Vec::new(),
        })
    }

    /// `affine_map<...>`
    pub fn affine_map_attr(&self, map: AffineMap) -> Attr {
        self.attr(AttrData::AffineMap(map))
    }

    /// `affine_set<...>`
    pub fn integer_set_attr(&self, set: IntegerSet) -> Attr {
        self.attr(AttrData::IntegerSet(set))
    }

    /// A location attribute.
    pub fn loc(&self, location: Location) -> Attr {
        self.attr(AttrData::Location(location))
    }

    /// `loc(unknown)`
    pub fn unknown_loc(&self) -> Attr {
        self.loc(Location::Unknown)
    }

    /// The value of an integer (or `index`, or `i1`) attribute.
    pub fn int_value(&self, attr: Attr) -> Option<i128> {
        match self.attr_data(attr) {
            AttrData::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// The string of a string attribute, if it is valid UTF-8.
    pub fn string_value(&self, attr: Attr) -> Option<&str> {
        match self.attr_data(attr) {
            AttrData::String(bytes) => std::str::from_utf8(bytes).ok(),
            _ => None,
        }
    }

    /// Whether `attr` is an elements attribute (`dense<...>`, `dense_resource<...>`,
    /// `sparse<...>`).
    pub fn is_elements_attr(&self, attr: Attr) -> bool {
        matches!(
            self.attr_data(attr),
            AttrData::DenseElements { .. }
                | AttrData::DenseResource { .. }
                | AttrData::Sparse { .. }
        )
    }

    /// The type carried by a typed attribute (integer, float, dense elements, type attr's
    /// own type is *not* returned).
    pub fn attr_type(&self, attr: Attr) -> Option<Type> {
        match self.attr_data(attr) {
            AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } => Some(*ty),
            AttrData::DenseElements { ty, .. }
            | AttrData::DenseResource { ty, .. }
            | AttrData::Sparse { ty, .. } => Some(*ty),
            _ => None,
        }
    }

    /// Normalizes `value` to the width and signedness of integer type `ty` (two's
    /// complement wrap); `index` is treated as 64 bits.
    pub fn normalize_int(&self, value: i128, ty: Type) -> i128 {
        let (width, signedness) = match self.type_data(ty) {
            TypeData::Integer { width, signedness } => (*width, *signedness),
            TypeData::Index => (64, Signedness::Signless),
            _ => return value,
        };
        if width >= 128 {
            return value;
        }
        if width == 0 {
            return 0;
        }
        let mask: u128 = (1u128 << width) - 1;
        let bits = (value as u128) & mask;
        match signedness {
            Signedness::Unsigned => bits as i128,
            // i1 keeps 0/1 so that `true` is 1.
            _ if width == 1 => bits as i128,
            _ => {
                let sign = 1u128 << (width - 1);
                if bits & sign != 0 {
                    (bits | !mask) as i128
                } else {
                    bits as i128
                }
            }
        }
    }
}
