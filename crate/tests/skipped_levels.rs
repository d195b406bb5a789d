//! Tables with levels left out stay exact: triangle5's tables (every start and goal the shipped
//! list covers) built without levels 7 and 8, held against brute force on every position
//! reachable from every start.

use std::collections::HashMap;
use std::sync::Arc;

use pegwise::generate::{self, verify, Options};
use pegwise::oracle::Oracle;
use pegwise::search::brute::Brute;
use pegwise::shipped;
use pegwise::table::Table;
use pegwise::{Board, Goal, Problem, Start};

#[test]
fn triangle5_without_levels_7_and_8_matches_brute_force() {
    let board = Board::by_name("triangle5").unwrap();
    let skipped = |n: usize| n == 7 || n == 8;
    let mut tables: HashMap<String, Arc<Table>> = HashMap::new();
    let goals: Vec<Goal> = [Goal::Start, Goal::Any]
        .into_iter()
        .chain((0..board.len() as u8).map(Goal::Hole))
        .collect();
    let (mut checked, mut winning) = (0, 0);
    for goal in goals {
        for s in 0..board.len() as u8 {
            let p = Problem::new(board.clone(), Start::Hole(s), goal).unwrap();
            let spec = shipped::table_for(&p).expect("triangle5 tables cover every game");
            let table = tables
                .entry(spec.file.clone())
                .or_insert_with(|| {
                    let solved =
                        generate::solve(&spec.problem, Options::default(), &mut |_| {}).unwrap();
                    let t = solved.to_table(|n| !skipped(n));
                    Arc::new(Table::decode(&t.encode()).unwrap())
                })
                .clone();
            assert!(table.levels[7].is_none() && table.levels[8].is_none());
            let mut oracle = Oracle::new(&p);
            oracle.attach(table).unwrap();
            let mut brute = Brute::new(&p);
            checked += verify::exhaustive(&p, &mut oracle, &mut brute).unwrap_or_else(|m| {
                panic!("start {} goal {}: {m:?}", p.start_text(), p.goal_text())
            });
            winning += usize::from(brute.winning(p.start_positions()[0]));
        }
    }
    // 17 goals × 15 starts, thousands of positions each; some games are solvable
    assert!(checked > 100_000, "{checked}");
    assert!(winning > 0);
}
