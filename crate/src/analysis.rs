//! Analysis of a game's current position, for the page's Analysis panel: how many jump
//! sequences still reach the goal (and how many sequences of positions), the chance that
//! random play wins, the positions every winning game passes through, the fewest moves left
//! (with the first move of such a line) and the best finish. The same core as `pegwise count`, `fewest` and `best`; here the
//! winning test is the game's own oracle, so an answer is exact or it is no answer:
//! `Missing` when table parts are still to come (the oracle has noted which), `Unknown` when
//! its budget ran out.

use std::sync::Mutex;

use crate::board::Jump;
use crate::counts_file::{Counts, Entry};
use crate::game::Game;
use crate::generate::wins;
use crate::oracle::{Oracle, Source, Verdict};
use crate::position;
use crate::position::{CodeMap, Position};
use crate::problem::Problem;
use crate::search::best::{Best, BestFinish};
use crate::search::fewest;
use crate::search::live::{Budget, Live};
use crate::symmetry::Canon;
use crate::table::Table;

/// An analysis answer, or why there is none yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<T> {
    /// The exact answer.
    Done(T),
    /// Table parts it needs have not arrived: fetch the oracle's needs and ask again.
    Missing,
    /// The budget ran out: no guess is made.
    Unknown,
}

/// The winning test an analysis walks with: the attached table, or the live solver within a
/// budget of positions for the whole analysis. Records why it could not answer.
struct Ask<'a> {
    state: Mutex<AskState<'a>>,
}

struct AskState<'a> {
    oracle: &'a mut Oracle,
    table: bool,
    /// What the analysis may still spend: table questions, or positions the live solver visits.
    left: u64,
    /// A table lookup waited for a part (the oracle noted which).
    missing: bool,
    /// Below this many pegs the table stores no level (it would search each such position
    /// anew from its children): a memoised search of our own answers there instead.
    low: u32,
    live: Live,
    gave_up: bool,
}

