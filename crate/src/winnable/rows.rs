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
        Some(false) => lost(problem),
        None => Winnable::Unknown,
    }
}

/// For the start picker on a row: each hole as the start with `goal`, as [`status`] answers
/// it, but with one search for goal `any` asked first about every start. Its transposition
/// table carries the positions settled from one start over to the next (row:64's 64 starts:
/// 0.26 s natively, against 0.8 s for a search a start), and a start lost with any finish is
/// lost with this goal too.
pub(super) fn starts(board: &Board, goal: Goal) -> Vec<Winnable> {
    let mut any = Problem::new(board.clone(), Start::All, Goal::Any)
        .ok()
        .map(|p| Live::new(&p));
    (0..board.len() as u8)
        .map(|s| {
            let Ok(problem) = Problem::new(board.clone(), Start::Hole(s), goal) else {
                return Winnable::No(Why::Class);
            };
            let mut budget = ROW_BUDGET;
            let shared = match (any.as_mut(), problem.start_positions().first()) {
                (Some(live), Some(&code)) => live.winning(code, &mut budget),
                _ => None,
            };
            match shared {
                Some(false) => lost(&problem),
                Some(true) if goal == Goal::Any => Winnable::Yes,
                // another goal, or past the budget: this start's own search
                _ => status(&problem),
            }
        })
        .collect()
}

/// A problem known lost, and how: by its classes, else by a search.
fn lost(problem: &Problem) -> Winnable {
    if problem.classes_allow() {
        Winnable::No(Why::Search)
    } else {
        Winnable::No(Why::Class)
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
    use crate::search::brute::Brute;
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
    fn the_start_picker_answers_as_a_search_a_start_does() {
        // the shared search against the slow path: a fresh search for every start
        for l in (3..=24).chain([31, 40, 64]) {
            let b = Board::by_name(&format!("row:{l}")).unwrap();
            let mut goals = vec![Goal::Any, Goal::Start];
            if l >= 6 {
                goals.push(Goal::Hole(5));
            }
            for goal in goals {
                assert_eq!(
                    starts(&b, goal),
                    winnable::starts_by(&b, goal, status),
                    "row:{l} {goal:?}"
                );
            }
        }
    }

    #[test]
    fn rows_are_decided_as_the_brute_force_search_decides() {
        // the live search on rows, which takes no pagodas, against exhaustive search
        for l in 3..=14 {
            let b = Board::by_name(&format!("row:{l}")).unwrap();
            for goal in [Goal::Any, Goal::Start] {
                for (s, w) in starts(&b, goal).into_iter().enumerate() {
                    let Ok(p) = Problem::new(b.clone(), Start::Hole(s as u8), goal) else {
                        continue;
                    };
                    assert_eq!(w == Winnable::Yes, start_wins(&p), "row:{l} {s} {goal:?}");
                    assert_ne!(w, Winnable::Unknown, "row:{l} {s} {goal:?}");
                }
            }
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
