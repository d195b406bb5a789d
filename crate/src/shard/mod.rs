//! One level of a table (the winning positions with one peg count) as a shard: a small header
//! with an index, then chunks of a few KB that can be fetched on their own (HTTP range
//! requests) and checked on their own.
//!
//! Layout (little-endian): magic `PEGSHARD`, version (u16), geometry id (u64), holes (u8),
//! pegs (u8), flags (u8: bit 0 = a mask symbol follows each code), codes (u32), codes per
//! chunk (u32), chunk count (u32), the gap code, and with masks the context basis (a count
//! k ≤ 8 (u8) then k masks (u64)) and the 2^k mask codes, one per context, each code written by
//! `huffman::Code::write`; then per chunk: its first rank (u64), its byte offset in the
//! data (u32) and the first 8 bytes of its SHA-256; then a CRC-32 of the header so far. The
//! chunks follow. In a chunk, each code after the first is the gap to the previous rank:
//! its bit length Huffman-coded, then the bits below the leading one; with masks, each code
//! is followed by its mask symbol, Huffman-coded with its context's code.
//!
//! A code's context is its position class (bit i = parity of its pegs on basis mask i): mask
//! symbols mean different holes in different classes, and coding them per class saves about
//! 1.9 bits a code on the English union table (6.5 → 4.6 bits of entropy).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::codec::{self, binomial, BitReader, BitWriter};
use crate::error::{Error, Fault, Part, Result};
use crate::huffman::Code;

// The coder in pieces, for a level coded in ranges by a cluster's workers; [`encode`] stays
// one function, as the page's wasm needs it (the pieces cost it about 0.8 KB), and a test
// holds the pieces to its bytes.
#[cfg(any(feature = "distributed", test))]
mod encode;
#[cfg(any(feature = "distributed", test))]
pub use encode::{Body, Coder, Range, Tally};

/// The first eight bytes of a shard.
pub const MAGIC: &[u8; 8] = b"PEGSHARD";
/// The shard format version.
pub const VERSION: u16 = 3;
/// Aim for chunks of about this many bytes.
pub const CHUNK_BYTES: usize = 4096;
/// Decoded chunks kept per shard: a few in the browser, where a game touches few chunks; all of
/// them natively, where the CLI counts or searches over whole levels (usize::MAX: no limit).
/// The page's analysis worker, which walks whole levels, lifts it with [`keep_every_chunk`].
static CACHE: AtomicUsize = AtomicUsize::new(if cfg!(target_arch = "wasm32") {
    64
} else {
    usize::MAX
});

/// Keeps every decoded chunk from now on (for walks over whole levels: counting, fewest
/// moves), trading memory for not decoding a chunk again and again.
pub fn keep_every_chunk() {
    CACHE.store(usize::MAX, Ordering::Relaxed);
}

/// The decoded chunks kept (a vector by chunk number, not a hash map: no hashing code in the
/// wasm for this).
#[derive(Debug, Default)]
struct Decoded {
    by_chunk: Vec<Option<Arc<Chunk>>>,
    /// The numbers of the chunks held, to drop them all when the cache is full.
    held: Vec<usize>,
}

/// Where a chunk starts and how to check it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkEntry {
    /// Rank of its first code.
    pub first: u64,
    /// Byte offset in the data part.
    pub offset: u32,
    /// First 8 bytes of the SHA-256 of its bytes.
    pub hash: [u8; 8],
}

/// A decoded chunk: ranks ascending, and their mask symbols (empty without masks).
#[derive(Debug)]
pub struct Chunk {
    ranks: Vec<u64>,
    masks: Vec<u16>,
}

/// A level: the header always, chunks as they arrive.
#[derive(Debug)]
pub struct Shard {
    /// Geometry id of the board.
    pub geometry: u64,
    /// Holes on the board.
    pub holes: u8,
    /// Peg count of the positions.
    pub pegs: u8,
    /// Whether each code carries a mask symbol.
    pub masks: bool,
    /// Number of codes.
    pub count: u32,
    /// Codes per chunk (the last may hold fewer).
    pub per_chunk: u32,
    gap_code: Code,
    contexts: Contexts,
    /// The chunk index.
    pub index: Vec<ChunkEntry>,
    /// Bytes of the header (with the index and its CRC): the data starts here.
    pub header_len: usize,
    /// Bytes of the data part.
    pub data_len: usize,
    raw: Mutex<Vec<Option<Arc<[u8]>>>>,
    decoded: Mutex<Decoded>,
}

