//! `pegwise winnable`: decides which single-vacancy problems of the catalogue boards can be
//! won and writes the record (`crate/src/winnable/winnable.txt`) and the witness solutions
//! (`crate/tests/fixtures/witnesses.txt`) that the tests replay.

use std::path::Path;

use serde_json::json;

use crate::common::Output;
use pegwise::board::CATALOGUE;
use pegwise::winnable::record;
use pegwise::{Board, Error};

/// Builds the record for `only` (comma-separated boards) or the whole catalogue, searching
/// `budget` positions per witness question, and writes both files under `crate_dir`.
pub fn run(only: Option<&str>, budget: u64, crate_dir: &Path) -> Result<Output, Error> {
    let names: Vec<&str> = CATALOGUE
        .iter()
        .copied()
        .filter(|n| !n.starts_with("row"))
        .collect();
    let wanted: Vec<&str> = match only {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => names.clone(),
    };
    let mut boards = Vec::new();
    for w in &wanted {
        if !names.contains(w) {
            return Err(Error::BadBoard(format!(
                "'{w}' has no record (rows are decided when asked); boards: {}",
                names.join(", ")
            )));
        }
        boards.push(Board::by_name(w)?);
    }
    let (text, witnesses) = record::build(&boards, budget, &mut |m| eprintln!("{m}"));
    let io = |e: std::io::Error| Error::BadBoard(format!("cannot write the record: {e}"));
    if only.is_none() {
        std::fs::write(crate_dir.join("src/winnable/winnable.txt"), &text).map_err(io)?;
        std::fs::write(crate_dir.join("tests/fixtures/witnesses.txt"), &witnesses).map_err(io)?;
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    Ok(Output {
        text: text.clone(),
        json: json!({"record": lines, "witnesses": witnesses.lines().skip(1).collect::<Vec<_>>()}),
    })
}
