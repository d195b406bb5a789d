//! What the winning games from a position share, besides their number (`count`): the chance
//! that random play wins, the winning games read as sequences of positions up to symmetry,
//! and the positions every winning game passes through.
//!
//! Each is a walk over the winning positions reachable from the position, level by level (a
//! jump removes one peg), as `count::count_from` walks: the levels go down from the position,
//! keeping the children that win, and the values come back up from the one-peg finishes.
//!
//! - **The chance of random play.** At every step the player picks one of the legal jumps,
//!   each with the same chance. P(x) is 1 on a goal position, 0 at a dead end that is not the
//!   goal, and otherwise the mean of P over x's children, one term per legal jump (a child
//!   that no longer wins has P = 0). A float: the mean is taken in f64.
//! - **Position sequences.** A winning game read as the sequence of the positions it passes
//!   through, each taken up to the symmetries that keep the goal set (the board's whole group
//!   for goal `any` and for the English central game). Two games are the same when their
//!   sequences are. Their number is S(x) = the sum of S over the distinct classes of x's
//!   winning children (two jumps to images of one position count once), 1 at the goal.
//! - **Forced positions.** A position y is forced from x when every winning game from x
//!   passes through it. A game passes through exactly one position of each peg count between
//!   x's and the goal's, so y is forced exactly when it is the only position with its peg count
//!   on a winning game from x. A jump is forced when every winning game makes it: the jump
//!   between two forced positions one peg apart (two jumps from one position never leave the
//!   same position).
//!
//! All three values are invariant under the symmetries that keep the goal set, so the levels
//! are kept as canonical codes, as in `count`.

use super::count::Counts;
use super::{par, with_moves, Moves, WithMoves};
use crate::board::{Board, Jump};
use crate::position;
use crate::problem::Problem;
use crate::symmetry::{self, Canon};

/// The winning positions reachable from `code` (itself winning), by peg count, as canonical
/// codes under `m`'s group: `levels[n]` holds those with n pegs, `levels[1]` the goal
/// positions reached. Every position of every level lies on a winning game from `code`, and
/// every position of such a game is in its level. `is_winning` must be exact on them.
fn winning_levels<const G: usize>(
    m: &Moves<G>,
    problem: &Problem,
    code: u64,
    is_winning: &(dyn Fn(u64) -> bool + Sync + Send),
) -> Vec<Vec<u64>> {
    let top = position::pegs(code) as usize;
    let bits = problem.board.len() as u32;
    let mut levels: Vec<Vec<u64>> = vec![Vec::new(); top + 1];
    let pool = par::Pool::default();
    levels[top] = vec![m.canonical(code)];
    for n in (2..=top).rev() {
        if levels[n].is_empty() {
            break;
        }
        let children = par::collect(&pool, &levels[n], bits, None, |x, out| {
            m.children(x, |c| out.push(c))
        });
        levels[n - 1] = if n == 2 {
            children
                .into_iter()
                .filter(|&c| problem.is_goal(c))
                .collect()
        } else {
            par::filter(&children, is_winning)
        };
    }
    levels
}

/// The chance that random play from `code` ends on the goal: at every step one of the legal
/// jumps, each as likely (see the module's doc). `is_winning` must be exact for every position
/// reachable from `code` and its images under `canon`'s group, which must keep the goal set
/// (`Problem::canon` qualifies, as for `count::count_from`).
pub fn chance_from(
    problem: &Problem,
    canon: &Canon,
    code: u64,
    is_winning: &(dyn Fn(u64) -> bool + Sync + Send),
) -> f64 {
    let pegs = position::pegs(code);
    if pegs <= 1 {
        return if problem.is_goal(code) { 1.0 } else { 0.0 };
    }
    if !is_winning(code) {
        return 0.0;
    }
    with_moves(
        &problem.board,
        canon,
        Chance {
            problem,
            code,
            is_winning,
        },
    )
}

/// The work of `chance_from`.
struct Chance<'a> {
    problem: &'a Problem,
    code: u64,
    is_winning: &'a (dyn Fn(u64) -> bool + Sync + Send),
}

impl WithMoves for Chance<'_> {
    type Out = f64;

    fn run<const G: usize>(self, m: &Moves<G>) -> f64 {
        let levels = winning_levels(m, self.problem, self.code, self.is_winning);
        let mut below = Counts::new(&levels[1], &vec![1.0f64; levels[1].len()]);
        for level in levels.iter().skip(2).filter(|l| !l.is_empty()) {
            let p = par::map(level, |x| {
                let (mut jumps, mut sum) = (0u32, 0.0f64);
                m.children(x, |c| {
                    jumps += 1;
                    sum += below.get(c);
                });
                if jumps == 0 {
                    0.0
                } else {
                    sum / f64::from(jumps)
                }
            });
            below = Counts::new(level, &p);
        }
        below.get(m.canonical(self.code))
    }
}

