//! The finish masks of a union table (see `crate::masks`): for every winning position of
//! Bell's 𝔚 (every single vacancy, finish anywhere), the holes it can finish in. One pass
//! up the levels: a one-peg position finishes where its peg is, and a position finishes
//! wherever one of its winning children does (moved back through the symmetry that made the
//! child canonical). The start masks of the stored half then come from the complements.
//!
//! Both passes work a level at a time ([`Levels`]): the pass up holds two levels and their
//! masks, and keeps each level's masks for the second; the second holds a stored level and
//! its complement level. Out of core, the levels and the masks stay in the job's work
//! directory, so a union table is written within about two levels' memory, and a killed
//! pass up carries on from the last level whose masks were kept.
//!
//! A union job out of core on one machine makes its levels with their masks in their keys
//! (`outcore::masked`): then there is no pass here, and each stored level's symbols are read
//! off the level ([`Levels::with_symbols`]).

use crate::error::{Error, GoalWhy, JobError, Over, Result};
use crate::masks::Candidates;
use crate::problem::{Goal, Problem, Start};
use crate::symmetry::Canon;

use super::count::Counts;
use super::{child_join, par, with_moves, Moves, Solved, WithMoves};

/// Where the union writer reads the winning levels and keeps the finish masks between its
/// two passes: memory ([`InMemory`]), or a job's work directory out of core.
pub trait Levels {
    /// W_n, ascending.
    fn winning(&self, n: usize) -> Result<Vec<u64>>;
    /// W_n, ascending, and the mask symbol of each code, when the levels were made with their
    /// masks ([`crate::generate::outcore::masked`]); None when the writer makes the masks.
    fn with_symbols(&self, _n: usize) -> Result<Option<(Vec<u64>, Vec<u16>)>> {
        Ok(None)
    }
    /// Whether the levels were made with their masks ([`Levels::with_symbols`] gives them).
    fn has_symbols(&self) -> bool {
        false
    }
    /// Whether the finish masks of W_n are kept.
    fn has_masks(&self, n: usize) -> bool;
    /// The finish masks of W_n, one per code in order (refused when they are not kept).
    fn masks(&self, n: usize) -> Result<Vec<u64>>;
    /// Keeps the finish masks of W_n.
    fn keep_masks(&mut self, n: usize, masks: &[u64]) -> Result<()>;
    /// Bytes the writer's lookups may take at once: the codes the join holds (`child_join`)
    /// on one machine, and the owners' tables of a cluster's writer ([`Parts`]).
    fn lookup_budget(&self) -> usize;
}

/// The levels of a problem solved in memory, and its masks kept beside them.
pub struct InMemory<'a> {
    solved: &'a Solved,
    masks: Vec<Option<Vec<u64>>>,
    budget: usize,
}

impl<'a> InMemory<'a> {
    /// The levels of `solved`, their lookup tables whole.
    pub fn new(solved: &'a Solved) -> InMemory<'a> {
        InMemory {
            solved,
            masks: vec![None; solved.winning.len()],
            budget: usize::MAX,
        }
    }

    /// The same, with lookup tables of at most `bytes` at once.
    pub fn with_budget(solved: &'a Solved, bytes: usize) -> InMemory<'a> {
        InMemory {
            budget: bytes,
            ..InMemory::new(solved)
        }
    }
}

impl Levels for InMemory<'_> {
    fn winning(&self, n: usize) -> Result<Vec<u64>> {
        Ok(self.solved.winning.get(n).cloned().unwrap_or_default())
    }
    fn has_masks(&self, n: usize) -> bool {
        self.masks.get(n).is_some_and(Option::is_some)
    }
    fn masks(&self, n: usize) -> Result<Vec<u64>> {
        self.masks
            .get(n)
            .cloned()
            .flatten()
            .ok_or_else(|| JobError::NoMasks(n).into())
    }
    fn keep_masks(&mut self, n: usize, masks: &[u64]) -> Result<()> {
        if let Some(slot) = self.masks.get_mut(n) {
            *slot = Some(masks.to_vec());
        }
        Ok(())
    }
    fn lookup_budget(&self) -> usize {
        self.budget
    }
}

/// A level's lookup table split into parts by a hash of the code, so that each part's table
/// keeps within a memory budget: a cluster's writer builds one part at a time on each owner
/// and asks about the codes of that part alone. One part (the whole table) when the table
/// fits.
#[derive(Clone, Copy)]
pub struct Parts(u64);

impl Parts {
    /// The fewest parts whose tables over `codes` codes take at most `budget` bytes each
    /// (with a tenth to spare for a part that draws more than its share).
    pub fn within(codes: usize, budget: usize) -> Parts {
        let mut k = 1u64;
        while k < 1 << 20 && Counts::<u64>::bytes_for(codes * 11 / 10 / k as usize + 1) > budget {
            k *= 2;
        }
        Parts(k)
    }

