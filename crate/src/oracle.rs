//! "Is this jump good?": a jump is good exactly when the position after it is winning.
//! Answers come from a table when one covers the game, else from the live solver.
//!
//! A game from a set position (edit mode) may start outside the table's reachable set. A
//! table's "winning" is sound for any position (it holds only positions that reach the goal),
//! but its "not there" means losing only for positions reachable from the table's starts: at or
//! below a position the table holds as winning. The game tells the oracle whether the position
//! it asks about lies there (`covered`); elsewhere a "not there" goes to the live solver.

use std::sync::Arc;

use serde::Serialize;

use crate::board::Jump;
use crate::error::{Error, Fault, Result};
use crate::masks::Candidates;
use crate::position;
use crate::problem::{Goal, Problem, Start};
use crate::search::live::{Budget, Live, Stats};
use crate::symmetry::Canon;
use crate::table::{Look, Need, Table};

/// The verdict on one jump or position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The goal can still be reached.
    Good,
    /// The goal can no longer be reached (a bomb).
    Bad,
    /// The live solver ran out of budget: no guess is made.
    Unknown,
    /// The part of the table that answers is still on its way.
    Loading,
}

impl From<Option<bool>> for Verdict {
    fn from(v: Option<bool>) -> Self {
        match v {
            Some(true) => Verdict::Good,
            Some(false) => Verdict::Bad,
            None => Verdict::Unknown,
        }
    }
}

/// Where answers come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A precomputed table.
    Table,
    /// The live solver.
    Search,
}

/// A table attached to a game, with the symmetry that maps the game onto the table's problem.
#[derive(Debug, Clone)]
struct Attached {
    table: Arc<Table>,
    canon: Canon,
    full: Canon,
    sym: usize,
    /// For tables with masks: the candidates that expand them.
    candidates: Option<Candidates>,
}

/// Answers winning questions for one problem.
#[derive(Debug, Clone)]
pub struct Oracle {
    problem: Problem,
    attached: Option<Attached>,
    live: Live,
    /// The limits of a question asked without its own ([`Oracle::ask`]).
    limits: Limits,
    /// Table parts that answers were waiting for since the last `take_needs`, each once (a
    /// few at a time: a vector, not a set, keeps the B-tree code out of the wasm).
    needs: Vec<Need>,
    /// The game starts from a set position, which the table's starts may not reach.
    edited: bool,
}

/// How far the live solver may go for one question: new positions visited, and milliseconds
/// on a clock.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// New positions the live solver may visit.
    pub nodes: u64,
    /// Milliseconds it may spend, on `clock` (none: no limit).
    pub time_ms: Option<f64>,
    /// A clock in milliseconds for `time_ms` (the core reads no clock of its own: wasm has
    /// none in `std`).
    pub clock: Option<fn() -> f64>,
}

impl Limits {
    /// At most `nodes` new positions, and no clock.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            time_ms: None,
            clock: None,
        }
    }

    /// A `parts`-th of these limits (at least one position), for each of several questions.
    pub fn share(self, parts: u32) -> Limits {
        Limits {
            nodes: (self.nodes / u64::from(parts.max(1))).max(1),
            time_ms: self.time_ms.map(|t| t / f64::from(parts.max(1))),
            ..self
        }
    }

    /// These limits, with at most `ms` milliseconds on `clock`.
    pub fn within_ms(self, ms: f64, clock: fn() -> f64) -> Limits {
        Limits {
            time_ms: Some(self.time_ms.map_or(ms, |t| t.min(ms))),
            clock: Some(self.clock.unwrap_or(clock)),
            ..self
        }
    }
}

/// One question's options: how far the live solver may go, and what the asker knows of the
/// position. They travel with the question, so no answer depends on what was asked before.
#[derive(Debug, Clone, Copy)]
pub struct Ask {
    /// The live solver's limits.
    pub limits: Limits,
    /// For a game from a set position: the position asked about is at or below one the table
    /// holds as winning, so the table's "not there" means losing (the game knows; see
    /// `Game::ask`).
    pub covered: bool,
    /// A refinement try's number (see [`Live::refine`]), or none: a first search.
    pub attempt: Option<u32>,
}

impl Ask {
    /// A question within `limits`, about a position not known to be covered.
    pub fn new(limits: Limits) -> Ask {
        Ask {
            limits,
            covered: false,
            attempt: None,
        }
    }

    /// This question about a position `covered` or not.
    pub fn covered(self, covered: bool) -> Ask {
        Ask { covered, ..self }
    }

    /// This question as the `attempt`-th refinement try.
    pub fn attempt(self, attempt: u32) -> Ask {
        Ask {
            attempt: Some(attempt),
            ..self
        }
    }
}

/// Default live-search budget per question (new positions visited).
pub const DEFAULT_BUDGET: u64 = 200_000;

