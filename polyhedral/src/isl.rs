//! The isl bridge: one isl context per compilation ([`IslCtx`]), isl errors turned into
//! data ([`IslError`]) instead of aborts, an operation limit so that a blow-up degrades to
//! "not transformed, here is why", and helpers to build isl objects from text and print
//! them back.
//!
//! Invariants:
//! - Every [`IslCtx`] is created with `on_error = continue`: an isl error never prints nor
//!   aborts; the failing call returns NULL, isl-rs turns that into `Err(LibISLError)`, and
//!   [`IslCtx::check`] turns that into an [`IslError`] (a quota error when the operation
//!   limit was hit).
//! - Objects are built from isl's text syntax (the names this crate uses are `p0..` for
//!   parameters, `i0..` for statement dimensions, `S0..` for statements); strings handed
//!   to isl never contain NUL bytes (checked), so isl-rs' `CString::new(..).unwrap()` cannot
//!   panic.
//! - Printing goes through [`text`]-style helpers declared here in [`ffi`], which free
//!   the string isl allocates (isl-rs' own `to_str` leaks it) and never dereference a NULL
//!   object or a NULL string.
//! - isl objects only reference their context through isl's own reference count: freeing
//!   an [`IslCtx`] while objects are alive is refused by isl (the context is then leaked,
//!   never dangling), so holding isl objects beyond the context is memory-safe.

use isl_rs::{Context, LibISLError, Map, Options, Schedule, Set, UnionMap, UnionSet, Val};
use std::fmt;

/// Raw isl printing functions: isl-rs 0.3.1 binds them in a way that leaks the string.
#[allow(missing_docs)]
pub mod ffi {
    use std::ffi::CStr;
    use std::os::raw::c_char;

    extern "C" {
        pub fn isl_set_to_str(set: usize) -> *mut c_char;
        pub fn isl_map_to_str(map: usize) -> *mut c_char;
        pub fn isl_union_set_to_str(uset: usize) -> *mut c_char;
        pub fn isl_union_map_to_str(umap: usize) -> *mut c_char;
        pub fn isl_schedule_to_str(schedule: usize) -> *mut c_char;
        pub fn isl_val_to_str(val: usize) -> *mut c_char;
        /// `__isl_take` umap; `*exact` tells whether the result is exact (not bound
        /// by isl-rs 0.3.1).
        pub fn isl_union_map_transitive_closure(umap: usize, exact: *mut i32) -> usize;
        /// isl's version and integer library, e.g. `isl-0.27-GMP` (a static string;
        /// isl-rs builds isl outside git, so its version reads `UNKNOWN`).
        pub fn isl_version() -> *const c_char;
    }

    /// Takes ownership of a C string isl allocated: copies it and frees it.
    ///
    /// # Safety
    /// `ptr` is NULL or a NUL-terminated string allocated with `malloc`.
    pub unsafe fn take_string(ptr: *mut c_char) -> Option<String> {
        if ptr.is_null() {
            return None;
        }
        let text = CStr::from_ptr(ptr).to_string_lossy().into_owned();
        libc::free(ptr.cast());
        Some(text)
    }
}

/// The isl linked in: its version and integer library as isl prints it, without the
/// newline: `UNKNOWN-GMP` as isl-rs builds it (`-IMath-32` would be imath with the
/// small-integer fast path).
pub fn version() -> String {
    // SAFETY: isl_version returns a pointer to a static NUL-terminated string.
    let text = unsafe { std::ffi::CStr::from_ptr(ffi::isl_version()) };
    text.to_string_lossy().trim_end().to_string()
}

/// `ISL_ON_ERROR_CONTINUE` from `isl/options.h`.
const ISL_ON_ERROR_CONTINUE: i32 = 1;

/// The default operation limit of an [`IslCtx`]: generous for loop nests of the size
/// programs contain, small enough that an exponential blow-up stops within seconds.
pub const DEFAULT_MAX_OPERATIONS: u64 = 20_000_000;

