//! Which single-vacancy problems can be won, known before the first jump.
//!
//! For the catalogue boards the answers are recorded in `winnable.txt` (built by
//! `pegwise winnable`, see `build`): per start hole up to symmetry, the finish holes that can
//! be won and those no search has decided. Everything else follows: a finish hole outside both
//! sets can't be won (position classes rule most of these out; the generator proved the rest).
//! Rows are decided here and now by the live search (`rows`); other drawn boards by one sweep
//! over the positions reachable from each start (`sweep`), bounded, so that on a big drawn
//! board what it has not seen is "not known". The same functions give the game each board
//! opens with and a winnable problem near one that can't be won. Tests hold the record against
//! the generator and replay a witness
//! solution for every "yes".

use crate::board::{bit, Board};
use crate::classes::Classes;
use crate::position;
use crate::problem::{Goal, Problem, Start};
use crate::search::brute::Brute;

mod rows;
pub mod sweep;

/// The recorded answers: `board geometry-id start won-finishes unknown-finishes`, the sets as
/// hex masks of holes, one line per start up to symmetry.
const RECORD: &str = include_str!("winnable.txt");

/// Can a problem be won?
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winnable {
    /// Yes: a solution exists.
    Yes,
    /// No, and why we know.
    No(Why),
    /// Not decided (a big custom board, or a search that ran out of time).
    Unknown,
}

/// How a "no" is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Position classes: the goal is in another class than the start.
    Class,
    /// An exhaustive search (the generator) found no solution.
    Search,
}

impl Winnable {
    /// The answer as words, as the page shows them: `yes`, `no` or `unknown`, and for no, how
    /// it is known (`class` or `search`).
    pub fn words(self) -> (&'static str, Option<&'static str>) {
        match self {
            Winnable::Yes => ("yes", None),
            Winnable::No(Why::Class) => ("no", Some("class")),
            Winnable::No(Why::Search) => ("no", Some("search")),
            Winnable::Unknown => ("unknown", None),
        }
    }
}

/// The finish holes a start can be won at (`won`) and those not decided (`unknown`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Finishes {
    /// Holes where the last peg can end.
    pub won: u64,
    /// Holes not decided either way.
    pub unknown: u64,
}

/// The finishes from a single vacancy at `start`: recorded for the catalogue boards, else swept
/// (once for each start up to symmetry, then remembered).
pub fn finishes(board: &Board, start: u8) -> Finishes {
    if let Some(f) = recorded(board, start) {
        return f;
    }
    // the start's least image stands for its orbit; `perm` carries its answer back
    let syms = board.symmetries();
    let rep = syms
        .iter()
        .map(|p| p[usize::from(start)])
        .min()
        .unwrap_or(start);
    let f = swept(board, rep);
    match syms.iter().find(|p| p[usize::from(rep)] == start) {
        Some(perm) => Finishes {
            won: crate::symmetry::apply(perm, f.won),
            unknown: crate::symmetry::apply(perm, f.unknown),
        },
        None => f,
    }
}

/// Sweeps' answers by board geometry and start (a short list, a few boards' starts up to
/// symmetry: no hash map of its own in the wasm).
static SWEPT: std::sync::Mutex<Vec<((u64, u8), Finishes)>> = std::sync::Mutex::new(Vec::new());

/// The boards (geometry ids) of the sweeps that ran past their limit, one entry a sweep.
static INCOMPLETE: std::sync::Mutex<Vec<u64>> = std::sync::Mutex::new(Vec::new());

/// Sweeps past their limit after which a board is too big to sweep again: the cost of a drawn
/// board's pickers stays at a few sweeps, however many starts it has.
const MAX_INCOMPLETE: usize = 2;

fn remembered(key: (u64, u8)) -> Option<Finishes> {
    let m = SWEPT.lock().ok()?;
    m.iter().find(|(k, _)| *k == key).map(|e| e.1)
}

fn remember(key: (u64, u8), f: Finishes) {
    if let Ok(mut m) = SWEPT.lock() {
        m.push((key, f));
    }
}

