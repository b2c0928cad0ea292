//! The thread pool that generated code runs parallel loops on (`scf.parallel`,
//! `affine.parallel`).
//!
//! Contract with the generated code: a parallel loop `for iv = lb to ub step s` is split into
//! chunks of consecutive iterations; [`lattice_parallel_for`] calls the outlined body once per
//! chunk with the chunk's bounds and index, `body(ctx, chunk_lb, chunk_ub, chunk)`, and returns
//! when all chunks are done. The chunking depends only on the trip count (never on the number
//! of threads), so a reduction whose chunks each write partial `chunk` and which the caller
//! combines in chunk order gives the same bits with 1 thread or 16.
//!
//! A loop without a reduction passes `chunks = 0`: its body ignores the chunk index, so the
//! runtime may run several chunks' iterations in one call (with one thread, the whole loop
//! in one call: a parallel region then costs about what the sequential loop costs).
//!
//! The thread count is global ([`set_threads`]; when unset, the environment variable
//! `LATTICE_THREADS`, else the machine's available parallelism, read once); 1 runs every
//! chunk on the calling thread in order, without touching the pool. Nested parallel loops
//! run on the thread that started them, in chunk order (see [`pool`]).
//!
//! Small loops run inline: chunk 0 always runs on the calling thread first, and when it took
//! less than [`INLINE_CHUNK_NANOS`] (so the whole loop is too little work to pay for waking
//! the pool) the other chunks follow it there, in order (a loop without a reduction: the
//! rest of its iterations in one call). The chunks of a loop with a reduction are the same
//! either way. After chunk 0, a loop of two chunks does not go to the pool: only one chunk
//! is left, which no other chunk could run beside.
//!
//! A loop its [`LoopSite`] has timed and knows too small for that (estimated at less than
//! half of [`INLINE_CHUNK_NANOS`] per chunk) skips the timing of chunk 0: it runs on the
//! caller, a loop without a reduction in one call over its whole range (which the outlined
//! body runs as its whole-range copy: trisolv's 256-row initialization under
//! `poly-schedule`, ~5 µs, took 1.2× on 2 threads as chunk 0 and the rest); one such call
//! in up to [`SMALL_LOOP_MAX_PERIOD`] (fewer for longer loops), drawn at random, is timed
//! whole for the site.
//!
//! A site whose pooled calls (either way) do not beat 90% of its fastest one-thread rate
//! runs inline for a backoff of 1 ms..1 s (see [`LoopSite`]): on a busy machine a worker
//! preempted while holding a chunk makes its caller wait a time slice.
//!
//! Large loops go to the pool first: each loop of the generated code passes its own
//! [`LoopSite`] (a static), where the runtime keeps the time per iteration of the chunk it
//! last timed. A loop whose site estimates it at [`EAGER_LOOP_NANOS`] or more (and each chunk
//! at [`INLINE_CHUNK_NANOS`] or more, as the timed path asks) is handed to
//! the pool whole, the caller taking chunks beside the workers, so a loop with as many
//! chunks as threads (conv2d's 2 h-tiles under `poly-schedule` on 2 threads) runs them side
//! by side when a worker is polling for work (a sleeping pool is woken for the next call,
//! and workers poll 50 µs after a loop: conv2d's kernel called back to back). No allocation
//! per loop. A site starts with the code generator's static lower bound on an iteration's
//! time, so a loop whose chunks are estimated past [`WAKE_CHUNK_NANOS`] goes to the pool
//! at its first call, waking (or starting) the workers; an estimate alone never wakes
//! them ahead of time for a next call.
//!
//! Other processes' load: while they keep the cores busy (see `machine_busy`: the
//! running-thread count of `/proc/loadavg`), loops of few chunks take the timed path and
//! the timed path keeps a loop whose rest is under [`BUSY_POOL_NANOS`] on the caller (a
//! worker preempted while holding a chunk makes its caller wait a time slice, milliseconds,
//! for microseconds of work: conv2d ×50 on 2 threads took 2.4–4.8 ms against 1.6 on one at
//! load 5–9). A worker polling on the CPU the last caller ran on stops polling (it would
//! keep the caller off that CPU) and does not count as awake; a caller waiting for a worker
//! last seen on its own CPU sleeps at once. A pooled call that loses against the one-thread
//! rate backs off at least `BACKOFF_PER_LOSS` times the time it lost.

use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

mod pool;

/// An outlined parallel-loop body: runs iterations `lb, lb + step, ... < ub` as chunk `chunk`.
pub type ParallelBody = unsafe extern "C" fn(ctx: *mut u8, lb: i64, ub: i64, chunk: i64);

/// Most chunks a loop is split into.
pub const MAX_CHUNKS: i64 = 64;

/// A loop whose first chunk ran faster than this (nanoseconds) runs all its chunks on the
/// calling thread: dispatching to the pool costs a few microseconds per loop.
pub const INLINE_CHUNK_NANOS: u128 = 2_000;

/// A loop whose site estimates it at least this long (nanoseconds, from an earlier call),
/// and its chunks at least [`INLINE_CHUNK_NANOS`] each, goes to the pool before any of it
/// runs.
pub const EAGER_LOOP_NANOS: u128 = 10_000;

/// A loop whose site estimates each chunk at least this long (nanoseconds) goes to the pool
/// before any of it runs even with every worker asleep (or not yet started): waking one
/// costs the caller a few microseconds and the worker tens before it claims a chunk, which
/// such a chunk pays for; meanwhile the caller runs chunks itself.
pub const WAKE_CHUNK_NANOS: u128 = 100_000;

/// The time per operation that the generated code's static estimate of a loop's work
/// assumes (picoseconds, the first word of its [`LoopSite`]): about what vectorized,
/// unrolled code reaches, so that the estimate stays below the real time.
pub const STATIC_PICOS_PER_OP: u64 = 2;

/// While other processes keep the cores busy (see `machine_busy`), a loop goes to the
/// pool after its timed first chunk only when the rest is estimated at least this long
/// (nanoseconds): several time slices, so that a worker preempted while holding a chunk
/// costs the caller a small part of what the worker gains.
pub const BUSY_POOL_NANOS: u128 = 20_000_000;

/// A timed loop estimated at less than `1 / SMALL_LOOP_MARGIN` of what the timed path asks
/// before it hands the rest of a loop to the pool runs on the caller in one call, untimed
/// chunk by chunk (see [`LoopSite::known_small`]).
const SMALL_LOOP_MARGIN: u128 = 2;

/// A pooled call that lost time against one thread starts a backoff at least this many
/// times as long as the time lost, so eager dispatch loses at most about 1/16 of the
/// time on a machine where it keeps losing.
const BACKOFF_PER_LOSS: u64 = 16;

/// 0 means "not set": use the machine's available parallelism.
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets how many threads parallel loops use (`lattice run --threads N`); 0 restores the
/// default (`LATTICE_THREADS` if set to a positive number, else the machine's available
/// parallelism).
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// How many threads parallel loops use.
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => default_threads(),
        n => n,
    }
}

/// `LATTICE_THREADS` if set to a positive number, else the machine's available parallelism;
/// computed once per process (finding the available parallelism reads cgroup files, which
/// costs more than a small parallel loop).
fn default_threads() -> usize {
    static DEFAULT: OnceLock<usize> = OnceLock::new();
    *DEFAULT.get_or_init(|| match std::env::var("LATTICE_THREADS") {
        Err(_) => cores(),
        Ok(v) => parse_threads(&v).unwrap_or_else(|e| {
            // As libgomp does for OMP_NUM_THREADS: say so once, then use the default.
            eprintln!("lattice runtime: {e}; using {} threads", cores());
            cores()
        }),
    })
}

