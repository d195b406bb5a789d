//! Helpers shared by the tests of the built tables (`scripts/tables`, pinned by data/MANIFEST).

use std::sync::Arc;

use pegwise::shipped;
use pegwise::table::Table;

/// A built table from data/, by its head file; panics naming the command that builds it.
pub fn built_table(head: &str, board: &str) -> Arc<Table> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut read = |f: &str| {
        std::fs::read(dir.join(f)).map_err(|e| {
            pegwise::Error::BadTable(format!("{f}: {e} (run scripts/tables {board} first)"))
        })
    };
    Arc::new(shipped::load(head, true, &mut read).unwrap_or_else(|e| panic!("{e}")))
}

/// A little deterministic generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
