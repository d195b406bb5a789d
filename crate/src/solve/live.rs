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
            pagodas: Pagodas::for_goal(board, goal_set),
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
    pub fn winning_within(&mut self, code: u64, budget: &mut Budget) -> Option<bool> {
        if position::pegs(code) <= 1 {
            return Some(code & self.goal_set != 0);
        }
        if !self.may_reach(code) {
            return Some(false);
        }
        self.search(code, budget, 0)
    }

    /// What the solver has done since it was made.
    pub fn stats(&self) -> Stats {
        Stats {
            settled: (self.memo.len() + self.old.len()) as u64,
            ..self.stats
        }
    }

    /// False when a sound argument shows the goal can't be reached from `code` (more than one
    /// peg): no finish the position class allows survives the pagodas.
    fn may_reach(&mut self, code: u64) -> bool {
        let class = self.classes.class(code);
        let mut g = self.goal_set;
        let mut class_ok = false;
        while g != 0 {
            let h = g.trailing_zeros() as u8;
            g &= g - 1;
            if self.hole_class[h as usize] != class {
                continue;
            }
            class_ok = true;
            if !self.pagodas.excludes(code, h) {
                return true;
            }
        }
        if class_ok {
            self.stats.pagoda_cuts += 1;
        } else {
            self.stats.class_cuts += 1;
        }
        false
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
            if position::pegs(c) > 1 && !self.may_reach(c) {
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