impl Oracle {
    /// An oracle with no table: every answer comes from the live solver.
    pub fn new(problem: &Problem) -> Oracle {
        Oracle {
            problem: problem.clone(),
            attached: None,
            live: Live::new(problem),
            limits: Limits::nodes(DEFAULT_BUDGET),
            needs: Vec::new(),
            edited: matches!(problem.start, Start::Position(_)),
        }
    }

    /// The limits of a question asked without its own.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Sets the limits of the questions asked without their own.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// A question within the oracle's limits (see [`Ask`]).
    pub fn ask(&self) -> Ask {
        Ask::new(self.limits)
    }

    /// Attaches a table; refuses one for another board or another problem.
    pub fn attach(&mut self, table: Arc<Table>) -> Result<()> {
        table.check_board(&self.problem.board)?;
        let board = &self.problem.board;
        let sym = if table.masks {
            covered_by_masks(&self.problem, &table).then_some(0)
        } else if self.edited {
            self.problem.goal_onto(table.goal_set)
        } else {
            self.problem.symmetry_onto(table.start_set, table.goal_set)
        }
        .ok_or_else(|| {
            Error::from(Fault::NotCovered {
                start: self.problem.start_text(),
                goal: self.problem.goal_text(),
            })
        })?;
        let canon = table.canon(board);
        let candidates = table.masks.then(|| Candidates::of(board));
        self.attached = Some(Attached {
            table,
            canon,
            full: Canon::full(board),
            sym,
            candidates,
        });
        Ok(())
    }

    /// The table parts answers waited for since the last call (to fetch them), in the order
    /// they were first asked for.
    pub fn take_needs(&mut self) -> Vec<Need> {
        std::mem::take(&mut self.needs)
    }

    /// Notes table parts that another oracle on the same table waited for (a copy of the game
    /// asked on its behalf), so the next `take_needs` hands them out.
    pub fn note_needs(&mut self, needs: Vec<Need>) {
        for need in needs {
            if !self.needs.contains(&need) {
                self.needs.push(need);
            }
        }
    }

    /// The attached table, if any.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.attached.as_ref().map(|a| &a.table)
    }

    /// Where answers come from for a position (for an edited game: the table once the
    /// position is `covered`, the live solver with the table's help before).
    pub fn source(&self, covered: bool) -> Source {
        if self.attached.is_some() && self.table_says_losing(covered) {
            Source::Table
        } else {
            Source::Search
        }
    }

    /// For an edited game with a table: does the table hold `code` as winning? Asks for the
    /// part that answers when it is missing (then: false for now).
    pub fn table_holds(&mut self, code: u64) -> bool {
        let Some(a) = &self.attached else {
            return false;
        };
        let goal = goal_holes(&self.problem, a.sym, &a.full);
        match table_winning(a, &self.problem, goal, a.full.transform(a.sym, code)) {
            Ok(w) => w,
            Err(need) => {
                if !self.needs.contains(&need) {
                    self.needs.push(need);
                }
                false
            }
        }
    }

    /// True when the table's "not there" means losing for a position `covered` or not.
    fn table_says_losing(&self, covered: bool) -> bool {
        !self.edited || covered
    }

    /// Is `code` (a position reachable from the start) winning? None: the search gave up,
    /// or the table part that answers has not arrived (see `verdict`).
    pub fn winning(&mut self, code: u64, ask: Ask) -> Option<bool> {
        match self.verdict(code, ask) {
            Verdict::Good => Some(true),
            Verdict::Bad => Some(false),
            Verdict::Unknown | Verdict::Loading => None,
        }
    }

    /// The verdict on a position: good when the goal can still be reached from it.
    pub fn verdict(&mut self, code: u64, ask: Ask) -> Verdict {
        match &self.attached {
            Some(a) => {
                let goal = goal_holes(&self.problem, a.sym, &a.full);
                match table_winning(a, &self.problem, goal, a.full.transform(a.sym, code)) {
                    Ok(true) => Verdict::Good,
                    Ok(false) if self.table_says_losing(ask.covered) => Verdict::Bad,
                    Ok(false) => self.live_verdict(code, ask),
                    Err(need) => {
                        if !self.needs.contains(&need) {
                            self.needs.push(need);
                        }
                        Verdict::Loading
                    }
                }
            }
            None => self.live_verdict(code, ask),
        }
    }

    /// The live solver's verdict, within the question's limits (a refinement try's with its
    /// `attempt`).
    fn live_verdict(&mut self, code: u64, ask: Ask) -> Verdict {
        let Limits {
            nodes,
            time_ms,
            clock,
        } = ask.limits;
        let deadline = match (clock, time_ms) {
            (Some(clock), Some(ms)) => Some((clock, clock() + ms)),
            _ => None,
        };
        let mut budget = Budget { nodes, deadline };
        Verdict::from(match ask.attempt {
            Some(n) => self.live.refine(code, n, &mut budget),
            None => self.live.winning_within(code, &mut budget),
        })
    }

    /// The verdict on `code` as far as it is known without searching (the table, a cut-off,
    /// or the live search's memory): Unknown where a search would be needed.
    pub fn known(&mut self, code: u64, covered: bool) -> Verdict {
        self.verdict(code, Ask::new(Limits::nodes(0)).covered(covered))
    }

    /// The attached table's answer for `code` (None without a table, or while the part that
    /// answers is missing). Takes `&self`, so bulk walks (counting, fewest moves) can share it
    /// across threads.
    pub fn from_table(&self, code: u64, covered: bool) -> Option<bool> {
        let a = self.attached.as_ref()?;
        let goal = goal_holes(&self.problem, a.sym, &a.full);
        match table_winning(a, &self.problem, goal, a.full.transform(a.sym, code)) {
            Ok(false) if !self.table_says_losing(covered) => None,
            w => w.ok(),
        }
    }

    /// What the live solver has done so far (positions searched, cut off, settled).
    pub fn live_stats(&self) -> Stats {
        self.live.stats()
    }

    /// The verdict on every legal jump of `code`.
    pub fn classify(&mut self, code: u64, ask: Ask) -> Vec<(Jump, Verdict)> {
        let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, code).collect();
        jumps
            .into_iter()
            .map(|j| (j, self.verdict(position::after(code, j), ask)))
            .collect()
    }

    /// A winning line of jumps from `code`, if the oracle can find one.
    pub fn solution(&mut self, code: u64, ask: Ask) -> Option<Vec<Jump>> {
        let mut line = Vec::new();
        let mut x = code;
        while position::pegs(x) > 1 {
            let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, x).collect();
            let j = self
                .known_good(x, &jumps, ask.covered)
                .or_else(|| self.first_winning(x, &jumps, ask))?;
            line.push(j);
            x = position::after(x, j);
        }
        self.problem.is_goal(x).then_some(line)
    }

    /// A jump from `x` to a position already known to win (from the table, or on a line the
    /// live search found and remembers), asked with no search budget: a solution follows the
    /// line a search found at once, instead of first spending a whole budget on each jump
    /// before it that the search can't settle.
    fn known_good(&mut self, x: u64, jumps: &[Jump], covered: bool) -> Option<Jump> {
        jumps
            .iter()
            .copied()
            .find(|&j| self.known(position::after(x, j), covered) == Verdict::Good)
    }

    /// The first of `jumps` from `x` whose position the oracle finds winning, within its
    /// budget for each.
    fn first_winning(&mut self, x: u64, jumps: &[Jump], ask: Ask) -> Option<Jump> {
        jumps
            .iter()
            .copied()
            .find(|&j| self.winning(position::after(x, j), ask) == Some(true))
    }
}

