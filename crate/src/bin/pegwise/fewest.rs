//! `pegwise fewest`: a solution with the fewest moves (chains of jumps by one peg).

use serde_json::json;

use crate::ask::walk;
use crate::common::{problem_of, unsolvable_note, Output, ProblemArgs};
use crate::way::HowArgs;
use pegwise::Error;

/// The live search's budget for the whole search by default: the page's Analysis panel's
/// (`ANALYSIS_BUDGET.fewest` in `www/js/worker/analysis-ops.js`).
pub const LIVE_NODES: u64 = 500_000;

/// The shortest solution over the problem's starts, with the start it uses. Which positions
/// win comes from the way `how` chooses (see `crate::way`): a built table, the whole problem
/// solved, or the live search within its budget, past which the answer is "unknown".
pub fn run(a: &ProblemArgs, how: &HowArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let data = how.data.dir()?;
    if !p.classes_allow() {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false, "source": "search"}),
        });
    }
    let w = walk(
        &p,
        &data,
        how,
        LIVE_NODES,
        "searching for the fewest moves",
        |canon, winning| pegwise::search::fewest::fewest_moves(&p, canon, winning),
    )?;
    let note = w.way.note(&p, &data, "in all");
    let source = w.way.source();
    let Some(found) = w.found else {
        return Ok(Output {
            text: format!("{}{note}", w.way.unknown_text(how.budget)),
            json: json!({"solvable": null, "unknown": true, "source": source}),
        });
    };
    let Some((start, line)) = found else {
        return Ok(Output {
            text: format!("{}{note}", unsolvable_note(&p)),
            json: json!({"solvable": false, "source": source}),
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
            "{} moves from start {hole}: {}\n{note}",
            texts.len(),
            texts.join(" ")
        ),
        json: json!({"solvable": true, "moves": texts.len(), "start": hole, "line": texts, "source": source}),
    })
}