/// What went wrong inside isl.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IslError {
    /// The operation limit was reached: the problem is too large to solve here.
    #[error("isl gave up: the problem needs more than {limit} operations")]
    Quota {
        /// The limit in force.
        limit: u64,
    },
    /// The wall-clock safety net (`time-limit`, [`IslCtx::with_time_limit`]) ran out
    /// before an operation limit stopped isl: an error of the pass, never a different
    /// result, so no output depends on the machine's speed.
    #[error("isl gave up on this SCoP: it ran past the safety limit of {seconds} s (option time-limit) before its operation limits (max-operations) stopped it; raise time-limit, or lower max-operations to keep program order deterministically")]
    TimedOut {
        /// The limit in force, seconds.
        seconds: u64,
    },
    /// isl reported an error (e.g. text it could not parse).
    #[error("isl error: {message}")]
    Isl {
        /// isl's message, with the text being handled where known.
        message: String,
    },
}

/// Options of an [`IslCtx`].
#[derive(Clone, Copy, Debug)]
pub struct IslOptions {
    /// isl's `max_operations` (0 = unlimited).
    pub max_operations: u64,
}

impl Default for IslOptions {
    fn default() -> IslOptions {
        IslOptions {
            max_operations: DEFAULT_MAX_OPERATIONS,
        }
    }
}

/// One isl context, for one compilation (one pass run or one `lattice deps` call).
pub struct IslCtx {
    ctx: Context,
    limit: u64,
    /// The wall-clock safety net of [`IslCtx::with_time_limit`] in force.
    watch: Watch,
}

/// The state [`IslCtx::with_time_limit`]'s watchdog shares with the context's owner.
#[derive(Default)]
struct Watch {
    /// Orders the watchdog's stop (operation limit 1) against the owner's changes of the
    /// limit ([`IslCtx::with_operation_budget`]), so none undoes it.
    lock: std::sync::Mutex<()>,
    /// Set once the watchdog stopped the context: every isl call fails from then on,
    /// and [`IslCtx::error`] reports [`IslError::TimedOut`].
    expired: std::sync::atomic::AtomicBool,
    /// The limit in force, seconds (for the error).
    seconds: std::sync::atomic::AtomicU64,
}

impl fmt::Debug for IslCtx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IslCtx(max_operations = {})", self.limit)
    }
}

impl Default for IslCtx {
    fn default() -> IslCtx {
        IslCtx::new(IslOptions::default())
    }
}

impl IslCtx {
    /// A fresh context: errors continue (never abort), operations limited.
    pub fn new(options: IslOptions) -> IslCtx {
        let ctx = Context::alloc();
        // Cannot fail on a fresh context; were it to, errors would merely also be printed.
        let _ = Options::set_on_error(&ctx, ISL_ON_ERROR_CONTINUE);
        ctx.set_max_operations(options.max_operations);
        IslCtx {
            ctx,
            limit: options.max_operations,
            watch: Watch::default(),
        }
    }

    /// The isl-rs context (for isl-rs calls this module does not wrap).
    pub fn raw(&self) -> &Context {
        &self.ctx
    }

    /// The operation limit.
    pub fn max_operations(&self) -> u64 {
        self.limit
    }

    /// Restarts the operation count (call once per independent problem, e.g. per SCoP).
    pub fn reset_operations(&self) {
        self.ctx.reset_operations();
    }

    /// Runs `f` with at most `budget` isl operations (counted from zero; 0 = no limit):
    /// an isl call in `f` past the budget fails with [`IslError::Quota`]. The budget is
    /// a count of work (allocations and simplex pivots), so where `f` stops is the same
    /// on every machine, whatever its speed or load. Afterwards the count restarts under
    /// the context's own limit.
    pub fn with_operation_budget<T>(&self, budget: u64, f: impl FnOnce() -> T) -> T {
        self.set_limit(budget);
        self.ctx.reset_operations();
        let result = f();
        self.set_limit(self.limit);
        self.ctx.reset_operations();
        self.ctx.reset_error();
        result
    }

