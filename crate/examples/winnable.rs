//! Builds `crate/src/winnable/winnable.txt` and the witness fixture (until the CLI has it).
use pegwise::board::{Board, CATALOGUE};

fn main() {
    let boards: Vec<Board> = CATALOGUE
        .iter()
        .filter_map(|n| Board::by_name(n).ok())
        .filter(|b| std::env::args().nth(1).is_none_or(|only| only == b.name()))
        .collect();
    let budget: u64 = std::env::var("BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(2_000_000);
    let (record, witnesses) =
        pegwise::winnable::record::build(&boards, budget, &mut |m| eprintln!("{m}"));
    print!("{record}");
    std::fs::write("/tmp/witnesses.txt", witnesses).unwrap();
}
