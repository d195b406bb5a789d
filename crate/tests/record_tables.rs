//! The winnable record (`crate/src/winnable/winnable.txt`) agrees with every built table that
//! decides one of its problems: a table of one start and goal `any` decides every finish of
//! that start by its one-peg level, and a table with a goal hole decides that finish from every
//! start it covers. Where a table decides, the record may not leave the finish undecided.
//! The committed tables and the two `scripts/test` builds (English every start, triangle7) are
//! always checked; each bigger table has an ignored test of its own, which `scripts/test` runs
//! where that table is built (`scripts/table-tests`).

mod common;

use pegwise::board::{bit, Board, CATALOGUE};
use pegwise::classes::Classes;
use pegwise::generate::record;
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::shipped::{self, TableSpec};
use pegwise::winnable;

/// Holds the record to one table; returns the finishes it decided. Where the record's search
/// gave up (its `unknown` finishes) the table's verdict is new, and is printed.
fn check(b: &Board, spec: &TableSpec) -> usize {
    let name = b.name();
    let table = common::built_table(&spec.file, name);
    let classes = Classes::of(b);
    let mut decided = 0;
    for start in record::start_representatives(b) {
        let said = winnable::finishes(b, start);
        let what = format!("{name} {} ({})", b.hole_name(start), spec.file);
        if let Some(exact) = record::table_finishes(b, start, &table) {
            assert_eq!(said.won, exact, "{what}: finishes won");
            assert_eq!(said.unknown, 0, "{what}: the table decides every finish");
            decided += b.len();
            continue;
        }
        let from = position::single_vacancy(b, start);
        for h in (0..b.len() as u8).filter(|&h| classes.may_reach(from, bit(h))) {
            let p = Problem::new(b.clone(), Start::Hole(start), Goal::Hole(h)).unwrap();
            if !shipped::covers(&p, spec) {
                continue;
            }
            let mut o = Oracle::new(&p);
            o.attach(table.clone()).unwrap();
            let Some(w) = o.from_table(from, false) else {
                continue;
            };
            let finish = format!("{what} to {}", b.hole_name(h));
            decided += 1;
            if said.unknown >> h & 1 == 1 {
                let verdict = if w { "won" } else { "lost" };
                eprintln!("{finish}: undecided in the record, {verdict} by the table");
                continue;
            }
            assert_eq!(said.won >> h & 1 == 1, w, "{finish}: won");
        }
    }
    decided
}

/// The record against the tables of `board` whose file names start with `prefix`.
fn check_board(board: &str, prefix: &str) -> usize {
    let b = Board::by_name(board).unwrap();
    let specs = shipped::tables_for(&b).unwrap();
    let mine: Vec<&TableSpec> = specs
        .iter()
        .filter(|s| s.file.starts_with(prefix))
        .collect();
    assert!(!mine.is_empty(), "{board}: no table named {prefix}…");
    mine.iter().map(|s| check(&b, s)).sum()
}

#[test]
fn the_record_agrees_with_the_committed_tables_and_those_scripts_test_builds() {
    let mut decided = 0;
    for name in CATALOGUE.iter().filter(|n| !n.starts_with("row")) {
        let b = Board::by_name(name).unwrap();
        for spec in shipped::tables_for(&b).unwrap() {
            let built_by_test = spec.file.starts_with("english.every") || name == &"triangle7";
            if spec.committed || built_by_test {
                decided += check(&b, &spec);
            }
        }
    }
    assert!(decided >= 180, "{decided} finishes checked");
}

#[test]
#[ignore = "needs data/diamond41.every.pgt: scripts/tables diamond41"]
fn the_record_agrees_with_diamond41s_table() {
    assert!(check_board("diamond41", "diamond41.every") > 0);
}

#[test]
#[ignore = "needs data/french.every.pgt: scripts/tables french"]
fn the_record_agrees_with_the_french_table() {
    assert!(check_board("french", "french.every") > 0);
}

#[test]
#[ignore = "needs data/square6.c3.c3.pgt: scripts/tables square6"]
fn the_record_agrees_with_square6s_table() {
    assert!(check_board("square6", "square6.c3.c3") > 0);
}

#[test]
#[ignore = "needs data/wiegleb.e5.e5.pgt: scripts/tables wiegleb"]
fn the_record_agrees_with_wieglebs_table() {
    assert!(check_board("wiegleb", "wiegleb.e5.e5") > 0);
}

#[test]
#[ignore = "needs data/square6.every.pgt: scripts/tables square6"]
fn the_record_agrees_with_square6s_union_table() {
    assert!(check_board("square6", "square6.every") > 0);
}
