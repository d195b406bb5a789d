//! The published figures (Bell's tables, OEIS A112737/A112738) reproduced by the generator,
//! and the fastest public peer's figures of the central game (random play, position sequences).

use pegwise::generate::{self, count, wins, Options};
use pegwise::{Board, Problem};
use serde_json::Value;

fn fixtures() -> Value {
    serde_json::from_str(include_str!("../../tests/fixtures/published.json")).unwrap()
}

fn problem(board: &str, start: &str, goal: &str) -> Problem {
    Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap()
}

/// Solves with every reachable level (the plain filter), and checks that the complement trick
/// finds the same winning sets.
fn solve_both(p: &Problem, key: &str) -> generate::Solved {
    let all = Options {
        all_reachable: true,
        ..Options::default()
    };
    let solved = generate::solve(p, all, &mut |_| {}).unwrap();
    let half = generate::solve(p, Options::default(), &mut |_| {}).unwrap();
    assert_eq!(
        solved.winning, half.winning,
        "{key}: complement trick agrees with the plain filter"
    );
    solved
}

fn check_levels(key: &str, board: &str) {
    let fx = fixtures();
    let p = problem(board, fx[key]["start"].as_str().unwrap(), "start");
    let solved = solve_both(&p, key);
    for level in fx[key]["levels"].as_array().unwrap() {
        let n = level["pegs"].as_u64().unwrap() as usize;
        let f = generate::orbits_under_full_group(&p, &solved.reachable[n]);
        let w = generate::orbits_under_full_group(&p, &solved.winning[n]);
        assert_eq!(
            f as u64,
            level["reachable"].as_u64().unwrap(),
            "{key} F_{n}"
        );
        assert_eq!(w as u64, level["winning"].as_u64().unwrap(), "{key} W_{n}");
        if let Some(raw) = level.get("reachable_raw") {
            let raw_count: usize = solved.reachable[n]
                .iter()
                .map(|&c| {
                    let mut imgs: Vec<u64> = p
                        .canon()
                        .perms()
                        .iter()
                        .map(|q| pegwise::symmetry::apply(q, c))
                        .collect();
                    imgs.sort_unstable();
                    imgs.dedup();
                    imgs.len()
                })
                .sum();
            assert_eq!(raw_count as u64, raw.as_u64().unwrap(), "{key} raw F_{n}");
        }
    }
}

#[test]
fn bell_table1_triangle5() {
    check_levels("triangle5_corner_complement", "triangle5");
}

#[test]
fn bell_table1_triangle6() {
    check_levels("triangle6_corner_complement", "triangle6");
}

#[test]
fn bell_table1_losing_one_jump_off() {
    let fx = fixtures();
    for (key, board) in [
        ("triangle5_corner_complement", "triangle5"),
        ("triangle6_corner_complement", "triangle6"),
    ] {
        let p = problem(board, "a1", "start");
        let solved = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
        for level in fx[key]["levels"].as_array().unwrap() {
            let n = level["pegs"].as_u64().unwrap() as usize;
            let Some(upper) = solved.winning.get(n + 1) else {
                continue;
            };
            let mut losing: Vec<u64> = upper
                .iter()
                .flat_map(|&x| pegwise::position::children(&p.board, x).collect::<Vec<_>>())
                .filter(|&c| !solved.is_winning(c))
                .collect();
            losing.sort_unstable();
            losing.dedup();
            let l = generate::orbits_under_full_group(&p, &losing);
            assert_eq!(
                l as u64,
                level["losing_one_jump_off"].as_u64().unwrap(),
                "{key} L_{n}"
            );
        }
    }
}

