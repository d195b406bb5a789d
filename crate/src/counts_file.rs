//! Precomputed answers for the early positions of one problem: for every winning position with
//! at least `lowest` pegs, its number of jump sequences to the goal and its fewest moves left
//! (a move: a chain of jumps by one peg). Counting live from the first positions of the
//! English central game takes seconds; a lookup here takes microseconds, and later positions
//! (fewer pegs) are quick to count live.
//!
//! The file (`<table stem>.pgc`, little-endian): magic `PEGWISEC`, format version (u16),
//! geometry id (u64), holes (u8), start set (u64), goal set (u64), lowest pegs (u8), entry
//! count (u32), then per entry, by canonical code ascending: the code's gap from the previous
//! one, its count and its fewest moves, each a LEB128 varint. Last, a CRC-32 of everything
//! before it. Codes are canonical under the problem's group (which keeps the goal, so a count
//! is a property of the canonical position). The builder's output is a pure function of the
//! problem, so a rebuild is byte-identical (pinned by SHA-256 in `data/MANIFEST`).

use crate::codec::Reader;
use crate::crc::crc32;
use crate::error::{Error, Fault, Part, Result};
use crate::position;
use crate::problem::Problem;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"PEGWISEC";
/// The format version this build reads and writes.
pub const VERSION: u16 = 1;

/// Count and fewest moves of one winning position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Distinct jump sequences to the goal.
    pub count: u64,
    /// Fewest moves to the goal.
    pub fewest: u8,
}

/// The decoded file: the answers for every winning position with at least `lowest` pegs.
#[derive(Debug, Clone)]
pub struct Counts {
    /// The board's geometry id.
    pub geometry: u64,
    /// Number of holes.
    pub holes: u8,
    /// Holes that may be the initial vacancy.
    pub start_set: u64,
    /// Holes the last peg may end in.
    pub goal_set: u64,
    /// Positions with fewer pegs are not covered.
    pub lowest: u8,
    codes: Vec<u64>,
    entries: Vec<Entry>,
}

impl Counts {
    /// Does this file answer for `problem` (same board, start set and goal set)?
    pub fn serves(&self, problem: &Problem) -> bool {
        self.geometry == problem.board.geometry_id()
            && usize::from(self.holes) == problem.board.len()
            && self.start_set == problem.start_set()
            && self.goal_set == problem.goal_set()
    }

    /// Number of positions stored.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// True when no position is stored.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The answers for a position of a problem this file serves, by its canonical code under
    /// that problem's group. None when it is not stored: too few pegs, or not a winning
    /// position reached from a start (an edited position may still be winning, so None never
    /// means lost: the caller asks its live path).
    pub fn find(&self, canonical: u64) -> Option<Entry> {
        let i = self.codes.binary_search(&canonical).ok()?;
        self.entries.get(i).copied()
    }

    /// Reads a file, refusing one that fails a check (typed error naming what is wrong, in
    /// the counts file: a field cut short says so too).
    pub fn decode(bytes: &[u8]) -> Result<Counts> {
        Counts::read(bytes).map_err(|e| e.within(Part::Counts))
    }

    fn read(bytes: &[u8]) -> Result<Counts> {
        let bad = |fault: Fault| Error::from(fault.at(Part::Counts));
        let (body, tail) = bytes
            .split_at_checked(bytes.len().saturating_sub(4))
            .filter(|(_, t)| t.len() == 4)
            .ok_or_else(|| bad(Fault::CountsShort(bytes.len())))?;
        let want = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        if crc32(body) != want {
            return Err(bad(Fault::Crc));
        }
        let mut r = Reader::new(body);
        if r.take(8)? != MAGIC {
            return Err(bad(Fault::NotCounts));
        }
        let version = r.u16()?;
        if version != VERSION {
            return Err(bad(Fault::Version {
                found: version,
                reads: VERSION,
            }));
        }
        let geometry = r.u64()?;
        let holes = r.u8()?;
        let start_set = r.u64()?;
        let goal_set = r.u64()?;
        let lowest = r.u8()?;
        let n = r.u32()? as usize;
        // each entry takes at least three bytes: refuse a count the bytes can't hold
        if n > r.remaining() / 3 {
            return Err(bad(Fault::Entries {
                entries: n,
                bytes: r.remaining(),
            }));
        }
        let (mut codes, mut entries) = (Vec::with_capacity(n), Vec::with_capacity(n));
        let mut code = 0u64;
        for i in 0..n {
            let gap = varint(&mut r)?;
            code = code
                .checked_add(gap)
                .filter(|&c| (gap > 0 || i == 0) && position::pegs(c) >= u32::from(lowest))
                .ok_or_else(|| bad(Fault::CodeGap { entry: i, gap }))?;
            let count = varint(&mut r)?;
            let fewest = u8::try_from(varint(&mut r)?).map_err(|_| bad(Fault::Fewest(i)))?;
            codes.push(code);
            entries.push(Entry { count, fewest });
        }
        if r.remaining() != 0 {
            return Err(bad(Fault::AfterLast(r.remaining())));
        }
        Ok(Counts {
            geometry,
            holes,
            start_set,
            goal_set,
            lowest,
            codes,
            entries,
        })
    }

    /// Every stored position (canonical code) with its answers, by code.
    pub fn iter(&self) -> impl Iterator<Item = (u64, Entry)> + '_ {
        self.codes.iter().copied().zip(self.entries.iter().copied())
    }
}

/// A LEB128 varint (at most ten bytes, fitting a u64).
fn varint(r: &mut Reader) -> Result<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = r.u8()?;
        let part = u64::from(b & 0x7f);
        if shift == 63 && part > 1 {
            break;
        }
        v |= part << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(Error::from(Fault::VarintLong.at(Part::Counts)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_cut_short_is_a_fault_of_the_counts_file() {
        // the check sum holds, but the file ends inside its head
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&crc32(&bytes).to_le_bytes());
        let e = Counts::decode(&bytes).unwrap_err().to_string();
        assert!(e.contains("counts file: "), "{e}");
    }
}
