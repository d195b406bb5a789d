//! A problem: a board, where the game starts and where it must end.

use crate::board::{bit, Board};
use crate::error::{Error, Result};
use crate::position;
use crate::symmetry::{self, Canon};

/// Which hole is empty at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Start {
    /// One hole is empty.
    Hole(u8),
    /// Any single vacancy (the union over every start: Bell's superset).
    All,
}

/// Where the last peg must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// In the hole that was empty at the start (the complement problem).
    Start,
    /// Anywhere.
    Any,
    /// In this hole.
    Hole(u8),
}

/// A board with a start and a goal, checked to make sense together.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The board.
    pub board: Board,
    /// The start.
    pub start: Start,
    /// The goal.
    pub goal: Goal,
}

impl Problem {
    /// Builds a problem from text: `start` is a hole name or `all`; `goal` is `start`, `any`
    /// or a hole name.
    pub fn parse(board: Board, start: &str, goal: &str) -> Result<Problem> {
        let start = match start.trim() {
            "all" => Start::All,
            "" => return Err(Error::BadStart(start.to_string())),
            s => Start::Hole(board.hole(s)?),
        };
        let goal = match goal.trim() {
            "start" => Goal::Start,
            "any" => Goal::Any,
            "" => return Err(Error::BadGoal(goal.to_string())),
            g => Goal::Hole(board.hole(g).map_err(|_| Error::BadGoal(g.to_string()))?),
        };
        Problem::new(board, start, goal)
    }

    /// Builds a problem; refuses `start all` with `goal start`, which is no single goal.
    pub fn new(board: Board, start: Start, goal: Goal) -> Result<Problem> {
        if start == Start::All && goal == Goal::Start {
            return Err(Error::BadGoal(
                "start (with start 'all' every game would have its own goal: use 'any' or a hole)"
                    .into(),
            ));
        }
        Ok(Problem { board, start, goal })
    }

    /// Holes that may be the initial vacancy.
    pub fn start_set(&self) -> u64 {
        match self.start {
            Start::Hole(h) => bit(h),
            Start::All => self.board.full(),
        }
    }

    /// Holes the last peg may end in.
    pub fn goal_set(&self) -> u64 {
        match (self.goal, self.start) {
            (Goal::Start, Start::Hole(h)) | (Goal::Hole(h), _) => bit(h),
            _ => self.board.full(),
        }
    }

    /// The start positions (one per start hole).
    pub fn start_positions(&self) -> Vec<u64> {
        (0..self.board.len() as u8)
            .filter(|&k| self.start_set() >> k & 1 == 1)
            .map(|k| position::single_vacancy(&self.board, k))
            .collect()
    }

    /// True when a one-peg position meets the goal.
    pub fn is_goal(&self, code: u64) -> bool {
        position::pegs(code) == 1 && code & self.goal_set() != 0
    }

    /// True when winning positions are closed under complement (start set = goal set), so
    /// that W_n = complement(W_(N−n)) and half the sets suffice.
    pub fn is_self_complementary(&self) -> bool {
        self.start_set() == self.goal_set()
    }

    /// The symmetries that keep both the start set and the goal set: canonical forms under
    /// this group never merge positions with different answers (Bell's degeneracy).
    pub fn canon(&self) -> Canon {
        Canon::new(
            self.board.len(),
            symmetry::stabiliser(&self.board, &[self.start_set(), self.goal_set()]),
        )
    }

    /// Text of the start (`d4` or `all`).
    pub fn start_text(&self) -> String {
        match self.start {
            Start::Hole(h) => self.board.hole_name(h).to_string(),
            Start::All => "all".into(),
        }
    }

    /// Text of the goal (`start`, `any` or a hole name).
    pub fn goal_text(&self) -> String {
        match self.goal {
            Goal::Start => "start".into(),
            Goal::Any => "any".into(),
            Goal::Hole(h) => self.board.hole_name(h).to_string(),
        }
    }

    /// A symmetry (its number in the board's group) that maps this problem's start set into
    /// `start_set` and its goal set onto `goal_set`: then a table solved for those sets answers
    /// every position of this problem, after that symmetry.
    pub fn symmetry_onto(&self, start_set: u64, goal_set: u64) -> Option<usize> {
        self.board.symmetries().iter().position(|p| {
            let s = symmetry::apply(p, self.start_set());
            s & start_set == s && symmetry::apply(p, self.goal_set()) == goal_set
        })
    }

    /// False when position classes alone show that no start can reach the goal (the French
    /// central game, say): an exact "no solution" without any search.
    pub fn classes_allow(&self) -> bool {
        let classes = crate::classes::Classes::of(&self.board);
        self.start_positions()
            .into_iter()
            .any(|s| classes.may_reach(s, self.goal_set()))
    }
}
