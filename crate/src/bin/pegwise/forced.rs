//! `pegwise forced`: the positions and jumps every winning game from the position passes
//! through.

use serde_json::json;

use crate::ask::walk;
use crate::common::{problem_of, Output, ProblemArgs};
use crate::count::LIVE_NODES;
use crate::way::{pegs_text, HowArgs};
use pegwise::game::Game;
use pegwise::generate::wins;
use pegwise::moves::{jump_text, position_text};
use pegwise::{position, Error};

/// The forced positions (`wins::forced_from`), most pegs first, each as `--position` writes
/// it, with the forced jump that leads to it from the one before when they are one jump
/// apart. JSON `{"winning", "positions": [{"pegs","position","jump"}], "jumps", "source"}`.
/// Answered as `count` is; past the budget, "unknown".
pub fn run(a: &ProblemArgs, moves_text: &str, how: &HowArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let data = how.data.dir()?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let code = g.position().code();
    let w = walk(&p, &data, how, LIVE_NODES, "walking", |_, winning| {
        wins::forced_from(&p, code, winning)
    })?;
    let note = w.way.note(&p, &data, "in all");
    let source = w.way.source();
    let Some(forced) = w.found else {
        return Ok(Output {
            text: format!("{}{note}", w.way.unknown_text(how.budget)),
            json: json!({"positions": null, "unknown": true, "source": source}),
        });
    };
    if forced.is_empty() {
        return Ok(Output {
            text: format!("no winning game from here\n{note}"),
            json: json!({"winning": false, "positions": [], "jumps": [], "source": source}),
        });
    }
    let b = &p.board;
    let line = wins::forced_line(b, &forced);
    let mut text = format!(
        "every winning game from here passes through {} position{}:\n",
        line.len(),
        if line.len() == 1 { "" } else { "s" }
    );
    let mut positions = Vec::new();
    let mut jumps = Vec::new();
    for (y, j) in &line {
        let pegs = position::pegs(*y);
        let jt = j.map(|j| jump_text(b, j));
        text += &format!(
            "{:>8}  {}{}\n",
            pegs_text(pegs),
            position_text(b, *y),
            jt.as_ref()
                .map_or(String::new(), |t| format!("  after the forced jump {t}"))
        );
        positions.push(json!({"pegs": pegs, "position": position_text(b, *y), "jump": jt}));
        jumps.extend(jt);
    }
    text += &note;
    Ok(Output {
        text,
        json: json!({"winning": true, "positions": positions, "jumps": jumps, "source": source}),
    })
}
