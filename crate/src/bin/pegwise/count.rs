//! `pegwise count`: how many jump sequences reach the goal from the position.

use serde_json::json;

use crate::ask::{solve_whole_with, walk};
use crate::common::{problem_of, unsolvable_note, Output, ProblemArgs};
use crate::progress::Progress;
use crate::way::{Budget, HowArgs, Way};
use pegwise::game::Game;
use pegwise::generate::{count, wins, Options};
use pegwise::{Error, Problem};
use std::path::Path;

/// The live search's budget for a whole count by default: the page's Analysis panel's for a
/// game no table covers (`ANALYSIS_BUDGET.countLive` in `www/js/worker/analysis-ops.js`).
pub const LIVE_NODES: u64 = 2_000_000;

/// The count, as a decimal string (JSON too: it may pass 2^64). A count past 2^128 - 1 is
/// reported as "too many to count" (exit code 0, JSON `count: null`), never as a wrapped number.
/// The positions that win come from the way `how` chooses (see `crate::way`): a built table,
/// the whole problem solved (for a game back to its start hole counted from the start, counted
/// from both ends to the middle: `count::count_by_halves`), or the live search within its
/// budget, past which the count is "unknown". The early positions of the English central game
/// are read from its shipped counts file (`pegwise counts`).
///
/// With `positions`, the winning games are counted as sequences of positions, each up to the
/// symmetries that keep the goal (`wins::count_positions_from`), the same way.
pub fn run(
    a: &ProblemArgs,
    moves_text: &str,
    how: &HowArgs,
    positions: bool,
) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let data = how.data.dir()?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    if positions {
        let w = walk(&p, &data, how, LIVE_NODES, "counting", |canon, winning| {
            wins::count_positions_from(&p, canon, g.position().code(), winning)
        })?;
        return Ok(answer(&p, &data, how, w.found, &w.way));
    }
    if !p.classes_allow() {
        return Ok(Output {
            text: format!("0\n{}", unsolvable_note(&p)),
            json: json!({"count": "0", "source": "search"}),
        });
    }
    // the shipped counts file answers at once for the early positions of its game
    let stored = crate::counts::shipped_for(&g, &data)
        .and_then(|c| pegwise::analysis::shipped_entry(Some(&c), &g));
    if let Some(e) = stored {
        return Ok(Output {
            text: format!(
                "{}\nsource: table {}\n",
                e.count,
                data.join(crate::counts::FILE).display()
            ),
            json: json!({"count": e.count.to_string(), "source": "table"}),
        });
    }
    let way = how.way(&p, &data, Budget::nodes(LIVE_NODES));
    // a game back to its start hole, from the start, solved whole: counted from both ends
    let halves = matches!(way, Way::Solve)
        && count::halves_apply(&p)
        && g.position().code() == p.start_positions()[0];
    let (n, way) = if halves {
        // the winning levels below the middle are not read
        let opts = Options {
            fewest_pegs: count::halves_from(&p),
            ..Options::default()
        };
        let s = solve_whole_with(&p, &data, opts)?;
        let pb = Progress::new("counting");
        let n = count::count_by_halves(&s);
        pb.finish();
        (Some(n), way)
    } else {
        let w = walk(&p, &data, how, LIVE_NODES, "counting", |canon, winning| {
            count::count_from(&p, canon, g.position().code(), winning)
        })?;
        (w.found, w.way)
    };
    Ok(answer(&p, &data, how, n, &way))
}

/// The count as the command prints it: `n` None when unknown, Some(None) past `u128::MAX`.
fn answer(p: &Problem, data: &Path, how: &HowArgs, n: Option<Option<u128>>, way: &Way) -> Output {
    let note = way.note(p, data, "in all");
    let source = way.source();
    let Some(n) = n else {
        return Output {
            text: format!("{}{note}", way.unknown_text(how.budget)),
            json: json!({"count": null, "unknown": true, "source": source}),
        };
    };
    let Some(n) = n else {
        return Output {
            text: format!("too many to count\n{note}"),
            json: json!({"count": null, "too_many_to_count": true, "source": source}),
        };
    };
    let mut text = format!("{n}\n");
    if n == 0 {
        text += &unsolvable_note(p);
    }
    text += &note;
    Output {
        text,
        json: json!({"count": n.to_string(), "source": source}),
    }
}
