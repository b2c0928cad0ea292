//! The config a tuning run keeps (its incumbent): the untuned program first (or, in a
//! resumed run, the config the latest run kept, re-timed: [`Incumbent::resumed`]), replaced
//! by a measured candidate only when the candidate is faster by more than the two timings'
//! combined variation ([`measure::within_noise`]), the two compared on a common clock.
//!
//! Invariants: the incumbent is always a config that ran correctly in this run (the
//! untuned program, the resumed config or an `ok` trial); a candidate within noise of the incumbent never
//! replaces it, however its counted time compares; two configs are compared by the
//! process CPU clock only when both were timed by it (single-threaded candidates under
//! `--clock cpu`), otherwise by the wall clock of the same runs ([`Timing::wall_samples`]),
//! so a parallel config's wall time is never set against a single-threaded one's CPU time.
//!
//! A candidate that is faster than the incumbent on their common clock (by more than
//! [`DUEL_MARGIN`]) but only within noise, or faster by any margin on the wall clock (whose
//! separate timings are not comparable: a parallel config's runs split by whether other
//! processes left it the cores: a parallel jacobi-2d config can beat the untuned program
//! beyond noise in the search and re-time 0.95x), gets a duel
//! ([`Incumbent::contest`]): the two run interleaved for
//! [`DUEL_ROUNDS`] rounds ([`measure::time_interleaved`]), so both see the same load in
//! each round, and the candidate replaces the incumbent when it is faster in a clear
//! majority of the paired rounds and the median of its per-round time ratios is below 1
//! by more than [`DUEL_MARGIN`] ([`duel_verdict`]). A duel's runs are the run's time like
//! any other (they count against `--time-budget`).
//!
//! The search ([`super::search`]) is not bound by this rule: it ranks configs by their
//! counted times and may walk on from a config that is only within noise of the best,
//! which costs a trial at most; what the run reports as its result (summary, `--report`'s
//! per-trial `incumbent`) is the incumbent.

use super::measure::{self, Measurer, Prepared, Statistic, Timing};
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
    /// The compiled program, to run it again in a duel (`None` for a timing offered
    /// without one, [`Incumbent::measured`]).
    prepared: Option<Prepared>,
}

/// Paired rounds of a duel.
pub const DUEL_ROUNDS: usize = 7;

/// How far below 1 the median of the candidate's per-round time ratios must be for it to
/// win a duel: a config that is only a hair faster is not worth a change of incumbent.
pub const DUEL_MARGIN: f64 = 0.02;

/// A duel between a candidate and the incumbent (`--report`'s trial entry `duel`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Duel {
    /// The incumbent's key (`untuned` or a config key).
    pub incumbent: String,
    /// The clock the rounds were compared by.
    pub clock: Clock,
    /// Paired rounds that ran (after one untimed warm-up round).
    pub rounds: usize,
    /// Rounds in which the candidate was faster.
    pub candidate_faster: usize,
    /// Median over the rounds of candidate time / incumbent time (`None` when a run failed).
    pub median_ratio: Option<f64>,
    /// The candidate won and became the incumbent.
    pub won: bool,
    /// Program runs the duel took (warm-up round included).
    pub runs: usize,
    /// Wall-clock seconds the duel took.
    pub seconds: f64,
    /// Why the duel was void (a run failed or printed a wrong result), else empty.
    pub detail: String,
}

/// What runs a duel: the measurer, and the reference output every run must print (within
/// relative tolerance `rtol`).
pub struct Referee<'a> {
    pub measurer: &'a dyn Measurer,
    pub expected: &'a str,
    pub rtol: f64,
}

/// What came of offering a candidate to the incumbent.
#[derive(Clone, Debug, Default)]
pub struct Offer {
    /// The candidate became the incumbent.
    pub replaced: bool,
    /// The duel it got, if it was faster only within noise.
    pub duel: Option<Duel>,
    /// The candidate's timing re-based on the duel's paired rounds, when it won the duel
    /// (its recorded time from then on).
    pub rebased: Option<Timing>,
}

