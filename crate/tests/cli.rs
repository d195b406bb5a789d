//! The `pegwise` command end to end: JSON shapes, answers held against brute force, clear
//! errors on bad input, and byte-identical table regeneration.

use std::collections::HashMap;
use std::process::Command;

use pegwise::search::brute::{self, Brute};
use pegwise::{position, Board, Problem};
use serde_json::Value;

fn pegwise(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pegwise"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A scratch folder of this test run.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("pegwise-{name}-{}", std::process::id()))
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = pegwise(&a);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Plays a line the CLI printed (a JSON array of jumps) on a new game of `p`; returns the game
/// and the number of jumps played.
fn play_line(p: &Problem, line: &Value) -> (pegwise::game::Game, usize) {
    let moves: Vec<&str> = line
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut g = pegwise::game::Game::new(p.clone()).unwrap();
    let played = g.play_text(&moves.join(" ")).unwrap();
    (g, played)
}

#[test]
fn boards_lists_the_catalogue() {
    let v = json(&["boards"]);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    for n in [
        "triangle4",
        "trunc12",
        "english",
        "french",
        "wiegleb",
        "diamond41",
        "square6",
        "hexagon37",
        "row:L",
    ] {
        assert!(names.contains(&n), "{n}");
    }
    let hex = v
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "hexagon37")
        .unwrap();
    assert_eq!(
        (hex["holes"].as_u64(), hex["symmetries"].as_u64()),
        (Some(37), Some(12))
    );
}

#[test]
fn stats_has_the_documented_shape() {
    let v = json(&[
        "stats",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "start",
    ]);
    for key in [
        "board",
        "holes",
        "symmetries",
        "start",
        "goal",
        "levels",
        "winning_total",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    let l12 = v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["pegs"] == 12)
        .unwrap();
    assert_eq!(
        (l12["reachable"].as_u64(), l12["winning"].as_u64()),
        (Some(4), Some(2))
    );
    // Bell's superset: every start, finish anywhere
    let all = json(&[
        "stats",
        "--board",
        "triangle5",
        "--start",
        "all",
        "--goal",
        "any",
    ]);
    assert!(all["winning_total"].as_u64().unwrap() > v["winning_total"].as_u64().unwrap());
}

#[test]
fn dump_lists_the_smallest_winning_sets() {
    let v = json(&[
        "dump", "--board", "english", "--start", "d4", "--goal", "start", "--pegs", "4",
    ]);
    let codes: Vec<u64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(
        codes,
        [153, 1680, 16688, 17928, 66432, 82976, 147984, 352256]
    );
    let (_, text, _) = pegwise(&[
        "dump", "--board", "english", "--start", "d4", "--goal", "start", "--pegs", "3",
    ]);
    assert_eq!(text, "400\n212992\n");
}

