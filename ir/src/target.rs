//! The target machine every cost model reads: cache sizes, the last-level cache's ways
//! and sharers, the vector width and the core count, as one value ([`Machine`]).
//!
//! Invariants: every field is positive; the libraries never detect the host themselves
//! (the CLI fills a `Machine` from sysfs, `LATTICE_MACHINE` or `--machine` and hands it to
//! the pass manager), so the same `Machine` gives the same output on every host.
//! [`Machine::parse`] accepts exactly what [`Machine`]'s `Display` prints, plus the
//! preset names and size suffixes; anything else is an error naming the key.

use std::fmt;

/// A description of the machine the compiler optimizes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Machine {
    /// Level-1 data cache, bytes.
    pub l1_bytes: u64,
    /// Level-2 cache, bytes.
    pub l2_bytes: u64,
    /// Last-level (L3) cache, bytes.
    pub l3_bytes: u64,
    /// Ways of each last-level cache set.
    pub l3_ways: u64,
    /// CPUs sharing the last-level cache.
    pub l3_sharers: u64,
    /// Bytes of one SIMD register (16 SSE/NEON, 32 AVX2, 64 AVX-512).
    pub vector_bytes: u64,
    /// CPUs a parallel loop can use.
    pub cores: u64,
}

/// The preset names [`Machine::preset`] knows, smallest first.
pub const PRESETS: [&str; 3] = ["small", "medium", "large"];

/// The keys of a machine spec, in [`Machine`]'s `Display` order.
pub const KEYS: [&str; 7] = ["l1", "l2", "l3", "l3-ways", "l3-sharers", "vector", "cores"];

/// The form of a spec, for error messages and help texts.
pub const SPEC_FORM: &str = "PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores";

/// A malformed machine spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MachineError {
    /// The spec (or one item of it) is empty.
    #[error("empty machine spec (expected {SPEC_FORM})")]
    Empty,
    /// An empty item between commas.
    #[error("empty item in machine spec '{0}' (expected {SPEC_FORM})")]
    EmptyItem(String),
    /// An item without `=` that is not a preset name.
    #[error("unknown machine preset '{0}' (expected {SPEC_FORM})")]
    UnknownPreset(String),
    /// A preset name after the first item.
    #[error("machine preset '{0}' must come first (expected {SPEC_FORM})")]
    PresetNotFirst(String),
    /// A key [`KEYS`] does not list.
    #[error("unknown machine key '{0}' (expected {SPEC_FORM})")]
    UnknownKey(String),
    /// A key given twice.
    #[error("machine key '{0}' given twice")]
    Duplicate(String),
    /// A value that is not a positive number of the key's form.
    #[error("machine key '{key}': expected {form}, got '{value}'")]
    BadValue {
        key: String,
        value: String,
        form: &'static str,
    },
}

impl Default for Machine {
    /// The reference machine the test suite's expectations are written for (`medium`:
    /// the 2-CPU VM with 32 KiB L1d, 1 MiB L2, a 32 MiB 16-way L3 shared by both CPUs,
    /// AVX-512).
    fn default() -> Machine {
        Machine {
            l1_bytes: 32 << 10,
            l2_bytes: 1 << 20,
            l3_bytes: 32 << 20,
            l3_ways: 16,
            l3_sharers: 2,
            vector_bytes: 64,
            cores: 2,
        }
    }
}

impl Machine {
    /// Architectural vector registers, derived from the vector width: 32 with 64-byte
    /// vectors (AVX-512's zmm0-31), else 16 (SSE's and AVX2's xmm/ymm0-15). Register
    /// tiling sizes its accumulator tile from it.
    pub fn vector_registers(&self) -> u64 {
        if self.vector_bytes >= 64 {
            32
        } else {
            16
        }
    }

