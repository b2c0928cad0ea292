//! The memref half of MLIR's runner utilities (`RunnerUtils`, plus `memrefCopy`, the
//! allocation hooks and `stdSort` of `CRunnerUtils`): printing memrefs with the exact text of
//! upstream's `printMemref*`, checking one memref against another (`verifyMemRef*`), and
//! copying between strided memrefs.
//!
//! Memrefs arrive in MLIR's descriptor ABI. A ranked descriptor of rank `r` is, in 64-bit
//! words, `[allocated ptr, aligned ptr, offset, sizes[r], strides[r]]`; an unranked memref is
//! the pair `(rank, pointer to a ranked descriptor)`, passed by pointer to the
//! `_mlir_ciface_*` functions and as two arguments to the plain ones. Elements are read with
//! unaligned loads, at `aligned + (offset + sum(i_k * stride_k)) * size_of(element)`.
//!
//! One deliberate difference: upstream reads (undefined) elements of memrefs with a size-0
//! dimension; Lattice reads none and prints `[]` at that level.

use std::ffi::c_void;

use super::format;
use super::output;

/// An unranked memref as the `_mlir_ciface_` functions receive it (`UnrankedMemRefType`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct UnrankedMemRef {
    /// Number of dimensions.
    pub rank: i64,
    /// Points to a ranked descriptor of that rank.
    pub descriptor: *mut c_void,
}

/// A decoded ranked descriptor (`DynamicMemRefType`).
#[derive(Debug, Clone)]
pub struct MemRefView {
    /// The allocated pointer (what `free` takes).
    pub allocated: *const u8,
    /// The aligned pointer, which indexing starts from.
    pub aligned: *const u8,
    /// Offset in elements.
    pub offset: i64,
    /// One size per dimension.
    pub sizes: Vec<i64>,
    /// One stride per dimension, in elements.
    pub strides: Vec<i64>,
}

impl MemRefView {
    /// Decodes the ranked descriptor at `desc`.
    ///
    /// # Safety
    /// `desc` points to a readable descriptor of rank `rank` (`3 + 2 * rank` words).
    pub unsafe fn from_ranked(desc: *const c_void, rank: i64) -> MemRefView {
        let words = desc.cast::<i64>();
        let rank = rank.max(0) as usize;
        // SAFETY: the caller guarantees 3 + 2 * rank readable words.
        let word = |i: usize| unsafe { words.add(i).read_unaligned() };
        MemRefView {
            allocated: word(0) as usize as *const u8,
            aligned: word(1) as usize as *const u8,
            offset: word(2),
            sizes: (0..rank).map(|k| word(3 + k)).collect(),
            strides: (0..rank).map(|k| word(3 + rank + k)).collect(),
        }
    }

    /// Decodes an unranked memref.
    ///
    /// # Safety
    /// `m` points to an unranked memref whose descriptor is readable (see [`from_ranked`]).
    ///
    /// [`from_ranked`]: MemRefView::from_ranked
    pub unsafe fn from_unranked(m: *const UnrankedMemRef) -> MemRefView {
        // SAFETY: per the caller.
        unsafe {
            let m = m.read_unaligned();
            MemRefView::from_ranked(m.descriptor, m.rank)
        }
    }

    fn rank(&self) -> usize {
        self.sizes.len()
    }

    fn is_empty(&self) -> bool {
        self.sizes.iter().any(|&s| s <= 0)
    }
}

/// An element type the runtime prints: how to load it and how C++ streams print it.
pub trait Element: Copy {
    /// Bytes per element.
    const SIZE: usize;
    /// Loads the element at `p`.
    ///
    /// # Safety
    /// `p` is readable for `SIZE` bytes.
    unsafe fn load(p: *const u8) -> Self;
    /// Appends the element as `std::ostream << element` writes it.
    fn write(self, out: &mut String, raw: &mut Vec<u8>);
    /// `verifyMemRef`'s element comparison: exact for integers, relative error for floats.
    fn close_to(self, expected: Self) -> bool;
}