/// The mask codes of a shard, one per context (a single context when the basis is empty).
#[derive(Debug, Default)]
struct Contexts {
    basis: Vec<u64>,
    codes: Vec<Code>,
}

/// Most context basis masks (2^8 codes).
const MAX_BASIS: usize = 8;

/// The context of a position: bit i is the parity of its pegs on `basis[i]`.
fn context(basis: &[u64], code: u64) -> usize {
    basis.iter().enumerate().fold(0, |acc, (i, m)| {
        acc | ((code & m).count_ones() as usize & 1) << i
    })
}

/// Mask symbols to store with a level's codes, and the basis of the contexts they are coded in
/// (the board's position classes; empty for one context).
#[derive(Debug, Clone, Copy)]
pub struct MaskSymbols<'a> {
    /// One symbol per rank.
    pub symbols: &'a [u16],
    /// At most 8 masks.
    pub basis: &'a [u64],
    /// The codes of the ranks, when the caller has them: their contexts are taken from them
    /// rather than from the ranks unranked again.
    pub codes: Option<&'a [u64]>,
}

/// A map keyed by mask symbol, hashed by one multiply: the encoder asks its maps once per code
/// of a level, where the default hasher would cost more than the rest of the coding.
pub(crate) type SymbolMap<V> = HashMap<u16, V, std::hash::BuildHasherDefault<SymbolHasher>>;

/// The hasher of [`SymbolMap`]: a multiply, its high bits folded down (the table indexes by
/// the low bits).
#[derive(Default, Clone, Copy)]
pub(crate) struct SymbolHasher(u64);

impl std::hash::Hasher for SymbolHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u16(u16::from(b));
        }
    }

    fn write_u16(&mut self, x: u16) {
        self.0 = (self.0 ^ u64::from(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A lookup's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// The code is stored, with its mask symbol (0 without masks).
    Yes(u16),
    /// The code is not stored.
    No,
    /// The chunk that would hold it has not arrived: chunk number.
    Missing(usize),
}

fn hash8(bytes: &[u8]) -> [u8; 8] {
    let d = crate::sha::sha256(bytes);
    let mut h = [0u8; 8];
    h.copy_from_slice(&d[..8]);
    h
}

/// The bucket of a gap: its bit length (0 for a gap of 0).
#[inline]
fn bucket(gap: u64) -> u16 {
    (64 - gap.leading_zeros()) as u16
}

/// `f` of every item, in order (in parallel where the build has threads).
fn par_map<T: Send>(items: &[u64], f: impl Fn(u64) -> T + Sync + Send) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().map(|&x| f(x)).collect()
    }
    #[cfg(not(feature = "parallel"))]
    items.iter().map(|&x| f(x)).collect()
}

