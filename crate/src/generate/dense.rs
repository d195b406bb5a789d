//! Levels as dense bitsets over ranked codes, in place of the radix sort where they fit.
//!
//! Every code of a level has the same number of pegs, and (with one start) the same position
//! class (`crate::classes`): the start's, up to the problem's group, which keeps the start and
//! so its class. Those codes are ranked densely, in code order, so a level is a bitset of
//! about C(N, n) / 2^d bits (d invariants): 73 M bits (9 MB) for the English board's 17-peg
//! level. Setting a bit per key replaces bucketing, sorting and deduplication, and reading the
//! set bits in order gives the level sorted.
//!
//! The rank is split at [`Ranks`]'s low bits so that it is two table reads: the rank of the
//! low part among the low parts with its peg count and class, plus the number of the level's
//! codes whose high part is smaller. Both tables are a few hundred KB on the English board.
//!
//! Each worker thread sets bits in a bitset of its own (no atomics, no contention); reading
//! a level ORs them word by word and zeroes them for the next round.

use std::sync::Mutex;

use rayon::prelude::*;

use crate::classes::Classes;

/// Most low bits: tables of 2^16 entries, in cache.
const LOW_BITS: u32 = 16;
const _: () = assert!(LOW_BITS <= 16, "a low part's rank is a u16");
/// Most high bits: a level's table has 2^this entries (4 MB at most).
const HIGH_BITS: u32 = 20;
/// Most class invariants: the groups of low parts are indexed by peg count and class.
const MAX_DIMENSION: usize = 10;
/// Most bitsets kept: one per worker thread, up to this many (more threads share them).
const MAX_SETS: usize = 8;

/// Rank tables of one board, shared by every level.
pub struct Ranks {
    /// Bits of a code's low part.
    low: u32,
    basis: Vec<u64>,
    /// Class of each high part (code >> low).
    high_class: Vec<u16>,
    /// Low parts sorted by (peg count, class, value).
    lows: Vec<u32>,
    /// Rank of each low part within its (peg count, class) group: below C(16, 8), so 16 bits
    /// (half the cache of u32 in the hot loops).
    low_rank: Vec<u16>,
    /// Start of each group in `lows`, by `pegs << dimension | class`; one entry more at the end.
    group: Vec<u32>,
    /// Per worker, a bitset (all zero between rounds).
    sets: Vec<Mutex<Vec<u64>>>,
}

/// One level's ranking: codes of `pegs` pegs in class `class`.
pub struct Layer<'a> {
    ranks: &'a Ranks,
    /// `cum[h]`: the level's codes with a high part below h; `cum[2^high]` is their number.
    cum: Vec<u32>,
    /// `off[h]`: where the low parts that complete high part h start in `ranks.lows`.
    off: Vec<u32>,
}

/// The parity class of `code` on `basis`.
fn class_of(basis: &[u64], code: u64) -> u64 {
    basis.iter().enumerate().fold(0, |acc, (i, v)| {
        acc | (u64::from((code & v).count_ones() & 1) << i)
    })
}

impl Ranks {
    /// The tables of a board of `bits` holes with these classes, or None when its codes are
    /// too long or it has too many invariants for dense levels.
    pub fn new(bits: u32, classes: &Classes) -> Option<Ranks> {
        let basis = classes.basis().to_vec();
        let d = basis.len();
        if bits > LOW_BITS + HIGH_BITS || d > MAX_DIMENSION {
            return None;
        }
        let low = bits.min(LOW_BITS);
        let high_class = (0..1u64 << (bits - low))
            .map(|h| class_of(&basis, h << low) as u16)
            .collect();
        // the low parts by group (peg count, class), ascending within each: a counting sort
        let key =
            |x: u32| ((x.count_ones() as usize) << d) | class_of(&basis, u64::from(x)) as usize;
        let keys: Vec<usize> = (0..1u32 << low).map(key).collect();
        let mut group = vec![0u32; ((low as usize + 1) << d) + 1];
        for &g in &keys {
            group[g + 1] += 1;
        }
        for g in 1..group.len() {
            group[g] += group[g - 1];
        }
        let mut lows = vec![0u32; keys.len()];
        let mut low_rank = vec![0u16; keys.len()];
        let mut next = group.clone();
        for (x, &g) in keys.iter().enumerate() {
            let at = next[g];
            next[g] += 1;
            lows[at as usize] = x as u32;
            // a group of low parts with one peg count: at most C(16, 8) = 12,870
            low_rank[x] = (at - group[g]) as u16;
        }
        let threads = rayon::current_num_threads().clamp(1, MAX_SETS);
        Some(Ranks {
            low,
            basis,
            high_class,
            lows,
            low_rank,
            group,
            sets: (0..threads).map(|_| Mutex::new(Vec::new())).collect(),
        })
    }

