//! The Analysis panel's questions, as `Game` methods: winning games from here (as jump
//! sequences and as position sequences), the chance that random play wins, the positions every
//! winning game passes through, the fewest moves left and the best finish (crate::analysis does the work; this only shapes the answers).

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::errors::{bad_argument, js_err};
use super::{js_number, jump_view, table_loaded, to_js, GameHandle, JumpView};
use crate::analysis::{self, Answer, CountMemo};
use crate::counts_file::Counts;
use crate::moves;

thread_local! {
    /// The counts of the last game counted in this worker, from where that count started:
    /// later positions of the game are a lookup (one memo a worker; the panel's own worker
    /// holds one game at a time).
    static MEMO: RefCell<Option<CountMemo>> = const { RefCell::new(None) };
    /// The shipped counts file handed to this worker (`addCounts`), if any.
    static COUNTS: RefCell<Option<Counts>> = const { RefCell::new(None) };
    /// The position of the last best finish asked, in a game with goal `any` and the table
    /// that answers "can one peg remain?" (`analysis::finish_game`): the parts of that table
    /// its answer waited for are taken from it (`finishTableNeeds`).
    static FINISH: RefCell<Option<GameHandle>> = const { RefCell::new(None) };
}

/// Hands the worker a shipped counts file (`Game.countsFile()` names it): checked against the
/// SHA-256 the build pins for `file` and decoded; a refused file is an error naming what is
/// wrong, and the counts stay with the live path.
#[wasm_bindgen(js_name = addCounts)]
pub fn add_counts(file: &str, bytes: &[u8]) -> Result<(), JsValue> {
    crate::shipped::check_pinned(file, bytes).map_err(js_err)?;
    let c = Counts::decode(bytes).map_err(js_err)?;
    COUNTS.with(|slot| *slot.borrow_mut() = Some(c));
    Ok(())
}

/// One answer: `state` is `done`, `loading` (table parts are on their way: fetch `tableNeeds`
/// and ask again) or `unknown` (the live solver's budget ran out).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CountView {
    state: &'static str,
    /// The count in decimal (it may pass 2^53); null unless done, or past 2^128 - 1.
    count: Option<String>,
    /// Done, but more than 2^128 - 1: too many to count.
    too_many: bool,
}

