//! `pegwise best`: how few pegs can still remain from the position, and a jump that keeps that.

use serde_json::json;

use crate::common::{problem_of, Output, ProblemArgs};
use pegwise::game::Game;
use pegwise::search::best::BestFinish;
use pegwise::{moves, Error};

/// The best finish after `moves_text`, searching at most `budget` positions.
pub fn run(a: &ProblemArgs, moves_text: &str, budget: u64) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let mut left = budget;
    let Some(best) = BestFinish::new(&p.board).best(g.code(), &mut left) else {
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
