//! The live solver, for positions no table covers: a depth-first search that proves. A win
//! found settles "winning"; "not winning" needs every child settled, each one searched or cut
//! off by a sound argument: its position class, or a pagoda function (`crate::pagoda`)
//! worth less than every finish the class allows. Children are tried most promising first
//! (pegs close together, few of them alone or on holes hard to clear), and a transposition
//! table keyed by canonical code (`memo`: 16 MB at most, the cheapest entries giving way)
//! keeps settled positions between calls, so a game gets faster as it goes.
//! When its budget (positions, or time on a clock the caller supplies) runs out it answers
//! None: it never guesses.

use super::bitboard::Bitboard;
use super::memo::Memo;
use crate::board::{bit, Board};
use crate::classes::Classes;
use crate::pagoda::Pagodas;
use crate::position::{self, CodeSet};
use crate::problem::Problem;
use crate::symmetry::{self, Canon};

/// What a search may spend: positions expanded, and optionally a deadline on a clock.
#[derive(Clone, Copy)]
pub struct Budget {
    /// Positions the search may still expand.
    pub nodes: u64,
    /// A clock (milliseconds) and the time on it when the search must stop.
    pub deadline: Option<(fn() -> f64, f64)>,
}

impl Budget {
    /// A budget of `nodes` positions and no deadline.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            deadline: None,
        }
    }

    /// Runs `f` on at most `cap` of this budget's positions (by the same deadline), and takes
    /// what it spent off this budget.
    fn spend<T>(&mut self, cap: u64, f: impl FnOnce(&mut Budget) -> T) -> T {
        let part = Budget {
            nodes: self.nodes.min(cap),
            deadline: self.deadline,
        };
        self.spend_part(part, f)
    }

    /// Runs `f` on half of this budget's positions and `share` of the time left before its
    /// deadline, and takes what it spent off this budget.
    fn spend_share<T>(&mut self, share: f64, f: impl FnOnce(&mut Budget) -> T) -> T {
        let part = Budget {
            nodes: self.nodes / 2,
            deadline: self.deadline.map(|(clock, end)| {
                let now = clock();
                (clock, now + (end - now) * share)
            }),
        };
        self.spend_part(part, f)
    }

    /// Runs `f` on `part` (no more than this budget holds) and takes what it spent off this
    /// budget.
    fn spend_part<T>(&mut self, mut part: Budget, f: impl FnOnce(&mut Budget) -> T) -> T {
        let given = part.nodes;
        let out = f(&mut part);
        self.nodes -= given - part.nodes;
        out
    }

    /// True once the deadline has passed (then the node budget is spent too).
    fn out_of_time(&mut self) -> bool {
        if let Some((clock, end)) = self.deadline {
            if clock() >= end {
                self.nodes = 0;
                return true;
            }
        }
        false
    }
}

/// What the solver has done, for progress reports and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded (children generated).
    pub nodes: u64,
    /// Children cut off by a position class.
    pub class_cuts: u64,
    /// Children cut off by a pagoda.
    pub pagoda_cuts: u64,
    /// Positions settled in the transposition table now.
    pub settled: u64,
}

/// A search for one goal. The transposition table survives between calls.
#[derive(Debug, Clone)]
pub struct Live {
    goal_set: u64,
    board: Board,
    canon: Canon,
    classes: Classes,
    /// The class of a single peg in each hole.
    hole_class: Vec<u64>,
    pagodas: Pagodas,
    /// The goal's holes in the class of the position asked about (so of all its descendants).
    finishes: u64,
    /// The finish the pagodas last failed to exclude, asked first: neighbouring positions
    /// mostly stay within reach of the same finish, and a position not cut off costs one test
    /// instead of one per finish excluded before it.
    reachable_finish: u8,
    /// Every jump: its three holes, and the two that must hold pegs.
    lines: Vec<(u64, u64)>,
    /// The board on a bitboard, where it fits one (legal jumps by shifts).
    bits: Option<Bitboard>,
    /// The ordering's sums by code byte: `shape[j * 256 + b]` sums, over the pegs of byte j
    /// = b, each one's [`Shape`].
    shape: Vec<Shape>,
    /// The holes a peg on each hole can jump over (a peg with no neighbour is alone).
    neighbours: Vec<u64>,
    /// Settled positions, by canonical code.
    memo: Memo,
    stats: Stats,
    /// Reusable child lists, one per depth.
    buffers: Vec<Kids>,
}