    /// How many high parts a code may have: a layer's tables take a pass over them.
    pub fn highs(&self) -> usize {
        self.high_class.len()
    }

    /// The class of a code.
    pub fn class(&self, code: u64) -> u64 {
        class_of(&self.basis, code)
    }

    /// The ranking of the codes of `pegs` pegs in `class`, when the level's bitset has at most
    /// `most` bits (else None: the radix sort is cheaper there).
    pub fn layer(&self, pegs: u32, class: u64, most: u64) -> Option<Layer<'_>> {
        let d = self.basis.len();
        let highs = self.highs();
        let mut cum = Vec::with_capacity(highs + 1);
        let mut off = Vec::with_capacity(highs);
        let mut sum = 0u64;
        for h in 0..highs {
            cum.push(sum as u32);
            let used = h.count_ones();
            let (a, b) = match pegs.checked_sub(used).filter(|&p| p <= self.low) {
                Some(p) => {
                    let g = (p as usize) << d | (class ^ u64::from(self.high_class[h])) as usize;
                    (self.group[g], self.group[g + 1])
                }
                None => (0, 0),
            };
            off.push(a);
            sum += u64::from(b - a);
            if sum > most || sum >= u64::from(u32::MAX) {
                return None;
            }
        }
        cum.push(sum as u32);
        Some(Layer {
            ranks: self,
            cum,
            off,
        })
    }
}

/// A test of a level's codes as they come out of its bitset, in ascending order: each worker
/// takes a cursor for its run of codes, which may carry what consecutive codes share.
/// (A type, not a trait object, so that the test is inlined into the drain: it runs once a
/// code made.)
pub trait Sieve: Sync {
    /// A test for one run of ascending codes: true keeps the code.
    fn cursor(&self) -> impl FnMut(u64) -> bool + '_;
}

impl<F: Fn(u64) -> bool + Sync> Sieve for F {
    fn cursor(&self) -> impl FnMut(u64) -> bool + '_ {
        self
    }
}

/// Bits a worker has asked the cache for and not yet set.
const RING: usize = 64;

/// Where a worker sets the bits of the keys it makes. A bit is set [`RING`] keys after its
/// word is prefetched: the bitset outgrows the cache, and a read-modify-write that waits for
/// its word stalls the next keys behind it.
pub struct Bits<'a> {
    low: u32,
    mask: u64,
    cum: &'a [u32],
    low_rank: &'a [u16],
    words: &'a mut [u64],
    /// For the debug check that a key is of the layer.
    off: &'a [u32],
    lows: &'a [u32],
    /// The last bits asked for (at `pushed % RING`), not yet set.
    ring: [u32; RING],
    /// Keys pushed.
    pushed: usize,
}

impl Bits<'_> {
    /// Adds a key (a code of the layer's peg count and class).
    #[inline(always)]
    pub fn push(&mut self, key: u64) {
        let (h, low) = ((key >> self.low) as usize, (key & self.mask) as usize);
        let i = self.cum[h] + u32::from(self.low_rank[low]);
        // a key of another peg count or class would alias another code's bit
        debug_assert!(
            i < self.cum[h + 1]
                && self.lows[(self.off[h] + i - self.cum[h]) as usize] as usize == low,
            "key {key:#x} is not of the layer"
        );
        super::cache::prefetch(&self.words[(i >> 6) as usize]);
        let slot = self.pushed % RING;
        if self.pushed >= RING {
            self.set(self.ring[slot]);
        }
        self.ring[slot] = i;
        self.pushed += 1;
    }

    #[inline]
    fn set(&mut self, i: u32) {
        self.words[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    /// Sets the bits still waiting.
    fn finish(&mut self) {
        for k in self.pushed.saturating_sub(RING)..self.pushed {
            self.set(self.ring[k % RING]);
        }
        self.pushed = 0;
    }
}

/// The keys made, as one bitset, being asked about (see [`Layer::members_among`]).
pub struct Probe<'a> {
    layer: &'a Layer<'a>,
    set: &'a [u64],
}

