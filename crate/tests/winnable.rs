//! The record of winnable problems (`crate/src/winnable/winnable.txt`) held against
//! independent checks: every "won" has a witness solution that replays, small boards are
//! decided again by brute force, and every catalogue board opens on a game that can be won.

use pegwise::board::{bit, Board, CATALOGUE};
use pegwise::classes::Classes;
use pegwise::game::Game;
use pegwise::generate::record;
use pegwise::position;
use pegwise::problem::{Goal, Problem, Start};
use pegwise::winnable::{self, Winnable};

const RECORD: &str = include_str!("../src/winnable/winnable.txt");
const WITNESSES: &str = include_str!("fixtures/witnesses.txt");

fn lines() -> Vec<(Board, u8, u64, u64)> {
    RECORD
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let b = Board::by_name(f[0]).unwrap();
            assert_eq!(f[1], format!("{:016x}", b.geometry_id()), "{l}");
            let s = b.hole(f[2]).unwrap();
            let won = u64::from_str_radix(f[3], 16).unwrap();
            let unknown = u64::from_str_radix(f[4], 16).unwrap();
            (b, s, won, unknown)
        })
        .collect()
}

#[test]
fn every_win_has_a_witness_that_replays() {
    for (b, s, won, _) in lines() {
        for h in (0..b.len() as u8).filter(|&h| won >> h & 1 == 1) {
            let prefix = format!("{} {} {} ", b.name(), b.hole_name(s), b.hole_name(h));
            let line = WITNESSES
                .lines()
                .find(|l| l.starts_with(&prefix))
                .unwrap_or_else(|| panic!("no witness for {prefix}"));
            let p = Problem::new(b.clone(), Start::Hole(s), Goal::Hole(h)).unwrap();
            let mut g = Game::new(p).unwrap();
            g.play_text(&line[prefix.len()..]).unwrap();
            assert_eq!(
                g.position().code(),
                bit(h),
                "{prefix}: the witness ends with one peg there"
            );
        }
    }
}

#[test]
fn small_boards_agree_with_brute_force() {
    for (b, s, won, unknown) in lines().into_iter().filter(|l| l.0.len() <= 21) {
        assert_eq!(unknown, 0, "{} {}: small boards are decided", b.name(), s);
        let from = position::single_vacancy(&b, s);
        let exact = winnable::search_finishes(&b, from, b.full());
        assert_eq!(won, exact, "{} {}", b.name(), b.hole_name(s));
    }
}

#[test]
fn wins_respect_position_classes_and_every_start_is_recorded() {
    for (b, s, won, unknown) in lines() {
        let classes = Classes::of(&b);
        let from = position::single_vacancy(&b, s);
        for h in (0..b.len() as u8).filter(|&h| (won | unknown) >> h & 1 == 1) {
            assert!(classes.may_reach(from, bit(h)), "{} {s} -> {h}", b.name());
        }
    }
    for name in CATALOGUE.iter().filter(|n| !n.starts_with("row")) {
        let b = Board::by_name(name).unwrap();
        let reps = record::start_representatives(&b);
        let recorded = lines().iter().filter(|l| l.0.name() == *name).count();
        if recorded > 0 {
            assert_eq!(
                recorded,
                reps.len(),
                "{name}: one line per start up to symmetry"
            );
        }
    }
}

#[test]
fn every_catalogue_board_opens_on_a_game_that_can_be_won() {
    for name in CATALOGUE {
        let name = if *name == "row:L" { "row:8" } else { name };
        let b = Board::by_name(name).unwrap();
        let p = winnable::default_problem(&b);
        assert_eq!(winnable::status(&p), Winnable::Yes, "{name}");
    }
}

#[test]
fn the_ten_hole_triangle_has_one_problem_up_to_symmetry() {
    let b = Board::by_name("triangle4").unwrap();
    let mut won = Vec::new();
    for s in 0..b.len() as u8 {
        for h in 0..b.len() as u8 {
            let p = Problem::new(b.clone(), Start::Hole(s), Goal::Hole(h)).unwrap();
            if winnable::status(&p) == Winnable::Yes {
                won.push((b.hole_name(s).to_string(), b.hole_name(h).to_string()));
            }
        }
    }
    // vacate a2, finish at b2, and its images under the 6 symmetries
    assert!(won.contains(&("a2".into(), "b2".into())), "{won:?}");
    assert!(won.len() <= 6 && !won.is_empty(), "{won:?}");
}