impl<'a> Ask<'a> {
    fn new(game: &'a mut Game, nodes: u64) -> Ask<'a> {
        let table = game.source() == Source::Table;
        let live = Live::new(game.problem());
        let low = game.oracle().table().map_or(0, |t| lowest_level(t));
        Ask {
            state: Mutex::new(AskState {
                oracle: game.oracle(),
                table,
                left: nodes,
                missing: false,
                low,
                live,
                gave_up: false,
            }),
        }
    }

    /// Is `code` winning? False (and noted) when it can't tell: the result is then discarded.
    fn winning(&self, code: u64) -> bool {
        let Ok(mut s) = self.state.lock() else {
            return false;
        };
        if s.table && position::pegs(code) < s.low {
            // exact: no budget (these positions have few pegs, and the search remembers them)
            return s.live.winning_within(code, &mut Budget::nodes(u64::MAX)) == Some(true);
        }
        if s.left == 0 {
            s.gave_up = true;
            return false;
        }
        if s.table {
            s.left -= 1;
            // `verdict` notes the part a lookup waits for, so the next round has it
            let ask = s.oracle.ask();
            return match s.oracle.verdict(code, ask) {
                Verdict::Good => true,
                Verdict::Bad => false,
                Verdict::Loading | Verdict::Unknown => {
                    s.missing = true;
                    false
                }
            };
        }
        if s.gave_up {
            return false;
        }
        let before = s.oracle.live_stats().nodes;
        // what is left of the walk's budget, for this one question
        let ask = crate::oracle::Ask::new(crate::oracle::Limits::nodes(s.left.max(1)));
        let w = s.oracle.winning(code, ask);
        let used = s.oracle.live_stats().nodes.saturating_sub(before);
        s.left = s.left.saturating_sub(used);
        w.unwrap_or_else(|| {
            s.gave_up = true;
            false
        })
    }

    /// The answer `found` stands for: done only when every question was answered.
    fn finish<T>(self, found: T) -> Answer<T> {
        let Ok(s) = self.state.into_inner() else {
            return Answer::Unknown;
        };
        if s.missing {
            return Answer::Missing;
        }
        if s.gave_up {
            return Answer::Unknown;
        }
        Answer::Done(found)
    }
}

/// The fewest pegs of a level the table answers from, itself or through the complement.
fn lowest_level(t: &Table) -> u32 {
    let holes = usize::from(t.holes);
    let stored = |n: usize| {
        matches!(t.levels.get(n), Some(Some(_)))
            || (t.half && n <= holes && matches!(t.levels.get(holes - n), Some(Some(_))))
    };
    (0..=holes).find(|&n| stored(n)).unwrap_or(0) as u32
}

/// Runs a whole-game walk (counting, fewest moves, dead ends) with the game's own winning
/// test: its table, or the live solver within `nodes` positions for the whole walk. The
/// walk's result is the answer only when every question it asked was answered: `Unknown`
/// when the budget ran out (the test then says "not winning" to every later question, so
/// the walk ends soon, and its result is dropped), `Missing` when a table part is on its way.
pub fn walk_with<T>(
    game: &mut Game,
    nodes: u64,
    walk: impl FnOnce(&(dyn Fn(u64) -> bool + Sync + Send)) -> T,
) -> Answer<T> {
    let ask = Ask::new(game, nodes);
    let found = walk(&|c| ask.winning(c));
    ask.finish(found)
}

/// How many distinct jump sequences lead from the game's position to its goal. `Done(None)`:
/// more than `u128::MAX`. `nodes`: the budget for the whole count (table questions, or
/// positions the live solver visits); past it the answer is `Unknown`.
pub fn count_here(game: &mut Game, nodes: u64) -> Answer<Option<u128>> {
    count_here_memo(game, nodes, &mut None)
}

/// The count of `x`, a winning position with more than one peg, by depth-first search over its
/// winning descendants, each counted once (by canonical code in `memo`). None past
/// `u128::MAX`. (The CLI's level-by-level `count_from` gives the same numbers; this smaller
/// code keeps the page's wasm small, and its memo is the count of every winning position
/// reached, which later positions are looked up in.)
fn count_dfs(
    p: &Problem,
    canon: &Canon,
    x: u64,
    ask: &Ask,
    memo: &mut CodeMap<u128>,
) -> Option<u128> {
    let mut sum = 0u128;
    let children: Vec<u64> = position::children(&p.board, x).collect();
    for c in children {
        let n = if position::pegs(c) == 1 {
            u128::from(p.is_goal(c))
        } else {
            // a child counted before needs no table question
            let key = canon.canonical(c);
            match memo.get(&key) {
                Some(&n) => n,
                None if ask.winning(c) => count_dfs(p, canon, c, ask, memo)?,
                None => 0,
            }
        };
        sum = sum.checked_add(n)?;
    }
    memo.insert(canon.canonical(x), sum);
    Some(sum)
}

/// Counts of a whole game's winning positions, from one count: every position reachable from
/// where that count started, so later positions of the game are a lookup.
#[derive(Debug, Clone)]
pub struct CountMemo {
    /// The game's board, start and goal, as `Game::save` writes them.
    game: String,
    /// The position the count started from.
    root: u64,
    /// Canonical codes (under the problem's group) and their counts, sorted by code.
    codes: Vec<u64>,
    counts: Vec<u128>,
}

/// The part of a save that names the problem (board, start and goal), not the moves.
fn problem_key(game: &Game) -> String {
    let p = game.problem();
    format!("{};{};{}", p.board.spec(), p.start_text(), p.goal_text())
}

impl CountMemo {
    /// True for a position of the same game reached from the memo's root: the memo holds it
    /// when it is winning.
    fn covers(&self, game: &Game) -> bool {
        self.game == problem_key(game) && reached_from(game, self.root)
    }

