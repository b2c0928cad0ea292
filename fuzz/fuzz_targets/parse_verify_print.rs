//! Fuzz target: parse → verify → print → parse → print on arbitrary bytes.
//!
//! Properties: nothing panics; text that parses and verifies prints to text that parses
//! and verifies again and prints identically (printing is idempotent).
#![no_main]

use lattice_ir::diag::SourceMap;
use lattice_ir::parser::parse_source;
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::verifier::verify;
use lattice_ir::Ir;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fn context() -> Arc<lattice_ir::Context> {
    static CTX: OnceLock<Arc<lattice_ir::Context>> = OnceLock::new();
    CTX.get_or_init(|| Arc::new(lattice_cli::make_context(true))).clone()
}

/// Parses and verifies; returns the printed text when both succeed.
fn round(text: &str, generic: bool) -> Option<String> {
    let mut sources = SourceMap::new();
    let id = sources.add("fuzz.mlir", text);
    let mut ir = Ir::new(context());
    let module = parse_source(&mut ir, id, "fuzz.mlir", text).ok()?;
    if !verify(&ir, module).is_empty() {
        return None;
    }
    Some(print_op(&ir, module, PrintOptions { generic, ..Default::default() }))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for generic in [false, true] {
        if let Some(first) = round(text, generic) {
            let second = round(&first, generic)
                .unwrap_or_else(|| panic!("printed IR does not parse and verify again:\n{first}"));
            assert_eq!(first, second, "printing is not idempotent");
        }
    }
});
