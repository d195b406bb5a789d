//! Positions: bit k of a code holds a peg when hole k is filled (Bell's code). [`Position`]
//! is the code as the game's API hands it between modules; the helpers below apply the rules
//! to raw codes, and are the only place that knows what a legal jump is.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{bit, Board, Jump};

/// The mark of a peg in position text (`XXoXo`).
pub const PEG: char = 'X';
/// The mark of an empty hole in position text.
pub const EMPTY: char = 'o';

/// A position on some board: bit k is a peg in hole k, in reading order (Bell's code).
///
/// This is what the game, its identity and the midend hand each other. The generator, the
/// searches, the tables and their codec keep raw `u64` codes in their loops and arrays: they
/// handle billions of codes, sort and hash them, and a wrapper there would only add
/// conversions. They meet this type where a game asks them something, through
/// [`Position::code`] and [`Position::from_code`]. A position does not know its board, so it is
/// written through one: [`Position::on`].
///
/// ```
/// use pegwise::position::Position;
/// use pegwise::Board;
/// let row = Board::by_name("row:7")?;
/// let p = Position::from_code(0b1101011);
/// assert_eq!(p.pegs(), 5);
/// assert!(p.has(0) && !p.has(2));
/// assert_eq!(p.on(&row).to_string(), "XXoXoXX");
/// # Ok::<(), pegwise::Error>(())
/// ```
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Position(u64);

impl Position {
    /// The position with this code.
    #[inline]
    pub const fn from_code(code: u64) -> Position {
        Position(code)
    }
    /// Its code: bit k is a peg in hole k.
    #[inline]
    pub const fn code(self) -> u64 {
        self.0
    }
    /// The number of pegs.
    #[inline]
    pub fn pegs(self) -> u32 {
        self.0.count_ones()
    }
    /// True when hole `k` holds a peg.
    #[inline]
    pub fn has(self, k: u8) -> bool {
        self.0 >> k & 1 == 1
    }
    /// The position with hole `k`'s peg taken away or put back (an edit).
    #[inline]
    pub fn flip(self, k: u8) -> Position {
        Position(self.0 ^ bit(k))
    }
    /// True when `jump` is legal here.
    #[inline]
    pub fn can_jump(self, jump: Jump) -> bool {
        can_jump(self.0, jump)
    }
    /// The position after `jump` (or before it: the same XOR).
    #[inline]
    pub fn after(self, jump: Jump) -> Position {
        Position(after(self.0, jump))
    }
    /// Every legal jump here, in the board's jump order.
    pub fn legal_jumps(self, board: &Board) -> impl Iterator<Item = Jump> + '_ {
        legal_jumps(board, self.0)
    }
    /// The position on `board`, to write: `X` a peg, `o` an empty hole, in reading order (what
    /// [`crate::notation::PositionText`] reads back).
    pub fn on(self, board: &Board) -> OnBoard<'_> {
        OnBoard {
            position: self,
            board,
        }
    }
}

/// A position with its board, which [`fmt::Display`] writes hole by hole (see
/// [`Position::on`]).
#[derive(Debug, Clone, Copy)]
pub struct OnBoard<'a> {
    position: Position,
    board: &'a Board,
}

impl fmt::Display for OnBoard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        (0..self.board.len() as u8)
            .try_for_each(|k| f.write_char(if self.position.has(k) { PEG } else { EMPTY }))
    }
}

/// Number of pegs in a position.
#[inline]
pub fn pegs(code: u64) -> u32 {
    code.count_ones()
}

/// Swaps pegs and holes.
#[inline]
pub fn complement(board: &Board, code: u64) -> u64 {
    board.full() ^ code
}

/// A table over the bytes of a code on a board of `holes` holes: `table[j * 256 + b]` is the
/// sum of `value(k)` over the holes k that byte j = b holds a peg in. Adding up the rows of a
/// code's bytes gives the sum over its pegs, one lookup a byte.
pub(crate) fn byte_sums<T: std::iter::Sum<T>>(holes: usize, value: impl Fn(usize) -> T) -> Vec<T> {
    (0..holes.div_ceil(8) * 256)
        .map(|i| {
            let (j, b) = (i / 256, i % 256);
            (0..8)
                .filter(|&k| b >> k & 1 == 1 && 8 * j + k < holes)
                .map(|k| value(8 * j + k))
                .sum()
        })
        .collect()
}

/// True when `jump` is legal in `code`: pegs on `from` and `over`, `to` empty.
#[inline]
pub fn can_jump(code: u64, jump: Jump) -> bool {
    code & jump.mask() == jump.before()
}

/// The position after a legal jump (or before it, undoing: the same XOR).
#[inline]
pub fn after(code: u64, jump: Jump) -> u64 {
    code ^ jump.mask()
}

/// True when `jump` can be undone from `code` (only `to` holds a peg of the three).
#[inline]
pub fn can_unjump(code: u64, jump: Jump) -> bool {
    code & jump.mask() == bit(jump.to)
}

/// Every legal jump in a position, in the board's jump order.
pub fn legal_jumps(board: &Board, code: u64) -> impl Iterator<Item = Jump> + '_ {
    board
        .jumps()
        .iter()
        .copied()
        .filter(move |&j| can_jump(code, j))
}

/// Every position one jump after `code`.
pub fn children(board: &Board, code: u64) -> impl Iterator<Item = u64> + '_ {
    legal_jumps(board, code).map(move |j| after(code, j))
}

/// The position with every hole filled but `hole`.
pub fn single_vacancy(board: &Board, hole: u8) -> u64 {
    board.full() ^ bit(hole)
}

/// A multiplicative hash for u64 keys: the default SipHash dominates the search time.
#[derive(Default)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ v >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A hash map keyed by position codes.
pub type CodeMap<V> = HashMap<u64, V, BuildHasherDefault<CodeHasher>>;

/// A set of nonzero codes, sized once for at most `n` of them: open addressing over a power of
/// two slots, 0 marking an empty one. The live search's beam uses it to keep the first child of
/// each orbit; in the game's wasm it stands in for a hash map of its own type (one instance of
/// hashbrown's tables, growth and iteration fewer: 0.9 KB of the gzipped download).
pub struct CodeSet {
    slots: Vec<u64>,
    shift: u32,
}

impl CodeSet {
    /// An empty set with room for `n` codes (at most half its slots used).
    pub fn with_room(n: usize) -> CodeSet {
        let bits = (2 * n.max(8)).next_power_of_two().trailing_zeros();
        CodeSet {
            slots: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    /// Adds `code` (nonzero); false when it was there already.
    pub fn insert(&mut self, code: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = (code.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = code;
                    return true;
                }
                c if c == code => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn code_set_keeps_each_code_once() {
        let mut set = CodeSet::with_room(1000);
        let mut seen = std::collections::HashSet::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let code = (x % 700) + 1; // repeats
            assert_eq!(set.insert(code), seen.insert(code), "{code}");
        }
        let mut tiny = CodeSet::with_room(0);
        assert!((1..=16).all(|c| tiny.insert(c)));
        assert!(!tiny.insert(16));
    }

    proptest! {
        #[test]
        fn apply_then_undo_is_identity(code in 0u64..(1u64 << 33)) {
            let b = Board::by_name("english").unwrap();
            for j in legal_jumps(&b, code) {
                let next = after(code, j);
                prop_assert_eq!(pegs(next) + 1, pegs(code));
                prop_assert!(can_unjump(next, j));
                prop_assert_eq!(after(next, j), code);
            }
        }
    }
}
