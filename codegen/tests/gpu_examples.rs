//! GPU path tests: every example's parallel loops are mapped, emitted (naga validator,
//! SPIR-V and WGSL back ends, WGSL re-parsed by naga's front end and validated again),
//! and — where a wgpu adapter exists (lavapipe in CI) — run, with the printed checksum
//! compared to the `// CHECKSUM:` line recorded from mlir-runner on the CPU (exact for
//! integers, 1e-5 relative for floats). Without an adapter the run part prints a note
//! and passes.

mod common;

use lattice_codegen::gpu::{self, GpuCompileOptions, RunGpuOptions};
use lattice_ir::{Context, Ir, SourceMap};
use std::sync::Arc;

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    lattice_dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, name: &str, text: &str) -> (Ir, lattice_ir::Op) {
    let mut sources = SourceMap::new();
    let id = sources.add(name, text);
    let mut ir = Ir::new(ctx.clone());
    let m = lattice_ir::parser::parse_source(&mut ir, id, name, text)
        .unwrap_or_else(|d| panic!("{name}: {}", sources.render(ctx, &[d], Some(id))));
    let errs = lattice_ir::verifier::verify(&ir, m);
    assert!(
        errs.is_empty(),
        "{name}: {}",
        sources.render(ctx, &errs, Some(id))
    );
    (ir, m)
}

fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Emission of every example, with f64 kept (as for a SHADER_F64 device) and demoted.
#[test]
fn emit_examples_validate_and_reparse() {
    let ctx = context();
    let mut total = 0;
    for (name, text) in examples() {
        for (label, options) in [
            (
                "f64",
                GpuCompileOptions {
                    shader_f64: true,
                    shader_i64: true,
                    ..Default::default()
                },
            ),
            (
                "demote",
                GpuCompileOptions {
                    demote_f64: true,
                    ..Default::default()
                },
            ),
            (
                "promote",
                GpuCompileOptions {
                    demote_f64: true,
                    promote: Some(Default::default()),
                    ..Default::default()
                },
            ),
        ] {
            let (mut ir, m) = parse(&ctx, &name, &text);
            gpu::map_and_outline(&mut ir, m, &options).expect("map");
            let errs = lattice_ir::verifier::verify(&ir, m);
            assert!(
                errs.is_empty(),
                "{name}: mapped module does not verify: {:?}",
                errs[0].message
            );
            let kernels = gpu::emit_all(&mut ir, m, &options)
                .unwrap_or_else(|e| panic!("{name} ({label}): {e}"));
            for k in &kernels {
                let words = k.spirv().unwrap();
                assert_eq!(words[0], 0x0723_0203, "{name}: SPIR-V magic");
                let wgsl = k.wgsl().unwrap();
                let module = naga::front::wgsl::parse_str(&wgsl).unwrap_or_else(|e| {
                    panic!(
                        "{name} ({label}) {}: WGSL does not re-parse: {}\n{wgsl}",
                        k.name,
                        e.emit_to_string(&wgsl)
                    )
                });
                let mut caps = naga::valid::Capabilities::empty();
                if options.shader_f64 {
                    caps |= naga::valid::Capabilities::FLOAT64;
                }
                if options.shader_i64 {
                    caps |= naga::valid::Capabilities::SHADER_INT64;
                }
                naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
                    .validate(&module)
                    .unwrap_or_else(|e| {
                        panic!("{name} {}: re-parsed WGSL does not validate: {e:?}", k.name)
                    });
                total += 1;
            }
        }
    }
    assert!(total > 10, "only {total} kernels emitted");
}

fn checksum(text: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix("// CHECKSUM:"))
        .map(|s| s.trim().parse().unwrap())
        .expect("CHECKSUM line")
}

/// Whether `output` prints `want` (exact for integers, 1e-5 relative otherwise).
fn same_checksum(want: f64, output: &str) -> bool {
    let got: f64 = output.trim().parse().unwrap_or(f64::NAN);
    if want == want.trunc() && got == got.trunc() {
        (want - got).abs() <= 1e-5 * want.abs().max(1.0)
    } else {
        (want - got).abs() <= 1e-5 * want.abs().max(1e-30)
    }
}

