//! Jump and move notation: `d2-d4` is a jump, `e5-c3-a1` a move (a chain of jumps by one peg).
//! Holes may also be written as MPMP's reading-order numbers (`7-2`).

use crate::board::{Board, Jump};
use crate::error::{Error, Result};

/// Longest move text accepted at once, so a huge pasted string is refused early.
pub const MAX_TEXT: usize = 10_000;

/// Reads one move (`a-b` or `a-b-c…`) into its jumps, without checking legality.
pub fn parse_move(board: &Board, text: &str) -> Result<Vec<Jump>> {
    let parts: Vec<&str> = text.split(['-', '–', ':']).map(str::trim).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(Error::BadMoveText(text.to_string()));
    }
    let holes = parts
        .iter()
        .map(|p| board.hole(p))
        .collect::<Result<Vec<u8>>>()?;
    holes
        .windows(2)
        .map(|w| {
            board
                .jump_between(w[0], w[1])
                .ok_or_else(|| Error::IllegalJump {
                    jump: format!("{}-{}", board.hole_name(w[0]), board.hole_name(w[1])),
                    why: "no jump line joins these holes".to_string(),
                })
        })
        .collect()
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
    if text.len() > MAX_TEXT {
        return Err(Error::BadMoveText(format!(
            "{}… ({} characters, at most {MAX_TEXT})",
            &text[..text.char_indices().nth(20).map_or(0, |c| c.0)],
            text.len()
        )));
    }
    let mut out = Vec::new();
    for m in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
    {
        out.extend(parse_move(board, m)?);
    }
    Ok(out)
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
        assert!(matches!(parse_moves(&b, "d2"), Err(Error::BadMoveText(_))));
        assert!(matches!(
            parse_moves(&b, "d2-d3"),
            Err(Error::IllegalJump { .. })
        ));
        assert!(matches!(
            parse_moves(&b, &"d2-d4 ".repeat(5000)),
            Err(Error::BadMoveText(_))
        ));
    }
}
