//! Hole names: column letter plus row number from the top-left (`d4`), and MPMP's reading-order
//! numbers 1..N as input.

use super::{Board, Hole};
use crate::error::{Error, InputError, Result};

impl Board {
    /// Name of hole `k`.
    pub fn hole_name(&self, k: u8) -> &str {
        &self.holes[k as usize].name
    }

    /// Finds a hole by name (`d4`, case-insensitive) or by its 1-based reading-order number.
    pub fn hole(&self, text: &str) -> Result<u8> {
        let t = text.trim().to_ascii_lowercase();
        let unknown = || -> Error {
            InputError::UnknownHole {
                board: self.name.clone(),
                hole: text.to_string(),
            }
            .into()
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
}

/// Holes for points already in reading order, shifted so the top-left is (0, 0), and named.
pub(super) fn named_holes(pts: &[(i32, i32)]) -> Vec<Hole> {
    let minx = pts.iter().map(|p| p.0).min().unwrap_or(0);
    let miny = pts.iter().map(|p| p.1).min().unwrap_or(0);
    pts.iter()
        .map(|&(x, y)| Hole {
            x: x - minx,
            y: y - miny,
            name: format!("{}{}", column_letters((x - minx) as usize), y - miny + 1),
        })
        .collect()
}

/// Column letters: a..z, then aa, ab, ...
fn column_letters(mut x: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(char::from(b'a' + (x % 26) as u8));
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    s.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(matches!(
            t.hole("f5"),
            Err(Error::Input(InputError::UnknownHole { .. }))
        ));
        assert!(matches!(
            t.hole("16"),
            Err(Error::Input(InputError::UnknownHole { .. }))
        ));
    }

    #[test]
    fn column_letters_go_past_z() {
        assert_eq!(column_letters(0), "a");
        assert_eq!(column_letters(25), "z");
        assert_eq!(column_letters(26), "aa");
        assert_eq!(column_letters(27), "ab");
    }
}
