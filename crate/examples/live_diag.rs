//! Diagnostics for the live solver's undecided jumps (not a benchmark): for the positions of
//! `live_bench` (LIVE_POSITIONS, default 100, same generator and seeds), the jumps left
//! unknown within LIVE_MS (50) ms, by peg count; how many of them a sound cheap argument
//! would have settled (a pagoda learnt by LP for the position itself, or stranded pegs: pegs
//! no peg can ever come next to); and, with LIVE_LONG=ms, what a longer budget decides
//! (good / bad / still unknown): is the gap finding wins or proving losses?
//! LIVE_SHOW=1 prints the first few undecided positions.
//! `cargo run --release --example live_diag [board ...]`

use pegwise::classes::Classes;
use pegwise::oracle::{Oracle, Verdict};
use pegwise::pagoda::Pagodas;
use pegwise::{position, Board};

#[path = "shared/live_positions.rs"]
mod live_positions;
use live_positions::{chosen_boards, clock, env_or, positions};

fn main() -> Result<(), pegwise::Error> {
    let count: usize = env_or("LIVE_POSITIONS", 100);
    let ms: f64 = env_or("LIVE_MS", 50.0);
    let long: f64 = env_or("LIVE_LONG", 0.0);
    for (i, name) in chosen_boards() {
        let board = Board::by_name(name)?;
        let problem = pegwise::winnable::default_problem(&board);
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
            oracle.set_limits(pegwise::oracle::Limits {
                nodes: u64::MAX,
                time_ms: Some(ms),
                clock: Some(clock),
            });
            for j in position::legal_jumps(&board, x) {
                let y = position::after(x, j);
                if !matches!(oracle.verdict(y, oracle.ask()), Verdict::Unknown) {
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
                    o.set_limits(pegwise::oracle::Limits {
                        nodes: u64::MAX,
                        time_ms: Some(long),
                        clock: Some(clock),
                    });
                    match o.verdict(y, o.ask()) {
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
