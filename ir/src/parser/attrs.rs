//! Attribute parsing: literals (integers with range checks, floats rounded to their
//! format), strings, arrays, dictionaries, dense arrays and dense elements, symbol
//! references, type attributes, affine maps/sets, strided layouts, locations, dialect
//! attributes kept as text, and `#alias` references.
//!
//! Invariants: integer attributes are range-checked against their type before being
//! interned (so normalization never silently wraps a literal); float attributes hold the
//! bits of their own format; `loc(#alias)` may name an alias defined later in the file
//! (mlir-opt prints location aliases after the module): that definition is then parsed
//! on the spot (see `Parser::define_forward_alias`).

use super::lexer::{self, TokKind};
use super::{parse_int_text, PResult, Parser};
use crate::attrs::{Attr, AttrData, Location, NamedAttr};
use crate::diag::Span;
use crate::types::{FloatKind, Signedness, Type, TypeData, DYNAMIC};

/// Deepest nesting of `[...]` accepted in a `dense<...>` literal.
const MAX_DENSE_DEPTH: u32 = 4096;

/// A parsed `dense<...>` literal, before its type is known.
enum DenseLit {
    List(Vec<DenseLit>, Span),
    Int { neg: bool, text: String, span: Span },
    Float { neg: bool, text: String, span: Span },
    Bool(bool, Span),
    Str(Vec<u8>, Span),
    Complex(Span),
}

impl DenseLit {
    fn span(&self) -> Span {
        match self {
            DenseLit::List(_, s)
            | DenseLit::Int { span: s, .. }
            | DenseLit::Float { span: s, .. }
            | DenseLit::Bool(_, s)
            | DenseLit::Str(_, s)
            | DenseLit::Complex(s) => *s,
        }
    }
}

