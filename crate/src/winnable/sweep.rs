//! One walk over the positions reachable from a start: every hole where a game can end with one
//! peg, found at once, for boards the record does not cover (drawn boards). It is bounded by a
//! number of positions, so a big board costs a fixed, short time: what it found by then is
//! known, the rest is "not known". Unlike a search per goal, it never repeats itself.

use crate::board::{bit, Board};
use crate::position::{self, CodeSet};

/// Positions one sweep may keep: a set of at most 16 MB, under a second in the page.
pub const SWEEP_LIMIT: usize = 1 << 20;

/// What a sweep found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    /// The holes where some game from the start ends with its last peg (among those wanted).
    pub won: u64,
    /// True when every reachable position was seen (or every wanted hole was found): then a
    /// wanted hole outside `won` can't be won.
    pub complete: bool,
}

/// Walks the positions reachable from `from` (at most `limit` of them), collecting the one-peg
/// positions whose peg is in `wanted`; stops early once all of `wanted` is found.
pub fn sweep(board: &Board, from: u64, wanted: u64, limit: usize) -> Swept {
    if wanted == 0 {
        // nothing to look for: done before the first step
        return Swept {
            won: 0,
            complete: true,
        };
    }
    // a board of n holes has at most 2^n positions: a small board gets a small set
    let room = limit.min(1usize << board.len().min(usize::BITS as usize - 2));
    let mut seen = CodeSet::with_room(room);
    let mut kept = 1;
    seen.insert(from);
    let mut stack = vec![from];
    let mut won = 0;
    while let Some(code) = stack.pop() {
        if position::pegs(code) == 1 {
            won |= code & wanted;
            if won == wanted {
                return Swept {
                    won,
                    complete: true,
                };
            }
            continue;
        }
        for child in position::children(board, code) {
            if !seen.insert(child) {
                continue;
            }
            kept += 1;
            if kept > room {
                return Swept {
                    won,
                    complete: false,
                };
            }
            stack.push(child);
        }
    }
    Swept {
        won,
        complete: true,
    }
}

/// The positions with the most pegs from which one peg can still remain somewhere, on a small
/// board: built backwards from the one-peg positions by undoing jumps, level by level, until no
/// jump can be undone. None past `limit` positions in all (a big board).
pub fn most_pegs_winning(board: &Board, limit: usize) -> Option<Vec<u64>> {
    let n = board.len();
    // codes of different levels differ, so one set serves them all
    let room = limit.min(1usize << n.min(usize::BITS as usize - 2));
    let mut seen = CodeSet::with_room(room);
    let mut level: Vec<u64> = (0..n as u8).map(bit).collect();
    let mut total = n;
    loop {
        let mut next = Vec::new();
        for &code in &level {
            for &j in board.jumps() {
                let before = position::after(code, j);
                if position::can_unjump(code, j) && seen.insert(before) {
                    total += 1;
                    if total > room {
                        return None;
                    }
                    next.push(before);
                }
            }
        }
        if next.is_empty() {
            return Some(level);
        }
        level = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bit;
    use crate::winnable::search_finishes;

    /// Boards small enough for the reference search, catalogue and drawn.
    const BOARDS: &[&str] = &[
        "triangle4",
        "triangle5",
        "trunc12",
        "row:7",
        "ascii:ooo/ooo/ooo",
        "ascii:-ooo-/ooooo/ooooo/-ooo-",
        "ascii:oooo/oooo/oooo/oooo",
        "ascii-tri:--o/-o-o/o-o-o/-o-o",
    ];

    #[test]
    fn a_sweep_finds_what_a_search_per_goal_finds() {
        for name in BOARDS {
            let b = Board::by_name(name).unwrap();
            for s in 0..b.len() as u8 {
                let from = position::single_vacancy(&b, s);
                let exact = search_finishes(&b, from, b.full());
                let got = sweep(&b, from, b.full(), SWEEP_LIMIT);
                assert_eq!(got.won, exact, "{name} from {}", b.hole_name(s));
                assert!(got.complete, "{name}: small boards are swept whole");
                // one wanted hole: early exit, same answer for it
                for h in 0..b.len() as u8 {
                    let one = sweep(&b, from, bit(h), SWEEP_LIMIT);
                    assert_eq!(one.won, exact & bit(h), "{name} {s} -> {h}");
                    assert!(one.complete);
                }
            }
        }
    }

    #[test]
    fn past_its_limit_a_sweep_says_it_is_incomplete_and_claims_only_what_it_saw() {
        let b = Board::by_name("english").unwrap();
        let from = position::single_vacancy(&b, b.hole("d4").unwrap());
        let got = sweep(&b, from, b.full(), 10_000);
        assert!(!got.complete);
        assert_eq!(got.won, 0, "no game ends within the first 10,000 positions");
    }

    #[test]
    fn the_most_pegs_winning_are_what_a_search_finds() {
        for name in [
            "triangle5",
            "ascii:oooo/oooo/oooo/oooo",
            "ascii:-ooo-/ooooo/ooooo/-ooo-",
        ] {
            let b = Board::by_name(name).unwrap();
            let top = most_pegs_winning(&b, SWEEP_LIMIT).expect("a small board");
            let pegs = top[0].count_ones();
            let any = crate::problem::Problem::new(
                b.clone(),
                crate::problem::Start::All,
                crate::problem::Goal::Any,
            )
            .unwrap();
            let mut brute = crate::search::brute::Brute::new(&any);
            // every position with that many pegs or more: winning exactly when listed
            for code in (1..=b.full()).filter(|c| c.count_ones() >= pegs) {
                assert_eq!(top.contains(&code), brute.winning(code), "{name} {code:x}");
            }
        }
        assert!(most_pegs_winning(&Board::by_name("english").unwrap(), 10_000).is_none());
    }
}