/// A value of `LATTICE_THREADS` that is not a positive integer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadThreads {
    /// The value as set.
    pub value: String,
}

impl std::fmt::Display for BadThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "LATTICE_THREADS: expected a positive integer, got '{}'",
            self.value
        )
    }
}

impl std::error::Error for BadThreads {}

/// The value of `LATTICE_THREADS`: a positive integer.
pub fn parse_threads(value: &str) -> Result<usize, BadThreads> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| BadThreads {
            value: value.to_string(),
        })
}

/// Trip count of `lb to ub step step` (0 when empty or when `step <= 0`).
fn trip_count(lb: i64, ub: i64, step: i64) -> i64 {
    if step <= 0 || ub <= lb {
        return 0;
    }
    match ub.checked_sub(lb) {
        // i64 when the span fits (a 128-bit division costs as much as a small loop's body).
        Some(span) => span / step + i64::from(span % step != 0),
        None => {
            let span = (ub as i128) - (lb as i128);
            ((span + step as i128 - 1) / step as i128) as i64
        }
    }
}

/// `lattice_parallel_chunks(lb, ub, step)`: how many chunks [`lattice_parallel_for`] splits
/// this loop into (the size of the partial-results array a reduction needs): the trip count,
/// at most [`MAX_CHUNKS`]; 0 for an empty loop.
#[no_mangle]
pub extern "C" fn lattice_parallel_chunks(lb: i64, ub: i64, step: i64) -> i64 {
    trip_count(lb, ub, step).min(MAX_CHUNKS)
}

/// Bounds of chunk `c` of `chunks` over `n` iterations: iterations `[c*n/k, (c+1)*n/k)`.
fn chunk_bounds(lb: i64, ub: i64, step: i64, n: i64, chunks: i64, c: i64) -> (i64, i64) {
    // i64 arithmetic when `(c + 1) * n` cannot overflow (every loop with fewer than 2^57
    // iterations): a 128-bit division costs as much as a small chunk's body.
    let (first, end) = if n <= i64::MAX / MAX_CHUNKS && chunks <= MAX_CHUNKS {
        (c * n / chunks, (c + 1) * n / chunks)
    } else {
        (
            (c as i128 * n as i128 / chunks as i128) as i64,
            ((c + 1) as i128 * n as i128 / chunks as i128) as i64,
        )
    };
    let clb = lb + first * step;
    let cub = if end == n { ub } else { lb + end * step };
    (clb, cub)
}

/// `lattice_parallel_for(body, ctx, lb, ub, step, chunks, site)`: runs the loop's
/// iterations on the pool and returns when all are done. A loop with `step <= 0` or
/// `ub <= lb` runs nothing.
///
/// `chunks >= 1` (pass [`lattice_parallel_chunks`]'s answer): the body is called once per
/// chunk `c < chunks` with that chunk's bounds and `c`, whatever the thread count (a
/// reduction's partials depend on it). `chunks < 1`: the body does not use the chunk
/// index, and the runtime splits the loop as it likes; with one thread it calls
/// `body(ctx, lb, ub, 0)` once, on the calling thread (a parallel region then costs about
/// one indirect call more than the sequential loop). Every call covers consecutive
/// iterations, and on one thread the calls come in ascending order of their bounds.
///
/// `site` (may be null): the loop's [`LoopSite`], a zero-initialized static of the calling
/// code, one per loop in the source; the runtime keeps there what a chunk of this loop
/// cost the last time it was timed (see the module comment).
///
/// # Safety
/// `body` may be called concurrently from several threads with `ctx` and disjoint chunks;
/// `site` is null or points to a `LoopSite` that lives as long as the program.
#[no_mangle]
pub unsafe extern "C" fn lattice_parallel_for(
    body: ParallelBody,
    ctx: *mut u8,
    lb: i64,
    ub: i64,
    step: i64,
    chunks: i64,
    site: *const LoopSite,
) {
    let n = trip_count(lb, ub, step);
    if n == 0 {
        return;
    }
    let threads = threads();
    let free = chunks < 1;
    let chunks = if free {
        lattice_parallel_chunks(lb, ub, step)
    } else {
        chunks.min(n)
    };
    let run = move |c: i64| {
        let (clb, cub) = chunk_bounds(lb, ub, step, n, chunks, c);
        // SAFETY: per the caller.
        unsafe { body(ctx, clb, cub, c) };
    };
    // SAFETY: per the caller.
    let site = unsafe { site.as_ref() };
    // One thread, or a loop its site has timed and found too small for the pool (see
    // `known_small`): the loop runs on the caller without timing chunk 0 apart, a loop
    // without a reduction in one call over the whole range (the outlined body's
    // whole-range copy), one with a reduction chunk by chunk. A small loop's call is timed
    // whole, so that its site keeps following it.
    let run_whole = |timed: bool| {
        let start = timed.then(std::time::Instant::now);
        if free {
            // SAFETY: per the caller.
            unsafe { body(ctx, lb, ub, 0) };
        } else {
            (0..chunks).for_each(run);
        }
        if let (Some(start), Some(site)) = (start, site) {
            site.record(n, start.elapsed());
        }
    };
    match on_caller(n, chunks, threads, site) {
        OnCaller::No => {}
        how => return run_whole(how == OnCaller::Timed),
    }
    let iters = |c: i64| {
        let (clb, cub) = chunk_bounds(lb, ub, step, n, chunks, c);
        trip_count(clb, cub, step)
    };
    // SAFETY (Sync): the body may run concurrently on disjoint chunks, per the caller.
    let shared = Shared(&run);
    let run_shared = move |c: i64| shared.call(c);
    // A loop this site knows to be large goes to the pool whole, before any timing: the
    // workers start with the caller (a loop of 2 chunks on 2 threads runs them side by side).
    if let Some(site) = site.filter(|_| chunks > 1) {
        let known = site.estimate(n);
        let cpu = pool::current_cpu();
        pool::note_caller_cpu(cpu);
        // Chunks as large as the timed path wants before it wakes the pool (smaller ones
        // cost more in claims and shared cache lines than a second thread gains).
        let large = known >= EAGER_LOOP_NANOS && known >= INLINE_CHUNK_NANOS * chunks as u128;
        // Only with a worker polling on another CPU than this thread's: waking a sleeping
        // one takes longer than it gains on a loop of short chunks, on a busy machine a
        // woken worker often waits for a core while holding its chunk, and one polling on
        // this CPU would only share it. With none awake, the workers are woken (to poll)
        // for the loop's next call, and this one takes the timed path. Chunks long enough
        // to pay for a wake-up go to the pool in any case (a kernel called once, whose
        // site holds the static estimate, goes parallel at its first call).
        let wake = known / chunks as u128 >= WAKE_CHUNK_NANOS;
        if large && site.try_eager() && !machine_busy(threads) {
            if !wake && !pool::worker_awake(cpu) {
                // Wake the workers for the next call (this one would wait for them), if the
                // loop has run before (so it is likely to run again; a site that holds only
                // the static estimate may belong to a kernel called once, for which
                // starting a thread is pure cost).
                if site.timed() {
                    pool::wake_workers(threads - 1);
                }
            } else {
                let spin = wait_spin(known / chunks as u128);
                let job = pool::Job::new(&run_shared, 0, chunks, threads - 1, spin);
                let start = std::time::Instant::now();
                if let Some((c, t)) = pool::run(&job, true) {
                    let wall = start.elapsed();
                    site.record(iters(c), t);
                    site.eager_result(wall.as_nanos(), site.fastest(n) * 9 / 10);
                }
                return;
            }
        }
    }
    // When the rest would stay on the caller whatever chunk 0's time (see below: a loop of
    // two chunks, a site in a backoff, or on a busy machine a loop its site knows far
    // shorter than BUSY_POOL_NANOS), the loop runs whole, timed as a whole: a loop without
    // a reduction in one call, its whole-range copy (conv2d's 2 h-tiles: 2 threads under
    // load took 1.08x one thread's time as chunk 0 and the rest).
    if rest_stays_on_caller(n, chunks, threads, site) {
        return run_whole(true);
    }
    // Chunk 0 runs here; its time estimates whether the rest is worth the pool.
    let start = std::time::Instant::now();
    run(0);
    let first = start.elapsed();
    if let Some(site) = site {
        site.record(iters(0), first);
    }
    // (More than two chunks, and no backoff: see `rest_stays_on_caller`.) While other
    // processes keep the cores busy, only a loop whose rest is long against a time slice
    // goes to the pool (a worker preempted holding a chunk makes the caller wait one).
    let rest = first.as_nanos() * (chunks - 1) as u128;
    if first.as_nanos() >= INLINE_CHUNK_NANOS && (rest >= BUSY_POOL_NANOS || !machine_busy(threads))
    {
        let job = pool::Job::new(
            &run_shared,
            1,
            chunks,
            threads - 1,
            wait_spin(first.as_nanos()),
        );
        pool::run(&job, false);
        if let Some(site) = site {
            let wall = start.elapsed();
            site.eager_result(wall.as_nanos(), site.fastest(n) * 9 / 10);
        }
    } else if free {
        // The rest of the loop in one call.
        let (rest_lb, _) = chunk_bounds(lb, ub, step, n, chunks, 1);
        // SAFETY: per the caller.
        unsafe { body(ctx, rest_lb, ub, 1) };
    } else {
        (1..chunks).for_each(run);
    }
}

