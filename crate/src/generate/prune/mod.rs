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
//!
//! With one finish hole, the pagodas are joined by falling ones learnt from a big level
//! ([`Prune::learn`], `learn`), which drop far more of the levels below it. The pagodas
//! of the goal holes of a class are tested together, by one [`Screen`].

mod learn;

use crate::board::bit;
use crate::classes::{ClassTable, Classes};
use crate::pagoda::{Pagoda, Pagodas, Partial, Screen};
use crate::problem::Problem;

/// Positions a level must have for [`Prune::learn`] to learn from it: enough to sample, and
/// early enough that the big levels below gain.
const LEARN_AT: usize = 60_000;
/// Past this many positions a level is not learnt from: the big levels are what learning is
/// for, and out of core the level is read back whole to learn from it.
const LEARN_MAX: usize = 4_000_000;
/// Levels tried in turn until one teaches something: on the English board the first one does
/// (22 pegs of 33); on bigger boards the first levels past [`LEARN_AT`] are fuller, and nearly
/// all of their positions can still finish.
const TRIES: u8 = 4;
/// Most pagodas a screen tests after learning (three blocks of lanes).
const MOST: usize = 48;

/// The pruning test of one problem.
pub struct Prune {
    /// None when pruning is off.
    test: Option<Test>,
}

/// Classes up to this dimension find their screen in a table indexed by class; past it, by
/// a binary search.
const INDEXED: usize = 10;

/// What [`Prune`] tests with.
struct Test {
    classes: ClassTable,
    /// The pagodas of the goal holes.
    pagodas: Pagodas,
    /// Per class that has a goal hole (sorted by class): its goal holes, and a screen of
    /// their pagodas.
    by_class: Vec<(u64, Vec<u8>, Screen)>,
    /// `index[class]`: 1 + its place in `by_class`, 0 for a class without a goal hole (empty
    /// past [`INDEXED`] invariants).
    index: Vec<u8>,
    /// The goal's one hole, which [`Prune::learn`] learns for (None for a goal of several
    /// holes, or when its screen has no room left).
    learns_for: Option<u8>,
    /// Levels [`Prune::learn`] may still try (0 once it has learnt, or never will).
    tries: u8,
}

