//! Canonical Huffman codes over small alphabets (u16 symbols), for the table shards: the gaps
//! between ranks are bucketed by bit length and the bucket is Huffman-coded, which follows the
//! real, heavy-tailed gap distribution (about 2 bits a code better than Rice coding).

use crate::error::{Error, Fault, HuffmanFault, Result};

/// Longest code allowed; frequencies are flattened until every code fits.
pub const MAX_LEN: u8 = 24;

/// A canonical Huffman code: the (symbol, length) pairs fix it completely.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Code {
    /// (symbol, code length), sorted by length then symbol: the canonical order.
    pub lengths: Vec<(u16, u8)>,
    /// Per length l: the first canonical code of that length and the index of its first
    /// symbol in `lengths`.
    first: Vec<(u32, u32)>,
    /// Per length l: how many codes have that length.
    count: Vec<u32>,
}

impl Code {
    /// The optimal code for these symbol frequencies (symbols with frequency 0 get none).
    pub fn from_frequencies(freq: &[(u16, u64)]) -> Code {
        let mut present: Vec<(u16, u64)> = freq.iter().copied().filter(|f| f.1 > 0).collect();
        if present.is_empty() {
            return Code::from_lengths(Vec::new()).unwrap_or_default();
        }
        if present.len() == 1 {
            return Code::from_lengths(vec![(present[0].0, 1)]).unwrap_or_default();
        }
        loop {
            let lens = huffman_lengths(&present);
            if lens.iter().all(|&l| l <= MAX_LEN) {
                let pairs = present.iter().zip(lens).map(|(p, l)| (p.0, l)).collect();
                return Code::from_lengths(pairs).unwrap_or_default();
            }
            for p in &mut present {
                p.1 = p.1.div_ceil(2);
            }
        }
    }

    /// Rebuilds a code from its (symbol, length) pairs; refuses lengths that are no prefix code.
    pub fn from_lengths(mut lengths: Vec<(u16, u8)>) -> Result<Code> {
        crate::small_sort::heap_sort_by_key(&mut lengths, |&(s, l)| (l, s));
        let bad = |m: HuffmanFault| Error::from(Fault::Huffman(m));
        if lengths.iter().any(|&(_, l)| l == 0 || l > MAX_LEN) {
            return Err(bad(HuffmanFault::LengthOutOfRange));
        }
        if lengths.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(bad(HuffmanFault::SymbolTwice));
        }
        let mut count = vec![0u32; usize::from(MAX_LEN) + 1];
        for &(_, l) in &lengths {
            count[usize::from(l)] += 1;
        }
        // Kraft: the code space must not overflow.
        let mut space: u64 = 0;
        for (l, &c) in count.iter().enumerate().skip(1) {
            space += u64::from(c) << (usize::from(MAX_LEN) - l);
        }
        if space > 1u64 << MAX_LEN {
            return Err(bad(HuffmanFault::Overflow));
        }
        let mut first = vec![(0u32, 0u32); usize::from(MAX_LEN) + 1];
        let (mut code, mut index) = (0u32, 0u32);
        for l in 1..=usize::from(MAX_LEN) {
            first[l] = (code, index);
            code = (code + count[l]) << 1;
            index += count[l];
        }
        Ok(Code {
            lengths,
            first,
            count,
        })
    }

    /// The code of every symbol: (symbol, code bits, length), for an encoder.
    pub fn table(&self) -> Vec<(u16, u32, u8)> {
        let mut out = Vec::with_capacity(self.lengths.len());
        let mut next = self.first.clone();
        for &(s, l) in &self.lengths {
            let slot = &mut next[usize::from(l)];
            out.push((s, slot.0, l));
            slot.0 += 1;
        }
        out
    }

    /// Reads one symbol, bit by bit from `bit`.
    #[inline]
    pub fn read(&self, mut bit: impl FnMut() -> Option<u32>) -> Option<u16> {
        let mut code = 0u32;
        for l in 1..=usize::from(MAX_LEN) {
            code = code << 1 | bit()?;
            let (first, index) = self.first[l];
            let n = self.count[l];
            if n > 0 && code >= first && code - first < n {
                return self
                    .lengths
                    .get((index + code - first) as usize)
                    .map(|p| p.0);
            }
        }
        None
    }

    /// Serialises the pairs: count (u16), then (symbol u16, length u8) each.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.lengths.len() as u16).to_le_bytes());
        for &(s, l) in &self.lengths {
            out.extend_from_slice(&s.to_le_bytes());
            out.push(l);
        }
    }
}

/// Code lengths of a plain Huffman tree, in the order of `freq` (two or more symbols).
fn huffman_lengths(freq: &[(u16, u64)]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    // nodes: leaves 0..n, then internal nodes; parent links give depths
    let n = freq.len();
    let mut parent = vec![usize::MAX; 2 * n];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = freq
        .iter()
        .enumerate()
        .map(|(i, f)| Reverse((f.1, i)))
        .collect();
    let mut next = n;
    while heap.len() > 1 {
        let (Some(Reverse((fa, a))), Some(Reverse((fb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((fa + fb, next)));
        next += 1;
    }
    (0..n)
        .map(|i| {
            let mut d = 0u8;
            let mut k = i;
            while parent[k] != usize::MAX {
                k = parent[k];
                d = d.saturating_add(1);
            }
            d
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_prefix_free_and_decode() {
        let freq: Vec<(u16, u64)> = (0u16..40)
            .map(|s| (s * 3, 1 + (s as u64 % 7) * 100))
            .collect();
        let code = Code::from_frequencies(&freq);
        let table = code.table();
        let mut bits = Vec::new();
        for &(s, c, l) in &table {
            for i in (0..l).rev() {
                bits.push(c >> i & 1);
            }
            let _ = s;
        }
        let mut it = bits.into_iter();
        for &(s, _, _) in &table {
            assert_eq!(code.read(|| it.next()), Some(s));
        }
        let back = Code::from_lengths(code.lengths.clone()).unwrap();
        assert_eq!(back, code);
    }

    #[test]
    fn skewed_frequencies_stay_within_the_length_limit() {
        let freq: Vec<(u16, u64)> = (0u16..60).map(|s| (s, 1u64 << (s % 60).min(50))).collect();
        let code = Code::from_frequencies(&freq);
        assert!(code.lengths.iter().all(|&(_, l)| l <= MAX_LEN));
        assert_eq!(code.lengths.len(), 60);
    }

    #[test]
    fn bad_length_lists_are_refused() {
        assert!(Code::from_lengths(vec![(1, 1), (2, 1), (3, 1)]).is_err());
        assert!(Code::from_lengths(vec![(1, 0)]).is_err());
        assert!(Code::from_lengths(vec![(1, 2), (1, 3)]).is_err());
    }
}
