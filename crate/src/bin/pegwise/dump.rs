//! `pegwise dump`: the canonical codes of the winning positions with N pegs.

use serde_json::json;

use crate::common::{problem_of, Output, ProblemArgs};
use crate::outcore::{self, OutOfCoreArgs};
use pegwise::solve::Options;
use pegwise::Error;

/// W_pegs, ascending, one code a line.
pub fn run(a: &ProblemArgs, pegs: usize, o: &OutOfCoreArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if pegs == 0 || pegs >= p.board.len() {
        return Err(Error::BadBoard(format!(
            "--pegs {pegs}: use 1..{} on {}",
            p.board.len() - 1,
            p.board.name()
        )));
    }
    let s = outcore::solve(&p, Options::default(), o)?.solved;
    let codes = &s.winning[pegs];
    let text: String = codes.iter().map(|c| format!("{c}\n")).collect();
    Ok(Output {
        text,
        json: json!(codes),
    })
}
