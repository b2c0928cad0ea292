//! Search strategies over a [`Space`]: exhaustive `grid` (grid order), `random` (a seeded
//! shuffle), and the default `evolve`: seeded from the analytical cost model (its best
//! config of each structural family, then its ranking), it learns a
//! ridge regression on every measurement and proposes mutations of the best configs found
//! so far, ranked by the learned model, with some random exploration.
//!
//! Invariants: strategies are deterministic given the seed and the measurements they are
//! shown; no strategy proposes a config twice or one already in the history (resumed
//! runs included); failed configs count as measured and never rank as best.

use super::kernel::Band;
use super::model::{self, Machine, Ridge};
use super::space::{Config, Space};
use std::collections::HashSet;

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A measured config: its time in seconds, or `None` if it failed.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    pub config: Config,
    /// Its counted time on its own clock: process CPU time where `cpu_clock`, else the
    /// wall clock.
    pub seconds: Option<f64>,
    /// Its counted time by the wall clock of the same runs, where known (a record of an
    /// earlier run has only `seconds`).
    pub wall: Option<f64>,
    /// `seconds` is process CPU time (a single-threaded config timed by the CPU clock).
    pub cpu_clock: bool,
}

impl Observation {
    /// A config timed by the wall clock (`seconds`; `None`: it failed).
    pub fn new(config: Config, seconds: Option<f64>) -> Observation {
        Observation {
            config,
            seconds,
            wall: None,
            cpu_clock: false,
        }
    }

    /// Its counted wall-clock time (`seconds` where the wall clock of its runs is unknown).
    fn wall_seconds(&self) -> Option<f64> {
        if self.cpu_clock {
            self.wall.or(self.seconds)
        } else {
            self.seconds
        }
    }
}

/// The counted times of `a` and `b` on their common clock: process CPU time when both
/// were timed by it, else the wall clock of their runs; `None` when either failed.
pub fn on_common_clock(a: &Observation, b: &Observation) -> Option<(f64, f64)> {
    if a.cpu_clock && b.cpu_clock {
        Some((a.seconds?, b.seconds?))
    } else {
        Some((a.wall_seconds()?, b.wall_seconds()?))
    }
}

/// The configs of `history` that ran correctly, fastest first on the common clock (the
/// incumbent's rule, [`super::incumbent`]): two configs timed by the process CPU clock
/// (single-threaded) are ordered by it, any pair with a wall-clock config by the wall
/// clock of their runs. (The CPU-timed configs in CPU order and the others in wall order,
/// merged by the wall clock: under load a single-threaded config's CPU time leaves out
/// the time other processes took from it, which a parallel config's wall time includes,
/// so ranking by each config's own clock favours single-threaded configs.) Each comes
/// with its time on one scale for all (CPU seconds when every config is CPU-timed, else
/// wall seconds): what the learned model fits.
pub fn ranked(history: &[Observation]) -> Vec<(&Config, f64)> {
    let ok = history.iter().filter(|o| o.seconds.is_some());
    let by = |f: fn(&Observation) -> Option<f64>| {
        move |a: &&Observation, b: &&Observation| {
            f(a).unwrap_or(f64::INFINITY)
                .total_cmp(&f(b).unwrap_or(f64::INFINITY))
                .then_with(|| a.config.cmp(&b.config))
        }
    };
    let (mut cpu, mut wall): (Vec<&Observation>, Vec<&Observation>) = ok.partition(|o| o.cpu_clock);
    cpu.sort_by(by(|o| o.seconds));
    wall.sort_by(by(|o| o.seconds));
    let all_cpu = wall.is_empty();
    let mut merged = Vec::with_capacity(cpu.len() + wall.len());
    let (mut i, mut j) = (0, 0);
    while i < cpu.len() || j < wall.len() {
        let take_cpu = j == wall.len()
            || i < cpu.len() && by(Observation::wall_seconds)(&cpu[i], &wall[j]).is_le();
        if take_cpu {
            merged.push(cpu[i]);
            i += 1;
        } else {
            merged.push(wall[j]);
            j += 1;
        }
    }
    merged
        .into_iter()
        .map(|o| {
            let s = if all_cpu { o.seconds } else { o.wall_seconds() };
            (&o.config, s.expect("ran correctly"))
        })
        .collect()
}

