//! A board's holes laid out on a 64-bit board, for move generation by shifts.

use crate::board::{Board, Hole};

/// The holes laid out on the 64 squares by a linear map of their lattice coordinates, so that
/// every line of one direction is one fixed step and the legal jumps of a direction are found
/// all at once with shifts (as chess programs do) instead of testing every line.
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
    /// The layout of a board, or None when no layout fits it in 64 squares.
    pub(crate) fn new(board: &Board) -> Option<Bitboard> {
        let pos = layout(board.holes())?;
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

/// Each hole's square: row by row (`y × stride + x`) where that fits in 64 squares, else the
/// linear map `a·x + b·y` (shifted to start at 0) with the fewest squares that keeps the holes
/// apart and fits. A linear map keeps every line a fixed step. Rows of 9 don't fit row by row
/// (Wiegleb's cross, the 41-hole diamond), but a slanted map fits them: 4x − 5y packs the
/// diamond into 41 squares, 5x − 6y Wiegleb into 59 (the first of the fewest found).
fn layout(holes: &[Hole]) -> Option<Vec<i32>> {
    // the squares of a·x + b·y, shifted to start at 0, if they are apart and below 64
    let fits = |a: i32, b: i32| -> Option<Vec<i32>> {
        let low = holes.iter().map(|h| a * h.x + b * h.y).min()?;
        let mut seen = 0u64;
        let mut pos = Vec::with_capacity(holes.len());
        for h in holes {
            let p = a * h.x + b * h.y - low;
            if p >= 64 || seen >> p & 1 == 1 {
                return None;
            }
            seen |= 1 << p;
            pos.push(p);
        }
        Some(pos)
    };
    let stride = holes.iter().map(|h| h.x).max()? + 1;
    if let Some(pos) = fits(1, stride) {
        return Some(pos);
    }
    // else the fewest squares: the least highest square (the first found of the least)
    let span = |p: &[i32]| p.iter().max().copied();
    let mut best: Option<Vec<i32>> = None;
    for a in 1..=16 {
        for b in -16..=16 {
            if let Some(pos) = fits(a, b) {
                if best.as_deref().is_none_or(|q| span(&pos) < span(q)) {
                    best = Some(pos);
                }
            }
        }
    }
    best
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
