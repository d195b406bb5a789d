//! The one error type of the core: every message names the value that was wrong.

use thiserror::Error;

/// Everything that can go wrong in the core, from bad user input to a refused table file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A board name that is not in the catalogue.
    #[error(
        "unknown board '{0}': the boards are {boards} (a row of L holes, L from 3 to 64), or draw your own as ascii:…",
        boards = catalogue_sentence()
    )]
    UnknownBoard(String),
    /// Custom board text that cannot be read.
    #[error("bad board description: {0}")]
    BadBoard(String),
    /// A hole name or number that the board does not have.
    #[error("board '{board}' has no hole '{hole}'")]
    UnknownHole {
        /// The board's name.
        board: String,
        /// The name that was asked for.
        hole: String,
    },
    /// A goal that is neither `start`, `any` nor a hole name.
    #[error("bad goal '{0}': use 'start', 'any' or a hole name")]
    BadGoal(String),
    /// A start that is neither a hole name nor `all`.
    #[error("bad start '{0}': use a hole name, or 'all'")]
    BadStart(String),
    /// Start-position text (`XXoXo`: X a peg, o a hole) that does not fit the board.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text as given.
        text: String,
        /// What is wrong with it (the bad character and where, or the length).
        why: String,
    },
    /// A list of moves longer than the game accepts at once.
    #[error("the move list is too long ({len} characters, at most {max})")]
    TooLong {
        /// Its length in characters.
        len: usize,
        /// The most accepted.
        max: usize,
    },
    /// Move text that cannot be parsed.
    #[error("cannot read move '{0}': write jumps as from-to, e.g. 'd2-d4' or 'e5-c3-a1'")]
    BadMoveText(String),
    /// A jump that is not legal in the current position.
    #[error("illegal jump '{jump}': {why}")]
    IllegalJump {
        /// The jump as written.
        jump: String,
        /// Why it is illegal.
        why: String,
    },
    /// A table file that fails one of its checks.
    #[error("table refused: {0}")]
    BadTable(String),
    /// A job that would need more memory than allowed.
    #[error("too big: {0}")]
    TooBig(String),
    /// A bad option of a generator job, or a work directory it cannot use (the message names
    /// the value or the file).
    #[error("{0}")]
    BadArgument(String),
    /// A saved game that cannot be restored.
    #[error("saved game refused: {0}")]
    BadSave(String),
}

/// The catalogue as a sentence: "a, b, … and row:L".
fn catalogue_sentence() -> String {
    match crate::board::CATALOGUE.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => crate::board::CATALOGUE.join(""),
    }
}

/// Result with the core's error type.
pub type Result<T> = std::result::Result<T, Error>;
