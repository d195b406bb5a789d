//! Opening a game from what the page holds: a link's query, a stored record of any version, a
//! save, an element's settings, or an edit of the position. The page hands these over as it
//! found them; [`GameId`] reads them, and its one rule fills in what they leave out.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

use super::errors::{js_err, js_err_in};
use super::{attach_cached, to_js, GameHandle};
use crate::error::Error;
use crate::game::Game;
use crate::game_id::{GameId, MovesRefused};
use crate::moves;

/// A text field of a request, when it has one.
fn text(request: &JsValue, key: &str) -> Option<String> {
    Reflect::get(request, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
}

/// A list of texts (a redo list, the next jump first), when the field is one.
fn texts(request: &JsValue, key: &str) -> Option<Vec<String>> {
    let v = Reflect::get(request, &JsValue::from_str(key)).ok()?;
    let list: &Array = v.dyn_ref()?;
    list.iter().map(|j| j.as_string()).collect()
}

/// The request's stored record, when it has one.
fn stored_record(request: &JsValue) -> Option<JsValue> {
    Reflect::get(request, &JsValue::from_str("stored"))
        .ok()
        .filter(|v| v.is_object())
}

/// A stored record (any version the page has written) as an identity.
fn stored(record: &JsValue) -> Result<GameId, Error> {
    let version = Reflect::get(record, &JsValue::from_str("v"))
        .ok()
        .filter(|v| !v.is_undefined());
    let version =
        match version {
            Some(v) => Some(v.as_f64().ok_or_else(|| {
                Error::BadSave("its format is not a number this page reads".into())
            })?),
            None => None,
        };
    GameId::from_stored(version, |k| text(record, k), texts(record, "future"))
}

/// Moves that did not play, as the page reads them.
#[derive(serde::Serialize)]
struct RefusedView<'a> {
    moves: &'a str,
    played: usize,
    bad: &'a str,
    message: &'a str,
}

/// Reads a request into the identity to open, and whether it must open strictly (a save).
fn identity(request: &JsValue, current: Option<&Game>) -> Result<(GameId, bool), Error> {
    // a link that names a game wins over the stored one, which then only lends its redo list
    let link = Reflect::get(request, &JsValue::from_str("link")).ok();
    let pairs = link.as_ref().and_then(|l| l.dyn_ref::<Array>()).map(|l| {
        l.iter()
            .filter_map(|kv| {
                let kv: &Array = kv.dyn_ref()?;
                Some((kv.get(0).as_string()?, kv.get(1).as_string()?))
            })
            .collect::<Vec<_>>()
    });
    if let Some(id) = pairs.and_then(GameId::from_pairs) {
        return Ok((id, false));
    }
    if let Some(save) = text(request, "save") {
        let mut id = GameId::from_save(&save)?;
        if let Some(future) = texts(request, "future").filter(|f| !f.is_empty()) {
            id.redo = Some(future.join(" "));
        }
        return Ok((id, true));
    }
    if let Some(record) = stored_record(request) {
        return Ok((stored(&record)?, true));
    }
    let mut id = GameId {
        board: text(request, "board"),
        start: text(request, "start"),
        position: text(request, "position"),
        goal: text(request, "goal"),
        moves: text(request, "moves"),
        redo: texts(request, "future").map(|f| f.join(" ")),
    };
    if let (Some(hole), Some(g)) = (text(request, "flip"), current) {
        // an edit: the position now with this hole's peg taken away or put back
        let b = &g.problem().board;
        let code = g.code() ^ crate::board::bit(b.hole(&hole)?);
        id.position = Some(moves::position_text(b, code));
        id.start = None;
    }
    Ok((id, false))
}

/// The game whose redo list a reloaded link takes: `redoFrom` save text, else the request's
/// stored record.
fn redo_source(request: &JsValue) -> Option<Game> {
    let id = match text(request, "redoFrom") {
        Some(save) => GameId::from_save(&save).ok(),
        None => stored_record(request).and_then(|r| stored(&r).ok()),
    };
    id?.restore().ok()
}

/// The inputs an identity names, for errors that point at one of them.
fn inputs(id: &GameId, save: Option<String>) -> Vec<(&'static str, String)> {
    [
        ("board", id.board.clone()),
        ("start", id.start.clone()),
        ("position", id.position.clone()),
        ("goal", id.goal.clone()),
        ("save", save),
    ]
    .into_iter()
    .filter_map(|(k, v)| Some((k, v?)))
    .collect()
}

fn open(request: &JsValue, current: Option<&Game>) -> Result<Option<GameHandle>, JsValue> {
    let save = text(request, "save");
    let (id, strict) = identity(request, current)
        .map_err(|e| js_err_in(e, &[("save", save.as_deref().unwrap_or(""))]))?;
    let named = inputs(&id, save);
    let pairs: Vec<(&str, &str)> = named.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let fail = |e: Error| js_err_in(e, &pairs);
    let (mut inner, refused) = match strict {
        true => (id.restore().map_err(fail)?, None),
        false => {
            let problem = id.problem(current.map(Game::problem)).map_err(fail)?;
            if let Some(c) = current {
                let p = c.problem();
                let same = p.board.spec() == problem.board.spec()
                    && p.start == problem.start
                    && p.goal == problem.goal;
                if same && id.moves.is_none() {
                    return Ok(None);
                }
            }
            let (mut inner, refused) = id.play(problem).map_err(fail)?;
            // a reloaded link takes the redo list of the saved game, when it is this game
            if refused.is_none() {
                if let Some(saved) = redo_source(request) {
                    inner.adopt_redo(&saved);
                }
            }
            (inner, refused)
        }
    };
    attach_cached(&mut inner);
    Ok(Some(GameHandle::new(inner, refused)))
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// Opens the game a request names: `{link}` a page's query as `[key, value]` pairs
    /// (`[...new URLSearchParams(search)]`; when it names a game, a stored record only lends
    /// it its redo list), `{save}` save text, `{stored}` a record
    /// the page stored (any version: it is migrated here), or the fields `{board, start,
    /// position, goal, moves, future}`, where what is left out comes from the board's
    /// default game. A save or record opens strictly; other moves play up to the first that
    /// doesn't (`movesRefused` says which). Throws, naming the bad input, on a bad board,
    /// start, position, goal or save.
    pub fn open(request: &JsValue) -> Result<GameHandle, JsValue> {
        open(request, None)?.ok_or_else(|| js_err(Error::BadSave("nothing to open".into())))
    }

    /// The game a request names with this game open: what the request leaves out comes from
    /// this game when the board is the same; `{flip: hole}` edits this position. Undefined
    /// when the request names this very game and no moves (nothing to open).
    pub fn reopen(&self, request: &JsValue) -> Result<Option<GameHandle>, JsValue> {
        open(request, Some(&self.inner))
    }

    /// Moves of the request that did not play, `{moves, played, bad, message}`, or null.
    #[wasm_bindgen(js_name = movesRefused)]
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
}
