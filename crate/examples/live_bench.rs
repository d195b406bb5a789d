//! The proving live solver's benchmark, natively (the wasm figure comes from
//! `tests/bench/live.mjs`, same positions): for LIVE_POSITIONS (1,000) random-playout
//! positions per big board, from its default (winnable) start, with no table, the share of
//! jumps the live solver decides (good or bad) within LIVE_MS (50) ms per jump.
//!
//! A position: play uniformly random legal jumps from the start until none is left, then take
//! a uniformly random position of that playout that still has a jump. The generator is
//! mulberry32 seeded with 1 + the board's number in the list, the same in the JS harness.
//! `cargo run --release --example live_bench [board ...]`; with LIVE_VERDICTS=1 every jump's
//! verdict goes to stderr.

use std::time::Instant;

use pegwise::oracle::{Oracle, Verdict};
use pegwise::{position, Board};

#[path = "shared/live_positions.rs"]
mod live_positions;
use live_positions::{chosen_boards, clock, env_or, positions};

fn main() -> Result<(), pegwise::Error> {
    let count: usize = env_or("LIVE_POSITIONS", 1000);
    let ms: f64 = env_or("LIVE_MS", 50.0);
    // LIVE_VERDICTS=1: every jump's verdict on stderr, to compare two builds
    let verdicts = std::env::var("LIVE_VERDICTS").is_ok_and(|v| v == "1");
    for (i, name) in chosen_boards() {
        let board = Board::by_name(name)?;
        let problem = pegwise::winnable::default_problem(&board);
        let start = problem.start_positions()[0];
        let t0 = Instant::now();
        let (mut good, mut bad, mut unknown) = (0u64, 0u64, 0u64);
        let mut slow = Vec::new();
        let (mut nodes, mut class_cuts, mut pagoda_cuts) = (0u64, 0u64, 0u64);
        for x in positions(&board, start, 1 + i as u32, count) {
            let mut oracle = Oracle::new(&problem);
            oracle.set_limits(pegwise::oracle::Limits {
                nodes: u64::MAX,
                time_ms: Some(ms),
                clock: Some(clock),
            });
            for j in position::legal_jumps(&board, x) {
                let t = clock();
                let v = oracle.verdict(position::after(x, j), oracle.ask());
                match v {
                    Verdict::Good => good += 1,
                    Verdict::Bad => bad += 1,
                    _ => unknown += 1,
                }
                if verdicts {
                    eprintln!("{name} {x:x} {}-{} {v:?}", j.from, j.to);
                }
                slow.push(clock() - t);
            }
            let s = oracle.live_stats();
            nodes += s.nodes;
            class_cuts += s.class_cuts;
            pagoda_cuts += s.pagoda_cuts;
        }
        slow.sort_by(f64::total_cmp);
        let total = good + bad + unknown;
        println!(
            "{name:10} {} {}/{}: {total} jumps, decided {:.1}% (good {good}, bad {bad}, unknown {unknown}), median {:.2} ms, p90 {:.2} ms, {:.1} s; {:.2} M positions expanded ({:.2} M/s), cut off by class {class_cuts}, by pagoda {pagoda_cuts}",
            problem.start_text(),
            problem.goal_text(),
            count,
            100.0 * (good + bad) as f64 / total.max(1) as f64,
            slow.get(slow.len() / 2).copied().unwrap_or(0.0),
            slow.get(slow.len() * 9 / 10).copied().unwrap_or(0.0),
            t0.elapsed().as_secs_f64(),
            nodes as f64 / 1e6,
            nodes as f64 / 1e6 / t0.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