macro_rules! int_element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            unsafe fn load(p: *const u8) -> Self {
                // SAFETY: per the trait contract.
                unsafe { p.cast::<$t>().read_unaligned() }
            }
            fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
                use std::fmt::Write as _;
                let _ = write!(out, "{self}");
            }
            fn close_to(self, expected: Self) -> bool {
                self == expected
            }
        }
    )*};
}
int_element!(i16, i32, i64, u64);

/// `int8_t` prints as a character through `std::ostream` (upstream behaviour, kept).
impl Element for i8 {
    const SIZE: usize = 1;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        unsafe { p.cast::<i8>().read() }
    }
    fn write(self, out: &mut String, raw: &mut Vec<u8>) {
        raw.extend_from_slice(std::mem::take(out).as_bytes());
        raw.push(self as u8);
    }
    fn close_to(self, expected: Self) -> bool {
        self == expected
    }
}

impl Element for f32 {
    const SIZE: usize = 4;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        unsafe { p.cast::<f32>().read_unaligned() }
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        format::write_g(out, f64::from(self), 6);
    }
    fn close_to(self, expected: Self) -> bool {
        self.is_finite() && expected.is_finite() && (self - expected).abs() <= 1e-6 * expected.abs()
    }
}

impl Element for f64 {
    const SIZE: usize = 8;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        unsafe { p.cast::<f64>().read_unaligned() }
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        format::write_g(out, self, 6);
    }
    fn close_to(self, expected: Self) -> bool {
        self.is_finite()
            && expected.is_finite()
            && (self - expected).abs() <= 1e-12 * expected.abs()
    }
}

/// IEEE half precision, printed as the `float` it widens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct F16(pub u16);
/// bfloat16, printed as the `float` it widens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BF16(pub u16);

impl Element for F16 {
    const SIZE: usize = 2;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        F16(unsafe { p.cast::<u16>().read_unaligned() })
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        format::write_g(out, f64::from(format::f16_to_f32(self.0)), 6);
    }
    fn close_to(self, expected: Self) -> bool {
        self == expected
    }
}

impl Element for BF16 {
    const SIZE: usize = 2;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        BF16(unsafe { p.cast::<u16>().read_unaligned() })
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        format::write_g(out, f64::from(format::bf16_to_f32(self.0)), 6);
    }
    fn close_to(self, expected: Self) -> bool {
        self == expected
    }
}

/// `std::complex<float>`, printed `(re,im)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct C32(pub f32, pub f32);
/// `std::complex<double>`, printed `(re,im)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct C64(pub f64, pub f64);

impl Element for C32 {
    const SIZE: usize = 8;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        unsafe {
            C32(
                p.cast::<f32>().read_unaligned(),
                p.cast::<f32>().add(1).read_unaligned(),
            )
        }
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        out.push('(');
        format::write_g(out, f64::from(self.0), 6);
        out.push(',');
        format::write_g(out, f64::from(self.1), 6);
        out.push(')');
    }
    fn close_to(self, expected: Self) -> bool {
        self == expected
    }
}

impl Element for C64 {
    const SIZE: usize = 16;
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: per the trait contract.
        unsafe {
            C64(
                p.cast::<f64>().read_unaligned(),
                p.cast::<f64>().add(1).read_unaligned(),
            )
        }
    }
    fn write(self, out: &mut String, _raw: &mut Vec<u8>) {
        out.push('(');
        format::write_g(out, self.0, 6);
        out.push(',');
        format::write_g(out, self.1, 6);
        out.push(')');
    }
    fn close_to(self, expected: Self) -> bool {
        self == expected
    }
}

/// Text being built: `text` is pending UTF-8, `raw` the bytes already committed (an `i8`
/// element may be any byte, so the final output is bytes, not a `String`).
#[derive(Default)]
struct Text {
    raw: Vec<u8>,
    text: String,
}

