//! A problem: a board, where the game starts and where it must end.

use crate::board::{bit, Board};
use crate::error::{Error, GoalWhy, InputError, PositionWhy, Result, StartWhy};
use crate::moves;
use crate::position::{self, Position};
use crate::symmetry::{self, Canon};

/// Which hole is empty at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Start {
    /// One hole is empty.
    Hole(u8),
    /// Any single vacancy (the union over every start: Bell's superset).
    All,
    /// This position (a code: bit k is a peg in hole k), with any number of empty holes.
    Position(u64),
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
    /// A start written as a position (`XXoXo`, see [`moves::parse_position`]) is read as one.
    pub fn parse(board: Board, start: &str, goal: &str) -> Result<Problem> {
        let start = match start.trim() {
            "all" => Start::All,
            "" => return Err(Error::bad_start(start, StartWhy::Empty)),
            s if looks_like_position(s) => {
                Start::Position(moves::parse_position(&board, s)?.code())
            }
            s => Start::Hole(
                board
                    .hole(s)
                    .map_err(|e| Error::bad_start(s, StartWhy::NoHole(Box::new(e))))?,
            ),
        };
        let goal = parse_goal(&board, goal)?;
        Problem::new(board, start, goal)
    }

    /// A problem from a start position in text (`XXoXoXX`) and a goal (`start`, `any` or a
    /// hole; `start` means `any`, see [`Problem::new`]).
    pub fn with_position(board: Board, position: &str, goal: &str) -> Result<Problem> {
        let code = moves::parse_position(&board, position)?.code();
        let goal = parse_goal(&board, goal)?;
        Problem::new(board, Start::Position(code), goal)
    }

    /// Builds a problem; refuses `start all` with `goal start`, which is no single goal, and a
    /// start position with no peg or with no empty hole.
    ///
    /// The one rule for goal `start` from a set position: a set position has no start hole, so
    /// finishing "where the game started" names no hole and means `any`. (A game that had a
    /// start hole and goes on from another position keeps that hole: [`Problem::from_here`].)
    pub fn new(board: Board, start: Start, goal: Goal) -> Result<Problem> {
        if start == Start::All && goal == Goal::Start {
            return Err(Error::bad_goal("start", GoalWhy::StartOfAll));
        }
        if let Start::Position(code) = start {
            let text = moves::position_text(&board, code);
            let bad = |why: PositionWhy| -> Error {
                InputError::BadPosition {
                    text: text.clone(),
                    why,
                }
                .into()
            };
            if code & board.full() == 0 {
                return Err(bad(PositionWhy::NoPeg));
            }
            if code & board.full() == board.full() {
                return Err(bad(PositionWhy::NoEmptyHole));
            }
            if goal == Goal::Start {
                return Ok(Problem {
                    board,
                    start,
                    goal: Goal::Any,
                });
            }
        }
        Ok(Problem { board, start, goal })
    }

    /// The same game played on from `position`: goal `start` becomes the hole that
    /// was empty at the start, and without a start hole it means `any` (the rule of
    /// [`Problem::new`]). Refuses a position with no peg or no empty hole.
    pub fn from_here(&self, position: Position) -> Result<Problem> {
        let goal = match (self.goal, self.start) {
            (Goal::Start, Start::Hole(h)) => Goal::Hole(h),
            (g, _) => g,
        };
        Problem::new(self.board.clone(), Start::Position(position.code()), goal)
    }

    /// Holes that may be the initial vacancy.
    /// For a start position, its empty holes.
    pub fn start_set(&self) -> u64 {
        match self.start {
            Start::Hole(h) => bit(h),
            Start::All => self.board.full(),
            Start::Position(code) => self.board.full() & !code,
        }
    }

    /// Holes the last peg may end in.
    pub fn goal_set(&self) -> u64 {
        match (self.goal, self.start) {
            (Goal::Start, Start::Hole(h)) | (Goal::Hole(h), _) => bit(h),
            _ => self.board.full(),
        }
    }

    /// The start positions (one per start hole, or the start position).
    pub fn start_positions(&self) -> Vec<u64> {
        if let Start::Position(code) = self.start {
            return vec![code & self.board.full()];
        }
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

    /// True when a solve may stop the forward levels halfway and make the winning levels of
    /// the lower half as complements of the upper half's: a self-complementary problem of at
    /// least three holes, when not every reachable level is asked for (`all_reachable`).
    pub fn solved_by_halves(&self, all_reachable: bool) -> bool {
        self.is_self_complementary() && !all_reachable && self.board.len() >= 3
    }

    /// The symmetries that keep both the start set and the goal set: canonical forms under
    /// this group never merge positions with different answers (Bell's degeneracy).
    pub fn canon(&self) -> Canon {
        Canon::new(
            self.board.len(),
            symmetry::stabiliser(&self.board, &[self.start_set(), self.goal_set()]),
        )
    }

    /// Text of the start (`d4`, `all`, or a position such as `XXoXoXX`).
    pub fn start_text(&self) -> String {
        match self.start {
            Start::Hole(h) => self.board.hole_name(h).to_string(),
            Start::All => "all".into(),
            Start::Position(code) => moves::position_text(&self.board, code),
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
    /// every position of this problem, after that symmetry. Never for a start position: tables
    /// hold only positions reachable from single vacancies.
    pub fn symmetry_onto(&self, start_set: u64, goal_set: u64) -> Option<usize> {
        if matches!(self.start, Start::Position(_)) {
            return None;
        }
        self.board.symmetries().iter().position(|p| {
            let s = symmetry::apply(p, self.start_set());
            s & start_set == s && symmetry::apply(p, self.goal_set()) == goal_set
        })
    }

    /// A symmetry of the board that maps the goal set onto `goal_set` (a game from a set
    /// position: its start is no hole for a table's starts to match).
    pub fn goal_onto(&self, goal_set: u64) -> Option<usize> {
        self.board
            .symmetries()
            .iter()
            .position(|p| symmetry::apply(p, self.goal_set()) == goal_set)
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

/// Reads a goal: `start`, `any` or a hole name.
pub fn parse_goal(board: &Board, goal: &str) -> Result<Goal> {
    Ok(match goal.trim() {
        "start" => Goal::Start,
        "any" => Goal::Any,
        "" => return Err(Error::bad_goal(goal, GoalWhy::Empty)),
        g => Goal::Hole(
            board
                .hole(g)
                .map_err(|e| Error::bad_goal(g, GoalWhy::NoHole(Box::new(e))))?,
        ),
    })
}

/// True when a start text is written as a position (only `X`, `o`, `.` and `/`), not a hole.
pub fn looks_like_position(s: &str) -> bool {
    crate::notation::PositionText::looks_like(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(l: usize) -> Board {
        Board::by_name(&format!("row:{l}")).unwrap()
    }

    #[test]
    fn a_start_position_round_trips_through_text() {
        let p = Problem::with_position(row(7), "XXoXoXX", "any").unwrap();
        assert_eq!(p.start, Start::Position(0b1101011));
        assert_eq!(p.start_text(), "XXoXoXX");
        assert_eq!(p.start_positions(), vec![0b1101011]);
        let q = Problem::parse(row(7), &p.start_text(), &p.goal_text()).unwrap();
        assert_eq!(q.start, p.start);
        assert_eq!(p.symmetry_onto(row(7).full(), row(7).full()), None);
    }

    #[test]
    fn goal_start_from_a_set_position_is_one_rule() {
        // no start hole: finishing "where the game started" means anywhere
        let p = Problem::with_position(row(5), "XXoXo", "start").unwrap();
        assert_eq!(p.goal, Goal::Any);
        assert_eq!(p.goal_text(), "any");
        // a game with a start hole, played on from another position, keeps that hole
        let english = Board::by_name("english").unwrap();
        let central = Problem::parse(english.clone(), "d4", "start").unwrap();
        let d4 = english.hole("d4").unwrap();
        let here = central
            .from_here(Position::from_code(central.start_positions()[0]))
            .unwrap();
        assert_eq!(here.goal, Goal::Hole(d4));
        // a game already from a set position has no hole to keep
        assert_eq!(
            p.from_here(Position::from_code(0b1011)).unwrap().goal,
            Goal::Any
        );
    }

    #[test]
    fn bad_start_positions_are_refused_by_name() {
        let e = Problem::with_position(row(5), "ooooo", "any").unwrap_err();
        assert!(e.to_string().contains("no peg"), "{e}");
        let e = Problem::with_position(row(5), "XXXXX", "any").unwrap_err();
        assert!(e.to_string().contains("no empty hole"), "{e}");
        let e = Problem::with_position(row(5), "XXoXq", "any").unwrap_err();
        assert!(e.to_string().contains("'q'"), "{e}");
        // a hole name is still a hole name
        assert_eq!(
            Problem::parse(row(5), "c1", "any").unwrap().start,
            Start::Hole(2)
        );
    }
}
