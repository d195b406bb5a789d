//! Pagoda functions (Beasley ch. 4; Bell §2): integer weights on the holes such that
//! `p(from) + p(over) ≥ p(to)` for every jump. A jump changes a position's value (the sum of
//! the weights of its pegs) by `p(to) − p(from) − p(over) ≤ 0`, so the value never grows:
//! a position worth less than a one-peg finish at `h` can never finish at `h`.
//!
//! The pagodas come from the board itself, by linear programming over the jump inequalities
//! ([`lp`]): for a finish hole `h`, weights with `p(h) = 1` of least total cost, for a few
//! cost vectors (flat, cheap near `h`, cheap far from `h`), which gives the familiar sparse
//! pagodas of the literature on the standard boards and works on any drawn board. A pagoda
//! can also be learnt for one position ([`Pagodas::learn`]): the cheapest pagoda on its pegs
//! proves it can't finish at `h` whenever any pagoda can.
//!
//! Every pagoda is turned into integers and checked exactly against every jump before use
//! ([`Pagoda::new`]), so floating point in the simplex can lose a pagoda but never make an
//! unsound one.

mod lp;

use crate::board::{bit, Board, Lattice};

/// Integer weights on the holes that never increase along a jump.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pagoda {
    weights: Vec<i64>,
    /// Holes grouped by weight (non-zero weights only): value = Σ w · |code ∩ mask|.
    groups: Vec<(u64, i64)>,
}

impl Pagoda {
    /// A pagoda from per-hole weights (reading order); None unless every jump of the board
    /// satisfies `w(from) + w(over) ≥ w(to)` and there is one weight per hole.
    pub fn new(board: &Board, weights: Vec<i64>) -> Option<Pagoda> {
        if weights.len() != board.len() {
            return None;
        }
        let w = |k: u8| weights[k as usize];
        if board
            .jumps()
            .iter()
            .any(|j| w(j.from) + w(j.over) < w(j.to))
        {
            return None;
        }
        let mut groups: Vec<(u64, i64)> = Vec::new();
        for (k, &x) in weights.iter().enumerate() {
            if x == 0 {
                continue;
            }
            match groups.iter_mut().find(|g| g.1 == x) {
                Some(g) => g.0 |= bit(k as u8),
                None => groups.push((bit(k as u8), x)),
            }
        }
        Some(Pagoda { weights, groups })
    }

    /// The weight of one hole.
    pub fn weight(&self, hole: u8) -> i64 {
        self.weights.get(hole as usize).copied().unwrap_or(0)
    }

    /// The weights, one per hole in reading order.
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    /// The value of a position: the sum of the weights of its pegs.
    #[inline]
    pub fn value(&self, code: u64) -> i64 {
        self.groups
            .iter()
            .map(|&(mask, w)| w * i64::from((code & mask).count_ones()))
            .sum()
    }

    /// True when this pagoda proves that `code` can never end as one peg on `hole`.
    #[inline]
    pub fn excludes(&self, code: u64, hole: u8) -> bool {
        self.value(code) < self.weight(hole)
    }

    /// The pagoda moved by a board symmetry (`perm[k]` is the image of hole k).
    fn permuted(&self, board: &Board, perm: &[u8]) -> Option<Pagoda> {
        let mut w = vec![0; self.weights.len()];
        for (k, &x) in self.weights.iter().enumerate() {
            *w.get_mut(*perm.get(k)? as usize)? = x;
        }
        Pagoda::new(board, w)
    }
}

/// The pagodas of a board, per finish hole, computed on demand.
#[derive(Debug, Clone)]
pub struct Pagodas {
    board: Board,
    lines: Vec<(u8, u8, u8)>,
    /// `by_hole[h]`: pagodas with a positive weight on h (None: not computed yet).
    by_hole: Vec<Option<Vec<Pagoda>>>,
}

/// Largest denominator tried when turning LP weights into integers.
const MAX_DENOMINATOR: i64 = 720;

