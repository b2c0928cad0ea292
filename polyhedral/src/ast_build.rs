//! isl's AST generator (`isl_ast_build`), which isl-rs 0.3.1 does not bind: the few C
//! functions Lattice needs are declared in [`ffi`] (the symbols are in the isl library
//! isl-rs builds and links) and wrapped here with isl-rs's own types.
//! [`ast_from_schedule_recorded`] also records, through isl's `before_each_for` and
//! `before_each_mark` callbacks, the schedule of the instances each loop runs
//! ([`LoopSchedules`]), keyed by the loop's annotation, and, through `after_each_mark`,
//! which loops a mark's member generated.
//!
//! Invariants: every raw pointer handed to isl follows isl's ownership annotations
//! (`__isl_take` arguments are released from their Rust wrapper with
//! `do_not_free_on_drop` first, `__isl_keep` ones stay owned by Rust); a null result
//! becomes an [`AstBuildError`] carrying isl's last error message, never a wrapper around
//! null; the callbacks never unwind into isl (a panic becomes an isl error) and only run
//! while the [`LoopSchedules`] they write to is borrowed by the build.

use isl_rs::{ASTNode, Context, Error, Schedule, Set, UnionMap};

/// The raw isl entry points of the AST generator.
pub(crate) mod ffi {
    use libc::{c_char, c_void, uintptr_t};