/// Encodes one level: ranks ascending and distinct, with a mask symbol per rank if `masks` is
/// given (same length; at most 8 basis masks).
pub fn encode(
    geometry: u64,
    holes: u8,
    pegs: u8,
    ranks: &[u64],
    masks: Option<MaskSymbols>,
) -> Vec<u8> {
    let basis = masks.map_or(&[][..], |m| &m.basis[..m.basis.len().min(MAX_BASIS)]);
    // each rank's context, from its code
    let ctx: Vec<usize> = match masks {
        Some(MaskSymbols {
            codes: Some(codes), ..
        }) => par_map(codes, |c| context(basis, c)),
        Some(_) => par_map(ranks, |r| {
            codec::unrank(r, u32::from(pegs), u32::from(holes)).map_or(0, |c| context(basis, c))
        }),
        None => Vec::new(),
    };
    // a gap's bucket is its bit length: 65 of them
    let mut gap_freq = [0u64; 65];
    let mut mask_freq: Vec<SymbolMap<u64>> = vec![SymbolMap::default(); 1 << basis.len()];
    for w in ranks.windows(2) {
        gap_freq[usize::from(bucket(w[1] - w[0] - 1))] += 1;
    }
    if let Some(m) = masks {
        for (&s, &c) in m.symbols.iter().zip(&ctx) {
            *mask_freq[c].entry(s).or_default() += 1;
        }
    }
    let sorted = |f: SymbolMap<u64>| {
        let mut v: Vec<(u16, u64)> = f.into_iter().collect();
        v.sort_unstable();
        v
    };
    let lookup = |code: &Code| -> SymbolMap<(u32, u8)> {
        code.table()
            .into_iter()
            .map(|(s, c, l)| (s, (c, l)))
            .collect()
    };
    let gap_freq: Vec<(u16, u64)> = (0u16..).zip(gap_freq).filter(|&(_, n)| n > 0).collect();
    let gap_code = Code::from_frequencies(&gap_freq);
    let mask_codes: Vec<Code> = mask_freq
        .into_iter()
        .map(|f| Code::from_frequencies(&sorted(f)))
        .collect();
    let mut gap_table = [(0u32, 0u8); 65];
    for (s, c, l) in gap_code.table() {
        if let Some(e) = gap_table.get_mut(usize::from(s)) {
            *e = (c, l);
        }
    }
    let mask_tables: Vec<SymbolMap<(u32, u8)>> = mask_codes.iter().map(lookup).collect();
    let mask_bits = |i: usize| -> (u32, u8) {
        masks
            .and_then(|m| mask_tables[ctx[i]].get(&m.symbols[i]).copied())
            .unwrap_or((0, 0))
    };
    // codes per chunk from the mean bits per code
    let bits_per_code = {
        let g: u64 = ranks
            .windows(2)
            .map(|w| {
                let b = bucket(w[1] - w[0] - 1);
                u64::from(gap_table[usize::from(b)].1) + u64::from(b.saturating_sub(1))
            })
            .sum();
        let m: u64 = (0..ctx.len()).map(|i| u64::from(mask_bits(i).1)).sum();
        ((g + m) / ranks.len().max(1) as u64).max(1)
    };
    let per_chunk = ((CHUNK_BYTES as u64 * 8) / bits_per_code).clamp(64, 1 << 16) as u32;

    // the chunks are coded apart from each other (in parallel where the build has threads)
    let encode_chunk = |c: usize, chunk: &[u64]| -> (Vec<u8>, [u8; 8]) {
        let base = c * per_chunk as usize;
        let mut w = BitWriter::default();
        for (i, &r) in chunk.iter().enumerate() {
            if i > 0 {
                let gap = r - chunk[i - 1] - 1;
                let b = bucket(gap);
                let (code, len) = gap_table[usize::from(b)];
                w.put(u64::from(code), u32::from(len));
                if b > 1 {
                    w.put(gap, u32::from(b) - 1);
                }
            }
            if masks.is_some() {
                let (code, len) = mask_bits(base + i);
                w.put(u64::from(code), u32::from(len));
            }
        }
        let bytes = w.finish();
        let hash = hash8(&bytes);
        (bytes, hash)
    };
    #[cfg(feature = "parallel")]
    let bodies: Vec<(Vec<u8>, [u8; 8])> = {
        use rayon::prelude::*;
        ranks
            .par_chunks(per_chunk as usize)
            .enumerate()
            .map(|(c, chunk)| encode_chunk(c, chunk))
            .collect()
    };
    #[cfg(not(feature = "parallel"))]
    let bodies: Vec<(Vec<u8>, [u8; 8])> = ranks
        .chunks(per_chunk as usize)
        .enumerate()
        .map(|(c, chunk)| encode_chunk(c, chunk))
        .collect();
    let mut data = Vec::with_capacity(bodies.iter().map(|b| b.0.len()).sum());
    let mut index = Vec::with_capacity(bodies.len());
    for ((bytes, hash), chunk) in bodies.into_iter().zip(ranks.chunks(per_chunk as usize)) {
        index.push(ChunkEntry {
            first: chunk[0],
            offset: data.len() as u32,
            hash,
        });
        data.extend_from_slice(&bytes);
    }

    let masks = masks.map(|_| (basis, &mask_codes[..]));
    let head = Head {
        geometry,
        holes,
        pegs,
        codes: ranks.len() as u32,
        per_chunk,
        gap_code: &gap_code,
        masks,
    };
    head.write(&index, &data)
}

/// What a shard's header says before its index (the layout is in this module's comment).
struct Head<'a> {
    geometry: u64,
    holes: u8,
    pegs: u8,
    codes: u32,
    per_chunk: u32,
    gap_code: &'a Code,
    /// With masks: the context basis and each context's code.
    masks: Option<(&'a [u64], &'a [Code])>,
}