impl CountView {
    /// A count's answer as JS reads it.
    fn of<N: ToString>(a: &Answer<Option<N>>) -> CountView {
        let (count, too_many) = match a {
            Answer::Done(Some(n)) => (Some(n.to_string()), false),
            Answer::Done(None) => (None, true),
            _ => (None, false),
        };
        CountView {
            state: state_of(a),
            count,
            too_many,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FewestView {
    state: &'static str,
    /// Fewest moves left; null when the goal can't be reached (or not done).
    moves: Option<usize>,
    /// The first move of such a line in notation (`e5-c3-a1`), and its jumps.
    first: Option<String>,
    jumps: Vec<JumpView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BestView {
    state: &'static str,
    /// Fewest pegs that can remain.
    pegs: Option<u32>,
    /// A jump that keeps that (null when no jump is left).
    jump: Option<JumpView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChanceView {
    state: &'static str,
    /// The chance that random play wins, from 0 to 1 (null unless done).
    chance: Option<f64>,
    /// 1 / chance: "1 in N" (null when the chance is 0, or not done).
    one_in: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ForcedView {
    pegs: u32,
    /// The position as the editor writes it (X a peg, o a hole, reading order).
    position: String,
    /// The forced jump into it from the position before, when they are one jump apart.
    jump: Option<JumpView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ForcedLineView {
    state: &'static str,
    /// Most pegs first; empty unless done, or when the goal can't be reached.
    positions: Vec<ForcedView>,
}

fn state_of<T>(a: &Answer<T>) -> &'static str {
    match a {
        Answer::Done(_) => "done",
        Answer::Missing => "loading",
        Answer::Unknown => "unknown",
    }
}

/// A budget from JS: a whole number of positions from 1, else an error naming it.
fn nodes_of(nodes: f64) -> Result<u64, JsValue> {
    if (1.0..=1e15).contains(&nodes) && nodes.fract() == 0.0 {
        Ok(nodes as u64)
    } else {
        Err(bad_argument(
            "analysis budget",
            &js_number(nodes),
            "an analysis budget is a whole number of positions from 1 to 10^15",
        ))
    }
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// How many distinct jump sequences lead from here to the goal: `{state, count, tooMany}`.
    /// `nodes`: the budget for the whole count (table questions, or positions the live solver
    /// visits). The first count of a game remembers the count of every winning position it
    /// passed, so the game's later positions are answered at once.
    #[wasm_bindgen(js_name = countWinning, unchecked_return_type = "CountAnswer")]
    pub fn count_winning(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let a = COUNTS.with(|c| {
            MEMO.with(|m| {
                analysis::count_with(
                    &mut self.inner,
                    nodes,
                    &mut m.borrow_mut(),
                    c.borrow().as_ref(),
                )
            })
        });
        Ok(to_js(&CountView::of(&a)))
    }

    /// How many winning games lead from here read as sequences of positions, each up to the
    /// symmetries that keep the goal: `{state, count, tooMany}` as `countWinning`, within
    /// `nodes` (no memo: each position is walked anew).
    #[wasm_bindgen(js_name = countPositions, unchecked_return_type = "CountAnswer")]
    pub fn count_positions(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let a = analysis::count_positions_here(&mut self.inner, nodes);
        Ok(to_js(&CountView::of(&a)))
    }

    /// The chance that random play from here wins (each legal jump as likely at every step):
    /// `{state, chance, oneIn}`, `oneIn` = 1 / chance (null when the chance is 0), within
    /// `nodes` positions.
    #[wasm_bindgen(js_name = randomChance, unchecked_return_type = "ChanceAnswer")]
    pub fn random_chance(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let a = analysis::chance_here(&mut self.inner, nodes);
        let chance = match &a {
            Answer::Done(p) => Some(*p),
            _ => None,
        };
        Ok(to_js(&ChanceView {
            state: state_of(&a),
            chance,
            one_in: chance.filter(|&p| p > 0.0).map(|p| 1.0 / p),
        }))
    }

    /// The positions every winning game from here passes through, most pegs first (this one
    /// first; none when the goal can't be reached): `{state, positions: [{pegs, position,
    /// jump}]}`, `position` as the editor writes it (X a peg, o a hole), `jump` the forced jump
    /// that leads to it from the one before (null when they are more than one jump apart).
    #[wasm_bindgen(js_name = forcedPositions, unchecked_return_type = "ForcedAnswer")]
    pub fn forced_positions(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let a = analysis::forced_here(&mut self.inner, nodes);
        let b = &self.inner.problem().board;
        let positions = match &a {
            Answer::Done(line) => line
                .iter()
                .map(|&(y, j)| ForcedView {
                    pegs: y.count_ones(),
                    position: moves::position_text(b, y),
                    jump: j.map(|j| jump_view(b, j)),
                })
                .collect(),
            _ => Vec::new(),
        };
        Ok(to_js(&ForcedLineView {
            state: state_of(&a),
            positions,
        }))
    }

    /// The shipped counts file that may answer this game's counts and fewest moves at once
    /// (fetch it whole and hand it to `addCounts`), or null.
    #[wasm_bindgen(js_name = countsFile)]
    pub fn counts_file(&self) -> Option<String> {
        analysis::counts_file(&self.inner)
    }

    /// The fewest moves left (a move: a chain of jumps by one peg) and the first move of such a
    /// line: `{state, moves, first, jumps}`; `moves` null when the goal can't be reached.
    #[wasm_bindgen(js_name = fewestMoves, unchecked_return_type = "FewestAnswer")]
    pub fn fewest_moves(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let a = COUNTS.with(|c| analysis::fewest_with(&mut self.inner, nodes, c.borrow().as_ref()));
        let b = &self.inner.problem().board;
        let (moves, first, jumps) = match &a {
            Answer::Done(Some((n, chain))) => (
                Some(*n),
                (!chain.is_empty()).then(|| moves::moves_text(b, chain).join(" ")),
                chain.iter().map(|&j| jump_view(b, j)).collect(),
            ),
            _ => (None, None, Vec::new()),
        };
        Ok(to_js(&FewestView {
            state: state_of(&a),
            moves,
            first,
            jumps,
        }))
    }

    /// The best finish: how few pegs can remain and a jump that keeps that, `{state, pegs,
    /// jump}`, searching at most `nodes` positions (`unknown` past that). Where the table of
    /// `finishTableFile` has been handed over (`loadFinishTable`), it says at once whether one
    /// peg can remain, and the search is made only for more; `loading`: fetch
    /// `finishTableNeeds` and ask again.
    #[wasm_bindgen(js_name = bestFinish, unchecked_return_type = "BestAnswer")]
    pub fn best_finish(&mut self, nodes: f64) -> Result<JsValue, JsValue> {
        let nodes = nodes_of(nodes)?;
        let mut finish = self.finish_handle();
        if let Some(t) = analysis::finish_table(&self.inner).and_then(|f| table_loaded(&f)) {
            // refused (not for this game): the search answers alone
            let _ = finish.as_mut().map(|f| f.inner.attach_table(t));
        }
        let with = finish
            .as_mut()
            .filter(|f| f.inner.has_table())
            .map(|f| &mut f.inner);
        let a = analysis::best_with(&self.inner, nodes, with);
        FINISH.with(|f| *f.borrow_mut() = finish);
        let b = &self.inner.problem().board;
        let (pegs, jump) = match &a {
            Answer::Done(best) => (Some(best.pegs), best.jump.map(|j| jump_view(b, j))),
            _ => (None, None),
        };
        Ok(to_js(&BestView {
            state: state_of(&a),
            pegs,
            jump,
        }))
    }

    /// The shipped table that says whether one peg can still remain from this game's
    /// positions (the game's start with goal `any`), to fetch whole and hand to
    /// `loadFinishTable`; undefined when none covers it or it is loaded already.
    #[wasm_bindgen(js_name = finishTableFile)]
    pub fn finish_table_file(&self) -> Option<String> {
        analysis::finish_table(&self.inner).filter(|f| table_loaded(f).is_none())
    }

    /// Checks and keeps the table `finishTableFile` named (decoded once per file name and
    /// shared with every game on the page, as `loadTable`). Throws, naming the fault, if it is
    /// refused: the best finish is then searched alone.
    #[wasm_bindgen(js_name = loadFinishTable)]
    pub fn load_finish_table(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsValue> {
        let mut finish = self
            .finish_handle()
            .filter(|_| analysis::finish_table(&self.inner).as_deref() == Some(name))
            .ok_or_else(|| {
                bad_argument(
                    "table",
                    name,
                    "not the table that answers this game's best finish",
                )
            })?;
        finish.load_table(name, bytes)
    }

    /// Parts of the best finish's table that its last answer waited for (`loading`):
    /// `[{file, pegs, chunk, from, to}]`, as `tableNeeds`.
    #[wasm_bindgen(js_name = finishTableNeeds, unchecked_return_type = "TablePart[]")]
    pub fn finish_table_needs(&self) -> JsValue {
        FINISH.with(|f| match f.borrow_mut().as_mut() {
            Some(h) => h.table_needs(),
            None => to_js(&Vec::<()>::new()),
        })
    }

    /// Adds a fetched part of the best finish's table (see `finishTableNeeds`); throws, naming
    /// the fault, if its hash is not the one the table pins.
    #[wasm_bindgen(js_name = addFinishTablePart)]
    pub fn add_finish_table_part(
        &mut self,
        pegs: u8,
        chunk: i32,
        bytes: &[u8],
    ) -> Result<(), JsValue> {
        FINISH.with(|f| match f.borrow_mut().as_mut() {
            Some(h) => h.add_table_part(pegs, chunk, bytes),
            None => Err(bad_argument(
                "table part",
                &pegs.to_string(),
                "no best finish asked",
            )),
        })
    }
}

impl GameHandle {
    /// The game's position in a game with goal `any` (`analysis::finish_game`), no table yet.
    fn finish_handle(&self) -> Option<GameHandle> {
        Some(GameHandle::new(analysis::finish_game(&self.inner)?, None))
    }
}

/// Keeps every decoded table chunk from now on: for a worker that walks whole levels (counting,
/// fewest moves), which would otherwise decode the same chunks again and again. Costs memory
/// (up to the whole decoded table), so only the analysis worker calls it.
#[wasm_bindgen(js_name = keepEveryChunk)]
pub fn keep_every_chunk() {
    crate::shard::keep_every_chunk();
}
