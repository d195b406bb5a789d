//! Game state: the position, the history, undo/redo, status and hints.

use serde::Serialize;

use crate::board::Jump;
use crate::error::{Error, Result};
use crate::moves;
use crate::oracle::{Oracle, Source, Verdict};
use crate::position;
use crate::problem::{Problem, Start};
use crate::table::Table;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The goal can still be reached (or the search could not tell yet).
    Playing,
    /// One peg left, in a goal hole.
    Solved,
    /// Jumps remain but the goal can no longer be reached.
    Deadend,
    /// No jump is left and the goal is not met.
    Stuck,
}

/// One game: a problem with a single start hole, its position and history.
#[derive(Debug, Clone)]
pub struct Game {
    problem: Problem,
    oracle: Oracle,
    start: u64,
    code: u64,
    history: Vec<Jump>,
    redo: Vec<Jump>,
}

impl Game {
    /// A new game; the start must be one hole.
    pub fn new(problem: Problem) -> Result<Game> {
        let Start::Hole(h) = problem.start else {
            return Err(Error::BadStart(
                "all (a game starts from one empty hole)".into(),
            ));
        };
        let start = position::single_vacancy(&problem.board, h);
        Ok(Game {
            oracle: Oracle::new(&problem),
            problem,
            start,
            code: start,
            history: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// The problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
    /// The current position code.
    pub fn code(&self) -> u64 {
        self.code
    }
    /// The jumps played so far.
    pub fn history(&self) -> &[Jump] {
        &self.history
    }
    /// Jumps that redo would replay, the next one last.
    pub fn redo_stack(&self) -> &[Jump] {
        &self.redo
    }
    /// The oracle (table or live search) behind the hints.
    pub fn oracle(&mut self) -> &mut Oracle {
        &mut self.oracle
    }

    /// Attaches a winning-position table.
    pub fn attach_table(&mut self, table: std::sync::Arc<Table>) -> Result<()> {
        self.oracle.attach(table)
    }

    /// Where hints come from.
    pub fn source(&self) -> Source {
        self.oracle.source()
    }

    /// Plays one jump, if legal.
    pub fn play_jump(&mut self, j: Jump) -> Result<()> {
        if !position::can_jump(self.code, j) {
            let why = if self.code >> j.from & 1 == 0 {
                format!("no peg on {}", self.problem.board.hole_name(j.from))
            } else if self.code >> j.over & 1 == 0 {
                format!(
                    "no peg on {} to jump over",
                    self.problem.board.hole_name(j.over)
                )
            } else {
                format!("{} is not empty", self.problem.board.hole_name(j.to))
            };
            return Err(Error::IllegalJump {
                jump: moves::jump_text(&self.problem.board, j),
                why,
            });
        }
        self.code = position::after(self.code, j);
        self.history.push(j);
        self.redo.clear();
        Ok(())
    }

    /// Plays moves written in notation; all or nothing: on an error the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<usize> {
        let jumps = moves::parse_moves(&self.problem.board, text)?;
        let saved = (self.code, self.history.clone(), self.redo.clone());
        for &j in &jumps {
            if let Err(e) = self.play_jump(j) {
                (self.code, self.history, self.redo) = saved;
                return Err(e);
            }
        }
        Ok(jumps.len())
    }

    /// Takes back the last jump.
    pub fn undo(&mut self) -> Option<Jump> {
        let j = self.history.pop()?;
        self.code = position::after(self.code, j);
        self.redo.push(j);
        Some(j)
    }

    /// Replays the last undone jump.
    pub fn redo(&mut self) -> Option<Jump> {
        let j = self.redo.pop()?;
        self.code = position::after(self.code, j);
        self.history.push(j);
        Some(j)
    }

    /// Back to the start position (the history becomes the redo stack).
    pub fn reset(&mut self) {
        while self.undo().is_some() {}
    }

    /// The legal jumps now.
    pub fn legal_jumps(&self) -> Vec<Jump> {
        position::legal_jumps(&self.problem.board, self.code).collect()
    }

    /// Is the current position winning? None when the live search gave up.
    pub fn winning(&mut self) -> Option<bool> {
        self.oracle.winning(self.code)
    }

    /// The game's status.
    pub fn status(&mut self) -> Status {
        if self.problem.is_goal(self.code) {
            Status::Solved
        } else if self.legal_jumps().is_empty() {
            Status::Stuck
        } else if self.winning() == Some(false) {
            Status::Deadend
        } else {
            Status::Playing
        }
    }

    /// Verdicts on the jumps of the peg on `hole` (empty when it has none).
    pub fn hints_for(&mut self, hole: u8) -> Vec<(Jump, Verdict)> {
        let code = self.code;
        let jumps: Vec<Jump> = self
            .problem
            .board
            .jumps_from(hole)
            .filter(|&j| position::can_jump(code, j))
            .collect();
        jumps
            .into_iter()
            .map(|j| {
                (
                    j,
                    Verdict::from(self.oracle.winning(position::after(code, j))),
                )
            })
            .collect()
    }

    /// Verdicts on every legal jump.
    pub fn hints(&mut self) -> Vec<(Jump, Verdict)> {
        self.oracle.classify(self.code)
    }

    /// A winning line from here, if one exists and can be found.
    pub fn solution(&mut self) -> Option<Vec<Jump>> {
        self.oracle.solution(self.code)
    }

    /// Number of moves played (chains of jumps by one peg count once).
    pub fn move_count(&self) -> usize {
        moves::move_count(&self.history)
    }

    /// The history as moves in notation.
    pub fn moves_text(&self) -> Vec<String> {
        moves::moves_text(&self.problem.board, &self.history)
    }

    /// The start position's code.
    pub fn start_code(&self) -> u64 {
        self.start
    }

    /// The game as one line of text: `pegwise:1;board;start;goal;moves`. The redo stack is
    /// not saved.
    pub fn save(&self) -> String {
        format!(
            "{SAVE_PREFIX}{};{};{};{}",
            self.problem.board.name(),
            self.problem.start_text(),
            self.problem.goal_text(),
            self.moves_text().join(" ")
        )
    }

    /// Rebuilds a game from `save()` text; every part is checked and replayed, and any fault
    /// is an error naming it.
    pub fn restore(text: &str) -> Result<Game> {
        let bad = |why: String| Error::BadSave(why);
        if text.len() > crate::moves::MAX_TEXT + 200 {
            return Err(bad(format!(
                "{} characters is too long for a saved game",
                text.len()
            )));
        }
        let rest = text.strip_prefix(SAVE_PREFIX).ok_or_else(|| {
            let head: String = text.chars().take(12).collect();
            bad(format!(
                "unknown format '{head}…' (expected '{SAVE_PREFIX}')"
            ))
        })?;
        let parts: Vec<&str> = rest.split(';').collect();
        let [board, start, goal, moves] = parts[..] else {
            return Err(bad(format!(
                "expected 4 fields after the version, found {}",
                parts.len()
            )));
        };
        let board = crate::board::Board::by_name(board).map_err(|e| bad(e.to_string()))?;
        let problem = Problem::parse(board, start, goal).map_err(|e| bad(e.to_string()))?;
        let mut game = Game::new(problem).map_err(|e| bad(e.to_string()))?;
        game.play_text(moves).map_err(|e| bad(e.to_string()))?;
        Ok(game)
    }
}

/// First characters of a saved game; the number is the save format's version.
pub const SAVE_PREFIX: &str = "pegwise:1;";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn game(board: &str, start: &str, goal: &str) -> Game {
        Game::new(Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap()).unwrap()
    }

    #[test]
    fn undo_redo_reset() {
        let mut g = game("english", "d4", "start");
        g.play_text("d2-d4 f3-d3").unwrap();
        let after = g.code();
        assert_eq!(
            g.undo()
                .map(|j| crate::moves::jump_text(&g.problem.board, j)),
            Some("f3-d3".into())
        );
        g.redo();
        assert_eq!(g.code(), after);
        g.reset();
        assert_eq!(g.code(), g.start_code());
        assert_eq!(g.redo_stack().len(), 2);
        assert!(g.play_text("d2-d4 d2-d4").is_err());
        assert_eq!(
            g.code(),
            g.start_code(),
            "a failed move list changes nothing"
        );
        assert_eq!(g.redo_stack().len(), 2, "nor the redo stack");
    }

    #[test]
    fn status_follows_the_game() {
        let mut g = game("triangle5", "a1", "start");
        assert_eq!(g.status(), Status::Playing);
        g.play_text("a3-a1 c5-a3 c3-c5").unwrap();
        assert_eq!(g.status(), Status::Deadend);
        let mut g = game("triangle4", "a2", "b2");
        let line = g.solution().unwrap();
        for j in line {
            g.play_jump(j).unwrap();
        }
        assert_eq!(g.status(), Status::Solved);
    }

    #[test]
    fn saves_round_trip_and_bad_saves_are_refused() {
        let mut g = game("triangle5", "a1", "start");
        g.play_text("a3-a1 c5-a3").unwrap();
        let back = Game::restore(&g.save()).unwrap();
        assert_eq!(back.code(), g.code());
        assert_eq!(back.moves_text(), g.moves_text());
        for (text, needle) in [
            ("pegwise:0;english;d4;start;", "unknown format"),
            ("pegwise:1;english;d4;start", "4 fields"),
            ("pegwise:1;nope;d4;start;", "nope"),
            ("pegwise:1;english;z9;start;", "z9"),
            ("pegwise:1;english;d4;start;d2-d4 d2-d4", "d2-d4"),
            ("", "unknown format"),
        ] {
            let e = Game::restore(text).unwrap_err();
            assert!(matches!(e, Error::BadSave(_)), "{text}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
