//! A union table of an even board, built here in memory: trunc18 (18 holes), whose middle
//! level (9 pegs) is its own complement level, so the writer takes its start masks from its
//! own finish masks, read once. Held against brute force as the built union tables are
//! (`common::check_union_table`): from every start up to symmetry, to goal `any`, the start
//! hole and every finish the record can win, along random playouts.

mod common;

use std::sync::Arc;

use common::Rng;

use pegwise::generate::build;
use pegwise::shipped::TableSpec;
use pegwise::{Board, Problem};

#[test]
fn an_even_boards_union_table_agrees_with_brute_force() {
    let board = Board::by_name("trunc18").unwrap();
    let spec = TableSpec {
        problem: Problem::parse(board.clone(), "all", "any").unwrap(),
        file: "trunc18.every.pgt".into(),
        union: true,
        committed: false,
    };
    let table = Arc::new(build::build(&spec, &mut |_| {}).unwrap().table);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let checked = common::check_union_table(&table, &board, &mut rng, 6, (1, 16));
    eprintln!("union_even_board: {checked} positions checked against brute force");
    assert!(checked > 1000, "{checked} positions checked");
}
