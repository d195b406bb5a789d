//! Best finish: how few pegs can still remain from a position, and a jump that keeps that
//! (the value pegsolitairetrainer.com shows). A memoised depth-first search by canonical code;
//! it stops early once a child reaches the lowest count the position's class allows, and says
//! "unknown" when its budget runs out, never a guess.

use crate::board::{Board, Jump};
use crate::classes::Classes;
use crate::position::{self, CodeMap};
use crate::symmetry::Canon;

/// The best finish from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Best {
    /// Fewest pegs that can remain.
    pub pegs: u32,
    /// A jump that keeps that (None when no jump is left).
    pub jump: Option<Jump>,
}

/// Fewest pegs reachable from positions of one board.
#[derive(Debug, Clone)]
pub struct BestFinish {
    jumps: Vec<Jump>,
    canon: Canon,
    classes: Classes,
    /// Classes of the one-peg positions: a position in one of them may finish with one peg.
    one_peg_classes: Vec<u64>,
    /// Fewer pegs than this can't remain from any position searched (a fact the caller
    /// proved, e.g. from a table: no position below one that can't end with one peg can).
    at_least: u32,
    memo: CodeMap<u32>,
}

impl BestFinish {
    /// A search for a board (canonical forms under its whole group: the count is the same for
    /// every image of a position).
    pub fn new(board: &Board) -> BestFinish {
        let classes = Classes::of(board);
        let one_peg_classes = (0..board.len() as u8)
            .map(|h| classes.class(crate::board::bit(h)))
            .collect();
        BestFinish {
            jumps: board.jumps().to_vec(),
            canon: Canon::full(board),
            classes,
            one_peg_classes,
            at_least: 1,
            memo: CodeMap::default(),
        }
    }

    /// The best finish from `code`, visiting at most `budget` new positions (None: out of
    /// budget).
    pub fn best(&mut self, code: u64, budget: &mut u64) -> Option<Best> {
        self.best_from(code, 1, budget)
    }

    /// As [`best`](Self::best), knowing that fewer than `at_least` pegs can't remain from
    /// `code` (so from no position below it): the search stops at the first line that leaves
    /// `at_least`, instead of searching on for fewer. Exact only when that is true: the
    /// caller proves it (a table that says one peg can't remain gives `at_least` 2).
    pub fn best_from(&mut self, code: u64, at_least: u32, budget: &mut u64) -> Option<Best> {
        if at_least != self.at_least {
            // what the memo holds was found under another bound: still exact, but keep the
            // bound one search's
            self.memo.clear();
            self.at_least = at_least;
        }
        let floor = self.floor(code);
        let mut best: Option<Best> = None;
        for i in 0..self.jumps.len() {
            let j = self.jumps[i];
            if !position::can_jump(code, j) {
                continue;
            }
            let n = self.fewest(position::after(code, j), budget)?;
            if best.is_none_or(|b| n < b.pegs) {
                best = Some(Best {
                    pegs: n,
                    jump: Some(j),
                });
                if n == floor {
                    break;
                }
            }
        }
        Some(best.unwrap_or(Best {
            pegs: position::pegs(code),
            jump: None,
        }))
    }

    /// The lowest count any finish of this class can have: 1 when a one-peg position is in
    /// the class, else 2, and never below what the caller proved (a bound, not a promise).
    fn floor(&self, code: u64) -> u32 {
        let class = if self.one_peg_classes.contains(&self.classes.class(code)) {
            1
        } else {
            2
        };
        class.max(self.at_least)
    }

    fn fewest(&mut self, code: u64, budget: &mut u64) -> Option<u32> {
        let key = self.canon.canonical(code);
        if let Some(&n) = self.memo.get(&key) {
            return Some(n);
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let floor = self.floor(code);
        let mut best = position::pegs(code);
        for i in 0..self.jumps.len() {
            let j = self.jumps[i];
            if !position::can_jump(code, j) {
                continue;
            }
            best = best.min(self.fewest(position::after(code, j), budget)?);
            if best == floor {
                break;
            }
        }
        self.memo.insert(key, best);
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fewest pegs over every jump sequence, without memo or symmetry.
    fn brute(b: &Board, code: u64) -> u32 {
        position::legal_jumps(b, code)
            .map(|j| brute(b, position::after(code, j)))
            .min()
            .unwrap_or(position::pegs(code))
    }

    #[test]
    fn agrees_with_brute_force_on_every_position_of_small_boards() {
        for name in ["triangle4", "trunc12"] {
            let b = Board::by_name(name).unwrap();
            let mut s = BestFinish::new(&b);
            for code in 1..b.full() {
                let mut budget = u64::MAX;
                let best = s.best(code, &mut budget).unwrap();
                assert_eq!(best.pegs, brute(&b, code), "{name} {code:#x}");
                if let Some(j) = best.jump {
                    let after = position::after(code, j);
                    assert_eq!(brute(&b, after), best.pegs, "{name} {code:#x}");
                }
            }
        }
    }

    #[test]
    fn says_unknown_when_out_of_budget() {
        let b = Board::by_name("english").unwrap();
        let mut s = BestFinish::new(&b);
        let mut budget = 10;
        assert_eq!(s.best(position::single_vacancy(&b, 0), &mut budget), None);
    }

    #[test]
    fn the_15_hole_triangle_can_end_with_one_peg() {
        let b = Board::by_name("triangle5").unwrap();
        let mut s = BestFinish::new(&b);
        let mut budget = u64::MAX;
        let best = s
            .best(position::single_vacancy(&b, 0), &mut budget)
            .unwrap();
        assert_eq!(best.pegs, 1);
    }
}
