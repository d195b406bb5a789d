//! A move (`e5-c3-a1`: the holes one peg visits) and a list of moves, as notation.

use std::fmt;
use std::str::FromStr;

use super::{check_length, split_holes, split_moves, HoleRef, NotationError, SEPARATOR};
use crate::board::{Board, Jump};
use crate::error::{Error, InputError, JumpWhy, Result};

/// One move as written: the holes a peg visits, two or more (`d2-d4` is one jump, `e5-c3-a1`
/// a chain of two). Reading checks the shape only; [`MoveText::jumps`] checks the holes and
/// the jump lines on a board, and whether the jumps are legal is the game's to say.
///
/// ```
/// use pegwise::notation::MoveText;
/// use pegwise::Board;
/// let b = Board::by_name("english")?;
/// let m: MoveText = "d2-d4".parse()?;
/// let jumps = m.jumps(&b)?;
/// assert_eq!((jumps[0].from, jumps[0].over, jumps[0].to), (4, 9, 16));
/// assert_eq!(MoveText::of_jumps(&b, &jumps)[0], m);
/// assert!("d2".parse::<MoveText>().is_err()); // one hole is no move
/// let e = "d1-d2".parse::<MoveText>()?.jumps(&b).unwrap_err();
/// assert_eq!(e.to_string(), "illegal jump 'd1-d2': no jump line joins these holes");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText(Vec<HoleRef>);

impl MoveText {
    /// The holes the peg visits, the first where it starts.
    pub fn holes(&self) -> &[HoleRef] {
        &self.0
    }

    /// The jumps of the move on `board`: each hole must be on it, and each two in turn must be
    /// joined by a jump line.
    pub fn jumps(&self, board: &Board) -> Result<Vec<Jump>> {
        let holes = self
            .0
            .iter()
            .map(|&r| {
                board.find_hole(r).ok_or_else(|| -> Error {
                    NotationError::BadHole(r.to_string())
                        .on(board.name())
                        .into()
                })
            })
            .collect::<Result<Vec<u8>>>()?;
        jumps_between(board, &holes)
    }

    /// One jump as a move of its own (`from-to`).
    pub fn jump(board: &Board, j: Jump) -> MoveText {
        MoveText(vec![board.hole_ref(j.from), board.hole_ref(j.to)])
    }

    /// Groups jumps into moves (consecutive jumps by the same peg), named on `board`.
    pub fn of_jumps(board: &Board, jumps: &[Jump]) -> Vec<MoveText> {
        move_holes(jumps)
            .into_iter()
            .map(|m| MoveText(m.into_iter().map(|k| board.hole_ref(k)).collect()))
            .collect()
    }
}

/// The jumps from each hole to the next, on lines of `board`: the one rule that turns a
/// move's holes into jumps, whether they came as [`HoleRef`]s or as text.
pub(crate) fn jumps_between(board: &Board, holes: &[u8]) -> Result<Vec<Jump>> {
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

impl FromStr for MoveText {
    type Err = NotationError;

    fn from_str(text: &str) -> std::result::Result<MoveText, NotationError> {
        let parts = split_holes(text).ok_or_else(|| NotationError::BadMove(text.to_string()))?;
        parts
            .into_iter()
            .map(str::parse)
            .collect::<std::result::Result<Vec<HoleRef>, _>>()
            .map(MoveText)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, "{SEPARATOR}")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

/// A list of moves as written: separated by spaces, commas or semicolons, at most
/// [`super::MAX_TEXT`] characters. It writes the moves separated by single spaces.
///
/// ```
/// use pegwise::notation::MoveList;
/// use pegwise::Board;
/// let t = Board::by_name("triangle5")?;
/// let list: MoveList = "a3-a1,c3-a3  e5-c3-a1".parse()?;
/// assert_eq!(list.moves().len(), 3);
/// assert_eq!(list.jumps(&t)?.len(), 4);
/// assert_eq!(MoveList::of_jumps(&t, &list.jumps(&t)?), list);
/// assert_eq!(list.to_string(), "a3-a1 c3-a3 e5-c3-a1");
/// assert!("".parse::<MoveList>()?.moves().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MoveList(Vec<MoveText>);

impl MoveList {
    /// The moves, in order.
    pub fn moves(&self) -> &[MoveText] {
        &self.0
    }

    /// Every jump of the list on `board`, in order (see [`MoveText::jumps`]).
    pub fn jumps(&self, board: &Board) -> Result<Vec<Jump>> {
        let mut out = Vec::new();
        for m in &self.0 {
            out.extend(m.jumps(board)?);
        }
        Ok(out)
    }

    /// The moves jumps make on `board` (see [`MoveText::of_jumps`]).
    pub fn of_jumps(board: &Board, jumps: &[Jump]) -> MoveList {
        MoveList(MoveText::of_jumps(board, jumps))
    }
}

impl FromStr for MoveList {
    type Err = NotationError;

    fn from_str(text: &str) -> std::result::Result<MoveList, NotationError> {
        check_length(text)?;
        split_moves(text)
            .map(str::parse)
            .collect::<std::result::Result<_, _>>()
            .map(MoveList)
    }
}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Groups jumps into moves (consecutive jumps by the same peg): each move as the holes its
/// peg visits, `[from, to, to, …]`. The one grouping rule: [`MoveText::of_jumps`] and the
/// board-level `moves_text` write these.
pub fn move_holes(jumps: &[Jump]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut last_to: Option<u8> = None;
    for &j in jumps {
        match (last_to == Some(j.from), out.last_mut()) {
            (true, Some(m)) => m.push(j.to),
            _ => out.push(vec![j.from, j.to]),
        }
        last_to = Some(j.to);
    }
    out
}
