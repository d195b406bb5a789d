//! A board's holes laid out row by row on a 64-bit board, for move generation by shifts.

use crate::board::Board;

/// The holes laid out row by row with a fixed stride, so that the legal jumps of one direction
/// are found all at once with shifts (as chess programs do) instead of testing every line.
#[derive(Debug, Clone)]
pub(crate) struct Bitboard {
    /// `spread[j * 256 + b]`: layout bits of code byte j = b.
    spread: Vec<u64>,
    /// Per direction: the step d between neighbours, the `from` squares of the lines going
    /// +d and of those going −d.
    dirs: Vec<(u32, u64, u64)>,
    /// `line[(2 * dir + back) * 64 + p]`: the jump line leaving square p.
    pub(crate) line: Vec<u16>,
    /// Every hole.
    pub(crate) all: u64,
}

impl Bitboard {
    /// The layout of a board, or None when it needs more than 64 squares.
    pub(crate) fn new(board: &Board) -> Option<Bitboard> {
        let holes = board.holes();
        let stride = holes.iter().map(|h| h.x).max()? + 1;
        let pos: Vec<i32> = holes.iter().map(|h| h.y * stride + h.x).collect();
        if pos.iter().any(|&p| !(0..64).contains(&p)) {
            return None;
        }
        let mut dirs: Vec<(u32, u64, u64)> = Vec::new();
        let mut line = Vec::new();
        for (i, j) in board.jumps().iter().enumerate() {
            let (f, o, t) = (
                pos[j.from as usize],
                pos[j.over as usize],
                pos[j.to as usize],
            );
            let d = o - f;
            if t - o != d || d == 0 {
                return None;
            }
            let k = match dirs.iter().position(|e| e.0 == d.unsigned_abs()) {
                Some(k) => k,
                None => {
                    dirs.push((d.unsigned_abs(), 0, 0));
                    line.resize(line.len() + 128, 0u16);
                    dirs.len() - 1
                }
            };
            let back = usize::from(d < 0);
            if back == 0 {
                dirs[k].1 |= 1 << f;
            } else {
                dirs[k].2 |= 1 << f;
            }
            line[(2 * k + back) * 64 + f as usize] = i as u16;
        }
        let spread = crate::position::byte_sums(pos.len(), |k| 1u64 << pos[k]);
        let all = pos.iter().map(|&p| 1u64 << p).sum();
        Some(Bitboard {
            spread,
            dirs,
            line,
            all,
        })
    }

    /// The layout bits of a code.
    #[inline]
    pub(crate) fn layout(&self, code: u64) -> u64 {
        let mut out = 0;
        for (j, t) in self.spread.chunks_exact(256).enumerate() {
            out |= t[(code >> (8 * j) & 0xff) as usize];
        }
        out
    }

    /// Calls `f` with the slot, (2 × direction + back) × 64 + `from` square, of every line
    /// whose `from` and `over` squares are in `a` and whose `to` square is in `b`.
    #[inline]
    pub(crate) fn lines(&self, a: u64, b: u64, mut f: impl FnMut(usize)) {
        for (k, &(d, fwd, back)) in self.dirs.iter().enumerate() {
            let mut m = a & (a >> d) & (b >> (2 * d)) & fwd;
            while m != 0 {
                f(2 * k * 64 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
            let mut m = a & (a << d) & (b << (2 * d)) & back;
            while m != 0 {
                f((2 * k + 1) * 64 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
    }
}

impl Bitboard {
    /// Calls `f` with the index (in `board.jumps()`) of every legal jump of `code`.
    #[inline]
    pub(crate) fn jumps(&self, code: u64, mut f: impl FnMut(usize)) {
        let pegs = self.layout(code);
        self.lines(pegs, self.all ^ pegs, |slot| {
            f(usize::from(self.line[slot]))
        });
    }

    /// The pegs of `code` with no peg next to them along a line they could jump on.
    #[inline]
    pub(crate) fn lone(&self, code: u64) -> u32 {
        let pegs = self.layout(code);
        let mut near = 0;
        for &(d, fwd, back) in &self.dirs {
            near |= (pegs >> d) & fwd | (pegs << d) & back;
        }
        (pegs & !near).count_ones()
    }
}