/// Whether the timed path of [`lattice_parallel_for`] would keep the rest of a loop of `n`
/// iterations in `chunks` chunks on the caller whatever its chunk 0 took: two chunks or
/// fewer (after chunk 0 one is left, which nothing could run beside), a site in a backoff,
/// or, on a machine whose cores other processes keep busy, a site that timed the loop at
/// less than half of [`BUSY_POOL_NANOS`].
fn rest_stays_on_caller(n: i64, chunks: i64, threads: usize, site: Option<&LoopSite>) -> bool {
    chunks <= 2
        || site.is_some_and(|s| !s.try_eager())
        || (site.is_some_and(|s| s.timed() && s.estimate(n) < BUSY_POOL_NANOS / 2)
            && machine_busy(threads))
}

/// Whether [`lattice_parallel_for`] runs a loop whole on its calling thread, without the
/// pool or timing chunk 0 apart (see [`on_caller`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnCaller {
    /// No: the pool may take part (after timing chunk 0, or at once for a loop known large).
    No,
    /// Yes, without timing (one thread, or most calls of a loop known small).
    Untimed,
    /// Yes, timed as a whole for its site (a loop known small, see [`LoopSite::known_small`],
    /// now and then: [`time_this_small_call`]; the other calls are `Untimed`).
    Timed,
}

/// A call of a loop known small is timed (for its site) with a probability that keeps the
/// cost of reading the clock twice (~100 ns here, more than a small loop such as
/// jacobi_1d's 254-point rows: 128 regions of ~55 ns took 2x on 2 threads, timed each)
/// within a few percent: one call in `2^k`, the least `2^k` (at most
/// [`SMALL_LOOP_MAX_PERIOD`]) for which `2^k` calls are estimated at this many nanoseconds
/// (a power of two) or more.
const SMALL_LOOP_TIMED_NANOS: u128 = 4096;

/// At least one call in this many of a loop known small is timed (on average).
const SMALL_LOOP_MAX_PERIOD: u32 = 256;

/// Whether to time this call of a loop known small, estimated at `estimate` nanoseconds:
/// a per-thread xorshift draw with probability one in the period that
/// [`SMALL_LOOP_TIMED_NANOS`] gives (random, so that loops called in a fixed rotation are
/// each timed now and then).
fn time_this_small_call(estimate: u128) -> bool {
    thread_local! {
        static STATE: std::cell::Cell<u32> = const { std::cell::Cell::new(0x9e37_79b9) };
    }
    let shift = SMALL_LOOP_TIMED_NANOS
        .ilog2()
        .saturating_sub(estimate.max(1).ilog2())
        .min(SMALL_LOOP_MAX_PERIOD.ilog2());
    STATE.with(|s| {
        let mut x = s.get();
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        s.set(x);
        x & ((1 << shift) - 1) == 0
    })
}

/// Whether a loop of `n > 0` iterations in `chunks` chunks, on `threads` threads, with its
/// site, runs whole on the caller (see [`OnCaller`]).
fn on_caller(n: i64, chunks: i64, threads: usize, site: Option<&LoopSite>) -> OnCaller {
    if threads == 1 {
        OnCaller::Untimed
    } else if let Some(estimate) = site.and_then(|s| s.known_small(n, chunks)) {
        if time_this_small_call(estimate) {
            OnCaller::Timed
        } else {
            OnCaller::Untimed
        }
    } else {
        OnCaller::No
    }
}

/// `lattice_parallel_inline(lb, ub, step, site)`: whether the calling code should run a
/// parallel loop without a reduction itself, as a sequential loop over its whole range,
/// rather than call [`lattice_parallel_for`]: whenever that would run it in one call on the
/// calling thread (one thread, an empty loop, or a loop its site knows too small for the
/// pool). The generated code keeps such a copy for a loop with bounds that are not
/// constants: there LLVM sees the loop in its function's context (the bounds' relations,
/// the function's `noalias` arguments), with no context struct and no indirect call.
///
/// Returns 0: call [`lattice_parallel_for`]; -1: run the loop inline; `t > 0`: run it
/// inline and then pass `t` to [`lattice_parallel_inline_done`], which times the call for
/// the site as [`lattice_parallel_for`] would have.
///
/// # Safety
/// `site` is null or points to a `LoopSite` that lives as long as the program.
#[no_mangle]
pub unsafe extern "C" fn lattice_parallel_inline(
    lb: i64,
    ub: i64,
    step: i64,
    site: *const LoopSite,
) -> i64 {
    let n = trip_count(lb, ub, step);
    if n == 0 {
        return -1;
    }
    // SAFETY: per the caller.
    let site = unsafe { site.as_ref() };
    match on_caller(n, lattice_parallel_chunks(lb, ub, step), threads(), site) {
        OnCaller::No => 0,
        OnCaller::Untimed => -1,
        OnCaller::Timed => clock().max(1) as i64,
    }
}

/// `lattice_parallel_inline_done(lb, ub, step, site, t)`: after the calling code ran the
/// loop inline at the word of [`lattice_parallel_inline`] `t`, records its time at the
/// site (nothing for `t <= 0`).
///
/// # Safety
/// `site` is null or points to a `LoopSite` that lives as long as the program.
#[no_mangle]
pub unsafe extern "C" fn lattice_parallel_inline_done(
    lb: i64,
    ub: i64,
    step: i64,
    site: *const LoopSite,
    t: i64,
) {
    // SAFETY: per the caller.
    if let Some(site) = unsafe { site.as_ref() }.filter(|_| t > 0) {
        let nanos = clock().saturating_sub(t as u64);
        site.record(
            trip_count(lb, ub, step),
            std::time::Duration::from_nanos(nanos),
        );
    }
}

/// How long `machine_busy`'s answer holds once it found the cores busy, and how often it
/// looks again otherwise (nanoseconds).
const BUSY_HOLD: u64 = 20_000_000;
const BUSY_RECHECK: u64 = 1_000_000;

