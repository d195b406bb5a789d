//! The out-of-core options of `stats`, `dump` and `tables`, and the solver that picks in
//! memory or out of core: out of core when asked, or when the in-memory generator says the
//! job won't fit.

use std::borrow::Cow;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::solving::{memory_bytes, solve_with_progress};
use pegwise::error::JobError;
use pegwise::generate::outcore::{self, Config};
use pegwise::generate::{Options, Solved};
use pegwise::{Error, Problem};

/// How to run the generator when levels don't fit in memory.
#[derive(Args, Clone, Default)]
pub struct OutOfCoreArgs {
    /// Generate out of core: levels go to disk in parts (the default once a job doesn't fit in
    /// memory).
    #[arg(long)]
    pub out_of_core: bool,
    /// Work directory for the levels (implies --out-of-core). A killed job run again with the
    /// same arguments and directory carries on where it stopped. Default:
    /// pegwise-work/<board>.<start>.<goal>.
    #[arg(long)]
    pub work_dir: Option<PathBuf>,
    /// Memory the generator may hold at once, e.g. 4G, 512M or a number of bytes (default: a
    /// third of the memory available).
    #[arg(long)]
    pub max_memory: Option<String>,
    /// Parts per level (code mod parts; default: as many as keep each within the memory cap).
    #[arg(long)]
    pub parts: Option<usize>,
    /// Keep forward positions that can no longer reach the goal (reachable counts then match
    /// the in-memory generator's).
    #[arg(long)]
    pub no_prune: bool,
    /// Threads and processes (the `distributed` feature).
    #[cfg(feature = "distributed")]
    #[command(flatten)]
    pub cluster: crate::cluster::ClusterArgs,
}

/// Reads a size: a number of bytes, or with a suffix K, M, G or T (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, Error> {
    let t = text.trim();
    let bad = || Error::from(JobError::MemoryText(text.to_string()));
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let n: f64 = num.trim().parse().map_err(|_| bad())?;
    if !n.is_finite() || n <= 0.0 {
        return Err(bad());
    }
    Ok((n * (1u64 << shift) as f64) as u64)
}

impl OutOfCoreArgs {
    /// True when the job must run out of core.
    pub fn forced(&self) -> bool {
        self.out_of_core || self.work_dir.is_some() || self.spread()
    }

    /// True when a cluster flag asks for the dataflow engine.
    fn spread(&self) -> bool {
        #[cfg(feature = "distributed")]
        return self.cluster.asked();
        #[cfg(not(feature = "distributed"))]
        false
    }

    /// The configuration for a problem, checked.
    pub fn config(&self, p: &Problem, all_reachable: bool) -> Result<Config, Error> {
        let max_memory = match &self.max_memory {
            Some(t) => parse_size(t)?,
            None => memory_bytes() / 3,
        };
        let work_dir = self.work_dir.clone().unwrap_or_else(|| {
            let name = format!("{}.{}.{}", p.board.name(), p.start_text(), p.goal_text());
            let name: String = name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '.' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            PathBuf::from("pegwise-work").join(name)
        });
        let cfg = Config {
            work_dir,
            max_memory,
            parts: self.parts,
            prune: !self.no_prune,
            all_reachable,
        };
        cfg.check()?;
        Ok(cfg)
    }
}

/// The sets of a problem: in memory, or on disk after an out-of-core run (read a level at a
/// time, so a caller that needs one level at a time never holds them all).
pub enum Sets {
    /// Solved in memory.
    Memory(Solved),
    /// Solved out of core; the levels are in its work directory.
    Disk(outcore::OutOfCore),
}

impl Sets {
    /// The problem, its canonical form, and the sets held in memory (none when on disk).
    pub fn meta(&self) -> &Solved {
        match self {
            Sets::Memory(s) => s,
            Sets::Disk(d) => &d.solved,
        }
    }

    /// |F_n| per peg count from an out-of-core run, up to the problem's own symmetries.
    pub fn reachable_counts(&self) -> Option<&[u64]> {
        match self {
            Sets::Memory(_) => None,
            Sets::Disk(d) => Some(&d.reachable),
        }
    }

