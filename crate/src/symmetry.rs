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
        let image: Vec<(i32, i32)> = coords
            .iter()
            .map(|&(x, y)| (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y))
            .collect();
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
    (
        pts.iter().map(|p| p.0).min().unwrap_or(0),
        pts.iter().map(|p| p.1).min().unwrap_or(0),
    )
}

/// Applies a permutation to a code, bit by bit (slow and obviously right).
pub fn apply(perm: &[u8], code: u64) -> u64 {
    perm.iter()
        .enumerate()
        .filter(|(k, _)| code >> k & 1 == 1)
        .fold(0, |acc, (_, &p)| acc | bit(p))
}

/// The symmetries of `board` that map each of the given sets of holes onto itself.
pub fn stabiliser(board: &Board, sets: &[u64]) -> Vec<Vec<u8>> {
    board
        .symmetries()
        .iter()
        .filter(|p| sets.iter().all(|&s| apply(p, s) == s))
        .cloned()
        .collect()
}

/// The linear parts of the square's 8 symmetries acting on 8×8 grid coordinates, in the
/// order of [`Grid::images`].
fn grid_linear(k: usize, x: i32, y: i32) -> (i32, i32) {
    let (x, y) = if k >= 4 { (y, x) } else { (x, y) };
    let x = if k & 2 != 0 { 7 - x } else { x };
    let y = if k & 1 != 0 { 7 - y } else { y };
    (x, y)
}