/// The swept finishes of a start, remembered: the pickers and `nearby` ask for the same
/// starts again and again.
fn swept(board: &Board, start: u8) -> Finishes {
    let key = (board.geometry_id(), start);
    if let Some(f) = remembered(key) {
        return f;
    }
    let from = position::single_vacancy(board, start);
    let classes = Classes::of(board);
    let allowed = (0..board.len() as u8)
        .filter(|&h| classes.may_reach(from, bit(h)))
        .fold(0u64, |m, h| m | bit(h));
    let s = bounded_sweep(board, from, allowed).unwrap_or(sweep::Swept {
        won: 0,
        complete: false,
    });
    let f = Finishes {
        won: s.won,
        unknown: if s.complete { 0 } else { allowed & !s.won },
    };
    remember(key, f);
    f
}

/// A sweep from `from`, unless sweeps on this board already ran past their limit
/// `MAX_INCOMPLETE` times (None): then the board is too big for sweeps, and each further one
/// would cost as much again, start after start.
fn bounded_sweep(board: &Board, from: u64, wanted: u64) -> Option<sweep::Swept> {
    let id = board.geometry_id();
    let past = |m: &Vec<u64>| m.iter().filter(|&&b| b == id).count();
    if INCOMPLETE
        .lock()
        .map_or(true, |m| past(&m) >= MAX_INCOMPLETE)
    {
        return None;
    }
    let s = sweep::sweep(board, from, wanted, sweep::SWEEP_LIMIT);
    if !s.complete {
        if let Ok(mut m) = INCOMPLETE.lock() {
            m.push(id);
        }
    }
    Some(s)
}

/// True for a board whose holes lie in one row: its games are short, so search is cheap.
pub(crate) fn is_row(board: &Board) -> bool {
    (0..board.len() as u8).all(|k| board.display_xy(k).1 == 0.0)
}

/// Exhaustive: the holes in `allowed` where a game from `from` can end with one peg.
pub fn search_finishes(board: &Board, from: u64, allowed: u64) -> u64 {
    let mut won = 0;
    for h in (0..board.len() as u8).filter(|&h| allowed >> h & 1 == 1) {
        let Ok(p) = Problem::new(board.clone(), Start::Hole(h), Goal::Hole(h)) else {
            continue;
        };
        if Brute::new(&p).winning(from) {
            won |= bit(h);
        }
    }
    won
}

/// One line of the record: a start hole up to symmetry (by name) and its finish sets.
struct Recorded {
    geometry: u64,
    rep: &'static str,
    won: u64,
    unknown: u64,
}

/// The record, read once: the start picker and the catalogue ask it dozens of times per game.
fn record_lines() -> &'static [Recorded] {
    static LINES: std::sync::OnceLock<Vec<Recorded>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let hex = |t: &str| u64::from_str_radix(t, 16).ok();
        RECORD
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|line| {
                let f: Vec<&'static str> = line.split_whitespace().collect();
                let [_, g, rep, won, unknown] = f[..] else {
                    return None;
                };
                Some(Recorded {
                    geometry: hex(g)?,
                    rep,
                    won: hex(won)?,
                    unknown: hex(unknown)?,
                })
            })
            .collect()
    })
}

/// The recorded finishes, mapped from the start's representative by a symmetry.
fn recorded(board: &Board, start: u8) -> Option<Finishes> {
    let geometry = board.geometry_id();
    for r in record_lines().iter().filter(|r| r.geometry == geometry) {
        let rep = board.hole(r.rep).ok()?;
        let Some(perm) = board
            .symmetries()
            .iter()
            .find(|p| p[usize::from(rep)] == start)
        else {
            continue; // another orbit's line
        };
        return Some(Finishes {
            won: crate::symmetry::apply(perm, r.won),
            unknown: crate::symmetry::apply(perm, r.unknown),
        });
    }
    None
}

