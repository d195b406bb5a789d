//! What the out-of-core tests share (`tests/outcore.rs`, `tests/outcore_memory.rs`): a work
//! directory of their own and the CLI binary.

use std::path::PathBuf;
use std::process::Command;

/// A work directory of this test run, emptied of any earlier run's leftovers.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pegwise-ooc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The `pegwise` CLI built for these tests.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pegwise"))
}
