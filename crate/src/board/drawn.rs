//! Boards drawn on a grid of cells (the page's board editor): a grid to a board, a board back
//! to its grid, and the catalogue board a drawing equals up to symmetry.
//!
//! A grid is rows of cells, `true` for a hole. On the square lattice cell `i` of row `y` is the
//! point (i, y). On the triangular lattice the rows are staggered, odd rows half a cell to the
//! right (as an `ascii-tri:` drawing staggers them), so cell `i` of row `y` is the skew point
//! (i + ⌈y/2⌉, y): the cells of a row are neighbours, and so are the two cells below each one.

use super::catalogue::DRAWN_NAME;
use super::{group, Board, Lattice, CATALOGUE};
use crate::error::{Error, InputError};

/// The most rows, and the most cells in a row, a grid may have.
pub const MAX_SIDE: usize = 12;
/// The fewest holes a board has.
pub const MIN_HOLES: usize = 3;
/// The most holes a board has: a position is one 64-bit code.
pub const MAX_HOLES: usize = 64;
/// The longest name a board may carry.
const MAX_NAME: usize = 40;

/// What is wrong with a drawing. Each has a stable [`code`](DrawingError::code) that the page
/// may branch on, and the bad [`value`](DrawingError::value).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawingError {
    /// Fewer than [`MIN_HOLES`] holes.
    #[error("a board needs at least {MIN_HOLES} holes; this drawing has {0}")]
    TooFewHoles(usize),
    /// More than [`MAX_HOLES`] holes.
    #[error("this drawing has {0} holes; the engine takes at most {MAX_HOLES} (a position is one 64-bit code)")]
    TooManyHoles(usize),
    /// A grid with more than [`MAX_SIDE`] rows or cells in a row.
    #[error("the board takes a grid of {rows} by {cols} cells; the editor draws up to {MAX_SIDE} by {MAX_SIDE}")]
    TooBig {
        /// Rows of the grid.
        rows: usize,
        /// Cells in its longest row.
        cols: usize,
    },
    /// No three holes lie in a line, so no jump can ever be made.
    #[error("no jump is possible: no three holes lie in a line")]
    NoJump,
    /// A name the board's link can't carry.
    #[error("bad name '{name}': {why}")]
    BadName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        why: NameWhy,
    },
    /// A lattice other than `square` or `triangular`.
    #[error("unknown lattice '{0}' (square or triangular)")]
    BadLattice(String),
    /// Board text (a catalogue name or an `ascii:` drawing) that the core refuses.
    #[error(transparent)]
    Board(Error),
}

impl DrawingError {
    /// The stable name of what is wrong: `too-few-holes`, `too-many-holes`, `too-big`,
    /// `no-jump`, `bad-name`, `bad-lattice`, or for board text the core's kind
    /// (`unknown-board`, `bad-board`).
    pub fn code(&self) -> &'static str {
        match self {
            DrawingError::TooFewHoles(_) => "too-few-holes",
            DrawingError::TooManyHoles(_) => "too-many-holes",
            DrawingError::TooBig { .. } => "too-big",
            DrawingError::NoJump => "no-jump",
            DrawingError::BadName { .. } => "bad-name",
            DrawingError::BadLattice(_) => "bad-lattice",
            DrawingError::Board(e) => e.kind(),
        }
    }

    /// The input it is about: `holes`, `size`, `name`, `lattice` or `board`.
    pub fn param(&self) -> &'static str {
        match self {
            DrawingError::TooFewHoles(_) | DrawingError::TooManyHoles(_) | DrawingError::NoJump => {
                "holes"
            }
            DrawingError::TooBig { .. } => "size",
            DrawingError::BadName { .. } => "name",
            DrawingError::BadLattice(_) => "lattice",
            DrawingError::Board(_) => "board",
        }
    }

    /// The bad value: the number of holes, the size (`13x7`), the name, the lattice or the
    /// board text's bad part (empty for `no-jump`).
    pub fn value(&self) -> String {
        match self {
            DrawingError::TooFewHoles(n) | DrawingError::TooManyHoles(n) => n.to_string(),
            DrawingError::TooBig { rows, cols } => format!("{rows}x{cols}"),
            DrawingError::NoJump => String::new(),
            DrawingError::BadName { name, .. } => name.clone(),
            DrawingError::BadLattice(l) => l.clone(),
            DrawingError::Board(e) => e.value().to_string(),
        }
    }
}