/// Which strategy to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    Grid,
    Random,
    Evolve,
}

impl std::str::FromStr for StrategyKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "grid" => Ok(StrategyKind::Grid),
            "random" => Ok(StrategyKind::Random),
            "evolve" | "model" => Ok(StrategyKind::Evolve),
            _ => Err(format!(
                "unknown strategy '{s}' (expected grid, random or evolve)"
            )),
        }
    }
}

/// The configs to consider when the space is too large to enumerate: at most this many.
const POOL: u64 = 20_000;

/// A search in progress.
pub struct Search {
    kind: StrategyKind,
    space: Space,
    band: Band,
    machine: Machine,
    rng: Rng,
    /// Next grid index (grid) or position in `order` (random).
    cursor: u64,
    order: Vec<u64>,
    /// Configs proposed or observed.
    seen: HashSet<Config>,
    /// The cost model's ranking of the candidate pool (evolve), best first.
    ranked: Vec<Config>,
    /// The cost model's prediction for each of `ranked`.
    ranked_cost: Vec<f64>,
    /// The last coordinate step: its knob ([`JOINT_TILES`]: every tile size), the config
    /// it proposed and its move in positions of the knob's value ranking.
    last_step: Option<(usize, Config, i64)>,
    /// The other arm of a step of every tile size together, measured in the same batch:
    /// `(knob, config, move)` as `last_step`.
    other_arm: Option<(usize, Config, i64)>,
    /// Per knob, the stride of its next step once a step along it failed.
    strides: std::collections::HashMap<usize, i64>,
    /// The knob (position in [`Search::step_knobs`]) the next coordinate step tries first.
    knob_turn: usize,
    /// The tile sizes (outer and inner) of the best config at the last transfer (or when
    /// the walk started), to notice when a step moved them ([`Search::transfer`]).
    best_tiles: Option<(Vec<u32>, u32)>,
}

/// The model's pick is a transformation only if its predicted time is below the untuned
/// prediction by this factor.
const PICK_MARGIN: f64 = 1.15;

/// The coordinate-step knob that moves every tile size together.
const JOINT_TILES: usize = usize::MAX;

/// Configs measured before the learned model takes over: the cost model's picks.
const SEEDS: usize = 4;

/// A seed family's best predicted cost may be this many times the overall best.
const SEED_SPREAD: f64 = 3.0;

/// The structural family of a config (scheduler and its knobs, loop order, parallel):
/// seeds come from different families so that one wrong structural call of the cost
/// model does not spend every seed.
fn family(c: &Config) -> (Option<(super::space::Fuse, bool, bool)>, Vec<u32>, bool) {
    (
        c.poly.map(|p| (p.fuse, p.unit_stride, p.model_tiles)),
        c.order.clone(),
        c.parallel,
    )
}

impl Search {
    pub fn new(
        kind: StrategyKind,
        space: Space,
        band: Band,
        machine: Machine,
        seed: u64,
    ) -> Search {
        let mut rng = Rng::new(seed);
        let size = space.size();
        let mut order = Vec::new();
        let mut ranked = Vec::new();
        let mut ranked_cost = Vec::new();
        match kind {
            StrategyKind::Grid => {}
            StrategyKind::Random => {
                order = pool_indices(size, &mut rng);
                // Fisher–Yates.
                for i in (1..order.len()).rev() {
                    let j = rng.below(i as u64 + 1) as usize;
                    order.swap(i, j);
                }
            }
            StrategyKind::Evolve => {
                let mut pool: Vec<Config> = pool_indices(size, &mut rng)
                    .into_iter()
                    .map(|i| space.config_at(i))
                    .collect();
                if size > POOL {
                    let sampled: HashSet<Config> = pool.iter().cloned().collect();
                    pool.extend(
                        core_pool(&space)
                            .into_iter()
                            .filter(|c| !sampled.contains(c)),
                    );
                }
                let mut scored: Vec<(f64, Config)> = pool
                    .into_iter()
                    .filter(|c| space.admits(c))
                    .map(|c| (model::cost(&band, &c, &machine), c))
                    .collect();
                scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
                (ranked_cost, ranked) = scored.into_iter().unzip();
            }
        }
        Search {
            kind,
            space,
            band,
            machine,
            rng,
            cursor: 0,
            order,
            seen: HashSet::new(),
            ranked,
            ranked_cost,
            last_step: None,
            other_arm: None,
            strides: Default::default(),
            knob_turn: 0,
            best_tiles: None,
        }
    }

