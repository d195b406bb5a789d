//! Writes a shard (the layout is in the parent module's comment), in pieces that also let a
//! level be coded by several workers, each holding a range of it in rank order:
//!
//! 1. each range's [`Tally`] (how often each gap bucket and mask symbol occurs), added up;
//! 2. one [`Coder`] from the level's tally, the same on every worker;
//! 3. the level's bits ([`Coder::bits`], added up) fix the codes per chunk;
//! 4. each range codes the chunks that start in it ([`Coder::chunks`]);
//! 5. one writer puts the header before the chunks' bodies ([`Coder::assemble`]).
//!
//! The bytes are those of [`super::encode`] on the whole level, however it is split (a test
//! below holds them).

use std::collections::HashMap;

use super::{bucket, context, hash8, par_map, ChunkEntry, Head, CHUNK_BYTES, MAX_BASIS};
use crate::codec::{self, BitWriter};
use crate::huffman::Code;

/// Consecutive ranks of a level, ascending, with their mask symbols and their contexts, and
/// the level's rank just before them (none at the level's start).
pub struct Range<'a> {
    before: Option<u64>,
    ranks: &'a [u64],
    symbols: Option<&'a [u16]>,
    ctx: Vec<usize>,
}

impl<'a> Range<'a> {
    /// The range of `ranks` (with `symbols`, one per rank, when the level has masks), after
    /// `before`, of a level of `pegs` pegs on `holes` holes whose contexts have `basis`.
    #[inline]
    pub fn new(
        pegs: u8,
        holes: u8,
        basis: &[u64],
        before: Option<u64>,
        ranks: &'a [u64],
        symbols: Option<&'a [u16]>,
    ) -> Range<'a> {
        let basis = &basis[..basis.len().min(MAX_BASIS)];
        // each rank's context, from its code
        let ctx = match symbols {
            Some(_) => par_map(ranks, |r| {
                codec::unrank(r, u32::from(pegs), u32::from(holes)).map_or(0, |c| context(basis, c))
            }),
            None => Vec::new(),
        };
        Range {
            before,
            ranks,
            symbols,
            ctx,
        }
    }

    /// Calls `f` with each gap of the range: from `before` to the first rank, then between
    /// its ranks.
    #[inline]
    fn each_gap(&self, mut f: impl FnMut(u64)) {
        let mut prev = self.before;
        for &r in self.ranks {
            if let Some(p) = prev {
                f(r - p - 1);
            }
            prev = Some(r);
        }
    }
}

/// How often each gap bucket occurs, and each mask symbol in each context: the coding of a
/// level is made from these alone, and the tallies of a level's ranges add up to its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    gaps: [u64; 65],
    masks: Vec<HashMap<u16, u64>>,
}

impl Tally {
    /// The tally of `range`, whose level's contexts have `basis`.
    #[inline]
    pub fn of(range: &Range<'_>, basis: &[u64]) -> Tally {
        let mut t = Tally::empty(basis);
        range.each_gap(|g| t.gaps[usize::from(bucket(g))] += 1);
        if let Some(symbols) = range.symbols {
            for (&s, &c) in symbols.iter().zip(&range.ctx) {
                *t.masks[c].entry(s).or_default() += 1;
            }
        }
        t
    }

    /// Nothing counted, for a level whose contexts have `basis`.
    #[inline]
    pub fn empty(basis: &[u64]) -> Tally {
        Tally {
            gaps: [0; 65],
            masks: vec![HashMap::new(); 1 << basis.len().min(MAX_BASIS)],
        }
    }

    /// Adds another range's tally.
    pub fn add(&mut self, other: &Tally) {
        self.gaps
            .iter_mut()
            .zip(&other.gaps)
            .for_each(|(a, b)| *a += b);
        for (mine, theirs) in self.masks.iter_mut().zip(&other.masks) {
            for (&s, &n) in theirs {
                *mine.entry(s).or_default() += n;
            }
        }
    }

    /// As words, to send: the 65 gap counts, then (context, symbol, count) triples.
    pub fn to_words(&self) -> Vec<u64> {
        let mut out = self.gaps.to_vec();
        for (c, m) in self.masks.iter().enumerate() {
            for (&s, &n) in m {
                out.extend([c as u64, u64::from(s), n]);
            }
        }
        out
    }