impl Pagodas {
    /// No pagodas yet; [`Pagodas::prepare`] computes them for the holes asked.
    pub fn new(board: &Board) -> Pagodas {
        Pagodas {
            board: board.clone(),
            lines: board
                .jumps()
                .iter()
                .map(|j| (j.from, j.over, j.to))
                .collect(),
            by_hole: vec![None; board.len()],
        }
    }

    /// The pagodas for every finish hole in `goal_set`.
    pub fn for_goal(board: &Board, goal_set: u64) -> Pagodas {
        let mut p = Pagodas::new(board);
        p.prepare(goal_set);
        p
    }

    /// Computes the pagodas of every hole in `goal_set` not done yet; a hole symmetric to one
    /// already done gets its pagodas by symmetry, without an LP.
    pub fn prepare(&mut self, goal_set: u64) {
        for h in 0..self.board.len() as u8 {
            if goal_set >> h & 1 == 0 || self.by_hole[h as usize].is_some() {
                continue;
            }
            let moved = self.board.symmetries().iter().find_map(|perm| {
                let r = perm.iter().position(|&img| img == h)?;
                let done = self.by_hole.get(r)?.as_ref()?;
                done.iter()
                    .map(|p| p.permuted(&self.board, perm))
                    .collect::<Option<Vec<_>>>()
            });
            let list = moved.unwrap_or_else(|| self.compute(h));
            self.by_hole[h as usize] = Some(list);
        }
    }