impl Parser<'_> {
    pub(crate) fn parse_optional_attribute_impl(
        &mut self,
        ty: Option<Type>,
    ) -> PResult<Option<Attr>> {
        let span = self.current_span();
        match self.kind() {
            TokKind::Integer | TokKind::Float => self.parse_number_attr(false, ty).map(Some),
            TokKind::Punct("-") => {
                let next = lexer::lex(self.text, self.tok().end as usize);
                if !matches!(next.kind, TokKind::Integer | TokKind::Float) {
                    return Ok(None);
                }
                self.bump();
                self.parse_number_attr(true, ty).map(Some)
            }
            TokKind::String => {
                let bytes = lexer::unescape(self.tok_text());
                self.bump();
                Ok(Some(self.ctx().attr(AttrData::String(bytes))))
            }
            TokKind::Punct("[") => {
                self.bump();
                let mut elems = Vec::new();
                if !self.eat("]") {
                    loop {
                        elems.push(self.parse_attribute(None)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    if !self.eat("]") {
                        return Err(self.expected("',' or ']'"));
                    }
                }
                Ok(Some(self.ctx().array_attr(elems)))
            }
            TokKind::Punct("{") => self.parse_dictionary().map(Some),
            TokKind::AtId => self.parse_symbol_ref().map(Some),
            TokKind::HashId => self.parse_hash_attr().map(Some),
            TokKind::BangId | TokKind::Punct("(") => {
                let t = self.parse_type()?;
                Ok(Some(self.ctx().type_attr(t)))
            }
            TokKind::BareId => {
                let kw = self.tok_text();
                match kw {
                    "true" | "false" => {
                        self.bump();
                        let v = kw == "true";
                        let t = match ty {
                            Some(t) => t,
                            None => {
                                if self.eat(":") {
                                    self.parse_type()?
                                } else {
                                    self.ctx().i1_type()
                                }
                            }
                        };
                        Ok(Some(self.ctx().int_attr(v as i128, t)))
                    }
                    "unit" => {
                        self.bump();
                        Ok(Some(self.ctx().unit_attr()))
                    }
                    "loc" => self.parse_loc_attr(false).map(Some),
                    "array" => self.parse_dense_array().map(Some),
                    "dense" => self.parse_dense_elements(ty).map(Some),
                    "dense_resource" => self.parse_dense_resource(ty).map(Some),
                    "strided" => self.parse_strided().map(Some),
                    "affine_map" => {
                        self.bump();
                        self.expect("<")?;
                        let m = self.parse_affine_map_body()?;
                        self.expect_msg(">", "expected '>' in affine map")?;
                        Ok(Some(self.ctx().affine_map_attr(m)))
                    }
                    "affine_set" => {
                        self.bump();
                        self.expect("<")?;
                        let s = self.parse_integer_set_body()?;
                        self.expect_msg(">", "expected '>' in integer set")?;
                        Ok(Some(self.ctx().integer_set_attr(s)))
                    }
                    "sparse" => self.parse_sparse_elements(ty).map(Some),
                    "distinct" | "opaque" => {
                        Err(self.error_at(span, format!("'{kw}' attributes are not supported")))
                    }
                    _ => match self.parse_optional_type()? {
                        Some(t) => Ok(Some(self.ctx().type_attr(t))),
                        None => Ok(None),
                    },
                }
            }
            TokKind::Error(msg) => Err(self.error_here(msg)),
            _ => Ok(None),
        }
    }

    /// After an optional `-`: an integer or float literal with its optional `: type`.
    fn parse_number_attr(&mut self, neg: bool, ty: Option<Type>) -> PResult<Attr> {
        let span = self.current_span();
        let is_float = self.kind() == TokKind::Float;
        let text = self.tok_text().to_string();
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None => {
                if self.eat(":") {
                    self.parse_type()?
                } else if is_float {
                    self.ctx().float_type(FloatKind::F64)
                } else {
                    self.ctx().int_type(64)
                }
            }
        };
        if is_float {
            if !self.ctx().is_float(ty) {
                return Err(self.error_here("floating point value not valid for specified type"));
            }
            self.build_float_attr(neg, &text, false, ty, span)
        } else {
            match self.ctx().type_data(ty).clone() {
                TypeData::Float(_) => self.int_literal_as_float(neg, &text, ty, span),
                _ => self.build_int_attr(neg, &text, ty, span),
            }
        }
    }

    /// An integer literal where a float of type `ty` is expected: hex gives raw bits,
    /// decimal is an error (as in MLIR).
    fn int_literal_as_float(&self, neg: bool, text: &str, ty: Type, span: Span) -> PResult<Attr> {
        if text.starts_with("0x") {
            self.build_float_attr(neg, text, true, ty, span)
        } else {
            Err(self
                .error_at(
                    span,
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(
                    crate::diag::DiagLoc::Span(self.source, span),
                    "add a trailing dot to make the literal a float",
                ))
        }
    }

    /// An integer attribute of type `ty` from a literal, range-checked as MLIR does.
    pub(crate) fn build_int_attr(
        &self,
        neg: bool,
        text: &str,
        ty: Type,
        span: Span,
    ) -> PResult<Attr> {
        let (width, sign) = match self.ctx().type_data(ty) {
            TypeData::Integer { width, signedness } => (*width, *signedness),
            TypeData::Index => (64, Signedness::Signless),
            _ => return Err(self.error_at(span, "integer literal not valid for specified type")),
        };
        let out_of_range = || self.error_at(span, "integer constant out of range for attribute");
        let mag = parse_int_text(text).ok_or_else(out_of_range)?;
        if neg && sign == Signedness::Unsigned {
            return Err(self.error_at(
                span,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        let fits = if width == 0 {
            mag == 0
        } else if width > 128 {
            if neg {
                mag <= 1u128 << 127
            } else {
                mag <= i128::MAX as u128
            }
        } else if neg {
            mag <= 1u128 << (width - 1)
        } else if sign == Signedness::Signed {
            mag < 1u128 << (width - 1)
        } else {
            width == 128 || mag < 1u128 << width
        };
        if !fits {
            return Err(out_of_range());
        }
        // Values at or above 2^127 (only for 128-bit unsigned/signless) wrap in storage.
        let v = mag as i128;
        Ok(self
            .ctx()
            .int_attr(if neg { v.wrapping_neg() } else { v }, ty))
    }

    /// A float attribute of type `ty` from a decimal literal or hex bits.
    pub(crate) fn build_float_attr(
        &self,
        neg: bool,
        text: &str,
        hex: bool,
        ty: Type,
        span: Span,
    ) -> PResult<Attr> {
        let kind = match self.ctx().type_data(ty) {
            TypeData::Float(k) => *k,
            _ => {
                return Err(self.error_at(span, "floating point value not valid for specified type"))
            }
        };
        let bits = if hex {
            if neg {
                return Err(self.error_at(
                    span,
                    "hexadecimal float literal should not have a leading minus",
                ));
            }
            let bits = parse_int_text(text).unwrap_or(u128::MAX);
            if kind.width() < 128 && bits >> kind.width() != 0 {
                return Err(self.error_at(span, "hexadecimal float constant out of range for type"));
            }
            bits
        } else {
            float_text_to_bits(kind, text, neg)
                .ok_or_else(|| self.error_at(span, "invalid floating point literal"))?
        };
        Ok(self.ctx().attr(AttrData::Float { bits, ty }))
    }

    /// `{a = 1, b}` entries, sorted; duplicates are errors.
    pub(crate) fn parse_dict_entries(&mut self) -> PResult<Vec<NamedAttr>> {
        self.expect("{")?;
        let mut entries: Vec<NamedAttr> = Vec::new();
        if self.eat("}") {
            return Ok(entries);
        }
        loop {
            let span = self.current_span();
            let name = match self.kind() {
                TokKind::BareId => self.tok_text().to_string(),
                TokKind::String => {
                    String::from_utf8_lossy(&lexer::unescape(self.tok_text())).into_owned()
                }
                _ => return Err(self.expected("attribute name")),
            };
            if name.is_empty() {
                return Err(self.error_at(span, "expected valid attribute name"));
            }
            self.bump();
            let name = self.intern(&name);
            if entries.iter().any(|e| e.name == name) {
                let n = self.ctx().str(name).to_string();
                return Err(
                    self.error_at(span, format!("duplicate key '{n}' in dictionary attribute"))
                );
            }
            let value = if self.eat("=") {
                self.parse_attribute(None)?
            } else {
                self.ctx().unit_attr()
            };
            entries.push(NamedAttr { name, value });
            if !self.eat(",") {
                break;
            }
        }
        if !self.eat("}") {
            return Err(self.expected("'}' in attribute dictionary"));
        }
        Ok(entries)
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.parse_symbol_name()?;
        let mut nested = Vec::new();
        loop {
            let pos = self.tok().start as usize;
            if self.is_punct(":") && self.text.as_bytes().get(pos + 1) == Some(&b':') {
                self.reset_to(pos + 2);
                if self.kind() != TokKind::AtId {
                    return Err(self.expected("nested symbol reference identifier"));
                }
                let n = self.parse_symbol_name()?;
                nested.push(self.intern(&n));
            } else {
                break;
            }
        }
        let root = self.intern(&root);
        Ok(self.ctx().attr(AttrData::SymbolRef { root, nested }))
    }

    /// `#alias`, `#dialect.attr<...>`, `#dialect<...>`.
    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let name = &self.tok_text()[1..];
        let start = self.tok().start as usize;
        let end = self.tok().end as usize;
        self.bump();
        let adjacent_angle = self.is_punct("<") && self.tok().start as usize == end;
        if !name.contains('.') && !adjacent_angle {
            return match self.inner.attr_aliases.get(name) {
                Some(&a) => Ok(a),
                None => Err(self.error_here(format!("undefined symbol alias id '{name}'"))),
            };
        }
        let mut text = name.to_string();
        if adjacent_angle {
            text.push_str(self.take_balanced_body()?);
        }
        self.check_dialect_registered(&text, start, '#')?;
        Ok(self.ctx().attr(AttrData::Dialect(text)))
    }

    /// `array<i64: 1, 2>`, `array<f32: 1.0>`, `array<i1: true>`, `array<i32>`.
    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect("<")?;
        let el_span = self.current_span();
        let element = self.parse_type()?;
        let is_float = self.ctx().is_float(element);
        if !is_float && !self.ctx().is_int_or_index(element) {
            return Err(self.error_at(el_span, "expected integer or float type"));
        }
        let mut values = Vec::new();
        if !self.is_punct(">") {
            self.expect_msg(":", "expected ':' after dense array type")?;
            loop {
                let span = self.current_span();
                let neg = self.eat("-");
                let a = match self.kind() {
                    TokKind::BareId if matches!(self.tok_text(), "true" | "false") => {
                        let v = self.tok_text() == "true";
                        if is_float {
                            return Err(self.error_at(span, "expected floating point literal"));
                        }
                        if neg || self.ctx().int_width(element) != Some(1) {
                            return Err(self.error_at(span, "expected integer literal"));
                        }
                        self.bump();
                        self.ctx().int_attr(v as i128, element)
                    }
                    TokKind::Integer | TokKind::Float => {
                        let sp = self.current_span();
                        let text = self.tok_text().to_string();
                        let f = self.kind() == TokKind::Float;
                        self.bump();
                        if is_float && !f {
                            self.int_literal_as_float(neg, &text, element, sp)?
                        } else if is_float {
                            self.build_float_attr(neg, &text, false, element, sp)?
                        } else if f {
                            return Err(self.error_at(sp, "expected integer literal"));
                        } else {
                            self.build_int_attr(neg, &text, element, sp).map_err(|e| {
                                if e.message.starts_with("integer constant out of range") {
                                    self.error_here("integer constant out of range")
                                } else {
                                    e
                                }
                            })?
                        }
                    }
                    _ => return Err(self.expected("integer or float literal")),
                };
                values.push(match self.ctx().attr_data(a) {
                    AttrData::Integer { value, .. } => *value,
                    AttrData::Float { bits, .. } => *bits as i128,
                    _ => 0,
                });
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect_msg(">", "expected '>' to close an array attribute")?;
        Ok(self.ctx().attr(AttrData::DenseArray { element, values }))
    }

    /// `strided<[1, ?], offset: ?>`
    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect_msg("<", "expected '<' after 'strided'")?;
        let mut strides = Vec::new();
        self.expect("[")?;
        if !self.eat("]") {
            loop {
                strides.push(self.parse_stride_value()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("]")?;
        }
        let mut offset = 0;
        if self.eat(",") {
            self.expect_msg("offset", "expected 'offset' after comma")?;
            self.expect_msg(":", "expected ':' after 'offset'")?;
            offset = self.parse_stride_value()?;
        }
        self.expect(">")?;
        Ok(self.ctx().attr(AttrData::Strided { strides, offset }))
    }

    fn parse_stride_value(&mut self) -> PResult<i64> {
        if self.eat("?") {
            return Ok(DYNAMIC);
        }
        let span = self.current_span();
        let msg = "expected a 64-bit signed integer or '?'";
        match self.parse_optional_integer()? {
            Some(v) => i64::try_from(v).map_err(|_| self.error_at(span, msg)),
            None => Err(self.error_here(msg)),
        }
    }

    /// `dense_resource<name> : type` (the type given by the caller replaces the
    /// `: type`), with mlir-opt's messages; the type must be shaped.
    fn parse_dense_resource(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let mut type_span = self.current_span();
        self.bump();
        self.expect_msg("<", "expected '<' after 'dense_resource'")?;
        let name = self.parse_resource_key()?;
        self.expect_msg(">", "expected '>'")?;
        let ty = match ty {
            Some(t) => t,
            None => {
                type_span = self.current_span();
                self.expect_msg(":", "expected ':'")?;
                self.parse_type()?
            }
        };
        if !self.ctx().is_shaped(ty) {
            return Err(self.error_at(type_span, "`dense_resource` expected a shaped type"));
        }
        Ok(self.ctx().attr(AttrData::DenseResource { ty, name }))
    }

    /// `dense<...> : type` (the type given by the caller replaces the `: type`).
    fn parse_dense_elements(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let dense_span = self.current_span();
        self.bump();
        self.expect("<")?;
        if self.eat(">") {
            // `dense<>`: no elements, whatever the shape (MLIR's `TensorLiteralParser`
            // with nothing parsed).
            let ty = self.elements_literal_type(dense_span, ty)?;
            if self
                .ctx()
                .shape(ty)
                .unwrap_or_default()
                .iter()
                .product::<i64>()
                != 0
            {
                return Err(self.error_at(
                    dense_span,
                    format!(
                        "parsed zero elements, but type ('{}') expected at least 1",
                        crate::printer::type_to_string(self.ctx(), ty)
                    ),
                ));
            }
            let values = Vec::new();
            return Ok(self.ctx().attr(AttrData::DenseElements { ty, values }));
        }
        let lit = self.parse_dense_lit()?;
        self.expect(">")?;
        let ty = self.elements_literal_type(dense_span, ty)?;
        self.dense_from_lit(&lit, dense_span, ty)
    }

    /// The type of an elements literal: `ty` when it is a ranked shaped type, else the
    /// `: type` that follows; a tensor or vector of static shape (MLIR's
    /// `parseElementsLiteralType`, errors at `span`).
    fn elements_literal_type(&mut self, span: Span, ty: Option<Type>) -> PResult<Type> {
        let ty = match ty {
            Some(t) if self.ctx().shape(t).is_some() => t,
            _ => {
                self.expect(":")?;
                self.parse_type()?
            }
        };
        let shape = match self.ctx().type_data(ty) {
            TypeData::RankedTensor { shape, .. } | TypeData::Vector { shape, .. } => shape,
            _ => return Err(self.error_at(span, "elements literal must be a shaped type")),
        };
        if shape.iter().any(|&d| d < 0) {
            return Err(self.error_at(span, "elements literal type must have static shape"));
        }
        Ok(ty)
    }

    /// The dense elements attribute of type `ty` (a static tensor or vector) that `lit`
    /// spells; errors about the whole literal at `dense_span`.
    fn dense_from_lit(&self, lit: &DenseLit, dense_span: Span, ty: Type) -> PResult<Attr> {
        let shape = self.ctx().shape(ty).unwrap_or_default().to_vec();
        let element = self.ctx().element_type(ty);
        let Some(count) = shape
            .iter()
            .try_fold(1usize, |acc, &d| acc.checked_mul(d as usize))
        else {
            return Err(self.error_at(dense_span, "elements literal type is too large"));
        };
        if let DenseLit::Str(bytes, _) = lit {
            return self.dense_from_hex(bytes, dense_span, ty, element, count);
        }
        let mut flat = Vec::new();
        let splat = !matches!(lit, DenseLit::List(..));
        if splat {
            flat.push(lit);
        } else {
            let mut inferred = Vec::new();
            infer_shape(lit, &mut inferred);
            if inferred != shape {
                return Err(self.error_at(
                    dense_span,
                    format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        dims_list(&inferred),
                        dims_list(&shape)
                    ),
                ));
            }
            flatten(lit, &mut flat);
            if flat.len() != count {
                return Err(self.error_at(lit.span(), "elements literal shape is not consistent"));
            }
        }
        let mut values = Vec::with_capacity(flat.len());
        for l in flat {
            values.push(self.dense_element(l, element)?);
        }
        if values.len() > 1 && values.iter().all(|&v| v == values[0]) {
            values.truncate(1);
        }
        Ok(self.ctx().attr(AttrData::DenseElements { ty, values }))
    }

    /// `sparse<indices, values> : type` or `sparse<> : type` (the type given by the
    /// caller replaces the `: type`), with MLIR's `parseSparseElementsAttr` rules: a
    /// splat index stands for one index, a splat value for one value per index.
    fn parse_sparse_elements(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let span = self.current_span();
        self.bump();
        self.expect_msg("<", "Expected '<' after 'sparse'")?;
        let i64_type = self.ctx().int_type(64);
        if self.eat(">") {
            let ty = self.elements_literal_type(span, ty)?;
            let rank = self.ctx().shape(ty).map_or(0, |s| s.len()) as i64;
            let empty = |shape: Vec<i64>, element: Type| {
                let ty = tensor_type(self.ctx(), shape, element);
                self.ctx().attr(AttrData::DenseElements {
                    ty,
                    values: Vec::new(),
                })
            };
            let indices = empty(vec![0, rank], i64_type);
            let values = empty(vec![0], self.ctx().element_type(ty));
            return Ok(self.ctx().attr(AttrData::Sparse {
                ty,
                indices,
                values,
            }));
        }
        let index_lit = self.parse_dense_lit()?;
        self.expect_msg(",", "expected ','")?;
        let value_lit = self.parse_dense_lit()?;
        self.expect_msg(">", "expected '>'")?;
        let ty = self.elements_literal_type(span, ty)?;
        let shape = self.ctx().shape(ty).unwrap_or_default().to_vec();
        let literal_shape = |lit: &DenseLit, splat: Vec<i64>| match lit {
            DenseLit::List(..) => {
                let mut inferred = Vec::new();
                infer_shape(lit, &mut inferred);
                inferred
            }
            _ => splat,
        };
        let index_shape = literal_shape(&index_lit, vec![1, shape.len() as i64]);
        let value_shape = literal_shape(&value_lit, vec![index_shape[0]]);
        let index_type = tensor_type(self.ctx(), index_shape.clone(), i64_type);
        let indices = self.dense_from_lit(&index_lit, index_lit.span(), index_type)?;
        let value_type = tensor_type(self.ctx(), value_shape.clone(), self.ctx().element_type(ty));
        let values = self.dense_from_lit(&value_lit, value_lit.span(), value_type)?;
        self.check_sparse(span, ty, &shape, &index_shape, &value_shape, indices)?;
        Ok(self.ctx().attr(AttrData::Sparse {
            ty,
            indices,
            values,
        }))
    }

    /// MLIR's `SparseElementsAttr::verify`: values are 1-d, indices `[N, rank]` (or `[N]`
    /// for rank 1) with N values, every index inside `shape`.
    fn check_sparse(
        &self,
        span: Span,
        ty: Type,
        shape: &[i64],
        index_shape: &[i64],
        value_shape: &[i64],
        indices: Attr,
    ) -> PResult<()> {
        if value_shape.len() != 1 {
            return Err(self.error_at(span, "expected 1-d tensor for sparse element values"));
        }
        let rank = shape.len();
        let indices_ok = match index_shape.len() {
            2 => index_shape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        };
        if !indices_ok || index_shape[0] != value_shape[0] {
            return Err(self.error_at(
                span,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    dims_list(shape),
                    dims_list(index_shape),
                    dims_list(value_shape)
                ),
            ));
        }
        let AttrData::DenseElements { values, .. } = self.ctx().attr_data(indices) else {
            return Ok(());
        };
        let flat: Vec<u64> = values
            .iter()
            .map(|&v| self.ctx().int_value(v).unwrap_or(0) as u64)
            .collect();
        let points: Vec<Vec<u64>> = if flat.len() == 1 {
            vec![vec![flat[0]; rank]]
        } else {
            flat.chunks(rank.max(1)).map(|c| c.to_vec()).collect()
        };
        for (i, point) in points.iter().enumerate() {
            if point.len() != rank || point.iter().zip(shape).any(|(&p, &d)| p >= d as u64) {
                let point: Vec<String> = point.iter().map(|p| p.to_string()).collect();
                return Err(self.error_at(
                    span,
                    format!(
                        "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{}'",
                        point.join(", "),
                        crate::printer::type_to_string(self.ctx(), ty)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn dense_element(&self, lit: &DenseLit, element: Type) -> PResult<Attr> {
        let is_float = self.ctx().is_float(element);
        match lit {
            DenseLit::Bool(v, span) => {
                if self.ctx().int_width(element) != Some(1) {
                    return Err(
                        self.error_at(*span, "expected i1 type for 'true' or 'false' values")
                    );
                }
                Ok(self.ctx().int_attr(*v as i128, element))
            }
            DenseLit::Int { neg, text, span } => {
                if is_float {
                    self.int_literal_as_float(*neg, text, element, *span)
                } else if self.ctx().is_int_or_index(element) {
                    let unsigned = matches!(
                        self.ctx().type_data(element),
                        TypeData::Integer {
                            signedness: Signedness::Unsigned,
                            ..
                        }
                    );
                    if *neg && unsigned {
                        return Err(self.error_at(
                            *span,
                            "expected unsigned integer elements, but parsed negative value",
                        ));
                    }
                    self.build_int_attr(*neg, text, element, *span)
                        .map_err(|mut e| {
                            if e.message.starts_with("integer constant out of range") {
                                e.message = "integer constant out of range for type".into();
                            }
                            e
                        })
                } else {
                    Err(self.error_at(
                        *span,
                        "expected integer elements, but parsed floating-point",
                    ))
                }
            }
            DenseLit::Float { neg, text, span } => {
                if !is_float {
                    return Err(self.error_at(
                        *span,
                        "expected integer elements, but parsed floating-point",
                    ));
                }
                self.build_float_attr(*neg, text, false, element, *span)
            }
            DenseLit::Complex(span) => {
                Err(self.error_at(*span, "complex dense elements are not supported"))
            }
            DenseLit::Str(_, span) => {
                Err(self.error_at(*span, "unexpected string in elements literal"))
            }
            DenseLit::List(_, span) => {
                Err(self.error_at(*span, "unexpected nested list in elements literal"))
            }
        }
    }

    fn dense_from_hex(
        &self,
        bytes: &[u8],
        span: Span,
        ty: Type,
        element: Type,
        count: usize,
    ) -> PResult<Attr> {
        let text = String::from_utf8_lossy(bytes);
        let Some(hex) = text.strip_prefix("0x") else {
            return Err(self.error_at(span, "expected hex string for dense elements"));
        };
        if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error_at(span, "expected hex string for dense elements"));
        }
        let data: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0))
            .collect();
        let width = match self.ctx().type_data(element) {
            TypeData::Integer { width, .. } => *width,
            TypeData::Index => 64,
            TypeData::Float(k) => k.width(),
            _ => return Err(self.error_at(span, "unsupported element type for hex dense elements")),
        };
        if width == 1 {
            // i1 elements are bit-packed, least significant bit first; a single 0x00 or
            // 0xFF byte is a splat.
            let packed = count.div_ceil(8);
            let bits: Vec<bool> = if data.len() == packed {
                (0..count)
                    .map(|i| data[i / 8] >> (i % 8) & 1 == 1)
                    .collect()
            } else if data.len() == 1 && (data[0] == 0 || data[0] == 0xFF) {
                vec![data[0] == 0xFF]
            } else {
                return Err(self.error_at(
                    span,
                    format!(
                        "elements hex data size is invalid for provided type: '{}'",
                        self.type_str(ty)
                    ),
                ));
            };
            let mut values: Vec<Attr> = bits
                .iter()
                .map(|&b| self.ctx().int_attr(b as i128, element))
                .collect();
            if values.len() > 1 && values.iter().all(|&v| v == values[0]) {
                values.truncate(1);
            }
            return Ok(self.ctx().attr(AttrData::DenseElements { ty, values }));
        }
        let el_bytes = (width as usize).div_ceil(8).max(1);
        if el_bytes > 16 {
            return Err(self.error_at(span, "unsupported element type for hex dense elements"));
        }
        let n = data.len() / el_bytes;
        if data.len() % el_bytes != 0 || (n != count && n != 1) {
            return Err(self.error_at(
                span,
                format!(
                    "elements hex data size is invalid for provided type: '{}'",
                    self.type_str(ty)
                ),
            ));
        }
        let mut values = Vec::with_capacity(n);
        for i in 0..n {
            let mut raw: u128 = 0;
            for (j, &b) in data[i * el_bytes..(i + 1) * el_bytes].iter().enumerate() {
                raw |= (b as u128) << (8 * j);
            }
            let a = if self.ctx().is_float(element) {
                let mask = if width >= 128 {
                    u128::MAX
                } else {
                    (1u128 << width) - 1
                };
                self.ctx().attr(AttrData::Float {
                    bits: raw & mask,
                    ty: element,
                })
            } else {
                self.ctx().int_attr(raw as i128, element)
            };
            values.push(a);
        }
        if values.len() > 1 && values.iter().all(|&v| v == values[0]) {
            values.truncate(1);
        }
        Ok(self.ctx().attr(AttrData::DenseElements { ty, values }))
    }

    fn parse_dense_lit(&mut self) -> PResult<DenseLit> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            let span = self.current_span();
            match self.kind() {
                TokKind::Punct("[") => {
                    if self.inner.dense_depth >= MAX_DENSE_DEPTH {
                        return Err(self.error_here("elements literal is nested too deeply"));
                    }
                    self.inner.dense_depth += 1;
                    let r = self.parse_dense_list(span);
                    self.inner.dense_depth -= 1;
                    r
                }
                TokKind::Punct("(") => {
                    self.bump();
                    self.parse_dense_lit()?;
                    self.expect(",")?;
                    self.parse_dense_lit()?;
                    self.expect(")")?;
                    Ok(DenseLit::Complex(span))
                }
                TokKind::String => {
                    let b = lexer::unescape(self.tok_text());
                    self.bump();
                    Ok(DenseLit::Str(b, span))
                }
                TokKind::BareId if matches!(self.tok_text(), "true" | "false") => {
                    let v = self.tok_text() == "true";
                    self.bump();
                    Ok(DenseLit::Bool(v, span))
                }
                _ => {
                    let neg = self.eat("-");
                    let span = self.current_span();
                    let text = self.tok_text().to_string();
                    match self.kind() {
                        TokKind::Integer => {
                            self.bump();
                            Ok(DenseLit::Int { neg, text, span })
                        }
                        TokKind::Float => {
                            self.bump();
                            Ok(DenseLit::Float { neg, text, span })
                        }
                        _ => Err(self.expected("element literal of primitive type")),
                    }
                }
            }
        })
    }

    /// At `[`: a nested list of a `dense<...>` literal (elements of one shape).
    fn parse_dense_list(&mut self, span: Span) -> PResult<DenseLit> {
        self.bump();
        let mut elems = Vec::new();
        if !self.eat("]") {
            loop {
                elems.push(self.parse_dense_lit()?);
                if !self.eat(",") {
                    break;
                }
            }
            let close = self.current_span();
            self.expect("]")?;
            let mut first = Vec::new();
            infer_shape(&elems[0], &mut first);
            for e in &elems[1..] {
                let mut other = Vec::new();
                infer_shape(e, &mut other);
                if other != first {
                    return Err(self.error_at(
                        close,
                        "tensor literal is invalid; ranks are not consistent between elements",
                    ));
                }
            }
        }
        Ok(DenseLit::List(elems, span))
    }

    // ---- locations ----

    /// At the `loc` keyword: `loc(...)`. `loc(#alias)` may name a location alias defined
    /// later in the file (mlir-opt prints them after the module). `trailing` is an op's or
    /// argument's own location, whose errors mlir-opt words "in location" (an attribute value
    /// says "in inline location").
    pub(crate) fn parse_loc_attr(&mut self, trailing: bool) -> PResult<Attr> {
        let what = if trailing {
            "location"
        } else {
            "inline location"
        };
        self.expect("loc")?;
        self.expect_msg("(", &format!("expected '(' in {what}"))?;
        let attr = self.parse_location_instance()?;
        self.expect_msg(")", &format!("expected ')' in {what}"))?;
        Ok(attr)
    }

    fn check_is_location(&self, a: Attr, span: Span) -> PResult<Attr> {
        match self.ctx().attr_data(a) {
            AttrData::Location(_) => Ok(a),
            _ => {
                let text = crate::printer::attr_to_string(self.ctx(), a);
                Err(self.error_at(span, format!("expected location, but found '{text}'")))
            }
        }
    }

    fn parse_location_instance(&mut self) -> PResult<Attr> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.parse_location_instance_impl()
        })
    }

    fn parse_location_instance_impl(&mut self) -> PResult<Attr> {
        let span = self.current_span();
        match self.kind() {
            TokKind::HashId => {
                let name = self.tok_text()[1..].to_string();
                if !name.contains('.') && !self.inner.attr_aliases.contains_key(&name) {
                    self.define_forward_alias(&name)?;
                    if !self.inner.attr_aliases.contains_key(&name) {
                        return Err(
                            self.error_at(span, "operation location alias was never defined")
                        );
                    }
                }
                let a = self.parse_hash_attr()?;
                self.check_is_location(a, span)
            }
            TokKind::String => {
                let name = String::from_utf8_lossy(&lexer::unescape(self.tok_text())).into_owned();
                self.bump();
                if self.eat(":") {
                    let line = self.parse_u32("integer line number in FileLineColRange")?;
                    let col = if self.eat(":") {
                        self.parse_u32("integer column number in FileLineColRange")?
                    } else {
                        0
                    };
                    let mut end = None;
                    if self.eat("to") {
                        if self.eat(":") {
                            end = Some((line, self.parse_u32("column number")?));
                        } else {
                            let l2 = self.parse_u32("line number")?;
                            self.expect(":")?;
                            end = Some((l2, self.parse_u32("column number")?));
                        }
                    }
                    Ok(self.ctx().loc(Location::FileLineCol {
                        file: name,
                        line,
                        col,
                        end,
                    }))
                } else if self.eat("(") {
                    let child = self.parse_location_instance()?;
                    self.expect_msg(")", "expected ')' after child location of NameLoc")?;
                    Ok(self.ctx().loc(Location::Name {
                        name,
                        child: Some(child),
                    }))
                } else {
                    Ok(self.ctx().loc(Location::Name { name, child: None }))
                }
            }
            TokKind::BareId => match self.tok_text() {
                "unknown" => {
                    self.bump();
                    Ok(self.ctx().unknown_loc())
                }
                "callsite" => {
                    self.bump();
                    self.expect_msg("(", "expected '(' in callsite location")?;
                    let callee = self.parse_location_instance()?;
                    self.expect_msg("at", "expected 'at' in callsite location")?;
                    let caller = self.parse_location_instance()?;
                    self.expect_msg(")", "expected ')' in callsite location")?;
                    Ok(self.ctx().loc(Location::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let mut metadata = None;
                    if self.eat("<") {
                        metadata = Some(self.parse_attribute(None)?);
                        self.expect_msg(">", "expected '>' after fused location metadata")?;
                    }
                    self.expect_msg("[", "expected '[' in fused location")?;
                    let mut locations = Vec::new();
                    if !self.eat("]") {
                        loop {
                            locations.push(self.parse_location_instance()?);
                            if !self.eat(",") {
                                break;
                            }
                        }
                        self.expect_msg("]", "expected ']' in fused location")?;
                    }
                    Ok(fused_loc(self.ctx(), metadata, locations))
                }
                _ => Err(self.error_here("expected location instance")),
            },
            _ => Err(self.expected("location instance")),
        }
    }

    fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        if self.kind() != TokKind::Integer {
            return Err(self.expected(what));
        }
        let v = parse_int_text(self.tok_text()).and_then(|v| u32::try_from(v).ok());
        let v = v.ok_or_else(|| self.error_here(format!("expected {what}")))?;
        self.bump();
        Ok(v)
    }

    /// The type in MLIR syntax, for messages.
    pub(crate) fn type_str(&self, ty: Type) -> String {
        super::types::type_to_string(self.ctx(), ty)
    }
}