impl Probe<'_> {
    /// Is this code (of the layer) among the keys made?
    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        let i = self.layer.rank(key);
        self.set[i >> 6] >> (i & 63) & 1 == 1
    }
}

impl Layer<'_> {
    /// Bits in the level's bitset.
    fn size(&self) -> usize {
        self.cum.last().map_or(0, |&n| n as usize)
    }

    fn words(&self) -> usize {
        self.size().div_ceil(64)
    }

    /// The rank of a code of the layer.
    #[inline]
    fn rank(&self, key: u64) -> usize {
        let r = self.ranks;
        (self.cum[(key >> r.low) as usize]
            + u32::from(r.low_rank[(key & ((1 << r.low) - 1)) as usize])) as usize
    }

    /// Sets the bit of every key `produce` makes from the elements of `input`, in parallel.
    fn fill<F>(&self, input: &[u64], produce: &F)
    where
        F: Fn(u64, &mut Bits) + Sync,
    {
        let r = self.ranks;
        let words = self.words();
        r.sets.par_iter().for_each(|s| {
            if let Ok(mut s) = s.lock() {
                if s.len() < words {
                    s.resize(words, 0);
                }
            }
        });
        let n = r.sets.len();
        input.par_chunks(1 << 12).for_each(|chunk| {
            let me = rayon::current_thread_index().unwrap_or(0) % n;
            let Ok(mut set) = r.sets[me].lock() else {
                return;
            };
            let mut bits = Bits {
                low: r.low,
                mask: (1 << r.low) - 1,
                cum: &self.cum,
                low_rank: &r.low_rank,
                words: &mut set[..words],
                off: &self.off,
                lows: &r.lows,
                ring: [0; RING],
                pushed: 0,
            };
            for &x in chunk {
                produce(x, &mut bits);
            }
            bits.finish();
        });
    }

    /// The sorted codes whose bits are set (ORed over the workers' bitsets) that `keep`
    /// passes, in parallel; zeroes the bitsets.
    fn drain<S: Sieve>(&self, keep: Option<&S>) -> Vec<Vec<u64>> {
        let r = self.ranks;
        let words = self.words();
        let mut guards: Vec<_> = r.sets.iter().filter_map(|s| s.lock().ok()).collect();
        // each part: the same word range of every bitset
        let size = words
            .div_ceil(rayon::current_num_threads() * 8)
            .max(1 << 10);
        let mut parts: Vec<Vec<&mut [u64]>> =
            (0..words.div_ceil(size)).map(|_| Vec::new()).collect();
        for g in &mut guards {
            for (p, c) in parts.iter_mut().zip(g[..words].chunks_mut(size)) {
                p.push(c);
            }
        }
        parts
            .into_par_iter()
            .enumerate()
            .map(|(k, mut sets)| {
                let first = (k * size * 64) as u32;
                let mut h = self.cum.partition_point(|&c| c <= first) - 1;
                let mut out = Vec::new();
                let mut keep = keep.map(Sieve::cursor);
                let len = sets.first().map_or(0, |s| s.len());
                for w in 0..len {
                    let mut word = 0;
                    for s in &mut sets {
                        // a word left zero is not written: its line stays clean
                        if s[w] != 0 {
                            word |= std::mem::take(&mut s[w]);
                        }
                    }
                    while word != 0 {
                        let i = first + (w as u32) * 64 + word.trailing_zeros();
                        word &= word - 1;
                        while self.cum[h + 1] <= i {
                            h += 1;
                        }
                        let low = r.lows[(self.off[h] + (i - self.cum[h])) as usize];
                        let code = (h as u64) << r.low | u64::from(low);
                        if keep.as_mut().is_none_or(|f| f(code)) {
                            out.push(code);
                        }
                    }
                }
                out
            })
            .collect()
    }

    /// The members of `level` that `test` passes, where `test` may ask whether a code is
    /// among the keys `produce` makes from `input` (all of this layer).
    pub fn members_among<F, T>(&self, input: &[u64], produce: F, level: &[u64], test: T) -> Vec<u64>
    where
        F: Fn(u64, &mut Bits) + Sync,
        T: Fn(u64, &Probe) -> bool + Sync,
    {
        self.fill(input, &produce);
        let words = self.words();
        let mut guards: Vec<_> = self
            .ranks
            .sets
            .iter()
            .filter_map(|s| s.lock().ok())
            .collect();
        // the workers' bitsets ORed into the first, so that a key asked about is one read
        // where it was one per worker: most are missing, and each read misses the cache
        // (a ranking has one bitset at least, and a lock is poisoned only by a worker's
        // panic, which rayon has already passed on: no key was made when there is none)
        let Some((first, rest)) = guards.split_first_mut() else {
            return Vec::new();
        };
        for other in rest {
            first[..words]
                .par_chunks_mut(1 << 14)
                .zip(other[..words].par_chunks_mut(1 << 14))
                .for_each(|(a, b)| {
                    for (a, b) in a.iter_mut().zip(b) {
                        if *b != 0 {
                            *a |= std::mem::take(b);
                        }
                    }
                });
        }
        let out = {
            let probe = Probe {
                layer: self,
                set: &first[..words],
            };
            super::par::concat(
                level
                    .par_chunks(1 << 10)
                    .map(|c| c.iter().copied().filter(|&x| test(x, &probe)).collect())
                    .collect(),
            )
        };
        first[..words]
            .par_chunks_mut(1 << 14)
            .for_each(|c| c.fill(0));
        out
    }

    /// Sorted unique keys that `produce` makes from `input` (all of this layer), kept by
    /// `keep` (once per key).
    pub fn collect<F, S>(&self, input: &[u64], keep: Option<&S>, produce: F) -> Vec<u64>
    where
        F: Fn(u64, &mut Bits) + Sync,
        S: Sieve,
    {
        self.fill(input, &produce);
        super::par::concat(self.drain(keep))
    }

    /// The members of `level` (sorted, of this layer) among the keys `produce` makes from
    /// `input`.
    pub fn within<F>(&self, input: &[u64], level: &[u64], produce: F) -> Vec<u64>
    where
        F: Fn(u64, &mut Bits) + Sync,
    {
        self.members_among(input, produce, level, |x, keys| keys.contains(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn ranks_are_dense_and_in_code_order() {
        for name in ["triangle5", "trunc12", "row:20", "triangle6"] {
            let b = Board::by_name(name).unwrap();
            let bits = b.len() as u32;
            let classes = Classes::of(&b);
            let Some(r) = Ranks::new(bits, &classes) else {
                panic!("{name}");
            };
            for pegs in 1..bits {
                for class in 0..1u64 << classes.dimension() {
                    let codes: Vec<u64> = (0..1u64 << bits)
                        .filter(|&x| x.count_ones() == pegs && r.class(x) == class)
                        .collect();
                    let l = r.layer(pegs, class, u64::MAX).unwrap();
                    assert_eq!(l.size(), codes.len(), "{name} {pegs} {class}");
                    for (i, &x) in codes.iter().enumerate() {
                        assert_eq!(l.rank(x), i, "{name} {x}");
                    }
                    // every code once, sorted, through the bitsets; odd ones kept
                    let keep = |x: u64| x % 3 != 1;
                    let got = l.collect(&codes, Some(&keep), |x, out| {
                        out.push(x);
                        out.push(x);
                    });
                    let want: Vec<u64> = codes.iter().copied().filter(|&x| keep(x)).collect();
                    assert_eq!(got, want, "{name} {pegs} {class}");
                    let half: Vec<u64> = codes.iter().copied().step_by(2).collect();
                    let got = l.members_among(
                        &half,
                        |x, out| out.push(x),
                        &codes,
                        |x, set| set.contains(x),
                    );
                    assert_eq!(got, half, "{name} {pegs} {class}");
                    let got = l.within(&half, &codes, |x, out| out.push(x));
                    assert_eq!(got, half, "{name} {pegs} {class}");
                }
            }
        }
    }
}
