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

use std::collections::VecDeque;
use std::path::PathBuf;

use super::exchange::Rounds;
use super::Report;
use crate::error::Result;
use crate::generate::outcore::shuffle::{
    self, chunking, finished, map_keys, parts_of, prepare_output, read_level, reduce_runs,
    spill_runs, split, write_level, Chunking, Produce,
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

    /// The codes of this worker's share of `input`, a chunk at a time, each chunk's keys
    /// within `max_bytes`.
    fn chunks<F: Produce>(&self, input: &str, produce: &F, max_bytes: u64) -> Result<Chunks> {
        let dir = shuffle::level_dir(&self.store, input);
        let parts = (0..parts_of(&self.store, input)?)
            .map(|i| shuffle::part_path(&dir, i))
            .collect();
        Chunks::new(parts, produce, max_bytes)
    }

    /// True while some worker still has a chunk to map: a round is run while one has, and
    /// every worker asks at the start of each round, so all run the same rounds (a chunk
    /// whose codes make more keys than its part's first ones did goes in several rounds).
    fn rounds_left(&mut self, chunks: &Chunks) -> bool {
        self.rounds.max(u64::from(chunks.more())) > 0
    }

    /// Sends every worker the keys it owns, `rounds` times (this worker's chunks first, then
    /// empty rounds while others still have chunks), and spills what arrives into the parts
    /// of `spill`.
    fn shuffle_into<F: Produce>(
        &mut self,
        chunks: &mut Chunks,
        keep: Option<&(dyn Fn(u64) -> bool + Sync)>,
        produce: &F,
        out: (&PathBuf, usize, &str),
    ) -> Result<()> {
        let (spill, parts, stage) = out;
        let peers = self.rounds.peers();
        // the rounds expected, for progress: each worker's chunks by its parts' first codes
        let expected = self.rounds.max(chunks.count);
        let mut r = 0;
        while self.rounds_left(chunks) {
            self.tick(stage, r, expected.max(r + 1));
            let (codes, per) = chunks.next(produce)?;
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
            r += 1;
        }
        Ok(())
    }
}

/// A worker's share of a level, read a chunk at a time. Each part is read in chunks sized by
/// the keys its first codes make; each chunk read is measured again along all its codes and,
/// where they make more keys than the cap holds, handed out in pieces of one size, as the
/// local engine maps it (the meet's second step makes few keys from its first codes and
/// many from its last).
struct Chunks {
    /// Its parts, with the codes of each read at once (by their first codes' keys).
    parts: VecDeque<(PathBuf, usize)>,
    reader: Option<(RunReader, usize)>,
    /// The pieces of the chunk read last not handed out yet.
    pieces: VecDeque<Vec<u64>>,
    /// Codes not read yet.
    unread: u64,
    /// Bytes a piece's keys may take.
    max_bytes: u64,
    /// Chunks in all, by the parts' first codes (the pieces may add to them).
    count: u64,
}

impl Chunks {
    /// The chunks of the runs at `parts`, each chunk's keys within `max_bytes`.
    fn new<F: Produce>(parts: Vec<PathBuf>, produce: &F, max_bytes: u64) -> Result<Chunks> {
        let (mut count, mut unread) = (0, 0);
        let mut kept = VecDeque::new();
        for path in parts {
            let len = store::run_len(&path)?;
            if len == 0 {
                continue;
            }
            let chunk = chunking(&path, produce, max_bytes)?;
            count += len.div_ceil(chunk.len as u64);
            unread += len;
            kept.push_back((path, chunk.len));
        }
        Ok(Chunks {
            parts: kept,
            reader: None,
            pieces: VecDeque::new(),
            unread,
            max_bytes,
            count,
        })
    }

    /// True while a piece is left to hand out.
    fn more(&self) -> bool {
        !self.pieces.is_empty() || self.unread > 0
    }

    /// The next piece's codes and the keys per code `produce` makes of them (no codes once
    /// all are handed out).
    fn next<F: Produce>(&mut self, produce: &F) -> Result<(Vec<u64>, f64)> {
        if self.pieces.is_empty() {
            let codes = self.read()?;
            let len = Chunking::refit(&codes, produce, self.max_bytes).piece_len(codes.len());
            self.pieces = codes.chunks(len).map(<[u64]>::to_vec).collect();
        }
        let piece = self.pieces.pop_front().unwrap_or_default();
        let per = shuffle::keys_per_code_along(&piece, produce);
        Ok((piece, per))
    }

    /// The next chunk's codes as read (empty once all are read).
    fn read(&mut self) -> Result<Vec<u64>> {
        loop {
            if let Some((r, len)) = self.reader.as_mut() {
                let codes: Vec<u64> = std::iter::from_fn(|| r.next_code()).take(*len).collect();
                if !codes.is_empty() {
                    self.unread = self.unread.saturating_sub(codes.len() as u64);
                    return Ok(codes);
                }
            }
            let Some((path, len)) = self.parts.pop_front() else {
                // all read: a run that held fewer codes than its header said ends it too, so
                // the rounds end rather than go on with nothing
                self.unread = 0;
                return Ok(Vec::new());
            };
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
        let stage = format!("{} map", plan.output);
        self.shuffle_into(&mut chunks, plan.keep, &produce, (&spill, parts, &stage))?;
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
        let expected = self.rounds.max(chunks.count);
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
        let mut r = 0;
        while self.rounds_left(&chunks) {
            self.tick(&stage, r, expected.max(r + 1));
            let mut out = vec![Vec::new(); self.rounds.peers()];
            out[0] = chunks.next(&same)?.0;
            for (from, codes) in self.rounds.exchange(out) {
                if let Some(s) = into {
                    spill_runs(s, &at(s).1, 1, 0, &format!("{from:05}-{r:06}"), codes)?;
                }
            }
            r += 1;
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

#[cfg(test)]
mod tests {
    use super::Chunks;
    use crate::generate::outcore::store;

    #[test]
    fn a_chunk_whose_codes_make_more_keys_goes_in_pieces_within_the_cap() {
        // the first codes make one key each, the rest ten (as in the meet's second step)
        let dir = std::env::temp_dir().join(format!("pegwise-chunks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("part-00000");
        let codes: Vec<u64> = (0..200_000).collect();
        store::write_run(&path, &codes).unwrap();
        let keys = |x: u64| if x < 20_000 { 1 } else { 10 };
        let produce = |x: u64, out: &mut dyn FnMut(u64)| (0..keys(x)).for_each(|k| out(x * 16 + k));
        // a cap that holds the whole part at its first codes' one key a code
        let max_bytes = 32 * 200_000;
        let mut chunks = Chunks::new(vec![path], &produce, max_bytes).unwrap();
        assert_eq!(chunks.count, 1);
        let mut seen = Vec::new();
        let mut pieces = 0;
        while chunks.more() {
            let (piece, per) = chunks.next(&produce).unwrap();
            let made: u64 = piece.iter().map(|&x| keys(x)).sum();
            // pieces are sized by their chunk's average, so a piece of the ten-key codes may
            // pass it a little (the cap's 32 bytes a key leave buckets room to double)
            assert!(made * 32 <= max_bytes * 5 / 4, "{made} keys in a piece");
            assert!(
                (per - made as f64 / piece.len() as f64).abs() < 0.5,
                "{per}"
            );
            seen.extend(piece);
            pieces += 1;
        }
        assert_eq!(seen, codes);
        assert!(pieces >= 9, "{pieces} pieces");
        let (last, _) = chunks.next(&produce).unwrap();
        assert!(last.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
