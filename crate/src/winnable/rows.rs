//! Rows, answered by the live search: it settles them in microseconds, where exhaustive
//! search per finish hole would take seconds on long rows. Odd rows from 5 holes have no
//! winnable single vacancy, so they open on a winnable position with two empty holes.

use super::{Why, Winnable};
use crate::board::{bit, Board};
use crate::problem::{Goal, Problem, Start};
use crate::search::live::Live;

/// Positions a row search may visit per candidate start (rows are tiny: far more than needed).
const ROW_BUDGET: u64 = 2_000_000;

/// Can a problem on a row be won?
pub(super) fn status(problem: &Problem) -> Winnable {
    let Some(&start) = problem.start_positions().first() else {
        return Winnable::Unknown;
    };
    let mut live = Live::new(problem);
    let mut budget = ROW_BUDGET;
    match live.winning(start, &mut budget) {
        Some(true) => Winnable::Yes,
        Some(false) if !problem.classes_allow() => Winnable::No(Why::Class),
        Some(false) => Winnable::No(Why::Search),
        None => Winnable::Unknown,
    }
}

/// The first winnable start of a row with goal `any`: a single vacancy in reading order,
/// else the first position with two empty holes.
pub(super) fn first_winnable(board: &Board) -> Option<Problem> {
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
    #[test]
    fn row_starts_and_nearby_problems() {
        let b = Board::by_name("row:8").unwrap();
        let won: Vec<usize> = starts(&b, Goal::Any)
            .iter()
            .enumerate()
            .filter(|(_, w)| **w == Winnable::Yes)
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(won, vec![2, 4, 5, 7]);
        let lost = Problem::parse(b.clone(), "a1", "any").unwrap();
        assert!(matches!(status(&lost), Winnable::No(_)));
        let near = nearby(&lost).unwrap();
        assert_eq!(status(&near), Winnable::Yes);
        assert_eq!(near.start_text(), "b1", "the nearest winnable start");
        for l in [5, 7, 11] {
            let odd = Board::by_name(&format!("row:{l}")).unwrap();
            assert!(starts(&odd, Goal::Any).iter().all(|w| *w != Winnable::Yes));
        }
        let odd = Board::by_name("row:9").unwrap();
        assert!(starts(&odd, Goal::Any).iter().all(|w| *w != Winnable::Yes));
        let near = nearby(&Problem::parse(odd, "e1", "any").unwrap()).unwrap();
        assert!(matches!(near.start, Start::Position(_)));
        // the catalogue answers as winnable does
        let t = Board::by_name("triangle4").unwrap();
        assert_eq!(
            starts(&t, Goal::Any),
            winnable::starts_by(&t, Goal::Any, winnable::status)
        );
    }

    use super::super::{default_problem, nearby, starts, status};
    use super::*;
    use crate::generate::brute::Brute;
    use crate::winnable;

    fn start_wins(p: &Problem) -> bool {
        let code = p.start_positions()[0];
        Brute::with_symmetry(p).winning(code)
    }

    #[test]
    fn small_catalogue_defaults_can_be_won() {
        for name in ["triangle4", "triangle5", "triangle6", "trunc12", "trunc18"] {
            let p = default_problem(&Board::by_name(name).unwrap());
            assert!(start_wins(&p), "{name} {}", p.start_text());
        }
    }

    #[test]
    fn rows_open_on_a_winnable_start() {
        let p = default_problem(&Board::by_name("row:8").unwrap());
        assert!(
            ["b1", "d1", "e1", "g1"].contains(&p.start_text().as_str()),
            "row:8 wins from b1, d1, e1 and g1, not {}",
            p.start_text()
        );
        for l in 3..=64 {
            let b = Board::by_name(&format!("row:{l}")).unwrap();
            let p = default_problem(&b);
            if l <= 20 {
                assert!(start_wins(&p), "row:{l} {}", p.start_text());
            }
            assert_eq!(status(&p), Winnable::Yes, "row:{l}");
            if l % 2 == 1 && l >= 5 {
                assert!(matches!(p.start, Start::Position(_)), "row:{l}");
            }
        }
    }
}
