//! Many pagodas of one or more finish holes tested at once, for the generator's pruning.
//!
//! Testing pagodas one by one costs a loop over each one's groups. The screen instead keeps
//! 16 pagodas side by side in the lanes of a `[u16; 16]`: per byte of the code one table row
//! holds the weight of that byte's pegs under each of the 16, so a code's values under all 16
//! are a handful of row loads and lane-wise adds, which the compiler turns into vector adds.
//!
//! A pagoda with least fall `d` per jump excludes a position of `n` pegs from a one-peg finish
//! on `h` when its value is below `w(h) + d·(n − 1)` (see [`Pagoda::excludes`]). All codes
//! tested together have their own `n`, so the bar is per peg count: each lane starts at
//! `2^15 − bar(n)`, and after the adds its top bit is set exactly when the value reached the
//! bar. Values stay below 2^15, so no lane carries into the next: a pagoda with a negative
//! weight or weights summing to 2^15 or more doesn't fit a lane and is tested on its own,
//! after the lanes.
//!
//! One screen serves every finish hole a position could end on (the goal holes of its class):
//! their pagodas share the lanes, hole after hole, so a union goal's test is one or two blocks
//! of adds rather than a screen per hole. A hole is excluded when a lane of its own fails; the
//! test ends as soon as every hole is excluded, or one hole has passed all of its pagodas.

use super::Pagoda;

/// Pagodas per block.
const LANES: usize = 16;
type Lanes = [u16; LANES];
/// The top bit of a lane, and the bound on every pagoda's total weight.
const TOP: u16 = 0x8000;

/// Pagodas of some finish holes, in blocks of 16 lanes (see the module).
#[derive(Debug, Clone, Default)]
pub struct Screen {
    /// Code bytes that carry holes.
    bytes: usize,
    /// Blocks of lanes.
    blocks: usize,
    /// Peg counts with a bar: 0 ..= holes.
    levels: usize,
    /// `rows[(block · bytes + j) · 256 + b]`: per lane, the weight of the pegs of byte j = b.
    rows: Vec<Lanes>,
    /// `start[block · levels + n]`: per lane, `2^15 − bar` for n pegs (clamped to 0 ..= 2^15).
    start: Vec<Lanes>,
    /// The board's holes, as a code: pegs off the board weigh nothing.
    full: u64,
    /// The finish holes, in the order given.
    finishes: Vec<Finish>,
    /// `kills[(block · 2 + half) · 256 + b]`: the finishes with a pagoda in a lane of that
    /// half (8 lanes) of the block whose bit is clear in b: those a code excludes when its
    /// passing lanes there are b.
    kills: Vec<u64>,
    /// Per block, the finishes with every pagoda in a lane of that block or an earlier one:
    /// one still standing there is not excluded.
    settled: Vec<u64>,
    /// Pagodas in lanes.
    taken: usize,
    /// True for one finish hole with every pagoda in a lane: a code is excluded as soon as
    /// one lane fails (a lane without a pagoda always passes).
    lanes_only: bool,
}

/// A finish hole of a screen.
#[derive(Debug, Clone)]
struct Finish {
    hole: u8,
    /// Its pagodas that don't fit a lane ([`Screen::fits`]), tested one by one.
    rest: Vec<Pagoda>,
}

impl Screen {
    /// Whether a pagoda fits a lane: no negative weight, and a total weight below 2^15.
    pub fn fits(p: &Pagoda) -> bool {
        let w = p.weights();
        w.iter().all(|&x| x >= 0) && w.iter().sum::<i64>() < i64::from(TOP)
    }

