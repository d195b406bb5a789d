//! The best finish on the English board, from the committed tables of the central game
//! (`english.d4.d4.pgt`, and `english.d4.any.pgt`, which says whether one peg can still
//! remain): lost positions 24 pegs in answer within the page's budget, and every answer is
//! the one an exhaustive search gives.

use std::sync::Arc;

use pegwise::analysis::{best_here, best_with, finish_game, finish_table, Answer};
use pegwise::board::Board;
use pegwise::game::Game;
use pegwise::position;
use pegwise::problem::Problem;
use pegwise::search::best::{Best, BestFinish};
use pegwise::table::Table;

/// The Analysis panel's budget for a best finish (www/js/worker/analysis-ops.js).
const PAGE_BUDGET: u64 = 1_000_000;

/// A committed table from data/, its head checked against its pin.
fn table(file: &str) -> Arc<Table> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut read = |f: &str| {
        std::fs::read(dir.join(f)).map_err(|e| {
            pegwise::Error::from(pegwise::error::Fault::Unreadable {
                path: f.into(),
                cause: e.into(),
            })
        })
    };
    Arc::new(pegwise::shipped::load(file, true, &mut read).unwrap())
}

/// The central game after `moves`, its table attached.
fn central(moves: &str) -> Game {
    let b = Board::by_name("english").unwrap();
    let mut g = Game::new(Problem::parse(b, "d4", "start").unwrap()).unwrap();
    g.attach_table(table("english.d4.d4.pgt")).unwrap();
    g.play_text(moves).unwrap();
    g
}

/// The best finish as the page asks it: the finish table attached to the game with goal any.
fn best_from_table(g: &Game, nodes: u64) -> Answer<Best> {
    let file = finish_table(g).expect("a table says whether one peg can remain");
    assert_eq!(file, "english.d4.any.pgt");
    let mut f = finish_game(g).unwrap();
    f.attach_table(table(&file)).unwrap();
    best_with(g, nodes, Some(&mut f))
}

/// The fewest pegs that can remain, by a search of every line with no bound from a table.
fn exhaustive(g: &Game) -> u32 {
    let b = &g.problem().board;
    let mut left = u64::MAX;
    BestFinish::new(b)
        .best(g.position().code(), &mut left)
        .unwrap()
        .pegs
}

/// Checks a table's answer against the exhaustive search, and its jump.
fn check(g: &Game, got: Answer<Best>) -> Best {
    let Answer::Done(best) = got else {
        panic!("{:?}: no answer within the page's budget", g.moves_text());
    };
    assert_eq!(best.pegs, exhaustive(g), "{:?}", g.moves_text());
    let j = best.jump.expect("a lost position with jumps left");
    let mut after = g.clone();
    after.play_jump(j).unwrap();
    assert_eq!(exhaustive(&after), best.pegs, "{:?}", g.moves_text());
    best
}

#[test]
fn a_lost_24_peg_position_answers_within_the_page_budget() {
    let mut g = central("b4-d4 c2-c4 e3-c3 e1-e3 e4-e2 d1-d3 d4-d2 d6-d4");
    assert_eq!(position::pegs(g.position().code()), 24);
    let c = g.position().code();
    let ask = g.ask();
    assert_eq!(g.oracle().winning(c, ask), Some(false), "the goal is lost");
    // the search alone would prove that one peg can't remain: more than the budget
    assert_eq!(best_here(&g, PAGE_BUDGET), Answer::Unknown);
    let best = check(&g, best_from_table(&g, PAGE_BUDGET));
    assert_eq!(best.pegs, 2);
}

#[test]
fn lost_positions_of_random_games_answer_as_the_exhaustive_search() {
    let (mut seed, mut checked) = (0x2545_f491_4f6c_dd1du64, 0);
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    while checked < 6 {
        let mut g = central("");
        for _ in 0..6 + next(5) {
            let jumps = g.legal_jumps();
            g.play_jump(jumps[next(jumps.len())]).unwrap();
        }
        let c = g.position().code();
        let ask = g.ask();
        if g.oracle().winning(c, ask) != Some(false) {
            continue;
        }
        checked += 1;
        let best = check(&g, best_from_table(&g, PAGE_BUDGET));
        assert!(best.pegs > 1, "{:?}", g.moves_text());
    }
}

#[test]
fn where_one_peg_can_still_remain_the_table_answers_alone() {
    // (on the central game a position lost for d4 can't end with one peg anywhere: the two
    // tables differ only in the finish on d1, up to symmetry; so along a winning line)
    let mut g = central("");
    let start = g.position().code();
    let ask = g.ask();
    let line = g
        .oracle()
        .solution(start, ask)
        .expect("the central game can be won");
    let mut checked = 0;
    for j in line {
        g.play_jump(j).unwrap();
        if position::pegs(g.position().code()) > 20 || g.legal_jumps().is_empty() {
            continue;
        }
        // no position searched: a budget of one would not do for a search
        assert_eq!(check(&g, best_from_table(&g, 1)).pegs, 1);
        checked += 1;
    }
    assert_eq!(checked, 19);
}
