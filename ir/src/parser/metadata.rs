//! The file-metadata dictionary `{-# key: value, ... #-}` (MLIR's
//! `parseFileMetadataDictionary`), with mlir-opt 22's messages and locations:
//! `dialect_resources` are checked (only the builtin dialect has a resource handler; its
//! entries must be hex blobs whose first 4 bytes encode a power-of-two alignment) and
//! kept in the IR by key ([`Ir::set_dialect_resource`], for `dense_resource<key>`), and
//! `external_resources` are kept in the IR ([`Ir::add_external_resource`]) to be printed
//! back, as mlir-opt's fallback resource map keeps them.
//!
//! Invariants: each entry's value is exactly one token, as in MLIR; a blob's text is
//! its raw spelling (escapes are not decoded); a repeated `dialect_resources` key keeps
//! its last blob (see [`crate::resources`]).
//!
//! [`Ir::set_dialect_resource`]: crate::Ir::set_dialect_resource
//! [`Ir::add_external_resource`]: crate::Ir::add_external_resource

use super::lexer::TokKind;
use super::{PResult, Parser};
use crate::diag::Span;
use crate::resources::{blob_alignment, decode_hex_blob, ResourceValue};

/// The group handler of a resource section.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Dialect,
    External,
}

/// One consumed value token: its kind, span and raw text.
struct ValueToken<'t> {
    kind: TokKind,
    span: Span,
    text: &'t str,
}

impl<'t> ValueToken<'t> {
    /// The bytes of a hex blob, with mlir-opt's diagnostics for `key`.
    fn blob(&self, p: &Parser<'_>, key: &str) -> PResult<Vec<u8>> {
        let body = (self.kind == TokKind::String && self.text.len() >= 2)
            .then(|| &self.text[1..self.text.len() - 1]);
        let expected = format!("expected hex string blob for key '{key}'");
        let Some(bytes) = body.and_then(decode_hex_blob) else {
            return Err(p.error_at(self.span, expected));
        };
        match blob_alignment(&bytes) {
            None => Err(p.error_at(
                self.span,
                format!("{expected} to encode alignment in first 4 bytes"),
            )),
            Some(a) if a != 0 && !a.is_power_of_two() => Err(p.error_at(
                self.span,
                format!(
                    "{expected} to encode alignment in first 4 bytes, but got non-power-of-2 value: {a}"
                ),
            )),
            Some(_) => Ok(bytes),
        }
    }

    /// An external resource value: a bool, a blob (`"0x...`) or a string.
    fn external_value(&self, p: &Parser<'_>, key: &str) -> PResult<ResourceValue> {
        match (self.kind, self.text) {
            (TokKind::BareId, "true") => Ok(ResourceValue::Bool(true)),
            (TokKind::BareId, "false") => Ok(ResourceValue::Bool(false)),
            _ if self.text.starts_with("\"0x") => self.blob(p, key).map(ResourceValue::Blob),
            (TokKind::String, _) => Ok(ResourceValue::String(super::lexer::unescape(self.text))),
            _ => Err(p.error_at(self.span, format!("expected string value for key '{key}'"))),
        }
    }
}

impl<'a> Parser<'a> {
    /// An error at the current token, or, at the end of the input, at its last character
    /// (MLIR's `Parser::emitError(message)`).
    fn error_at_token(&self, message: impl Into<String>) -> crate::diag::Diagnostic {
        let mut span = self.current_span();
        if self.kind() == TokKind::Eof && span.start > 0 {
            let mut start = span.start as usize - 1;
            while !self.text.is_char_boundary(start) {
                start -= 1;
            }
            span = Span {
                start: start as u32,
                end: span.start,
            };
        }
        self.error_at(span, message)
    }

    /// `{-# entry (, entry)* #-}` at the current `{-#`.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump(); // `{-#`
        self.comma_list_until("#-}", |p| p.parse_metadata_entry())
    }

    /// MLIR's `parseCommaSeparatedListUntil`: `close` at once, or elements separated by
    /// `,` and then `close`.
    fn comma_list_until(
        &mut self,
        close: &str,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            element(self)?;
            if !self.eat(",") {
                break;
            }
        }
        self.expect_msg(close, &format!("expected ',' or '{close}'"))
    }

    /// `dialect_resources: {...}` or `external_resources: {...}`.
    fn parse_metadata_entry(&mut self) -> PResult<()> {
        let key_span = self.current_span();
        let Some(key) = self.parse_optional_keyword() else {
            return Err(self.error_at_token("expected identifier key in file metadata dictionary"));
        };
        self.expect_msg(":", "expected ':'")?;
        let section = match key.as_str() {
            "dialect_resources" => Section::Dialect,
            "external_resources" => Section::External,
            _ => {
                return Err(self.error_at(
                    key_span,
                    format!("unknown key '{key}' in file metadata dictionary"),
                ))
            }
        };
        self.expect_msg("{", "expected '{'")?;
        self.comma_list_until("}", |p| p.parse_resource_group(section))
    }

    /// `name: { key: value, ... }`.
    fn parse_resource_group(&mut self, section: Section) -> PResult<()> {
        let name_span = self.current_span();
        let Some(name) = self.parse_optional_keyword() else {
            return Err(self.error_at_token("expected identifier key for 'resource' entry"));
        };
        self.expect_msg(":", "expected ':'")?;
        self.expect_msg("{", "expected '{'")?;
        if section == Section::Dialect {
            if !self.ctx().is_dialect_registered(&name) {
                return Err(self.error_at(name_span, format!("dialect '{name}' is unknown")));
            }
            if name != "builtin" {
                return Err(self.error_at_token(format!(
                    "unexpected 'resource' section for dialect '{name}'"
                )));
            }
        }
        self.comma_list_until("}", |p| p.parse_resource_entry(section, &name))
    }

    /// A resource key: a bare identifier or a string (MLIR's
    /// `parseOptionalKeywordOrString`), `None` (nothing consumed) otherwise.
    fn parse_optional_resource_key(&mut self) -> Option<String> {
        let key = match self.kind() {
            TokKind::BareId => self.tok_text().to_string(),
            TokKind::String => {
                String::from_utf8_lossy(&super::lexer::unescape(self.tok_text())).into_owned()
            }
            _ => return None,
        };
        self.bump();
        Some(key)
    }

    /// The key of a `builtin` resource handle (`dense_resource<key>` or a
    /// `dialect_resources` entry), with MLIR's `parseResourceHandle` message.
    pub(crate) fn parse_resource_key(&mut self) -> PResult<String> {
        self.parse_optional_resource_key()
            .ok_or_else(|| self.error_at_token("expected identifier key for 'resource' entry"))
    }

    /// `key: value` of group `group`.
    fn parse_resource_entry(&mut self, section: Section, group: &str) -> PResult<()> {
        let key = match section {
            Section::Dialect => self.parse_resource_key()?,
            Section::External => self.parse_optional_resource_key().ok_or_else(|| {
                self.error_at_token("expected identifier key for 'external_resources' entry")
            })?,
        };
        self.expect_msg(":", "expected ':'")?;
        let value = ValueToken {
            kind: self.kind(),
            span: self.current_span(),
            text: self.tok_text(),
        };
        self.bump();
        match section {
            Section::Dialect => {
                let blob = value.blob(self, &key)?;
                self.ir.set_dialect_resource(key, blob);
                Ok(())
            }
            Section::External => {
                let v = value.external_value(self, &key)?;
                self.ir.add_external_resource(group, key, v);
                Ok(())
            }
        }
    }
}