impl Head<'_> {
    /// The shard: this header, the chunks' `index` and its CRC, then the chunks' `data`.
    fn write(&self, index: &[ChunkEntry], data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.geometry.to_le_bytes());
        out.push(self.holes);
        out.push(self.pegs);
        out.push(u8::from(self.masks.is_some()));
        out.extend_from_slice(&self.codes.to_le_bytes());
        out.extend_from_slice(&self.per_chunk.to_le_bytes());
        out.extend_from_slice(&(index.len() as u32).to_le_bytes());
        self.gap_code.write(&mut out);
        if let Some((basis, codes)) = self.masks {
            out.push(basis.len() as u8);
            for m in basis {
                out.extend_from_slice(&m.to_le_bytes());
            }
            for c in codes {
                c.write(&mut out);
            }
        }
        for e in index {
            out.extend_from_slice(&e.first.to_le_bytes());
            out.extend_from_slice(&e.offset.to_le_bytes());
            out.extend_from_slice(&e.hash);
        }
        let crc = crate::crc::crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(data);
        out
    }
}

impl Shard {
    /// Reads a shard's header and index from the start of its bytes (the data may follow, in
    /// part or whole: whatever follows is taken as the data's first bytes only when `whole`).
    /// Every count is bounded by the bytes present, so no input can make it allocate wildly.
    pub fn read_header(bytes: &[u8], data_len: Option<usize>) -> Result<Shard> {
        let mut r = crate::codec::Reader::new(bytes);
        if r.take(8)? != MAGIC {
            return Err(Fault::NotAShard.into());
        }
        let version = r.u16()?;
        if version != VERSION {
            return Err(Fault::ShardVersion {
                found: version,
                reads: VERSION,
            }
            .into());
        }
        let geometry = r.u64()?;
        let holes = r.u8()?;
        let pegs = r.u8()?;
        let flags = r.u8()?;
        let count = r.u32()?;
        let per_chunk = r.u32()?;
        let chunks = r.u32()? as usize;
        let bad = |f: Fault| Error::from(f.at(Part::Level(pegs)));
        if !(3..=64).contains(&holes) || pegs > holes {
            return Err(bad(Fault::PegsOnHoles { pegs, holes }));
        }
        if u64::from(count) > binomial(u32::from(holes), u32::from(pegs)) {
            return Err(bad(Fault::MoreCodes));
        }
        if per_chunk == 0 || chunks != (count as usize).div_ceil(per_chunk as usize) {
            return Err(bad(Fault::ChunkCount {
                chunks,
                count,
                per_chunk,
            }));
        }
        let gap_code = read_code(&mut r)?;
        let masks = flags & 1 == 1;
        let contexts = if masks {
            read_contexts(&mut r, holes).map_err(|e| e.within(Part::Level(pegs)))?
        } else {
            Contexts::default()
        };
        // 20 bytes an entry: the count is bounded by what is there before anything is kept
        if chunks.saturating_mul(20) > r.remaining() {
            return Err(bad(Fault::IndexTruncated(chunks)));
        }
        let mut index = Vec::with_capacity(chunks);
        for _ in 0..chunks {
            let first = r.u64()?;
            let offset = r.u32()?;
            let mut hash = [0u8; 8];
            hash.copy_from_slice(r.take(8)?);
            index.push(ChunkEntry {
                first,
                offset,
                hash,
            });
        }
        let crc_end = r.pos();
        let crc = r.u32()?;
        if crate::crc::crc32(&bytes[..crc_end]) != crc && !cfg!(fuzzing) {
            return Err(bad(Fault::HeaderChecksum));
        }
        let header_len = r.pos();
        let data_len = data_len.unwrap_or(bytes.len() - header_len);
        let limit = binomial(u32::from(holes), u32::from(pegs));
        for (i, w) in index.windows(2).enumerate() {
            if w[0].first >= w[1].first || w[0].offset >= w[1].offset {
                return Err(bad(Fault::OutOfOrder(i + 1)));
            }
        }
        if index
            .iter()
            .any(|e| e.first >= limit || e.offset as usize >= data_len.max(1))
        {
            return Err(bad(Fault::OutsideLevel));
        }
        Ok(Shard {
            geometry,
            holes,
            pegs,
            masks,
            count,
            per_chunk,
            gap_code,
            contexts,
            raw: Mutex::new(vec![None; index.len()]),
            index,
            header_len,
            data_len,
            decoded: Mutex::new(Decoded::default()),
        })
    }