    extern "C" {
        pub fn isl_ast_build_alloc(ctx: uintptr_t) -> uintptr_t;
        pub fn isl_ast_build_from_context(set: uintptr_t) -> uintptr_t;
        pub fn isl_ast_build_free(build: uintptr_t) -> uintptr_t;
        pub fn isl_ast_build_set_options(build: uintptr_t, options: uintptr_t) -> uintptr_t;
        pub fn isl_ast_build_node_from_schedule(build: uintptr_t, schedule: uintptr_t)
            -> uintptr_t;
        pub fn isl_ast_build_node_from_schedule_map(
            build: uintptr_t,
            schedule: uintptr_t,
        ) -> uintptr_t;
        pub fn isl_options_set_ast_build_atomic_upper_bound(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_options_set_ast_build_detect_min_max(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_options_set_ast_build_exploit_nested_bounds(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_options_set_ast_build_allow_else(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_options_set_ast_build_allow_or(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_options_set_ast_build_scale_strides(ctx: uintptr_t, val: i32) -> i32;
        pub fn isl_ast_node_get_type(node: uintptr_t) -> i32;
        pub fn isl_ast_build_set_before_each_for(
            build: uintptr_t,
            f: extern "C" fn(uintptr_t, *mut c_void) -> uintptr_t,
            user: *mut c_void,
        ) -> uintptr_t;
        pub fn isl_ast_build_set_before_each_mark(
            build: uintptr_t,
            f: extern "C" fn(uintptr_t, uintptr_t, *mut c_void) -> i32,
            user: *mut c_void,
        ) -> uintptr_t;
        pub fn isl_ast_build_set_after_each_mark(
            build: uintptr_t,
            f: extern "C" fn(uintptr_t, uintptr_t, *mut c_void) -> uintptr_t,
            user: *mut c_void,
        ) -> uintptr_t;
        pub fn isl_ast_build_get_schedule(build: uintptr_t) -> uintptr_t;
        /// Declared in isl's private `isl_ast_build_private.h`, exported by the library:
        /// the number of schedule dimensions (band members) outside the current position.
        pub fn isl_ast_build_get_depth(build: uintptr_t) -> i32;
        pub fn isl_ast_node_set_annotation(node: uintptr_t, annotation: uintptr_t) -> uintptr_t;
        pub fn isl_ast_build_get_ctx(build: uintptr_t) -> uintptr_t;
        pub fn isl_id_alloc(ctx: uintptr_t, name: *const c_char, user: *mut c_void) -> uintptr_t;
        pub fn isl_id_get_name(id: uintptr_t) -> *const c_char;
    }
}

/// The kind of an AST node. isl-rs 0.3.1's `ASTNode::get_type` numbers the kinds from 0
/// while isl numbers them from 1 (`isl_ast_node_for = 1`), so it reports a `for` node as
/// an `if` node and panics on user nodes; this reads isl's value directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AstNodeKind {
    /// `for`
    For,
    /// `if`
    If,
    /// a sequence
    Block,
    /// a mark
    Mark,
    /// a statement instance
    User,
    /// isl returned an error
    Error,
}

/// The kind of `node`.
pub fn node_kind(node: &ASTNode) -> AstNodeKind {
    // SAFETY: `node.ptr` is a live isl_ast_node owned by `node` (kept, not taken).
    match unsafe { ffi::isl_ast_node_get_type(node.ptr) } {
        1 => AstNodeKind::For,
        2 => AstNodeKind::If,
        3 => AstNodeKind::Block,
        4 => AstNodeKind::Mark,
        5 => AstNodeKind::User,
        _ => AstNodeKind::Error,
    }
}

/// Why no AST came back.
#[derive(Debug, Clone, thiserror::Error)]
pub enum AstBuildError {
    /// isl reported an error (or ran out of its operation budget).
    #[error("isl AST generation failed: {0}")]
    Isl(String),
}

/// Options of the generated AST (isl context options, set before each build).
#[derive(Clone, Debug)]
pub struct AstOptions {
    /// Detect `max`/`min` expressions (`isl_options_set_ast_build_detect_min_max`).
    pub detect_min_max: bool,
    /// Allow `else` branches in generated `if` nodes.
    pub allow_else: bool,
}

impl Default for AstOptions {
    fn default() -> Self {
        AstOptions {
            detect_min_max: true,
            allow_else: false,
        }
    }
}

/// An `isl_ast_build` owned by Rust.
pub struct AstBuild {
    ptr: libc::uintptr_t,
    ctx: libc::uintptr_t,
}

fn last_error(ctx: &Context, what: &str) -> AstBuildError {
    let msg = if ctx.last_error() != Error::None_ {
        let m = ctx.last_error_msg().to_string();
        ctx.reset_error();
        m
    } else {
        "unknown error".to_string()
    };
    AstBuildError::Isl(format!("{what}: {msg}"))
}

fn raw_ctx(ctx: &Context) -> Context {
    Context {
        ptr: ctx.ptr,
        should_free_on_drop: false,
    }
}

impl AstBuild {
    /// A build without constraints on the parameters.
    pub fn new(ctx: &Context, options: &AstOptions) -> Result<AstBuild, AstBuildError> {
        set_options(ctx, options);
        let ptr = unsafe { ffi::isl_ast_build_alloc(ctx.ptr) };
        if ptr == 0 {
            return Err(last_error(ctx, "isl_ast_build_alloc"));
        }
        Ok(AstBuild { ptr, ctx: ctx.ptr })
    }

    /// A build whose parameters satisfy `context` (a parameter set).
    pub fn from_context(context: Set, options: &AstOptions) -> Result<AstBuild, AstBuildError> {
        let ctx = raw_ctx(&context.get_ctx());
        set_options(&ctx, options);
        let mut context = context;
        context.do_not_free_on_drop();
        let ptr = unsafe { ffi::isl_ast_build_from_context(context.ptr) };
        if ptr == 0 {
            return Err(last_error(&ctx, "isl_ast_build_from_context"));
        }
        Ok(AstBuild { ptr, ctx: ctx.ptr })
    }

    /// Sets the AST build options of a schedule-map build (`{ [..] -> separate[x] }`).
    pub fn set_options(mut self, options: UnionMap) -> Result<AstBuild, AstBuildError> {
        let mut options = options;
        options.do_not_free_on_drop();
        let ptr = self.ptr;
        self.ptr = 0;
        let new = unsafe { ffi::isl_ast_build_set_options(ptr, options.ptr) };
        if new == 0 {
            return Err(last_error(&self.context(), "isl_ast_build_set_options"));
        }
        self.ptr = new;
        Ok(self)
    }

    fn context(&self) -> Context {
        Context {
            ptr: self.ctx,
            should_free_on_drop: false,
        }
    }

    /// The AST of a schedule tree.
    pub fn node_from_schedule(&self, schedule: Schedule) -> Result<ASTNode, AstBuildError> {
        let mut schedule = schedule;
        schedule.do_not_free_on_drop();
        let ptr = unsafe { ffi::isl_ast_build_node_from_schedule(self.ptr, schedule.ptr) };
        if ptr == 0 {
            return Err(last_error(
                &self.context(),
                "isl_ast_build_node_from_schedule",
            ));
        }
        Ok(ASTNode {
            ptr,
            should_free_on_drop: true,
        })
    }

    /// The AST of a flat schedule (a union map from statement instances to times).
    pub fn node_from_schedule_map(&self, schedule: UnionMap) -> Result<ASTNode, AstBuildError> {
        let mut schedule = schedule;
        schedule.do_not_free_on_drop();
        let ptr = unsafe { ffi::isl_ast_build_node_from_schedule_map(self.ptr, schedule.ptr) };
        if ptr == 0 {
            return Err(last_error(
                &self.context(),
                "isl_ast_build_node_from_schedule_map",
            ));
        }
        Ok(ASTNode {
            ptr,
            should_free_on_drop: true,
        })
    }
}

impl Drop for AstBuild {
    fn drop(&mut self) {
        if self.ptr != 0 {
            let ptr = self.ptr;
            unsafe { ffi::isl_ast_build_free(ptr) };
        }
    }
}

fn set_options(ctx: &Context, options: &AstOptions) {
    let c = ctx.ptr;
    unsafe {
        ffi::isl_options_set_ast_build_atomic_upper_bound(c, 1);
        ffi::isl_options_set_ast_build_detect_min_max(c, options.detect_min_max as i32);
        ffi::isl_options_set_ast_build_exploit_nested_bounds(c, 1);
        ffi::isl_options_set_ast_build_allow_else(c, options.allow_else as i32);
        ffi::isl_options_set_ast_build_allow_or(c, 0);
        ffi::isl_options_set_ast_build_scale_strides(c, 1);
    };
}

/// The annotation name prefix of a `for` node whose schedule [`LoopSchedules`] recorded
/// (followed by its index).
const LOOP_ID_PREFIX: &str = "lattice.loop.";

/// The annotation name prefix of a mark node (followed by the index of its depth in
/// [`LoopSchedules`]).
const MARK_ID_PREFIX: &str = "lattice.mark.";

/// What AST generation with [`ast_from_schedule_recorded`] tells of its `for` nodes:
/// for each loop generated at or below a mark named in `marks` (in the order isl creates
/// them), the schedule of the statement instances it executes, `S[i..] -> [t0, .., td]`
/// (`t0..t(d-1)` the values of the enclosing loops, `td` its own; loops isl eliminated as
/// single affine values are not dimensions), and the schedule dimension it was generated
/// from; for each mark node, the schedule dimension of the member just below it.
/// [`LoopSchedules::of`] finds a node's schedule, [`LoopSchedules::generated_from_mark`]
/// whether a loop comes from the member a mark marks. Loops before the first such mark
/// are not recorded (nothing asks about them).
///
/// The dimension (isl's build depth, counting every band member outside the position,
/// eliminated ones included) is what tells the loops of a marked member from those
/// below it: where isl splits a marked member's range into pieces and one piece takes a
/// single value, that piece has no loop for the member, and its first loop belongs to a
/// deeper member.
#[derive(Default)]
pub struct LoopSchedules {
    marks: &'static [&'static str],
    recording: bool,
    schedules: Vec<Option<UnionMap>>,
    /// Per recorded loop, its schedule dimension.
    loop_depths: Vec<i32>,
    /// Per annotated mark node, the schedule dimension of the member below it.
    mark_depths: Vec<i32>,
}

impl LoopSchedules {
    /// Records the loops at or below the marks `marks`.
    pub fn new(marks: &'static [&'static str]) -> LoopSchedules {
        LoopSchedules {
            marks,
            ..LoopSchedules::default()
        }
    }

    /// Whether a mark of `marks` was seen.
    pub fn saw_mark(&self) -> bool {
        self.recording
    }

    /// The schedule recorded for the `for` node `node`: `None` when it was not recorded,
    /// `Some(None)` when isl failed to give it.
    pub fn of(&self, node: &ASTNode) -> Option<Option<&UnionMap>> {
        let k = annotation_index(node, LOOP_ID_PREFIX)?;
        self.schedules.get(k).map(Option::as_ref)
    }

    /// Whether the `for` node `node`, below the mark node `mark` with no loop between
    /// them, is generated from the member just below the mark (and not from a deeper one
    /// in a piece where that member takes a single value); `None` when either was not
    /// recorded.
    pub fn generated_from_mark(&self, node: &ASTNode, mark: &ASTNode) -> Option<bool> {
        let l = self
            .loop_depths
            .get(annotation_index(node, LOOP_ID_PREFIX)?)?;
        let m = self
            .mark_depths
            .get(annotation_index(mark, MARK_ID_PREFIX)?)?;
        Some(l == m)
    }
}

/// The index in the annotation of `node` named `prefix` followed by it.
fn annotation_index(node: &ASTNode, prefix: &str) -> Option<usize> {
    let id = node.get_annotation().ok()?;
    if id.ptr == 0 {
        return None;
    }
    // SAFETY: `id.ptr` is a live isl_id owned by `id`; its name, when not NULL, is a
    // NUL-terminated string owned by the id.
    let name = unsafe {
        let p = ffi::isl_id_get_name(id.ptr);
        if p.is_null() {
            return None;
        }
        std::ffi::CStr::from_ptr(p).to_str().ok()?.to_string()
    };
    name.strip_prefix(prefix)?.parse().ok()
}

/// A new isl id named `name` in the context of `build` (`__isl_give`), 0 on failure.
fn new_id(build: libc::uintptr_t, name: String) -> libc::uintptr_t {
    let Ok(name) = std::ffi::CString::new(name) else {
        return 0;
    };
    // SAFETY: `build` is a live isl_ast_build kept by isl; the id copies the name.
    unsafe {
        ffi::isl_id_alloc(
            ffi::isl_ast_build_get_ctx(build),
            name.as_ptr(),
            std::ptr::null_mut(),
        )
    }
}

/// isl's `before_each_mark` callback: starts recording at the first mark of interest.
extern "C" fn record_mark(
    mark: libc::uintptr_t,
    _build: libc::uintptr_t,
    user: *mut libc::c_void,
) -> i32 {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: `user` is the `LoopSchedules` handed to isl by
        // `ast_from_schedule_recorded`, alive and not otherwise borrowed while isl runs;
        // `mark` is a live isl_id kept by isl.
        let rec = unsafe { &mut *(user as *mut LoopSchedules) };
        let name = unsafe {
            let p = ffi::isl_id_get_name(mark);
            if p.is_null() {
                return;
            }
            std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned()
        };
        if rec.marks.contains(&name.as_str()) {
            rec.recording = true;
        }
    }));
    if r.is_ok() {
        0
    } else {
        -1
    }
}

