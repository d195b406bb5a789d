//! The wasm bindings: the only file that knows wasm-bindgen. JS gets an opaque `Game` handle
//! and small, copyable results (plain objects via serde-wasm-bindgen). Every error is a JS
//! `Error` whose message names the bad value; no input can panic.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::board::{Board, Jump};
use crate::error::Error;
use crate::game::{Game as CoreGame, Status};
use crate::moves;
use crate::oracle::Verdict;
use crate::problem::Problem;
use crate::shipped;
use crate::table::{Need, Table};

thread_local! {
    /// Decoded tables by file name, shared by every game on the page.
    static TABLES: RefCell<HashMap<String, Arc<Table>>> = RefCell::new(HashMap::new());
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js_err(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(v: &T) -> JsValue {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

#[derive(Serialize)]
struct BoardEntry {
    name: String,
    holes: usize,
    symmetries: usize,
    lattice: crate::board::Lattice,
    tables: bool,
}

/// The board catalogue: `[{name, holes, symmetries, lattice, tables}]` (`row:7` stands for rows).
#[wasm_bindgen]
pub fn boards() -> JsValue {
    let list: Vec<BoardEntry> = crate::board::CATALOGUE
        .iter()
        .map(|n| if *n == "row:L" { "row:7" } else { n })
        .filter_map(|n| Board::by_name(n).ok())
        .map(|b| BoardEntry {
            tables: shipped::tables_for(&b)
                .map(|t| !t.is_empty())
                .unwrap_or(false),
            name: b.name().to_string(),
            holes: b.len(),
            symmetries: b.symmetries().len(),
            lattice: b.lattice(),
        })
        .collect();
    to_js(&list)
}

#[derive(Serialize)]
struct PartView {
    file: String,
    pegs: u8,
    chunk: i32,
    from: usize,
    to: usize,
}

#[derive(Serialize)]
struct HoleView {
    name: String,
    x: f64,
    y: f64,
}

#[derive(Serialize)]
struct Layout {
    board: String,
    lattice: crate::board::Lattice,
    holes: Vec<HoleView>,
}

/// Display layout of a board: `{board, lattice, holes: [{name, x, y}]}`, unit hole spacing.
#[wasm_bindgen(js_name = boardLayout)]
pub fn board_layout(board: &str) -> Result<JsValue, JsError> {
    let b = Board::by_name(board).map_err(js_err)?;
    Ok(to_js(&layout_of(&b)))
}

fn layout_of(b: &Board) -> Layout {
    let holes = (0..b.len() as u8)
        .map(|k| {
            let (x, y) = b.display_xy(k);
            HoleView {
                name: b.hole_name(k).to_string(),
                x,
                y,
            }
        })
        .collect();
    Layout {
        board: b.name().to_string(),
        lattice: b.lattice(),
        holes,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JumpView {
    from: String,
    over: String,
    to: String,
    jump: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HintView {
    from: String,
    over: String,
    to: String,
    jump: String,
    verdict: Verdict,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PegView {
    hole: String,
    good: usize,
    bad: usize,
    unknown: usize,
    /// Every jump of this peg is bad.
    bomb: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PositionView {
    board: String,
    start: String,
    goal: String,
    /// One entry per hole in reading order: true for a peg.
    pegs: Vec<bool>,
    peg_count: u32,
    jumps: usize,
    moves: usize,
    history: Vec<String>,
    /// The jumps redo would replay, the next one first.
    future: Vec<String>,
    can_undo: bool,
    can_redo: bool,
    source: crate::oracle::Source,
    /// The position code in decimal (a u64 does not fit a JS number).
    code: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateView {
    #[serde(flatten)]
    position: PositionView,
    status: Status,
    /// Is the position winning? null when the search could not tell.
    winning: Option<bool>,
}

/// One game: a board, a start hole and a goal, with its position, history and hints.
#[wasm_bindgen]
pub struct Game {
    inner: CoreGame,
}

#[wasm_bindgen]
impl Game {
    /// A new game. `goal` is `start`, `any` or a hole name. Throws on a bad board, hole or goal.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, start: &str, goal: &str) -> Result<Game, JsError> {
        let b = Board::by_name(board).map_err(js_err)?;
        let p = Problem::parse(b, start, goal).map_err(js_err)?;
        let mut inner = CoreGame::new(p).map_err(js_err)?;
        attach_cached(&mut inner)?;
        Ok(Game { inner })
    }

    /// The display layout (see `boardLayout`).
    pub fn layout(&self) -> JsValue {
        to_js(&layout_of(&self.inner.problem().board))
    }

    /// The `data/` file holding the table for this game, or undefined when no table covers it.
    #[wasm_bindgen(js_name = tableFile)]
    pub fn table_file(&self) -> Option<String> {
        shipped::table_for(self.inner.problem()).map(|s| s.file)
    }

    /// True once a table answers the hints.
    #[wasm_bindgen(js_name = hasTable)]
    pub fn has_table(&self) -> bool {
        self.inner.source() == crate::oracle::Source::Table
    }

    /// Checks and attaches a table file's bytes (decoded once per file name and shared by every
    /// game on the page). Throws, leaving the game unchanged, if the table is refused.
    #[wasm_bindgen(js_name = loadTable)]
    pub fn load_table(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsError> {
        let cached = TABLES.with(|t| t.borrow().get(name).cloned());
        let table = match cached {
            Some(t) => t,
            None => {
                // only the files this build was made with (MANIFEST's SHA-256), before decoding
                shipped::check_pinned(name, bytes).map_err(js_err)?;
                let t = Arc::new(Table::decode(bytes).map_err(js_err)?);
                t.check_board(&self.inner.problem().board).map_err(js_err)?;
                t
            }
        };
        self.inner.attach_table(table.clone()).map_err(js_err)?;
        TABLES.with(|t| t.borrow_mut().insert(name.to_string(), table));
        Ok(())
    }

    /// Table parts that the last answers waited for ("loading" verdicts), to fetch:
    /// `[{file, pegs, chunk, from, to}]` (`chunk` -1 for a level's header and index; `from`
    /// and `to` a byte range of `file`, end exclusive).
    #[wasm_bindgen(js_name = tableNeeds)]
    pub fn table_needs(&mut self) -> JsValue {
        let head = shipped::table_for(self.inner.problem()).map(|s| s.file);
        let oracle = self.inner.oracle();
        let needs = oracle.take_needs();
        let (Some(head), Some(table)) = (head, oracle.table().cloned()) else {
            return to_js(&Vec::<PartView>::new());
        };
        let parts: Vec<PartView> = needs
            .into_iter()
            .filter_map(|n| {
                let (pegs, from, to) = table.range(n)?;
                Some(PartView {
                    file: Table::shard_file(&head, pegs),
                    pegs,
                    chunk: match n {
                        Need::Header(_) => -1,
                        Need::Chunk(_, c) => c as i32,
                    },
                    from,
                    to,
                })
            })
            .collect();
        to_js(&parts)
    }

    /// Adds a fetched table part (see `tableNeeds`); throws, naming the fault, if its hash is
    /// not the one the table pins.
    #[wasm_bindgen(js_name = addTablePart)]
    pub fn add_table_part(&mut self, pegs: u8, chunk: i32, bytes: &[u8]) -> Result<(), JsError> {
        let table = self
            .inner
            .oracle()
            .table()
            .cloned()
            .ok_or_else(|| JsError::new("no table attached"))?;
        if chunk < 0 {
            table.add_header(pegs, bytes).map_err(js_err)
        } else {
            table.add_chunk(pegs, chunk as usize, bytes).map_err(js_err)
        }
    }

    /// The whole state as a plain object (see the README's Embed section for the fields).
    pub fn state(&mut self) -> JsValue {
        let position = self.position_view();
        let g = &mut self.inner;
        let status = g.status();
        let winning = if status == Status::Solved {
            Some(true)
        } else {
            g.winning()
        };
        to_js(&StateView {
            position,
            status,
            winning,
        })
    }

    /// The state without `status` and `winning`: never runs the search, so it is always fast.
    pub fn position(&self) -> JsValue {
        to_js(&self.position_view())
    }

    /// Every legal jump: `[{from, over, to, jump}]`.
    pub fn legal(&self) -> JsValue {
        let b = &self.inner.problem().board;
        let v: Vec<JumpView> = self
            .inner
            .legal_jumps()
            .into_iter()
            .map(|j| jump_view(b, j))
            .collect();
        to_js(&v)
    }

    /// Plays moves in notation (`d2-d4`, `e5-c3-a1`, several separated by spaces); all or
    /// nothing. Returns the number of jumps played.
    pub fn play(&mut self, text: &str) -> Result<usize, JsError> {
        self.inner.play_text(text).map_err(js_err)
    }

    /// Plays the jump from hole `from` to hole `to`.
    #[wasm_bindgen(js_name = playJump)]
    pub fn play_jump(&mut self, from: &str, to: &str) -> Result<(), JsError> {
        let b = &self.inner.problem().board;
        let (f, t) = (b.hole(from).map_err(js_err)?, b.hole(to).map_err(js_err)?);
        let j = b.jump_between(f, t).ok_or_else(|| {
            js_err(Error::IllegalJump {
                jump: format!("{}-{}", b.hole_name(f), b.hole_name(t)),
                why: "no jump line joins these holes".into(),
            })
        })?;
        self.inner.play_jump(j).map_err(js_err)
    }

    /// The jumps that `play(text)` would make, in notation, without playing them (throws, naming
    /// the bad part, if the text does not play from here).
    #[wasm_bindgen(js_name = jumpsOf)]
    pub fn jumps_of(&self, text: &str) -> Result<Vec<String>, JsError> {
        let mut probe = self.inner.clone();
        let before = probe.history().len();
        probe.play_text(text).map_err(js_err)?;
        let b = &probe.problem().board;
        Ok(probe.history()[before..]
            .iter()
            .map(|&j| moves::jump_text(b, j))
            .collect())
    }

    /// The game as one line of text (`pegwise:1;board;start;goal;moves`), for saving.
    pub fn save(&self) -> String {
        self.inner.save()
    }

    /// Rebuilds a game from `save()` text; throws, naming the fault, on a bad or old save.
    pub fn restore(text: &str) -> Result<Game, JsError> {
        let mut inner = CoreGame::restore(text).map_err(js_err)?;
        attach_cached(&mut inner)?;
        Ok(Game { inner })
    }

    /// Takes back the last jump; returns it in notation, or undefined.
    pub fn undo(&mut self) -> Option<String> {
        let j = self.inner.undo()?;
        Some(moves::jump_text(&self.inner.problem().board, j))
    }

    /// Replays the last undone jump; returns it in notation, or undefined.
    pub fn redo(&mut self) -> Option<String> {
        let j = self.inner.redo()?;
        Some(moves::jump_text(&self.inner.problem().board, j))
    }

    /// Back to the start position (redo replays the game).
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    /// Hints for the peg on `hole`: `[{from, over, to, jump, verdict}]`, verdict `good`, `bad`
    /// or `unknown`. Empty when that hole has no peg or the peg cannot jump.
    #[wasm_bindgen(js_name = hintsFor)]
    pub fn hints_for(&mut self, hole: &str) -> Result<JsValue, JsError> {
        let h = self.inner.problem().board.hole(hole).map_err(js_err)?;
        let v = self.inner.hints_for(h);
        Ok(to_js(&self.hint_views(v)))
    }

    /// Hints for every legal jump.
    pub fn hints(&mut self) -> JsValue {
        let v = self.inner.hints();
        to_js(&self.hint_views(v))
    }

    /// Per peg that can jump: `[{hole, good, bad, unknown, bomb}]`.
    pub fn pegs(&mut self) -> JsValue {
        let v = self.inner.hints();
        let b = &self.inner.problem().board;
        let mut out: Vec<PegView> = Vec::new();
        for (j, verdict) in v {
            let name = b.hole_name(j.from);
            let idx = match out.iter().position(|p| p.hole == name) {
                Some(i) => i,
                None => {
                    out.push(PegView {
                        hole: name.to_string(),
                        good: 0,
                        bad: 0,
                        unknown: 0,
                        bomb: false,
                    });
                    out.len() - 1
                }
            };
            let p = &mut out[idx];
            match verdict {
                Verdict::Good => p.good += 1,
                Verdict::Bad => p.bad += 1,
                Verdict::Unknown | Verdict::Loading => p.unknown += 1,
            }
        }
        for p in &mut out {
            p.bomb = p.good == 0 && p.unknown == 0 && p.bad > 0;
        }
        to_js(&out)
    }

    /// A winning line of jumps from here (`["d2-d4", …]`), or null when there is none or the
    /// live search cannot find one within its budget.
    pub fn solution(&mut self) -> JsValue {
        let b = self.inner.problem().board.clone();
        match self.inner.solution() {
            Some(line) => to_js(
                &line
                    .into_iter()
                    .map(|j| moves::jump_text(&b, j))
                    .collect::<Vec<_>>(),
            ),
            None => JsValue::NULL,
        }
    }

    /// Sets the live solver's budget (positions visited per question, 1..=50,000,000).
    #[wasm_bindgen(js_name = setBudget)]
    pub fn set_budget(&mut self, nodes: f64) -> Result<(), JsError> {
        if !(1.0..=5e7).contains(&nodes) {
            return Err(JsError::new(&format!(
                "bad budget {nodes}: use 1 to 50000000 positions"
            )));
        }
        self.inner.oracle().budget = nodes as u64;
        Ok(())
    }
}

/// Attaches the game's table if this page has already loaded it.
fn attach_cached(inner: &mut CoreGame) -> Result<(), JsError> {
    if let Some(spec) = shipped::table_for(inner.problem()) {
        if let Some(t) = TABLES.with(|t| t.borrow().get(&spec.file).cloned()) {
            inner.attach_table(t).map_err(js_err)?;
        }
    }
    Ok(())
}

impl Game {
    fn position_view(&self) -> PositionView {
        let g = &self.inner;
        let code = g.code();
        let b = &g.problem().board;
        PositionView {
            board: b.name().to_string(),
            start: g.problem().start_text(),
            goal: g.problem().goal_text(),
            pegs: (0..b.len()).map(|k| code >> k & 1 == 1).collect(),
            peg_count: code.count_ones(),
            jumps: g.history().len(),
            moves: g.move_count(),
            history: g.moves_text(),
            future: g
                .redo_stack()
                .iter()
                .rev()
                .map(|&j| moves::jump_text(b, j))
                .collect(),
            can_undo: !g.history().is_empty(),
            can_redo: !g.redo_stack().is_empty(),
            source: g.source(),
            code: code.to_string(),
        }
    }

    fn hint_views(&self, v: Vec<(Jump, Verdict)>) -> Vec<HintView> {
        let b = &self.inner.problem().board;
        v.into_iter()
            .map(|(j, verdict)| {
                let jv = jump_view(b, j);
                HintView {
                    from: jv.from,
                    over: jv.over,
                    to: jv.to,
                    jump: jv.jump,
                    verdict,
                }
            })
            .collect()
    }
}

fn jump_view(b: &Board, j: Jump) -> JumpView {
    JumpView {
        from: b.hole_name(j.from).to_string(),
        over: b.hole_name(j.over).to_string(),
        to: b.hole_name(j.to).to_string(),
        jump: moves::jump_text(b, j),
    }
}
