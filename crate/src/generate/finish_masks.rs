//! The finish masks of a union table (see `crate::masks`): for every winning position of
//! Bell's 𝔚 (every single vacancy, finish anywhere), the holes it can finish in. One pass
//! up the levels: a one-peg position finishes where its peg is, and a position finishes
//! wherever one of its winning children does (moved back through the symmetry that made the
//! child canonical). The start masks of the stored half then come from the complements.

use crate::error::{Error, GoalWhy, Over, Result};
use crate::masks::Candidates;
use crate::position;
use crate::problem::{Goal, Start};
use crate::symmetry::Canon;

use super::{par, Solved};

/// The inverse of each symmetry, by number.
fn inverses(canon: &Canon) -> Vec<usize> {
    let perms = canon.perms();
    perms
        .iter()
        .map(|p| {
            perms
                .iter()
                .position(|q| {
                    p.iter()
                        .enumerate()
                        .all(|(k, &i)| q[usize::from(i)] == k as u8)
                })
                .unwrap_or(0)
        })
        .collect()
}

/// The finish mask of `code`, from the masks of the level below.
fn finishes_of(
    solved: &Solved,
    inv: &[usize],
    below: &[u64],
    below_masks: &[u64],
    code: u64,
) -> u64 {
    let canon = &solved.canon;
    let mut m = 0;
    for c in position::children(&solved.problem.board, code) {
        let (cc, s) = canon.canonical_with(c);
        if let Ok(i) = below.binary_search(&cc) {
            m |= canon.transform(inv[s], below_masks[i]);
        }
    }
    m
}

/// Per stored level n ≤ N/2 of a union problem: the colex ranks of W_n and each code's mask
/// symbol. `progress` hears a line per level.
pub fn union_levels(
    solved: &Solved,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<crate::table::LevelCodes>> {
    let p = &solved.problem;
    let board = &p.board;
    let n_holes = board.len();
    if p.start != Start::All || p.goal != Goal::Any {
        return Err(Error::bad_goal(&p.goal_text(), GoalWhy::NotUnion));
    }
    let canon = &solved.canon;
    let inv = inverses(canon);
    let cand = Candidates::of(board);
    if cand.max_bits() > 16 {
        return Err(Over::MaskHoles {
            board: board.name().to_string(),
            holes: cand.max_bits(),
        }
        .into());
    }
    // f[n][i]: finish mask of winning[n][i], in its own frame
    let mut f: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
    f[1] = solved.winning[1].clone();
    for n in 2..n_holes {
        let (lower, upper) = f.split_at_mut(n);
        let below_masks = &lower[n - 1];
        let below = &solved.winning[n - 1];
        upper[0] = par::map(&solved.winning[n], |x| {
            finishes_of(solved, &inv, below, below_masks, x)
        });
        progress(&format!("finish masks with {n} pegs: {}", f[n].len()));
    }
    let full = board.full();
    let levels = (0..=n_holes)
        .map(|n| {
            if n == 0 || 2 * n > n_holes {
                return None;
            }
            let other = &solved.winning[n_holes - n];
            let other_f = &f[n_holes - n];
            let here = &solved.winning[n];
            let indices: Vec<u64> = (0..here.len() as u64).collect();
            let syms = par::map(&indices, |i| {
                let (x, idx) = (here[i as usize], i as usize);
                let (cc, s) = canon.canonical_with(full ^ x);
                let starts = other
                    .binary_search(&cc)
                    .map_or(0, |i| canon.transform(inv[s], other_f[i]));
                cand.compact(x, f[n][idx], starts)
            });
            let ranks = solved.winning[n]
                .iter()
                .map(|&c| crate::codec::rank(c))
                .collect();
            Some((ranks, Some(syms)))
        })
        .collect();
    Ok(levels)
}
