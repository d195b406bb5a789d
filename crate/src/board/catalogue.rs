//! The catalogue: board names and their shapes, `Board::by_name` and its inverse `Board::spec`.

use super::{Board, Lattice, Origin};
use crate::error::{BoardWhy, Error, InputError, Result};

/// Names of the boards in the catalogue (`row:L` stands for any length 3..=64).
pub const CATALOGUE: &[&str] = &[
    "triangle4",
    "triangle5",
    "triangle6",
    "triangle7",
    "triangle8",
    "trunc12",
    "trunc18",
    "english",
    "french",
    "wiegleb",
    "diamond41",
    "square6",
    "hexagon37",
    "row:L",
];

/// What a picker calls a catalogue board's family (by its catalogue name, `row` for every
/// row): "Triangle", "English", …; None for a name outside the catalogue.
pub fn family_label(name: &str) -> Option<&'static str> {
    let family = if name.starts_with("row:") {
        "row"
    } else {
        name
    };
    Some(match family {
        "triangle4" | "triangle5" | "triangle6" | "triangle7" | "triangle8" => "Triangle",
        "trunc12" | "trunc18" => "Truncated triangle",
        "english" => "English",
        "french" => "French",
        "wiegleb" => "Wiegleb",
        "diamond41" => "Diamond",
        "square6" => "Square",
        "hexagon37" => "Hexagon",
        "row" => "Row",
        _ => return None,
    })
}

/// The name of a board drawn in `ascii:`/`ascii-tri:` text without a `name:` line.
pub(super) const DRAWN_NAME: &str = "custom";

impl Board {
    /// Looks a board up by name: a catalogue name, `row:L`, or `ascii:`/`ascii-tri:` text
    /// (rows separated by `/`, read by [`Board::parse_ascii`]).
    ///
    /// ```
    /// use pegwise::Board;
    /// let english = Board::by_name("english")?;
    /// assert_eq!(english.len(), 33);
    /// assert_eq!(english.hole("d4")?, 16);
    /// let drawn = Board::by_name("ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--")?;
    /// assert_eq!(drawn.geometry_id(), english.geometry_id());
    /// assert_eq!(Board::by_name("ascii-tri:--o/-o-o/o-o-o")?.symmetries().len(), 6);
    /// assert!(Board::by_name("nonesuch").is_err());
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn by_name(name: &str) -> Result<Board> {
        let name = name.trim();
        if let Some(text) = name.strip_prefix("ascii:") {
            return Board::parse_ascii(DRAWN_NAME, Lattice::Square, &text.replace('/', "\n"));
        }
        if let Some(text) = name.strip_prefix("ascii-tri:") {
            return Board::parse_ascii(DRAWN_NAME, Lattice::Triangular, &text.replace('/', "\n"));
        }
        if let Some(len) = name.strip_prefix("row:") {
            let bad = || Error::from(BoardWhy::RowLength(name.to_string()));
            let l: usize = len.parse().map_err(|_| bad())?;
            if !(3..=64).contains(&l) {
                return Err(bad());
            }
            let pts: Vec<(i32, i32)> = (0..l as i32).map(|x| (x, 0)).collect();
            let mut b = Board::from_points(name, Lattice::Square, &pts)?;
            b.origin = Origin::Row;
            return Ok(b);
        }
        let (lattice, pts) = match name {
            "triangle4" => (Lattice::Triangular, triangle(4)),
            "triangle5" => (Lattice::Triangular, triangle(5)),
            "triangle6" => (Lattice::Triangular, triangle(6)),
            "triangle7" => (Lattice::Triangular, triangle(7)),
            "triangle8" => (Lattice::Triangular, triangle(8)),
            "trunc12" => (Lattice::Triangular, truncated(5)),
            "trunc18" => (Lattice::Triangular, truncated(6)),
            "english" => (
                Lattice::Square,
                grid(7, |x, y| (2..=4).contains(&x) || (2..=4).contains(&y)),
            ),
            "french" => (
                Lattice::Square,
                grid(7, |x, y| x.min(6 - x) + y.min(6 - y) >= 2),
            ),
            "wiegleb" => (
                Lattice::Square,
                grid(9, |x, y| (3..=5).contains(&x) || (3..=5).contains(&y)),
            ),
            "diamond41" => (
                Lattice::Square,
                grid(9, |x, y| (x - 4).abs() + (y - 4).abs() <= 4),
            ),
            "square6" => (Lattice::Square, grid(6, |_, _| true)),
            "hexagon37" => (Lattice::Triangular, grid(7, |x, y| (x - y).abs() <= 3)),
            _ => {
                return Err(InputError::UnknownBoard {
                    name: name.to_string(),
                    known: CATALOGUE,
                }
                .into())
            }
        };
        let mut b = Board::from_points(name, lattice, &pts)?;
        b.origin = Origin::Catalogue;
        Ok(b)
    }