    /// The cost model's favourite config: the untuned one unless the model predicts that
    /// its favourite gains more than [`PICK_MARGIN`] (a smaller predicted gain is within
    /// the model's error, and a wrong call would make the pick slower than untuned).
    pub fn model_pick(&self) -> Option<Config> {
        let best = match self.kind {
            StrategyKind::Evolve => self.ranked.first().cloned(),
            _ => {
                let mut rng = self.rng.clone();
                pool_indices(self.space.size(), &mut rng)
                    .into_iter()
                    .map(|i| self.space.config_at(i))
                    .filter(|c| self.space.admits(c))
                    .min_by(|a, b| {
                        model::cost(&self.band, a, &self.machine)
                            .total_cmp(&model::cost(&self.band, b, &self.machine))
                            .then_with(|| a.cmp(b))
                    })
            }
        }?;
        let base = Config::baseline(self.space.tile.len());
        let cost = |c: &Config| model::cost(&self.band, c, &self.machine);
        if self.space.admits(&base) && cost(&best) * PICK_MARGIN > cost(&base) {
            return Some(base);
        }
        Some(best)
    }

    /// Marks `c` as already measured (resumed runs, the baseline).
    pub fn mark_seen(&mut self, c: &Config) {
        self.seen.insert(c.clone());
    }

    /// Up to `n` new configs to measure next, given every observation so far.
    pub fn propose(&mut self, history: &[Observation], n: usize) -> Vec<Config> {
        for o in history {
            self.seen.insert(o.config.clone());
        }
        let mut out = Vec::new();
        match self.kind {
            StrategyKind::Grid => {
                while out.len() < n && self.cursor < self.space.size() {
                    let c = self.space.config_at(self.cursor);
                    self.cursor += 1;
                    if self.space.admits(&c) && self.seen.insert(c.clone()) {
                        out.push(c);
                    }
                }
            }
            StrategyKind::Random => {
                while out.len() < n && (self.cursor as usize) < self.order.len() {
                    let c = self.space.config_at(self.order[self.cursor as usize]);
                    self.cursor += 1;
                    if self.space.admits(&c) && self.seen.insert(c.clone()) {
                        out.push(c);
                    }
                }
            }
            StrategyKind::Evolve => out = self.evolve(history, n),
        }
        out
    }

    /// Knob values (knob, value index) blamed for failures: when at least two configs
    /// failed, every one of them had knob `k` away from its default, and no config that ran
    /// correctly did, the values of `k` those failures used are skipped (e.g. a vector
    /// width the back end cannot lower); untried values stay open. Blaming single values instead would also blame innocent
    /// values that happened to appear with the culprit.
    fn doomed(&self, history: &[Observation]) -> HashSet<(usize, usize)> {
        let sizes = self.space.knob_sizes();
        let default = self
            .space
            .indices(&Config::baseline(self.space.tile.len()))
            .unwrap_or_else(|| vec![0; sizes.len()]);
        let mut failed = Vec::new();
        let mut good = Vec::new();
        for o in history {
            if let Some(idx) = self.space.indices(&o.config) {
                if o.seconds.is_some() {
                    good.push(idx);
                } else {
                    failed.push(idx);
                }
            }
        }
        let mut out = HashSet::new();
        if failed.len() < 2 {
            return out;
        }
        for k in 0..sizes.len() {
            let on = |idx: &Vec<usize>| idx[k] != default[k];
            if failed.iter().all(on) && !good.iter().any(on) {
                // Only the values that failed: a value never tried may be fine (unroll 4
                // when unroll 2 broke something).
                out.extend(failed.iter().map(|idx| (k, idx[k])));
            }
        }
        out
    }

