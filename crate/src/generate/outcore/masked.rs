//! Keys that carry their masks: a union job out of core keeps with each code of its levels
//! the mask symbol of its start and finish holes (see [`crate::masks`]), as the low bits of
//! the key, `code << bits | symbol`. The symbols ride along the level steps, and where a
//! code's keys meet, their symbols are ORed: the forward steps carry the start holes down
//! from the single vacancies, the meet and the winning steps carry the finish holes up, and
//! the complement step swaps the two. The union writer then reads both masks of every stored
//! position off its level, with no pass of its own over the levels.
//!
//! Each key made from a code moves the code's symbol into the frame of the key's canonical
//! code, through the first symmetry that makes it canonical. Where a position is fixed by a
//! symmetry, several do, and its holes are the union of what each would give: each key then
//! holds a part of them whose images under the position's symmetries make up the whole, and
//! a part carried on keeps that property. So the symbols are made whole once, for the
//! stored levels alone ([`SymbolMoves::close`]), rather than for every key of every step.

use crate::board::{bit, Board};
use crate::classes::Classes;
use crate::masks::Candidates;
use crate::symmetry::Canon;

/// What a step makes of a code's symbol for each key it produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Carry {
    /// The start holes go to the key (a child: reached from the same vacancies).
    Starts,
    /// The finish holes go to the key (a parent: it finishes where its child does).
    Finishes,
    /// The start holes become the key's finish holes (the meet: a parent of the complement
    /// of a position finishes where that position's vacancies were).
    StartsToFinishes,
    /// Start and finish holes swap (the complement).
    Swap,
    /// Start and finish holes stay what they are (a position's own symmetries).
    Same,
}

const CARRIES: [Carry; 5] = [
    Carry::Starts,
    Carry::Finishes,
    Carry::StartsToFinishes,
    Carry::Swap,
    Carry::Same,
];

/// Symmetries a table holds (the lattice groups have at most 12, rounded up slots included).
const SLOTS: usize = 16;

/// The moves of symbols: for each carry, symmetry and class of the code the symbol belongs
/// to, where each of its bits goes, as tables of four bits of the symbol at a time.
pub struct SymbolMoves {
    classes: Classes,
    cand: Candidates,
    /// Bits of a symbol (the widest class's).
    bits: u32,
    /// 2^(dimension of the classes).
    n_classes: usize,
    /// [(carry × SLOTS + symmetry) × classes + class] → four tables of 16, one per nibble.
    tables: Vec<[[u16; 16]; 4]>,
}

impl SymbolMoves {
    /// The tables of a board under its symmetries `canon`, None when the classes or the
    /// symmetries are more than the tables are made for (no lattice board has that many).
    pub fn new(board: &Board, canon: &Canon) -> Option<SymbolMoves> {
        let classes = Classes::of(board);
        let cand = Candidates::of(board);
        let bits = cand.max_bits();
        if classes.dimension() > 6 || canon.perms().len() > SLOTS || bits > 16 {
            return None;
        }
        let n_classes = 1usize << classes.dimension();
        // a position of each class, from single holes (their classes span every class)
        let mut rep: Vec<Option<u64>> = vec![None; n_classes];
        rep[0] = Some(0);
        for h in 0..board.len() as u8 {
            for c in 0..n_classes {
                if let Some(r) = rep[c] {
                    let to = (classes.class(r ^ bit(h))) as usize;
                    rep[to].get_or_insert(r ^ bit(h));
                }
            }
        }
        let full = board.full();
        let n_perms = canon.perms().len();
        let mut tables = vec![[[0u16; 16]; 4]; CARRIES.len() * SLOTS * n_classes];
        for (k, &carry) in CARRIES.iter().enumerate() {
            for slot in 0..SLOTS {
                // slots past the group's symmetries repeat the identity, slot 0
                let s = if slot < n_perms { slot } else { 0 };
                for (c, r) in rep.iter().enumerate() {
                    let Some(r) = *r else { continue };
                    let moved = |h: u32| canon.transform(s, bit(h as u8)).trailing_zeros();
                    let (fc, sc) = cand.of_code(r);
                    // the key's raw position is in the class of the code, or of its complement
                    let raw = match carry {
                        Carry::Starts | Carry::Finishes | Carry::Same => r,
                        Carry::StartsToFinishes | Carry::Swap => full ^ r,
                    };
                    let (tf, ts) = cand.of_code(canon.transform(s, raw));
                    let index = |set: u64, h: u32| (set & (bit(h as u8) - 1)).count_ones();
                    // where bit i of the symbol goes, if anywhere
                    let to = |i: u32| -> Option<u32> {
                        let nf = fc.count_ones();
                        let (start, h) = match i < nf {
                            true => (false, nth(fc, i)?),
                            false => (true, nth(sc, i - nf)?),
                        };
                        let h = moved(h);
                        let finish_to = |h: u32| (tf >> h & 1 == 1).then(|| index(tf, h));
                        let start_to =
                            |h: u32| (ts >> h & 1 == 1).then(|| tf.count_ones() + index(ts, h));
                        match (carry, start) {
                            (Carry::Starts, true) => start_to(h),
                            (Carry::Finishes, false) => finish_to(h),
                            (Carry::StartsToFinishes, true) => finish_to(h),
                            (Carry::Swap, true) => finish_to(h),
                            (Carry::Swap, false) => start_to(h),
                            (Carry::Same, true) => start_to(h),
                            (Carry::Same, false) => finish_to(h),
                            _ => None,
                        }
                    };
                    let t = &mut tables[(k * SLOTS + slot) * n_classes + c];
                    for (nib, table) in t.iter_mut().enumerate() {
                        for (v, out) in table.iter_mut().enumerate() {
                            *out = (0..4)
                                .filter(|b| v >> b & 1 == 1)
                                .filter_map(|b| to(4 * nib as u32 + b))
                                .fold(0, |acc, j| acc | 1 << j);
                        }
                    }
                }
            }
        }
        Some(SymbolMoves {
            classes,
            cand,
            bits,
            n_classes,
            tables,
        })
    }