    /// Sets isl's operation limit, unless the watchdog of [`Self::with_time_limit`]
    /// stopped the context (its limit of 1 stays).
    fn set_limit(&self, limit: u64) {
        let _order = self.watch.lock.lock();
        if !self.expired() {
            self.ctx.set_max_operations(limit);
        }
    }

    fn expired(&self) -> bool {
        self.watch.expired.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Runs `f` under a wall-clock safety net of `limit`: once it runs out, a watchdog
    /// thread stops the context (its operation limit drops to 1, so isl's next
    /// allocation or simplex pivot fails), and every isl error from then on, until `f`
    /// returns, is [`IslError::TimedOut`]. Whether `f` finishes may thus depend on the
    /// machine's speed; what it computes when it does never does. The watchdog is joined
    /// before this returns; afterwards the context's own limit is back in force.
    pub fn with_time_limit<T>(&self, limit: std::time::Duration, f: impl FnOnce() -> T) -> T {
        use std::sync::atomic::Ordering::SeqCst;
        self.watch.seconds.store(limit.as_secs(), SeqCst);
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let result = std::thread::scope(|scope| {
            scope.spawn(move || {
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                    let _order = self.watch.lock.lock();
                    self.watch.expired.store(true, SeqCst);
                    self.ctx.set_max_operations(1);
                }
            });
            let result = f();
            drop(done);
            result
        });
        let _order = self.watch.lock.lock();
        if self.watch.expired.swap(false, SeqCst) {
            self.ctx.set_max_operations(self.limit);
            self.ctx.reset_operations();
            self.ctx.reset_error();
        }
        result
    }

    /// Converts an isl-rs result into ours, classifying quota errors.
    pub fn check<T>(&self, result: Result<T, LibISLError>) -> Result<T, IslError> {
        result.map_err(|e| self.error(e.to_string()))
    }

    /// An [`IslError`] for a failure with `message` (quota when the limit was hit).
    pub fn error(&self, message: impl Into<String>) -> IslError {
        let message = message.into();
        self.ctx.reset_error();
        if self.expired() {
            return IslError::TimedOut {
                seconds: self.watch.seconds.load(std::sync::atomic::Ordering::SeqCst),
            };
        }
        let limit = self.ctx.get_max_operations();
        if message.contains("Quota")
            || message.contains("number of operations exceeded")
            || (limit > 0 && self.exhausted())
        {
            return IslError::Quota { limit };
        }
        IslError::Isl { message }
    }

    /// Whether the operation limit is spent: a later error (say, the parser's "syntax
    /// error") can hide the quota error that caused it, so probe with a tiny problem.
    fn exhausted(&self) -> bool {
        let probe = Set::read_from_str(&self.ctx, "{ [i] : 0 <= i <= 1 }")
            .and_then(|s| s.lexmin())
            .and_then(|s| s.is_empty());
        self.ctx.reset_error();
        !matches!(probe, Ok(false))
    }

