//! The out-of-core generator on a cluster: the same job ([`super::Job`]) with its levels
//! spread over worker threads in one or more processes, run as a timely dataflow.
//!
//! - `connect`: the processes' connections, bounded in time and checked by a hello;
//! - `exchange`: the dataflow, a round of exchange and barrier at a time;
//! - `spread`: the engine of one worker (its share of every level, on its own disk).
//!
//! Each process runs the same command with its own `--process`. Worker 0 (in process 0)
//! reports progress; at the end the winning levels are gathered to process 0, which alone
//! writes tables, or a union table is written by every worker (`union`), each its own share
//! of the masks and its own range of the coded levels, and process 0 writes the files. A
//! killed process, or a whole cluster stopped, is run again with the same command and
//! resumes at the first level some worker had not finished.

mod connect;
mod exchange;
mod spread;
mod union;

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::ProcessBuilder;
use timely::communication::{AllocatorBuilder, Hooks};

use super::shuffle::Tick;
use super::store::Store;
use super::{job_text, Config, Engine, OutOfCore};
use crate::error::{Error, JobError, Result};
use crate::generate::build::WrittenUnion;
use crate::generate::Solved;
use crate::problem::Problem;
use crate::shipped::TableSpec;
pub use spread::mix;

/// Where this process stands in a cluster.
#[derive(Debug, Clone)]
pub struct Cluster {
    /// Worker threads in each process.
    pub workers: usize,
    /// This process's index, 0 to `addresses.len() − 1`.
    pub process: usize,
    /// The address (host:port) of every process; one process when there is one.
    pub addresses: Vec<String>,
    /// How long a process waits for the others to connect.
    pub connect_timeout: Duration,
    /// How long a process waits for a round when the others send nothing (a stopped
    /// process).
    pub stall_timeout: Duration,
}

/// What the workers tell the process's main thread.
pub enum Report {
    /// Worker 0: a unit of work (stage, done, total).
    Tick(String, u64, u64),
    /// Worker 0: a level finished.
    Line(String),
    /// Any worker: a round ended (the watchdog's heartbeat).
    Beat,
    /// A worker's result: (|F_n|, |W_n|) on success.
    Done(Result<(Vec<u64>, Vec<u64>)>),
}

/// Most worker threads a process may run.
pub const MAX_WORKERS: usize = 256;

impl Cluster {
    /// Refuses a cluster that can't run, naming the bad value.
    pub fn check(&self) -> Result<()> {
        if self.workers == 0 || self.workers > MAX_WORKERS {
            return Err(JobError::Workers {
                workers: self.workers,
                max: MAX_WORKERS,
            }
            .into());
        }
        for (i, a) in self.addresses.iter().enumerate() {
            if let Some(j) = self.addresses[..i].iter().position(|b| b == a) {
                return Err(JobError::AddressTwice {
                    address: a.clone(),
                    first: j + 1,
                    second: i + 1,
                }
                .into());
            }
        }
        if self.process >= self.addresses.len() {
            return Err(JobError::Process {
                process: self.process,
                processes: self.addresses.len(),
            }
            .into());
        }
        Ok(())
    }

    /// Workers in all.
    pub fn peers(&self) -> usize {
        self.workers * self.addresses.len()
    }
}

/// The text that says what every process runs (compared when they connect) and what each
/// worker's directory holds (a restart with another shape is refused).
fn shape_text(problem: &Problem, cfg: &Config, c: &Cluster) -> String {
    format!(
        "{}cluster of pegwise {}: {} processes of {} workers\n",
        job_text(problem, cfg, 0),
        env!("CARGO_PKG_VERSION"),
        c.addresses.len(),
        c.workers
    )
}

/// The panic a timely thread died of (its thread's name and message), once one has.
static LOST: Mutex<Option<String>> = Mutex::new(None);

