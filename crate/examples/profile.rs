//! Times the generator on the English central game, stage by stage, and the solution count
//! (by halves, as `pegwise count` does, and from the start).
//! `cargo run --release --example profile [solve|count|both]`
use pegwise::generate::{self, count, Options};
use pegwise::{Board, Problem};

fn main() {
    let what = std::env::args().nth(1).unwrap_or_else(|| "both".into());
    let Ok(p) = Problem::parse(
        Board::by_name("english").unwrap_or_else(|e| panic!("{e}")),
        "d4",
        "start",
    ) else {
        panic!("no central game");
    };
    let t = std::time::Instant::now();
    let mut last = t.elapsed();
    let s = generate::solve(&p, Options::default(), &mut |m| {
        let now = t.elapsed();
        if what != "count" {
            eprintln!(
                "{:>8.3}s (+{:.3}) {m}",
                now.as_secs_f64(),
                (now - last).as_secs_f64()
            );
        }
        last = now;
    })
    .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "solve {:.3}s, {} winning",
        t.elapsed().as_secs_f64(),
        s.winning_total()
    );
    if what != "solve" {
        let t = std::time::Instant::now();
        let n = count::count_by_halves(&s)
            .map_or("too many to count".to_string(), |n| format!("{n:?}"));
        eprintln!("count by halves {:.3}s, {n}", t.elapsed().as_secs_f64());
        let t = std::time::Instant::now();
        let n = count::count_from(&p, &s.canon, p.start_positions()[0], |c| s.is_winning(c))
            .map_or("too many to count".to_string(), |n| n.to_string());
        eprintln!("count {:.3}s, {n} solutions", t.elapsed().as_secs_f64());
    }
}