    /// Reads a whole shard (header, index and every chunk), checking each chunk.
    pub fn decode(bytes: &[u8]) -> Result<Shard> {
        let shard = Shard::read_header(bytes, None)?;
        shard.add_all_chunks(bytes)?;
        Ok(shard)
    }

    /// Adds every chunk from the whole shard file's bytes, each checked.
    pub fn add_all_chunks(&self, file: &[u8]) -> Result<()> {
        for c in 0..self.index.len() {
            let (from, to) = self.chunk_range(c);
            let chunk = file.get(from..to).ok_or(Fault::ShardTruncated)?;
            self.add_chunk(c, chunk)?;
        }
        Ok(())
    }

    /// Byte range of chunk `c` in the shard file.
    pub fn chunk_range(&self, c: usize) -> (usize, usize) {
        let start = self.index.get(c).map_or(0, |e| e.offset as usize);
        let end = self
            .index
            .get(c + 1)
            .map_or(self.data_len, |e| e.offset as usize);
        (self.header_len + start, self.header_len + end)
    }

    /// Adds a chunk's bytes after checking its hash and decoding it once.
    pub fn add_chunk(&self, c: usize, bytes: &[u8]) -> Result<()> {
        let e = self.index.get(c).ok_or_else(|| {
            Error::from(Fault::NoChunk {
                chunk: c,
                chunks: self.index.len(),
            })
        })?;
        if hash8(bytes) != e.hash && !cfg!(fuzzing) {
            return Err(Error::from(Fault::HashMismatch.at(Part::Chunk {
                pegs: self.pegs,
                chunk: c,
            })));
        }
        // decoded when first looked at: loading a whole table stays quick
        if let Ok(mut raw) = self.raw.lock() {
            raw[c] = Some(Arc::from(bytes));
        }
        Ok(())
    }

    /// True when chunk `c` is present.
    pub fn has_chunk(&self, c: usize) -> bool {
        self.raw
            .lock()
            .map(|r| r.get(c).is_some_and(Option::is_some))
            .unwrap_or(false)
    }

    /// Chunks present.
    pub fn chunks_present(&self) -> usize {
        self.raw
            .lock()
            .map(|r| r.iter().flatten().count())
            .unwrap_or(0)
    }

    /// The chunk that holds `rank`, if any could.
    pub fn chunk_of(&self, rank: u64) -> Option<usize> {
        let i = self.index.partition_point(|e| e.first <= rank);
        i.checked_sub(1)
    }

    /// Is `rank` stored? Missing when its chunk has not arrived.
    pub fn find(&self, rank: u64) -> Found {
        let Some(c) = self.chunk_of(rank) else {
            return Found::No;
        };
        let Some(chunk) = self.chunk(c) else {
            return Found::Missing(c);
        };
        match chunk.ranks.binary_search(&rank) {
            Ok(i) => Found::Yes(chunk.masks.get(i).copied().unwrap_or(0)),
            Err(_) => Found::No,
        }
    }

    /// Every rank and mask symbol, in order (all chunks must be present).
    pub fn all(&self) -> Result<Vec<(u64, u16)>> {
        let mut out = Vec::with_capacity(self.count as usize);
        for c in 0..self.index.len() {
            let chunk = self
                .chunk(c)
                .ok_or_else(|| Error::from(Fault::ChunkMissing(c).at(Part::Level(self.pegs))))?;
            for (i, &r) in chunk.ranks.iter().enumerate() {
                out.push((r, chunk.masks.get(i).copied().unwrap_or(0)));
            }
        }
        Ok(out)
    }

    fn chunk(&self, c: usize) -> Option<Arc<Chunk>> {
        if let Some(Some(d)) = self.decoded.lock().ok()?.by_chunk.get(c) {
            return Some(d.clone());
        }
        let raw = self.raw.lock().ok()?.get(c)?.clone()?;
        let d = Arc::new(self.decode_chunk(c, &raw).ok()?);
        self.remember(c, d.clone());
        Some(d)
    }

