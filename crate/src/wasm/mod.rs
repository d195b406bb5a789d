//! The wasm bindings: the only file that knows wasm-bindgen. JS gets an opaque `Game` handle
//! and small, copyable results (plain objects via serde-wasm-bindgen). Every error is a JS
//! `Error` carrying its kind, the input it is about and the bad value (`errors`); no input can
//! panic.

#[cfg(feature = "analysis")]
mod analysis;
mod errors;
mod open;

use std::cell::RefCell;
use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::board::{Board, Jump};
use crate::error::{InputError, JumpWhy};
use crate::game::{Game, PegHints, PegMark, Status};
use crate::moves;
use crate::oracle::Verdict;
use crate::problem::Problem;
use crate::shipped;
use crate::table::{Need, Table};
use crate::winnable::Winnable;
use errors::{bad_argument, js_err};

thread_local! {
    /// Decoded tables by file name, shared by every game on the page (a page loads a few: a
    /// list, with no hashing code in the wasm).
    static TABLES: RefCell<Vec<(String, Arc<Table>)>> = const { RefCell::new(Vec::new()) };
}

/// The table this page has decoded from the file `name`, if any.
fn table_loaded(name: &str) -> Option<Arc<Table>> {
    TABLES.with(|t| t.borrow().iter().find(|e| e.0 == name).map(|e| e.1.clone()))
}

/// The shapes of wasm's answers in the generated `.d.ts`, named after the typedefs of
/// `www/js/shared/wasm-types.js` (their one definition: the worker's code then holds no `any`
/// from wasm). Each binding that answers with an object says which with `unchecked_return_type`.
#[wasm_bindgen(typescript_custom_section)]
const ANSWER_TYPES: &str = r#"
export type Jump = import('../js/shared/wasm-types.js').Jump;
export type Hint = import('../js/shared/wasm-types.js').Hint;
export type PegHint = import('../js/shared/wasm-types.js').PegHint;
export type StartHint = import('../js/shared/wasm-types.js').StartHint;
export type Layout = import('../js/shared/wasm-types.js').Layout;
export type PositionView = import('../js/shared/wasm-types.js').Position;
export type SearchStats = import('../js/shared/wasm-types.js').SearchStats;
export type State = import('../js/shared/wasm-types.js').State;
export type BoardEntry = import('../js/shared/wasm-types.js').BoardEntry;
export type Limits = import('../js/shared/wasm-types.js').Limits;
export type TablePart = import('../js/shared/wasm-types.js').TablePart;
export type CountAnswer = import('../js/shared/wasm-types.js').CountAnswer;
export type FewestAnswer = import('../js/shared/wasm-types.js').FewestAnswer;
export type BestAnswer = import('../js/shared/wasm-types.js').BestAnswer;
export type ChanceAnswer = import('../js/shared/wasm-types.js').ChanceAnswer;
export type ForcedAnswer = import('../js/shared/wasm-types.js').ForcedAnswer;
export type BoardDescription = import('../js/shared/wasm-types.js').BoardDescription;
export type MovesError = import('../js/shared/protocol.js').MovesError;
export type FellBack = Error & import('../js/shared/protocol.js').FellBack;
export type SeekTo = {moves: number} | {jumps: number};
"#;

