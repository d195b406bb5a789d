//! What the commands share: board and problem arguments, the output pair, progress spinners,
//! the memory budget, the whole solve, and a game with its table attached.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;

use crate::progress::Progress;
use crate::way::{quick, HowArgs, Way};
use pegwise::game::Game;
use pegwise::game_id::{GameId, DEFAULT_BOARD};
use pegwise::generate::{self, Options, Solved};
use pegwise::shipped;
use pegwise::table::Table;
use pegwise::{Board, Error, Problem};

/// Which board.
#[derive(Args, Clone)]
pub struct BoardArgs {
    /// Board: a catalogue name (see `pegwise boards`), `row:L`, or `ascii:--ooo--/...` (`ascii-tri:` for triangular).
    /// Default: english.
    #[arg(long)]
    board: Option<String>,
    /// Read a custom board from an ASCII file (see the README for the format).
    #[arg(long, conflicts_with = "board")]
    board_file: Option<PathBuf>,
}

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
                return Err(Error::BadArgument(format!(
                    "no tables in '{}' (--data): no such folder; name the folder of tables, e.g. data",
                    d.display()
                )));
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

/// A game to ask about, for `hint` and `solve`: the problem, moves played, and how to answer
/// (where tables are, the live search's budget, or the whole solve).
#[derive(Args, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub p: ProblemArgs,
    /// Moves to play first, e.g. "d2-d4 f3-d3" (default: the moves of --link, if any).
    #[arg(long)]
    pub moves: Option<String>,
    #[command(flatten)]
    pub how: HowArgs,
}

impl GameArgs {
    /// The problem, the game with the moves played, how its questions are answered (see
    /// [`crate::ask::game_for`]), and the folder of tables.
    pub fn open(&self) -> Result<(Problem, Game, Way, PathBuf), Error> {
        let p = problem_of(&self.p)?;
        let moves = match (&self.moves, &self.p.link) {
            (Some(m), _) => m.clone(),
            (None, Some(link)) => link_id(link)?.moves.unwrap_or_default(),
            (None, None) => String::new(),
        };
        let data = self.how.data.dir()?;
        let (g, way) = crate::ask::game_for(&p, &moves, &data, &self.how)?;
        Ok((p, g, way, data))
    }
}

/// Which board, start and goal.
#[derive(Args, Clone)]
pub struct ProblemArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// The hole empty at the start (name like d4, or number 1..N). `stats` and `dump` also take
    /// `all`, every single vacancy at once (a game starts from one hole). Default: the board's
    /// own default game (as the page opens it).
    #[arg(long)]
    start: Option<String>,
    /// Where the last peg must end: `start`, `any`, or a hole. Default: the goal of the board's
    /// default game.
    #[arg(long)]
    goal: Option<String>,
    /// Play from this position instead of the start: X a peg, o a hole, hole by hole in reading
    /// order (`/` and spaces ignored), e.g. `XXoXoXX` on row:7. Goal `start` then means the
    /// hole named by --start, or `any` without --start (a set position has no start hole).
    #[arg(long)]
    position: Option<String>,
    /// A link to a game in the page (`https://…/?board=french&start=c1&goal=any&moves=…`, or
    /// its query alone): its board, start, position and goal (and, for hint and solve, its
    /// moves); the other flags override them.
    #[arg(long)]
    link: Option<String>,
}

/// A command's answer, in both forms.
pub struct Output {
    /// What is printed without `--json`.
    pub text: String,
    /// What is printed with `--json`.
    pub json: Value,
}

fn board_of(a: &BoardArgs) -> Result<Board, Error> {
    match &a.board_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                Error::BadBoard(format!("cannot read board file '{}': {e}", path.display()))
            })?;
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("custom");
            let name: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            Board::parse_ascii(
                if name.is_empty() { "custom" } else { &name },
                pegwise::Lattice::Square,
                &text,
            )
        }
        None => Board::by_name(a.board.as_deref().unwrap_or(DEFAULT_BOARD)),
    }
}

/// The problem the arguments name: they map onto the core's [`GameId`], whose one rule fills
/// in what they leave out (the board's default game, as the page opens it). `--link` reads a
/// page's link first, and the other flags override it. With `--position`, the game starts
/// from that position (an edited position is not known to be reachable from a start, so no
/// table answers for it: its hints are solved from the position itself).
pub fn problem_of(a: &ProblemArgs) -> Result<Problem, Error> {
    let mut id = match &a.link {
        Some(link) => link_id(link)?,
        None => GameId::default(),
    };
    for (flag, value) in [
        (&mut id.start, &a.start),
        (&mut id.goal, &a.goal),
        (&mut id.position, &a.position),
    ] {
        if value.is_some() {
            *flag = value.clone();
        }
    }
    if a.board.board_file.is_some() {
        return id.problem_on(board_of(&a.board)?, None);
    }
    if a.board.board.is_some() {
        id.board = a.board.board.clone();
    }
    id.problem(None)
}

/// The game a page's link names (a whole address or its query alone).
fn link_id(link: &str) -> Result<GameId, Error> {
    let query = link.split_once('?').map_or(link, |(_, q)| q);
    let query = query.split('#').next().unwrap_or(query);
    GameId::from_query(query).ok_or_else(|| {
        Error::BadBoard(format!(
            "the link '{link}' names no game (no board, start, position, goal or moves)"
        ))
    })
}

/// A problem from a board, a start and a goal given apart from `ProblemArgs`.
pub fn problem_from(board: &BoardArgs, start: &str, goal: &str) -> Result<Problem, Error> {
    Problem::parse(board_of(board)?, start, goal)
}

/// A spinner on stderr with a label.
pub fn spinner(label: &str) -> ProgressBar {
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb.set_message(label.to_string());
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// The memory available now, in bytes (8 GB where /proc/meminfo can't be read).
pub fn memory_bytes() -> u64 {
    let avail_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    });
    avail_kb.map_or(8 << 30, |kb| kb.saturating_mul(1024))
}

/// The code budget for a job: a third of the memory available now (sorting needs room too),
/// 8 bytes a code.
fn memory_budget() -> usize {
    (memory_bytes() / 8 / 3) as usize
}

/// Solves a problem within the memory budget, showing its progress (see [`Progress`]; a
/// problem past the size rule, solved because `--exact` asked, says so at once off a
/// terminal).
pub fn solve_with_progress(p: &Problem, opts: Options) -> Result<Solved, Error> {
    let opts = Options {
        max_codes: memory_budget(),
        ..opts
    };
    let label = format!(
        "solving {} start {} goal {}",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    );
    let pb = if !quick(p) {
        Progress::announce(&format!("{label} whole (it may take minutes)"))
    } else {
        Progress::new(&label)
    };
    let r = generate::solve(p, opts, &mut |m| pb.set(m));
    pb.finish();
    r
}

/// The line printed when the goal cannot be reached from the start.
pub fn unsolvable_note(p: &Problem) -> String {
    format!(
        "{} with start {} and goal {} has no solution: the goal cannot be reached from the start.\n",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    )
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
    let head = std::fs::read(&path)
        .map_err(|e| Error::BadTable(format!("cannot read '{}': {e}", path.display())))?;
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
        (Error::TooBig(why), Some(spec), Some(d)) if !d.join(&spec.file).exists() => {
            Error::TooBig(format!(
                "{why}; the table that answers it, {}, is not built: run `scripts/tables {}`",
                d.join(&spec.file).display(),
                p.board.name()
            ))
        }
        (e, ..) => e,
    }
}