/// Whether other processes keep the cores busy, so that `threads` threads of ours would not
/// each get a core of their own (Linux: the running-thread count of `/proc/loadavg`, less
/// this thread and the pool's polling workers, against the machine's available
/// parallelism). Read at most once per [`BUSY_RECHECK`]; a busy answer holds for
/// [`BUSY_HOLD`]. On such a machine a worker given a chunk of a loop of few chunks is often
/// preempted while holding it, and its caller waits a time slice (milliseconds) for a
/// chunk of microseconds: loops then take the timed path, and workers are not woken ahead.
fn machine_busy(threads: usize) -> bool {
    // Tests see a quiet machine unless they ask for a busy one.
    #[cfg(test)]
    {
        let _ = threads;
        TEST_BUSY.load(Ordering::Relaxed)
    }
    #[cfg(not(test))]
    machine_busy_now(threads)
}

/// Tests: what `machine_busy` answers.
#[cfg(test)]
static TEST_BUSY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg_attr(test, allow(dead_code))]
fn machine_busy_now(threads: usize) -> bool {
    static CHECK: BusyCheck = BusyCheck::new();
    CHECK.busy(clock(), || {
        let running = running_threads()?;
        let others = running.saturating_sub(1 + pool::polling_workers());
        Some(others + threads > cores())
    })
}

/// `machine_busy`'s memory: when it last looked, and until when its last busy answer holds
/// (nanoseconds of [`clock`]).
struct BusyCheck {
    checked_at: AtomicU64,
    busy_until: AtomicU64,
}

impl BusyCheck {
    const fn new() -> Self {
        BusyCheck {
            checked_at: AtomicU64::new(0),
            busy_until: AtomicU64::new(0),
        }
    }

    /// Whether the cores are busy at `now`: while a busy answer holds ([`BUSY_HOLD`]), yes
    /// without looking; else `look()`'s answer (None: unknown, not busy), looked up at most
    /// once per [`BUSY_RECHECK`] (reading `/proc/loadavg` costs ~6 µs here).
    fn busy(&self, now: u64, look: impl FnOnce() -> Option<bool>) -> bool {
        let now = now.max(1);
        if now < self.busy_until.load(Ordering::Relaxed) {
            return true;
        }
        let checked = self.checked_at.load(Ordering::Relaxed);
        if checked != 0 && now < checked + BUSY_RECHECK {
            return false;
        }
        self.checked_at.store(now, Ordering::Relaxed);
        let busy = look().unwrap_or(false);
        if busy {
            self.busy_until.store(now + BUSY_HOLD, Ordering::Relaxed);
        }
        busy
    }
}

/// The machine's available parallelism, read once.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Threads running or runnable on the machine now (`/proc/loadavg`'s fourth field, before
/// the slash); None where unknown. No allocation.
fn running_threads() -> Option<usize> {
    use std::io::Read;
    let mut buf = [0u8; 128];
    let mut f = std::fs::File::open("/proc/loadavg").ok()?;
    let len = f.read(&mut buf).ok()?;
    let text = std::str::from_utf8(&buf[..len]).ok()?;
    let field = text.split_ascii_whitespace().nth(3)?;
    field.split('/').next()?.parse().ok()
}

/// How long a caller whose chunks are done spins for the workers' last chunks before it
/// sleeps, given a chunk's estimated time (nanoseconds): twice that, within 5-100 us.
fn wait_spin(chunk_nanos: u128) -> std::time::Duration {
    std::time::Duration::from_nanos((2 * chunk_nanos).clamp(5_000, 100_000) as u64)
}

/// What one parallel loop of the calling code (one static per loop, zero-initialized)
/// learned about itself: the time per iteration of the chunk last timed, in picoseconds
/// (0: never timed), and whether handing it to the pool first pays.
///
/// A loop whose pooled calls lost more time than they gained against 90% of its fastest
/// time on one thread (the fastest chunk timed at this site, per iteration: load only ever
/// adds time) stays off the pool for a while: 1 ms, doubling while it keeps not paying up
/// to 1 s, halved once its gains make up a whole backoff. On a machine whose other processes keep the
/// cores busy, a worker is often preempted in the middle of a loop of few chunks, which
/// then waits a time slice for it (a few ms): the backoff bounds that loss to a few per
/// second, and a quiet machine gets the loop back in parallel within a second.
#[repr(C)]
#[derive(Debug, Default)]
pub struct LoopSite {
    picos_per_iteration: AtomicU64,
    /// The least `picos_per_iteration` seen (0: never timed).
    fastest_picos: AtomicU64,
    /// Until when (nanoseconds since [`clock`]'s start) the loop is not handed to the pool
    /// before timing.
    skip_until: AtomicU64,
    /// The last backoff in nanoseconds (0: none, or paid back).
    penalty: AtomicU64,
    /// Sum over the pooled calls since the last backoff of (wall time - 90% of the fastest
    /// one-thread time), nanoseconds.
    balance: AtomicI64,
}

/// Size of a [`LoopSite`] in 64-bit words (the generated code's static is `[5 x i64]`).
pub const LOOP_SITE_WORDS: u32 = 5;
const _: () = assert!(std::mem::size_of::<LoopSite>() == 8 * LOOP_SITE_WORDS as usize);

/// First and longest backoff of a loop whose eager dispatch did not pay (nanoseconds).
const MIN_BACKOFF: u64 = 1_000_000;
const MAX_BACKOFF: u64 = 1_000_000_000;

/// Nanoseconds since the first call (a monotonic clock for [`LoopSite`]).
fn clock() -> u64 {
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as u64
}

impl LoopSite {
    /// Estimated time of `n` iterations in nanoseconds (0 when never timed).
    fn estimate(&self, n: i64) -> u128 {
        self.picos_per_iteration.load(Ordering::Relaxed) as u128 * n as u128 / 1000
    }

    /// Records that `iters` iterations took `t`.
    fn record(&self, iters: i64, t: std::time::Duration) {
        let picos = (t.as_nanos() * 1000 / iters.max(1) as u128).clamp(1, u64::MAX as u128);
        self.picos_per_iteration
            .store(picos as u64, Ordering::Relaxed);
        let fastest = self.fastest_picos.load(Ordering::Relaxed);
        if fastest == 0 || (picos as u64) < fastest {
            self.fastest_picos.store(picos as u64, Ordering::Relaxed);
        }
    }

    /// Whether a loop of `n` iterations in `chunks` chunks is known too small for the
    /// pool: timed (a static estimate is only a lower bound), and estimated under
    /// [`SMALL_LOOP_MARGIN`] times less than the timed path asks before it wakes the pool
    /// ([`INLINE_CHUNK_NANOS`] per chunk), so that only a loop grown much slower per
    /// iteration than its last call would have gone there.
    /// Returns the loop's estimate (nanoseconds) when it is.
    fn known_small(&self, n: i64, chunks: i64) -> Option<u128> {
        let estimate = self.estimate(n);
        (self.timed() && estimate * SMALL_LOOP_MARGIN < INLINE_CHUNK_NANOS * chunks.max(1) as u128)
            .then_some(estimate)
    }

    /// Whether a call of this loop has been timed (not only estimated statically).
    fn timed(&self) -> bool {
        self.fastest_picos.load(Ordering::Relaxed) > 0
    }

    /// Time of `n` iterations at the fastest rate seen, in nanoseconds (0: never timed).
    fn fastest(&self, n: i64) -> u128 {
        self.fastest_picos.load(Ordering::Relaxed) as u128 * n as u128 / 1000
    }

    /// Whether this call may go to the pool before timing (not during a backoff).
    fn try_eager(&self) -> bool {
        let until = self.skip_until.load(Ordering::Relaxed);
        until == 0 || clock() >= until
    }

