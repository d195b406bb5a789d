//! The generator out of core: the same sets as [`crate::generate::solve`], with every level on
//! disk in parts, so a job is bounded by disk rather than memory.
//!
//! Each level comes from the one before by a map / shuffle / reduce step (`shuffle`): F_n from
//! the children of F_(n+1), W_n from the parents of W_(n−1) kept within F_n, the lower half
//! of a complement problem from the complements of the upper half. Forward sets are pruned
//! by what can still reach the goal (`prune`), which keeps every winning position. The work
//! directory (`store`) holds the levels and the markers of finished units, so a killed job
//! run again with the same arguments carries on where it stopped.
//!
//! The sequence of steps (`job`) runs on an engine: [`Local`] here, every level in one work
//! directory, or a worker of a cluster (`cluster`, behind the `distributed` feature), each
//! with its share of every level on its own disk.
//!
//! This is the one part of the generator that does I/O (behind the `outcore` feature, which
//! the CLI turns on).

#[cfg(feature = "distributed")]
pub mod cluster;
mod config;
mod job;
pub mod masked;
mod memory;
pub mod shuffle;
pub mod store;

use std::path::PathBuf;

pub use config::{parts_for, Config, MAX_PARTS, MIN_MEMORY};
pub use job::{run, Engine, Job, Parts, Plan};

use super::{finish_masks, Solved};
use crate::error::{JobError, Result};
use crate::problem::Problem;
use shuffle::{finished, level_dir, parts_of, read_level, write_level, Step, Tick};
use store::Store;

/// The result: the sizes of the levels built, which stay on disk. The winning sets are read
/// a level at a time ([`OutOfCore::winning_level`]) or all at once ([`OutOfCore::into_solved`]),
/// so a caller that needs one level at a time never holds them all.
#[derive(Debug, Clone)]
pub struct OutOfCore {
    /// The problem and its canonical form; its sets are left empty.
    pub solved: Solved,
    /// |F_n| (after pruning), 0 where the level was not built.
    pub reachable: Vec<u64>,
    /// |W_n| for every n.
    pub winning: Vec<u64>,
    /// Where the levels are (`F<n>` and `W<n>` folders).
    pub work_dir: PathBuf,
    /// Whether this process holds the winning levels (on a cluster, only process 0 does).
    pub here: bool,
    /// The job's memory cap (`--max-memory`), which the union writer keeps to as well.
    pub max_memory: u64,
    /// The mask bits of the levels' keys ([`masked`]); 0 for codes alone.
    pub mask_bits: u32,
}

/// The text that identifies a job in its work directory (the keys' mask bits named when
/// there are any: such levels are read otherwise). Its version names the sequence of steps:
/// a half-made step of another sequence can't be resumed.
fn job_text(problem: &Problem, cfg: &Config, mask_bits: u32) -> String {
    let masks = match mask_bits {
        0 => String::new(),
        b => format!("; masks {b}"),
    };
    format!(
        "pegwise out-of-core 2; board {} ({:016x}); start {}; goal {}; prune {}; all {}{masks}\n",
        problem.board.spec(),
        problem.board.geometry_id(),
        problem.start_text(),
        problem.goal_text(),
        cfg.prune,
        cfg.all_reachable
    )
}

/// The mask bits a job on one machine keeps in its keys: a union's (every start, finish
/// anywhere, by the complement), so that its table is written straight from its levels;
/// 0 for any other job, and where a code and its symbol would not fit a key.
pub fn mask_bits(problem: &Problem, cfg: &Config) -> u32 {
    use crate::problem::{Goal, Start};
    let n = problem.board.len();
    let union = problem.start == Start::All && problem.goal == Goal::Any;
    let half = problem.solved_by_halves(cfg.all_reachable);
    if !union || !half {
        return 0;
    }
    masked::SymbolMoves::new(&problem.board, &problem.canon())
        .map(|sm| sm.bits())
        .filter(|&b| b > 0 && n as u32 + b <= 64)
        .unwrap_or(0)
}

