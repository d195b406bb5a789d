//! Jump and move notation: `d2-d4` is a jump, `e5-c3-a1` a move (a chain of jumps by one peg).
//! Holes may also be written as MPMP's reading-order numbers (`7-2`).

use crate::board::{Board, Jump};
use crate::error::{Error, InputError, JumpWhy, PositionWhy, Result};

/// Longest move text accepted at once, so a huge pasted string is refused early.
pub const MAX_TEXT: usize = 10_000;

/// Reads one move (`a-b` or `a-b-c…`) into its jumps, without checking legality.
pub fn parse_move(board: &Board, text: &str) -> Result<Vec<Jump>> {
    let parts: Vec<&str> = text.split(['-', '–', ':']).map(str::trim).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(InputError::BadMoveText(text.to_string()).into());
    }
    let holes = parts
        .iter()
        .map(|p| board.hole(p))
        .collect::<Result<Vec<u8>>>()?;
    holes
        .windows(2)
        .map(|w| {
            board.jump_between(w[0], w[1]).ok_or_else(|| {
                InputError::IllegalJump {
                    jump: format!("{}-{}", board.hole_name(w[0]), board.hole_name(w[1])),
                    why: JumpWhy::NoLine,
                }
                .into()
            })
        })
        .collect()
}

/// Refuses a move list longer than [`MAX_TEXT`] before reading any of it.
pub fn check_length(text: &str) -> Result<()> {
    if text.len() > MAX_TEXT {
        return Err(InputError::TooLong {
            len: text.chars().count(),
            max: MAX_TEXT,
        }
        .into());
    }
    Ok(())
}

/// The moves of a list, as written: separated by spaces, commas or semicolons.
pub fn split_moves(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
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
/// position can be written row by row. The text must name every hole of the board.
pub fn parse_position(board: &Board, text: &str) -> Result<u64> {
    let bad = |why: PositionWhy| -> Error {
        InputError::BadPosition {
            text: clip(text),
            why,
        }
        .into()
    };
    let mut code = 0u64;
    let mut k = 0usize;
    for (i, ch) in text.chars().enumerate() {
        let peg = match ch {
            'X' | 'x' => true,
            'o' | 'O' | '.' => false,
            ' ' | '/' => continue,
            other => {
                return Err(bad(PositionWhy::BadCharacter {
                    at: i + 1,
                    ch: other,
                }))
            }
        };
        if k < board.len() && peg {
            code |= 1u64 << k;
        }
        k += 1;
    }
    if k != board.len() {
        return Err(bad(PositionWhy::WrongLength {
            named: k,
            board: board.name().to_string(),
            holes: board.len(),
        }));
    }
    Ok(code)
}

/// Writes a position as [`parse_position`] reads it: `X` for a peg, `o` for an empty hole,
/// hole by hole in reading order.
pub fn position_text(board: &Board, code: u64) -> String {
    (0..board.len())
        .map(|k| if code >> k & 1 == 1 { 'X' } else { 'o' })
        .collect()
}

/// A value short enough for a message: at most 40 characters, then "…".
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", text.get(..i).unwrap_or(text)),
        None => text.to_string(),
    }
}

/// Writes one jump as `from-to`.
pub fn jump_text(board: &Board, j: Jump) -> String {
    format!("{}-{}", board.hole_name(j.from), board.hole_name(j.to))
}

/// Groups jumps into moves (consecutive jumps by the same peg) and writes each as `a-b-c`.
pub fn moves_text(board: &Board, jumps: &[Jump]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut last_to: Option<u8> = None;
    for &j in jumps {
        match (last_to == Some(j.from), out.last_mut()) {
            (true, Some(m)) => {
                m.push('-');
                m.push_str(board.hole_name(j.to));
            }
            _ => out.push(jump_text(board, j)),
        }
        last_to = Some(j.to);
    }
    out
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
        let code = parse_position(&b, "XXoXoXX").unwrap();
        assert_eq!(code, 0b1101011);
        assert_eq!(position_text(&b, code), "XXoXoXX");
        assert_eq!(parse_position(&b, "xx.x.xx").unwrap(), code);
        let e = parse_position(&b, "XXoXqXX").unwrap_err();
        assert!(matches!(e, Error::Input(InputError::BadPosition { .. })));
        assert!(e.to_string().contains("character 5 is 'q'"), "{e}");
        let e = parse_position(&b, "XXoX").unwrap_err();
        assert!(
            e.to_string().contains("4 holes") && e.to_string().contains("has 7"),
            "{e}"
        );
        let t = Board::by_name("triangle4").unwrap();
        let c = parse_position(&t, "o/XX/XXX/XXXX").unwrap();
        assert_eq!(position_text(&t, c), "oXXXXXXXXX");
    }
}
