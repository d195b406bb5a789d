//! The engine of one cluster worker: the job's levels spread over the workers by code, each
//! worker's share in a work directory of its own, and each step a map on every worker, a
//! shuffle through the exchange, and a reduce where the keys land.
//!
//! Worker `k` of `W` owns the codes with `mix(code) mod W == k` (a mixed hash: `code mod W`
//! would split unevenly, since a code's low bit is one hole). Every level is split alike, so
//! the intersection with a level of the forward pass finds its part on the same worker: only
//! the produced keys travel. Every decision that changes what the workers do next (skipping a
//! finished level, the number of rounds, pruning) is taken from values gathered from every
//! worker, so all take it alike and the tables are the same bytes as on one machine. The
//! number of parts a worker splits its share into is its own affair: levels are read back
//! sorted.

use std::path::PathBuf;

use super::exchange::Rounds;
use super::Report;
use crate::error::Result;
use crate::generate::outcore::shuffle::{
    self, chunking, finished, map_keys, parts_of, prepare_output, read_level, reduce_runs,
    spill_runs, split, write_level, Produce,
};
use crate::generate::outcore::store::{self, RunReader, Store};
use crate::generate::outcore::{memory, parts_for, Config, Engine, Parts, Plan};
use crate::generate::par;

/// A code scrambled (splitmix64's finaliser), to spread codes evenly over the workers.
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The worker that owns a code.
pub fn owner(code: u64, workers: usize) -> usize {
    (mix(code) % workers as u64) as usize
}

/// One worker's engine.
pub struct Spread<'a, 'w> {
    /// The exchange with the other workers.
    pub rounds: Rounds<'w>,
    /// This worker's work directory.
    pub store: Store,
    /// The job's configuration, with this worker's share of the memory cap.
    pub cfg: &'a Config,
    /// The board's holes.
    pub bits: u32,
    /// Where worker 0 reports to (the others stay quiet).
    pub report: &'a dyn Fn(Report),
    /// Bucket memory kept between chunks.
    pub pool: par::Pool,
}

impl Spread<'_, '_> {
    fn lead(&self) -> bool {
        self.rounds.index() == 0
    }

    fn tick(&self, stage: &str, done: u64, total: u64) {
        if self.lead() {
            (self.report)(Report::Tick(stage.to_string(), done, total));
        }
    }

    /// Removes what a worker holds of a level that is not finished everywhere.
    fn clear(&self, name: &str) -> Result<()> {
        self.store.remove_dir(&self.store.path(name))?;
        self.store
            .remove_dir(&self.store.path(&format!("{name}.spill")))
    }

    /// The codes of this worker's share of `input`, a chunk at a time; the number of chunks
    /// first (so every worker can agree on the rounds).
    fn chunks<F: Produce>(&self, input: &str, produce: &F, max_bytes: u64) -> Result<Chunks> {
        let dir = shuffle::level_dir(&self.store, input);
        let mut parts = Vec::new();
        let mut count = 0;
        for i in 0..parts_of(&self.store, input)? {
            let path = shuffle::part_path(&dir, i);
            let len = store::run_len(&path)?;
            if len == 0 {
                continue;
            }
            let chunk = chunking(&path, produce, max_bytes)?;
            count += len.div_ceil(chunk.len as u64);
            parts.push((path, chunk.len));
        }
        Ok(Chunks {
            parts,
            reader: None,
            count,
        })
    }

    /// Sends every worker the keys it owns, `rounds` times (this worker's chunks first, then
    /// empty rounds while others still have chunks), and spills what arrives into the parts
    /// of `spill`.
    fn shuffle_into<F: Produce>(
        &mut self,
        chunks: &mut Chunks,
        rounds: u64,
        keep: Option<&(dyn Fn(u64) -> bool + Sync)>,
        produce: &F,
        out: (&PathBuf, usize, &str),
    ) -> Result<()> {
        let (spill, parts, stage) = out;
        let peers = self.rounds.peers();
        for r in 0..rounds {
            self.tick(stage, r, rounds);
            let codes = chunks.next()?;
            let per = shuffle::keys_per_code_along(&codes, produce);
            let keys = map_keys(&self.pool, &codes, per, self.bits, 0, keep, None, produce);
            drop(codes);
            let got = self
                .rounds
                .exchange(split(keys, peers, |y| owner(y, peers)));
            for (from, keys) in got {
                spill_runs(
                    &self.store,
                    spill,
                    parts,
                    0,
                    &format!("{from:05}-{r:06}"),
                    keys,
                )?;
            }
            memory::give_back();
        }
        Ok(())
    }
}

/// A worker's share of a level, read a chunk at a time.
struct Chunks {
    /// Its parts, with the codes of each mapped at once (by their first codes' keys).
    parts: Vec<(PathBuf, usize)>,
    reader: Option<(RunReader, usize)>,
    /// Chunks in all.
    count: u64,
}

impl Chunks {
    /// The next chunk's codes (empty once all are read).
    fn next(&mut self) -> Result<Vec<u64>> {
        loop {
            if let Some((r, len)) = self.reader.as_mut() {
                let codes: Vec<u64> = std::iter::from_fn(|| r.next_code()).take(*len).collect();
                if !codes.is_empty() {
                    return Ok(codes);
                }
            }
            if self.parts.is_empty() {
                return Ok(Vec::new());
            }
            let (path, len) = self.parts.remove(0);
            self.reader = Some((RunReader::open(&path)?, len));
        }
    }
}

