//! The worker threads behind [`super::lattice_parallel_for`]: a job (one parallel loop's
//! chunks) is shared by the calling thread and up to `max_helpers` workers, which claim
//! chunks from one atomic word; the caller works too and returns when every chunk is done.
//!
//! Invariants: a job lives on its caller's stack. The pool's claim word packs the job's
//! epoch (one per published job), its next unclaimed chunk and its chunk count; a thread
//! runs chunk `c` only after a compare-and-swap moved that word from `(epoch, c)` to
//! `(epoch, c + 1)`, and it touches the job (its closure) only between such a claim and the
//! increment of [`Pool::done`] that reports the chunk finished. [`run`] returns only after
//! `done` reached the chunk count, so no thread touches a job after its caller returned,
//! and a worker that joined late (or was preempted before claiming anything) is never
//! waited for: its claim fails on the epoch. One job runs at a time: a parallel loop
//! started while another is running (a nested loop, or a second caller thread) runs on its
//! own thread, in chunk order.
//!
//! Waiting: idle workers spin for [`SPIN`] before sleeping on a condition variable, so a
//! sequence of parallel loops does not pay a futex wake-up per loop; the caller wakes
//! sleeping workers only when there are any. A caller whose own chunks are done spins for
//! the job's `spin` (about a chunk's time) and then sleeps until the last chunk reports:
//! a worker still busy after that has probably been preempted, and a sleeping caller frees
//! its core for it (a caller spinning or yielding there kept the core busy, so a worker
//! queued behind another process on the other core waited for that process's time slice:
//! jacobi-2d 768 with 40 parallel regions took 7 or 30 ms on 2 threads, bimodally).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long an idle worker polls for the next job before it sleeps.
const SPIN: Duration = Duration::from_micros(50);

/// Workers whose CPU is tracked (see [`WORKER_CPU`]); later ones are not.
const TRACKED_WORKERS: usize = 64;

/// Per worker: the CPU it is polling on (-1: not polling), refreshed while it polls.
static POLLING_CPU: [AtomicI32; TRACKED_WORKERS] = [const { AtomicI32::new(-1) }; TRACKED_WORKERS];

/// Per worker: the CPU it was on when it last claimed a chunk (-1: none yet).
static WORKER_CPU: [AtomicI32; TRACKED_WORKERS] = [const { AtomicI32::new(-1) }; TRACKED_WORKERS];

/// The CPU the last caller of a parallel loop ran on (-1: unknown).
static CALLER_CPU: AtomicI32 = AtomicI32::new(-1);

/// The CPU this thread runs on (-1 where unknown); a few nanoseconds with glibc's rseq.
pub(super) fn current_cpu() -> i32 {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn sched_getcpu() -> i32;
        }
        // SAFETY: `sched_getcpu` takes nothing and only reads the thread's CPU number.
        unsafe { sched_getcpu() }
    }
    #[cfg(not(target_os = "linux"))]
    {
        -1
    }
}

/// Notes that a caller of a parallel loop runs on `cpu`: a worker polling there runs
/// instead of it (one CPU runs one thread at a time), so it stops polling.
pub(super) fn note_caller_cpu(cpu: i32) {
    if CALLER_CPU.load(Ordering::Relaxed) != cpu {
        CALLER_CPU.store(cpu, Ordering::Relaxed);
    }
}

/// Bits of the claim word holding the next chunk and the chunk count (each at most
/// [`super::MAX_CHUNKS`]); the epoch takes the rest.
const FIELD_BITS: u32 = 8;
const FIELD_MASK: u64 = (1 << FIELD_BITS) - 1;

/// One parallel loop: chunks `first..chunks`, of which the caller already ran `..first`.
pub(super) struct Job<'a> {
    /// Runs chunk `c`.
    pub run: &'a (dyn Fn(i64) + Sync),
    first: i64,
    chunks: i64,
    /// Most workers that may join.
    max_helpers: usize,
    /// How long the caller spins for the workers' last chunks before it sleeps.
    spin: Duration,
}

