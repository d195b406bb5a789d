//! `pegwise games`: how many games reach the goal (a game is a sequence of moves, a move a
//! chain of jumps by one peg, partial chains included), and one shortest game.

use serde_json::json;

use std::path::Path;

use crate::common::{problem_from, unsolvable_note, BoardArgs, Output};
use crate::data::shipped_game;
use crate::progress::Progress;
use crate::way::thousands;
use pegwise::error::StartWhy;
use pegwise::oracle::Source;
use pegwise::search::games::Enumerator;
use pegwise::{moves, Error};

/// The positions a count may hold by default (each position once, however many games pass
/// through it): every board up to 21 holes, and the English central game with its table.
pub const POSITIONS: u64 = 5_000_000;

/// The games of one start: all of them, or up to symmetry (`unique`), holding at most
/// `positions` positions; past them the count is "unknown". Where a built table in `data`
/// covers the game, only the positions it holds as winning are searched (no game passes
/// through the others).
pub fn run(
    board: &BoardArgs,
    (start, goal): (&str, &str),
    unique: bool,
    positions: u64,
    data: &Path,
) -> Result<Output, Error> {
    let p = problem_from(board, start, goal)?;
    let starts = p.start_positions();
    let [code] = starts[..] else {
        return Err(Error::bad_start(start, StartWhy::AllInCounts));
    };
    let mut table = shipped_game(&p, "", data)?.filter(|_| p.classes_allow());
    let covered = table.as_mut().is_some_and(|g| g.source() == Source::Table);
    let oracle = table.as_mut().filter(|_| covered).map(|g| &*g.oracle());
    let winning = |c: u64| oracle.is_none_or(|o| o.from_table(c, covered) == Some(true));
    let pb = Progress::new("counting games");
    let found = {
        let mut games = Enumerator::new(&p, unique);
        if covered {
            games = games.winning_only(&winning);
        }
        games.games_within(code, positions, |held| {
            pb.set(&format!(
                "counting games: {} positions held",
                thousands(held)
            ));
        })
    };
    pb.finish();
    let Some(g) = found else {
        return Ok(Output {
            text: format!(
                "unknown: more than {} positions to count games over; raise --budget\n",
                thousands(positions)
            ),
            json: json!({"games": null, "unknown": true, "shortest": null}),
        });
    };
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
