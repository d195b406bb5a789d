//! The union writer on a cluster: every worker works out the finish masks, the start masks
//! and the mask symbols of its own share of each winning level, and codes its own range of
//! each stored level; worker 0 (in process 0) only puts each level's header before the
//! chunks it is sent, and writes the files and the table's head. No level is gathered.
//!
//! - **Finish masks.** A worker asks the owners of its share of W_n's children for their
//!   masks, and they answer (the pull of the one-process writer, with the lookups where the
//!   codes live: the same masks). Each level's masks are kept in the worker's directory, and
//!   a killed run carries on from the first level whose masks some worker had not kept.
//! - **Start masks.** Likewise, asked of the owners of the complements.
//! - **Coding.** Shares are by hash, but a shard is in rank order: the level's (rank, symbol)
//!   pairs move to ranges cut at sampled splitters, the ranges' tallies add up to one coder
//!   everywhere, and the codes of a chunk that straddles two ranges move to the range where
//!   it starts ([`crate::shard::Coder`]). The bytes are those of one process.

use std::path::Path;

use super::exchange::Rounds;
use super::spread::owner;
use crate::classes::Classes;
use crate::codec;
use crate::error::{JobError, Result};
use crate::generate::build::{keep_level, union_head, WrittenUnion};
use crate::generate::count::Counts;
use crate::generate::finish_masks::{child_asks, inverses, symbols, Levels, Parts};
use crate::generate::outcore::OutOfCore;
use crate::generate::par;
use crate::masks::Candidates;
use crate::shard::{Body, Coder, Range, Tally};
use crate::shipped::TableSpec;
use crate::symmetry::Canon;

/// One worker's part of writing a union table: `levels` is its share of the winning levels
/// (its own directory); `out` is where worker 0 writes the files (None on the others).
/// Worker 0 returns the head and the files written.
pub(super) fn write(
    rounds: &mut Rounds<'_>,
    spec: &TableSpec,
    levels: &mut OutOfCore,
    out: Option<&Path>,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<WrittenUnion>> {
    let p = &spec.problem;
    let board = &p.board;
    let holes = board.len();
    let canon = p.canon();
    let cand = Candidates::of(board);
    if cand.max_bits() > 16 {
        // the one-process writer names the board's fault; here every worker stops alike
        return Err(crate::error::Over::MaskHoles {
            board: board.name().to_string(),
            holes: cand.max_bits(),
        }
        .into());
    }
    let mut w = Writer {
        rounds,
        levels,
        canon: &canon,
    };
    for n in 1..holes {
        if w.masks_kept_everywhere(n) {
            continue;
        }
        let here = w.levels.winning(n)?;
        let masks = if n == 1 {
            // a one-peg position finishes where its peg is
            here.clone()
        } else {
            let below = w.levels.winning(n - 1)?;
            let below_masks = w.levels.masks(n - 1)?;
            w.pulled(&here, (below, below_masks), |xs| {
                child_asks(board, &canon, xs)
            })?
        };
        w.levels.keep_masks(n, &masks)?;
        let all = w.rounds.sum(here.len() as u64);
        progress(&format!("finish masks with {n} pegs: {all}"));
    }
    let classes = Classes::of(board);
    let basis = classes.basis();
    let full = board.full();
    let mut stored = (0..=holes).map(|_| None).collect::<Vec<_>>();
    let mut files = Vec::new();
    for (n, slot) in stored.iter_mut().enumerate().take(holes / 2 + 1).skip(1) {
        let here = w.levels.winning(n)?;
        let other = w.levels.winning(holes - n)?;
        let other_masks = w.levels.masks(holes - n)?;
        // the starts of x are the finishes of its complement, moved back into x's frame
        let starts = w.pulled(&here, (other, other_masks), |xs| {
            let i: Vec<u64> = (0..xs.len() as u64).collect();
            par::map(&i, |i| {
                let (c, s) = canon.canonical_with(full ^ xs[i as usize]);
                (c, i as u32, s as u8)
            })
        })?;
        let finishes = w.levels.masks(n)?;
        let syms = symbols(&cand, &here, &finishes, &starts);
        drop((finishes, starts));
        let ranks: Vec<u64> = here.iter().map(|&c| codec::rank(c)).collect();
        drop(here);
        let level = code_level(w.rounds, (holes as u8, n as u8), basis, ranks, syms)?;
        if let (Some((codes, per_chunk, coder, bodies)), Some(out)) = (level, out) {
            let bytes = coder.assemble(
                board.geometry_id(),
                holes as u8,
                n as u8,
                codes,
                per_chunk,
                bodies,
            );
            let (level, row) = keep_level(spec, out, n, codes, bytes)?;
            *slot = Some(level);
            files.extend(row);
        }
        progress(&format!("mask symbols with {n} pegs"));
    }
    Ok(out.map(|_| union_head(spec, stored, files)))
}

/// A worker's writer: its exchange, its share of the levels and the board's group.
struct Writer<'r, 'w, 'a> {
    rounds: &'r mut Rounds<'w>,
    levels: &'a mut OutOfCore,
    canon: &'a Canon,
}

