//! One out-of-core step in the map / shuffle / reduce shape, from one level on disk to the
//! next:
//!
//! - **map**: every code of the input level gives its keys (children, parents, complements),
//!   read a chunk at a time so the keys of a chunk fit the memory cap;
//! - **shuffle**: each key goes to part `key mod parts`, and each part's keys from one chunk
//!   are sorted, deduplicated and written as a run of their own;
//! - **reduce**: each part's runs are merged into one sorted, deduplicated run, kept only
//!   where it meets the same part of another level when asked (an intersection).
//!
//! Map units (input parts) and reduce units (output parts) are independent of one another,
//! and each leaves a marker when done, so a distributed engine could run them as tasks; here
//! they run one after another with rayon inside each. A killed step redoes only the units
//! without a marker.

use std::collections::BinaryHeap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::memory;
use super::store::{self, RunReader, RunWriter, Store};
use crate::error::{Error, JobError, Result};
use crate::generate::par::{self, merge_equal_keys};

/// What the caller hears: a stage, and units of it done out of a total.
#[derive(Debug, Clone, Copy)]
pub struct Tick<'a> {
    /// What is being computed ("F30 map", "W12 reduce").
    pub stage: &'a str,
    /// Units done.
    pub done: u64,
    /// Units in all.
    pub total: u64,
}

/// One step: `input` level → `output` level, with `parts` output parts.
pub struct Step<'a, F> {
    /// The work directory.
    pub store: &'a Store,
    /// Name of the level read (its parts are listed on disk).
    pub input: &'a str,
    /// Name of the level written.
    pub output: &'a str,
    /// Number of output parts (code mod parts).
    pub parts: usize,
    /// Keep only keys found in this level (split into the same number of parts).
    pub within: Option<&'a str>,
    /// Keep only keys this accepts. Asked once per distinct key of a chunk, after the chunk's
    /// sort and deduplication: a key is produced by several codes, and the test (pruning)
    /// costs more than a key.
    pub keep: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
    /// Bytes the step may hold in memory at once.
    pub max_bytes: u64,
    /// The keys of one input code, each handed to the callback (no vector per code: the map
    /// calls this for every code of a level).
    pub produce: F,
    /// Keys are below 2^bits (the board's holes, and the mask bits).
    pub bits: u32,
    /// The low bits of each key that are a mask of its code (`code << mask_bits | mask`),
    /// merged by OR where a code's keys meet; 0 for plain codes.
    pub mask_bits: u32,
    /// Bucket memory kept between chunks.
    pub pool: par::Pool,
}

/// Names of a level's files.
pub fn level_dir(store: &Store, name: &str) -> PathBuf {
    store.path(name)
}

/// The path of part `j` of a level's folder.
pub fn part_path(dir: &Path, j: usize) -> PathBuf {
    dir.join(format!("part-{j:05}"))
}

/// The number of parts of a level on disk (from its `parts` file).
pub fn parts_of(store: &Store, name: &str) -> Result<usize> {
    let path = level_dir(store, name).join("parts");
    store
        .read_text(&path)
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| Error::from(JobError::MissingOrDamaged(path.clone())))
}

/// The size of a finished level, or None when it is not finished.
pub fn finished(store: &Store, name: &str) -> Option<u64> {
    store
        .read_text(&level_dir(store, name).join("done"))
        .and_then(|t| t.trim().parse().ok())
}

/// Writes a level of one part from codes in memory (the start level), keys with `mask_bits`
/// of mask each.
pub fn write_level(
    store: &Store,
    name: &str,
    parts: usize,
    mask_bits: u32,
    codes: &[u64],
) -> Result<u64> {
    let dir = level_dir(store, name);
    store.make_dir(&dir)?;
    store.write_atomic(&dir.join("parts"), parts.to_string().as_bytes())?;
    for j in 0..parts {
        let mine: Vec<u64> = codes
            .iter()
            .copied()
            .filter(|&c| part_of(c >> mask_bits, parts) == j)
            .collect();
        store::write_run(&part_path(&dir, j), &mine)?;
    }
    store.write_atomic(&dir.join("done"), codes.len().to_string().as_bytes())?;
    Ok(codes.len() as u64)
}

