//! Helpers shared by the tests of the built tables (`scripts/tables`, pinned by data/MANIFEST).

use std::sync::Arc;

use pegwise::board::Board;
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::search::brute::Brute;
use pegwise::shipped;
use pegwise::table::Table;
use pegwise::winnable;

/// A built table from data/, by its head file; panics naming the command that builds it.
#[allow(dead_code)] // a table built in the test itself needs none
pub fn built_table(head: &str, board: &str) -> Arc<Table> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut read = |f: &str| {
        std::fs::read(dir.join(f)).map_err(|e| {
            pegwise::Error::from(pegwise::error::Fault::NotBuilt {
                path: dir.join(f).into(),
                board: board.to_string(),
                cause: e.into(),
            })
        })
    };
    Arc::new(shipped::load(head, true, &mut read).unwrap_or_else(|e| panic!("{e}")))
}

/// A little deterministic generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays `games` random games of `from..=to` jumps from `start` and checks the oracle against
/// brute force on every position from the `from`-th jump on (brute force is quick from
/// there). Returns the number of positions checked.
#[allow(clippy::too_many_arguments)]
pub fn check_playouts(
    b: &Board,
    start: u64,
    oracle: &mut Oracle,
    brute: &mut Brute,
    rng: &mut Rng,
    games: usize,
    (from, to): (usize, usize),
    what: &str,
) -> usize {
    let mut checked = 0;
    for _ in 0..games {
        let mut code = start;
        let depth = from + rng.next(to - from + 1);
        for d in 1..=depth {
            let jumps: Vec<_> = position::legal_jumps(b, code).collect();
            if jumps.is_empty() {
                break;
            }
            code = position::after(code, jumps[rng.next(jumps.len())]);
            if d >= from {
                assert_eq!(
                    oracle.winning(code, oracle.ask()),
                    Some(brute.winning(code)),
                    "{what} position {code}"
                );
                checked += 1;
            }
        }
    }
    checked
}

/// The goals worth checking from start hole `s`: `any`, the start hole, and every finish the
/// winnable record says can be won.
pub fn goals_of(b: &Board, s: u8) -> Vec<Goal> {
    let won = winnable::finishes(b, s).won;
    let mut goals = vec![Goal::Any, Goal::Start];
    goals.extend(
        (0..b.len() as u8)
            .filter(|&h| won >> h & 1 == 1)
            .map(Goal::Hole),
    );
    goals
}

/// Holds the oracle of single-vacancy problem `p` (its table attached) against the winnable
/// record at the start, and against brute force on `games` random playouts of `jumps` jumps.
/// Returns the number of positions checked.
pub fn check_start(
    p: &Problem,
    oracle: &mut Oracle,
    rng: &mut Rng,
    games: usize,
    jumps: (usize, usize),
) -> usize {
    let b = &p.board;
    let Start::Hole(s) = p.start else {
        panic!("a single-vacancy problem")
    };
    let what = format!(
        "{} start {} goal {}",
        b.name(),
        b.hole_name(s),
        p.goal_text()
    );
    let start = position::single_vacancy(b, s);
    assert_eq!(
        oracle.winning(start, oracle.ask()),
        Some(winnable::status(p) == winnable::Winnable::Yes),
        "{what}: the table and the record agree"
    );
    let mut brute = Brute::new(p);
    check_playouts(b, start, oracle, &mut brute, rng, games, jumps, &what)
}

/// Holds a union table (every start and goal of board `b`) at every start up to symmetry and
/// every goal worth checking ([`goals_of`]), as [`check_start`] does. Returns the number of
/// positions checked.
#[allow(dead_code)] // triangle7's tables are per goal, not a union
pub fn check_union_table(
    t: &Arc<Table>,
    b: &Board,
    rng: &mut Rng,
    games: usize,
    jumps: (usize, usize),
) -> usize {
    let mut checked = 0;
    for s in pegwise::generate::record::start_representatives(b) {
        for goal in goals_of(b, s) {
            let p = Problem::new(b.clone(), Start::Hole(s), goal).unwrap();
            let mut oracle = Oracle::new(&p);
            oracle.attach(t.clone()).unwrap();
            checked += check_start(&p, &mut oracle, rng, games, jumps);
        }
    }
    checked
}