/// Why a board's name is refused (the words are its `Display`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameWhy {
    /// Longer than a name may be (40 characters).
    TooLong,
    /// A character other than a letter, a digit, `-` or `_`.
    BadChar(char),
}

impl std::fmt::Display for NameWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            NameWhy::TooLong => write!(f, "a name has at most {MAX_NAME} characters"),
            // '/' gets a reason of its own: it looks harmless, but it separates a link's rows
            NameWhy::BadChar('/') => write!(
                f,
                "'/' can't be in a name (it separates the rows of a board's link): use letters, digits, - and _"
            ),
            NameWhy::BadChar(' ') => {
                write!(f, "a space can't be in a name: use letters, digits, - and _")
            }
            NameWhy::BadChar(c) => {
                write!(f, "'{c}' can't be in a name: use letters, digits, - and _")
            }
        }
    }
}

/// Reads a lattice's name as the editor sends it (`square`, `triangular` or `triangle`).
pub fn lattice_named(name: &str) -> Result<Lattice, DrawingError> {
    match name {
        "square" => Ok(Lattice::Square),
        "triangular" | "triangle" => Ok(Lattice::Triangular),
        other => Err(DrawingError::BadLattice(other.to_string())),
    }
}

/// A board's name as its link carries it (`ascii:name:X/…`): None when blank. Letters, digits,
/// `-` and `_`, as `Board::parse_ascii` reads a `name:` line; a `/` would end the line in a link.
pub fn checked_name(name: &str) -> Result<Option<String>, DrawingError> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(None);
    }
    let why = if name.chars().count() > MAX_NAME {
        Some(NameWhy::TooLong)
    } else {
        name.chars()
            .find(|&c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .map(NameWhy::BadChar)
    };
    match why {
        Some(why) => Err(DrawingError::BadName {
            name: name.to_string(),
            why,
        }),
        None => Ok(Some(name.to_string())),
    }
}

/// A drawn board: the board to play, and the catalogue board it is the same as, if any.
#[derive(Debug, Clone)]
pub struct Drawn {
    /// The board, as the game plays it.
    pub board: Board,
    /// The catalogue board with the same shape up to symmetry.
    pub twin: Option<Twin>,
}

/// A catalogue board a drawing equals up to symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Twin {
    /// Its catalogue name (`row:L` with its length).
    pub name: String,
    /// The drawing was a turn or a mirror image of it, and the board was turned to stand as
    /// the catalogue board does: so its holes are that board's holes, with their names and
    /// tables.
    pub turned: bool,
}

impl Board {
    /// The name a drawn board was given, or "" (a catalogue board, a row, or a drawing left
    /// unnamed).
    pub fn drawn_name(&self) -> &str {
        match self.origin == super::Origin::Drawn && self.name != DRAWN_NAME {
            true => &self.name,
            false => "",
        }
    }