    /// W_pegs, ascending.
    pub fn winning(&self, pegs: usize) -> Result<Cow<'_, [u64]>, Error> {
        match self {
            Sets::Memory(s) => Ok(Cow::Borrowed(
                s.winning.get(pegs).map_or(&[][..], |w| &w[..]),
            )),
            Sets::Disk(d) => d.winning_level(pegs).map(Cow::Owned),
        }
    }

    /// Whether this process holds the winning levels (on a cluster, process 0 alone does).
    pub fn here(&self) -> bool {
        match self {
            Sets::Memory(_) => true,
            Sets::Disk(d) => d.here,
        }
    }

    /// Every set in memory.
    pub fn into_solved(self) -> Result<Solved, Error> {
        match self {
            Sets::Memory(s) => Ok(s),
            Sets::Disk(d) => d.into_solved(),
        }
    }
}

/// What a cluster's other processes print instead of the results, which process 0 holds.
pub fn not_here(sets: &Sets) -> Option<crate::common::Output> {
    (!sets.here()).then(|| crate::common::Output {
        text: "finished: process 0 of the cluster holds the winning levels and prints the \
               results\n"
            .into(),
        json: serde_json::json!({"finished": true, "results_at_process": 0}),
    })
}

/// Solves in memory, or out of core when asked or when memory is too small.
pub fn solve(p: &Problem, opts: Options, a: &OutOfCoreArgs) -> Result<Sets, Error> {
    // Check the options before any work, so a bad value fails at once.
    let cfg = a.config(p, opts.all_reachable)?;
    #[cfg(feature = "distributed")]
    let cluster = a.cluster.asked().then(|| a.cluster.cluster()).transpose()?;
    if !a.forced() {
        match solve_with_progress(p, opts) {
            Err(e @ Error::Resource(_)) => eprintln!(
                "pegwise: {}; going out of core in '{}'",
                e.why(),
                cfg.work_dir.display()
            ),
            r => return r.map(Sets::Memory),
        }
    }
    #[cfg(feature = "distributed")]
    if let Some(c) = cluster {
        let c = later_job(c);
        return with_bar(|tick, line| outcore::cluster::solve(p, &cfg, &c, tick, line))
            .map(Sets::Disk);
    }
    with_bar(|tick, line| outcore::solve(p, &cfg, tick, line)).map(Sets::Disk)
}

/// A union table written on a cluster, with every worker's help: process 0 gets the head
/// to write and the rows of the level files it wrote into `out`, the others None. None
/// (outside) when no cluster flag was given.
#[cfg(feature = "distributed")]
pub fn write_union_on_cluster(
    spec: &pegwise::shipped::TableSpec,
    opts: Options,
    a: &OutOfCoreArgs,
    out: &std::path::Path,
) -> Result<Option<Option<pegwise::generate::build::WrittenUnion>>, Error> {
    if !a.cluster.asked() {
        return Ok(None);
    }
    let cfg = a.config(&spec.problem, opts.all_reachable)?;
    let c = later_job(a.cluster.cluster()?);
    with_bar(|tick, line| outcore::cluster::write_union(spec, &cfg, &c, out, tick, line)).map(Some)
}

/// `tables` makes one job after another: while process 0 writes a table, the others already
/// wait for the next job's connections, as long as for a stalled round.
#[cfg(feature = "distributed")]
fn later_job(mut c: outcore::cluster::Cluster) -> outcore::cluster::Cluster {
    use std::sync::atomic::{AtomicBool, Ordering};
    static LATER: AtomicBool = AtomicBool::new(false);
    if LATER.swap(true, Ordering::SeqCst) {
        c.connect_timeout = c.connect_timeout.max(c.stall_timeout);
    }
    c
}

/// Runs an out-of-core job with a progress bar: `job` gets the bar's ticks and a line per
/// level finished.
fn with_bar<T>(
    job: impl FnOnce(&mut dyn FnMut(outcore::shuffle::Tick), &mut dyn FnMut(&str)) -> T,
) -> T {
    let pb = ProgressBar::new(1);
    pb.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut tick = |t: outcore::shuffle::Tick| {
        pb.set_length(t.total);
        pb.set_position(t.done);
        pb.set_message(t.stage.to_string());
    };
    // a line per level finished, in a log too when standard error is not a terminal (the
    // bar is hidden then), so a long run on a remote machine says how far it got
    let mut line = |m: &str| {
        if pb.is_hidden() {
            eprintln!("{m}");
        } else {
            pb.println(m);
        }
    };
    let out = job(&mut tick, &mut line);
    pb.finish_and_clear();
    out
}
