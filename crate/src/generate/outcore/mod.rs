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

#[cfg(feature = "distributed")]
pub mod cluster;
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
    /// Whether this process holds the winning levels (on a cluster, only process 0 does).
    pub here: bool,
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
    let mut engine = Local {
        store: &store,
        cfg,
        bits: problem.board.len() as u32,
        tick,
        lines: progress,
    };
    let (reachable, winning) = with_moves(
        &problem.board,
        &canon,
        Job {
            problem,
            cfg,
            engine: &mut engine,
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
        here: true,
    })
}

impl OutOfCore {
    /// W_pegs from the work directory, ascending (empty for 0 pegs and a full board).
    pub fn winning_level(&self, pegs: usize) -> Result<Vec<u64>> {
        if self.winning.get(pegs).copied().unwrap_or(0) == 0 {
            return Ok(Vec::new());
        }
        if !self.here {
            return Err(Error::BadArgument(
                "the winning levels are gathered at process 0 of the cluster".into(),
            ));
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

/// How a step's output level is split into parts.
pub enum Parts<'a> {
    /// As many as keep a level of about this many codes within the memory cap.
    About(f64),
    /// As many as this finished level has (the level the output is intersected with, or
    /// whose complements it is).
    Like(&'a str),
}

/// One step of a job: `output` from the keys that `produce` gives for each code of `input`.
pub struct Plan<'a> {
    /// The level read.
    pub input: &'a str,
    /// The level written.
    pub output: &'a str,
    /// How `output` is split.
    pub parts: Parts<'a>,
    /// Keep only keys found in this level.
    pub within: Option<&'a str>,
    /// Keep only keys this accepts (pruning).
    pub keep: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
}

/// Where a job's levels live and how its steps run: on this machine ([`Local`]), or spread
/// over the workers of a cluster (`cluster`, behind the `distributed` feature). The job's
/// sequence of steps ([`Job`]) is the same for both; every call here is made by every worker
/// in the same order, so an engine may make each one a collective operation.
pub trait Engine {
    /// A level's size once it is finished (everywhere), or None.
    fn finished(&mut self, name: &str) -> Result<Option<u64>>;
    /// Writes the start level from codes every worker computed alike; returns its size.
    fn write_start(&mut self, name: &str, codes: &[u64]) -> Result<u64>;
    /// Every code of a finished level, ascending (a small level: pruning learns from it).
    fn read_whole(&mut self, name: &str) -> Result<Vec<u64>>;
    /// Runs a step (or what is left of it); returns the output level's size.
    fn step<F: shuffle::Produce>(&mut self, plan: &Plan<'_>, produce: F) -> Result<u64>;
    /// One line of progress, for a level finished.
    fn progress(&mut self, line: &str);
}

/// The engine of one machine: every level in one work directory, each step run by
/// [`Step`] with rayon inside.
pub struct Local<'a> {
    /// The work directory.
    pub store: &'a Store,
    /// The job's configuration.
    pub cfg: &'a Config,
    /// The board's holes (keys are below 2^bits).
    pub bits: u32,
    /// Hears every unit of work.
    pub tick: &'a mut dyn FnMut(Tick),
    /// Hears one line per level.
    pub lines: &'a mut dyn FnMut(&str),
}

/// Parts for a new level of about `estimate` codes under a memory cap (unless given).
pub fn parts_for(cfg: &Config, estimate: f64) -> usize {
    cfg.parts.unwrap_or_else(|| {
        let bytes = estimate * 8.0 * 3.0;
        ((bytes / cfg.max_memory as f64).ceil() as usize).clamp(1, MAX_PARTS)
    })
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
            None => write_level(self.store, name, 1, codes),
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
            pool: Default::default(),
        }
        .run(self.tick)
    }

    fn progress(&mut self, line: &str) {
        (self.lines)(line)
    }
}

/// A job's sequence of steps, on any engine.
pub struct Job<'a, E> {
    /// The problem solved.
    pub problem: &'a Problem,
    /// Its configuration.
    pub cfg: &'a Config,
    /// Where the levels are and how steps run.
    pub engine: &'a mut E,
}