/// Solves `problem` out of core. `tick` hears every unit of work, `progress` one line per level.
pub fn solve(
    problem: &Problem,
    cfg: &Config,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<OutOfCore> {
    cfg.check()?;
    let mask_bits = mask_bits(problem, cfg);
    let store = Store::open(&cfg.work_dir, &job_text(problem, cfg, mask_bits))?;
    let canon = problem.canon();
    let mut engine = Local {
        store: &store,
        cfg,
        bits: problem.board.len() as u32 + mask_bits,
        mask_bits,
        tick,
        lines: progress,
    };
    let (reachable, winning) = run(problem, cfg, &mut engine)?;
    Ok(OutOfCore {
        solved: Solved {
            problem: problem.clone(),
            canon,
            reachable: vec![Vec::new(); problem.board.len() + 1],
            winning: vec![Vec::new(); problem.board.len() + 1],
        },
        reachable,
        winning,
        work_dir: cfg.work_dir.clone(),
        here: true,
        max_memory: cfg.max_memory,
        mask_bits,
    })
}

impl OutOfCore {
    /// W_pegs from the work directory, ascending (empty for 0 pegs and a full board).
    pub fn winning_level(&self, pegs: usize) -> Result<Vec<u64>> {
        let mut keys = self.winning_keys(pegs)?;
        if self.mask_bits > 0 {
            keys.iter_mut().for_each(|k| *k >>= self.mask_bits);
        }
        Ok(keys)
    }

    /// F_pegs (after pruning) from the work directory, ascending, as codes.
    pub fn reachable_level(&self, pegs: usize) -> Result<Vec<u64>> {
        let mut keys = level(&self.work_dir, 'F', pegs)?;
        if self.mask_bits > 0 {
            keys.iter_mut().for_each(|k| *k >>= self.mask_bits);
        }
        Ok(keys)
    }

    /// The keys of W_pegs as stored: codes, with their symbols when the job keeps masks.
    fn winning_keys(&self, pegs: usize) -> Result<Vec<u64>> {
        if self.winning.get(pegs).copied().unwrap_or(0) == 0 {
            return Ok(Vec::new());
        }
        if !self.here {
            return Err(JobError::NotGathered.into());
        }
        level(&self.work_dir, 'W', pegs)
    }

    /// Every W_n read into memory, as the in-memory generator gives them (without F).
    pub fn into_solved(self) -> Result<Solved> {
        let mut winning = Vec::with_capacity(self.winning.len());
        for n in 0..self.winning.len() {
            winning.push(self.winning_level(n)?);
        }
        Ok(Solved {
            winning,
            ..self.solved
        })
    }
}

/// The union writer's levels out of core: W_n from the work directory, and the finish masks
/// kept beside them (`masks/M<n>`, one little-endian u64 a code, each written whole under a
/// temporary name), so a killed pass up carries on from the last level it kept.
impl finish_masks::Levels for OutOfCore {
    fn winning(&self, n: usize) -> Result<Vec<u64>> {
        self.winning_level(n)
    }

    fn with_symbols(&self, n: usize) -> Result<Option<(Vec<u64>, Vec<u16>)>> {
        if self.mask_bits == 0 {
            return Ok(None);
        }
        let canon = &self.solved.canon;
        let sm = masked::SymbolMoves::new(&self.solved.problem.board, canon)
            .filter(|sm| sm.bits() == self.mask_bits)
            .ok_or(JobError::MasksUnfit(self.mask_bits))?;
        let mut keys = self.winning_keys(n)?;
        let (bits, low) = (self.mask_bits, (1u64 << self.mask_bits) - 1);
        // each key holds a part of its code's holes; the code's symmetries give the rest
        let symbols =
            crate::generate::par::map(&keys, |k| sm.close(canon, k >> bits, k & low) as u16);
        keys.iter_mut().for_each(|k| *k >>= bits);
        Ok(Some((keys, symbols)))
    }

    fn has_symbols(&self) -> bool {
        self.mask_bits > 0
    }

    fn has_masks(&self, n: usize) -> bool {
        self.masks_path(n).is_file()
    }

    fn masks(&self, n: usize) -> Result<Vec<u64>> {
        use std::io::Read;
        let path = self.masks_path(n);
        let io = |e| store::io_error(&path, e);
        let file = std::fs::File::open(&path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len % 8 != 0 {
            return Err(JobError::Damaged(path).into());
        }
        // read through a small buffer into the masks: a level's masks are hundreds of MB,
        // and reading their bytes whole first would take as much again
        let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
        let mut masks = Vec::with_capacity(usize::try_from(len / 8).unwrap_or(0));
        let mut word = [0u8; 8];
        for _ in 0..len / 8 {
            reader.read_exact(&mut word).map_err(io)?;
            masks.push(u64::from_le_bytes(word));
        }
        Ok(masks)
    }

    fn lookup_budget(&self) -> usize {
        // the rest of the cap is for the levels in hand and their masks
        usize::try_from(self.max_memory / 2).unwrap_or(usize::MAX)
    }

    fn keep_masks(&mut self, n: usize, masks: &[u64]) -> Result<()> {
        let store = Store::at(&self.work_dir);
        let path = self.masks_path(n);
        store.make_dir(&self.work_dir.join("masks"))?;
        let bytes: Vec<u8> = masks.iter().flat_map(|m| m.to_le_bytes()).collect();
        store.write_atomic(&path, &bytes)
    }
}

impl OutOfCore {
    fn masks_path(&self, n: usize) -> PathBuf {
        self.work_dir.join("masks").join(format!("M{n}"))
    }
}

/// A finished level of a job's work directory, ascending (`F` or `W`, peg count), its keys as
/// stored.
fn level(work_dir: &std::path::Path, kind: char, pegs: usize) -> Result<Vec<u64>> {
    let store = Store::at(work_dir);
    let name = format!("{kind}{pegs}");
    if finished(&store, &name).is_none() {
        return Err(JobError::NotFinished {
            level: name,
            dir: work_dir.to_path_buf(),
        }
        .into());
    }
    read_level(&store, &name)
}

/// The engine of one machine: every level in one work directory, each step run by
/// [`Step`] with rayon inside.
pub struct Local<'a> {
    /// The work directory.
    pub store: &'a Store,
    /// The job's configuration.
    pub cfg: &'a Config,
    /// The board's holes and the mask bits (keys are below 2^bits).
    pub bits: u32,
    /// The mask bits of every key ([`masked`]).
    pub mask_bits: u32,
    /// Hears every unit of work.
    pub tick: &'a mut dyn FnMut(Tick),
    /// Hears one line per level.
    pub lines: &'a mut dyn FnMut(&str),
}

impl Local<'_> {
    /// The parts of a step's output: the ones it was started with when resuming.
    fn parts(&self, plan: &Plan<'_>) -> Result<usize> {
        if let Ok(p) = parts_of(self.store, plan.output) {
            return Ok(p);
        }
        match plan.parts {
            Parts::About(estimate) => Ok(parts_for(self.cfg, estimate)),
            Parts::Like(level) => parts_of(self.store, level),
        }
    }
}

