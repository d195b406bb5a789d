//! Pagoda functions (Beasley ch. 4; Bell §2): integer weights on the holes such that
//! `p(from) + p(over) ≥ p(to)` for every jump. A jump changes a position's value (the sum of
//! the weights of its pegs) by `p(to) − p(from) − p(over) ≤ 0`, so the value never grows:
//! a position worth less than a one-peg finish at `h` can never finish at `h`.
//!
//! The pagodas come from the board itself, by linear programming over the jump inequalities
//! (`lp`): for a finish hole `h`, weights with `p(h) = 1` of least total cost, for a few
//! cost vectors (flat, cheap near `h`, cheap far from `h`), which gives the familiar sparse
//! pagodas of the literature on the standard boards and works on any drawn board. A pagoda
//! can also be learnt for one position ([`Pagodas::learn`]): the cheapest pagoda on its pegs
//! proves it can't finish at `h` whenever any pagoda can.
//!
//! Every pagoda is turned into integers and checked exactly against every jump before use
//! ([`Pagoda::new`]), so floating point in the simplex can lose a pagoda but never make an
//! unsound one.

mod lp;
mod screen;

pub use screen::{Partial, Screen, LOW_BYTES};

use crate::board::{bit, Board, Lattice};

/// Integer weights on the holes that never increase along a jump.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pagoda {
    weights: Vec<i64>,
    /// The least fall in value along any jump of the board: `min w(from) + w(over) − w(to)`,
    /// 0 for most pagodas. Where it is positive, n pegs (n − 1 jumps from one peg) must be
    /// worth at least `drop · (n − 1)` more than the finish: Bell's resource count on
    /// Wiegleb's board is such a pagoda, shifted by one on every hole.
    drop: i64,
    /// Holes grouped by their weight less `drop` (non-zero ones only): the signed count
    /// `Σ (w − drop) · |code ∩ mask|` never grows along a jump, and a one-peg finish on h is
    /// worth `w(h) − drop`. So one test covers both kinds, with no count of all the pegs.
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
        let drop = board
            .jumps()
            .iter()
            .map(|j| w(j.from) + w(j.over) - w(j.to))
            .min()
            .unwrap_or(0);
        if drop < 0 {
            return None;
        }
        let mut groups: Vec<(u64, i64)> = Vec::new();
        for (k, &x) in weights.iter().enumerate() {
            let x = x - drop;
            if x == 0 {
                continue;
            }
            match groups.iter_mut().find(|g| g.1 == x) {
                Some(g) => g.0 |= bit(k as u8),
                None => groups.push((bit(k as u8), x)),
            }
        }
        Some(Pagoda {
            weights,
            drop,
            groups,
        })
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
    pub fn value(&self, code: u64) -> i64 {
        self.signed(code) + self.drop * i64::from(code.count_ones())
    }

    /// The value less `drop` a peg: it never grows along a jump.
    #[inline]
    fn signed(&self, code: u64) -> i64 {
        signed_sum(&self.groups, code)
    }

    /// The least fall in value along a jump (see the field).
    pub fn drop(&self) -> i64 {
        self.drop
    }

    /// True when this pagoda proves that `code` can never end as one peg on `hole`: the
    /// n − 1 jumps to one peg each take at least `drop` from its value.
    #[inline]
    pub fn excludes(&self, code: u64, hole: u8) -> bool {
        self.signed(code) < self.bar(hole)
    }

    /// What the signed count must reach for a one-peg finish on `hole`.
    fn bar(&self, hole: u8) -> i64 {
        self.weight(hole) - self.drop
    }

    /// The pagoda moved by a board symmetry (`perm[k]` is the image of hole k).
    pub(crate) fn permuted(&self, board: &Board, perm: &[u8]) -> Option<Pagoda> {
        let mut w = vec![0; self.weights.len()];
        for (k, &x) in self.weights.iter().enumerate() {
            *w.get_mut(*perm.get(k)? as usize)? = x;
        }
        Pagoda::new(board, w)
    }
}