/// Solves `problem` out of core on the cluster; every process calls it with the same
/// arguments but its own `c.process`. Process 0's result holds the winning levels; the
/// others' result has the sizes only.
pub fn solve(
    problem: &Problem,
    cfg: &Config,
    c: &Cluster,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<OutOfCore> {
    run_cluster(problem, cfg, c, Then::Gather, tick, progress).map(|(sets, _)| sets)
}

/// Solves the problem of a union table's `spec` out of core on the cluster and writes the
/// table with every worker's help (`union`): process 0 writes the level files into `out`
/// and returns the head to write, with the rows of the files; the others return None.
pub fn write_union(
    spec: &TableSpec,
    cfg: &Config,
    c: &Cluster,
    out: &std::path::Path,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<Option<WrittenUnion>> {
    let then = Then::WriteUnion(Box::new(spec.clone()), out.to_path_buf());
    run_cluster(&spec.problem, cfg, c, then, tick, progress).map(|(_, written)| written)
}

/// What the workers do once the levels are made.
#[derive(Clone)]
enum Then {
    /// Gather the winning levels to process 0, which then holds them all.
    Gather,
    /// Write a union table; process 0 writes its files into the folder.
    WriteUnion(Box<TableSpec>, PathBuf),
}

/// The table a cluster wrote, where worker 0 leaves it.
type Written = Arc<Mutex<Option<WrittenUnion>>>;

fn run_cluster(
    problem: &Problem,
    cfg: &Config,
    c: &Cluster,
    then: Then,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<(OutOfCore, Option<WrittenUnion>)> {
    cfg.check()?;
    c.check()?;
    let shape = shape_text(problem, cfg, c);
    // the door stays open while the cluster runs, to answer a process started twice
    let Allocators {
        builders,
        guard,
        door: _door,
    } = allocators(c, &shape, progress)?;
    let (tx, rx) = mpsc::channel::<Report>();
    let tx = Mutex::new(tx);
    let mut wcfg = cfg.clone();
    wcfg.max_memory = (cfg.max_memory / c.workers as u64).max(super::MIN_MEMORY);
    let job = Arc::new((problem.clone(), wcfg, shape.clone(), then));
    let gathered = cfg.work_dir.join("gathered");
    let into = (c.process == 0).then(|| gathered.clone());
    let written: Written = Default::default();
    let slot = written.clone();
    *LOST.lock().unwrap_or_else(|e| e.into_inner()) = None;
    let old_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let name = std::thread::current().name().unwrap_or("").to_string();
        let text = info
            .payload()
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        let mut lost = LOST.lock().unwrap_or_else(|e| e.into_inner());
        lost.get_or_insert(format!("{name}: {text}"));
    }));
    let guards = timely::execute::execute_from(
        builders,
        guard,
        timely::WorkerConfig::default(),
        move |worker| {
            let tx = tx.lock().map(|t| t.clone());
            let Ok(tx) = tx else { return };
            let report = move |r: Report| {
                let _ = tx.send(r);
            };
            let (problem, cfg, shape, then) = &*job;
            let at = Place {
                gathered: into.as_deref(),
                written: &slot,
            };
            let result = run_worker(worker, problem, cfg, shape, then, at, &report);
            report(Report::Done(result));
        },
    )
    .map_err(|e| Error::from(cannot_start("workers", e)));
    let guards = match guards {
        Ok(g) => g,
        Err(e) => {
            std::panic::set_hook(old_hook);
            return Err(e);
        }
    };
    let outcome = listen(&rx, c, tick, progress);
    std::panic::set_hook(old_hook);
    let (reachable, winning) = match outcome {
        Ok(sizes) => {
            drop(guards);
            sizes
        }
        Err(e) => {
            // Workers may wait for a process that is gone: leave them to the process's exit.
            std::mem::forget(guards);
            return Err(e);
        }
    };
    let n = problem.board.len();
    let sets = OutOfCore {
        solved: Solved {
            problem: problem.clone(),
            canon: problem.canon(),
            reachable: vec![Vec::new(); n + 1],
            winning: vec![Vec::new(); n + 1],
        },
        reachable,
        winning,
        work_dir: gathered,
        here: c.process == 0,
        max_memory: cfg.max_memory,
        mask_bits: 0,
    };
    let written = written.lock().map(|mut w| w.take()).unwrap_or(None);
    Ok((sets, written))
}

/// What this process's workers communicate through.
struct Allocators {
    /// One per worker thread.
    builders: Vec<AllocatorBuilder>,
    /// Timely's networking, kept while the workers run.
    guard: Box<dyn std::any::Any + Send>,
    /// This process's listening socket, open while the cluster runs (none on one process).
    door: Option<connect::Door>,
}

/// The timely allocators of this process's workers: threads alone, or with sockets to the
/// other processes made by `connect` (and its door, open until dropped).
fn allocators(c: &Cluster, shape: &str, say: &mut dyn FnMut(&str)) -> Result<Allocators> {
    if c.addresses.len() == 1 {
        let (builders, guard) = timely::CommunicationConfig::Process(c.workers)
            .try_build()
            .map_err(|e| cannot_start("workers", e))?;
        return Ok(Allocators {
            builders,
            guard,
            door: None,
        });
    }
    let (sockets, door) = connect::connect(
        &connect::Peers {
            addresses: &c.addresses,
            me: c.process,
            hello: shape,
            deadline: c.connect_timeout,
        },
        say,
    )?;
    let hooks = Hooks::default();
    let local = ProcessBuilder::new_typed_vector(c.workers, hooks.refill.clone(), None);
    let (builders, guard) =
        initialize_networking_from_sockets(local, sockets, c.process, c.workers, hooks)
            .map_err(|e| cannot_start("connections", e))?;
    Ok(Allocators {
        builders: builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        guard: Box::new(guard),
        door: Some(door),
    })
}

