//! `pegwise solve`: a winning line of jumps from the position.

use std::path::Path;

use serde_json::json;

use crate::common::{game_at, problem_of, unsolvable_note, Output, ProblemArgs};
use pegwise::{moves, Error};

/// The line as moves, or the note that there is none (exact: the game has a shipped table from
/// `data` or is solved whole first, or the classes already rule the goal out).
pub fn run(a: &ProblemArgs, moves_text: &str, data: &Path) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = game_at(&p, moves_text, Some(data), None)?;
    match g.solution() {
        Some(line) => {
            let m = moves::moves_text(&p.board, &line);
            Ok(Output {
                text: format!("{}\n", m.join(" ")),
                json: json!({"solvable": true, "moves": m, "jumps": line.len()}),
            })
        }
        None => Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        }),
    }
}
