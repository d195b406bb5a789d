//! Dead-end analysis (Bell computes both for the triangles and Wiegleb's board): the fewest
//! jumps after which the goal can no longer be reached, and the fewest jumps to a dead board,
//! where no jump is left at all. Breadth-first over positions by jumps, one per orbit.

use crate::board::Jump;
use crate::position::{self, CodeMap};
use crate::problem::Problem;

/// A line of jumps from a start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The start position it is played from.
    pub start: u64,
    /// Its jumps, in order.
    pub jumps: Vec<Jump>,
}

/// The two fastest ways to go wrong from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadEnds {
    /// Fewest jumps to a position the goal can't be reached from (no jumps: the start already).
    pub lost: Option<Line>,
    /// Fewest jumps to a position with no jump left.
    pub dead: Option<Line>,
}

/// Searches from the problem's starts; `is_winning` must be exact on reachable positions.
pub fn dead_ends(problem: &Problem, is_winning: impl Fn(u64) -> bool) -> DeadEnds {
    dead_ends_within(problem, is_winning, usize::MAX).0
}

/// As [`dead_ends`], holding at most about `positions` positions (one per orbit; the
/// children of one more position past them). The flag is false when the search stopped
/// there: a line not found then is not known never to be (a line found is still the fewest
/// jumps).
pub fn dead_ends_within(
    problem: &Problem,
    is_winning: impl Fn(u64) -> bool,
    positions: usize,
) -> (DeadEnds, bool) {
    let canon = problem.canon();
    let board = &problem.board;
    // orbit key -> (parent key, jump from the parent's representative, representative)
    let mut seen: CodeMap<(u64, Option<Jump>, u64)> = CodeMap::default();
    let mut frontier = Vec::new();
    for s in problem.start_positions() {
        let k = canon.canonical(s);
        if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(k) {
            e.insert((u64::MAX, None, s));
            frontier.push(k);
        }
    }
    let mut out = DeadEnds {
        lost: None,
        dead: None,
    };
    while !frontier.is_empty() && (out.lost.is_none() || out.dead.is_none()) {
        // judge this level first: the first level with a hit gives the fewest jumps
        for &k in &frontier {
            let rep = seen[&k].2;
            if out.lost.is_none() && !is_winning(rep) {
                out.lost = Some(path_to(&seen, k));
            }
            if out.dead.is_none() && position::legal_jumps(board, rep).next().is_none() {
                out.dead = Some(path_to(&seen, k));
            }
        }
        if out.lost.is_some() && out.dead.is_some() {
            break;
        }
        let mut next = Vec::new();
        for &k in &frontier {
            if seen.len() >= positions {
                return (out, false);
            }
            let rep = seen[&k].2;
            for j in position::legal_jumps(board, rep) {
                let x = position::after(rep, j);
                let key = canon.canonical(x);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key) {
                    e.insert((k, Some(j), x));
                    next.push(key);
                }
            }
        }
        frontier = next;
    }
    (out, true)
}

/// The line from a start to the representative of `key`: each key's representative is its
/// parent's representative after the stored jump, so the stored jumps play straight through.
fn path_to(seen: &CodeMap<(u64, Option<Jump>, u64)>, mut key: u64) -> Line {
    let mut jumps = Vec::new();
    let mut start = 0;
    while let Some(&(parent, jump, rep)) = seen.get(&key) {
        start = rep;
        match jump {
            Some(j) if parent != u64::MAX => jumps.push(j),
            _ => break,
        }
        key = parent;
    }
    jumps.reverse();
    Line { start, jumps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::brute::Brute;

    /// Fewest jumps to a position satisfying `hit`, over every jump sequence (no symmetry).
    fn brute_depth(p: &Problem, hit: &dyn Fn(u64) -> bool) -> Option<usize> {
        let mut level = p.start_positions();
        for d in 0..=p.board.len() {
            if level.iter().any(|&c| hit(c)) {
                return Some(d);
            }
            let mut next: Vec<u64> = level
                .iter()
                .flat_map(|&c| {
                    position::legal_jumps(&p.board, c).map(move |j| position::after(c, j))
                })
                .collect();
            next.sort_unstable();
            next.dedup();
            level = next;
        }
        None
    }

    #[test]
    fn agree_with_brute_force_on_small_boards() {
        for (board, start, goal) in [
            ("triangle4", "a2", "b2"),
            ("triangle5", "a1", "start"),
            ("triangle5", "a2", "any"),
            ("trunc12", "a2", "any"),
            ("triangle5", "c3", "start"),
        ] {
            let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
            let brute = std::cell::RefCell::new(Brute::new(&p));
            let winning = |c: u64| brute.borrow_mut().winning(c);
            let no_jump = |c: u64| position::legal_jumps(&p.board, c).next().is_none();
            let d = dead_ends(&p, winning);
            let depth = |l: &Option<Line>| l.as_ref().map(|l| l.jumps.len());
            assert_eq!(
                (depth(&d.lost), depth(&d.dead)),
                (brute_depth(&p, &|c| !winning(c)), brute_depth(&p, &no_jump)),
                "{board} {start} {goal}"
            );
            // the lines play from the start and end where they say
            for (line, lost) in [(&d.lost, true), (&d.dead, false)] {
                let line = line.as_ref().unwrap();
                assert_eq!(line.start, p.start_positions()[0]);
                let mut c = line.start;
                for &j in &line.jumps {
                    assert!(position::can_jump(c, j), "{board}: {line:?}");
                    c = position::after(c, j);
                }
                assert!(if lost { !winning(c) } else { no_jump(c) });
            }
        }
    }

    #[test]
    fn a_cap_on_positions_keeps_what_it_found_and_says_it_stopped() {
        let p = Problem::parse(Board::by_name("triangle5").unwrap(), "a1", "start").unwrap();
        let brute = std::cell::RefCell::new(Brute::new(&p));
        let winning = |c: u64| brute.borrow_mut().winning(c);
        let all = dead_ends(&p, winning);
        assert_eq!(
            dead_ends_within(&p, winning, usize::MAX),
            (all.clone(), true)
        );
        let (some, complete) = dead_ends_within(&p, winning, 3);
        assert!(!complete);
        for (line, whole) in [(&some.lost, &all.lost), (&some.dead, &all.dead)] {
            assert!(line.is_none() || line == whole, "{line:?} {whole:?}");
        }
    }
}