    /// The count of a covered position, None when it is not in the memo (so not winning).
    fn get(&self, game: &Game) -> Option<u128> {
        let key = game.problem().canon().canonical(game.position().code());
        let i = self.codes.binary_search(&key).ok()?;
        self.counts.get(i).copied()
    }
}

/// True when the game's history passes through `root` (its position is reached from it).
fn reached_from(game: &Game, root: u64) -> bool {
    let mut x = game.start_position().code();
    if x == root {
        return true;
    }
    for &j in game.history() {
        x = position::after(x, j);
        if x == root {
            return true;
        }
    }
    false
}

/// As [`count_here`], answering from `memo` when it holds the position, and otherwise
/// counting every winning position reachable from here into a new memo (replacing it).
pub fn count_here_memo(
    game: &mut Game,
    nodes: u64,
    memo: &mut Option<CountMemo>,
) -> Answer<Option<u128>> {
    if let Some(m) = memo.as_ref().filter(|m| m.covers(game)) {
        return match m.get(game) {
            Some(n) => Answer::Done(Some(n)),
            // not winning: the oracle says so at once (the memo is kept)
            None => count_here(game, nodes),
        };
    }
    let p = game.problem().clone();
    let code = game.position().code();
    if p.is_goal(code) {
        return Answer::Done(Some(1));
    }
    if position::pegs(code) <= 1 || !p.classes_allow() {
        return Answer::Done(Some(0));
    }
    // the table's group keeps the start and the goal, so `p.canon()` never leaves its cover;
    // the live solver is exact for any position, and `p.canon()` keeps the goal
    let canon = p.canon();
    let key = problem_key(game);
    let ask = Ask::new(game, nodes);
    let mut seen = CodeMap::default();
    let n = if ask.winning(code) {
        count_dfs(&p, &canon, code, &ask, &mut seen)
    } else {
        Some(0)
    };
    let answer = ask.finish(n);
    if matches!(answer, Answer::Done(Some(_))) {
        let mut all: Vec<(u64, u128)> = seen.into_iter().collect();
        crate::small_sort::heap_sort_by_key(&mut all, |&(c, _)| c);
        let (codes, counts) = all.into_iter().unzip();
        *memo = Some(CountMemo {
            game: key,
            root: code,
            codes,
            counts,
        });
    }
    answer
}

/// The chance that random play from the game's position wins: at every step one of the legal
/// jumps, each as likely (`generate::wins::chance_from`). `nodes`: the budget for the whole
/// walk, as for [`count_here`].
pub fn chance_here(game: &mut Game, nodes: u64) -> Answer<f64> {
    let (p, code) = (game.problem().clone(), game.position().code());
    if !p.classes_allow() && !p.is_goal(code) {
        return Answer::Done(0.0);
    }
    let canon = p.canon();
    walk_with(game, nodes, |test| {
        wins::chance_from(&p, &canon, code, test)
    })
}

/// The winning games from the game's position read as sequences of positions, each up to the
/// symmetries that keep the goal (`generate::wins::count_positions_from`); `Done(None)` past
/// `u128::MAX`. `nodes` as for [`count_here`].
pub fn count_positions_here(game: &mut Game, nodes: u64) -> Answer<Option<u128>> {
    let (p, code) = (game.problem().clone(), game.position().code());
    if !p.classes_allow() && !p.is_goal(code) {
        return Answer::Done(Some(0));
    }
    let canon = p.canon();
    walk_with(game, nodes, |test| {
        wins::count_positions_from(&p, &canon, code, test)
    })
}

/// The positions every winning game from the game's position passes through, most pegs first
/// (the position itself first; none when it doesn't win), each with the forced jump that
/// leads to it from the one before when they are one jump apart
/// (`generate::wins::forced_from`). `nodes` as for [`count_here`].
pub fn forced_here(game: &mut Game, nodes: u64) -> Answer<Vec<(u64, Option<Jump>)>> {
    let (p, code) = (game.problem().clone(), game.position().code());
    if !p.classes_allow() && !p.is_goal(code) {
        return Answer::Done(Vec::new());
    }
    let a = walk_with(game, nodes, |test| wins::forced_from(&p, code, test));
    match a {
        Answer::Done(forced) => Answer::Done(wins::forced_line(&p.board, &forced)),
        Answer::Missing => Answer::Missing,
        Answer::Unknown => Answer::Unknown,
    }
}

/// The name of the shipped counts file that may serve the game's problem (`<table stem>.pgc`,
/// when the build pins one), to fetch and hand to [`shipped_entry`] through `Counts::decode`.
pub fn counts_file(game: &Game) -> Option<String> {
    let spec = crate::shipped::table_for(game.problem())?;
    let name = format!("{}.pgc", spec.file.strip_suffix(".pgt")?);
    crate::shipped::pinned(&name).map(|_| name)
}

/// The shipped answers for the game's position: Some when `counts` serves the game's problem
/// and stores the position (a winning position with many pegs). None sends the caller to its
/// live path (None never means lost).
pub fn shipped_entry(counts: Option<&Counts>, game: &Game) -> Option<Entry> {
    let c = counts?;
    let p = game.problem();
    if !c.serves(p) || position::pegs(game.position().code()) < u32::from(c.lowest) {
        return None;
    }
    c.find(p.canon().canonical(game.position().code()))
}

/// As [`count_here_memo`], answering at once from `counts` when it stores the position.
pub fn count_with(
    game: &mut Game,
    nodes: u64,
    memo: &mut Option<CountMemo>,
    counts: Option<&Counts>,
) -> Answer<Option<u128>> {
    match shipped_entry(counts, game) {
        Some(e) => Answer::Done(Some(u128::from(e.count))),
        None => count_here_memo(game, nodes, memo),
    }
}

/// As [`fewest_here`], answering at once from `counts` when it stores the position: the
/// number is the stored one, and the first move is one whose result is one move shorter
/// (stored, or searched with the budget `nodes` when its result has too few pegs to be
/// stored). When no such move is found within the budget the answer is `Unknown` (the number
/// alone is not passed off as a full answer).
pub fn fewest_with(
    game: &mut Game,
    nodes: u64,
    counts: Option<&Counts>,
) -> Answer<Option<(usize, Vec<Jump>)>> {
    let Some(e) = shipped_entry(counts, game) else {
        return fewest_here(game, nodes);
    };
    let n = usize::from(e.fewest);
    if n == 0 {
        return Answer::Done(Some((0, Vec::new())));
    }
    let p = game.problem().clone();
    let lowest = counts.map_or(0, |c| u32::from(c.lowest));
    let mut later = Vec::new();
    for (y, chain) in fewest::one_move(&p, game.position().code()) {
        if p.is_goal(y) {
            if n == 1 {
                return Answer::Done(Some((1, chain)));
            }
            continue;
        }
        let mut g = game.clone();
        if chain.iter().any(|&j| g.play_jump(j).is_err()) {
            continue;
        }
        match shipped_entry(counts, &g) {
            Some(f) if usize::from(f.fewest) + 1 == n => return Answer::Done(Some((n, chain))),
            Some(_) => {}
            // stored levels hold every winning position: not there, not winning
            None if position::pegs(y) >= lowest => {}
            None => later.push((g, chain)),
        }
    }
    // results with too few pegs to be stored: search them, longest chains first (a
    // shortest line favours long chains)
    // (one entry per move: a short list)
    crate::small_sort::sort_by_key(&mut later, |(_, chain)| std::cmp::Reverse(chain.len()));
    let mut missing = false;
    for (mut g, chain) in later {
        match fewest_here(&mut g, nodes) {
            Answer::Done(Some((m, _))) if m + 1 == n => return Answer::Done(Some((n, chain))),
            // the parts it waited for are noted in the shared table: fetch them, ask again
            Answer::Missing => {
                missing = true;
                let needs = g.oracle().take_needs();
                game.oracle().note_needs(needs);
            }
            _ => {}
        }
    }
    if missing {
        Answer::Missing
    } else {
        Answer::Unknown
    }
}

/// The fewest moves left (a move: a chain of jumps by one peg, stopping anywhere along it)
/// from the game's position to its goal, with the first move of such a line; `Done(None)`
/// when the goal can no longer be reached. At the goal: zero moves and no first move. `nodes`:
/// the budget, as for [`count_here`].
pub fn fewest_here(game: &mut Game, nodes: u64) -> Answer<Option<(usize, Vec<Jump>)>> {
    let p = game.problem().clone();
    let code = game.position().code();
    if p.is_goal(code) {
        return Answer::Done(Some((0, Vec::new())));
    }
    if position::pegs(code) <= 1 {
        return Answer::Done(None);
    }
    let Some(here) = p.from_here(Position::from_code(code)).ok() else {
        return Answer::Done(None);
    };
    // symmetries that keep this position and the goal: every image of a position reached
    // from here is reached from here, so inside the oracle's cover
    let canon = here.canon();
    let ask = Ask::new(game, nodes);
    let found = fewest::fewest_moves(&here, &canon, |c| ask.winning(c));
    ask.finish(found.map(|(_, line)| {
        let first = line.first().cloned().unwrap_or_default();
        (line.len(), first)
    }))
}

/// The problem whose goal is reached exactly when one peg can still remain, anywhere: the
/// game's board and start with goal `any`. Its table (when one covers it) answers the best
/// finish's hardest question, "can one peg remain?", at once.
pub fn finish_problem(game: &Game) -> Option<Problem> {
    let p = game.problem();
    Problem::new(p.board.clone(), p.start, crate::problem::Goal::Any).ok()
}

/// The shipped table that answers "can one peg still remain?" for the game's positions (the
/// table of [`finish_problem`]), if any; fetch it and attach it to [`finish_game`]'s game.
pub fn finish_table(game: &Game) -> Option<String> {
    crate::shipped::table_for(&finish_problem(game)?).map(|s| s.file)
}

/// The game's position in a game of [`finish_problem`]: the same start, the same jumps, with
/// goal `any` (no table attached yet).
pub fn finish_game(game: &Game) -> Option<Game> {
    let mut g = Game::new(finish_problem(game)?).ok()?;
    for &j in game.history() {
        g.play_jump(j).ok()?;
    }
    Some(g)
}

/// The best finish from the game's position (how few pegs can remain, and a jump that keeps
/// that), searching at most `nodes` positions.
pub fn best_here(game: &Game, nodes: u64) -> Answer<Best> {
    let mut left = nodes;
    match BestFinish::new(&game.problem().board).best(game.position().code(), &mut left) {
        Some(b) => Answer::Done(b),
        None => Answer::Unknown,
    }
}

/// As [`best_here`], asking first whether one peg can still remain: `finish` is the
/// position in a game of [`finish_problem`] (see [`finish_game`]), whose oracle answers that
/// exactly, from its table at once where one is attached. One peg can remain: a jump whose
/// position still wins that game keeps it, and no search is made. It can't: the search
/// looks for the fewest pegs from 2 up, and stops at the first line that leaves 2 instead of
/// searching the whole game for a single peg. The oracle can't tell (its search ran out):
/// the search alone answers, as [`best_here`]. `Missing` when a table part is on its way
/// (the finish game's oracle has noted which).
pub fn best_with(game: &Game, nodes: u64, finish: Option<&mut Game>) -> Answer<Best> {
    let code = game.position().code();
    let Some(f) = finish.filter(|f| f.position().code() == code && position::pegs(code) > 1) else {
        return best_here(game, nodes);
    };
    let board = game.problem().board.clone();
    let jumps: Vec<Jump> = position::legal_jumps(&board, code).collect();
    if jumps.is_empty() {
        return best_here(game, nodes);
    }
    let ask = f.ask();
    let at_least = match f.oracle().verdict(code, ask) {
        Verdict::Loading => return Answer::Missing,
        Verdict::Unknown => 1,
        Verdict::Bad => 2,
        Verdict::Good => {
            let mut missing = false;
            for &j in &jumps {
                match f.oracle().verdict(position::after(code, j), ask) {
                    Verdict::Good => {
                        return Answer::Done(Best {
                            pegs: 1,
                            jump: Some(j),
                        })
                    }
                    Verdict::Loading => missing = true,
                    Verdict::Bad | Verdict::Unknown => {}
                }
            }
            if missing {
                return Answer::Missing;
            }
            // a winning position has a winning child: only a search that gave up gets here
            1
        }
    };
    let mut left = nodes;
    match BestFinish::new(&board).best_from(code, at_least, &mut left) {
        Some(b) => Answer::Done(b),
        None => Answer::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{solve, Options};
    use crate::table::Table;
    use crate::Board;
    use std::sync::Arc;

    /// Fewest moves from `x` to the goal by plain breadth-first search over every position
    /// (no winning test, no symmetry); None when it can't be reached.
    fn brute_fewest(p: &Problem, x: u64) -> Option<usize> {
        let mut level = vec![x];
        let mut seen = std::collections::HashSet::new();
        for n in 0.. {
            if level.iter().any(|&c| p.is_goal(c)) {
                return Some(n);
            }
            if level.is_empty() {
                return None;
            }
            let mut next = Vec::new();
            for &c in &level {
                for (y, _) in fewest::one_move(p, c) {
                    if seen.insert(y) {
                        next.push(y);
                    }
                }
            }
            level = next;
        }
        None
    }

    /// Games along a few lines of play, with a table and on the live solver.
    fn games(name: &str, start: &str, goal: &str) -> Vec<Game> {
        let b = Board::by_name(name).unwrap();
        let p = Problem::parse(b.clone(), start, goal).unwrap();
        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
        let table = Arc::new(s.to_table(|_| true));
        let mut out = Vec::new();
        for line in 0..6 {
            let mut g = Game::new(p.clone()).unwrap();
            for step in 0.. {
                let jumps = g.legal_jumps();
                if jumps.is_empty() {
                    break;
                }
                let mut t = g.clone();
                t.attach_table(table.clone()).unwrap();
                out.push(t);
                out.push(g.clone());
                let j = jumps[(line * 7 + step * 3) % jumps.len()];
                g.play_jump(j).unwrap();
            }
        }
        out
    }

    #[test]
    fn counts_and_fewest_moves_match_brute_force_with_a_table_and_without() {
        for (name, start, goal) in [
            ("triangle5", "a1", "start"),
            ("triangle5", "c3", "any"),
            ("trunc12", "a1", "any"),
            ("trunc12", "b2", "b2"),
        ] {
            for mut g in games(name, start, goal) {
                let p = g.problem().clone();
                let x = g.position().code();
                let want = crate::search::brute::count(&p, x, &mut Default::default());
                assert_eq!(count_here(&mut g, u64::MAX), Answer::Done(Some(want)));
                let here = p.from_here(Position::from_code(x)).ok();
                let want = if p.is_goal(x) {
                    Some(0)
                } else {
                    here.and_then(|h| brute_fewest(&h, x))
                };
                match fewest_here(&mut g, u64::MAX) {
                    Answer::Done(Some((n, first))) => {
                        assert_eq!(Some(n), want, "{name} {x:#x}");
                        if n > 0 {
                            // the first move leads to a position one move shorter
                            let mut y = x;
                            for j in first {
                                assert!(position::can_jump(y, j));
                                y = position::after(y, j);
                            }
                            let h = p
                                .from_here(Position::from_code(y))
                                .ok()
                                .filter(|_| !p.is_goal(y));
                            let rest = if p.is_goal(y) {
                                Some(0)
                            } else {
                                h.and_then(|h| brute_fewest(&h, y))
                            };
                            assert_eq!(rest, Some(n - 1), "{name} {x:#x}");
                        }
                    }
                    Answer::Done(None) => assert_eq!(want, None, "{name} {x:#x}"),
                    other => panic!("{name} {x:#x}: {other:?}"),
                }
            }
        }
    }

    /// Fewest pegs that can remain from `x`, over every jump sequence (memoised by exact code,
    /// no symmetry, no bound).
    fn brute_best(b: &Board, x: u64, memo: &mut std::collections::HashMap<u64, u32>) -> u32 {
        if let Some(&n) = memo.get(&x) {
            return n;
        }
        let jumps: Vec<Jump> = position::legal_jumps(b, x).collect();
        let n = jumps
            .into_iter()
            .map(|j| brute_best(b, position::after(x, j), memo))
            .min()
            .unwrap_or(position::pegs(x));
        memo.insert(x, n);
        n
    }

    /// The union table of a board (every start, finish anywhere, with masks), built here.
    fn union_table(name: &str) -> Arc<Table> {
        let b = Board::by_name(name).unwrap();
        let spec = crate::shipped::TableSpec {
            problem: Problem::new(b, crate::problem::Start::All, crate::problem::Goal::Any)
                .unwrap(),
            file: format!("{name}.every.pgt"),
            union: true,
            committed: false,
        };
        Arc::new(
            crate::generate::build::build(&spec, &mut |_| {})
                .unwrap()
                .table,
        )
    }

    #[test]
    fn the_best_finish_from_a_table_matches_brute_force() {
        let mut lost = 0;
        for (name, start, goal) in [
            ("triangle5", "a1", "start"),
            ("triangle5", "c3", "any"),
            ("triangle5", "a2", "c5"),
            ("trunc12", "a1", "any"),
            ("trunc12", "b2", "b2"),
        ] {
            let b = Board::by_name(name).unwrap();
            let union = union_table(name);
            let mut memo = std::collections::HashMap::new();
            for g in games(name, start, goal) {
                let x = g.position().code();
                let want = brute_best(&b, x, &mut memo);
                // the game's start with goal any: its own table, and the board's union table
                let fp = finish_problem(&g).unwrap();
                let s = solve(&fp, Options::default(), &mut |_| {}).unwrap();
                for table in [Arc::new(s.to_table(|_| true)), union.clone()] {
                    let mut f = finish_game(&g).unwrap();
                    f.attach_table(table).unwrap();
                    let Answer::Done(best) = best_with(&g, u64::MAX, Some(&mut f)) else {
                        panic!("{name} {x:#x}: no answer");
                    };
                    assert_eq!(best.pegs, want, "{name} {x:#x}");
                    if let Some(j) = best.jump {
                        assert!(position::can_jump(x, j));
                        let y = position::after(x, j);
                        assert_eq!(brute_best(&b, y, &mut memo), want, "{name} {x:#x}");
                    } else {
                        assert_eq!(position::legal_jumps(&b, x).count(), 0);
                    }
                    if want == 1 && best.jump.is_some() {
                        // the table answers alone: no position searched
                        assert_eq!(best_with(&g, 1, Some(&mut f)), Answer::Done(best));
                    }
                }
                lost += usize::from(want > 1);
            }
        }
        assert!(lost > 20, "{lost} positions where one peg can't remain");
    }

    #[test]
    fn counts_and_fewest_moves_from_a_union_table_match_brute_force() {
        for (name, start, goal) in [
            ("triangle5", "a1", "any"),
            ("triangle5", "a2", "c5"),
            ("triangle5", "c3", "start"),
            ("trunc12", "a1", "any"),
            ("trunc12", "b2", "start"),
        ] {
            let union = union_table(name);
            for g in games(name, start, goal).into_iter().step_by(2) {
                let mut g = g;
                g.attach_table(union.clone()).unwrap();
                let p = g.problem().clone();
                let x = g.position().code();
                let want = crate::search::brute::count(&p, x, &mut Default::default());
                assert_eq!(
                    count_here(&mut g, u64::MAX),
                    Answer::Done(Some(want)),
                    "{name} {x:#x}"
                );
                let want = if p.is_goal(x) {
                    Some(0)
                } else {
                    p.from_here(Position::from_code(x))
                        .ok()
                        .and_then(|h| brute_fewest(&h, x))
                };
                let got = match fewest_here(&mut g, u64::MAX) {
                    Answer::Done(f) => f.map(|(n, _)| n),
                    other => panic!("{name} {x:#x}: {other:?}"),
                };
                assert_eq!(got, want, "{name} {x:#x}");
            }
        }
    }

    #[test]
    fn a_memo_answers_later_positions_as_counting_would() {
        for mut g in games("triangle5", "a1", "start").into_iter().step_by(3) {
            let mut memo = None;
            let mut line = Vec::new();
            loop {
                let want = count_here(&mut g, u64::MAX);
                assert_eq!(count_here_memo(&mut g, u64::MAX, &mut memo), want);
                let Some(j) = g.legal_jumps().first().copied() else {
                    break;
                };
                g.play_jump(j).unwrap();
                line.push(j);
            }
            // back at the start: not reached from the memo's root, so counted again
            while g.undo().is_some() {}
            let want = count_here(&mut g, u64::MAX);
            assert_eq!(count_here_memo(&mut g, u64::MAX, &mut memo), want);
            assert_eq!(memo.as_ref().map(|m| m.root), Some(g.position().code()));
        }
    }

    #[test]
    fn chance_sequences_and_forced_positions_match_the_walk_over_a_solved_problem() {
        let mut forced_jumps = 0;
        for (name, start, goal) in [
            ("triangle5", "a1", "start"),
            ("triangle5", "c3", "any"),
            ("trunc12", "a1", "any"),
            ("trunc12", "b2", "b2"),
        ] {
            let b = Board::by_name(name).unwrap();
            let p = Problem::parse(b, start, goal).unwrap();
            let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
            let w = |c: u64| s.is_winning(c);
            // with a table and with the live solver (every other game of `games`)
            for mut g in games(name, start, goal) {
                let x = g.position().code();
                let what = format!("{name} {start} {goal} {x:#x}");
                let want = wins::chance_from(&p, &s.canon, x, &w);
                match chance_here(&mut g, u64::MAX) {
                    Answer::Done(c) => assert!((c - want).abs() <= want * 1e-12, "{what}"),
                    other => panic!("{what}: {other:?}"),
                }
                let want = wins::count_positions_from(&p, &s.canon, x, &w);
                assert_eq!(count_positions_here(&mut g, u64::MAX), Answer::Done(want));
                let want = wins::forced_line(&p.board, &wins::forced_from(&p, x, &w));
                forced_jumps += want.iter().filter(|(_, j)| j.is_some()).count();
                assert_eq!(forced_here(&mut g, u64::MAX), Answer::Done(want), "{what}");
                // a jump the game draws as forced is the first forced jump of the line
                if let Some(j) = g.only_good_jump() {
                    let line = wins::forced_from(&p, x, &w);
                    assert_eq!(line.get(1).copied(), Some(position::after(x, j)), "{what}");
                }
            }
        }
        assert!(forced_jumps > 10, "{forced_jumps} forced jumps");
    }

    #[test]
    fn the_live_solver_says_unknown_when_its_budget_runs_out() {
        let b = Board::by_name("english").unwrap();
        let p = Problem::parse(b, "d4", "start").unwrap();
        let mut g = Game::new(p).unwrap();
        assert_eq!(count_here(&mut g, 50), Answer::Unknown);
        assert_eq!(chance_here(&mut g, 50), Answer::Unknown);
        assert_eq!(count_positions_here(&mut g, 50), Answer::Unknown);
        assert_eq!(forced_here(&mut g, 50), Answer::Unknown);
        assert_eq!(fewest_here(&mut g, 50), Answer::Unknown);
        assert_eq!(best_here(&g, 10), Answer::Unknown);
    }

    #[test]
    fn a_missing_table_part_is_missing_not_zero() {
        // a table decoded from its parts with only the head: every lookup of a level waits
        let b = Board::by_name("triangle5").unwrap();
        let p = Problem::parse(b, "a1", "start").unwrap();
        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
        let t = s.to_table(|_| true);
        let (head, ext) = t.encode_split(0);
        assert!(
            !ext.is_empty(),
            "a limit of 0 puts every level in a part of its own"
        );
        let partial = Arc::new(Table::decode(&head).unwrap());
        let mut g = Game::new(p).unwrap();
        g.attach_table(partial).unwrap();
        assert_eq!(count_here(&mut g, u64::MAX), Answer::Missing);
        assert!(!g.oracle().take_needs().is_empty());
    }
}
