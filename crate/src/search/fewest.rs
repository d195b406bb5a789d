//! Fewest moves: a move is a chain of jumps by one peg (stopping anywhere along the chain, as
//! in MPMP's puzzle), and this finds a solution with the fewest moves, by breadth-first search
//! over positions that are still winning.

use crate::board::Jump;
use crate::position::{self, CodeMap};
use crate::problem::Problem;
use crate::symmetry::Canon;

/// Every position one move (a chain of ≥ 1 jumps by one peg) after `code`, with its jumps.
pub fn one_move(problem: &Problem, code: u64) -> Vec<(u64, Vec<Jump>)> {
    let board = &problem.board;
    let mut out = Vec::new();
    let mut stack: Vec<(u64, u8, Vec<Jump>)> = (0..board.len() as u8)
        .filter(|&h| code >> h & 1 == 1)
        .map(|h| (code, h, Vec::new()))
        .collect();
    while let Some((pos, at, chain)) = stack.pop() {
        for j in board.jumps_from(at) {
            if position::can_jump(pos, j) {
                let next = position::after(pos, j);
                let mut c = chain.clone();
                c.push(j);
                out.push((next, c.clone()));
                stack.push((next, j.to, c));
            }
        }
    }
    out
}

/// A solution with the fewest moves: its start position and each move as its chain of jumps;
/// None when the goal cannot be reached from any start. `is_winning` must be exact on
/// reachable positions.
pub fn fewest_moves(
    problem: &Problem,
    canon: &Canon,
    is_winning: impl Fn(u64) -> bool,
) -> Option<(u64, Vec<Vec<Jump>>)> {
    // key -> (parent key, the move from the parent's representative, this representative)
    let mut seen: CodeMap<(u64, Vec<Jump>, u64)> = CodeMap::default();
    let mut frontier = Vec::new();
    for s in problem.start_positions() {
        let k = canon.canonical(s);
        if is_winning(s) && !seen.contains_key(&k) {
            seen.insert(k, (u64::MAX, Vec::new(), s));
            frontier.push(s);
        }
    }
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &r in &frontier {
            for (x, chain) in one_move(problem, r) {
                let k = canon.canonical(x);
                if seen.contains_key(&k) || !is_winning(x) {
                    continue;
                }
                seen.insert(k, (canon.canonical(r), chain, x));
                if problem.is_goal(x) {
                    return Some(path_to(&seen, k));
                }
                next.push(x);
            }
        }
        frontier = next;
    }
    None
}

fn path_to(seen: &CodeMap<(u64, Vec<Jump>, u64)>, mut key: u64) -> (u64, Vec<Vec<Jump>>) {
    let mut moves = Vec::new();
    while let Some((parent, chain, rep)) = seen.get(&key) {
        if *parent == u64::MAX {
            moves.reverse();
            return (*rep, moves);
        }
        moves.push(chain.clone());
        key = *parent;
    }
    moves.reverse();
    (0, moves)
}
