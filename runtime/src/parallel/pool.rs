//! The worker threads behind [`super::lattice_parallel_for`]: a job (one parallel loop's
//! chunks) is shared by the calling thread and up to `threads - 1` workers, which take
//! chunks from an atomic counter; the caller works too and returns when every chunk is done.
//!
//! Invariants: a job lives on its caller's stack and is published in [`State::job`] only
//! between [`run`]'s start and its return; a worker joins it (and increments
//! [`Job::active`]) only under the state mutex while it is published, and [`run`] returns
//! only after unpublishing it and seeing `active == 0`, so no worker touches a job after
//! its caller returned. One job runs at a time: a parallel loop started while another is
//! running (a nested loop, or a second caller thread) runs on its own thread, in chunk
//! order. Idle workers spin for [`SPIN`] before sleeping on a condition variable, so a
//! sequence of parallel loops does not pay a futex wake-up per loop; the caller wakes
//! sleeping workers only when there are any.

use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long an idle worker polls for the next job before it sleeps.
const SPIN: Duration = Duration::from_micros(50);

/// One parallel loop: chunks `next..chunks` are still to be taken.
pub(super) struct Job<'a> {
    /// Runs chunk `c`.
    pub run: &'a (dyn Fn(i64) + Sync),
    pub chunks: i64,
    next: AtomicI64,
    done: AtomicI64,
    /// Workers that joined and have not yet left.
    active: AtomicUsize,
    /// Most workers that may join.
    max_helpers: usize,
    helpers: AtomicUsize,
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
    job: Option<JobPtr>,
    /// Workers waiting on [`Pool::wake`].
    sleepers: usize,
    /// Worker threads started so far (never stopped).
    workers: usize,
}

struct Pool {
    state: Mutex<State>,
    wake: Condvar,
    /// A copy of `state.epoch` that spinning workers poll without the lock.
    epoch: AtomicU64,
    /// Held by the thread whose job is running.
    busy: Mutex<()>,
}

static POOL: Pool = Pool {
    state: Mutex::new(State {
        epoch: 0,
        job: None,
        sleepers: 0,
        workers: 0,
    }),
    wake: Condvar::new(),
    epoch: AtomicU64::new(0),
    busy: Mutex::new(()),
};

thread_local! {
    /// Whether this thread is one of the pool's workers.
    static WORKER: Cell<bool> = const { Cell::new(false) };
}

impl<'a> Job<'a> {
    /// A job whose chunks `first..chunks` remain, for at most `max_helpers` workers.
    pub fn new(run: &'a (dyn Fn(i64) + Sync), first: i64, chunks: i64, max_helpers: usize) -> Self {
        Job {
            run,
            chunks,
            next: AtomicI64::new(first),
            done: AtomicI64::new(first),
            active: AtomicUsize::new(0),
            max_helpers,
            helpers: AtomicUsize::new(0),
        }
    }

    /// Takes and runs chunks until none is left.
    fn work(&self) {
        loop {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= self.chunks {
                return;
            }
            (self.run)(c);
            self.done.fetch_add(1, Ordering::Release);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the job's remaining chunks on this thread and up to `max_helpers` workers; returns
/// when all are done. A job started on a worker, or while another job runs, runs here alone.
pub(super) fn run(job: &Job<'_>) {
    let nested = WORKER.with(|w| w.get());
    let guard = if nested {
        None
    } else {
        POOL.busy.try_lock().ok()
    };
    let Some(_guard) = guard else {
        job.work();
        return;
    };
    {
        let mut st = lock(&POOL.state);
        while st.workers < job.max_helpers {
            let i = st.workers;
            let spawned = std::thread::Builder::new()
                .name(format!("lattice-worker-{i}"))
                .spawn(worker);
            if spawned.is_err() {
                break;
            }
            st.workers += 1;
        }
        st.epoch += 1;
        POOL.epoch.store(st.epoch, Ordering::Release);
        st.job = Some(JobPtr(job as *const Job<'_> as *const Job<'static>));
        if st.sleepers > 0 {
            POOL.wake.notify_all();
        }
    }
    job.work();
    wait(|| job.done.load(Ordering::Acquire) >= job.chunks);
    lock(&POOL.state).job = None;
    wait(|| job.active.load(Ordering::Acquire) == 0);
}

/// How many jobs the pool has been given so far (tests: whether a loop went to the pool).
#[cfg(test)]
pub(super) fn jobs() -> u64 {
    POOL.epoch.load(Ordering::Acquire)
}

/// Spins, then yields, until `ready()`.
fn wait(ready: impl Fn() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        if spins < 1 << 10 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

fn worker() {
    WORKER.with(|w| w.set(true));
    let mut seen = 0u64;
    loop {
        // Poll for a new job for a while, then sleep.
        let start = Instant::now();
        let mut polls = 0u32;
        while POOL.epoch.load(Ordering::Acquire) == seen {
            std::hint::spin_loop();
            polls += 1;
            if polls % 64 == 0 && start.elapsed() > SPIN {
                break;
            }
        }
        let job = {
            let mut st = lock(&POOL.state);
            while st.epoch == seen {
                st.sleepers += 1;
                st = POOL.wake.wait(st).unwrap_or_else(|e| e.into_inner());
                st.sleepers -= 1;
            }
            seen = st.epoch;
            st.job.filter(|j| {
                // SAFETY: published jobs are alive (module invariants); we hold the lock.
                let job = unsafe { &*j.0 };
                let joined = job.helpers.load(Ordering::Relaxed) < job.max_helpers;
                if joined {
                    job.helpers.fetch_add(1, Ordering::Relaxed);
                    job.active.fetch_add(1, Ordering::Relaxed);
                }
                joined
            })
        };
        if let Some(j) = job {
            // SAFETY: `active` counts us, so the caller has not returned.
            let job = unsafe { &*j.0 };
            job.work();
            job.active.fetch_sub(1, Ordering::Release);
        }
    }
}
