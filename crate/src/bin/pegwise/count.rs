//! `pegwise count`: how many jump sequences reach the goal from the position.

use serde_json::json;

use std::path::Path;

use crate::common::{
    built_table_for, game_at, problem_of, solve_with_progress, spinner, unbuilt, unsolvable_note,
    with_winning, Output, ProblemArgs,
};
use pegwise::analysis::Answer;
use pegwise::game::Game;
use pegwise::generate::{count, Options};
use pegwise::Error;

/// The count, as a decimal string (JSON too: it may pass 2^64). A count past 2^128 - 1 is
/// reported as "too many to count" (exit code 0, JSON `count: null`), never as a wrapped number.
/// A shipped table from `data` answers which positions are winning when it covers the problem;
/// otherwise the problem is solved whole first (and, for a game back to its start hole counted
/// from the start, counted from both ends to the middle: `count::count_by_halves`). The early
/// positions of the English central game are read from its shipped counts file
/// (`pegwise counts`). With `budget`, a problem no table covers is counted by the live search
/// within that many positions, and past them the answer is "unknown".
pub fn run(
    a: &ProblemArgs,
    moves_text: &str,
    data: &Path,
    budget: Option<u64>,
) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    if !p.classes_allow() {
        return Ok(Output {
            text: format!("0\n{}", unsolvable_note(&p)),
            json: json!({"count": "0"}),
        });
    }
    // the shipped counts file answers at once for the early positions of its game
    let stored = crate::counts::shipped_for(&g, data)
        .and_then(|c| pegwise::analysis::shipped_entry(Some(&c), &g));
    if let Some(e) = stored {
        return Ok(Output {
            text: format!("{}\n", e.count),
            json: json!({"count": e.count.to_string()}),
        });
    }
    if let Some(nodes) = budget.filter(|_| built_table_for(&p, data).is_none()) {
        let mut g = game_at(&p, moves_text, Some(data), Some(nodes))?;
        let pb = spinner("counting with the live search");
        let a = pegwise::analysis::count_here(&mut g, nodes);
        pb.finish_and_clear();
        return Ok(match a {
            Answer::Done(Some(n)) => Output {
                text: format!("{n}\n"),
                json: json!({"count": n.to_string()}),
            },
            Answer::Done(None) => Output {
                text: "too many to count\n".to_string(),
                json: json!({"count": null, "too_many_to_count": true}),
            },
            Answer::Missing | Answer::Unknown => Output {
                text: format!("unknown: more than {nodes} positions to search (raise --budget, or leave it out to solve the whole problem)\n"),
                json: json!({"count": null, "unknown": true}),
            },
        });
    }
    // a game back to its start hole, from the start and with no table: counted from both ends
    let halves = count::halves_apply(&p)
        && g.code() == p.start_positions()[0]
        && built_table_for(&p, data).is_none();
    let n = if halves {
        let s =
            solve_with_progress(&p, Options::default()).map_err(|e| unbuilt(e, &p, Some(data)))?;
        let pb = spinner("counting");
        let n = count::count_by_halves(&s);
        pb.finish_and_clear();
        n
    } else {
        with_winning(&p, data, "counting", |canon, winning| {
            count::count_from(&p, canon, g.code(), winning)
        })?
    };
    let Some(n) = n else {
        return Ok(Output {
            text: "too many to count\n".to_string(),
            json: json!({"count": null, "too_many_to_count": true}),
        });
    };
    let mut text = format!("{n}\n");
    if n == 0 {
        text += &unsolvable_note(&p);
    }
    Ok(Output {
        text,
        json: json!({"count": n.to_string()}),
    })
}
