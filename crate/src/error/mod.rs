//! The core's errors, one small enum per concern: what a user typed ([`InputError`]), a table
//! that fails its checks ([`TableError`]), a job past a limit ([`ResourceError`]) and a
//! generator job that can't run as asked ([`JobError`]). Each holds data (names, numbers,
//! files, places in a table); its words are written once, in its `#[error]`.
//!
//! Across the wasm boundary an error is data, not words: `{kind, param, value, why, message}`
//! (see [`Error::kind`], [`Error::param`], [`Error::value`], [`Error::why`]). The kinds are
//! stable names that JS may branch on: `unknown-board`, `bad-board`, `no-jump`, `unknown-hole`,
//! `bad-goal`, `bad-start`, `bad-position`, `too-long`, `bad-move`, `illegal-jump`,
//! `bad-table`, `too-big`, `bad-argument`, `bad-save`.

mod input;
// the generator's jobs: not in the game's wasm, which has no generator
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
mod job;
mod notation;
mod resource;
mod table;

use std::fmt;
use std::io;

pub use input::{BoardWhy, GoalWhy, InputError, JumpWhy, PositionWhy, SaveWhy, StartWhy};
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
pub use job::{At, ClusterError, HelloWhy, JobError};
pub use notation::NotationError;
pub use resource::{Advice, Over, ResourceError};
pub use table::{Fault, HuffmanFault, Part, TableError};

/// Everything that can go wrong in the core, by concern.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Input that is refused: a board, hole, start, goal, position, moves or a saved game.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A table file that fails one of its checks (kind `bad-table`; boxed, as are the next
    /// two, so that a `Result` stays small).
    #[error(transparent)]
    Table(Box<TableError>),
    /// A job that would pass a limit (kind `too-big`).
    #[error(transparent)]
    Resource(Box<ResourceError>),
    /// A generator job that can't run as asked (kind `bad-argument`).
    #[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
    #[error(transparent)]
    Job(Box<JobError>),
}

impl From<TableError> for Error {
    fn from(e: TableError) -> Error {
        Error::Table(Box::new(e))
    }
}

impl From<ResourceError> for Error {
    fn from(e: ResourceError) -> Error {
        Error::Resource(Box::new(e))
    }
}

#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
impl From<JobError> for Error {
    fn from(e: JobError) -> Error {
        Error::Job(Box::new(e))
    }
}

impl From<Fault> for Error {
    fn from(f: Fault) -> Error {
        TableError::from(f).into()
    }
}

impl From<Over> for Error {
    fn from(o: Over) -> Error {
        ResourceError::from(o).into()
    }
}

#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
impl From<ClusterError> for Error {
    fn from(c: ClusterError) -> Error {
        JobError::from(c).into()
    }
}

impl From<BoardWhy> for Error {
    fn from(w: BoardWhy) -> Error {
        Error::Input(InputError::BadBoard(w))
    }
}

impl From<SaveWhy> for Error {
    fn from(w: SaveWhy) -> Error {
        Error::Input(InputError::BadSave(w))
    }
}

impl Error {
    /// The stable name of the kind of error (listed in the module's doc).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Input(e) => e.kind(),
            Error::Table(_) => "bad-table",
            Error::Resource(_) => "too-big",
            #[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
            Error::Job(_) => "bad-argument",
        }
    }

    /// The input the error is about: `board`, `hole`, `goal`, `start`, `position`, `moves`,
    /// `table`, `job`, `argument` or `save`.
    pub fn param(&self) -> &'static str {
        match self {
            Error::Input(e) => e.param(),
            Error::Table(_) => "table",
            Error::Resource(_) => "job",
            #[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
            Error::Job(_) => "argument",
        }
    }

    /// The bad value as given, where the error carries it (empty where it doesn't: a board
    /// description, a table, a save, a job, a length).
    pub fn value(&self) -> &str {
        match self {
            Error::Input(e) => e.value(),
            _ => "",
        }
    }

    /// Why the value was refused, without the words that name the value: what a note shows
    /// after naming it. Empty where the message is all there is to say.
    pub fn why(&self) -> String {
        match self {
            Error::Input(e) => e.why(),
            Error::Table(e) => e.why(),
            Error::Resource(e) => e.why(),
            #[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
            Error::Job(e) => e.to_string(),
        }
    }

    /// A bad start, `value` as given.
    pub fn bad_start(value: &str, why: StartWhy) -> Error {
        InputError::BadStart {
            value: value.to_string(),
            why,
        }
        .into()
    }

    /// A bad goal, `value` as given.
    pub fn bad_goal(value: &str, why: GoalWhy) -> Error {
        InputError::BadGoal {
            value: value.to_string(),
            why,
        }
        .into()
    }

    /// A table's fault placed in `at` when it had no place yet; any other error as it is.
    pub fn within(self, at: Part) -> Error {
        match self {
            Error::Table(t) => t.within(at).into(),
            e => e,
        }
    }
}

/// What the system said of a failed file or socket operation, as data: the kind, the OS's
/// error number where there is one (its words come from the OS when shown), else the text
/// the failing library gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoCause {
    /// The kind of failure.
    pub kind: io::ErrorKind,
    /// The OS's error number.
    pub os: Option<i32>,
    /// The library's text where there is no OS number (empty when it gave none).
    pub text: String,
}

impl From<&io::Error> for IoCause {
    fn from(e: &io::Error) -> IoCause {
        let os = e.raw_os_error();
        IoCause {
            kind: e.kind(),
            os,
            text: match (os, e.get_ref()) {
                (None, Some(inner)) => inner.to_string(),
                _ => String::new(),
            },
        }
    }
}

impl From<io::Error> for IoCause {
    fn from(e: io::Error) -> IoCause {
        IoCause::from(&e)
    }
}

impl fmt::Display for IoCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.os {
            // the OS's own words; the page's wasm reads no file, and leaves them out
            #[cfg(not(target_arch = "wasm32"))]
            Some(code) => io::Error::from_raw_os_error(code).fmt(f),
            _ if !self.text.is_empty() => f.write_str(&self.text),
            _ => self.kind.fmt(f),
        }
    }
}

/// A file's path as an error names it: natively as the system spells it; the page's wasm,
/// which reads no file, shows it as text without the lossy decoding (which would cost its
/// bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePath(pub std::path::PathBuf);

impl<P: Into<std::path::PathBuf>> From<P> for FilePath {
    fn from(p: P) -> FilePath {
        FilePath(p.into())
    }
}

impl fmt::Display for FilePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(not(target_arch = "wasm32"))]
        return self.0.display().fmt(f);
        #[cfg(target_arch = "wasm32")]
        return f.write_str(self.0.to_str().unwrap_or("?"));
    }
}

/// Result with the core's error type.
pub type Result<T> = std::result::Result<T, Error>;
