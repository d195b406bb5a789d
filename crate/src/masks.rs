//! Finish and start masks: the per-code information that lets one table answer every start
//! and every goal of a board.
//!
//! A table for every single vacancy, finish anywhere (Bell's 𝔚), stores with each winning
//! position q (up to N/2 pegs) the holes it can finish in, `f(q)`, and the single vacancies it
//! can be reached from, `s(q)`. A position p with more pegs is answered by its complement:
//! p can finish at X exactly when complement(p) can be reached from a vacancy at X. Position
//! classes limit both sets to a few candidate holes, so a mask is stored compactly as one bit
//! per candidate (finish candidates first, then start candidates): the mask symbol.

use crate::board::{bit, Board};
use crate::classes::Classes;

/// Candidate holes of each class, for compacting and expanding masks.
#[derive(Debug, Clone)]
pub struct Candidates {
    classes: Classes,
    /// class → (holes a position of that class may finish in, vacancies it may come from);
    /// a board has a few classes (16 at most on a lattice): a short list.
    by_class: Vec<(u64, (u64, u64))>,
}

impl Candidates {
    /// The candidates of every class on a board.
    pub fn of(board: &Board) -> Candidates {
        let classes = Classes::of(board);
        let full = board.full();
        let mut by_class: Vec<(u64, (u64, u64))> = Vec::new();
        // the entry of a class, made when first seen
        fn entry(list: &mut Vec<(u64, (u64, u64))>, class: u64) -> &mut (u64, u64) {
            let i = match list.iter().position(|e| e.0 == class) {
                Some(i) => i,
                None => {
                    list.push((class, (0, 0)));
                    list.len() - 1
                }
            };
            &mut list[i].1
        }
        for h in 0..board.len() as u8 {
            entry(&mut by_class, classes.class(bit(h))).0 |= bit(h);
            entry(&mut by_class, classes.class(full ^ bit(h))).1 |= bit(h);
        }
        Candidates { classes, by_class }
    }

    /// (finish candidates, start candidates) of a position.
    pub fn of_code(&self, code: u64) -> (u64, u64) {
        let class = self.classes.class(code);
        self.by_class
            .iter()
            .find(|e| e.0 == class)
            .map_or((0, 0), |e| e.1)
    }

    /// The widest symbol over all classes, in bits (must fit 16).
    pub fn max_bits(&self) -> u32 {
        self.by_class
            .iter()
            .map(|(_, (f, s))| f.count_ones() + s.count_ones())
            .max()
            .unwrap_or(0)
    }

    /// The mask symbol of `code` with finish set `finishes` and start set `starts` (holes
    /// outside the candidates are impossible and dropped).
    pub fn compact(&self, code: u64, finishes: u64, starts: u64) -> u16 {
        let (fc, sc) = self.of_code(code);
        let f = squeeze(finishes, fc);
        let s = squeeze(starts, sc);
        (f | s << fc.count_ones()) as u16
    }

    /// The finish set (or, with `starts`, the start set) a symbol stands for, as holes.
    pub fn expand(&self, code: u64, symbol: u16, starts: bool) -> u64 {
        let (fc, sc) = self.of_code(code);
        let sym = u64::from(symbol);
        if starts {
            spread(sym >> fc.count_ones(), sc)
        } else {
            spread(sym, fc)
        }
    }
}

/// The set bits of `candidates`, lowest first, each with its rank among them: `(rank, bit)`.
fn ranked(candidates: u64) -> impl Iterator<Item = (u32, u32)> {
    let mut rest = candidates;
    (0..).map_while(move |i| {
        (rest != 0).then(|| {
            let h = rest.trailing_zeros();
            rest &= rest - 1;
            (i, h)
        })
    })
}

/// The bits of `set` at the positions of `candidates`, packed low.
fn squeeze(set: u64, candidates: u64) -> u64 {
    ranked(candidates).fold(0, |out, (i, h)| out | (set >> h & 1) << i)
}

/// The inverse of `squeeze`.
fn spread(packed: u64, candidates: u64) -> u64 {
    ranked(candidates).fold(0, |out, (i, h)| out | (packed >> i & 1) << h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_and_fit() {
        for name in ["english", "triangle5", "french", "wiegleb", "triangle6"] {
            let b = Board::by_name(name).unwrap();
            let c = Candidates::of(&b);
            assert!(c.max_bits() <= 16, "{name}: {}", c.max_bits());
            let code = b.full() ^ bit(3) ^ bit(5);
            let (fc, sc) = c.of_code(code);
            let sym = c.compact(code, fc & 0x5555_5555_5555_5555, sc);
            assert_eq!(c.expand(code, sym, false), fc & 0x5555_5555_5555_5555);
            assert_eq!(c.expand(code, sym, true), sc);
        }
    }
}