impl Text {
    fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }
    fn element<T: Element>(&mut self, v: T) {
        v.write(&mut self.text, &mut self.raw);
    }
    fn spaces(&mut self, n: usize) {
        self.text.extend(std::iter::repeat_n(' ', n));
    }
    fn into_bytes(mut self) -> Vec<u8> {
        self.raw.extend_from_slice(self.text.as_bytes());
        self.raw
    }
}

fn pointer(p: *const u8) -> String {
    if p.is_null() {
        "0".to_string()
    } else {
        format!("{p:p}")
    }
}

fn list(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// `printMemRefMetaData`: `base@ = P rank = R offset = O sizes = [..] strides = [..]`.
fn metadata(v: &MemRefView) -> String {
    format!(
        "base@ = {} rank = {} offset = {} sizes = [{}] strides = [{}]",
        pointer(v.aligned),
        v.rank(),
        v.offset,
        list(&v.sizes),
        list(&v.strides)
    )
}

/// Loads the element at linear element offset `offset`.
///
/// # Safety
/// The element is inside the memref's buffer.
unsafe fn at<T: Element>(v: &MemRefView, offset: i64) -> T {
    let byte = offset as isize * T::SIZE as isize;
    // SAFETY: per the caller.
    unsafe { T::load(v.aligned.wrapping_offset(byte)) }
}

/// The nested-bracket body of `printMemRef` (upstream's `MemRefDataPrinter`): dimension
/// `level` of `rank`, starting at element `offset`.
///
/// # Safety
/// The descriptor describes readable memory.
unsafe fn data<T: Element>(out: &mut Text, v: &MemRefView, level: usize, offset: i64) {
    let rank = v.rank();
    if level == rank {
        // SAFETY: per the caller.
        out.element(unsafe { at::<T>(v, offset) });
        return;
    }
    let dim = rank - level; // dimensions left, as upstream counts them
    let size = v.sizes[level];
    let stride = v.strides[level];
    if v.sizes[level..].iter().any(|&s| s <= 0) {
        out.push_str("[]");
        return;
    }
    out.push_str("[");
    // SAFETY: per the caller, for all three recursive calls.
    unsafe { data::<T>(out, v, level + 1, offset) };
    if size <= 1 {
        out.push_str("]");
        return;
    }
    out.push_str(", ");
    if dim > 1 {
        out.push_str("\n");
    }
    for i in 1..size - 1 {
        out.spaces(rank - dim + 1);
        unsafe { data::<T>(out, v, level + 1, offset + i * stride) };
        out.push_str(", ");
        if dim > 1 {
            out.push_str("\n");
        }
    }
    out.spaces(rank - dim + 1);
    unsafe { data::<T>(out, v, level + 1, offset + (size - 1) * stride) };
    out.push_str("]");
}

/// The text `printMemref*` prints for `v`, after the prefix (`Unranked Memref ` or `Memref `).
///
/// # Safety
/// The descriptor describes readable memory.
pub unsafe fn memref_text<T: Element>(prefix: &str, v: &MemRefView) -> Vec<u8> {
    let mut out = Text::default();
    out.push_str(prefix);
    out.push_str(&metadata(v));
    out.push_str(" data = \n");
    if v.rank() == 0 {
        out.push_str("[");
    }
    // SAFETY: per the caller.
    unsafe { data::<T>(&mut out, v, 0, v.offset) };
    if v.rank() == 0 {
        out.push_str("]");
    }
    out.push_str("\n");
    out.into_bytes()
}

unsafe fn print_unranked<T: Element>(m: *const UnrankedMemRef) {
    // SAFETY: per the caller.
    let text = unsafe { memref_text::<T>("Unranked Memref ", &MemRefView::from_unranked(m)) };
    output::stdout(&text);
}

unsafe fn print_ranked<T: Element>(desc: *const c_void, rank: i64) {
    // SAFETY: per the caller.
    let text = unsafe { memref_text::<T>("Memref ", &MemRefView::from_ranked(desc, rank)) };
    output::stdout(&text);
}

unsafe fn print_shape(m: *const UnrankedMemRef) {
    // SAFETY: per the caller.
    let v = unsafe { MemRefView::from_unranked(m) };
    output::stdout(format!("Unranked Memref {}\n", metadata(&v)).as_bytes());
}

/// `verifyMemRef`: the number of elements of `actual` not close to `expected` (the first ten
/// reported on stderr), or -1 (both descriptors reported) when the shapes differ.
///
/// # Safety
/// Both descriptors describe readable memory.
unsafe fn verify<T: Element>(actual: &MemRefView, expected: &MemRefView) -> i64 {
    let rank = actual.rank();
    for i in 0..rank {
        if expected.rank() != rank
            || actual.offset != expected.offset
            || actual.sizes[i] != expected.sizes[i]
            || actual.strides[i] != expected.strides[i]
        {
            output::stderr(metadata(actual).as_bytes());
            output::stderr(metadata(expected).as_bytes());
            return -1;
        }
    }
    let mut report = Text::default();
    let mut errors = 0i64;
    let mut printed = 0;
    if !actual.is_empty() {
        let mut index = vec![0i64; rank];
        loop {
            let offset = actual.offset
                + index
                    .iter()
                    .zip(&actual.strides)
                    .map(|(i, s)| i * s)
                    .sum::<i64>();
            // SAFETY: the index is within the sizes both memrefs share.
            let (a, e) = unsafe { (at::<T>(actual, offset), at::<T>(expected, offset)) };
            if !a.close_to(e) {
                if printed < 10 {
                    report.element(a);
                    report.push_str(" != ");
                    report.element(e);
                    report.push_str(&format!(" offset = {offset}\n"));
                    printed += 1;
                }
                errors += 1;
            }
            let mut axis = rank;
            loop {
                if axis == 0 {
                    output::stderr(&report.into_bytes());
                    return errors;
                }
                axis -= 1;
                index[axis] += 1;
                if index[axis] < actual.sizes[axis] {
                    break;
                }
                index[axis] = 0;
            }
        }
    }
    errors
}

macro_rules! memref_functions {
    ($($t:ty => $print:ident, $ciface_print:ident, $shape:ident, $verify:ident, $ciface_verify:ident;)*) => {$(
        /// `printMemref<T>(rank, descriptor)`: the unranked memref's text.
        ///
        /// # Safety
        /// `desc` points to a valid ranked descriptor of rank `rank`.
        pub unsafe extern "C" fn $print(rank: i64, desc: *mut c_void) {
            let m = UnrankedMemRef { rank, descriptor: desc };
            // SAFETY: per the caller.
            unsafe { print_unranked::<$t>(&m) }
        }
        /// `_mlir_ciface_printMemref<T>(UnrankedMemRefType *)`.
        ///
        /// # Safety
        /// `m` points to a valid unranked memref.
        pub unsafe extern "C" fn $ciface_print(m: *const UnrankedMemRef) {
            // SAFETY: per the caller.
            unsafe { print_unranked::<$t>(m) }
        }
        /// `_mlir_ciface_printMemrefShape<T>(UnrankedMemRefType *)`: the metadata line only.
        ///
        /// # Safety
        /// `m` points to a valid unranked memref.
        pub unsafe extern "C" fn $shape(m: *const UnrankedMemRef) {
            // SAFETY: per the caller.
            unsafe { print_shape(m) }
        }
        /// `verifyMemRef<T>(rank, actual, expected)`.
        ///
        /// # Safety
        /// Both point to valid ranked descriptors of rank `rank`.
        pub unsafe extern "C" fn $verify(rank: i64, actual: *mut c_void, expected: *mut c_void) -> i64 {
            // SAFETY: per the caller.
            unsafe { verify::<$t>(&MemRefView::from_ranked(actual, rank), &MemRefView::from_ranked(expected, rank)) }
        }
        /// `_mlir_ciface_verifyMemRef<T>(UnrankedMemRefType *, UnrankedMemRefType *)`.
        ///
        /// # Safety
        /// Both point to valid unranked memrefs.
        pub unsafe extern "C" fn $ciface_verify(actual: *const UnrankedMemRef, expected: *const UnrankedMemRef) -> i64 {
            // SAFETY: per the caller.
            unsafe { verify::<$t>(&MemRefView::from_unranked(actual), &MemRefView::from_unranked(expected)) }
        }
    )*};
}

memref_functions! {
    i8 => print_memref_i8, ciface_print_memref_i8, ciface_print_memref_shape_i8, verify_memref_i8, ciface_verify_memref_i8;
    i16 => print_memref_i16, ciface_print_memref_i16, ciface_print_memref_shape_i16, verify_memref_i16, ciface_verify_memref_i16;
    i32 => print_memref_i32, ciface_print_memref_i32, ciface_print_memref_shape_i32, verify_memref_i32, ciface_verify_memref_i32;
    i64 => print_memref_i64, ciface_print_memref_i64, ciface_print_memref_shape_i64, verify_memref_i64, ciface_verify_memref_i64;
    u64 => print_memref_ind, ciface_print_memref_ind, ciface_print_memref_shape_ind, verify_memref_ind, ciface_verify_memref_ind;
    f32 => print_memref_f32, ciface_print_memref_f32, ciface_print_memref_shape_f32, verify_memref_f32, ciface_verify_memref_f32;
    f64 => print_memref_f64, ciface_print_memref_f64, ciface_print_memref_shape_f64, verify_memref_f64, ciface_verify_memref_f64;
    F16 => print_memref_f16, ciface_print_memref_f16, ciface_print_memref_shape_f16, verify_memref_f16, ciface_verify_memref_f16;
    BF16 => print_memref_bf16, ciface_print_memref_bf16, ciface_print_memref_shape_bf16, verify_memref_bf16, ciface_verify_memref_bf16;
    C32 => print_memref_c32, ciface_print_memref_c32, ciface_print_memref_shape_c32, verify_memref_c32, ciface_verify_memref_c32;
    C64 => print_memref_c64, ciface_print_memref_c64, ciface_print_memref_shape_c64, verify_memref_c64, ciface_verify_memref_c64;
}

macro_rules! ranked_print {
    ($($name:ident: $t:ty, $rank:literal;)*) => {$(
        /// `_mlir_ciface_printMemref<N>d<T>(StridedMemRefType<T, N> *)`: prints `Memref ...`.
        ///
        /// # Safety
        /// `desc` points to a valid ranked descriptor of the function's rank.
        pub unsafe extern "C" fn $name(desc: *const c_void) {
            // SAFETY: per the caller.
            unsafe { print_ranked::<$t>(desc, $rank) }
        }
    )*};
}

ranked_print! {
    ciface_print_memref_0d_f32: f32, 0;
    ciface_print_memref_1d_f32: f32, 1;
    ciface_print_memref_2d_f32: f32, 2;
    ciface_print_memref_3d_f32: f32, 3;
    ciface_print_memref_4d_f32: f32, 4;
    ciface_print_memref_1d_i8: i8, 1;
    ciface_print_memref_1d_i32: i32, 1;
    ciface_print_memref_1d_i64: i64, 1;
    ciface_print_memref_1d_f64: f64, 1;
    ciface_print_memref_1d_ind: u64, 1;
    ciface_print_memref_1d_c32: C32, 1;
    ciface_print_memref_1d_c64: C64, 1;
}

/// `memrefCopy(elemSize, src, dst)`: copies every element of `src` into the element at the
/// same index of `dst` (same shape; any strides).
///
/// # Safety
/// Both point to valid unranked memrefs of the same rank and sizes, `elem_size` bytes per
/// element, whose elements do not overlap.
pub unsafe extern "C" fn memref_copy(
    elem_size: i64,
    src: *const UnrankedMemRef,
    dst: *const UnrankedMemRef,
) {
    // SAFETY: per the caller.
    let (s, d) = unsafe {
        (
            MemRefView::from_unranked(src),
            MemRefView::from_unranked(dst),
        )
    };
    if s.is_empty() || elem_size <= 0 {
        return;
    }
    let rank = s.rank();
    let n = elem_size as usize;
    let mut index = vec![0i64; rank];
    loop {
        let so = s.offset
            + index
                .iter()
                .zip(&s.strides)
                .map(|(i, st)| i * st)
                .sum::<i64>();
        let dof = d.offset
            + index
                .iter()
                .zip(&d.strides)
                .map(|(i, st)| i * st)
                .sum::<i64>();
        // SAFETY: both indices are inside their memrefs, per the caller.
        unsafe {
            std::ptr::copy_nonoverlapping(
                s.aligned.wrapping_offset(so as isize * n as isize),
                d.aligned
                    .wrapping_offset(dof as isize * n as isize)
                    .cast_mut(),
                n,
            );
        }
        let mut axis = rank;
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            if index[axis] < s.sizes[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
}

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn aligned_alloc(alignment: usize, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
}

/// `mlirAlloc(size)`: `malloc`.
pub extern "C" fn mlir_alloc(size: u64) -> *mut c_void {
    // SAFETY: malloc has no preconditions.
    unsafe { malloc(size as usize) }
}

/// `mlirAlignedAlloc(alignment, size)`: `aligned_alloc`.
pub extern "C" fn mlir_aligned_alloc(alignment: u64, size: u64) -> *mut c_void {
    // SAFETY: aligned_alloc returns null for unsupported alignments.
    unsafe { aligned_alloc(alignment as usize, size as usize) }
}

/// `mlirFree(ptr)` and `mlirAlignedFree(ptr)`: `free`.
///
/// # Safety
/// `ptr` is null or came from `mlirAlloc`/`mlirAlignedAlloc`/`malloc` and was not freed.
pub unsafe extern "C" fn mlir_free(ptr: *mut c_void) {
    // SAFETY: per the caller.
    unsafe { free(ptr) }
}

macro_rules! std_sort {
    ($($name:ident: $t:ty, $cmp:expr;)*) => {$(
        /// `_mlir_ciface_stdSort<T>(n, StridedMemRefType<T, 1> *)`: sorts the first `n`
        /// elements (unit stride) in ascending order (floats by IEEE total order).
        ///
        /// # Safety
        /// `desc` points to a valid rank-1 descriptor with at least `n` contiguous elements.
        pub unsafe extern "C" fn $name(n: u64, desc: *const c_void) {
            // SAFETY: per the caller.
            let v = unsafe { MemRefView::from_ranked(desc, 1) };
            let p = v.aligned.wrapping_offset(v.offset as isize * std::mem::size_of::<$t>() as isize);
            if n == 0 || p.is_null() {
                return;
            }
            // SAFETY: per the caller, `n` contiguous elements start at `p`.
            let s = unsafe { std::slice::from_raw_parts_mut(p.cast::<$t>().cast_mut(), n as usize) };
            s.sort_unstable_by($cmp);
        }
    )*};
}

std_sort! {
    ciface_std_sort_i64: i64, |a: &i64, b: &i64| a.cmp(b);
    ciface_std_sort_f64: f64, |a: &f64, b: &f64| a.total_cmp(b);
    ciface_std_sort_f32: f32, |a: &f32, b: &f32| a.total_cmp(b);
}