/// The transposition table holds at most 2^MEMO_BITS buckets of 64 bytes (16 MB, about
/// 1.8 million positions), which bounds memory in the browser.
const MEMO_BITS: u32 = 18;

/// Positions the first, complete search of a question may expand before the beams.
const FIRST_NODES: u64 = 2_000;

/// Share of the time left that the beams may take.
const BEAM_SHARE: f64 = 0.5;

/// Share of a refinement try's time that its beam may take (the rest: the complete search,
/// whose work carries over to the next try).
const REFINE_BEAM_SHARE: f64 = 0.25;

/// The narrow beam tried before anything else.
const FIRST_BEAM: usize = 8;

/// Widest beam tried (widths grow 8, 32, 128, ...).
const MAX_BEAM: usize = 8192;

/// Expansions between two looks at the clock.
const CLOCK_EVERY: u64 = 512;

impl Live {
    /// A solver for the problem's goal (canonical forms under the symmetries keeping the goal).
    pub fn new(problem: &Problem) -> Live {
        let board = &problem.board;
        let goal_set = problem.goal_set();
        let canon = Canon::new(board.len(), symmetry::stabiliser(board, &[goal_set]));
        let classes = Classes::of(board);
        let hole_class = (0..board.len() as u8)
            .map(|h| classes.class(bit(h)))
            .collect();
        let shape = Shape::table(board);
        let neighbours = (0..board.len() as u8)
            .map(|k| board.jumps_from(k).fold(0, |m, j| m | bit(j.over)))
            .collect();
        Live {
            goal_set,
            board: board.clone(),
            canon,
            classes,
            hole_class,
            // computed on demand, for the finishes a question's class allows (a drawn board
            // of 64 holes without symmetry would otherwise need 256 LPs when it opens)
            pagodas: Pagodas::new(board),
            finishes: goal_set,
            reachable_finish: 0,
            lines: board
                .jumps()
                .iter()
                .map(|j| (j.mask(), j.before()))
                .collect(),
            bits: Bitboard::new(board),
            shape,
            neighbours,
            memo: Memo::new(MEMO_BITS),
            stats: Stats::default(),
            buffers: Vec::new(),
        }
    }

    /// Can the goal be reached from `code`? Spends at most `budget` new positions.
    pub fn winning(&mut self, code: u64, budget: &mut u64) -> Option<bool> {
        let mut b = Budget::nodes(*budget);
        let w = self.winning_within(code, &mut b);
        *budget = b.nodes;
        w
    }

    /// Can the goal be reached from `code`? None when the budget ran out first.
    ///
    /// A narrow beam finds most wins at once; a short complete search settles the easy
    /// positions; then beam searches of growing width look for a win (a win found is a proof,
    /// however it was found); the rest of the budget goes to the complete search, which alone
    /// can prove a loss.
    pub fn winning_within(&mut self, code: u64, budget: &mut Budget) -> Option<bool> {
        self.answer(code, None, budget)
    }

    /// A question's answer (`attempt`: None) or a refinement try's (see `refine`).
    fn answer(&mut self, code: u64, attempt: Option<u32>, budget: &mut Budget) -> Option<bool> {
        if let Some(w) = self.at_once(code) {
            return w;
        }
        if let Some(attempt) = attempt {
            // 32, 128, 512 positions wide in turn: a wider beam would not finish within a try
            let width = FIRST_BEAM << (2 * (attempt % 3) + 2);
            if budget.spend_share(REFINE_BEAM_SHARE, |b| self.beam(code, width, b)) {
                return Some(true);
            }
            return self.search(code, budget);
        }
        // phase 0: one narrow beam, which finds most wins in a few hundred expansions (where
        // the small complete search below often spends all of its budget first)
        if budget.spend(FIRST_NODES, |b| self.beam(code, FIRST_BEAM, b)) {
            return Some(true);
        }
        if budget.nodes == 0 {
            return None;
        }
        // phase 1: a small complete search
        let w = budget.spend(FIRST_NODES, |b| self.search(code, b));
        if w.is_some() || budget.nodes == 0 {
            return w;
        }
        // phase 2: beams of growing width, with a share of what is left
        let won = budget.spend_share(BEAM_SHARE, |b| {
            let mut width = FIRST_BEAM * 4;
            while width <= MAX_BEAM && b.nodes > 0 {
                if self.beam(code, width, b) {
                    return true;
                }
                width *= 4;
            }
            false
        });
        if won {
            return Some(true);
        }
        // phase 3: the complete search, with the rest
        self.search(code, budget)
    }

