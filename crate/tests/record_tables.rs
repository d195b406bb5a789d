//! The winnable record (`crate/src/winnable/winnable.txt`) agrees with every built table that
//! decides one of its problems: a table of one start and goal `any` decides every finish of
//! that start by its one-peg level, and a table with a goal hole decides that finish from every
//! start it covers. Where a table decides, the record may not leave the finish undecided.
//! Tables that aren't built here are passed over; the committed ones (the triangles, trunc12,
//! trunc18 and English d4) are always checked, and `scripts/test` builds English's every-start
//! table and triangle7's.

mod common;

use pegwise::board::{bit, Board, CATALOGUE};
use pegwise::classes::Classes;
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::shipped;
use pegwise::winnable::{self, record};

#[test]
fn the_record_agrees_with_every_built_table() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut decided = 0;
    for name in CATALOGUE.iter().filter(|n| !n.starts_with("row")) {
        let b = Board::by_name(name).unwrap();
        let classes = Classes::of(&b);
        for spec in shipped::tables_for(&b).unwrap() {
            if !data.join(&spec.file).exists() {
                continue;
            }
            let table = common::built_table(&spec.file, name);
            for start in record::start_representatives(&b) {
                let said = winnable::finishes(&b, start);
                let what = format!("{name} {} ({})", b.hole_name(start), spec.file);
                if let Some(exact) = record::table_finishes(&b, start, &table) {
                    assert_eq!(said.won, exact, "{what}: finishes won");
                    assert_eq!(said.unknown, 0, "{what}: the table decides every finish");
                    decided += b.len();
                    continue;
                }
                let from = position::single_vacancy(&b, start);
                for h in (0..b.len() as u8).filter(|&h| classes.may_reach(from, bit(h))) {
                    let p = Problem::new(b.clone(), Start::Hole(start), Goal::Hole(h)).unwrap();
                    if !shipped::covers(&p, &spec) {
                        continue;
                    }
                    let mut o = Oracle::new(&p);
                    o.attach(table.clone()).unwrap();
                    let Some(w) = o.from_table(from) else {
                        continue;
                    };
                    let finish = format!("{what} to {}", b.hole_name(h));
                    assert_eq!(said.won >> h & 1 == 1, w, "{finish}: won");
                    assert_eq!(said.unknown >> h & 1, 0, "{finish}: decided by the table");
                    decided += 1;
                }
            }
        }
    }
    // the committed tables alone decide 128 of the record's finishes
    assert!(decided >= 128, "{decided} finishes checked");
}
