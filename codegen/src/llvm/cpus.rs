//! The CPU names `--target-cpu` accepts: those LLVM 22's x86-64 back end knows and can
//! generate 64-bit code for (`llc -mtriple=x86_64-unknown-linux-gnu -mcpu=help`, less
//! the 32-bit-only ones, on which LLVM stops with a fatal error).
//!
//! Invariant: a name is checked here before it reaches LLVM, so an unknown CPU is a usage
//! error instead of LLVM's warning ("ignoring processor") or fatal error.

/// The x86-64 CPUs LLVM 22 generates 64-bit code for.
pub const X86_64_CPUS: &[&str] = &[
    "alderlake",
    "amdfam10",
    "arrowlake",
    "arrowlake-s",
    "arrowlake_s",
    "athlon-fx",
    "athlon64",
    "athlon64-sse3",
    "atom",
    "atom_sse4_2",
    "atom_sse4_2_movbe",
    "barcelona",
    "bdver1",
    "bdver2",
    "bdver3",
    "bdver4",
    "bonnell",
    "broadwell",
    "btver1",
    "btver2",
    "cannonlake",
    "cascadelake",
    "clearwaterforest",
    "cooperlake",
    "core-avx-i",
    "core-avx2",
    "core2",
    "core_2_duo_sse4_1",
    "core_2_duo_ssse3",
    "core_2nd_gen_avx",
    "core_3rd_gen_avx",
    "core_4th_gen_avx",
    "core_4th_gen_avx_tsx",
    "core_5th_gen_avx",
    "core_5th_gen_avx_tsx",
    "core_aes_pclmulqdq",
    "core_i7_sse4_2",
    "corei7",
    "corei7-avx",
    "diamondrapids",
    "emeraldrapids",
    "generic",
    "goldmont",
    "goldmont-plus",
    "goldmont_plus",
    "gracemont",
    "grandridge",
    "graniterapids",
    "graniterapids-d",
    "graniterapids_d",
    "haswell",
    "icelake-client",
    "icelake-server",
    "icelake_client",
    "icelake_server",
    "ivybridge",
    "k8",
    "k8-sse3",
    "knl",
    "knm",
    "lunarlake",
    "meteorlake",
    "mic_avx512",
    "nehalem",
    "nocona",
    "novalake",
    "opteron",
    "opteron-sse3",
    "pantherlake",
    "penryn",
    "raptorlake",
    "rocketlake",
    "sandybridge",
    "sapphirerapids",
    "sierraforest",
    "silvermont",
    "skx",
    "skylake",
    "skylake-avx512",
    "skylake_avx512",
    "slm",
    "tigerlake",
    "tremont",
    "westmere",
    "wildcatlake",
    "x86-64",
    "x86-64-v2",
    "x86-64-v3",
    "x86-64-v4",
    "znver1",
    "znver2",
    "znver3",
    "znver4",
    "znver5",
];

/// A `--target-cpu` value that is neither `native` nor one of [`X86_64_CPUS`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--target-cpu: '{name}' is not an x86-64 CPU LLVM 22 knows{} (use 'native', or one of: x86-64, x86-64-v2, x86-64-v3, x86-64-v4, haswell, skylake-avx512, sapphirerapids, znver4, ...)",
    .suggestion.as_ref().map_or(String::new(), |m| format!("; did you mean '{m}'?"))
)]
pub struct UnknownCpu {
    /// The value given.
    pub name: String,
    /// The known CPU closest to it, if one is close.
    pub suggestion: Option<&'static str>,
}

/// Checks a `--target-cpu` value: `native` or one of [`X86_64_CPUS`].
pub fn check_target_cpu(name: &str) -> Result<(), UnknownCpu> {
    if name == "native" || X86_64_CPUS.contains(&name) {
        return Ok(());
    }
    Err(UnknownCpu {
        name: name.to_string(),
        suggestion: lattice_ir::pass::did_you_mean(name, X86_64_CPUS.iter().copied()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_cpus_are_refused_with_a_hint() {
        assert!(check_target_cpu("native").is_ok());
        assert!(check_target_cpu("znver4").is_ok());
        assert!(check_target_cpu("pentium4").is_err(), "32-bit only");
        let e = check_target_cpu("nonexistent-cpu").unwrap_err().to_string();
        assert!(e.contains("'nonexistent-cpu' is not an x86-64 CPU"), "{e}");
        let e = check_target_cpu("skylak").unwrap_err().to_string();
        assert!(e.contains("did you mean 'skylake'?"), "{e}");
    }

    /// Every listed CPU is one LLVM 22's `llc` lists (run where llc is installed; CI has it).
    #[test]
    fn every_listed_cpu_is_known_to_llc() {
        let llc = std::path::Path::new("/usr/lib/llvm-22/bin/llc");
        if !llc.is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must have {}",
                llc.display()
            );
            return;
        }
        let out = std::process::Command::new(llc)
            .args(["-mtriple=x86_64-unknown-linux-gnu", "-mcpu=help"])
            .output()
            .expect("llc runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        let known: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("Available CPUs"))
            .take_while(|l| !l.contains("Available features"))
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        for cpu in X86_64_CPUS {
            assert!(known.contains(cpu), "llc does not list '{cpu}'");
        }
        let host = inkwell::targets::TargetMachine::get_host_cpu_name().to_string();
        assert!(
            known.contains(&host.as_str()),
            "host CPU '{host}' not in llc's list"
        );
    }
}
