//! ASCII boards: reading a drawing (`Board::parse_ascii`) and drawing a board or a position.

use super::{Board, Lattice};
use crate::error::{BoardWhy, Result};

impl Board {
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
                    other => return Err(BoardWhy::UnknownLattice(other.to_string()).into()),
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
                    return Err(BoardWhy::BadName(v.to_string()).into());
                }
                name = v.to_string();
                continue;
            }
            rows.push(line);
        }
        // One slice, not a remove(0) per blank line: that was quadratic in the blank lines.
        let blank = |r: &&str| r.trim().is_empty();
        let first = rows.iter().position(|r| !blank(r)).unwrap_or(rows.len());
        let last = rows
            .iter()
            .rposition(|r| !blank(r))
            .map_or(first, |i| i + 1);
        let rows = &rows[first..last];
        let mut pts = Vec::new();
        let mut parity: Option<i32> = None;
        for (y, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    'o' | 'O' | 'x' | 'X' | '*' | '.' => {}
                    ' ' | '-' | '_' | '\t' | '\r' => continue,
                    other => {
                        return Err(BoardWhy::UnexpectedCharacter {
                            ch: other,
                            line: y + 1,
                            column: c + 1,
                        }
                        .into())
                    }
                }
                let (y, c) = (y as i32, c as i32);
                match lattice {
                    Lattice::Square => pts.push((c, y)),
                    Lattice::Triangular => {
                        let p = (c + y).rem_euclid(2);
                        if *parity.get_or_insert(p) != p {
                            return Err(BoardWhy::OffGrid {
                                line: y + 1,
                                column: c + 1,
                            }
                            .into());
                        }
                        pts.push(((c + y - p) / 2, y));
                    }
                }
            }
        }
        if pts.len() < 3 {
            return Err(BoardWhy::TooFewHoles(pts.len()).into());
        }
        Board::from_points(&name, lattice, &pts)
    }

    /// Draws a position in the notation of `--position` and of a start position: `X` for a peg,
    /// `o` for an empty hole (so the drawing is also the board's ASCII shape).
    pub fn render(&self, code: u64) -> String {
        let mut out = String::new();
        for line in self.rows(|k| if code >> k & 1 == 1 { 'X' } else { 'o' }, ' ') {
            out += &line;
            out.push('\n');
        }
        out
    }

    /// The board drawn as `parse_ascii` reads it: `o` for a hole, `-` for a gap, one string a row.
    pub(super) fn drawing(&self) -> Vec<String> {
        self.rows(|_| 'o', '-')
    }

    /// One string per row, each hole drawn by `cell(k)` and gaps by `gap`; triangular rows are
    /// staggered with holes two characters apart. Rows end at their last hole.
    fn rows(&self, cell: impl Fn(usize) -> char, gap: char) -> Vec<String> {
        let cells: Vec<(i32, i32, char)> = self
            .holes
            .iter()
            .enumerate()
            .map(|(k, h)| match self.lattice {
                Lattice::Square => (h.x, h.y, cell(k)),
                Lattice::Triangular => (2 * h.x - h.y, h.y, cell(k)),
            })
            .collect();
        let minc = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let rows = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let mut lines: Vec<Vec<char>> = vec![Vec::new(); rows as usize];
        for &(cx, cy, ch) in &cells {
            let (line, col) = (&mut lines[cy as usize], (cx - minc) as usize);
            if line.len() <= col {
                line.resize(col + 1, gap);
            }
            line[col] = ch;
        }
        lines.into_iter().map(String::from_iter).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Error, InputError};

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
        let t3 = [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)];
        assert_eq!(
            t.geometry_id(),
            Board::from_points("t3", Lattice::Triangular, &t3)
                .unwrap()
                .geometry_id()
        );
        assert_eq!(t.symmetries().len(), 6);
        assert!(matches!(
            Board::by_name("ascii-tri:  o/ oo"),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
        assert!(matches!(
            Board::by_name("ascii:o?o"),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
        // holes with no three in a line: no jump, whichever way the board comes in
        for text in ["ascii:o-o-o", "ascii:oo/oo", "ascii-tri:  o/ o o"] {
            let e = Board::by_name(text).unwrap_err();
            assert_eq!(e.kind(), "no-jump", "{text}: {e}");
        }
        assert!(matches!(
            Board::by_name("ascii:o"),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
        let rows = "o".repeat(65);
        assert!(matches!(
            Board::by_name(&format!("ascii:{rows}")),
            Err(Error::Input(InputError::BadBoard(_)))
        ));
    }

    #[test]
    fn many_blank_lines_around_a_board_are_skipped() {
        let blanks = "\n  \n".repeat(100_000);
        let text = format!("{blanks}ooo\no o\nooo{blanks}");
        let b = Board::parse_ascii("ring", Lattice::Square, &text).unwrap();
        assert_eq!(b.len(), 8);
        assert_eq!(b.hole_name(0), "a1");
        assert_eq!(b.spec(), "ascii:name:ring/ooo/o-o/ooo");
        let none = Board::parse_ascii("blank", Lattice::Square, &blanks);
        assert!(matches!(none, Err(Error::Input(InputError::BadBoard(_)))));
    }

    #[test]
    fn render_draws_pegs_and_holes() {
        let e = Board::by_name("english").unwrap();
        let full = e.render(e.full() ^ (1 << 16));
        assert_eq!(full.lines().nth(3), Some("XXXoXXX"));
        assert_eq!(full.lines().next(), Some("  XXX"));
        let t = Board::by_name("triangle4").unwrap();
        assert_eq!(t.render(t.full() - 1), "   o\n  X X\n X X X\nX X X X\n");
        // the drawing reads back as the board itself
        let drawn = Board::parse_ascii("d", crate::Lattice::Square, &full).unwrap();
        assert_eq!(drawn.geometry_id(), e.geometry_id());
    }
}
