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
    pub seconds: Option<f64>,
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
}

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
        }
    }

    /// The cost model's favourite config.
    pub fn model_pick(&self) -> Option<Config> {
        match self.kind {
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
        }
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
        let ok: Vec<(&Config, f64)> = history
            .iter()
            .filter_map(|o| o.seconds.map(|s| (&o.config, s)))
            .collect();
        // Until a few configs are measured, follow the cost model: its best config of
        // each structural family not tried yet (families predicted within SEED_SPREAD of
        // the best), then its ranking.
        if ok.len() < SEEDS {
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
                if !self.seen.contains(c) && self.viable(c, &doomed) && families.insert(family(c)) {
                    out.push(c.clone());
                }
            }
            for c in &self.ranked {
                if out.len() == n {
                    break;
                }
                if !self.seen.contains(c) && !out.contains(c) && self.viable(c, &doomed) {
                    out.push(c.clone());
                }
            }
            self.fill_ignoring_doom(&mut out, n);
            for c in &out {
                self.seen.insert(c.clone());
            }
            return out;
        }
        let xs: Vec<Vec<f64>> = ok
            .iter()
            .map(|(c, _)| model::features(&self.band, c, &self.machine))
            .collect();
        let ys: Vec<f64> = ok.iter().map(|(_, s)| s.max(1e-12).ln()).collect();
        let ridge = Ridge::fit(&xs, &ys, 1.0);
        // Parents: the best few measured configs.
        let mut parents: Vec<(&Config, f64)> = ok.clone();
        parents.sort_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(b.0)));
        parents.truncate(3);
        let mut children: Vec<Config> = Vec::new();
        let sizes = self.space.knob_sizes();
        for (p, _) in &parents {
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
                    ridge.predict(&model::features(&self.band, &c, &self.machine)),
                    c,
                )
            })
            .collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut out = Vec::new();
        let mut rest: Vec<Config> = scored.into_iter().map(|(_, c)| c).collect();
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
