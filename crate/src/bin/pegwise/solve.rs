//! `pegwise solve`: a winning line of jumps from the position.

use serde_json::json;

use crate::common::{unsolvable_note, GameArgs, Output};
use pegwise::game::Game;
use pegwise::{moves, Error, Problem};

/// The line as moves (on a one-row board as `(index, L|R)` jumps), or the note that there is
/// none (exact: the game has a shipped table from `data` or is solved whole first, or the
/// classes already rule the goal out). Otherwise the live search looks for the line, and says
/// `unknown` when it can't decide within its budget. The output says which of these answered.
pub fn run(a: &GameArgs) -> Result<Output, Error> {
    let (p, mut g, way, data) = a.open()?;
    let mut out = answer(&p, &mut g);
    out.text += &way.note(&p, &data, "a question");
    if let Some(o) = out.json.as_object_mut() {
        o.insert("source".into(), way.source().into());
    }
    Ok(out)
}

/// The answer from the game's oracle, however it answers.
fn answer(p: &Problem, g: &mut Game) -> Output {
    let line = g.solution();
    // asked once: the live search keeps what it learns, so a second question could differ
    let winning = if line.is_some() {
        Some(true)
    } else {
        g.winning()
    };
    match line {
        // the 1-D puzzle (Pegs): each jump as the moving peg's 0-based index and a direction
        Some(line) if p.board.is_one_row() => {
            let pairs: Vec<(u8, &str)> = line
                .iter()
                .map(|j| (j.from, if j.to > j.from { "R" } else { "L" }))
                .collect();
            let text: Vec<String> = pairs.iter().map(|(i, d)| format!("({i}, {d})")).collect();
            Output {
                text: format!("{}\n", text.join(" ")),
                json: json!({"solvable": true, "moves": pairs}),
            }
        }
        Some(line) => {
            let m = moves::moves_text(&p.board, &line);
            Output {
                text: format!("{}\n", m.join(" ")),
                json: json!({"solvable": true, "moves": m, "jumps": line.len()}),
            }
        }
        // exact: the game was solved whole, or the live search proved it
        None if winning == Some(false) => Output {
            text: unsolvable_note(p),
            json: json!({"solvable": false}),
        },
        // the live search ran out of budget (it may know the position wins, from the
        // record of winnable starts, without having found the line)
        None => Output {
            text: if winning == Some(true) {
                "unknown: the position can be won, but the live search ran out of budget \
                 before it found a line; raise --budget, or pass --exact\n"
            } else {
                "unknown: the live search ran out of budget before it found a solution or \
                 proved there is none; raise --budget, or pass --exact\n"
            }
            .into(),
            json: json!({"solvable": winning, "moves": null}),
        },
    }
}