/// The number of winning games from `code` read as sequences of positions up to the
/// symmetries that keep the goal set (see the module's doc); None past `u128::MAX`.
/// `is_winning` and `canon` as for [`chance_from`].
pub fn count_positions_from(
    problem: &Problem,
    canon: &Canon,
    code: u64,
    is_winning: &(dyn Fn(u64) -> bool + Sync + Send),
) -> Option<u128> {
    let pegs = position::pegs(code);
    if pegs <= 1 {
        return Some(u128::from(problem.is_goal(code)));
    }
    if !is_winning(code) {
        return Some(0);
    }
    let goal_group = sequence_group(problem);
    with_moves(
        &problem.board,
        canon,
        Sequences {
            problem,
            code,
            is_winning,
            same: (goal_group.perms().len() != canon.perms().len()).then_some(&goal_group),
        },
    )
}

/// The symmetries two positions of a sequence may differ by: those that keep the goal set.
pub fn sequence_group(problem: &Problem) -> Canon {
    Canon::new(
        problem.board.len(),
        symmetry::stabiliser(&problem.board, &[problem.goal_set()]),
    )
}

/// The work of `count_positions_from`.
struct Sequences<'a> {
    problem: &'a Problem,
    code: u64,
    is_winning: &'a (dyn Fn(u64) -> bool + Sync + Send),
    /// The group of [`sequence_group`] when it is bigger than the walk's own.
    same: Option<&'a Canon>,
}

impl WithMoves for Sequences<'_> {
    type Out = Option<u128>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Option<u128> {
        let levels = winning_levels(m, self.problem, self.code, self.is_winning);
        let mut below = Counts::new(&levels[1], &vec![1u128; levels[1].len()]);
        for level in levels.iter().skip(2).filter(|l| !l.is_empty()) {
            let counts = par::map(level, |x| {
                // (class under the goal's group, the child's code in the walk's group)
                let mut kids: Vec<(u64, u64)> = Vec::with_capacity(16);
                m.children(x, |c| {
                    kids.push((self.same.map_or(c, |g| g.canonical(c)), c));
                });
                kids.sort_unstable();
                kids.dedup_by_key(|k| k.0);
                kids.iter()
                    .try_fold(0u128, |s, &(_, c)| s.checked_add(below.get(c)))
            });
            let counts: Vec<u128> = counts.into_iter().collect::<Option<_>>()?;
            below = Counts::new(level, &counts);
        }
        Some(below.get(m.canonical(self.code)))
    }
}

/// The positions every winning game from `code` passes through, most pegs first: `code`
/// itself first, the goal position last when it is one hole. Empty when `code` doesn't win.
/// `is_winning` must be exact for every position reachable from `code` and its images under
/// the symmetries that keep `code` and the goal set (a table or solver of the game qualifies:
/// such an image of a position reached from `code` is reached from `code`).
pub fn forced_from(
    problem: &Problem,
    code: u64,
    is_winning: &(dyn Fn(u64) -> bool + Sync + Send),
) -> Vec<u64> {
    let pegs = position::pegs(code);
    if pegs <= 1 {
        return if problem.is_goal(code) {
            vec![code]
        } else {
            Vec::new()
        };
    }
    if !is_winning(code) {
        return Vec::new();
    }
    // the symmetries that keep `code` and the goal: the positions on winning games from
    // `code` are closed under them, so a level is one position exactly when it is one class
    // that they all fix
    let canon = Canon::new(
        problem.board.len(),
        symmetry::stabiliser(&problem.board, &[code, problem.goal_set()]),
    );
    with_moves(
        &problem.board,
        &canon,
        Forced {
            problem,
            canon: &canon,
            code,
            is_winning,
        },
    )
}

/// The work of `forced_from`.
struct Forced<'a> {
    problem: &'a Problem,
    canon: &'a Canon,
    code: u64,
    is_winning: &'a (dyn Fn(u64) -> bool + Sync + Send),
}

impl WithMoves for Forced<'_> {
    type Out = Vec<u64>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Vec<u64> {
        let levels = winning_levels(m, self.problem, self.code, self.is_winning);
        let fixed = |c: u64| {
            self.canon
                .perms()
                .iter()
                .all(|p| symmetry::apply(p, c) == c)
        };
        // the top level is `code` itself, listed as it is (its canonical code may differ)
        let mut out = vec![self.code];
        for level in levels.iter().rev().skip(1) {
            if let [c] = level[..] {
                if fixed(c) {
                    out.push(c);
                }
            }
        }
        out
    }
}

/// The forced positions of [`forced_from`] with, for each after the first, the jump that
/// leads to it from the one before when they are one jump apart: a forced jump.
pub fn forced_line(board: &Board, forced: &[u64]) -> Vec<(u64, Option<Jump>)> {
    let mut out = Vec::with_capacity(forced.len());
    let mut before: Option<u64> = None;
    for &y in forced {
        let jump = before
            .and_then(|x| position::legal_jumps(board, x).find(|&j| position::after(x, j) == y));
        out.push((y, jump));
        before = Some(y);
    }
    out
}
