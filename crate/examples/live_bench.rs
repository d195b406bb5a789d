//! The proving live solver's benchmark, natively (the wasm figure comes from
//! `tests/bench/live.mjs`, same positions): for LIVE_POSITIONS (1,000) random-playout
//! positions per big board, from its default (winnable) start, with no table, the share of
//! jumps the live solver decides (good or bad) within LIVE_MS (50) ms per jump.
//!
//! A position: play uniformly random legal jumps from the start until none is left, then take
//! a uniformly random position of that playout that still has a jump. The generator is
//! mulberry32 seeded with 1 + the board's number in the list, the same in the JS harness.
//! `cargo run --release --example live_bench [board ...]`

use std::sync::OnceLock;
use std::time::Instant;

use pegwise::oracle::{Oracle, Verdict};
use pegwise::{position, Board};

const BOARDS: [&str; 6] = [
    "french",
    "wiegleb",
    "diamond41",
    "hexagon37",
    "square6",
    "triangle8",
];

/// mulberry32: a small 32-bit generator, easy to write the same way in JS.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ t >> 15).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ t >> 7).wrapping_mul(t | 61));
        t ^ t >> 14
    }
    fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next()) * n as u64) >> 32) as usize
    }
}

fn clock() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

/// The positions of the benchmark for one board (see the file's comment).
fn positions(board: &Board, start: u64, seed: u32, count: usize) -> Vec<u64> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let mut line = vec![start];
            let mut x = start;
            loop {
                let jumps: Vec<_> = position::legal_jumps(board, x).collect();
                if jumps.is_empty() {
                    break;
                }
                x = position::after(x, jumps[rng.below(jumps.len())]);
                line.push(x);
            }
            line.pop(); // the last position has no jump
            line[rng.below(line.len())]
        })
        .collect()
}

fn main() -> Result<(), pegwise::Error> {
    let count: usize = std::env::var("LIVE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let ms: f64 = std::env::var("LIVE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50.0);
    let only: Vec<String> = std::env::args().skip(1).collect();
    for (i, name) in BOARDS.iter().enumerate() {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let board = Board::by_name(name)?;
        let problem = pegwise::defaults::default_problem(&board)?;
        let start = problem.start_positions()[0];
        let t0 = Instant::now();
        let (mut good, mut bad, mut unknown) = (0u64, 0u64, 0u64);
        let mut slow = Vec::new();
        let (mut nodes, mut class_cuts, mut pagoda_cuts) = (0u64, 0u64, 0u64);
        for x in positions(&board, start, 1 + i as u32, count) {
            let mut oracle = Oracle::new(&problem);
            oracle.budget = u64::MAX;
            oracle.time_ms = Some(ms);
            oracle.clock = Some(clock);
            for j in position::legal_jumps(&board, x) {
                let t = clock();
                match oracle.verdict(position::after(x, j)) {
                    Verdict::Good => good += 1,
                    Verdict::Bad => bad += 1,
                    _ => unknown += 1,
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
