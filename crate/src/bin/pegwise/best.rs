//! `pegwise best`: how few pegs can still remain from the position, and a jump that keeps that.

use std::path::Path;

use serde_json::json;

use crate::common::{problem_of, Output, ProblemArgs};
use crate::data::shipped_game;
use crate::progress::Progress;
use crate::way::{pegs_text, thousands};
use pegwise::analysis::{self, Answer};
use pegwise::game::Game;
use pegwise::{moves, Error};

/// The search's budget by default: the page's Analysis panel's (`ANALYSIS_BUDGET.best` in
/// `www/js/worker/analysis-ops.js`).
pub const BUDGET: u64 = 1_000_000;

/// The best finish after `moves_text`, searching at most `budget` positions. As the page
/// does: where a shipped table in `data` covers the game's start with goal `any`, it says at
/// once whether one peg can still remain (and a jump that keeps that); the search is made
/// only for more pegs. The output says whether that table took part (`table`) or the search
/// answered alone (`search`).
pub fn run(a: &ProblemArgs, moves_text: &str, data: &Path, budget: u64) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let mut finish = match analysis::finish_problem(&g) {
        Some(fp) => shipped_game(&fp, moves_text, data)?,
        None => None,
    };
    let (source, note) = match &finish {
        Some(_) => (
            "table",
            "source: table (whether one peg can remain), then the search\n",
        ),
        None => ("search", "source: search (the best-finish search)\n"),
    };
    let pb = Progress::new("searching for the best finish");
    let answer = analysis::best_with(&g, budget, finish.as_mut());
    pb.finish();
    let Answer::Done(best) = answer else {
        return Ok(Output {
            text: format!(
                "unknown: the search ran out of its budget of {} positions; raise --budget\n{note}",
                thousands(budget)
            ),
            json: json!({"pegs": null, "jump": null, "source": source}),
        });
    };
    let jump = best.jump.map(|j| moves::jump_text(&p.board, j));
    let text = match &jump {
        Some(j) => format!(
            "{} can remain; {j} keeps that\n{note}",
            pegs_text(best.pegs)
        ),
        None => format!("{} remain: no jump is left\n{note}", pegs_text(best.pegs)),
    };
    Ok(Output {
        text,
        json: json!({"pegs": best.pegs, "jump": jump, "source": source}),
    })
}