    /// A board from a grid of cells (see the module's doc for the triangular layout), named
    /// `name` (blank: unnamed). A drawing that is a catalogue board turned or mirrored is
    /// turned to stand as that board does, so it plays with the same holes and tables.
    pub fn from_cells(
        lattice: Lattice,
        rows: &[Vec<bool>],
        name: &str,
    ) -> Result<Drawn, DrawingError> {
        let name = checked_name(name)?;
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if rows.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(DrawingError::TooBig {
                rows: rows.len(),
                cols,
            });
        }
        let points: Vec<(i32, i32)> = rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.iter()
                    .enumerate()
                    .filter(|c| *c.1)
                    .map(move |(i, _)| point(lattice, i, y))
            })
            .collect();
        if points.len() < MIN_HOLES {
            return Err(DrawingError::TooFewHoles(points.len()));
        }
        if points.len() > MAX_HOLES {
            return Err(DrawingError::TooManyHoles(points.len()));
        }
        let name = name.as_deref().unwrap_or(DRAWN_NAME);
        let board = Board::from_points(name, lattice, &points).map_err(|e| match e {
            Error::Input(InputError::NoJump(_)) => DrawingError::NoJump,
            e => DrawingError::Board(e),
        })?;
        let Some((twin, shape)) = catalogue_twin(&board) else {
            return Ok(Drawn { board, twin: None });
        };
        let turned = points_of(&shape) != points_of(&board);
        let board = if turned {
            Board::from_points(name, lattice, &points_of(&shape)).map_err(DrawingError::Board)?
        } else {
            board
        };
        Ok(Drawn {
            board,
            twin: Some(Twin { name: twin, turned }),
        })
    }

    /// The board as a grid of cells, as [`Board::from_cells`] reads it back: the smallest grid
    /// that holds it. A board wider or taller than [`MAX_SIDE`] is refused (`too-big`).
    pub fn cells(&self) -> Result<Vec<Vec<bool>>, DrawingError> {
        let at: Vec<(i32, i32)> = self
            .holes
            .iter()
            .map(|h| match self.lattice {
                Lattice::Square => (h.x, h.y),
                Lattice::Triangular => (h.x - (h.y + 1) / 2, h.y),
            })
            .collect();
        let min = at.iter().map(|p| p.0).min().unwrap_or(0);
        let cols = at.iter().map(|p| p.0 - min + 1).max().unwrap_or(0) as usize;
        let rows = at.iter().map(|p| p.1 + 1).max().unwrap_or(0) as usize;
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(DrawingError::TooBig { rows, cols });
        }
        let mut grid = vec![vec![false; cols]; rows];
        for (x, y) in at {
            grid[y as usize][(x - min) as usize] = true;
        }
        Ok(grid)
    }
}

/// The lattice point of cell `i` in row `y`.
fn point(lattice: Lattice, i: usize, y: usize) -> (i32, i32) {
    let (i, y) = (i as i32, y as i32);
    match lattice {
        Lattice::Square => (i, y),
        Lattice::Triangular => (i + (y + 1) / 2, y),
    }
}

/// A board's hole coordinates in reading order (top-left at (0, 0)).
fn points_of(board: &Board) -> Vec<(i32, i32)> {
    board.holes.iter().map(|h| (h.x, h.y)).collect()
}

/// Every image of a point set under the lattice's rotations and reflections, each moved so its
/// top-left is (0, 0) and sorted in reading order: two boards are the same up to symmetry when
/// one's points are among the other's images.
fn images(lattice: Lattice, coords: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    group::point_group(lattice)
        .iter()
        .map(|m| {
            let image: Vec<(i32, i32)> = coords
                .iter()
                .map(|&(x, y)| (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y))
                .collect();
            let minx = image.iter().map(|p| p.0).min().unwrap_or(0);
            let miny = image.iter().map(|p| p.1).min().unwrap_or(0);
            let mut moved: Vec<(i32, i32)> =
                image.iter().map(|&(x, y)| (x - minx, y - miny)).collect();
            crate::small_sort::sort_by_key(&mut moved, |&(x, y)| (y, x));
            moved
        })
        .collect()
}

