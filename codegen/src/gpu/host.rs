//! The host side of `lattice run --target gpu`: host code is compiled by the CPU back end
//! ([`crate::llvm`]) and JIT-run; each `gpu.launch_func` becomes a call to
//! [`lattice_gpu_launch`], which dispatches through the wgpu [`runtime`](super::runtime).
//! This file holds the compile-time part ([`plan`]: kernel indices and where host code
//! must tell the runtime it touches a memref) and the C entry points the JIT calls.
//!
//! Coherence rule (what makes the GPU path compute what the CPU path computes). Host
//! `scf.parallel` loops that may launch a kernel run sequentially, so launches and host
//! accesses are never concurrent. The
//! runtime keeps one device buffer per host byte range bound to a kernel, marked
//! host-newer, device-newer or in sync (see [`runtime`](super::runtime)). Host code
//! calls [`lattice_gpu_host_access`] for memref `M` before a point `P` such that between
//! `P` and every host access to `M` it covers no kernel can run: `P` is the access
//! itself, hoisted out of enclosing region ops (loops, `scf.if`, ...) as long as the
//! region op contains no `gpu.launch_func` and no call that may reach one, and `M` is
//! defined above it. The call downloads device-newer buffers overlapping `M` and, for
//! writes, marks them host-newer, so (1) the host never reads stale data, since only a
//! launch makes host memory stale and none runs between `P` and the access, and (2) a
//! launch never reads stale device data, since any host write after the last upload was
//! announced (as host-newer) with no launch in between, and launches upload host-newer
//! buffers first. Accesses are every host op with a memref operand except view-like ops
//! (`memref.subview`, `memref.cast`, ...), allocation, `memref.dim`, control flow, calls to
//! functions defined in the module (their bodies announce their own accesses) and
//! `gpu.launch_func`; reads are `memref.load`, `vector.load`/`transfer_read`/... and the
//! source of `memref.copy`, everything else counts as a write. An unranked operand is
//! traced through `memref.cast` to its ranked source; when that fails, the op announces a
//! write to all memory ([`lattice_gpu_host_access_all`]). Freed memory must not keep a
//! buffer (a later object at the same address would get its stale contents): before
//! `memref.dealloc`, and before the terminator of the block defining a `memref.alloca`
//! (when the terminator does not pass it on), host code calls [`lattice_gpu_release`].