    /// Adds a tally sent as words ([`Tally::to_words`]); false for words that are not one.
    pub fn add_words(&mut self, words: &[u64]) -> bool {
        let (gaps, rest) = words.split_at(words.len().min(65));
        if gaps.len() < 65 || rest.len() % 3 != 0 {
            return false;
        }
        self.gaps.iter_mut().zip(gaps).for_each(|(a, b)| *a += b);
        for t in rest.chunks_exact(3) {
            match (self.masks.get_mut(t[0] as usize), u16::try_from(t[1])) {
                (Some(m), Ok(s)) => *m.entry(s).or_default() += t[2],
                _ => return false,
            }
        }
        true
    }
}

/// One chunk, coded: its first rank, its bytes and their hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    /// The rank of its first code.
    pub first: u64,
    /// The coded chunk.
    pub bytes: Vec<u8>,
    /// The first 8 bytes of the SHA-256 of `bytes`.
    pub hash: [u8; 8],
}

/// The codes of a level: a Huffman code for the gaps' buckets, and one for the mask symbols
/// of each context.
pub struct Coder {
    basis: Vec<u64>,
    masks: bool,
    gap_code: Code,
    mask_codes: Vec<Code>,
    gap_table: [(u32, u8); 65],
    mask_tables: Vec<HashMap<u16, (u32, u8)>>,
}

impl Coder {
    /// The codes made from a level's whole tally (`masks`: whether its codes carry symbols).
    #[inline]
    pub fn new(tally: Tally, basis: &[u64], masks: bool) -> Coder {
        let basis = basis[..basis.len().min(MAX_BASIS)].to_vec();
        let sorted = |f: HashMap<u16, u64>| {
            let mut v: Vec<(u16, u64)> = f.into_iter().collect();
            v.sort_unstable();
            v
        };
        let gap_freq: Vec<(u16, u64)> = (0u16..).zip(tally.gaps).filter(|&(_, n)| n > 0).collect();
        let gap_code = Code::from_frequencies(&gap_freq);
        let mask_codes: Vec<Code> = tally
            .masks
            .into_iter()
            .map(|f| Code::from_frequencies(&sorted(f)))
            .collect();
        let mut gap_table = [(0u32, 0u8); 65];
        for (s, c, l) in gap_code.table() {
            if let Some(e) = gap_table.get_mut(usize::from(s)) {
                *e = (c, l);
            }
        }
        let mask_tables = mask_codes
            .iter()
            .map(|code| {
                code.table()
                    .into_iter()
                    .map(|(s, c, l)| (s, (c, l)))
                    .collect()
            })
            .collect();
        Coder {
            basis,
            masks,
            gap_code,
            mask_codes,
            gap_table,
            mask_tables,
        }
    }

    /// The code of the `i`-th symbol of `range` (none without masks).
    #[inline]
    fn mask_bits(&self, range: &Range<'_>, i: usize) -> (u32, u8) {
        range
            .symbols
            .and_then(|s| self.mask_tables[range.ctx[i]].get(&s[i]).copied())
            .unwrap_or((0, 0))
    }

    /// The bits `range` takes: its gaps (the one from `before` too) and its mask symbols.
    #[inline]
    pub fn bits(&self, range: &Range<'_>) -> u64 {
        let mut g = 0u64;
        range.each_gap(|gap| {
            let b = bucket(gap);
            g += u64::from(self.gap_table[usize::from(b)].1) + u64::from(b.saturating_sub(1));
        });
        let m: u64 = (0..range.ctx.len())
            .map(|i| u64::from(self.mask_bits(range, i).1))
            .sum();
        g + m
    }

    /// Codes per chunk for a level of `codes` codes in `bits` bits: chunks of about
    /// [`CHUNK_BYTES`].
    #[inline]
    pub fn per_chunk(bits: u64, codes: u64) -> u32 {
        let bits_per_code = (bits / codes.max(1)).max(1);
        ((CHUNK_BYTES as u64 * 8) / bits_per_code).clamp(64, 1 << 16) as u32
    }

