//! Generic passes: `canonicalize`, `cse`, `symbol-dce`.
