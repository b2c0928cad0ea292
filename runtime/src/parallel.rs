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
//! either way. A loop of two chunks never goes to the pool: after chunk 0 only one chunk is
//! left, which no other chunk could run beside, so a worker would only add its wake-up and
//! join to the caller's wait (conv2d's 2-tile loop under `poly-schedule`: 19 us per call
//! on 2 threads, for a 27 us kernel).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

mod pool;

/// An outlined parallel-loop body: runs iterations `lb, lb + step, ... < ub` as chunk `chunk`.
pub type ParallelBody = unsafe extern "C" fn(ctx: *mut u8, lb: i64, ub: i64, chunk: i64);

/// Most chunks a loop is split into.
pub const MAX_CHUNKS: i64 = 64;

/// A loop whose first chunk ran faster than this (nanoseconds) runs all its chunks on the
/// calling thread: dispatching to the pool costs a few microseconds per loop.
pub const INLINE_CHUNK_NANOS: u128 = 2_000;

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
    *DEFAULT.get_or_init(|| {
        std::env::var("LATTICE_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
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

/// `lattice_parallel_for(body, ctx, lb, ub, step, chunks)`: runs the loop's iterations on the
/// pool and returns when all are done. A loop with `step <= 0` or `ub <= lb` runs nothing.
///
/// `chunks >= 1` (pass [`lattice_parallel_chunks`]'s answer): the body is called once per
/// chunk `c < chunks` with that chunk's bounds and `c`, whatever the thread count (a
/// reduction's partials depend on it). `chunks < 1`: the body does not use the chunk
/// index, and the runtime splits the loop as it likes; with one thread it calls
/// `body(ctx, lb, ub, 0)` once, on the calling thread (a parallel region then costs about
/// one indirect call more than the sequential loop). Every call covers consecutive
/// iterations, and on one thread the calls come in ascending order of their bounds.
///
/// # Safety
/// `body` may be called concurrently from several threads with `ctx` and disjoint chunks.
#[no_mangle]
pub unsafe extern "C" fn lattice_parallel_for(
    body: ParallelBody,
    ctx: *mut u8,
    lb: i64,
    ub: i64,
    step: i64,
    chunks: i64,
) {
    let n = trip_count(lb, ub, step);
    if n == 0 {
        return;
    }
    let threads = threads();
    let free = chunks < 1;
    if free && threads == 1 {
        // SAFETY: per the caller.
        unsafe { body(ctx, lb, ub, 0) };
        return;
    }
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
    if threads == 1 {
        (0..chunks).for_each(run);
        return;
    }
    // Chunk 0 runs here; its time estimates whether the rest is worth the pool.
    let start = std::time::Instant::now();
    run(0);
    if chunks == 1 {
        return;
    }
    if chunks > 2 && start.elapsed().as_nanos() >= INLINE_CHUNK_NANOS {
        // SAFETY (Sync): the body may run concurrently on disjoint chunks, per the caller.
        let shared = Shared(&run);
        let run_shared = move |c: i64| shared.call(c);
        pool::run(&pool::Job::new(&run_shared, 1, chunks, threads - 1));
    } else if free {
        // The rest of the loop in one call.
        let (rest_lb, _) = chunk_bounds(lb, ub, step, n, chunks, 1);
        // SAFETY: per the caller.
        unsafe { body(ctx, rest_lb, ub, 1) };
    } else {
        (1..chunks).for_each(run);
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

    fn run(lb: i64, ub: i64, step: i64, threads: usize) -> (Vec<i64>, Vec<i64>) {
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
        unsafe { lattice_parallel_for(body, &ctx as *const Ctx as *mut u8, lb, ub, step, chunks) };
        let load = |v: &[AtomicI64]| {
            v.iter()
                .map(|a| a.load(Ordering::SeqCst))
                .collect::<Vec<_>>()
        };
        (load(&ctx.hits), load(&ctx.partial))
    }

    #[test]
    fn every_iteration_runs_once_and_partials_do_not_depend_on_threads() {
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        for (lb, ub, step) in [
            (0, 1000, 1),
            (3, 17, 4),
            (-5, 5, 3),
            (0, 1, 1),
            (0, 64, 1),
            (7, 7, 1),
            (0, 130, 2),
        ] {
            let (hits1, partial1) = run(lb, ub, step, 1);
            assert!(hits1.iter().all(|&h| h == 1), "{lb} {ub} {step}: {hits1:?}");
            for t in [2, 3, 8] {
                let (hits, partial) = run(lb, ub, step, t);
                assert!(hits.iter().all(|&h| h == 1));
                assert_eq!(partial, partial1, "threads {t}");
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
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        for (lb, ub, step) in [(0, 1000, 1), (3, 17, 4), (-5, 5, 3), (0, 1, 1), (0, 130, 2)] {
            for t in [1, 2, 3] {
                let ctx = Calls {
                    hits: (0..trip_count(lb, ub, step))
                        .map(|_| AtomicI64::new(0))
                        .collect(),
                    calls: Mutex::new(Vec::new()),
                    lb,
                    step,
                };
                set_threads(t);
                // SAFETY: `calls_body` only touches atomics and a mutex.
                unsafe {
                    lattice_parallel_for(
                        calls_body,
                        &ctx as *const Calls as *mut u8,
                        lb,
                        ub,
                        step,
                        0,
                    )
                };
                let hits: Vec<i64> = ctx.hits.iter().map(|a| a.load(Ordering::SeqCst)).collect();
                assert!(
                    hits.iter().all(|&h| h == 1),
                    "{lb} {ub} {step} t{t}: {hits:?}"
                );
                let calls = ctx.calls.into_inner().unwrap();
                if t == 1 {
                    assert_eq!(calls, vec![(lb, ub)]);
                } else {
                    // Chunk 0 first, on this thread; then the rest (in one call when chunk
                    // 0 was quick, which the timing decides).
                    assert_eq!(calls[0].0, lb, "{calls:?}");
                    assert!(calls.len() <= MAX_CHUNKS as usize, "{calls:?}");
                }
            }
        }
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
    /// fixed chunks: every iteration runs once per loop and the partials match one thread's.
    #[test]
    fn pooled_loops_back_to_back_run_every_iteration_once() {
        let _guard = THREADS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
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
                    lattice_parallel_for(slow_body, &ctx as *const Ctx as *mut u8, lb, ub, step, k)
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
        set_threads(0);
    }
}
