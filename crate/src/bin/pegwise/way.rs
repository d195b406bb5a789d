//! How a question about a game is answered, by one rule for every command that asks
//! (`hint`, `solve`, `count`, `fewest`, `deadend`), as the page answers it: from a built
//! table where one covers the game; else by solving the whole problem where that is quick
//! ([`quick`]: a board of at most [`SOLVE_HOLES`] holes, or a start of at most [`SOLVE_PEGS`]
//! pegs) or asked for (`--exact`); else by the live search within a budget, which says
//! "unknown" where it can't decide, never a guess.

use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use clap::Args;

use crate::data::{built_table_for, DataArgs};
use pegwise::error::{Advice, ResourceError};
use pegwise::oracle::Oracle;
use pegwise::shipped::{self, TableSpec};
use pegwise::{position, Error, Problem};

/// Boards of at most this many holes are solved whole when no built table covers the game:
/// every game of triangle6 (21 holes) solves in a fifth of a second. The next catalogue board,
/// triangle7 (28 holes), takes 40 s and 1.2 GB; English (33) 15 s to 2 min and 3.5 GB; the
/// bigger boards don't fit in memory.
pub const SOLVE_HOLES: usize = 21;

/// A game from a set position of at most this many pegs is solved whole on any board: under a
/// second on every catalogue board (hexagon37, whose six jump directions make it the
/// costliest: 0.5 s at 14 pegs, 4 s at 16, 36 s at 19; French 0.8 s at 20).
pub const SOLVE_PEGS: u32 = 14;

/// The size rule: solving the whole problem is quick (under a second) when the board has at
/// most [`SOLVE_HOLES`] holes or every start has at most [`SOLVE_PEGS`] pegs. Decided from
/// the problem alone, never by trying.
pub fn quick(p: &Problem) -> bool {
    p.board.len() <= SOLVE_HOLES
        || p.start_positions()
            .iter()
            .all(|&c| position::pegs(c) <= SOLVE_PEGS)
}

/// The page's live-search budget for one question of the hint: `BUDGET` in
/// `www/js/worker/worker-core.js` (200 ms on the clock, at most 50,000,000 positions).
pub const PAGE_QUESTION: Budget = Budget {
    nodes: 50_000_000,
    ms: Some(200.0),
};

/// What the live search may spend: positions, and milliseconds on the clock.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Positions the search may visit.
    pub nodes: u64,
    /// Milliseconds it may take (none: no clock, so the answer is the same on every run).
    pub ms: Option<f64>,
}

impl Budget {
    /// At most `nodes` positions, no clock.
    pub fn nodes(nodes: u64) -> Budget {
        Budget { nodes, ms: None }
    }

    /// Gives the oracle's live search this budget for each question.
    pub fn apply(self, o: &mut Oracle) {
        o.set_limits(pegwise::oracle::Limits {
            nodes: self.nodes,
            time_ms: self.ms,
            clock: self.ms.map(|_| clock as fn() -> f64),
        });
    }

    /// "200 ms and at most 50,000,000 positions", "at most 3 positions", "no limit".
    fn text(self) -> String {
        if self.nodes == u64::MAX && self.ms.is_none() {
            return "no limit".into();
        }
        let nodes = format!(
            "at most {} position{}",
            thousands(self.nodes),
            if self.nodes == 1 { "" } else { "s" }
        );
        match self.ms {
            Some(ms) => format!("{ms} ms and {nodes}"),
            None => nodes,
        }
    }
}

/// Milliseconds since the first call: the clock of the live search's time budget (the core
/// reads no clock of its own).
pub fn clock() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A count of pegs in words: "1 peg", "2 pegs".
pub fn pegs_text(n: u32) -> String {
    if n == 1 {
        "1 peg".to_string()
    } else {
        format!("{n} pegs")
    }
}