/// `Σ w · |code ∩ mask|` over signed terms (a pagoda's groups).
#[inline]
fn signed_sum(terms: &[(u64, i64)], code: u64) -> i64 {
    terms
        .iter()
        .map(|&(mask, w)| w * i64::from((code & mask).count_ones()))
        .sum()
}

/// The pagodas of one finish hole laid end to end, for the hot test: every pagoda's signed
/// terms in one vector, and per pagoda the end of its terms and the sum it must reach.
#[derive(Debug, Clone, Default)]
struct Flat {
    terms: Vec<(u64, i64)>,
    ends: Vec<(usize, i64)>,
}

impl Flat {
    fn of(list: &[Pagoda], hole: u8) -> Flat {
        let mut f = Flat::default();
        for p in list {
            f.terms.extend_from_slice(&p.groups);
            f.ends.push((f.terms.len(), p.bar(hole)));
        }
        f
    }

    /// True when some pagoda falls short of its bar on `code`.
    #[inline]
    fn excludes(&self, code: u64) -> bool {
        let mut from = 0;
        for &(to, bar) in &self.ends {
            if signed_sum(&self.terms[from..to], code) < bar {
                return true;
            }
            from = to;
        }
        false
    }
}

/// The pagodas of a board, per finish hole, computed on demand.
#[derive(Debug, Clone)]
pub struct Pagodas {
    board: Board,
    lines: Vec<(u8, u8, u8)>,
    /// `by_hole[h]`: the pagodas of a finish on h (None: not computed yet).
    by_hole: Vec<Option<Vec<Pagoda>>>,
    /// The same, flattened (empty where not computed: nothing excluded).
    flat: Vec<Flat>,
}

/// The pagodas computed so far on this thread, per board (its holes' count and jumps, compared
/// whole, so a pagoda is only ever reused where every one of its inequalities holds): a new
/// game on the same board, or a new solver for the next question, runs no LP again.
struct Known {
    holes: usize,
    lines: Vec<(u8, u8, u8)>,
    by_hole: Vec<Option<Vec<Pagoda>>>,
}

impl Known {
    /// True when these are the pagodas of `p`'s board: the same holes' count and jumps.
    fn is_for(&self, p: &Pagodas) -> bool {
        self.holes == p.board.len() && self.lines == p.lines
    }
}

/// Boards whose pagodas [`Known`] keeps; the oldest goes first.
const KNOWN_BOARDS: usize = 8;

