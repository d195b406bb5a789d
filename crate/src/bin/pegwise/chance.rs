//! `pegwise chance`: the chance that random play from the position wins.

use serde_json::json;

use crate::ask::walk;
use crate::common::{problem_of, Output, ProblemArgs};
use crate::count::LIVE_NODES;
use crate::way::{thousands, HowArgs};
use pegwise::game::Game;
use pegwise::generate::wins;
use pegwise::Error;

/// The chance that a player who picks each jump uniformly at random among the legal jumps
/// ends on the goal (`wins::chance_from`), as a float, with "1 in N" (N = 1 / chance) and a
/// percentage. Answered as `count` is (a table, the whole problem solved, or the live search
/// within the Analysis panel's count budget, past which it is "unknown").
pub fn run(a: &ProblemArgs, moves_text: &str, how: &HowArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let data = how.data.dir()?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let w = walk(&p, &data, how, LIVE_NODES, "weighing", |canon, winning| {
        wins::chance_from(&p, canon, g.position().code(), winning)
    })?;
    let note = w.way.note(&p, &data, "in all");
    let source = w.way.source();
    let Some(chance) = w.found else {
        return Ok(Output {
            text: format!("{}{note}", w.way.unknown_text(how.budget)),
            json: json!({"chance": null, "unknown": true, "source": source}),
        });
    };
    let one_in = (chance > 0.0).then(|| 1.0 / chance);
    let text = match one_in {
        Some(n) => format!(
            "{chance:e}\n1 in {} ({}) of random games win\n{note}",
            one_in_text(n),
            percent(chance)
        ),
        None => format!("0\nno random game wins: the goal cannot be reached\n{note}"),
    };
    Ok(Output {
        text,
        json: json!({"chance": chance, "one_in": one_in, "source": source}),
    })
}

/// N of "1 in N": a whole number with thousands separators from 100 on, else one decimal.
fn one_in_text(n: f64) -> String {
    if (100.0..1e19).contains(&n) {
        thousands(n.round() as u64)
    } else {
        format!("{n:.1}")
    }
}

/// A chance as a percentage with three significant digits (`0.00000135%`, `12.5%`).
fn percent(chance: f64) -> String {
    let x = chance * 100.0;
    let decimals = if x >= 10.0 {
        1
    } else {
        (2.0 - x.log10().floor()).clamp(0.0, 40.0) as usize
    };
    format!("{x:.decimals$}%")
}