    /// A screen for finishes on the given holes (at most 64) of a board of `holes` holes (at
    /// most 64), each with its pagodas in the order given (put those that exclude most first:
    /// a block that excludes every hole ends the test).
    pub fn new(holes: usize, finishes: &[(u8, &[Pagoda])]) -> Screen {
        let bytes = holes.div_ceil(8).max(1);
        let levels = holes + 1;
        let k = finishes.len();
        // every pagoda that fits a lane, with its finish's index
        let fit: Vec<(usize, &Pagoda)> = finishes
            .iter()
            .enumerate()
            .flat_map(|(i, (_, ps))| ps.iter().filter(|p| Screen::fits(p)).map(move |p| (i, p)))
            .collect();
        let blocks = fit.len().div_ceil(LANES);
        let mut rows = vec![[0u16; LANES]; blocks * bytes * 256];
        let mut start = vec![[TOP; LANES]; blocks * levels];
        let mut kills = vec![0u64; blocks * 2 * 256];
        let mut last = vec![0usize; k];
        for (l, &(i, p)) in fit.iter().enumerate() {
            let (block, lane) = (l / LANES, l % LANES);
            let half = &mut kills[(block * 2 + lane / 8) * 256..][..256];
            for (b, kill) in half.iter_mut().enumerate() {
                if b >> (lane % 8) & 1 == 0 {
                    *kill |= 1 << i;
                }
            }
            last[i] = block;
            for j in 0..bytes {
                for b in 0..256usize {
                    let v: i64 = (0..8)
                        .filter(|t| b >> t & 1 == 1)
                        .map(|t| p.weight((8 * j + t) as u8))
                        .sum();
                    // below 2^15: the weights are non-negative and sum below it
                    rows[(block * bytes + j) * 256 + b][lane] = v as u16;
                }
            }
            let hole = finishes[i].0;
            for n in 0..levels {
                let bar = p.weight(hole) + p.drop() * (n as i64 - 1);
                let s = (i64::from(TOP) - bar).clamp(0, i64::from(TOP));
                start[block * levels + n][lane] = s as u16;
            }
        }
        let rest: Vec<Vec<Pagoda>> = finishes
            .iter()
            .map(|(_, ps)| ps.iter().filter(|p| !Screen::fits(p)).cloned().collect())
            .collect();
        let lanes_only = k == 1 && rest.iter().all(Vec::is_empty);
        let settled = (0..blocks)
            .map(|block| {
                (0..k)
                    .filter(|&i| last[i] <= block && rest[i].is_empty())
                    .fold(0u64, |m, i| m | 1 << i)
            })
            .collect();
        Screen {
            bytes,
            blocks,
            levels,
            rows,
            start,
            full: u64::MAX >> (64 - holes.clamp(1, 64)),
            finishes: finishes
                .iter()
                .zip(rest)
                .map(|(&(hole, _), rest)| Finish { hole, rest })
                .collect(),
            kills,
            settled,
            taken: fit.len(),
            lanes_only,
        }
    }

    /// How many pagodas the screen tests.
    pub fn len(&self) -> usize {
        self.taken + self.finishes.iter().map(|f| f.rest.len()).sum::<usize>()
    }

    /// True when it tests none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when, for every finish hole of the screen, some pagoda of that hole proves that
    /// `code` can't end as one peg on it.
    #[inline]
    pub fn excludes(&self, code: u64) -> bool {
        let code = code & self.full;
        // at most the board's holes: below `levels`
        let n = code.count_ones() as usize;
        self.settle(code, |block| {
            let mut acc = self.start[block * self.levels + n];
            self.add_rows(&mut acc, block, code, 0..self.bytes);
            top_bits(&acc)
        })
    }

    /// [`Screen::excludes`], for codes of `pegs` pegs (on the board) that come in ascending
    /// order, as a level's do: `partial` keeps each block's sum over the bytes above the
    /// lowest [`LOW_BYTES`], and the bar of the peg count, from the last code, so a code that
    /// shares those bytes with it costs two rows a block. A [`Partial`] serves one peg count.
    #[inline]
    pub fn excludes_next(&self, code: u64, pegs: usize, partial: &mut Partial) -> bool {
        let code = code & self.full;
        debug_assert_eq!(code.count_ones() as usize, pegs, "{code:#x}");
        let above = code >> (8 * LOW_BYTES);
        if partial.key != Some(above) {
            partial.lanes.clear();
            for block in 0..self.blocks {
                let mut acc = self.start[block * self.levels + pegs];
                self.add_rows(&mut acc, block, code, LOW_BYTES.min(self.bytes)..self.bytes);
                partial.lanes.push(acc);
            }
            partial.key = Some(above);
        }
        self.settle(code, |block| {
            let mut acc = partial.lanes[block];
            self.add_rows(&mut acc, block, code, 0..LOW_BYTES.min(self.bytes));
            top_bits(&acc)
        })
    }

