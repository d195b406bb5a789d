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
pub(crate) mod position;

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
    match too_long(text) {
        Some(len) => Err(NotationError::TooLong { len, max: MAX_TEXT }),
        None => Ok(()),
    }
}

/// A move list's length in characters, when it is longer than [`MAX_TEXT`] (the one rule:
/// [`crate::moves::check_length`] reads it too, with no notation value on its way).
pub(crate) fn too_long(text: &str) -> Option<usize> {
    (text.len() > MAX_TEXT).then(|| text.chars().count())
}

/// A value short enough for a message: at most 40 characters, then "…".
pub(crate) fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", text.get(..i).unwrap_or(text)),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::error::{Error, InputError};
    use crate::moves;

    #[test]
    fn the_values_and_the_board_level_reading_agree() {
        let b = Board::by_name("english").unwrap();
        let texts = [
            "d2-d4 f3-d3",
            "D2–D4;F3:D3",
            "17-15, 5-17",
            "e1-e3-c3",
            "d2-z9",
            "d2",
            "d1-d2",
            "d2-x$",
            "",
        ];
        for text in texts {
            let direct = moves::parse_moves(&b, text);
            let via = text
                .parse::<MoveList>()
                .map_err(|e| Error::from(e.on(b.name())))
                .and_then(|l| l.jumps(&b));
            // the same jumps, or the same kind of error about the same input
            match (&direct, &via) {
                (Ok(x), Ok(y)) => assert_eq!(x, y, "{text}"),
                (Err(x), Err(y)) => assert_eq!((x.kind(), x.param()), (y.kind(), y.param())),
                _ => panic!("{text}: {direct:?} against {via:?}"),
            }
        }
        // the board-level reading names a hole as it was typed
        let e = moves::parse_moves(&b, "D2-Z9").unwrap_err();
        assert_eq!(
            e,
            Error::from(InputError::UnknownHole {
                board: "english".into(),
                hole: "Z9".into()
            })
        );
    }

    #[test]
    fn written_values_read_back() {
        let t = Board::by_name("triangle5").unwrap();
        let list: MoveList = "a3-a1 c3-a3 e5-c3-a1".parse().unwrap();
        let jumps = list.jumps(&t).unwrap();
        let written = MoveList::of_jumps(&t, &jumps);
        assert_eq!(written.to_string().parse::<MoveList>().unwrap(), written);
        assert_eq!(
            moves::moves_text(&t, &jumps),
            ["a3-a1", "c3-a3", "e5-c3-a1"]
        );
        let p: PositionText = "o XX/xx. ".parse().unwrap();
        assert_eq!(p.to_string(), "oXXXXo");
        assert_eq!(p.to_string().parse::<PositionText>().unwrap(), p);
        assert!(PositionText::looks_like("oX/XX") && !PositionText::looks_like("oX XX"));
        assert!(!PositionText::looks_like("d4"));
        assert!(matches!(
            "x".repeat(MAX_TEXT + 1).parse::<MoveList>(),
            Err(NotationError::TooLong { .. })
        ));
    }
}
