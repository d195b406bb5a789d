//! The generator: reachable sets F_n and winning sets W_n, symmetry-reduced, by peg count.
//!
//! F_(N−1) holds the start positions and F_(n−1) = D(F_n), the children of F_n. A position is
//! winning when the goal can still be reached from it. For a position reachable from the start,
//! that is exactly "some child is winning", so W_n is F_n filtered by W_(n−1). When the start set
//! equals the goal set, W_n = complement(W_(N−n)), and only F_n for n ≥ N/2 is needed (see
//! `solve`). All sets hold canonical codes under `Problem::canon`, sorted ascending.

pub mod brute;
pub mod count;
pub mod fewest;
pub mod live;
pub mod verify;
mod par;

use crate::board::Jump;
use crate::error::{Error, Result};
use crate::position;
use crate::problem::Problem;
use crate::symmetry::Canon;

/// Largest number of codes one level may hold before the generator gives up (3.2 GB of codes).
pub const DEFAULT_MAX_CODES: usize = 400_000_000;

/// What to compute.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Compute every reachable level even where the complement trick makes it unnecessary.
    pub all_reachable: bool,
    /// Refuse to build a level with more codes than this.
    pub max_codes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { all_reachable: false, max_codes: DEFAULT_MAX_CODES }
    }
}

/// The sets of a solved problem, indexed by peg count (0..=N).
#[derive(Debug, Clone)]
pub struct Solved {
    /// The problem.
    pub problem: Problem,
    /// Canonical forms used by every set.
    pub canon: Canon,
    /// F_n (empty where it was not needed).
    pub reachable: Vec<Vec<u64>>,
    /// W_n, complete for every n.
    pub winning: Vec<Vec<u64>>,
}

impl Solved {
    /// Is a position (reachable from the start set) winning?
    pub fn is_winning(&self, code: u64) -> bool {
        let n = position::pegs(code) as usize;
        self.winning.get(n).is_some_and(|w| w.binary_search(&self.canon.canonical(code)).is_ok())
    }

    /// Total number of winning codes over every level.
    pub fn winning_total(&self) -> usize {
        self.winning.iter().map(Vec::len).sum()
    }
}

/// The sorted canonical children of a level.
fn expand(canon: &Canon, jumps: &[Jump], level: &[u64], max: usize) -> Result<Vec<u64>> {
    let mut next = par::flat_map(level, |chunk, out| {
        let start = out.len();
        for &x in chunk {
            for &j in jumps {
                if position::can_jump(x, j) {
                    out.push(canon.canonical(position::after(x, j)));
                }
            }
        }
        out[start..].sort_unstable();
        let mut tail = out.split_off(start);
        tail.dedup();
        out.extend(tail);
    });
    if next.len() > max.saturating_mul(8) {
        return Err(Error::TooBig(format!("{} child codes at one level (limit {})", next.len(), max)));
    }
    par::sort_dedup(&mut next);
    if next.len() > max {
        return Err(Error::TooBig(format!("{} codes at one level (limit {max})", next.len())));
    }
    Ok(next)
}

/// The members of `level` with a child whose canonical code `test` accepts.
fn with_child(canon: &Canon, jumps: &[Jump], level: &[u64], test: impl Fn(u64) -> bool + Sync + Send) -> Vec<u64> {
    par::filter(level, |x| {
        jumps.iter().any(|&j| position::can_jump(x, j) && test(canon.canonical(position::after(x, j))))
    })
}

/// Canonical complements of a level, sorted.
fn complement_level(canon: &Canon, full: u64, level: &[u64]) -> Vec<u64> {
    let mut v = par::flat_map(level, |c, out| out.extend(c.iter().map(|&x| canon.canonical(full ^ x))));
    par::sort_dedup(&mut v);
    v
}

fn contains(set: &[u64], x: u64) -> bool {
    set.binary_search(&x).is_ok()
}

/// Solves a problem. `progress` hears one line per finished level.
pub fn solve(problem: &Problem, opts: Options, progress: &mut dyn FnMut(&str)) -> Result<Solved> {
    let board = &problem.board;
    let n_holes = board.len();
    let canon = problem.canon();
    let jumps = board.jumps().to_vec();
    let full = board.full();
    let mut reachable: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
    let mut winning: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
    let mut starts: Vec<u64> = problem.start_positions().iter().map(|&c| canon.canonical(c)).collect();
    starts.sort_unstable();
    starts.dedup();
    reachable[n_holes - 1] = starts;

    let half = problem.is_self_complementary() && !opts.all_reachable && n_holes >= 3;
    // Lowest level of F to build: h = ceil(N/2) with the complement trick, else 1.
    let h = n_holes.div_ceil(2);
    let lowest = if half { h } else { 1 };
    for n in (lowest..n_holes - 1).rev() {
        reachable[n] = expand(&canon, &jumps, &reachable[n + 1], opts.max_codes)?;
        progress(&format!("reachable with {n} pegs: {}", reachable[n].len()));
    }

    if half {
        // x in F_h wins iff some child c has complement(c) in F_(N−h+1): B_(h−1) = comp(F_(N−h+1)).
        let upper = &reachable[n_holes - h + 1];
        winning[h] = with_child(&canon, &jumps, &reachable[h], |c| contains(upper, canon.canonical(full ^ c)));
        for n in h + 1..n_holes {
            let below = &winning[n - 1];
            winning[n] = with_child(&canon, &jumps, &reachable[n], |c| contains(below, c));
        }
        for n in 1..h {
            winning[n] = complement_level(&canon, full, &winning[n_holes - n]);
        }
    } else {
        let goal = problem.goal_set();
        winning[1] = reachable[1].iter().copied().filter(|&x| x & goal != 0).collect();
        for n in 2..n_holes {
            let below = &winning[n - 1];
            winning[n] = with_child(&canon, &jumps, &reachable[n], |c| contains(below, c));
        }
    }
    progress(&format!("winning positions: {}", winning.iter().map(Vec::len).sum::<usize>()));
    Ok(Solved { problem: problem.clone(), canon, reachable, winning })
}

/// Number of distinct codes of a set under the board's whole symmetry group (the way the
/// literature counts orbits when the problem's own group is smaller).
pub fn orbits_under_full_group(problem: &Problem, set: &[u64]) -> usize {
    let full = Canon::full(&problem.board);
    let mut v = par::flat_map(set, |c, out| out.extend(c.iter().map(|&x| full.canonical(x))));
    par::sort_dedup(&mut v);
    v.len()
}
