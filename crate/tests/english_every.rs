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
        for goal in common::goals_of(&b, s) {
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
            let start = position::single_vacancy(&b, s);
            let what = format!("start {} goal {}", b.hole_name(s), p.goal_text());
            checked += common::check_playouts(
                &b,
                start,
                &mut oracle,
                &mut brute,
                &mut rng,
                6,
                (12, 20),
                &what,
            );
        }
    }
    assert!(checked > 300, "{checked} positions checked");
    // a one-peg finish is answered by its hole
    let p = Problem::new(b.clone(), Start::Hole(0), Goal::Hole(16)).unwrap();
    let mut o = Oracle::new(&p);
    o.attach(t).unwrap();
    assert_eq!(o.winning(bit(16)), Some(true));
}