impl Writer<'_, '_, '_> {
    /// Whether every worker kept the finish masks of W_n (a run carries on after them).
    fn masks_kept_everywhere(&mut self, n: usize) -> bool {
        let mine = u64::from(self.levels.has_masks(n));
        self.rounds.all_gather(&[mine]).iter().all(|v| v[0] == 1)
    }

    /// For every code of `here` (this worker's share of a level), the OR of the masks of the
    /// codes it asks for (`asks` of a chunk of `here`: (code, index in the chunk, symmetry)),
    /// each moved back through the inverse of its symmetry; `other` is this worker's share of
    /// the level asked about, with its masks. Each round a worker sends a chunk's asks to the
    /// codes' owners, and each owner answers with their masks (0 for a code not in its
    /// level) in the order asked. The owners' lookup tables are built in parts that keep
    /// within the memory cap (a part's rounds ask for its codes alone), with the same number
    /// of parts and rounds on every worker.
    fn pulled<F>(&mut self, here: &[u64], other: (Vec<u64>, Vec<u64>), asks: F) -> Result<Vec<u64>>
    where
        F: Fn(&[u64]) -> Vec<(u64, u32, u8)>,
    {
        use rayon::prelude::*;
        let peers = self.rounds.peers();
        let (codes, masks) = other;
        let biggest = self.rounds.max(codes.len() as u64) as usize;
        let parts = Parts::within(biggest, self.levels.lookup_budget());
        // a chunk's asks: about ten a code, 16 bytes each, twice (made and sent)
        let chunk = usize::try_from(self.levels.max_memory / 2048)
            .unwrap_or(usize::MAX)
            .max(4096);
        let rounds = self.rounds.max(here.len().div_ceil(chunk) as u64) as usize;
        let inv = inverses(self.canon);
        let mut out = vec![0u64; here.len()];
        for part in 0..parts.count() {
            let (c, m): (Vec<u64>, Vec<u64>) = codes
                .iter()
                .zip(&masks)
                .filter(|(&c, _)| parts.holds(part, c))
                .unzip();
            let table = Counts::new(&c, &m);
            drop((c, m));
            for r in 0..rounds {
                let from = (r * chunk).min(here.len());
                let to = (from + chunk).min(here.len());
                // the asks by owner, and where each answer goes (split in parallel, a block
                // at a time, then joined in block order)
                let blocks: Vec<Vec<Asks>> = asks(&here[from..to])
                    .par_chunks(1 << 16)
                    .map(|block| {
                        let mut by = vec![(Vec::new(), Vec::new()); peers];
                        for &(c, i, s) in block {
                            if parts.holds(part, c) {
                                let o = &mut by[owner(c, peers)];
                                o.0.push(c);
                                o.1.push((i, s));
                            }
                        }
                        by
                    })
                    .collect();
                let mut mail: Vec<Vec<u64>> = vec![Vec::new(); peers];
                let mut back: Vec<Vec<(u32, u8)>> = vec![Vec::new(); peers];
                for block in blocks {
                    for (o, (c, b)) in block.into_iter().enumerate() {
                        mail[o].extend(c);
                        back[o].extend(b);
                    }
                }
                let asked = self.rounds.exchange(mail);
                let mut answers = vec![Vec::new(); peers];
                for (asker, codes) in asked {
                    answers[asker as usize] = par::map(&codes, |c| table.get(c));
                }
                for (o, got) in self.rounds.exchange(answers) {
                    let whence = &back[o as usize];
                    if got.len() != whence.len() {
                        return Err(JobError::Lost(format!(
                            "worker {o} answered {} of {} asks",
                            got.len(),
                            whence.len()
                        ))
                        .into());
                    }
                    // each answer moved back into its asker's frame, in parallel
                    let canon = self.canon;
                    let moved: Vec<(u32, u64)> = whence
                        .par_iter()
                        .zip(got.par_iter())
                        .map(|(&(i, s), &m)| match m {
                            0 => (i, 0),
                            m => (i, canon.transform(inv[usize::from(s)], m)),
                        })
                        .collect();
                    for (i, m) in moved {
                        out[from + i as usize] |= m;
                    }
                }
            }
        }
        Ok(out)
    }
}

/// The asks for one owner: the codes, and where each answer goes (its index in the chunk
/// and the symmetry that moves it back).
type Asks = (Vec<u64>, Vec<(u32, u8)>);

/// What worker 0 needs to write a coded level: its codes, the codes per chunk, the coder and
/// every chunk's body in order.
type Coded = (u32, u32, Coder, Vec<Body>);