    fn checked_text<'a>(&self, text: &'a str) -> Result<&'a str, IslError> {
        if text.contains('\0') {
            return Err(IslError::Isl {
                message: "text for isl contains a NUL byte".into(),
            });
        }
        Ok(text)
    }

    fn parsed<T>(&self, what: &str, text: &str, r: Result<T, LibISLError>) -> Result<T, IslError> {
        r.map_err(|e| match self.error(e.to_string()) {
            IslError::Isl { message } => IslError::Isl {
                message: format!("{message} (reading {what} `{text}`)"),
            },
            q => q,
        })
    }

    /// Reads a set, e.g. `[p0] -> { S0[i0] : 0 <= i0 < p0 }`.
    pub fn set(&self, text: &str) -> Result<Set, IslError> {
        let text = self.checked_text(text)?;
        let r = Set::read_from_str(&self.ctx, text);
        let s = self.parsed("set", text, r)?;
        non_null(s.ptr, "set", text)?;
        Ok(s)
    }

    /// Reads a map, e.g. `{ S0[i0] -> A0[i0 + 1] }`.
    pub fn map(&self, text: &str) -> Result<Map, IslError> {
        let text = self.checked_text(text)?;
        let r = Map::read_from_str(&self.ctx, text);
        let m = self.parsed("map", text, r)?;
        non_null(m.ptr, "map", text)?;
        Ok(m)
    }

    /// Reads a union set.
    pub fn union_set(&self, text: &str) -> Result<UnionSet, IslError> {
        let text = self.checked_text(text)?;
        let r = UnionSet::read_from_str(&self.ctx, text);
        let s = self.parsed("union set", text, r)?;
        non_null(s.ptr, "union set", text)?;
        Ok(s)
    }

    /// The transitive closure of `map` if isl computes it exactly; `None` where isl
    /// can only over-approximate it or fails (e.g. at the operation limit).
    pub fn exact_transitive_closure(&self, map: &UnionMap) -> Result<Option<UnionMap>, IslError> {
        let mut taken = self.check(map.copy())?;
        let ptr = taken.ptr;
        taken.do_not_free_on_drop();
        let mut exact = 0i32;
        // SAFETY: `ptr` is a live union map whose ownership passes to isl
        // (`__isl_take`); the result is a new union map or null.
        let result = unsafe { ffi::isl_union_map_transitive_closure(ptr, &mut exact) };
        if result == 0 {
            return Ok(None);
        }
        let closure = UnionMap {
            ptr: result,
            should_free_on_drop: true,
        };
        Ok((exact == 1).then_some(closure))
    }

    /// `umap` with every existentially quantified variable expressed as an integer
    /// division (what `isl_union_map_compute_divs` computes), so that later subset and
    /// subtraction tests find the divisions known and do not compute them again each
    /// time. isl's own `isl_map_compute_divs` unions the pieces one by one, each union
    /// sorting the whole map to compare it with the next piece: quadratic in the number
    /// of pieces, and comparisons are not operations isl counts, so no operation limit
    /// stops it (7-20 s of CPU on compositions of 2,000-3,300 pieces, issue 25). Here
    /// the pieces are unioned pairwise (a balanced tree): each level sorts each piece
    /// once. The same set of pairs either way.
    pub fn divs_known(&self, umap: &UnionMap) -> Result<UnionMap, IslError> {
        let mut result = self.check(UnionMap::empty(self.check(umap.get_space())?))?;
        let maps = self.check(umap.get_map_list())?;
        for k in 0..self.check(maps.size())? {
            let list = self.check(self.check(maps.get_at(k))?.get_basic_map_list())?;
            let mut pieces = Vec::new();
            for q in 0..self.check(list.size())? {
                pieces.push(self.check(self.check(list.get_at(q))?.compute_divs())?);
            }
            let Some(map) = self.union_pairwise(pieces)? else {
                continue;
            };
            result = self.check(result.union(self.check(UnionMap::from_map(map))?))?;
        }
        Ok(result)
    }

    /// The union of `maps` (all in one space), unioned in a balanced tree; `None` when
    /// `maps` is empty.
    fn union_pairwise(&self, mut maps: Vec<Map>) -> Result<Option<Map>, IslError> {
        while maps.len() > 1 {
            let mut next = Vec::with_capacity(maps.len().div_ceil(2));
            let mut it = maps.into_iter();
            while let Some(a) = it.next() {
                next.push(match it.next() {
                    Some(b) => self.check(a.union(b))?,
                    None => a,
                });
            }
            maps = next;
        }
        Ok(maps.pop())
    }

    /// The isl id named `name` (no user data), e.g. a schedule tree mark.
    pub fn id(&self, name: &str) -> Result<isl_rs::Id, IslError> {
        let name = std::ffi::CString::new(name).map_err(|_| IslError::Isl {
            message: "an isl id name contains a NUL byte".into(),
        })?;
        // SAFETY: the context is live; isl copies the name; the result is a new id or null.
        let ptr = unsafe {
            crate::ast_build::ffi::isl_id_alloc(self.ctx.ptr, name.as_ptr(), std::ptr::null_mut())
        };
        if ptr == 0 {
            return Err(self.error(format!("cannot allocate the isl id {name:?}")));
        }
        Ok(isl_rs::Id {
            ptr,
            should_free_on_drop: true,
        })
    }

    /// Reads a union map.
    pub fn union_map(&self, text: &str) -> Result<UnionMap, IslError> {
        let text = self.checked_text(text)?;
        let r = UnionMap::read_from_str(&self.ctx, text);
        let m = self.parsed("union map", text, r)?;
        non_null(m.ptr, "union map", text)?;
        Ok(m)
    }

    /// Reads a schedule tree in isl's YAML-like syntax
    /// (`{ domain: "...", child: { schedule: "..." } }`).
    pub fn schedule(&self, text: &str) -> Result<Schedule, IslError> {
        let text = self.checked_text(text)?;
        let r = Schedule::read_from_str(&self.ctx, text);
        let s = self.parsed("schedule", text, r)?;
        non_null(s.ptr, "schedule", text)?;
        Ok(s)
    }
}