/// Every code of a finished level, ascending.
pub fn read_level(store: &Store, name: &str) -> Result<Vec<u64>> {
    let dir = level_dir(store, name);
    let parts = parts_of(store, name)?;
    let mut out = Vec::new();
    for j in 0..parts {
        store::read_run(&part_path(&dir, j), &mut out)?;
    }
    out.par_sort_unstable();
    Ok(out)
}

/// Makes a level's folder and fixes its number of parts (refusing another number than the
/// one it was started with), and checks that `within` is split alike. Returns the folder.
pub fn prepare_output(
    store: &Store,
    output: &str,
    parts: usize,
    within: Option<&str>,
) -> Result<PathBuf> {
    let out = level_dir(store, output);
    store.make_dir(&out)?;
    let parts_file = out.join("parts");
    match store.read_text(&parts_file) {
        Some(t) if t.trim() != parts.to_string() => {
            return Err(JobError::PartsChanged {
                level: output.to_string(),
                was: t.trim().to_string(),
                parts,
            }
            .into())
        }
        Some(_) => {}
        None => store.write_atomic(&parts_file, parts.to_string().as_bytes())?,
    }
    if let Some(w) = within {
        let theirs = parts_of(store, w)?;
        if theirs != parts {
            return Err(JobError::PartsDiffer {
                within: w.to_string(),
                theirs,
                level: output.to_string(),
                parts,
            }
            .into());
        }
    }
    Ok(out)
}

/// The part of a level a code belongs to.
pub fn part_of(code: u64, parts: usize) -> usize {
    (code % parts as u64) as usize
}

/// How the codes of an input run are mapped: a chunk at a time, and about how many keys each
/// code makes.
#[derive(Debug, Clone, Copy)]
pub struct Chunking {
    /// Codes mapped at once.
    pub len: usize,
    /// Keys per code, over a sample of the codes (at least 1): the map sizes its buckets by it.
    pub keys_per_code: f64,
}

impl Chunking {
    /// Chunks of as many codes as keep their keys within `max_bytes` together (the keys (u64)
    /// as produced, in buckets that grow by doubling (up to twice their size), their sorted
    /// and deduplicated copy, and that copy split into parts), at `per` keys a code.
    fn at(per: f64, max_bytes: u64) -> Chunking {
        Chunking {
            len: ((max_bytes as f64 / (8.0 * 4.0 * per)) as usize).max(1024),
            keys_per_code: per,
        }
    }

    /// How to map `codes`, read as a chunk: the keys per code measured over codes spread
    /// along all of them, and as many codes at once as that keeps within `max_bytes` (fewer
    /// than were read when the chunk's first codes made fewer keys than the rest do).
    pub fn refit<F: Produce>(codes: &[u64], produce: &F, max_bytes: u64) -> Chunking {
        Chunking::at(keys_per_code_along(codes, produce), max_bytes)
    }

    /// The length of the pieces of one size that `n` codes mapped this way go in (all `n`
    /// when they fit at once; at least 1).
    pub fn piece_len(&self, n: usize) -> usize {
        let pieces = n.div_ceil(self.len).max(1);
        n.div_ceil(pieces).max(1)
    }
}

/// The keys per code `produce` makes of `codes`, measured on codes spread along them.
pub fn keys_per_code_along<F: Produce>(codes: &[u64], produce: &F) -> f64 {
    let stride = (codes.len() / SAMPLE).max(1);
    keys_per_code(codes.iter().step_by(stride).copied(), produce)
}

/// How to map the run at `src`, by its first codes (a chunk read is measured again by
/// [`Chunking::refit`]).
pub fn chunking<F: Produce>(src: &Path, produce: &F, max_bytes: u64) -> Result<Chunking> {
    let mut r = RunReader::open(src)?;
    let first = std::iter::from_fn(|| r.next_code()).take(SAMPLE);
    Ok(Chunking::at(keys_per_code(first, produce), max_bytes))
}

