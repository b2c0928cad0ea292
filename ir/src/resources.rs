//! File-metadata resources (`{-# external_resources: {...} #-}`): the entries mlir-opt's
//! fallback resource map keeps for groups that no handler claims, and their text as
//! mlir-opt prints them after the top-level op.
//!
//! Invariants: a blob holds its 4-byte little-endian alignment (0 or a power of two)
//! followed by its data, exactly the bytes its `"0x..."` text encodes; groups keep the
//! order in which they first appear, entries their order of appearance (a repeated key
//! is kept twice, as mlir-opt does). `builtin` dialect resources (`dense_resource` blobs)
//! are validated by the parser but not kept: Lattice has no `dense_resource` attribute
//! to refer to them, and mlir-opt prints only the resources that something refers to.

use crate::printer::{escape_into, is_bare_identifier};

/// The value of one resource entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ResourceValue {
    /// `"0x<alignment><data>"`: the bytes, alignment included.
    Blob(Vec<u8>),
    /// `true` / `false`.
    Bool(bool),
    /// A string (the bytes it denotes).
    String(Vec<u8>),
}

/// One `name: { key: value, ... }` group of `external_resources`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ResourceGroup {
    pub name: String,
    pub entries: Vec<(String, ResourceValue)>,
}

/// Adds `key: value` to group `name` of `groups` (creating the group at the end).
pub fn add_entry(groups: &mut Vec<ResourceGroup>, name: &str, key: String, value: ResourceValue) {
    match groups.iter_mut().find(|g| g.name == name) {
        Some(g) => g.entries.push((key, value)),
        None => groups.push(ResourceGroup {
            name: name.to_string(),
            entries: vec![(key, value)],
        }),
    }
}

/// Decodes the body of a blob string (the text between the quotes): `0x` and an even
/// number of hex digits. `None` when it is not one (MLIR's `getHexStringValue`).
pub fn decode_hex_blob(body: &str) -> Option<Vec<u8>> {
    let hex = body.strip_prefix("0x")?.as_bytes();
    if hex.len() % 2 != 0 {
        return None;
    }
    hex.chunks(2)
        .map(|pair| {
            let digit = |c: u8| (c as char).to_digit(16);
            Some((digit(pair[0])? * 16 + digit(pair[1])?) as u8)
        })
        .collect()
}

/// The alignment a blob encodes in its first 4 bytes (little endian), `None` when it has
/// fewer than 4 bytes.
pub fn blob_alignment(bytes: &[u8]) -> Option<u32> {
    let head: [u8; 4] = bytes.get(..4)?.try_into().ok()?;
    Some(u32::from_le_bytes(head))
}

/// A key as mlir-opt prints it: bare when it is an identifier, else a quoted string.
fn write_key(out: &mut String, key: &str) {
    if is_bare_identifier(key) {
        out.push_str(key);
    } else {
        out.push('"');
        escape_into(out, key.as_bytes());
        out.push('"');
    }
}

fn write_value(out: &mut String, value: &ResourceValue) {
    match value {
        ResourceValue::Blob(bytes) => {
            out.push_str("\"0x");
            for b in bytes {
                out.push_str(&format!("{b:02X}"));
            }
            out.push('"');
        }
        ResourceValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ResourceValue::String(bytes) => {
            out.push('"');
            escape_into(out, bytes);
            out.push('"');
        }
    }
}

/// The file-metadata section mlir-opt prints after the top-level op (a leading blank
/// line, `{-#`, the non-empty groups, `#-}` and a newline); empty when no group has an
/// entry.
pub fn file_metadata_text(groups: &[ResourceGroup]) -> String {
    let groups: Vec<&ResourceGroup> = groups.iter().filter(|g| !g.entries.is_empty()).collect();
    if groups.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n{-#\n  external_resources: {\n");
    for (gi, g) in groups.iter().enumerate() {
        out.push_str("    ");
        write_key(&mut out, &g.name);
        out.push_str(": {\n");
        for (ei, (key, value)) in g.entries.iter().enumerate() {
            out.push_str("      ");
            write_key(&mut out, key);
            out.push_str(": ");
            write_value(&mut out, value);
            out.push_str(if ei + 1 < g.entries.len() {
                ",\n"
            } else {
                "\n"
            });
        }
        out.push_str(if gi + 1 < groups.len() {
            "    },\n"
        } else {
            "    }\n"
        });
    }
    out.push_str("  }\n#-}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn hex_blobs() {
        assert_eq!(
            decode_hex_blob("0x04000000aB"),
            Some(vec![4, 0, 0, 0, 0xab])
        );
        assert_eq!(decode_hex_blob("0x"), Some(vec![]));
        assert_eq!(decode_hex_blob("0x123"), None);
        assert_eq!(decode_hex_blob("0xZZ"), None);
        assert_eq!(decode_hex_blob("abc"), None);
        assert_eq!(blob_alignment(&[8, 0, 0, 0, 1]), Some(8));
        assert_eq!(blob_alignment(&[8, 0]), None);
    }

    #[test]
    fn metadata_text() {
        let mut groups = Vec::new();
        add_entry(
            &mut groups,
            "foo",
            "x".into(),
            ResourceValue::String(b"s\"".to_vec()),
        );
        add_entry(&mut groups, "bar", "a b".into(), ResourceValue::Bool(true));
        add_entry(
            &mut groups,
            "foo",
            "y".into(),
            ResourceValue::Blob(vec![4, 0, 0, 0, 0xab]),
        );
        expect![[r#"

            {-#
              external_resources: {
                foo: {
                  x: "s\22",
                  y: "0x04000000AB"
                },
                bar: {
                  "a b": true
                }
              }
            #-}
        "#]]
        .assert_eq(&file_metadata_text(&groups));
        assert_eq!(file_metadata_text(&[]), "");
    }
}