    fn remember(&self, c: usize, d: Arc<Chunk>) {
        if let Ok(mut cache) = self.decoded.lock() {
            let cache = &mut *cache;
            if cache.held.len() >= CACHE.load(Ordering::Relaxed) {
                for h in cache.held.drain(..) {
                    cache.by_chunk[h] = None;
                }
            }
            if cache.by_chunk.len() <= c {
                cache.by_chunk.resize(c + 1, None);
            }
            if cache.by_chunk[c].replace(d).is_none() {
                cache.held.push(c);
            }
        }
    }

    fn decode_chunk(&self, c: usize, bytes: &[u8]) -> Result<Chunk> {
        let bad = |f: Fault| {
            Error::from(f.at(Part::Chunk {
                pegs: self.pegs,
                chunk: c,
            }))
        };
        let n = if c + 1 == self.index.len() {
            self.count as usize - c * self.per_chunk as usize
        } else {
            self.per_chunk as usize
        };
        // each code takes at least one bit after the first: bound the count by the bytes
        if n > bytes.len() * 8 + 1 {
            return Err(bad(Fault::MoreCodesThanBits));
        }
        let limit = binomial(u32::from(self.holes), u32::from(self.pegs));
        let mut r = BitReader::new(bytes);
        let mut ranks = Vec::with_capacity(n);
        let mut masks = Vec::with_capacity(if self.masks { n } else { 0 });
        let mut prev = self.index[c].first;
        for i in 0..n {
            if i > 0 {
                let b = self
                    .gap_code
                    .read(|| r.bit())
                    .ok_or_else(|| bad(Fault::DataEndsEarly))?;
                if b > 63 {
                    return Err(bad(Fault::GapTooLarge));
                }
                let gap = if b == 0 {
                    0
                } else {
                    let low = r
                        .bits(u32::from(b) - 1)
                        .ok_or_else(|| bad(Fault::DataEndsEarly))?;
                    (1u64 << (b - 1)) | low
                };
                prev = prev
                    .checked_add(gap)
                    .and_then(|v| v.checked_add(1))
                    .filter(|&v| v < limit)
                    .ok_or_else(|| bad(Fault::CodeOutOfRange))?;
            }
            ranks.push(prev);
            if self.masks {
                let ctx = match self.contexts.basis.is_empty() {
                    true => Some(0),
                    false => codec::unrank(prev, u32::from(self.pegs), u32::from(self.holes))
                        .map(|c| context(&self.contexts.basis, c)),
                };
                let code = ctx
                    .and_then(|i| self.contexts.codes.get(i))
                    .ok_or_else(|| bad(Fault::NoMaskCode))?;
                masks.push(
                    code.read(|| r.bit())
                        .ok_or_else(|| bad(Fault::DataEndsEarly))?,
                );
            }
        }
        if let Some(next) = self.index.get(c + 1) {
            if prev >= next.first {
                return Err(bad(Fault::Overlaps));
            }
        }
        Ok(Chunk { ranks, masks })
    }
}

/// The mask codes: the context basis (k ≤ 8 masks on the board), then 2^k codes.
fn read_contexts(r: &mut crate::codec::Reader, holes: u8) -> Result<Contexts> {
    let k = usize::from(r.u8()?);
    if k > MAX_BASIS {
        return Err(Fault::Contexts {
            count: k,
            max: MAX_BASIS,
        }
        .into());
    }
    let mut basis = Vec::with_capacity(k);
    for _ in 0..k {
        let m = r.u64()?;
        if holes < 64 && m >> holes != 0 {
            return Err(Fault::ContextOffBoard(m).into());
        }
        basis.push(m);
    }
    let codes = (0..1usize << basis.len())
        .map(|_| read_code(r))
        .collect::<Result<Vec<_>>>()?;
    Ok(Contexts { basis, codes })
}