/// True when a table with masks covers the problem: it holds every single vacancy and every
/// finish, so any single-vacancy start (or a set position: see `covered`) with any goal.
fn covered_by_masks(problem: &Problem, table: &Table) -> bool {
    let full = problem.board.full();
    matches!(problem.start, Start::Hole(_) | Start::Position(_))
        && table.start_set == full
        && table.goal_set == full
}

/// The goal's holes, in the table's frame (the game's goal set moved by symmetry `sym`).
fn goal_holes(problem: &Problem, sym: usize, full: &Canon) -> u64 {
    let g = match problem.goal {
        Goal::Any => problem.board.full(),
        _ => problem.goal_set(),
    };
    full.transform(sym, g)
}

/// Table membership; a level that is not stored is answered from its children (exact for
/// reachable positions: a position wins iff some child wins). Err names the part to fetch.
fn table_winning(
    a: &Attached,
    problem: &Problem,
    goal: u64,
    code: u64,
) -> std::result::Result<bool, Need> {
    if position::pegs(code) <= 1 {
        return Ok(code & goal != 0);
    }
    match a.table.look(&a.canon, code) {
        Look::Stored {
            sym,
            flipped,
            sym_index,
            canonical,
        } => Ok(match &a.candidates {
            None => true,
            Some(c) => {
                // the mask is in the canonical frame: pull it back to the position's
                let mask = c.expand(canonical, sym, flipped);
                let perm = &a.canon.perms()[sym_index];
                let back = perm
                    .iter()
                    .enumerate()
                    .filter(|(_, &img)| mask >> img & 1 == 1)
                    .fold(0u64, |m, (k, _)| m | 1u64 << k);
                back & goal != 0
            }
        }),
        Look::Absent => Ok(false),
        Look::Missing(need) => Err(need),
        Look::NoLevel => {
            let board = &problem.board;
            let mut missing = None;
            for c in position::children(board, code) {
                match table_winning(a, problem, goal, c) {
                    Ok(true) => return Ok(true),
                    Ok(false) => {}
                    Err(n) => missing = Some(n),
                }
            }
            missing.map_or(Ok(false), Err)
        }
    }
}
