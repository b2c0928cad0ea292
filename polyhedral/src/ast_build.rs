//! isl's AST generator (`isl_ast_build`), which isl-rs 0.3.1 does not bind: the few C
//! functions Lattice needs are declared in [`ffi`] (the symbols are in the isl library
//! isl-rs builds and links) and wrapped here with isl-rs's own types.
//!
//! Invariants: every raw pointer handed to isl follows isl's ownership annotations
//! (`__isl_take` arguments are released from their Rust wrapper with
//! `do_not_free_on_drop` first, `__isl_keep` ones stay owned by Rust); a null result
//! becomes an [`AstBuildError`] carrying isl's last error message, never a wrapper around
//! null.

use isl_rs::{ASTNode, Context, Error, Schedule, Set, UnionMap};

/// The raw isl entry points of the AST generator.
mod ffi {
    use libc::uintptr_t;

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
