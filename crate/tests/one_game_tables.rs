//! The built tables of one game (the default games of square6 and Wiegleb; built by
//! `scripts/tables square6|wiegleb`, pinned by data/MANIFEST), held
//! against brute force on random playouts deep enough for brute force, and against the proving
//! live solver higher up, where it settles a position within its budget (a win it finds and a
//! loss it proves are both exact). `scripts/test` does not build them (13 minutes and 9 GB for
//! square6, hours for Wiegleb), so these tests are ignored by default: `scripts/test` runs
//! each with `--ignored` where its table is built and counts it as skipped where it is not.
//! Run by hand without the table, a test fails and names the command that builds it.

mod common;

use common::Rng;

use pegwise::board::Board;
use pegwise::oracle::Oracle;
use pegwise::position;
use pegwise::search::live::Live;
use pegwise::shipped;

/// Checks the default game's table of `name`: playouts of `deep` jumps (a range) against
/// brute force. Returns the positions checked.
fn check(name: &str, seed: u64, deep: (usize, usize)) -> (usize, usize) {
    let b = Board::by_name(name).unwrap();
    let p = pegwise::winnable::default_problem(&b);
    let planned = shipped::planned_for(&b).unwrap();
    let spec = planned.iter().find(|s| shipped::covers(&p, s));
    let spec = spec.unwrap_or_else(|| panic!("{name}: no table planned for its default game"));
    // the page offers a built table once MANIFEST pins it
    assert_eq!(
        shipped::table_for(&p).map(|s| s.file),
        Some(spec.file.clone())
    );
    let table = common::built_table(&spec.file, name);
    let mut oracle = Oracle::new(&p);
    oracle.attach(table).unwrap();
    let mut rng = Rng(seed);
    let deep = common::check_start(&p, &mut oracle, &mut rng, 24, deep);
    // higher up: the live solver, where it settles the position, agrees
    let start = p.start_positions()[0];
    let mut live = Live::new(&p);
    let mut settled = 0;
    for _ in 0..100 {
        let mut code = start;
        for _ in 0..1 + rng.next(12) {
            let jumps: Vec<_> = position::legal_jumps(&b, code).collect();
            if jumps.is_empty() {
                break;
            }
            code = position::after(code, jumps[rng.next(jumps.len())]);
        }
        let table_says = oracle.winning(code, oracle.ask());
        assert!(table_says.is_some(), "{name}: the table answers {code:#x}");
        if let Some(w) = live.winning(code, &mut 200_000) {
            assert_eq!(
                table_says,
                Some(w),
                "{name}: table and live search at {code:#x}"
            );
            settled += 1;
        }
    }
    (deep, settled)
}

/// Checks `name`'s table (see [`check`]) and asks for at least 100 positions against brute
/// force and `settled` against the live search.
fn holds(name: &str, seed: u64, deep: (usize, usize), settled: usize) {
    let (d, s) = check(name, seed, deep);
    eprintln!("{name}: {d} positions against brute force, {s} against the live search");
    assert!(d > 100 && s > settled, "{name}: {d} {s}");
}

#[test]
#[ignore = "needs data/square6.c3.c3.pgt: scripts/tables square6"]
fn square6_default_game_agrees_with_brute_force_and_the_live_search() {
    holds("square6", 0x51_7cc1_b727_220a, (16, 26), 50);
}

#[test]
#[ignore = "needs data/wiegleb.e5.e5.pgt: scripts/tables wiegleb"]
fn wiegleb_central_game_agrees_with_brute_force_and_the_live_search() {
    // 26 to 36 jumps leave 8 to 18 pegs of the 44, where brute force is quick (random games
    // often stick before 30 jumps)
    holds("wiegleb", 0x3c_9e41_07d2_5b8f, (26, 36), 20);
}