/// Codes a step's keys per code are measured on.
const SAMPLE: usize = 2000;

/// The keys of a chunk of codes (about `keys_per_code` each), sorted and deduplicated at once
/// (the in-memory generator's bucketed radix sort), and kept only where `keep` passes their
/// codes and, with `within` (sorted), only those in it. Keys with `mask_bits` of mask merge
/// by code (`par::collect_masked`).
#[allow(clippy::too_many_arguments)]
pub fn map_keys<F: Produce>(
    pool: &par::Pool,
    codes: &[u64],
    keys_per_code: f64,
    bits: u32,
    mask_bits: u32,
    keep: Option<&(dyn Fn(u64) -> bool + Sync)>,
    within: Option<&[u64]>,
    produce: &F,
) -> Vec<u64> {
    let expect = (codes.len() as f64 * keys_per_code) as usize;
    let mut keys = par::collect_masked(pool, codes, expect, bits, mask_bits, within, |x, sink| {
        produce(x, &mut |y| sink.push(y))
    });
    if let Some(keep) = keep {
        retain_par(&mut keys, &|k| keep(k >> mask_bits));
    }
    keys
}

/// Sorted keys split by `group` into `groups` sorted vectors, each sized exactly (no
/// doubling slack); the keys are freed before the groups are used.
pub fn split(keys: Vec<u64>, groups: usize, group: impl Fn(u64) -> usize) -> Vec<Vec<u64>> {
    if groups == 1 {
        return vec![keys];
    }
    let mut sizes = vec![0usize; groups];
    for &y in &keys {
        sizes[group(y)] += 1;
    }
    let mut out: Vec<Vec<u64>> = sizes.into_iter().map(Vec::with_capacity).collect();
    for &y in &keys {
        out[group(y)].push(y);
    }
    out
}

/// Writes sorted keys as one run per output part (by their codes, under `mask_bits` of mask),
/// named `run` in the part's spill folder.
pub fn spill_runs(
    store: &Store,
    spill: &Path,
    parts: usize,
    mask_bits: u32,
    run: &str,
    keys: Vec<u64>,
) -> Result<()> {
    split(keys, parts, |y| part_of(y >> mask_bits, parts))
        .into_par_iter()
        .enumerate()
        .try_for_each(|(j, v)| {
            let dir = spill.join(format!("{j:05}"));
            store.make_dir(&dir)?;
            store::write_run(&dir.join(run), &v)
        })
}

/// Average number of keys `produce` makes of each of `codes` (at least 1).
fn keys_per_code<F: Produce>(codes: impl Iterator<Item = u64>, produce: &F) -> f64 {
    let (mut keys, mut n) = (0usize, 0usize);
    for x in codes {
        produce(x, &mut |_| keys += 1);
        n += 1;
    }
    (keys as f64 / n.max(1) as f64).max(1.0)
}

/// What a step's `produce` is: the keys of one code, handed one by one to a callback.
pub trait Produce: Fn(u64, &mut dyn FnMut(u64)) + Sync {}
impl<F: Fn(u64, &mut dyn FnMut(u64)) + Sync> Produce for F {}

