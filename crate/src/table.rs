//! The table: the winning positions of one problem, by peg count, each level a shard
//! (`shard`), checked on load.
//!
//! The head file (little-endian): magic `PEGWISE\x1a`, format version (u16), board name (u8
//! length + bytes), geometry id (u64), holes (u8), start set (u64), goal set (u64), flags (u8:
//! bit 0 = half table, W_n = complement(W_(N−n)); bit 1 = every code carries finish and
//! start masks, see `masks`), level count (u8), then per level: pegs (u8), codes (u32) and
//! where the shard is: kind 0, inline (u32 length + the shard), or kind 1, in its own file
//! `<head stem>.<pegs>.pgs` (file size u32, header length u32, SHA-256 of the header and
//! index, SHA-256 of the whole file). Last, a CRC-32 of everything before it. Small levels sit
//! inline; big ones are fetched a chunk at a time. Levels that are not stored at all are
//! answered by search (see `hint`).

use std::sync::{Arc, Mutex};

use crate::sha::sha256;

use crate::board::Board;
use crate::codec::{self, Reader};
use crate::error::{Error, Fault, Part, Result};
use crate::position;
use crate::shard::{self, Found, Shard};
use crate::symmetry::{self, Canon};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"PEGWISE\x1a";
/// The format version this build reads and writes.
pub const VERSION: u16 = 2;
/// Levels up to this many bytes are stored inline in the head file.
pub const INLINE_LIMIT: usize = 16 * 1024;

/// One level to build: its ranks ascending and, for a table with masks, a symbol per rank.
pub type LevelCodes = Option<(Vec<u64>, Option<Vec<u16>>)>;

/// Where a level's shard lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Inside the head file.
    Inline,
    /// In its own file.
    External {
        /// File size in bytes.
        size: u32,
        /// Length of its header and index.
        header_len: u32,
        /// SHA-256 of the header and index.
        header_sha: [u8; 32],
        /// SHA-256 of the whole file.
        file_sha: [u8; 32],
    },
}

/// One stored level.
#[derive(Debug)]
pub struct Level {
    /// Number of codes.
    pub codes: u32,
    /// Where its shard is.
    pub place: Place,
    shard: Mutex<Option<Arc<Shard>>>,
    /// The shard's bytes, kept by tables built here (for `encode`).
    bytes: Option<Vec<u8>>,
}

impl Level {
    /// A level encoded here (`shard::encode`), its bytes kept for `encode_split`.
    pub fn encoded(codes: u32, bytes: Vec<u8>) -> Level {
        let shard = Shard::decode(&bytes).ok().map(Arc::new);
        Level {
            codes,
            place: Place::Inline,
            shard: Mutex::new(shard),
            bytes: Some(bytes),
        }
    }

    /// A level encoded here whose file is already written: only what the head says of it is
    /// kept (its size, its header's length and the two SHA-256s), not its bytes.
    pub fn written(codes: u32, bytes: &[u8]) -> Level {
        let header_len = Shard::read_header(bytes, None).map_or(0, |s| s.header_len);
        Level {
            codes,
            place: Place::External {
                size: bytes.len() as u32,
                header_len: header_len as u32,
                header_sha: sha256(&bytes[..header_len]),
                file_sha: sha256(bytes),
            },
            shard: Mutex::new(None),
            bytes: None,
        }
    }

    /// The shard, once its header has arrived.
    pub fn shard(&self) -> Option<Arc<Shard>> {
        self.shard.lock().ok()?.clone()
    }
    /// Sets the shard once: a header that arrives again (two games asked for it at once)
    /// leaves the first, with the chunks added to it since.
    fn set(&self, s: Shard) {
        if let Ok(mut slot) = self.shard.lock() {
            if slot.is_none() {
                *slot = Some(Arc::new(s));
            }
        }
    }
}

/// Reads bytes [from, to) of the level file with `pegs` pegs, for tables whose parts are
/// fetched as lookups need them (the CLI reads them from `data/`).
pub struct PartReader(pub Box<dyn Fn(u8, usize, usize) -> Option<Vec<u8>> + Send + Sync>);

impl std::fmt::Debug for PartReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PartReader")
    }
}