    /// The answer that needs no search: one peg left, the class, a pagoda, or the memory.
    /// Outer None: a search is needed. Also sets up `finishes` and the pagodas for it.
    fn at_once(&mut self, code: u64) -> Option<Option<bool>> {
        if position::pegs(code) <= 1 {
            return Some(Some(code & self.goal_set != 0));
        }
        // jumps keep the class: the finishes it allows are those of every descendant
        let class = self.classes.class(code);
        self.finishes = (0..self.board.len())
            .filter(|&h| self.goal_set >> h & 1 == 1 && self.hole_class[h] == class)
            .fold(0, |m, h| m | bit(h as u8));
        if self.finishes == 0 {
            self.stats.class_cuts += 1;
            return Some(Some(false));
        }
        self.pagodas.prepare(self.finishes);
        if self.cut(code) {
            return Some(Some(false));
        }
        self.remembered(self.canon.canonical(code)).map(Some)
    }

    /// One more try at a position a question left undecided (the `attempt`-th, from 0), for
    /// the work done while the player thinks. Tries are short, so that a move never waits
    /// long: each one's complete search walks back down to where the last one stopped, as the
    /// positions it settled stay in the transposition table; and each one's beam has another
    /// width (a beam keeps nothing, so repeating one would find nothing new).
    pub fn refine(&mut self, code: u64, attempt: u32, budget: &mut Budget) -> Option<bool> {
        self.answer(code, Some(attempt), budget)
    }

    /// What the solver has done since it was made.
    pub fn stats(&self) -> Stats {
        Stats {
            settled: self.memo.len() as u64,
            ..self.stats
        }
    }

    /// True when the pagodas prove that `code` (more than one peg, in the class of the
    /// question's position) can't finish on any hole its class allows.
    #[inline]
    fn cut(&mut self, code: u64) -> bool {
        let first = self.reachable_finish;
        if self.finishes >> first & 1 == 1 && !self.pagodas.excludes(code, first) {
            return false;
        }
        let mut g = self.finishes & !bit(first);
        while g != 0 {
            let h = g.trailing_zeros() as u8;
            g &= g - 1;
            if !self.pagodas.excludes(code, h) {
                self.reachable_finish = h;
                return false;
            }
        }
        self.stats.pagoda_cuts += 1;
        true
    }

