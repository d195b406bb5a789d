//! Symmetries at work: applying them to positions, the subgroups that fix a set of holes, and
//! fast canonical forms. The group itself comes from the board's geometry (`board::group`).
//!
//! A symmetry is stored as a permutation of hole indices. The canonical code of a position is
//! the smallest code over a group of symmetries.

use crate::board::{bit, Board};

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

/// Canonical forms under a group of symmetries, with per-byte lookup tables.
///
/// The table row of a code byte holds its images under every symmetry side by side, so one
/// row load per byte gives a piece of all the images at once, and the canonical code is the
/// minimum of a few ORed rows.
#[derive(Debug, Clone)]
pub struct Canon {
    perms: Vec<Vec<u8>>,
    /// The group order rounded up to 1, 2, 4, 8 or 12; the extra slots repeat the identity,
    /// which leaves every minimum alone.
    width: usize,
    chunks: usize,
    /// `rows[(j * 256 + b) * width + s]`: the image under symmetry s of code byte j = b.
    rows: Vec<u64>,
}

impl Canon {
    /// Builds the tables for a group (its first element must be the identity).
    pub fn new(holes: usize, perms: Vec<Vec<u8>>) -> Canon {
        let chunks = holes.div_ceil(8).max(1);
        let order = perms.len().max(1);
        let width = [1, 2, 4, 8, 12]
            .into_iter()
            .find(|&w| w >= order)
            .unwrap_or(order);
        let mut rows = Vec::with_capacity(chunks * 256 * width);
        for j in 0..chunks {
            for b in 0..256u64 {
                let code = b << (8 * j);
                let code = if holes < 64 {
                    code & ((1u64 << holes) - 1)
                } else {
                    code
                };
                rows.extend((0..width).map(|s| perms.get(s).map_or(code, |p| apply(p, code))));
            }
        }
        Canon {
            perms,
            width,
            chunks,
            rows,
        }
    }

    /// The canonicaliser for the whole symmetry group of a board.
    pub fn full(board: &Board) -> Canon {
        Canon::new(board.len(), board.symmetries().to_vec())
    }

    /// The group's permutations.
    pub fn perms(&self) -> &[Vec<u8>] {
        &self.perms
    }

    /// The group order rounded up as the table rows are (1, 2, 4, 8 or 12 on lattices).
    #[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// The image of `code` under symmetry number `s`.
    #[inline]
    pub fn transform(&self, s: usize, code: u64) -> u64 {
        let mut out = 0;
        for j in 0..self.chunks {
            out |= self.rows[((j << 8) + (code >> (8 * j) & 0xff) as usize) * self.width + s];
        }
        out
    }

    /// The images of `code` under every symmetry, padded to `G` = [`Canon::width`] slots.
    #[inline(always)]
    pub(crate) fn images<const G: usize>(&self, code: u64) -> [u64; G] {
        if G != self.width {
            // not the table's layout (no lattice group has more than 12 elements)
            return std::array::from_fn(|s| {
                if s < self.perms.len() {
                    self.transform(s, code)
                } else {
                    code
                }
            });
        }
        let mut im = [0; G];
        for (j, rows) in self.rows.chunks_exact(256 * G).enumerate() {
            let b = (code >> (8 * j) & 0xff) as usize;
            for (a, r) in im.iter_mut().zip(&rows[b * G..b * G + G]) {
                *a |= r;
            }
        }
        im
    }

    /// The symmetries that fix `code`, as a bit set (bit s for symmetry s; bit 0, the
    /// identity, always set).
    #[inline]
    pub fn fixers(&self, code: u64) -> u32 {
        fn of<const G: usize>(c: &Canon, code: u64) -> u32 {
            let im = c.images::<G>(code);
            (0..c.perms.len()).fold(0, |m, s| m | u32::from(im[s] == code) << s)
        }
        match self.width {
            1 => 1,
            2 => of::<2>(self, code),
            4 => of::<4>(self, code),
            8 => of::<8>(self, code),
            12 => of::<12>(self, code),
            _ => (0..self.perms.len()).fold(0, |m, s| {
                m | u32::from(self.transform(s, code) == code) << s
            }),
        }
    }

    /// The smallest code over the group.
    #[inline]
    pub fn canonical(&self, code: u64) -> u64 {
        match self.width {
            1 => code,
            2 => min_of(self.images::<2>(code)),
            4 => min_of(self.images::<4>(code)),
            8 => min_of(self.images::<8>(code)),
            12 => min_of(self.images::<12>(code)),
            _ => (0..self.perms.len())
                .map(|s| self.transform(s, code))
                .min()
                .unwrap_or(code),
        }
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

/// The smallest element, by a tree of minimums (a few steps deep, not a chain).
#[inline]
pub(crate) fn min_of<const G: usize>(mut v: [u64; G]) -> u64 {
    let mut len = G;
    while len > 1 {
        let half = len / 2;
        for s in 0..half {
            v[s] = v[s].min(v[len - 1 - s]);
        }
        len -= half;
    }
    v[0]
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
        (0..2000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & board.full()
            })
            .collect()
    }

    #[test]
    fn canonical_is_the_smallest_image() {
        let boards = [
            "english",
            "triangle5",
            "hexagon37",
            "square6",
            "row:64",
            "trunc18",
        ];
        for name in boards {
            let b = Board::by_name(name).unwrap();
            let mut groups = vec![b.symmetries().to_vec(), vec![b.symmetries()[0].clone()]];
            groups.extend((0..b.len() as u8).map(|h| stabiliser(&b, &[bit(h)])));
            for perms in groups {
                let c = Canon::new(b.len(), perms.clone());
                for x in sample(&b) {
                    let images: Vec<u64> = perms.iter().map(|p| apply(p, x)).collect();
                    let least = images.iter().copied().min().unwrap();
                    assert_eq!(c.canonical(x), least, "{name}: canonical of {x}");
                    let (code, s) = c.canonical_with(x);
                    assert_eq!((code, images[s]), (least, least), "{name}: canonical_with");
                    for (s, &image) in images.iter().enumerate() {
                        assert_eq!(c.transform(s, x), image, "{name}: transform {s}");
                    }
                    // the symmetries fixing x, and those fixing a code made symmetric
                    for y in [x, x | images.iter().fold(0, |m, &i| m | i), b.full(), 0] {
                        let fixing = perms
                            .iter()
                            .enumerate()
                            .fold(0, |m, (s, p)| m | u32::from(apply(p, y) == y) << s);
                        assert_eq!(c.fixers(y), fixing, "{name}: fixers of {y}");
                    }
                }
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
