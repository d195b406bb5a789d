//! Builds the record of `winnable.txt`: for each catalogue board and each start up to
//! symmetry, which finish holes can be won. A depth-first search finds a witness solution for
//! each finish the position classes allow; on boards of up to 33 holes the generator decides
//! exactly whatever the search did not; on bigger boards a built table of the start (goal
//! `any`) decides it, and without one an undecided finish stays unknown.

use super::{solve, Options};
use crate::board::{bit, Board, Jump};
use crate::classes::Classes;
use crate::moves;
use crate::oracle::{Ask, Limits, Oracle};
use crate::position;
use crate::problem::{Goal, Problem, Start};
use crate::symmetry::{self, Canon};
use crate::table::Table;

/// Largest board the generator decides exactly when the search finds nothing.
pub const GENERATOR_LIMIT: usize = 33;

/// One start's line of the record, with a witness for every finish won.
#[derive(Debug, Clone)]
pub struct Line {
    /// The start hole (the smallest of its orbit).
    pub start: u8,
    /// Finishes won and undecided.
    pub finishes: crate::winnable::Finishes,
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

/// Decides every finish from one start. `budget` bounds each witness search (positions);
/// `tables` gives the exact finishes of a start from a built table, where one is at hand (see
/// [`table_finishes`]).
pub fn decide(
    board: &Board,
    start: u8,
    budget: u64,
    tables: &mut dyn FnMut(&Board, u8) -> Option<u64>,
    log: &mut dyn FnMut(&str),
) -> Line {
    let classes = Classes::of(board);
    let from = position::single_vacancy(board, start);
    let mut line = Line {
        start,
        finishes: crate::winnable::Finishes::default(),
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
    if undecided == 0 {
        return line;
    }
    let exact = if board.len() <= GENERATOR_LIMIT {
        log(&format!(
            "{} {}: the generator decides {} finishes",
            board.name(),
            board.hole_name(start),
            undecided.count_ones()
        ));
        Some(generator_finishes(board, start))
    } else {
        tables(board, start)
    };
    let Some(exact) = exact else {
        line.finishes.unknown = undecided;
        return line;
    };
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
    line
}

/// A solution from a single vacancy at `start` to one peg at `finish`, if the live search finds
/// one within `budget` positions per question.
pub fn witness(board: &Board, start: u8, finish: u8, budget: u64) -> Option<Vec<Jump>> {
    let p = Problem::new(board.clone(), Start::Hole(start), Goal::Hole(finish)).ok()?;
    let mut oracle = Oracle::new(&p);
    let from = position::single_vacancy(board, start);
    oracle
        .solution(from, Ask::new(Limits::nodes(budget)))
        .or_else(|| beam(board, from, finish, 40_000))
        .or_else(|| beam(board, from, finish, 200_000))
}

/// A beam search for big boards: level by level, keep the `width` positions (distinct up to
/// symmetry) whose pegs sit closest together and nearest the finish, and stop at one peg on it.
fn beam(board: &Board, from: u64, finish: u8, width: usize) -> Option<Vec<Jump>> {
    let canon = Canon::new(board.len(), symmetry::stabiliser(board, &[bit(finish)]));
    let classes = Classes::of(board);
    let (fx, fy) = board.display_xy(finish);
    let weight: Vec<f64> = (0..board.len() as u8)
        .map(|k| {
            let (x, y) = board.display_xy(k);
            (x - fx).abs() + (y - fy).abs()
        })
        .collect();
    let neighbours: Vec<u64> = (0..board.len() as u8)
        .map(|k| board.jumps_from(k).fold(0, |m, j| m | bit(j.over)))
        .collect();
    let score = |code: u64| {
        let mut s = 0.0;
        let mut rest = code;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            s += weight[k];
            if neighbours[k] & code == 0 {
                s += 20.0; // a lone peg is hard to clear
            }
            rest &= rest - 1;
        }
        s
    };
    // (code, index of its parent in the previous level, jump from the parent)
    let mut levels: Vec<Vec<(u64, usize, Option<Jump>)>> = vec![vec![(from, 0, None)]];
    loop {
        let last = levels.last()?;
        if let Some(i) = last.iter().position(|e| e.0 == bit(finish)) {
            let mut line = Vec::new();
            let mut at = i;
            for l in (1..levels.len()).rev() {
                let (_, parent, j) = levels[l][at];
                line.extend(j);
                at = parent;
            }
            line.reverse();
            return Some(line);
        }
        let mut next: std::collections::HashMap<u64, (u64, usize, Jump)> = Default::default();
        for (i, &(code, _, _)) in last.iter().enumerate() {
            for j in position::legal_jumps(board, code) {
                let c = position::after(code, j);
                if position::pegs(c) > 1 && !classes.may_reach(c, bit(finish)) {
                    continue;
                }
                next.entry(canon.canonical(c)).or_insert((c, i, j));
            }
        }
        if next.is_empty() {
            return None;
        }
        let mut v: Vec<(f64, u64, usize, Jump)> = next
            .into_values()
            .map(|(c, i, j)| (score(c), c, i, j))
            .collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        v.truncate(width);
        levels.push(v.into_iter().map(|(_, c, i, j)| (c, i, Some(j))).collect());
    }
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
    orbits(&perms, &solved.winning[1])
}

/// Exactly the finishes that can be won from `start`, read from a built table of one start and
/// goal `any` (its one-peg level holds exactly the finishes its start can be won to, one per
/// orbit); None when `table` is no such table of `start` or of an image of it.
pub fn table_finishes(board: &Board, start: u8, table: &Table) -> Option<u64> {
    if table.goal_set != board.full()
        || table.start_set.count_ones() != 1
        || table.check_board(board).is_err()
    {
        return None;
    }
    let perms = board.symmetries();
    let onto = perms
        .iter()
        .find(|p| symmetry::apply(p, bit(start)) == table.start_set)?;
    let level: Vec<u64> = table.level_codes(1).ok()??.iter().map(|e| e.0).collect();
    let won_there = orbits(table.canon(board).perms(), &level);
    // a finish is won from `start` when its image is won from the table's start
    Some(
        (0..board.len() as u8)
            .filter(|&h| won_there & symmetry::apply(onto, bit(h)) != 0)
            .fold(0, |m, h| m | bit(h)),
    )
}

/// Every image of the codes under `perms`, or-ed together (one-peg codes: the holes).
fn orbits(perms: &[Vec<u8>], codes: &[u64]) -> u64 {
    codes
        .iter()
        .flat_map(|&c| perms.iter().map(move |q| symmetry::apply(q, c)))
        .fold(0, |m, c| m | c)
}

/// The record's text for some boards (`winnable.txt`), and the witnesses' text (one line per
/// solution: `board start finish jumps…`). `tables`: as for [`decide`].
pub fn build(
    boards: &[Board],
    budget: u64,
    tables: &mut dyn FnMut(&Board, u8) -> Option<u64>,
    log: &mut dyn FnMut(&str),
) -> (String, String) {
    let mut record = String::from(
        "# Built by `pegwise winnable`: board, geometry id, start (smallest of its orbit),\n\
         # finishes won and finishes undecided (hex masks of holes, bit k = k-th hole).\n",
    );
    let mut witnesses = String::from("# board start finish: a solution, by `pegwise winnable`\n");
    for board in boards {
        for start in start_representatives(board) {
            let line = decide(board, start, budget, tables, log);
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
