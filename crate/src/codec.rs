//! Compact storage of a sorted set of codes that all have the same number of pegs.
//!
//! Each code is replaced by its colex rank among the codes with that many pegs (the rank
//! keeps the numeric order, and its range is C(N, n) instead of 2^N), and the gaps between
//! consecutive ranks are Rice-coded with the parameter that suits their mean.

use crate::error::{Error, Result};

/// Binomial coefficients C(n, k) for n, k ≤ 64, computed at compile time (saturating; every
/// value used for ranks, C(n, k) with n ≤ 64, fits in a u64).
static BINOMIAL: [[u64; 65]; 65] = {
    let mut t = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1].saturating_add(if k < n { t[n - 1][k] } else { 0 });
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    if k > n || n > 64 {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The colex rank of a code among codes with as many pegs. It keeps the numeric order, so a
/// sorted list of codes becomes a sorted list of ranks.
#[inline]
pub fn rank(code: u64) -> u64 {
    let mut r = 0u64;
    let mut rest = code;
    let mut j = 1;
    while rest != 0 {
        r = r.wrapping_add(binomial(rest.trailing_zeros(), j));
        j += 1;
        rest &= rest - 1;
    }
    r
}

/// The code with `pegs` pegs on `holes` holes whose rank is `r`, if there is one.
pub fn unrank(mut r: u64, pegs: u32, holes: u32) -> Option<u64> {
    let mut code = 0u64;
    let mut p = holes;
    for j in (1..=pegs).rev() {
        // largest p below the previous one with C(p, j) <= r
        loop {
            if p == 0 {
                return None;
            }
            p -= 1;
            if binomial(p, j) <= r {
                break;
            }
        }
        r -= binomial(p, j);
        code |= 1u64 << p;
    }
    (r == 0).then_some(code)
}

/// Encodes ranks (sorted ascending, distinct): returns the Rice parameter and the bytes.
pub fn encode(ranks: &[u64]) -> (u8, Vec<u8>) {
    let span = ranks.last().map_or(0, |&r| r + 1);
    let mean = if ranks.is_empty() {
        1
    } else {
        (span / ranks.len() as u64).max(1)
    };
    let k = (63 - mean.leading_zeros()).min(62) as u8;
    let mut w = BitWriter::default();
    let mut prev: Option<u64> = None;
    for &r in ranks {
        let gap = match prev {
            Some(p) => r - p - 1,
            None => r,
        };
        let q = gap >> k;
        for _ in 0..q {
            w.push(1);
        }
        w.push(0);
        for i in (0..k).rev() {
            w.push((gap >> i & 1) as u8);
        }
        prev = Some(r);
    }
    (k, w.finish())
}

/// Decodes `count` ranks of positions with `pegs` pegs on a board of `holes` holes, checking
/// that they are increasing and in range.
pub fn decode(bytes: &[u8], k: u8, count: usize, pegs: u32, holes: u32) -> Result<Vec<u64>> {
    let bad = |what: &str| Error::BadTable(format!("level with {pegs} pegs: {what}"));
    if k > 62 || pegs > holes || holes > 64 {
        return Err(bad("bad parameters"));
    }
    let limit = binomial(holes, pegs);
    if count as u64 > limit {
        return Err(bad("more codes than positions"));
    }
    let mut r = BitReader { bytes, pos: 0 };
    let mut out = Vec::with_capacity(count);
    let mut prev: Option<u64> = None;
    for _ in 0..count {
        let mut q = 0u64;
        loop {
            match r.next() {
                Some(1) => q += 1,
                Some(_) => break,
                None => return Err(bad("data ends early")),
            }
            if q > limit {
                return Err(bad("gap too large"));
            }
        }
        let mut low = 0u64;
        for _ in 0..k {
            low = low << 1 | u64::from(r.next().ok_or_else(|| bad("data ends early"))?);
        }
        let gap = q
            .checked_shl(u32::from(k))
            .ok_or_else(|| bad("gap too large"))?
            | low;
        let rk = match prev {
            Some(p) => p.checked_add(gap).and_then(|v| v.checked_add(1)),
            None => Some(gap),
        }
        .filter(|&v| v < limit)
        .ok_or_else(|| bad("code out of range"))?;
        out.push(rk);
        prev = Some(rk);
    }
    if r.pos.div_ceil(8) != bytes.len() {
        return Err(bad("trailing data"));
    }
    Ok(out)
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn push(&mut self, bit: u8) {
        if self.used.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit != 0 {
            if let Some(last) = self.bytes.last_mut() {
                *last |= 0x80 >> (self.used % 8);
            }
        }
        self.used = (self.used + 1) % 8;
    }
    fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.pos / 8)?;
        let bit = byte >> (7 - self.pos % 8) & 1;
        self.pos += 1;
        Some(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn round_trips(mut raw in proptest::collection::vec(0u64..(1u64 << 33), 0..300), pegs in 1u32..32) {
            // keep the codes with the right number of pegs by forcing popcount
            let mut codes: Vec<u64> = raw.drain(..).map(|c| {
                let mut c = c;
                while c.count_ones() > pegs { c &= c - 1; }
                let mut k = 0;
                while c.count_ones() < pegs { c |= 1 << k; k += 1; }
                c
            }).collect();
            codes.sort_unstable();
            codes.dedup();
            let ranks: Vec<u64> = codes.iter().map(|&c| rank(c)).collect();
            let (k, bytes) = encode(&ranks);
            let back = decode(&bytes, k, codes.len(), pegs, 33).unwrap();
            prop_assert_eq!(&back, &ranks);
            let again: Vec<u64> = back.iter().map(|&r| unrank(r, pegs, 33).unwrap()).collect();
            prop_assert_eq!(again, codes);
        }
    }

    #[test]
    fn rank_is_order_preserving() {
        let mut codes: Vec<u64> = (0u64..(1 << 10)).filter(|c| c.count_ones() == 4).collect();
        codes.sort_unstable();
        for (i, &c) in codes.iter().enumerate() {
            assert_eq!(rank(c), i as u64);
            assert_eq!(unrank(i as u64, 4, 10), Some(c));
        }
    }
}
