//! Board geometry: holes, lattice, jump lines, hole names, ASCII boards and the catalogue.
//!
//! Holes are numbered in reading order (rows top to bottom, left to right), so bit k of a
//! position code is hole k (Bell's code). Triangular boards use left-aligned (skew)
//! coordinates: the six neighbours of (x, y) are (x±1, y), (x, y±1) and (x±1, y±1).
//!
//! One job a file: `catalogue` names boards (`by_name`, `spec`), `ascii` reads and draws
//! them, `geometry` finds jump lines and coordinates, `group` finds the symmetries, `names`
//! names holes.

mod ascii;
mod catalogue;
mod geometry;
mod group;
mod names;

pub use catalogue::{family_label, CATALOGUE};
pub use names::HoleRef;

use crate::error::{BoardWhy, InputError, Result};

/// The lattice a board lives on; it fixes the jump directions and the possible symmetries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lattice {
    /// Square grid, jumps along rows and columns.
    Square,
    /// Triangular grid (skew coordinates), jumps in six directions.
    Triangular,
}

impl Lattice {
    /// Unit steps a jump can take.
    pub fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Lattice::Square => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Lattice::Triangular => &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)],
        }
    }
}

/// One hole of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hole {
    /// Lattice column (skew column on triangular boards), 0 at the leftmost hole.
    pub x: i32,
    /// Row, 0 at the top.
    pub y: i32,
    /// Name such as `d4` (column letter, row number from the top-left).
    pub name: String,
}

/// A jump line: a peg on `from` jumps over `over` into the empty hole `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Hole the jumping peg leaves.
    pub from: u8,
    /// Hole whose peg is removed.
    pub over: u8,
    /// Hole the peg lands in.
    pub to: u8,
}

impl Jump {
    /// Bits of the three holes.
    #[inline]
    pub fn mask(self) -> u64 {
        bit(self.from) | bit(self.over) | bit(self.to)
    }
    /// Bits that must hold pegs before the jump.
    #[inline]
    pub fn before(self) -> u64 {
        bit(self.from) | bit(self.over)
    }
}

/// Bit of hole `k`.
#[inline]
pub fn bit(k: u8) -> u64 {
    1u64 << k
}

/// Where a board came from; `spec` needs it because a drawn board may carry a catalogue name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A catalogue shape, named by its catalogue name.
    Catalogue,
    /// `row:L`.
    Row,
    /// Anything else: drawn in ASCII or built from points.
    Drawn,
}

/// A board: holes in reading order, its jump lines and its symmetry group.
///
/// ```
/// use pegwise::Board;
/// let t = Board::by_name("triangle5")?;
/// assert_eq!((t.len(), t.full()), (15, 0x7fff));
/// // 3 jumps in each of 6 directions along each of the triangle's rows of 3 or more holes
/// assert_eq!(t.jumps().len(), 36);
/// assert_eq!(t.symmetries().len(), 6);
/// // the apex's two jumps land on a3 and c3
/// let to: Vec<&str> = t.jumps_from(0).map(|j| t.hole_name(j.to)).collect();
/// assert_eq!(to, ["a3", "c3"]);
/// # Ok::<(), pegwise::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Board {
    name: String,
    origin: Origin,
    lattice: Lattice,
    holes: Vec<Hole>,
    jumps: Vec<Jump>,
    symmetries: Vec<Vec<u8>>,
    /// Jumps grouped by their `from` hole.
    jumps_from: Vec<Vec<u16>>,
}

impl Board {
    /// Builds a board from hole coordinates; sorts them into reading order and names them.
    /// Refuses a board on which no jump can be made ([`InputError::NoJump`]).
    pub fn from_points(name: &str, lattice: Lattice, points: &[(i32, i32)]) -> Result<Board> {
        if points.is_empty() {
            return Err(BoardWhy::NoHoles(name.to_string()).into());
        }
        if points.len() > 64 {
            return Err(BoardWhy::TooManyHoles {
                name: name.to_string(),
                holes: points.len(),
            }
            .into());
        }
        let mut pts: Vec<(i32, i32)> = points.to_vec();
        crate::small_sort::sort_by_key(&mut pts, |&(x, y)| (y, x));
        pts.dedup();
        if pts.len() != points.len() {
            return Err(BoardWhy::HoleTwice(name.to_string()).into());
        }
        let holes = names::named_holes(&pts);
        let jumps = geometry::jump_lines(lattice, &holes);
        // the one rule for every way in (a link, the CLI, the editor): a game needs a jump
        if jumps.is_empty() {
            return Err(InputError::NoJump(name.to_string()).into());
        }
        let mut jumps_from = vec![Vec::new(); holes.len()];
        for (i, j) in jumps.iter().enumerate() {
            jumps_from[j.from as usize].push(i as u16);
        }
        let coords: Vec<(i32, i32)> = holes.iter().map(|h| (h.x, h.y)).collect();
        let symmetries = group::group_of(lattice, &coords);
        Ok(Board {
            name: name.to_string(),
            origin: Origin::Drawn,
            lattice,
            holes,
            jumps,
            symmetries,
            jumps_from,
        })
    }

    /// The board's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// True when every hole lies in one row (a 1-D board such as `row:L`).
    pub fn is_one_row(&self) -> bool {
        self.holes.windows(2).all(|w| w[0].y == w[1].y)
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }
    /// Number of holes, N.
    pub fn len(&self) -> usize {
        self.holes.len()
    }
    /// True if the board has no holes (never, for a built board).
    pub fn is_empty(&self) -> bool {
        self.holes.is_empty()
    }
    /// The holes in reading order.
    pub fn holes(&self) -> &[Hole] {
        &self.holes
    }
    /// Every jump line.
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }
    /// Indices into `jumps()` of the jumps leaving hole `k`.
    pub fn jumps_from(&self, k: u8) -> impl Iterator<Item = Jump> + '_ {
        self.jumps_from[k as usize]
            .iter()
            .map(move |&i| self.jumps[i as usize])
    }
    /// The symmetry group as permutations of hole indices (the identity first).
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }
    /// Code with a peg in every hole.
    pub fn full(&self) -> u64 {
        if self.holes.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.holes.len()) - 1
        }
    }
    /// The jump from `from` to `to`, if such a jump line exists.
    ///
    /// ```
    /// use pegwise::Board;
    /// let b = Board::by_name("english")?;
    /// let (d2, d3, d4) = (b.hole("d2")?, b.hole("d3")?, b.hole("d4")?);
    /// let j = b.jump_between(d2, d4).expect("d2-d4 is a jump line");
    /// assert_eq!(j.over, d3);
    /// assert_eq!(j.mask().count_ones(), 3);
    /// assert_eq!(b.jump_between(d2, d3), None); // neighbours: no hole to jump over
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn jump_between(&self, from: u8, to: u8) -> Option<Jump> {
        self.jumps_from(from).find(|j| j.to == to)
    }
}

// The board editor's rules (`drawn` reads a grid of cells; `crate::describe`, above the game,
// says what such a board plays like): in the native crate and the Analysis wasm, never in the
// game's wasm. Unused
// there, they would still cost it bytes (LLVM inlines differently with them around); declared
// last, so the lines of the code above, which panic locations carry, stay as they were.
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
mod drawn;
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
pub use drawn::{
    catalogue_twin, checked_name, lattice_named, DrawingError, Drawn, NameWhy, Twin, MAX_HOLES,
    MAX_SIDE, MIN_HOLES,
};
