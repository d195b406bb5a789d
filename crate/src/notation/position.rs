//! A position as notation: one mark a hole in reading order, `X` a peg and `o` an empty hole.

use std::fmt;
use std::str::FromStr;

use super::{clip, NotationError};
use crate::board::Board;
use crate::error::PositionWhy;
use crate::position::{Position, EMPTY, PEG};

/// A position as written: `X` (or `x`) for a peg, `o` (or `O`, `.`) for an empty hole, hole
/// by hole in reading order; spaces and `/` are skipped, so it can be written row by row.
/// It writes `X` and `o` alone. [`PositionText::position`] checks it names every hole of a
/// board.
///
/// ```
/// use pegwise::notation::PositionText;
/// use pegwise::Board;
/// let row = Board::by_name("row:7")?;
/// let text: PositionText = "xx.x.xx".parse()?;
/// assert_eq!(text.to_string(), "XXoXoXX");
/// let p = text.position(&row)?;
/// assert_eq!(p.code(), 0b1101011);
/// assert_eq!(p.on(&row).to_string(), "XXoXoXX");
/// assert!("XXoXqXX".parse::<PositionText>().is_err());
/// assert!("XXoX".parse::<PositionText>()?.position(&row).is_err()); // 4 marks, 7 holes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PositionText(Vec<bool>);

/// What one character of position text is: the one rule for reading the marks.
enum Mark {
    Peg,
    Empty,
    /// A space or `/`, which lays the text out in rows.
    Skip,
}

fn mark(ch: char) -> Option<Mark> {
    match ch {
        'X' | 'x' => Some(Mark::Peg),
        'o' | 'O' | '.' => Some(Mark::Empty),
        ' ' | '/' => Some(Mark::Skip),
        _ => None,
    }
}

impl PositionText {
    /// True when `text` reads as a position rather than a hole name: three or more marks and
    /// `/`, no spaces (a start or a save's field can be either).
    pub fn looks_like(text: &str) -> bool {
        text.len() >= 3 && text.chars().all(|c| c != ' ' && mark(c).is_some())
    }

    /// The marks in reading order, true for a peg.
    pub fn marks(&self) -> &[bool] {
        &self.0
    }

    /// The position on `board`; refused unless there is one mark per hole.
    pub fn position(&self, board: &Board) -> Result<Position, PositionWhy> {
        fits(self.0.len(), board)?;
        let code = self
            .0
            .iter()
            .enumerate()
            .filter(|(_, &peg)| peg)
            .fold(0u64, |code, (k, _)| code | 1u64 << k);
        Ok(Position::from_code(code))
    }
}

/// Refuses a count of marks other than the board's count of holes.
pub(crate) fn fits(named: usize, board: &Board) -> Result<(), PositionWhy> {
    if named == board.len() {
        return Ok(());
    }
    Err(PositionWhy::WrongLength {
        named,
        board: board.name().to_string(),
        holes: board.len(),
    })
}

impl FromStr for PositionText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<PositionText, NotationError> {
        let mut marks = Vec::new();
        read_marks(text, |peg| marks.push(peg)).map_err(|why| NotationError::BadPosition {
            text: clip(text),
            why,
        })?;
        Ok(PositionText(marks))
    }
}

/// Reads position text mark by mark, in reading order, handing each to `each` (true for a
/// peg) and skipping the layout characters; refused at the first character that is no mark.
/// The one reading of the marks: [`PositionText`] keeps them, and [`crate::moves::parse_position`]
/// folds them straight into a position (the page's wasm keeps no notation values).
pub(crate) fn read_marks(text: &str, mut each: impl FnMut(bool)) -> Result<(), PositionWhy> {
    for (i, ch) in text.chars().enumerate() {
        match mark(ch) {
            Some(Mark::Peg) => each(true),
            Some(Mark::Empty) => each(false),
            Some(Mark::Skip) => {}
            None => return Err(PositionWhy::BadCharacter { at: i + 1, ch }),
        }
    }
    Ok(())
}

impl fmt::Display for PositionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        self.0
            .iter()
            .try_for_each(|&peg| f.write_char(if peg { PEG } else { EMPTY }))
    }
}