impl<F: Produce> Step<'_, F> {
    /// Runs the step (or what is left of it); returns the output level's size.
    pub fn run(&self, tick: &mut dyn FnMut(Tick)) -> Result<u64> {
        if let Some(n) = finished(self.store, self.output) {
            return Ok(n);
        }
        let out = prepare_output(self.store, self.output, self.parts, self.within)?;
        let spill = self.store.path(&format!("{}.spill", self.output));
        self.store.make_dir(&spill)?;
        self.map(&spill, tick)?;
        // the map's buckets, not needed by the reduce, which may fill the cap by itself
        self.pool.clear();
        memory::give_back();
        let mut total = 0;
        let stage = format!("{} reduce", self.output);
        for j in 0..self.parts {
            tick(Tick {
                stage: &stage,
                done: j as u64,
                total: self.parts as u64,
            });
            let path = part_path(&out, j);
            if !path.exists() {
                let within = self.within.map(|w| part_path(&level_dir(self.store, w), j));
                reduce_runs(
                    self.store,
                    &spill.join(format!("{j:05}")),
                    within.as_deref(),
                    &path,
                    self.max_bytes,
                    self.mask_bits,
                )?;
                memory::give_back();
            }
            total += store::run_len(&path)?;
        }
        self.store
            .write_atomic(&out.join("done"), total.to_string().as_bytes())?;
        self.store.remove_dir(&spill)?;
        Ok(total)
    }

    /// The map and shuffle: every input part not yet marked done.
    fn map(&self, spill: &Path, tick: &mut dyn FnMut(Tick)) -> Result<()> {
        let input = level_dir(self.store, self.input);
        let in_parts = parts_of(self.store, self.input)?;
        let stage = format!("{} map", self.output);
        let within = self.within_in_memory()?;
        let room = self.max_bytes - 8 * within.as_ref().map_or(0, |w| w.len() as u64);
        for i in 0..in_parts {
            tick(Tick {
                stage: &stage,
                done: i as u64,
                total: in_parts as u64,
            });
            let marker = spill.join(format!("map-{i:05}"));
            if marker.exists() {
                continue;
            }
            // Runs of an unfinished earlier try at this part go first: its chunks may differ.
            let mine = format!("{i:05}-");
            for dir in store::list(spill).into_iter().filter(|d| d.is_dir()) {
                for run in store::list(&dir) {
                    if run
                        .file_name()
                        .is_some_and(|f| f.to_string_lossy().starts_with(&mine))
                    {
                        std::fs::remove_file(&run).map_err(|e| store::io_error(&run, e))?;
                    }
                }
            }
            let src = part_path(&input, i);
            let mut chunk = chunking(&src, &self.produce, room)?;
            let mut reader = RunReader::open(&src)?;
            let mut k = 0;
            loop {
                let codes: Vec<u64> = std::iter::from_fn(|| reader.next_code())
                    .take(chunk.len)
                    .collect();
                if codes.is_empty() && k > 0 {
                    break;
                }
                let read = chunk.len;
                chunk = Chunking::refit(&codes, &self.produce, room);
                // in pieces of one size when they make more keys than the read assumed
                for piece in codes
                    .chunks(chunk.piece_len(codes.len()))
                    .chain(codes.is_empty().then_some(&[][..]))
                {
                    self.map_chunk(spill, (i, k), piece, chunk, within.as_deref())?;
                    memory::give_back();
                    k += 1;
                }
                if codes.len() < read {
                    break;
                }
            }
            self.store.write_atomic(&marker, b"")?;
        }
        Ok(())
    }

    /// The level the output is kept within, whole, when it takes at most half the memory
    /// cap: the map then drops each key outside it as its chunk is sorted, so the runs hold
    /// only the output's keys (for a winning level, a few of the many parents made) and the
    /// reduce has little to merge. None when there is no such level or it is too big; the
    /// reduce keeps the output within it either way.
    fn within_in_memory(&self) -> Result<Option<Vec<u64>>> {
        let Some(w) = self.within else {
            return Ok(None);
        };
        match finished(self.store, w) {
            Some(n) if n.saturating_mul(16) <= self.max_bytes => {
                Ok(Some(read_level(self.store, w)?))
            }
            _ => Ok(None),
        }
    }

    /// Keys of chunk k of input part i, split into parts (each part's keys stay in order) and
    /// written.
    fn map_chunk(
        &self,
        spill: &Path,
        (i, k): (usize, usize),
        codes: &[u64],
        chunk: Chunking,
        within: Option<&[u64]>,
    ) -> Result<()> {
        let keys = map_keys(
            &self.pool,
            codes,
            chunk.keys_per_code,
            self.bits,
            self.mask_bits,
            self.keep,
            within,
            &self.produce,
        );
        spill_runs(
            self.store,
            spill,
            self.parts,
            self.mask_bits,
            &format!("{i:05}-{k:05}"),
            keys,
        )
    }
}

