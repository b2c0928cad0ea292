//! The pass manager: pass registry, pipeline parsing (`builtin.module(func.func(cse))`,
//! `--canonicalize`, `{key=value}` options), nesting on `func.func`/`gpu.module`, running
//! function passes in parallel with rayon, verification after each pass,
//! `--print-ir-after-all` and `--timing`.