    fn viable(&self, c: &Config, doomed: &HashSet<(usize, usize)>) -> bool {
        doomed.is_empty()
            || self.space.indices(c).is_some_and(|idx| {
                idx.iter()
                    .enumerate()
                    .all(|(k, &v)| !doomed.contains(&(k, v)))
            })
    }

    fn evolve(&mut self, history: &[Observation], n: usize) -> Vec<Config> {
        let doomed = self.doomed(history);
        // Fastest first on the common clock.
        let ok: Vec<(&Config, f64)> = ranked(history);
        if ok.len() < SEEDS {
            return self.seed_batch(&doomed, n);
        }
        // The learned model predicts the analytical model's error: log(measured time) =
        // log(cost) + ridge(features). With few measurements the ridge term stays small and
        // the ranking follows the cost model (in the measured units); every measurement
        // corrects it where the cost model is wrong (a knob it misjudges on this machine).
        let (band, machine) = (self.band.clone(), self.machine);
        let prior = |c: &Config| model::cost(&band, c, &machine).max(1.0).ln();
        let xs: Vec<Vec<f64>> = ok
            .iter()
            .map(|(c, _)| model::features(&self.band, c, &self.machine))
            .collect();
        let ys: Vec<f64> = ok
            .iter()
            .map(|(c, s)| s.max(1e-12).ln() - prior(c))
            .collect();
        let ridge = Ridge::fit(&xs, &ys, 1.0);
        // Parents: the best few measured configs.
        let mut parents: Vec<(&Config, f64)> = ok.clone();
        parents.truncate(3);
        let mut children = self.mutations(&parents);
        // The model-ranked pool keeps feeding candidates too.
        children.extend(
            self.ranked
                .iter()
                .filter(|c| !self.seen.contains(*c))
                .take(16)
                .cloned(),
        );
        children.sort();
        children.dedup();
        children
            .retain(|c| !self.seen.contains(c) && self.space.admits(c) && self.viable(c, &doomed));
        let mut scored: Vec<(f64, Config)> = children
            .into_iter()
            .map(|c| {
                (
                    prior(&c) + ridge.predict(&model::features(&self.band, &c, &self.machine)),
                    c,
                )
            })
            .collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut out = Vec::new();
        // Picks from the top of each batch are coordinate steps from the best config so far along one
        // knob (the learned model's favourites tend to cluster where the cost model points;
        // these steps measure what happens along each important knob).
        let predict = |c: &Config| prior(c) + ridge.predict(&model::features(&band, c, &machine));
        // Once the seeds and the first steps are measured, half the batch (the pattern
        // walk has found its footing; the model's picks cluster); only the first step's
        // outcome steers the walk. Right after the seeds, the best seed of another
        // structural family (the runner-up) gets a step too: the cost model may misjudge
        // the tile sizes of each family differently (matmul: its k tile), and the seeds'
        // ranking across families is then an accident of those sizes.
        let early = ok.len() < 2 * SEEDS;
        let baseline = Config::baseline(self.space.tile.len());
        let runner: Option<Config> = early
            .then(|| {
                let fam = family(parents[0].0);
                ok.iter()
                    .find(|(c, _)| **c != baseline && family(c) != fam)
                    .map(|(c, _)| (*c).clone())
            })
            .flatten();
        let steps = if early {
            1 + runner.is_some() as usize
        } else {
            n.div_ceil(2)
        };
        let mut tracked = None;
        let mut arm = None;
        for i in 0..steps {
            let from = match (i, &runner) {
                (1, Some(r)) => r,
                _ => parents[0].0,
            };
            // The runner-up's step starts at the first knob (every tile size together)
            // and leaves the walk's knob rotation alone.
            let turn = self.knob_turn;
            if i == 1 && runner.is_some() {
                self.knob_turn = 0;
            }
            if let Some(c) = self.coordinate_step(from, &doomed, &predict) {
                self.seen.insert(c.clone());
                out.push(c);
            }
            // A step of every tile size together measures its other direction in the
            // same batch when there is room for it.
            let other = self
                .other_arm
                .take()
                .filter(|_| out.len() < n && (i == 0 || runner.is_some()));
            if let Some((_, c, _)) = &other {
                self.seen.insert(c.clone());
                out.push(c.clone());
            }
            if i == 0 {
                tracked = self.last_step.take();
                arm = other;
            } else if runner.is_some() {
                self.knob_turn = turn;
            }
        }
        self.last_step = tracked;
        self.other_arm = arm;
        // The tiles a transfer compares with: the best's when the walk started; a move
        // waits for a batch with room.
        self.best_tiles
            .get_or_insert_with(|| (parents[0].0.tile.clone(), parents[0].0.inner));
        if out.len() < n {
            if let Some(c) = self.transfer(&ok, parents[0].0, &doomed) {
                self.seen.insert(c.clone());
                out.push(c);
            }
        }
        let mut rest: Vec<Config> = scored
            .into_iter()
            .map(|(_, c)| c)
            .filter(|c| !out.contains(c))
            .collect();
        while out.len() < n && !rest.is_empty() {
            // One in five picks explores: a random candidate instead of the predicted best.
            let pick = if self.rng.unit() < 0.2 {
                self.rng.below(rest.len() as u64) as usize
            } else {
                0
            };
            out.push(rest.remove(pick));
        }
        if out.len() < n {
            // Neighbourhoods exhausted: fall back to the cost model's ranking.
            for c in &self.ranked {
                if out.len() == n {
                    break;
                }
                if !self.seen.contains(c) && !out.contains(c) && self.viable(c, &doomed) {
                    out.push(c.clone());
                }
            }
        }
        self.fill_ignoring_doom(&mut out, n);
        for c in &out {
            self.seen.insert(c.clone());
        }
        out
    }

