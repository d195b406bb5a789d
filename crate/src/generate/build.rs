//! Builds a shipped table (`crate::shipped` names and checks them): a table head and its
//! external level files, from the generator's solved sets.

use crate::error::Result;
use crate::shipped::TableSpec;
use crate::table::{Table, INLINE_LIMIT};

/// A built table: the head file and the external level files, by name.
pub struct Built {
    /// The table (every level present).
    pub table: Table,
    /// The head file's bytes.
    pub head: Vec<u8>,
    /// (file name, bytes) of each external level.
    pub shards: Vec<(String, Vec<u8>)>,
}

/// Builds a shipped table from scratch with the generator.
pub fn build(spec: &TableSpec, progress: &mut dyn FnMut(&str)) -> Result<Built> {
    let solved = super::solve(&spec.problem, super::Options::default(), progress)?;
    build_from(spec, &solved, progress)
}

/// Builds a shipped table from the solved sets of its problem (in memory or out of core).
pub fn build_from(
    spec: &TableSpec,
    solved: &super::Solved,
    progress: &mut dyn FnMut(&str),
) -> Result<Built> {
    let table = if spec.union {
        let levels = super::finish_masks::union_levels(solved, progress)?;
        let p = &spec.problem;
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