/// The verdict on paired `(candidate, incumbent)` times of a duel's rounds (non-empty):
/// `(rounds the candidate was faster in, median of candidate / incumbent, it wins)`. The
/// candidate wins when it was faster in at least two thirds of the rounds and the median
/// ratio is below `1 - DUEL_MARGIN`.
pub fn duel_verdict(pairs: &[(f64, f64)]) -> (usize, f64, bool) {
    let faster = pairs.iter().filter(|(c, i)| c < i).count();
    let ratios: Vec<f64> = pairs
        .iter()
        .map(|&(c, i)| if i > 0.0 { c / i } else { f64::INFINITY })
        .collect();
    let median = measure::stats(&ratios).0;
    let won = 3 * faster >= 2 * pairs.len() && median < 1.0 - DUEL_MARGIN;
    (faster, median, won)
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
        Incumbent {
            prepared: Some(p.clone()),
            ..Incumbent::measured(
                config,
                0,
                timing,
                (p.cpu_clock, p.multi_threaded),
                statistic,
                max_cv,
            )
        }
    }

    /// The config an earlier run kept (from the database), re-timed now as `timing` with
    /// program `p`, as the first incumbent of a resumed run: counted like `self` (the
    /// untuned program of this run); its trial is 0, like the untuned program's.
    pub fn resumed(&self, config: Config, timing: Timing, p: &Prepared) -> Incumbent {
        Incumbent::untuned(config, timing, p, self.statistic, self.max_cv)
    }

    /// The incumbent as a contender of a final check (`None` without a compiled program):
    /// a resumed run's first incumbent, replaced during the search by a config that then
    /// has to beat it side by side ([`Incumbent::confirm`]).
    pub fn contender(&self) -> Option<Contender> {
        Some(Contender {
            config: self.config.clone(),
            trial: self.trial,
            prepared: self.prepared.clone()?,
        })
    }

    /// Whether the incumbent is a config an earlier run kept, not yet replaced.
    pub fn is_resumed(&self) -> bool {
        self.trial == 0 && !self.is_untuned()
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
            prepared: None,
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
    /// became the incumbent (no duel: see [`Incumbent::contest`]).
    pub fn offer(&mut self, config: &Config, trial: usize, t: &Timing, p: &Prepared) -> bool {
        if !self.beaten_by(t, p) {
            return false;
        }
        self.replace(config, trial, t, p);
        true
    }

    fn replace(&mut self, config: &Config, trial: usize, t: &Timing, p: &Prepared) {
        self.config = config.clone();
        self.trial = trial;
        self.timing = t.clone();
        self.cpu_clock = p.cpu_clock;
        self.multi_threaded = p.multi_threaded;
        self.prepared = Some(p.clone());
    }

    /// Whether the candidate (timing `t`, timed as `p`) is faster than the incumbent on
    /// their common clock, by more than [`DUEL_MARGIN`], but only within noise, or by any
    /// amount on the wall clock: the cases a duel decides (a candidate not even that much
    /// faster by its own timing is not worth a duel's runs).
    fn duel_due(&self, t: &Timing, p: &Prepared) -> bool {
        let clock = self.clock_with(p);
        let (s, cv) = self.on(clock, t, p.multi_threaded);
        let (i, icv) = self.on(clock, &self.timing, self.multi_threaded);
        s < i * (1.0 - DUEL_MARGIN)
            && (clock == Clock::Wall || measure::within_noise(s, cv, i, icv))
    }

    /// Offers trial `trial`'s `config` (timing `t`, timed as `p`): it replaces the
    /// incumbent when faster beyond noise ([`Incumbent::beaten_by`]) on the CPU clock, or
    /// when faster within noise, or on the wall clock, and it wins a duel of [`DUEL_ROUNDS`] interleaved rounds run by `referee`
    /// ([`duel_verdict`]). The candidate keeps its trial's timing as the incumbent's.
    pub fn contest(
        &mut self,
        referee: &Referee,
        config: &Config,
        trial: usize,
        t: &Timing,
        p: &Prepared,
    ) -> Offer {
        // On the wall clock, separate timings are not comparable (a parallel config's runs
        // split by whether other processes left it the cores), so a win beyond noise there
        // is confirmed by a duel too; on the CPU clock it replaces the incumbent directly.
        if self.clock_with(p) == Clock::Cpu && self.offer(config, trial, t, p) {
            return Offer {
                replaced: true,
                duel: None,
                rebased: None,
            };
        }
        if !self.duel_due(t, p) {
            return Offer::default();
        }
        let Some(mine) = self.prepared.clone() else {
            return Offer::default();
        };
        let clock = self.clock_with(p);
        let start = std::time::Instant::now();
        let times = measure::time_interleaved(
            referee.measurer,
            &[p, &mine],
            referee.expected,
            DUEL_ROUNDS,
            referee.rtol,
        );
        let seconds = start.elapsed().as_secs_f64();
        let on = |t: &Timing| match clock {
            Clock::Cpu => t.samples.clone(),
            Clock::Wall => t.wall_samples.clone(),
        };
        let mut duel = Duel {
            incumbent: self.summary().key,
            clock,
            rounds: 0,
            candidate_faster: 0,
            median_ratio: None,
            won: false,
            runs: 0,
            seconds,
            detail: String::new(),
        };
        match (&times[0], &times[1]) {
            (Ok(c), Ok(i)) => {
                let pairs: Vec<(f64, f64)> = on(c).into_iter().zip(on(i)).collect();
                let (faster, median, won) = duel_verdict(&pairs);
                duel.rounds = pairs.len();
                duel.runs = 2 * (pairs.len() + 1);
                duel.candidate_faster = faster;
                duel.median_ratio = Some(median);
                duel.won = won;
            }
            (Err(e), _) => duel.detail = format!("the candidate failed: {e}"),
            (_, Err(e)) => duel.detail = format!("the incumbent failed: {e}"),
        }
        // The winner's time is re-based on the duel's paired rounds: later candidates are
        // compared with that estimate, not with the separate timing that may have been a
        // lucky moment (a candidate's trial timing got it the duel in the first place).
        let mut rebased = None;
        if let (Ok(c), Ok(i)) = (&times[0], &times[1]) {
            if duel.won {
                let paired = self.paired(c, p.multi_threaded);
                self.replace(config, trial, &paired, p);
                rebased = Some(paired);
            } else {
                self.timing = self.paired(i, self.multi_threaded);
            }
        }
        Offer {
            replaced: duel.won,
            duel: Some(duel),
            rebased,
        }
    }

    /// A timing of interleaved runs `t` counted as this run counts its timings (the
    /// statistic and `--max-cv` of the search; `time_interleaved` counts medians).
    fn paired(&self, t: &Timing, multi_threaded: bool) -> Timing {
        Timing::of(
            t.samples.clone(),
            t.wall_samples.clone(),
            self.statistic,
            self.max_cv,
            multi_threaded,
        )
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

/// Rounds of the final check ([`Incumbent::confirm`]) unless `--confirm-rounds` says
/// otherwise: more than a duel's, since its verdict is the run's result.
pub const CONFIRM_ROUNDS: usize = 11;

/// The final check gets at least this many rounds, however slow the program.
pub const CONFIRM_MIN_ROUNDS: usize = 3;

/// The final check's rounds are cut so that it takes about this many seconds at most
/// (estimated from the untuned program's runs), down to [`CONFIRM_MIN_ROUNDS`].
pub const CONFIRM_SECONDS: f64 = 30.0;

/// The rounds of a final check of `programs` programs whose runs take about `per_run`
/// seconds each: `wanted`, cut to fit [`CONFIRM_SECONDS`] (one warm-up round included),
/// but at least [`CONFIRM_MIN_ROUNDS`] (and at most `wanted`).
pub fn confirm_rounds(wanted: usize, programs: usize, per_run: f64) -> usize {
    let per_round = programs.max(1) as f64 * per_run.max(0.0);
    let fit = if per_round > 0.0 {
        (CONFIRM_SECONDS / per_round).floor() as usize
    } else {
        usize::MAX
    };
    fit.saturating_sub(1)
        .clamp(CONFIRM_MIN_ROUNDS.min(wanted), wanted)
}

/// The size of a final check with up to `contenders` contenders when `left` seconds of
/// the time budget remain (`None`: no budget): `(contenders, rounds)`. The check of the
/// kept config against the untuned program always runs ([`confirm_rounds`] bounds it);
/// contenders are dropped, last first, until the estimated cost (every program once per
/// round, warm-up round included, `per_run` seconds a run) fits in what is left.
pub fn final_check_size(
    contenders: usize,
    left: Option<f64>,
    wanted: usize,
    per_run: f64,
) -> (usize, usize) {
    let mut n = contenders;
    loop {
        let rounds = confirm_rounds(wanted, 2 + n, per_run);
        let cost = (2 + n) as f64 * (rounds + 1) as f64 * per_run;
        if n == 0 || left.is_none_or(|l| cost <= l) {
            return (n, rounds);
        }
        n -= 1;
    }
}

/// A measured config offered to the final check: the search's best-ranked configs other
/// than the incumbent.
#[derive(Clone, Debug)]
pub struct Contender {
    pub config: Config,
    pub trial: usize,
    pub prepared: Prepared,
}

/// One pairing of the final check: `key` against `against` over the check's rounds.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Paired {
    pub key: String,
    pub against: String,
    pub clock: Clock,
    pub rounds: usize,
    /// Rounds in which `key` was faster.
    pub faster: usize,
    /// Median over the rounds of `key`'s time / `against`'s time.
    pub median_ratio: Option<f64>,
    /// The smallest and largest per-round ratio.
    pub ratio_range: Option<(f64, f64)>,
    /// `key` won ([`duel_verdict`]).
    pub won: bool,
    /// Why the pairing was void (a run failed), else empty.
    pub detail: String,
}

/// The final check of a run (`--report`'s `final_check`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FinalCheck {
    /// Paired rounds that ran (after one untimed warm-up round).
    pub rounds: usize,
    /// Program runs it took (warm-up round included).
    pub runs: usize,
    /// Wall-clock seconds it took.
    pub seconds: f64,
    /// The incumbent the search left.
    pub search_incumbent: String,
    /// Each contender against the search's incumbent.
    pub duels: Vec<Paired>,
    /// The incumbent after the duels against the untuned program (`None` when it is the
    /// untuned program).
    pub untuned: Option<Paired>,
    /// What the run keeps.
    pub kept: String,
    /// In words.
    pub note: String,
}