    /// Whether the blocks' passing lanes (`passes`, block by block) and the pagodas outside
    /// the lanes exclude every finish hole.
    #[inline]
    fn settle(&self, code: u64, mut passes: impl FnMut(usize) -> u16) -> bool {
        if self.lanes_only {
            return (0..self.blocks).any(|block| passes(block) != u16::MAX);
        }
        // the finishes not excluded yet
        let mut alive = u64::MAX >> (64 - self.finishes.len().max(1));
        for block in 0..self.blocks {
            let pass = usize::from(passes(block));
            let kills = &self.kills[block * 512..][..512];
            alive &= !(kills[pass & 0xff] | kills[256 + (pass >> 8)]);
            if alive == 0 {
                return true;
            }
            if alive & self.settled[block] != 0 {
                return false;
            }
        }
        !self
            .finishes
            .iter()
            .enumerate()
            .any(|(i, f)| alive >> i & 1 == 1 && !f.rest.iter().any(|p| p.excludes(code, f.hole)))
    }

    /// Adds to `acc` the rows of a block for the code's bytes in `bytes`.
    #[inline]
    fn add_rows(&self, acc: &mut Lanes, block: usize, code: u64, bytes: std::ops::Range<usize>) {
        let rows = &self.rows[block * self.bytes * 256..(block + 1) * self.bytes * 256];
        for j in bytes {
            let row = &rows[j * 256 + (code >> (8 * j) & 0xff) as usize];
            for (a, r) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(*r);
            }
        }
    }
}

/// Code bytes that [`Screen::excludes_next`] adds for every code; the sums over the bytes
/// above them carry over between codes that share them.
pub const LOW_BYTES: usize = 2;
/// What [`Screen::excludes_next`] carries from one code to the next.
#[derive(Debug, Clone, Default)]
pub struct Partial {
    /// The last code's bytes above [`LOW_BYTES`].
    key: Option<u64>,
    /// Per block, the start of its peg count plus the rows of those bytes.
    lanes: Vec<Lanes>,
}

/// The top bit of each lane, lane i at bit i.
#[cfg(target_arch = "x86_64")]
#[inline]
fn top_bits(acc: &Lanes) -> u16 {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16};
    // SAFETY: SSE2 is part of x86_64; both loads read 8 lanes inside `acc` (16 × u16), with
    // no alignment needed. Packing to bytes with signed saturation keeps each lane's sign.
    unsafe {
        let p = acc.as_ptr().cast::<__m128i>();
        let lanes = _mm_packs_epi16(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        _mm_movemask_epi8(lanes) as u16
    }
}

