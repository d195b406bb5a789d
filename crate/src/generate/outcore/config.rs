//! How an out-of-core job runs: its configuration, checked, and the parts a level is split
//! into.

use std::path::PathBuf;

use crate::error::{JobError, Result};

/// How to run an out-of-core job.
#[derive(Debug, Clone)]
pub struct Config {
    /// The work directory (created if missing; a killed job resumes from it).
    pub work_dir: PathBuf,
    /// Bytes the job may hold in memory at once (the sort of one part, or one chunk's keys).
    pub max_memory: u64,
    /// Parts per level; by default as many as keep a part within a third of `max_memory`.
    pub parts: Option<usize>,
    /// Drop forward positions that can no longer reach the goal (`prune`).
    pub prune: bool,
    /// Build every reachable level even where the complement trick makes it unnecessary.
    pub all_reachable: bool,
}

/// The smallest memory cap accepted, in bytes (the chunks need room to be worth reading).
pub const MIN_MEMORY: u64 = 1 << 20;
/// Most parts a level may be split into.
pub const MAX_PARTS: usize = 4096;

impl Config {
    /// Refuses a configuration that can't run, naming the bad value.
    pub fn check(&self) -> Result<()> {
        if self.max_memory < MIN_MEMORY {
            return Err(JobError::MemoryBelow {
                bytes: self.max_memory,
                least_mb: MIN_MEMORY >> 20,
            }
            .into());
        }
        if let Some(p) = self.parts {
            if p == 0 || p > MAX_PARTS {
                return Err(JobError::Parts {
                    parts: p,
                    max: MAX_PARTS,
                }
                .into());
            }
        }
        Ok(())
    }
}

/// Parts for a new level of about `estimate` codes under a memory cap (unless given).
pub fn parts_for(cfg: &Config, estimate: f64) -> usize {
    cfg.parts.unwrap_or_else(|| {
        let bytes = estimate * 8.0 * 3.0;
        ((bytes / cfg.max_memory as f64).ceil() as usize).clamp(1, MAX_PARTS)
    })
}
