//! Bytes a browser fetches to play whole games with hints always on, from the English union
//! table (`scripts/tables english` first): the head, then each level's header and index and
//! the chunks that the hints of every position need, exactly as the worker asks for them
//! (`Oracle::take_needs`). Games follow a random good jump while there is one, else any jump.
//!   cargo run --release --example fetch_cost -- [start] [games]

use std::collections::HashSet;
use std::sync::Arc;

use pegwise::board::Board;
use pegwise::oracle::{Oracle, Verdict};
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::table::{Need, Table};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let start = args.get(1).map_or("c1", String::as_str);
    let games: u64 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(10);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let head_file = "english.every.pgt";
    let board = Board::by_name("english")?;
    let s = board.hole(start)?;
    let mut totals = Vec::new();
    for g in 0..games {
        // a fresh page: nothing fetched yet
        let head = std::fs::read(dir.join(head_file))?;
        let table = Arc::new(Table::decode(&head)?);
        let mut bytes = head.len();
        let mut fetched: HashSet<Need> = HashSet::new();
        let p = Problem::new(board.clone(), Start::Hole(s), Goal::Any)?;
        let mut oracle = Oracle::new(&p);
        oracle.attach(table.clone())?;
        let mut rng = 0x2545_f491_4f6c_dd1d_u64 ^ (g + 1).wrapping_mul(0x9e37_79b9);
        let mut code = position::single_vacancy(&board, s);
        loop {
            let jumps: Vec<_> = position::legal_jumps(&board, code).collect();
            if jumps.is_empty() {
                break;
            }
            // judge every jump, fetching what the answers wait for, until none is loading
            let verdicts = loop {
                let v: Vec<Verdict> = jumps
                    .iter()
                    .map(|&j| oracle.verdict(position::after(code, j), oracle.ask()))
                    .collect();
                let needs = oracle.take_needs();
                if needs.is_empty() {
                    break v;
                }
                for n in needs {
                    if !fetched.insert(n) {
                        continue;
                    }
                    let (pegs, from, to) = table.range(n).ok_or("no range")?;
                    let file = std::fs::read(dir.join(Table::shard_file(head_file, pegs)))?;
                    bytes += to - from;
                    match n {
                        Need::Header(_) => table.add_header(pegs, &file[from..to])?,
                        Need::Chunk(_, c) => table.add_chunk(pegs, c, &file[from..to])?,
                    }
                }
            };
            let good: Vec<usize> = (0..jumps.len())
                .filter(|&i| verdicts[i] == Verdict::Good)
                .collect();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let pick = if good.is_empty() {
                (rng % jumps.len() as u64) as usize
            } else {
                good[(rng % good.len() as u64) as usize]
            };
            code = position::after(code, jumps[pick]);
        }
        println!(
            "game {g}: {} pegs left, {bytes} bytes fetched",
            position::pegs(code)
        );
        totals.push(bytes);
    }
    totals.sort_unstable();
    println!(
        "start {start}, {games} games: median {} bytes, max {}",
        totals[totals.len() / 2],
        totals.last().copied().unwrap_or(0)
    );
    Ok(())
}
