//! Type parsing: builtin types (integers, floats, `index`, `none`, `complex`, `tuple`,
//! function types, `vector`, `tensor`, `memref`), dialect types kept as text, `!alias`
//! references; plus [`type_to_string`], a small MLIR-syntax type printer for messages.
//!
//! Invariants: dimension lists are split at each `x` by re-lexing right after it (as MLIR
//! does), so `4x?x8xf32` never depends on how the lexer grouped it.

use super::lexer::TokKind;
use super::{PResult, Parser};
use crate::attrs::{Attr, AttrData};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeData, DYNAMIC};

/// Which shaped or complex type an element type belongs to.
#[derive(Clone, Copy)]
enum ElementOf {
    Complex,
    Vector,
    Tensor,
    MemRef,
}

/// Largest integer type width MLIR accepts.
const MAX_INT_WIDTH: u64 = 16_777_215;

/// Dialects without op definitions here whose types and attributes Lattice keeps as
/// opaque text (mlir-opt registers them): accepted without `--allow-unregistered-dialect`.
const OPAQUE_DIALECTS: &[&str] = &["llvm", "nvvm", "rocdl", "dlti", "ptr"];

impl Parser<'_> {
    pub(crate) fn parse_optional_type_impl(&mut self) -> PResult<Option<Type>> {
        match self.kind() {
            TokKind::Punct("(") => {
                let (inputs, results) = self.parse_function_type()?;
                Ok(Some(self.ctx().function_type(inputs, results)))
            }
            TokKind::BangId => self.parse_bang_type().map(Some),
            TokKind::BareId => self.parse_keyword_type(),
            _ => Ok(None),
        }
    }

    /// The results after `->`: one non-function type or a parenthesized list.
    pub(crate) fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.is_punct("(") {
            self.parse_paren_type_list()
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    fn parse_bang_type(&mut self) -> PResult<Type> {
        let name = &self.tok_text()[1..];
        let start = self.tok().start as usize;
        let end = self.tok().end as usize;
        self.bump();
        let adjacent_angle = self.is_punct("<") && self.tok().start as usize == end;
        if !name.contains('.') && !adjacent_angle {
            return match self.inner.type_aliases.get(name) {
                Some(&t) => Ok(t),
                None => Err(self.error_here(format!("undefined symbol alias id '{name}'"))),
            };
        }
        let mut text = name.to_string();
        if adjacent_angle {
            text.push_str(self.take_balanced_body()?);
        }
        self.check_dialect_registered(&text, start, '!')?;
        Ok(self.ctx().ty(TypeData::Dialect(text)))
    }

    /// Refuses the dialect type or attribute `text` (`dialect.body` or `dialect<body>`,
    /// written at offset `start` with sigil `sigil`) of a dialect that is not registered,
    /// unless unregistered dialects are allowed; mlir-opt's message and location (the
    /// body after the `.`, or the sigil for the `<...>` form).
    pub(crate) fn check_dialect_registered(
        &self,
        text: &str,
        start: usize,
        sigil: char,
    ) -> PResult<()> {
        let cut = text.find(['.', '<']).unwrap_or(text.len());
        let dialect = &text[..cut];
        if self.ctx().allow_unregistered_dialects
            || self.ctx().is_dialect_registered(dialect)
            || OPAQUE_DIALECTS.contains(&dialect)
        {
            return Ok(());
        }
        let (body, at) = match text[cut..].strip_prefix('.') {
            Some(body) => (body, start + 1 + cut + 1),
            None => {
                let rest = &text[cut..];
                (
                    rest.get(1..rest.len().saturating_sub(1)).unwrap_or(""),
                    start,
                )
            }
        };
        let what = if sigil == '!' {
            format!("`!\"{dialect}\"<\"{body}\">` type")
        } else {
            format!("#\"{dialect}\"<\"{body}\"> : 'none' attribute")
        };
        Err(self.error_at(
            crate::diag::Span::new(at, at + 1),
            format!("{what} created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"),
        ))
    }

    /// At a `<` token: consumes the text up to its matching `>` (balanced over `<>()[]{}`,
    /// skipping string literals and `->`) and returns it including the delimiters.
    pub(crate) fn take_balanced_body(&mut self) -> PResult<&str> {
        let start = self.tok().start as usize;
        let b = self.text.as_bytes();
        // Unclosed openers with their offsets.
        let mut stack: Vec<(u8, usize)> = Vec::new();
        // MLIR reports the innermost unbalanced character at the body's opening `<`.
        let unbalanced = |p: &Self, (c, _): (u8, usize)| {
            p.error_at(
                crate::diag::Span::new(start, start + 1),
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    c as char
                ),
            )
        };
        let mut i = start;
        while i < b.len() {
            let c = b[i];
            match c {
                b'<' | b'(' | b'[' | b'{' => stack.push((c, i)),
                b'-' if b.get(i + 1) == Some(&b'>') => {
                    i += 2;
                    continue;
                }
                b'>' | b')' | b']' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    match stack.pop() {
                        Some((o, _)) if o == open => {}
                        Some(top) => return Err(unbalanced(self, top)),
                        None => return Err(unbalanced(self, (c, i))),
                    }
                    if stack.is_empty() {
                        let text = &self.text[start..=i];
                        self.reset_to(i + 1);
                        return Ok(text);
                    }
                }
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        if b[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let top = stack.last().copied().unwrap_or((b'<', start));
        Err(unbalanced(self, top))
    }

    fn parse_keyword_type(&mut self) -> PResult<Option<Type>> {
        let text = self.tok_text();
        let span = self.current_span();
        let ctx = self.ir.ctx();
        let simple = match text {
            "index" => Some(ctx.index_type()),
            "none" => Some(ctx.none_type()),
            _ => FloatKind::from_keyword(text).map(|k| ctx.float_type(k)),
        };
        if let Some(t) = simple {
            self.bump();
            return Ok(Some(t));
        }
        let (sign, digits) = if let Some(d) = text.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = text.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = text.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            (Signedness::Signless, "")
        };
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            // As MLIR: a width that does not fit 32 bits is invalid, a wider one than
            // `MAX_INT_WIDTH` is over the limit.
            let Ok(width) = digits.parse::<u32>() else {
                return Err(self.error_at(span, "invalid integer width"));
            };
            let width = u64::from(width);
            if width > MAX_INT_WIDTH {
                return Err(self.error_at(
                    span,
                    format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits"),
                ));
            }
            self.bump();
            return Ok(Some(self.ctx().ty(TypeData::Integer {
                width: width as u32,
                signedness: sign,
            })));
        }
        match text {
            "complex" => {
                self.bump();
                self.expect_msg("<", "expected '<' in complex type")?;
                let el = self.parse_element_type(ElementOf::Complex, span)?;
                self.expect_msg(">", "expected '>' in complex type")?;
                Ok(Some(self.ctx().ty(TypeData::Complex(el))))
            }
            "tuple" => {
                self.bump();
                self.expect_msg("<", "expected '<' in tuple type")?;
                let mut els = Vec::new();
                if !self.is_punct(">") {
                    els = self.parse_type_list()?;
                }
                self.expect_msg(">", "expected '>' in tuple type")?;
                Ok(Some(self.ctx().ty(TypeData::Tuple(els))))
            }
            "vector" => {
                self.bump();
                self.expect_msg("<", "expected '<' in vector type")?;
                let (shape, scalable) = self.parse_dimension_list(true, false)?;
                if shape.iter().any(|&d| d <= 0) {
                    let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
                    return Err(self.error_at(
                        span,
                        format!(
                            "vector types must have positive constant sizes but got {}",
                            sizes.join(", ")
                        ),
                    ));
                }
                let el = self.parse_element_type(ElementOf::Vector, span)?;
                self.expect_msg(">", "expected '>' in vector type")?;
                Ok(Some(self.ctx().ty(TypeData::Vector {
                    shape,
                    scalable,
                    element: el,
                })))
            }
            "tensor" => {
                self.bump();
                self.expect_msg("<", "expected '<' in tensor type")?;
                if self.eat("*") {
                    self.eat_x()?;
                    let el = self.parse_element_type(ElementOf::Tensor, span)?;
                    self.expect_msg(">", "expected '>' in tensor type")?;
                    return Ok(Some(
                        self.ctx().ty(TypeData::UnrankedTensor { element: el }),
                    ));
                }
                let (shape, _) = self.parse_dimension_list(false, true)?;
                let el = self.parse_element_type(ElementOf::Tensor, span)?;
                let encoding = if self.eat(",") {
                    Some(self.parse_attribute(None)?)
                } else {
                    None
                };
                self.expect_msg(">", "expected '>' in tensor type")?;
                Ok(Some(self.ctx().ty(TypeData::RankedTensor {
                    shape,
                    element: el,
                    encoding,
                })))
            }
            "memref" => {
                self.bump();
                self.expect_msg("<", "expected '<' in memref type")?;
                if self.eat("*") {
                    self.eat_x()?;
                    let el = self.parse_element_type(ElementOf::MemRef, span)?;
                    let memory_space = if self.eat(",") {
                        Some(self.parse_attribute(None)?)
                    } else {
                        None
                    };
                    self.expect_msg(">", "expected ',' or '>' in memref type")?;
                    self.check_memory_space(memory_space, span)?;
                    let memory_space = self.skip_default_memory_space(memory_space);
                    return Ok(Some(self.ctx().ty(TypeData::UnrankedMemRef {
                        element: el,
                        memory_space,
                    })));
                }
                let (shape, _) = self.parse_dimension_list(false, true)?;
                let el = self.parse_element_type(ElementOf::MemRef, span)?;
                let mut layout = None;
                let mut memory_space = None;
                let mut first = true;
                while self.eat(",") {
                    // MLIR parses the list after the element type as a non-empty list.
                    if std::mem::take(&mut first) && self.is_punct(">") {
                        return Err(self.error_here("expected list element"));
                    }
                    let span = self.current_span();
                    let a = self.parse_attribute(None)?;
                    let after = self.current_span();
                    let is_layout = matches!(
                        self.ctx().attr_data(a),
                        AttrData::AffineMap(_) | AttrData::Strided { .. }
                    );
                    if memory_space.is_some() {
                        let message = if is_layout {
                            "expected memory space to be last in memref type"
                        } else {
                            "multiple memory spaces specified in memref type"
                        };
                        return Err(self.error_at(after, message));
                    }
                    if is_layout && layout.is_none() {
                        layout = Some(a);
                    } else if is_layout {
                        return Err(self.error_at(span, "multiple layouts in memref type"));
                    } else {
                        memory_space = Some(a);
                    }
                }
                self.expect_msg(">", "expected ',' or '>' in memref type")?;
                self.check_memref_layout(layout, shape.len(), span)?;
                self.check_memory_space(memory_space, span)?;
                let memory_space = self.skip_default_memory_space(memory_space);
                // The identity layout is the default and is not stored.
                if let Some(l) = layout {
                    if let AttrData::AffineMap(m) = self.ctx().attr_data(l) {
                        let d = self.ctx().map_data(*m);
                        if d.num_symbols == 0
                            && d.num_dims as usize == shape.len()
                            && d.results
                                .iter()
                                .enumerate()
                                .all(|(i, &e)| e == self.ctx().dim_expr(i as u32))
                        {
                            layout = None;
                        }
                    }
                }
                Ok(Some(self.ctx().ty(TypeData::MemRef {
                    shape,
                    element: el,
                    layout,
                    memory_space,
                })))
            }
            _ => Ok(None),
        }
    }

    /// MLIR's layout check of a ranked memref: an affine map takes one dimension per
    /// memref dimension, a strided layout one stride per dimension.
    fn check_memref_layout(
        &self,
        layout: Option<Attr>,
        rank: usize,
        keyword: crate::diag::Span,
    ) -> PResult<()> {
        let Some(layout) = layout else {
            return Ok(());
        };
        match self.ctx().attr_data(layout) {
            AttrData::AffineMap(m) => {
                let dims = self.ctx().map_data(*m).num_dims as usize;
                if dims != rank {
                    let message = format!(
                        "memref layout mismatch between rank and affine map: {rank} != {dims}"
                    );
                    return Err(self.error_at(keyword, message));
                }
            }
            AttrData::Strided { strides, .. } if strides.len() != rank => {
                let message = "expected the number of strides to match the rank";
                return Err(self.error_at(keyword, message));
            }
            _ => {}
        }
        Ok(())
    }

    /// The integer memory space 0 is the default one, not stored (MLIR's
    /// `skipDefaultMemorySpace`): `memref<4xf32, 0>` is `memref<4xf32>`.
    fn skip_default_memory_space(&self, space: Option<Attr>) -> Option<Attr> {
        space.filter(|&a| !matches!(self.ctx().attr_data(a), AttrData::Integer { value: 0, .. }))
    }

    /// MLIR's supported memory spaces: an integer, a string, a dictionary or a dialect's
    /// attribute (other builtin attributes are refused).
    fn check_memory_space(&self, space: Option<Attr>, keyword: crate::diag::Span) -> PResult<()> {
        let Some(space) = space else {
            return Ok(());
        };
        match self.ctx().attr_data(space) {
            AttrData::Integer { .. }
            | AttrData::String(_)
            | AttrData::Dictionary(_)
            | AttrData::Dialect(_) => Ok(()),
            _ => Err(self.error_at(keyword, "unsupported memory space Attribute")),
        }
    }

    /// The element type of a `complex`, `vector`, `tensor` or `memref` type, checked as
    /// MLIR checks it (`keyword` is the span of the type's keyword).
    fn parse_element_type(&mut self, of: ElementOf, keyword: crate::diag::Span) -> PResult<Type> {
        let span = self.current_span();
        let el = self.parse_type()?;
        let data = self.ctx().type_data(el);
        let scalar = matches!(
            data,
            TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
        );
        let dialect = matches!(data, TypeData::Dialect(_));
        match of {
            ElementOf::Complex
                if !matches!(data, TypeData::Integer { .. } | TypeData::Float(_)) =>
            {
                Err(self.error_at(span, "invalid element type for complex"))
            }
            ElementOf::Vector if !scalar && !dialect => Err(self.error_at(
                keyword,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            )),
            ElementOf::Tensor
                if !scalar
                    && !dialect
                    && !matches!(data, TypeData::Complex(_) | TypeData::Vector { .. }) =>
            {
                Err(self.error_at(span, "invalid tensor element type"))
            }
            ElementOf::MemRef
                if !scalar
                    && !dialect
                    && !matches!(
                        data,
                        TypeData::Complex(_)
                            | TypeData::Vector { .. }
                            | TypeData::MemRef { .. }
                            | TypeData::UnrankedMemRef { .. }
                    ) =>
            {
                Err(self.error_at(span, "invalid memref element type"))
            }
            _ => Ok(el),
        }
    }

    /// Consumes the `x` after a dimension (possibly the start of a bare identifier such as
    /// `xf32`, in which case the lexer restarts right after the `x`).
    fn eat_x(&mut self) -> PResult<()> {
        if self.kind() == TokKind::BareId && self.tok_text().starts_with('x') {
            let pos = self.tok().start as usize + 1;
            self.reset_to(pos);
            Ok(())
        } else {
            Err(self.expected("'x' in dimension list"))
        }
    }

    /// `4x?x[8]x` (the trailing `x` consumed); stops before the element type.
    fn parse_dimension_list(
        &mut self,
        allow_scalable: bool,
        allow_dynamic: bool,
    ) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        loop {
            match self.kind() {
                TokKind::Punct("?") if allow_dynamic => {
                    self.bump();
                    shape.push(DYNAMIC);
                    scalable.push(false);
                }
                TokKind::Punct("[") if allow_scalable => {
                    self.bump();
                    let v = self.parse_dim_value()?;
                    self.expect("]")?;
                    shape.push(v);
                    scalable.push(true);
                }
                TokKind::Integer => {
                    let v = self.parse_dim_value()?;
                    shape.push(v);
                    scalable.push(false);
                }
                _ => return Ok((shape, scalable)),
            }
            self.eat_x()?;
        }
    }

    fn parse_dim_value(&mut self) -> PResult<i64> {
        if self.kind() != TokKind::Integer {
            return Err(self.expected("dimension"));
        }
        let text = self.tok_text();
        let span = self.current_span();
        if text.starts_with("0x") {
            // `0x4xf32`: MLIR treats this as dimension 0 followed by `x4xf32`.
            let pos = self.tok().start as usize + 1;
            self.reset_to(pos);
            // Now at a bare identifier `x4xf32`: leave it for eat_x.
            return Ok(0);
        }
        let v = text
            .parse::<i64>()
            .map_err(|_| self.error_at(span, "invalid dimension"))?;
        self.bump();
        Ok(v)
    }
}