    /// Until a few configs are measured, follow the cost model: its best config of
    /// each structural family not tried yet (families predicted within SEED_SPREAD of
    /// the best), then its ranking.
    fn seed_batch(&mut self, doomed: &HashSet<(usize, usize)>, n: usize) -> Vec<Config> {
        let mut out: Vec<Config> = Vec::new();
        // The untuned baseline is measured anyway; its family stays open.
        let mut families: HashSet<_> = self
            .seen
            .iter()
            .filter(|c| **c != Config::baseline(c.tile.len()))
            .map(family)
            .collect();
        let best = self.ranked_cost.first().copied().unwrap_or(0.0);
        for (c, &cost) in self.ranked.iter().zip(&self.ranked_cost) {
            if out.len() == n || cost > best * SEED_SPREAD {
                break;
            }
            if !self.seen.contains(c) && self.viable(c, doomed) && families.insert(family(c)) {
                out.push(c.clone());
            }
        }
        for c in &self.ranked {
            if out.len() == n {
                break;
            }
            if !self.seen.contains(c) && !out.contains(c) && self.viable(c, doomed) {
                out.push(c.clone());
            }
        }
        self.fill_ignoring_doom(&mut out, n);
        for c in &out {
            self.seen.insert(c.clone());
        }
        out
    }

    /// Neighbours of each parent: every single-knob step and eight random two-knob jumps.
    fn mutations(&mut self, parents: &[(&Config, f64)]) -> Vec<Config> {
        let mut children: Vec<Config> = Vec::new();
        let sizes = self.space.knob_sizes();
        for (p, _) in parents {
            let Some(idx) = self.space.indices(p) else {
                continue;
            };
            // Every single-knob step, and a few random multi-knob jumps.
            for k in 0..sizes.len() {
                for delta in [-1i64, 1] {
                    let v = idx[k] as i64 + delta;
                    if v >= 0 && (v as usize) < sizes[k] {
                        let mut j = idx.clone();
                        j[k] = v as usize;
                        children.push(self.space.config(&j));
                    }
                }
            }
            for _ in 0..8 {
                let mut j = idx.clone();
                for _ in 0..2 {
                    let k = self.rng.below(sizes.len() as u64) as usize;
                    j[k] = self.rng.below(sizes[k] as u64) as usize;
                }
                children.push(self.space.config(&j));
            }
        }
        children
    }