/// `dump` lists codes up to the board's whole group by default (as `stats` counts them);
/// `--reduce stabiliser` lists the table's own codes, up to the symmetries fixing start and
/// goal only. Checked by applying every symmetry by hand.
#[test]
fn dump_reduces_under_the_whole_group_unless_asked() {
    let board = Board::by_name("triangle5").unwrap();
    let problem = ["--board", "triangle5", "--start", "b2", "--goal", "any"];
    // the codes `dump` lists, with `extra` arguments
    let codes = |pegs: u64, extra: &[&str]| -> Vec<u64> {
        let pegs = pegs.to_string();
        let mut args = vec!["dump", "--pegs", &pegs];
        args.extend(problem);
        args.extend(extra);
        json(&args)
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect()
    };
    let stats = json(&[&["stats"][..], &problem].concat());
    let smallest = |c: u64| {
        board
            .symmetries()
            .iter()
            .map(|perm| {
                (0..board.len())
                    .filter(|&h| c >> h & 1 == 1)
                    .fold(0u64, |acc, h| acc | 1 << perm[h])
            })
            .min()
            .unwrap()
    };
    let mut differ = false;
    for pegs in 2..=8 {
        let own = codes(pegs, &["--reduce", "stabiliser"]);
        let full = codes(pegs, &["--reduce", "full"]);
        let mut expect: Vec<u64> = own.iter().map(|&c| smallest(c)).collect();
        expect.sort_unstable();
        expect.dedup();
        assert_eq!(full, expect, "{pegs} pegs");
        let level = stats["levels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["pegs"].as_u64() == Some(pegs))
            .unwrap();
        assert_eq!(
            level["winning"].as_u64(),
            Some(full.len() as u64),
            "{pegs} pegs"
        );
        differ |= own.len() > full.len();
        // the default is the whole group
        assert_eq!(codes(pegs, &[]), full, "{pegs} pegs");
    }
    assert!(
        differ,
        "b2's stabiliser is smaller than the whole group somewhere"
    );
}

#[test]
fn hint_agrees_with_brute_force() {
    for (board, start, goal, moves) in [
        // deep enough that the plain brute force answers quickly
        (
            "english",
            "d4",
            "start",
            "d2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3 a4-c4-c2 e4-c4",
        ),
        (
            "english",
            "d4",
            "any",
            "d2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3 e4-c4",
        ),
        ("triangle5", "a1", "start", "a3-a1 c5-a3"),
        ("triangle6", "b3", "any", ""),
        ("trunc18", "b2", "c4", ""),
    ] {
        let v = json(&[
            "hint", "--board", board, "--start", start, "--goal", goal, "--moves", moves,
        ]);
        let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
        let mut g = pegwise::game::Game::new(p.clone()).unwrap();
        g.play_text(moves).unwrap();
        let mut brute = Brute::new(&p);
        assert_eq!(
            v["winning"].as_bool(),
            Some(brute.winning(g.position().code())),
            "{board} {moves}"
        );
        let jumps = v["jumps"].as_array().unwrap();
        assert_eq!(jumps.len(), g.legal_jumps().len());
        for j in jumps {
            let mut h = g.clone();
            h.play_text(j["jump"].as_str().unwrap()).unwrap();
            assert_eq!(
                j["good"].as_bool(),
                Some(brute.winning(h.position().code())),
                "{board} {moves} then {}",
                j["jump"]
            );
        }
    }
    // a losing jump is reported as bad, and the position after it as not winning
    let v = json(&[
        "hint",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "start",
        "--moves",
        "a3-a1 c5-a3 c3-c5",
    ]);
    assert_eq!(v["winning"], false);
}

#[test]
fn count_agrees_with_brute_force() {
    // from the shipped tables (data), and solved whole (no tables in an empty folder)
    let empty = scratch("no-tables");
    std::fs::create_dir_all(&empty).unwrap();
    for data in ["data", empty.to_str().unwrap()] {
        for (board, start, goal) in [
            ("triangle5", "a1", "start"),
            ("triangle5", "a2", "any"),
            ("trunc12", "a2", "b3"),
            ("triangle6", "a1", "any"),
        ] {
            let v = json(&[
                "count", "--board", board, "--start", start, "--goal", goal, "--data", data,
            ]);
            let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
            let want = brute::count(&p, p.start_positions()[0], &mut HashMap::new());
            assert_eq!(
                v["count"].as_str().unwrap(),
                want.to_string(),
                "{board} {start} {goal} {data}"
            );
        }
    }
}

#[test]
fn fewest_is_the_same_from_a_table_and_solved_whole() {
    let empty = scratch("no-tables-fewest");
    std::fs::create_dir_all(&empty).unwrap();
    for (board, start, goal) in [("triangle5", "a1", "start"), ("triangle6", "a2", "any")] {
        let args = ["fewest", "--board", board, "--start", start, "--goal", goal];
        let table = json(&[&args[..], &["--data", "data"]].concat());
        let solved = json(&[&args[..], &["--data", empty.to_str().unwrap()]].concat());
        assert_eq!(table["moves"], solved["moves"], "{board} {start} {goal}");
        assert_eq!(table["solvable"], true);
    }
}

#[test]
fn solve_prints_a_line_that_wins() {
    let v = json(&[
        "solve", "--board", "english", "--start", "d4", "--goal", "start",
    ]);
    let p = Problem::parse(Board::by_name("english").unwrap(), "d4", "start").unwrap();
    let (g, played) = play_line(&p, &v["moves"]);
    assert_eq!(played, 31);
    assert!(p.is_goal(g.position().code()));
    assert_eq!(position::pegs(g.position().code()), 1);
}

/// On a board no table covers, `solve --budget` asks the live search: a line it finds wins,
/// and out of budget it says "unknown", never "no solution".
#[test]
fn solve_with_a_budget_asks_the_live_search() {
    let v = json(&[
        "solve",
        "--board",
        "hexagon37",
        "--start",
        "c3",
        "--goal",
        "d3",
        "--budget",
        "2000000",
    ]);
    let p = Problem::parse(Board::by_name("hexagon37").unwrap(), "c3", "d3").unwrap();
    let (g, _) = play_line(&p, &v["moves"]);
    assert!(p.is_goal(g.position().code()) && position::pegs(g.position().code()) == 1);
    // wiegleb's central game with goal any: no table covers it (its table is goal start)
    let args = [
        "solve", "--board", "wiegleb", "--start", "e5", "--goal", "any",
    ];
    let v = json(&[&args[..], &["--budget", "10"]].concat());
    assert_eq!(v["solvable"], true, "the start is known to be winnable");
    assert!(v["moves"].is_null(), "{v}");
    let (code, out, _) = pegwise(&[&args[..], &["--budget", "10"]].concat());
    assert_eq!(code, 0);
    assert!(
        out.starts_with("unknown:") && out.contains("--budget"),
        "{out}"
    );
    let moved = [
        &args[..],
        &["--budget", "10", "--moves", "e3-e5 c4-e4 a4-c4 d2-d4"],
    ]
    .concat();
    let v = json(&moved);
    assert!(v["solvable"].is_null() && v["moves"].is_null(), "{v}");
}

#[test]
fn bad_input_gets_a_clear_error_and_no_panic() {
    for (args, needle) in [
        (vec!["stats", "--board", "octagon"], "octagon"),
        (vec!["stats", "--board", "english", "--start", "z9"], "z9"),
        (vec!["stats", "--board", "english", "--goal", "q7"], "q7"),
        (
            vec!["hint", "--board", "english", "--moves", "d2-d4 d2-d4"],
            "d2-d4",
        ),
        (vec!["hint", "--board", "english", "--moves", "d2-x4"], "x4"),
        (vec!["hint", "--board", "english", "--think", "0"], "'0'"),
        (
            vec!["hint", "--board", "english", "--think", "soon"],
            "'soon'",
        ),
        (vec!["stats", "--board", "ascii:oo?"], "'?'"),
        (vec!["stats", "--board", "row:99"], "row:99"),
        (
            vec!["stats", "--board-file", "/nonexistent/board.txt"],
            "/nonexistent/board.txt",
        ),
        (
            vec![
                "dump",
                "--board",
                "triangle5",
                "--start",
                "a1",
                "--pegs",
                "15",
            ],
            "15",
        ),
        (
            vec![
                "stats",
                "--board",
                "triangle5",
                "--start",
                "all",
                "--goal",
                "start",
            ],
            "start",
        ),
        (
            vec![
                "tables",
                "--only",
                "hexagon37",
                "--out",
                "/tmp/pegwise-never",
            ],
            "hexagon37",
        ),
    ] {
        let (code, _, err) = pegwise(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn unsolvable_is_an_answer_not_an_error() {
    let (code, out, _) = pegwise(&[
        "stats",
        "--board",
        "triangle4",
        "--start",
        "b3",
        "--goal",
        "start",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("has no solution"), "{out}");
    let v = json(&[
        "solve",
        "--board",
        "triangle4",
        "--start",
        "a1",
        "--goal",
        "start",
    ]);
    assert_eq!(v["solvable"], false);
}

#[test]
fn custom_board_from_a_file() {
    let dir = scratch("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("tri4.txt");
    std::fs::write(&f, "# the 10-hole triangle, drawn\nlattice: triangle\n      o\n     o o\n    o o o\n   o o o o\n").unwrap();
    let v = json(&[
        "stats",
        "--board-file",
        f.to_str().unwrap(),
        "--start",
        "a2",
        "--goal",
        "b2",
    ]);
    let w = json(&[
        "stats",
        "--board",
        "triangle4",
        "--start",
        "a2",
        "--goal",
        "b2",
    ]);
    assert_eq!(v["levels"], w["levels"]);
    assert!(v["winning_total"].as_u64().unwrap() > 0);
}

#[test]
fn tables_regenerate_byte_identically() {
    let out = scratch("tables");
    let (code, manifest, err) = pegwise(&[
        "tables",
        "--only",
        "triangle4,trunc12,triangle5,trunc18,triangle6",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let shipped = std::fs::read_to_string(data.join("MANIFEST")).unwrap();
    let mut files = 0;
    for row in manifest.lines().filter(|l| !l.starts_with('#')) {
        let file = row.split(' ').next().unwrap();
        assert_eq!(
            std::fs::read(out.join(file)).unwrap(),
            std::fs::read(data.join(file)).unwrap(),
            "{file}"
        );
        assert!(shipped.lines().any(|l| l == row), "MANIFEST row {row}");
        files += 1;
    }
    assert!(files >= 20);
    // every file the MANIFEST lists is there, with its size (the big boards' tables only
    // once `scripts/tables <board>` has built them)
    for row in shipped.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = row.split(' ').collect();
        let optional = pegwise::shipped::BUILT_BOARDS.contains(&cols[1]);
        if optional && !data.join(cols[0]).exists() {
            continue;
        }
        let len = std::fs::metadata(data.join(cols[0])).unwrap().len();
        assert_eq!(len.to_string(), cols[5], "{row}");
    }
}

#[test]
fn tables_verify_against_brute_force() {
    let out = scratch("verify");
    let (code, _, err) = pegwise(&[
        "tables",
        "--only",
        "triangle4,trunc12",
        "--out",
        out.to_str().unwrap(),
        "--verify",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.matches("positions agree with brute force").count() >= 8,
        "{err}"
    );
}

#[test]
fn a_job_too_big_for_memory_is_refused_clearly() {
    // only when the whole solve is asked for: without --exact the live search answers
    let (code, _, err) = pegwise(&[
        "count", "--board", "wiegleb", "--start", "a4", "--goal", "start", "--exact",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("does not fit in memory") && err.contains("wiegleb"),
        "{err}"
    );
}

#[test]
fn hint_out_of_budget_says_unknown_never_bad() {
    // no table covers Wiegleb's e5 with goal any (its built table is the central game
    // only), and a budget of one position decides nothing (one jump in: at the start itself
    // the winnable record answers)
    let args = [
        "hint", "--board", "wiegleb", "--start", "e5", "--goal", "any", "--moves", "e3-e5",
        "--budget", "1",
    ];
    let (code, out, err) = pegwise(&args);
    assert_eq!(code, 0, "{err}");
    let jumps: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains('-'))
        .collect();
    assert_eq!(jumps.len(), 4, "{out}");
    for l in &jumps {
        assert!(l.ends_with("unknown"), "{l}");
    }
    assert!(!out.contains("bad") && !out.contains("dead end"), "{out}");
    let v = json(&args);
    assert_eq!(v["verdict"], "unknown");
    assert!(v["winning"].is_null());
    for j in v["jumps"].as_array().unwrap() {
        assert_eq!(j["verdict"], "unknown", "{j}");
        assert!(j["good"].is_null(), "{j}");
    }
}

#[test]
fn hint_think_proves_what_the_budget_left_unknown_as_the_table_does() {
    // English, central game, seven jumps in, with no table and a budget of 20 positions a
    // question: most jumps are unknown at first; --think proves them in short tries
    let line = "d2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1";
    let ask = |extra: &[&str]| {
        let mut a = vec![
            "hint", "--board", "english", "--moves", line, "--budget", "20",
        ];
        a.extend_from_slice(extra);
        json(&a)
    };
    let verdicts = |v: &Value| -> HashMap<String, String> {
        v["jumps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                (
                    j["jump"].as_str().unwrap().into(),
                    j["verdict"].as_str().unwrap().into(),
                )
            })
            .collect()
    };
    let empty = scratch("think");
    std::fs::create_dir_all(&empty).unwrap();
    let empty = empty.to_str().unwrap();
    let first = verdicts(&ask(&["--data", empty]));
    let thought = verdicts(&ask(&["--data", empty, "--think", "20"]));
    let truth = verdicts(&ask(&["--data", "data"]));
    let unknown = |m: &HashMap<String, String>| m.values().filter(|v| *v == "unknown").count();
    assert!(unknown(&first) >= 2, "{first:?}");
    assert_eq!(unknown(&thought), 0, "{thought:?}");
    assert_eq!(unknown(&truth), 0, "the table answers: {truth:?}");
    assert_eq!(thought, truth);
}

#[test]
fn games_counts_and_prints_a_shortest_game() {
    // MPMP's 10-hole triangle: vacate a2; its shortest game takes 5 moves and ends at b2
    let v = json(&["games", "--board", "triangle4", "--start", "a2"]);
    assert_eq!(v["shortest"]["moves"], 5);
    let p = Problem::parse(Board::by_name("triangle4").unwrap(), "a2", "any").unwrap();
    let (g, _) = play_line(&p, &v["shortest"]["line"]);
    assert_eq!(position::pegs(g.position().code()), 1);
    let all: u128 = v["games"].as_str().unwrap().parse().unwrap();
    let unique = json(&["games", "--board", "triangle4", "--start", "a2", "--unique"]);
    let unique: u128 = unique["games"].as_str().unwrap().parse().unwrap();
    assert!(0 < unique && unique <= all, "{unique} of {all}");
    // no game at all: the count is 0 and there is no shortest game
    let none = json(&[
        "games",
        "--board",
        "triangle4",
        "--start",
        "a1",
        "--goal",
        "a1",
    ]);
    assert_eq!(none["games"], "0");
    assert_eq!(none["shortest"], Value::Null);
    let (code, _, err) = pegwise(&["games", "--board", "triangle4", "--start", "all"]);
    assert_eq!(code, 2);
    assert!(err.contains("one start"), "{err}");
}

#[test]
fn deadend_lines_play_to_a_lost_and_a_dead_board() {
    for (board, start, goal) in [("triangle5", "a1", "start"), ("english", "d4", "start")] {
        let v = json(&[
            "deadend", "--board", board, "--start", start, "--goal", goal,
        ]);
        let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
        for key in ["lost", "dead"] {
            let line = &v[key]["line"];
            let (g, played) = play_line(&p, line);
            assert_eq!(v[key]["jumps"], line.as_array().unwrap().len());
            assert_eq!(played, line.as_array().unwrap().len(), "{board}: {line}");
            if key == "dead" {
                assert!(g.legal_jumps().is_empty(), "{board}: {line}");
            } else {
                assert!(
                    !Brute::new(&p).winning(g.position().code()),
                    "{board}: {line}"
                );
            }
        }
    }
}

#[test]
fn the_1d_puzzle_agrees_with_brute_force_on_every_row6_position() {
    let b = Board::by_name("row:6").unwrap();
    for code in 1..(1u64 << 6) - 1 {
        let text = pegwise::moves::position_text(&b, code);
        let v = json(&[
            "solve",
            "--board",
            "row:6",
            "--position",
            &text,
            "--goal",
            "any",
        ]);
        let p = Problem::with_position(b.clone(), &text, "any").unwrap();
        let want = Brute::new(&p).winning(code);
        assert_eq!(v["solvable"], want, "{text}");
        if !want {
            continue;
        }
        // (index, L|R) pairs that play through to one peg
        let mut c = code;
        for m in v["moves"].as_array().unwrap() {
            let i = m[0].as_u64().unwrap() as u8;
            let to = if m[1] == "R" { i + 2 } else { i - 2 };
            let j = *b
                .jumps()
                .iter()
                .find(|j| j.from == i && j.to == to)
                .unwrap();
            assert!(position::can_jump(c, j), "{text}: {m}");
            c = position::after(c, j);
        }
        assert_eq!(position::pegs(c), 1, "{text}");
    }
}

#[test]
fn position_replaces_the_start_everywhere() {
    // one jump from the central game's start, written as a position: the same hints
    let b = Board::by_name("english").unwrap();
    let p = Problem::parse(b.clone(), "d4", "start").unwrap();
    let mut g = pegwise::game::Game::new(p).unwrap();
    g.play_text("d2-d4").unwrap();
    let text = pegwise::moves::position_text(&b, g.position().code());
    let from_moves = json(&["hint", "--moves", "d2-d4"]);
    let from_position = json(&["hint", "--position", &text, "--budget", "2000000"]);
    assert_eq!(from_moves["jumps"], from_position["jumps"]);
    let (code, _, err) = pegwise(&["hint", "--position", "XXo"]);
    assert_eq!(code, 2);
    assert!(err.contains("XXo"), "{err}");
}

#[test]
fn best_finish_agrees_with_brute_force_after_the_goal_is_lost() {
    fn fewest(b: &Board, code: u64) -> u32 {
        position::legal_jumps(b, code)
            .map(|j| fewest(b, position::after(code, j)))
            .min()
            .unwrap_or(position::pegs(code))
    }
    let b = Board::by_name("triangle5").unwrap();
    for moves in ["a3-a1 c4-a2", "a3-a1", "a3-a1 c5-a3 d4-b4"] {
        let v = json(&[
            "best",
            "--board",
            "triangle5",
            "--start",
            "a1",
            "--moves",
            moves,
        ]);
        let p = Problem::parse(b.clone(), "a1", "start").unwrap();
        let mut g = pegwise::game::Game::new(p).unwrap();
        g.play_text(moves).unwrap();
        assert_eq!(v["pegs"], fewest(&b, g.position().code()), "{moves}");
        g.play_text(v["jump"].as_str().unwrap()).unwrap();
        assert_eq!(
            v["pegs"],
            fewest(&b, g.position().code()),
            "{moves}: the jump keeps it"
        );
    }
    // one peg can remain: the goal-any table says so, and names a jump, with no search
    let v = json(&["best", "--budget", "3", "--moves", "d2-d4"]);
    assert_eq!(v["pegs"], 1);
    // it can't (the table says so): 2 pegs is searched for, within the budget or not at all
    let lost = "b4-d4 c2-c4 e3-c3 e1-e3 e4-e2 d1-d3 d4-d2 d6-d4";
    let v = json(&["best", "--budget", "3", "--moves", lost]);
    assert_eq!(v["pegs"], Value::Null);
    let v = json(&["best", "--moves", lost]);
    assert_eq!(v["pegs"], 2);
}

#[test]
fn count_and_fewest_from_a_set_position_agree_with_the_same_position_played_to() {
    // triangle5 from a1, after c3-a1: XXoXXoXXXXXXXXX; goal a1 (what goal "start" meant)
    let by_moves = json(&[
        "count",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "start",
        "--moves",
        "c3-a1",
    ]);
    let at = "XXoXXoXXXXXXXXX";
    let by_position = json(&[
        "count",
        "--board",
        "triangle5",
        "--position",
        at,
        "--goal",
        "a1",
    ]);
    assert_eq!(by_position["count"], by_moves["count"]);
    assert_ne!(by_position["count"], "0");
    let fewest = json(&[
        "fewest",
        "--board",
        "triangle5",
        "--position",
        at,
        "--goal",
        "a1",
    ]);
    assert_eq!(fewest["solvable"], true);
}

/// The 1-D puzzle's own command: a set position has no start hole, so the default goal
/// (`start`) means any hole, by the core's one rule; and with `--start` the goal is that hole.
#[test]
fn a_row_position_is_solved_without_naming_a_goal() {
    let v = json(&["solve", "--board", "row:5", "--position", "XXoXo"]);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["moves"], serde_json::json!([[0, "R"], [2, "R"]]));
    // the game from c1, played on from that position: finish in c1 (it ends in d1)
    let v = json(&[
        "solve",
        "--board",
        "row:5",
        "--start",
        "c1",
        "--position",
        "XXoXo",
        "--goal",
        "start",
    ]);
    assert_eq!(v["solvable"], false);
}

#[test]
fn a_page_link_names_the_same_game_as_the_flags() {
    let flags = json(&[
        "hint",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "start",
        "--moves",
        "a3-a1 c3-a3",
    ]);
    for link in [
        "http://127.0.0.1:8080/?board=triangle5&start=a1&goal=start&moves=a3-a1+c3-a3#x",
        "?board=triangle5&start=a1&goal=start&moves=a3-a1%20c3-a3",
        "board=triangle5&start=a1&moves=a3-a1+c3-a3&goal=start&hints=off",
    ] {
        assert_eq!(json(&["hint", "--link", link]), flags, "{link}");
    }
    // the flags override the link's parts
    let goal_any = json(&[
        "hint",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "any",
    ]);
    let link = "?board=triangle5&start=a1&goal=start";
    assert_eq!(json(&["hint", "--link", link, "--goal", "any"]), goal_any);
    // a link that names no game is refused, naming it
    let (code, _, err) = pegwise(&["hint", "--link", "?hints=off"]);
    assert_ne!(code, 0);
    assert!(err.contains("'?hints=off' names no game"), "{err}");
}

#[test]
fn count_with_a_budget_counts_live_or_says_unknown() {
    let empty = scratch("count-budget");
    std::fs::create_dir_all(&empty).unwrap();
    let data = empty.to_str().unwrap();
    let game = [
        "count", "--board", "trunc12", "--start", "a2", "--goal", "any",
    ];
    let whole = json(&[&game[..], &["--data", data]].concat());
    let live = json(&[&game[..], &["--data", data, "--budget", "10000000"]].concat());
    assert_eq!(live["count"], whole["count"]);
    assert_eq!(live["source"], "search");
    assert_eq!(whole["source"], "solve");
    assert!(whole["count"].as_str().is_some_and(|c| c != "0"), "{whole}");
    let short = json(&[&game[..], &["--data", data, "--budget", "3"]].concat());
    assert_eq!(
        short,
        serde_json::json!({"count": null, "unknown": true, "source": "search"})
    );
    std::fs::remove_dir_all(&empty).ok();
}

#[test]
fn the_shipped_tables_are_found_from_any_folder() {
    let elsewhere = scratch("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let args = [
        "count", "--board", "english", "--start", "d4", "--goal", "start", "--json",
    ];
    let out = Command::new(env!("CARGO_BIN_EXE_pegwise"))
        .args(args)
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("no data/ folder"), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, json(&args[..args.len() - 1]));
    std::fs::remove_dir_all(&elsewhere).ok();
}

/// Long walks say how far they have got: on a terminal, the spinner counts the positions
/// judged. (`script` gives the command a terminal; without one, indicatif draws nothing.)
#[test]
fn long_commands_count_the_positions_they_judge_on_a_terminal() {
    // `script` (util-linux, Debian's essential bsdutils; scripts/setup checks for it) gives
    // the command a terminal: without it this test can't run, and says so by failing
    assert!(
        Command::new("script").arg("--version").output().is_ok(),
        "no `script` to give the command a terminal: install bsdutils (scripts/setup does)"
    );
    let bin = env!("CARGO_BIN_EXE_pegwise");
    for (cmd, label) in [
        ("count --board triangle6 --start a1 --goal any", "counting"),
        (
            "fewest --board trunc18 --start a1 --goal any",
            "searching for the fewest moves",
        ),
    ] {
        let out = Command::new("script")
            .args(["-qec", &format!("{bin} {cmd}"), "/dev/null"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("{label}: 65,536 positions judged")),
            "{cmd}: {text}"
        );
    }
}

#[test]
fn one_peg_is_one_peg() {
    // the 10-hole triangle's one winnable game, played to its end
    let moves = "a4-a2 a1-a3 c3-a1 a3-c3 d4-b2 a1-c3 b4-d4-b2";
    let (code, out, err) = pegwise(&[
        "hint",
        "--board",
        "triangle4",
        "--start",
        "a2",
        "--goal",
        "b2",
        "--moves",
        moves,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 peg, winning"), "{out}");
    assert!(!out.contains("1 pegs"), "{out}");
}
