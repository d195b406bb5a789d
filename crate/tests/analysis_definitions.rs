//! Every analysis command of the CLI held against a brute force written from its definition
//! (`definitions/`): `count`, `count --positions`, `chance`, `forced`, `fewest`, `best`,
//! `deadend` (the lost line and the dead board), `games`, `games --unique`, `solve` and `hint`.
//! Each runs on every start class of triangle4, triangle5 and trunc12 with every goal
//! (`start`, `any` and each hole), and on rows of 4 to 9 holes from every position with one or
//! two empty holes, with the same goals. Where a command
//! prints a line of jumps or moves, the line is replayed and what it claims is checked.

mod definitions;

use std::process::Command;

use serde_json::Value;

use definitions::Definitions;
use pegwise::board::{Board, Jump};
use pegwise::generate::record::start_representatives;

/// One problem as the CLI is asked it, and as the definitions see it.
struct Case {
    board: Board,
    /// `--start h` or `--position P`.
    start: Vec<String>,
    /// `--goal` text.
    goal: String,
    /// The start position.
    code: u64,
    /// The holes the last peg may end in.
    goal_set: u64,
}

impl Case {
    fn name(&self) -> String {
        format!(
            "{} {} goal {}",
            self.board.name(),
            self.start.join(" "),
            self.goal
        )
    }