impl Incumbent {
    /// The final check before the run reports its result: the incumbent, the untuned
    /// program `untuned` and the `contenders` (the search's best-ranked other configs) run
    /// interleaved for `rounds` rounds after a warm-up round ([`measure::time_interleaved`]:
    /// every round sees the same load for all). A contender that wins a duel verdict
    /// ([`duel_verdict`]) over those rounds against the incumbent replaces it (the one with
    /// the lowest median ratio when several do); then the incumbent must win the same
    /// verdict against the untuned program, or the run keeps the untuned program. The
    /// result's time is re-based on the check's rounds. A separate timing can be lucky,
    /// and a duel of 7 rounds can be won by chance (a parallel jacobi-2d config that
    /// won one of five duels re-timed 0.93x of the untuned program): the
    /// result the run reports has beaten the untuned program side by side in most rounds.
    pub fn confirm(
        &mut self,
        referee: &Referee,
        untuned: &Incumbent,
        contenders: &[Contender],
        rounds: usize,
    ) -> FinalCheck {
        self.confirm_with(referee, untuned, contenders, rounds, &|_, _| {})
    }

    /// The programs a final check of `self` with `contenders` runs each round (the
    /// incumbent, the untuned program unless it is the incumbent, the contenders other
    /// than those two); 1 means nothing to check.
    pub fn final_check_programs(&self, contenders: &[Contender]) -> usize {
        let baseline = Config::baseline(self.config.tile.len());
        let others = contenders
            .iter()
            .filter(|c| c.config != self.config && c.config != baseline)
            .count();
        1 + usize::from(!self.is_untuned()) + others
    }