    /// When a step moved the best config's tile sizes, the best config of the runner-up
    /// structural family (scheduler and its knobs, loop order, parallel: another family
    /// than the best's, its best measured config) with the best's tile sizes: tile sizes
    /// that pay off in one family tend to pay off in a similar one, and the walk itself
    /// stays in the best's family (matmul 256: the walk finds i and k tiled, j untiled under
    /// the order (i, k, j); the same tiles under isl's schedule are the capped grid's best).
    /// At most one per move of the tiles.
    fn transfer(
        &mut self,
        ok: &[(&Config, f64)],
        best: &Config,
        doomed: &HashSet<(usize, usize)>,
    ) -> Option<Config> {
        let tiles = (best.tile.clone(), best.inner);
        let moved = self.best_tiles.as_ref().is_some_and(|t| *t != tiles);
        self.best_tiles = Some(tiles);
        if !moved {
            return None;
        }
        let baseline = Config::baseline(self.space.tile.len());
        let fam = family(best);
        // `ok` is ranked fastest first.
        let runner = ok
            .iter()
            .find(|(c, _)| **c != baseline && family(c) != fam)?
            .0;
        let c = Config {
            tile: best.tile.clone(),
            inner: best.inner,
            ..runner.clone()
        };
        (!self.seen.contains(&c)
            && self.space.indices(&c).is_some()
            && self.space.admits(&c)
            && self.viable(&c, doomed))
        .then_some(c)
    }

    /// The knobs coordinate steps walk, most important first: every tile size together
    /// ([`JOINT_TILES`], until its shortest step failed), the scheduler, the loop order, each tile size, unroll-and-jam,
    /// the vector width, the inner tile, unrolling, parallelism (knobs with one value left
    /// out).
    fn step_knobs(&self) -> Vec<usize> {
        let d = self.space.tile.len();
        let sizes = self.space.knob_sizes();
        // Every tile size together until a step of one value failed (then it only
        // repeats the single tile steps, and the slot goes to the other knobs).
        let joint = (0..d).filter(|&k| sizes[k] > 1).count() > 1
            && (0..d).any(|k| sizes[k] > 2)
            && self.strides.get(&JOINT_TILES) != Some(&1);
        joint
            .then_some(JOINT_TILES)
            .into_iter()
            .chain(
                (0..d)
                    .chain([d + 6, d + 1, d + 3, d + 4, d, d + 2, d + 5])
                    .filter(|&k| sizes[k] > 1),
            )
            .collect()
    }

    /// The value indices of knob `k` in the order of what they mean: a tile size of 0
    /// (untiled) is the whole trip count, past the largest tile.
    fn value_rank(&self, k: usize) -> Vec<usize> {
        let mut rank: Vec<usize> = (0..self.space.knob_sizes()[k]).collect();
        if k < self.space.tile.len() {
            rank.sort_by_key(|&v| match self.space.tile[k][v] {
                0 => u32::MAX,
                t => t,
            });
        }
        rank
    }

    /// The step a knob takes next, in positions of [`Search::value_rank`] (tile sizes:
    /// a power-of-two ladder, so 3 is a factor of 8); halved on every failed step.
    fn stride(&self, k: usize) -> i64 {
        let len = if k == JOINT_TILES {
            self.space.tile.iter().map(Vec::len).max().unwrap_or(1)
        } else {
            self.space.knob_sizes()[k]
        };
        // Tile sizes: a factor of 8 on a long ladder, within half of a short one.
        let first = if k == JOINT_TILES || k < self.space.tile.len() {
            ((len as i64 - 1) / 2).min(3)
        } else {
            2
        };
        self.strides
            .get(&k)
            .copied()
            .unwrap_or(first)
            .min(len as i64 - 1)
            .max(1)
    }

