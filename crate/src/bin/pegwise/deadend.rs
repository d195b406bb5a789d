//! `pegwise deadend`: the fewest jumps after which the goal can no longer be reached, and the
//! fewest to a dead board (no jump left), each with one line.

use std::path::Path;

use serde_json::{json, Value};

use crate::common::{problem_of, with_winning, Output, ProblemArgs};
use pegwise::search::deadend::{dead_ends, Line};
use pegwise::{moves, Board, Error};

fn line_text(b: &Board, l: &Option<Line>) -> (String, Value) {
    match l {
        None => ("never".to_string(), Value::Null),
        Some(l) => {
            let m = moves::moves_text(b, &l.jumps);
            let text = format!(
                "{} jumps{}{}",
                l.jumps.len(),
                if m.is_empty() { "" } else { ": " },
                m.join(" ")
            );
            (
                text,
                json!({"jumps": l.jumps.len(), "line": m, "start": moves::position_text(b, l.start)}),
            )
        }
    }
}

/// Both dead ends, answered from a shipped table in `data` when one covers the problem, else
/// from the problem solved whole.
pub fn run(a: &ProblemArgs, data: &Path) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let d = if p.classes_allow() {
        with_winning(&p, data, "looking for dead ends", |_, winning| {
            dead_ends(&p, winning)
        })?
    } else {
        // the classes already rule the goal out: nothing is winning
        dead_ends(&p, |_| false)
    };
    let (lost, lost_json) = line_text(&p.board, &d.lost);
    let (dead, dead_json) = line_text(&p.board, &d.dead);
    Ok(Output {
        text: format!("goal out of reach after {lost}\ndead board (no jump left) after {dead}\n"),
        json: json!({"lost": lost_json, "dead": dead_json}),
    })
}