use super::naga_emit::Kernel;
use super::runtime::{Gpu, LaunchArg, RuntimeError};
use lattice_dialects::{cf, func, gpu, memref, scf, vector};
use lattice_ir::{AttrData, Ir, Op, OpDef, TypeData, Value, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Mutex;
use std::time::Duration;

/// What the LLVM lowering of host code needs to know about kernels and coherence.
#[derive(Clone, Debug, Default)]
pub struct HostPlan {
    /// Kernel `module::func` → its index in [`super::naga_emit::kernels`] order (the index
    /// passed to [`lattice_gpu_launch`]).
    pub kernels: FxHashMap<String, usize>,
    /// Host ops before which the memrefs listed are announced (`true`: written).
    pub access_before: FxHashMap<Op, Vec<(Value, bool)>>,
    /// Host ops before which every memref may be accessed (an untraceable operand).
    pub access_all_before: FxHashSet<Op>,
    /// Host ops before which the listed memrefs' buffers are released (freed memory).
    pub release_before: FxHashMap<Op, Vec<Value>>,
    /// Host `scf.parallel` loops that may launch a kernel: they run sequentially.
    pub sequential: FxHashSet<Op>,
}

/// Ops that use a memref without touching its elements.
const NO_ACCESS: &[&OpDef] = &[
    memref::SubView::DEF,
    memref::Cast::DEF,
    memref::ReinterpretCast::DEF,
    memref::ExpandShape::DEF,
    memref::CollapseShape::DEF,
    memref::View::DEF,
    memref::Dim::DEF,
    memref::Rank::DEF,
    memref::ExtractStridedMetadata::DEF,
    memref::AssumeAlignment::DEF,
    memref::MemorySpaceCast::DEF,
    memref::Transpose::DEF,
    memref::Prefetch::DEF,
    memref::Alloc::DEF,
    memref::Alloca::DEF,
    memref::GetGlobal::DEF,
    memref::Dealloc::DEF,
    gpu::LaunchFunc::DEF,
    func::Return::DEF,
    scf::Yield::DEF,
    scf::Condition::DEF,
    scf::For::DEF,
    scf::While::DEF,
    scf::If::DEF,
    scf::Parallel::DEF,
    scf::Reduce::DEF,
    scf::ReduceReturn::DEF,
    scf::ExecuteRegion::DEF,
    scf::IndexSwitch::DEF,
    cf::Br::DEF,
    cf::CondBr::DEF,
    cf::Switch::DEF,
    memref::AllocaScope::DEF,
    memref::AllocaScopeReturn::DEF,
];

/// Ops that only read their memref operands.
const READS_ONLY: &[&OpDef] = &[
    memref::Load::DEF,
    vector::Load::DEF,
    vector::TransferRead::DEF,
    vector::MaskedLoad::DEF,
    vector::Gather::DEF,
    vector::ExpandLoad::DEF,
];

fn callee(ir: &Ir, op: Op) -> Option<String> {
    match ir.ctx().attr_data(ir.attr(op, "callee")?) {
        AttrData::SymbolRef { root, nested } if nested.is_empty() => {
            Some(ir.ctx().str(*root).to_string())
        }
        _ => None,
    }
}

fn sym(ir: &Ir, op: Op) -> Option<String> {
    ir.attr(op, "sym_name")
        .and_then(|a| ir.ctx().string_value(a))
        .map(str::to_string)
}

fn is_memref(ir: &Ir, v: Value) -> bool {
    matches!(
        ir.ctx().type_data(ir.value_type(v)),
        TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
    )
}

/// The ranked memref behind `v` (through `memref.cast`s), if there is one.
fn ranked_source(ir: &Ir, mut v: Value) -> Option<Value> {
    loop {
        if matches!(
            ir.ctx().type_data(ir.value_type(v)),
            TypeData::MemRef { .. }
        ) {
            return Some(v);
        }
        let d = ir.defining_op(v)?;
        if !ir.isa::<memref::Cast>(d) {
            return None;
        }
        v = ir.operand(d, 0);
    }
}

/// Computes the [`HostPlan`] of `module`; `None` when it launches no kernel.
pub fn plan(ir: &Ir, module: Op) -> Option<HostPlan> {
    let body = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))?;
    let funcs: Vec<Op> = ir
        .block_ops(body)
        .filter(|&o| ir.isa::<func::Func>(o))
        .collect();
    let defined: FxHashMap<String, Op> = funcs
        .iter()
        .filter(|&&f| {
            ir.regions(f)
                .first()
                .is_some_and(|&r| !ir.region_is_empty(r))
        })
        .filter_map(|&f| Some((sym(ir, f)?, f)))
        .collect();
    let all: Vec<(Op, Vec<Op>)> = funcs
        .iter()
        .map(|&f| (f, ir.walk_ops(f, WalkOrder::PreOrder)))
        .collect();
    if !all
        .iter()
        .any(|(_, ops)| ops.iter().any(|&o| ir.isa::<gpu::LaunchFunc>(o)))
    {
        return None;
    }
    // Functions that may launch a kernel (directly or through calls), to a fixpoint.
    let mut launching: FxHashSet<String> = FxHashSet::default();
    loop {
        let before = launching.len();
        for (f, ops) in &all {
            let Some(name) = sym(ir, *f) else { continue };
            if launching.contains(&name) {
                continue;
            }
            let launches = ops.iter().any(|&o| {
                ir.is_any_def(o, &[gpu::LaunchFunc::DEF, func::CallIndirect::DEF])
                    || (ir.isa::<func::Call>(o)
                        && callee(ir, o).is_some_and(|c| launching.contains(&c)))
            });
            if launches {
                launching.insert(name);
            }
        }
        if launching.len() == before {
            break;
        }
    }
    // Ops that are, or contain, a possible launch.
    let mut launchy: FxHashSet<Op> = FxHashSet::default();
    for (_, ops) in &all {
        for &o in ops {
            let launches = ir.is_any_def(o, &[gpu::LaunchFunc::DEF, func::CallIndirect::DEF])
                || (ir.isa::<func::Call>(o)
                    && callee(ir, o).is_some_and(|c| launching.contains(&c)));
            if launches {
                let mut cur = Some(o);
                while let Some(c) = cur {
                    if !launchy.insert(c) || ir.isa::<func::Func>(c) {
                        break;
                    }
                    cur = ir.parent_op(c);
                }
            }
        }
    }
    let mut plan = HostPlan {
        kernels: super::naga_emit::kernels(ir, module)
            .into_iter()
            .enumerate()
            .map(|(i, (_, n))| (n, i))
            .collect(),
        sequential: launchy
            .iter()
            .copied()
            .filter(|&o| ir.isa::<scf::Parallel>(o))
            .collect(),
        ..Default::default()
    };
    for (_, ops) in &all {
        for &op in ops {
            if ir.isa::<memref::Dealloc>(op) {
                plan.release_before
                    .entry(op)
                    .or_default()
                    .push(ir.operand(op, 0));
                continue;
            }
            if ir.isa::<memref::Alloca>(op) {
                let m = ir.result(op, 0);
                if let Some(term) = ir.op_parent(op).and_then(|b| ir.last_op(b)) {
                    if !ir.operands(term).contains(&m) {
                        plan.release_before.entry(term).or_default().push(m);
                    }
                }
                continue;
            }
            if ir.is_any_def(op, NO_ACCESS)
                || ir.isa::<func::Func>(op)
                || (ir.isa::<func::Call>(op)
                    && callee(ir, op).is_some_and(|c| defined.contains_key(&c)))
            {
                continue;
            }
            let operands = ir.operands(op);
            for (i, &v) in operands.iter().enumerate() {
                if !is_memref(ir, v) {
                    continue;
                }
                let write =
                    !(ir.is_any_def(op, READS_ONLY) || (ir.isa::<memref::CopyOp>(op) && i == 0));
                let Some(m) = ranked_source(ir, v) else {
                    plan.access_all_before.insert(op);
                    continue;
                };
                // Hoist out of region ops that cannot launch and do not define `m`.
                let mut at = op;
                while let Some(p) = ir.parent_op(at) {
                    if ir.isa::<func::Func>(p)
                        || launchy.contains(&p)
                        || !super::map::defined_above(ir, m, p)
                    {
                        break;
                    }
                    at = p;
                }
                let list = plan.access_before.entry(at).or_default();
                match list.iter_mut().find(|(x, _)| *x == m) {
                    Some(e) => e.1 |= write,
                    None => list.push((m, write)),
                }
            }
        }
    }
    Some(plan)
}