/// isl's `after_each_mark` callback: annotates the mark node `node` (taken and given
/// back) with the schedule dimension of the member below it (the build's depth at the
/// mark).
extern "C" fn annotate_mark(
    node: libc::uintptr_t,
    build: libc::uintptr_t,
    user: *mut libc::c_void,
) -> libc::uintptr_t {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: as in `record_mark`; `build` is a live isl_ast_build kept by isl.
        let rec = unsafe { &mut *(user as *mut LoopSchedules) };
        let depth = unsafe { ffi::isl_ast_build_get_depth(build) };
        rec.mark_depths.push(depth);
        new_id(
            build,
            format!("{MARK_ID_PREFIX}{}", rec.mark_depths.len() - 1),
        )
    }));
    match r {
        // SAFETY: `node` is taken and returned (`__isl_give`), as is the id.
        Ok(id) if id != 0 => unsafe { ffi::isl_ast_node_set_annotation(node, id) },
        // Unannotated: nothing below this mark is taken for its member.
        _ => node,
    }
}

/// isl's `before_each_for` callback: records the loop's schedule and dimension (once
/// recording) and returns the annotation naming its entry.
extern "C" fn record_for(build: libc::uintptr_t, user: *mut libc::c_void) -> libc::uintptr_t {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: as in `record_mark`; `build` is a live isl_ast_build kept by isl (the
        // build of the loop's body, one dimension deeper than the loop).
        let rec = unsafe { &mut *(user as *mut LoopSchedules) };
        let name = if rec.recording {
            let ptr = unsafe { ffi::isl_ast_build_get_schedule(build) };
            rec.schedules.push((ptr != 0).then_some(UnionMap {
                ptr,
                should_free_on_drop: true,
            }));
            rec.loop_depths
                .push(unsafe { ffi::isl_ast_build_get_depth(build) } - 1);
            format!("{LOOP_ID_PREFIX}{}", rec.schedules.len() - 1)
        } else {
            "lattice.loop".to_string()
        };
        new_id(build, name)
    }));
    r.unwrap_or(0)
}