/// `loc(fused<metadata>[locations])` canonicalized as MLIR's `FusedLoc::get`: nested
/// fused locations with the same metadata are flattened, unknown locations and
/// duplicates dropped, and a single location without metadata stands for itself.
pub fn fused_loc(
    ctx: &crate::context::Context,
    metadata: Option<Attr>,
    locations: Vec<Attr>,
) -> Attr {
    let mut locs: Vec<Attr> = Vec::new();
    let push = |l: Attr, locs: &mut Vec<Attr>| {
        if !locs.contains(&l) {
            locs.push(l);
        }
    };
    for l in locations {
        match ctx.attr_data(l) {
            AttrData::Location(Location::Fused {
                metadata: m,
                locations: inner,
            }) if *m == metadata => {
                for &i in inner {
                    push(i, &mut locs);
                }
            }
            AttrData::Location(Location::Unknown) => {}
            _ => push(l, &mut locs),
        }
    }
    if locs.is_empty() {
        return match metadata {
            None => ctx.unknown_loc(),
            Some(_) => ctx.loc(Location::Fused {
                metadata,
                locations: vec![ctx.unknown_loc()],
            }),
        };
    }
    if locs.len() == 1 && metadata.is_none() {
        return locs[0];
    }
    ctx.loc(Location::Fused {
        metadata,
        locations: locs,
    })
}

