//! Position classes (Beasley ch. 4), found from the geometry: a vector v of holes is an
//! invariant when every jump line meets it in an even number of holes, because a jump flips
//! all three holes of its line, so the parity of |position ∩ v| never changes. The invariants
//! form the null space, over GF(2), of the jump-line incidence matrix. Two positions in
//! different classes can never reach one another.

use crate::board::{bit, Board};

/// A basis of the board's class invariants.
#[derive(Debug, Clone)]
pub struct Classes {
    basis: Vec<u64>,
}

impl Classes {
    /// Computes the invariants of a board by Gaussian elimination over GF(2).
    pub fn of(board: &Board) -> Classes {
        let n = board.len();
        // Reduced row echelon form of the jump-line rows.
        let mut rows: Vec<u64> = board.jumps().iter().map(|j| j.mask()).collect();
        let mut pivots: Vec<(usize, u64)> = Vec::new(); // (column, row)
        for col in 0..n {
            let Some(i) = rows.iter().position(|r| r >> col & 1 == 1) else {
                continue;
            };
            let row = rows.swap_remove(i);
            for r in rows.iter_mut().chain(pivots.iter_mut().map(|p| &mut p.1)) {
                if *r >> col & 1 == 1 {
                    *r ^= row;
                }
            }
            pivots.push((col, row));
        }
        // One null-space vector per free column.
        let basis = (0..n)
            .filter(|c| pivots.iter().all(|p| p.0 != *c))
            .map(|free| {
                let mut v = bit(free as u8);
                for &(col, row) in &pivots {
                    if row >> free & 1 == 1 {
                        v |= bit(col as u8);
                    }
                }
                v
            })
            .collect();
        Classes { basis }
    }

    /// The invariants: bit i of a class is the parity of a position's pegs on `basis()[i]`.
    pub fn basis(&self) -> &[u64] {
        &self.basis
    }

    /// Number of independent invariants (the classes number 2^this).
    pub fn dimension(&self) -> usize {
        self.basis.len()
    }

    /// The class of a position: bit i is the parity of its pegs on invariant i.
    pub fn class(&self, code: u64) -> u64 {
        self.basis.iter().enumerate().fold(0, |acc, (i, v)| {
            acc | (u64::from((code & v).count_ones() & 1) << i)
        })
    }

    /// The classes as a table of code bytes, for callers that ask the class of every position
    /// they make.
    pub fn table(&self, board: &Board) -> ClassTable {
        let bytes = (0..board.len().div_ceil(8))
            .map(|j| {
                let mut row = [0u64; 256];
                for (b, class) in row.iter_mut().enumerate() {
                    *class = self.class((b as u64) << (8 * j));
                }
                row
            })
            .collect();
        ClassTable { bytes }
    }

    /// False when no one-peg finish in `goal_set` is in the class of `code`: then the goal is
    /// unreachable from it, whatever is played. (True does not promise a solution.)
    pub fn may_reach(&self, code: u64, goal_set: u64) -> bool {
        let c = self.class(code);
        (0..64u8)
            .filter(|&h| goal_set >> h & 1 == 1)
            .any(|h| self.class(bit(h)) == c)
    }
}

/// [`Classes::class`] by a table: a code's class is the XOR of its bytes' classes.
#[derive(Debug, Clone)]
pub struct ClassTable {
    /// `bytes[j][b]`: the class of the pegs of code byte j = b.
    bytes: Vec<[u64; 256]>,
}

impl ClassTable {
    /// The class of a position on the board (pegs off it count for nothing): the XOR of its
    /// bytes' classes.
    #[inline]
    pub fn class(&self, code: u64) -> u64 {
        self.bytes.iter().enumerate().fold(0, |acc, (j, row)| {
            acc ^ row[(code >> (8 * j) & 0xff) as usize]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    #[test]
    fn jumps_keep_the_class() {
        for name in [
            "english",
            "french",
            "triangle5",
            "hexagon37",
            "wiegleb",
            "row:9",
        ] {
            let b = Board::by_name(name).unwrap();
            let c = Classes::of(&b);
            assert!(c.dimension() > 0, "{name}");
            for j in b.jumps() {
                for &v in &c.basis {
                    assert_eq!((j.mask() & v).count_ones() % 2, 0, "{name}");
                }
            }
            let start = position::single_vacancy(&b, 0);
            for k in position::children(&b, start) {
                assert_eq!(c.class(k), c.class(start));
            }
            // the table's class is the parities on the basis
            let table = c.table(&b);
            let mut x = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..1000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let code = x & b.full();
                assert_eq!(table.class(code), c.class(code), "{name}");
            }
        }
    }

    #[test]
    fn the_french_central_game_is_impossible_and_the_english_one_is_not() {
        let f = Board::by_name("french").unwrap();
        let d4 = f.hole("d4").unwrap();
        assert!(!Classes::of(&f).may_reach(position::single_vacancy(&f, d4), bit(d4)));
        let e = Board::by_name("english").unwrap();
        let d4 = e.hole("d4").unwrap();
        assert!(Classes::of(&e).may_reach(position::single_vacancy(&e, d4), bit(d4)));
    }

    #[test]
    fn class_verdicts_agree_with_brute_force() {
        for name in ["triangle4", "trunc12", "triangle5"] {
            let b = Board::by_name(name).unwrap();
            let c = Classes::of(&b);
            for s in 0..b.len() as u8 {
                for f in 0..b.len() as u8 {
                    let p =
                        crate::Problem::new(b.clone(), crate::Start::Hole(s), crate::Goal::Hole(f))
                            .unwrap();
                    let start = p.start_positions()[0];
                    if !c.may_reach(start, bit(f)) {
                        assert!(
                            !crate::search::brute::Brute::new(&p).winning(start),
                            "{name} {s} -> {f}"
                        );
                    }
                }
            }
        }
    }
}
