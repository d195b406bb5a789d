//! The live solver, for positions no table covers: a depth-first search that proves. A win
//! found settles "winning"; "not winning" needs every child settled, each one searched or cut
//! off by a sound argument: its position class, or a pagoda function (`crate::pagoda`)
//! worth less than every finish the class allows. Children are tried most promising first
//! (pegs close together and near the finish), and a transposition table keyed by canonical
//! code remembers every settled position between calls, so a game gets faster as it goes.
//! When its budget (positions, or time on a clock the caller supplies) runs out it answers
//! None: it never guesses.

use crate::board::{bit, Board};
use crate::classes::Classes;
use crate::pagoda::Pagodas;
use crate::position::{self, CodeMap};
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
        let mut part = Budget {
            nodes: self.nodes.min(cap),
            deadline: self.deadline,
        };
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
    /// Ordering weights: distance of each hole from the finish (or the goal's centre).
    distance: Vec<i32>,
    /// The holes a peg on each hole can jump over (a peg with no neighbour is alone).
    neighbours: Vec<u64>,
    /// Settled positions, by canonical code: the newer generation and the older one.
    memo: CodeMap<bool>,
    old: CodeMap<bool>,
    stats: Stats,
    /// Reusable child lists, one per depth.
    buffers: Vec<Vec<(i32, u64)>>,
}

/// Positions each generation of the transposition table holds; when the newer one is full
/// the older one is dropped (bounds memory in the browser to a few tens of MB).
const MEMO_LIMIT: usize = 600_000;

/// Positions the first, complete search of a question may expand before the beams.
const FIRST_NODES: u64 = 2_000;