/// Codes one stored level whose (rank, symbol) pairs are spread over the workers (`ranks`
/// and `syms`: this worker's, ascending); worker 0 gets the level's bodies and coder.
fn code_level(
    rounds: &mut Rounds<'_>,
    (holes, pegs): (u8, u8),
    basis: &[u64],
    ranks: Vec<u64>,
    syms: Vec<u16>,
) -> Result<Option<Coded>> {
    let (me, peers) = (rounds.index(), rounds.peers());
    // ranges cut at splitters sampled from every worker's ranks
    let step = (ranks.len() / 256).max(1);
    let sample: Vec<u64> = ranks.iter().step_by(step).copied().collect();
    let mut samples = rounds.all_gather(&sample).concat();
    samples.sort_unstable();
    let splitters: Vec<u64> = (1..peers)
        .filter_map(|j| samples.get(j * samples.len() / peers).copied())
        .collect();
    let mut mail = vec![Vec::new(); peers];
    for (&r, &s) in ranks.iter().zip(&syms) {
        mail[splitters.partition_point(|&x| x <= r)].extend([r, u64::from(s)]);
    }
    drop((ranks, syms));
    let mut pairs: Vec<(u64, u16)> = rounds
        .exchange(mail)
        .iter()
        .flat_map(|(_, got)| got.chunks_exact(2).map(|p| (p[0], p[1] as u16)))
        .collect();
    pairs.sort_unstable_by_key(|p| p.0);
    let (mut ranks, mut syms): (Vec<u64>, Vec<u16>) = pairs.into_iter().unzip();
    // where each range sits in the level
    let spans = rounds.all_gather(&[
        ranks.len() as u64,
        ranks.first().copied().unwrap_or(0),
        ranks.last().copied().unwrap_or(0),
    ]);
    let starts: Vec<u64> = spans
        .iter()
        .scan(0, |at, s| {
            let here = *at;
            *at += s[0];
            Some(here)
        })
        .collect();
    let total: u64 = spans.iter().map(|s| s[0]).sum();
    let before = spans[..me].iter().rev().find(|s| s[0] > 0).map(|s| s[2]);
    let range = Range::new(pegs, holes, basis, before, &ranks, Some(&syms));
    let mut tally = Tally::empty(basis);
    for (from, words) in rounds
        .all_gather(&Tally::of(&range, basis).to_words())
        .iter()
        .enumerate()
    {
        if !tally.add_words(words) {
            return Err(
                JobError::Lost(format!("worker {from} sent a tally that is not one")).into(),
            );
        }
    }
    let coder = Coder::new(tally, basis, true);
    let bits = rounds.sum(coder.bits(&range));
    drop(range);
    let per_chunk = Coder::per_chunk(bits, total);
    // the codes before this range's first chunk start go to the range where their chunk starts
    let pc = u64::from(per_chunk);
    let at = starts[me];
    let lead = ((at.div_ceil(pc) * pc - at) as usize).min(ranks.len());
    let mut mail = vec![Vec::new(); peers];
    if lead > 0 {
        let chunk_start = at / pc * pc;
        let to = (0..me)
            .rev()
            .find(|&j| starts[j] <= chunk_start && spans[j][0] > 0)
            .unwrap_or(0);
        mail[to] = ranks
            .drain(..lead)
            .zip(syms.drain(..lead))
            .flat_map(|(r, s)| [r, u64::from(s)])
            .collect();
    }
    for (_, got) in rounds.exchange(mail) {
        for p in got.chunks_exact(2) {
            ranks.push(p[0]);
            syms.push(p[1] as u16);
        }
    }
    let range = Range::new(pegs, holes, basis, None, &ranks, Some(&syms));
    let bodies = coder.chunks(&range, per_chunk);
    drop(range);
    // the bodies to worker 0, in order
    let mut mail = vec![Vec::new(); peers];
    mail[0] = bodies_to_words(&bodies);
    let got = rounds.exchange(mail);
    if me != 0 {
        return Ok(None);
    }
    let mut bodies = Vec::new();
    for (from, words) in got {
        bodies.extend(words_to_bodies(&words).ok_or_else(|| {
            JobError::Lost(format!("worker {from} sent chunks that are not chunks"))
        })?);
    }
    let codes =
        u32::try_from(total).map_err(|_| JobError::Lost(format!("{total} codes in a level")))?;
    Ok(Some((codes, per_chunk, coder, bodies)))
}

/// Chunks' bodies as words: per body, its first rank, its hash, its length in bytes, then
/// its bytes eight to a word.
fn bodies_to_words(bodies: &[Body]) -> Vec<u64> {
    let mut out = Vec::new();
    for b in bodies {
        out.extend([b.first, u64::from_le_bytes(b.hash), b.bytes.len() as u64]);
        out.extend(b.bytes.chunks(8).map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        }));
    }
    out
}

/// The bodies of [`bodies_to_words`]; None for words that are not bodies.
fn words_to_bodies(mut words: &[u64]) -> Option<Vec<Body>> {
    let mut out = Vec::new();
    while let [first, hash, len, rest @ ..] = words {
        let len = usize::try_from(*len).ok()?;
        let n = len.div_ceil(8);
        let body = rest.get(..n)?;
        let mut bytes: Vec<u8> = body.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.truncate(len);
        out.push(Body {
            first: *first,
            hash: hash.to_le_bytes(),
            bytes,
        });
        words = &rest[n..];
    }
    words.is_empty().then_some(out)
}
