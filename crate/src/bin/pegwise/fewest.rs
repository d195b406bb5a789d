//! `pegwise fewest`: a solution with the fewest moves (chains of jumps by one peg).

use serde_json::json;

use crate::common::{
    problem_of, solve_with_progress, spinner, unsolvable_note, Output, ProblemArgs,
};
use pegwise::solve::{self, Options};
use pegwise::Error;

/// The shortest solution over the problem's starts, with the start it uses.
pub fn run(a: &ProblemArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if !p.classes_allow() {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        });
    }
    let s = solve_with_progress(&p, Options::default())?;
    let pb = spinner("searching for the fewest moves");
    let found = solve::fewest::fewest_moves(&p, &s.canon, |c| s.is_winning(c));
    pb.finish_and_clear();
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
