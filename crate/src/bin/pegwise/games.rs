//! `pegwise games`: how many games reach the goal (a game is a sequence of moves, a move a
//! chain of jumps by one peg, partial chains included), and one shortest game.

use serde_json::json;

use crate::common::{problem_from, spinner, unsolvable_note, BoardArgs, Output};
use pegwise::search::games::Enumerator;
use pegwise::{moves, Error};

/// The games of one start: all of them, or up to symmetry (`unique`).
pub fn run(board: &BoardArgs, start: &str, goal: &str, unique: bool) -> Result<Output, Error> {
    let p = problem_from(board, start, goal)?;
    let starts = p.start_positions();
    let [code] = starts[..] else {
        return Err(Error::bad_start(
            start,
            "games are counted from one start (a hole or a position)",
        ));
    };
    let pb = spinner("counting games");
    let g = Enumerator::new(&p, unique).games(code);
    pb.finish_and_clear();
    let count = g
        .games
        .map_or("too many to count".to_string(), |n| n.to_string());
    let line: Option<Vec<String>> = g.shortest.as_ref().map(|line| {
        line.iter()
            .map(|m| moves::moves_text(&p.board, m).join(" "))
            .collect()
    });
    let what = if unique {
        "games up to symmetry"
    } else {
        "games"
    };
    let text = match &line {
        Some(l) => format!(
            "{count} {what}\nshortest: {} moves: {}\n",
            l.len(),
            l.join(" ")
        ),
        None => format!("{count} {what}\n{}", unsolvable_note(&p)),
    };
    Ok(Output {
        text,
        json: json!({
            "games": g.games.map(|n| n.to_string()),
            "shortest": line.map(|l| json!({"moves": l.len(), "line": l})),
        }),
    })
}
