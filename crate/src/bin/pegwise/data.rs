//! Where the built tables are (`--data`), and opening one: a table's head read whole, its
//! levels a chunk at a time as lookups need them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use pegwise::error::{Advice, Fault, JobError, ResourceError};
use pegwise::game::Game;
use pegwise::shipped;
use pegwise::table::Table;
use pegwise::{Error, Problem};

/// Where shipped tables are read from.
#[derive(Args, Clone)]
pub struct DataArgs {
    /// Where to read tables from (a shipped table answers when it covers the game). Default:
    /// `data/` here, else the project's `data/` beside the command (`target/release/pegwise`),
    /// else the one it was built from.
    #[arg(long)]
    data: Option<PathBuf>,
}

impl DataArgs {
    /// The folder of tables: the one given, else the first `data/` found (see the flag's help).
    /// When none is found, says so once on stderr: every answer is then solved or searched.
    /// A folder given that isn't there is an error naming it: a mistyped path would otherwise
    /// turn every answer into a search without a word.
    pub fn dir(&self) -> Result<PathBuf, Error> {
        if let Some(d) = &self.data {
            if !d.is_dir() {
                return Err(JobError::NoData(d.clone()).into());
            }
            return Ok(d.clone());
        }
        let exe = std::env::current_exe().ok();
        let beside = exe
            .iter()
            .flat_map(|e| e.ancestors().skip(1).take(4))
            .map(|d| d.join("data"));
        let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let found = std::iter::once(PathBuf::from("data"))
            .chain(beside)
            .chain(std::iter::once(built))
            .find(|d| d.join("MANIFEST").is_file());
        Ok(found.unwrap_or_else(|| {
            eprintln!(
                "pegwise: no data/ folder of tables found (here, beside the command, or where it was built): answers are solved or searched; pass --data DIR"
            );
            PathBuf::from("data")
        }))
    }
}

/// The shipped table that covers the problem, when it is built in `data` (not read yet).
pub fn built_table_for(p: &Problem, data: &Path) -> Option<shipped::TableSpec> {
    shipped::table_for(p).filter(|spec| data.join(&spec.file).exists())
}

/// A game from the problem with `moves` played and the shipped table from `data` attached,
/// when one covers it (checked on load); None when no table covers it or it isn't built.
pub fn shipped_game(p: &Problem, moves_text: &str, data: &Path) -> Result<Option<Game>, Error> {
    let Some(spec) = built_table_for(p, data) else {
        return Ok(None);
    };
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    g.attach_table(Arc::new(open_table(&spec.file, data)?))?;
    Ok(Some(g))
}

/// A built table from `data`, its head checked on load; its levels are read a chunk at a
/// time, as lookups need them.
pub fn open_table(file: &str, data: &Path) -> Result<Table, Error> {
    let path = data.join(file);
    let head = std::fs::read(&path).map_err(|e| {
        Error::from(Fault::Unreadable {
            path: path.clone().into(),
            cause: e.into(),
        })
    })?;
    let dir = data.to_path_buf();
    let read = move |f: &str, from: usize, to: usize| {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(dir.join(f)).ok()?;
        file.seek(SeekFrom::Start(from as u64)).ok()?;
        let mut buf = vec![0; to - from];
        file.read_exact(&mut buf).ok()?;
        Some(buf)
    };
    shipped::open(file, &head, read)
}

/// A problem too big to solve here that a pinned table covers, which `scripts/tables` has not
/// built into `data`: the error says how to get it.
pub fn unbuilt(e: Error, p: &Problem, data: Option<&Path>) -> Error {
    match (e, shipped::table_for(p), data) {
        (Error::Resource(r), Some(spec), Some(d)) if !d.join(&spec.file).exists() => {
            ResourceError {
                advice: Advice::BuildTable {
                    file: d.join(&spec.file).into(),
                    board: p.board.name().to_string(),
                },
                ..*r
            }
            .into()
        }
        (e, ..) => e,
    }
}
