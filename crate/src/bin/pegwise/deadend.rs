//! `pegwise deadend`: the fewest jumps after which the goal can no longer be reached, and the
//! fewest to a dead board (no jump left), each with one line.

use serde_json::{json, Value};

use crate::ask::walk;
use crate::common::{problem_of, Output, ProblemArgs};
use crate::way::{thousands, HowArgs};
use pegwise::search::deadend::{dead_ends_within, Line};
use pegwise::{moves, Board, Error};

/// The live search's budget for the whole search by default (the page has no such question:
/// as much as its count's).
pub const LIVE_NODES: u64 = 2_000_000;

/// The most positions the search holds (about 100 MB and a few seconds; the English central
/// game's dead board is 6 jumps and a few thousand positions in).
pub const POSITIONS: usize = 1_000_000;

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

/// Both dead ends. Which positions win comes from the way `how` chooses (see `crate::way`);
/// where its budget runs out the lost line is "unknown". The dead board needs no winning
/// test, so its line is exact either way, found within [`POSITIONS`] positions or "unknown".
pub fn run(a: &ProblemArgs, how: &HowArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let data = how.data.dir()?;
    let b = &p.board;
    if !p.classes_allow() {
        // the classes already rule the goal out: nothing is winning
        let (d, complete) = dead_ends_within(&p, |_| false, POSITIONS);
        let lost = line_text(b, &d.lost);
        let dead = found_text(b, &d.dead, complete);
        return Ok(output(lost, dead, "search", String::new()));
    }
    // the walk's result is dropped when the winning test's budget ran out; what it found of
    // the dead board (which asks no winning question) is kept here
    let mut dead_seen = None;
    let w = walk(
        &p,
        &data,
        how,
        LIVE_NODES,
        "looking for dead ends",
        |_, winning| {
            let (d, complete) = dead_ends_within(&p, winning, POSITIONS);
            dead_seen = Some((d.dead.clone(), complete));
            (d, complete)
        },
    )?;
    let note = w.way.note(&p, &data, "in all");
    let (lost, dead) = match (w.found, dead_seen) {
        (Some((d, complete)), _) => (
            found_text(b, &d.lost, complete),
            found_text(b, &d.dead, complete),
        ),
        (None, Some((dead, complete))) => (
            unknown(w.way.unknown_text(how.budget)),
            found_text(b, &dead, complete),
        ),
        (None, None) => {
            let why = w.way.unknown_text(how.budget);
            (unknown(why.clone()), unknown(why))
        }
    };
    Ok(output(lost, dead, w.way.source(), note))
}

/// The text and JSON of an unknown line: `why` and `{"unknown": true}`.
fn unknown(why: String) -> (String, Value) {
    (why.trim_end().to_string(), json!({"unknown": true}))
}

/// A line the search looked for: found, never (`complete`), or unknown past [`POSITIONS`].
fn found_text(b: &Board, l: &Option<Line>, complete: bool) -> (String, Value) {
    if l.is_none() && !complete {
        return unknown(format!(
            "unknown: not within {} positions",
            thousands(POSITIONS as u64)
        ));
    }
    line_text(b, l)
}

/// The answer from its two lines, its source and the note on it.
fn output(lost: (String, Value), dead: (String, Value), source: &str, note: String) -> Output {
    Output {
        text: format!(
            "goal out of reach after {}\ndead board (no jump left) after {}\n{note}",
            lost.0, dead.0
        ),
        json: json!({"lost": lost.1, "dead": dead.1, "source": source}),
    }
}