    /// The chunks of `range` coded, `per_chunk` codes each (the last may hold fewer): the
    /// range must start where a chunk of its level starts. The chunks are coded apart from
    /// each other, in parallel where the build has threads.
    #[inline]
    pub fn chunks(&self, range: &Range<'_>, per_chunk: u32) -> Vec<Body> {
        let per_chunk = per_chunk as usize;
        let code = |c: usize| -> Body {
            let base = c * per_chunk;
            let chunk = &range.ranks[base..(base + per_chunk).min(range.ranks.len())];
            let mut w = BitWriter::default();
            for (i, &r) in chunk.iter().enumerate() {
                if i > 0 {
                    let gap = r - chunk[i - 1] - 1;
                    let b = bucket(gap);
                    let (code, len) = self.gap_table[usize::from(b)];
                    w.put(u64::from(code), u32::from(len));
                    if b > 1 {
                        w.put(gap, u32::from(b) - 1);
                    }
                }
                if self.masks {
                    let (code, len) = self.mask_bits(range, base + i);
                    w.put(u64::from(code), u32::from(len));
                }
            }
            let bytes = w.finish();
            Body {
                first: chunk[0],
                hash: hash8(&bytes),
                bytes,
            }
        };
        let chunks = range.ranks.len().div_ceil(per_chunk);
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            (0..chunks).into_par_iter().map(code).collect()
        }
        #[cfg(not(feature = "parallel"))]
        (0..chunks).map(code).collect()
    }

    /// The shard: its header (with the index of `bodies`) and then the bodies, for a level
    /// of `codes` codes with `pegs` pegs on a board of `holes` holes.
    #[inline]
    pub fn assemble(
        &self,
        geometry: u64,
        holes: u8,
        pegs: u8,
        codes: u32,
        per_chunk: u32,
        bodies: Vec<Body>,
    ) -> Vec<u8> {
        let mut data = Vec::with_capacity(bodies.iter().map(|b| b.bytes.len()).sum());
        let mut index = Vec::with_capacity(bodies.len());
        for b in bodies {
            index.push(ChunkEntry {
                first: b.first,
                offset: data.len() as u32,
                hash: b.hash,
            });
            data.extend_from_slice(&b.bytes);
        }
        let head = Head {
            geometry,
            holes,
            pegs,
            codes,
            per_chunk,
            gap_code: &self.gap_code,
            masks: self
                .masks
                .then_some((&self.basis[..], &self.mask_codes[..])),
        };
        head.write(&index, &data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::{encode, MaskSymbols};

    /// A level coded in ranges, as a cluster's workers code it, is the same bytes as coded
    /// whole.
    #[test]
    fn a_level_coded_in_ranges_is_the_same_bytes_as_coded_whole() {
        let ranks: Vec<u64> = (0..30_000u64).map(|i| i * 7 + (i * i) % 5).collect();
        let symbols: Vec<u16> = ranks.iter().map(|r| (r % 7) as u16).collect();
        let basis = [0x1_5555_5555u64, 0x0_f0f0_f0f0];
        let whole = encode(
            9,
            36,
            18,
            &ranks,
            Some(MaskSymbols {
                symbols: &symbols,
                basis: &basis,
                codes: None,
            }),
        );
        // three ranges of uneven sizes, cut anywhere
        let cuts = [0, 11_111, 11_500, ranks.len()];
        let ranges: Vec<Range> = cuts
            .windows(2)
            .map(|w| {
                let before = w[0].checked_sub(1).map(|i| ranks[i]);
                let (r, s) = (&ranks[w[0]..w[1]], &symbols[w[0]..w[1]]);
                Range::new(18, 36, &basis, before, r, Some(s))
            })
            .collect();
        let mut tally = Tally::empty(&basis);
        for r in &ranges {
            assert!(tally.add_words(&Tally::of(r, &basis).to_words()));
        }
        let coder = Coder::new(tally, &basis, true);
        let bits: u64 = ranges.iter().map(|r| coder.bits(r)).sum();
        let per_chunk = Coder::per_chunk(bits, ranks.len() as u64) as usize;
        // each range then codes the chunks that start in it, taking their codes from the next
        let mut bodies = Vec::new();
        for w in cuts.windows(2) {
            let from = w[0].div_ceil(per_chunk) * per_chunk;
            let to = (w[1].div_ceil(per_chunk) * per_chunk).min(ranks.len());
            if from < to {
                let r = Range::new(
                    18,
                    36,
                    &basis,
                    None,
                    &ranks[from..to],
                    Some(&symbols[from..to]),
                );
                bodies.extend(coder.chunks(&r, per_chunk as u32));
            }
        }
        let split = coder.assemble(9, 36, 18, ranks.len() as u32, per_chunk as u32, bodies);
        assert!(whole.len() > 3 * CHUNK_BYTES, "several chunks");
        assert_eq!(split, whole);
        assert!(!Tally::empty(&basis).add_words(&[1, 2, 3]));
    }
}
