//! Builds the record of `winnable.txt`: for each catalogue board and each start up to
//! symmetry, which finish holes can be won. A depth-first search finds a witness solution for
//! each finish the position classes allow; on boards of up to 33 holes the generator decides
//! exactly whatever the search did not; on bigger boards an undecided finish stays unknown.

use crate::board::{bit, Board, Jump};
use crate::classes::Classes;
use crate::moves;
use crate::oracle::Oracle;
use crate::position;
use crate::problem::{Goal, Problem, Start};
use crate::solve::{solve, Options};
use crate::symmetry::{self, Canon};

/// Largest board the generator decides exactly when the search finds nothing.
pub const GENERATOR_LIMIT: usize = 33;

/// One start's line of the record, with a witness for every finish won.
#[derive(Debug, Clone)]
pub struct Line {
    /// The start hole (the smallest of its orbit).
    pub start: u8,
    /// Finishes won and undecided.
    pub finishes: super::Finishes,
    /// A solution for each finish won: (finish hole, jumps).
    pub witnesses: Vec<(u8, Vec<Jump>)>,
}

/// The start holes up to symmetry: the smallest hole of each orbit.
pub fn start_representatives(board: &Board) -> Vec<u8> {
    let canon = Canon::full(board);
    (0..board.len() as u8)
        .filter(|&h| (0..canon.perms().len()).all(|s| canon.transform(s, bit(h)) >= bit(h)))
        .collect()
}

/// Decides every finish from one start. `budget` bounds each witness search (positions).
pub fn decide(board: &Board, start: u8, budget: u64, log: &mut dyn FnMut(&str)) -> Line {
    let classes = Classes::of(board);
    let from = position::single_vacancy(board, start);
    let mut line = Line {
        start,
        finishes: super::Finishes::default(),
        witnesses: Vec::new(),
    };
    let mut undecided = 0u64;
    for h in 0..board.len() as u8 {
        if !classes.may_reach(from, bit(h)) {
            continue;
        }
        match witness(board, start, h, budget) {
            Some(jumps) => {
                line.finishes.won |= bit(h);
                line.witnesses.push((h, jumps));
            }
            None => undecided |= bit(h),
        }
    }
    if undecided != 0 && board.len() <= GENERATOR_LIMIT {
        log(&format!(
            "{} {}: the generator decides {} finishes",
            board.name(),
            board.hole_name(start),
            undecided.count_ones()
        ));
        let exact = generator_finishes(board, start);
        for h in (0..board.len() as u8).filter(|&h| undecided >> h & 1 == 1) {
            if exact >> h & 1 == 1 {
                // won, but the search could not find a line: ask again with a big budget
                if let Some(jumps) = witness(board, start, h, budget.saturating_mul(50)) {
                    line.finishes.won |= bit(h);
                    line.witnesses.push((h, jumps));
                    continue;
                }
                line.finishes.unknown |= bit(h);
            }
        }
    } else {
        line.finishes.unknown = undecided;
    }
    line
}

/// A solution from a single vacancy at `start` to one peg at `finish`, if the live search finds
/// one within `budget` positions per question.
pub fn witness(board: &Board, start: u8, finish: u8, budget: u64) -> Option<Vec<Jump>> {
    let p = Problem::new(board.clone(), Start::Hole(start), Goal::Hole(finish)).ok()?;
    let mut oracle = Oracle::new(&p);
    oracle.budget = budget;
    oracle.solution(position::single_vacancy(board, start))
}

/// Exactly the finishes that can be won from `start`, by the generator (goal anywhere).
pub fn generator_finishes(board: &Board, start: u8) -> u64 {
    let Ok(p) = Problem::new(board.clone(), Start::Hole(start), Goal::Any) else {
        return 0;
    };
    let Ok(solved) = solve(&p, Options::default(), &mut |_| {}) else {
        return 0;
    };
    let perms = symmetry::stabiliser(board, &[p.start_set(), p.goal_set()]);
    solved.winning[1]
        .iter()
        .flat_map(|&c| perms.iter().map(move |q| symmetry::apply(q, c)))
        .fold(0, |m, c| m | c)
}

/// The record's text for some boards (`winnable.txt`), and the witnesses' text (one line per
/// solution: `board start finish jumps…`).
pub fn build(boards: &[Board], budget: u64, log: &mut dyn FnMut(&str)) -> (String, String) {
    let mut record = String::from(
        "# Built by `pegwise winnable`: board, geometry id, start (smallest of its orbit),\n\
         # finishes won and finishes undecided (hex masks of holes, bit k = k-th hole).\n",
    );
    let mut witnesses = String::from("# board start finish: a solution, by `pegwise winnable`\n");
    for board in boards {
        for start in start_representatives(board) {
            let line = decide(board, start, budget, log);
            log(&format!(
                "{} {}: {} won, {} undecided",
                board.name(),
                board.hole_name(start),
                line.finishes.won.count_ones(),
                line.finishes.unknown.count_ones()
            ));
            record.push_str(&format!(
                "{} {:016x} {} {:x} {:x}\n",
                board.name(),
                board.geometry_id(),
                board.hole_name(start),
                line.finishes.won,
                line.finishes.unknown
            ));
            for (h, jumps) in &line.witnesses {
                witnesses.push_str(&format!(
                    "{} {} {} {}\n",
                    board.name(),
                    board.hole_name(start),
                    board.hole_name(*h),
                    moves::moves_text(board, jumps).join(" ")
                ));
            }
        }
    }
    (record, witnesses)
}