    /// The preset named `name` ([`PRESETS`]): `small` (16 KiB L1d, 256 KiB L2, a 2 MiB
    /// 8-way L3 for 2 CPUs, 16-byte vectors), `medium` ([`Machine::default`]), `large`
    /// (48 KiB L1d, 2 MiB L2, a 256 MiB 16-way L3 shared by 64 CPUs, AVX-512, 64 cores).
    pub fn preset(name: &str) -> Option<Machine> {
        match name {
            "small" => Some(Machine {
                l1_bytes: 16 << 10,
                l2_bytes: 256 << 10,
                l3_bytes: 2 << 20,
                l3_ways: 8,
                l3_sharers: 2,
                vector_bytes: 16,
                cores: 2,
            }),
            "medium" => Some(Machine::default()),
            "large" => Some(Machine {
                l1_bytes: 48 << 10,
                l2_bytes: 2 << 20,
                l3_bytes: 256 << 20,
                l3_ways: 16,
                l3_sharers: 64,
                vector_bytes: 64,
                cores: 64,
            }),
            _ => None,
        }
    }

    /// Parses a spec: a preset name optionally followed by `,key=value` overrides, or
    /// only `key=value` pairs over [`Machine::default`] (see [`SPEC_FORM`]).
    pub fn parse(spec: &str) -> Result<Machine, MachineError> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(MachineError::Empty);
        }
        let mut items = spec.split(',').map(str::trim).peekable();
        let mut machine = Machine::default();
        if let Some(first) = items.peek() {
            if !first.contains('=') {
                machine = Machine::preset(first)
                    .ok_or_else(|| MachineError::UnknownPreset(first.to_string()))?;
                items.next();
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for item in items {
            let Some((key, value)) = item.split_once('=') else {
                return Err(if item.is_empty() {
                    MachineError::EmptyItem(spec.to_string())
                } else if Machine::preset(item).is_some() {
                    MachineError::PresetNotFirst(item.to_string())
                } else {
                    MachineError::UnknownPreset(item.to_string())
                });
            };
            let (key, value) = (key.trim(), value.trim());
            if seen.contains(&key) {
                return Err(MachineError::Duplicate(key.to_string()));
            }
            machine.set(key, value)?;
            seen.push(key);
        }
        Ok(machine)
    }

    /// Sets the field `key` names from its text `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), MachineError> {
        let (slot, is_size) = match key {
            "l1" => (&mut self.l1_bytes, true),
            "l2" => (&mut self.l2_bytes, true),
            "l3" => (&mut self.l3_bytes, true),
            "l3-ways" => (&mut self.l3_ways, false),
            "l3-sharers" => (&mut self.l3_sharers, false),
            "vector" => (&mut self.vector_bytes, true),
            "cores" => (&mut self.cores, false),
            _ => return Err(MachineError::UnknownKey(key.to_string())),
        };
        let parsed = if is_size {
            parse_bytes(value)
        } else {
            value.parse::<u64>().ok()
        };
        *slot = parsed.filter(|&v| v > 0).ok_or(MachineError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            form: if is_size {
                "a positive number of bytes (32768, 32K, 48KiB, 2M, 1G)"
            } else {
                "a positive integer"
            },
        })?;
        Ok(())
    }
}

/// `32768`, `32K`, `48KiB`, `2M`, `2MB`, `1G`, `64B` -> bytes (binary multiples);
/// `None` if malformed or overflowing.
pub fn parse_bytes(text: &str) -> Option<u64> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (num, unit) = text.split_at(digits);
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return None,
    };
    num.parse::<u64>().ok()?.checked_mul(1u64 << shift)
}

