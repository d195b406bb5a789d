//! `pegwise fewest`: a solution with the fewest moves (chains of jumps by one peg).

use serde_json::json;

use std::path::Path;

use crate::common::{problem_of, unsolvable_note, with_winning, Output, ProblemArgs};
use pegwise::Error;

/// The shortest solution over the problem's starts, with the start it uses. A shipped table
/// from `data` answers which positions are winning when it covers the problem; otherwise the
/// problem is solved whole first.
pub fn run(a: &ProblemArgs, data: &Path) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if !p.classes_allow() {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        });
    }
    let found = with_winning(
        &p,
        data,
        "searching for the fewest moves",
        |canon, winning| pegwise::search::fewest::fewest_moves(&p, canon, winning),
    )?;
    let Some((start, line)) = found else {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        });
    };
    let b = &p.board;
    let hole = (0..b.len() as u8)
        .find(|&h| start >> h & 1 == 0)
        .map_or("?", |h| b.hole_name(h));
    let texts: Vec<String> = line
        .iter()
        .map(|m| {
            let mut t = b.hole_name(m[0].from).to_string();
            for j in m {
                t = format!("{t}-{}", b.hole_name(j.to));
            }
            t
        })
        .collect();
    Ok(Output {
        text: format!(
            "{} moves from start {hole}: {}\n",
            texts.len(),
            texts.join(" ")
        ),
        json: json!({"solvable": true, "moves": texts.len(), "start": hole, "line": texts}),
    })
}
