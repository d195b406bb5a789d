//! Prints how long the pagodas of each big board take to compute, and how many there are.
//! `cargo run --release --example pagodas`
use pegwise::pagoda::Pagodas;
use pegwise::Board;
use std::time::Instant;

fn main() -> Result<(), pegwise::Error> {
    for name in [
        "english",
        "french",
        "wiegleb",
        "diamond41",
        "hexagon37",
        "square6",
        "triangle7",
        "triangle8",
    ] {
        let b = Board::by_name(name)?;
        let t = Instant::now();
        let p = Pagodas::for_goal(&b, b.full());
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let n: usize = (0..b.len() as u8).map(|h| p.of_hole(h).len()).sum();
        println!("{name:10} {:3} holes  {n:4} pagodas  {ms:8.2} ms", b.len());
    }
    Ok(())
}
