//! The 28-hole triangle's built tables (goal `any` and every finish hole, from every start;
//! built by `scripts/tables triangle7`, pinned by data/MANIFEST) held against brute force on
//! random playouts from every start up to symmetry, for goal `any`, the start hole and every
//! finish the record says can be won. Each problem is answered by the table the page would
//! pick for it (`shipped::table_for`).

mod common;

use common::Rng;

use pegwise::board::Board;
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::shipped;
use pegwise::solve::brute::Brute;
use pegwise::winnable::{self, record};

#[test]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let b = Board::by_name("triangle7").unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    let mut tables = std::collections::HashMap::new();
    for s in record::start_representatives(&b) {
        let won = winnable::finishes(&b, s).won;
        let mut goals = vec![Goal::Any, Goal::Start];
        goals.extend(
            (0..b.len() as u8)
                .filter(|&h| won >> h & 1 == 1)
                .map(Goal::Hole),
        );
        for goal in goals {
            let p = Problem::new(b.clone(), Start::Hole(s), goal).unwrap();
            let what = format!("start {} goal {}", b.hole_name(s), p.goal_text());
            let spec = shipped::table_for(&p).unwrap_or_else(|| panic!("{what}: no table"));
            let table = tables
                .entry(spec.file.clone())
                .or_insert_with(|| common::built_table(&spec.file, "triangle7"))
                .clone();
            let mut oracle = Oracle::new(&p);
            oracle.attach(table).unwrap();
            assert_eq!(
                oracle.winning(position::single_vacancy(&b, s)),
                Some(winnable::status(&p) == winnable::Winnable::Yes),
                "{what}: the table and the record agree"
            );
            let mut brute = Brute::new(&p);
            for _ in 0..4 {
                // 8 to 14 random jumps, checking each position's verdict from the 8th on
                let mut code = position::single_vacancy(&b, s);
                let depth = 8 + rng.next(7);
                for d in 0..depth {
                    let jumps: Vec<_> = position::legal_jumps(&b, code).collect();
                    if jumps.is_empty() {
                        break;
                    }
                    code = position::after(code, jumps[rng.next(jumps.len())]);
                    if d >= 7 {
                        assert_eq!(
                            oracle.winning(code),
                            Some(brute.winning(code)),
                            "{what} position {code}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "{checked} positions checked");
}
