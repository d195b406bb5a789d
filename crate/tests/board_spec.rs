//! `Board::spec` round-trips through `Board::by_name`: same geometry, same hole names.

use pegwise::board::{Lattice, CATALOGUE};
use pegwise::Board;
use proptest::prelude::*;

fn assert_round_trip(b: &Board) {
    let spec = b.spec();
    let back = Board::by_name(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    assert_eq!(back.geometry_id(), b.geometry_id(), "{spec}");
    assert_eq!(back.lattice(), b.lattice(), "{spec}");
    assert_eq!(back.holes(), b.holes(), "{spec}");
    assert_eq!(back.spec(), spec, "spec is stable");
}

#[test]
fn catalogue_boards_round_trip() {
    for name in CATALOGUE.iter().filter(|n| **n != "row:L") {
        let b = Board::by_name(name).unwrap();
        assert_eq!(b.spec(), *name);
        assert_round_trip(&b);
    }
}

#[test]
fn rows_round_trip() {
    for l in [3, 4, 9, 33, 64] {
        let b = Board::by_name(&format!("row:{l}")).unwrap();
        assert_eq!(b.spec(), format!("row:{l}"));
        assert_round_trip(&b);
    }
    // a padded length still spells the canonical way
    assert_eq!(Board::by_name("row:07").unwrap().spec(), "row:7");
}

#[test]
fn ascii_boards_round_trip() {
    for text in [
        "ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--",
        "ascii:ooo/o-o/ooo",
        "ascii:o//o/o/o",
        "ascii:  oo/ o/oo/ o",
        "ascii-tri:  o/ o o/o o o",
        "ascii-tri:o o o/ o o/  o",
        "ascii:name: triangle5/ooooo",
        "ascii-tri:name: triangle5/    o/   o o/  o o o/ o o o o/o o o o o",
        "ascii:lattice: triangle/name: triangle5/  o/ o o/o o o",
    ] {
        let b = Board::by_name(text).unwrap();
        assert!(
            b.spec().starts_with("ascii"),
            "{text} spells as {}",
            b.spec()
        );
        assert_round_trip(&b);
    }
}

#[test]
fn a_custom_board_named_triangle5_is_not_spelled_triangle5() {
    let b = Board::parse_ascii(
        "x",
        Lattice::Square,
        "name: triangle5\nlattice: triangle\n    o\n   o o\n  o o o\n o o o o\no o o o o\n",
    )
    .unwrap();
    assert_eq!(b.name(), "triangle5");
    assert_ne!(b.spec(), "triangle5");
    assert!(b.spec().starts_with("ascii-tri:"));
    assert_round_trip(&b);
    assert_eq!(
        Board::by_name(&b.spec()).unwrap().geometry_id(),
        Board::by_name("triangle5").unwrap().geometry_id()
    );
}

proptest! {
    /// Random hole sets on either lattice, built from points, spell and read back equal.
    #[test]
    fn random_boards_round_trip(
        tri in any::<bool>(),
        pts in proptest::collection::btree_set((-6i32..6, -6i32..6), 3..40),
    ) {
        let lattice = if tri { Lattice::Triangular } else { Lattice::Square };
        let pts: Vec<(i32, i32)> = pts.into_iter().collect();
        // a set with no three holes in a line is no board (no jump): refused, by name
        let b = match Board::from_points("random", lattice, &pts) {
            Err(pegwise::Error::Input(pegwise::error::InputError::NoJump(name))) => {
                prop_assert_eq!(name, "random");
                return Ok(());
            }
            b => b.unwrap(),
        };
        let back = Board::by_name(&b.spec()).unwrap();
        prop_assert_eq!(back.geometry_id(), b.geometry_id());
        prop_assert_eq!(back.holes(), b.holes());
    }
}
