//! `pegwise tables`: build every shipped table and the MANIFEST, optionally verified.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::common::{solve_with_progress, spinner, Output};
use pegwise::shipped;
use pegwise::solve::{self, Options};
use pegwise::table::Table;
use pegwise::{Board, Error};

/// Holds a freshly built table against brute force, for every start it serves.
fn verify_table(spec: &shipped::TableSpec, table: Table) -> Result<usize, Error> {
    let table = Arc::new(table);
    let board = &spec.problem.board;
    let mut brute_problem = spec.problem.clone();
    let mut checked = 0;
    let starts: Vec<u8> = (0..board.len() as u8)
        .filter(|&h| spec.problem.start_set() >> h & 1 == 1)
        .collect();
    let pb = spinner(&format!("verifying {}", spec.file));
    brute_problem.start = pegwise::Start::Hole(starts[0]);
    let mut brute = solve::brute::Brute::new(&brute_problem);
    for (i, &h) in starts.iter().enumerate() {
        let mut p = spec.problem.clone();
        p.start = pegwise::Start::Hole(h);
        let mut oracle = pegwise::hint::Oracle::new(&p);
        oracle.attach(table.clone())?;
        let result = if board.len() <= 18 {
            solve::verify::exhaustive(&p, &mut oracle, &mut brute)
        } else {
            solve::verify::playouts(&p, &mut oracle, &mut brute, 3000, 1 + i as u64)
        };
        checked += result.map_err(|m| {
            Error::BadTable(format!(
                "{} disagrees with brute force at position {}: {m:?}",
                spec.file, m.code
            ))
        })?;
    }
    pb.finish_and_clear();
    Ok(checked)
}

/// Builds the tables of `only` (or every board with tables) into `out`.
pub fn run(out: &PathBuf, only: Option<&str>, verify: bool) -> Result<Output, Error> {
    let io =
        |e: std::io::Error| Error::BadTable(format!("cannot write to '{}': {e}", out.display()));
    std::fs::create_dir_all(out).map_err(io)?;
    let mut names: Vec<&str> = shipped::FULL_BOARDS.to_vec();
    names.push("english");
    if let Some(list) = only {
        let wanted: Vec<&str> = list.split(',').map(str::trim).collect();
        for w in &wanted {
            if !names.contains(w) {
                return Err(Error::BadBoard(format!(
                    "no tables are built for '{w}' (boards with tables: {})",
                    names.join(", ")
                )));
            }
        }
        names.retain(|n| wanted.contains(n));
    }
    let mut manifest = String::from("# file board start goal codes bytes sha256\n");
    let mut rows = Vec::new();
    for name in names {
        let board = Board::by_name(name)?;
        for spec in shipped::tables_for(&board)? {
            let s = solve_with_progress(&spec.problem, Options::default())?;
            let t = Table::from_solved(&s, |k| !spec.skip.contains(&k));
            let bytes = t.encode();
            if verify {
                let n = verify_table(&spec, Table::decode(&bytes)?)?;
                eprintln!(
                    "verified {}: {n} positions agree with brute force",
                    spec.file
                );
            }
            std::fs::write(out.join(&spec.file), &bytes).map_err(io)?;
            let sha = Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>();
            manifest += &format!(
                "{} {} {} {} {} {} {}\n",
                spec.file,
                name,
                spec.problem.start_text(),
                spec.problem.goal_text(),
                t.codes(),
                bytes.len(),
                sha
            );
            rows.push(json!({"file": spec.file, "board": name, "codes": t.codes(), "bytes": bytes.len(), "sha256": sha}));
        }
    }
    // A partial build (--only) prints its rows but leaves the full MANIFEST alone.
    if only.is_none() {
        std::fs::write(out.join("MANIFEST"), &manifest).map_err(io)?;
    }
    Ok(Output {
        text: manifest,
        json: Value::Array(rows),
    })
}
