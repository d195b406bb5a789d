//! `pegwise boards`: the catalogue with hole counts, symmetries and lattices.

use serde_json::{json, Value};

use crate::common::Output;
use pegwise::board::CATALOGUE;
use pegwise::{Board, Error};

/// Lists the catalogue (`row:L` shown as `row:7`).
pub fn run() -> Result<Output, Error> {
    let mut text = format!(
        "{:<12} {:>5} {:>10}  lattice\n",
        "board", "holes", "symmetries"
    );
    let mut list = Vec::new();
    for name in CATALOGUE {
        let b = Board::by_name(if *name == "row:L" { "row:7" } else { name })?;
        let shown = if *name == "row:L" {
            "row:L (3..64; row:7 shown)"
        } else {
            name
        };
        text += &format!(
            "{:<12} {:>5} {:>10}  {:?}\n",
            shown,
            b.len(),
            b.symmetries().len(),
            b.lattice()
        );
        list.push(json!({"name": name, "holes": b.len(), "symmetries": b.symmetries().len(), "lattice": b.lattice()}));
    }
    Ok(Output {
        text,
        json: Value::Array(list),
    })
}
