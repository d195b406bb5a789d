//! Holding an oracle (a table, or the live solver) against the brute-force solver: on every
//! position reachable from a start, or on positions sampled by random playouts. Used by the
//! tests and by `pegwise tables --verify`.

use crate::oracle::Oracle;
use crate::position;
use crate::problem::Problem;
use crate::search::brute::{self, Brute};

/// A position where the oracle and brute force disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The position code.
    pub code: u64,
    /// What the oracle said (None: unknown).
    pub oracle: Option<bool>,
    /// What brute force says.
    pub brute: bool,
}

/// Checks every position reachable from the problem's (single) start; returns how many.
pub fn exhaustive(
    problem: &Problem,
    oracle: &mut Oracle,
    brute: &mut Brute,
) -> Result<usize, Mismatch> {
    let mut checked = 0;
    for start in problem.start_positions() {
        for x in brute::reachable_from(problem, start) {
            check(oracle, brute, x)?;
            checked += 1;
        }
    }
    Ok(checked)
}

/// Checks `want` distinct positions met on random playouts from the start. Each playout follows
/// winning jumps (when there are any) up to a random depth and then plays at random, so that
/// winning and losing positions of every size are sampled. Deterministic for a seed.
pub fn playouts(
    problem: &Problem,
    oracle: &mut Oracle,
    brute: &mut Brute,
    want: usize,
    seed: u64,
) -> Result<usize, Mismatch> {
    let mut rng = seed | 1;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut seen = std::collections::HashSet::new();
    let starts = problem.start_positions();
    let mut stalled = 0;
    while seen.len() < want && stalled < 1000 {
        let before = seen.len();
        let mut x = starts[next(starts.len())];
        let deviate_at = next(problem.board.len());
        for depth in 0.. {
            if seen.insert(x) {
                check(oracle, brute, x)?;
            }
            let kids: Vec<u64> = position::children(&problem.board, x).collect();
            if kids.is_empty() {
                break;
            }
            let good: Vec<u64> = if depth < deviate_at {
                kids.iter().copied().filter(|&c| brute.winning(c)).collect()
            } else {
                Vec::new()
            };
            let pool = if good.is_empty() { &kids } else { &good };
            x = pool[next(pool.len())];
        }
        stalled = if seen.len() == before { stalled + 1 } else { 0 };
    }
    Ok(seen.len())
}

fn check(oracle: &mut Oracle, brute: &mut Brute, x: u64) -> Result<(), Mismatch> {
    let want = brute.winning(x);
    let ask = oracle.ask();
    let got = oracle.winning(x, ask);
    if got == Some(want) {
        Ok(())
    } else {
        Err(Mismatch {
            code: x,
            oracle: got,
            brute: want,
        })
    }
}
