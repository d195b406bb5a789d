//! `pegwise hint`: the position after some moves, and a verdict on every legal jump.

use serde_json::json;

use crate::common::{GameArgs, Output};
use pegwise::oracle::Verdict;
use pegwise::{moves, Error};

/// The word printed for a verdict; an unknown answer is never shown as good or bad.
fn word(v: Verdict) -> &'static str {
    match v {
        Verdict::Good => "good",
        Verdict::Bad => "bad",
        Verdict::Unknown => "unknown",
        Verdict::Loading => "loading",
    }
}

/// Renders the position, whether it is winning, and each jump's verdict.
pub fn run(a: &GameArgs) -> Result<Output, Error> {
    let (p, mut g) = a.open()?;
    let winning = g.winning();
    let b = p.board.clone();
    let hints = g.hints();
    let mut text = b.render(g.code());
    text += &format!(
        "{} pegs, {}\n",
        g.code().count_ones(),
        match winning {
            Some(true) => "winning",
            Some(false) => "dead end: the goal can no longer be reached",
            None => "unknown: the search ran out of budget",
        }
    );
    let mut jumps = Vec::new();
    for (j, v) in hints {
        text += &format!("  {:<8} {}\n", moves::jump_text(&b, j), word(v));
        let good = match v {
            Verdict::Unknown => None,
            v => Some(v == Verdict::Good),
        };
        jumps.push(json!({"jump": moves::jump_text(&b, j), "good": good, "verdict": word(v)}));
    }
    Ok(Output {
        text,
        json: json!({
            "pegs": g.code().count_ones(),
            "winning": winning,
            "verdict": word(Verdict::from(winning)),
            "jumps": jumps,
        }),
    })
}
