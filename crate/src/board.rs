//! Board geometry: holes, lattice, jump lines, hole names, ASCII boards and the catalogue.
//!
//! Holes are numbered in reading order (rows top to bottom, left to right), so bit k of a
//! position code is hole k (Bell's code). Triangular boards use left-aligned (skew)
//! coordinates: the six neighbours of (x, y) are (x±1, y), (x, y±1) and (x±1, y±1).

use crate::error::{Error, Result};
use crate::symmetry;

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

/// A board: holes in reading order, its jump lines and its symmetry group.
#[derive(Debug, Clone)]
pub struct Board {
    name: String,
    lattice: Lattice,
    holes: Vec<Hole>,
    jumps: Vec<Jump>,
    symmetries: Vec<Vec<u8>>,
    /// Jumps grouped by their `from` hole.
    jumps_from: Vec<Vec<u16>>,
}

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

impl Board {
    /// Builds a board from hole coordinates; sorts them into reading order and names them.
    pub fn from_points(name: &str, lattice: Lattice, points: &[(i32, i32)]) -> Result<Board> {
        if points.is_empty() {
            return Err(Error::BadBoard(format!("board '{name}' has no holes")));
        }
        if points.len() > 64 {
            return Err(Error::BadBoard(format!(
                "board '{name}' has {} holes; at most 64 fit a position code",
                points.len()
            )));
        }
        let mut pts: Vec<(i32, i32)> = points.to_vec();
        pts.sort_by_key(|&(x, y)| (y, x));
        pts.dedup();
        if pts.len() != points.len() {
            return Err(Error::BadBoard(format!(
                "board '{name}' lists a hole twice"
            )));
        }
        let minx = pts.iter().map(|p| p.0).min().unwrap_or(0);
        let miny = pts.iter().map(|p| p.1).min().unwrap_or(0);
        let holes: Vec<Hole> = pts
            .iter()
            .map(|&(x, y)| Hole {
                x: x - minx,
                y: y - miny,
                name: format!("{}{}", column_letters((x - minx) as usize), y - miny + 1),
            })
            .collect();
        let index = |x: i32, y: i32| holes.iter().position(|h| h.x == x && h.y == y);
        let mut jumps = Vec::new();
        for (a, h) in holes.iter().enumerate() {
            for &(dx, dy) in lattice.directions() {
                if let (Some(b), Some(c)) =
                    (index(h.x + dx, h.y + dy), index(h.x + 2 * dx, h.y + 2 * dy))
                {
                    jumps.push(Jump {
                        from: a as u8,
                        over: b as u8,
                        to: c as u8,
                    });
                }
            }
        }
        let mut jumps_from = vec![Vec::new(); holes.len()];
        for (i, j) in jumps.iter().enumerate() {
            jumps_from[j.from as usize].push(i as u16);
        }
        let coords: Vec<(i32, i32)> = holes.iter().map(|h| (h.x, h.y)).collect();
        let symmetries = symmetry::group_of(lattice, &coords);
        Ok(Board {
            name: name.to_string(),
            lattice,
            holes,
            jumps,
            symmetries,
            jumps_from,
        })
    }

    /// Looks a board up by name: a catalogue name, `row:L`, or `ascii:`/`ascii-tri:` text.
    pub fn by_name(name: &str) -> Result<Board> {
        let name = name.trim();
        if let Some(text) = name.strip_prefix("ascii:") {
            return Board::parse_ascii("custom", Lattice::Square, &text.replace('/', "\n"));
        }
        if let Some(text) = name.strip_prefix("ascii-tri:") {
            return Board::parse_ascii("custom", Lattice::Triangular, &text.replace('/', "\n"));
        }
        if let Some(len) = name.strip_prefix("row:") {
            let bad = || {
                Error::BadBoard(format!(
                    "'{name}': a row board has 3 to 64 holes, e.g. row:9"
                ))
            };
            let l: usize = len.parse().map_err(|_| bad())?;
            if !(3..=64).contains(&l) {
                return Err(bad());
            }
            let pts: Vec<(i32, i32)> = (0..l as i32).map(|x| (x, 0)).collect();
            return Board::from_points(name, Lattice::Square, &pts);
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
            _ => return Err(Error::UnknownBoard(name.to_string())),
        };
        Board::from_points(name, lattice, &pts)
    }

