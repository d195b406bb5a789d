//! The table file: the winning positions of one problem, by peg count, checked on load.
//!
//! Layout (little-endian): magic `PEGWISE\x1a`, format version (u16), board name (u8 length +
//! bytes), geometry id (u64), holes (u8), start set (u64), goal set (u64), flags (u8: bit 0 =
//! half table, W_n = complement(W_(N−n))), level count (u8), then per level: pegs (u8), codes
//! (u32), Rice parameter (u8), byte length (u32) and the data (see `codec`); last, a CRC-32 of
//! everything before it. Levels that are not stored are answered by search (see `hint`).

use crate::board::Board;
use crate::codec;
use crate::error::{Error, Result};
use crate::position;
use crate::solve::Solved;
use crate::symmetry::{self, Canon};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"PEGWISE\x1a";
/// The format version this build reads and writes.
pub const VERSION: u16 = 1;

/// Winning positions of one problem (canonical codes under the problem's group).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Board name.
    pub board: String,
    /// The board's geometry id.
    pub geometry: u64,
    /// Number of holes.
    pub holes: u8,
    /// Holes that may be the initial vacancy.
    pub start_set: u64,
    /// Holes the last peg may end in.
    pub goal_set: u64,
    /// Only n ≤ N/2 is stored; W_n = complement(W_(N−n)).
    pub half: bool,
    /// `levels[n]`: the sorted colex ranks (`codec::rank`) of the canonical codes of W_n, or
    /// None when not stored. Ranks keep the order of codes and need no decoding work.
    pub levels: Vec<Option<Vec<u64>>>,
}

impl Table {
    /// Builds a table from solved sets, storing the levels `keep` accepts (and, for
    /// self-complementary problems, only n ≤ N/2).
    pub fn from_solved(solved: &Solved, keep: impl Fn(usize) -> bool) -> Table {
        let p = &solved.problem;
        let n = p.board.len();
        let half = p.is_self_complementary();
        let levels = (0..=n)
            .map(|k| {
                (k >= 1 && k < n && keep(k) && (!half || 2 * k <= n))
                    .then(|| solved.winning[k].iter().map(|&c| codec::rank(c)).collect())
            })
            .collect();
        Table {
            board: p.board.name().to_string(),
            geometry: p.board.geometry_id(),
            holes: n as u8,
            start_set: p.start_set(),
            goal_set: p.goal_set(),
            half,
            levels,
        }
    }

    /// Number of stored codes.
    pub fn codes(&self) -> usize {
        self.levels.iter().flatten().map(Vec::len).sum()
    }

    /// The canonical forms the codes are stored under.
    pub fn canon(&self, board: &Board) -> Canon {
        Canon::new(
            board.len(),
            symmetry::stabiliser(board, &[self.start_set, self.goal_set]),
        )
    }

    /// Refuses a table that was built for another board.
    pub fn check_board(&self, board: &Board) -> Result<()> {
        if self.geometry != board.geometry_id() || usize::from(self.holes) != board.len() {
            return Err(Error::BadTable(format!(
                "the table is for board '{}', not '{}'",
                self.board,
                board.name()
            )));
        }
        Ok(())
    }

    /// Direct lookup: Some(winning) when the level (or its complement level) is stored.
    pub fn lookup(&self, canon: &Canon, code: u64) -> Option<bool> {
        let n = position::pegs(code) as usize;
        if let Some(Some(level)) = self.levels.get(n) {
            return Some(
                level
                    .binary_search(&codec::rank(canon.canonical(code)))
                    .is_ok(),
            );
        }
        let holes = usize::from(self.holes);
        if self.half && n <= holes {
            if let Some(Some(level)) = self.levels.get(holes - n) {
                let full = if holes == 64 {
                    u64::MAX
                } else {
                    (1u64 << holes) - 1
                };
                return Some(
                    level
                        .binary_search(&codec::rank(canon.canonical(full ^ code)))
                        .is_ok(),
                );
            }
        }
        None
    }

