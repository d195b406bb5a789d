//! The reference solver: plain depth-first search with a memo on raw position codes. It is slow
//! on purpose and exists so that tests (and `--verify`) can hold the fast paths and the tables
//! against it, so it shares none of their machinery: no `Canon`, no jump images, no bitboards,
//! only the rules in `position`.

use std::collections::{HashMap, HashSet};

use crate::board::bit;
use crate::position::{self, CodeMap};
use crate::problem::Problem;

/// Answers "can the goal still be reached from here?" by exhaustive search.
pub struct Brute<'a> {
    problem: &'a Problem,
    memo: CodeMap<bool>,
    /// Permutations whose least image keys the memo; empty for the plain search.
    perms: Vec<Vec<u8>>,
}

impl<'a> Brute<'a> {
    /// A solver for one problem's goal, memoised on raw codes (no symmetry at all).
    pub fn new(problem: &'a Problem) -> Self {
        Brute {
            problem,
            memo: CodeMap::default(),
            perms: Vec::new(),
        }
    }

    /// The same search, memoised on the least image of a code under the board's symmetries that
    /// map the goal set onto itself (eight times less work on the English board). The images
    /// are computed here bit by bit from `Board::symmetries`, not by the canonicaliser under
    /// test; only the group itself is shared.
    pub fn with_symmetry(problem: &'a Problem) -> Self {
        let goal = problem.goal_set();
        let perms = problem
            .board
            .symmetries()
            .iter()
            .filter(|p| permute(p, goal) == goal)
            .cloned()
            .collect();
        Brute {
            problem,
            memo: CodeMap::default(),
            perms,
        }
    }

    /// The memo key of `code`: itself, or its least image under the kept symmetries.
    fn key(&self, code: u64) -> u64 {
        self.perms
            .iter()
            .map(|p| permute(p, code))
            .min()
            .unwrap_or(code)
    }

    /// True when some sequence of jumps from `code` ends in a goal position.
    pub fn winning(&mut self, code: u64) -> bool {
        if position::pegs(code) == 1 {
            return self.problem.is_goal(code);
        }
        let key = self.key(code);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let problem: &'a Problem = self.problem;
        let w = position::children(&problem.board, code).any(|c| self.winning(c));
        self.memo.insert(key, w);
        w
    }
}

/// The image of `code` under a permutation of holes, one bit at a time.
fn permute(perm: &[u8], code: u64) -> u64 {
    perm.iter()
        .enumerate()
        .filter(|&(k, _)| code >> k & 1 == 1)
        .fold(0, |acc, (_, &to)| acc | bit(to))
}

/// Every position reachable from `code` (itself included), raw codes, by depth-first search.
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

/// Number of jump sequences from `code` that end in a goal position, by plain recursion on raw
/// codes (no symmetry). Saturates at `u128::MAX`; the boards it is used on stay far below.
pub fn count(problem: &Problem, code: u64, memo: &mut HashMap<u64, u128>) -> u128 {
    if position::pegs(code) == 1 {
        return u128::from(problem.is_goal(code));
    }
    if let Some(&c) = memo.get(&code) {
        return c;
    }
    let kids: Vec<u64> = position::children(&problem.board, code).collect();
    let total = kids
        .into_iter()
        .fold(0u128, |t, c| t.saturating_add(count(problem, c, memo)));
    memo.insert(code, total);
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Goal, Start};
    use crate::Board;

    #[test]
    fn both_memos_agree_on_every_reachable_position() {
        let b = Board::by_name("trunc12").unwrap();
        let mut wins = 0;
        for goal in [Goal::Start, Goal::Any, Goal::Hole(5)] {
            let p = Problem::new(b.clone(), Start::Hole(1), goal).unwrap();
            let (mut plain, mut sym) = (Brute::new(&p), Brute::with_symmetry(&p));
            let all = reachable_from(&p, p.start_positions()[0]);
            assert!(all.len() > 100);
            wins += all.iter().filter(|&&x| plain.winning(x)).count();
            for x in all {
                assert_eq!(plain.winning(x), sym.winning(x), "{goal:?} {x}");
            }
        }
        assert!(wins > 0, "some position wins");
    }

    #[test]
    fn permute_moves_bits() {
        assert_eq!(permute(&[2, 0, 1], 0b001), 0b100);
        assert_eq!(permute(&[2, 0, 1], 0b110), 0b011);
    }
}
