//! The live solver: memoised depth-first search within a node budget, for positions that no
//! table covers. It answers Some(true), Some(false), or None when the budget ran out: it never
//! guesses.

use crate::classes::Classes;
use crate::position::{self, CodeMap};
use crate::problem::Problem;
use crate::symmetry::{self, Canon};

/// A memoised search for one goal. The memo survives between calls, so a game gets faster.
#[derive(Debug, Clone)]
pub struct Live {
    goal_set: u64,
    jumps: Vec<crate::board::Jump>,
    canon: Canon,
    memo: CodeMap<bool>,
    classes: Classes,
}

/// Most positions the memo keeps before it is cleared (bounds memory in the browser).
const MEMO_LIMIT: usize = 1_000_000;

impl Live {
    /// A solver for the problem's goal (canonical forms under the symmetries keeping the goal).
    pub fn new(problem: &Problem) -> Live {
        let board = &problem.board;
        let canon = Canon::new(
            board.len(),
            symmetry::stabiliser(board, &[problem.goal_set()]),
        );
        Live {
            goal_set: problem.goal_set(),
            jumps: board.jumps().to_vec(),
            canon,
            memo: CodeMap::default(),
            classes: Classes::of(board),
        }
    }

    /// Can the goal be reached from `code`? Spends at most `budget` new positions.
    pub fn winning(&mut self, code: u64, budget: &mut u64) -> Option<bool> {
        if self.memo.len() > MEMO_LIMIT {
            self.memo.clear();
        }
        // Jumps keep the class, so a wrong class settles the whole subtree at once.
        if position::pegs(code) > 1 && !self.classes.may_reach(code, self.goal_set) {
            return Some(false);
        }
        self.search(code, budget)
    }

    fn search(&mut self, code: u64, budget: &mut u64) -> Option<bool> {
        if position::pegs(code) == 1 {
            return Some(code & self.goal_set != 0);
        }
        let key = self.canon.canonical(code);
        if let Some(&w) = self.memo.get(&key) {
            return Some(w);
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut unknown = false;
        for i in 0..self.jumps.len() {
            let j = self.jumps[i];
            if !position::can_jump(code, j) {
                continue;
            }
            match self.search(position::after(code, j), budget) {
                Some(true) => {
                    self.memo.insert(key, true);
                    return Some(true);
                }
                Some(false) => {}
                None => unknown = true,
            }
        }
        if unknown {
            return None;
        }
        self.memo.insert(key, false);
        Some(false)
    }
}
