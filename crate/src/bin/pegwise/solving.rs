//! Solving a whole problem on this machine: within a share of the memory available, with its
//! progress shown.

use pegwise::generate::{self, Options, Solved};
use pegwise::{Error, Problem};

use crate::progress::Progress;
use crate::way::quick;

/// The memory available now, in bytes (8 GB where /proc/meminfo can't be read).
pub fn memory_bytes() -> u64 {
    let avail_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    });
    avail_kb.map_or(8 << 30, |kb| kb.saturating_mul(1024))
}

/// The code budget for a job: a third of the memory available now (sorting needs room too),
/// 8 bytes a code.
fn memory_budget() -> usize {
    (memory_bytes() / 8 / 3) as usize
}

/// Solves a problem within the memory budget, showing its progress (see [`Progress`]; a
/// problem past the size rule, solved because `--exact` asked, says so at once off a
/// terminal).
pub fn solve_with_progress(p: &Problem, opts: Options) -> Result<Solved, Error> {
    let opts = Options {
        max_codes: memory_budget(),
        ..opts
    };
    let label = format!(
        "solving {} start {} goal {}",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    );
    let pb = if !quick(p) {
        Progress::announce(&format!("{label} whole (it may take minutes)"))
    } else {
        Progress::new(&label)
    };
    let r = generate::solve(p, opts, &mut |m| pb.set(m));
    pb.finish();
    r
}