    /// A beam search for a win from `root`: level by level, the `width` most promising
    /// positions (distinct up to symmetry, none cut off or known to lose). True when it
    /// reaches a finish; the positions on that line are then remembered as winning. False
    /// proves nothing.
    fn beam(&mut self, root: u64, width: usize, budget: &mut Budget) -> bool {
        // every level: (code, index of its parent in the level before)
        let mut levels: Vec<Vec<(u64, u32)>> = vec![vec![(root, 0)]];
        let mut kids = Vec::new();
        // a level's children: (code, canonical code, parent's index)
        let mut all: Vec<(u64, u64, u32)> = Vec::new();
        let mut known: Vec<Option<bool>> = Vec::new();
        loop {
            let Some(last) = levels.last() else {
                return false;
            };
            all.clear();
            let mut found = None;
            'level: for (i, &(code, _)) in last.iter().enumerate() {
                if budget.nodes == 0 {
                    return false;
                }
                budget.nodes -= 1;
                self.stats.nodes += 1;
                if self.stats.nodes.is_multiple_of(CLOCK_EVERY) && budget.out_of_time() {
                    return false;
                }
                self.children(code, &mut kids);
                for &c in &kids {
                    if position::pegs(c) > 1 {
                        all.push((c, 0, i as u32));
                    } else if c & self.goal_set != 0 {
                        found = Some((c, i as u32));
                        break 'level;
                    }
                }
            }
            // the first child of each orbit that is not known and not cut: (score, code, parent)
            let mut v: Vec<(i32, u64, u32)> = Vec::new();
            if found.is_none() {
                self.look_up(&mut all, &mut known);
                let mut orbits = CodeSet::with_room(all.len());
                for (&(c, key, parent), &w) in all.iter().zip(&known) {
                    match w {
                        Some(true) => {
                            found = Some((c, parent));
                            break;
                        }
                        Some(false) => continue,
                        None => {}
                    }
                    if !orbits.insert(key) || self.cut(c) {
                        continue;
                    }
                    let score = self.score(c);
                    v.push((score, c, parent));
                }
            }
            let Some((c, parent)) = found else {
                if v.is_empty() {
                    return false;
                }
                if v.len() > width {
                    crate::small_sort::select_smallest_by_key(&mut v, width, |&e| e);
                    v.truncate(width);
                }
                levels.push(v.into_iter().map(|(_, c, p)| (c, p)).collect());
                continue;
            };
            // remember the whole line as winning
            let mut at = parent as usize;
            if position::pegs(c) > 1 {
                self.remember(self.canon.canonical(c), true);
            }
            for level in levels.iter().rev() {
                let (code, up) = level[at];
                self.remember(self.canon.canonical(code), true);
                at = up as usize;
            }
            return true;
        }
    }

    /// Fills in the canonical codes of `kids` (code, _, _) and what the transposition table
    /// knows of each, in two tight passes: the table's memory accesses are independent, so
    /// the processor overlaps them (one at a time, each waits for memory; this was the
    /// search's main cost).
    #[inline]
    fn look_up<T: Copy>(&self, kids: &mut [(u64, u64, T)], known: &mut Vec<Option<bool>>) {
        for k in kids.iter_mut() {
            k.1 = self.canon.canonical(k.0);
        }
        known.clear();
        known.extend(kids.iter().map(|k| self.memo.get(k.1)));
    }

    #[inline]
    fn remembered(&self, key: u64) -> Option<bool> {
        self.memo.get(key)
    }

    fn remember(&mut self, key: u64, w: bool) {
        self.memo.put(key, w);
    }

    /// Calls `f` with every position one jump after `code`.
    #[inline]
    fn each_child(&self, code: u64, mut f: impl FnMut(u64)) {
        match &self.bits {
            Some(bb) => bb.jumps(code, |j| f(code ^ self.lines[j].0)),
            None => {
                for &(mask, before) in &self.lines {
                    if code & mask == before {
                        f(code ^ mask);
                    }
                }
            }
        }
    }

    /// The positions one jump after `code`, into `out`.
    fn children(&self, code: u64, out: &mut Vec<u64>) {
        out.clear();
        self.each_child(code, |c| out.push(c));
    }

    /// Ordering score of a position: lower is tried first. Compact positions come first:
    /// the pegs' spread about their own centre, lone pegs (nothing to jump over) and pegs on
    /// holes few lines jump over (corners and arm ends) all count against a position.
    /// Measured on the benchmark's positions (50 ms, natively), against the distance from a
    /// fixed centre that this replaced: Wiegleb's central game decided 28.6% → 43%, French
    /// 70% → 73%, diamond41 29.7% → 30.7%; the other big boards unchanged.
    #[inline]
    fn score(&self, code: u64) -> i32 {
        let mut sum = Shape::default();
        for (j, row) in self.shape.chunks_exact(256).enumerate() {
            sum.add(row[(code >> (8 * j) & 0xff) as usize]);
        }
        let lone = match &self.bits {
            Some(bb) => bb.lone(code),
            None => {
                let mut n = 0;
                let mut rest = code;
                while rest != 0 {
                    let k = rest.trailing_zeros() as usize;
                    n += u32::from(self.neighbours[k] & code == 0);
                    rest &= rest - 1;
                }
                n
            }
        };
        sum.spread(position::pegs(code)) + 20 * lone as i32 + 4 * sum.hard
    }

    /// The complete search from `code`: Some(answer), or None when the budget ran out.
    fn search(&mut self, code: u64, budget: &mut Budget) -> Option<bool> {
        if position::pegs(code) == 1 {
            return Some(code & self.goal_set != 0);
        }
        let key = self.canon.canonical(code);
        if let Some(w) = self.remembered(key) {
            return Some(w);
        }
        self.expand(code, key, budget, 0)
    }

    /// The complete search below `code` (two pegs or more, not in the transposition table,
    /// `key` its canonical code).
    fn expand(&mut self, code: u64, key: u64, budget: &mut Budget, depth: usize) -> Option<bool> {
        if budget.nodes == 0 {
            return None;
        }
        budget.nodes -= 1;
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(CLOCK_EVERY) && budget.out_of_time() {
            return None;
        }
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Default::default);
        }
        let mut buf = std::mem::take(&mut self.buffers[depth]);
        let answer = self.expand_with(code, budget, depth, &mut buf);
        self.buffers[depth] = buf;
        if let Some(w) = answer {
            self.remember(key, w);
        }
        answer
    }

    /// `expand` with the depth's reusable lists: the children (score, code, canonical code)
    /// and what the table knows of them.
    fn expand_with(
        &mut self,
        code: u64,
        budget: &mut Budget,
        depth: usize,
        (kids, known): &mut Kids,
    ) -> Option<bool> {
        kids.clear();
        let mut won = false;
        self.each_child(code, |c| {
            if position::pegs(c) > 1 {
                kids.push((c, 0, 0));
            } else {
                won |= c & self.goal_set != 0;
            }
        });
        if won {
            return Some(true);
        }
        // cut off children that provably lose, then ask the table about the rest at once
        let mut i = 0;
        while i < kids.len() {
            if self.cut(kids[i].0) {
                kids.swap_remove(i);
            } else {
                i += 1;
            }
        }
        self.look_up(kids, known);
        if known.contains(&Some(true)) {
            return Some(true);
        }
        let mut open = 0;
        for i in 0..kids.len() {
            if known[i].is_none() {
                let (c, key, _) = kids[i];
                kids[open] = (c, key, self.score(c));
                open += 1;
            }
        }
        kids.truncate(open);
        // a position has a few dozen children at most: insertion sort, no quicksort in the wasm
        crate::small_sort::sort_by_key(kids, |k| k.2);
        let mut unknown = false;
        for &(c, key, _) in kids.iter() {
            // a child settled meanwhile (through a transposition) needs no search
            let w = match self.remembered(key) {
                Some(w) => Some(w),
                None => self.expand(c, key, budget, depth + 1),
            };
            match w {
                Some(true) => return Some(true),
                Some(false) => {}
                None => unknown = true,
            }
        }
        if unknown {
            None
        } else {
            Some(false)
        }
    }
}