#[wasm_bindgen]
extern "C" {
    /// The JS clock, for the live solver's time budget (`std` has none on wasm32).
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

/// Milliseconds on the JS clock.
fn clock() -> f64 {
    date_now()
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(v: &T) -> JsValue {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

#[derive(Serialize)]
struct BoardEntry {
    name: String,
    /// What the picker calls the board's family ("Triangle", "English", "Row", …).
    label: &'static str,
    holes: usize,
    symmetries: usize,
    lattice: crate::board::Lattice,
    tables: bool,
    /// The start the board opens with: a hole name, or a position (`XXoXo`).
    start: String,
    /// The goal it opens with.
    goal: String,
}

/// The board catalogue: `[{name, holes, symmetries, lattice, tables, start, goal}]` (`row:8`
/// stands for rows); `start` and `goal` are the game it opens with, one that can be won.
#[wasm_bindgen(unchecked_return_type = "BoardEntry[]")]
pub fn boards() -> JsValue {
    let list: Vec<BoardEntry> = crate::board::CATALOGUE
        .iter()
        .map(|n| if *n == "row:L" { "row:8" } else { n })
        .filter_map(|n| Board::by_name(n).ok())
        .map(|b| {
            let d = crate::winnable::default_problem(&b);
            BoardEntry {
                tables: shipped::tables_for(&b)
                    .map(|t| !t.is_empty())
                    .unwrap_or(false),
                label: crate::board::family_label(b.name()).unwrap_or(""),
                name: b.name().to_string(),
                holes: b.len(),
                symmetries: b.symmetries().len(),
                lattice: b.lattice(),
                start: d.start_text(),
                goal: d.goal_text(),
            }
        })
        .collect();
    to_js(&list)
}

/// A number as JS writes it, for error messages: Rust's float formatting would add 16 KB to
/// the wasm.
fn js_number(x: f64) -> String {
    js_sys::Number::from(x)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_else(|_| "that number".to_string())
}

#[derive(Serialize)]
struct Limits {
    moves: usize,
    board: usize,
    save: usize,
}

/// The longest texts the engine takes, so the page can refuse longer ones before they reach
/// wasm memory: `{moves, board, save}` in bytes of UTF-8.
#[wasm_bindgen(unchecked_return_type = "Limits")]
pub fn limits() -> JsValue {
    to_js(&Limits {
        moves: moves::MAX_TEXT,
        board: crate::game_id::MAX_BOARD_SPEC,
        save: 2 * moves::MAX_TEXT + crate::game_id::MAX_BOARD_SPEC,
    })
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
    name: String,
    lattice: crate::board::Lattice,
    holes: Vec<HoleView>,
}

/// Display layout of a board: `{board, name, lattice, holes: [{name, x, y}]}`, unit hole
/// spacing; `board` reopens it (`Board::by_name`), `name` is what to call it.
#[wasm_bindgen(js_name = boardLayout, unchecked_return_type = "Layout")]
pub fn board_layout(board: &str) -> Result<JsValue, JsValue> {
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
        board: b.spec(),
        name: b.name().to_string(),
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
    /// Good, and the only good jump of the position: every winning game makes it.
    forced: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PegView {
    hole: String,
    /// Its jumps with their verdicts.
    jumps: Vec<HintView>,
    good: usize,
    bad: usize,
    unknown: usize,
    /// Jumps whose verdict waits for its table part.
    loading: usize,
    /// Every jump of this peg is bad.
    bomb: bool,
    /// What the peg is marked with: good, bomb, unknown or loading.
    mark: PegMark,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PositionView {
    /// The board as `Board::by_name` reads it back (a custom board as its `ascii:` text).
    board: String,
    /// The board's name (`custom` for an unnamed drawn board).
    board_name: String,
    /// The start: a hole name, or a start position (`XXoXo`).
    start: String,
    /// The start hole, or null for a game from a set position.
    start_hole: Option<String>,
    /// The start position, X for a peg and o for a hole, in reading order.
    start_position: String,
    goal: String,
    /// The hole the last peg must end in, or null for goal `any`.
    goal_hole: Option<String>,
    /// One entry per hole in reading order: true for a peg.
    pegs: Vec<bool>,
    peg_count: u32,
    jumps: usize,
    moves: usize,
    history: Vec<String>,
    /// The holes each move of the history visits, in order (a chain of jumps visits more
    /// than two).
    history_holes: Vec<Vec<String>>,
    /// The jumps redo would replay, the next one first.
    future: Vec<String>,
    can_undo: bool,
    can_redo: bool,
    source: crate::oracle::Source,
    /// The position code in decimal (a u64 does not fit a JS number).
    code: String,
    /// The whole game as one line of text (see `save`).
    save: String,
    /// The game's link: the query (`?board=…&start=…&goal=…&moves=…`) that opens it here.
    query: String,
    /// The position now, X for a peg and o for a hole, in reading order.
    here: String,
}

/// A problem to offer: a start hole or a start position (the other null), and a goal.
#[derive(Serialize)]
struct ProblemView {
    start: Option<String>,
    position: Option<String>,
    goal: String,
}

impl ProblemView {
    fn of(p: &Problem) -> ProblemView {
        let hole = matches!(p.start, crate::problem::Start::Hole(_));
        ProblemView {
            start: hole.then(|| p.start_text()),
            position: (!hole).then(|| p.start_text()),
            goal: p.goal_text(),
        }
    }
}

/// A start hole and whether it can be won: `winnable` and `why` as `Winnable::words` gives
/// them (two plain fields rather than serde's `flatten`, whose map serializer would be in the
/// page's wasm).
#[derive(Serialize)]
struct StartView {
    hole: String,
    winnable: &'static str,
    why: Option<&'static str>,
}

/// What `state` adds to the position's fields (see `Game::state`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateView {
    status: Status,
    /// Is the position winning? null when the search could not tell.
    winning: Option<bool>,
    /// The first jump after which the game could no longer be won (null while it can, or
    /// when it never could), and how many jumps had been played with it.
    fatal: Option<String>,
    fatal_at: Option<usize>,
    /// Can the game be won from its start: `winnable` yes, no or unknown, and for no, `why`
    /// (class: position classes rule it out; search: a search found no solution).
    winnable: &'static str,
    why: Option<&'static str>,
    /// When it can't be won: a start and goal near it that can, or null.
    nearby: Option<ProblemView>,
}

/// A number field of a plain JS object: None when absent (undefined), Err when it is there but
/// not a number. (Read by hand: serde's deserializer would bring its float formatting into the
/// page's wasm.)
fn number_field(obj: &JsValue, key: &str) -> Result<Option<f64>, ()> {
    if !obj.is_object() {
        return Err(());
    }
    let v = js_sys::Reflect::get(obj, &JsValue::from_str(key)).map_err(|_| ())?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_f64().map(Some).ok_or(())
}

/// One game: a board, a start and a goal, with its position, history and hints. JS knows it
/// as `Game`.
#[wasm_bindgen(js_name = Game)]
pub struct GameHandle {
    inner: Game,
    /// Moves of the request it opened from that did not play.
    refused: Option<crate::game_id::MovesRefused>,
    /// The first request's refusal, when a fallback opened instead (see `open`).
    fell_back: Option<(crate::midend::Refused, crate::midend::FellBack)>,
    /// The winnable game near this one, once asked (every state of a lost game shows it).
    nearby: Option<Option<crate::problem::Problem>>,
    /// The tries at the undecided jumps of the position (see `refine`).
    refiner: crate::refine::Refiner,
    /// The jumps the last `refine` left undecided.
    undecided: usize,
}

impl GameHandle {
    /// A handle on a game just opened.
    fn new(inner: Game, refused: Option<crate::game_id::MovesRefused>) -> GameHandle {
        GameHandle {
            inner,
            refused,
            fell_back: None,
            nearby: None,
            refiner: crate::refine::Refiner::new(),
            undecided: 0,
        }
    }
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// The display layout (see `boardLayout`).
    #[wasm_bindgen(unchecked_return_type = "Layout")]
    pub fn layout(&self) -> JsValue {
        to_js(&layout_of(&self.inner.problem().board))
    }

    /// The `data/` file holding the table for this game, or undefined when no table covers it.
    #[wasm_bindgen(js_name = tableFile)]
    pub fn table_file(&self) -> Option<String> {
        shipped::table_for(self.inner.problem()).map(|s| s.file)
    }

    /// True once a table is attached.
    #[wasm_bindgen(js_name = hasTable)]
    pub fn has_table(&self) -> bool {
        self.inner.has_table()
    }

    /// Checks and attaches a table file's bytes (decoded once per file name and shared by every
    /// game on the page). Throws, leaving the game unchanged, if the table is refused.
    #[wasm_bindgen(js_name = loadTable)]
    pub fn load_table(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsValue> {
        let table = match table_loaded(name) {
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
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            if !t.iter().any(|e| e.0 == name) {
                t.push((name.to_string(), table));
            }
        });
        Ok(())
    }

    /// Table parts that the last answers waited for ("loading" verdicts), to fetch:
    /// `[{file, pegs, chunk, from, to}]` (`chunk` -1 for a level's header and index; `from`
    /// and `to` a byte range of `file`, end exclusive).
    #[wasm_bindgen(js_name = tableNeeds, unchecked_return_type = "TablePart[]")]
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
    pub fn add_table_part(&mut self, pegs: u8, chunk: i32, bytes: &[u8]) -> Result<(), JsValue> {
        let table =
            self.inner.oracle().table().cloned().ok_or_else(|| {
                bad_argument("table part", &pegs.to_string(), "no table attached")
            })?;
        if chunk < 0 {
            table.add_header(pegs, bytes).map_err(js_err)
        } else {
            table.add_chunk(pegs, chunk as usize, bytes).map_err(js_err)
        }
    }

    /// The whole state as a plain object (see the README's Embed section for the fields).
    #[wasm_bindgen(unchecked_return_type = "State")]
    pub fn state(&mut self) -> JsValue {
        let position = self.position_view();
        let g = &mut self.inner;
        let status = g.status();
        let winning = g.winning();
        let fatal = g.fatal();
        let winnable = g.winnable();
        let nearby = match winnable {
            Winnable::No(_) => self
                .nearby
                .get_or_insert_with(|| crate::winnable::nearby(g.problem()))
                .as_ref()
                .map(ProblemView::of),
            _ => None,
        };
        let b = &g.problem().board;
        let (winnable, why) = winnable.words();
        let state = to_js(&StateView {
            status,
            winning,
            fatal: fatal.map(|f| moves::jump_text(b, f.jump)),
            fatal_at: fatal.map(|f| f.at),
            winnable,
            why,
            nearby,
        });
        // the position's fields and the state's in one object
        js_sys::Object::assign(&to_js(&position).into(), &state.into()).into()
    }

    /// The state without `status` and `winning`: never runs the search, so it is always fast.
    #[wasm_bindgen(unchecked_return_type = "PositionView")]
    pub fn position(&mut self) -> JsValue {
        to_js(&self.position_view())
    }

    /// For the start picker: can the game be won from each hole as the start, with `goal`
    /// (`start`, `any` or a hole)? `[{hole, winnable, why}]` in reading order; `winnable` is
    /// yes, no or unknown, and `why` (for no) class or search.
    #[wasm_bindgen(js_name = startsFor, unchecked_return_type = "StartHint[]")]
    pub fn starts_for(&mut self, goal: &str) -> Result<JsValue, JsValue> {
        let p = self.inner.problem();
        let goal = crate::problem::parse_goal(&p.board, goal).map_err(js_err)?;
        let mut answers = crate::winnable::starts(&p.board, goal);
        // the open game's own start: what the game knows of it (its search may have settled
        // what the record leaves open), as its banner says
        if let (crate::problem::Start::Hole(h), true) = (p.start, p.goal == goal) {
            answers[usize::from(h)] = self.inner.winnable();
        }
        Ok(by_hole(&self.inner.problem().board, answers))
    }

    /// For the goal picker: can the game be won from its start with each hole as the goal?
    /// `[{hole, winnable, why}]` in reading order, as `startsFor`.
    #[wasm_bindgen(js_name = goalsFor, unchecked_return_type = "StartHint[]")]
    pub fn goals_for(&mut self) -> JsValue {
        let p = self.inner.problem();
        let mut answers = crate::winnable::goals(&p.board, p.start);
        // the open game's own goal hole: what the game knows of it, as for startsFor
        if let crate::problem::Goal::Hole(g) = p.goal {
            answers[usize::from(g)] = self.inner.winnable();
        }
        by_hole(&self.inner.problem().board, answers)
    }

    /// Every legal jump: `[{from, over, to, jump}]`.
    #[wasm_bindgen(unchecked_return_type = "Jump[]")]
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

    /// Goes back or forth along the game's line: `{moves: m}` to the end of move m, or
    /// `{jumps: n}` to after n jumps (past the end: to the end). Returns whether it moved.
    pub fn seek(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SeekTo")] to: JsValue,
    ) -> Result<bool, JsValue> {
        let fields = number_field(&to, "moves").and_then(|m| Ok((m, number_field(&to, "jumps")?)));
        const HOW: &str = "seek takes {moves: n} or {jumps: n}, n a whole number from 0";
        let Ok((moves, jumps)) = fields else {
            return Err(bad_argument("seek", "", HOW));
        };
        let whole = |n: f64| (n >= 0.0 && n.fract() == 0.0).then_some(n as usize);
        match (moves.map(whole), jumps.map(whole)) {
            (Some(Some(m)), None) => Ok(self.inner.seek_moves(m)),
            (None, Some(Some(n))) => Ok(self.inner.seek_jumps(n)),
            _ => Err(bad_argument("seek", "", HOW)),
        }
    }

    /// Plays the jump from hole `from` to hole `to`.
    #[wasm_bindgen(js_name = playJump)]
    pub fn play_jump(&mut self, from: &str, to: &str) -> Result<(), JsValue> {
        let b = &self.inner.problem().board;
        let (f, t) = (b.hole(from).map_err(js_err)?, b.hole(to).map_err(js_err)?);
        let j = b.jump_between(f, t).ok_or_else(|| {
            js_err(
                InputError::IllegalJump {
                    jump: format!("{}-{}", b.hole_name(f), b.hole_name(t)),
                    why: JumpWhy::NoLine,
                }
                .into(),
            )
        })?;
        self.inner.play_jump(j).map_err(js_err)
    }

    /// The jumps that moves in notation (`d2-d4`, `e5-c3-a1`, several separated by spaces)
    /// would make from here, `[{from, over, to, jump}]`, without playing them (throws, naming
    /// the bad part, if the text does not play from here).
    #[wasm_bindgen(js_name = jumpsOf, unchecked_return_type = "Jump[]")]
    pub fn jumps_of(&self, text: &str) -> Result<JsValue, JsValue> {
        let jumps = self.inner.jumps_of(text).map_err(js_err)?;
        let b = &self.inner.problem().board;
        let v: Vec<JumpView> = jumps.into_iter().map(|j| jump_view(b, j)).collect();
        Ok(to_js(&v))
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
    #[wasm_bindgen(js_name = hintsFor, unchecked_return_type = "Hint[]")]
    pub fn hints_for(&mut self, hole: &str) -> Result<JsValue, JsValue> {
        let h = self.inner.problem().board.hole(hole).map_err(js_err)?;
        let v = self.inner.hints_for(h);
        let only = self.inner.only_good_jump();
        Ok(to_js(&self.hint_views(v, only)))
    }

    /// Hints for every legal jump.
    #[wasm_bindgen(unchecked_return_type = "Hint[]")]
    pub fn hints(&mut self) -> JsValue {
        let v = self.inner.hints();
        let only = self.inner.only_good_jump();
        to_js(&self.hint_views(v, only))
    }

    /// The peg on `hole` judged: `{hole, jumps: [{from, over, to, jump, verdict}], good, bad,
    /// unknown, bomb, mark}` (no jumps when the hole has no peg or it can't jump).
    #[wasm_bindgen(js_name = pegHints, unchecked_return_type = "PegHint")]
    pub fn peg_hints(&mut self, hole: &str) -> Result<JsValue, JsValue> {
        let h = self.inner.problem().board.hole(hole).map_err(js_err)?;
        let p = self.inner.peg_hints(h);
        let only = self.inner.only_good_jump();
        Ok(to_js(&self.peg_view(p, only)))
    }

    /// One short try, within the live-search budget, at an undecided jump of the pegs on
    /// `holes` (their names, space-separated, the first ones first), for the work done while
    /// the player thinks: the pegs with a jump it decided, judged as `pegHints` does. Then
    /// `undecided` says how many of those pegs' jumps are left (0: nothing left to do).
    #[wasm_bindgen(unchecked_return_type = "PegHint[]")]
    pub fn refine(&mut self, holes: &str) -> Result<JsValue, JsValue> {
        let board = &self.inner.problem().board;
        let holes = holes
            .split_whitespace()
            .map(|h| board.hole(h))
            .collect::<crate::error::Result<Vec<u8>>>()
            .map_err(js_err)?;
        let step = self.refiner.step(&mut self.inner, &holes);
        self.undecided = step.undecided;
        let only = self.inner.only_good_jump();
        let pegs: Vec<PegView> = step
            .pegs
            .into_iter()
            .map(|p| self.peg_view(p, only))
            .collect();
        Ok(to_js(&pegs))
    }

    /// The jumps still undecided after the last `refine`.
    pub fn undecided(&self) -> usize {
        self.undecided
    }

    /// Every peg that can jump, judged as `pegHints` does, in reading order.
    #[wasm_bindgen(unchecked_return_type = "PegHint[]")]
    pub fn pegs(&mut self) -> JsValue {
        let pegs = self.inner.pegs();
        let only = self.inner.only_good_jump();
        let v: Vec<PegView> = pegs.into_iter().map(|p| self.peg_view(p, only)).collect();
        to_js(&v)
    }

    /// A winning line of jumps from here (`["d2-d4", …]`), or null when there is none or the
    /// live search cannot find one within its budget.
    #[wasm_bindgen(unchecked_return_type = "string[] | null")]
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
    pub fn set_budget(&mut self, nodes: f64) -> Result<(), JsValue> {
        if !(1.0..=5e7).contains(&nodes) {
            return Err(bad_argument(
                "budget",
                &js_number(nodes),
                "a budget is 1 to 50000000 positions",
            ));
        }
        let limits = self.inner.limits();
        self.inner.set_limits(crate::oracle::Limits {
            nodes: nodes as u64,
            ..limits
        });
        Ok(())
    }

    /// Sets the live solver's time budget per question, in milliseconds (1..=600,000), or
    /// lifts it with 0. A question stops at whichever budget runs out first.
    #[wasm_bindgen(js_name = setTimeBudget)]
    pub fn set_time_budget(&mut self, ms: f64) -> Result<(), JsValue> {
        if !(ms == 0.0 || (1.0..=6e5).contains(&ms)) {
            return Err(bad_argument(
                "time budget",
                &js_number(ms),
                "a time budget is 1 to 600000 ms, or 0 for none",
            ));
        }
        let limits = self.inner.limits();
        self.inner.set_limits(crate::oracle::Limits {
            time_ms: (ms > 0.0).then_some(ms),
            clock: Some(clock),
            ..limits
        });
        Ok(())
    }

    /// What the live solver has done in this game: `{nodes, settled, pagodaCuts, classCuts}`
    /// (positions searched, positions it has settled and remembers, children cut off by a
    /// pagoda or a position class), for a progress line.
    #[wasm_bindgen(js_name = searchStats, unchecked_return_type = "SearchStats")]
    pub fn search_stats(&mut self) -> JsValue {
        let s = self.inner.oracle().live_stats();
        to_js(&SearchStats {
            nodes: s.nodes as f64,
            settled: s.settled as f64,
            pagoda_cuts: s.pagoda_cuts as f64,
            class_cuts: s.class_cuts as f64,
        })
    }
}

/// The live solver's counters, as numbers JS can hold.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SearchStats {
    nodes: f64,
    settled: f64,
    pagoda_cuts: f64,
    class_cuts: f64,
}

/// Attaches the game's table if this page has already loaded it. A table that refuses the
/// game leaves it on the live solver: the game still opens.
fn attach_cached(inner: &mut Game) {
    if let Some(spec) = shipped::table_for(inner.problem()) {
        if let Some(t) = table_loaded(&spec.file) {
            // refused: the live solver answers, as it does for a game with no table
            let _ = inner.attach_table(t);
        }
    }
}

impl GameHandle {
    /// `only`: the position's only good jump, if it has one (`Game::only_good_jump`).
    fn peg_view(&self, p: PegHints, only: Option<Jump>) -> PegView {
        PegView {
            hole: self.inner.problem().board.hole_name(p.hole).to_string(),
            good: p.count(Verdict::Good),
            bad: p.count(Verdict::Bad),
            unknown: p.count(Verdict::Unknown),
            loading: p.count(Verdict::Loading),
            bomb: p.bomb(),
            mark: p.mark(),
            jumps: self.hint_views(p.jumps.clone(), only),
        }
    }

    fn position_view(&mut self) -> PositionView {
        let source = self.inner.source();
        let g = &self.inner;
        let here = g.position();
        let pr = g.problem();
        let b = &pr.board;
        let id = crate::game_id::GameId::of(g);
        // the moves as the holes each visits: their text, and their holes, from one grouping
        let played = moves::move_holes(g.history());
        let name = |k: &u8| b.hole_name(*k).to_string();
        let hole = |s: u64| {
            (s.count_ones() == 1).then(|| b.hole_name(s.trailing_zeros() as u8).to_string())
        };
        PositionView {
            board: b.spec(),
            board_name: b.name().to_string(),
            start: pr.start_text(),
            start_hole: match pr.start {
                crate::problem::Start::Hole(h) => Some(b.hole_name(h).to_string()),
                _ => None,
            },
            start_position: g.start_position().on(b).to_string(),
            goal: pr.goal_text(),
            goal_hole: hole(pr.goal_set()),
            pegs: (0..b.len() as u8).map(|k| here.has(k)).collect(),
            peg_count: here.pegs(),
            jumps: g.history().len(),
            moves: g.move_count(),
            history_holes: played
                .iter()
                .map(|m| m.iter().map(name).collect())
                .collect(),
            history: moves::moves_text(b, g.history()),
            future: g
                .redo_stack()
                .iter()
                .rev()
                .map(|&j| moves::jump_text(b, j))
                .collect(),
            can_undo: !g.history().is_empty(),
            can_redo: !g.redo_stack().is_empty(),
            source,
            code: here.code().to_string(),
            save: id.save(),
            query: id.query(),
            here: here.on(b).to_string(),
        }
    }

    fn hint_views(&self, v: Vec<(Jump, Verdict)>, only: Option<Jump>) -> Vec<HintView> {
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
                    forced: only == Some(j),
                }
            })
            .collect()
    }
}

/// One answer a hole, in reading order, as `[{hole, winnable, why}]`.
fn by_hole(b: &Board, answers: Vec<Winnable>) -> JsValue {
    let v: Vec<StartView> = answers
        .into_iter()
        .enumerate()
        .map(|(k, w)| {
            let (winnable, why) = w.words();
            StartView {
                hole: b.hole_name(k as u8).to_string(),
                winnable,
                why,
            }
        })
        .collect();
    to_js(&v)
}

fn jump_view(b: &Board, j: Jump) -> JumpView {
    JumpView {
        from: b.hole_name(j.from).to_string(),
        over: b.hole_name(j.over).to_string(),
        to: b.hole_name(j.to).to_string(),
        jump: moves::jump_text(b, j),
    }
}

// The board editor's binding, last in this file so the lines above (which panic locations
// carry into the game's wasm) stay where they were.
#[cfg(feature = "analysis")]
mod editor;
