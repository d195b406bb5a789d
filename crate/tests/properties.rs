//! Property tests: hints from tables (with random levels left out) and from the live solver
//! equal brute force on random positions of small boards.

use std::sync::Arc;

use pegwise::generate::{self, Options};
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::search::brute::Brute;
use pegwise::search::live::Live;
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

    /// A random game on a random small board, start and goal, with a random set of levels left
    /// out of the table: at every position the table (built by the generator, through
    /// encode/decode) and brute force agree. The game follows winning jumps for its first
    /// `wins` steps, so winning positions are checked as well as dead ends.
    #[test]
    fn table_hints_equal_brute_force(
        b in 0usize..4, s in 0usize..64, g in 0usize..64, skip in any::<u64>(), wins in 0usize..20,
        walk in proptest::collection::vec(0usize..64, 20),
    ) {
        let board = Board::by_name(["triangle4", "trunc12", "triangle5", "row:8"][b]).unwrap();
        let start = Start::Hole((s % board.len()) as u8);
        let p = Problem::new(board.clone(), start, goal_of(&board, g)).unwrap();
        let solved = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
        let keep = |n: usize| skip >> n & 1 == 0;
        let table = Table::decode(&solved.to_table(keep).encode()).unwrap();
        for (n, level) in table.levels.iter().enumerate() {
            prop_assert!(keep(n) || level.is_none(), "level {} was to be left out", n);
        }
        let mut oracle = Oracle::new(&p);
        oracle.attach(Arc::new(table)).unwrap();
        let mut brute = Brute::new(&p);
        let mut x = p.start_positions()[0];
        let solvable = brute.winning(x);
        let mut winning_seen = 0;
        for (i, step) in walk.into_iter().enumerate() {
            let want = brute.winning(x);
            prop_assert_eq!(oracle.winning(x, oracle.ask()), Some(want), "position {}", x);
            winning_seen += usize::from(want);
            let kids: Vec<u64> = position::children(&board, x).collect();
            let good: Vec<u64> = kids.iter().copied().filter(|&c| i < wins && brute.winning(c)).collect();
            let pool = if good.is_empty() { &kids } else { &good };
            if pool.is_empty() { break; }
            x = pool[step % pool.len()];
        }
        // a solvable game starts on a winning position, so the walk checked at least one
        prop_assert_eq!(winning_seen > 0, solvable);
    }

    /// The live solver never contradicts brute force on arbitrary positions (reachable or
    /// not), gives up only when its budget is spent, and with a generous budget always decides.
    #[test]
    fn live_search_equals_brute_force(code in 0u64..(1u64 << 15), g in 0usize..64, budget in 0u64..200) {
        let board = Board::by_name("triangle5").unwrap();
        let p = Problem::new(board.clone(), Start::Hole(0), goal_of(&board, g)).unwrap();
        let mut live = Live::new(&p);
        let mut brute = Brute::new(&p);
        let want = brute.winning(code);
        let mut small = budget;
        match live.winning(code, &mut small) {
            Some(w) => prop_assert_eq!(w, want),
            None => prop_assert_eq!(small, 0, "gave up with budget left"),
        }
        let mut big = 1_000_000;
        prop_assert_eq!(live.winning(code, &mut big), Some(want));
    }
}