/// The top bit of each lane, lane i at bit i.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn top_bits(acc: &Lanes) -> u16 {
    acc.iter()
        .enumerate()
        .fold(0, |m, (lane, &v)| m | (v >> 15) << lane)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pagoda::Pagodas;
    use crate::Board;

    #[test]
    fn the_screen_excludes_exactly_what_its_pagodas_exclude() {
        // English board, finish in the centre: the LP's pagodas (plain and falling), plus
        // falling ones learnt on positions, tested on many codes of every peg count.
        let b = Board::by_name("english").unwrap();
        let h = b.hole("d4").unwrap();
        let pg = Pagodas::for_goal(&b, crate::board::bit(h));
        let mut list = pg.of_hole(h).to_vec();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut codes = Vec::new();
        for i in 0..4000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // thin out the pegs for some codes, so that every count is met
            let code = x & b.full() & (x >> (i % 40)).wrapping_sub(1 + i as u64 % 3);
            codes.push(code);
            if i % 100 == 0 {
                list.extend((0..3).filter_map(|f| pg.learn_falling(code, h, f64::from(f))));
            }
        }
        assert!(
            list.iter().any(|p| p.drop() > 0) && list.len() > LANES,
            "{}",
            list.len()
        );
        // one too heavy for a lane (every weight scaled up), tested on its own
        let scale = i64::from(TOP) / list[0].weights().iter().sum::<i64>() + 1;
        let heavy: Vec<i64> = list[0].weights().iter().map(|w| w * scale).collect();
        list.push(Pagoda::new(&b, heavy).unwrap());
        assert!(!Screen::fits(list.last().unwrap()));
        let screen = Screen::new(b.len(), &[(h, &list)]);
        assert_eq!(screen.len(), list.len());
        // and codes with pegs off the board, which weigh nothing
        let off: Vec<u64> = codes.iter().take(500).map(|c| c | !b.full()).collect();
        codes.extend(off);
        let mut excluded = 0;
        // carried sums, one peg count each, with codes in any order and then ascending
        let pegs = |c: u64| (c & b.full()).count_ones() as usize;
        let mut any = vec![Partial::default(); b.len() + 1];
        let mut ascending = any.clone();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        for (&code, &next) in codes.iter().zip(&sorted) {
            let want = list.iter().any(|p| p.excludes(code, h));
            assert_eq!(screen.excludes(code), want, "{code:#x}");
            let carried = &mut any[pegs(code)];
            assert_eq!(
                screen.excludes_next(code, pegs(code), carried),
                want,
                "{code:#x}"
            );
            let want_next = list.iter().any(|p| p.excludes(next, h));
            let carried = &mut ascending[pegs(next)];
            assert_eq!(
                screen.excludes_next(next, pegs(next), carried),
                want_next,
                "{next:#x}"
            );
            excluded += usize::from(want);
        }
        assert!(excluded > 100 && excluded < codes.len() - 100, "{excluded}");
        assert!(!Screen::new(b.len(), &[(h, &[])]).excludes(0));
    }

    #[test]
    fn a_screen_of_several_holes_excludes_what_excludes_every_hole() {
        // French, union goal: the goal holes of one class share a screen (their LP pagodas fill
        // two blocks, a hole's lanes crossing from one to the next); one hole also gets a
        // pagoda too heavy for a lane. A code is excluded exactly when each hole's own
        // pagodas exclude it.
        let b = Board::by_name("french").unwrap();
        let pg = Pagodas::for_goal(&b, b.full());
        let classes = crate::classes::Classes::of(&b);
        let class = classes.class(crate::board::bit(0));
        let holes: Vec<u8> = (0..b.len() as u8)
            .filter(|&h| classes.class(crate::board::bit(h)) == class)
            .collect();
        let mut lists: Vec<Vec<Pagoda>> = holes.iter().map(|&h| pg.of_hole(h).to_vec()).collect();
        let scale = i64::from(TOP) / lists[1][0].weights().iter().sum::<i64>() + 1;
        let heavy: Vec<i64> = lists[1][0].weights().iter().map(|w| w * scale).collect();
        lists[1].push(Pagoda::new(&b, heavy).unwrap());
        let finishes: Vec<(u8, &[Pagoda])> = holes
            .iter()
            .zip(&lists)
            .map(|(&h, l)| (h, &l[..]))
            .collect();
        let screen = Screen::new(b.len(), &finishes);
        assert!(holes.len() >= 4 && screen.blocks >= 2, "{holes:?}");
        assert_eq!(screen.len(), lists.iter().map(Vec::len).sum::<usize>());
        let (mut excluded, mut x) = (0, 0x9e37_79b9_7f4a_7c15u64);
        let mut carried = vec![Partial::default(); b.len() + 1];
        for i in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let code = b.full() & x & (x >> (i % 30)).wrapping_sub(1 + i as u64 % 5);
            let want = holes
                .iter()
                .zip(&lists)
                .all(|(&h, l)| l.iter().any(|p| p.excludes(code, h)));
            assert_eq!(screen.excludes(code), want, "{code:#x}");
            let n = code.count_ones() as usize;
            assert_eq!(
                screen.excludes_next(code, n, &mut carried[n]),
                want,
                "{code:#x}"
            );
            excluded += usize::from(want);
        }
        assert!(excluded > 1000 && excluded < 19_000, "{excluded}");
    }
}