    /// How many.
    pub fn count(self) -> u64 {
        self.0
    }

    /// Whether `code` is in part `p` (a hash independent of the table's own slots).
    #[inline]
    pub fn holds(self, p: u64, code: u64) -> bool {
        self.0 == 1 || (code.wrapping_mul(0xff51_afd7_ed55_8ccd) >> 40) % self.0 == p
    }
}

/// The inverse of each symmetry, by number.
pub(crate) fn inverses(canon: &Canon) -> Vec<usize> {
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

/// The pass up: the finish masks of every winning level from one peg up, each kept in
/// `levels` as it is made (a level whose masks are kept already is passed over). Each child's
/// canonical code and the symmetry that made it come from the parent's images ([`Moves`]),
/// and the children meet the level below in a partitioned join (`child_join`), which looks
/// each bucket of children up in a cache-sized hash of its stretch of the level below.
struct PassUp<'a> {
    levels: &'a mut dyn Levels,
    canon: &'a Canon,
    inv: &'a [usize],
    holes: usize,
    progress: &'a mut dyn FnMut(&str),
}

impl WithMoves for PassUp<'_> {
    type Out = Result<()>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Result<()> {
        let PassUp {
            levels,
            canon,
            inv,
            holes,
            progress,
        } = self;
        let budget = levels.lookup_budget();
        // W_(n−1) and its masks, when the level before was made in this run
        let mut below: Option<(Vec<u64>, Vec<u64>)> = None;
        for n in 1..holes {
            if levels.has_masks(n) {
                below = None;
                continue;
            }
            let here = levels.winning(n)?;
            let masks = if n == 1 {
                // a one-peg position finishes where its peg is
                here.clone()
            } else {
                let (codes, masks) = match below.take() {
                    Some(b) => b,
                    None => (levels.winning(n - 1)?, levels.masks(n - 1)?),
                };
                let below = child_join::Below::new(&codes, &masks, holes as u32);
                // the two levels, the masks below and those being made
                let held = 8 * (2 * here.len() + 2 * codes.len());
                let budget = join_budget(budget, held);
                child_join::masks(canon, inv, &below, &here, budget, |x, f| {
                    m.children_with_symmetry(x, &mut *f)
                })
            };
            progress(&format!("finish masks with {n} pegs: {}", here.len()));
            levels.keep_masks(n, &masks)?;
            below = Some((here, masks));
        }
        Ok(())
    }
}

/// The bytes a join may take for its children, out of the writer's `budget`, when the levels
/// in hand and their masks take `held`: what is left, and at least a quarter of the budget,
/// so that the join's chunks stay big enough to be worth hashing each stretch for.
fn join_budget(budget: usize, held: usize) -> usize {
    budget.saturating_sub(held).max(budget / 4)
}