/// Can this problem be won? (`Start::All` asks whether some start can.)
pub fn status(problem: &Problem) -> Winnable {
    let board = &problem.board;
    if is_row(board) {
        return rows::status(problem);
    }
    let starts: Vec<u8> = match problem.start {
        Start::Hole(h) => vec![h],
        Start::All => (0..board.len() as u8).collect(),
        Start::Position(code) => return position_status(problem, code),
    };
    let goal = problem.goal_set();
    let mut unknown = false;
    for s in starts {
        let f = finishes(board, s);
        let want = if problem.goal == Goal::Start {
            bit(s)
        } else {
            goal
        };
        if f.won & want != 0 {
            return Winnable::Yes;
        }
        unknown |= f.unknown & want != 0;
    }
    if unknown {
        Winnable::Unknown
    } else if problem.classes_allow() {
        Winnable::No(Why::Search)
    } else {
        Winnable::No(Why::Class)
    }
}

/// A game from a set position: classes, then a sweep from the position (bounded: past its
/// limit, not known).
fn position_status(problem: &Problem, code: u64) -> Winnable {
    let board = &problem.board;
    let goal = problem.goal_set();
    if !Classes::of(board).may_reach(code, goal) {
        return Winnable::No(Why::Class);
    }
    match bounded_sweep(board, code, goal) {
        Some(s) if s.won != 0 => Winnable::Yes,
        Some(s) if s.complete => Winnable::No(Why::Search),
        _ => Winnable::Unknown,
    }
}

/// For the start picker: whether each hole, as the start, can be won for `goal`.
pub fn starts(board: &Board, goal: Goal) -> Vec<Winnable> {
    if is_row(board) {
        return rows::starts(board, goal);
    }
    starts_by(board, goal, status)
}

/// For the goal picker: can a game from `start` be won with each hole as the goal? One answer a
/// hole, in reading order.
pub fn goals(board: &Board, start: Start) -> Vec<Winnable> {
    (0..board.len() as u8)
        .map(
            |g| match Problem::new(board.clone(), start, Goal::Hole(g)) {
                Ok(p) => status(&p),
                Err(_) => Winnable::No(Why::Class),
            },
        )
        .collect()
}

/// Each hole as the start with `goal`, judged by `judge`.
pub(crate) fn starts_by(
    board: &Board,
    goal: Goal,
    judge: impl Fn(&Problem) -> Winnable,
) -> Vec<Winnable> {
    (0..board.len() as u8)
        .map(
            |s| match Problem::new(board.clone(), Start::Hole(s), goal) {
                Ok(p) => judge(&p),
                Err(_) => Winnable::No(Why::Class),
            },
        )
        .collect()
}

/// The starts and goals the catalogue prefers to open with (the classic problems), before any
/// other that can be won.
const PREFERRED: &[(&str, &str, &str)] = &[
    ("english", "d4", "start"),
    ("triangle5", "a1", "start"),
    ("triangle4", "a2", "b2"),
    ("french", "c1", "any"),
    ("wiegleb", "e5", "start"),
];

/// The problem a board opens with: a classic one if it can be won, else the first start in
/// reading order that wins back at itself, else the first that wins anywhere. Falls back to
/// the first hole with goal `any` when nothing is known to win. A row with no winnable single
/// vacancy (odd rows from 5 holes) opens on a winnable position with two empty holes.
pub fn default_problem(board: &Board) -> Problem {
    if is_row(board) {
        if let Some(p) = rows::first_winnable(board) {
            return p;
        }
    }
    // candidates in order, made one at a time (most boards stop at their first): the first
    // that can be won, else the first that at least isn't known to be lost
    let mut maybe = None;
    let preferred = PREFERRED
        .iter()
        // by geometry: a drawn board that is a catalogue board opens on its classic game too
        .filter(|(name, _, _)| crate::shipped::is_catalogue(board, name))
        .filter_map(|&(_, s, g)| Problem::parse(board.clone(), s, g).ok());
    let holes = centre_first(board);
    let others = [Goal::Start, Goal::Any].into_iter().flat_map(|goal| {
        holes
            .iter()
            .filter_map(move |&s| Problem::new(board.clone(), Start::Hole(s), goal).ok())
    });
    for p in preferred.chain(others) {
        match status(&p) {
            Winnable::Yes => return p,
            Winnable::Unknown if maybe.is_none() => maybe = Some(p),
            _ => {}
        }
    }
    if let Some(p) = maybe {
        return p;
    }
    // every single vacancy is lost: more empty holes, around the centre (as odd rows do)
    if let Some(p) = holes.first().and_then(|&c| fewest_vacancies(board, c)) {
        return p;
    }
    Problem {
        board: board.clone(),
        start: Start::Hole(0),
        goal: Goal::Any,
    }
}

