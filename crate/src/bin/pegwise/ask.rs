//! The game the commands ask about, answering the way [`Way`] chose: a position's questions
//! (`hint`, `solve`) through a game's oracle, and whole-game walks (`count`, `fewest`,
//! `deadend`) through a winning test, each within its budget.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::data::{open_table, unbuilt};
use crate::progress::Progress;
use crate::solving::solve_with_progress;
use crate::way::{thousands, too_big, Budget, HowArgs, Way, PAGE_QUESTION};
use pegwise::analysis::{self, Answer};
use pegwise::game::Game;
use pegwise::generate::{Options, Solved};
use pegwise::oracle::Source;
use pegwise::shipped::TableSpec;
use pegwise::symmetry::Canon;
use pegwise::{Error, Problem, Start};

/// The game of `p` with `moves_text` played, and the way its questions are answered: the
/// built table in `data`; the whole problem solved first (a small board, or `--exact`); or
/// the live search with `--budget` positions a question, by default the page's budget. A
/// position the table doesn't hold (a game from a set position) goes to the live search.
pub fn game_for(
    p: &Problem,
    moves_text: &str,
    data: &Path,
    how: &HowArgs,
) -> Result<(Game, Way), Error> {
    let live = how.budget.map_or(PAGE_QUESTION, Budget::nodes);
    let way = how.way(p, data, live);
    if let Way::Table(spec) = &way {
        let mut g = table_game(spec, p, moves_text, data)?;
        live.apply(g.oracle());
        return Ok(match g.source() {
            Source::Table => (g, way),
            Source::Search => (g, Way::Search(live)),
        });
    }
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    let way = match way {
        // a set position's game needs no table: the live search with no limit is exact
        Way::Solve if matches!(p.start, Start::Position(_)) => Way::Search(Budget::nodes(u64::MAX)),
        w => w,
    };
    match &way {
        Way::Search(b) => b.apply(g.oracle()),
        _ => {
            let s = solve_whole(p, data)?;
            g.attach_table(Arc::new(s.to_table(|_| true)))?;
        }
    }
    Ok((g, way))
}

/// The game of `p` with the table of `spec` from `data` attached, `moves_text` played.
fn table_game(spec: &TableSpec, p: &Problem, moves_text: &str, data: &Path) -> Result<Game, Error> {
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    g.attach_table(Arc::new(open_table(&spec.file, data)?))?;
    Ok(g)
}

/// The whole problem solved, its progress shown; too big for memory, the error says what
/// answers instead (the table to build, or the live search).
pub fn solve_whole(p: &Problem, data: &Path) -> Result<Solved, Error> {
    solve_whole_with(p, data, Options::default())
}

/// [`solve_whole`] with these options.
pub fn solve_whole_with(p: &Problem, data: &Path, opts: Options) -> Result<Solved, Error> {
    solve_with_progress(p, opts).map_err(|e| too_big(unbuilt(e, p, Some(data))))
}

/// A walk's answer, and where its winning test came from.
pub struct Walked<R> {
    /// The walk's result; None when its budget ran out (the answer is unknown).
    pub found: Option<R>,
    /// Where the test's answers came from.
    pub way: Way,
}

/// Runs a whole-game walk (counting, fewest moves, dead ends) with the winning test that
/// [`HowArgs::way`] chooses: the table (every position judged counts against `--budget`
/// when it is given), the whole problem solved, or the live search within `--budget`, by
/// default `live` positions, for the whole walk. `walk` gets the canonical forms to key on and
/// the test. Its progress is shown as `label` with the positions judged so far.
pub fn walk<R>(
    p: &Problem,
    data: &Path,
    how: &HowArgs,
    live: u64,
    label: &str,
    walk: impl FnOnce(&Canon, &(dyn Fn(u64) -> bool + Sync + Send)) -> R,
) -> Result<Walked<R>, Error> {
    let canon = p.canon();
    let live = Budget::nodes(how.budget.unwrap_or(live));
    let way = match how.way(p, data, live) {
        Way::Table(spec) => {
            let mut g = table_game(&spec, p, "", data)?;
            // a game from a set position the table doesn't hold may reach positions it
            // doesn't know: answered as if no table covered it
            if g.source() == Source::Table {
                // covered: the source is the table for this position and every one below it
                let oracle = g.oracle();
                let test = |c: u64| oracle.from_table(c, true) == Some(true);
                let found = counted(label, how.budget, &canon, &test, walk);
                return Ok(Walked {
                    found,
                    way: Way::Table(spec),
                });
            }
            how.untabled(p, live)
        }
        w => w,
    };
    match way {
        Way::Search(b) => {
            let mut g = Game::new(p.clone())?;
            let a = analysis::walk_with(&mut g, b.nodes, |test| {
                counted(label, None, &canon, test, walk)
            });
            let found = match a {
                Answer::Done(found) => found,
                Answer::Missing | Answer::Unknown => None,
            };
            Ok(Walked {
                found,
                way: Way::Search(b),
            })
        }
        _ => solved_walk(p, data, label, walk),
    }
}

/// `walk` over the whole problem solved first.
fn solved_walk<R>(
    p: &Problem,
    data: &Path,
    label: &str,
    walk: impl FnOnce(&Canon, &(dyn Fn(u64) -> bool + Sync + Send)) -> R,
) -> Result<Walked<R>, Error> {
    let s = solve_whole(p, data)?;
    let found = counted(label, None, &s.canon, &|c| s.is_winning(c), walk);
    Ok(Walked {
        found,
        way: Way::Solve,
    })
}

/// `walk` with a winning test that counts its questions on the progress line, and says "not
/// winning" to every question past `limit` (the result is then None: unknown).
fn counted<R>(
    label: &str,
    limit: Option<u64>,
    canon: &Canon,
    winning: &(dyn Fn(u64) -> bool + Sync + Send),
    walk: impl FnOnce(&Canon, &(dyn Fn(u64) -> bool + Sync + Send)) -> R,
) -> Option<R> {
    let pb = Progress::new(label);
    let judged = AtomicU64::new(0);
    let over = AtomicBool::new(false);
    let test = |c: u64| {
        let n = judged.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(1 << 16) {
            pb.set(&format!("{label}: {} positions judged", thousands(n)));
        }
        if limit.is_some_and(|l| n > l) {
            over.store(true, Ordering::Relaxed);
            return false;
        }
        winning(c)
    };
    let r = walk(canon, &test);
    pb.finish();
    (!over.load(Ordering::Relaxed)).then_some(r)
}
