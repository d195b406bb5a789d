//! What a forward position must have to still reach the goal. A position that fails is
//! dropped from F: it can't be winning, and neither can any child that only it leads to, so
//! every W_n is unchanged while F shrinks.
//!
//! Today's test: position classes (`crate::classes`). With one start every reachable
//! position shares the start's class, so this prunes only union problems (start `all`),
//! where the classes that can't finish in the goal drop out whole.

use crate::board::bit;
use crate::classes::Classes;
use crate::problem::Problem;

/// The pruning test of one problem.
pub struct Prune {
    /// None when pruning is off.
    classes: Option<(Classes, Vec<u64>)>,
}

impl Prune {
    /// The test for `problem` (keeps everything when `enabled` is false).
    pub fn new(problem: &Problem, enabled: bool) -> Prune {
        let classes = enabled.then(|| {
            let c = Classes::of(&problem.board);
            let goal = problem.goal_set();
            let mut allowed: Vec<u64> = (0..problem.board.len() as u8)
                .filter(|&h| goal >> h & 1 == 1)
                .map(|h| c.class(bit(h)))
                .collect();
            allowed.sort_unstable();
            allowed.dedup();
            (c, allowed)
        });
        Prune { classes }
    }

    /// False when the position can no longer reach the goal.
    #[inline]
    pub fn keeps(&self, code: u64) -> bool {
        match &self.classes {
            None => true,
            Some((c, allowed)) => allowed.binary_search(&c.class(code)).is_ok(),
        }
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
}