/// A published job (a pointer to the caller's stack, see the module invariants).
#[derive(Clone, Copy)]
struct JobPtr(*const Job<'static>);
// SAFETY: the job's closure is `Sync` and the module invariants keep the pointer valid while
// a worker uses it.
unsafe impl Send for JobPtr {}

struct State {
    /// Increments whenever a job is published.
    epoch: u64,
    /// The last published job; dangling once its caller returned, which the claim word's
    /// epoch makes harmless (see the module invariants).
    job: Option<JobPtr>,
    /// Workers that joined the current job, and how many may.
    helpers: usize,
    max_helpers: usize,
    /// Workers waiting on [`Pool::wake`].
    sleepers: usize,
    /// Worker threads started so far (never stopped).
    workers: usize,
    /// Increments when [`wake_workers`] wakes the sleepers without a job.
    warm: u64,
}

struct Pool {
    state: Mutex<State>,
    wake: Condvar,
    /// A copy of `state.epoch` that spinning workers poll without the lock.
    epoch: AtomicU64,
    /// `epoch << 16 | next << 8 | chunks` of the current job.
    claim: AtomicU64,
    /// Chunks of the current job finished.
    done: AtomicI64,
    /// Whether the current job's caller sleeps on `finished` (set and read `SeqCst`, with
    /// `done`, so a last chunk either is seen by the caller or sees the caller asleep).
    caller_sleeping: AtomicBool,
    finished_lock: Mutex<()>,
    finished: Condvar,
    /// Held by the thread whose job is running.
    busy: Mutex<()>,
    /// Workers polling for a job right now (on a core, not asleep).
    spinning: AtomicUsize,
}

static POOL: Pool = Pool {
    state: Mutex::new(State {
        epoch: 0,
        job: None,
        helpers: 0,
        max_helpers: 0,
        sleepers: 0,
        workers: 0,
        warm: 0,
    }),
    wake: Condvar::new(),
    epoch: AtomicU64::new(0),
    claim: AtomicU64::new(0),
    done: AtomicI64::new(0),
    caller_sleeping: AtomicBool::new(false),
    finished_lock: Mutex::new(()),
    finished: Condvar::new(),
    busy: Mutex::new(()),
    spinning: AtomicUsize::new(0),
};

thread_local! {
    /// Whether this thread is one of the pool's workers.
    static WORKER: Cell<bool> = const { Cell::new(false) };
}

impl<'a> Job<'a> {
    /// A job whose chunks `first..chunks` remain (`chunks <= MAX_CHUNKS`), for at most
    /// `max_helpers` workers; its caller spins `spin` for the last chunks before sleeping.
    pub fn new(
        run: &'a (dyn Fn(i64) + Sync),
        first: i64,
        chunks: i64,
        max_helpers: usize,
        spin: Duration,
    ) -> Self {
        debug_assert!((0..=FIELD_MASK as i64).contains(&chunks) && first <= chunks);
        Job {
            run,
            first,
            chunks,
            max_helpers,
            spin,
        }
    }

    /// Runs the chunks in order on this thread.
    fn run_alone(&self) {
        (self.first..self.chunks).for_each(self.run);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The claim word of job `epoch` with `next` chunks claimed out of `chunks`.
fn pack(epoch: u64, next: i64, chunks: i64) -> u64 {
    epoch << (2 * FIELD_BITS) | (next as u64) << FIELD_BITS | chunks as u64
}

/// Claims and runs chunks of the job published as `epoch` until none is left; `timed`:
/// returns the first chunk this thread ran and how long it took.
///
/// # Safety
/// `job` is the job published as `epoch` (it may have returned; then no claim succeeds).
unsafe fn work(
    epoch: u64,
    job: JobPtr,
    timed: bool,
    worker: Option<usize>,
) -> Option<(i64, Duration)> {
    let tag = epoch & (u64::MAX >> (2 * FIELD_BITS));
    let mut first = None;
    let mut s = POOL.claim.load(Ordering::Acquire);
    loop {
        let next = ((s >> FIELD_BITS) & FIELD_MASK) as i64;
        let chunks = (s & FIELD_MASK) as i64;
        if s >> (2 * FIELD_BITS) != tag || next >= chunks {
            return first;
        }
        if let Err(now) = POOL.claim.compare_exchange_weak(
            s,
            s + (1 << FIELD_BITS),
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            s = now;
            continue;
        }
        if let Some(slot) = worker.and_then(|i| WORKER_CPU.get(i)) {
            slot.store(current_cpu(), Ordering::Relaxed);
        }
        // SAFETY: the claim succeeded, so chunk `next` is not done and the caller, which
        // waits for it, has not returned (module invariants).
        let run = unsafe { (*job.0).run };
        if timed && first.is_none() {
            let start = Instant::now();
            run(next);
            first = Some((next, start.elapsed()));
        } else {
            run(next);
        }
        if POOL.done.fetch_add(1, Ordering::SeqCst) + 1 == chunks
            && POOL.caller_sleeping.load(Ordering::SeqCst)
        {
            let _g = lock(&POOL.finished_lock);
            POOL.finished.notify_one();
        }
        s = POOL.claim.load(Ordering::Acquire);
    }
}

/// Runs the job's remaining chunks on this thread and up to `max_helpers` workers; returns
/// when all are done. A job started on a worker, or while another job runs, runs here alone,
/// in chunk order. `timed`: returns the first chunk this thread ran and its duration.
pub(super) fn run(job: &Job<'_>, timed: bool) -> Option<(i64, Duration)> {
    let nested = WORKER.with(|w| w.get());
    let guard = if nested {
        None
    } else {
        POOL.busy.try_lock().ok()
    };
    let Some(_guard) = guard else {
        job.run_alone();
        return None;
    };
    let ptr = JobPtr(job as *const Job<'_> as *const Job<'static>);
    let epoch = {
        let mut st = lock(&POOL.state);
        spawn_workers(&mut st, job.max_helpers);
        st.epoch += 1;
        st.job = Some(ptr);
        st.helpers = 0;
        st.max_helpers = job.max_helpers;
        POOL.done.store(job.first, Ordering::SeqCst);
        POOL.claim
            .store(pack(st.epoch, job.first, job.chunks), Ordering::Release);
        POOL.epoch.store(st.epoch, Ordering::Release);
        if st.sleepers > 0 {
            POOL.wake.notify_all();
        }
        st.epoch
    };
    // SAFETY: `ptr` is this job, published as `epoch`.
    let first = unsafe { work(epoch, ptr, timed, None) };
    wait_done(job);
    first
}

/// Returns once every chunk of the running job is done: spins for `job.spin`, then sleeps
/// until the thread that finishes the last chunk wakes it.
fn wait_done(job: &Job<'_>) {
    let finished = || POOL.done.load(Ordering::SeqCst) >= job.chunks;
    let start = Instant::now();
    let mut polls = 0u32;
    // A worker last seen on this CPU cannot run its chunk while this thread spins here.
    let cpu = current_cpu();
    let shared = cpu >= 0
        && WORKER_CPU[..job.max_helpers.min(TRACKED_WORKERS)]
            .iter()
            .any(|c| c.load(Ordering::Relaxed) == cpu);
    let spin = if shared { Duration::ZERO } else { job.spin };
    while !finished() {
        std::hint::spin_loop();
        polls += 1;
        if polls % 64 == 0 && start.elapsed() > spin {
            let mut g = lock(&POOL.finished_lock);
            POOL.caller_sleeping.store(true, Ordering::SeqCst);
            while !finished() {
                g = POOL.finished.wait(g).unwrap_or_else(|e| e.into_inner());
            }
            POOL.caller_sleeping.store(false, Ordering::SeqCst);
            #[cfg(test)]
            SLEEPS.fetch_add(1, Ordering::Relaxed);
            return;
        }
    }
}

/// How many times a caller slept in [`wait_done`] (tests).
#[cfg(test)]
static SLEEPS: AtomicU64 = AtomicU64::new(0);

#[cfg(test)]
pub(super) fn sleeps() -> u64 {
    SLEEPS.load(Ordering::Relaxed)
}

/// Whether a worker is polling for a job right now on another CPU than `cpu`, the caller's
/// (so it would take a chunk at once; a sleeping one needs a wake-up first, and on a busy
/// machine a core; one polling on the caller's CPU would only share it).
pub(super) fn worker_awake(cpu: i32) -> bool {
    #[cfg(test)]
    if ASSUME_AWAKE.load(Ordering::Relaxed) {
        return true;
    }
    if POOL.spinning.load(Ordering::Relaxed) == 0 {
        return false;
    }
    let workers = lock(&POOL.state).workers;
    let polled = POLLING_CPU[..workers.min(TRACKED_WORKERS)]
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .filter(|&c| c >= 0)
        .collect::<Vec<_>>();
    // Untracked workers, or CPUs unknown: count them awake.
    workers > TRACKED_WORKERS || cpu < 0 || polled.iter().any(|&c| c != cpu)
}

/// How many workers are polling for a job right now.
pub(super) fn polling_workers() -> usize {
    POOL.spinning.load(Ordering::Relaxed)
}

/// Starts workers until there are `n` (a new worker polls first, then sleeps).
fn spawn_workers(st: &mut State, n: usize) {
    while st.workers < n {
        let i = st.workers;
        let spawned = std::thread::Builder::new()
            .name(format!("lattice-worker-{i}"))
            .spawn(move || worker(i));
        if spawned.is_err() {
            break;
        }
        st.workers += 1;
    }
}

/// Wakes sleeping workers without a job (starting up to `n` if there are fewer), so that
/// they poll for [`SPIN`]: for a caller that expects to hand its next loop to the pool.
pub(super) fn wake_workers(n: usize) {
    #[cfg(test)]
    WAKES.fetch_add(1, Ordering::Relaxed);
    let mut st = lock(&POOL.state);
    spawn_workers(&mut st, n);
    if st.sleepers > 0 {
        st.warm += 1;
        POOL.wake.notify_all();
    }
}

/// How many times [`wake_workers`] was called (tests).
#[cfg(test)]
static WAKES: AtomicU64 = AtomicU64::new(0);

#[cfg(test)]
pub(super) fn wakes() -> u64 {
    WAKES.load(Ordering::Relaxed)
}

/// Tests: [`worker_awake`] answers true (whether a worker is polling depends on timing).
#[cfg(test)]
pub(super) static ASSUME_AWAKE: AtomicBool = AtomicBool::new(false);

/// How many jobs the pool has been given so far (tests: whether a loop went to the pool).
#[cfg(test)]
pub(super) fn jobs() -> u64 {
    POOL.epoch.load(Ordering::Acquire)
}

/// Worker `index`: polls for jobs, sleeps when none comes for [`SPIN`] or when it finds
/// itself on the last caller's CPU (where its polling would keep the caller off the CPU).
fn worker(index: usize) {
    WORKER.with(|w| w.set(true));
    let polling = POLLING_CPU.get(index);
    let mut seen = 0u64;
    loop {
        // Poll for a new job for a while, then sleep.
        let start = Instant::now();
        let mut polls = 0u32;
        POOL.spinning.fetch_add(1, Ordering::Relaxed);
        while POOL.epoch.load(Ordering::Acquire) == seen {
            std::hint::spin_loop();
            polls += 1;
            if polls % 64 == 0 {
                if start.elapsed() > SPIN {
                    break;
                }
                let cpu = current_cpu();
                if let Some(p) = polling {
                    p.store(cpu, Ordering::Relaxed);
                }
                if cpu >= 0 && cpu == CALLER_CPU.load(Ordering::Relaxed) {
                    break;
                }
            }
        }
        if let Some(p) = polling {
            p.store(-1, Ordering::Relaxed);
        }
        POOL.spinning.fetch_sub(1, Ordering::Relaxed);
        let job = {
            let mut st = lock(&POOL.state);
            let warm = st.warm;
            while st.epoch == seen && st.warm == warm {
                st.sleepers += 1;
                st = POOL.wake.wait(st).unwrap_or_else(|e| e.into_inner());
                st.sleepers -= 1;
            }
            if st.epoch == seen {
                // Woken by `wake_workers`: poll again.
                continue;
            }
            seen = st.epoch;
            // Joining is only counted: the job is touched after a successful claim.
            match st.job {
                Some(j) if st.helpers < st.max_helpers => {
                    st.helpers += 1;
                    Some(j)
                }
                _ => None,
            }
        };
        if let Some(j) = job {
            // SAFETY: `j` was published as `seen`.
            unsafe { work(seen, j, false, Some(index)) };
        }
    }
}