    /// Text that [`Board::by_name`] reads back to this board (same geometry, same hole names,
    /// same name): the catalogue name, `row:L`, or the `ascii:`/`ascii-tri:` drawing with its
    /// `name:` line first when it has one. A drawn board is always spelled as its drawing, even
    /// when its `name:` line borrows a catalogue name.
    ///
    /// ```
    /// use pegwise::Board;
    /// assert_eq!(Board::by_name("french")?.spec(), "french");
    /// assert_eq!(Board::by_name("row:9")?.spec(), "row:9");
    /// let drawn = Board::by_name("ascii:name: triangle5/ooo/o-o/ooo")?;
    /// assert_eq!(drawn.name(), "triangle5");
    /// assert_eq!(drawn.spec(), "ascii:name:triangle5/ooo/o-o/ooo");
    /// assert_eq!(Board::by_name(&drawn.spec())?.geometry_id(), drawn.geometry_id());
    /// assert_eq!(Board::by_name(&drawn.spec())?.name(), "triangle5");
    /// assert_eq!(Board::by_name("ascii:ooo/o-o/ooo")?.spec(), "ascii:ooo/o-o/ooo");
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn spec(&self) -> String {
        match self.origin {
            Origin::Catalogue => self.name.clone(),
            Origin::Row => format!("row:{}", self.len()),
            Origin::Drawn => {
                let prefix = match self.lattice {
                    Lattice::Square => "ascii:",
                    Lattice::Triangular => "ascii-tri:",
                };
                // the name `by_name` gives a drawing without a `name:` line goes unsaid
                let name = if self.name == DRAWN_NAME {
                    String::new()
                } else {
                    format!("name:{}/", self.name)
                };
                format!("{prefix}{name}{}", self.drawing().join("/"))
            }
        }
    }
}

/// The triangle with `side` holes on a side, apex at the top (skew coordinates).
fn triangle(side: i32) -> Vec<(i32, i32)> {
    (0..side)
        .flat_map(|y| (0..=y).map(move |x| (x, y)))
        .collect()
}

/// The triangle with its three corners cut off.
fn truncated(side: i32) -> Vec<(i32, i32)> {
    let corners = [(0, 0), (0, side - 1), (side - 1, side - 1)];
    triangle(side)
        .into_iter()
        .filter(|p| !corners.contains(p))
        .collect()
}

/// The cells of a `size`×`size` grid that `keep` keeps.
fn grid(size: i32, keep: impl Fn(i32, i32) -> bool) -> Vec<(i32, i32)> {
    (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .filter(|&(x, y)| keep(x, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_board_has_a_family_label() {
        for name in CATALOGUE {
            assert!(family_label(name).is_some_and(|l| !l.is_empty()), "{name}");
        }
        assert_eq!(family_label("row:9"), Some("Row"));
        assert_eq!(family_label("custom"), None);
    }

    #[test]
    fn catalogue_sizes_and_groups() {
        let expect = [
            ("triangle4", 10, 6),
            ("triangle5", 15, 6),
            ("triangle6", 21, 6),
            ("triangle7", 28, 6),
            ("triangle8", 36, 6),
            ("trunc12", 12, 6),
            ("trunc18", 18, 6),
            ("english", 33, 8),
            ("french", 37, 8),
            ("wiegleb", 45, 8),
            ("diamond41", 41, 8),
            ("square6", 36, 8),
            ("hexagon37", 37, 12),
            ("row:9", 9, 2),
        ];
        for (name, holes, syms) in expect {
            let b = Board::by_name(name).unwrap();
            assert_eq!(b.len(), holes, "{name} holes");
            assert_eq!(b.symmetries().len(), syms, "{name} symmetries");
        }
    }

    #[test]
    fn unknown_names_and_bad_rows_are_refused() {
        assert!(matches!(
            Board::by_name("row:2"),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
        assert!(matches!(
            Board::by_name("row:65"),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
        assert!(matches!(
            Board::by_name("nope"),
            Err(Error::Input(InputError::UnknownBoard { .. }))
        ));
    }

    #[test]
    fn a_drawn_triangle5_is_spelled_as_its_drawing() {
        let drawn =
            Board::by_name("ascii-tri:name: triangle5/----o/---o-o/--o-o-o/-o-o-o-o/o-o-o-o-o")
                .unwrap();
        let cat = Board::by_name("triangle5").unwrap();
        assert_eq!(drawn.name(), "triangle5");
        assert_eq!(drawn.geometry_id(), cat.geometry_id());
        assert!(drawn.spec().starts_with("ascii-tri:"), "{}", drawn.spec());
        assert_eq!(cat.spec(), "triangle5");
        let back = Board::by_name(&drawn.spec()).unwrap();
        assert_eq!(back.geometry_id(), drawn.geometry_id());
        let points = Board::from_points("triangle5", Lattice::Triangular, &triangle(5)).unwrap();
        assert_eq!(points.spec(), drawn.spec());
    }
}
