//! Diagnostics for the live solver's undecided jumps (not a benchmark): for the positions of
//! `live_bench` (LIVE_POSITIONS, default 100, same generator and seeds), the jumps left
//! unknown within LIVE_MS (50) ms, by peg count; how many of them a sound cheap argument
//! would have settled (a pagoda learnt by LP for the position itself, or stranded pegs: pegs
//! no peg can ever come next to); and, with LIVE_LONG=ms, what a longer budget decides
//! (good / bad / still unknown): is the gap finding wins or proving losses?
//! LIVE_SHOW=1 prints the first few undecided positions.
//! `cargo run --release --example live_diag [board ...]`
use std::sync::OnceLock;
use std::time::Instant;

use pegwise::classes::Classes;
use pegwise::oracle::{Oracle, Verdict};
use pegwise::pagoda::Pagodas;
use pegwise::{position, Board};

const BOARDS: [&str; 6] = [
    "french",
    "wiegleb",
    "diamond41",
    "hexagon37",
    "square6",
    "triangle8",
];

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
            line.pop();
            line[rng.below(line.len())]
        })
        .collect()
}

fn main() -> Result<(), pegwise::Error> {
    let count: usize = std::env::var("LIVE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let ms: f64 = std::env::var("LIVE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50.0);
    let long: f64 = std::env::var("LIVE_LONG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    let only: Vec<String> = std::env::args().skip(1).collect();
    for (i, name) in BOARDS.iter().enumerate() {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let board = Board::by_name(name)?;
        let problem = pegwise::defaults::default_problem(&board)?;
        let classes = Classes::of(&board);
        let goal = problem.goal_set();
        let start = problem.start_positions()[0];
        let mut pg = Pagodas::new(&board);
        pg.prepare(goal);
        let (mut unknown, mut learnt, mut learn_ms, mut frozen) = (0, 0, 0.0, 0);
        let mut by_pegs = vec![0u32; 64];
        let (mut lg, mut lb, mut lu) = (0, 0, 0);
        for x in positions(&board, start, 1 + i as u32, count) {
            let mut oracle = Oracle::new(&problem);
            oracle.budget = u64::MAX;
            oracle.time_ms = Some(ms);
            oracle.clock = Some(clock);
            for j in position::legal_jumps(&board, x) {
                let y = position::after(x, j);
                if !matches!(oracle.verdict(y), Verdict::Unknown) {
                    continue;
                }
                unknown += 1;
                if unknown <= 4 && std::env::var("LIVE_SHOW").is_ok() {
                    println!("{}\n", board.render(y));
                }
                by_pegs[position::pegs(y) as usize] += 1;
                let t = clock();
                let class = classes.class(y);
                let mut all = true;
                for h in 0..board.len() as u8 {
                    if goal >> h & 1 == 1
                        && classes.class(1 << h) == class
                        && pg.learn(y, h).is_none()
                    {
                        all = false;
                    }
                }
                learn_ms += clock() - t;
                if all {
                    learnt += 1;
                }
                if frozen_lost(&board, y, goal) {
                    frozen += 1;
                }
                if long > 0.0 {
                    let mut o = Oracle::new(&problem);
                    o.budget = u64::MAX;
                    o.time_ms = Some(long);
                    o.clock = Some(clock);
                    match o.verdict(y) {
                        Verdict::Good => lg += 1,
                        Verdict::Bad => lb += 1,
                        _ => lu += 1,
                    }
                }
            }
        }
        let pegs: Vec<String> = by_pegs
            .iter()
            .enumerate()
            .filter(|p| *p.1 > 0)
            .map(|(k, n)| format!("{k}:{n}"))
            .collect();
        println!("{name}: unknown {unknown}, frozen-lost {frozen}, learnt-pagoda proves {learnt} (avg {:.2} ms), long({long}ms) good {lg} bad {lb} unknown {lu}; pegs {}", learn_ms / unknown.max(1) as f64, pegs.join(" "));
    }
    Ok(())
}

/// Holes that may ever hold a peg (a fixpoint that ignores pegs being used up), and the pegs
/// that can never be removed (no neighbour on a line may ever hold a peg).
fn frozen_lost(board: &Board, code: u64, goal: u64) -> bool {
    let mut occ = code;
    loop {
        let mut next = occ;
        for j in board.jumps() {
            if occ >> j.from & 1 == 1 && occ >> j.over & 1 == 1 {
                next |= 1 << j.to;
            }
        }
        if next == occ {
            break;
        }
        occ = next;
    }
    let mut frozen = 0u64;
    let mut rest = code;
    while rest != 0 {
        let p = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let movable = board.jumps().iter().any(|j| {
            (j.from == p && occ >> j.over & 1 == 1) || (j.over == p && occ >> j.from & 1 == 1)
        });
        if !movable {
            frozen |= 1 << p;
        }
    }
    frozen.count_ones() >= 2 || (frozen != 0 && frozen & !goal != 0)
}