    /// Bits of a symbol: the low bits of every key.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The class of a code, as the tables number it.
    #[inline]
    pub fn class(&self, code: u64) -> usize {
        self.classes.class(code) as usize
    }

    /// The symbol of a key made from a code of class `class` with symbol `symbol`, moved by
    /// `carry` through symmetry `s`.
    #[inline]
    pub fn carry(&self, carry: Carry, class: usize, symbol: u64, s: usize) -> u64 {
        let t = &self.tables[(carry as usize * SLOTS + s % SLOTS) * self.n_classes + class];
        let mut out = t[0][(symbol & 15) as usize] | t[1][(symbol >> 4 & 15) as usize];
        if self.bits > 8 {
            out |= t[2][(symbol >> 8 & 15) as usize] | t[3][(symbol >> 12 & 15) as usize];
        }
        u64::from(out)
    }

    /// The whole symbol of canonical code `code` from the part its key holds: the union of
    /// its images under every symmetry that fixes the code (see the module).
    pub fn close(&self, canon: &Canon, code: u64, symbol: u64) -> u64 {
        let class = self.class(code);
        (1..canon.perms().len())
            .filter(|&s| canon.transform(s, code) == code)
            .fold(symbol, |out, s| {
                out | self.carry(Carry::Same, class, symbol, s)
            })
    }

    /// The symbol of `code` with these finish and start holes.
    pub fn symbol(&self, code: u64, finishes: u64, starts: u64) -> u64 {
        u64::from(self.cand.compact(code, finishes, starts))
    }
}

/// The `i`-th set bit of `set`, lowest first.
fn nth(set: u64, i: u32) -> Option<u32> {
    let mut rest = set;
    for _ in 0..i {
        rest &= rest.checked_sub(1)?;
    }
    (rest != 0).then(|| rest.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;

    /// Every carry of every symbol of random positions agrees with moving the holes one by
    /// one and compacting them again.
    #[test]
    fn symbols_move_as_their_holes_do() {
        for name in ["french", "english", "triangle6", "wiegleb"] {
            let board = Board::by_name(name).unwrap();
            let canon = Problem::parse(board.clone(), "all", "any").unwrap().canon();
            let sm = SymbolMoves::new(&board, &canon).unwrap();
            let cand = Candidates::of(&board);
            let full = board.full();
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let code = x & full;
                let (fc, sc) = cand.of_code(code);
                let (f, s) = (fc & x >> 7, sc & x >> 19);
                let sym = sm.symbol(code, f, s);
                for g in 0..canon.perms().len() {
                    let mv = |set: u64| canon.transform(g, set);
                    let class = sm.class(code);
                    let same = canon.transform(g, code);
                    let other = canon.transform(g, full ^ code);
                    let want = [
                        (Carry::Starts, sm.symbol(same, 0, mv(s))),
                        (Carry::Finishes, sm.symbol(same, mv(f), 0)),
                        (Carry::StartsToFinishes, sm.symbol(other, mv(s), 0)),
                        (Carry::Swap, sm.symbol(other, mv(s), mv(f))),
                        (Carry::Same, sm.symbol(same, mv(f), mv(s))),
                    ];
                    for (carry, want) in want {
                        assert_eq!(sm.carry(carry, class, sym, g), want, "{name} {carry:?}");
                    }
                }
            }
        }
    }
}
