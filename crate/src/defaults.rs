//! The game each board opens with: a start and a goal from which the goal can be reached.
//! Rows open on a winnable start found by search (odd rows ≥ 5 have no winnable single
//! vacancy, so they open on a position with two empty holes).

use crate::board::{bit, Board};
use crate::error::Result;
use crate::problem::{Goal, Problem, Start};
use crate::solve::live::Live;

/// Start and goal of the catalogue's boards (small ones checked by the tests against brute
/// force; the big ones, which no search here proves quickly, follow the literature).
const CATALOGUE: &[(&str, &str, &str)] = &[
    ("triangle4", "a2", "any"),
    ("triangle5", "a1", "start"),
    ("triangle6", "b4", "start"),
    ("triangle7", "b4", "any"),
    ("triangle8", "c5", "start"),
    ("trunc12", "b2", "start"),
    ("trunc18", "c4", "start"),
    ("english", "d4", "start"),
    ("french", "e4", "any"),
    ("wiegleb", "e5", "start"),
    ("diamond41", "e5", "any"),
    ("square6", "c3", "start"),
    ("hexagon37", "d4", "any"),
];

/// Positions a row search may visit per candidate start (rows are tiny: far more than needed).
const ROW_BUDGET: u64 = 2_000_000;

/// The problem a board opens with: the catalogue's, a winnable start on a row, else the
/// middle hole with goal `start`.
pub fn default_problem(board: &Board) -> Result<Problem> {
    if let Some(&(_, s, g)) = CATALOGUE.iter().find(|(n, _, _)| *n == board.name()) {
        return Problem::parse(board.clone(), s, g);
    }
    if board.name().starts_with("row:") {
        if let Some(p) = winnable_row_start(board) {
            return Ok(p);
        }
    }
    let mid = (board.len() / 2) as u8;
    Problem::new(board.clone(), Start::Hole(mid), Goal::Start)
}

/// The first winnable start of a row with goal `any`: a single vacancy in reading order,
/// else the first position with two empty holes.
fn winnable_row_start(board: &Board) -> Option<Problem> {
    let any = Problem::new(board.clone(), Start::All, Goal::Any).ok()?;
    let mut live = Live::new(&any);
    let n = board.len() as u8;
    let full = board.full();
    let singles = (0..n).map(|a| full & !bit(a));
    let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| full & !bit(a) & !bit(b)));
    let code = singles.chain(pairs).find(|&code| {
        let mut budget = ROW_BUDGET;
        live.winning(code, &mut budget) == Some(true)
    })?;
    let start = if code.count_ones() as usize == board.len() - 1 {
        Start::Hole((full & !code).trailing_zeros() as u8)
    } else {
        Start::Position(code)
    };
    Problem::new(board.clone(), start, Goal::Any).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::brute::Brute;

    fn start_wins(p: &Problem) -> bool {
        let code = p.start_positions()[0];
        Brute::with_symmetry(p).winning(code)
    }

    #[test]
    fn small_catalogue_defaults_can_be_won() {
        for name in ["triangle4", "triangle5", "triangle6", "trunc12", "trunc18"] {
            let p = default_problem(&Board::by_name(name).unwrap()).unwrap();
            assert!(start_wins(&p), "{name} {}", p.start_text());
        }
    }

    #[test]
    fn rows_open_on_a_winnable_start() {
        let p = default_problem(&Board::by_name("row:8").unwrap()).unwrap();
        assert_eq!(p.start_text(), "b1", "row:8 wins from b1, d1, e1 and g1");
        for l in 3..=64 {
            let b = Board::by_name(&format!("row:{l}")).unwrap();
            let p = default_problem(&b).unwrap();
            if l <= 20 {
                assert!(start_wins(&p), "row:{l} {}", p.start_text());
            }
            if l % 2 == 1 && l >= 5 {
                assert!(matches!(p.start, Start::Position(_)), "row:{l}");
            }
        }
    }
}
