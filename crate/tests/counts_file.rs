//! The shipped counts file of the English central game (data/english.d4.d4.pgc, built by
//! `pegwise counts`, pinned by data/MANIFEST): its counts held against the level-by-level
//! count (`count_from`) and its fewest moves against breadth-first search, on sampled
//! positions of every level it stores; the published total at the start; damaged files
//! refused with a typed error.

use pegwise::counts_file::Counts;
use pegwise::generate::{self, count, Options, Solved};
use pegwise::search::fewest;
use pegwise::{position, shipped, Board, Error, Goal, Problem, Start};

const FILE: &str = "english.d4.d4.pgc";

fn shipped_bytes() -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data")
        .join(FILE);
    std::fs::read(path).unwrap()
}

fn central() -> (Problem, Solved) {
    let p = Problem::parse(Board::by_name("english").unwrap(), "d4", "start").unwrap();
    let s = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
    (p, s)
}

/// Positions of level `n` to check: spread over the level, at most `k`.
fn sample(level: &[u64], k: usize) -> Vec<u64> {
    let step = (level.len() / k).max(1);
    level.iter().copied().step_by(step).take(k).collect()
}

#[test]
fn the_shipped_counts_match_live_counting_and_search_on_every_level() {
    let bytes = shipped_bytes();
    shipped::check_pinned(FILE, &bytes).unwrap();
    let c = Counts::decode(&bytes).unwrap();
    let (p, s) = central();
    assert!(c.serves(&p));
    let d4 = p.goal_set().trailing_zeros() as u8;
    // every winning position of every stored level is in the file, and nothing else
    let lowest = usize::from(c.lowest);
    let stored: usize = s.winning[lowest..].iter().map(Vec::len).sum();
    assert_eq!(c.len(), stored);
    assert!(c.iter().all(|(x, _)| s.is_winning(x)));
    // the generator rebuilds the shipped file byte for byte (what MANIFEST pins)
    let rebuilt = pegwise::generate::counts_write::encode(&p.board, &s, c.lowest).unwrap();
    assert!(
        rebuilt == bytes,
        "`pegwise counts` no longer rebuilds {FILE} byte for byte"
    );

    // the published total (Bell; Durango Bill) and the fewest moves from the start: 18
    // (Bergholt's 1912 solution, shown shortest by Beasley)
    let start = p.start_positions()[0];
    let e = c.find(s.canon.canonical(start)).unwrap();
    assert_eq!(e.count, 40_861_647_040_079_968);
    assert_eq!(e.fewest, 18);

    for n in lowest..=32 {
        // counting from the top levels takes seconds each: fewer samples there
        let k = if n >= 27 { 1 } else { 12 };
        for x in sample(&s.winning[n], k) {
            let e = c.find(x).unwrap();
            let live = count::count_from(&p, &s.canon, x, |y| s.is_winning(y));
            assert_eq!(
                live,
                Some(u128::from(e.count)),
                "count at {x:#x} ({n} pegs)"
            );
            if n <= 25 {
                let here = Problem::new(p.board.clone(), Start::Position(x), Goal::Hole(d4));
                let here = here.unwrap();
                let line = fewest::fewest_moves(&here, &here.canon(), |y| s.is_winning(y));
                let moves = line.map(|(_, l)| l.len());
                assert_eq!(moves, Some(usize::from(e.fewest)), "fewest at {x:#x}");
            }
        }
        // a losing position of the level is not stored
        let lost = position::children(&p.board, s.winning[n][0])
            .chain(
                s.winning[n]
                    .iter()
                    .flat_map(|&w| position::children(&p.board, w)),
            )
            .find(|&y| position::pegs(y) as usize >= lowest && !s.is_winning(y));
        if let Some(y) = lost {
            assert_eq!(c.find(s.canon.canonical(y)), None);
        }
    }
}