impl Prune {
    /// The test for `problem` (keeps everything when `enabled` is false).
    pub fn new(problem: &Problem, enabled: bool) -> Prune {
        let test = enabled.then(|| {
            let board = &problem.board;
            let c = Classes::of(board);
            let goal = problem.goal_set();
            let pagodas = Pagodas::for_goal(board, goal);
            let mut holes_of: Vec<(u64, Vec<u8>)> = Vec::new();
            for h in (0..board.len() as u8).filter(|&h| goal >> h & 1 == 1) {
                let k = c.class(bit(h));
                match holes_of.iter_mut().find(|e| e.0 == k) {
                    Some(e) => e.1.push(h),
                    None => holes_of.push((k, vec![h])),
                }
            }
            holes_of.sort_by_key(|e| e.0);
            let by_class: Vec<(u64, Vec<u8>, Screen)> = holes_of
                .into_iter()
                .map(|(k, holes)| {
                    let screen = screen_of(&pagodas, &holes, |h| pagodas.of_hole(h));
                    (k, holes, screen)
                })
                .collect();
            let mut index = Vec::new();
            if c.dimension() <= INDEXED {
                index = vec![0u8; 1 << c.dimension()];
                for (i, e) in by_class.iter().enumerate() {
                    // at most 64 goal holes, so at most 64 classes
                    index[e.0 as usize] = i as u8 + 1;
                }
            }
            // learning is for a goal of one hole only, with room left in the screen
            let learns_for = match &by_class[..] {
                [(_, holes, _)] if holes.len() == 1 && pagodas.of_hole(holes[0]).len() < MOST => {
                    Some(holes[0])
                }
                _ => None,
            };
            Test {
                classes: c.table(board),
                pagodas,
                by_class,
                index,
                learns_for,
                tries: if learns_for.is_some() { TRIES } else { 0 },
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
        t.place(t.classes.class(code))
            .is_some_and(|i| !t.by_class[i].2.excludes(code))
    }

    /// [`Prune::keeps`] for a run of ascending codes that all have the peg count and the class
    /// of `like` (one dense level's): neither is worked out again a code.
    pub fn cursor(&self, like: u64) -> impl FnMut(u64) -> bool + '_ {
        let pegs = crate::position::pegs(like) as usize;
        // None keeps every code; Some(None) drops every one (a class without a goal hole)
        let screen = self
            .test
            .as_ref()
            .map(|t| t.place(t.classes.class(like)).map(|i| &t.by_class[i].2));
        let mut partial = Partial::default();
        move |code| match screen {
            None => true,
            Some(None) => false,
            Some(Some(s)) => !s.excludes_next(code, pegs, &mut partial),
        }
    }

    /// Whether to learn from a level of `size` positions just made (see the module), for a
    /// goal of one hole: from the first level of `LEARN_AT` to `LEARN_MAX` positions, or the
    /// next ones while none taught anything (`TRIES` levels at most), none after a level past
    /// `LEARN_MAX`. Both generators ask about every level they make, in turn, and then
    /// call [`Prune::learn`] with that level when told to.
    pub fn wants_to_learn(&mut self, size: u64) -> bool {
        let Some(t) = &mut self.test else {
            return false;
        };
        if size > LEARN_MAX as u64 {
            t.tries = 0;
        }
        t.tries > 0 && size >= LEARN_AT as u64
    }

    /// Learns falling pagodas from a level (one of the tries): the levels made afterwards are
    /// pruned harder; the winning sets stay the same.
    pub fn learn(&mut self, level: &[u64]) {
        let Some(t) = &mut self.test else {
            return;
        };
        let Some(h) = t.learns_for.filter(|_| t.tries > 0) else {
            return;
        };
        t.tries -= 1;
        let base = t.pagodas.of_hole(h);
        let room = MOST.saturating_sub(base.len());
        // the goal's one class, with this one hole
        let screen = &mut t.by_class[0].2;
        let mut all = learn::families(&t.pagodas, h, level, screen, room);
        if all.is_empty() {
            return;
        }
        t.tries = 0;
        all.extend_from_slice(base);
        *screen = screen_of(&t.pagodas, &[h], |_| &all);
    }
}

impl Test {
    /// Where a class is in `by_class` (None for a class without a goal hole).
    #[inline]
    fn place(&self, class: u64) -> Option<usize> {
        if self.index.is_empty() {
            self.by_class.binary_search_by_key(&class, |e| e.0).ok()
        } else {
            self.index[class as usize].checked_sub(1).map(usize::from)
        }
    }
}

/// A screen of the pagodas `of` gives for each of `holes`.
fn screen_of<'a>(pagodas: &Pagodas, holes: &[u8], of: impl Fn(u8) -> &'a [Pagoda]) -> Screen {
    let finishes: Vec<(u8, &[Pagoda])> = holes.iter().map(|&h| (h, of(h))).collect();
    Screen::new(pagodas.board().len(), &finishes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pagoda::LOW_BYTES;
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
    fn the_cursor_answers_as_keeps_does() {
        // Codes of one peg count and class at a time (a dense level's), in ascending runs that
        // share their high bytes and in any order: French's union (many classes, several
        // finishes a screen) and the English central game (one finish), with what it learns
        // from random positions.
        let french = Problem::new(Board::by_name("french").unwrap(), Start::All, Goal::Any);
        let english = Problem::parse(Board::by_name("english").unwrap(), "d4", "start");
        for p in [french.unwrap(), english.unwrap()] {
            let mut keep = Prune::new(&p, true);
            let classes = Classes::of(&p.board);
            let full = p.board.full();
            let mut x = 0x2545_f491_4f6c_dd1du64;
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let level: Vec<u64> = (0..200_000)
                .map(|_| next() & full)
                .filter(|c| c.count_ones() == 22)
                .collect();
            keep.learn(&level);
            let codes: Vec<u64> = (0..40_000)
                .map(|i| {
                    let r = next();
                    // runs of codes with the same high bytes
                    let low = (1u64 << (8 * LOW_BYTES)) - 1;
                    (r & full & !low) | (r >> (i % 7) & low & full)
                })
                .collect();
            let mut groups: std::collections::BTreeMap<(u32, u64), Vec<u64>> = Default::default();
            for &c in &codes {
                let group = (c.count_ones(), classes.class(c));
                groups.entry(group).or_default().push(c);
            }
            let mut kept = 0;
            for mut group in groups.into_values() {
                let mut any = keep.cursor(group[0]);
                for &c in &group {
                    assert_eq!(any(c), keep.keeps(c), "{c:#x}");
                    kept += usize::from(keep.keeps(c));
                }
                group.sort_unstable();
                let mut ascending = keep.cursor(group[0]);
                for &c in &group {
                    assert_eq!(ascending(c), keep.keeps(c), "{c:#x}");
                }
            }
            assert!(kept > 100 && kept < codes.len() - 100, "{kept}");
        }
    }

    #[test]
    fn pruning_never_drops_a_winning_position() {
        // Every position from every start of the 15-hole triangle, finish in the corner:
        // what brute force wins, the test keeps; and it drops some that can't win.
        use crate::search::brute::Brute;
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

    #[test]
    fn learnt_pagodas_drop_more_and_never_a_winning_position() {
        // A small cross (19 holes), finish in the centre: pagodas learnt from the 9-peg
        // positions that the LP pagodas keep; then over every position, whatever brute force
        // wins is still kept, and thousands more positions are dropped than before.
        use crate::search::brute::Brute;
        let b = Board::by_name("ascii:--ooo--/--ooo--/ooooooo/--ooo--/--ooo--").unwrap();
        let h = b.hole("d3").unwrap();
        let p = Problem::new(b.clone(), Start::All, Goal::Hole(h)).unwrap();
        let before = Prune::new(&p, true);
        let mut after = Prune::new(&p, true);
        let level: Vec<u64> = (1..1u64 << b.len())
            .filter(|&c| c.count_ones() == 9 && before.keeps(c))
            .collect();
        after.learn(&level);
        let screen = |k: &Prune| k.test.as_ref().map_or(0, |t| t.by_class[0].2.len());
        assert!(screen(&after) > screen(&before), "nothing learnt");
        let mut brute = Brute::new(&p);
        let mut more = 0;
        for code in 1..(1u64 << b.len()) {
            if !after.keeps(code) {
                assert!(!brute.winning(code), "{code:#x}");
                more += usize::from(before.keeps(code));
            }
        }
        assert!(more > 2000, "{more}");
    }
}
