//! The finish masks of a union table (see `crate::masks`): for every winning position of
//! Bell's 𝔚 (every single vacancy, finish anywhere), the holes it can finish in. One pass
//! up the levels: a one-peg position finishes where its peg is, and a position finishes
//! wherever one of its winning children does (moved back through the symmetry that made the
//! child canonical). The start masks of the stored half then come from the complements.

use crate::error::{Error, GoalWhy, Over, Result};
use crate::masks::Candidates;
use crate::problem::{Goal, Start};
use crate::symmetry::Canon;

use super::count::{Counts, MAX_JUMPS};
use super::{par, with_moves, Moves, Solved, WithMoves};

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

/// The finish masks of every winning level, from one peg up (`f[n][i]`: the mask of
/// `winning[n][i]`, in its own frame). Each child's canonical code and the symmetry that made
/// it come from the parent's images ([`Moves`]), and the level below is a hash table from code
/// to mask: one cache miss a child, where a binary search over a big level takes several.
struct Finishes<'a> {
    solved: &'a Solved,
    inv: &'a [usize],
    progress: &'a mut dyn FnMut(&str),
}

impl WithMoves for Finishes<'_> {
    type Out = Vec<Vec<u64>>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Vec<Vec<u64>> {
        let (solved, inv) = (self.solved, self.inv);
        let canon = &solved.canon;
        let n_holes = solved.problem.board.len();
        let mut f: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
        // a one-peg position finishes where its peg is
        f[1] = solved.winning[1].clone();
        for n in 2..n_holes {
            let below = Counts::new(&solved.winning[n - 1], &f[n - 1]);
            f[n] = par::map(&solved.winning[n], |x| finishes(m, canon, inv, &below, x));
            (self.progress)(&format!("finish masks with {n} pegs: {}", f[n].len()));
        }
        f
    }
}

/// The finish mask of `x`: it finishes wherever a winning child does, moved back through the
/// symmetry that made the child canonical (`below` gives 0 for a child that is not winning).
/// The children are gathered and their slots touched first: the loads are independent, so
/// their cache misses overlap instead of queueing one after another.
#[inline]
fn finishes<const G: usize>(
    m: &Moves<G>,
    canon: &Canon,
    inv: &[usize],
    below: &Counts<u64>,
    x: u64,
) -> u64 {
    let mut kids = [(0u64, 0usize); MAX_JUMPS];
    let mut k = 0;
    m.children_with_symmetry(x, |c, s| {
        if k < MAX_JUMPS {
            kids[k] = (c, s);
        }
        k += 1;
    });
    let back = |(c, s): (u64, usize)| match below.get(c) {
        0 => 0,
        f => canon.transform(inv[s], f),
    };
    if k > MAX_JUMPS {
        let mut mask = 0;
        m.children_with_symmetry(x, |c, s| mask |= back((c, s)));
        return mask;
    }
    let touch = kids[..k]
        .iter()
        .fold(0, |t, &(c, _)| t ^ below.first_key(c));
    std::hint::black_box(touch);
    kids[..k].iter().fold(0, |mask, &kid| mask | back(kid))
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
    let f = with_moves(
        board,
        canon,
        Finishes {
            solved,
            inv: &inv,
            progress,
        },
    );
    let full = board.full();
    let levels = (0..=n_holes)
        .map(|n| {
            if n == 0 || 2 * n > n_holes {
                return None;
            }
            // the starts of x are the finishes of its complement, moved back into x's frame
            let other = Counts::new(&solved.winning[n_holes - n], &f[n_holes - n]);
            let here = &solved.winning[n];
            let indices: Vec<u64> = (0..here.len() as u64).collect();
            let syms = par::map(&indices, |i| {
                let (x, idx) = (here[i as usize], i as usize);
                let (cc, s) = canon.canonical_with(full ^ x);
                let starts = match other.get(cc) {
                    0 => 0,
                    m => canon.transform(inv[s], m),
                };
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
