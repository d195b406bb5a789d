//! Ranks and bit and byte I/O for the table files.
//!
//! Each code is replaced by its colex rank among the codes with that many pegs (the rank
//! keeps the numeric order, and its range is C(N, n) instead of 2^N); `shard` codes the gaps
//! between consecutive ranks.

use crate::error::{Error, Fault, Result};

/// Binomial coefficients C(n, k) for n, k ≤ 64 (saturating; every value used for ranks,
/// C(n, k) with n ≤ 64, fits in a u64). Built on first use rather than stored in the binary:
/// the 34 KB table would otherwise be part of the page's wasm download.
fn binomials() -> &'static [[u64; 65]; 65] {
    static TABLE: std::sync::OnceLock<Box<[[u64; 65]; 65]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u64; 65]; 65]);
        for n in 0..=64 {
            t[n][0] = 1;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1].saturating_add(if k < n { t[n - 1][k] } else { 0 });
            }
        }
        t
    })
}

/// C(n, k), 0 when k > n (saturating above u64).
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n || n > 64 {
        0
    } else {
        binomials()[n as usize][k as usize]
    }
}

/// The colex rank of a code among codes with as many pegs. It keeps the numeric order, so a
/// sorted list of codes becomes a sorted list of ranks.
#[inline]
pub fn rank(code: u64) -> u64 {
    let t = binomials();
    let mut r = 0u64;
    let mut rest = code;
    let mut j = 1;
    while rest != 0 {
        // trailing_zeros < 64 and j ≤ 64 here, so both index in range
        r = r.wrapping_add(t[rest.trailing_zeros() as usize][j]);
        j += 1;
        rest &= rest - 1;
    }
    r
}

/// The code with `pegs` pegs on `holes` holes whose rank is `r`, if there is one.
pub fn unrank(mut r: u64, pegs: u32, holes: u32) -> Option<u64> {
    if pegs > holes || holes > 64 {
        return None;
    }
    // the table read once: a table's writer unranks every code of a level
    let t = binomials();
    let mut code = 0u64;
    let mut p = holes as usize;
    for j in (1..=pegs as usize).rev() {
        // largest p below the previous one with C(p, j) <= r
        loop {
            if p == 0 {
                return None;
            }
            p -= 1;
            if t[p][j] <= r {
                break;
            }
        }
        r -= t[p][j];
        code |= 1u64 << p;
    }
    (r == 0).then_some(code)
}

/// Writes bits, most significant first.
#[derive(Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    /// Bits not yet in a whole byte: the low `pending` bits.
    acc: u64,
    pending: u32,
}

impl BitWriter {
    /// Appends the low `n` bits of `value` (n ≤ 64), highest first.
    pub fn put(&mut self, value: u64, n: u32) {
        let mut left = n.min(64);
        while left > 0 {
            // at most 32 at a time: with fewer than 8 pending, the word holds them all
            let take = left.min(32);
            let bits = value >> (left - take) & ((1u64 << take) - 1);
            self.acc = self.acc << take | bits;
            self.pending += take;
            left -= take;
            while self.pending >= 8 {
                self.pending -= 8;
                self.bytes.push((self.acc >> self.pending) as u8);
            }
            self.acc &= (1u64 << self.pending) - 1;
        }
    }

    /// The bytes written (the last one padded with zeros).
    pub fn finish(mut self) -> Vec<u8> {
        if self.pending > 0 {
            self.bytes.push((self.acc << (8 - self.pending)) as u8);
        }
        self.bytes
    }
}

/// Reads bits, most significant first.
pub struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> BitReader<'a> {
    /// A reader at the first bit.
    pub fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, pos: 0 }
    }
    /// The next bit, or None at the end.
    #[inline]
    pub fn bit(&mut self) -> Option<u32> {
        let byte = *self.bytes.get(self.pos / 8)?;
        let bit = byte >> (7 - self.pos % 8) & 1;
        self.pos += 1;
        Some(u32::from(bit))
    }
    /// The next `n` bits as a number (n ≤ 64).
    #[inline]
    pub fn bits(&mut self, n: u32) -> Option<u64> {
        let mut v = 0u64;
        for _ in 0..n {
            v = v << 1 | u64::from(self.bit()?);
        }
        Some(v)
    }
}

/// Reads little-endian fields from bytes; every read is bounded by what is there.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the first byte.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }
    /// Bytes read so far.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// Bytes left.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }
    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| {
                Error::from(Fault::Truncated {
                    needs: n,
                    offset: self.pos,
                })
            })?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    /// A byte.
    pub fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    /// A u16.
    pub fn u16(&mut self) -> Result<u16> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    /// A u32.
    pub fn u32(&mut self) -> Result<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    /// A u64.
    pub fn u64(&mut self) -> Result<u64> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let mut w = BitWriter::default();
        for (v, n) in [(5u64, 3u32), (0, 1), (u64::MAX, 64), (1234, 11)] {
            w.put(v, n);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.bits(3), Some(5));
        assert_eq!(r.bits(1), Some(0));
        assert_eq!(r.bits(64), Some(u64::MAX));
        assert_eq!(r.bits(11), Some(1234));
    }

    #[test]
    fn bits_are_written_as_one_at_a_time() {
        // random widths and values (bits above the width set too), against the bits pushed
        // one by one, highest first, the last byte padded with zeros
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut w = BitWriter::default();
        let mut want: Vec<bool> = Vec::new();
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x >> 58) as u32 + u32::from(x & 1 == 0);
            w.put(x, n);
            want.extend((0..n).rev().map(|i| x >> i & 1 == 1));
        }
        let bytes: Vec<u8> = want
            .chunks(8)
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0, |b, (i, &on)| b | u8::from(on) << (7 - i))
            })
            .collect();
        assert_eq!(w.finish(), bytes);
    }

    #[test]
    fn rank_is_order_preserving() {
        let mut codes: Vec<u64> = (0u64..(1 << 10)).filter(|c| c.count_ones() == 4).collect();
        codes.sort_unstable();
        for (i, &c) in codes.iter().enumerate() {
            assert_eq!(rank(c), i as u64);
            assert_eq!(unrank(i as u64, 4, 10), Some(c));
        }
        // past the level's ranks, more pegs than holes, or more holes than a code has: none
        assert_eq!(unrank(codes.len() as u64, 4, 10), None);
        assert_eq!(unrank(0, 11, 10), None);
        assert_eq!(unrank(0, 1, 65), None);
        let c = 0x15_5555_5555u64; // 19 pegs of 37, as a French level
        assert_eq!(unrank(rank(c), 19, 37), Some(c));
    }
}
