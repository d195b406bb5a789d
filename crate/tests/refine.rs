//! The work done while the player thinks (`refine`): with budgets so small that the first
//! answers are mostly "unknown", the tries decide every jump in the end, and every verdict
//! they give is brute force's (small boards) or the English table's (random playouts).

use pegwise::game::Game;
use pegwise::oracle::{Limits, Verdict};
use pegwise::position;
use pegwise::refine::Refiner;
use pegwise::search::brute::Brute;
use pegwise::{Board, Goal, Problem, Start};

/// Judges every peg on a budget of 20 positions a jump, as a first answer, then refines with
/// `nodes` positions a try until no jump is left undecided (at most `max_steps` tries).
/// Returns the tries it took and how many jumps the first answer left undecided.
fn refine_all(game: &mut Game, nodes: u64, max_steps: usize) -> (usize, usize) {
    game.set_limits(Limits::nodes(20));
    let before = game
        .pegs()
        .iter()
        .flat_map(|p| &p.jumps)
        .filter(|(_, v)| *v == Verdict::Unknown)
        .count();
    game.set_limits(Limits::nodes(nodes));
    let holes = game.movable_pegs();
    let mut r = Refiner::new();
    for steps in 1..=max_steps {
        let step = r.step(game, &holes);
        for peg in &step.pegs {
            assert!(holes.contains(&peg.hole));
        }
        if step.undecided == 0 {
            return (steps, before);
        }
    }
    panic!("still undecided after {max_steps} tries");
}

#[test]
fn tries_decide_every_jump_of_the_small_boards_as_brute_force_does() {
    let (mut undecided_first, mut jumps) = (0, 0);
    for (name, start) in [("triangle5", 0u8), ("trunc12", 0), ("english", 16)] {
        let board = Board::by_name(name).unwrap();
        let p = Problem::new(board.clone(), Start::Hole(start), Goal::Any).unwrap();
        let mut brute = Brute::new(&p);
        // a few positions along one line of play
        let mut line = Game::new(p.clone()).unwrap();
        for depth in 0.. {
            let legal = line.legal_jumps();
            let Some(&next) = legal.get(depth % legal.len().max(1)) else {
                break;
            };
            if name != "english" || depth >= 14 {
                let mut g = Game::new(p.clone()).unwrap();
                for &j in line.history() {
                    g.play_jump(j).unwrap();
                }
                let (_, before) = refine_all(&mut g, 2_000, 10_000);
                undecided_first += before;
                for j in g.legal_jumps() {
                    let child = position::after(g.position().code(), j);
                    let want = if brute_fits(&board) {
                        brute.winning(child)
                    } else {
                        english_truth(&p, child)
                    };
                    let covered = g.ask().covered;
                    let got = g.oracle().known(child, covered);
                    assert_eq!(
                        got,
                        if want { Verdict::Good } else { Verdict::Bad },
                        "{name} {child}"
                    );
                    jumps += 1;
                }
            }
            line.play_jump(next).unwrap();
        }
    }
    eprintln!("{undecided_first} of {jumps} jumps undecided at first; the tries decided them all");
    assert!(
        undecided_first > 10,
        "the budget was not small: {undecided_first} of {jumps}"
    );
}

/// Brute force runs on boards of up to 18 holes (its tables are indexed by code).
fn brute_fits(board: &Board) -> bool {
    board.len() <= 18
}

/// The English board's truth, from a fresh search with no budget limit.
fn english_truth(p: &Problem, code: u64) -> bool {
    let mut live = pegwise::search::live::Live::new(p);
    live.winning(code, &mut u64::MAX.clone()) == Some(true)
}