    /// `idx` with knob `k` moved by `delta` positions of its value ranking, or `None` when
    /// that leaves the ranking. [`JOINT_TILES`] moves every tile size together, each
    /// clamped to its own ranking (a square tile eight times smaller in one step), and
    /// `None` when none of them moves.
    fn moved(&self, idx: &[usize], k: usize, delta: i64) -> Option<Vec<usize>> {
        let shift = |k: usize, clamp: bool| -> Option<usize> {
            let rank = self.value_rank(k);
            let here = rank.iter().position(|&v| v == idx[k]).unwrap_or(0) as i64;
            let mut r = here + delta;
            if clamp {
                r = r.clamp(0, rank.len() as i64 - 1);
            }
            (r >= 0 && (r as usize) < rank.len()).then(|| rank[r as usize])
        };
        let mut j = idx.to_vec();
        if k == JOINT_TILES {
            for t in 0..self.space.tile.len() {
                j[t] = shift(t, true)?;
            }
        } else {
            j[k] = shift(k, false)?;
        }
        (j != idx).then_some(j)
    }

    /// How many positions knob `k` ([`JOINT_TILES`]: every tile size, summed) can still
    /// move from `idx` in the direction of `delta` (0 for a categorical knob).
    fn room(&self, idx: &[usize], k: usize, delta: i64) -> usize {
        let d = self.space.tile.len();
        if delta == 0 || k == d + 1 || k == d + 6 {
            return 0;
        }
        let one = |k: usize| {
            let rank = self.value_rank(k);
            let here = rank.iter().position(|&v| v == idx[k]).unwrap_or(0);
            if delta > 0 {
                rank.len() - 1 - here
            } else {
                here
            }
        };
        if k == JOINT_TILES {
            (0..d).map(one).sum()
        } else {
            one(k)
        }
    }

    /// A pattern-search step from `best`: while the last step along a knob improved the
    /// best config, the same step again; after a failed tile step, the same stride the
    /// other way (when that config is new); after a failed step, its knob's stride halves
    /// (tile sizes start up to eight times larger or smaller, so a search seeded at the
    /// cost model's large tiles reaches small ones within a few trials) and every tile
    /// size together is retried at once while its stride exceeds one; then the next knob in turn ([`Search::step_knobs`]: every tile size
    /// together first) moves to an unmeasured value (ordered knobs: `stride` values either
    /// way, else the nearest; the loop order and the scheduler: any value), the learned
    /// model `predict` choosing.
    fn coordinate_step(
        &mut self,
        best: &Config,
        doomed: &HashSet<(usize, usize)>,
        predict: &dyn Fn(&Config) -> f64,
    ) -> Option<Config> {
        let idx = self.space.indices(best)?;
        let sizes = self.space.knob_sizes();
        let d = self.space.tile.len();
        let ok = |s: &Search, c: &Config| {
            !s.seen.contains(c) && s.space.admits(c) && s.viable(c, doomed)
        };
        let pick = |options: Vec<Config>| {
            options
                .into_iter()
                .min_by(|a, b| predict(a).total_cmp(&predict(b)).then(a.cmp(b)))
        };
        // Keep going while the last step improved; after a failure, a tile step tries
        // the other way, then the knob retries with a shorter step.
        let mut retry = None;
        // The other arm of the last joint step won: continue along it.
        if let Some((k, to, delta)) = self.other_arm.take() {
            if to == *best {
                self.last_step = Some((k, to, delta));
            }
        }
        if let Some((k, to, delta)) = self.last_step.take() {
            if to == *best {
                if let Some(c) = self
                    .moved(&idx, k, delta)
                    .map(|j| self.space.config(&j))
                    .filter(|c| ok(self, c))
                {
                    self.last_step = Some((k, c.clone(), delta));
                    return Some(c);
                }
            } else if let Some(c) = (k == JOINT_TILES)
                .then(|| self.moved(&idx, k, -delta))
                .flatten()
                .map(|j| self.space.config(&j))
                .filter(|c| ok(self, c))
            {
                // A tile step that failed tries the other way with the same stride before
                // it shortens (the side with more sizes left is only a guess: gemver's
                // seeds sit in the middle of the ladder, its optimum at the small end).
                self.last_step = Some((k, c.clone(), -delta));
                return Some(c);
            } else if delta.abs() > 1 {
                self.strides.insert(k, (delta.abs() / 2).max(1));
                // Every tile size together is retried at once (the largest effect on
                // most kernels); other knobs wait for their turn.
                retry = (k == JOINT_TILES).then_some(k);
            } else {
                self.strides.insert(k, 1);
            }
        }
        let knobs = self.step_knobs();
        let turns = retry
            .into_iter()
            .chain((0..knobs.len()).map(|turn| knobs[(self.knob_turn + turn) % knobs.len()]));
        for k in turns {
            let categorical = k == d + 1 || k == d + 6;
            let mut options: Vec<(i64, Config)> = Vec::new();
            if categorical {
                for v in 0..sizes[k] {
                    let mut j = idx.clone();
                    j[k] = v;
                    let c = self.space.config(&j);
                    if ok(self, &c) {
                        options.push((0, c));
                    }
                }
            } else {
                // `stride` values either way first, then the nearer ones.
                let mut s = self.stride(k);
                while options.is_empty() && s >= 1 {
                    for delta in [s, -s] {
                        if let Some(j) = self.moved(&idx, k, delta) {
                            let c = self.space.config(&j);
                            if ok(self, &c) && !options.iter().any(|o| o.1 == c) {
                                options.push((delta, c));
                            }
                        }
                    }
                    if options.is_empty() {
                        s -= 1;
                    }
                }
            }
            // Tile sizes step toward the side with more values left (the cost model's
            // favourite often sits at one end of a tile ladder, and the model would keep
            // proposing more of the same), the learned model breaking ties.
            let tiles = k == JOINT_TILES || k < d;
            let both = options.clone();
            if let Some(most) = options
                .iter()
                .filter(|_| tiles)
                .map(|o| self.room(&idx, k, o.0))
                .max()
            {
                options.retain(|o| self.room(&idx, k, o.0) == most);
            }
            let Some(c) = pick(options.iter().map(|o| o.1.clone()).collect()) else {
                continue;
            };
            let delta = options.iter().find(|o| o.1 == c).map_or(0, |o| o.0);
            if retry != Some(k) {
                if let Some(p) = knobs.iter().position(|&x| x == k) {
                    self.knob_turn = (p + 1) % knobs.len();
                }
            }
            self.last_step = (!categorical).then(|| (k, c.clone(), delta));
            self.other_arm = (k == JOINT_TILES)
                .then(|| both.into_iter().find(|o| o.0 == -delta))
                .flatten()
                .map(|(dl, c)| (k, c, dl));
            return Some(c);
        }
        None
    }

