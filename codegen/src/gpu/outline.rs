//! `gpu-kernel-outlining` (mlir-opt's pass of that name): each `gpu.launch` becomes a
//! `gpu.func` kernel in its own `gpu.module` and a `gpu.launch_func` at the launch site.
//!
//! As upstream: `arith.constant`s used in the body are sunk into it (cloned); every
//! other value defined above and used inside becomes a kernel argument, in order of first
//! use; the kernel starts with the twelve `gpu.block_id`/`thread_id`/`grid_dim`/
//! `block_dim` ops standing for the launch's region arguments; the kernel and its module
//! are named `<function>_kernel` (made unique with `_0`, `_1`, ... suffixes) and placed
//! right after the function; constant block and grid sizes become `known_block_size` /
//! `known_grid_size`; the enclosing module gets `gpu.container_module`; workgroup
//! attributions become the kernel's workgroup attributions. Declines (error) on launches
//! with more than one block, async dependencies, clusters or private attributions.

use super::build::{Builder, InsertPoint};
use lattice_dialects::{arith, gpu, ub};
use lattice_ir::builtin::Module;
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::{AttrData, DiagLoc, Diagnostic, Ir, Op, Value, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

/// The `gpu-kernel-outlining` pass.
pub static KERNEL_OUTLINING: PassDef = PassDef {
    name: "gpu-kernel-outlining",
    display_name: "GpuKernelOutliningPass",
    summary: "Outline gpu.launch bodies to kernel functions",
    anchor: Some(Module::NAME),
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_pass,
};

fn run_pass(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    outline_kernels(ir, op).map(|_| ())
}

/// The integer value of `v` when an `arith.constant` defines it.
pub(crate) fn constant_int(ir: &Ir, v: Value) -> Option<i64> {
    let d = ir.defining_op(v)?;
    if !ir.isa::<arith::Constant>(d) {
        return None;
    }
    ir.ctx().int_value(ir.attr(d, "value")?).map(|x| x as i64)
}

fn symbol_name(ir: &Ir, op: Op) -> Option<String> {
    ir.attr(op, "sym_name")
        .and_then(|a| ir.ctx().string_value(a).map(str::to_string))
}

/// Outlines every `gpu.launch` under `module`; returns the `gpu.launch_func` ops.
pub fn outline_kernels(ir: &mut Ir, module: Op) -> Result<Vec<Op>, Vec<Diagnostic>> {
    let Some(body) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return Ok(Vec::new());
    };
    let mut names: FxHashSet<String> = ir
        .block_ops(body)
        .filter_map(|o| symbol_name(ir, o))
        .collect();
    let funcs: Vec<Op> = ir.block_ops(body).collect();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for func in funcs {
        if ir.isa::<gpu::GPUModule>(func) {
            continue;
        }
        let launches: Vec<Op> = ir
            .walk_ops(func, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.isa::<gpu::Launch>(o))
            .collect();
        let fname = symbol_name(ir, func).unwrap_or_else(|| "kernel".into());
        let mut anchor = func;
        for launch in launches {
            let base = format!("{fname}_kernel");
            let mut name = base.clone();
            let mut k = 0;
            while names.contains(&name) {
                name = format!("{base}_{k}");
                k += 1;
            }
            match outline_one(ir, launch, &name) {
                Ok((gpu_module, launch_func)) => {
                    names.insert(name);
                    ir.insert_op_after(anchor, gpu_module);
                    anchor = gpu_module;
                    out.push(launch_func);
                }
                Err(e) => errors.push(Diagnostic::error(
                    DiagLoc::Loc(ir.loc(launch)),
                    e.to_string(),
                )),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if !out.is_empty() {
        let unit = ir.ctx().unit_attr();
        ir.set_attr(module, "gpu.container_module", unit);
    }
    Ok(out)
}

/// Why a `gpu.launch` cannot be outlined into a kernel function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotOutlined {
    #[error("gpu.launch without operandSegmentSizes")]
    NoSegmentSizes,
    #[error("cannot outline a launch with async dependencies, clusters or dynamic shared memory")]
    AsyncOrClusters,
    #[error("cannot outline a launch whose body has several blocks")]
    SeveralBlocks,
    #[error("cannot outline a launch with private attributions")]
    PrivateAttributions,
    #[error("empty launch body")]
    EmptyBody,
}

/// Outlines one launch; returns the detached `gpu.module` and the new `gpu.launch_func`.
fn outline_one(ir: &mut Ir, launch: Op, name: &str) -> Result<(Op, Op), NotOutlined> {
    let ctx = ir.ctx_arc().clone();
    let seg: Vec<i64> = match ir
        .attr(launch, "operandSegmentSizes")
        .map(|a| ctx.attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        _ => return Err(NotOutlined::NoSegmentSizes),
    };
    if seg.len() != 11 || seg[0] != 0 || seg[7..].iter().any(|&s| s != 0) {
        return Err(NotOutlined::AsyncOrClusters);
    }
    let region = ir.region(launch, 0);
    let blocks: Vec<_> = ir.region_blocks(region).collect();
    if blocks.len() != 1 {
        return Err(NotOutlined::SeveralBlocks);
    }
    let entry = blocks[0];
    let workgroup = ir
        .attr(launch, "workgroup_attributions")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(0) as usize;
    if ir.block_args(entry).len() != 12 + workgroup {
        return Err(NotOutlined::PrivateAttributions);
    }
    let attributions: Vec<Value> = ir.block_args(entry)[12..].to_vec();
    let sizes = ir.operands(launch).to_vec(); // grid x y z, block x y z
    let loc = ir.loc(launch);
    // Sink constants: clone each used arith.constant defined above into the body.
    let inside: Vec<Op> = ir.walk_ops(launch, WalkOrder::PreOrder);
    let inside_set: FxHashSet<Op> = inside.iter().copied().collect();
    let mut captured: Vec<Value> = Vec::new();
    let mut seen: FxHashSet<Value> = FxHashSet::default();
    for &o in &inside[1..] {
        for &v in ir.operands(o) {
            let outside = match ir.defining_op(v) {
                Some(d) => !inside_set.contains(&d),
                None => ir
                    .value_block(v)
                    .and_then(|b| ir.block_parent_op(b))
                    .is_none_or(|p| !inside_set.contains(&p)),
            };
            if outside && seen.insert(v) {
                captured.push(v);
            }
        }
    }
    let first = ir.first_op(entry);
    let mut args = Vec::new();
    for v in captured {
        let def = ir.defining_op(v);
        // Constants (and poison) are cloned into the kernel rather than passed.
        if let Some(d) = def.filter(|&d| ir.is_any_def(d, &[arith::Constant::DEF, ub::Poison::DEF]))
        {
            let mut map = FxHashMap::default();
            let c = ir.clone_op(d, &mut map);
            match first {
                Some(f) => ir.insert_op_before(f, c),
                None => ir.append_op(entry, c),
            }
            let nv = ir.result(c, 0);
            ir.replace_uses_where(v, nv, |ir, u| {
                inside_set.contains(&u.op) || ir.is_ancestor(launch, u.op)
            });
        } else {
            args.push(v);
        }
    }
    // The kernel function.
    let arg_types: Vec<_> = args.iter().map(|&v| ir.value_type(v)).collect();
    let mut block_types = arg_types.clone();
    block_types.extend(attributions.iter().map(|&v| ir.value_type(v)));
    let fbody = ir.create_block(&block_types);
    let fregion = ir.create_region();
    ir.append_block(fregion, fbody);
    let mut attrs = vec![
        ("sym_name", ctx.string_attr(name)),
        (
            "function_type",
            ctx.type_attr(ctx.function_type(arg_types.clone(), vec![])),
        ),
        (
            "workgroup_attributions",
            ctx.i64_attr(attributions.len() as i64),
        ),
        ("gpu.kernel", ctx.unit_attr()),
    ];
    let consts: Vec<Option<i64>> = sizes.iter().map(|&v| constant_int(ir, v)).collect();
    if consts[3..6].iter().all(Option::is_some) {
        let b: Vec<i32> = consts[3..6].iter().map(|c| c.unwrap() as i32).collect();
        attrs.push(("known_block_size", ctx.dense_i32_array(&b)));
    }
    if consts[0..3].iter().all(Option::is_some) {
        let g: Vec<i32> = consts[0..3].iter().map(|c| c.unwrap() as i32).collect();
        attrs.push(("known_grid_size", ctx.dense_i32_array(&g)));
    }
    let mut b = Builder::new(ir, InsertPoint::End(fbody), loc);
    let idx = ctx.index_type();
    let mut ids = Vec::new();
    for (opname, prefix) in [
        (gpu::BlockId::NAME, "block_id"),
        (gpu::ThreadId::NAME, "thread_id"),
        (gpu::GridDim::NAME, "grid_dim"),
        (gpu::BlockDim::NAME, "block_dim"),
    ] {
        let _ = prefix;
        for dim in ["x", "y", "z"] {
            let d = ctx.attr(AttrData::Dialect(format!("gpu<dim {dim}>")));
            ids.push(b.value(opname, vec![], idx, vec![("dimension", d)]));
        }
    }
    let gpu_func = {
        let ctx2 = ctx.clone();
        let mut st = lattice_ir::OperationState::new(ctx2.intern_str(gpu::GPUFunc::NAME), loc);
        for (n, a) in attrs {
            st.add_attr(ctx2.intern_str(n), a);
        }
        st.regions = vec![fregion];
        ir.create_op(st)
    };
    // Move the body; map region arguments and captured values.
    let launch_args = ir.block_args(entry).to_vec();
    for (a, &id) in launch_args.iter().zip(&ids) {
        ir.replace_all_uses(*a, id);
    }
    let fargs = ir.block_args(fbody).to_vec();
    for (&v, &fa) in args.iter().zip(&fargs) {
        ir.replace_uses_where(v, fa, |ir, u| ir.is_ancestor(launch, u.op));
    }
    for (&a, &fa) in attributions.iter().zip(&fargs[args.len()..]) {
        ir.replace_all_uses(a, fa);
    }
    ir.splice_block_ops(entry, fbody);
    let term = ir.last_op(fbody).ok_or(NotOutlined::EmptyBody)?;
    if ir.isa::<gpu::Terminator>(term) {
        let mut r = Builder::new(ir, InsertPoint::Before(term), loc);
        r.op(gpu::Return::NAME, vec![], vec![], vec![], vec![]);
        ir.erase_op(term);
    }
    // The module.
    let mregion = ir.create_region();
    let mblock = ir.create_block(&[]);
    ir.append_block(mregion, mblock);
    ir.append_op(mblock, gpu_func);
    let gpu_module = {
        let mut st = lattice_ir::OperationState::new(ctx.intern_str(gpu::GPUModule::NAME), loc);
        st.add_attr(ctx.intern_str("sym_name"), ctx.string_attr(name));
        st.regions = vec![mregion];
        ir.create_op(st)
    };
    // The launch_func.
    let mut operands = sizes.clone();
    operands.extend(&args);
    let seg = ctx.dense_i32_array(&[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, args.len() as i32, 0]);
    let kernel = ctx.attr(AttrData::SymbolRef {
        root: ctx.intern_str(name),
        nested: vec![ctx.intern_str(name)],
    });
    let mut lb = Builder::new(ir, InsertPoint::Before(launch), loc);
    let launch_func = lb.op(
        gpu::LaunchFunc::NAME,
        operands,
        vec![],
        vec![("kernel", kernel), ("operandSegmentSizes", seg)],
        vec![],
    );
    ir.erase_op(launch);
    Ok((gpu_module, launch_func))
}
