//! What `live_bench` and `live_diag` share: the big boards and the benchmark's positions (the
//! same generator and seeds as `tests/bench/live.mjs`), and a clock in milliseconds.

use std::sync::OnceLock;
use std::time::Instant;

use pegwise::{position, Board};

/// The big boards of the benchmark, in its order (a board's seed is 1 + its place here).
pub const BOARDS: [&str; 6] = [
    "french",
    "wiegleb",
    "diamond41",
    "hexagon37",
    "square6",
    "triangle8",
];

/// mulberry32: a small 32-bit generator, easy to write the same way in JS.
pub struct Rng(pub u32);

impl Rng {
    /// The next 32 random bits.
    pub fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ t >> 15).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ t >> 7).wrapping_mul(t | 61));
        t ^ t >> 14
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next()) * n as u64) >> 32) as usize
    }
}

/// Milliseconds since the first call; with LIVE_CLOCK=cpu, of this thread's CPU time (from
/// /proc/thread-self/schedstat), for a fair figure on a machine busy with other work.
pub fn clock() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    static CPU: OnceLock<bool> = OnceLock::new();
    if *CPU.get_or_init(|| std::env::var("LIVE_CLOCK").is_ok_and(|v| v == "cpu")) {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        let ns: f64 = stat
            .split_whitespace()
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0.0);
        return ns / 1e6;
    }
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

/// The positions of the benchmark for one board (see the file's comment).
pub fn positions(board: &Board, start: u64, seed: u32, count: usize) -> Vec<u64> {
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

/// The environment variable `name` read as a `T`, or `default` when it is unset or unreadable.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The benchmark's boards with their place in `BOARDS`: those named on the command line, or
/// all of them.
pub fn chosen_boards() -> Vec<(usize, &'static str)> {
    let only: Vec<String> = std::env::args().skip(1).collect();
    BOARDS
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, name)| only.is_empty() || only.iter().any(|o| o == name))
        .collect()
}
