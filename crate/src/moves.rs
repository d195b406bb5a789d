//! Jump and move notation on a board, in one step: `d2-d4` is a jump, `e5-c3-a1` a move (a
//! chain of jumps by one peg). Holes may also be written as MPMP's reading-order numbers
//! (`7-2`). The rules are [`crate::notation`]'s; these read text straight onto a board, so an
//! error names the text as it was typed, and the first fault met in reading order wins.

use crate::board::{Board, Jump};
use crate::error::{Error, InputError, Result};
use crate::notation::{self, moves::jumps_between};

pub use crate::notation::moves::move_holes;
use crate::position::Position;

pub use crate::notation::{split_moves, MAX_TEXT};

/// Reads one move (`a-b` or `a-b-c…`) into its jumps, without checking legality.
pub fn parse_move(board: &Board, text: &str) -> Result<Vec<Jump>> {
    let parts = notation::split_holes(text)
        .ok_or_else(|| -> Error { InputError::BadMoveText(text.to_string()).into() })?;
    let holes = parts
        .iter()
        .map(|p| board.hole(p))
        .collect::<Result<Vec<u8>>>()?;
    jumps_between(board, &holes)
}

/// Refuses a move list longer than [`MAX_TEXT`] before reading any of it.
pub fn check_length(text: &str) -> Result<()> {
    // a length is refused before any board is asked about the text
    match notation::too_long(text) {
        Some(len) => Err(InputError::TooLong { len, max: MAX_TEXT }.into()),
        None => Ok(()),
    }
}

/// Reads a list of moves separated by spaces or commas.
///
/// ```
/// use pegwise::{moves, Board};
/// let b = Board::by_name("english")?;
/// let jumps = moves::parse_moves(&b, "d2-d4, f3-d3 e1-e3")?;
/// assert_eq!(jumps.len(), 3);
/// assert_eq!(moves::jump_text(&b, jumps[0]), "d2-d4");
/// // a chain is one move of several jumps; only notation is checked here, legality on play
/// assert_eq!(moves::parse_moves(&b, "d5-d3-f3")?.len(), 2);
/// assert!(moves::parse_moves(&b, "d2-x4").is_err());
/// assert!(moves::parse_moves(&b, "d1-d2").is_err()); // no jump line
/// # Ok::<(), pegwise::Error>(())
/// ```
pub fn parse_moves(board: &Board, text: &str) -> Result<Vec<Jump>> {
    check_length(text)?;
    let mut out = Vec::new();
    for m in split_moves(text) {
        out.extend(parse_move(board, m)?);
    }
    Ok(out)
}

/// Reads a position written hole by hole in reading order: `X` (or `x`) for a peg, `o` (or
/// `O`, `.`) for an empty hole, e.g. `XXoXoXX` on `row:7`. Spaces and `/` are ignored, so a
/// position can be written row by row. The text must name every hole of the board (see
/// [`PositionText`](crate::notation::PositionText)).
pub fn parse_position(board: &Board, text: &str) -> Result<Position> {
    let mut code = 0u64;
    let mut k = 0usize;
    // the marks folded into a position as they are read: no notation value is kept (the
    // page's wasm carries this path alone)
    notation::position::read_marks(text, |peg| {
        if k < board.len() && peg {
            code |= 1u64 << k;
        }
        k += 1;
    })
    .and_then(|()| notation::position::fits(k, board))
    .map_err(|why| InputError::BadPosition {
        text: notation::clip(text),
        why,
    })?;
    Ok(Position::from_code(code))
}

/// Writes a position as [`parse_position`] reads it: `X` for a peg, `o` for an empty hole,
/// hole by hole in reading order (see [`Position::on`]).
pub fn position_text(board: &Board, code: u64) -> String {
    Position::from_code(code).on(board).to_string()
}

/// Writes one jump as `from-to`.
pub fn jump_text(board: &Board, j: Jump) -> String {
    format!("{}-{}", board.hole_name(j.from), board.hole_name(j.to))
}

/// Groups jumps into moves and writes each as `a-b-c`, from the board's hole names (written
/// straight from the names the board holds: the page's wasm has no other writer of moves).
pub fn moves_text(board: &Board, jumps: &[Jump]) -> Vec<String> {
    move_holes(jumps)
        .iter()
        .map(|m| {
            m.iter()
                .map(|&k| board.hole_name(k))
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

/// Number of moves in a jump sequence (a chain of jumps by one peg counts once).
pub fn move_count(jumps: &[Jump]) -> usize {
    jumps
        .iter()
        .enumerate()
        .filter(|(i, j)| *i == 0 || jumps[i - 1].to != j.from)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let b = Board::by_name("triangle5").unwrap();
        let jumps = parse_moves(&b, "a3-a1 c3-a3, e5-c3-a1").unwrap();
        assert_eq!(jumps.len(), 4);
        assert_eq!(moves_text(&b, &jumps), ["a3-a1", "c3-a3", "e5-c3-a1"]);
        assert_eq!(move_count(&jumps), 3);
        let again = parse_moves(&b, &moves_text(&b, &jumps).join(" ")).unwrap();
        assert_eq!(again, jumps);
        // MPMP numbers, with en dashes
        assert_eq!(
            parse_moves(&b, "4–1").unwrap(),
            parse_moves(&b, "a3-a1").unwrap()
        );
    }

    #[test]
    fn bad_text_is_refused_with_the_value() {
        let b = Board::by_name("english").unwrap();
        let e = parse_moves(&b, "d2-z9").unwrap_err();
        assert!(e.to_string().contains("z9"), "{e}");
        assert!(matches!(
            parse_moves(&b, "d2"),
            Err(Error::Input(InputError::BadMoveText(_)))
        ));
        assert!(matches!(
            parse_moves(&b, "d2-d3"),
            Err(Error::Input(InputError::IllegalJump { .. }))
        ));
        let e = parse_moves(&b, &"d2-d4 ".repeat(5000)).unwrap_err();
        assert!(
            matches!(e, Error::Input(InputError::TooLong { len: 30000, .. })),
            "{e}"
        );
        assert!(e.to_string().contains("too long"), "{e}");
    }

    #[test]
    fn positions_round_trip_and_bad_ones_name_the_fault() {
        let b = Board::by_name("row:7").unwrap();
        let code = parse_position(&b, "XXoXoXX").unwrap().code();
        assert_eq!(code, 0b1101011);
        assert_eq!(position_text(&b, code), "XXoXoXX");
        assert_eq!(parse_position(&b, "xx.x.xx").unwrap().code(), code);
        let e = parse_position(&b, "XXoXqXX").unwrap_err();
        assert!(matches!(e, Error::Input(InputError::BadPosition { .. })));
        assert!(e.to_string().contains("character 5 is 'q'"), "{e}");
        let e = parse_position(&b, "XXoX").unwrap_err();
        assert!(
            e.to_string().contains("4 holes") && e.to_string().contains("has 7"),
            "{e}"
        );
        let t = Board::by_name("triangle4").unwrap();
        let c = parse_position(&t, "o/XX/XXX/XXXX").unwrap().code();
        assert_eq!(position_text(&t, c), "oXXXXXXXXX");
    }
}
