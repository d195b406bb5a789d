//! `pegwise tables`: build every shipped table and the MANIFEST, optionally verified.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::common::{spinner, Output};
use crate::outcore::{self, OutOfCoreArgs};
use pegwise::error::{BoardWhy, Fault, JobError};
use pegwise::generate;
use pegwise::shipped;
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
    let mut brute = generate::brute::Brute::new(&brute_problem);
    for (i, &h) in starts.iter().enumerate() {
        let mut p = spec.problem.clone();
        p.start = pegwise::Start::Hole(h);
        let mut oracle = pegwise::oracle::Oracle::new(&p);
        oracle.attach(table.clone())?;
        let result = if board.len() <= 18 {
            generate::verify::exhaustive(&p, &mut oracle, &mut brute)
        } else {
            generate::verify::playouts(&p, &mut oracle, &mut brute, 3000, 1 + i as u64)
        };
        checked += result.map_err(|m| {
            Error::from(Fault::Disagrees {
                file: spec.file.to_string(),
                code: m.code,
                table: m.oracle,
                brute: m.brute,
            })
        })?;
    }
    pb.finish_and_clear();
    Ok(checked)
}

/// Builds the tables of `only` (or every board with tables) into `out`.
pub fn run(
    out: &PathBuf,
    only: Option<&str>,
    goals: Option<&str>,
    verify: bool,
    built_only: bool,
    o: &OutOfCoreArgs,
) -> Result<Output, Error> {
    let io = |e: std::io::Error| {
        Error::from(JobError::Write {
            path: out.to_path_buf(),
            cause: e.into(),
        })
    };
    std::fs::create_dir_all(out).map_err(io)?;
    let mut names: Vec<&str> = shipped::FULL_BOARDS.to_vec();
    names.extend(shipped::BUILT_BOARDS);
    if let Some(list) = only {
        let wanted: Vec<&str> = list.split(',').map(str::trim).collect();
        for w in &wanted {
            if !names.contains(w) {
                return Err(BoardWhy::NoTables {
                    name: w.to_string(),
                    boards: names.iter().map(|s| s.to_string()).collect(),
                }
                .into());
            }
        }
        names.retain(|n| wanted.contains(n));
    }
    let goals: Option<Vec<&str>> = goals.map(|g| g.split(',').map(str::trim).collect());
    let mut manifest = String::from("# file board start goal codes bytes sha256\n");
    let mut rows = Vec::new();
    let mut here = true;
    let mut matched = false;
    for name in names {
        let board = Board::by_name(name)?;
        for spec in shipped::planned_for(&board)? {
            let goal = spec.problem.goal_text();
            if spec.committed == built_only
                || goals.as_ref().is_some_and(|g| !g.contains(&goal.as_str()))
            {
                continue;
            }
            matched = true;
            // each table gets its own work directory under the one given
            let mut o = o.clone();
            if let Some(dir) = &o.work_dir {
                o.work_dir = Some(dir.join(spec.file.trim_end_matches(".pgt")));
            }
            #[cfg(feature = "distributed")]
            if spec.union {
                // on a cluster every worker writes its share of a union table
                let opts = generate::Options::default();
                match outcore::write_union_on_cluster(&spec, opts, &o, out)? {
                    None => {}
                    Some(None) => {
                        eprintln!("{}: this process's share is written", spec.file);
                        here = false;
                        continue;
                    }
                    Some(Some(written)) => {
                        let mut files = vec![(
                            write_file(out, &spec.file, &written.head)?,
                            written.table.codes(),
                        )];
                        files.extend(written.shards.into_iter().map(|f| (f, 0)));
                        add_rows(&mut manifest, &mut rows, name, &spec, files);
                        continue;
                    }
                }
            }
            let sets = outcore::solve(&spec.problem, generate::Options::default(), &o)?;
            if !sets.here() {
                // process 0 of the cluster holds the levels and writes the files
                eprintln!("{}: levels finished; process 0 writes the table", spec.file);
                here = false;
                continue;
            }
            let pb = spinner(&format!("building {}", spec.file));
            // off a terminal (a log, CI) each step of the writer is a line, as each level is
            let mut say = |m: &str| match pb.is_hidden() {
                true => eprintln!("{}: {m}", spec.file),
                false => pb.set_message(format!("{}: {m}", spec.file)),
            };
            // (file, bytes, codes): the head's row counts the table's codes
            let mut files: Vec<(generate::build::FileRow, usize)> = Vec::new();
            if spec.union {
                // a level at a time: each level file is written as it is made
                let mut sets = sets;
                let written = match &mut sets {
                    outcore::Sets::Memory(s) => generate::build::write_union(
                        &spec,
                        &s.canon,
                        &mut generate::finish_masks::InMemory::new(s),
                        out,
                        &mut say,
                    )?,
                    outcore::Sets::Disk(d) => {
                        let canon = d.solved.canon.clone();
                        generate::build::write_union(&spec, &canon, d, out, &mut say)?
                    }
                };
                files.push((
                    write_file(out, &spec.file, &written.head)?,
                    written.table.codes(),
                ));
                files.extend(written.shards.into_iter().map(|f| (f, 0)));
            } else {
                let sets = sets.into_solved()?;
                let built = generate::build::build_from(&spec, &sets, &mut say)?;
                if verify {
                    let mut read = |f: &str| {
                        if f == spec.file {
                            return Ok(built.head.clone());
                        }
                        built
                            .shards
                            .iter()
                            .find(|s| s.0 == f)
                            .map(|s| s.1.clone())
                            .ok_or_else(|| Fault::NoFile(f.to_string()).into())
                    };
                    let n = verify_table(&spec, shipped::load(&spec.file, false, &mut read)?)?;
                    eprintln!(
                        "verified {}: {n} positions agree with brute force",
                        spec.file
                    );
                }
                files.push((
                    write_file(out, &spec.file, &built.head)?,
                    built.table.codes(),
                ));
                for (f, bytes) in &built.shards {
                    files.push((write_file(out, f, bytes)?, 0));
                }
            }
            pb.finish_and_clear();
            add_rows(&mut manifest, &mut rows, name, &spec, files);
        }
    }
    if let (Some(g), false) = (&goals, matched) {
        return Err(JobError::NoGoal(g.iter().map(|s| s.to_string()).collect()).into());
    }
    // A partial build (--only, --goal) prints its rows but leaves the MANIFEST alone; a full
    // one replaces the rows of the files it wrote and keeps the others.
    if only.is_none() && goals.is_none() && here {
        let path = out.join("MANIFEST");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        std::fs::write(&path, merge_manifest(&old, &manifest)).map_err(io)?;
    }
    if !here {
        return Ok(Output {
            text: "finished: process 0 of the cluster writes the tables\n".into(),
            json: json!({"finished": true, "results_at_process": 0}),
        });
    }
    Ok(Output {
        text: manifest,
        json: Value::Array(rows),
    })
}