    /// Records a call handed to the pool: its wall time and 90% of its time at the fastest
    /// one-thread rate (nanoseconds). Their differences add up in `balance`; a positive
    /// balance (the pool lost more than it gained since the last backoff) starts a backoff
    /// twice as long as the last; gains worth a whole backoff halve the next one.
    fn eager_result(&self, wall: u128, seq: u128) {
        if seq == 0 {
            // Never timed on one thread: nothing to compare with.
            return;
        }
        let diff =
            (wall.min(i64::MAX as u128) as i64).saturating_sub(seq.min(i64::MAX as u128) as i64);
        let balance = self.balance.load(Ordering::Relaxed).saturating_add(diff);
        let penalty = self.penalty.load(Ordering::Relaxed);
        if balance > 0 {
            let penalty = (penalty * 2)
                .max((balance as u64).saturating_mul(BACKOFF_PER_LOSS))
                .clamp(MIN_BACKOFF, MAX_BACKOFF);
            self.penalty.store(penalty, Ordering::Relaxed);
            self.skip_until
                .store(clock().max(1) + penalty, Ordering::Relaxed);
            self.balance.store(0, Ordering::Relaxed);
        } else if penalty > 0 && balance.unsigned_abs() >= penalty {
            let half = if penalty / 2 < MIN_BACKOFF {
                0
            } else {
                penalty / 2
            };
            self.penalty.store(half, Ordering::Relaxed);
            self.balance.store(0, Ordering::Relaxed);
        } else {
            self.balance.store(balance, Ordering::Relaxed);
        }
    }
}

/// A chunk runner that may be called from several threads at once.
#[derive(Clone, Copy)]
struct Shared<'a, F>(&'a F);
// SAFETY: the generated code guarantees the body may run concurrently on disjoint chunks
// with the same context (that is what a parallel loop means).
unsafe impl<F> Send for Shared<'_, F> {}
unsafe impl<F> Sync for Shared<'_, F> {}