#[test]
fn damaged_counts_files_are_refused_by_name() {
    let bytes = shipped_bytes();
    let refused = |b: &[u8]| match Counts::decode(b) {
        Err(e @ Error::Table(_)) => assert!(e.why().starts_with("counts file:"), "{e}"),
        other => panic!("accepted a damaged file: {other:?}"),
    };
    refused(&[]);
    refused(&bytes[..3]);
    refused(&bytes[..bytes.len() - 1]);
    for at in [0, 9, 40, bytes.len() / 2, bytes.len() - 5] {
        let mut b = bytes.clone();
        b[at] ^= 0x10;
        refused(&b);
    }
    // a well-formed checksum over bad contents: still refused, by what is wrong
    let mut b = bytes[..bytes.len() - 4].to_vec();
    b[8] = 9; // version
    b.extend_from_slice(&pegwise::crc::crc32(&b).to_le_bytes());
    match Counts::decode(&b) {
        Err(e @ Error::Table(_)) => assert!(e.to_string().contains("version 9"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(shipped::check_pinned(FILE, &bytes[1..]).is_err());
}

/// The panel's path (`analysis::count_with`, `fewest_with`) along winning lines of the central
/// game with the shipped table: counts as `count_from` gives them, fewest moves as stored, and
/// a first move whose result is one move shorter (by breadth-first search where the file
/// stores no value).
#[test]
fn the_panel_answers_from_the_file_and_its_first_move_is_one_move_shorter() {
    use pegwise::analysis::{count_with, fewest_with, Answer};
    use pegwise::game::Game;
    use std::sync::Arc;

    let c = Counts::decode(&shipped_bytes()).unwrap();
    let (p, s) = central();
    let d4 = p.goal_set().trailing_zeros() as u8;
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let table = shipped::load("english.d4.d4.pgt", true, &mut |f| {
        std::fs::read(data.join(f)).map_err(|e| {
            Error::from(pegwise::error::Fault::Unreadable {
                path: f.into(),
                cause: e.into(),
            })
        })
    })
    .unwrap();
    let table = Arc::new(table);
    // searched where it is cheap (few pegs); above, the stored value (held against search and
    // counting by the test before)
    let stored = |x: u64| c.find(s.canon.canonical(x));
    let fewest_of = |x: u64| {
        if position::pegs(x) > 24 {
            return stored(x).map(|e| usize::from(e.fewest));
        }
        if p.is_goal(x) {
            return Some(0);
        }
        let here = Problem::new(p.board.clone(), Start::Position(x), Goal::Hole(d4)).unwrap();
        fewest::fewest_moves(&here, &here.canon(), |y| s.is_winning(y)).map(|(_, l)| l.len())
    };
    for line in 0..3usize {
        let mut g = Game::new(p.clone()).unwrap();
        g.attach_table(table.clone()).unwrap();
        for step in 0..11usize {
            let x = g.position().code();
            let want = if position::pegs(x) > 26 {
                stored(x).map(|e| u128::from(e.count))
            } else {
                count::count_from(&p, &s.canon, x, |y| s.is_winning(y))
            };
            assert_eq!(
                count_with(&mut g, u64::MAX, &mut None, Some(&c)),
                Answer::Done(want)
            );
            match fewest_with(&mut g, 5_000_000, Some(&c)) {
                Answer::Done(Some((n, first))) => {
                    assert_eq!(Some(n), fewest_of(x), "fewest at {x:#x}");
                    let mut y = x;
                    for j in first {
                        assert!(position::can_jump(y, j));
                        y = position::after(y, j);
                    }
                    assert_eq!(
                        fewest_of(y),
                        Some(n - 1),
                        "after the first move from {x:#x}"
                    );
                }
                other => panic!("line {line} step {step}: {other:?}"),
            }
            let good: Vec<_> = g
                .legal_jumps()
                .into_iter()
                .filter(|&j| s.is_winning(position::after(x, j)))
                .collect();
            g.play_jump(good[(line * 5 + step * 3) % good.len()])
                .unwrap();
        }
    }
}
