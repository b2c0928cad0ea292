//! The wgpu runtime: picks an adapter, compiles emitted kernels into compute pipelines
//! (cached by kernel name), and dispatches them on host memory.
//!
//! Invariants: one device per [`Gpu`]; a pipeline is built once per kernel name; each
//! [`Gpu::dispatch`] uploads every memref argument, runs the kernel to completion and
//! copies back the buffers the kernel may write (the manifest's `writable`), so host
//! memory is up to date when it returns. Kernels use the ABI of [`super`].

use super::naga_emit::{EmitError, Kernel};
use rustc_hash::FxHashMap;
use std::time::Duration;

/// Runtime errors.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// No adapter (or none matching the requested name).
    #[error("no GPU adapter found{wanted}; available: {available} (on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers)")]
    NoAdapter {
        /// ` matching "..."` when a name was asked for.
        wanted: String,
        /// The adapters seen.
        available: String,
    },
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
    /// Use the first adapter whose name contains this text (case-insensitive).
    pub adapter: Option<String>,
}

/// An argument of a kernel dispatch, in `gpu.func` argument order.
pub enum KernelArg<'a> {
    /// A memref's elements, row-major, as bytes (written back when the kernel writes it).
    Memref(&'a mut [u8]),
    /// An `index` or `i32` scalar.
    Int(i64),
    /// An `f32` scalar.
    F32(f32),
    /// An `f64` scalar.
    F64(f64),
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
    pipelines: FxHashMap<String, Pipeline>,
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
                adapters
                    .into_iter()
                    .zip(&names)
                    .find(|(_, n)| n.to_lowercase().contains(&w))
                    .map(|(a, _)| a)
            }
            None => adapters.into_iter().next(),
        };
        let Some(adapter) = chosen else {
            return Err(RuntimeError::NoAdapter {
                wanted: options
                    .adapter
                    .as_ref()
                    .map(|w| format!(" matching \"{w}\""))
                    .unwrap_or_default(),
                available: if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                },
            });
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
        let timestamps = features.contains(wgpu::Features::TIMESTAMP_QUERY);
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
        })
    }

    fn pipeline(&mut self, kernel: &Kernel) -> Result<&Pipeline, RuntimeError> {
        if !self.pipelines.contains_key(&kernel.name) {
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
            self.pipelines
                .insert(kernel.name.clone(), Pipeline { pipeline, layout });
        }
        Ok(&self.pipelines[&kernel.name])
    }

    /// Runs `kernel` on a `grid` of workgroups; returns the kernel time measured with
    /// timestamp queries when the device has them.
    pub fn dispatch(
        &mut self,
        kernel: &Kernel,
        grid: [u32; 3],
        args: &mut [KernelArg<'_>],
    ) -> Result<Option<Duration>, RuntimeError> {
        use wgpu::util::DeviceExt;
        let bad = |message: String| RuntimeError::Arguments {
            kernel: kernel.name.clone(),
            message,
        };
        if grid.contains(&0) {
            return Ok(None);
        }
        self.pipeline(kernel)?;
        let device = &self.device;
        // (binding, buffer, for writable memrefs: argument, host and GPU element types)
        type Bound = (u32, wgpu::Buffer, Option<(usize, String, String)>);
        let mut buffers: Vec<Bound> = Vec::new();
        for b in &kernel.bindings {
            if b.kind == "storage" {
                let i = b.arg.unwrap_or(usize::MAX);
                let Some(KernelArg::Memref(data)) = args.get(i) else {
                    return Err(bad(format!("argument #{i} must be a memref")));
                };
                let elems: i64 = b.shape.iter().product();
                let host = b.element.clone().unwrap_or_default();
                let gpu = b.gpu_element.clone().unwrap_or_else(|| host.clone());
                let width = host_width(&host) as i64;
                if data.len() as i64 != elems * width {
                    return Err(bad(format!(
                        "argument #{i} has {} bytes, the memref needs {}",
                        data.len(),
                        elems * width
                    )));
                }
                // Vulkan needs non-empty, 4-byte-multiple buffers.
                let mut contents = convert(data, &host, &gpu);
                while contents.len() < 4 || !contents.len().is_multiple_of(4) {
                    contents.push(0);
                }
                let buf = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: &contents,
                    usage: wgpu::BufferUsages::STORAGE
                        | wgpu::BufferUsages::COPY_SRC
                        | wgpu::BufferUsages::COPY_DST,
                });
                buffers.push((b.binding, buf, b.writable.then_some((i, host, gpu))));
            } else {
                let mut bytes = Vec::new();
                for (k, &f) in b.fields.iter().enumerate() {
                    let at = b.offsets.get(k).copied().unwrap_or(bytes.len() as u32) as usize;
                    bytes.resize(at, 0);
                    let ty = b.field_types.get(k).map_or("i32", String::as_str);
                    match args.get(f) {
                        Some(KernelArg::F32(v)) if ty == "f64" => {
                            bytes.extend_from_slice(&(*v as f64).to_le_bytes())
                        }
                        Some(KernelArg::F64(v)) if ty == "f32" => {
                            bytes.extend_from_slice(&(*v as f32).to_le_bytes())
                        }
                        Some(KernelArg::Int(v)) if ty == "i64" => {
                            bytes.extend_from_slice(&v.to_le_bytes())
                        }
                        Some(KernelArg::Int(v)) => {
                            let v = i32::try_from(*v).map_err(|_| {
                                bad(format!("argument #{f} = {v} does not fit in i32"))
                            })?;
                            bytes.extend_from_slice(&v.to_le_bytes());
                        }
                        Some(KernelArg::F32(v)) => bytes.extend_from_slice(&v.to_le_bytes()),
                        Some(KernelArg::F64(v)) => bytes.extend_from_slice(&v.to_le_bytes()),
                        _ => return Err(bad(format!("argument #{f} must be a scalar"))),
                    }
                }
                while bytes.len() % 16 != 0 {
                    bytes.push(0);
                }
                let buf = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: &bytes,
                    usage: wgpu::BufferUsages::UNIFORM,
                });
                buffers.push((b.binding, buf, None));
            }
        }
        let p = &self.pipelines[&kernel.name];
        let entries: Vec<wgpu::BindGroupEntry<'_>> = buffers
            .iter()
            .map(|(binding, buf, _)| wgpu::BindGroupEntry {
                binding: *binding,
                resource: buf.as_entire_binding(),
            })
            .collect();
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &p.layout,
            entries: &entries,
        });
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
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(grid[0], grid[1], grid[2]);
        }
        if let Some((set, resolve, read)) = &queries {
            enc.resolve_query_set(set, 0..2, resolve, 0);
            enc.copy_buffer_to_buffer(resolve, 0, read, 0, 16);
        }
        let mut staging = Vec::new();
        for (_, buf, arg) in &buffers {
            if let Some((i, host, gpu)) = arg {
                let st = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: buf.size(),
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                enc.copy_buffer_to_buffer(buf, 0, &st, 0, buf.size());
                staging.push((*i, st, host.clone(), gpu.clone()));
            }
        }
        self.queue.submit([enc.finish()]);
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RuntimeError::Wgpu {
                kernel: kernel.name.clone(),
                message: e.to_string(),
            });
        }
        for (_, st, _, _) in &staging {
            st.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        if let Some((_, _, read)) = &queries {
            read.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RuntimeError::Device(e.to_string()))?;
        for (i, st, host, gpu) in &staging {
            let view = st
                .slice(..)
                .get_mapped_range()
                .map_err(|e| RuntimeError::Device(format!("{e:?}")))?;
            if let Some(KernelArg::Memref(data)) = args.get_mut(*i) {
                let n = data.len();
                let back = convert(&view, gpu, host);
                data.copy_from_slice(&back[..n]);
            }
        }
        let time = match &queries {
            Some((_, _, read)) => {
                let view = read
                    .slice(..)
                    .get_mapped_range()
                    .map_err(|e| RuntimeError::Device(format!("{e:?}")))?;
                let t0 = u64::from_le_bytes(view[0..8].try_into().unwrap());
                let t1 = u64::from_le_bytes(view[8..16].try_into().unwrap());
                let period = self.queue.get_timestamp_period() as f64;
                Some(Duration::from_nanos(
                    (t1.saturating_sub(t0) as f64 * period) as u64,
                ))
            }
            None => None,
        };
        Ok(time)
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
