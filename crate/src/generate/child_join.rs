//! The finish masks of a level from those of the level below, by a partitioned join instead
//! of looking each child up in one hash table of the whole level.
//!
//! A position finishes wherever one of its winning children does. Looking every child up in
//! a table of the level below is a random read of gigabytes a child, a miss of every cache,
//! and the reads of one position overlap too little to hide it (the French union's pass up
//! spent most of its time waiting for them). Here the children of a chunk of positions are made once and dropped into
//! buckets by their code. Each bucket is then looked up in the stretch of the level below
//! that holds the same codes, hashed into a table small enough to stay in cache: the level
//! below is read in order, a stretch at a time, and the only scattered writes go to the
//! chunk's own masks.

use std::sync::atomic::{AtomicU64, Ordering};

use super::par;
#[cfg(test)]
use super::Moves;
use crate::symmetry::Canon;

/// Codes of the level below a bucket covers, about: a bucket's stretch and its children
/// stay in the second-level cache while they are joined. (Tests use small buckets, so that
/// their small levels have many.)
const BUCKET_CODES: usize = if cfg!(test) { 64 } else { 4096 };
/// Top bits of a code that choose its bucket, at most.
const TOP_BITS: u32 = 16;
/// Most positions a chunk holds: a child names its position by its index in the chunk in
/// the top 24 bits of a u32, and the symmetry that made it canonical in the low 8.
const MOST_CHUNK: usize = 1 << 24;

/// The level below, sorted, with its masks and its buckets.
pub(super) struct Below<'a> {
    codes: &'a [u64],
    masks: &'a [u64],
    /// A code's top bits are `code >> shift`.
    shift: u32,
    /// The bucket of each value of the top bits (buckets are runs of top values, so each
    /// holds a contiguous stretch of `codes`).
    bucket_of: Vec<u32>,
    /// Where each bucket's stretch starts in `codes`; one more at the end.
    starts: Vec<usize>,
}

impl<'a> Below<'a> {
    /// The level below (`codes` ascending, below 2^bits) and the mask of each code.
    pub(super) fn new(codes: &'a [u64], masks: &'a [u64], bits: u32) -> Below<'a> {
        let top = bits.clamp(1, TOP_BITS);
        let shift = bits.saturating_sub(top);
        let mut per_top = vec![0usize; 1 << top];
        for &c in codes {
            per_top[(c >> shift) as usize] += 1;
        }
        let mut bucket_of = Vec::with_capacity(per_top.len());
        let mut starts = vec![0];
        let (mut bucket, mut filled, mut at) = (0u32, 0usize, 0usize);
        for n in per_top {
            if filled >= BUCKET_CODES {
                bucket += 1;
                filled = 0;
                starts.push(at);
            }
            bucket_of.push(bucket);
            filled += n;
            at += n;
        }
        starts.push(at);
        Below {
            codes,
            masks,
            shift,
            bucket_of,
            starts,
        }
    }

    fn buckets(&self) -> usize {
        self.starts.len() - 1
    }

    #[inline]
    fn bucket(&self, code: u64) -> usize {
        self.bucket_of[(code >> self.shift) as usize] as usize
    }
}

/// For every position x of `here`, the OR over the codes c that `kids` gives for x (each
/// with the symmetry s that made it canonical) and that are in `below`, of c's mask moved
/// back through s: the finish masks of a level from its children's, or the start masks of
/// a stored level from the finish masks of its complements. The same masks as looking
/// each code up. The codes in hand keep within `budget` bytes.
pub(super) fn masks<K>(
    canon: &Canon,
    inv: &[usize],
    below: &Below<'_>,
    here: &[u64],
    budget: usize,
    kids: K,
) -> Vec<u64>
where
    K: Fn(u64, &mut dyn FnMut(u64, usize)) + Sync,
{
    let out: Vec<AtomicU64> = here.iter().map(|_| AtomicU64::new(0)).collect();
    let sample = here.len().min(256);
    let mut made = 0usize;
    for &x in &here[..sample] {
        kids(x, &mut |_, _| made += 1);
    }
    let per = (made as f64 / sample.max(1) as f64).max(1.0);
    // about as many codes as the level below has, so that each stretch is hashed for many
    // a code takes 16 bytes in its bucket, with a quarter more room: at most 20 of 32
    let target = below.codes.len().max(1 << 20).min(budget / 32);
    let chunk = ((target as f64 / per) as usize).clamp(1 << 10, MOST_CHUNK);
    for (k, part) in here.chunks(chunk).enumerate() {
        join_chunk(canon, inv, below, part, &out[k * chunk..], per, &kids);
    }
    out.into_iter().map(AtomicU64::into_inner).collect()
}