impl<F: Fn(i64)> Shared<'_, F> {
    fn call(&self, c: i64) {
        (self.0)(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicI64;
    use std::sync::Mutex;

    /// Serializes the tests that set the global thread count.
    static THREADS_LOCK: Mutex<()> = Mutex::new(());

    /// Context of the test body: per-iteration marks and per-chunk partial sums.
    struct Ctx {
        hits: Vec<AtomicI64>,
        partial: Vec<AtomicI64>,
        lb: i64,
        step: i64,
    }

    unsafe extern "C" fn body(ctx: *mut u8, lb: i64, ub: i64, chunk: i64) {
        // SAFETY: the tests pass a `Ctx`.
        let ctx = unsafe { &*(ctx as *const Ctx) };
        let mut iv = lb;
        while iv < ub {
            ctx.hits[((iv - ctx.lb) / ctx.step) as usize].fetch_add(1, Ordering::SeqCst);
            ctx.partial[chunk as usize].fetch_add(iv, Ordering::SeqCst);
            iv += ctx.step;
        }
    }

    /// A site that has seen this loop take `picos` per iteration.
    fn site(picos: u64) -> LoopSite {
        LoopSite {
            picos_per_iteration: AtomicU64::new(picos),
            fastest_picos: AtomicU64::new(picos),
            skip_until: AtomicU64::new(0),
            penalty: AtomicU64::new(0),
            balance: AtomicI64::new(0),
        }
    }

    fn run(
        lb: i64,
        ub: i64,
        step: i64,
        threads: usize,
        site: Option<&LoopSite>,
    ) -> (Vec<i64>, Vec<i64>) {
        let n = trip_count(lb, ub, step);
        let chunks = lattice_parallel_chunks(lb, ub, step);
        let ctx = Ctx {
            hits: (0..n).map(|_| AtomicI64::new(0)).collect(),
            partial: (0..chunks).map(|_| AtomicI64::new(0)).collect(),
            lb,
            step,
        };
        set_threads(threads);
        // SAFETY: `body` only touches atomics.
        unsafe {
            lattice_parallel_for(
                body,
                &ctx as *const Ctx as *mut u8,
                lb,
                ub,
                step,
                chunks,
                site.map_or(std::ptr::null(), |s| s as *const LoopSite),
            )
        };
        let load = |v: &[AtomicI64]| {
            v.iter()
                .map(|a| a.load(Ordering::SeqCst))
                .collect::<Vec<_>>()
        };
        (load(&ctx.hits), load(&ctx.partial))
    }

    /// Holds [`THREADS_LOCK`] and makes the pool count a worker as awake (the eager path
    /// taken whenever a site knows its loop large) until dropped.
    struct Awake(#[allow(dead_code)] std::sync::MutexGuard<'static, ()>);

    impl Awake {
        fn new() -> Self {
            let g = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
            pool::ASSUME_AWAKE.store(true, Ordering::Relaxed);
            Awake(g)
        }
    }

    impl Drop for Awake {
        fn drop(&mut self) {
            pool::ASSUME_AWAKE.store(false, Ordering::Relaxed);
        }
    }

    #[test]
    fn every_iteration_runs_once_and_partials_do_not_depend_on_threads() {
        let _guard = Awake::new();
        for (lb, ub, step) in [
            (0, 1000, 1),
            (3, 17, 4),
            (-5, 5, 3),
            (0, 1, 1),
            (0, 64, 1),
            (7, 7, 1),
            (0, 130, 2),
        ] {
            let (hits1, partial1) = run(lb, ub, step, 1, None);
            assert!(hits1.iter().all(|&h| h == 1), "{lb} {ub} {step}: {hits1:?}");
            for t in [2, 3, 8] {
                // No site, a new one (timed), one that knows the loop small, and one that
                // knows it large (to the pool before any chunk runs).
                for known in [None, Some(0), Some(1), Some(1_000_000_000)] {
                    let site = known.map(site);
                    let (hits, partial) = run(lb, ub, step, t, site.as_ref());
                    assert!(hits.iter().all(|&h| h == 1), "t{t} {known:?}: {hits:?}");
                    assert_eq!(partial, partial1, "threads {t} {known:?}");
                }
            }
            let total: i64 = partial1.iter().sum();
            assert_eq!(
                total,
                (0..trip_count(lb, ub, step))
                    .map(|i| lb + i * step)
                    .sum::<i64>()
            );
        }
        set_threads(0);
    }

    /// Context of the free-split body: per-iteration marks and the calls' bounds, in order.
    struct Calls {
        hits: Vec<AtomicI64>,
        calls: Mutex<Vec<(i64, i64)>>,
        lb: i64,
        step: i64,
    }

    unsafe extern "C" fn calls_body(ctx: *mut u8, lb: i64, ub: i64, _chunk: i64) {
        // SAFETY: the test passes a `Calls`.
        let ctx = unsafe { &*(ctx as *const Calls) };
        ctx.calls.lock().unwrap().push((lb, ub));
        let mut iv = lb;
        while iv < ub {
            ctx.hits[((iv - ctx.lb) / ctx.step) as usize].fetch_add(1, Ordering::SeqCst);
            iv += ctx.step;
        }
    }

    #[test]
    fn loops_without_chunks_run_whole_on_one_thread_and_once_per_iteration_on_more() {
        let _guard = Awake::new();
        for (lb, ub, step) in [(0, 1000, 1), (3, 17, 4), (-5, 5, 3), (0, 1, 1), (0, 130, 2)] {
            for (t, known) in [1, 2, 3]
                .into_iter()
                .flat_map(|t| [(t, None), (t, Some(1_000_000_000))])
            {
                let site = known.map(site);
                set_threads(t);
                let calls = free_calls(lb, ub, step, site.as_ref());
                assert!(calls.len() <= MAX_CHUNKS as usize, "{calls:?}");
                if t == 1 {
                    assert_eq!(calls, vec![(lb, ub)]);
                } else if known.is_none() {
                    // Chunk 0 first, on this thread; then the rest (in one call when chunk
                    // 0 was quick, which the timing decides).
                    assert_eq!(calls[0].0, lb, "{calls:?}");
                }
            }
        }
        set_threads(0);
    }

    /// The calls a free loop `lb..ub step step` makes of its body (asserting that every
    /// iteration runs once).
    fn free_calls(lb: i64, ub: i64, step: i64, site: Option<&LoopSite>) -> Vec<(i64, i64)> {
        let ctx = Calls {
            hits: (0..trip_count(lb, ub, step))
                .map(|_| AtomicI64::new(0))
                .collect(),
            calls: Mutex::new(Vec::new()),
            lb,
            step,
        };
        // SAFETY: `calls_body` only touches atomics and a mutex.
        unsafe {
            lattice_parallel_for(
                calls_body,
                &ctx as *const Calls as *mut u8,
                lb,
                ub,
                step,
                0,
                site.map_or(std::ptr::null(), |s| s as *const LoopSite),
            )
        };
        assert!(ctx.hits.iter().all(|h| h.load(Ordering::SeqCst) == 1));
        ctx.calls.into_inner().unwrap()
    }

    /// A loop whose site timed it far too small for the pool runs on the caller in one call
    /// over its whole range on 2 threads (not chunk 0 and then the rest), and the site
    /// learns the new call's time; one its site does not know (or knows large) does not.
    #[test]
    fn a_loop_known_small_runs_whole_in_one_call() {
        let _guard = Awake::new();
        let (lb, ub, step) = (0, 1000, 1);
        let calls_of = |site: &LoopSite| free_calls(lb, ub, step, Some(site));
        set_threads(2);
        // 1 ps per iteration: 1 ns for the loop, far below 64 chunks of INLINE_CHUNK_NANOS.
        let small = site(1);
        assert!(small.known_small(1000, MAX_CHUNKS).is_some());
        assert_eq!(calls_of(&small), vec![(lb, ub)]);
        // Now and then a call is timed for the site.
        let timed = (0..1000).any(|_| {
            assert_eq!(calls_of(&small), vec![(lb, ub)]);
            small.picos_per_iteration.load(Ordering::Relaxed) != 1
        });
        assert!(timed, "no call was timed");
        // Only the static estimate (never timed): chunk 0 is timed on its own first.
        let estimated = LoopSite {
            picos_per_iteration: AtomicU64::new(1),
            ..LoopSite::default()
        };
        assert!(estimated.known_small(1000, MAX_CHUNKS).is_none());
        assert_eq!(
            calls_of(&estimated)[0],
            chunk_bounds(lb, ub, step, 1000, 64, 0)
        );
        // Known small per iteration, but so many iterations that the loop is not.
        assert!(site(1).known_small(1 << 40, MAX_CHUNKS).is_none());
        set_threads(0);
    }

    /// The generated code's inline copy is taken exactly where `lattice_parallel_for` would
    /// run the loop in one call on the caller, and its time reaches the site.
    #[test]
    fn inline_copies_are_taken_where_the_loop_would_run_whole_on_the_caller() {
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let null = std::ptr::null();
        let small = site(1);
        set_threads(1);
        assert_eq!(unsafe { lattice_parallel_inline(0, 1000, 1, null) }, -1);
        assert_eq!(unsafe { lattice_parallel_inline(0, 1000, 1, &small) }, -1);
        set_threads(2);
        assert_eq!(unsafe { lattice_parallel_inline(5, 5, 1, null) }, -1);
        assert_eq!(unsafe { lattice_parallel_inline(0, 10, -1, null) }, -1);
        assert_eq!(unsafe { lattice_parallel_inline(0, 1000, 1, null) }, 0);
        // Never timed (the static estimate alone), or known large: the runtime decides.
        let estimated = LoopSite {
            picos_per_iteration: AtomicU64::new(1),
            ..LoopSite::default()
        };
        assert_eq!(
            unsafe { lattice_parallel_inline(0, 1000, 1, &estimated) },
            0
        );
        assert_eq!(
            unsafe { lattice_parallel_inline(0, 1000, 1, &site(1 << 30)) },
            0
        );
        // Known small: inline, and now and then timed for the site (reading the clock
        // costs more than such a loop): 1 ns per call, one call in SMALL_LOOP_MAX_PERIOD.
        let words: Vec<i64> = (0..25_600)
            .map(|_| unsafe { lattice_parallel_inline(0, 1000, 1, &small) })
            .collect();
        assert!(words.iter().all(|&t| t != 0));
        let timed = words.iter().filter(|&&t| t > 0).count();
        assert!((50..200).contains(&timed), "{timed} of 25600 calls timed");
        // A loop of 1 µs: one call in 8 (8 µs >= 4096 ns); one of 8 µs: every call.
        let draws = |picos| {
            let s = site(picos);
            (0..1600)
                .filter(|_| unsafe { lattice_parallel_inline(0, 1000, 1, &s) } > 0)
                .count()
        };
        let timed = draws(1_000);
        assert!((140..270).contains(&timed), "{timed} of 1600 calls timed");
        assert_eq!(draws(8_000), 1600);
        let t = *words.iter().find(|&&t| t > 0).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
        unsafe { lattice_parallel_inline_done(0, 1000, 1, &small, t) };
        // 2 ms over 1000 iterations: at least 2 ns each (no longer small).
        assert!(small.picos_per_iteration.load(Ordering::Relaxed) >= 2_000);
        assert_eq!(unsafe { lattice_parallel_inline(0, 1000, 1, &small) }, 0);
        set_threads(0);
    }

    /// When the rest of a loop would stay on the caller whatever chunk 0 took, the loop
    /// runs whole in one call (the outlined body's whole-range copy), timed for its site:
    /// two chunks (without a site, new, or known large but short while the pool is asleep), a site in
    /// a backoff, or a loop its site knows short on a busy machine. Otherwise chunk 0 is
    /// timed apart.
    #[test]
    fn a_loop_whose_rest_stays_on_the_caller_runs_whole_in_one_call() {
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        set_threads(2);
        assert_eq!(free_calls(0, 2, 1, None), vec![(0, 2)]);
        let fresh = site(0);
        assert_eq!(free_calls(0, 2, 1, Some(&fresh)), vec![(0, 2)]);
        assert!(fresh.timed());
        // Known large (30 µs per chunk) but too short to wake the pool for.
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(free_calls(0, 2, 1, Some(&site(30_000_000))), vec![(0, 2)]);
        // 100 iterations, 64 chunks: chunk 0 apart, then the rest.
        let chunk0 = chunk_bounds(0, 100, 1, 100, 64, 0);
        assert_eq!(free_calls(0, 100, 1, Some(&site(0)))[0], chunk0);
        let backoff = site(1_000);
        backoff.eager_result(1_000_000, 1);
        assert!(!backoff.try_eager());
        assert_eq!(free_calls(0, 100, 1, Some(&backoff)), vec![(0, 100)]);
        // 50 µs per iteration: 5 ms, not known small, far below BUSY_POOL_NANOS: split on
        // a quiet machine, whole on a busy one.
        let short = site(50_000_000);
        assert!(free_calls(0, 100, 1, Some(&short)).len() > 1);
        TEST_BUSY.store(true, Ordering::Relaxed);
        let short = site(50_000_000);
        let calls = free_calls(0, 100, 1, Some(&short));
        TEST_BUSY.store(false, Ordering::Relaxed);
        assert_eq!(calls, vec![(0, 100)]);
        set_threads(0);
    }

    unsafe extern "C" fn slow_body(ctx: *mut u8, lb: i64, ub: i64, chunk: i64) {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_micros(3) {
            std::hint::spin_loop();
        }
        // SAFETY: the test passes a `Ctx`.
        unsafe { body(ctx, lb, ub, chunk) }
    }

    /// Back-to-back loops big enough for the pool (each chunk spins 3 µs), with and without
    /// fixed chunks, timed on the first call and handed to the pool whole on the others
    /// (one site): every iteration runs once per loop and the partials match one thread's.
    #[test]
    fn pooled_loops_back_to_back_run_every_iteration_once() {
        let _guard = Awake::new();
        let (lb, ub, step) = (5, 5 + 3 * 200, 3);
        let n = trip_count(lb, ub, step);
        let chunks = lattice_parallel_chunks(lb, ub, step);
        let want: Vec<i64> = (0..chunks)
            .map(|c| {
                let (clb, cub) = chunk_bounds(lb, ub, step, n, chunks, c);
                (clb..cub).step_by(step as usize).sum()
            })
            .collect();
        for t in [2, 3] {
            set_threads(t);
            let site = site(0);
            let jobs = pool::jobs();
            for round in 0..40 {
                let ctx = Ctx {
                    hits: (0..n).map(|_| AtomicI64::new(0)).collect(),
                    partial: (0..chunks).map(|_| AtomicI64::new(0)).collect(),
                    lb,
                    step,
                };
                let k = if round % 2 == 0 { chunks } else { 0 };
                // SAFETY: `slow_body` only touches atomics.
                unsafe {
                    lattice_parallel_for(
                        slow_body,
                        &ctx as *const Ctx as *mut u8,
                        lb,
                        ub,
                        step,
                        k,
                        &site,
                    )
                };
                let hits: Vec<i64> = ctx.hits.iter().map(|a| a.load(Ordering::SeqCst)).collect();
                assert!(hits.iter().all(|&h| h == 1), "t{t} round {round}: {hits:?}");
                if k > 0 {
                    let partial: Vec<i64> = ctx
                        .partial
                        .iter()
                        .map(|a| a.load(Ordering::SeqCst))
                        .collect();
                    assert_eq!(partial, want, "t{t} round {round}");
                }
            }
            assert_ne!(site.estimate(n), 0);
            assert!(pool::jobs() > jobs, "the loops went to the pool");
        }
        set_threads(0);
    }

    #[test]
    fn empty_and_negative_step_loops_run_nothing() {
        assert_eq!(lattice_parallel_chunks(5, 5, 1), 0);
        assert_eq!(lattice_parallel_chunks(0, 10, 0), 0);
        assert_eq!(lattice_parallel_chunks(0, 10, -1), 0);
        assert_eq!(lattice_parallel_chunks(0, 1000, 1), MAX_CHUNKS);
        assert_eq!(lattice_parallel_chunks(0, 10, 3), 4);
        assert_eq!(trip_count(0, 9, 3), 3);
        assert_eq!(trip_count(i64::MIN, i64::MAX, i64::MAX), 3);
        assert_eq!(trip_count(-1, i64::MAX, 1 << 62), 2);
    }

    /// Per-chunk: whether the chunk ran on the test's own thread.
    struct Where {
        caller: std::thread::ThreadId,
        on_caller: Vec<AtomicI64>,
        spin: std::time::Duration,
    }

    unsafe extern "C" fn where_body(ctx: *mut u8, _lb: i64, _ub: i64, chunk: i64) {
        // SAFETY: the test passes a `Where`.
        let w = unsafe { &*(ctx as *const Where) };
        let start = std::time::Instant::now();
        while start.elapsed() < w.spin {
            std::hint::spin_loop();
        }
        let here = std::thread::current().id() == w.caller;
        w.on_caller[chunk as usize].store(here as i64 + 1, Ordering::SeqCst);
    }

    fn placement(spin: std::time::Duration, chunks: i64) -> Vec<i64> {
        let w = Where {
            caller: std::thread::current().id(),
            on_caller: (0..chunks).map(|_| AtomicI64::new(0)).collect(),
            spin,
        };
        set_threads(4);
        // SAFETY: `where_body` only touches atomics.
        unsafe {
            lattice_parallel_for(
                where_body,
                &w as *const Where as *mut u8,
                0,
                chunks,
                1,
                chunks,
                std::ptr::null(),
            )
        };
        w.on_caller
            .iter()
            .map(|a| a.load(Ordering::SeqCst))
            .collect()
    }

    #[test]
    fn tiny_loops_run_inline_and_big_ones_on_the_pool() {
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // 2 = ran on the calling thread, 1 = on a worker; every chunk ran (no 0).
        assert_eq!(placement(std::time::Duration::ZERO, 8), vec![2; 8]);
        let big = placement(std::time::Duration::from_millis(2), 8);
        assert_eq!(big[0], 2);
        assert!(big.iter().all(|&p| p != 0));
        assert!(big[1..].contains(&1), "{big:?}");
        // Two chunks, however long: the second follows the first on the calling thread,
        // without waking the pool.
        let jobs = pool::jobs();
        assert_eq!(
            placement(std::time::Duration::from_millis(2), 2),
            vec![2; 2]
        );
        assert_eq!(pool::jobs(), jobs);
        // With the cores busy, a loop whose rest is short against BUSY_POOL_NANOS stays
        // on the caller; a longer one goes to the pool.
        TEST_BUSY.store(true, Ordering::Relaxed);
        // (3 chunks of 0.1 ms: only a first chunk stretched past 10 ms by preemption
        // would send the rest to the pool.)
        assert_eq!(
            placement(std::time::Duration::from_micros(100), 3),
            vec![2; 3]
        );
        assert_eq!(pool::jobs(), jobs);
        let long = placement(std::time::Duration::from_millis(4), 8);
        TEST_BUSY.store(false, Ordering::Relaxed);
        assert!(long.iter().all(|&p| p != 0));
        assert_eq!(pool::jobs(), jobs + 1);
        set_threads(0);
    }

    /// Two chunks that each wait (up to 0.5 s) for the other to start, and what the caller
    /// saw: per chunk, 1 when the other had started; how many chunks ran on the caller and
    /// whether chunk 1 did.
    struct Meet {
        caller: std::thread::ThreadId,
        started: [AtomicI64; 2],
        met: [AtomicI64; 2],
        on_caller: [AtomicI64; 2],
        /// How long a chunk on a worker sleeps after meeting.
        linger: std::time::Duration,
    }

    unsafe extern "C" fn meet_body(ctx: *mut u8, _lb: i64, _ub: i64, chunk: i64) {
        // SAFETY: the test passes a `Meet`.
        let m = unsafe { &*(ctx as *const Meet) };
        let c = chunk as usize;
        m.started[c].store(1, Ordering::SeqCst);
        let start = std::time::Instant::now();
        while m.started[1 - c].load(Ordering::SeqCst) == 0
            && start.elapsed() < std::time::Duration::from_millis(500)
        {
            std::hint::spin_loop();
        }
        m.met[c].store(m.started[1 - c].load(Ordering::SeqCst), Ordering::SeqCst);
        let here = std::thread::current().id() == m.caller;
        m.on_caller[c].store(here as i64, Ordering::SeqCst);
        if !here {
            std::thread::sleep(m.linger);
        }
    }

    fn meet(site: &LoopSite, linger: std::time::Duration) -> Vec<[i64; 2]> {
        let m = Meet {
            caller: std::thread::current().id(),
            started: Default::default(),
            met: Default::default(),
            on_caller: Default::default(),
            linger,
        };
        // SAFETY: `meet_body` only touches atomics.
        unsafe { lattice_parallel_for(meet_body, &m as *const Meet as *mut u8, 0, 2, 1, 2, site) };
        let load = |a: &[AtomicI64; 2]| a.each_ref().map(|x| x.load(Ordering::SeqCst));
        let on_caller = load(&m.on_caller);
        vec![load(&m.met), [on_caller[0] + on_caller[1], on_caller[1]]]
    }

    /// A loop of 2 chunks on 2 threads that its site knows to be large runs its chunks side
    /// by side (each sees the other start), one on the caller; one its site does not
    /// know runs them one after the other on the caller (and learns it is large). A caller
    /// waiting long for a worker's chunk sleeps rather than spins.
    #[test]
    fn few_chunk_loops_known_large_run_side_by_side() {
        let guard = Awake::new();
        set_threads(2);
        let known = site(1_000_000_000);
        let jobs = pool::jobs();
        let sleeps = pool::sleeps();
        let no_linger = std::time::Duration::ZERO;
        let side_by_side = |r: Vec<[i64; 2]>| r[0] == [1, 1] && r[1][0] == 1;
        let r = meet(&known, no_linger);
        assert!(side_by_side(r.clone()), "{r:?}");
        assert_eq!(pool::jobs() - jobs, 1);
        // The worker keeps its chunk for 30 ms after the meeting: the caller sleeps. (A new
        // site: `known` now holds the caller's chunk time, which the meeting made short.)
        let linger = std::time::Duration::from_millis(30);
        let r = meet(&site(1_000_000_000), linger);
        assert!(side_by_side(r.clone()), "{r:?}");
        assert!(pool::sleeps() > sleeps);
        // ... and that call did not pay (30 ms for a loop estimated from the caller's quick
        // chunk): the next call of that site is timed first.
        let slow = site(1_000_000_000);
        meet(&slow, linger);
        assert!(!slow.try_eager());
        // Unknown: chunk 0 is timed alone (it waits the 0.5 s out), then chunk 1 follows on
        // the caller; the site has learnt the loop is large.
        let fresh = site(0);
        assert_eq!(meet(&fresh, no_linger), vec![[0, 1], [2, 1]]);
        assert!(fresh.estimate(2) >= EAGER_LOOP_NANOS);
        let r = meet(&fresh, no_linger);
        assert!(side_by_side(r.clone()), "{r:?}");
        // With every worker asleep, a known-large loop of few chunks too short to pay for
        // a wake-up (30 µs each) runs on the caller (timed first), without the pool.
        pool::ASSUME_AWAKE.store(false, Ordering::Relaxed);
        std::thread::sleep(std::time::Duration::from_millis(20));
        let jobs = pool::jobs();
        let wakes = pool::wakes();
        assert_eq!(meet(&site(30_000_000), no_linger), vec![[0, 1], [2, 1]]);
        assert_eq!(pool::jobs(), jobs);
        // The workers were woken for its next call; not so for a site that holds only the
        // static estimate (a kernel that may be called once).
        assert_eq!(pool::wakes(), wakes + 1);
        std::thread::sleep(std::time::Duration::from_millis(20));
        let estimated = LoopSite {
            picos_per_iteration: AtomicU64::new(30_000_000),
            ..LoopSite::default()
        };
        assert_eq!(meet(&estimated, no_linger), vec![[0, 1], [2, 1]]);
        assert_eq!(pool::wakes(), wakes + 1);
        assert_eq!(pool::jobs(), jobs);
        // One whose chunks are estimated to pay for it goes to the pool all the same: a
        // site holding only the code generator's static estimate (never timed) runs side
        // by side at its first call.
        std::thread::sleep(std::time::Duration::from_millis(20));
        let fresh = LoopSite {
            picos_per_iteration: AtomicU64::new(1_000_000_000),
            ..LoopSite::default()
        };
        let r = meet(&fresh, no_linger);
        assert!(side_by_side(r.clone()), "{r:?}");
        assert_eq!(pool::jobs(), jobs + 1);
        assert_ne!(fresh.fastest(2), 0, "the call was timed");
        // On a machine whose cores other processes keep busy, a known-large loop of few
        // chunks runs on the caller (timed first) even with a worker polling.
        pool::ASSUME_AWAKE.store(true, Ordering::Relaxed);
        TEST_BUSY.store(true, Ordering::Relaxed);
        let jobs = pool::jobs();
        assert_eq!(meet(&site(1_000_000_000), no_linger), vec![[0, 1], [2, 1]]);
        assert_eq!(pool::jobs(), jobs);
        TEST_BUSY.store(false, Ordering::Relaxed);
        set_threads(0);
        drop(guard);
    }

    /// A busy answer holds for BUSY_HOLD without looking again; a quiet one is looked up
    /// again after BUSY_RECHECK.
    #[test]
    fn the_busy_check_looks_at_most_once_per_recheck_and_not_while_busy_holds() {
        let check = BusyCheck::new();
        let count = std::cell::Cell::new(0);
        let looks = &count;
        let look = |answer: bool| {
            move || {
                looks.set(looks.get() + 1);
                Some(answer)
            }
        };
        assert!(!check.busy(1_000, look(false)));
        assert!(!check.busy(1_000 + BUSY_RECHECK / 2, look(true)));
        assert_eq!(looks.get(), 1);
        assert!(check.busy(1_000 + BUSY_RECHECK, look(true)));
        assert_eq!(looks.get(), 2);
        // Busy holds: no look for BUSY_HOLD, whatever the machine would answer.
        for k in 1..BUSY_HOLD / BUSY_RECHECK {
            assert!(check.busy(1_000 + BUSY_RECHECK * (k + 1), look(false)));
        }
        assert_eq!(looks.get(), 2);
        assert!(!check.busy(1_000 + BUSY_RECHECK + BUSY_HOLD, look(false)));
        assert_eq!(looks.get(), 3);
        // Unknown counts as quiet.
        assert!(!check.busy(1_000 + 3 * BUSY_RECHECK + BUSY_HOLD, || None));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_running_thread_count_includes_this_thread() {
        assert!(running_threads().is_some_and(|n| n >= 1));
    }

    #[test]
    fn a_site_whose_eager_calls_do_not_pay_backs_off() {
        let s = site(1);
        assert!(s.try_eager());
        // Gains accumulate; one loss larger than them starts a backoff.
        s.eager_result(10, 20);
        assert!(s.try_eager());
        s.eager_result(31, 20);
        assert!(!s.try_eager());
        assert_eq!(s.penalty.load(Ordering::Relaxed), MIN_BACKOFF);
        std::thread::sleep(std::time::Duration::from_nanos(MIN_BACKOFF + 100_000));
        assert!(s.try_eager());
        s.eager_result(2, 1);
        assert!(!s.try_eager());
        assert_eq!(s.penalty.load(Ordering::Relaxed), 2 * MIN_BACKOFF);
        for _ in 0..20 {
            s.eager_result(2, 1);
        }
        assert_eq!(s.penalty.load(Ordering::Relaxed), MAX_BACKOFF);
        // Gains worth a whole backoff halve it.
        s.eager_result(0, MAX_BACKOFF as u128);
        assert_eq!(s.penalty.load(Ordering::Relaxed), MAX_BACKOFF / 2);
        // A loss starts a backoff of at least BACKOFF_PER_LOSS times the time lost: a
        // worker preempted for 5 ms keeps the site off the pool for 80 ms.
        let s = site(1);
        s.eager_result(5_000_020, 20);
        assert_eq!(
            s.penalty.load(Ordering::Relaxed),
            5_000_000 * BACKOFF_PER_LOSS
        );
        // A call never timed on one thread has nothing to compare with.
        let s = site(1);
        s.eager_result(5_000_000, 0);
        assert!(s.try_eager());
    }
}