thread_local! {
    static KNOWN: std::cell::RefCell<Vec<Known>> = const { std::cell::RefCell::new(Vec::new()) };
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
            flat: vec![Flat::default(); board.len()],
        }
    }

    /// The pagodas for every finish hole in `goal_set`.
    pub fn for_goal(board: &Board, goal_set: u64) -> Pagodas {
        let mut p = Pagodas::new(board);
        p.prepare(goal_set);
        p
    }

    /// Computes the pagodas of every hole in `goal_set` not done yet; a hole symmetric to one
    /// already done gets its pagodas by symmetry, without an LP. A board whose holes lie on
    /// one line (a row) gets none (see `on_one_line`).
    pub fn prepare(&mut self, goal_set: u64) {
        let line = on_one_line(&self.board);
        for h in 0..self.board.len() as u8 {
            if goal_set >> h & 1 == 0 || self.by_hole[h as usize].is_some() {
                continue;
            }
            if line {
                self.by_hole[h as usize] = Some(Vec::new());
                continue;
            }
            let moved = self.board.symmetries().iter().find_map(|perm| {
                let r = perm.iter().position(|&img| img == h)?;
                let done = self.by_hole.get(r)?.as_ref()?;
                done.iter()
                    .map(|p| p.permuted(&self.board, perm))
                    .collect::<Option<Vec<_>>>()
            });
            let list = moved.or_else(|| self.known(h)).unwrap_or_else(|| {
                let list = self.compute(h);
                self.remember(h, &list);
                list
            });
            self.flat[h as usize] = Flat::of(&list, h);
            self.by_hole[h as usize] = Some(list);
        }
    }

    /// The pagodas of `h` computed before on this thread for this board, if any.
    fn known(&self, h: u8) -> Option<Vec<Pagoda>> {
        KNOWN.with(|k| {
            let k = k.borrow();
            let board = k.iter().find(|b| b.is_for(self))?;
            board.by_hole.get(h as usize)?.clone()
        })
    }

    /// Keeps the pagodas of `h` for [`Pagodas::known`].
    fn remember(&self, h: u8, list: &[Pagoda]) {
        KNOWN.with(|k| {
            let mut k = k.borrow_mut();
            let at = k.iter().position(|b| b.is_for(self));
            let i = at.unwrap_or_else(|| {
                if k.len() >= KNOWN_BOARDS {
                    k.remove(0);
                }
                k.push(Known {
                    holes: self.board.len(),
                    lines: self.lines.clone(),
                    by_hole: vec![None; self.board.len()],
                });
                k.len() - 1
            });
            if let Some(slot) = k[i].by_hole.get_mut(h as usize) {
                *slot = Some(list.to_vec());
            }
        })
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
        // one LP per orbit of corners under the symmetries that fix h; the rest are images
        let fixing: Vec<&Vec<u8>> = self
            .board
            .symmetries()
            .iter()
            .filter(|perm| perm.get(h as usize) == Some(&h))
            .collect();
        let mut seen = 0u64;
        for x in self.corners() {
            if seen >> x & 1 == 1 {
                continue;
            }
            for perm in &fixing {
                seen |= perm.get(x as usize).map_or(0, |&y| bit(y));
            }
            let Some(p) = self.falling(h, x) else {
                continue;
            };
            for perm in &fixing {
                if let Some(q) = p.permuted(&self.board, perm) {
                    if !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// A pagoda of a finish on `h` and its images under the symmetries that fix `h` (each a
    /// pagoda of the same finish), each once.
    pub fn family(&self, h: u8, p: &Pagoda) -> Vec<Pagoda> {
        let mut out: Vec<Pagoda> = Vec::new();
        let fixing = self
            .board
            .symmetries()
            .iter()
            .filter(|perm| perm.get(h as usize) == Some(&h));
        for q in fixing.filter_map(|perm| p.permuted(&self.board, perm)) {
            if !out.contains(&q) {
                out.push(q);
            }
        }
        out
    }

    /// The board the pagodas are for.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// LP costs that make a position's pegs dear and every other hole cheap: the least cost
    /// is then the least value on the position.
    fn costs_on(&self, code: u64) -> Vec<f64> {
        (0..self.board.len() as u8)
            .map(|k| if code >> k & 1 == 1 { 1.0 } else { 1e-3 })
            .collect()
    }

    /// The holes no jump passes over (the corners of the arms on the cross boards): a peg
    /// there leaves only by jumping, and the falling pagodas are built around them.
    fn corners(&self) -> Vec<u8> {
        let over = self.lines.iter().fold(0u64, |m, l| m | bit(l.1));
        (0..self.board.len() as u8)
            .filter(|&k| over >> k & 1 == 0)
            .collect()
    }

    /// A pagoda that falls by at least one a jump and weighs nothing on corner `x`, of least
    /// value on the start with `h` empty: the least slack for a finish on `h` (how much more
    /// than the `n − 1` jumps' least fall the start is worth) with the finish's weight at
    /// its least, 0. Asking for more weight on the finish gave less slack on few holes (29
    /// of 288 on the big boards) at an LP each. Bell's resource count on Wiegleb's board is
    /// of this kind. None when the LP keeps weight on `x`.
    fn falling(&self, h: u8, x: u8) -> Option<Pagoda> {
        let mut cost = vec![1.0; self.board.len()];
        cost[h as usize] = 0.0;
        cost[x as usize] = 1000.0;
        self.solve_falling(h, &cost, 0.0)
            .filter(|p| p.weight(x) == 0)
    }

    /// One LP: the cheapest pagoda with `p(h) = 1` under `cost`, in integers and checked.
    fn solve(&self, h: u8, cost: &[f64]) -> Option<Pagoda> {
        let plain = lp::Bounds {
            drop: 0.0,
            goal: 1.0,
        };
        let p = lp::solve(self.board.len(), &self.lines, h, cost, plain)?;
        let scale = *p.get(h as usize)?;
        if scale <= 1e-9 {
            return None;
        }
        let q: Vec<f64> = p.iter().map(|x| x / scale).collect();
        let weights = integer_weights(&q)?;
        Pagoda::new(&self.board, weights).filter(|p| p.weight(h) > 0)
    }

    /// One LP: the cheapest pagoda under `cost` whose value falls by at least one a jump,
    /// with `p(h) ≥ floor`, in integers and checked.
    fn solve_falling(&self, h: u8, cost: &[f64], floor: f64) -> Option<Pagoda> {
        let bounds = lp::Bounds {
            drop: 1.0,
            goal: floor,
        };
        let p = lp::solve(self.board.len(), &self.lines, h, cost, bounds)?;
        let weights = integer_weights(&p)?;
        Pagoda::new(&self.board, weights).filter(|p| p.drop() > 0)
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
                self.flat[hole as usize] = Flat::of(list, hole);
            }
        }
    }

    /// True when some pagoda of `hole` proves that `code` can never end on it.
    #[inline]
    pub fn excludes(&self, code: u64, hole: u8) -> bool {
        self.flat
            .get(hole as usize)
            .is_some_and(|f| f.excludes(code))
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
        if hole as usize >= self.board.len() {
            return None;
        }
        self.solve(hole, &self.costs_on(code))
            .filter(|p| p.excludes(code, hole))
    }

    /// The falling pagoda (one that loses at least one a jump) that best separates `code`
    /// from a finish on `hole` with `p(hole) ≥ floor`, if it excludes that finish. Falling
    /// pagodas exclude far more than plain ones: on the English board about half the
    /// middle-game positions that can't finish in the centre, against 2% for plain ones.
    /// An LP per call (about 0.1 ms natively on the English board's 33 holes).
    pub fn learn_falling(&self, code: u64, hole: u8, floor: f64) -> Option<Pagoda> {
        if hole as usize >= self.board.len() {
            return None;
        }
        let mut cost = self.costs_on(code);
        // the finish's weight is bounded by `floor`, not priced
        cost[hole as usize] = 1e-3;
        self.solve_falling(hole, &cost, floor)
            .filter(|p| p.excludes(code, hole))
    }
}

/// True when the board's holes lie in one row (`row:L`, or a row drawn by hand): its pagodas
/// are not worth their LPs. From about 24 holes on, nothing comes out of a row's LPs: the plain
/// pagodas' golden-ratio weights pass [`MAX_DENOMINATOR`], and the falling ones keep weight on
/// the end they must leave empty. Yet Bland's rule takes 10^4 pivots on each falling LP of a
/// long row: row:64 spent 4.4 s natively on its LPs, for no pagoda at all. The live search
/// settles rows without them. (A board drawn standing up is at most 12 holes tall, and its
/// LPs are cheap.)
fn on_one_line(board: &Board) -> bool {
    board.holes().windows(2).all(|w| w[0].y == w[1].y)
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
        for name in ["english", "triangle5", "french", "hexagon37"] {
            let b = Board::by_name(name).unwrap();
            let p = Pagodas::for_goal(&b, b.full());
            for h in 0..b.len() as u8 {
                assert!(!p.of_hole(h).is_empty(), "{name} {h}");
                for pg in p.of_hole(h) {
                    // a plain pagoda weighs its finish; a falling one needn't
                    assert!(pg.weight(h) > 0 || pg.drop() > 0);
                    for j in b.jumps() {
                        let w = |k: u8| pg.weight(k);
                        assert!(w(j.from) + w(j.over) - w(j.to) >= pg.drop(), "{name}");
                    }
                    assert!(pg.weights().iter().all(|&w| w >= 0));
                }
                assert!(p.of_hole(h).iter().any(|pg| pg.drop() == 0), "{name} {h}");
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
    fn the_falling_pagoda_of_wieglebs_centre_is_bells_resource_count() {
        // Bell's useful resource count (his Wiegleb results page): -1 on the eight corners,
        // +1 on d2, f2, b4, d4, f4, h4 and their images, 0 elsewhere; it never grows along a
        // jump, is 4 at the start and 0 at the finish. Plus one on every hole, it falls by
        // at least one a jump, and the LP finds it from the board alone.
        let b = Board::by_name("wiegleb").unwrap();
        let e5 = b.hole("e5").unwrap();
        let p = Pagodas::for_goal(&b, bit(e5));
        let bell = |name: &str| match name {
            "d1" | "f1" | "a4" | "i4" | "a6" | "i6" | "d9" | "f9" => -1,
            "d2" | "f2" | "b4" | "d4" | "f4" | "h4" | "b6" | "d6" | "f6" | "h6" | "d8" | "f8" => 1,
            _ => 0,
        };
        let shifted: Vec<i64> = (0..b.len() as u8)
            .map(|k| bell(b.hole_name(k)) + 1)
            .collect();
        let found = p.of_hole(e5).iter().find(|pg| pg.drop() > 0).unwrap();
        assert_eq!(found.weights(), &shifted[..]);
        assert_eq!(found.drop(), 1);
        let start = position::single_vacancy(&b, e5);
        assert_eq!(found.value(start) - found.weight(e5) - 43, 4);
    }

    #[test]
    fn a_falling_pagoda_counts_the_jumps_left() {
        // on a row of five, 1 2 2 2 1 falls by one a jump at least (0 over 1 into 2)
        let b = Board::by_name("row:5").unwrap();
        let q = Pagoda::new(&b, vec![1, 2, 2, 2, 1]).unwrap();
        assert_eq!(q.drop(), 1);
        // pegs on 0 and 4 are worth 2, as much as a finish on 2, but the jump they'd need
        // takes at least one more: excluded (and indeed they can't move)
        assert!(q.excludes(0b10001, 2));
        // pegs on 0 and 1 (worth 3) may end on 2 (worth 2) in one jump: not excluded
        assert!(!q.excludes(0b00011, 2));
        // a peg on the finish is the finish
        assert!(!q.excludes(0b00100, 2));
        // weights that grow along a jump are refused
        assert!(Pagoda::new(&b, vec![1, 1, 3, 1, 1]).is_none());
    }

    #[test]
    fn pagodas_are_reused_only_on_the_same_jumps() {
        // the English board drawn by hand has the same jumps: its pagodas come from the
        // thread's store, equal to the catalogue board's; a five-hole L (two lines of three
        // through a corner) has as many holes as a five-hole T but other jumps, and gets its own
        let english = Pagodas::for_goal(&Board::by_name("english").unwrap(), 1 << 16);
        let drawn = Board::by_name("ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--")
            .unwrap();
        assert_eq!(
            Pagodas::for_goal(&drawn, 1 << 16).of_hole(16),
            english.of_hole(16)
        );
        let tee = Board::by_name("ascii:ooo/-o-/-o-").unwrap();
        let ell = Board::by_name("ascii:ooo/o--/o--").unwrap();
        for b in [&tee, &ell, &tee] {
            let p = Pagodas::for_goal(b, b.full());
            for h in 0..b.len() as u8 {
                for pg in p.of_hole(h) {
                    assert!(
                        Pagoda::new(b, pg.weights().to_vec()).is_some(),
                        "{}",
                        b.name()
                    );
                }
            }
        }
    }

    #[test]
    fn a_row_gets_no_pagodas_and_no_lp() {
        // row:64's LPs took seconds for nothing; a row drawn by hand is a row too
        for name in ["row:5", "row:64", "ascii:ooooooo", "ascii-tri:o-o-o-o"] {
            let b = Board::by_name(name).unwrap();
            assert!(on_one_line(&b), "{name}");
            let p = Pagodas::for_goal(&b, b.full());
            assert!(
                (0..b.len() as u8).all(|h| p.of_hole(h).is_empty()),
                "{name}"
            );
            assert!(p.may_reach(b.full() & !1, b.full()), "{name}");
        }
        for name in ["english", "triangle4", "ascii:ooo/o--/o--", "ascii:o/o/o/o"] {
            assert!(!on_one_line(&Board::by_name(name).unwrap()), "{name}");
        }
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