    /// The pagodas of one finish hole from the LP, for a few cost vectors.
    fn compute(&self, h: u8) -> Vec<Pagoda> {
        let n = self.board.len();
        let d: Vec<f64> = (0..n as u8).map(|k| self.distance(k, h)).collect();
        let far = d.iter().copied().fold(0.0, f64::max);
        let costs = [
            vec![1.0; n],
            d.iter().map(|x| 1.0 + x).collect::<Vec<_>>(),
            d.iter().map(|x| 1.0 + far - x).collect::<Vec<_>>(),
            d.iter().map(|x| 1.0 + x * x).collect::<Vec<_>>(),
        ];
        let mut out: Vec<Pagoda> = Vec::new();
        for cost in &costs {
            if let Some(p) = self.solve(h, cost) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// One LP: the cheapest pagoda with `p(h) = 1` under `cost`, in integers and checked.
    fn solve(&self, h: u8, cost: &[f64]) -> Option<Pagoda> {
        let p = lp::solve(self.board.len(), &self.lines, h, cost)?;
        let scale = *p.get(h as usize)?;
        if scale <= 1e-9 {
            return None;
        }
        let q: Vec<f64> = p.iter().map(|x| x / scale).collect();
        let weights = integer_weights(&q)?;
        Pagoda::new(&self.board, weights).filter(|p| p.weight(h) > 0)
    }

    /// A lattice distance between two holes (moves of a king on the lattice).
    fn distance(&self, a: u8, b: u8) -> f64 {
        let (ha, hb) = (
            &self.board.holes()[a as usize],
            &self.board.holes()[b as usize],
        );
        let (dx, dy) = (ha.x - hb.x, ha.y - hb.y);
        let d = match self.board.lattice() {
            Lattice::Square => dx.abs() + dy.abs(),
            Lattice::Triangular => dx.abs().max(dy.abs()).max((dx - dy).abs()),
        };
        f64::from(d)
    }

    /// The pagodas of `hole` (empty when not prepared).
    pub fn of_hole(&self, hole: u8) -> &[Pagoda] {
        self.by_hole
            .get(hole as usize)
            .and_then(|p| p.as_deref())
            .unwrap_or(&[])
    }

    /// Adds a pagoda to a hole's list (one found by [`Pagodas::learn`], say).
    pub fn add(&mut self, hole: u8, pagoda: Pagoda) {
        if let Some(slot) = self.by_hole.get_mut(hole as usize) {
            let list = slot.get_or_insert_with(Vec::new);
            if !list.contains(&pagoda) {
                list.push(pagoda);
            }
        }
    }

    /// True when some pagoda of `hole` proves that `code` can never end on it.
    #[inline]
    pub fn excludes(&self, code: u64, hole: u8) -> bool {
        self.of_hole(hole).iter().any(|p| p.excludes(code, hole))
    }

    /// False when the pagodas prove that `code` can't end as one peg on any hole of
    /// `goal_set` (true promises nothing). Holes not prepared are never excluded.
    pub fn may_reach(&self, code: u64, goal_set: u64) -> bool {
        let mut g = goal_set & self.board.full();
        while g != 0 {
            let h = g.trailing_zeros() as u8;
            g &= g - 1;
            if !self.excludes(code, h) {
                return true;
            }
        }
        false
    }

    /// The pagoda that best separates `code` from a finish on `hole` (least value on its
    /// pegs), if it excludes that finish. An LP per call (about a millisecond): for positions
    /// worth the cost, such as the root of a hard search.
    pub fn learn(&self, code: u64, hole: u8) -> Option<Pagoda> {
        let cost: Vec<f64> = (0..self.board.len() as u8)
            .map(|k| if code >> k & 1 == 1 { 1.0 } else { 1e-3 })
            .collect();
        self.solve(hole, &cost).filter(|p| p.excludes(code, hole))
    }
}

/// Integer weights proportional to `q` (q = the LP weights over the goal's), when a common
/// denominator up to [`MAX_DENOMINATOR`] makes all of them integers.
fn integer_weights(q: &[f64]) -> Option<Vec<i64>> {
    let mut den = 1i64;
    for &x in q {
        let d = (1..=MAX_DENOMINATOR).find(|&d| {
            let y = x * d as f64;
            (y - y.round()).abs() < 1e-6
        })?;
        den = lcm(den, d);
        if den > MAX_DENOMINATOR {
            return None;
        }
    }
    Some(q.iter().map(|x| (x * den as f64).round() as i64).collect())
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: i64, b: i64) -> i64 {
    a / gcd(a, b) * b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    #[test]
    fn every_pagoda_satisfies_every_jump_and_is_positive_on_its_hole() {
        for name in ["english", "triangle5", "french", "hexagon37", "row:9"] {
            let b = Board::by_name(name).unwrap();
            let p = Pagodas::for_goal(&b, b.full());
            for h in 0..b.len() as u8 {
                assert!(!p.of_hole(h).is_empty(), "{name} {h}");
                for pg in p.of_hole(h) {
                    assert!(pg.weight(h) > 0);
                    for j in b.jumps() {
                        let w = |k: u8| pg.weight(k);
                        assert!(w(j.from) + w(j.over) >= w(j.to), "{name}");
                    }
                    assert!(pg.weights().iter().all(|&w| w >= 0));
                }
            }
        }
    }

    #[test]
    fn a_bad_pagoda_is_refused() {
        let b = Board::by_name("row:5").unwrap();
        assert!(Pagoda::new(&b, vec![0, 0, 1, 0, 0]).is_none());
        assert!(Pagoda::new(&b, vec![1, 1, 1, 1]).is_none());
        assert!(Pagoda::new(&b, vec![1, 1, 1, 1, 1]).is_some());
    }

    #[test]
    fn values_never_grow_along_a_jump() {
        let b = Board::by_name("english").unwrap();
        let p = Pagodas::for_goal(&b, bit(b.hole("d4").unwrap()));
        let pg = &p.of_hole(b.hole("d4").unwrap())[0];
        let mut x = position::single_vacancy(&b, 16);
        while let Some(j) = position::legal_jumps(&b, x).next() {
            let y = position::after(x, j);
            assert!(pg.value(y) <= pg.value(x));
            x = y;
        }
    }

    #[test]
    fn learning_excludes_a_far_corner_finish() {
        // on the English board, two pegs side by side at the top can't end at the bottom
        let b = Board::by_name("english").unwrap();
        let x = bit(b.hole("c1").unwrap()) | bit(b.hole("d1").unwrap());
        let g7 = b.hole("d7").unwrap();
        let mut p = Pagodas::new(&b);
        let learnt = p.learn(x, g7).expect("a pagoda separates them");
        p.add(g7, learnt);
        assert!(!p.may_reach(x, bit(g7)));
        // and it never excludes the position itself as a finish of a one-peg position on it
        let d1 = b.hole("d1").unwrap();
        assert!(!p.excludes(bit(d1) | bit(g7), g7));
    }
}