/// Follows the workers until each has reported its result: progress to the callbacks, and
/// an error for a worker's failure, a lost process, or no round for `c.stall_timeout`.
fn listen(
    rx: &mpsc::Receiver<Report>,
    c: &Cluster,
    tick: &mut dyn FnMut(Tick),
    progress: &mut dyn FnMut(&str),
) -> Result<(Vec<u64>, Vec<u64>)> {
    let mut left = c.workers;
    let mut sizes = None;
    let mut quiet = Duration::ZERO;
    let poll = Duration::from_millis(200);
    let lost = |why: &str| Error::from(JobError::Lost(why.to_string()));
    while left > 0 {
        if let Some(why) = LOST.lock().unwrap_or_else(|e| e.into_inner()).take() {
            return Err(lost(&describe(&why)));
        }
        match rx.recv_timeout(poll) {
            Ok(Report::Tick(stage, done, total)) => tick(Tick {
                stage: &stage,
                done,
                total,
            }),
            Ok(Report::Line(line)) => progress(&line),
            Ok(Report::Beat) => quiet = Duration::ZERO,
            Ok(Report::Done(r)) => {
                left -= 1;
                let r = r?;
                sizes.get_or_insert(r);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                quiet += poll;
                if quiet >= c.stall_timeout {
                    return Err(lost(&format!(
                        "no round ended for {} s: a process is stopped or unreachable \
                         (--stall-timeout)",
                        c.stall_timeout.as_secs_f64()
                    )));
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let why = LOST.lock().unwrap_or_else(|e| e.into_inner()).take();
                return Err(lost(&describe(&why.unwrap_or_default())));
            }
        }
    }
    sizes.ok_or_else(|| JobError::NoResult.into())
}

/// The workers or connections that would not start, with what the engine said.
fn cannot_start(what: &'static str, e: impl std::fmt::Display) -> JobError {
    JobError::CannotStart {
        what,
        detail: e.to_string(),
    }
}

/// A timely thread's panic in words: which process went away, when the thread names it.
fn describe(why: &str) -> String {
    let (thread, text) = why.split_once(": ").unwrap_or(("", why));
    let peer = thread
        .strip_prefix("timely:recv-")
        .or_else(|| thread.strip_prefix("timely:send-"));
    match peer {
        Some(p) => format!("process {p} went away: {}", text.trim()),
        None => format!("a worker stopped: {}", text.trim()),
    }
}

/// Where worker 0 of process 0 leaves what the cluster made: the gathered levels' folder,
/// and the union table written.
struct Place<'a> {
    gathered: Option<&'a std::path::Path>,
    written: &'a Written,
}

/// One worker: its share of the job in its own directory, then the winning levels gathered
/// to worker 0, or its share of a union table's writing.
fn run_worker(
    worker: &mut timely::worker::Worker,
    problem: &Problem,
    cfg: &Config,
    shape: &str,
    then: &Then,
    at: Place<'_>,
    report: &dyn Fn(Report),
) -> Result<(Vec<u64>, Vec<u64>)> {
    let (index, peers) = (worker.index(), worker.peers());
    let dir: PathBuf = cfg.work_dir.join(format!("worker-{index:03}"));
    let store = Store::open(&dir, &format!("{shape}worker {index} of {peers}\n"))?;
    let beat = Box::new(|| report(Report::Beat));
    let mut engine = spread::Spread {
        rounds: exchange::Rounds::new(worker, beat),
        store,
        cfg,
        bits: problem.board.len() as u32,
        report,
        pool: Default::default(),
    };
    let (reachable, winning) = super::run(problem, cfg, &mut engine)?;
    // what went between workers while the levels were made: the network's share of the job
    let sent = engine.rounds.sent_away;
    let sent = engine.rounds.sum(sent);
    engine.progress(&format!(
        "codes sent between workers: {sent} (8 bytes each), {:.2} a position made",
        sent as f64 / (reachable.iter().sum::<u64>() + winning.iter().sum::<u64>()).max(1) as f64
    ));
    match then {
        Then::Gather => {
            let into = match (index, at.gathered) {
                (0, Some(dir)) => Some(Store::open(dir, &format!("{shape}gathered\n"))?),
                _ => None,
            };
            for (n, &size) in winning.iter().enumerate() {
                if size > 0 {
                    engine.gather(&format!("W{n}"), into.as_ref())?;
                }
            }
        }
        Then::WriteUnion(spec, out) => {
            // this worker's share of the levels, read a level at a time from its directory
            let mut share = OutOfCore {
                solved: Solved {
                    problem: problem.clone(),
                    canon: problem.canon(),
                    reachable: Vec::new(),
                    winning: Vec::new(),
                },
                reachable: reachable.clone(),
                winning: winning.clone(),
                work_dir: dir,
                here: true,
                max_memory: cfg.max_memory,
                mask_bits: 0,
            };
            let lead = index == 0;
            let out = (lead && at.gathered.is_some()).then_some(out.as_path());
            let mut say = |line: &str| {
                if lead {
                    report(Report::Line(line.to_string()))
                }
            };
            let written = union::write(&mut engine.rounds, spec, &mut share, out, &mut say)?;
            if let (Some(w), Ok(mut slot)) = (written, at.written.lock()) {
                *slot = Some(w);
            }
        }
    }
    Ok((reachable, winning))
}
