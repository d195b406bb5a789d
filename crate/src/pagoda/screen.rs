//! Many pagodas of one finish hole tested at once, for the generator's pruning.
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

use super::Pagoda;

/// Pagodas per block.
const LANES: usize = 16;
type Lanes = [u16; LANES];
/// The top bit of a lane, and the bound on every pagoda's total weight.
const TOP: u16 = 0x8000;

/// Pagodas of one finish hole, in blocks of 16 lanes (see the module).
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
    /// The finish hole.
    hole: u8,
    /// Pagodas that don't fit a lane ([`Screen::fits`]), tested one by one.
    rest: Vec<Pagoda>,
    /// Pagodas in lanes.
    taken: usize,
}

impl Screen {
    /// Whether a pagoda fits a lane: no negative weight, and a total weight below 2^15.
    pub fn fits(p: &Pagoda) -> bool {
        let w = p.weights();
        w.iter().all(|&x| x >= 0) && w.iter().sum::<i64>() < i64::from(TOP)
    }

    /// A screen for a finish on `hole` of a board of `holes` holes (at most 64), with the
    /// pagodas in the order given (put those that exclude most first: a block that excludes
    /// ends the test).
    pub fn new(holes: usize, hole: u8, pagodas: &[Pagoda]) -> Screen {
        let (fits, rest): (Vec<&Pagoda>, Vec<&Pagoda>) =
            pagodas.iter().partition(|p| Screen::fits(p));
        let bytes = holes.div_ceil(8).max(1);
        let blocks = fits.len().div_ceil(LANES);
        let levels = holes + 1;
        let mut rows = vec![[0u16; LANES]; blocks * bytes * 256];
        let mut start = vec![[TOP; LANES]; blocks * levels];
        for (i, p) in fits.iter().enumerate() {
            let (block, lane) = (i / LANES, i % LANES);
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
            for n in 0..levels {
                let bar = p.weight(hole) + p.drop() * (n as i64 - 1);
                let s = (i64::from(TOP) - bar).clamp(0, i64::from(TOP));
                start[block * levels + n][lane] = s as u16;
            }
        }
        Screen {
            bytes,
            blocks,
            levels,
            rows,
            start,
            full: u64::MAX >> (64 - holes.clamp(1, 64)),
            hole,
            rest: rest.into_iter().cloned().collect(),
            taken: fits.len(),
        }
    }

    /// How many pagodas the screen tests.
    pub fn len(&self) -> usize {
        self.taken + self.rest.len()
    }

    /// True when it tests none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when some pagoda proves that `code` can't end as one peg on the screen's hole.
    #[inline]
    pub fn excludes(&self, code: u64) -> bool {
        let code = code & self.full;
        let n = code.count_ones() as usize;
        self.lanes_exclude(code, n) || self.rest.iter().any(|p| p.excludes(code, self.hole))
    }

    /// True when a pagoda in the lanes excludes `code` (on the board) of `n` pegs.
    #[inline]
    fn lanes_exclude(&self, code: u64, n: usize) -> bool {
        if n >= self.levels {
            return false;
        }
        for block in 0..self.blocks {
            let mut acc = self.start[block * self.levels + n];
            let rows = &self.rows[block * self.bytes * 256..(block + 1) * self.bytes * 256];
            for (j, table) in rows.chunks_exact(256).enumerate() {
                let row = &table[(code >> (8 * j) & 0xff) as usize];
                for (a, r) in acc.iter_mut().zip(row) {
                    *a = a.wrapping_add(*r);
                }
            }
            if acc.iter().fold(u16::MAX, |m, &v| m & v) & TOP == 0 {
                return true;
            }
        }
        false
    }
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
        let screen = Screen::new(b.len(), h, &list);
        assert_eq!(screen.len(), list.len());
        // and codes with pegs off the board, which weigh nothing
        let off: Vec<u64> = codes.iter().take(500).map(|c| c | !b.full()).collect();
        codes.extend(off);
        let mut excluded = 0;
        for &code in &codes {
            let want = list.iter().any(|p| p.excludes(code, h));
            assert_eq!(screen.excludes(code), want, "{code:#x}");
            excluded += usize::from(want);
        }
        assert!(excluded > 100 && excluded < codes.len() - 100, "{excluded}");
        assert!(!Screen::new(b.len(), h, &[]).excludes(0));
    }
}