/// One chunk: its codes into buckets (per worker, about `per` codes a position), then each
/// bucket looked up in its stretch of the level below.
fn join_chunk<K>(
    canon: &Canon,
    inv: &[usize],
    below: &Below<'_>,
    part: &[u64],
    out: &[AtomicU64],
    per: f64,
    kids: &K,
) where
    K: Fn(u64, &mut dyn FnMut(u64, usize)) + Sync,
{
    let buckets = below.buckets();
    let workers = 4 * par::threads();
    let size = part.len().div_ceil(workers).max(1 << 10);
    let firsts: Vec<u64> = (0..part.len()).step_by(size).map(|i| i as u64).collect();
    let sinks: Vec<Vec<Vec<(u64, u32)>>> = par::map(&firsts, |first| {
        let first = first as usize;
        // room for a bucket's share of the worker's codes, and a quarter more
        let room = (size as f64 * per / buckets as f64 * 1.25) as usize + 4;
        let mut sink: Vec<Vec<(u64, u32)>> =
            (0..buckets).map(|_| Vec::with_capacity(room)).collect();
        for (i, &x) in part[first..(first + size).min(part.len())]
            .iter()
            .enumerate()
        {
            let tag = ((first + i) as u32) << 8;
            kids(x, &mut |c, s| {
                sink[below.bucket(c)].push((c, tag | s as u32))
            });
        }
        sink
    });
    let ids: Vec<u64> = (0..buckets as u64).collect();
    par::map(&ids, |b| {
        let b = b as usize;
        let (lo, hi) = (below.starts[b], below.starts[b + 1]);
        let stretch = Stretch::new(&below.codes[lo..hi]);
        for sink in &sinks {
            for &(c, tag) in &sink[b] {
                if let Some(i) = stretch.find(c) {
                    let f = below.masks[lo + i];
                    if f != 0 {
                        let back = canon.transform(inv[(tag & 0xff) as usize], f);
                        out[(tag >> 8) as usize].fetch_or(back, Ordering::Relaxed);
                    }
                }
            }
        }
    });
}

/// A bucket's stretch of the level below, hashed: a table of a few thousand slots, which
/// stays in cache while the bucket's codes are looked up in it.
struct Stretch<'a> {
    codes: &'a [u64],
    /// 1 + the index in `codes` of the code in each slot, 0 for an empty slot.
    slots: Vec<u32>,
    mask: usize,
}

impl<'a> Stretch<'a> {
    fn new(codes: &'a [u64]) -> Stretch<'a> {
        let size = (2 * codes.len()).next_power_of_two().max(16);
        let mut t = Stretch {
            codes,
            slots: vec![0; size],
            mask: size - 1,
        };
        for (i, &c) in codes.iter().enumerate() {
            let mut at = t.slot(c);
            while t.slots[at] != 0 {
                at = (at + 1) & t.mask;
            }
            t.slots[at] = i as u32 + 1;
        }
        t
    }

    #[inline]
    fn slot(&self, code: u64) -> usize {
        (code.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & self.mask
    }

    /// The index of `code` in the stretch.
    #[inline]
    fn find(&self, code: u64) -> Option<usize> {
        let mut at = self.slot(code);
        loop {
            match self.slots[at] {
                0 => return None,
                i if self.codes[i as usize - 1] == code => return Some(i as usize - 1),
                _ => at = (at + 1) & self.mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, finish_masks::inverses, with_moves, Options, Solved, WithMoves};
    use crate::{Board, Problem};

    /// Every level of a solved union problem, its masks by the join (in one chunk, and in
    /// chunks of the fewest positions) against the masks by looking each child up.
    struct Against<'a> {
        s: &'a Solved,
    }

    impl WithMoves for Against<'_> {
        type Out = ();
        fn run<const G: usize>(self, m: &Moves<G>) {
            let (canon, board) = (&self.s.canon, &self.s.problem.board);
            let inv = inverses(canon);
            let mut below_masks = self.s.winning[1].clone(); // a peg finishes where it is
            for n in 2..board.len() {
                let (codes, here) = (&self.s.winning[n - 1], &self.s.winning[n]);
                let looked_up: Vec<u64> = here
                    .iter()
                    .map(|&x| {
                        let mut f = 0;
                        for j in board.jumps() {
                            if x >> j.from & 1 == 1 && x >> j.over & 1 == 1 && x >> j.to & 1 == 0 {
                                let child = x ^ (1 << j.from) ^ (1 << j.over) ^ (1 << j.to);
                                let (c, s) = canon.canonical_with(child);
                                if let Ok(i) = codes.binary_search(&c) {
                                    f |= canon.transform(inv[s], below_masks[i]);
                                }
                            }
                        }
                        f
                    })
                    .collect();
                assert!(
                    looked_up.iter().all(|&f| f != 0),
                    "{n} pegs: a winner without a finish"
                );
                let below = Below::new(codes, &below_masks, board.len() as u32);
                for budget in [1, usize::MAX] {
                    let joined = masks(canon, &inv, &below, here, budget, |x, f| {
                        m.children_with_symmetry(x, &mut *f)
                    });
                    assert_eq!(joined, looked_up, "{n} pegs, {budget}");
                }
                below_masks = looked_up;
            }
        }
    }

    #[test]
    fn the_join_gives_every_position_the_finishes_of_its_winning_children() {
        // a triangle (6 symmetries) and a small cross (8)
        for name in ["triangle6", "ascii:--ooo--/--ooo--/ooooooo/--ooo--/--ooo--"] {
            let board = Board::by_name(name).unwrap();
            let p = Problem::parse(board, "all", "any").unwrap();
            let s = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
            with_moves(&p.board, &s.canon, Against { s: &s });
        }
    }
}