/// What one run on the GPU did.
#[derive(Debug, Default)]
pub struct LaunchStats {
    /// Kernel launches executed.
    pub launches: u64,
    /// Per kernel (`module::func`): launches and summed timestamp time, in first-launch
    /// order.
    pub per_kernel: Vec<(String, u64, Option<Duration>)>,
    /// Bytes copied host → device.
    pub uploaded: u64,
    /// Bytes copied device → host.
    pub downloaded: u64,
}

/// The state the C entry points work on while a program runs.
struct Session {
    gpu: Gpu,
    kernels: Vec<Kernel>,
    /// The first error; later launches are skipped and the run fails with it.
    error: Option<RuntimeError>,
    stats: LaunchStats,
}

static SESSION: Mutex<Option<Session>> = Mutex::new(None);

fn with_session(f: impl FnOnce(&mut Session) -> Result<(), RuntimeError>) {
    let mut guard = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    let Some(s) = guard.as_mut() else { return };
    if s.error.is_some() {
        return;
    }
    if let Err(e) = f(s) {
        s.error = Some(e);
    }
}

/// Runs `f` (which calls JIT-compiled host code) with `gpu` and `kernels` serving its
/// [`lattice_gpu_launch`] calls; then waits for the device and returns the statistics,
/// or the first runtime error. One session at a time: concurrent callers wait.
pub fn with_gpu<R>(
    gpu: Gpu,
    kernels: Vec<Kernel>,
    f: impl FnOnce() -> R,
) -> (R, Gpu, Result<LaunchStats, RuntimeError>) {
    static RUNNING: Mutex<()> = Mutex::new(());
    let _one = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    *SESSION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Session {
        gpu,
        kernels,
        error: None,
        stats: LaunchStats::default(),
    });
    let r = f();
    let mut s = SESSION
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .expect("the session is installed");
    let times = s.gpu.finish();
    // The program's memory is gone: no buffer may outlive the run.
    s.gpu.release_all();
    let result = match (s.error.take(), times) {
        (Some(e), _) | (None, Err(e)) => Err(e),
        (None, Ok(times)) => {
            for (k, t) in times {
                let name = &s.kernels[k].name;
                if let Some(e) = s.stats.per_kernel.iter_mut().find(|e| e.0 == *name) {
                    e.2 = Some(e.2.unwrap_or_default() + t);
                }
            }
            let (up, down) = s.gpu.traffic();
            s.stats.uploaded = up;
            s.stats.downloaded = down;
            Ok(std::mem::take(&mut s.stats))
        }
    };
    (r, s.gpu, result)
}

