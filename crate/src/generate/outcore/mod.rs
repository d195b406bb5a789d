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
//! This is the one part of the generator that does I/O (behind the `outcore` feature, which
//! the CLI turns on).

mod memory;
pub mod shuffle;
pub mod store;

use std::path::PathBuf;

use super::{with_moves, Moves, Solved, WithMoves};
use crate::error::{Error, Result};
use crate::problem::Problem;
use shuffle::{finished, parts_of, read_level, write_level, Step, Tick};
use store::Store;

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
}

impl Config {
    /// Refuses a configuration that can't run, naming the bad value.
    pub fn check(&self) -> Result<()> {
        if self.max_memory < MIN_MEMORY {
            return Err(Error::BadArgument(format!(
                "--max-memory {} bytes is below the least a job needs ({} MB)",
                self.max_memory,
                MIN_MEMORY >> 20
            )));
        }
        if let Some(p) = self.parts {
            if p == 0 || p > MAX_PARTS {
                return Err(Error::BadArgument(format!(
                    "--parts {p}: use 1 to {MAX_PARTS} parts per level"
                )));
            }
        }
        Ok(())
    }
}

/// The text that identifies a job in its work directory.
fn job_text(problem: &Problem, cfg: &Config) -> String {
    format!(
        "pegwise out-of-core 1; board {} ({:016x}); start {}; goal {}; prune {}; all {}\n",
        problem.board.spec(),
        problem.board.geometry_id(),
        problem.start_text(),
        problem.goal_text(),
        cfg.prune,
        cfg.all_reachable
    )
}

/// Solves `problem` out of core. `tick` hears every unit of work, `progress` one line per level.
pub fn solve(
    problem: &Problem,
    cfg: &Config,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<OutOfCore> {
    cfg.check()?;
    let store = Store::open(&cfg.work_dir, &job_text(problem, cfg))?;
    let canon = problem.canon();
    let (reachable, winning) = with_moves(
        &problem.board,
        &canon,
        Job {
            problem,
            cfg,
            store: &store,
            tick,
            progress,
        },
    )?;
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
    })
}

impl OutOfCore {
    /// W_pegs from the work directory, ascending (empty for 0 pegs and a full board).
    pub fn winning_level(&self, pegs: usize) -> Result<Vec<u64>> {
        if self.winning.get(pegs).copied().unwrap_or(0) == 0 {
            return Ok(Vec::new());
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

/// A finished level of a job's work directory, ascending (`F` or `W`, peg count).
pub fn level(work_dir: &std::path::Path, kind: char, pegs: usize) -> Result<Vec<u64>> {
    let store = Store::at(work_dir);
    let name = format!("{kind}{pegs}");
    if finished(&store, &name).is_none() {
        return Err(Error::BadArgument(format!(
            "level {name} is not finished in '{}'",
            work_dir.display()
        )));
    }
    read_level(&store, &name)
}

struct Job<'a> {
    problem: &'a Problem,
    cfg: &'a Config,
    store: &'a Store,
    tick: &'a mut dyn FnMut(Tick),
    progress: &'a mut dyn FnMut(&str),
}

impl Job<'_> {
    /// Parts for a new level expected to hold about `estimate` codes (the parts it was
    /// started with, when resuming).
    fn parts_for(&self, name: &str, estimate: f64) -> usize {
        if let Ok(p) = parts_of(self.store, name) {
            return p;
        }
        self.cfg.parts.unwrap_or_else(|| {
            let bytes = estimate * 8.0 * 3.0;
            ((bytes / self.cfg.max_memory as f64).ceil() as usize).clamp(1, MAX_PARTS)
        })
    }

    fn step<F: shuffle::Produce>(
        &mut self,
        input: &str,
        output: &str,
        parts: usize,
        within: Option<&str>,
        keep: Option<&(dyn Fn(u64) -> bool + Sync)>,
        produce: F,
    ) -> Result<u64> {
        Step {
            store: self.store,
            input,
            output,
            parts,
            within,
            keep,
            max_bytes: self.cfg.max_memory,
            produce,
            bits: self.problem.board.len() as u32,
            pool: Default::default(),
        }
        .run(self.tick)
    }
}

impl WithMoves for Job<'_> {
    /// |F_n| and |W_n| for every n.
    type Out = Result<(Vec<u64>, Vec<u64>)>;

