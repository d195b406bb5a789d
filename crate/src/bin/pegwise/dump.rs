//! `pegwise dump`: the canonical codes of the winning positions with N pegs.

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

/// W_pegs, ascending, one code a line, canonical under the group `reduce` names.
pub fn run(
    a: &ProblemArgs,
    pegs: usize,
    reduce: Reduce,
    o: &OutOfCoreArgs,
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
    let text: String = codes.iter().map(|c| format!("{c}\n")).collect();
    Ok(Output {
        text,
        json: json!(codes),
    })
}
