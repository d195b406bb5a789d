//! The reference solver: plain depth-first search with a memo, no symmetry, no tricks.
//! It is slow on purpose and exists so that tests (and `--verify`) can hold the fast paths
//! and the tables against it.

use std::collections::{HashMap, HashSet};

use crate::position::CodeMap;

use crate::position;
use crate::problem::Problem;
use crate::symmetry::{self, Canon};

/// Answers "can the goal still be reached from here?" by exhaustive search.
pub struct Brute<'a> {
    problem: &'a Problem,
    memo: CodeMap<bool>,
    /// Optional memo keys: canonical codes under the symmetries that keep the goal.
    canon: Option<Canon>,
}

impl<'a> Brute<'a> {
    /// A solver for one problem's goal.
    pub fn new(problem: &'a Problem) -> Self {
        Brute {
            problem,
            memo: CodeMap::default(),
            canon: None,
        }
    }

    /// The same search, memoised on canonical codes under the symmetries that keep the goal
    /// (eight times less work on the English board; the canonical form is itself tested
    /// against the bit-by-bit permutation).
    pub fn with_symmetry(problem: &'a Problem) -> Self {
        let canon = Canon::new(
            problem.board.len(),
            symmetry::stabiliser(&problem.board, &[problem.goal_set()]),
        );
        Brute {
            problem,
            memo: CodeMap::default(),
            canon: Some(canon),
        }
    }

    /// True when some sequence of jumps from `code` ends in a goal position.
    pub fn winning(&mut self, code: u64) -> bool {
        if position::pegs(code) == 1 {
            return self.problem.is_goal(code);
        }
        let key = self.canon.as_ref().map_or(code, |c| c.canonical(code));
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let problem: &'a Problem = self.problem;
        let w = position::children(&problem.board, code).any(|c| self.winning(c));
        self.memo.insert(key, w);
        w
    }
}

/// Every position reachable from `code` (itself included), raw codes, by breadth-first search.
pub fn reachable_from(problem: &Problem, code: u64) -> Vec<u64> {
    let mut seen: HashSet<u64> = HashSet::from([code]);
    let mut frontier = vec![code];
    while let Some(x) = frontier.pop() {
        for c in position::children(&problem.board, x) {
            if seen.insert(c) {
                frontier.push(c);
            }
        }
    }
    let mut v: Vec<u64> = seen.into_iter().collect();
    v.sort_unstable();
    v
}

/// Number of jump sequences from `code` that end in a goal position, by plain recursion.
pub fn count(problem: &Problem, code: u64, memo: &mut HashMap<u64, u128>) -> u128 {
    if position::pegs(code) == 1 {
        return u128::from(problem.is_goal(code));
    }
    if let Some(&c) = memo.get(&code) {
        return c;
    }
    let kids: Vec<u64> = position::children(&problem.board, code).collect();
    let total = kids.into_iter().map(|c| count(problem, c, memo)).sum();
    memo.insert(code, total);
    total
}
