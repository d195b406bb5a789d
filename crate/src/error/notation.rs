//! Notation that can't be read before any board is known: a hole that is neither a name nor a
//! number, a move that is not `from-to`, a list too long, a mark that is neither a peg nor a
//! hole. Resolved against a board ([`NotationError::on`]), each becomes the [`InputError`] a
//! page or the command line shows.

use super::{InputError, PositionWhy};

/// Notation refused by its reading alone (the `FromStr` of the notation types).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Hole text that is neither a name (`d4`) nor a reading-order number (`17`).
    #[error("'{0}' is neither a hole name (column letter and row number, e.g. d4) nor a number")]
    BadHole(String),
    /// Move text that is not two or more holes joined by `-`.
    #[error("cannot read move '{0}': write jumps as from-to, e.g. 'd2-d4' or 'e5-c3-a1'")]
    BadMove(String),
    /// A list of moves longer than the game accepts at once.
    #[error("the move list is too long ({len} characters, at most {max})")]
    TooLong {
        /// Its length in characters.
        len: usize,
        /// The most accepted.
        max: usize,
    },
    /// Position text with a character that is neither a peg nor a hole.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text as given (clipped).
        text: String,
        /// What is wrong with it.
        why: PositionWhy,
    },
}

impl NotationError {
    /// The input error this is on the board named `board`: a hole that can't be read is one
    /// the board doesn't have.
    pub fn on(self, board: &str) -> InputError {
        match self {
            NotationError::BadHole(hole) => InputError::UnknownHole {
                board: board.to_string(),
                hole,
            },
            NotationError::BadMove(text) => InputError::BadMoveText(text),
            NotationError::TooLong { len, max } => InputError::TooLong { len, max },
            NotationError::BadPosition { text, why } => InputError::BadPosition { text, why },
        }
    }
}
