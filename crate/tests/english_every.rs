//! The English union table (every start, every goal; built by `scripts/tables english`, pinned
//! by data/MANIFEST) held against brute force on random playouts from every start up to
//! symmetry, for goal `any`, the start hole, and every finish the record says can be won.

mod common;

use std::sync::Arc;

use common::Rng;

use pegwise::board::{bit, Board};
use pegwise::oracle::Oracle;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::table::Table;

fn table() -> Arc<Table> {
    common::built_table("english.every.pgt", "english")
}

#[test]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let t = table();
    let b = Board::by_name("english").unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let checked = common::check_union_table(&t, &b, &mut rng, 6, (12, 20));
    assert!(checked > 300, "{checked} positions checked");
    // a one-peg finish is answered by its hole
    let p = Problem::new(b.clone(), Start::Hole(0), Goal::Hole(16)).unwrap();
    let mut o = Oracle::new(&p);
    o.attach(t).unwrap();
    assert_eq!(o.winning(bit(16), o.ask()), Some(true));
}