/// Writes `ty` in MLIR syntax (for messages; layouts and dialect attributes are written
/// from their stored data as far as this module knows how).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut s = String::new();
    write_type(ctx, ty, &mut s);
    s
}

fn write_dims(shape: &[i64], scalable: Option<&[bool]>, out: &mut String) {
    for (i, &d) in shape.iter().enumerate() {
        let sc = scalable.is_some_and(|s| s.get(i).copied().unwrap_or(false));
        if sc {
            out.push('[');
        }
        if d == DYNAMIC {
            out.push('?');
        } else {
            out.push_str(&d.to_string());
        }
        if sc {
            out.push(']');
        }
        out.push('x');
    }
}

fn write_type(ctx: &Context, ty: Type, out: &mut String) {
    match ctx.type_data(ty) {
        TypeData::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            out.push_str(&width.to_string());
        }
        TypeData::Index => out.push_str("index"),
        TypeData::Float(k) => out.push_str(k.keyword()),
        TypeData::None => out.push_str("none"),
        TypeData::Complex(t) => {
            out.push_str("complex<");
            write_type(ctx, *t, out);
            out.push('>');
        }
        TypeData::Tuple(ts) => {
            out.push_str("tuple<");
            write_list(ctx, ts, out);
            out.push('>');
        }
        TypeData::Function { inputs, results } => {
            out.push('(');
            write_list(ctx, inputs, out);
            out.push_str(") -> ");
            let paren = results.len() != 1
                || matches!(ctx.type_data(results[0]), TypeData::Function { .. });
            if paren {
                out.push('(');
            }
            write_list(ctx, results, out);
            if paren {
                out.push(')');
            }
        }
        TypeData::Vector {
            shape,
            scalable,
            element,
        } => {
            out.push_str("vector<");
            write_dims(shape, Some(scalable), out);
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeData::RankedTensor {
            shape,
            element,
            encoding,
        } => {
            out.push_str("tensor<");
            write_dims(shape, None, out);
            write_type(ctx, *element, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr_brief(ctx, *e, out);
            }
            out.push('>');
        }
        TypeData::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeData::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => {
            out.push_str("memref<");
            write_dims(shape, None, out);
            write_type(ctx, *element, out);
            for a in [layout, memory_space].into_iter().flatten() {
                out.push_str(", ");
                write_attr_brief(ctx, *a, out);
            }
            out.push('>');
        }
        TypeData::UnrankedMemRef {
            element,
            memory_space,
        } => {
            out.push_str("memref<*x");
            write_type(ctx, *element, out);
            if let Some(a) = memory_space {
                out.push_str(", ");
                write_attr_brief(ctx, *a, out);
            }
            out.push('>');
        }
        TypeData::Dialect(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

fn write_list(ctx: &Context, ts: &[Type], out: &mut String) {
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, t, out);
    }
}

/// Attributes inside types, briefly (integers, strided layouts, dialect text).
fn write_attr_brief(ctx: &Context, a: crate::attrs::Attr, out: &mut String) {
    match ctx.attr_data(a) {
        AttrData::Integer { value, .. } => out.push_str(&value.to_string()),
        AttrData::Dialect(t) => {
            out.push('#');
            out.push_str(t);
        }
        AttrData::String(b) => {
            out.push('"');
            out.push_str(&String::from_utf8_lossy(b));
            out.push('"');
        }
        AttrData::Strided { strides, offset } => {
            let f = |v: i64| {
                if v == DYNAMIC {
                    "?".to_string()
                } else {
                    v.to_string()
                }
            };
            out.push_str("strided<[");
            out.push_str(&strides.iter().map(|&s| f(s)).collect::<Vec<_>>().join(", "));
            out.push(']');
            if *offset != 0 {
                out.push_str(", offset: ");
                out.push_str(&f(*offset));
            }
            out.push('>');
        }
        AttrData::AffineMap(m) => {
            out.push_str("affine_map<");
            ctx.write_affine_map(out, *m);
            out.push('>');
        }
        _ => out.push_str("#attr"),
    }
}
