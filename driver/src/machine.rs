//! The target machine of a `lattice` command: the host as detected (sysfs caches of
//! cpu0, the CPU's vector features, the online cores), replaced by `LATTICE_MACHINE=SPEC`,
//! replaced by `--machine=SPEC` (the spec syntax of [`Machine::parse`]).
//!
//! Invariants: only the CLI detects the host; the libraries get the result through
//! `RunOptions::machine`. A malformed spec is an error naming where it came from (the
//! flag or the variable), never silently replaced by the host's values.

use lattice_ir::target::{parse_bytes, Machine};
use std::path::Path;

/// The environment variable that pins the machine for every command.
pub const ENV: &str = "LATTICE_MACHINE";

/// The help of `--machine` (every command that runs passes takes it).
pub const FLAG_HELP: &str = "The machine the passes' cost models (tile sizes, time tiling) optimize for: small, medium or large, optionally followed by ,KEY=VALUE overrides, or only KEY=VALUE pairs over medium; keys l1, l2, l3 (bytes: 32768, 32K, 48KiB, 2M), l3-ways, l3-sharers, vector (bytes), cores. Default: $LATTICE_MACHINE, else the host's (sysfs caches, CPU vector features, online cores). A pass's own options (cache-size=, l3-ways=, ...) override it";

/// Where the effective machine came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Env,
    Host,
}

/// The machine a command targets: `flag` (the value of `--machine`) if given, else
/// `$LATTICE_MACHINE` if set, else the detected host.
pub fn resolve(flag: Option<&str>) -> Result<(Machine, Source), String> {
    if let Some(spec) = flag {
        return Machine::parse(spec)
            .map(|m| (m, Source::Flag))
            .map_err(|e| format!("--machine: {e}"));
    }
    match std::env::var(ENV) {
        Ok(spec) => Machine::parse(&spec)
            .map(|m| (m, Source::Env))
            .map_err(|e| format!("{ENV}: {e}")),
        Err(std::env::VarError::NotUnicode(_)) => Err(format!("{ENV}: not valid UTF-8")),
        Err(std::env::VarError::NotPresent) => Ok((detect_host(), Source::Host)),
    }
}

/// The host: caches from sysfs, vector width from the CPU features, the online cores;
/// what cannot be read keeps [`Machine::default`]'s value.
pub fn detect_host() -> Machine {
    let mut m = from_sysfs(
        Path::new("/sys/devices/system/cpu/cpu0/cache"),
        Machine::default(),
    );
    m.vector_bytes = host_vector_bytes();
    m.cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    m
}

/// Bytes of the widest SIMD register the host CPU has (64 AVX-512, 32 AVX2, else 16).
fn host_vector_bytes() -> u64 {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return 32;
        }
    }
    16
}

/// `base` (a sysfs `cpu0/cache` directory) read over `m`: `index*/{level,type,size}` give
/// L1 data, L2 and L3 sizes; the highest level's `ways_of_associativity` and
/// `shared_cpu_list` give the last-level ways and sharers.
pub fn from_sysfs(base: &Path, mut m: Machine) -> Machine {
    let mut highest = 0;
    for i in 0..8 {
        let dir = base.join(format!("index{i}"));
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
        let Some(level) = read("level").and_then(|l| l.trim().parse::<u32>().ok()) else {
            continue;
        };
        if read("type").is_some_and(|t| t.trim() == "Instruction") {
            continue;
        }
        let size = read("size")
            .and_then(|s| parse_bytes(s.trim()))
            .filter(|&s| s > 0);
        match (level, size) {
            (1, Some(s)) => m.l1_bytes = s,
            (2, Some(s)) => m.l2_bytes = s,
            (3, Some(s)) => m.l3_bytes = s,
            _ => {}
        }
        if level > highest {
            highest = level;
            let ways = read("ways_of_associativity").and_then(|v| v.trim().parse().ok());
            if let Some(w) = ways.filter(|&w: &u64| w > 0) {
                m.l3_ways = w;
            }
            if let Some(n) = read("shared_cpu_list").and_then(|l| cpu_list_len(l.trim())) {
                m.l3_sharers = n;
            }
        }
    }
    m
}

/// The number of CPUs in a sysfs CPU list (`0-1`, `0,2,4-7`); `None` if malformed.
fn cpu_list_len(list: &str) -> Option<u64> {
    let mut n = 0u64;
    for part in list.split(',').filter(|p| !p.is_empty()) {
        n += match part.split_once('-') {
            Some((a, b)) => b.parse::<u64>().ok()?.checked_sub(a.parse::<u64>().ok()?)? + 1,
            None => part.parse::<u64>().map(|_| 1).ok()?,
        };
    }
    (n > 0).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sysfs_cpu_lists_are_counted() {
        assert_eq!(cpu_list_len("0-1"), Some(2));
        assert_eq!(cpu_list_len("0,2,4-7"), Some(6));
        assert_eq!(cpu_list_len("3"), Some(1));
        assert_eq!(cpu_list_len("1-0"), None);
        assert_eq!(cpu_list_len("x"), None);
    }

    /// Writes a fake `cpu0/cache` directory: `(index, level, type, size, ways, sharers)`.
    fn fake_sysfs(name: &str, entries: &[(u32, u32, &str, &str, u32, &str)]) -> std::path::PathBuf {
        let base =
            std::env::temp_dir().join(format!("lattice-sysfs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        for (i, level, kind, size, ways, sharers) in entries {
            let d = base.join(format!("index{i}"));
            std::fs::create_dir_all(&d).unwrap();
            for (f, v) in [
                ("level", level.to_string()),
                ("type", kind.to_string()),
                ("size", size.to_string()),
                ("ways_of_associativity", ways.to_string()),
                ("shared_cpu_list", sharers.to_string()),
            ] {
                std::fs::write(d.join(f), format!("{v}\n")).unwrap();
            }
        }
        base
    }

    #[test]
    fn sysfs_caches_are_read() {
        // The Sapphire Rapids VM of issue 19.
        let base = fake_sysfs(
            "spr",
            &[
                (0, 1, "Data", "48K", 12, "0"),
                (1, 1, "Instruction", "32K", 8, "0"),
                (2, 2, "Unified", "2048K", 16, "0"),
                (3, 3, "Unified", "266240K", 15, "0-47"),
            ],
        );
        let m = from_sysfs(&base, Machine::default());
        let _ = std::fs::remove_dir_all(&base);
        assert_eq!(
            m.to_string(),
            "l1=48K,l2=2M,l3=260M,l3-ways=15,l3-sharers=48,vector=64,cores=2"
        );
        // No sysfs at all: the defaults.
        assert_eq!(
            from_sysfs(Path::new("/nonexistent/lattice"), Machine::default()),
            Machine::default()
        );
    }
}
