//! Notation as values: a hole ([`HoleRef`]: `d4` or MPMP's `17`), a move ([`MoveText`]:
//! `e5-c3-a1`), a list of moves ([`MoveList`]: `d2-d4, f3-d3`) and a position
//! ([`PositionText`]: `XXoXoXX`), each read with `FromStr` and written with `Display`.
//!
//! Reading needs no board: the text is read for its shape alone, and a board resolves the
//! result into holes, [`Jump`]s and a [`Position`] (`jumps`, `position`), with the errors a
//! page shows ([`InputError`]). [`crate::moves`] reads and writes notation on a board in one
//! step, with these rules.
//!
//! ```
//! use pegwise::notation::{MoveList, MoveText, PositionText};
//! use pegwise::Board;
//! let m: MoveText = "e5–c3:a1".parse()?; // dashes, en dashes and colons all join holes
//! assert_eq!(m.to_string(), "e5-c3-a1");
//! let list: MoveList = "a3-a1, c3-a3;e5-c3-a1".parse()?;
//! assert_eq!(list.to_string(), "a3-a1 c3-a3 e5-c3-a1");
//! let p: PositionText = "o/XX/XXX".parse()?;
//! assert_eq!(p.to_string(), "oXXXXX");
//! // a board resolves them
//! let t = Board::by_name("triangle5")?;
//! assert_eq!(list.jumps(&t)?.len(), 4);
//! assert!("f6-a1".parse::<MoveText>()?.jumps(&t).is_err()); // no such hole on the triangle
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod moves;
mod position;

pub use crate::board::HoleRef;
pub use crate::error::NotationError;
pub use moves::{MoveList, MoveText};
pub use position::PositionText;

#[cfg(doc)]
use crate::{board::Jump, error::InputError, position::Position};

/// Longest move text accepted at once, so a huge pasted string is refused early.
pub const MAX_TEXT: usize = 10_000;

/// What joins the holes of a move on output; `–` and `:` are read too.
pub const SEPARATOR: char = '-';

/// The holes of one move as written (`a-b-c`, joined by `-`, `–` or `:`), trimmed; None when
/// there are fewer than two or one is empty.
pub fn split_holes(text: &str) -> Option<Vec<&str>> {
    let parts: Vec<&str> = text.split(['-', '–', ':']).map(str::trim).collect();
    (parts.len() >= 2 && parts.iter().all(|p| !p.is_empty())).then_some(parts)
}

/// The moves of a list, as written: separated by spaces, commas or semicolons.
pub fn split_moves(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
}

/// Refuses a move list longer than [`MAX_TEXT`] before reading any of it.
pub fn check_length(text: &str) -> Result<(), NotationError> {
    if text.len() > MAX_TEXT {
        return Err(NotationError::TooLong {
            len: text.chars().count(),
            max: MAX_TEXT,
        });
    }
    Ok(())
}

/// A value short enough for a message: at most 40 characters, then "…".
pub(crate) fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", text.get(..i).unwrap_or(text)),
        None => text.to_string(),
    }
}