    /// Reads a board drawn in ASCII. Lines starting with `#` are comments; a line
    /// `lattice: triangle` (or `square`) picks the lattice and `name: X` names the board.
    /// On the square lattice each character is one cell; on the triangular lattice rows are
    /// staggered with holes two characters apart. `o`, `x`, `*` and `.` are holes; space,
    /// `-` and `_` are not.
    pub fn parse_ascii(default_name: &str, default_lattice: Lattice, text: &str) -> Result<Board> {
        let mut lattice = default_lattice;
        let mut name = default_name.to_string();
        let mut rows: Vec<&str> = Vec::new();
        for line in text.lines() {
            let t = line.trim();
            if t.starts_with('#') {
                continue;
            }
            if let Some(v) = t.strip_prefix("lattice:") {
                lattice = match v.trim() {
                    "square" => Lattice::Square,
                    "triangle" | "triangular" => Lattice::Triangular,
                    other => {
                        return Err(Error::BadBoard(format!(
                            "unknown lattice '{other}' (square or triangle)"
                        )))
                    }
                };
                continue;
            }
            if let Some(v) = t.strip_prefix("name:") {
                let v = v.trim();
                if v.is_empty()
                    || v.len() > 40
                    || !v
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                {
                    return Err(Error::BadBoard(format!(
                        "bad board name '{v}' (letters, digits, - and _, up to 40)"
                    )));
                }
                name = v.to_string();
                continue;
            }
            rows.push(line);
        }
        while rows.first().is_some_and(|r| r.trim().is_empty()) {
            rows.remove(0);
        }
        while rows.last().is_some_and(|r| r.trim().is_empty()) {
            rows.pop();
        }
        let mut pts = Vec::new();
        let mut parity: Option<i32> = None;
        for (y, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    'o' | 'O' | 'x' | 'X' | '*' | '.' => {}
                    ' ' | '-' | '_' | '\t' | '\r' => continue,
                    other => {
                        return Err(Error::BadBoard(format!(
                            "unexpected character '{other}' at line {} column {} (holes are o x * ., gaps are space - _)",
                            y + 1,
                            c + 1
                        )))
                    }
                }
                let (y, c) = (y as i32, c as i32);
                match lattice {
                    Lattice::Square => pts.push((c, y)),
                    Lattice::Triangular => {
                        let p = (c + y).rem_euclid(2);
                        if *parity.get_or_insert(p) != p {
                            return Err(Error::BadBoard(format!(
                                "hole at line {} column {} is off the triangular grid (rows are staggered, holes two columns apart)",
                                y + 1,
                                c + 1
                            )));
                        }
                        pts.push(((c + y - p) / 2, y));
                    }
                }
            }
        }
        if pts.len() < 3 {
            return Err(Error::BadBoard(format!(
                "a board needs at least 3 holes, this one has {}",
                pts.len()
            )));
        }
        Board::from_points(&name, lattice, &pts)
    }

    /// The board's name.
    pub fn name(&self) -> &str {
        &self.name
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
    /// Name of hole `k`.
    pub fn hole_name(&self, k: u8) -> &str {
        &self.holes[k as usize].name
    }

    /// Finds a hole by name (`d4`, case-insensitive) or by its 1-based reading-order number.
    pub fn hole(&self, text: &str) -> Result<u8> {
        let t = text.trim().to_ascii_lowercase();
        let unknown = || Error::UnknownHole {
            board: self.name.clone(),
            hole: text.to_string(),
        };
        if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
            let n: usize = t.parse().map_err(|_| unknown())?;
            return if (1..=self.len()).contains(&n) {
                Ok((n - 1) as u8)
            } else {
                Err(unknown())
            };
        }
        self.holes
            .iter()
            .position(|h| h.name == t)
            .map(|k| k as u8)
            .ok_or_else(unknown)
    }

    /// The jump from `from` to `to`, if such a jump line exists.
    pub fn jump_between(&self, from: u8, to: u8) -> Option<Jump> {
        self.jumps_from(from).find(|j| j.to == to)
    }

    /// A stable 64-bit identity of the geometry (lattice and holes), stored in table files.
    pub fn geometry_id(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |v: i64| {
            for b in v.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.lattice as i64);
        for hole in &self.holes {
            eat(hole.x as i64);
            eat(hole.y as i64);
        }
        h
    }

    /// Display coordinates of hole `k` (unit spacing between neighbours; y grows downwards).
    pub fn display_xy(&self, k: u8) -> (f64, f64) {
        let h = &self.holes[k as usize];
        match self.lattice {
            Lattice::Square => (h.x as f64, h.y as f64),
            Lattice::Triangular => (
                h.x as f64 - h.y as f64 / 2.0,
                h.y as f64 * 3f64.sqrt() / 2.0,
            ),
        }
    }

    /// Draws a position: `o` for a peg, `.` for an empty hole.
    pub fn render(&self, code: u64) -> String {
        let cells: Vec<(i32, i32, char)> = self
            .holes
            .iter()
            .enumerate()
            .map(|(k, h)| {
                let c = if code >> k & 1 == 1 { 'o' } else { '.' };
                match self.lattice {
                    Lattice::Square => (h.x, h.y, c),
                    Lattice::Triangular => (2 * h.x - h.y, h.y, c),
                }
            })
            .collect();
        let minc = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let rows = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let mut out = String::new();
        for y in 0..rows {
            let mut line: Vec<char> = Vec::new();
            for &(cx, cy, ch) in cells.iter().filter(|c| c.1 == y) {
                let col = (cx - minc) as usize;
                if line.len() <= col {
                    line.resize(col + 1, ' ');
                }
                line[col] = ch;
                let _ = cy;
            }
            out.extend(line);
            out.push('\n');
        }
        out
    }
}

