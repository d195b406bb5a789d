//! Builds a shipped table (`crate::shipped` names and checks them): a table head and its
//! external level files, from the generator's solved sets. A union table is written a level
//! at a time ([`write_union`]): each level's file as soon as it is made, never the whole
//! table in memory.

use std::path::Path;

use super::finish_masks::{self, InMemory, Levels};
use crate::classes::Classes;
use crate::error::{JobError, Result};
use crate::shard::{self, MaskSymbols};
use crate::shipped::{sha256_hex, TableSpec};
use crate::symmetry::Canon;
use crate::table::{Level, Table, INLINE_LIMIT};

/// A built table: the head file and the external level files, by name.
pub struct Built {
    /// The table (every level present).
    pub table: Table,
    /// The head file's bytes.
    pub head: Vec<u8>,
    /// (file name, bytes) of each external level.
    pub shards: Vec<(String, Vec<u8>)>,
}

/// A file the writer has written: its name, size and SHA-256 (hex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRow {
    /// The file's name.
    pub file: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// Its SHA-256, in hex.
    pub sha256: String,
}

/// A union table written a level at a time: the head, for the caller to write last, and the
/// level files already written.
pub struct WrittenUnion {
    /// The table: its inline levels, and what the head says of the others.
    pub table: Table,
    /// The head file's bytes.
    pub head: Vec<u8>,
    /// The level files, in level order.
    pub shards: Vec<FileRow>,
}

/// Builds a shipped table from scratch with the generator.
pub fn build(spec: &TableSpec, progress: &mut dyn FnMut(&str)) -> Result<Built> {
    let solved = super::solve(&spec.problem, super::Options::default(), progress)?;
    build_from(spec, &solved, progress)
}

/// Builds a shipped table from the solved sets of its problem, in memory.
pub fn build_from(
    spec: &TableSpec,
    solved: &super::Solved,
    progress: &mut dyn FnMut(&str),
) -> Result<Built> {
    let table = if spec.union {
        let p = &spec.problem;
        let mut levels = vec![None; p.board.len() + 1];
        finish_masks::union_levels(
            p,
            &solved.canon,
            &mut InMemory::new(solved),
            &mut |n, _, ranks, syms| {
                levels[n] = Some((ranks, Some(syms)));
                Ok(())
            },
            progress,
        )?;
        Table::build(&p.board, p.start_set(), p.goal_set(), true, true, levels)
    } else {
        solved.to_table(|_| true)
    };
    let (head, ext) = table.encode_split(INLINE_LIMIT);
    let shards = ext
        .into_iter()
        .map(|(pegs, bytes)| (Table::shard_file(&spec.file, pegs), bytes))
        .collect();
    Ok(Built {
        table,
        head,
        shards,
    })
}

/// Writes a union table's level files into `out` a level at a time from `levels` (memory, or
/// a job's work directory), each as soon as it is made; the bytes are those of
/// [`build_from`]. The head is returned for the caller to write once every level is in.
pub fn write_union(
    spec: &TableSpec,
    canon: &Canon,
    levels: &mut dyn Levels,
    out: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<WrittenUnion> {
    let p = &spec.problem;
    let board = &p.board;
    let classes = Classes::of(board);
    let mut stored: Vec<Option<Level>> = (0..=board.len()).map(|_| None).collect();
    let mut shards = Vec::new();
    finish_masks::union_levels(
        p,
        canon,
        levels,
        &mut |n, codes, ranks, syms| {
            let masks = MaskSymbols {
                symbols: &syms,
                basis: classes.basis(),
                codes: Some(&codes),
            };
            let bytes = shard::encode(
                board.geometry_id(),
                board.len() as u8,
                n as u8,
                &ranks,
                Some(masks),
            );
            let level = keep_level(spec, out, n, ranks.len() as u32, bytes)?;
            stored[n] = Some(level.0);
            shards.extend(level.1);
            Ok(())
        },
        progress,
    )?;
    Ok(union_head(spec, stored, shards))
}

/// A union level's encoded bytes as the head will hold them (the head's rule,
/// `Table::encode_split`): a small level inside the head, a bigger one written to its file in
/// `out` now, with its row.
pub fn keep_level(
    spec: &TableSpec,
    out: &Path,
    n: usize,
    codes: u32,
    bytes: Vec<u8>,
) -> Result<(Level, Option<FileRow>)> {
    if bytes.len() <= INLINE_LIMIT {
        return Ok((Level::encoded(codes, bytes), None));
    }
    let file = Table::shard_file(&spec.file, n as u8);
    let path = out.join(&file);
    std::fs::write(&path, &bytes).map_err(|e| JobError::Write {
        path: path.clone(),
        cause: e.into(),
    })?;
    let row = FileRow {
        file,
        bytes: bytes.len(),
        sha256: sha256_hex(&bytes),
    };
    Ok((Level::written(codes, &bytes), Some(row)))
}

/// The head of a union table once its stored levels are kept (`keep_level`).
pub fn union_head(
    spec: &TableSpec,
    stored: Vec<Option<Level>>,
    shards: Vec<FileRow>,
) -> WrittenUnion {
    let p = &spec.problem;
    let table = Table::of_levels(&p.board, p.start_set(), p.goal_set(), true, true, stored);
    let (head, _) = table.encode_split(INLINE_LIMIT);
    WrittenUnion {
        table,
        head,
        shards,
    }
}