impl Engine for Local<'_> {
    fn finished(&mut self, name: &str) -> Result<Option<u64>> {
        Ok(finished(self.store, name))
    }

    fn write_start(&mut self, name: &str, codes: &[u64]) -> Result<u64> {
        match finished(self.store, name) {
            Some(k) => Ok(k),
            None => write_level(self.store, name, 1, self.mask_bits, codes),
        }
    }

    fn read_whole(&mut self, name: &str) -> Result<Vec<u64>> {
        read_level(self.store, name)
    }

    fn step<F: shuffle::Produce>(&mut self, plan: &Plan<'_>, produce: F) -> Result<u64> {
        Step {
            store: self.store,
            input: plan.input,
            output: plan.output,
            parts: self.parts(plan)?,
            within: plan.within,
            keep: plan.keep,
            max_bytes: self.cfg.max_memory,
            produce,
            bits: self.bits,
            mask_bits: self.mask_bits,
            pool: Default::default(),
        }
        .run(self.tick)
    }

    fn discard(&mut self, name: &str) -> Result<()> {
        self.store.remove_dir(&level_dir(self.store, name))
    }

    fn progress(&mut self, line: &str) {
        (self.lines)(line)
    }

    fn mask_bits(&self) -> u32 {
        self.mask_bits
    }
}
