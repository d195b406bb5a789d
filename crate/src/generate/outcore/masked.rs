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
                    // the key's raw position is in the class of the code, or of its complement
                    let raw = match carry {
                        Carry::Starts | Carry::Finishes | Carry::Same => r,
                        Carry::StartsToFinishes | Carry::Swap => full ^ r,
                    };
                    let target = canon.transform(s, raw);
                    // the symbol of the moved holes that a piece of `r`'s symbol stands for
                    let moved = |piece: u16| -> u16 {
                        let f = canon.transform(s, cand.expand(r, piece, false));
                        let st = canon.transform(s, cand.expand(r, piece, true));
                        let (finishes, starts) = match carry {
                            Carry::Starts => (0, st),
                            Carry::Finishes => (f, 0),
                            Carry::StartsToFinishes => (st, 0),
                            Carry::Swap => (st, f),
                            Carry::Same => (f, st),
                        };
                        cand.compact(target, finishes, starts)
                    };
                    let t = &mut tables[(k * SLOTS + slot) * n_classes + c];
                    for (nib, table) in t.iter_mut().enumerate() {
                        for (v, out) in table.iter_mut().enumerate() {
                            *out = moved((v as u16) << (4 * nib));
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

    /// A key's code, its symbol and the code's class (taken once a code: a code makes a
    /// dozen keys).
    #[inline(always)]
    pub fn split(&self, key: u64) -> (u64, u64, usize) {
        let code = key >> self.bits;
        (code, key & ((1 << self.bits) - 1), self.class(code))
    }

    /// The key of canonical code `c`, made canonical by symmetry `s` from a code of class
    /// `class` with symbol `symbol`: `c` with what `carry` makes of the symbol. Where several
    /// symmetries make `c` canonical, `s` is the first, and the key holds part of the holes
    /// ([`SymbolMoves::close`] makes them whole). Inlined into each step's closure with its
    /// carry fixed there: through a closure taking the carry as an argument, the map of a step
    /// was a fifth slower.
    #[inline(always)]
    pub fn key(&self, carry: Carry, class: usize, symbol: u64, c: u64, s: usize) -> u64 {
        c << self.bits | self.carry(carry, class, symbol, s)
    }

    /// The class of a code, as the tables number it.
    #[inline]
    pub fn class(&self, code: u64) -> usize {
        self.classes.class(code) as usize
    }

    /// The symbol of a key made from a code of class `class` with symbol `symbol`, moved by
    /// `carry` through symmetry `s`.
    #[inline(always)]
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
        // most codes are fixed by the identity alone
        let others = canon.fixers(code) & !1;
        if others == 0 {
            return symbol;
        }
        let class = self.class(code);
        (1..canon.perms().len())
            .filter(|&s| others >> s & 1 == 1)
            .fold(symbol, |out, s| {
                out | self.carry(Carry::Same, class, symbol, s)
            })
    }

    /// The symbol of `code` with these finish and start holes.
    pub fn symbol(&self, code: u64, finishes: u64, starts: u64) -> u64 {
        u64::from(self.cand.compact(code, finishes, starts))
    }
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
