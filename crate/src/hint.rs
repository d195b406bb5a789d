//! "Is this jump good?": a jump is good exactly when the position after it is winning.
//! Answers come from a table when one covers the game, else from the live solver.

use std::sync::Arc;

use serde::Serialize;

use crate::board::Jump;
use crate::error::{Error, Result};
use crate::position;
use crate::problem::Problem;
use crate::solve::live::Live;
use crate::symmetry::Canon;
use crate::table::Table;

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
}

/// Answers winning questions for one problem.
#[derive(Debug, Clone)]
pub struct Oracle {
    problem: Problem,
    attached: Option<Attached>,
    live: Live,
    /// Nodes the live solver may visit per question.
    pub budget: u64,
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
        }
    }

    /// Attaches a table; refuses one for another board or another problem.
    pub fn attach(&mut self, table: Arc<Table>) -> Result<()> {
        table.check_board(&self.problem.board)?;
        let sym = self
            .problem
            .symmetry_onto(table.start_set, table.goal_set)
            .ok_or_else(|| {
                Error::BadTable(format!(
                    "the table does not cover start {} with goal {}",
                    self.problem.start_text(),
                    self.problem.goal_text()
                ))
            })?;
        let board = &self.problem.board;
        let canon = table.canon(board);
        self.attached = Some(Attached {
            table,
            canon,
            full: Canon::full(board),
            sym,
        });
        Ok(())
    }

    /// Where answers come from now.
    pub fn source(&self) -> Source {
        if self.attached.is_some() {
            Source::Table
        } else {
            Source::Search
        }
    }

    /// Is `code` (a position reachable from the start) winning? None: the search gave up.
    pub fn winning(&mut self, code: u64) -> Option<bool> {
        match &self.attached {
            Some(a) => Some(table_winning(
                a,
                &self.problem,
                a.full.transform(a.sym, code),
            )),
            None => {
                let mut budget = self.budget;
                self.live.winning(code, &mut budget)
            }
        }
    }

    /// The verdict on every legal jump of `code`.
    pub fn classify(&mut self, code: u64) -> Vec<(Jump, Verdict)> {
        let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, code).collect();
        jumps
            .into_iter()
            .map(|j| (j, Verdict::from(self.winning(position::after(code, j)))))
            .collect()
    }

    /// A winning line of jumps from `code`, if the oracle can find one.
    pub fn solution(&mut self, code: u64) -> Option<Vec<Jump>> {
        let mut line = Vec::new();
        let mut x = code;
        while position::pegs(x) > 1 {
            let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, x).collect();
            let j = jumps
                .into_iter()
                .find(|&j| self.winning(position::after(x, j)) == Some(true))?;
            line.push(j);
            x = position::after(x, j);
        }
        self.problem.is_goal(x).then_some(line)
    }
}

/// Table membership; a level that is not stored is answered from its children (exact for
/// reachable positions: a position wins iff some child wins).
fn table_winning(a: &Attached, problem: &Problem, code: u64) -> bool {
    if let Some(w) = a.table.lookup(&a.canon, code) {
        return w;
    }
    if position::pegs(code) <= 1 {
        return code & a.table.goal_set != 0;
    }
    let board = &problem.board;
    position::children(board, code).any(|c| table_winning(a, problem, c))
}