/// A depth's reusable lists in `expand`: children (code, canonical code, score) and what the
/// transposition table knows of each.
type Kids = (Vec<(u64, u64, i32)>, Vec<Option<bool>>);

/// What the ordering sums over a position's pegs: coordinates doubled (whole numbers on both
/// lattices), their squares, and how hard each peg's hole is to clear.
#[derive(Debug, Clone, Copy, Default)]
struct Shape {
    x: i32,
    y: i32,
    square: i32,
    /// Lines jumping over the hole, short of the most any hole has: a peg is only removed by
    /// a jump over it.
    hard: i32,
}

impl Shape {
    /// The sums for every code byte (see `Live::shape`).
    fn table(board: &Board) -> Vec<Shape> {
        let over: Vec<i32> = (0..board.len() as u8)
            .map(|k| board.jumps().iter().filter(|j| j.over == k).count() as i32)
            .collect();
        let most = over.iter().copied().max().unwrap_or(0);
        let holes: Vec<Shape> = (0..board.len())
            .map(|k| {
                let (x, y) = board.display_xy(k as u8);
                let (x, y) = ((2.0 * x).round() as i32, (2.0 * y).round() as i32);
                Shape {
                    x,
                    y,
                    square: x * x + y * y,
                    hard: most - over[k],
                }
            })
            .collect();
        position::byte_sums(board.len(), |k| holes[k])
    }

    fn add(&mut self, o: Shape) {
        self.x += o.x;
        self.y += o.y;
        self.square += o.square;
        self.hard += o.hard;
    }

    /// The sum of the `pegs` pegs' squared (doubled) distances from their centre.
    fn spread(&self, pegs: u32) -> i32 {
        let n = i64::from(pegs.max(1));
        let (x, y) = (i64::from(self.x), i64::from(self.y));
        ((n * i64::from(self.square) - x * x - y * y) / n) as i32
    }
}

impl std::iter::Sum for Shape {
    fn sum<I: Iterator<Item = Shape>>(iter: I) -> Shape {
        iter.fold(Shape::default(), |mut a, b| {
            a.add(b);
            a
        })
    }
}