/// `2, 3` for shape `[2, 3]` (the shapes of elements-literal messages).
fn dims_list(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    dims.join(", ")
}

/// `tensor<shape x element>`.
fn tensor_type(ctx: &crate::Context, shape: Vec<i64>, element: Type) -> Type {
    ctx.ty(TypeData::RankedTensor {
        shape,
        element,
        encoding: None,
    })
}

fn infer_shape(mut lit: &DenseLit, out: &mut Vec<i64>) {
    while let DenseLit::List(elems, _) = lit {
        out.push(elems.len() as i64);
        match elems.first() {
            Some(first) => lit = first,
            None => break,
        }
    }
}

fn flatten<'l>(lit: &'l DenseLit, out: &mut Vec<&'l DenseLit>) {
    let mut stack = vec![lit];
    while let Some(l) = stack.pop() {
        match l {
            DenseLit::List(elems, _) => stack.extend(elems.iter().rev()),
            other => out.push(other),
        }
    }
}

/// The bits of decimal literal `text` (negated when `neg`) in float format `kind`,
/// rounded to nearest even.
pub(crate) fn float_text_to_bits(kind: FloatKind, text: &str, neg: bool) -> Option<u128> {
    let v: f64 = text.parse().ok()?;
    let v = if neg { -v } else { v };
    Some(match kind {
        FloatKind::F64 => v.to_bits() as u128,
        FloatKind::F32 => {
            let f: f32 = text.parse().ok()?;
            (if neg { -f } else { f }).to_bits() as u128
        }
        _ => f64_to_format_bits(kind, v),
    })
}