/// Winning positions of one problem (canonical codes under the problem's group).
///
/// ```
/// use pegwise::generate::{self, Options};
/// use pegwise::game::Game;
/// use pegwise::table::Table;
/// use pegwise::{Board, Problem};
/// let problem = Problem::parse(Board::by_name("triangle5")?, "a1", "start")?;
/// let solved = generate::solve(&problem, Options::default(), &mut |_| {})?;
/// // written and read back, with every check of a table file on the way
/// let table = Table::decode(&solved.to_table(|_| true).encode())?;
/// table.check_board(&problem.board)?;
/// let canon = table.canon(&problem.board);
/// let mut game = Game::new(problem)?;
/// assert_eq!(table.lookup(&canon, game.position().code()), Some(true));
/// game.play_text("a3-a1 c5-a3 c3-c5")?; // the last jump loses
/// assert_eq!(table.lookup(&canon, game.position().code()), Some(false));
/// // a table for another board is refused
/// assert!(table.check_board(&Board::by_name("triangle4")?).is_err());
/// # Ok::<(), pegwise::Error>(())
/// ```
#[derive(Debug)]
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
    /// Every code carries a mask symbol (see `masks`).
    pub masks: bool,
    /// `levels[n]`: the level with n pegs, or None when not stored.
    pub levels: Vec<Option<Level>>,
    /// Where missing parts are read from at once, if anywhere.
    pub reader: Option<PartReader>,
}

/// What a lookup found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// Stored, with its mask symbol; `flipped` when the complement was looked up; `sym` is the
    /// symmetry (in the table's group) that took the looked-up code to `canonical`.
    Stored {
        /// Mask symbol (0 without masks).
        sym: u16,
        /// The complement was looked up.
        flipped: bool,
        /// Number of the symmetry used.
        sym_index: usize,
        /// The canonical code found.
        canonical: u64,
    },
    /// Not stored: not winning.
    Absent,
    /// The level is stored but this part has not arrived.
    Missing(Need),
    /// The level is not stored at all.
    NoLevel,
}

/// A part of a table still to fetch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Need {
    /// The header and index of the external level with this many pegs.
    Header(u8),
    /// Chunk `c` of the level with `pegs` pegs.
    Chunk(u8, usize),
}

impl Table {
    /// Builds a table from ranks (and mask symbols) per level.
    pub fn build(
        board: &Board,
        start_set: u64,
        goal_set: u64,
        half: bool,
        masks: bool,
        levels: Vec<LevelCodes>,
    ) -> Table {
        let holes = board.len() as u8;
        // mask symbols are coded per position class: they mean different holes in each
        let classes = crate::classes::Classes::of(board);
        let levels = levels
            .into_iter()
            .enumerate()
            .map(|(k, l)| {
                l.map(|(ranks, m)| {
                    let masks = m.as_deref().map(|symbols| shard::MaskSymbols {
                        symbols,
                        basis: classes.basis(),
                        codes: None,
                    });
                    let bytes = shard::encode(board.geometry_id(), holes, k as u8, &ranks, masks);
                    Level::encoded(ranks.len() as u32, bytes)
                })
            })
            .collect();
        Table::of_levels(board, start_set, goal_set, half, masks, levels)
    }

    /// A table of levels already encoded ([`Level::encoded`], or [`Level::written`] for one
    /// whose file was written as it was made: `encode_split` then writes its head from what
    /// the level keeps of it).
    pub fn of_levels(
        board: &Board,
        start_set: u64,
        goal_set: u64,
        half: bool,
        masks: bool,
        levels: Vec<Option<Level>>,
    ) -> Table {
        Table {
            board: board.name().to_string(),
            geometry: board.geometry_id(),
            holes: board.len() as u8,
            start_set,
            goal_set,
            half,
            masks,
            levels,
            reader: None,
        }
    }

