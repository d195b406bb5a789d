//! Generator benchmarks: the English central game's winning sets and its solution count, and
//! every triangle table that `pegwise tables` ships. Run with
//! `cargo bench -p pegwise --bench generate`.

use criterion::{criterion_group, criterion_main, Criterion};
use pegwise::generate::{self, count, Options, Solved};
use pegwise::{shipped, Board, Problem};
use std::hint::black_box;
use std::time::Duration;

fn central_game() -> Problem {
    let board = Board::by_name("english").unwrap_or_else(|e| panic!("{e}"));
    Problem::parse(board, "d4", "start").unwrap_or_else(|e| panic!("{e}"))
}

fn solve(p: &Problem) -> Solved {
    generate::solve(p, Options::default(), &mut |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

fn generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));

    let p = central_game();
    g.bench_function("central game winning sets", |b| {
        b.iter(|| solve(black_box(&p)))
    });

    let s = solve(&p);
    let start = p.start_positions()[0];
    g.bench_function("central game solution count", |b| {
        b.iter(|| count::count_from(&p, &s.canon, black_box(start), |c| s.is_winning(c)))
    });

    let specs: Vec<shipped::TableSpec> = shipped::FULL_BOARDS
        .iter()
        .flat_map(|name| {
            let board = Board::by_name(name).unwrap_or_else(|e| panic!("{e}"));
            shipped::tables_for(&board).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    g.bench_function("all triangle tables", |b| {
        b.iter(|| {
            specs
                .iter()
                .map(|spec| {
                    let s = solve(&spec.problem);
                    s.to_table(|_| true).encode().len()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