/// Converts `v` to the bit pattern of float format `kind` (round to nearest even).
pub fn f64_to_format_bits(kind: FloatKind, v: f64) -> u128 {
    use FloatKind::*;
    match kind {
        F64 => v.to_bits() as u128,
        F32 => (v as f32).to_bits() as u128,
        F16 => ieee_like(v, 5, 10, 15),
        BF16 => ieee_like(v, 8, 7, 127),
        TF32 => ieee_like(v, 8, 10, 127),
        F80 => {
            // x87 extended: sign, 15-bit exponent, explicit integer bit, 63 fraction bits.
            let b = v.to_bits();
            let sign = (b >> 63) as u128;
            let e = ((b >> 52) & 0x7ff) as i64;
            let m = (b & ((1 << 52) - 1)) as u128;
            if e == 0 && m == 0 {
                return sign << 79;
            }
            if e == 0x7ff {
                return (sign << 79) | (0x7fffu128 << 64) | (1u128 << 63) | (m << 11);
            }
            let (exp, sig) = normalize_f64(e, m);
            ((sign << 79) | (((exp + 16383) as u128) << 64)) | (sig << 11)
        }
        F128 => {
            let b = v.to_bits();
            let sign = (b >> 63) as u128;
            let e = ((b >> 52) & 0x7ff) as i64;
            let m = (b & ((1 << 52) - 1)) as u128;
            if e == 0 && m == 0 {
                return sign << 127;
            }
            if e == 0x7ff {
                return (sign << 127) | (0x7fffu128 << 112) | (m << 60);
            }
            let (exp, sig) = normalize_f64(e, m);
            (sign << 127) | (((exp + 16383) as u128) << 112) | ((sig & ((1u128 << 52) - 1)) << 60)
        }
        F4E2M1FN => small_float(v, 2, 1, 1, Special::None),
        F6E2M3FN => small_float(v, 2, 3, 1, Special::None),
        F6E3M2FN => small_float(v, 3, 2, 3, Special::None),
        F8E5M2 => ieee_like(v, 5, 2, 15),
        F8E4M3 => ieee_like(v, 4, 3, 7),
        F8E4M3FN => small_float(v, 4, 3, 7, Special::AllOnesNan),
        F8E5M2FNUZ => small_float(v, 5, 2, 16, Special::NegZeroNan),
        F8E4M3FNUZ => small_float(v, 4, 3, 8, Special::NegZeroNan),
        F8E4M3B11FNUZ => small_float(v, 4, 3, 11, Special::NegZeroNan),
        F8E3M4 => ieee_like(v, 3, 4, 3),
        F8E8M0FNU => small_float(v, 8, 0, 127, Special::Unsigned),
    }
}