/// Merges the sorted runs in `runs_dir` into one sorted, deduplicated run at `dest`, kept only
/// where it meets the run `within` when given: in memory when the runs and the copies of its
/// ranges fit `max_bytes` beside what the process holds, else by a streamed k-way merge (a
/// lone run is the part as it is); the runs are removed after. Keys with `mask_bits` of mask
/// become one a code, their masks ORed with each other and with `within`'s.
pub fn reduce_runs(
    store: &Store,
    runs_dir: &Path,
    within: Option<&Path>,
    dest: &Path,
    max_bytes: u64,
    mask_bits: u32,
) -> Result<()> {
    let runs = store::list(runs_dir);
    if let ([run], None) = (&runs[..], within) {
        // one run (one chunk mapped), sorted and merged already: it is the part
        std::fs::rename(run, dest).map_err(|e| store::io_error(dest, e))?;
        return store.remove_dir(runs_dir);
    }
    let lens = runs
        .iter()
        .map(|r| store::run_len(r))
        .collect::<Result<Vec<u64>>>()?;
    let total: u64 = lens.iter().sum();
    let mut keep = Within::open(within, mask_bits)?;
    if merges_in_memory(total, memory::resident(), max_bytes) {
        // the runs read side by side, each into its own place
        let mut all = vec![0u64; total as usize];
        let mut rest = &mut all[..];
        let mut places = Vec::with_capacity(runs.len());
        for (r, &len) in runs.iter().zip(&lens) {
            let (place, tail) = std::mem::take(&mut rest).split_at_mut(len as usize);
            places.push((r, place));
            rest = tail;
        }
        places
            .into_par_iter()
            .try_for_each(|(r, place)| store::read_run_into(r, place))?;
        let mut w = RunWriter::create(dest)?;
        merge_sorted(&all, &lens, mask_bits, &mut |x| {
            if let Some(m) = keep.member(x) {
                w.push(x | m)?;
            }
            Ok(())
        })?;
        w.finish()?;
    } else {
        // Too big for memory: a k-way merge of the sorted runs, streamed.
        let mut w = RunWriter::create(dest)?;
        let mut readers = runs
            .iter()
            .map(|r| RunReader::open(r))
            .collect::<Result<Vec<_>>>()?;
        let mut heap = BinaryHeap::new();
        for (i, r) in readers.iter_mut().enumerate() {
            if let Some(x) = r.next_code() {
                heap.push(std::cmp::Reverse((x, i)));
            }
        }
        // the key being merged: every key of its code ORed in, written when the code changes
        let mut pending: Option<u64> = None;
        let mut emit = |x: u64, w: &mut RunWriter| -> Result<()> {
            if let Some(m) = keep.member(x) {
                w.push(x | m)?;
            }
            Ok(())
        };
        while let Some(std::cmp::Reverse((x, i))) = heap.pop() {
            match pending {
                Some(p) if p >> mask_bits == x >> mask_bits => pending = Some(p | x),
                Some(p) => {
                    emit(p, &mut w)?;
                    pending = Some(x);
                }
                None => pending = Some(x),
            }
            if let Some(y) = readers[i].next_code() {
                heap.push(std::cmp::Reverse((y, i)));
            }
        }
        if let Some(p) = pending {
            emit(p, &mut w)?;
        }
        w.finish()?;
    }
    store.remove_dir(runs_dir)
}

/// Ranges a merge of sorted runs is cut into: enough to keep both threads busy and each
/// range's copy small beside the runs.
const MERGE_RANGES: usize = 256;

