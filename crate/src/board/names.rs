//! Hole names: column letter plus row number from the top-left (`d4`), and MPMP's reading-order
//! numbers 1..N as input.

use std::fmt;
use std::str::FromStr;

use super::{Board, Hole};
use crate::error::{Error, InputError, NotationError, Result};

/// A hole as notation writes it, before any board is asked whether it has it: a name (`d4`:
/// column letter, row number from the top-left) or MPMP's reading-order number (`17`).
/// Reading is case-insensitive and trims spaces; writing gives the lowercase name or the
/// number, which reads back to the same value.
///
/// ```
/// use pegwise::board::{Board, HoleRef};
/// let d4: HoleRef = "D4".parse()?;
/// assert_eq!(d4, HoleRef::Name { column: 3, row: 4 });
/// assert_eq!(d4.to_string(), "d4");
/// assert_eq!("17".parse::<HoleRef>()?, HoleRef::Number(17));
/// assert!("4d".parse::<HoleRef>().is_err());
/// // a board resolves it: both name the English board's centre
/// let english = Board::by_name("english")?;
/// assert_eq!(english.find_hole(d4), Some(16));
/// assert_eq!(english.find_hole(HoleRef::Number(17)), Some(16));
/// assert_eq!(english.find_hole("a1".parse()?), None); // a corner the cross leaves out
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HoleRef {
    /// A name: the column (0 for `a`, 26 for `aa`) and the row (1 at the top).
    Name {
        /// Column from the left, 0 for `a`.
        column: u32,
        /// Row from the top, 1 for the first.
        row: u32,
    },
    /// MPMP's reading-order number, 1 for the first hole.
    Number(u32),
}

impl FromStr for HoleRef {
    type Err = NotationError;

    fn from_str(text: &str) -> std::result::Result<HoleRef, NotationError> {
        // byte by byte, without a copy or `str::parse`: this is in the page's wasm
        let bad = || NotationError::BadHole(text.to_string());
        let t = text.trim().as_bytes();
        let letters = t.iter().take_while(|c| c.is_ascii_alphabetic()).count();
        let (head, digits) = t.split_at_checked(letters).ok_or_else(bad)?;
        // a number: digits alone; a row is written without leading zeros, as hole names are
        // (`d4`, never `d04`)
        if digits.is_empty() || (!head.is_empty() && digits[0] == b'0') {
            return Err(bad());
        }
        let number = digits
            .iter()
            .try_fold(0u32, |v, &c| {
                let d = c.is_ascii_digit().then(|| u32::from(c - b'0'))?;
                v.checked_mul(10)?.checked_add(d)
            })
            .ok_or_else(bad)?;
        if head.is_empty() {
            return Ok(HoleRef::Number(number));
        }
        // column letters count in bijective base 26: a..z, aa, ab, …
        let column = head
            .iter()
            .try_fold(0u32, |v, &c| {
                v.checked_mul(26)?
                    .checked_add(u32::from(c.to_ascii_lowercase() - b'a') + 1)
            })
            .ok_or_else(bad)?;
        Ok(HoleRef::Name {
            column: column - 1,
            row: number,
        })
    }
}

impl fmt::Display for HoleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HoleRef::Name { column, row } => write!(f, "{}{row}", column_letters(column as usize)),
            HoleRef::Number(n) => write!(f, "{n}"),
        }
    }
}

impl Board {
    /// Name of hole `k`.
    pub fn hole_name(&self, k: u8) -> &str {
        &self.holes[k as usize].name
    }

    /// Hole `k` as notation writes it (its name).
    pub fn hole_ref(&self, k: u8) -> HoleRef {
        let h = &self.holes[k as usize];
        HoleRef::Name {
            column: h.x as u32,
            row: h.y as u32 + 1,
        }
    }

    /// The hole a reference names on this board, if it has it.
    pub fn find_hole(&self, r: HoleRef) -> Option<u8> {
        match r {
            HoleRef::Number(n) => (1..=self.len() as u32).contains(&n).then(|| (n - 1) as u8),
            HoleRef::Name { column, row } => self
                .holes
                .iter()
                .position(|h| h.x as u32 == column && h.y as u32 + 1 == row)
                .map(|k| k as u8),
        }
    }

    /// Finds a hole by name (`d4`, case-insensitive) or by its 1-based reading-order number:
    /// [`HoleRef`]'s reading, then [`Board::find_hole`]. The error names the text as given.
    ///
    /// ```
    /// use pegwise::Board;
    /// let t = Board::by_name("triangle5")?;
    /// assert_eq!(t.hole("a1")?, 0);
    /// assert_eq!(t.hole("c3")?, 5);
    /// assert_eq!(t.hole("6")?, 5);
    /// assert_eq!(t.hole_name(5), "c3");
    /// let e = t.hole("f5").unwrap_err();
    /// assert_eq!((e.kind(), e.to_string().as_str()), ("unknown-hole", "board 'triangle5' has no hole 'f5'"));
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn hole(&self, text: &str) -> Result<u8> {
        // the board's own names, compared as written (no HoleRef in between: this is the page's
        // wasm path, and a test holds the two readings to one answer)
        let t = text.trim().to_ascii_lowercase();
        let unknown = || -> Error {
            InputError::UnknownHole {
                board: self.name.clone(),
                hole: text.to_string(),
            }
            .into()
        };
        if !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()) {
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

    #[test]
    fn hole_refs_round_trip_and_match_the_names() {
        for text in ["a1", "z9", "aa3", "ab12", "zz100", "7", "64"] {
            let r: HoleRef = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
        }
        for bad in ["", "d", "4d", "d04", "d0x", "d-4", "é4", "zzzzzzzzzzzzzzz1"] {
            assert!(bad.parse::<HoleRef>().is_err(), "{bad}");
        }
        // every hole's name reads back to the hole, on both lattices
        for name in ["english", "triangle5", "row:7", "wiegleb"] {
            let b = Board::by_name(name).unwrap();
            for k in 0..b.len() as u8 {
                assert_eq!(b.hole_ref(k).to_string(), b.hole_name(k));
                assert_eq!(b.find_hole(b.hole_name(k).parse().unwrap()), Some(k));
            }
        }
    }
}
