//! The shipped tables in data/ are exact: held against the brute-force solver, exhaustively on
//! the small triangle boards and by random playouts on the 21-hole triangle and the English board.

use std::collections::HashMap;
use std::sync::Arc;

use pegwise::generate::verify;
use pegwise::oracle::Oracle;
use pegwise::search::brute::Brute;
use pegwise::shipped;
use pegwise::table::Table;
use pegwise::{Board, Goal, Problem, Start};

fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
}

fn oracle_for(p: &Problem, cache: &mut HashMap<String, Arc<Table>>) -> Oracle {
    let spec = shipped::table_for(p).unwrap_or_else(|| {
        panic!(
            "no shipped table for {} {} {}",
            p.board.name(),
            p.start_text(),
            p.goal_text()
        )
    });
    let table = cache
        .entry(spec.file.clone())
        .or_insert_with(|| {
            // the head, checked against its pin, and every level file it names
            let mut read = |f: &str| {
                std::fs::read(data_dir().join(f)).map_err(|e| {
                    pegwise::Error::from(pegwise::error::Fault::Unreadable {
                        path: f.into(),
                        cause: e.into(),
                    })
                })
            };
            Arc::new(shipped::load(&spec.file, true, &mut read).unwrap_or_else(|e| panic!("{e}")))
        })
        .clone();
    let mut o = Oracle::new(p);
    o.attach(table).unwrap();
    o
}

/// Every position reachable from every single-vacancy start, for goal `any` and every finish
/// hole (goal `start` is the finish hole equal to the start).
fn exhaustive(board_name: &str) -> usize {
    let board = Board::by_name(board_name).unwrap();
    let mut cache = HashMap::new();
    let mut checked = 0;
    let goals: Vec<Goal> = std::iter::once(Goal::Any)
        .chain((0..board.len() as u8).map(Goal::Hole))
        .collect();
    for goal in goals {
        let any_start = Problem::new(board.clone(), Start::Hole(0), goal).unwrap();
        let mut brute = Brute::new(&any_start);
        for s in 0..board.len() as u8 {
            let p = Problem::new(board.clone(), Start::Hole(s), goal).unwrap();
            let mut oracle = oracle_for(&p, &mut cache);
            checked += verify::exhaustive(&p, &mut oracle, &mut brute).unwrap_or_else(|m| {
                panic!(
                    "{board_name} start {} goal {}: {m:?}",
                    p.start_text(),
                    p.goal_text()
                )
            });
        }
    }
    // goal "start" uses the table of "finish at the start hole"
    let p = Problem::new(board.clone(), Start::Hole(1), Goal::Start).unwrap();
    let q = Problem::new(board.clone(), Start::Hole(1), Goal::Hole(1)).unwrap();
    assert_eq!(
        shipped::table_for(&p).map(|s| s.file),
        shipped::table_for(&q).map(|s| s.file)
    );
    checked
}

#[test]
fn triangle4_exhaustive() {
    assert!(exhaustive("triangle4") > 1000);
}

#[test]
fn trunc12_exhaustive() {
    assert!(exhaustive("trunc12") > 1000);
}

#[test]
fn triangle5_exhaustive() {
    assert!(exhaustive("triangle5") > 10_000);
}

#[test]
fn trunc18_exhaustive() {
    assert!(exhaustive("trunc18") > 100_000);
}

fn playouts(p: &Problem, brute: &mut Brute, want: usize, seed: u64) {
    let mut oracle = oracle_for(p, &mut HashMap::new());
    let n = verify::playouts(p, &mut oracle, brute, want, seed)
        .unwrap_or_else(|m| panic!("{}: {m:?}", p.board.name()));
    assert!(n >= want, "{}: only {n} positions", p.board.name());
}

#[test]
fn triangle6_playouts_against_brute_force() {
    let b = Board::by_name("triangle6").unwrap();
    for (i, start) in ["a1", "a2", "a3", "b3", "b4"].into_iter().enumerate() {
        for goal in ["start", "any"] {
            let p = Problem::parse(b.clone(), start, goal).unwrap();
            playouts(&p, &mut Brute::new(&p), 12_000, 7 + i as u64);
        }
    }
}

#[test]
fn english_central_game_playouts_against_brute_force() {
    let p = Problem::parse(Board::by_name("english").unwrap(), "d4", "start").unwrap();
    playouts(&p, &mut Brute::with_symmetry(&p), 100_000, 11);
}

#[test]
fn english_finish_anywhere_playouts_against_brute_force() {
    let p = Problem::parse(Board::by_name("english").unwrap(), "d4", "any").unwrap();
    playouts(&p, &mut Brute::with_symmetry(&p), 20_000, 12);
}