/// A winnable game (goal `any`) from a position with as few empty holes as any winnable
/// position has, those nearest `around`: for boards where no single vacancy can be won. Only
/// asked when the single vacancies were all decided (a small board: the sweep is short).
fn fewest_vacancies(board: &Board, around: u8) -> Option<Problem> {
    let top = sweep::most_pegs_winning(board, sweep::SWEEP_LIMIT)?;
    // how far the empty holes lie from `around`: the sum of their ranks by distance
    let order = by_distance(board, around);
    let spread = |code: u64| -> usize {
        order
            .iter()
            .enumerate()
            .filter(|&(_, &h)| code >> h & 1 == 0)
            .map(|(rank, _)| rank)
            .sum()
    };
    let best = top.into_iter().min_by_key(|&c| (spread(c), c))?;
    Problem::new(board.clone(), Start::Position(best), Goal::Any).ok()
}

/// The holes of `board` by distance from `from` (then reading order).
fn by_distance(board: &Board, from: u8) -> Vec<u8> {
    let (x0, y0) = board.display_xy(from);
    let mut hs: Vec<u8> = (0..board.len() as u8).collect();
    crate::small_sort::sort_by(&mut hs, |&a, &b| {
        let da = dist(board.display_xy(a), (x0, y0));
        let db = dist(board.display_xy(b), (x0, y0));
        da.total_cmp(&db).then(a.cmp(&b))
    });
    hs
}

/// Holes ordered by distance from the board's centre (then reading order): the starts a
/// player would try first.
fn centre_first(board: &Board) -> Vec<u8> {
    let n = board.len() as u8;
    let (cx, cy) = (0..n).fold((0.0, 0.0), |(x, y), k| {
        let (a, b) = board.display_xy(k);
        (x + a / f64::from(n), y + b / f64::from(n))
    });
    let mut holes: Vec<u8> = (0..n).collect();
    let d = |k: u8| {
        let (x, y) = board.display_xy(k);
        ((x - cx).powi(2) + (y - cy).powi(2) * 1000.0).round() as i64
    };
    crate::small_sort::sort_by_key(&mut holes, |&k| (d(k), k));
    holes
}