fn non_null(ptr: usize, what: &str, text: &str) -> Result<(), IslError> {
    if ptr == 0 {
        return Err(IslError::Isl {
            message: format!("isl could not read {what} `{text}`"),
        });
    }
    Ok(())
}

/// Objects isl can print.
pub trait IslText {
    /// isl's text for the object (`"<null>"` for a NULL object).
    fn text(&self) -> String;
}

macro_rules! impl_text {
    ($ty:ty, $f:ident) => {
        impl IslText for $ty {
            fn text(&self) -> String {
                if self.ptr == 0 {
                    return "<null>".into();
                }
                // SAFETY: `ptr` is a live isl object owned by `self`; the returned string
                // is freshly allocated and freed by `take_string`.
                unsafe { ffi::take_string(ffi::$f(self.ptr)) }.unwrap_or_else(|| "<null>".into())
            }
        }
    };
}

impl_text!(Set, isl_set_to_str);
impl_text!(Map, isl_map_to_str);
impl_text!(UnionSet, isl_union_set_to_str);
impl_text!(UnionMap, isl_union_map_to_str);
impl_text!(Schedule, isl_schedule_to_str);
impl_text!(Val, isl_val_to_str);

/// A value bound: `None` for an infinite (or unknown) bound.
pub fn val_to_i64(v: &Val) -> Option<i64> {
    if v.ptr == 0 {
        return None;
    }
    if v.is_int().ok()? {
        v.text().parse().ok()
    } else {
        None
    }
}

