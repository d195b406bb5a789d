//! Property tests: hints from tables and from the live solver equal brute force on random
//! positions of small boards.

use std::sync::Arc;

use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::solve::brute::Brute;
use pegwise::solve::{self, live::Live, Options};
use pegwise::table::Table;
use pegwise::{Board, Goal, Problem, Start};
use proptest::prelude::*;

fn goal_of(board: &Board, pick: usize) -> Goal {
    match pick % (board.len() + 2) {
        0 => Goal::Start,
        1 => Goal::Any,
        k => Goal::Hole((k - 2) as u8),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A random game on a random small board, start and goal: at every position the table
    /// (built by the generator, through encode/decode) and brute force agree.
    #[test]
    fn table_hints_equal_brute_force(b in 0usize..4, s in 0usize..64, g in 0usize..64, walk in proptest::collection::vec(0usize..64, 20)) {
        let board = Board::by_name(["triangle4", "trunc12", "triangle5", "row:8"][b]).unwrap();
        let start = Start::Hole((s % board.len()) as u8);
        let p = Problem::new(board.clone(), start, goal_of(&board, g)).unwrap();
        let solved = solve::solve(&p, Options::default(), &mut |_| {}).unwrap();
        let table = Table::decode(&Table::from_solved(&solved, |_| true).encode()).unwrap();
        let mut oracle = Oracle::new(&p);
        oracle.attach(Arc::new(table)).unwrap();
        let mut brute = Brute::new(&p);
        let mut x = p.start_positions()[0];
        for step in walk {
            prop_assert_eq!(oracle.winning(x), Some(brute.winning(x)));
            let kids: Vec<u64> = position::children(&board, x).collect();
            if kids.is_empty() { break; }
            x = kids[step % kids.len()];
        }
    }

    /// The live solver never contradicts brute force on arbitrary positions (reachable or
    /// not), and with a generous budget it always decides.
    #[test]
    fn live_search_equals_brute_force(code in 0u64..(1u64 << 15), g in 0usize..64, budget in 0u64..200) {
        let board = Board::by_name("triangle5").unwrap();
        let p = Problem::new(board.clone(), Start::Hole(0), goal_of(&board, g)).unwrap();
        let mut live = Live::new(&p);
        let mut brute = Brute::new(&p);
        let want = brute.winning(code);
        let mut small = budget;
        if let Some(w) = live.winning(code, &mut small) {
            prop_assert_eq!(w, want);
        }
        let mut big = 1_000_000;
        prop_assert_eq!(live.winning(code, &mut big), Some(want));
    }
}
