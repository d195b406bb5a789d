//! `pegwise dump`: the canonical codes of the winning positions with N pegs.

use rayon::prelude::*;
use serde_json::json;

use crate::common::{problem_of, Output, ProblemArgs};
use crate::outcore::{self, OutOfCoreArgs};
use pegwise::error::JobError;
use pegwise::generate::Options;
use pegwise::Error;

/// Which symmetries a listed code is reduced under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Reduce {
    /// The board's whole group, as Bell lists positions and as `stats` counts them.
    Full,
    /// Only the symmetries that fix the start and the goal: the shipped table's own codes.
    Stabiliser,
}

/// W_pegs, ascending, one code a line, canonical under the group `reduce` names: as text, or
/// as JSON with `json` (only the form asked for is built, as a level has millions of codes).
pub fn run(
    a: &ProblemArgs,
    pegs: usize,
    reduce: Reduce,
    o: &OutOfCoreArgs,
    json: bool,
) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if pegs == 0 || pegs >= p.board.len() {
        return Err(JobError::Pegs {
            pegs,
            max: p.board.len() - 1,
            board: p.board.name().to_string(),
        }
        .into());
    }
    let sets = outcore::solve(&p, Options::default(), o)?;
    if let Some(out) = outcore::not_here(&sets) {
        return Ok(out);
    }
    let level = sets.winning(pegs)?;
    let codes = match reduce {
        Reduce::Full => sets.meta().under_full_group(&level),
        Reduce::Stabiliser => std::borrow::Cow::Borrowed(&level[..]),
    };
    if json {
        return Ok(Output {
            text: String::new(),
            json: json!(codes),
        });
    }
    // a line a code, formatted in parallel parts (a level has up to millions of codes)
    let text = codes
        .par_chunks(1 << 14)
        .map(|part| {
            let mut text = String::with_capacity(part.len() * 12);
            let mut digits = itoa::Buffer::new();
            for &c in part {
                text.push_str(digits.format(c));
                text.push('\n');
            }
            text
        })
        .collect::<Vec<String>>()
        .concat();
    Ok(Output {
        text,
        json: serde_json::Value::Null,
    })
}
