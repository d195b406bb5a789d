//! What the commands share: board, problem and game arguments (mapped onto the core's
//! midend), the output pair and progress spinners.

use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;

use crate::way::{HowArgs, Way};
use pegwise::error::BoardWhy;
use pegwise::game::Game;
use pegwise::game_id::{GameId, DEFAULT_BOARD};
use pegwise::midend::OpenRequest;
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
        let request = request_of(&self.p, self.moves.clone())?;
        let p = problem_in(&request, &self.p.board)?;
        let moves = request.id().map_err(|r| r.error)?.moves.unwrap_or_default();
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
                Error::from(BoardWhy::Unreadable {
                    path: path.clone().into(),
                    cause: e.into(),
                })
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

/// The request the arguments make of the core's midend ([`OpenRequest`]): `--link` first,
/// then the flags, merged by the page's rule for two settings made at once (so the flags
/// override the link's parts, and a new board, start or goal drops the link's moves).
fn request_of(a: &ProblemArgs, moves: Option<String>) -> Result<OpenRequest, Error> {
    let link = match &a.link {
        Some(link) => {
            let r = OpenRequest::link_text(link);
            if r.id().map_err(|r| r.error)? == GameId::default() {
                return Err(BoardWhy::EmptyLink(link.to_string()).into());
            }
            r
        }
        None => OpenRequest::default(),
    };
    Ok(link.then(OpenRequest::fields(GameId {
        board: a.board.board.clone(),
        start: a.start.clone(),
        position: a.position.clone(),
        goal: a.goal.clone(),
        moves,
        redo: None,
    })))
}

/// The problem a request names, on `--board-file`'s board when one is given.
fn problem_in(request: &OpenRequest, board: &BoardArgs) -> Result<Problem, Error> {
    let problem = match board.board_file {
        Some(_) => request.problem_on(board_of(board)?),
        None => request.problem(),
    };
    problem.map_err(|r| r.error)
}

/// The problem the arguments name: they map onto the core's midend ([`OpenRequest`]), whose
/// one rule fills in what they leave out (the board's default game, as the page opens it).
/// With `--position`, the game starts from that position (an edited position is not known to
/// be reachable from a start, so no table answers for it: its hints are solved from the
/// position itself).
pub fn problem_of(a: &ProblemArgs) -> Result<Problem, Error> {
    problem_in(&request_of(a, None)?, &a.board)
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

/// The line printed when the goal cannot be reached from the start.
pub fn unsolvable_note(p: &Problem) -> String {
    format!(
        "{} with start {} and goal {} has no solution: the goal cannot be reached from the start.\n",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    )
}