impl Engine for Spread<'_, '_> {
    fn finished(&mut self, name: &str) -> Result<Option<u64>> {
        let mine = finished(&self.store, name).unwrap_or(u64::MAX);
        let all = self.rounds.all_gather(&[mine]);
        Ok(all
            .iter()
            .all(|v| v[0] != u64::MAX)
            .then(|| all.iter().map(|v| v[0]).sum()))
    }

    fn write_start(&mut self, name: &str, codes: &[u64]) -> Result<u64> {
        if let Some(k) = self.finished(name)? {
            return Ok(k);
        }
        self.clear(name)?;
        let (me, peers) = (self.rounds.index(), self.rounds.peers());
        let mine: Vec<u64> = codes
            .iter()
            .copied()
            .filter(|&c| owner(c, peers) == me)
            .collect();
        let k = write_level(&self.store, name, 1, 0, &mine)?;
        Ok(self.rounds.sum(k))
    }

    fn read_whole(&mut self, name: &str) -> Result<Vec<u64>> {
        let mine = read_level(&self.store, name)?;
        let mut all: Vec<u64> = self.rounds.all_gather(&mine).concat();
        all.sort_unstable();
        Ok(all)
    }

    fn step<F: Produce>(&mut self, plan: &Plan<'_>, produce: F) -> Result<u64> {
        if let Some(k) = self.finished(plan.output)? {
            return Ok(k);
        }
        // Not finished on every worker: every worker makes it again, since each needs the
        // keys of all the others.
        self.clear(plan.output)?;
        let peers = self.rounds.peers();
        let parts = match plan.parts {
            Parts::About(estimate) => parts_for(self.cfg, estimate / peers as f64),
            Parts::Like(level) => parts_of(&self.store, level)?,
        };
        let out = prepare_output(&self.store, plan.output, parts, plan.within)?;
        let spill = self.store.path(&format!("{}.spill", plan.output));
        self.store.make_dir(&spill)?;
        let mut chunks = self.chunks(plan.input, &produce, self.cfg.max_memory)?;
        let rounds = self.rounds.max(chunks.count);
        let stage = format!("{} map", plan.output);
        self.shuffle_into(
            &mut chunks,
            rounds,
            plan.keep,
            &produce,
            (&spill, parts, &stage),
        )?;
        self.pool.clear();
        memory::give_back();
        let stage = format!("{} reduce", plan.output);
        let mut total = 0;
        for j in 0..parts {
            self.tick(&stage, j as u64, parts as u64);
            let within = plan
                .within
                .map(|w| shuffle::part_path(&shuffle::level_dir(&self.store, w), j));
            let dest = shuffle::part_path(&out, j);
            reduce_runs(
                &self.store,
                &spill.join(format!("{j:05}")),
                within.as_deref(),
                &dest,
                self.cfg.max_memory,
                0,
            )?;
            memory::give_back();
            total += store::run_len(&dest)?;
        }
        self.store
            .write_atomic(&out.join("done"), total.to_string().as_bytes())?;
        self.store.remove_dir(&spill)?;
        Ok(self.rounds.sum(total))
    }

    fn discard(&mut self, name: &str) -> Result<()> {
        self.clear(name)
    }

    fn progress(&mut self, line: &str) {
        if self.lead() {
            (self.report)(Report::Line(line.to_string()));
        }
    }
}

impl Spread<'_, '_> {
    /// Brings every worker's share of level `name` to worker 0, into one part of `into` there
    /// (the other workers pass None).
    pub fn gather(&mut self, name: &str, into: Option<&Store>) -> Result<()> {
        let same = |x: u64, out: &mut dyn FnMut(u64)| out(x);
        // worker 0 takes a chunk from every worker in each round
        let share = self.cfg.max_memory / self.rounds.peers() as u64;
        let mut chunks = self.chunks(name, &same, share)?;
        let rounds = self.rounds.max(chunks.count);
        let at = |s: &Store| {
            (
                shuffle::level_dir(s, name),
                s.path(&format!("{name}.spill")),
            )
        };
        if let Some(s) = into {
            let (dir, spill) = at(s);
            s.remove_dir(&dir)?;
            s.remove_dir(&spill)?;
        }
        let stage = format!("{name} gather");
        for r in 0..rounds {
            self.tick(&stage, r, rounds);
            let mut out = vec![Vec::new(); self.rounds.peers()];
            out[0] = chunks.next()?;
            for (from, codes) in self.rounds.exchange(out) {
                if let Some(s) = into {
                    spill_runs(s, &at(s).1, 1, 0, &format!("{from:05}-{r:06}"), codes)?;
                }
            }
        }
        if let Some(s) = into {
            let (dir, spill) = at(s);
            prepare_output(s, name, 1, None)?;
            let dest = shuffle::part_path(&dir, 0);
            reduce_runs(s, &spill.join("00000"), None, &dest, self.cfg.max_memory, 0)?;
            let n = store::run_len(&dest)?;
            s.write_atomic(&dir.join("done"), n.to_string().as_bytes())?;
            s.remove_dir(&spill)?;
        }
        Ok(())
    }
}