    /// Serialises the table.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.board.as_bytes();
        out.push(name.len().min(255) as u8);
        out.extend_from_slice(&name[..name.len().min(255)]);
        out.extend_from_slice(&self.geometry.to_le_bytes());
        out.push(self.holes);
        out.extend_from_slice(&self.start_set.to_le_bytes());
        out.extend_from_slice(&self.goal_set.to_le_bytes());
        out.push(u8::from(self.half));
        let stored: Vec<(usize, &Vec<u64>)> = self
            .levels
            .iter()
            .enumerate()
            .filter_map(|(n, l)| l.as_ref().map(|l| (n, l)))
            .collect();
        out.push(stored.len() as u8);
        for (n, codes) in stored {
            let (k, data) = codec::encode(codes);
            out.push(n as u8);
            out.extend_from_slice(&(codes.len() as u32).to_le_bytes());
            out.push(k);
            out.extend_from_slice(&(data.len() as u32).to_le_bytes());
            out.extend_from_slice(&data);
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads and checks a table: length, magic, version, checksum, then every level.
    pub fn decode(bytes: &[u8]) -> Result<Table> {
        let bad = |m: String| Error::BadTable(m);
        if bytes.len() < MAGIC.len() + 2 + 4 {
            return Err(bad(format!(
                "truncated: the file has only {} bytes",
                bytes.len()
            )));
        }
        if &bytes[..8] != MAGIC {
            return Err(bad("wrong magic number: this is not a pegwise table".into()));
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(bad(format!(
                "format version {version}, this build reads version {VERSION}"
            )));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let stored_crc = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let crc = crc32fast::hash(body);
        if crc != stored_crc {
            return Err(bad(format!(
                "checksum mismatch (file says {stored_crc:08x}, content gives {crc:08x}): the file is truncated or corrupt"
            )));
        }
        let mut r = Reader {
            bytes: body,
            pos: 10,
        };
        let name_len = usize::from(r.u8()?);
        let board = String::from_utf8(r.take(name_len)?.to_vec())
            .map_err(|_| bad("board name is not UTF-8".into()))?;
        let geometry = r.u64()?;
        let holes = r.u8()?;
        if !(3..=64).contains(&holes) {
            return Err(bad(format!("{holes} holes is not a board size")));
        }
        let start_set = r.u64()?;
        let goal_set = r.u64()?;
        let half = r.u8()? & 1 == 1;
        let count = r.u8()?;
        let mut levels: Vec<Option<Vec<u64>>> = vec![None; usize::from(holes) + 1];
        for _ in 0..count {
            let n = usize::from(r.u8()?);
            let codes = r.u32()? as usize;
            let k = r.u8()?;
            let len = r.u32()? as usize;
            let data = r.take(len)?;
            let slot = levels
                .get_mut(n)
                .ok_or_else(|| bad(format!("level with {n} pegs on a {holes}-hole board")))?;
            if slot.is_some() {
                return Err(bad(format!("level with {n} pegs appears twice")));
            }
            *slot = Some(codec::decode(data, k, codes, n as u32, u32::from(holes))?);
        }
        if r.pos != body.len() {
            return Err(bad("trailing bytes after the last level".into()));
        }
        Ok(Table {
            board,
            geometry,
            holes,
            start_set,
            goal_set,
            half,
            levels,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| {
                Error::BadTable(format!(
                    "truncated: needs {n} more bytes at offset {}",
                    self.pos
                ))
            })?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::solve::{solve, Options};

    fn sample() -> (Board, Table) {
        let b = Board::by_name("triangle5").unwrap();
        let p = Problem::parse(b.clone(), "a1", "start").unwrap();
        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
        (b, Table::from_solved(&s, |_| true))
    }

    fn refused(bytes: &[u8]) -> String {
        match Table::decode(bytes) {
            Err(Error::BadTable(m)) => m,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn round_trips() {
        let (_, t) = sample();
        assert!(t.half);
        assert_eq!(Table::decode(&t.encode()).unwrap(), t);
    }

    #[test]
    fn refuses_bad_files_with_clear_errors() {
        let (b, t) = sample();
        let good = t.encode();
        assert!(refused(&good[..good.len() / 2]).contains("checksum"));
        assert!(refused(&good[..5]).contains("truncated"));
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(refused(&magic).contains("magic"));
        let mut version = good.clone();
        version[8] = 9;
        assert!(refused(&version).contains("version 9"));
        let mut flipped = good.clone();
        let mid = good.len() / 2;
        flipped[mid] ^= 0x10;
        assert!(refused(&flipped).contains("checksum"));
        // a consistent file for another board is refused when attached
        assert!(t.check_board(&b).is_ok());
        let e = t
            .check_board(&Board::by_name("trunc18").unwrap())
            .unwrap_err();
        assert!(e.to_string().contains("'triangle5', not 'trunc18'"), "{e}");
    }

    #[test]
    fn refuses_inconsistent_levels_even_with_a_good_checksum() {
        let (_, mut t) = sample();
        // a level claiming more codes than there are positions
        t.levels[1] = Some(vec![
            1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
        ]);
        let mut bytes = t.encode();
        // patch the count of level 1 to a huge number and fix the checksum
        let pos = bytes
            .windows(5)
            .position(|w| w == [1, 15, 0, 0, 0])
            .unwrap();
        bytes[pos + 1..pos + 5].copy_from_slice(&1_000_000u32.to_le_bytes());
        let n = bytes.len();
        let crc = crc32fast::hash(&bytes[..n - 4]);
        bytes[n - 4..].copy_from_slice(&crc.to_le_bytes());
        assert!(refused(&bytes).contains("more codes than positions"));
    }
}