/// Writes the levels of a union problem's table, a stored level at a time (n ≤ N/2): the
/// finish masks first (the pass up, kept in `levels`), then each level's codes, their colex
/// ranks and their mask symbols, handed to `level` as they are made. Levels made with their masks give their
/// symbols at once, with no pass up. `progress` hears a line per level.
pub fn union_levels(
    problem: &Problem,
    canon: &Canon,
    levels: &mut dyn Levels,
    level: &mut dyn FnMut(usize, Vec<u64>, Vec<u64>, Vec<u16>) -> Result<()>,
    progress: &mut dyn FnMut(&str),
) -> Result<()> {
    let board = &problem.board;
    let n_holes = board.len();
    if problem.start != Start::All || problem.goal != Goal::Any {
        return Err(Error::bad_goal(&problem.goal_text(), GoalWhy::NotUnion));
    }
    let inv = inverses(canon);
    let cand = Candidates::of(board);
    if cand.max_bits() > 16 {
        return Err(Over::MaskHoles {
            board: board.name().to_string(),
            holes: cand.max_bits(),
        }
        .into());
    }
    if levels.has_symbols() {
        for n in 1..=n_holes / 2 {
            let (here, syms) = levels.with_symbols(n)?.ok_or(JobError::NoMasks(n))?;
            let ranks = par::map(&here, crate::codec::rank);
            progress(&format!("mask symbols with {n} pegs"));
            level(n, here, ranks, syms)?;
        }
        return Ok(());
    }
    with_moves(
        board,
        canon,
        PassUp {
            levels: &mut *levels,
            canon,
            inv: &inv,
            holes: n_holes,
            progress: &mut *progress,
        },
    )?;
    let full = board.full();
    for n in 1..=n_holes / 2 {
        let here = levels.winning(n)?;
        let finishes = levels.masks(n)?;
        // the starts of x are the finishes of its complement, moved back into x's frame; the
        // middle level of an even board is its own complement level, read once
        let middle = 2 * n == n_holes;
        let mirror = match middle {
            true => None,
            false => Some((levels.winning(n_holes - n)?, levels.masks(n_holes - n)?)),
        };
        let (codes, masks) = mirror.as_ref().map_or((&here, &finishes), |(c, m)| (c, m));
        let below = child_join::Below::new(codes, masks, n_holes as u32);
        // the level and its masks, the complement level and its masks, and the masks made
        let held = 8 * (3 * here.len() + mirror.as_ref().map_or(0, |m| 2 * m.0.len()));
        let budget = join_budget(levels.lookup_budget(), held);
        let starts = child_join::masks(canon, &inv, &below, &here, budget, |x, f| {
            let (cc, s) = canon.canonical_with(full ^ x);
            f(cc, s)
        });
        drop(below);
        drop(mirror);
        let syms = symbols(&cand, &here, &finishes, &starts);
        drop((starts, finishes));
        let ranks = par::map(&here, crate::codec::rank);
        progress(&format!("mask symbols with {n} pegs"));
        level(n, here, ranks, syms)?;
    }
    Ok(())
}

/// For the writer on a cluster, where each worker holds a share of every level and asks the
/// owners of the codes it needs for their masks: each canonical child of each code of `xs`,
/// as (child, index of the code in `xs`, the symmetry that made the child canonical). The
/// answers are moved back as the pull of one process moves them ([`finishes`]), so the masks
/// are the same.
#[cfg(feature = "distributed")]
pub(crate) fn child_asks(
    board: &crate::board::Board,
    canon: &Canon,
    xs: &[u64],
) -> Vec<(u64, u32, u8)> {
    struct Asks<'a> {
        xs: &'a [u64],
    }
    impl WithMoves for Asks<'_> {
        type Out = Vec<(u64, u32, u8)>;
        fn run<const G: usize>(self, m: &Moves<G>) -> Vec<(u64, u32, u8)> {
            use rayon::prelude::*;
            self.xs
                .par_iter()
                .enumerate()
                .fold(Vec::new, |mut out, (i, &x)| {
                    m.children_with_symmetry(x, |c, s| out.push((c, i as u32, s as u8)));
                    out
                })
                .reduce(Vec::new, |mut a, mut b| {
                    a.append(&mut b);
                    a
                })
        }
    }
    with_moves(board, canon, Asks { xs })
}

/// The mask symbol of each code of `here`, from its finish and start masks.
pub(crate) fn symbols(
    cand: &Candidates,
    here: &[u64],
    finishes: &[u64],
    starts: &[u64],
) -> Vec<u16> {
    par::map_index(here.len(), |i| {
        cand.compact(here[i], finishes[i], starts[i])
    })
}
