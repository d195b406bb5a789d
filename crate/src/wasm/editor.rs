//! The board editor's one question, `describeBoard` (in the Analysis panel's package only: the
//! editor loads with it). The core (`crate::describe`) decides everything; this reads
//! the request and shapes the answer.

use js_sys::{Array, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::errors::{bad_argument, fields};
use super::{to_js, ProblemView};
use crate::board::{lattice_named, DrawingError, MAX_SIDE};
use crate::describe::{describe_cells, describe_text, Description};
use crate::oracle::Limits;

/// The live search's share of one answer, for an opening nothing else decides: the page's own
/// budget for a question (200 ms), so the preview says what the banner will.
const SEARCH: Limits = Limits {
    nodes: 50_000_000,
    time_ms: Some(200.0),
    clock: Some(super::clock),
};

/// The editor's answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DescriptionView {
    /// The board's link text (`Board::spec`): what `board=` holds.
    spec: String,
    /// `square` or `triangular`.
    lattice: crate::board::Lattice,
    /// The name the board carries, or null.
    name: Option<String>,
    /// The board as a grid of cells (odd rows half a cell right on the triangular lattice).
    cells: Vec<Vec<bool>>,
    holes: usize,
    symmetries: usize,
    /// The catalogue board it is up to symmetry, or null.
    twin: Option<String>,
    /// The drawing was turned to stand as its twin does.
    turned: bool,
    /// Shipped tables answer its games (else the live search does).
    tables: bool,
    /// The game it opens with: `{start, position, goal}`, a start hole or a start position.
    opening: ProblemView,
    /// Can that game be won: yes, no or unknown, and for no how it is known (class, search).
    winnable: &'static str,
    why: Option<&'static str>,
}

fn view(d: Description) -> DescriptionView {
    let (winnable, why) = d.winnable.words();
    DescriptionView {
        spec: d.board.spec(),
        lattice: d.board.lattice(),
        name: d.name,
        holes: d.board.len(),
        symmetries: d.board.symmetries().len(),
        turned: d.twin.as_ref().is_some_and(|t| t.turned),
        twin: d.twin.map(|t| t.name),
        tables: d.tables,
        opening: ProblemView::of(&d.opening),
        cells: d.cells,
        winnable,
        why,
    }
}

/// A drawing's fault as a JS `Error`: `kind` its code (`too-few-holes`, `too-many-holes`,
/// `too-big`, `no-jump`, `bad-name`, `bad-lattice`, or the core's kind for board text),
/// `param` the input, `value` the bad value.
fn drawing_err(e: DrawingError) -> JsValue {
    let message = e.to_string();
    fields(&message, e.code(), e.param(), &e.value(), &message)
}

/// The grid of a request: `rows`, an array of arrays of booleans.
fn rows_of(request: &JsValue) -> Result<Vec<Vec<bool>>, JsValue> {
    let bad = || {
        bad_argument(
            "rows",
            "",
            "rows is an array of rows, each an array of true (a hole) or false",
        )
    };
    let rows = Reflect::get(request, &JsValue::from_str("rows")).map_err(|_| bad())?;
    let rows: &Array = rows.dyn_ref().ok_or_else(bad)?;
    // a grid past the editor's size is refused before it is copied in
    let cols = rows
        .iter()
        .map(|r| r.dyn_ref::<Array>().map_or(0, Array::length))
        .max()
        .unwrap_or(0) as usize;
    if rows.length() as usize > MAX_SIDE || cols > MAX_SIDE {
        return Err(drawing_err(DrawingError::TooBig {
            rows: rows.length() as usize,
            cols,
        }));
    }
    rows.iter()
        .map(|row| {
            let row: &Array = row.dyn_ref().ok_or_else(bad)?;
            row.iter().map(|c| c.as_bool().ok_or_else(bad)).collect()
        })
        .collect()
}

/// A text field of the request, if it has one.
fn text(request: &JsValue, key: &str) -> Option<String> {
    Reflect::get(request, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
}

/// Describes a board for the editor. The request is `{text}` (a catalogue name or a board's
/// link text: the board on the page) or `{lattice: 'square'|'triangular', rows: [[bool]],
/// name}`. The answer: `{spec, lattice, name, cells, holes, symmetries, twin, turned, tables,
/// opening, winnable, why}`; a drawing that can't be a board is an error naming what is
/// wrong and the bad value.
#[wasm_bindgen(js_name = describeBoard, unchecked_return_type = "BoardDescription")]
pub fn describe_board(
    #[wasm_bindgen(unchecked_param_type = "object")] request: JsValue,
) -> Result<JsValue, JsValue> {
    if let Some(t) = text(&request, "text") {
        if t.len() > crate::game_id::MAX_BOARD_SPEC {
            return Err(bad_argument(
                "text",
                "",
                "the board text is longer than a link takes",
            ));
        }
        return describe_text(&t, Some(SEARCH))
            .map(|d| to_js(&view(d)))
            .map_err(drawing_err);
    }
    let lattice = text(&request, "lattice").unwrap_or_default();
    let lattice = lattice_named(&lattice).map_err(drawing_err)?;
    let rows = rows_of(&request)?;
    let name = text(&request, "name").unwrap_or_default();
    describe_cells(lattice, &rows, &name, Some(SEARCH))
        .map(|d| to_js(&view(d)))
        .map_err(drawing_err)
}
