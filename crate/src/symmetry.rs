//! The symmetry group of a board, found from its geometry, and fast canonical forms.
//!
//! A symmetry is a lattice automorphism (rotation or reflection, then a translation) that
//! maps the set of holes onto itself. It is stored as a permutation of hole indices.
//! The canonical code of a position is the smallest code over a group of symmetries.

use crate::board::{bit, Board, Lattice};

type Matrix = [[i32; 2]; 2];

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0; 2]; 2];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    m
}

/// The linear part of every lattice symmetry (8 on the square lattice, 12 on the triangular).
fn point_group(lattice: Lattice) -> Vec<Matrix> {
    let generators: [Matrix; 2] = match lattice {
        // quarter turn, mirror
        Lattice::Square => [[[0, -1], [1, 0]], [[-1, 0], [0, 1]]],
        // sixth turn in skew coordinates (x, y) -> (x - y, x), and the mirror swapping x and y
        Lattice::Triangular => [[[1, -1], [1, 0]], [[0, 1], [1, 0]]],
    };
    let mut group = vec![[[1, 0], [0, 1]]];
    let mut i = 0;
    while i < group.len() {
        for g in &generators {
            let m = mul(g, &group[i]);
            if !group.contains(&m) {
                group.push(m);
            }
        }
        i += 1;
    }
    group
}

/// Every symmetry of the hole set, as permutations of hole indices; the identity comes first.
pub fn group_of(lattice: Lattice, coords: &[(i32, i32)]) -> Vec<Vec<u8>> {
    let mut perms: Vec<Vec<u8>> = Vec::new();
    for m in point_group(lattice) {
        let image: Vec<(i32, i32)> =
            coords.iter().map(|&(x, y)| (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y)).collect();
        let (minx, miny) = min_xy(&image);
        let (ox, oy) = min_xy(coords);
        let perm: Option<Vec<u8>> = image
            .iter()
            .map(|&(x, y)| {
                let p = (x - minx + ox, y - miny + oy);
                coords.iter().position(|&c| c == p).map(|k| k as u8)
            })
            .collect();
        if let Some(p) = perm {
            if !perms.contains(&p) {
                perms.push(p);
            }
        }
    }
    perms.sort();
    perms
}

fn min_xy(pts: &[(i32, i32)]) -> (i32, i32) {
    (pts.iter().map(|p| p.0).min().unwrap_or(0), pts.iter().map(|p| p.1).min().unwrap_or(0))
}

/// Applies a permutation to a code, bit by bit (slow and obviously right).
pub fn apply(perm: &[u8], code: u64) -> u64 {
    perm.iter().enumerate().filter(|(k, _)| code >> k & 1 == 1).fold(0, |acc, (_, &p)| acc | bit(p))
}

/// The symmetries of `board` that map each of the given sets of holes onto itself.
pub fn stabiliser(board: &Board, sets: &[u64]) -> Vec<Vec<u8>> {
    board.symmetries().iter().filter(|p| sets.iter().all(|&s| apply(p, s) == s)).cloned().collect()
}

/// Canonical forms under a group of symmetries, with per-byte lookup tables.
#[derive(Debug, Clone)]
pub struct Canon {
    perms: Vec<Vec<u8>>,
    chunks: usize,
    /// `tables[(s * chunks + j) * 256 + b]` is the image under symmetry s of byte j = b.
    tables: Vec<u64>,
}

impl Canon {
    /// Builds the tables for a group (its first element must be the identity).
    pub fn new(holes: usize, perms: Vec<Vec<u8>>) -> Canon {
        let chunks = holes.div_ceil(8).max(1);
        let mut tables = vec![0u64; perms.len() * chunks * 256];
        for (s, p) in perms.iter().enumerate() {
            for j in 0..chunks {
                for b in 0..256usize {
                    let code = (b as u64) << (8 * j);
                    let code = if holes < 64 { code & ((1u64 << holes) - 1) } else { code };
                    tables[(s * chunks + j) * 256 + b] = apply(p, code);
                }
            }
        }
        Canon { perms, chunks, tables }
    }

    /// The canonicaliser for the whole symmetry group of a board.
    pub fn full(board: &Board) -> Canon {
        Canon::new(board.len(), board.symmetries().to_vec())
    }

    /// The group's permutations.
    pub fn perms(&self) -> &[Vec<u8>] {
        &self.perms
    }

    /// The image of `code` under symmetry number `s`.
    #[inline]
    pub fn transform(&self, s: usize, code: u64) -> u64 {
        let base = &self.tables[s * self.chunks * 256..(s + 1) * self.chunks * 256];
        let mut out = 0;
        for j in 0..self.chunks {
            out |= base[j * 256 + ((code >> (8 * j)) & 0xff) as usize];
        }
        out
    }

    /// The smallest code over the group.
    #[inline]
    pub fn canonical(&self, code: u64) -> u64 {
        let mut best = code;
        for s in 1..self.perms.len() {
            best = best.min(self.transform(s, code));
        }
        best
    }

    /// The canonical code and the number of a symmetry that produces it.
    pub fn canonical_with(&self, code: u64) -> (u64, usize) {
        let mut best = (code, 0);
        for s in 1..self.perms.len() {
            let t = self.transform(s, code);
            if t < best.0 {
                best = (t, s);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn compose(a: &[u8], b: &[u8]) -> Vec<u8> {
        b.iter().map(|&k| a[k as usize]).collect()
    }

    #[test]
    fn groups_are_groups() {
        for name in ["triangle5", "english", "hexagon37", "trunc18", "row:7", "diamond41"] {
            let b = Board::by_name(name).unwrap();
            let g = b.symmetries();
            let id: Vec<u8> = (0..b.len() as u8).collect();
            assert_eq!(g[0], id, "{name}: identity first");
            for p in g {
                for q in g {
                    assert!(g.contains(&compose(p, q)), "{name}: closed");
                }
                assert!(g.iter().any(|q| compose(p, q) == id), "{name}: inverses");
                // symmetries map jump lines to jump lines
                for j in b.jumps() {
                    let (f, o, t) = (p[j.from as usize], p[j.over as usize], p[j.to as usize]);
                    assert!(b.jumps().iter().any(|k| (k.from, k.over, k.to) == (f, o, t)), "{name}: jumps");
                }
            }
        }
    }

    #[test]
    fn bells_code_example() {
        let b = Board::by_name("triangle5").unwrap();
        let c = Canon::full(&b);
        assert_eq!(c.canonical(8455), 2183);
        assert_eq!(c.canonical(b.full() ^ 8455), 7487);
    }

    proptest! {
        #[test]
        fn canonical_is_invariant(code in 0u64..(1u64 << 33), s in 0usize..8) {
            let b = Board::by_name("english").unwrap();
            let c = Canon::full(&b);
            let image = c.transform(s, code);
            prop_assert_eq!(image, apply(&b.symmetries()[s], code));
            prop_assert_eq!(c.canonical(image), c.canonical(code));
            prop_assert!(c.canonical(code) <= code);
        }

        #[test]
        fn canonical_is_invariant_on_hexagon(code in 0u64..(1u64 << 37), s in 0usize..12) {
            let b = Board::by_name("hexagon37").unwrap();
            let c = Canon::full(&b);
            prop_assert_eq!(c.canonical(c.transform(s, code)), c.canonical(code));
        }
    }
}
