//! Counting winning games: the number of distinct jump sequences from a position to the goal.
//!
//! The count of a position is the sum of the counts of its winning children, and 1 for a goal
//! position. Counts are invariant under the symmetries that keep the goal, so the work runs on
//! canonical codes, level by level, over the winning positions reachable from the position.

use super::par;
use crate::position;
use crate::problem::Problem;
use crate::symmetry::Canon;

/// Exact number of jump sequences from `code` that reach the goal. `is_winning` must be exact
/// for every position reachable from `code`.
pub fn count_from(problem: &Problem, canon: &Canon, code: u64, is_winning: impl Fn(u64) -> bool + Sync + Send) -> u128 {
    let board = &problem.board;
    let top = position::pegs(code) as usize;
    if top == 0 || !is_winning(code) {
        return 0;
    }
    let jumps = board.jumps();
    // levels[n]: canonical winning positions with n pegs reachable from `code`.
    let mut levels: Vec<Vec<u64>> = vec![Vec::new(); top + 1];
    levels[top] = vec![canon.canonical(code)];
    for n in (2..=top).rev() {
        let mut next = par::flat_map(&levels[n], |chunk, out| {
            for &x in chunk {
                for &j in jumps {
                    if position::can_jump(x, j) {
                        let c = position::after(x, j);
                        if is_winning(c) {
                            out.push(canon.canonical(c));
                        }
                    }
                }
            }
        });
        par::sort_dedup(&mut next);
        levels[n - 1] = next;
    }
    let mut below: Vec<u128> = levels[1].iter().map(|&x| u128::from(problem.is_goal(x))).collect();
    for n in 2..=top {
        let lower = &levels[n - 1];
        let counts = &below;
        below = par::map(&levels[n], |x| {
            jumps
                .iter()
                .filter(|&&j| position::can_jump(x, j))
                .filter_map(|&j| lower.binary_search(&canon.canonical(position::after(x, j))).ok())
                .map(|i| counts[i])
                .sum()
        });
    }
    below.first().copied().unwrap_or(0)
}