impl<E: Engine> WithMoves for Job<'_, E> {
    /// |F_n| and |W_n| for every n.
    type Out = Result<(Vec<u64>, Vec<u64>)>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Self::Out {
        let Job {
            problem,
            cfg,
            engine,
        } = self;
        let n_holes = problem.board.len();
        let full = problem.board.full();
        let mut keep = crate::generate::prune::Prune::new(problem, cfg.prune);
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
        reachable[top] = engine.write_start(&f(top), &starts)?;

        let half = problem.is_self_complementary() && !cfg.all_reachable && n_holes >= 3;
        let h = n_holes.div_ceil(2);
        let lowest = if half { h } else { 1 };
        for n in (lowest..top).rev() {
            let above = reachable[n + 1] as f64;
            let growth = if n + 2 <= top && reachable[n + 2] > 0 {
                above / reachable[n + 2] as f64
            } else {
                8.0
            };
            // the same levels as in memory are learnt from, so both prune alike; such a level
            // holds at most a few million codes, and is read back whole only then
            if keep.wants_to_learn(reachable[n + 1]) {
                keep.learn(&engine.read_whole(&f(n + 1))?);
            }
            let kept = |c| keep.keeps(c);
            let (input, output) = (f(n + 1), f(n));
            let plan = Plan {
                input: &input,
                output: &output,
                parts: Parts::About(above * growth.max(1.0)),
                within: None,
                keep: Some(&kept),
            };
            reachable[n] = engine.step(&plan, |x, out| m.children(x, &mut *out))?;
            engine.progress(&format!("reachable with {n} pegs: {}", reachable[n]));
        }

        if half {
            // x in F_h wins iff some child c has complement(c) in F_(N−h+1).
            let (input, output, within) = (f(n_holes - h + 1), w(h), f(h));
            let plan = Plan {
                input: &input,
                output: &output,
                parts: Parts::Like(&within),
                within: Some(&within),
                keep: None,
            };
            let k = engine.step(&plan, |y, out| m.parents(full ^ y, &mut *out))?;
            engine.progress(&format!("winning with {h} pegs: {k}"));
            for n in h + 1..n_holes {
                let k = winning_step(engine, m, n)?;
                engine.progress(&format!("winning with {n} pegs: {k}"));
            }
            for n in 1..h {
                let (input, output) = (w(n_holes - n), w(n));
                let plan = Plan {
                    input: &input,
                    output: &output,
                    parts: Parts::Like(&input),
                    within: None,
                    keep: None,
                };
                engine.step(&plan, |x, out| out(m.canonical(full ^ x)))?;
            }
        } else {
            let goal = problem.goal_set();
            let (input, output) = (f(1), w(1));
            let plan = Plan {
                input: &input,
                output: &output,
                parts: Parts::Like(&input),
                within: None,
                keep: None,
            };
            engine.step(&plan, |x, out| {
                if x & goal != 0 {
                    out(x)
                }
            })?;
            for n in 2..n_holes {
                let k = winning_step(engine, m, n)?;
                engine.progress(&format!("winning with {n} pegs: {k}"));
            }
        }
        let mut winning = vec![0u64; n_holes + 1];
        for (n, size) in winning.iter_mut().enumerate().take(n_holes).skip(1) {
            *size = engine
                .finished(&w(n))?
                .ok_or_else(|| Error::BadArgument(format!("level W{n} did not finish")))?;
        }
        engine.progress(&format!(
            "winning positions: {}",
            winning.iter().sum::<u64>()
        ));
        Ok((reachable, winning))
    }
}

/// W_n from the parents of W_(n−1), kept within F_n.
fn winning_step<E: Engine, const G: usize>(engine: &mut E, m: &Moves<G>, n: usize) -> Result<u64> {
    let (input, output, within) = (format!("W{}", n - 1), format!("W{n}"), format!("F{n}"));
    let plan = Plan {
        input: &input,
        output: &output,
        parts: Parts::Like(&within),
        within: Some(&within),
        keep: None,
    };
    engine.step(&plan, |y, out| m.parents(y, &mut *out))
}
