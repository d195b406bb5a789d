//! `pegwise best`: how few pegs can still remain from the position, and a jump that keeps that.

use std::path::Path;

use serde_json::json;

use crate::common::{problem_of, shipped_game, Output, ProblemArgs};
use pegwise::analysis::{self, Answer};
use pegwise::game::Game;
use pegwise::{moves, Error};

/// The best finish after `moves_text`, searching at most `budget` positions. As the page
/// does: where a shipped table in `data` covers the game's start with goal `any`, it says at
/// once whether one peg can still remain (and a jump that keeps that); the search is made
/// only for more pegs.
pub fn run(a: &ProblemArgs, moves_text: &str, data: &Path, budget: u64) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let mut finish = match analysis::finish_problem(&g) {
        Some(fp) => shipped_game(&fp, moves_text, data)?,
        None => None,
    };
    let Answer::Done(best) = analysis::best_with(&g, budget, finish.as_mut()) else {
        return Ok(Output {
            text: format!("unknown: the search ran out of its budget of {budget} positions\n"),
            json: json!({"pegs": null, "jump": null}),
        });
    };
    let jump = best.jump.map(|j| moves::jump_text(&p.board, j));
    let text = match &jump {
        Some(j) => format!("{} can remain; {j} keeps that\n", pegs_text(best.pegs)),
        None => format!("{} remain: no jump is left\n", pegs_text(best.pegs)),
    };
    Ok(Output {
        text,
        json: json!({"pegs": best.pegs, "jump": jump}),
    })
}

fn pegs_text(n: u32) -> String {
    if n == 1 {
        "1 peg".to_string()
    } else {
        format!("{n} pegs")
    }
}
