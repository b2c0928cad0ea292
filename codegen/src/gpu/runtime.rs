//! The wgpu runtime: picks an adapter, compiles emitted kernels into compute pipelines
//! (cached per kernel), keeps device buffers for host memory, and dispatches kernels.
//!
//! Invariants: one device per [`Gpu`]; a pipeline and a uniform block are built once per
//! kernel. Buffers are keyed by the host byte range `[lo, hi)` a kernel argument covers
//! and never overlap one another; each is in one [`State`]: in sync with host memory,
//! host-newer (the host may have written it since the last upload) or device-newer (a
//! kernel wrote it since the last download). A launch uploads the host-newer buffers it
//! binds, creates missing ones (first downloading and dropping overlapping ones) and
//! marks the ones it may write (the manifest's `writable`) device-newer; it does not
//! wait for the device. [`Gpu::host_access`] downloads device-newer buffers before the
//! host touches their memory and marks them host-newer when it may write;
//! [`Gpu::release`] drops the buffers of freed memory. The host side
//! ([`super::host`]) decides when to call which. Kernels use the ABI of [`super`].

use super::naga_emit::{EmitError, Kernel};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::time::Duration;

/// Runtime errors.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// No adapter (or none matching the requested name or position).
    #[error("{0}")]
    NoAdapter(String),
    /// Device creation failed.
    #[error("cannot open the GPU device: {0}")]
    Device(String),
    /// The kernel could not be turned into a pipeline.
    #[error(transparent)]
    Emit(#[from] EmitError),
    /// wgpu reported a validation error.
    #[error("kernel '{kernel}': {message}")]
    Wgpu {
        /// The kernel.
        kernel: String,
        /// wgpu's message.
        message: String,
    },
    /// Arguments do not match the kernel.
    #[error("kernel '{kernel}': {message}")]
    Arguments {
        /// The kernel.
        kernel: String,
        /// What is wrong.
        message: String,
    },
}

/// Options of [`Gpu::new`].
#[derive(Clone, Debug, Default)]
pub struct GpuOptions {
    /// Use the first adapter whose name (with its backend, as [`adapter_names`] lists
    /// them) contains this text (case-insensitive), or, for a number, the adapter at that
    /// position of [`adapter_names`].
    pub adapter: Option<String>,
    /// Measure each launch with timestamp queries (where the device has them); off, a
    /// launch creates no query objects.
    pub timestamps: bool,
}

/// A kernel argument as host code passes it to [`super::host::lattice_gpu_launch`]:
/// `kind` 0 = integer (`bits`), 1 = `f32` (low 32 bits of `bits`), 2 = `f64` (`bits`),
/// 3 = ranked memref (`desc` points to its descriptor of `rank`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LaunchArg {
    /// What the argument is.
    pub kind: i64,
    /// Scalar bits.
    pub bits: i64,
    /// Memref descriptor.
    pub desc: *const i64,
    /// Memref rank.
    pub rank: i64,
}

/// [`LaunchArg::kind`] of integers.
pub const ARG_INT: i64 = 0;
/// [`LaunchArg::kind`] of `f32`.
pub const ARG_F32: i64 = 1;
/// [`LaunchArg::kind`] of `f64`.
pub const ARG_F64: i64 = 2;
/// [`LaunchArg::kind`] of memrefs.
pub const ARG_MEMREF: i64 = 3;

/// Where the newest contents of a buffer's host range are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Host memory and the buffer agree.
    Synced,
    /// The host may have written its memory since the last upload.
    HostNewer,
    /// A kernel may have written the buffer since the last download.
    DeviceNewer,
}

struct Buf {
    id: u64,
    hi: usize,
    buffer: wgpu::Buffer,
    host: String,
    gpu: String,
    state: State,
}

struct Pipeline {
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
}

