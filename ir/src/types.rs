//! Builtin types (MLIR LangRef "Builtin Types"), interned in the [`Context`].
//!
//! Invariants: a [`Type`] is an index into the context's type interner, so two types are
//! equal iff their handles are equal. Shapes use [`DYNAMIC`] for `?`. Dialect types that
//! Lattice does not model structurally (`!gpu.async.token`, `!foo<"x">`) keep their text.

use crate::attrs::Attr;
use crate::context::Context;

/// Handle to an interned type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

/// A dynamic dimension (`?`) in a shape, or a dynamic stride/offset in a layout.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness semantics of an integer type: `iN`, `siN`, `uiN`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// Floating-point formats, by their MLIR spelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
}

impl FloatKind {
    /// All kinds with their keyword, for the lexer/printer.
    pub const ALL: [(FloatKind, &'static str); 18] = [
        (FloatKind::F16, "f16"),
        (FloatKind::BF16, "bf16"),
        (FloatKind::F32, "f32"),
        (FloatKind::F64, "f64"),
        (FloatKind::F80, "f80"),
        (FloatKind::F128, "f128"),
        (FloatKind::TF32, "tf32"),
        (FloatKind::F4E2M1FN, "f4E2M1FN"),
        (FloatKind::F6E2M3FN, "f6E2M3FN"),
        (FloatKind::F6E3M2FN, "f6E3M2FN"),
        (FloatKind::F8E5M2, "f8E5M2"),
        (FloatKind::F8E4M3, "f8E4M3"),
        (FloatKind::F8E4M3FN, "f8E4M3FN"),
        (FloatKind::F8E5M2FNUZ, "f8E5M2FNUZ"),
        (FloatKind::F8E4M3FNUZ, "f8E4M3FNUZ"),
        (FloatKind::F8E4M3B11FNUZ, "f8E4M3B11FNUZ"),
        (FloatKind::F8E3M4, "f8E3M4"),
        (FloatKind::F8E8M0FNU, "f8E8M0FNU"),
    ];

    /// The keyword that spells this kind.
    pub fn keyword(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, s)| *s)
            .unwrap_or("f32")
    }

    /// The kind spelled by `keyword`, if any.
    pub fn from_keyword(keyword: &str) -> Option<FloatKind> {
        Self::ALL
            .iter()
            .find(|(_, s)| *s == keyword)
            .map(|(k, _)| *k)
    }

    /// Storage width in bits.
    pub fn width(self) -> u32 {
        use FloatKind::*;
        match self {
            F16 | BF16 => 16,
            F32 | TF32 => 32,
            F64 => 64,
            F80 => 80,
            F128 => 128,
            F4E2M1FN => 4,
            F6E2M3FN | F6E3M2FN => 6,
            _ => 8,
        }
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    /// `iN`, `siN`, `uiN`.
    Integer { width: u32, signedness: Signedness },
    /// `index`
    Index,
    /// `f32`, `bf16`, ...
    Float(FloatKind),
    /// `complex<T>`
    Complex(Type),
    /// `tuple<T, U>`
    Tuple(Vec<Type>),
    /// `none`
    None,
    /// `(T, U) -> (V)`
    Function {
        inputs: Vec<Type>,
        results: Vec<Type>,
    },
    /// `vector<[4]x8xf32>`; `scalable[i]` marks `[n]` dims. Invariant: same length as `shape`.
    Vector {
        shape: Vec<i64>,
        scalable: Vec<bool>,
        element: Type,
    },
    /// `tensor<4x?xf32, #enc>`
    RankedTensor {
        shape: Vec<i64>,
        element: Type,
        encoding: Option<Attr>,
    },
    /// `tensor<*xf32>`
    UnrankedTensor { element: Type },
    /// `memref<4x?xf32, layout, space>`. `layout` is an affine map or strided attribute,
    /// `None` for the identity layout.
    MemRef {
        shape: Vec<i64>,
        element: Type,
        layout: Option<Attr>,
        memory_space: Option<Attr>,
    },
    /// `memref<*xf32, space>`
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attr>,
    },
    /// A dialect type kept as its text after `!`, e.g. `gpu.async.token` or `foo<"x">`.
    Dialect(String),
}