    /// The arguments for a command, `--json` included.
    fn args(&self, command: &str) -> Vec<String> {
        let mut a = vec![command.to_string(), "--json".into(), "--board".into()];
        a.push(self.board.name().to_string());
        if command == "games" && self.start[0] == "--position" {
            // games names its start position with --start
            a.extend(["--start".to_string(), self.start[1].clone()]);
        } else {
            a.extend(self.start.iter().cloned());
        }
        a.extend(["--goal".to_string(), self.goal.clone()]);
        a
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for name in ["triangle4", "triangle5", "trunc12"] {
        let b = Board::by_name(name).unwrap();
        for s in start_representatives(&b) {
            let code = b.full() & !(1 << s);
            for g in goals(&b) {
                let goal_set = match g.as_str() {
                    "start" => 1 << s,
                    "any" => b.full(),
                    h => 1 << b.hole(h).unwrap(),
                };
                let start = vec!["--start".into(), b.hole_name(s).to_string()];
                out.push(Case {
                    board: b.clone(),
                    start,
                    goal: g,
                    code,
                    goal_set,
                });
            }
        }
    }
    for len in 4..=9 {
        let b = Board::by_name(&format!("row:{len}")).unwrap();
        for e1 in 0..len {
            for e2 in e1..len {
                let code = b.full() & !(1 << e1) & !(1 << e2);
                let text = pegwise::moves::position_text(&b, code);
                for g in goals(&b) {
                    // a set position has no start hole: goal `start` means `any`
                    let goal_set = match g.as_str() {
                        "start" | "any" => b.full(),
                        h => 1 << b.hole(h).unwrap(),
                    };
                    let start = vec!["--position".into(), text.clone()];
                    out.push(Case {
                        board: b.clone(),
                        start,
                        goal: g,
                        code,
                        goal_set,
                    });
                }
            }
        }
    }
    out
}

/// `start`, `any` and every hole.
fn goals(b: &Board) -> Vec<String> {
    let mut g = vec!["start".to_string(), "any".to_string()];
    g.extend((0..b.len() as u8).map(|h| b.hole_name(h).to_string()));
    g
}

/// Runs the CLI; it must succeed and print JSON.
fn cli(args: &[String]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_pegwise"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("the pegwise binary runs");
    assert!(
        out.status.success(),
        "pegwise {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A jump from its text (`a-b`).
fn jump(b: &Board, text: &str) -> Jump {
    let (from, to) = text.split_once('-').expect("a jump is from-to");
    b.jump_between(b.hole(from).unwrap(), b.hole(to).unwrap())
        .unwrap_or_else(|| panic!("{text} is no jump of {}", b.name()))
}

/// Plays moves written `a-b-c` (each a chain of jumps by one peg), checking each jump is legal
/// and each move is one peg's; returns the position and the number of jumps.
fn replay(d: &Definitions, b: &Board, mut code: u64, moves: &[Value], what: &str) -> (u64, usize) {
    let mut jumps = 0;
    for m in moves {
        let m = m.as_str().expect("a move is text");
        let holes: Vec<&str> = m.split('-').collect();
        for pair in holes.windows(2) {
            let j = jump(b, &format!("{}-{}", pair[0], pair[1]));
            assert!(d.jumps(code).contains(&j), "{what}: {m} is not legal here");
            code = Definitions::after(code, j);
            jumps += 1;
        }
    }
    (code, jumps)
}

/// Replays `moves` from the case's start: they must play and reach the goal.
fn assert_wins(d: &Definitions, c: &Case, moves: &[Value], what: &str) {
    let (end, _) = replay(d, &c.board, c.code, moves, what);
    assert!(d.won(end), "{what}: the line does not reach the goal");
}

/// Runs `check` on every case and says how many it checked.
fn each(check: impl Fn(&Case, &mut Definitions)) {
    let cases = cases();
    for c in &cases {
        let mut d = Definitions::new(&c.board, c.goal_set);
        check(c, &mut d);
    }
    assert!(cases.len() > 1_500, "{} cases", cases.len());
}

#[test]
fn count_is_the_number_of_jump_sequences_to_the_goal() {
    each(|c, d| {
        let v = cli(&c.args("count"));
        assert_eq!(v["count"], d.count(c.code).to_string(), "{}", c.name());
    });
}

#[test]
fn fewest_is_the_fewest_moves_to_the_goal_and_its_line_plays() {
    each(|c, d| {
        let v = cli(&c.args("fewest"));
        let what = c.name();
        match d.fewest(c.code) {
            None => assert_eq!(v["solvable"], false, "{what}"),
            Some(n) => {
                assert_eq!(v["moves"], n, "{what}");
                let line = v["line"].as_array().expect("a line");
                assert_eq!(line.len(), n, "{what}");
                assert_wins(d, c, line, &what);
            }
        }
    });
}

#[test]
fn best_is_the_fewest_pegs_left_and_its_jump_keeps_it() {
    each(|c, d| {
        let v = cli(&c.args("best"));
        let what = c.name();
        let best = d.best(c.code);
        assert_eq!(v["pegs"], best, "{what}");
        match v["jump"].as_str() {
            None => assert!(d.jumps(c.code).is_empty(), "{what}: no jump named"),
            Some(t) => {
                let j = jump(&c.board, t);
                assert!(d.jumps(c.code).contains(&j), "{what}: {t} is not legal");
                assert_eq!(d.best(Definitions::after(c.code, j)), best, "{what}: {t}");
            }
        }
    });
}

#[test]
fn deadend_is_the_fewest_jumps_to_a_lost_and_to_a_dead_board() {
    each(|c, d| {
        let v = cli(&c.args("deadend"));
        let what = c.name();
        let lost = d.fewest_jumps_to(c.code, &mut |d, x| !d.winning(x));
        let dead = d.fewest_jumps_to(c.code, &mut |d, x| d.jumps(x).is_empty());
        for (key, want, lost_line) in [("lost", lost, true), ("dead", dead, false)] {
            let got = &v[key];
            let Some(n) = want else {
                assert!(got.is_null(), "{what}: {key} should be never");
                continue;
            };
            assert_eq!(got["jumps"], n, "{what}: {key}");
            let line = got["line"].as_array().expect("a line");
            let (end, jumps) = replay(d, &c.board, c.code, line, &what);
            assert_eq!(jumps, n, "{what}: {key} line length");
            if lost_line {
                assert!(!d.winning(end), "{what}: the lost line ends winning");
            } else {
                assert!(
                    d.jumps(end).is_empty(),
                    "{what}: the dead line ends with a jump left"
                );
            }
        }
    });
}

#[test]
fn games_count_move_sequences_and_the_shortest_game_plays() {
    each(|c, d| {
        let v = cli(&c.args("games"));
        let what = c.name();
        let games = d.games(c.code);
        assert_eq!(v["games"], games.to_string(), "{what}");
        if games == 0 {
            assert!(v["shortest"].is_null(), "{what}");
            return;
        }
        let line = v["shortest"]["line"].as_array().expect("a shortest game");
        assert_eq!(
            Some(line.len()),
            d.fewest(c.code),
            "{what}: not the shortest"
        );
        let (end, _) = replay(d, &c.board, c.code, line, &what);
        assert!(
            d.won(end),
            "{what}: the shortest game does not reach the goal"
        );
    });
}

#[test]
fn unique_games_keep_one_move_of_each_orbit_at_every_position() {
    each(|c, d| {
        let mut args = c.args("games");
        args.push("--unique".into());
        let v = cli(&args);
        assert_eq!(
            v["games"],
            d.unique_games(c.code).to_string(),
            "{}",
            c.name()
        );
    });
}

#[test]
fn solve_finds_a_line_exactly_when_the_goal_can_be_reached() {
    each(|c, d| {
        let v = cli(&c.args("solve"));
        let what = c.name();
        let winning = d.winning(c.code);
        assert_eq!(v["solvable"], winning, "{what}");
        if !winning {
            return;
        }
        let moves = v["moves"].as_array().expect("moves");
        let end = if c.board.is_one_row() {
            // the 1-D puzzle's notation: (index of the moving peg, L or R)
            moves.iter().fold(c.code, |code, m| {
                let from = m[0].as_u64().expect("an index") as u8;
                let to = if m[1] == "R" { from + 2 } else { from - 2 };
                let j = c.board.jump_between(from, to).expect("a jump");
                assert!(d.jumps(code).contains(&j), "{what}: {m} is not legal");
                Definitions::after(code, j)
            })
        } else {
            replay(d, &c.board, c.code, moves, &what).0
        };
        assert!(d.won(end), "{what}: the line does not reach the goal");
    });
}

#[test]
fn hint_marks_each_legal_jump_good_exactly_when_it_keeps_the_goal() {
    each(|c, d| {
        let v = cli(&c.args("hint"));
        let what = c.name();
        assert_eq!(v["winning"], d.winning(c.code), "{what}");
        let marked: Vec<(String, Value)> = v["jumps"]
            .as_array()
            .expect("jumps")
            .iter()
            .map(|j| (j["jump"].as_str().unwrap().to_string(), j["good"].clone()))
            .collect();
        assert_eq!(
            marked.len(),
            d.jumps(c.code).len(),
            "{what}: every legal jump, once"
        );
        for (text, good) in marked {
            let j = jump(&c.board, &text);
            assert!(d.jumps(c.code).contains(&j), "{what}: {text} is not legal");
            let after = Definitions::after(c.code, j);
            assert_eq!(good, d.winning(after), "{what}: {text}");
        }
    });
}

#[test]
fn chance_is_the_mean_over_legal_jumps_of_the_chance_after_each() {
    each(|c, d| {
        let v = cli(&c.args("chance"));
        let want = d.chance(c.code);
        let got = v["chance"].as_f64().expect("a chance");
        let what = c.name();
        if want == 0.0 {
            assert_eq!(got, 0.0, "{what}");
            assert!(v["one_in"].is_null(), "{what}");
        } else {
            assert!(
                ((got - want) / want).abs() < 1e-12,
                "{what}: {got} against {want}"
            );
            let one_in = v["one_in"].as_f64().expect("1 in N");
            assert!((one_in * want - 1.0).abs() < 1e-12, "{what}: 1 in {one_in}");
        }
    });
}

#[test]
fn count_positions_is_the_number_of_position_sequences_up_to_symmetry() {
    each(|c, d| {
        let mut args = c.args("count");
        args.push("--positions".into());
        let v = cli(&args);
        let want = d.position_sequences(c.code);
        assert_eq!(v["count"], want.to_string(), "{}", c.name());
    });
}

#[test]
fn forced_lists_the_positions_and_jumps_every_winning_game_passes_through() {
    let shown = std::cell::Cell::new(0);
    each(|c, d| {
        let v = cli(&c.args("forced"));
        let what = c.name();
        let (positions, jumps) = d.forced(c.code);
        let text = |x: u64| pegwise::moves::position_text(&c.board, x);
        let got: Vec<String> = v["positions"]
            .as_array()
            .expect("positions")
            .iter()
            .map(|p| p["position"].as_str().unwrap().to_string())
            .collect();
        let want: Vec<String> = positions.iter().map(|&x| text(x)).collect();
        assert_eq!(got, want, "{what}: forced positions");
        assert_eq!(v["winning"], !positions.is_empty(), "{what}");
        // each forced jump is named on the position it leads to
        let got: Vec<(String, String)> = v["positions"]
            .as_array()
            .unwrap()
            .windows(2)
            .filter_map(|w| {
                let j = w[1]["jump"].as_str()?;
                Some((
                    w[0]["position"].as_str().unwrap().to_string(),
                    j.to_string(),
                ))
            })
            .collect();
        let want: Vec<(String, String)> = jumps
            .iter()
            .map(|&(x, j)| (text(x), pegwise::moves::jump_text(&c.board, j)))
            .collect();
        assert_eq!(got, want, "{what}: forced jumps");
        let listed: Vec<&str> = v["jumps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| j.as_str().unwrap())
            .collect();
        assert_eq!(
            listed,
            want.iter().map(|w| w.1.as_str()).collect::<Vec<_>>()
        );
        shown.set(shown.get() + usize::from(!jumps.is_empty() && positions.len() > 2));
    });
    assert!(shown.get() > 10, "{} cases with a forced jump", shown.get());
}
