//! File-metadata resources (`{-# dialect_resources: {...}, external_resources: {...} #-}`):
//! the entries mlir-opt's fallback resource map keeps for groups that no handler claims,
//! the `builtin` blobs `dense_resource` attributes refer to, and their text as mlir-opt
//! prints them after the top-level op.
//!
//! Invariants: a blob holds its 4-byte little-endian alignment (0 or a power of two)
//! followed by its data, exactly the bytes its `"0x..."` text encodes; groups keep the
//! order in which they first appear, entries their order of appearance (a repeated
//! external key is kept twice, as mlir-opt does). `builtin` blobs are kept by key in the
//! IR ([`crate::Ir::dialect_resource`]); only those a printed `dense_resource` refers to
//! are printed, in the order of first reference, as mlir-opt does.

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

/// The `builtin` group of `dialect_resources` for the resources `keys` (in that order)
/// that have a blob in `ir`; empty when none has.
pub fn builtin_group(ir: &crate::Ir, keys: &[String]) -> Vec<ResourceGroup> {
    let entries: Vec<(String, ResourceValue)> = keys
        .iter()
        .filter_map(|k| {
            Some((
                k.clone(),
                ResourceValue::Blob(ir.dialect_resource(k)?.to_vec()),
            ))
        })
        .collect();
    if entries.is_empty() {
        return Vec::new();
    }
    vec![ResourceGroup {
        name: "builtin".to_string(),
        entries,
    }]
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

/// The text of one entry's value (what `--mlir-elide-resource-strings-if-larger`
/// measures).
fn value_text(value: &ResourceValue) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

/// The file-metadata section mlir-opt prints after the top-level op (MLIR's
/// `printResourceFileMetadata`): a leading blank line and `{-#` as soon as there is any
/// entry, then `dialect_resources` (`dialect`'s groups) and `external_resources`
/// (`external`'s), each with only its non-empty groups, then `#-}` and a newline; empty
/// when no group has an entry. An entry whose value text is longer than `limit`
/// characters is left out (`--mlir-elide-resource-strings-if-larger`), but still opens
/// the section, as in mlir-opt (`{-#`, a blank line, `#-}` when all are left out).
pub fn file_metadata_text(
    dialect: &[ResourceGroup],
    external: &[ResourceGroup],
    limit: Option<u64>,
) -> String {
    let mut out = String::new();
    let mut opened = false;
    let mut had_section = false;
    for (kind, groups) in [("dialect", dialect), ("external", external)] {
        let mut section_open = false;
        let mut had_group = false;
        for g in groups {
            let mut group_open = false;
            for (key, value) in &g.entries {
                if !std::mem::replace(&mut opened, true) {
                    out.push_str("\n{-#\n");
                }
                let text = value_text(value);
                if limit.is_some_and(|n| text.len() as u64 > n) {
                    continue;
                }
                if !std::mem::replace(&mut section_open, true) {
                    if had_section {
                        out.push_str(",\n");
                    }
                    out.push_str(&format!("  {kind}_resources: {{\n"));
                }
                if std::mem::replace(&mut group_open, true) {
                    out.push_str(",\n");
                } else {
                    if had_group {
                        out.push_str(",\n");
                    }
                    out.push_str("    ");
                    write_key(&mut out, &g.name);
                    out.push_str(": {\n");
                }
                out.push_str("      ");
                write_key(&mut out, key);
                out.push_str(": ");
                out.push_str(&text);
            }
            if group_open {
                had_group = true;
                out.push_str("\n    }");
            }
        }
        if section_open {
            had_section = true;
            out.push_str("\n  }");
        }
    }
    if opened {
        out.push_str("\n#-}\n");
    }
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
        .assert_eq(&file_metadata_text(&[], &groups, None));
        assert_eq!(file_metadata_text(&[], &[], None), "");
    }

    #[test]
    fn metadata_text_elides_long_values() {
        let blob = |bytes: &[u8]| ResourceValue::Blob(bytes.to_vec());
        let mut dialect = Vec::new();
        add_entry(
            &mut dialect,
            "builtin",
            "big".into(),
            blob(&[1, 0, 0, 0, 1, 2, 3, 4]),
        );
        add_entry(&mut dialect, "builtin", "small".into(), blob(&[1, 0, 0, 0]));
        let mut external = Vec::new();
        add_entry(&mut external, "g", "b".into(), ResourceValue::Bool(false));
        add_entry(
            &mut external,
            "h",
            "s".into(),
            ResourceValue::String(b"a longer text".to_vec()),
        );
        // `"0x01000000"` is 12 characters, `false` 5, `"a longer text"` 15.
        expect![[r#"

            {-#
              dialect_resources: {
                builtin: {
                  small: "0x01000000"
                }
              },
              external_resources: {
                g: {
                  b: false
                }
              }
            #-}
        "#]]
        .assert_eq(&file_metadata_text(&dialect, &external, Some(10 + 2)));
        expect![[r#"

            {-#
              external_resources: {
                g: {
                  b: false
                }
              }
            #-}
        "#]]
        .assert_eq(&file_metadata_text(&dialect, &external, Some(5)));
        assert_eq!(
            file_metadata_text(&dialect, &external, Some(4)),
            "\n{-#\n\n#-}\n"
        );
        assert_eq!(file_metadata_text(&[], &[], Some(0)), "");
    }
}
