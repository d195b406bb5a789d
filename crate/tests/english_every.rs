//! The English union table (every start, every goal; built by `scripts/tables english`, pinned
//! by data/MANIFEST) held against brute force on random playouts from every start up to
//! symmetry, for goal `any`, the start hole, and every finish the record says can be won.

mod common;

use std::sync::Arc;

use common::Rng;

use pegwise::board::{bit, Board};
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::solve::brute::Brute;
use pegwise::table::Table;
use pegwise::winnable::{self, record};

fn table() -> Arc<Table> {
    common::built_table("english.every.pgt", "english")
}

#[test]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let t = table();
    let b = Board::by_name("english").unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
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
            let mut oracle = Oracle::new(&p);
            oracle.attach(t.clone()).unwrap();
            assert_eq!(
                oracle.winning(position::single_vacancy(&b, s)),
                Some(winnable::status(&p) == winnable::Winnable::Yes),
                "start {} goal {}: the table and the record agree",
                b.hole_name(s),
                p.goal_text()
            );
            let mut brute = Brute::new(&p);
            for _ in 0..6 {
                // play 12 to 20 random jumps (brute force is quick from there), checking each
                // position's verdict on the way down
                let mut code = position::single_vacancy(&b, s);
                let depth = 12 + rng.next(9);
                for d in 0..depth {
                    let jumps: Vec<_> = position::legal_jumps(&b, code).collect();
                    if jumps.is_empty() {
                        break;
                    }
                    code = position::after(code, jumps[rng.next(jumps.len())]);
                    if d >= 11 {
                        let want = brute.winning(code);
                        assert_eq!(
                            oracle.winning(code),
                            Some(want),
                            "start {} goal {} position {code}",
                            b.hole_name(s),
                            p.goal_text()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "{checked} positions checked");
    // a one-peg finish is answered by its hole
    let p = Problem::new(b.clone(), Start::Hole(0), Goal::Hole(16)).unwrap();
    let mut o = Oracle::new(&p);
    o.attach(t).unwrap();
    assert_eq!(o.winning(bit(16)), Some(true));
}