    /// [`Incumbent::confirm`], calling `progress(rounds done, rounds in all)` as the check
    /// starts and after each of its interleaved rounds (warm-up round included), for the
    /// progress display's final-check phase.
    pub fn confirm_with(
        &mut self,
        referee: &Referee,
        untuned: &Incumbent,
        contenders: &[Contender],
        rounds: usize,
        progress: &dyn Fn(usize, usize),
    ) -> FinalCheck {
        let search_incumbent = self.summary().key;
        let start = std::time::Instant::now();
        let mut check = FinalCheck {
            rounds: 0,
            runs: 0,
            seconds: 0.0,
            search_incumbent: search_incumbent.clone(),
            duels: Vec::new(),
            untuned: None,
            kept: search_incumbent.clone(),
            note: String::new(),
        };
        let (Some(mine), Some(base)) = (self.prepared.clone(), untuned.prepared.clone()) else {
            check.note = "no compiled program to re-run: not checked".into();
            return check;
        };
        let baseline = Config::baseline(self.config.tile.len());
        let contenders: Vec<&Contender> = contenders
            .iter()
            .filter(|c| c.config != self.config && c.config != baseline)
            .collect();
        // Programs: the incumbent, the untuned program (unless it is the incumbent), the
        // contenders.
        let mut programs = vec![&mine];
        if !self.is_untuned() {
            programs.push(&base);
        }
        let first = programs.len();
        programs.extend(contenders.iter().map(|c| &c.prepared));
        if programs.len() == 1 {
            check.note = "the untuned program and no contender: nothing to check".into();
            return check;
        }
        let total = rounds.max(1) + 1;
        let done = std::cell::Cell::new(0);
        progress(0, total);
        let times = measure::time_interleaved_with(
            referee.measurer,
            &programs,
            referee.expected,
            rounds,
            referee.rtol,
            &|| {
                done.set(done.get() + 1);
                progress(done.get(), total);
            },
        );
        check.rounds = rounds.max(1);
        check.runs = programs.len() * (check.rounds + 1);
        let untuned_times = if self.is_untuned() {
            times[0].clone()
        } else {
            times[1].clone()
        };
        // `key` (timed as `p`, times `t`) against `other` (timed as `q`, times `u`).
        let pair = |key: String,
                    against: String,
                    (p, t): (&Prepared, &Result<Timing, measure::MeasureError>),
                    (q, u): (&Prepared, &Result<Timing, measure::MeasureError>)|
         -> Paired {
            let clock = common_clock(
                (p.cpu_clock, p.multi_threaded),
                (q.cpu_clock, q.multi_threaded),
            );
            let on = |t: &Timing| match clock {
                Clock::Cpu => t.samples.clone(),
                Clock::Wall => t.wall_samples.clone(),
            };
            let mut out = Paired {
                key,
                against,
                clock,
                rounds: 0,
                faster: 0,
                median_ratio: None,
                ratio_range: None,
                won: false,
                detail: String::new(),
            };
            match (t, u) {
                (Ok(t), Ok(u)) => {
                    let pairs: Vec<(f64, f64)> = on(t).into_iter().zip(on(u)).collect();
                    let (faster, median, won) = duel_verdict(&pairs);
                    let ratios = pairs.iter().map(|(a, b)| a / b);
                    out.rounds = pairs.len();
                    out.faster = faster;
                    out.median_ratio = Some(median);
                    out.ratio_range = Some((
                        ratios.clone().fold(f64::INFINITY, f64::min),
                        ratios.fold(0.0, f64::max),
                    ));
                    out.won = won;
                }
                (Err(e), _) => out.detail = format!("{} failed: {e}", out.key),
                (_, Err(e)) => out.detail = format!("{} failed: {e}", out.against),
            }
            out
        };
        for (j, c) in contenders.iter().enumerate() {
            check.duels.push(pair(
                c.config.key(),
                search_incumbent.clone(),
                (&c.prepared, &times[first + j]),
                (&mine, &times[0]),
            ));
        }
        let winner = check
            .duels
            .iter()
            .enumerate()
            .filter(|(_, d)| d.won)
            .min_by(|a, b| {
                let r = |d: &Paired| d.median_ratio.unwrap_or(f64::INFINITY);
                r(a.1).total_cmp(&r(b.1))
            })
            .map(|(j, _)| j);
        let mut mine_times = times[0].clone();
        let mut mine_p = mine.clone();
        match winner {
            Some(j) => {
                let c = contenders[j];
                let t = times[first + j].clone().expect("a winner ran");
                let paired = self.paired(&t, c.prepared.multi_threaded);
                self.replace(&c.config, c.trial, &paired, &c.prepared);
                mine_times = Ok(t);
                mine_p = c.prepared.clone();
            }
            None => {
                if let Ok(t) = &times[0] {
                    self.timing = self.paired(t, self.multi_threaded);
                }
            }
        }
        if !self.is_untuned() {
            let verdict = pair(
                self.summary().key,
                "untuned".into(),
                (&mine_p, &mine_times),
                (&base, &untuned_times),
            );
            let ratio = verdict
                .median_ratio
                .map_or("-".into(), |r| format!("{r:.3}"));
            if verdict.won {
                check.note = format!(
                    "{} beat the untuned program in {} of {} interleaved rounds (median time ratio {ratio}){}",
                    verdict.key,
                    verdict.faster,
                    verdict.rounds,
                    if winner.is_some() {
                        format!(", after winning its final duel against {search_incumbent}")
                    } else {
                        String::new()
                    }
                );
            } else {
                check.note = if verdict.detail.is_empty() {
                    format!(
                        "{} did not beat the untuned program side by side (faster in {} of {} interleaved rounds, median time ratio {ratio}): the run keeps the untuned program",
                        verdict.key, verdict.faster, verdict.rounds
                    )
                } else {
                    format!("{}: the run keeps the untuned program", verdict.detail)
                };
                let mut t = untuned.timing.clone();
                if let Ok(u) = &untuned_times {
                    t = untuned.paired(u, base.multi_threaded);
                }
                self.replace(&untuned.config, 0, &t, &base);
            }
            check.untuned = Some(verdict);
        } else if winner.is_none() {
            check.note = format!(
                "no contender beat the untuned program side by side in {} interleaved rounds",
                check.rounds
            );
        }
        check.kept = self.summary().key;
        check.seconds = start.elapsed().as_secs_f64();
        check
    }
}