/// The examples whose kernels have tiles shared within a workgroup: matmul-like
/// reductions (A and B tiles per step of the reduction loop) and stencils (a tile with
/// a halo).
const PROMOTED: &[&str] = &[
    "matmul.mlir",
    "2mm.mlir",
    "jacobi_2d.mlir",
    "heat_3d.mlir",
    "conv2d.mlir",
];

/// With `--gpu-promote-workgroup-memory`, each of [`PROMOTED`] gets workgroup tiles (reads
/// in constant-bound inner loops included: conv2d's windows)
/// (checked on the outlined kernels) and still prints the CPU checksum on the GPU.
#[test]
fn promoted_examples_on_gpu_match_cpu() {
    let ctx = context();
    let promote = Some(gpu::promote::PromoteOptions::default());
    let run = common::gpu_adapter("the GPU runs (the promotion itself is still checked)");
    let mut failures = Vec::new();
    for (name, text) in examples() {
        if !PROMOTED.contains(&name.as_str()) {
            continue;
        }
        let (mut ir, m) = parse(&ctx, &name, &text);
        let options = GpuCompileOptions {
            demote_f64: true,
            promote: promote.clone(),
            ..Default::default()
        };
        gpu::map_and_outline(&mut ir, m, &options).expect("map");
        let tiles: i128 = ir
            .walk_ops(m, lattice_ir::WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.is_op(o, "gpu.func"))
            .filter_map(|o| ir.attr(o, "workgroup_attributions"))
            .filter_map(|a| ir.ctx().int_value(a))
            .sum();
        // conv2d: Bias, and the In and W windows read in its inner c/kh/kw loops.
        let want = if name == "conv2d.mlir" { 3 } else { 1 };
        if tiles < want {
            failures.push(format!("{name}: {tiles} tiles promoted, want {want}"));
        }
        if !run {
            continue;
        }
        let (mut ir, m) = parse(&ctx, &name, &text);
        let options = RunGpuOptions {
            promote: promote.clone(),
            ..Default::default()
        };
        match gpu::run_module(&mut ir, m, "main", &options) {
            Ok(r) => {
                let want = checksum(&text);
                eprintln!(
                    "{name}: {tiles} tiles, printed {} (CPU {want})",
                    r.output.trim()
                );
                if !same_checksum(want, &r.output) {
                    failures.push(format!("{name}: GPU printed {:?}, CPU {want}", r.output));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Partial tiles (`test/GPU/Inputs/promote-edges.mlir`): a reduction loop that is not a
/// multiple of the tile, partial workgroups, and a halo tile crossing the array's edges
/// print what mlir-runner printed, for several workgroup shapes, tile sizes and
/// register tiles; the promotion is checked to happen.
#[test]
fn promotion_edges_on_gpu_match_cpu() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../test/GPU/Inputs/promote-edges.mlir"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let want: Vec<f64> = text
        .lines()
        .find_map(|l| l.strip_prefix("// OUTPUT:"))
        .expect("OUTPUT line")
        .split_whitespace()
        .take_while(|w| w.parse::<f64>().is_ok())
        .map(|w| w.parse().unwrap())
        .collect();
    let ctx = context();
    let run = common::gpu_adapter("the GPU runs (the promotion itself is still checked)");
    let mut failures = Vec::new();
    for (wg, tile, thread_tile) in [
        (vec![16, 16], 16, vec![]),
        (vec![32, 8], 5, vec![]),
        (vec![8, 8], 16, vec![]),
        (vec![16, 16], 16, vec![2, 3]),
        (vec![8, 8], 16, vec![2, 2]),
        (vec![32, 8], 5, vec![3, 1]),
        (vec![4, 8], 7, vec![4, 2]),
    ] {
        let promote = Some(gpu::promote::PromoteOptions {
            tile,
            ..Default::default()
        });
        let label = format!("wg {wg:?} tile {tile} thread tile {thread_tile:?}");
        {
            let (mut ir, m) = parse(&ctx, "promote-edges.mlir", &text);
            let options = GpuCompileOptions {
                workgroup_size: wg.clone(),
                promote: promote.clone(),
                thread_tile: thread_tile.clone(),
                ..Default::default()
            };
            gpu::map_and_outline(&mut ir, m, &options).expect("map");
            let tiles: i128 = ir
                .walk_ops(m, lattice_ir::WalkOrder::PreOrder)
                .into_iter()
                .filter(|&o| ir.is_op(o, "gpu.func"))
                .filter_map(|o| ir.attr(o, "workgroup_attributions"))
                .filter_map(|a| ir.ctx().int_value(a))
                .sum();
            if tiles < 3 {
                failures.push(format!(
                    "{label}: {tiles} tiles promoted, expected A, B and X"
                ));
            }
            // C's accumulators (R x C with register tiles, else one) live in private
            // memory for the whole reduction.
            let accumulators = ir
                .walk_ops(m, lattice_ir::WalkOrder::PreOrder)
                .into_iter()
                .filter(|&o| ir.is_op(o, "memref.alloca"))
                .count();
            let want = 1;
            if accumulators != want {
                failures.push(format!(
                    "{label}: {accumulators} accumulator arrays, expected {want}"
                ));
            }
        }
        if !run {
            continue;
        }
        let (mut ir, m) = parse(&ctx, "promote-edges.mlir", &text);
        let options = RunGpuOptions {
            workgroup_size: wg,
            promote,
            thread_tile,
            ..Default::default()
        };
        match gpu::run_module(&mut ir, m, "main", &options) {
            Ok(r) => {
                let got: Vec<f64> = r
                    .output
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                if got != want {
                    failures.push(format!("{label}: printed {:?}, want {want:?}", r.output));
                }
            }
            Err(e) => failures.push(format!("{label}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With register tiles (`--gpu-thread-tile 2,2`: four iterations per invocation) a GEMM
/// and a stencil still print the CPU checksum, alone and with workgroup-memory
/// promotion (then GEMM-like kernels keep their accumulators in registers and the
/// reduction loop sits above the unrolled tile).
#[test]
fn thread_tiled_examples_on_gpu_match_cpu() {
    if !common::gpu_adapter("the GPU runs") {
        return;
    }
    let ctx = context();
    let mut failures = Vec::new();
    for (name, text) in examples() {
        let promotes: &[bool] = match name.as_str() {
            "matmul.mlir" => &[false, true],
            "jacobi_2d.mlir" => &[false],
            "2mm.mlir" => &[true],
            _ => continue,
        };
        for &promoted in promotes {
            if promoted {
                // Every GEMM kernel gets A/B tiles and private accumulators (2mm's
                // second kernel is C += tmp * C2 after an initialization).
                let (mut ir, m) = parse(&ctx, &name, &text);
                let options = GpuCompileOptions {
                    demote_f64: true,
                    promote: Some(Default::default()),
                    thread_tile: vec![2, 2],
                    ..Default::default()
                };
                gpu::map_and_outline(&mut ir, m, &options).expect("map");
                let ops = ir.walk_ops(m, lattice_ir::WalkOrder::PreOrder);
                let kernels = ops.iter().filter(|&&o| ir.is_op(o, "gpu.func")).count();
                let tiled = ops
                    .iter()
                    .filter(|&&o| ir.is_op(o, "gpu.func"))
                    .filter(|&&o| {
                        ir.attr(o, "workgroup_attributions")
                            .and_then(|a| ir.ctx().int_value(a))
                            .is_some_and(|n| n >= 2)
                    })
                    .count();
                let accumulators = ops
                    .iter()
                    .filter(|&&o| ir.is_op(o, "memref.alloca"))
                    .count();
                if tiled != kernels || accumulators != kernels {
                    failures.push(format!(
                        "{name}: {kernels} kernels, {tiled} with A/B tiles, {accumulators} accumulator arrays"
                    ));
                }
            }
            let (mut ir, m) = parse(&ctx, &name, &text);
            let options = RunGpuOptions {
                thread_tile: vec![2, 2],
                demote_f64: true,
                promote: promoted.then(Default::default),
                ..Default::default()
            };
            match gpu::run_module(&mut ir, m, "main", &options) {
                Ok(r) if same_checksum(checksum(&text), &r.output) => {}
                Ok(r) => failures.push(format!(
                    "{name} (promoted: {promoted}): GPU printed {:?}",
                    r.output
                )),
                Err(e) => failures.push(format!("{name} (promoted: {promoted}): {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs every example with its kernels on the GPU and compares the printed checksum
/// with the one mlir-runner printed on the CPU.
#[test]
fn run_examples_on_gpu_match_cpu() {
    if !common::gpu_adapter("the GPU runs") {
        return;
    }
    let ctx = context();
    let only = std::env::var("LATTICE_GPU_EXAMPLE").ok();
    let mut failures = Vec::new();
    for (name, text) in examples() {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let (mut ir, m) = parse(&ctx, &name, &text);
        let t = std::time::Instant::now();
        let r = match gpu::run_module(&mut ir, m, "main", &RunGpuOptions::default()) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let want = checksum(&text);
        let ok = same_checksum(want, &r.output);
        eprintln!(
            "{name}: {} kernels, {} launches on {}, {} bytes up, {} down, printed {} (CPU {want}) in {:.1?}",
            r.kernels,
            r.launches,
            r.adapter,
            r.traffic.0,
            r.traffic.1,
            r.output.trim(),
            t.elapsed()
        );
        if !ok {
            failures.push(format!(
                "{name}: GPU printed {:?}, CPU checksum {want}",
                r.output
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What `lattice run` prints for `@main` of `text` (CPU JIT), for comparisons.
fn run_on_cpu(ctx: &Arc<Context>, name: &str, text: &str) -> String {
    use lattice_codegen::llvm::{self, jit};
    let (mut ir, m) = parse(ctx, name, text);
    let llcx = inkwell::context::Context::create();
    let options = llvm::CodegenOptions::default();
    let (module, _) = llvm::compile(&llcx, &mut ir, m, &options).expect("compiles");
    let jit = jit::Jit::new(module, 3, &[], lattice_codegen::runtime::symbols()).expect("jit");
    let (r, out) =
        lattice_codegen::runtime::capture_output(|| jit.call("main", jit::EntryResult::Void));
    r.expect("runs");
    String::from_utf8(out.stdout).unwrap()
}

/// `printMemref` prints the buffer's address; everything else must match.
fn mask_addresses(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("base@ = ") {
            Some(at) => {
                let rest = &l[at + 8..];
                let end = rest.find(' ').unwrap_or(rest.len());
                format!("{}base@ = ADDR{}", &l[..at], &rest[end..])
            }
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Host reads and writes between launches, launches in host loops, callees, subviews,
/// `memref.copy`, `printMemref` through an unranked cast, dealloc + new allocation and
/// stack buffers: the GPU run prints exactly what the CPU run prints, and only part of
/// the memory moves (buffers are kept on the device between launches).
#[test]
fn coherence_matches_cpu() {
    if !common::gpu_adapter("the GPU runs") {
        return;
    }
    let ctx = context();
    let name = "coherence.mlir";
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../test/GPU/Inputs/coherence.mlir"
    ))
    .unwrap();
    let cpu = run_on_cpu(&ctx, name, &text);
    let (mut ir, m) = parse(&ctx, name, &text);
    let r = gpu::run_module(&mut ir, m, "main", &RunGpuOptions::default()).expect("GPU run");
    assert_eq!(mask_addresses(&r.output), mask_addresses(&cpu));
    assert_eq!(r.launches, 18, "launches");
    // 18 launches with 2 buffers of 256 bytes each would copy 9216 bytes each way if
    // every launch synchronized everything.
    assert!(
        r.traffic.0 < 18 * 2 * 256 && r.traffic.1 < 18 * 256,
        "traffic {:?}",
        r.traffic
    );
}

/// `affine.parallel` (with bound groups, nested), `scf.parallel` with a value step and a
/// reduction left on the host: the GPU run prints what the CPU run prints.
#[test]
fn parallel_forms_match_cpu() {
    if !common::gpu_adapter("the GPU runs") {
        return;
    }
    let ctx = context();
    let name = "parallel-forms.mlir";
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../test/GPU/Inputs/parallel-forms.mlir"
    ))
    .unwrap();
    let cpu = run_on_cpu(&ctx, name, &text);
    let (mut ir, m) = parse(&ctx, name, &text);
    let r = gpu::run_module(&mut ir, m, "main", &RunGpuOptions::default()).expect("GPU run");
    assert_eq!(r.output, cpu);
    assert_eq!((r.kernels, r.launches), (3, 3), "kernels, launches");
}

/// Lavapipe's loop limit: a kernel whose invocations may run more than 65,535 loop
/// iterations gets a warning on a lavapipe adapter (and none elsewhere); the bound
/// follows the loops, including the promoted reduction's `k0 .. min(k0 + 16, n)`.
#[test]
fn lavapipe_loop_limit_is_detected() {
    let text = "func.func @f(%A: memref<300x300xf32>, %C: memref<300x300xf32>) {
  affine.for %i = 0 to 300 {
    affine.for %j = 0 to 300 {
      affine.for %k = 0 to 300 {
        %a = affine.load %A[%i, %k] : memref<300x300xf32>
        %c = affine.load %C[%i, %j] : memref<300x300xf32>
        %s = arith.addf %c, %a : f32
        affine.store %s, %C[%i, %j] : memref<300x300xf32>
      }
    }
  }
  return
}";
    let ctx = context();
    let bound = |wg: Vec<i64>, promote: bool| {
        let (mut ir, m) = parse(&ctx, "limit.mlir", text);
        let options = GpuCompileOptions {
            workgroup_size: wg,
            promote: promote.then(Default::default),
            ..Default::default()
        };
        gpu::map_and_outline(&mut ir, m, &options).expect("map");
        let kernels = gpu::emit_all(&mut ir, m, &options).expect("emit");
        assert_eq!(kernels.len(), 1);
        kernels.into_iter().next().unwrap()
    };
    let lavapipe = "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan)";
    // 1-D: each invocation runs the j and k loops (300 * (1 + 300)).
    let k = bound(vec![64], false);
    assert_eq!(k.loop_iterations, Some(300 * 301));
    let w = gpu::runtime::lavapipe_loop_warning(lavapipe, &k).expect("a warning");
    assert!(w.contains("90300 loop iterations"), "{w}");
    assert!(gpu::runtime::lavapipe_loop_warning("NVIDIA H100 (Vulkan)", &k).is_none());
    // 2-D: only k (300); promoted: 19 tiles of at most 16, with the copy loops.
    let k = bound(vec![16, 16], false);
    assert_eq!(k.loop_iterations, Some(300));
    assert!(gpu::runtime::lavapipe_loop_warning(lavapipe, &k).is_none());
    let k = bound(vec![16, 16], true);
    let n = k.loop_iterations.expect("bounded");
    assert!((19 * 17..19 * 40).contains(&n), "{n}");
}

/// A run hands the lavapipe loop-limit warning back to the caller (the library prints
/// nothing): present exactly when the adapter is lavapipe and a launched kernel's loops
/// may pass the limit.
#[test]
fn a_run_returns_its_warnings() {
    if !common::gpu_adapter("the GPU runs") {
        return;
    }
    let text = "func.func private @printF64(f64)
func.func @main() {
  %A = memref.alloc() : memref<4x70000xf32>
  %one = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (4) {
    affine.for %j = 0 to 70000 {
      affine.store %one, %A[%i, %j] : memref<4x70000xf32>
    }
  }
  %v = affine.load %A[0, 0] : memref<4x70000xf32>
  %d = arith.extf %v : f32 to f64
  call @printF64(%d) : (f64) -> ()
  memref.dealloc %A : memref<4x70000xf32>
  return
}";
    let ctx = context();
    let (mut ir, m) = parse(&ctx, "warn.mlir", text);
    let r = gpu::run_module(&mut ir, m, "main", &RunGpuOptions::default()).expect("runs");
    if r.adapter.contains("llvmpipe") {
        assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
        assert!(
            r.warnings[0].contains("up to 70000 loop iterations"),
            "{:?}",
            r.warnings
        );
    } else {
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }
}