/// The catalogue board with the same shape as `board` up to symmetry (a turn, a mirror image,
/// a shift), by name, and that board.
pub fn catalogue_twin(board: &Board) -> Option<(String, Board)> {
    let images = images(board.lattice, &points_of(board));
    CATALOGUE
        .iter()
        .map(|&n| match n {
            "row:L" => format!("row:{}", board.len()),
            n => n.to_string(),
        })
        .filter_map(|n| Some((Board::by_name(&n).ok()?, n)))
        .find(|(b, _)| {
            b.lattice == board.lattice && b.len() == board.len() && images.contains(&points_of(b))
        })
        .map(|(b, n)| (n, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid from text rows: `o` a hole, anything else none.
    fn grid(rows: &[&str]) -> Vec<Vec<bool>> {
        rows.iter()
            .map(|r| r.chars().map(|c| c == 'o').collect())
            .collect()
    }

    #[test]
    fn a_square_drawing_reads_as_its_ascii_link() {
        let d = Board::from_cells(
            Lattice::Square,
            &grid(&[".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]),
            "plus",
        )
        .unwrap();
        assert_eq!(d.board.len(), 21);
        assert_eq!(
            d.board.spec(),
            "ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo"
        );
        assert_eq!(d.twin, None);
        let unnamed = Board::from_cells(Lattice::Square, &grid(&["ooo"]), " ").unwrap();
        assert_eq!(unnamed.board.spec(), "ascii:ooo");
        assert_eq!(
            unnamed.twin,
            Some(Twin {
                name: "row:3".into(),
                turned: false
            })
        );
    }

    #[test]
    fn a_staggered_triangle_is_the_catalogue_triangle_with_its_tables() {
        // rows staggered, odd rows half a cell right: the 15-hole triangle, apex up
        let t = grid(&["..o..", ".oo..", ".ooo.", "oooo.", "ooooo"]);
        let d = Board::from_cells(Lattice::Triangular, &t, "").unwrap();
        let cat = Board::by_name("triangle5").unwrap();
        assert_eq!(d.board.geometry_id(), cat.geometry_id());
        assert_eq!(
            d.twin,
            Some(Twin {
                name: "triangle5".into(),
                turned: false
            })
        );
        assert!(d.board.spec().starts_with("ascii-tri:"));
        assert!(!crate::shipped::tables_for(&d.board).unwrap().is_empty());
        // the same triangle upside down is turned to stand as the catalogue's
        let down = grid(&["ooooo", "oooo.", ".ooo.", ".oo..", "..o.."]);
        let d = Board::from_cells(Lattice::Triangular, &down, "v").unwrap();
        assert_eq!(d.board.geometry_id(), cat.geometry_id());
        assert_eq!(d.board.name(), "v");
        assert!(d.twin.is_some_and(|t| t.turned && t.name == "triangle5"));
    }

    #[test]
    fn every_catalogue_board_that_fits_comes_back_from_its_cells() {
        for name in CATALOGUE.iter().map(|n| n.replace("row:L", "row:9")) {
            let b = Board::by_name(&name).unwrap();
            let cells = b.cells().unwrap();
            let d = Board::from_cells(b.lattice(), &cells, "").unwrap();
            assert_eq!(d.board.geometry_id(), b.geometry_id(), "{name}");
            assert_eq!(
                d.twin.map(|t| (t.name, t.turned)),
                Some((name.clone(), false))
            );
        }
        // a column is a row turned
        let col = Board::from_cells(Lattice::Square, &grid(&["o", "o", "o", "o"]), "").unwrap();
        assert_eq!(col.board.spec(), "ascii:oooo");
        assert!(col.twin.is_some_and(|t| t.turned && t.name == "row:4"));
    }

    #[test]
    fn each_bad_drawing_is_refused_with_its_code_and_value() {
        let sq = |rows: &[&str], name: &str| Board::from_cells(Lattice::Square, &grid(rows), name);
        let e = sq(&["oo"], "").unwrap_err();
        assert_eq!((e.code(), e.value()), ("too-few-holes", "2".to_string()));
        let e = sq(&[], "").unwrap_err();
        assert_eq!((e.code(), e.value()), ("too-few-holes", "0".to_string()));
        let full = vec!["oooooooooooo"; 12];
        let e = sq(&full, "").unwrap_err();
        assert_eq!((e.code(), e.value()), ("too-many-holes", "144".to_string()));
        let e = sq(&["o.o.o", ".....", "o.o.o"], "").unwrap_err();
        assert_eq!((e.code(), e.param()), ("no-jump", "holes"));
        let e = sq(&["ooo"], "a/b").unwrap_err();
        assert_eq!((e.code(), e.value()), ("bad-name", "a/b".to_string()));
        assert!(
            e.to_string()
                .contains("'/' can't be in a name (it separates the rows of a board's link)"),
            "{e}"
        );
        let e = sq(&["ooo"], "my board").unwrap_err();
        assert_eq!(e.code(), "bad-name");
        assert!(sq(&["ooo"], &"n".repeat(41)).is_err());
        let wide = vec!["ooo.........."];
        let e = sq(&wide, "").unwrap_err();
        assert_eq!((e.code(), e.value()), ("too-big", "1x13".to_string()));
        let e = lattice_named("hex").unwrap_err();
        assert_eq!((e.code(), e.value()), ("bad-lattice", "hex".to_string()));
        let e = Board::by_name("row:20")
            .map_err(DrawingError::Board)
            .and_then(|b| b.cells())
            .unwrap_err();
        assert_eq!((e.code(), e.value()), ("too-big", "1x20".to_string()));
    }
}