/// Mirrors each byte (x → 7 − x on the grid).
#[inline]
fn flip_x(v: u64) -> u64 {
    let v = (v >> 1) & 0x5555_5555_5555_5555 | (v & 0x5555_5555_5555_5555) << 1;
    let v = (v >> 2) & 0x3333_3333_3333_3333 | (v & 0x3333_3333_3333_3333) << 2;
    (v >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (v & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Transposes the grid ((x, y) → (y, x)) with three delta swaps.
#[inline]
fn transpose(mut v: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (v ^ (v << 28));
    v ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (v ^ (v << 14));
    v ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (v ^ (v << 7));
    v ^ t ^ (t >> 7)
}

/// A square-lattice board laid out on an 8×8 bitboard, hole (x, y) at bit 8y + x.
///
/// Holes are numbered in reading order, so the layout keeps the order of codes: the smallest
/// grid image is the image of the smallest code. Symmetries are then byte swaps, delta swaps
/// and shifts instead of table lookups.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Grid bits of every hole.
    mask: u64,
    /// `spread[j * 256 + b]`: grid bits of code byte j = b.
    spread: Vec<u64>,
    /// `gather[r * 256 + b]`: code bits of grid row r = b.
    gather: Vec<u64>,
    rows: usize,
    /// Per linear map: all ones when the group lacks it, so it never wins the minimum.
    kill: [u64; 8],
    right: [u32; 8],
    left: [u32; 8],
}

impl Grid {
    /// The layout of `board` with the group `perms`, or None when the board is not on the
    /// square lattice, does not fit 8×8, or a permutation is no grid symmetry.
    pub fn new(board: &Board, perms: &[Vec<u8>]) -> Option<Grid> {
        let holes = board.holes();
        if board.lattice() != Lattice::Square
            || holes
                .iter()
                .any(|h| !(0..8).contains(&h.x) || !(0..8).contains(&h.y))
        {
            return None;
        }
        let pos: Vec<i32> = holes.iter().map(|h| 8 * h.y + h.x).collect();
        if pos.windows(2).any(|w| w[0] >= w[1]) {
            return None;
        }
        let mut kill = [u64::MAX; 8];
        let (mut right, mut left) = ([0u32; 8], [0u32; 8]);
        for p in perms {
            let found = (0..8).find_map(|k| {
                let (lx, ly) = grid_linear(k, holes[0].x, holes[0].y);
                let to = &holes[p[0] as usize];
                let (dx, dy) = (to.x - lx, to.y - ly);
                let fits = holes.iter().enumerate().all(|(i, h)| {
                    let (lx, ly) = grid_linear(k, h.x, h.y);
                    let to = &holes[p[i] as usize];
                    (lx + dx, ly + dy) == (to.x, to.y)
                });
                fits.then_some((k, dx + 8 * dy))
            });
            let (k, shift) = found?;
            kill[k] = 0;
            right[k] = (-shift).max(0) as u32;
            left[k] = shift.max(0) as u32;
        }
        let chunks = holes.len().div_ceil(8);
        let mut spread = vec![0u64; chunks * 256];
        for (j, row) in spread.chunks_mut(256).enumerate() {
            for (b, cell) in row.iter_mut().enumerate() {
                *cell = (0..8)
                    .filter(|&i| b >> i & 1 == 1 && 8 * j + i < pos.len())
                    .map(|i| 1u64 << pos[8 * j + i])
                    .sum();
            }
        }
        let rows = holes.iter().map(|h| h.y as usize).max().unwrap_or(0) + 1;
        let mut gather = vec![0u64; rows * 256];
        for (k, &p) in pos.iter().enumerate() {
            let (r, x) = (p as usize / 8, p as usize % 8);
            for b in (0..256).filter(|b| b >> x & 1 == 1) {
                gather[r * 256 + b] |= 1u64 << k;
            }
        }
        let mask = pos.iter().map(|&p| 1u64 << p).sum();
        Some(Grid {
            mask,
            spread,
            gather,
            rows,
            kill,
            right,
            left,
        })
    }

    /// Grid bits of every hole.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The grid bitboard of a code.
    #[inline]
    pub fn to_grid(&self, code: u64) -> u64 {
        let mut out = 0;
        for (j, t) in self.spread.chunks_exact(256).enumerate() {
            out |= t[(code >> (8 * j) & 0xff) as usize];
        }
        out
    }

    /// The code of a grid bitboard.
    #[inline]
    pub fn to_code(&self, grid: u64) -> u64 {
        let mut out = 0;
        for (r, t) in self.gather.chunks_exact(256).take(self.rows).enumerate() {
            out |= t[(grid >> (8 * r) & 0xff) as usize];
        }
        out
    }

    /// The 8 images of a grid bitboard under the square's symmetries (before the shifts).
    #[inline]
    fn images(g: u64) -> [u64; 8] {
        let fx = flip_x(g);
        let t = transpose(g);
        let tfx = flip_x(t);
        [
            g,
            g.swap_bytes(),
            fx,
            fx.swap_bytes(),
            t,
            t.swap_bytes(),
            tfx,
            tfx.swap_bytes(),
        ]
    }

    /// The smallest grid image over the group (the grid form of the canonical code).
    #[inline]
    pub fn canonical(&self, g: u64) -> u64 {
        let shifts = self.right.iter().zip(&self.left).zip(&self.kill);
        let images = Grid::images(g).into_iter().zip(shifts).skip(1);
        images.fold(g, |best, (image, ((&r, &l), &kill))| {
            best.min((image >> r << l) | kill)
        })
    }
}

/// Canonical forms under a group of symmetries, with per-byte lookup tables, and a faster
/// bit-twiddling path for square-lattice boards that fit an 8×8 grid.
#[derive(Debug, Clone)]
pub struct Canon {
    perms: Vec<Vec<u8>>,
    chunks: usize,
    /// `tables[(s * chunks + j) * 256 + b]` is the image under symmetry s of byte j = b.
    tables: Vec<u64>,
    grid: Option<Grid>,
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
                    let code = if holes < 64 {
                        code & ((1u64 << holes) - 1)
                    } else {
                        code
                    };
                    tables[(s * chunks + j) * 256 + b] = apply(p, code);
                }
            }
        }
        Canon {
            perms,
            chunks,
            tables,
            grid: None,
        }
    }

    /// Like [`Canon::new`], and with the board's geometry: on boards that fit an 8×8 grid of
    /// the square lattice, `canonical` then runs on a grid bitboard (same results, faster).
    pub fn on_board(board: &Board, perms: Vec<Vec<u8>>) -> Canon {
        let grid = Grid::new(board, &perms);
        Canon {
            grid,
            ..Canon::new(board.len(), perms)
        }
    }

    /// The canonicaliser for the whole symmetry group of a board.
    pub fn full(board: &Board) -> Canon {
        Canon::on_board(board, board.symmetries().to_vec())
    }

    /// The grid layout, when the board fits one.
    pub fn grid(&self) -> Option<&Grid> {
        self.grid.as_ref()
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
        if let Some(g) = &self.grid {
            return g.to_code(g.canonical(g.to_grid(code)));
        }
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
        for name in [
            "triangle5",
            "english",
            "hexagon37",
            "trunc18",
            "row:7",
            "diamond41",
        ] {
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
                    assert!(
                        b.jumps()
                            .iter()
                            .any(|k| (k.from, k.over, k.to) == (f, o, t)),
                        "{name}: jumps"
                    );
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

    /// A few thousand pseudo-random codes of a board.
    fn sample(board: &Board) -> Vec<u64> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        (0..4000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & board.full()
            })
            .collect()
    }

    #[test]
    fn grid_canonical_matches_the_tables() {
        let boards = [
            "english",
            "french",
            "square6",
            "row:8",
            "ascii:ooo/ooo/oo-",
            "ascii:-o-/ooo/-o-",
            "ascii:oooo/oooo",
        ];
        for name in boards {
            let b = Board::by_name(name).unwrap();
            let mut groups = vec![b.symmetries().to_vec(), vec![b.symmetries()[0].clone()]];
            groups.extend((0..b.len() as u8).map(|h| stabiliser(&b, &[bit(h)])));
            for perms in groups {
                let fast = Canon::on_board(&b, perms.clone());
                let grid = fast
                    .grid()
                    .unwrap_or_else(|| panic!("{name} fits the grid"));
                let slow = Canon::new(b.len(), perms);
                for x in sample(&b) {
                    assert_eq!(grid.to_code(grid.to_grid(x)), x, "{name}: layout");
                    assert_eq!(
                        fast.canonical(x),
                        slow.canonical(x),
                        "{name}: canonical of {x}"
                    );
                }
            }
        }
        for name in ["triangle5", "hexagon37", "diamond41", "wiegleb", "row:12"] {
            let b = Board::by_name(name).unwrap();
            assert!(
                Canon::full(&b).grid().is_none(),
                "{name} has no grid layout"
            );
        }
    }

    #[test]
    fn grid_symmetries_are_the_squares() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let im = Grid::images(x);
            for (k, &image) in im.iter().enumerate() {
                let naive = (0..64).filter(|p| x >> p & 1 == 1).fold(0u64, |acc, p| {
                    let (gx, gy) = grid_linear(k, p % 8, p / 8);
                    acc | 1 << (8 * gy + gx)
                });
                assert_eq!(image, naive, "symmetry {k} of {x:#x}");
            }
        }
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