/// Share of the time left that the beams may take.
const BEAM_SHARE: f64 = 0.5;

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
        let (cx, cy) = centre(board, goal_set);
        let distance = (0..board.len() as u8)
            .map(|k| {
                let (x, y) = board.display_xy(k);
                (((x - cx).abs() + (y - cy).abs()) * 4.0).round() as i32
            })
            .collect();
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
            distance,
            neighbours,
            memo: CodeMap::default(),
            old: CodeMap::default(),
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
    /// positions; then beam searches of growing width look for a win (a win found is a proof, however it was found); the rest of the
    /// budget goes to the complete search, which alone can prove a loss.
    pub fn winning_within(&mut self, code: u64, budget: &mut Budget) -> Option<bool> {
        if position::pegs(code) <= 1 {
            return Some(code & self.goal_set != 0);
        }
        // jumps keep the class: the finishes it allows are those of every descendant
        let class = self.classes.class(code);
        self.finishes = (0..self.board.len())
            .filter(|&h| self.goal_set >> h & 1 == 1 && self.hole_class[h] == class)
            .fold(0, |m, h| m | bit(h as u8));
        if self.finishes == 0 {
            self.stats.class_cuts += 1;
            return Some(false);
        }
        self.pagodas.prepare(self.finishes);
        if self.cut(code) {
            return Some(false);
        }
        if let Some(w) = self.remembered(self.canon.canonical(code)) {
            return Some(w);
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
        let w = budget.spend(FIRST_NODES, |b| self.search(code, b, 0));
        if w.is_some() || budget.nodes == 0 {
            return w;
        }
        // phase 2: beams, with a share of what is left
        let share = Budget {
            nodes: budget.nodes / 2,
            deadline: budget.deadline.map(|(clock, end)| {
                let now = clock();
                (clock, now + (end - now) * BEAM_SHARE)
            }),
        };
        let mut beam_budget = share;
        let mut width = FIRST_BEAM * 4;
        while width <= MAX_BEAM && beam_budget.nodes > 0 {
            if self.beam(code, width, &mut beam_budget) {
                budget.nodes -= share.nodes - beam_budget.nodes;
                return Some(true);
            }
            width *= 4;
        }
        budget.nodes -= share.nodes - beam_budget.nodes;
        // phase 3: the complete search, with the rest
        self.search(code, budget, 0)
    }

    /// What the solver has done since it was made.
    pub fn stats(&self) -> Stats {
        Stats {
            settled: (self.memo.len() + self.old.len()) as u64,
            ..self.stats
        }
    }

    /// True when the pagodas prove that `code` (more than one peg, in the class of the
    /// question's position) can't finish on any hole its class allows.
    #[inline]
    fn cut(&mut self, code: u64) -> bool {
        let mut g = self.finishes;
        while g != 0 {
            let h = g.trailing_zeros() as u8;
            g &= g - 1;
            if !self.pagodas.excludes(code, h) {
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
        let jumps = self.board.jumps().to_vec();
        let mut levels: Vec<Vec<(u64, u32)>> = vec![vec![(root, 0)]];
        loop {
            let Some(last) = levels.last() else {
                return false;
            };
            let mut next: CodeMap<(i32, u64, u32)> = CodeMap::default();
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
                for &j in &jumps {
                    if !position::can_jump(code, j) {
                        continue;
                    }
                    let c = position::after(code, j);
                    if position::pegs(c) == 1 {
                        if c & self.goal_set != 0 {
                            found = Some((c, i as u32, false));
                            break 'level;
                        }
                        continue;
                    }
                    let key = self.canon.canonical(c);
                    match self.remembered(key) {
                        Some(true) => {
                            found = Some((c, i as u32, true));
                            break 'level;
                        }
                        Some(false) => continue,
                        None => {}
                    }
                    if next.contains_key(&key) || self.cut(c) {
                        continue;
                    }
                    let score = self.score(c);
                    next.insert(key, (score, c, i as u32));
                }
            }
            if let Some((c, parent, _)) = found {
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
            if next.is_empty() {
                return false;
            }
            let mut v: Vec<(i32, u64, u32)> = next.into_values().collect();
            if v.len() > width {
                v.select_nth_unstable(width);
                v.truncate(width);
            }
            levels.push(v.into_iter().map(|(_, c, p)| (c, p)).collect());
        }
    }

    fn remembered(&self, key: u64) -> Option<bool> {
        self.memo.get(&key).or_else(|| self.old.get(&key)).copied()
    }

    fn remember(&mut self, key: u64, w: bool) {
        if self.memo.len() >= MEMO_LIMIT {
            self.old = std::mem::take(&mut self.memo);
        }
        self.memo.insert(key, w);
    }

    /// Ordering score of a position: lower is tried first.
    fn score(&self, code: u64) -> i32 {
        let mut s = 0;
        let mut rest = code;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            s += self.distance[k];
            if self.neighbours[k] & code == 0 {
                s += 80; // a lone peg is hard to clear
            }
            rest &= rest - 1;
        }
        s
    }

    fn search(&mut self, code: u64, budget: &mut Budget, depth: usize) -> Option<bool> {
        if position::pegs(code) == 1 {
            return Some(code & self.goal_set != 0);
        }
        let key = self.canon.canonical(code);
        if let Some(w) = self.remembered(key) {
            return Some(w);
        }
        if budget.nodes == 0 {
            return None;
        }
        budget.nodes -= 1;
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(CLOCK_EVERY) && budget.out_of_time() {
            return None;
        }
        let mut kids = self.buffers.get_mut(depth).map(std::mem::take);
        let kids = kids.get_or_insert_with(Vec::new);
        kids.clear();
        for j in self.board.jumps() {
            if position::can_jump(code, *j) {
                let c = position::after(code, *j);
                kids.push((0, c));
            }
        }
        // cut off children that provably lose; score the rest
        let mut i = 0;
        while i < kids.len() {
            let c = kids[i].1;
            if position::pegs(c) > 1 && self.cut(c) {
                kids.swap_remove(i);
            } else {
                kids[i].0 = self.score(c);
                i += 1;
            }
        }
        kids.sort_unstable();
        let mut unknown = false;
        let mut won = false;
        for &(_, c) in kids.iter() {
            match self.search(c, budget, depth + 1) {
                Some(true) => {
                    won = true;
                    break;
                }
                Some(false) => {}
                None => unknown = true,
            }
        }
        let kids = std::mem::take(kids);
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        self.buffers[depth] = kids;
        if won {
            self.remember(key, true);
            return Some(true);
        }
        if unknown {
            return None;
        }
        self.remember(key, false);
        Some(false)
    }
}

/// The point the ordering pulls pegs towards: the goal's holes' centre (the board's centre
/// for goal `any`).
fn centre(board: &Board, goal_set: u64) -> (f64, f64) {
    let pts: Vec<(f64, f64)> = (0..board.len() as u8)
        .filter(|&h| goal_set >> h & 1 == 1)
        .map(|h| board.display_xy(h))
        .collect();
    let n = pts.len().max(1) as f64;
    (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    )
}
