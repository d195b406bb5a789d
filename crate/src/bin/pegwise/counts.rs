//! `pegwise counts`: build the counts file of the English central game (count and fewest
//! moves of every winning position with many pegs), as the page's Analysis panel and
//! `pegwise count` read it, and print its MANIFEST row.

use std::path::Path;

use serde_json::json;

use crate::common::{spinner, Output};
use crate::solving::solve_with_progress;
use pegwise::error::JobError;
use pegwise::generate::Options;
use pegwise::{counts_file, shipped, Board, Error, Problem};

/// The problem the shipped counts file serves.
pub const BOARD: &str = "english";
/// Its start (the goal is the start hole).
pub const START: &str = "d4";
/// The file's name in `data/`.
pub const FILE: &str = "english.d4.d4.pgc";
/// Positions with at least this many pegs are stored (the first nine jumps of a game); live
/// counting from fewer pegs is quick enough for the page.
pub const LOWEST: u8 = 23;

/// Builds the file into `out` and returns its MANIFEST row.
pub fn run(out: &Path, lowest: u8) -> Result<Output, Error> {
    let board = Board::by_name(BOARD)?;
    let p = Problem::parse(board.clone(), START, "start")?;
    let solved = solve_with_progress(&p, Options::default())?;
    let pb = spinner("counting every winning position");
    let bytes = pegwise::generate::counts_write::encode(&board, &solved, lowest)?;
    pb.finish_and_clear();
    let path = out.join(FILE);
    std::fs::write(&path, &bytes).map_err(|e| {
        Error::from(JobError::Write {
            path: path.clone(),
            cause: e.into(),
        })
    })?;
    let entries = counts_file::Counts::decode(&bytes)?.len();
    let sha = shipped::sha256_hex(&bytes);
    let row = format!(
        "{FILE} {BOARD} {START} start {entries} {} {sha}",
        bytes.len()
    );
    Ok(Output {
        text: format!("{row}\n"),
        json: json!({"file": FILE, "entries": entries, "bytes": bytes.len(), "sha256": sha}),
    })
}

/// The shipped counts file in `data` that serves `game`'s problem, if there is one and it
/// passes its checks (a refused file is reported on stderr, and the caller counts live).
pub fn shipped_for(game: &pegwise::game::Game, data: &Path) -> Option<counts_file::Counts> {
    let name = pegwise::analysis::counts_file(game)?;
    let bytes = std::fs::read(data.join(&name)).ok()?;
    let checked =
        shipped::check_pinned(&name, &bytes).and_then(|()| counts_file::Counts::decode(&bytes));
    match checked {
        Ok(c) => Some(c),
        Err(e) => {
            eprintln!("pegwise: {e} ({name}); counting live instead");
            None
        }
    }
}
