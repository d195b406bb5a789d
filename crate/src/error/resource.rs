//! A job that would pass a limit (memory, a count's width): the limit and the numbers, and
//! what the user can do instead; the words are in the `#[error]`s.

use super::FilePath;

/// A job too big to run here (kind `too-big`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("too big: {over}{advice}")]
pub struct ResourceError {
    /// The limit it would pass.
    pub over: Over,
    /// What to do instead, where the caller knows.
    pub advice: Advice,
}

/// The limit a job would pass.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Over {
    /// The next level of an in-memory solve would pass the memory limit.
    #[error(
        "solving on {board}: the next level needs about {} million codes on top of the {} million \
         held, over the limit of {} million ({} GB); this job does not fit in memory",
        .need / 1_000_000, .held / 1_000_000, .limit / 1_000_000, Gigabytes(*.limit)
    )]
    Memory {
        /// The board.
        board: String,
        /// Codes the next level needs (an estimate).
        need: usize,
        /// Codes held.
        held: usize,
        /// The most codes allowed.
        limit: usize,
    },
    /// One level with more codes than allowed.
    #[error("{codes} codes at one level (limit {limit})")]
    LevelCodes {
        /// Codes in the level.
        codes: usize,
        /// The most allowed.
        limit: usize,
    },
    /// A board with more candidate finishing holes a class than a mask holds.
    #[error("board '{board}' has classes with {holes} candidate holes; masks hold 16")]
    MaskHoles {
        /// The board.
        board: String,
        /// The most candidate holes of a class.
        holes: u32,
    },
    /// A count of games past 64 bits.
    #[error("a count from position {0:#x} passes 2^64")]
    Count(u64),
}

/// What the user can do about a job too big to run.
#[derive(Debug, Clone, PartialEq, Eq, Default, thiserror::Error)]
pub enum Advice {
    /// Nothing to add.
    #[default]
    #[error("")]
    None,
    /// Build the pinned table that answers the question.
    #[error("; the table that answers it, {file}, is not built: run `scripts/tables {board}`")]
    BuildTable {
        /// Where the table would be.
        file: FilePath,
        /// Its board.
        board: String,
    },
    /// Ask the live search instead of an exact solve.
    #[error("; leave out --exact to ask the live search instead (unknown where it can't decide)")]
    LeaveOutExact,
}

/// A number of 64-bit codes shown in gigabytes to a tenth, in integers: a float's formatting
/// would cost the page's wasm about 15 KB.
struct Gigabytes(usize);

impl std::fmt::Display for Gigabytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // 8 bytes a code; tenths of 10^9 bytes, rounded to the nearest
        let tenths = (self.0 as u64).saturating_mul(8).saturating_add(50_000_000) / 100_000_000;
        write!(f, "{}.{}", tenths / 10, tenths % 10)
    }
}

impl From<Over> for ResourceError {
    fn from(over: Over) -> ResourceError {
        ResourceError {
            over,
            advice: Advice::None,
        }
    }
}

impl ResourceError {
    /// What is over, and the advice, without "too big".
    pub fn why(&self) -> String {
        format!("{}{}", self.over, self.advice)
    }
}
