//! `pegwise winnable`: decides which single-vacancy problems of the catalogue boards can be
//! won and writes the record (`crate/src/winnable/winnable.txt`) and the witness solutions
//! (`crate/tests/fixtures/witnesses.txt`) that the tests replay.

use std::path::Path;

use serde_json::json;

use crate::common::Output;
use crate::data::open_table;
use pegwise::board::CATALOGUE;
use pegwise::error::{BoardWhy, JobError};
use pegwise::generate::record;
use pegwise::shipped;
use pegwise::{Board, Error, Goal};

/// Builds the record for `only` (comma-separated boards) or the whole catalogue, searching
/// `budget` positions per witness question, and writes both files under `crate_dir`. A table
/// of one start and goal `any` built in `data` decides what the search leaves open.
pub fn run(
    only: Option<&str>,
    budget: u64,
    crate_dir: &Path,
    data: &Path,
) -> Result<Output, Error> {
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
            return Err(BoardWhy::NoRecord {
                name: w.to_string(),
                boards: names.iter().map(|s| s.to_string()).collect(),
            }
            .into());
        }
        boards.push(Board::by_name(w)?);
    }
    let mut tables = |board: &Board, start: u8| table_finishes(board, start, data);
    let (text, witnesses) = record::build(&boards, budget, &mut tables, &mut |m| eprintln!("{m}"));
    let write = |path: std::path::PathBuf, bytes: &str| {
        std::fs::write(&path, bytes).map_err(|e| {
            Error::from(JobError::Write {
                path,
                cause: e.into(),
            })
        })
    };
    if only.is_none() {
        write(crate_dir.join("src/winnable/winnable.txt"), &text)?;
        write(crate_dir.join("tests/fixtures/witnesses.txt"), &witnesses)?;
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    Ok(Output {
        text: text.clone(),
        json: json!({"record": lines, "witnesses": witnesses.lines().skip(1).collect::<Vec<_>>()}),
    })
}

/// The finishes of `start` that a built table of one start and goal `any` in `data` proves.
fn table_finishes(board: &Board, start: u8, data: &Path) -> Option<u64> {
    let specs = shipped::tables_for(board).ok()?;
    specs
        .iter()
        .filter(|s| !s.union && s.problem.goal == Goal::Any && data.join(&s.file).exists())
        .find_map(|s| {
            let table = open_table(&s.file, data)
                .map_err(|e| eprintln!("{}: {e}", s.file))
                .ok()?;
            record::table_finishes(board, start, &table)
        })
}