    /// When every remaining candidate uses a value blamed for failures, the blame may be
    /// wrong (values that merely appeared with the culprit): keep going in model order.
    fn fill_ignoring_doom(&self, out: &mut Vec<Config>, n: usize) {
        for c in &self.ranked {
            if out.len() >= n {
                break;
            }
            if !self.seen.contains(c) && !out.contains(c) {
                out.push(c.clone());
            }
        }
    }
}

/// The structural core of a space too large to enumerate: every combination of tile
/// sizes, loop order and scheduler (at most `POOL` of them) with every other knob at its
/// untuned value, so the cost model always sees the plain tilings a random sample of a
/// huge space may miss.
fn core_pool(space: &Space) -> Vec<Config> {
    let sizes = space.knob_sizes();
    let depth = space.tile.len();
    let Some(default) = space.indices(&Config::baseline(depth)) else {
        return Vec::new();
    };
    // The varied knobs: the tile sizes, the order (depth + 1) and the scheduler (depth + 6).
    let varied: Vec<usize> = (0..depth).chain([depth + 1, depth + 6]).collect();
    let count = varied
        .iter()
        .fold(1u64, |n, &k| n.saturating_mul(sizes[k] as u64));
    let mut out = Vec::new();
    for mut n in 0..count.min(POOL) {
        let mut idx = default.clone();
        for &k in varied.iter().rev() {
            idx[k] = (n % sizes[k] as u64) as usize;
            n /= sizes[k] as u64;
        }
        out.push(space.config(&idx));
    }
    out
}

/// All grid indices when the space is small, else `POOL` distinct random ones (sorted).
fn pool_indices(size: u64, rng: &mut Rng) -> Vec<u64> {
    if size <= POOL {
        return (0..size).collect();
    }
    let mut set = HashSet::new();
    while (set.len() as u64) < POOL {
        set.insert(rng.below(size));
    }
    let mut v: Vec<u64> = set.into_iter().collect();
    v.sort();
    v
}