/// The MANIFEST with `new` rows in place of the old rows for the same files (the rest kept,
/// in order; new files appended).
fn merge_manifest(old: &str, new: &str) -> String {
    let key = |l: &str| l.split_whitespace().next().unwrap_or("").to_string();
    let fresh: Vec<&str> = new.lines().filter(|l| !l.starts_with('#')).collect();
    let mut out = String::from("# file board start goal codes bytes sha256\n");
    let mut used = vec![false; fresh.len()];
    for line in old
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        match fresh.iter().position(|f| key(f) == key(line)) {
            Some(i) => {
                used[i] = true;
                out += fresh[i];
            }
            None => out += line,
        }
        out.push('\n');
    }
    for (i, f) in fresh.iter().enumerate() {
        if !used[i] {
            out += f;
            out.push('\n');
        }
    }
    out
}

/// Writes one table file into `out`, and names it with its size and SHA-256.
fn write_file(
    out: &std::path::Path,
    file: &str,
    bytes: &[u8],
) -> Result<generate::build::FileRow, Error> {
    let path = out.join(file);
    std::fs::write(&path, bytes).map_err(|e| JobError::Write {
        path: path.clone(),
        cause: e.into(),
    })?;
    Ok(generate::build::FileRow {
        file: file.to_string(),
        bytes: bytes.len(),
        sha256: shipped::sha256_hex(bytes),
    })
}

/// The MANIFEST rows (text and JSON) of a table's files: (file, codes; 0 but for the head).
fn add_rows(
    manifest: &mut String,
    rows: &mut Vec<Value>,
    name: &str,
    spec: &shipped::TableSpec,
    files: Vec<(generate::build::FileRow, usize)>,
) {
    for (f, codes) in files {
        *manifest += &format!(
            "{} {} {} {} {} {} {}\n",
            f.file,
            name,
            spec.problem.start_text(),
            spec.problem.goal_text(),
            codes,
            f.bytes,
            f.sha256
        );
        rows.push(json!({"file": f.file, "board": name, "codes": codes, "bytes": f.bytes, "sha256": f.sha256}));
    }
}
