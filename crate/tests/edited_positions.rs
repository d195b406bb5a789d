//! A game from a set position (edit mode) uses the shipped table where it covers the game, and
//! is never wrong: held against brute force on every position of small boards, reachable from
//! a single vacancy or not. With the live solver held to one node, what is decided comes from
//! the table: "good" whenever the table holds the position, "bad" only at or below a position
//! the table holds (which the table's starts reach); a winning position outside the reachable
//! set must never be called a bomb.

#[allow(dead_code)] // the helpers this file has no use for
mod common;

use std::collections::{HashMap, HashSet};

use pegwise::game::Game;
use pegwise::oracle::{Limits, Source, Verdict};
use pegwise::position;
use pegwise::search::brute::Brute;
use pegwise::shipped;
use pegwise::{Board, Goal, Problem, Start};

/// Every position reachable from some single vacancy.
fn reachable(b: &Board) -> HashSet<u64> {
    let mut seen = HashSet::new();
    let mut todo: Vec<u64> = (0..b.len() as u8)
        .map(|h| position::single_vacancy(b, h))
        .collect();
    while let Some(x) = todo.pop() {
        if seen.insert(x) {
            todo.extend(position::children(b, x));
        }
    }
    seen
}

/// What was checked on one board and goal.
#[derive(Default, Debug)]
struct Seen {
    starts: usize,
    verdicts: usize,
    /// Starts the table covers (held as winning): every verdict there is decided.
    covered: usize,
    /// Winning starts no single vacancy reaches: never covered, never a wrong bomb.
    unreachable_winning: usize,
    /// Jumps the table judged good from a start it does not cover.
    good_outside: usize,
}

fn check(board: &str, goal: Goal) -> Seen {
    let b = Board::by_name(board).unwrap();
    let reach = reachable(&b);
    let full = b.full();
    let mut tables = HashMap::new();
    let mut seen = Seen::default();
    let mut brute_for_goal = None;
    for code in 1..=full {
        if code & full != code || code == full || position::pegs(code) < 2 {
            continue;
        }
        if position::legal_jumps(&b, code).next().is_none() {
            continue;
        }
        let p = Problem::new(b.clone(), Start::Position(code), goal).unwrap();
        let spec = shipped::table_for(&p).expect("a shipped table covers the goal");
        let table = tables
            .entry(spec.file.clone())
            .or_insert_with(|| common::built_table(&spec.file, board))
            .clone();
        let brute = brute_for_goal.get_or_insert_with(|| p.clone());
        let mut bf = Brute::new(brute);
        let mut g = Game::new(p).unwrap();
        g.attach_table(table).unwrap();
        g.set_limits(Limits::nodes(1));
        let start_wins = bf.winning(code);
        let covered = start_wins && reach.contains(&code);
        assert_eq!(
            g.source(),
            if covered {
                Source::Table
            } else {
                Source::Search
            },
            "{board} {code:#x}: the hint source"
        );
        seen.starts += 1;
        seen.covered += covered as usize;
        seen.unreachable_winning += (start_wins && !reach.contains(&code)) as usize;
        for (j, v) in g.hints() {
            let child = position::after(code, j);
            let wins = bf.winning(child);
            match v {
                Verdict::Good => {
                    assert!(wins, "{board} {code:#x} {j:?}: called good, loses");
                    seen.good_outside += !covered as usize;
                }
                Verdict::Bad => assert!(!wins, "{board} {code:#x} {j:?}: called a bomb, wins"),
                Verdict::Unknown | Verdict::Loading => {
                    assert!(
                        !covered,
                        "{board} {code:#x} {j:?}: undecided under the table"
                    )
                }
            }
            seen.verdicts += 1;
        }
        // the position's own verdict agrees too
        match g.winning() {
            Some(w) => assert_eq!(w, start_wins, "{board} {code:#x}: winning"),
            None => assert!(!covered, "{board} {code:#x}: undecided under the table"),
        }
    }
    seen
}

#[test]
fn triangle5_every_position_every_goal_kind() {
    for goal in [Goal::Any, Goal::Hole(0), Goal::Hole(3), Goal::Hole(4)] {
        let s = check("triangle5", goal);
        assert!(s.covered > 100, "{goal:?}: {s:?}");
        assert!(s.unreachable_winning > 0, "{goal:?}: {s:?}");
        assert!(s.good_outside > 0, "{goal:?}: {s:?}");
    }
}

#[test]
fn trunc12_every_position() {
    let s = check("trunc12", Goal::Any);
    assert!(s.covered > 0 && s.verdicts > 0, "{s:?}");
}

/// From a start the table does not cover, a jump into a position it holds hands the game to
/// the table: from there every hint is decided, and undoing hands it back.
#[test]
fn a_jump_into_the_table_covers_the_game_from_there() {
    let b = Board::by_name("triangle5").unwrap();
    let reach = reachable(&b);
    let full = b.full();
    let goal = Goal::Any;
    let probe = Problem::new(b.clone(), Start::Position(1), goal).unwrap();
    let mut bf = Brute::new(&probe);
    // a winning start no vacancy reaches, with a jump to a reachable winning position
    let (code, j) = (1..=full)
        .filter(|&c| c & full == c && !reach.contains(&c) && position::pegs(c) >= 3)
        .find_map(|c| {
            if !bf.winning(c) {
                return None;
            }
            let jumps: Vec<_> = position::legal_jumps(&b, c).collect();
            jumps
                .into_iter()
                .find(|&j| {
                    let x = position::after(c, j);
                    reach.contains(&x) && bf.winning(x)
                })
                .map(|j| (c, j))
        })
        .expect("triangle5 has one");
    let p = Problem::new(b.clone(), Start::Position(code), goal).unwrap();
    let spec = shipped::table_for(&p).unwrap();
    let mut g = Game::new(p).unwrap();
    g.attach_table(common::built_table(&spec.file, "triangle5"))
        .unwrap();
    g.set_limits(Limits::nodes(1));
    assert_eq!(g.source(), Source::Search);
    g.play_jump(j).unwrap();
    assert_eq!(g.source(), Source::Table);
    assert_eq!(g.winning(), Some(true));
    let here = g.position().code();
    for (j, v) in g.hints() {
        let want = if bf.winning(position::after(here, j)) {
            Verdict::Good
        } else {
            Verdict::Bad
        };
        assert_eq!(v, want, "{j:?}");
    }
    g.undo();
    assert_eq!(g.source(), Source::Search);
}