/// A device with its queue and pipeline cache.
pub struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
    /// The adapter's name and backend.
    pub adapter_name: String,
    /// Whether the device supports `SHADER_F16`.
    pub shader_f16: bool,
    /// Whether the device supports `SHADER_F64`.
    pub shader_f64: bool,
    /// Whether the device supports `SHADER_INT64`.
    pub shader_i64: bool,
    timestamps: bool,
    pipelines: FxHashMap<usize, Pipeline>,
    /// Per kernel: its uniform block buffer (scalar arguments), when it has one.
    uniforms: FxHashMap<usize, wgpu::Buffer>,
    /// Device buffers by the start of their host range.
    buffers: BTreeMap<usize, Buf>,
    next_id: u64,
    /// Bind groups by kernel and the ids of the buffers bound.
    bind_groups: FxHashMap<(usize, Vec<u64>), wgpu::BindGroup>,
    /// Timestamp queries not read yet: kernel, query set, resolve and read buffers.
    pending_times: Vec<(usize, wgpu::QuerySet, wgpu::Buffer, wgpu::Buffer)>,
    /// Kernel times read early (too many pending queries).
    early_times: Vec<(usize, Duration)>,
    uploaded: u64,
    downloaded: u64,
    /// Warnings for the user (one per kernel that may misbehave on this adapter), in the
    /// order the kernels were first launched.
    pub warnings: Vec<String>,
}

/// Mesa's lavapipe (llvmpipe) leaves every loop of an invocation, silently, once all
/// loops together took this many back edges (gallivm's loop limiter).
pub const LAVAPIPE_LOOP_LIMIT: u64 = 65_535;

/// The warning for `kernel` on adapter `adapter` when it is lavapipe and the kernel's
/// loop iterations per invocation may exceed [`LAVAPIPE_LOOP_LIMIT`].
pub fn lavapipe_loop_warning(adapter: &str, kernel: &Kernel) -> Option<String> {
    if !adapter.contains("llvmpipe") {
        return None;
    }
    let what = match kernel.loop_iterations {
        Some(n) if n <= LAVAPIPE_LOOP_LIMIT => return None,
        Some(n) => format!("up to {n} loop iterations per invocation"),
        None => "loops whose trip counts are not known at compile time".to_string(),
    };
    Some(format!(
        "warning: gpu kernel {} has {what}; lavapipe stops an invocation's loops after {LAVAPIPE_LOOP_LIMIT} iterations without an error, so its results may be wrong (map more loops to the grid, e.g. a 2-D --gpu-workgroup-size, or run on another adapter)",
        kernel.name
    ))
}

/// The names of the adapters wgpu finds.
pub fn adapter_names() -> Vec<String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle());
    pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()))
        .iter()
        .map(|a| {
            let i = a.get_info();
            format!("{} ({:?})", i.name, i.backend)
        })
        .collect()
}