/// `n` with commas between thousands: 12,345,678.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The flags that choose how a command answers where no built table covers the game.
#[derive(Args, Clone)]
pub struct HowArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Ask the live search with at most N positions (a question for `hint` and `solve`; in
    /// all for `count`, `fewest` and `deadend`, where a table's questions count too), and no
    /// clock; past them the answer is `unknown`, never a guess. Default: the page's budget,
    /// 200 ms and at most 50,000,000 positions a question for `hint` and `solve`; for the
    /// others, what the page's Analysis panel spends (count 2,000,000, fewest 500,000),
    /// deadend 2,000,000, and a table's walk is not limited.
    #[arg(long, value_name = "N", conflicts_with = "exact")]
    pub budget: Option<u64>,
    /// Where no built table covers the game, solve the whole problem exactly however big the
    /// board (it can take minutes and gigabytes, or not fit in memory; it shows its
    /// progress). Without it, only boards of at most 21 holes, and set positions of at most
    /// 14 pegs, are solved whole.
    #[arg(long)]
    pub exact: bool,
}

/// Where a command's answers come from.
#[derive(Debug, Clone)]
pub enum Way {
    /// The built table of this spec.
    Table(TableSpec),
    /// The whole problem, solved first.
    Solve,
    /// The live search, within this budget (a question's, or the whole walk's).
    Search(Budget),
}

impl HowArgs {
    /// How to answer about `p`: the built table in `data` that covers it, else as
    /// [`HowArgs::untabled`] says. `live` is the command's default live-search budget.
    pub fn way(&self, p: &Problem, data: &Path, live: Budget) -> Way {
        match built_table_for(p, data).filter(|_| p.classes_allow()) {
            Some(spec) => Way::Table(spec),
            None => self.untabled(p, live),
        }
    }

    /// How to answer about `p` with no table: the live search with `--budget` when it is
    /// given; solved whole where [`quick`] or with `--exact`; else the live search within
    /// `live`. Where the position classes rule the goal out, the live search answers every
    /// question at once, exactly.
    pub fn untabled(&self, p: &Problem, live: Budget) -> Way {
        match self.budget {
            _ if !p.classes_allow() => Way::Search(live),
            Some(nodes) => Way::Search(Budget::nodes(nodes)),
            None if self.exact || quick(p) => Way::Solve,
            None => Way::Search(live),
        }
    }
}

impl Way {
    /// The source as JSON writes it: `table`, `solve` or `search`.
    pub fn source(&self) -> &'static str {
        match self {
            Way::Table(_) => "table",
            Way::Solve => "solve",
            Way::Search(_) => "search",
        }
    }

    /// The line the text output ends with: where the answers came from, and for the live
    /// search what `unknown` means and how to get more (for `per`: "a question" or "in all").
    pub fn note(&self, p: &Problem, data: &Path, per: &str) -> String {
        match self {
            Way::Table(spec) => {
                format!("source: table {}\n", data.join(&spec.file).display())
            }
            Way::Solve => "source: solve (the whole problem, solved exactly)\n".into(),
            Way::Search(b) => {
                let unbuilt = shipped::table_for(p)
                    .filter(|s| !data.join(&s.file).exists())
                    .map_or(String::new(), |s| {
                        format!(
                            "; the table that answers at once, {}, is built by `scripts/tables {}`",
                            s.file,
                            p.board.name()
                        )
                    });
                format!(
                    "source: search (the live search, {} {per}; --exact solves the whole problem{unbuilt})\n",
                    b.text()
                )
            }
        }
    }

    /// Why a walk's answer is unknown: its budget ran out (`limit`: `--budget`, for a table's
    /// walk).
    pub fn unknown_text(&self, limit: Option<u64>) -> String {
        match self {
            Way::Search(b) => format!(
                "unknown: the live search did not decide it within {} in all; raise --budget, or pass --exact to solve the whole problem\n",
                b.text()
            ),
            _ => format!(
                "unknown: more than {} positions to judge; raise --budget, or leave it out\n",
                thousands(limit.unwrap_or(u64::MAX))
            ),
        }
    }
}

/// A problem too big to solve whole here: the error says what answers instead.
pub fn too_big(e: Error) -> Error {
    match e {
        Error::Resource(r) => ResourceError {
            advice: Advice::LeaveOutExact,
            ..*r
        }
        .into(),
        e => e,
    }
}
