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
use crate::error::{Error, Result};
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
    /// Nodes the live solver may visit per question.
    pub budget: u64,
    /// Set during a refinement try (see `refine`): the try's number.
    attempt: Option<u32>,
    /// Milliseconds the live solver may spend per question, on `clock` (none: no limit).
    pub time_ms: Option<f64>,
    /// A clock in milliseconds for `time_ms` (the core reads no clock of its own: wasm has
    /// none in `std`).
    pub clock: Option<fn() -> f64>,
    /// Table parts that answers were waiting for since the last `take_needs`, each once (a
    /// few at a time: a vector, not a set, keeps the B-tree code out of the wasm).
    needs: Vec<Need>,
    /// The game starts from a set position, which the table's starts may not reach.
    edited: bool,
    /// For an `edited` game: the positions asked about now are at or below a position the
    /// table holds as winning, so the table's "not there" means losing (set by the game).
    pub covered: bool,
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
            budget: DEFAULT_BUDGET,
            attempt: None,
            time_ms: None,
            clock: None,
            needs: Vec::new(),
            edited: matches!(problem.start, Start::Position(_)),
            covered: false,
        }
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
            Error::BadTable(format!(
                "the table does not cover start {} with goal {}",
                self.problem.start_text(),
                self.problem.goal_text()
            ))
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

    /// Where answers come from now (for an edited game: the table once the position asked
    /// about is `covered`, the live solver with the table's help before).
    pub fn source(&self) -> Source {
        if self.attached.is_some() && (!self.edited || self.covered) {
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

    /// True when the table's "not there" means losing for the positions asked about now.
    fn table_says_losing(&self) -> bool {
        !self.edited || self.covered
    }

    /// Is `code` (a position reachable from the start) winning? None: the search gave up,
    /// or the table part that answers has not arrived (see `verdict`).
    pub fn winning(&mut self, code: u64) -> Option<bool> {
        match self.verdict(code) {
            Verdict::Good => Some(true),
            Verdict::Bad => Some(false),
            Verdict::Unknown | Verdict::Loading => None,
        }
    }

    /// The verdict on a position: good when the goal can still be reached from it.
    pub fn verdict(&mut self, code: u64) -> Verdict {
        match &self.attached {
            Some(a) => {
                let goal = goal_holes(&self.problem, a.sym, &a.full);
                match table_winning(a, &self.problem, goal, a.full.transform(a.sym, code)) {
                    Ok(true) => Verdict::Good,
                    Ok(false) if self.table_says_losing() => Verdict::Bad,
                    Ok(false) => self.live_verdict(code),
                    Err(need) => {
                        if !self.needs.contains(&need) {
                            self.needs.push(need);
                        }
                        Verdict::Loading
                    }
                }
            }
            None => self.live_verdict(code),
        }
    }

    /// The live solver's verdict, within the budget (a refinement try's with `attempt`).
    fn live_verdict(&mut self, code: u64) -> Verdict {
        let deadline = match (self.clock, self.time_ms) {
            (Some(clock), Some(ms)) => Some((clock, clock() + ms)),
            _ => None,
        };
        let mut budget = Budget {
            nodes: self.budget,
            deadline,
        };
        Verdict::from(match self.attempt {
            Some(n) => self.live.refine(code, n, &mut budget),
            None => self.live.winning_within(code, &mut budget),
        })
    }

    /// The verdict on `code` as far as it is known without searching (the table, a cut-off,
    /// or the live search's memory): Unknown where a search would be needed.
    pub fn known(&mut self, code: u64) -> Verdict {
        let budget = std::mem::replace(&mut self.budget, 0);
        let v = self.verdict(code);
        self.budget = budget;
        v
    }

    /// One more try, within the budget, at a position the live search left undecided (the
    /// `attempt`-th; see [`Live::refine`]). Where the table answers, that is the answer.
    pub fn refine(&mut self, code: u64, attempt: u32) -> Verdict {
        self.attempt = Some(attempt);
        let v = self.verdict(code);
        self.attempt = None;
        v
    }

    /// The attached table's answer for `code` (None without a table, or while the part that
    /// answers is missing). Takes `&self`, so bulk walks (counting, fewest moves) can share it
    /// across threads.
    pub fn from_table(&self, code: u64) -> Option<bool> {
        let a = self.attached.as_ref()?;
        let goal = goal_holes(&self.problem, a.sym, &a.full);
        match table_winning(a, &self.problem, goal, a.full.transform(a.sym, code)) {
            Ok(false) if !self.table_says_losing() => None,
            w => w.ok(),
        }
    }

    /// What the live solver has done so far (positions searched, cut off, settled).
    pub fn live_stats(&self) -> Stats {
        self.live.stats()
    }

    /// The verdict on every legal jump of `code`.
    pub fn classify(&mut self, code: u64) -> Vec<(Jump, Verdict)> {
        let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, code).collect();
        jumps
            .into_iter()
            .map(|j| (j, self.verdict(position::after(code, j))))
            .collect()
    }

    /// A winning line of jumps from `code`, if the oracle can find one.
    pub fn solution(&mut self, code: u64) -> Option<Vec<Jump>> {
        let mut line = Vec::new();
        let mut x = code;
        while position::pegs(x) > 1 {
            let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, x).collect();
            let j = self
                .known_good(x, &jumps)
                .or_else(|| self.first_winning(x, &jumps))?;
            line.push(j);
            x = position::after(x, j);
        }
        self.problem.is_goal(x).then_some(line)
    }

    /// A jump from `x` to a position already known to win (from the table, or on a line the
    /// live search found and remembers), asked with no search budget: a solution follows the
    /// line a search found at once, instead of first spending a whole budget on each jump
    /// before it that the search can't settle.
    fn known_good(&mut self, x: u64, jumps: &[Jump]) -> Option<Jump> {
        jumps
            .iter()
            .copied()
            .find(|&j| self.known(position::after(x, j)) == Verdict::Good)
    }

    /// The first of `jumps` from `x` whose position the oracle finds winning, within its
    /// budget for each.
    fn first_winning(&mut self, x: u64, jumps: &[Jump]) -> Option<Jump> {
        jumps
            .iter()
            .copied()
            .find(|&j| self.winning(position::after(x, j)) == Some(true))
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
