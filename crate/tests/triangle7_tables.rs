//! The 28-hole triangle's built tables (goal `any` and every finish hole, from every start;
//! built by `scripts/tables triangle7`, pinned by data/MANIFEST) held against brute force on
//! random playouts from every start up to symmetry, for goal `any`, the start hole and every
//! finish the record says can be won. Each problem is answered by the table the page would
//! pick for it (`shipped::table_for`).

mod common;

use common::Rng;

use pegwise::board::Board;
use pegwise::generate::record;
use pegwise::oracle::Oracle;
use pegwise::problem::{Problem, Start};
use pegwise::shipped;

#[test]
fn every_start_and_goal_agrees_with_brute_force_on_random_playouts() {
    let b = Board::by_name("triangle7").unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    let mut tables = std::collections::HashMap::new();
    for s in record::start_representatives(&b) {
        for goal in common::goals_of(&b, s) {
            let p = Problem::new(b.clone(), Start::Hole(s), goal).unwrap();
            let what = format!("start {} goal {}", b.hole_name(s), p.goal_text());
            let spec = shipped::table_for(&p).unwrap_or_else(|| panic!("{what}: no table"));
            let table = tables
                .entry(spec.file.clone())
                .or_insert_with(|| common::built_table(&spec.file, "triangle7"))
                .clone();
            let mut oracle = Oracle::new(&p);
            oracle.attach(table).unwrap();
            checked += common::check_start(&p, &mut oracle, &mut rng, 4, (8, 14));
        }
    }
    assert!(checked > 300, "{checked} positions checked");
}