/// Whether [`reduce_runs`] merges runs of `total` keys in memory under a cap of `max_bytes`
/// while the process holds `resident` bytes already: the runs, read whole, and the copies
/// [`merge_sorted`] makes of a wave of ranges (each sorted with a scratch as long as itself)
/// must fit beside what is held: the runs alone may not take the whole cap.
fn merges_in_memory(total: u64, resident: u64, max_bytes: u64) -> bool {
    let runs = total.saturating_mul(8);
    let wave = 2 * par::threads() as u64;
    let copies = wave.saturating_mul(2 * runs.div_ceil(MERGE_RANGES as u64));
    resident.saturating_add(runs).saturating_add(copies) <= max_bytes
}

/// Hands `emit` every distinct code of `all`, ascending, where `all` is sorted runs of
/// lengths `lens` one after another (each without repeats). The codes are cut into ranges
/// at values sampled along every run ([`splitters`]); each range's pieces of every run are
/// merged (a stable sort, which merges runs it finds already in order) by the threads a few
/// ranges at a time, and handed on in order. Keys with `mask_bits` of mask are distinct by code,
/// and the keys of a code are handed on as one, their masks ORed.
fn merge_sorted(
    all: &[u64],
    lens: &[u64],
    mask_bits: u32,
    emit: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<()> {
    let mut runs = Vec::with_capacity(lens.len());
    let mut at = 0usize;
    for &len in lens {
        runs.push(&all[at..at + len as usize]);
        at += len as usize;
    }
    runs.retain(|r| !r.is_empty());
    if runs.len() <= 1 {
        return runs
            .first()
            .map_or(&[][..], |r| r)
            .iter()
            .try_for_each(|&x| emit(x));
    }
    let splitters = splitters(&runs, mask_bits);
    let cut = |run: &[u64], k: usize| -> usize {
        match k {
            0 => 0,
            k if k == MERGE_RANGES => run.len(),
            k => run.partition_point(|&x| x < splitters[k - 1]),
        }
    };
    let range = |k: usize| -> Vec<u64> {
        // one allocation of the range's size: a vector grown by doubling leaves its smaller
        // blocks free in the threads' arenas, which no later range reuses (square6's F18
        // merge grew by 2.2 GB over its ranges that way)
        let pieces: Vec<&[u64]> = runs.iter().map(|r| &r[cut(r, k)..cut(r, k + 1)]).collect();
        let mut v: Vec<u64> = Vec::with_capacity(pieces.iter().map(|p| p.len()).sum());
        for p in pieces {
            v.extend_from_slice(p);
        }
        v.sort();
        merge_equal_keys(&mut v, mask_bits);
        v
    };
    let wave = 2 * par::threads();
    for first in (0..MERGE_RANGES).step_by(wave) {
        let merged: Vec<Vec<u64>> = (first..(first + wave).min(MERGE_RANGES))
            .into_par_iter()
            .map(range)
            .collect();
        for v in merged {
            v.into_iter().try_for_each(&mut *emit)?;
        }
    }
    Ok(())
}

/// Keys sampled along every run for [`splitters`], per range.
const SAMPLES_PER_RANGE: usize = 64;

/// Where [`merge_sorted`] cuts sorted `runs` into [`MERGE_RANGES`] ranges: `splitters[k]`
/// starts range k + 1. They are quantiles of keys sampled along every run in proportion to
/// its length, so each range holds about its share of all the keys, as the memory a wave of
/// ranges takes is counted ([`merges_in_memory`]): a map's chunks make keys that bunch
/// differently, and ranges cut at one run's quantiles may each hold many times their share.
/// Equal samples give empty ranges, which is harmless; each splitter is the least key of its
/// code, so that a code's keys share a range.
fn splitters(runs: &[&[u64]], mask_bits: u32) -> Vec<u64> {
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let want = MERGE_RANGES * SAMPLES_PER_RANGE;
    let mut sample: Vec<u64> = runs
        .iter()
        .flat_map(|r| {
            let n = (r.len() * want).div_ceil(total.max(1)).min(r.len());
            (0..n).map(move |i| r[i * r.len() / n])
        })
        .collect();
    sample.sort_unstable();
    (1..MERGE_RANGES)
        .map(|k| {
            sample
                .get(k * sample.len() / MERGE_RANGES)
                .map_or(u64::MAX, |&x| x >> mask_bits << mask_bits)
        })
        .collect()
}

/// `v.retain(keep)` with the tests run in parallel, in place and keeping the order: each
/// slice is compacted by a thread of its own, then the slices are moved together.
fn retain_par(v: &mut Vec<u64>, keep: &(dyn Fn(u64) -> bool + Sync)) {
    let slice = (v.len() / (4 * rayon::current_num_threads()).max(1)).max(1 << 16);
    let kept: Vec<usize> = v
        .par_chunks_mut(slice)
        .map(|c| {
            let mut w = 0;
            for r in 0..c.len() {
                if keep(c[r]) {
                    c[w] = c[r];
                    w += 1;
                }
            }
            w
        })
        .collect();
    let mut end = 0;
    for (i, k) in kept.into_iter().enumerate() {
        v.copy_within(i * slice..i * slice + k, end);
        end += k;
    }
    v.truncate(end);
}

/// Membership in a sorted run, asked in ascending order (a streamed merge join), by code
/// (keys of `mask_bits` of mask).
struct Within {
    r: Option<RunReader>,
    head: Option<u64>,
    mask_bits: u32,
}

impl Within {
    fn open(path: Option<&Path>, mask_bits: u32) -> Result<Within> {
        let mut r = path.map(RunReader::open).transpose()?;
        let head = r.as_mut().and_then(RunReader::next_code);
        Ok(Within { r, head, mask_bits })
    }

    /// The mask of `x`'s code in the run when it is there (0 without a filter, which keeps
    /// everything), None when not; `x` must not decrease between calls.
    fn member(&mut self, x: u64) -> Option<u64> {
        let Some(r) = self.r.as_mut() else {
            return Some(0);
        };
        let code = x >> self.mask_bits;
        while self.head.is_some_and(|h| h >> self.mask_bits < code) {
            self.head = r.next_code();
        }
        let mask = (1u64 << self.mask_bits) - 1;
        self.head
            .filter(|h| h >> self.mask_bits == code)
            .map(|h| h & mask)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorted_runs_merge_into_their_distinct_codes_in_order() {
        // runs of every shape: empty, one, many overlapping, one far longer than the rest
        let run = |n: u64, step: u64, from: u64| (0..n).map(|i| from + i * step).collect();
        let cases: Vec<Vec<Vec<u64>>> = vec![
            vec![],
            vec![vec![]],
            vec![run(1000, 3, 5)],
            vec![run(1000, 3, 5), vec![], run(700, 7, 1), run(5000, 2, 100)],
            vec![
                run(50_000, 5, 0),
                run(10, 1, 7),
                run(20_000, 11, 3),
                run(3, 1000, 1),
            ],
            vec![vec![4, 4_000_000], run(300, 1, 4)],
        ];
        for runs in cases {
            let lens: Vec<u64> = runs.iter().map(|r| r.len() as u64).collect();
            let all: Vec<u64> = runs.concat();
            let mut want = all.clone();
            want.sort_unstable();
            want.dedup();
            let mut got = Vec::new();
            super::merge_sorted(&all, &lens, 0, &mut |x| {
                got.push(x);
                Ok(())
            })
            .unwrap();
            assert_eq!(got, want, "{lens:?}");
        }
    }

    #[test]
    fn ranges_hold_about_their_share_however_the_runs_bunch() {
        // the longest run bunched in a narrow band, the others spread wide: cut at the longest
        // run's quantiles, one range would take nearly all of the others' keys
        let mut runs: Vec<Vec<u64>> = vec![(0..300_000u64).map(|i| 1_000_000 + i).collect()];
        for j in 0..4u64 {
            runs.push((0..100_000u64).map(|i| i * 40 + j).collect());
        }
        let runs: Vec<&[u64]> = runs.iter().map(|r| &r[..]).collect();
        let total: usize = runs.iter().map(|r| r.len()).sum();
        let cuts = super::splitters(&runs, 0);
        assert_eq!(cuts.len(), super::MERGE_RANGES - 1);
        assert!(cuts.windows(2).all(|w| w[0] <= w[1]));
        let range = |k: usize| -> usize {
            let from = if k == 0 { 0 } else { cuts[k - 1] };
            let to = cuts.get(k).copied().unwrap_or(u64::MAX);
            runs.iter()
                .map(|r| r.partition_point(|&x| x < to) - r.partition_point(|&x| x < from))
                .sum()
        };
        let largest = (0..super::MERGE_RANGES).map(range).max().unwrap_or(0);
        let share = total / super::MERGE_RANGES;
        assert!(
            largest <= 2 * share,
            "a range of {largest} keys, a share being {share}"
        );
        // a code's keys (here 4 bits of mask) never straddle a cut
        assert!(super::splitters(&runs, 4).iter().all(|c| c & 15 == 0));
    }

    #[test]
    fn an_in_memory_merge_leaves_room_for_its_copies_and_what_is_held() {
        use super::merges_in_memory;
        let gib = 1u64 << 30;
        // a GiB of runs: alone they fit the cap, but not with the merge's copies beside them
        let keys = gib / 8;
        assert!(!merges_in_memory(keys, 0, gib));
        assert!(merges_in_memory(keys, 0, gib + gib / 8));
        // what the process holds counts too
        assert!(!merges_in_memory(keys, gib / 2, gib + gib / 8));
        assert!(merges_in_memory(keys, gib / 2, 2 * gib));
        // no overflow at the ends
        assert!(!merges_in_memory(u64::MAX, 0, u64::MAX - 1));
        assert!(merges_in_memory(0, 0, 0));
    }

    #[test]
    fn the_resident_set_is_read_where_the_system_gives_it() {
        let held = super::memory::resident();
        if cfg!(target_os = "linux") {
            // a process running tests holds more than a MB, and less than the machine
            assert!(held > 1 << 20 && held < 1 << 44, "{held}");
        }
    }

    #[test]
    fn a_chunk_is_measured_along_all_its_codes() {
        use super::{Chunking, SAMPLE};
        // codes that make no keys but themselves for their first tenth, then ten keys each
        // (as the meet's second half does, a code making the keys of lesser codes)
        let codes: Vec<u64> = (0..100 * SAMPLE as u64).collect();
        let produce = |x: u64, out: &mut dyn FnMut(u64)| {
            let keys = if x < 10 * SAMPLE as u64 { 1 } else { 10 };
            (0..keys).for_each(|k| out(x * 16 + k));
        };
        let max_bytes = 1 << 30;
        let chunk = Chunking::refit(&codes, &produce, max_bytes);
        assert!((chunk.keys_per_code - 9.1).abs() < 0.1, "{chunk:?}");
        // its chunks keep their keys (32 bytes each at most) within the cap
        let keys = chunk.len as f64 * chunk.keys_per_code;
        assert!(keys * 32.0 <= max_bytes as f64 && keys * 64.0 > max_bytes as f64);
        // by its first codes alone, it would have seemed to make one key a code
        let first = super::keys_per_code(codes.iter().copied().take(SAMPLE), &produce);
        assert_eq!(first, 1.0);
    }

    #[test]
    fn parallel_retain_keeps_what_retain_keeps_in_order() {
        for n in [0usize, 1, 1000, 300_000] {
            let v: Vec<u64> = (0..n as u64).map(|i| i * 7919 % 100_003).collect();
            let keep = |x: u64| !x.is_multiple_of(3) && x % 11 != 5;
            let mut want = v.clone();
            want.retain(|&x| keep(x));
            let mut got = v;
            super::retain_par(&mut got, &keep);
            assert_eq!(got, want, "{n}");
        }
    }
}