/// (unbiased exponent, 53-bit significand with the integer bit at bit 52) of a finite
/// non-zero f64 given its exponent field and fraction.
fn normalize_f64(e: i64, m: u128) -> (i64, u128) {
    if e == 0 {
        let mut exp = -1022;
        let mut sig = m;
        while sig & (1 << 52) == 0 {
            sig <<= 1;
            exp -= 1;
        }
        (exp, sig)
    } else {
        (e - 1023, m | (1 << 52))
    }
}

/// Rounds `v` to an IEEE-style binary format with `ebits` exponent bits, `mbits` fraction
/// bits and exponent bias `bias`.
fn ieee_like(v: f64, ebits: u32, mbits: u32, bias: i64) -> u128 {
    small_float(v, ebits, mbits, bias, Special::Ieee)
}

/// How a small float format encodes infinities and NaNs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    /// IEEE: all-ones exponent is infinity (zero fraction) or NaN.
    Ieee,
    /// No infinity; only all-ones exponent and fraction is NaN (`...FN`).
    AllOnesNan,
    /// No infinity, no negative zero; the negative-zero pattern is NaN (`...FNUZ`).
    NegZeroNan,
    /// No infinity or NaN: every pattern is finite (`f4E2M1FN`, `f6...FN`).
    None,
    /// Exponent only, no sign (`f8E8M0FNU`); all ones is NaN.
    Unsigned,
}

