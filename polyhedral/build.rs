//! Links GMP, the integer library isl is configured with (`build/isl-config.site`:
//! `--with-int=gmp`; isl-rs itself only links its static libisl). Invariant: this
//! crate is the only one that links gmp, and it fails the build with a clear message
//! when gmp.h cannot be found, before isl's configure would fail less legibly.

use std::io::Write;
use std::process::{Command, Stdio};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../build/isl-config.site");
    if !gmp_header_found() {
        panic!(
            "GMP not found: isl (inside isl-rs) is built with --with-int=gmp (build/isl-config.site); install GMP's headers and library (Debian/Ubuntu: apt-get install libgmp-dev, as scripts/setup.sh does)"
        );
    }
    println!("cargo:rustc-link-lib=dylib=gmp");
}

/// Whether the C compiler (`$CC`, else `cc`) finds `<gmp.h>`.
fn gmp_header_found() -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let child = Command::new(cc)
        .args(["-E", "-x", "c", "-", "-o", "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return false;
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"#include <gmp.h>\n");
    }
    child.wait().map(|s| s.success()).unwrap_or(false)
}