impl Gpu {
    /// Opens a device on the chosen adapter.
    pub fn new(options: &GpuOptions) -> Result<Gpu, RuntimeError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle());
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
        let names: Vec<String> = adapters
            .iter()
            .map(|a| {
                let i = a.get_info();
                format!("{} ({:?})", i.name, i.backend)
            })
            .collect();
        let chosen = match &options.adapter {
            Some(want) => {
                let w = want.to_lowercase();
                let at = match w.parse::<usize>() {
                    Ok(i) => (i < names.len()).then_some(i),
                    Err(_) => names.iter().position(|n| n.to_lowercase().contains(&w)),
                };
                at.and_then(|i| adapters.into_iter().nth(i))
            }
            None => adapters.into_iter().next(),
        };
        let Some(adapter) = chosen else {
            return Err(RuntimeError::NoAdapter(match (&options.adapter, names.is_empty()) {
                (_, true) => "no GPU adapter found (on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers)".to_string(),
                (Some(want), false) => format!(
                    "no GPU adapter matches \"{want}\"; available: {} (--gpu-adapter takes a part of a name or a position, 0 first)",
                    names
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{i}: {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                (None, false) => "no GPU adapter found".to_string(),
            }));
        };
        let info = adapter.get_info();
        let features = adapter.features();
        let mut required = wgpu::Features::empty();
        let shader_f16 = features.contains(wgpu::Features::SHADER_F16);
        if shader_f16 {
            required |= wgpu::Features::SHADER_F16;
        }
        let shader_f64 = features.contains(wgpu::Features::SHADER_F64);
        if shader_f64 {
            required |= wgpu::Features::SHADER_F64;
        }
        let shader_i64 = features.contains(wgpu::Features::SHADER_INT64);
        if shader_i64 {
            required |= wgpu::Features::SHADER_INT64;
        }
        let timestamps = options.timestamps && features.contains(wgpu::Features::TIMESTAMP_QUERY);
        if timestamps {
            required |= wgpu::Features::TIMESTAMP_QUERY;
        }
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("lattice"),
            required_features: required,
            required_limits: adapter.limits(),
            ..Default::default()
        }))
        .map_err(|e| RuntimeError::Device(e.to_string()))?;
        Ok(Gpu {
            device,
            queue,
            adapter_name: format!("{} ({:?})", info.name, info.backend),
            shader_f16,
            shader_f64,
            shader_i64,
            timestamps,
            pipelines: FxHashMap::default(),
            uniforms: FxHashMap::default(),
            buffers: BTreeMap::new(),
            next_id: 0,
            bind_groups: FxHashMap::default(),
            pending_times: Vec::new(),
            early_times: Vec::new(),
            uploaded: 0,
            downloaded: 0,
            warnings: Vec::new(),
        })
    }

    fn pipeline(&mut self, index: usize, kernel: &Kernel) -> Result<(), RuntimeError> {
        if self.pipelines.contains_key(&index) {
            return Ok(());
        }
        if let Some(w) = lavapipe_loop_warning(&self.adapter_name, kernel) {
            self.warnings.push(w);
        }
        let wgsl = kernel.wgsl()?;
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = self
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(&kernel.name),
                source: wgpu::ShaderSource::Wgsl(wgsl.into()),
            });
        let pipeline = self
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(&kernel.name),
                layout: None,
                module: &module,
                entry_point: Some(&kernel.entry_point),
                compilation_options: Default::default(),
                cache: None,
            });
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RuntimeError::Wgpu {
                kernel: kernel.name.clone(),
                message: e.to_string(),
            });
        }
        let layout = pipeline.get_bind_group_layout(0);
        self.pipelines.insert(index, Pipeline { pipeline, layout });
        Ok(())
    }

    /// The keys of the buffers overlapping `[lo, hi)` (buffers never overlap one
    /// another, so at most one starts before `lo`).
    fn overlapping(&self, lo: usize, hi: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if let Some((&k, b)) = self.buffers.range(..lo).next_back() {
            if b.hi > lo {
                out.push(k);
            }
        }
        out.extend(self.buffers.range(lo..hi).map(|(&k, _)| k));
        out
    }

    /// Copies the host bytes of buffer `key` to the device.
    fn upload(&mut self, key: usize) {
        let b = &self.buffers[&key];
        // SAFETY: the range was taken from a live memref descriptor when the buffer was
        // created, and buffers of freed memory are released before it is freed.
        let host = unsafe { std::slice::from_raw_parts(key as *const u8, b.hi - key) };
        let mut data = convert(host, &b.host, &b.gpu);
        while data.len() < 4 || !data.len().is_multiple_of(4) {
            data.push(0);
        }
        self.queue.write_buffer(&b.buffer, 0, &data);
        self.uploaded += (b.hi - key) as u64;
    }

    /// Copies the device-newer buffers among `keys` back to host memory.
    fn download(&mut self, keys: &[usize]) -> Result<(), RuntimeError> {
        let keys: Vec<usize> = keys
            .iter()
            .copied()
            .filter(|k| self.buffers[k].state == State::DeviceNewer)
            .collect();
        if keys.is_empty() {
            return Ok(());
        }
        let mut enc = self.device.create_command_encoder(&Default::default());
        let mut staging = Vec::new();
        for &k in &keys {
            let b = &self.buffers[&k];
            let st = self.device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: b.buffer.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            enc.copy_buffer_to_buffer(&b.buffer, 0, &st, 0, b.buffer.size());
            staging.push(st);
        }
        self.queue.submit([enc.finish()]);
        for st in &staging {
            st.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RuntimeError::Device(e.to_string()))?;
        for (&k, st) in keys.iter().zip(&staging) {
            let b = self.buffers.get_mut(&k).expect("listed buffer");
            let view = st
                .slice(..)
                .get_mapped_range()
                .map_err(|e| RuntimeError::Device(format!("{e:?}")))?;
            let back = convert(&view, &b.gpu, &b.host);
            let n = b.hi - k;
            // SAFETY: as in `upload`; the host is not touching this memory now (it
            // announced the access and waits for this call).
            unsafe { std::ptr::copy_nonoverlapping(back.as_ptr(), k as *mut u8, n) };
            b.state = State::Synced;
            self.downloaded += n as u64;
        }
        Ok(())
    }

    fn drop_buffers(&mut self, keys: &[usize]) {
        let mut ids = Vec::new();
        for k in keys {
            if let Some(b) = self.buffers.remove(k) {
                ids.push(b.id);
            }
        }
        if !ids.is_empty() {
            self.bind_groups
                .retain(|(_, bound), _| !bound.iter().any(|i| ids.contains(i)));
        }
    }

    /// The host is about to access `[lo, hi)`: downloads device-newer buffers there and,
    /// for a write, marks them host-newer.
    pub fn host_access(&mut self, lo: usize, hi: usize, write: bool) -> Result<(), RuntimeError> {
        let keys = self.overlapping(lo, hi);
        self.download(&keys)?;
        if write {
            for k in keys {
                self.buffers.get_mut(&k).expect("listed buffer").state = State::HostNewer;
            }
        }
        Ok(())
    }

    /// The memory `[lo, hi)` is about to be freed: drops its buffers (without copying).
    pub fn release(&mut self, lo: usize, hi: usize) {
        let keys = self.overlapping(lo, hi);
        self.drop_buffers(&keys);
    }

    /// The buffer for host range `[lo, hi)` holding `gpu` elements (the host has `host`
    /// elements), created or brought up to date; returns its id.
    fn bind_buffer(
        &mut self,
        lo: usize,
        hi: usize,
        host: &str,
        gpu: &str,
    ) -> Result<u64, RuntimeError> {
        if let Some(b) = self.buffers.get(&lo) {
            if b.hi == hi && b.host == host && b.gpu == gpu {
                let (id, state) = (b.id, b.state);
                if state == State::HostNewer {
                    self.upload(lo);
                    self.buffers.get_mut(&lo).expect("found").state = State::Synced;
                }
                return Ok(id);
            }
        }
        let old = self.overlapping(lo, hi);
        self.download(&old)?;
        self.drop_buffers(&old);
        let elems = (hi - lo) / host_width(host);
        let size = ((elems * host_width(gpu)).max(4) as u64).next_multiple_of(4);
        let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let id = self.next_id;
        self.next_id += 1;
        self.buffers.insert(
            lo,
            Buf {
                id,
                hi,
                buffer,
                host: host.to_string(),
                gpu: gpu.to_string(),
                state: State::Synced,
            },
        );
        self.upload(lo);
        Ok(id)
    }

    /// Runs kernel number `index` (`kernel`) on a `grid` of workgroups with `args` (in
    /// `gpu.func` argument order). Does not wait for the device.
    pub fn launch(
        &mut self,
        index: usize,
        kernel: &Kernel,
        grid: [u32; 3],
        args: &[LaunchArg],
    ) -> Result<(), RuntimeError> {
        let bad = |message: String| RuntimeError::Arguments {
            kernel: kernel.name.clone(),
            message,
        };
        if grid.contains(&0) {
            return Ok(());
        }
        self.pipeline(index, kernel)?;
        // Storage buffers: (binding, buffer key, writable).
        let mut bound: Vec<(u32, usize, bool)> = Vec::new();
        let mut ranges: Vec<(usize, usize, usize)> = Vec::new();
        let mut ids = Vec::new();
        let mut uniform = None;
        for b in &kernel.bindings {
            if b.kind == "storage" {
                let i = b.arg.unwrap_or(usize::MAX);
                let a = match args.get(i) {
                    Some(a) if a.kind == ARG_MEMREF => a,
                    _ => return Err(bad(format!("argument #{i} must be a memref"))),
                };
                let host = b.element.clone().unwrap_or_default();
                let gpu = b.gpu_element.clone().unwrap_or_else(|| host.clone());
                let width = host_width(&host);
                let rank = b.shape.len();
                if a.rank != rank as i64 {
                    return Err(bad(format!("argument #{i} has rank {}", a.rank)));
                }
                // SAFETY: host code passes a live descriptor of `rank`.
                let f = unsafe { std::slice::from_raw_parts(a.desc, 3 + 2 * rank) };
                let (sizes, strides) = (&f[3..3 + rank], &f[3 + rank..]);
                if sizes != b.shape.as_slice() {
                    return Err(bad(format!(
                        "argument #{i} has sizes {sizes:?}, the kernel was compiled for {:?}",
                        b.shape
                    )));
                }
                let mut expect = 1i64;
                for d in (0..rank).rev() {
                    if sizes[d] != 1 && strides[d] != expect {
                        return Err(bad(format!(
                            "argument #{i} is not contiguous (strides {strides:?}); copy it to a new memref first"
                        )));
                    }
                    expect *= sizes[d];
                }
                if expect == 0 {
                    return Err(bad(format!("argument #{i} has no element")));
                }
                let lo = (f[1] as usize).wrapping_add_signed((f[2] * width as i64) as isize);
                let hi = lo + expect as usize * width;
                if let Some((_, _, j)) = ranges.iter().find(|(l, h, _)| *l < hi && lo < *h) {
                    return Err(bad(format!(
                        "arguments #{j} and #{i} overlap in memory, which kernels do not support"
                    )));
                }
                ranges.push((lo, hi, i));
                ids.push(self.bind_buffer(lo, hi, &host, &gpu)?);
                bound.push((b.binding, lo, b.writable));
            } else {
                let mut bytes = Vec::new();
                for (k, &fi) in b.fields.iter().enumerate() {
                    let at = b.offsets.get(k).copied().unwrap_or(bytes.len() as u32) as usize;
                    bytes.resize(at, 0);
                    let ty = b.field_types.get(k).map_or("i32", String::as_str);
                    let Some(a) = args.get(fi).filter(|a| a.kind != ARG_MEMREF) else {
                        return Err(bad(format!("argument #{fi} must be a scalar")));
                    };
                    let value = match a.kind {
                        ARG_F32 => f32::from_bits(a.bits as u32) as f64,
                        ARG_F64 => f64::from_bits(a.bits as u64),
                        _ => a.bits as f64,
                    };
                    match (ty, a.kind) {
                        ("f64", _) => bytes.extend_from_slice(&value.to_le_bytes()),
                        ("f32", _) => bytes.extend_from_slice(&(value as f32).to_le_bytes()),
                        ("i64", _) => bytes.extend_from_slice(&a.bits.to_le_bytes()),
                        _ => {
                            let v = i32::try_from(a.bits).map_err(|_| {
                                bad(format!("argument #{fi} = {} does not fit in i32", a.bits))
                            })?;
                            bytes.extend_from_slice(&v.to_le_bytes());
                        }
                    }
                }
                while bytes.len() % 16 != 0 {
                    bytes.push(0);
                }
                let device = &self.device;
                let buf = self.uniforms.entry(index).or_insert_with(|| {
                    device.create_buffer(&wgpu::BufferDescriptor {
                        label: None,
                        size: bytes.len() as u64,
                        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                });
                // Ordered before the next submit, so each launch sees its own values.
                self.queue.write_buffer(buf, 0, &bytes);
                uniform = Some(b.binding);
            }
        }
        let device = &self.device;
        let p = &self.pipelines[&index];
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let key = (index, ids);
        if !self.bind_groups.contains_key(&key) {
            let mut entries: Vec<wgpu::BindGroupEntry<'_>> = bound
                .iter()
                .map(|&(binding, k, _)| wgpu::BindGroupEntry {
                    binding,
                    resource: self.buffers[&k].buffer.as_entire_binding(),
                })
                .collect();
            if let Some(binding) = uniform {
                entries.push(wgpu::BindGroupEntry {
                    binding,
                    resource: self.uniforms[&index].as_entire_binding(),
                });
            }
            let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &p.layout,
                entries: &entries,
            });
            self.bind_groups.insert(key.clone(), bind);
        }
        let bind = &self.bind_groups[&key];
        let queries = self.timestamps.then(|| {
            let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: None,
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            });
            let resolve = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: 16,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let read = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: 16,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            (set, resolve, read)
        });
        let mut enc = device.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: queries.as_ref().map(|(set, _, _)| {
                    wgpu::ComputePassTimestampWrites {
                        query_set: set,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    }
                }),
            });
            pass.set_pipeline(&p.pipeline);
            pass.set_bind_group(0, bind, &[]);
            pass.dispatch_workgroups(grid[0], grid[1], grid[2]);
        }
        if let Some((set, resolve, read)) = &queries {
            enc.resolve_query_set(set, 0..2, resolve, 0);
            enc.copy_buffer_to_buffer(resolve, 0, read, 0, 16);
        }
        self.queue.submit([enc.finish()]);
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RuntimeError::Wgpu {
                kernel: kernel.name.clone(),
                message: e.to_string(),
            });
        }
        for &(_, k, writable) in &bound {
            if writable {
                self.buffers.get_mut(&k).expect("bound buffer").state = State::DeviceNewer;
            }
        }
        if let Some((set, resolve, read)) = queries {
            self.pending_times.push((index, set, resolve, read));
            if self.pending_times.len() >= 1024 {
                let t = self.read_times()?;
                self.early_times.extend(t);
            }
        }
        Ok(())
    }

    /// Waits for the pending timestamp queries; returns (kernel index, time) per launch.
    fn read_times(&mut self) -> Result<Vec<(usize, Duration)>, RuntimeError> {
        let pending = std::mem::take(&mut self.pending_times);
        for (_, _, _, read) in &pending {
            read.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RuntimeError::Device(e.to_string()))?;
        let period = self.queue.get_timestamp_period() as f64;
        let mut out = Vec::new();
        for (k, _, _, read) in &pending {
            let view = read
                .slice(..)
                .get_mapped_range()
                .map_err(|e| RuntimeError::Device(format!("{e:?}")))?;
            let t0 = u64::from_le_bytes(view[0..8].try_into().expect("8 bytes"));
            let t1 = u64::from_le_bytes(view[8..16].try_into().expect("8 bytes"));
            out.push((
                *k,
                Duration::from_nanos((t1.saturating_sub(t0) as f64 * period) as u64),
            ));
        }
        Ok(out)
    }

    /// Waits for the device; returns the kernel times of all launches since the last
    /// call (kernel index, time), empty without timestamp queries. Buffers stay.
    pub fn finish(&mut self) -> Result<Vec<(usize, Duration)>, RuntimeError> {
        let mut t = std::mem::take(&mut self.early_times);
        t.extend(self.read_times()?);
        Ok(t)
    }

    /// Bytes copied so far: host → device, device → host.
    pub fn traffic(&self) -> (u64, u64) {
        (self.uploaded, self.downloaded)
    }

    /// Drops every buffer (the memory they mirror is going away).
    pub fn release_all(&mut self) {
        self.buffers.clear();
        self.bind_groups.clear();
    }
}