/// Rounds `v` (to nearest even) to a binary format with `ebits` exponent bits, `mbits`
/// fraction bits, exponent bias `bias` and the given special-value encoding. Values too
/// large become infinity, or NaN where the format has none (the largest finite value
/// where it has neither).
fn small_float(v: f64, ebits: u32, mbits: u32, bias: i64, special: Special) -> u128 {
    let max_e = (1u128 << ebits) - 1;
    let frac_mask = (1u128 << mbits) - 1;
    let sign_bit = if special == Special::Unsigned {
        0
    } else {
        1u128 << (ebits + mbits)
    };
    let sign = if v.is_sign_negative() { sign_bit } else { 0 };
    let nan = match special {
        Special::Ieee => (max_e << mbits) | if mbits > 0 { 1u128 << (mbits - 1) } else { 0 },
        Special::AllOnesNan | Special::Unsigned => (max_e << mbits) | frac_mask,
        Special::NegZeroNan => sign_bit,
        Special::None => (max_e << mbits) | frac_mask,
    };
    // The largest finite encoding (without sign).
    let max_finite = match special {
        Special::Ieee => ((max_e - 1) << mbits) | frac_mask,
        Special::AllOnesNan | Special::Unsigned => (max_e << mbits) | frac_mask.saturating_sub(1),
        Special::NegZeroNan | Special::None => (max_e << mbits) | frac_mask,
    };
    let overflow = match special {
        Special::Ieee => sign | (max_e << mbits),
        Special::None => sign | max_finite,
        _ => nan,
    };
    if v.is_nan() {
        return nan;
    }
    if v.is_infinite() {
        return overflow;
    }
    if v == 0.0 {
        return if special == Special::NegZeroNan {
            0
        } else {
            sign
        };
    }
    let b = v.abs().to_bits();
    let (exp, sig) = normalize_f64(((b >> 52) & 0x7ff) as i64, (b & ((1 << 52) - 1)) as u128);
    let mut te = exp + bias;
    let shift = if te >= 1 {
        52 - mbits as i64
    } else {
        52 - mbits as i64 + (1 - te)
    };
    if shift >= 54 + 64 {
        return if special == Special::NegZeroNan {
            0
        } else {
            sign
        };
    }
    let shift = shift as u32;
    let (mut mant, rem, half) = if shift >= 128 {
        (0, sig, 1u128 << 127)
    } else {
        (
            sig >> shift,
            sig & ((1u128 << shift) - 1),
            1u128 << (shift - 1),
        )
    };
    if rem > half || (rem == half && mant & 1 == 1) {
        mant += 1;
    }
    let magnitude = if te >= 1 {
        if mant == 1u128 << (mbits + 1) {
            mant >>= 1;
            te += 1;
        }
        if te as u128 > max_e {
            return overflow;
        }
        ((te as u128) << mbits) | (mant & frac_mask)
    } else {
        mant
    };
    if magnitude > max_finite {
        return overflow;
    }
    if magnitude == 0 && special == Special::NegZeroNan {
        return 0;
    }
    sign | magnitude
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_rounding() {
        assert_eq!(f64_to_format_bits(FloatKind::F16, 1.0), 0x3c00);
        assert_eq!(f64_to_format_bits(FloatKind::F16, -2.0), 0xc000);
        assert_eq!(f64_to_format_bits(FloatKind::F16, 65504.0), 0x7bff);
        assert_eq!(f64_to_format_bits(FloatKind::F16, 1e6), 0x7c00);
        assert_eq!(
            f64_to_format_bits(FloatKind::F16, 5.960464477539063e-8),
            0x0001
        );
        assert_eq!(f64_to_format_bits(FloatKind::BF16, 1.0), 0x3f80);
        assert_eq!(f64_to_format_bits(FloatKind::BF16, 3.140625), 0x4049);
        assert_eq!(f64_to_format_bits(FloatKind::F128, 1.0), 0x3fffu128 << 112);
        assert_eq!(
            f64_to_format_bits(FloatKind::F80, 1.0),
            (0x3fffu128 << 64) | (1u128 << 63)
        );
        assert_eq!(
            float_text_to_bits(FloatKind::F32, "0.1", false),
            Some(0.1f32.to_bits() as u128)
        );
    }
}
