//! `pegwise hint`: the position after some moves, and a verdict on every legal jump.

use serde_json::json;

use crate::common::{GameArgs, Output};
use crate::way::clock;
use pegwise::game::Game;
use pegwise::oracle::{Limits, Verdict};
use pegwise::refine::Refiner;
use pegwise::{moves, Error};

/// The longest `--think` (an hour).
const MAX_THINK_S: f64 = 3600.0;

/// Reads `--think`: seconds, more than 0 and at most an hour.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_THINK_S => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds above 0 and at most {MAX_THINK_S} (e.g. 2 or 0.5)"
        )),
    }
}

/// Tries the undecided jumps of every movable peg again, in short tries as the page does while
/// the player thinks, until all are decided or `seconds` have passed.
fn think(g: &mut Game, seconds: f64) {
    let holes = g.movable_pegs();
    let mut r = Refiner::new();
    let end = clock() + seconds * 1000.0;
    let saved = g.limits();
    while clock() < end {
        // each try as long as the refiner says, and never past the end
        g.set_limits(Limits {
            nodes: u64::MAX,
            time_ms: Some((end - clock()).max(1.0)),
            clock: Some(clock),
        });
        if r.step(g, &holes).undecided == 0 {
            break;
        }
    }
    g.set_limits(saved);
}

/// The word printed for a verdict; an unknown answer is never shown as good or bad.
fn word(v: Verdict) -> &'static str {
    match v {
        Verdict::Good => "good",
        Verdict::Bad => "bad",
        Verdict::Unknown => "unknown",
        Verdict::Loading => "loading",
    }
}

/// Renders the position, whether it is winning, each jump's verdict (with `think_s`: after
/// that long proving the ones the live search left unknown), and where the verdicts came from.
pub fn run(a: &GameArgs, think_s: Option<f64>) -> Result<Output, Error> {
    let (p, mut g, way, data) = a.open()?;
    let mut hints = g.hints();
    if let Some(s) = think_s.filter(|_| hints.iter().any(|&(_, v)| v == Verdict::Unknown)) {
        think(&mut g, s);
        hints = g.hints();
    }
    // after the jumps: a jump proved good (or every jump bad) settles the position too
    let winning = g.winning();
    let b = p.board.clone();
    let mut text = b.render(g.position().code());
    text += &format!(
        "{}, {}\n",
        crate::way::pegs_text(g.position().pegs()),
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
    text += &way.note(&p, &data, "a question");
    Ok(Output {
        text,
        json: json!({
            "pegs": g.position().pegs(),
            "winning": winning,
            "verdict": word(Verdict::from(winning)),
            "jumps": jumps,
            "source": way.source(),
        }),
    })
}
