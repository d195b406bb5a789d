//! The least of `a[s] ^ b[s]` two lanes at a time, for codes below 2^52 (boards of at most
//! 52 holes). x86-64 has no unsigned 64-bit minimum before AVX-512, but every x86-64 has
//! SSE2's minimum of doubles: a code below 2^52 with the exponent bits of 2^52 set is the
//! double 2^52 + code, and such doubles order as the codes do. Canonical forms are taken
//! for every key a level step makes, and the scalar chain of compares is a fifth of a
//! forward level's time.

use std::arch::x86_64::{
    __m128i, _mm_castpd_si128, _mm_castsi128_pd, _mm_cvtsi128_si64, _mm_min_pd, _mm_min_sd,
    _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x, _mm_unpackhi_pd, _mm_xor_si128,
};

/// Boards of at most this many holes take the fast path: their codes are below [`LIMIT`].
pub const HOLES: usize = 52;

/// Codes below this take the fast path.
pub const LIMIT: u64 = 1 << HOLES;

/// The exponent bits of 2^52.
const EXPONENT: u64 = 0x4330_0000_0000_0000;

/// The least of `a[s] ^ b[s]`; every element below [`LIMIT`] and `G` even.
#[inline]
pub fn min_xor<const G: usize>(a: &[u64; G], b: &[u64; G]) -> u64 {
    debug_assert!(G.is_multiple_of(2) && a.iter().chain(b).all(|&v| v < LIMIT));
    // SAFETY: SSE2 is part of every x86-64 target, and this module is built only for
    // x86-64; these are register operations (no memory is read through a pointer)
    unsafe {
        let pair = |v: &[u64; G], k: usize| _mm_set_epi64x(v[2 * k + 1] as i64, v[2 * k] as i64);
        let exponent = _mm_set1_epi64x(EXPONENT as i64);
        let lanes = |k| {
            let x: __m128i = _mm_xor_si128(pair(a, k), pair(b, k));
            _mm_castsi128_pd(_mm_or_si128(x, exponent))
        };
        let mut m = lanes(0);
        for k in 1..G / 2 {
            m = _mm_min_pd(m, lanes(k));
        }
        let m = _mm_min_sd(m, _mm_unpackhi_pd(m, m));
        _mm_cvtsi128_si64(_mm_castpd_si128(m)) as u64 ^ EXPONENT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn it_is_the_least(a in prop::array::uniform8(0..LIMIT), b in prop::array::uniform8(0..LIMIT)) {
            let want = (0..8).map(|s| a[s] ^ b[s]).min();
            prop_assert_eq!(Some(min_xor(&a, &b)), want);
        }

        #[test]
        fn ties_and_edges(v in prop::sample::select(vec![0, 1, LIMIT - 1, LIMIT / 2]), w in 0..LIMIT) {
            let a = [v, w, v, w];
            let b = [0, 0, w, v];
            prop_assert_eq!(min_xor(&a, &b), (0..4).map(|s| a[s] ^ b[s]).min().unwrap_or(0));
        }
    }
}
