//! Which tables pegwise ships in `data/`, and which one answers for a game. The generator
//! (`pegwise tables`) and the game both read this list, so they can't disagree.

use crate::board::Board;
use crate::error::Result;
use crate::problem::{Goal, Problem, Start};
use crate::symmetry::Canon;

/// One shipped table: the problem it solves, its file name, and which levels it stores.
#[derive(Debug, Clone)]
pub struct TableSpec {
    /// The problem solved.
    pub problem: Problem,
    /// File name inside `data/`.
    pub file: String,
    /// Peg counts left out to save bytes; lookups answer them from their children.
    pub skip: Vec<usize>,
}

/// Boards with every start and goal covered by tables.
pub const FULL_BOARDS: &[&str] = &["triangle4", "trunc12", "triangle5", "trunc18", "triangle6"];

/// The file name for a problem: `board.start.goal.pgt` (the goal as a hole name or `any`).
pub fn file_name(p: &Problem) -> String {
    let goal = match (p.goal, p.start) {
        (Goal::Any, _) => "any".to_string(),
        (Goal::Start, Start::Hole(h)) | (Goal::Hole(h), _) => p.board.hole_name(h).to_string(),
        (Goal::Start, Start::All | Start::Position(_)) => "start".to_string(),
    };
    format!("{}.{}.{}.pgt", p.board.name(), p.start_text(), goal)
}

/// The tables shipped for a board (empty for boards that rely on the live solver).
pub fn tables_for(board: &Board) -> Result<Vec<TableSpec>> {
    let spec = |start: Start, goal: Goal, skip: Vec<usize>| -> Result<TableSpec> {
        let problem = Problem::new(board.clone(), start, goal)?;
        Ok(TableSpec {
            file: file_name(&problem),
            problem,
            skip,
        })
    };
    if FULL_BOARDS.contains(&board.name()) {
        // Goal "any" from any start, and every finish hole up to symmetry, from any start.
        let canon = Canon::full(board);
        let mut out = vec![spec(Start::All, Goal::Any, vec![])?];
        for h in 0..board.len() as u8 {
            let orbit_min = (0..canon.perms().len())
                .map(|s| canon.transform(s, 1u64 << h))
                .min();
            if orbit_min == Some(1u64 << h) {
                out.push(spec(Start::All, Goal::Hole(h), vec![])?);
            }
        }
        return Ok(out);
    }
    if board.name() == "english" {
        let d4 = board.hole("d4")?;
        // Left-out levels are answered from their children (one or two jumps down): that keeps
        // the central-game file under 1 MB.
        return Ok(vec![
            spec(Start::Hole(d4), Goal::Start, vec![16])?,
            spec(Start::Hole(d4), Goal::Any, vec![16, 17])?,
        ]);
    }
    Ok(Vec::new())
}

/// The shipped table that answers for `problem`, if any.
pub fn table_for(problem: &Problem) -> Option<TableSpec> {
    let specs = tables_for(&problem.board).ok()?;
    specs.into_iter().find(|s| covers(problem, &s.problem))
}

/// True when the table for `by` answers every position of a game of `game` (after a symmetry).
pub fn covers(game: &Problem, by: &Problem) -> bool {
    game.symmetry_onto(by.start_set(), by.goal_set()).is_some()
}
