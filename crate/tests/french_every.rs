//! The French union table (every start, every goal; built by `scripts/tables french`, pinned
//! by data/MANIFEST) held against brute force on random playouts from every start up to
//! symmetry, for goal `any`, the start hole, and every finish the record says can be won.
//! `scripts/test` does not build it (about 45 CPU-minutes out of core), so the test is ignored
//! by default: `scripts/test` runs it with `--ignored` where the table is built and counts it
//! as skipped where it is not.

mod common;

use std::sync::Arc;

use common::Rng;

use pegwise::board::{bit, Board};
use pegwise::oracle::Oracle;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::table::Table;

/// The table (panics naming `scripts/tables french` when it is not built).
fn table() -> Arc<Table> {
    common::built_table("french.every.pgt", "french")
}

#[test]
#[ignore = "needs data/french.every.pgt: scripts/tables french"]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let t = table();
    let b = Board::by_name("french").unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let checked = common::check_union_table(&t, &b, &mut rng, 8, (14, 24));
    eprintln!("french_every: {checked} positions checked against brute force");
    assert!(checked > 300, "{checked} positions checked");
    // a one-peg finish is answered by its hole
    let p = Problem::new(b.clone(), Start::Hole(0), Goal::Hole(16)).unwrap();
    let mut o = Oracle::new(&p);
    o.attach(t).unwrap();
    assert_eq!(o.winning(bit(16), o.ask()), Some(true));
}