    /// Number of stored codes.
    pub fn codes(&self) -> usize {
        self.levels.iter().flatten().map(|l| l.codes as usize).sum()
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
            return Err(Fault::OtherBoard {
                table: self.board.clone(),
                board: board.name().to_string(),
            }
            .into());
        }
        Ok(())
    }

    /// Looks a position up (directly, or by its complement in a half table). With a reader,
    /// missing parts are read and checked on the way.
    pub fn look(&self, canon: &Canon, code: u64) -> Look {
        loop {
            match self.look_once(canon, code) {
                Look::Missing(need) if self.read_part(need) => continue,
                l => return l,
            }
        }
    }

    /// Reads a missing part through the reader; false when there is none or it fails.
    fn read_part(&self, need: Need) -> bool {
        let (Some(reader), Some((pegs, from, to))) = (&self.reader, self.range(need)) else {
            return false;
        };
        let Some(bytes) = (reader.0)(pegs, from, to) else {
            return false;
        };
        match need {
            Need::Header(_) => self.add_header(pegs, &bytes),
            Need::Chunk(_, c) => self.add_chunk(pegs, c, &bytes),
        }
        .is_ok()
    }

    fn look_once(&self, canon: &Canon, code: u64) -> Look {
        let n = position::pegs(code) as usize;
        let holes = usize::from(self.holes);
        let (target, flipped) = match self.levels.get(n) {
            Some(Some(_)) => (code, false),
            _ if self.half && n <= holes => {
                let full = if holes == 64 {
                    u64::MAX
                } else {
                    (1u64 << holes) - 1
                };
                (full ^ code, true)
            }
            _ => return Look::NoLevel,
        };
        let pegs = position::pegs(target) as usize;
        let Some(Some(level)) = self.levels.get(pegs) else {
            return Look::NoLevel;
        };
        let Some(shard) = level.shard() else {
            return Look::Missing(Need::Header(pegs as u8));
        };
        let (canonical, sym_index) = if self.masks {
            canon.canonical_with(target)
        } else {
            (canon.canonical(target), 0)
        };
        match shard.find(codec::rank(canonical)) {
            Found::Yes(sym) => Look::Stored {
                sym,
                flipped,
                sym_index,
                canonical,
            },
            Found::No => Look::Absent,
            Found::Missing(c) => Look::Missing(Need::Chunk(pegs as u8, c)),
        }
    }

    /// Membership only: Some(winning) when the level (or its complement level) is stored and
    /// present, None otherwise. For tables without masks.
    pub fn lookup(&self, canon: &Canon, code: u64) -> Option<bool> {
        match self.look(canon, code) {
            Look::Stored { .. } => Some(true),
            Look::Absent => Some(false),
            _ => None,
        }
    }

    /// The file name of an external level, from the head's file name.
    pub fn shard_file(head_file: &str, pegs: u8) -> String {
        let stem = head_file.strip_suffix(".pgt").unwrap_or(head_file);
        format!("{stem}.{pegs}.pgs")
    }

    /// Byte range to fetch for a part, and the file it is in (`None` for the head itself).
    pub fn range(&self, need: Need) -> Option<(u8, usize, usize)> {
        match need {
            Need::Header(p) => match &self.levels.get(usize::from(p))?.as_ref()?.place {
                Place::External { header_len, .. } => Some((p, 0, *header_len as usize)),
                Place::Inline => None,
            },
            Need::Chunk(p, c) => {
                let s = self.levels.get(usize::from(p))?.as_ref()?.shard()?;
                let (a, b) = s.chunk_range(c);
                Some((p, a, b))
            }
        }
    }

    /// Adds an external level's header and index (the first `header_len` bytes of its file,
    /// or the whole file), checked against the head's SHA-256.
    pub fn add_header(&self, pegs: u8, bytes: &[u8]) -> Result<()> {
        let level = self.level(pegs)?;
        let Place::External {
            size,
            header_len,
            header_sha,
            file_sha,
        } = &level.place
        else {
            return Err(Fault::Inline(pegs).into());
        };
        let whole = bytes.len() == *size as usize;
        let head = bytes
            .get(..*header_len as usize)
            .ok_or_else(|| Error::from(Fault::HeaderTruncated.at(Part::Level(pegs))))?;
        if sha256(head)[..] != header_sha[..] {
            return Err(Error::from(Fault::HeaderSha.at(Part::Level(pegs))));
        }
        if whole && sha256(bytes)[..] != file_sha[..] {
            return Err(Error::from(Fault::FileSha.at(Part::Level(pegs))));
        }
        let data_len = *size as usize - *header_len as usize;
        let s = Shard::read_header(head, Some(data_len))?;
        if s.pegs != pegs || s.count != level.codes || s.geometry != self.geometry {
            return Err(Error::from(Fault::OtherLevel.at(Part::Level(pegs))));
        }
        level.set(s);
        if whole {
            if let Some(s) = level.shard() {
                s.add_all_chunks(bytes)?;
            }
        }
        Ok(())
    }

    /// Adds chunk `c` of the level with `pegs` pegs.
    pub fn add_chunk(&self, pegs: u8, c: usize, bytes: &[u8]) -> Result<()> {
        let s = self
            .level(pegs)?
            .shard()
            .ok_or_else(|| Error::from(Fault::ChunkBeforeHeader.at(Part::Level(pegs))))?;
        s.add_chunk(c, bytes)
    }

    fn level(&self, pegs: u8) -> Result<&Level> {
        self.levels
            .get(usize::from(pegs))
            .and_then(Option::as_ref)
            .ok_or_else(|| Fault::NoLevel(usize::from(pegs)).into())
    }

    /// Every level's canonical codes with their mask symbols (all parts must be present).
    pub fn level_codes(&self, pegs: usize) -> Result<Option<Vec<(u64, u16)>>> {
        let Some(Some(level)) = self.levels.get(pegs) else {
            return Ok(None);
        };
        let s = level.shard().ok_or(Fault::NotLoaded(pegs))?;
        let all = s.all()?;
        all.into_iter()
            .map(|(r, m)| {
                codec::unrank(r, pegs as u32, u32::from(self.holes))
                    .map(|c| (c, m))
                    .ok_or_else(|| Fault::RankOutOfRange.into())
            })
            .collect::<Result<Vec<_>>>()
            .map(Some)
    }

    /// Serialises the table as one file, every level inline.
    pub fn encode(&self) -> Vec<u8> {
        self.encode_split(usize::MAX).0
    }

    /// Serialises the table: the head file, and the levels over `inline_limit` bytes as
    /// separate files (pegs, bytes).
    pub fn encode_split(&self, inline_limit: usize) -> (Vec<u8>, Vec<(u8, Vec<u8>)>) {
        let mut out = Vec::new();
        let mut external = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.board.as_bytes();
        out.push(name.len().min(255) as u8);
        out.extend_from_slice(&name[..name.len().min(255)]);
        out.extend_from_slice(&self.geometry.to_le_bytes());
        out.push(self.holes);
        out.extend_from_slice(&self.start_set.to_le_bytes());
        out.extend_from_slice(&self.goal_set.to_le_bytes());
        out.push(u8::from(self.half) | u8::from(self.masks) << 1);
        let stored: Vec<(usize, &Level)> = self
            .levels
            .iter()
            .enumerate()
            .filter_map(|(n, l)| l.as_ref().map(|l| (n, l)))
            .collect();
        out.push(stored.len() as u8);
        for (n, level) in stored {
            out.push(n as u8);
            out.extend_from_slice(&level.codes.to_le_bytes());
            if let (
                None,
                Place::External {
                    size,
                    header_len,
                    header_sha,
                    file_sha,
                },
            ) = (&level.bytes, &level.place)
            {
                // written as it was made (Level::written): the head says what it kept
                out.push(1);
                out.extend_from_slice(&size.to_le_bytes());
                out.extend_from_slice(&header_len.to_le_bytes());
                out.extend_from_slice(header_sha);
                out.extend_from_slice(file_sha);
                continue;
            }
            let bytes = level.bytes.clone().unwrap_or_default();
            if bytes.len() <= inline_limit {
                out.push(0);
                out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
                out.extend_from_slice(&bytes);
            } else {
                let header_len = level.shard().map_or(0, |s| s.header_len);
                out.push(1);
                out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
                out.extend_from_slice(&(header_len as u32).to_le_bytes());
                out.extend_from_slice(&sha256(&bytes[..header_len]));
                out.extend_from_slice(&sha256(&bytes));
                external.push((n as u8, bytes));
            }
        }
        let crc = crate::crc::crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        (out, external)
    }

    /// Reads and checks a head file: length, magic, version, checksum, the board's sets, and
    /// every inline level. External levels arrive later (`add_header`, `add_chunk`).
    pub fn decode(bytes: &[u8]) -> Result<Table> {
        let bad = Error::from;
        let at = |n: usize, f: Fault| Error::from(f.at(Part::Level(n as u8)));
        if bytes.len() < MAGIC.len() + 2 + 4 {
            return Err(bad(Fault::Short(bytes.len())));
        }
        if &bytes[..8] != MAGIC {
            return Err(bad(Fault::NotATable));
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(bad(Fault::Version {
                found: version,
                reads: VERSION,
            }));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let stored_crc = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let crc = crate::crc::crc32(body);
        if crc != stored_crc {
            return Err(bad(Fault::Checksum {
                stored: stored_crc,
                computed: crc,
            }));
        }
        let mut r = Reader::new(body);
        r.take(10)?;
        let name_len = usize::from(r.u8()?);
        let board =
            String::from_utf8(r.take(name_len)?.to_vec()).map_err(|_| bad(Fault::NameNotUtf8))?;
        let geometry = r.u64()?;
        let holes = r.u8()?;
        if !(3..=64).contains(&holes) {
            return Err(bad(Fault::Holes(holes)));
        }
        let full = if holes == 64 {
            u64::MAX
        } else {
            (1u64 << holes) - 1
        };
        let start_set = r.u64()?;
        let goal_set = r.u64()?;
        if start_set & !full != 0 || goal_set & !full != 0 || start_set == 0 || goal_set == 0 {
            return Err(bad(Fault::Sets {
                start: start_set,
                goal: goal_set,
                holes,
            }));
        }
        let flags = r.u8()?;
        let half = flags & 1 == 1;
        let masks = flags & 2 == 2;
        if half != (start_set == goal_set) {
            return Err(bad(Fault::HalfFlag {
                half,
                agree: start_set == goal_set,
            }));
        }
        let count = r.u8()?;
        let mut levels: Vec<Option<Level>> = (0..=holes).map(|_| None).collect();
        for _ in 0..count {
            let n = usize::from(r.u8()?);
            let codes = r.u32()?;
            let kind = r.u8()?;
            let slot = levels
                .get_mut(n)
                .ok_or_else(|| bad(Fault::LevelOffBoard { pegs: n, holes }))?;
            if slot.is_some() {
                return Err(bad(Fault::LevelTwice(n)));
            }
            if u64::from(codes) > codec::binomial(u32::from(holes), n as u32) {
                return Err(at(n, Fault::MoreCodes));
            }
            let (place, shard) = match kind {
                0 => {
                    let len = r.u32()? as usize;
                    let s = Shard::decode(r.take(len)?)?;
                    if usize::from(s.pegs) != n || s.count != codes || s.geometry != geometry {
                        return Err(at(n, Fault::OtherLevel));
                    }
                    (Place::Inline, Some(Arc::new(s)))
                }
                1 => {
                    let size = r.u32()?;
                    let header_len = r.u32()?;
                    let mut header_sha = [0u8; 32];
                    header_sha.copy_from_slice(r.take(32)?);
                    let mut file_sha = [0u8; 32];
                    file_sha.copy_from_slice(r.take(32)?);
                    if header_len > size {
                        return Err(at(n, Fault::HeaderLonger));
                    }
                    let place = Place::External {
                        size,
                        header_len,
                        header_sha,
                        file_sha,
                    };
                    (place, None)
                }
                k => return Err(at(n, Fault::UnknownKind(k))),
            };
            *slot = Some(Level {
                codes,
                place,
                shard: Mutex::new(shard),
                bytes: None,
            });
        }
        if r.remaining() != 0 {
            return Err(bad(Fault::Trailing));
        }
        Ok(Table {
            board,
            geometry,
            holes,
            start_set,
            goal_set,
            half,
            masks,
            levels,
            reader: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{solve, Options, Solved};
    use crate::problem::Problem;

    fn sample() -> (Board, Table, Solved) {
        let b = Board::by_name("triangle5").unwrap();
        let p = Problem::parse(b.clone(), "a1", "start").unwrap();
        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
        (b, s.to_table(|_| true), s)
    }

    fn refused(bytes: &[u8]) -> String {
        match Table::decode(bytes) {
            Err(e @ Error::Table(_)) => e.why(),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    fn with_crc(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len();
        let crc = crate::crc::crc32(&bytes[..n - 4]);
        bytes[n - 4..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn round_trips() {
        let (_, t, s) = sample();
        assert!(t.half);
        let back = Table::decode(&t.encode()).unwrap();
        let canon = back.canon(&s.problem.board);
        for n in 1..=7 {
            let codes: Vec<u64> = back
                .level_codes(n)
                .unwrap()
                .unwrap()
                .iter()
                .map(|p| p.0)
                .collect();
            assert_eq!(codes, s.winning[n], "level {n}");
            for &c in &s.winning[n] {
                assert_eq!(back.lookup(&canon, c), Some(true));
            }
        }
    }

    #[test]
    fn external_levels_arrive_later_and_are_pinned() {
        let (_, t, s) = sample();
        let (head, ext) = t.encode_split(0);
        let back = Table::decode(&head).unwrap();
        let canon = back.canon(&s.problem.board);
        let code = s.winning[5][0];
        assert_eq!(back.look(&canon, code), Look::Missing(Need::Header(5)));
        let (_, bytes) = ext.iter().find(|e| e.0 == 5).unwrap();
        let mut wrong = bytes.clone();
        wrong[20] ^= 1;
        assert!(back
            .add_header(5, &wrong)
            .unwrap_err()
            .to_string()
            .contains("SHA-256"));
        let (_, a, b) = back.range(Need::Header(5)).unwrap();
        back.add_header(5, &bytes[a..b]).unwrap();
        let Look::Missing(Need::Chunk(5, c)) = back.look(&canon, code) else {
            panic!("the chunk is still missing")
        };
        let (_, a, b) = back.range(Need::Chunk(5, c)).unwrap();
        back.add_chunk(5, c, &bytes[a..b]).unwrap();
        assert_eq!(back.lookup(&canon, code), Some(true));
    }

    #[test]
    fn a_reader_fetches_parts_as_lookups_need_them() {
        let (_, t, s) = sample();
        let (head, ext) = t.encode_split(0);
        let mut back = Table::decode(&head).unwrap();
        let reads = Arc::new(Mutex::new(0usize));
        let counted = reads.clone();
        back.reader = Some(PartReader(Box::new(move |pegs, from, to| {
            *counted.lock().unwrap() += 1;
            ext.iter()
                .find(|e| e.0 == pegs)
                .map(|e| e.1[from..to].to_vec())
        })));
        let canon = back.canon(&s.problem.board);
        for n in 1..=7 {
            for &c in &s.winning[n] {
                assert_eq!(back.lookup(&canon, c), Some(true));
            }
        }
        assert!(*reads.lock().unwrap() >= 7, "a header and chunks per level");
    }

    #[test]
    fn refuses_bad_files_with_clear_errors() {
        let (b, t, _) = sample();
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
        assert!(t.check_board(&b).is_ok());
        let e = t
            .check_board(&Board::by_name("trunc18").unwrap())
            .unwrap_err();
        assert!(e.to_string().contains("'triangle5', not 'trunc18'"), "{e}");
    }

    #[test]
    fn refuses_inconsistent_headers_even_with_a_good_checksum() {
        let (_, t, _) = sample();
        let good = t.encode();
        // name "triangle5" is 9 bytes: geometry at 20, holes 28, start 29, goal 37, flags 45
        let mut half = good.clone();
        half[45] = 0;
        assert!(refused(&with_crc(half)).contains("half flag"));
        let mut off = good.clone();
        off[29 + 7] = 0x80; // a start bit far off a 15-hole board
        assert!(refused(&with_crc(off)).contains("not on a 15-hole board"));
        let mut count = good.clone();
        // the first level's code count (after the level count and its peg byte)
        count[48..52].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(refused(&with_crc(count)).contains("more codes than positions"));
    }
}