    fn run<const G: usize>(mut self, m: &Moves<G>) -> Self::Out {
        let problem = self.problem;
        let n_holes = problem.board.len();
        let full = problem.board.full();
        let mut keep = crate::generate::prune::Prune::new(problem, self.cfg.prune);
        let mut reachable = vec![0u64; n_holes + 1];
        let f = |n: usize| format!("F{n}");
        let w = |n: usize| format!("W{n}");

        let mut starts: Vec<u64> = problem
            .start_positions()
            .iter()
            .map(|&c| m.canonical(c))
            .filter(|&c| keep.keeps(c))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let top = n_holes - 1;
        reachable[top] = match finished(self.store, &f(top)) {
            Some(k) => k,
            None => write_level(self.store, &f(top), 1, &starts)?,
        };

        let half = problem.is_self_complementary() && !self.cfg.all_reachable && n_holes >= 3;
        let h = n_holes.div_ceil(2);
        let lowest = if half { h } else { 1 };
        for n in (lowest..top).rev() {
            let above = reachable[n + 1] as f64;
            let growth = if n + 2 <= top && reachable[n + 2] > 0 {
                above / reachable[n + 2] as f64
            } else {
                8.0
            };
            let parts = self.parts_for(&f(n), above * growth.max(1.0));
            // the same levels as in memory are learnt from, so both prune alike; such a level
            // holds at most a few million codes, and is read back whole only then
            if keep.wants_to_learn(reachable[n + 1]) {
                keep.learn(&read_level(self.store, &f(n + 1))?);
            }
            let kept = |c| keep.keeps(c);
            reachable[n] = self.step(&f(n + 1), &f(n), parts, None, Some(&kept), |x, out| {
                m.children(x, &mut *out)
            })?;
            (self.progress)(&format!("reachable with {n} pegs: {}", reachable[n]));
        }

        if half {
            // x in F_h wins iff some child c has complement(c) in F_(N−h+1).
            let parts = parts_of(self.store, &f(h))?;
            let k = self.step(
                &f(n_holes - h + 1),
                &w(h),
                parts,
                Some(&f(h)),
                None,
                |y, out| m.parents(full ^ y, &mut *out),
            )?;
            (self.progress)(&format!("winning with {h} pegs: {k}"));
            for n in h + 1..n_holes {
                let parts = parts_of(self.store, &f(n))?;
                let k = self.step(&w(n - 1), &w(n), parts, Some(&f(n)), None, |y, out| {
                    m.parents(y, &mut *out)
                })?;
                (self.progress)(&format!("winning with {n} pegs: {k}"));
            }
            for n in 1..h {
                let parts = parts_of(self.store, &w(n_holes - n))?;
                self.step(&w(n_holes - n), &w(n), parts, None, None, |x, out| {
                    out(m.canonical(full ^ x))
                })?;
            }
        } else {
            let goal = problem.goal_set();
            let parts = parts_of(self.store, &f(1))?;
            self.step(&f(1), &w(1), parts, None, None, |x, out| {
                if x & goal != 0 {
                    out(x)
                }
            })?;
            for n in 2..n_holes {
                let parts = parts_of(self.store, &f(n))?;
                let k = self.step(&w(n - 1), &w(n), parts, Some(&f(n)), None, |y, out| {
                    m.parents(y, &mut *out)
                })?;
                (self.progress)(&format!("winning with {n} pegs: {k}"));
            }
        }
        let mut winning = vec![0u64; n_holes + 1];
        for (n, size) in winning.iter_mut().enumerate().take(n_holes).skip(1) {
            *size = finished(self.store, &w(n))
                .ok_or_else(|| Error::BadArgument(format!("level W{n} did not finish")))?;
        }
        (self.progress)(&format!(
            "winning positions: {}",
            winning.iter().sum::<u64>()
        ));
        Ok((reachable, winning))
    }
}