/// A problem that can be won, close to `problem`: the same start with another goal (the start
/// hole, then anywhere, then the nearest finish), else the nearest start with the same goal,
/// else (a board where no single vacancy wins) a position with as few empty holes as can win,
/// around the start.
pub fn nearby(problem: &Problem) -> Option<Problem> {
    let board = &problem.board;
    let won = |p: &Problem| status(p) == Winnable::Yes;
    if won(problem) {
        return Some(problem.clone());
    }
    if let Start::Hole(s) = problem.start {
        let mut goals = vec![Goal::Start, Goal::Any];
        goals.extend(by_distance(board, s).into_iter().map(Goal::Hole));
        for g in goals {
            if g == problem.goal {
                continue;
            }
            // a goal the problem can't take (e.g. its start hole, on a board whose jumps
            // can't refill it) is just not a candidate
            let Ok(p) = Problem::new(board.clone(), problem.start, g) else {
                continue;
            };
            if won(&p) {
                return Some(p);
            }
        }
        for t in by_distance(board, s) {
            let Ok(p) = Problem::new(board.clone(), Start::Hole(t), problem.goal) else {
                continue;
            };
            if won(&p) {
                return Some(p);
            }
        }
    }
    // no single vacancy nearby wins: a position with more empty holes, around the start, when
    // the singles were all decided (else the board is too big for the sweep)
    if let Start::Hole(s) = problem.start {
        let decided = starts(board, Goal::Any)
            .iter()
            .all(|w| *w != Winnable::Unknown);
        if let Some(p) = decided.then(|| fewest_vacancies(board, s)).flatten() {
            return Some(p);
        }
    }
    Some(default_problem(board)).filter(won)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(board: &str, s: &str, g: &str) -> Problem {
        Problem::parse(Board::by_name(board).unwrap(), s, g).unwrap()
    }

    #[test]
    fn the_ten_hole_triangle_wins_only_from_a2_type_starts() {
        // Bell: vacate a2, finish at b2 (and its images) is the only solvable problem.
        assert_eq!(status(&p("triangle4", "a2", "b2")), Winnable::Yes);
        assert!(matches!(
            status(&p("triangle4", "a1", "any")),
            Winnable::No(_)
        ));
        assert!(matches!(
            status(&p("triangle4", "a2", "start")),
            Winnable::No(_)
        ));
    }

    #[test]
    fn a_drawn_board_is_decided_start_by_start_and_offers_a_game_nearby() {
        // 21 holes: past what a search per goal did at once, within one sweep a start
        let b = Board::by_name("ascii:-ooo-/ooooo/ooooo/ooooo/-ooo-").unwrap();
        for goal in [Goal::Start, Goal::Any] {
            let answers = starts(&b, goal);
            assert!(
                !answers.contains(&Winnable::Unknown),
                "{goal:?}: {answers:?}"
            );
        }
        // each answer agrees with the reference search from that start
        for s in 0..b.len() as u8 {
            let from = position::single_vacancy(&b, s);
            assert_eq!(
                finishes(&b, s).won,
                search_finishes(&b, from, b.full()),
                "{s}"
            );
        }
        let lost = Problem::parse(b.clone(), "c3", "any").unwrap();
        assert!(matches!(status(&lost), Winnable::No(_)));
        let near = nearby(&lost).expect("a winnable game nearby");
        assert_eq!(status(&near), Winnable::Yes);
        // a big drawn board: the sweep stops at its limit and says "not known", never "no"
        let big = Board::by_name("ascii:ooooooo/ooooooo/ooooooo/ooooooo/ooooooo").unwrap();
        let p = Problem::parse(big, "d3", "start").unwrap();
        assert_ne!(status(&p), Winnable::No(Why::Search));
    }

    #[test]
    fn a_start_the_classes_rule_out_does_not_stop_the_sweeps_of_the_others() {
        // the 5x5 square: c3 can't be won (classes); its neighbours c2 and c1 can
        let b = Board::by_name("ascii:ooooo/ooooo/ooooo/ooooo/ooooo").unwrap();
        let lost = Problem::parse(b.clone(), "c3", "any").unwrap();
        assert_eq!(status(&lost), Winnable::No(Why::Class));
        let near = nearby(&lost).expect("a winnable game nearby");
        assert_eq!(status(&near), Winnable::Yes);
        assert_eq!(
            (near.start_text(), near.goal_text()),
            ("c2".into(), "any".into())
        );
    }

    #[test]
    fn a_drawn_catalogue_board_opens_on_the_catalogue_s_classic_game() {
        for (drawn, start, goal) in [
            (
                "ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--",
                "d4",
                "start",
            ),
            ("ascii-tri:---o/--o-o/-o-o-o/o-o-o-o", "a2", "b2"),
        ] {
            let p = default_problem(&Board::by_name(drawn).unwrap());
            assert_eq!(
                (p.start_text(), p.goal_text()),
                (start.into(), goal.into()),
                "{drawn}"
            );
        }
    }

    #[test]
    fn nearby_names_a_problem_that_wins() {
        let lost = p("triangle4", "a1", "any");
        let near = nearby(&lost).unwrap();
        assert_eq!(status(&near), Winnable::Yes);
    }
}