/// `bytes` with the largest binary suffix that divides it (`32K`, `2M`, `48`).
fn format_bytes(bytes: u64) -> String {
    for (shift, suffix) in [(30, "G"), (20, "M"), (10, "K")] {
        if bytes > 0 && bytes % (1u64 << shift) == 0 {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    bytes.to_string()
}

impl fmt::Display for Machine {
    /// The canonical spec: every key, in [`KEYS`] order (`l1=32K,l2=1M,...`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "l1={},l2={},l3={},l3-ways={},l3-sharers={},vector={},cores={}",
            format_bytes(self.l1_bytes),
            format_bytes(self.l2_bytes),
            format_bytes(self.l3_bytes),
            self.l3_ways,
            self.l3_sharers,
            self.vector_bytes,
            self.cores
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    fn show(spec: &str) -> String {
        match Machine::parse(spec) {
            Ok(m) => m.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn target_presets_print_canonically() {
        let all: Vec<String> = PRESETS
            .iter()
            .map(|p| format!("{p}: {}", show(p)))
            .collect();
        expect![[r#"
            small: l1=16K,l2=256K,l3=2M,l3-ways=8,l3-sharers=2,vector=16,cores=2
            medium: l1=32K,l2=1M,l3=32M,l3-ways=16,l3-sharers=2,vector=64,cores=2
            large: l1=48K,l2=2M,l3=256M,l3-ways=16,l3-sharers=64,vector=64,cores=64"#]]
        .assert_eq(&all.join("\n"));
        assert_eq!(Machine::preset("medium"), Some(Machine::default()));
    }

    #[test]
    fn target_overrides_and_sizes() {
        let out: Vec<String> = [
            "small,l1=48KiB",
            "l3=260M,l3-sharers=48",
            " large , cores = 4 ",
            "l2=1536K,vector=32B",
            "l1=32768,l3=1G",
        ]
        .iter()
        .map(|s| show(s))
        .collect();
        expect![[r#"
            l1=48K,l2=256K,l3=2M,l3-ways=8,l3-sharers=2,vector=16,cores=2
            l1=32K,l2=1M,l3=260M,l3-ways=16,l3-sharers=48,vector=64,cores=2
            l1=48K,l2=2M,l3=256M,l3-ways=16,l3-sharers=64,vector=64,cores=4
            l1=32K,l2=1536K,l3=32M,l3-ways=16,l3-sharers=2,vector=32,cores=2
            l1=32K,l2=1M,l3=1G,l3-ways=16,l3-sharers=2,vector=64,cores=2"#]]
        .assert_eq(&out.join("\n"));
    }

    #[test]
    fn target_display_round_trips() {
        for p in PRESETS {
            let m = Machine::preset(p).unwrap();
            assert_eq!(Machine::parse(&m.to_string()), Ok(m));
        }
        let odd = Machine {
            l1_bytes: 1000,
            ..Machine::default()
        };
        assert_eq!(Machine::parse(&odd.to_string()), Ok(odd));
    }

    #[test]
    fn target_rejects_bad_specs() {
        let out: Vec<String> = [
            "",
            "huge",
            "l1=0",
            "l1=32X",
            "cores=two",
            "cores=4K",
            "l4=1M",
            "small,medium",
            "l1=32K,l1=48K",
            "small,,cores=2",
            "l3=99999999999G",
        ]
        .iter()
        .map(|s| format!("{s:?} -> {}", show(s)))
        .collect();
        expect![[r#"
            "" -> error: empty machine spec (expected PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores)
            "huge" -> error: unknown machine preset 'huge' (expected PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores)
            "l1=0" -> error: machine key 'l1': expected a positive number of bytes (32768, 32K, 48KiB, 2M, 1G), got '0'
            "l1=32X" -> error: machine key 'l1': expected a positive number of bytes (32768, 32K, 48KiB, 2M, 1G), got '32X'
            "cores=two" -> error: machine key 'cores': expected a positive integer, got 'two'
            "cores=4K" -> error: machine key 'cores': expected a positive integer, got '4K'
            "l4=1M" -> error: unknown machine key 'l4' (expected PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores)
            "small,medium" -> error: machine preset 'medium' must come first (expected PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores)
            "l1=32K,l1=48K" -> error: machine key 'l1' given twice
            "small,,cores=2" -> error: empty item in machine spec 'small,,cores=2' (expected PRESET[,KEY=VALUE...] or KEY=VALUE[,...] with PRESET one of small, medium, large and KEY one of l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores)
            "l3=99999999999G" -> error: machine key 'l3': expected a positive number of bytes (32768, 32K, 48KiB, 2M, 1G), got '99999999999G'"#]]
        .assert_eq(&out.join("\n"));
    }
}
