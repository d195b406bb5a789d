//! The commands answer as the page does where no table is built: from a built table, else the
//! whole problem solved on a small board (or with `--exact`), else the live search within the
//! page's budget; they say which (`source`), and mark what the search can't decide `unknown`,
//! never a wrong answer. Long commands take a budget; a `--data` folder that isn't there is
//! an error naming it.
//!
//! No test here waits on a clock: the default answers are bounded by the page's budget, and
//! where an answer must be the same on every run the test gives a budget in positions.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use pegwise::game::Game;
use pegwise::game_id::GameId;
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

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = pegwise(&a);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// An empty folder: no table is built there.
fn no_tables(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pegwise-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every board `pegwise boards` lists, a row as its shortest and longest.
fn catalogue() -> Vec<String> {
    let v = json(&["boards"]);
    let mut names = Vec::new();
    for b in v.as_array().unwrap() {
        let name = b["name"].as_str().unwrap();
        if name.starts_with("row:") {
            names.extend(["row:3".to_string(), "row:64".to_string()]);
        } else {
            names.push(name.to_string());
        }
    }
    assert!(names.len() >= 14, "{names:?}");
    names
}

/// A few jumps into the board's default game: each time the first legal jump of the peg
/// that has most (a fixed line, so every run asks the same).
fn opening(board: &str, jumps: usize) -> String {
    let id = GameId {
        board: Some(board.to_string()),
        ..GameId::default()
    };
    let mut g = Game::new(id.problem(None).unwrap()).unwrap();
    let mut played = Vec::new();
    for _ in 0..jumps {
        let Some(&j) = g.legal_jumps().first() else {
            break;
        };
        g.play_jump(j).unwrap();
        played.push(pegwise::moves::jump_text(&g.problem().board, j));
    }
    played.join(" ")
}

/// Checks a hint's shape: every verdict good, bad or unknown, `good` agreeing with it, and a
/// source; returns the verdicts by jump.
fn verdicts(v: &Value, what: &str) -> HashMap<String, String> {
    let source = v["source"].as_str().unwrap_or_default();
    assert!(
        ["table", "search", "solve"].contains(&source),
        "{what}: source {v}"
    );
    let mut out = HashMap::new();
    for j in v["jumps"].as_array().unwrap() {
        let verdict = j["verdict"].as_str().unwrap().to_string();
        let good = match verdict.as_str() {
            "good" => Value::Bool(true),
            "bad" => Value::Bool(false),
            "unknown" => Value::Null,
            other => panic!("{what}: verdict {other} in {v}"),
        };
        assert_eq!(j["good"], good, "{what}: {j}");
        out.insert(j["jump"].as_str().unwrap().to_string(), verdict);
    }
    out
}

#[test]
fn every_catalogue_board_hints_with_no_table_built() {
    let empty = no_tables("every-board");
    let empty = empty.to_str().unwrap();
    for board in catalogue() {
        for moves in [String::new(), opening(&board, 6)] {
            let what = format!("{board} after '{moves}'");
            let v = json(&[
                "hint", "--board", &board, "--moves", &moves, "--data", empty,
            ]);
            verdicts(&v, &what);
            assert!(v["pegs"].as_u64().is_some(), "{what}: {v}");
            let holes = Board::by_name(&board).unwrap().len();
            if holes > 21 {
                // past the size rule only the live search answers, never the whole solve
                assert_eq!(v["source"], "search", "{what}");
            }
        }
    }
    // the committed tables answer where they cover the game, the live search elsewhere
    let v = json(&["hint", "--board", "english"]);
    assert_eq!(v["source"], "table");
    let v = json(&["hint", "--board", "french"]);
    assert_eq!(v["source"], "search");
}

#[test]
fn a_data_folder_that_is_not_there_is_refused_naming_it() {
    for command in ["hint", "solve", "count", "fewest", "deadend", "best"] {
        let (code, out, err) =
            pegwise(&[command, "--board", "triangle5", "--data", "/nonexistent"]);
        assert_eq!(code, 2, "{command}: {out}");
        assert!(
            err.contains("'/nonexistent'") && err.contains("no tables"),
            "{command}: {err}"
        );
    }
    // an empty folder is a folder with no tables: answered without them
    let empty = no_tables("empty-data");
    let v = json(&[
        "hint",
        "--board",
        "triangle5",
        "--data",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(v["source"], "solve");
}

#[test]
fn the_big_boards_answer_or_say_unknown_instead_of_too_big() {
    let empty = no_tables("big-boards");
    let empty = empty.to_str().unwrap();
    let p = Problem::parse(Board::by_name("hexagon37").unwrap(), "c4", "any").unwrap();
    let v = json(&["solve", "--board", "hexagon37", "--data", empty]);
    assert_eq!(v["source"], "search", "{v}");
    if v["moves"].is_null() {
        assert_ne!(v["solvable"], false, "unknown is never 'no solution': {v}");
    } else {
        let moves: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut g = Game::new(p.clone()).unwrap();
        g.play_text(&moves.join(" ")).unwrap();
        assert!(
            p.is_goal(g.position().code()) && position::pegs(g.position().code()) == 1,
            "{v}"
        );
    }
    // the whole-game questions within a budget of positions: answered or unknown
    for command in ["count", "fewest", "deadend"] {
        let v = json(&[
            command, "--board", "french", "--data", empty, "--budget", "1000",
        ]);
        assert_eq!(v["source"], "search", "{command}: {v}");
        let unknown = match command {
            "deadend" => v["lost"]["unknown"] == true,
            _ => v["unknown"] == true,
        };
        assert!(unknown, "{command} within 1000 positions: {v}");
    }
}

#[test]
fn the_whole_solve_runs_on_small_boards_or_when_asked() {
    let empty = no_tables("whole-solve");
    let empty = empty.to_str().unwrap();
    let v = json(&["hint", "--board", "trunc18", "--data", empty]);
    assert_eq!(v["source"], "solve");
    let v = json(&[
        "hint", "--board", "english", "--start", "c1", "--goal", "any", "--data", empty,
    ]);
    assert_eq!(v["source"], "search");
    // a set position of at most 14 pegs is solved whole on any board; more waits for --exact
    let few = format!("{}{}", "X".repeat(14), "o".repeat(23));
    let v = json(&[
        "count",
        "--board",
        "hexagon37",
        "--position",
        &few,
        "--data",
        empty,
    ]);
    assert_eq!(v["source"], "solve", "{v}");
    // asked for past the size rule: solved whole, and it says so on stderr (not a terminal)
    let args = [
        "solve", "--board", "row:30", "--start", "b1", "--goal", "any", "--data", empty,
    ];
    let v = json(&args);
    assert_eq!(v["source"], "search");
    let exact = [&args[..], &["--exact", "--json"]].concat();
    let (code, out, err) = pegwise(&exact);
    assert_eq!(code, 0, "{err}");
    let w: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(w["source"], "solve", "{w}");
    assert_eq!(w["solvable"], v["solvable"], "{w} {v}");
    assert!(err.contains("solving row:30"), "{err}");
    let (code, _, err) = pegwise(&[&args[..], &["--exact", "--budget", "5"]].concat());
    assert_eq!(code, 2);
    assert!(err.contains("--exact") && err.contains("--budget"), "{err}");
}

/// The live search's answers (forced with `--budget`) on small boards, at budgets small
/// enough to leave some questions open: whatever it decides is what brute force says.
#[test]
fn live_answers_agree_with_brute_force_on_small_boards() {
    let empty = no_tables("live-brute");
    let empty = empty.to_str().unwrap();
    let mut decided = 0;
    for (board, start, goal) in [
        ("triangle5", "a1", "start"),
        ("trunc12", "a2", "any"),
        ("triangle6", "a3", "any"),
        ("triangle6", "b4", "d6"),
    ] {
        let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
        let mut brute = Brute::new(&p);
        let mut g = Game::new(p.clone()).unwrap();
        let mut line = Vec::new();
        let mut seed = 7u64;
        loop {
            let moves = line.join(" ");
            for budget in ["20", "2000"] {
                let what = format!("{board} {start} {goal} after '{moves}', budget {budget}");
                let v = json(&[
                    "hint", "--board", board, "--start", start, "--goal", goal, "--moves", &moves,
                    "--data", empty, "--budget", budget,
                ]);
                assert_eq!(v["source"], "search", "{what}");
                for (jump, verdict) in verdicts(&v, &what) {
                    let mut h = g.clone();
                    h.play_text(&jump).unwrap();
                    let truth = brute.winning(h.position().code());
                    match verdict.as_str() {
                        "good" => assert!(truth, "{what}: {jump} is not good"),
                        "bad" => assert!(!truth, "{what}: {jump} is not bad"),
                        _ => continue,
                    }
                    decided += 1;
                }
                if let Some(w) = v["winning"].as_bool() {
                    assert_eq!(w, brute.winning(g.position().code()), "{what}");
                }
            }
            let jumps = g.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let j = jumps[(seed >> 33) as usize % jumps.len()];
            line.push(pegwise::moves::jump_text(&p.board, j));
            g.play_jump(j).unwrap();
        }
        // the whole-game questions: within the budget, the exact answer
        let game = [
            "--board", board, "--start", start, "--goal", goal, "--data", empty,
        ];
        let live =
            |command: &str| json(&[&[command][..], &game, &["--budget", "1000000"]].concat());
        let whole = |command: &str| json(&[&[command][..], &game].concat());
        let count = live("count");
        let want = brute::count(&p, p.start_positions()[0], &mut HashMap::new());
        assert_eq!(count["count"], want.to_string(), "{board}: {count}");
        assert_eq!(live("fewest")["moves"], whole("fewest")["moves"], "{board}");
        assert_eq!(live("deadend")["lost"], whole("deadend")["lost"], "{board}");
        let solved = live("solve");
        assert_eq!(
            solved["solvable"],
            brute.winning(p.start_positions()[0]),
            "{board}: {solved}"
        );
    }
    assert!(
        decided > 100,
        "the live search decided only {decided} jumps"
    );
}

/// On the English central game, the live search with the page's budget (no table) never
/// contradicts the committed table, along a whole game.
#[test]
fn live_answers_agree_with_the_table_on_the_central_game() {
    let empty = no_tables("live-table");
    let empty = empty.to_str().unwrap();
    let table = json(&["solve", "--board", "english"]);
    let line: Vec<&str> = table["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut decided = 0;
    for n in (0..line.len()).step_by(3) {
        let moves = line[..n].join(" ");
        let exact = json(&["hint", "--board", "english", "--moves", &moves]);
        let live = json(&[
            "hint", "--board", "english", "--moves", &moves, "--data", empty,
        ]);
        assert_eq!(exact["source"], "table");
        assert_eq!(live["source"], "search");
        let exact = verdicts(&exact, &moves);
        for (jump, verdict) in verdicts(&live, &moves) {
            if verdict != "unknown" {
                assert_eq!(exact[&jump], verdict, "after '{moves}': {jump}");
                decided += 1;
            }
        }
    }
    assert!(decided > 0);
}

#[test]
fn long_commands_take_a_budget() {
    // MPMP's games of the English central game: far past 100,000 positions
    let v = json(&[
        "games", "--board", "english", "--start", "d4", "--goal", "d4", "--budget", "100000",
    ]);
    assert_eq!(v["unknown"], true, "{v}");
    assert!(v["games"].is_null(), "{v}");
    let small = ["games", "--board", "triangle5", "--start", "a1"];
    assert_eq!(
        json(&[&small[..], &["--budget", "100000"]].concat()),
        json(&small)
    );
    // a table's walk, cut short by --budget: unknown, never a partial answer
    for command in ["count", "fewest", "deadend"] {
        let v = json(&[
            command,
            "--board",
            "triangle6",
            "--start",
            "a1",
            "--goal",
            "any",
            "--budget",
            "1",
        ]);
        assert_eq!(v["source"], "table", "{command}: {v}");
        let unknown = match command {
            "deadend" => v["lost"]["unknown"] == true,
            _ => v["unknown"] == true,
        };
        assert!(unknown, "{command}: {v}");
    }
    // the best finish within the page's budget by default, or the one given
    let v = json(&[
        "best", "--board", "french", "--moves", "e1-c1", "--budget", "1000",
    ]);
    assert_eq!(v["source"], "search");
    assert!(v["pegs"].is_null() || v["pegs"].as_u64() >= Some(1), "{v}");
}
