//! What a forward position must have to still reach the goal. A position that fails is
//! dropped from F: it can't be winning, and neither can any child that only it leads to, so
//! every W_n is unchanged while F shrinks.
//!
//! Two tests, together: a position must be in the class of some goal hole (position classes,
//! `crate::classes`), and for some such hole h no pagoda function of h (`crate::pagoda`,
//! from linear programming over the board's jumps) may weigh the position below h. With one
//! start every reachable position shares the start's class, so the classes only choose
//! which finish holes the pagodas are asked about; for union problems (start `all`) whole
//! classes drop out.

use crate::board::bit;
use crate::classes::Classes;
use crate::pagoda::Pagodas;
use crate::problem::Problem;

/// The pruning test of one problem.
pub struct Prune {
    /// None when pruning is off.
    test: Option<Test>,
}

/// What [`Prune`] tests with.
struct Test {
    classes: Classes,
    /// The pagodas of the goal holes.
    pagodas: Pagodas,
    /// Per class that has a goal hole (sorted by class), its goal holes.
    by_class: Vec<(u64, Vec<u8>)>,
}

impl Prune {
    /// The test for `problem` (keeps everything when `enabled` is false).
    pub fn new(problem: &Problem, enabled: bool) -> Prune {
        let test = enabled.then(|| {
            let board = &problem.board;
            let c = Classes::of(board);
            let goal = problem.goal_set();
            let pagodas = Pagodas::for_goal(board, goal);
            let mut by_class: Vec<(u64, Vec<u8>)> = Vec::new();
            for h in (0..board.len() as u8).filter(|&h| goal >> h & 1 == 1) {
                let k = c.class(bit(h));
                match by_class.iter_mut().find(|e| e.0 == k) {
                    Some(e) => e.1.push(h),
                    None => by_class.push((k, vec![h])),
                }
            }
            by_class.sort_by_key(|e| e.0);
            Test {
                classes: c,
                pagodas,
                by_class,
            }
        });
        Prune { test }
    }

    /// False when the position can no longer reach the goal.
    #[inline]
    pub fn keeps(&self, code: u64) -> bool {
        let Some(t) = &self.test else {
            return true;
        };
        let k = t.classes.class(code);
        let Ok(i) = t.by_class.binary_search_by_key(&k, |e| e.0) else {
            return false;
        };
        t.by_class[i]
            .1
            .iter()
            .any(|&h| !t.pagodas.excludes(code, h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Goal, Start};

    #[test]
    fn classes_drop_union_positions_that_cannot_finish_and_keep_winners() {
        // French: starts d1, c2, c3 and b2 can't be won to one peg anywhere (classes).
        let b = Board::by_name("french").unwrap();
        let p = Problem::new(b.clone(), Start::All, Goal::Any).unwrap();
        let keep = Prune::new(&p, true);
        for name in ["d1", "c2", "c3", "b2"] {
            let s = crate::position::single_vacancy(&b, b.hole(name).unwrap());
            assert!(!keep.keeps(s), "{name}");
        }
        let c1 = crate::position::single_vacancy(&b, b.hole("c1").unwrap());
        assert!(keep.keeps(c1));
        assert!(Prune::new(&p, false).keeps(crate::position::single_vacancy(&b, 0)));
    }

    #[test]
    fn pruning_never_drops_a_winning_position() {
        // Every position from every start of the 15-hole triangle, finish in the corner:
        // what brute force wins, the test keeps; and it drops some that can't win.
        use crate::solve::brute::Brute;
        let b = Board::by_name("triangle5").unwrap();
        let p = Problem::new(b.clone(), Start::All, Goal::Hole(0)).unwrap();
        let keep = Prune::new(&p, true);
        let mut brute = Brute::new(&p);
        let mut dropped = 0;
        for code in 1..(1u64 << b.len()) {
            if !keep.keeps(code) {
                assert!(!brute.winning(code), "{code}");
                dropped += 1;
            }
        }
        assert!(dropped > 10_000, "{dropped}");
    }
}
