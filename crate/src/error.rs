//! The one error type of the core: every message names the value that was wrong.
//!
//! Across the wasm boundary an error is data, not words: `{kind, param, value, why, message}`
//! (see [`Error::kind`], [`Error::param`], [`Error::value`], [`Error::why`]). The kinds are
//! stable names that JS may branch on: `unknown-board`, `bad-board`, `no-jump`, `unknown-hole`,
//! `bad-goal`, `bad-start`, `bad-position`, `too-long`, `bad-move`, `illegal-jump`,
//! `bad-table`, `too-big`, `bad-argument`, `bad-save`.

use thiserror::Error;

/// Everything that can go wrong in the core, from bad user input to a refused table file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A board name that is not in the catalogue.
    #[error(
        "unknown board '{name}': the boards are {boards} (a row of L holes, L from 3 to 64), or draw your own as ascii:…"
    )]
    UnknownBoard {
        /// The name as given.
        name: String,
        /// The catalogue as a sentence ("a, b, … and row:L"), for the message.
        boards: String,
    },
    /// Custom board text that cannot be read.
    #[error("bad board description: {0}")]
    BadBoard(String),
    /// A board on which no jump can ever be made: no three holes lie in a line.
    #[error("board '{0}' has no jump: no three holes lie in a line")]
    NoJump(String),
    /// A hole name or number that the board does not have.
    #[error("board '{board}' has no hole '{hole}'")]
    UnknownHole {
        /// The board's name.
        board: String,
        /// The name that was asked for.
        hole: String,
    },
    /// A goal that is neither `start`, `any` nor a hole name (or none that fits the start).
    #[error("bad goal '{value}': {why}")]
    BadGoal {
        /// The goal as given.
        value: String,
        /// What is wrong with it.
        why: String,
    },
    /// A start that is neither a hole name, a position nor `all` (or `all` where one start is
    /// needed).
    #[error("bad start '{value}': {why}")]
    BadStart {
        /// The start as given.
        value: String,
        /// What is wrong with it.
        why: String,
    },
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

impl Error {
    /// The stable name of the kind of error (listed in the module's doc).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::UnknownBoard { .. } => "unknown-board",
            Error::BadBoard(_) => "bad-board",
            Error::NoJump(_) => "no-jump",
            Error::UnknownHole { .. } => "unknown-hole",
            Error::BadGoal { .. } => "bad-goal",
            Error::BadStart { .. } => "bad-start",
            Error::BadPosition { .. } => "bad-position",
            Error::TooLong { .. } => "too-long",
            Error::BadMoveText(_) => "bad-move",
            Error::IllegalJump { .. } => "illegal-jump",
            Error::BadTable(_) => "bad-table",
            Error::TooBig(_) => "too-big",
            Error::BadArgument(_) => "bad-argument",
            Error::BadSave(_) => "bad-save",
        }
    }

    /// The input the error is about: `board`, `hole`, `goal`, `start`, `position`, `moves`,
    /// `table`, `job`, `argument` or `save`.
    pub fn param(&self) -> &'static str {
        match self {
            Error::UnknownBoard { .. } | Error::BadBoard(_) | Error::NoJump(_) => "board",
            Error::UnknownHole { .. } => "hole",
            Error::BadGoal { .. } => "goal",
            Error::BadStart { .. } => "start",
            Error::BadPosition { .. } => "position",
            Error::TooLong { .. } | Error::BadMoveText(_) | Error::IllegalJump { .. } => "moves",
            Error::BadTable(_) => "table",
            Error::TooBig(_) => "job",
            Error::BadArgument(_) => "argument",
            Error::BadSave(_) => "save",
        }
    }

    /// The bad value as given, where the error carries it (empty where it doesn't: a board
    /// description, a table, a save, a job, a length).
    pub fn value(&self) -> &str {
        match self {
            Error::UnknownBoard { name: v, .. } | Error::BadMoveText(v) => v,
            Error::UnknownHole { hole, .. } => hole,
            Error::BadGoal { value, .. } | Error::BadStart { value, .. } => value,
            Error::BadPosition { text, .. } => text,
            Error::IllegalJump { jump, .. } => jump,
            _ => "",
        }
    }

    /// Why the value was refused, without the words that name the value: what a note shows
    /// after naming it. Empty where the message is all there is to say.
    pub fn why(&self) -> &str {
        match self {
            Error::BadGoal { why, .. }
            | Error::BadStart { why, .. }
            | Error::BadPosition { why, .. }
            | Error::IllegalJump { why, .. } => why,
            Error::BadBoard(why)
            | Error::BadTable(why)
            | Error::TooBig(why)
            | Error::BadArgument(why)
            | Error::BadSave(why) => why,
            Error::NoJump(_) => "no three holes lie in a line, so no jump can ever be made",
            _ => "",
        }
    }

    /// A bad start, `value` as given.
    pub fn bad_start(value: &str, why: impl Into<String>) -> Error {
        Error::BadStart {
            value: value.to_string(),
            why: why.into(),
        }
    }

    /// A bad goal, `value` as given.
    pub fn bad_goal(value: &str, why: impl Into<String>) -> Error {
        Error::BadGoal {
            value: value.to_string(),
            why: why.into(),
        }
    }
}

/// Result with the core's error type.
pub type Result<T> = std::result::Result<T, Error>;