fn read_code(r: &mut crate::codec::Reader) -> Result<Code> {
    let n = usize::from(r.u16()?);
    if n.saturating_mul(3) > r.remaining() {
        return Err(Fault::HuffmanTruncated.into());
    }
    let mut pairs = Vec::with_capacity(n);
    for _ in 0..n {
        let s = r.u16()?;
        let l = r.u8()?;
        pairs.push((s, l));
    }
    Code::from_lengths(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: usize) -> Vec<u64> {
        let mut x = 12345u64;
        let mut v: Vec<u64> = (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                x >> 40
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn round_trips_with_and_without_masks() {
        let ranks = sample(20_000);
        let masks: Vec<u16> = ranks.iter().map(|r| (r % 5) as u16).collect();
        let symbols = |basis| MaskSymbols {
            symbols: &masks,
            basis,
            codes: None,
        };
        let basis = [0x1_5555_5555, 0x0_f0f0_f0f0];
        // the contexts taken from the codes, when given, are those unranked from the ranks
        let codes: Vec<u64> = ranks
            .iter()
            .map(|&r| codec::unrank(r, 16, 33).unwrap())
            .collect();
        let given = MaskSymbols {
            codes: Some(&codes),
            ..symbols(&basis)
        };
        assert_eq!(
            encode(7, 33, 16, &ranks, Some(given)),
            encode(7, 33, 16, &ranks, Some(symbols(&basis)))
        );
        for m in [None, Some(symbols(&[])), Some(symbols(&basis))] {
            let bytes = encode(7, 33, 16, &ranks, m);
            let s = Shard::decode(&bytes).unwrap();
            assert!(s.index.len() > 1, "several chunks");
            let all = s.all().unwrap();
            assert_eq!(all.iter().map(|p| p.0).collect::<Vec<_>>(), ranks);
            if m.is_some() {
                assert_eq!(all.iter().map(|p| p.1).collect::<Vec<_>>(), masks);
            }
            assert_eq!(
                s.find(ranks[5000]),
                Found::Yes(m.map_or(0, |m| m.symbols[5000]))
            );
            assert_eq!(
                s.find(ranks[5000] + 1) == Found::No,
                !ranks.contains(&(ranks[5000] + 1))
            );
        }
    }

    #[test]
    fn masks_coded_per_context_cost_less_when_contexts_tell_them_apart() {
        let ranks = sample(20_000);
        let basis = [0x1_5555_5555u64, 0x0_f0f0_f0f0];
        // the symbol is fixed by the context: 2 bits a code without contexts, 1 with (a code
        // of one symbol still takes a bit)
        let masks: Vec<u16> = ranks
            .iter()
            .map(|&r| {
                let c = codec::unrank(r, 16, 33).unwrap();
                context(&basis, c) as u16
            })
            .collect();
        let size = |basis: &[u64]| {
            let bytes = encode(
                7,
                33,
                16,
                &ranks,
                Some(MaskSymbols {
                    symbols: &masks,
                    basis,
                    codes: None,
                }),
            );
            let s = Shard::decode(&bytes).unwrap();
            assert_eq!(
                s.all().unwrap().iter().map(|p| p.1).collect::<Vec<_>>(),
                masks
            );
            bytes.len()
        };
        let (flat, by_context) = (size(&[]), size(&basis));
        assert!(by_context + 2_000 < flat, "{by_context} vs {flat}");
    }

    #[test]
    fn chunks_arrive_one_at_a_time_and_are_checked() {
        let ranks = sample(20_000);
        let bytes = encode(7, 33, 16, &ranks, None);
        let s = Shard::read_header(&bytes, None).unwrap();
        let r = ranks[12_345];
        let Found::Missing(c) = s.find(r) else {
            panic!("nothing loaded yet")
        };
        let (from, to) = s.chunk_range(c);
        let mut wrong = bytes[from..to].to_vec();
        wrong[0] ^= 1;
        assert!(s
            .add_chunk(c, &wrong)
            .unwrap_err()
            .to_string()
            .contains("hash"));
        s.add_chunk(c, &bytes[from..to]).unwrap();
        assert_eq!(s.find(r), Found::Yes(0));
        assert_eq!(s.chunks_present(), 1);
    }

    #[test]
    fn a_crafted_header_cannot_ask_for_huge_allocations() {
        let ranks = sample(1000);
        let mut bytes = encode(7, 33, 16, &ranks, None);
        // claim a billion chunks of one code each: refused before anything is allocated
        bytes[21..25].copy_from_slice(&1_000_000_000u32.to_le_bytes());
        bytes[25..29].copy_from_slice(&1u32.to_le_bytes());
        bytes[29..33].copy_from_slice(&1_000_000_000u32.to_le_bytes());
        let e = Shard::read_header(&bytes, None).unwrap_err().to_string();
        assert!(e.contains("truncated"), "{e}");
    }
}