#[test]
fn english_central_game_a112737_a112738_and_solution_count() {
    let fx = &fixtures()["english_central_game"];
    let p = problem("english", "d4", "start");
    let solved = solve_both(&p, "english");
    for level in fx["levels"].as_array().unwrap() {
        let n = level["pegs"].as_u64().unwrap() as usize;
        assert_eq!(
            solved.reachable[n].len() as u64,
            level["reachable"].as_u64().unwrap(),
            "F_{n}"
        );
        assert_eq!(
            solved.winning[n].len() as u64,
            level["winning"].as_u64().unwrap(),
            "W_{n}"
        );
    }
    for (n, codes) in fx["winning_codes_small"].as_object().unwrap() {
        let n: usize = n.parse().unwrap();
        let want: Vec<u64> = codes
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(solved.winning[n], want, "W_{n} codes");
    }
    let start = p.start_positions()[0];
    let n = count::count_from(&p, &solved.canon, start, |c| solved.is_winning(c)).unwrap();
    assert_eq!(n.to_string(), fx["solutions"].as_str().unwrap());
    // the fastest public peer's two figures of the central game (its own run, in the fixture)
    let peer = &fx["peer_feschber"];
    let winning = |c: u64| solved.is_winning(c);
    let chance = wins::chance_from(&p, &solved.canon, start, &winning);
    let want = peer["random_play_chance"].as_f64().unwrap();
    assert!(
        ((chance - want) / want).abs() < 1e-12,
        "random play wins {chance:e}, the peer says {want:e}"
    );
    let sequences = wins::count_positions_from(&p, &solved.canon, start, &winning).unwrap();
    assert_eq!(
        sequences.to_string(),
        peer["position_sequences"].as_str().unwrap()
    );
    // every first jump wins: only the start and the finish are forced (docs/cli.md, `forced`)
    let finish = 1u64 << 16;
    assert_eq!(wins::forced_from(&p, start, &winning), [start, finish]);
    // 20 jumps into a solution: four forced jumps before the finish
    let mut g = pegwise::game::Game::new(p.clone()).unwrap();
    g.play_text("d2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3 a4-c4-c2 e4-c4 g4-e4-e2 e1-e3 c5-c3 c2-c4 a5-c5 d5-b5")
        .unwrap();
    let line = wins::forced_line(
        &p.board,
        &wins::forced_from(&p, g.position().code(), &winning),
    );
    let pegs: Vec<u32> = line.iter().map(|(y, _)| y.count_ones()).collect();
    assert_eq!(pegs, [12, 5, 4, 3, 2, 1]);
    let jumps: Vec<String> = line
        .iter()
        .filter_map(|&(_, j)| j.map(|j| pegwise::moves::jump_text(&p.board, j)))
        .collect();
    assert_eq!(jumps, ["d5-f5", "e3-e5", "f5-d5", "d6-d4"]);
}

/// The counting convention of "the stored half", the figure docs/cli.md defines for every table:
/// the winning positions with n ≤ N/2 pegs, each level counted once (an odd board has no
/// middle level), W_1 (the finish) included. It reproduces Bell's Table 2 totals here, and the
/// committed table of the central game stores exactly that many codes.
#[test]
fn the_stored_half_counts_as_bell_table2_does() {
    let t = &fixtures()["english_central_game"]["totals"];
    let want = |k: &str| t[k].as_u64().unwrap() as usize;
    let p = problem("english", "d4", "start");
    let all = Options {
        all_reachable: true,
        ..Options::default()
    };
    let solved = generate::solve(&p, all, &mut |_| {}).unwrap();
    let holes = p.board.len();
    let levels =
        |r: std::ops::RangeInclusive<usize>| -> usize { r.map(|n| solved.winning[n].len()).sum() };
    assert_eq!(levels(1..=holes / 2), want("winning_half"), "W_1..W_16");
    assert_eq!(levels(1..=holes - 1), want("winning"), "W_1..W_32");
    let reachable: usize = solved.reachable.iter().map(Vec::len).sum();
    assert_eq!(reachable, want("reachable"), "F");
    let head = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/english.d4.d4.pgt"
    ));
    let table = pegwise::table::Table::decode(&head.unwrap()).unwrap();
    assert_eq!(
        table.codes(),
        want("winning_half"),
        "the table's stored half"
    );
}

#[test]
fn fewest_moves_on_triangles_a127500() {
    let fx = fixtures();
    for side in 4..=6 {
        let want = fx["fewest_moves_triangle_A127500"][side.to_string()]
            .as_u64()
            .unwrap() as usize;
        let p = problem(&format!("triangle{side}"), "all", "any");
        let s = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
        let (start, moves) =
            pegwise::search::fewest::fewest_moves(&p, &s.canon, |c| s.is_winning(c)).unwrap();
        assert_eq!(moves.len(), want, "triangle side {side}");
        // the line is real: it plays from its start to one peg
        let mut x = start;
        for m in &moves {
            for &j in m {
                assert!(pegwise::position::can_jump(x, j));
                x = pegwise::position::after(x, j);
            }
        }
        assert_eq!(x.count_ones(), 1);
    }
}

#[test]
fn mpmp_ten_hole_puzzle_in_five_moves() {
    let b = Board::by_name("triangle4").unwrap();
    let p = Problem::parse(b.clone(), "2", "any").unwrap();
    let mut g = pegwise::game::Game::new(p).unwrap();
    g.play_text("7–2, 1–4, 9–7–2, 6–1–4–6, 10–3").unwrap();
    assert_eq!(g.move_count(), 5);
    assert_eq!(g.position().code(), 1 << 2, "one peg left, in hole 3 (b2)");
}

#[test]
fn english_central_game_in_eighteen_moves() {
    // Bergholt's 18-move solution of the central game (1912) is the shortest, as Beasley
    // proved in 1964.
    let p = problem("english", "d4", "start");
    let s = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
    let (_, moves) =
        pegwise::search::fewest::fewest_moves(&p, &s.canon, |c| s.is_winning(c)).unwrap();
    assert_eq!(moves.len(), 18);
}
