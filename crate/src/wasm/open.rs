//! Opening a game from what the page holds: the bindings of the core's midend
//! ([`crate::midend`]). The page hands a request over as it found it (a link's query, a stored
//! record of any version, a save, an element's settings, an edit of the position, or a list
//! of those made at once); this file only reads the JS value into an [`OpenRequest`], and the
//! midend's rules decide what opens.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

use super::errors::fields;
use super::{attach_cached, to_js, GameHandle};
use crate::game_id::{GameId, MovesRefused};
use crate::midend::{self, FellBack, OpenRequest, Opened, Refused, StoredRecord};

/// A field of a JS object.
fn get(obj: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// A text field, when it is one.
fn text(obj: &JsValue, key: &str) -> Option<String> {
    get(obj, key).and_then(|v| v.as_string())
}

/// A list of texts (a redo list, the next jump first), when the field is one.
fn texts(obj: &JsValue, key: &str) -> Option<Vec<String>> {
    let v = get(obj, key)?;
    let list: &Array = v.dyn_ref()?;
    list.iter().map(|j| j.as_string()).collect()
}

/// A stored record as the midend reads it.
fn stored(record: &JsValue) -> StoredRecord {
    let keys = ["save", "board", "start", "goal", "moves"];
    StoredRecord {
        version: get(record, "v").map(|v| v.as_f64().ok_or(())),
        fields: keys
            .iter()
            .filter_map(|k| Some((k.to_string(), text(record, k)?)))
            .collect(),
        future: texts(record, "future"),
    }
}

/// One request: `{link, save, stored, board, start, position, goal, moves, future, flip,
/// redoFrom}`, where `link` is the query as `[key, value]` pairs.
fn one(r: &JsValue) -> OpenRequest {
    let link = get(r, "link").and_then(|l| {
        let list: &Array = l.dyn_ref()?;
        let pairs = list.iter().filter_map(|kv| {
            let kv: &Array = kv.dyn_ref()?;
            Some((kv.get(0).as_string()?, kv.get(1).as_string()?))
        });
        Some(pairs.collect())
    });
    OpenRequest {
        link,
        save: text(r, "save"),
        stored: get(r, "stored")
            .filter(JsValue::is_object)
            .map(|s| stored(&s)),
        fields: GameId {
            board: text(r, "board"),
            start: text(r, "start"),
            position: text(r, "position"),
            goal: text(r, "goal"),
            moves: text(r, "moves"),
            redo: texts(r, "future").map(|f| f.join(" ")),
        },
        flip: text(r, "flip"),
        redo_from: text(r, "redoFrom"),
    }
}

/// A request, or `{merge: [request, …]}`: requests made at once, merged in order by the
/// midend's rule ([`OpenRequest::then`]).
fn request(r: &JsValue) -> OpenRequest {
    match get(r, "merge").and_then(|m| m.dyn_into::<Array>().ok()) {
        Some(list) => list
            .iter()
            .fold(OpenRequest::default(), |a, b| a.then(one(&b))),
        None => one(r),
    }
}

/// A refusal as a JS `Error` with its fields (see `errors.rs`).
fn refusal(r: &Refused) -> JsValue {
    let e = &r.error;
    fields(&e.to_string(), e.kind(), e.param(), &r.value, &e.why())
}

/// Moves that did not play, as the page reads them.
#[derive(serde::Serialize)]
struct RefusedView<'a> {
    moves: &'a str,
    played: usize,
    bad: &'a str,
    message: &'a str,
}

/// A handle on an opened game, its table attached when the worker has it already.
fn handle(mut game: crate::game::Game, refused: Option<MovesRefused>) -> GameHandle {
    attach_cached(&mut game);
    GameHandle::new(game, refused)
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// Opens a board's first game from a request (see the module's doc; the core's midend
    /// fills in what it leaves out from the board's default game). A save or record opens
    /// strictly; other moves play up to the first that doesn't (`movesRefused`). A request
    /// refused for its start, position or goal opens the named board's default game instead,
    /// anything else the default game, and `fellBack` says why; throws, naming the bad input,
    /// only when nothing could open.
    pub fn open(
        #[wasm_bindgen(unchecked_param_type = "object")] request: &JsValue,
    ) -> Result<GameHandle, JsValue> {
        let first = midend::open_first(&self::request(request)).map_err(|r| refusal(&r))?;
        let mut h = handle(first.game, first.moves_refused);
        h.fell_back = first.fell_back;
        Ok(h)
    }

    /// The game a request names with this game open: what the request leaves out comes from
    /// this game when the board is the same; `{flip: hole}` edits this position. Undefined
    /// when the request names this very game and no moves (nothing to open). Throws, naming
    /// the bad input, when refused: this game stays open.
    pub fn reopen(
        &self,
        #[wasm_bindgen(unchecked_param_type = "object")] request: &JsValue,
    ) -> Result<Option<GameHandle>, JsValue> {
        match midend::open(&self::request(request), Some(&self.inner)) {
            Ok(Opened::Same) => Ok(None),
            Ok(Opened::Game(game, refused)) => Ok(Some(handle(*game, refused))),
            Err(r) => Err(refusal(&r)),
        }
    }

    /// Moves of the request that did not play, `{moves, played, bad, message}`, or null.
    #[wasm_bindgen(js_name = movesRefused, unchecked_return_type = "MovesError | null")]
    pub fn moves_refused(&self) -> JsValue {
        match &self.refused {
            None => JsValue::NULL,
            Some(MovesRefused {
                moves,
                played,
                bad,
                why,
            }) => to_js(&RefusedView {
                moves,
                played: *played,
                bad,
                message: why,
            }),
        }
    }

    /// Why the request `open` was given was refused, as an error with its fields and
    /// `fellBack` (`board`: the board's default game opened instead; `default`: the default
    /// game), or null when it opened as asked.
    #[wasm_bindgen(js_name = fellBack, unchecked_return_type = "FellBack | null")]
    pub fn fell_back(&self) -> JsValue {
        match &self.fell_back {
            None => JsValue::NULL,
            Some((r, how)) => {
                let e = refusal(r);
                let _ = Reflect::set(
                    &e,
                    &JsValue::from_str("fellBack"),
                    &JsValue::from_str(FellBack::name(*how)),
                );
                e
            }
        }
    }
}