impl Context {
    /// Interns a type.
    pub fn ty(&self, data: TypeData) -> Type {
        Type(self.types.intern(data))
    }

    /// The structure of `ty`.
    pub fn type_data(&self, ty: Type) -> &TypeData {
        self.types.get(ty.0)
    }

    /// `iN`
    pub fn int_type(&self, width: u32) -> Type {
        self.ty(TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }

    /// `i1`
    pub fn i1_type(&self) -> Type {
        self.int_type(1)
    }

    /// `index`
    pub fn index_type(&self) -> Type {
        self.ty(TypeData::Index)
    }

    /// A float type.
    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.ty(TypeData::Float(kind))
    }

    /// `none`
    pub fn none_type(&self) -> Type {
        self.ty(TypeData::None)
    }

    /// `(inputs) -> (results)`
    pub fn function_type(&self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.ty(TypeData::Function { inputs, results })
    }

    /// Whether `ty` is `index`.
    pub fn is_index(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Index)
    }

    /// Whether `ty` is an integer type (any signedness), not `index`.
    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Integer { .. })
    }

    /// Whether `ty` is a signless integer type `iN`.
    pub fn is_signless_integer(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::Integer {
                signedness: Signedness::Signless,
                ..
            }
        )
    }

    /// Whether `ty` is an integer or `index`.
    pub fn is_int_or_index(&self, ty: Type) -> bool {
        self.is_integer(ty) || self.is_index(ty)
    }

    /// Whether `ty` is a float type.
    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Float(_))
    }

    /// Integer width, if `ty` is an integer type.
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_data(ty) {
            TypeData::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }

    /// Size in bits of a value of type `ty` under the default data layout: integers and
    /// floats their width, `index` 64, `complex<T>` twice `T`, a vector all its elements;
    /// 0 for other types.
    pub fn bit_width(&self, ty: Type) -> u64 {
        match self.type_data(ty) {
            TypeData::Integer { width, .. } => *width as u64,
            TypeData::Float(k) => k.width() as u64,
            TypeData::Index => 64,
            TypeData::Complex(e) => 2 * self.bit_width(*e),
            TypeData::Vector { shape, element, .. } => {
                shape.iter().product::<i64>().max(0) as u64 * self.bit_width(*element)
            }
            _ => 0,
        }
    }

    /// The element type of a shaped type (vector, tensor, memref), or `ty` itself.
    pub fn element_type(&self, ty: Type) -> Type {
        match self.type_data(ty) {
            TypeData::Vector { element, .. }
            | TypeData::RankedTensor { element, .. }
            | TypeData::UnrankedTensor { element }
            | TypeData::MemRef { element, .. }
            | TypeData::UnrankedMemRef { element, .. } => *element,
            _ => ty,
        }
    }

    /// The shape of a ranked shaped type.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_data(ty) {
            TypeData::Vector { shape, .. }
            | TypeData::RankedTensor { shape, .. }
            | TypeData::MemRef { shape, .. } => Some(shape),
            _ => None,
        }
    }

    /// Whether `ty` is a shaped type (vector, ranked or unranked tensor or memref).
    pub fn is_shaped(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::Vector { .. }
                | TypeData::RankedTensor { .. }
                | TypeData::UnrankedTensor { .. }
                | TypeData::MemRef { .. }
                | TypeData::UnrankedMemRef { .. }
        )
    }

    /// Whether `ty` is a ranked or unranked memref.
    pub fn is_memref(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
        )
    }

    /// Whether `ty` is a vector type.
    pub fn is_vector(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Vector { .. })
    }
}