/// Column letters: a..z, then aa, ab, ...
fn column_letters(mut x: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (x % 26) as u8);
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    s.reverse();
    String::from_utf8_lossy(&s).into_owned()
}

fn triangle(side: i32) -> Vec<(i32, i32)> {
    (0..side)
        .flat_map(|y| (0..=y).map(move |x| (x, y)))
        .collect()
}

fn truncated(side: i32) -> Vec<(i32, i32)> {
    let corners = [(0, 0), (0, side - 1), (side - 1, side - 1)];
    triangle(side)
        .into_iter()
        .filter(|p| !corners.contains(p))
        .collect()
}

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
    fn names_follow_the_conventions() {
        let e = Board::by_name("english").unwrap();
        assert_eq!(e.hole("d4").unwrap(), 16);
        assert_eq!(e.hole("d1").unwrap(), 1);
        assert_eq!(e.hole("17").unwrap(), 16);
        let t = Board::by_name("triangle5").unwrap();
        let names: Vec<&str> = (0..15).map(|k| t.hole_name(k)).collect();
        assert_eq!(names[..6], ["a1", "a2", "b2", "a3", "b3", "c3"]);
        assert_eq!(names[14], "e5");
        assert!(matches!(t.hole("f5"), Err(Error::UnknownHole { .. })));
        assert!(matches!(t.hole("16"), Err(Error::UnknownHole { .. })));
    }

    #[test]
    fn ascii_boards_parse_and_reject() {
        let b = Board::by_name("ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--")
            .unwrap();
        assert_eq!(b.len(), 33);
        assert_eq!(
            b.geometry_id(),
            Board::by_name("english").unwrap().geometry_id()
        );
        let t = Board::by_name("ascii-tri:  o/ o o/o o o").unwrap();
        assert_eq!(
            t.geometry_id(),
            Board::from_points("t3", Lattice::Triangular, &triangle(3))
                .unwrap()
                .geometry_id()
        );
        assert_eq!(t.symmetries().len(), 6);
        assert!(matches!(
            Board::by_name("ascii-tri:  o/ oo"),
            Err(Error::BadBoard(_))
        ));
        assert!(matches!(
            Board::by_name("ascii:o?o"),
            Err(Error::BadBoard(_))
        ));
        assert!(matches!(Board::by_name("ascii:o"), Err(Error::BadBoard(_))));
        assert!(matches!(Board::by_name("row:2"), Err(Error::BadBoard(_))));
        assert!(matches!(
            Board::by_name("nope"),
            Err(Error::UnknownBoard(_))
        ));
        let rows = "o".repeat(65);
        assert!(matches!(
            Board::by_name(&format!("ascii:{rows}")),
            Err(Error::BadBoard(_))
        ));
    }
}
