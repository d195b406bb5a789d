//! square6's union table (every start, every goal; built by `scripts/tables square6`, pinned
//! by data/MANIFEST) held against brute force on random playouts from every start up to
//! symmetry, for goal `any`, the start hole, and every finish the record says can be won.
//! `scripts/test` does not build it (about an hour out of core), so the test is ignored by
//! default: `scripts/table-tests` runs it where the table is built and counts it as skipped
//! where it is not.

mod common;

use std::sync::Arc;

use common::Rng;

use pegwise::board::{bit, Board};
use pegwise::oracle::Oracle;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::table::Table;

/// The table (panics naming `scripts/tables square6` when it is not built).
fn table() -> Arc<Table> {
    common::built_table("square6.every.pgt", "square6")
}

#[test]
#[ignore = "needs data/square6.every.pgt: scripts/tables square6"]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let t = table();
    let b = Board::by_name("square6").unwrap();
    let mut rng = Rng(0x5eed_5a06_0036_0036);
    let checked = common::check_union_table(&t, &b, &mut rng, 8, (16, 26));
    eprintln!("square6_every: {checked} positions checked against brute force");
    assert!(checked > 300, "{checked} positions checked");
    // a one-peg finish is answered by its hole
    let a1 = b.hole("a1").unwrap();
    let p = Problem::new(b.clone(), Start::Hole(a1), Goal::Any).unwrap();
    let mut o = Oracle::new(&p);
    o.attach(t).unwrap();
    assert_eq!(o.winning(bit(a1), o.ask()), Some(true));
}