/// Bytes per element of a memref element type on the host.
fn host_width(elem: &str) -> usize {
    match elem {
        "f16" | "i16" => 2,
        "f64" | "i64" | "index" => 8,
        "i8" => 1,
        _ => 4,
    }
}

/// Converts little-endian elements between host and GPU representations (`f64` ↔ `f32`
/// for demoted kernels, 64-bit `index` ↔ `i32`); other pairs are copied.
fn convert(data: &[u8], from: &str, to: &str) -> Vec<u8> {
    match (from, to) {
        ("f64", "f32") => data
            .chunks_exact(8)
            .flat_map(|c| (f64::from_le_bytes(c.try_into().unwrap()) as f32).to_le_bytes())
            .collect(),
        ("f32", "f64") => data
            .chunks_exact(4)
            .flat_map(|c| (f32::from_le_bytes(c.try_into().unwrap()) as f64).to_le_bytes())
            .collect(),
        ("index" | "i64", "i32") => data
            .chunks_exact(8)
            .flat_map(|c| (i64::from_le_bytes(c.try_into().unwrap()) as i32).to_le_bytes())
            .collect(),
        ("i32", "index" | "i64") => data
            .chunks_exact(4)
            .flat_map(|c| (i32::from_le_bytes(c.try_into().unwrap()) as i64).to_le_bytes())
            .collect(),
        _ => data.to_vec(),
    }
}