/// The symbols of the C entry points, for the JIT's global mappings.
pub fn symbols() -> Vec<(&'static str, usize)> {
    vec![
        (
            "lattice_gpu_launch",
            lattice_gpu_launch as unsafe extern "C" fn(i64, *const i64, i64, *const LaunchArg)
                as usize,
        ),
        (
            "lattice_gpu_host_access",
            lattice_gpu_host_access as unsafe extern "C" fn(*const i64, i64, i64, i64) as usize,
        ),
        (
            "lattice_gpu_host_access_all",
            lattice_gpu_host_access_all as extern "C" fn() as usize,
        ),
        (
            "lattice_gpu_release",
            lattice_gpu_release as unsafe extern "C" fn(*const i64, i64, i64) as usize,
        ),
    ]
}

/// The byte range `[lo, hi)` a memref descriptor (MLIR layout: allocated, aligned,
/// offset, sizes, strides, all 8 bytes) of `rank` covers, for `elem` bytes per element;
/// `None` when it has no element.
///
/// # Safety
/// `desc` points to a live descriptor of `rank`.
unsafe fn desc_range(desc: *const i64, rank: i64, elem: i64) -> Option<(usize, usize)> {
    let rank = rank.max(0) as usize;
    let f = std::slice::from_raw_parts(desc, 3 + 2 * rank);
    let (aligned, offset) = (f[1] as usize, f[2]);
    let (mut lo, mut hi) = (offset, offset);
    for d in 0..rank {
        let (size, stride) = (f[3 + d], f[3 + rank + d]);
        if size <= 0 {
            return None;
        }
        let span = (size - 1) * stride;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    let lo = aligned.wrapping_add_signed((lo * elem) as isize);
    let hi = aligned.wrapping_add_signed(((hi + 1) * elem) as isize);
    Some((lo, hi))
}

/// `gpu.launch_func`: `dims` holds grid x, y, z then block x, y, z; `args` the kernel
/// operands in order.
///
/// # Safety
/// `dims` points to 6 values, `args` to `nargs` arguments whose memref descriptors are
/// live and describe memory the host owns.
#[no_mangle]
pub unsafe extern "C" fn lattice_gpu_launch(
    kernel: i64,
    dims: *const i64,
    nargs: i64,
    args: *const LaunchArg,
) {
    let dims = std::slice::from_raw_parts(dims, 6);
    let args = std::slice::from_raw_parts(args, nargs.max(0) as usize);
    with_session(|s| {
        let k = s
            .kernels
            .get(kernel as usize)
            .ok_or_else(|| RuntimeError::Arguments {
                kernel: format!("#{kernel}"),
                message: "no such kernel".into(),
            })?;
        for d in 0..3 {
            if dims[3 + d] != k.workgroup_size[d] as i64 {
                return Err(RuntimeError::Arguments {
                    kernel: k.name.clone(),
                    message: format!(
                        "launched with block size {:?}, compiled for {:?}",
                        &dims[3..],
                        k.workgroup_size
                    ),
                });
            }
        }
        if dims[..3]
            .iter()
            .any(|&g| !(0..=u32::MAX as i64).contains(&g))
        {
            return Err(RuntimeError::Arguments {
                kernel: k.name.clone(),
                message: format!("grid size {:?} out of range", &dims[..3]),
            });
        }
        let grid = [dims[0] as u32, dims[1] as u32, dims[2] as u32];
        s.gpu.launch(kernel as usize, k, grid, args)?;
        s.stats.launches += 1;
        match s.stats.per_kernel.iter_mut().find(|e| e.0 == k.name) {
            Some(e) => e.1 += 1,
            None => s.stats.per_kernel.push((k.name.clone(), 1, None)),
        }
        Ok(())
    })
}

/// The host is about to access the memref `desc` (`write` non-zero: it may write).
///
/// # Safety
/// `desc` points to a live descriptor of `rank`.
#[no_mangle]
pub unsafe extern "C" fn lattice_gpu_host_access(
    desc: *const i64,
    rank: i64,
    elem: i64,
    write: i64,
) {
    let Some((lo, hi)) = desc_range(desc, rank, elem) else {
        return;
    };
    with_session(|s| s.gpu.host_access(lo, hi, write != 0))
}

/// The host is about to access memory it cannot name: download everything the device
/// wrote and treat every buffer as host-newer.
#[no_mangle]
pub extern "C" fn lattice_gpu_host_access_all() {
    with_session(|s| s.gpu.host_access(0, usize::MAX, true))
}

/// The memory of `desc` is about to be freed: drop the buffers inside it.
///
/// # Safety
/// `desc` points to a live descriptor of `rank`.
#[no_mangle]
pub unsafe extern "C" fn lattice_gpu_release(desc: *const i64, rank: i64, elem: i64) {
    let Some((lo, hi)) = desc_range(desc, rank, elem) else {
        return;
    };
    with_session(|s| {
        s.gpu.release(lo, hi);
        Ok(())
    })
}