/// [`ast_from_schedule`], recording in `loops` the schedules of the loops generated at or
/// below its marks (see [`LoopSchedules`]).
pub fn ast_from_schedule_recorded(
    ctx: &Context,
    schedule: Schedule,
    context: Option<Set>,
    options: &AstOptions,
    loops: &mut LoopSchedules,
) -> Result<ASTNode, AstBuildError> {
    let mut build = match context {
        Some(c) => AstBuild::from_context(c, options)?,
        None => AstBuild::new(ctx, options)?,
    };
    let user = loops as *mut LoopSchedules as *mut libc::c_void;
    // SAFETY: `build.ptr` is taken and replaced by the returned build; `user` outlives
    // the build, which is dropped at the end of this function, and isl only calls the
    // callbacks during `node_from_schedule` below.
    unsafe {
        let ptr = std::mem::replace(&mut build.ptr, 0);
        let ptr = ffi::isl_ast_build_set_before_each_mark(ptr, record_mark, user);
        let ptr = if ptr == 0 {
            0
        } else {
            ffi::isl_ast_build_set_after_each_mark(ptr, annotate_mark, user)
        };
        let ptr = if ptr == 0 {
            0
        } else {
            ffi::isl_ast_build_set_before_each_for(ptr, record_for, user)
        };
        if ptr == 0 {
            return Err(last_error(
                &build.context(),
                "isl_ast_build_set_before_each_for",
            ));
        }
        build.ptr = ptr;
    }
    build.node_from_schedule(schedule)
}

/// Builds the AST of `schedule` under the parameter constraints `context` (if any).
pub fn ast_from_schedule(
    ctx: &Context,
    schedule: Schedule,
    context: Option<Set>,
    options: &AstOptions,
) -> Result<ASTNode, AstBuildError> {
    let build = match context {
        Some(c) => AstBuild::from_context(c, options)?,
        None => AstBuild::new(ctx, options)?,
    };
    build.node_from_schedule(schedule)
}