/// The smallest and largest value of dimension `pos` of `set`, independently of the
/// parameters (`None` = unbounded on that side).
pub fn dim_range(
    isl: &IslCtx,
    set: &Set,
    pos: usize,
) -> Result<(Option<i64>, Option<i64>), IslError> {
    let lo = isl.check(isl.check(set.copy())?.dim_min_val(pos as i32))?;
    let hi = isl.check(isl.check(set.copy())?.dim_max_val(pos as i32))?;
    Ok((val_to_i64(&lo), val_to_i64(&hi)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    /// isl computes with GMP (`build/isl-config.site`): with imath-32, isl's scheduler took
    /// 7 s of CPU on PolyBench's adi at LARGE (bignum gcd and division), with GMP 0.9 s,
    /// for the same schedule. A stale target directory (isl built before the site file
    /// changed) fails here: `cargo clean --release -p isl-rs`.
    #[test]
    fn isl_uses_gmp() {
        let v = version();
        assert!(v.ends_with("-GMP"), "{v}");
    }

    /// Work that never ends on its own: isl calls until one fails.
    fn spin(isl: &IslCtx) -> Result<(), IslError> {
        loop {
            let s = isl.set("{ [i, j] : 0 <= i <= 10 and i <= j <= 2i }")?;
            isl.check(s.lexmin())?;
        }
    }

    #[test]
    fn time_limit_stops_the_context_and_lifts_afterwards() {
        let isl = IslCtx::new(IslOptions { max_operations: 0 });
        let limit = std::time::Duration::from_millis(50);
        assert_eq!(
            isl.with_time_limit(limit, || spin(&isl)),
            Err(IslError::TimedOut { seconds: 0 })
        );
        // Operation budgets inside do not undo the stop.
        assert_eq!(
            isl.with_time_limit(limit, || isl.with_operation_budget(0, || spin(&isl))),
            Err(IslError::TimedOut { seconds: 0 })
        );
        // Afterwards the context works, under its own limit, and quota errors are quota
        // errors again.
        assert!(isl.set("{ [i] : 0 <= i <= 3 }").is_ok());
        let quota = isl.with_operation_budget(10, || spin(&isl));
        assert_eq!(quota, Err(IslError::Quota { limit: 10 }));
        // Work that finishes in time is untouched.
        let done = isl.with_time_limit(std::time::Duration::from_secs(60), || {
            isl.set("{ [i] : 0 <= i <= 3 }").map(|s| s.text())
        });
        assert_eq!(done.as_deref(), Ok("{ [i] : 0 <= i <= 3 }"));
    }

    #[test]
    fn set_roundtrip() {
        let isl = IslCtx::default();
        let s = isl.set("[p0] -> { S0[i0] : 0 <= i0 < p0 }").unwrap();
        expect!["[p0] -> { S0[i0] : 0 <= i0 < p0 }"].assert_eq(&s.text());
        let m = isl.map("{ S0[i0] -> A0[i0 + 1] }").unwrap();
        expect!["{ S0[i0] -> A0[1 + i0] }"].assert_eq(&m.text());
    }

    #[test]
    fn parse_error_is_data() {
        let isl = IslCtx::default();
        let Err(e) = isl.set("{ S0[i0] : i0 <<<< }") else {
            panic!("accepted bad text")
        };
        assert!(matches!(e, IslError::Isl { .. }), "{e:?}");
        // The context stays usable after an error.
        assert!(isl.set("{ S0[i0] : 0 <= i0 < 4 }").is_ok());
        assert!(isl.set("bad\0text").is_err());
    }

    #[test]
    fn quota_is_reported() {
        let isl = IslCtx::new(IslOptions { max_operations: 1 });
        let r = isl
            .set("[n] -> { S[i, j, k] : 0 <= i, j, k < n and exists (e : i + j = 3e) }")
            .and_then(|s| isl.check(s.lexmin()))
            .and_then(|s| isl.check(s.coalesce()));
        assert!(
            matches!(r, Err(IslError::Quota { limit: 1 })),
            "{:?}",
            r.map(|s| s.text())
        );
    }

    #[test]
    fn divs_known_keeps_the_map() {
        let isl = IslCtx::default();
        let m = isl
            .union_map(
                "{ S[i] -> S[j] : exists (e : i = 2e and j = i + 1); S[i] -> S[j] : exists (e : i = 3e + 1 and j = i + 2); T[i] -> S[i] : exists (e : i = 5e) }",
            )
            .unwrap();
        let known = isl.divs_known(&m).unwrap();
        assert!(isl.check(known.is_equal(&m)).unwrap(), "{}", known.text());
        let empty = isl.union_map("{ }").unwrap();
        assert!(isl
            .check(isl.divs_known(&empty).unwrap().is_empty())
            .unwrap());
    }

    #[test]
    fn ranges() {
        let isl = IslCtx::default();
        let s = isl.set("[p0] -> { [d] : 1 <= d <= 9 }").unwrap();
        assert_eq!(dim_range(&isl, &s, 0).unwrap(), (Some(1), Some(9)));
        let s = isl.set("[p0] -> { [d] : 1 <= d < p0 }").unwrap();
        assert_eq!(dim_range(&isl, &s, 0).unwrap(), (Some(1), None));
    }
}
