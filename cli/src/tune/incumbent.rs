//! The config a tuning run keeps (its incumbent): the untuned program first, replaced by a
//! measured candidate only when the candidate is faster by more than the two timings'
//! combined variation ([`measure::within_noise`]), the two compared on a common clock.
//!
//! Invariants: the incumbent is always a config that ran correctly in this run (the
//! untuned program or an `ok` trial); a candidate within noise of the incumbent never
//! replaces it, however its counted time compares; two configs are compared by the
//! process CPU clock only when both were timed by it (single-threaded candidates under
//! `--clock cpu`), otherwise by the wall clock of the same runs ([`Timing::wall_samples`]),
//! so a parallel config's wall time is never set against a single-threaded one's CPU time.
//!
//! The search ([`super::search`]) is not bound by this rule: it ranks configs by their
//! counted times and may walk on from a config that is only within noise of the best,
//! which costs a trial at most; what the run reports as its result (summary, `--report`'s
//! per-trial `incumbent`) is the incumbent.

use super::measure::{self, Prepared, Statistic, Timing};
use super::space::Config;

/// Which clock two timings are compared by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The process CPU clock: both configs are single-threaded and were timed by it.
    Cpu,
    /// The wall clock (of the same runs): at least one config is parallel, or a config was
    /// timed by the wall clock anyway (`--clock wall`, the GPU).
    Wall,
}

/// The clock two configs, each `(timed by the CPU clock, multi-threaded)`, are compared by.
fn common_clock(a: (bool, bool), b: (bool, bool)) -> Clock {
    if a.0 && b.0 && !a.1 && !b.1 {
        Clock::Cpu
    } else {
        Clock::Wall
    }
}

/// The kept config and how it was timed.
#[derive(Clone, Debug)]
pub struct Incumbent {
    /// The config (the untuned program is `Config::baseline`).
    pub config: Config,
    /// The trial that measured it (0: the untuned program's timing before the search).
    pub trial: usize,
    pub timing: Timing,
    /// It was timed by the process CPU clock.
    pub cpu_clock: bool,
    /// It runs on several threads (its counted time is a median, see
    /// [`Statistic::counted`]).
    pub multi_threaded: bool,
    statistic: Statistic,
    max_cv: f64,
}

/// What `--report` writes per trial: the incumbent after that trial.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// `untuned` or the config's key.
    pub key: String,
    /// The config; `None` for the untuned program.
    pub config: Option<Config>,
    /// The trial that measured it (0: the untuned program).
    pub trial: usize,
    /// Its counted time on its own clock ([`Statistic::counted`]).
    pub seconds: f64,
    /// Its counted time by the wall clock of the same runs.
    pub wall_seconds: f64,
}

impl Incumbent {
    /// The untuned program, timed as `p`, as the first incumbent.
    pub fn untuned(
        config: Config,
        timing: Timing,
        p: &Prepared,
        statistic: Statistic,
        max_cv: f64,
    ) -> Incumbent {
        Incumbent::measured(
            config,
            0,
            timing,
            (p.cpu_clock, p.multi_threaded),
            statistic,
            max_cv,
        )
    }

    /// `config` as measured by trial `trial` with `timing`, timed `(by the CPU clock,
    /// multi-threaded)`: to compare it with the incumbent ([`Incumbent::against`]).
    pub fn measured(
        config: Config,
        trial: usize,
        timing: Timing,
        how: (bool, bool),
        statistic: Statistic,
        max_cv: f64,
    ) -> Incumbent {
        Incumbent {
            config,
            trial,
            timing,
            cpu_clock: how.0,
            multi_threaded: how.1,
            statistic,
            max_cv,
        }
    }

    /// The clock a candidate timed as `p` is compared with the incumbent by.
    pub fn clock_with(&self, p: &Prepared) -> Clock {
        common_clock(
            (self.cpu_clock, self.multi_threaded),
            (p.cpu_clock, p.multi_threaded),
        )
    }

    /// The incumbent against `other` (the untuned program, for the summary) on their
    /// common clock: `(clock, incumbent's counted seconds, other's counted seconds)`.
    pub fn against(&self, other: &Incumbent) -> (Clock, f64, f64) {
        let clock = common_clock(
            (self.cpu_clock, self.multi_threaded),
            (other.cpu_clock, other.multi_threaded),
        );
        (
            clock,
            self.on(clock, &self.timing, self.multi_threaded).0,
            self.on(clock, &other.timing, other.multi_threaded).0,
        )
    }

    /// `(counted seconds, coefficient of variation)` of a timing on `clock`.
    fn on(&self, clock: Clock, t: &Timing, multi_threaded: bool) -> (f64, f64) {
        match clock {
            Clock::Cpu => (t.seconds, t.cv),
            Clock::Wall => t.on_wall_clock(self.statistic, self.max_cv, multi_threaded),
        }
    }

    /// Whether the candidate with timing `t`, timed as `p`, replaces the incumbent: on
    /// their common clock it is faster, by more than the two timings' combined variation.
    pub fn beaten_by(&self, t: &Timing, p: &Prepared) -> bool {
        let clock = self.clock_with(p);
        let (s, cv) = self.on(clock, t, p.multi_threaded);
        let (i, icv) = self.on(clock, &self.timing, self.multi_threaded);
        s < i && !measure::within_noise(s, cv, i, icv)
    }

    /// Offers trial `trial`'s `config` (timing `t`, timed as `p`); returns whether it
    /// became the incumbent.
    pub fn offer(&mut self, config: &Config, trial: usize, t: &Timing, p: &Prepared) -> bool {
        if !self.beaten_by(t, p) {
            return false;
        }
        self.config = config.clone();
        self.trial = trial;
        self.timing = t.clone();
        self.cpu_clock = p.cpu_clock;
        self.multi_threaded = p.multi_threaded;
        true
    }

    /// Whether the incumbent is still the untuned program.
    pub fn is_untuned(&self) -> bool {
        self.config == Config::baseline(self.config.tile.len())
    }

    /// The report entry.
    pub fn summary(&self) -> Summary {
        let untuned = self.is_untuned();
        Summary {
            key: if untuned {
                "untuned".into()
            } else {
                self.config.key()
            },
            config: (!untuned).then(|| self.config.clone()),
            trial: self.trial,
            seconds: self.timing.seconds,
            wall_seconds: self
                .timing
                .on_wall_clock(self.statistic, self.max_cv, self.multi_threaded)
                .0,
        }
    }
}
