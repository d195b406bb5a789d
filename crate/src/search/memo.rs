//! The live solver's transposition table: settled positions by canonical code, in buckets of
//! one cache line each, so a lookup costs one memory access (two hash maps cost two, and
//! their rehashing showed in profiles). It is lossy: when a bucket is full, the entry with the
//! fewest pegs (the cheapest to settle again) gives way. Only proven answers are stored, so
//! losing one costs time, never soundness.

/// Entries per bucket: seven keys and their answers fill 64 bytes.
const WAYS: usize = 7;

/// One cache line: keys and answers (0 empty, 1 winning, 2 not winning).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Bucket {
    keys: [u64; WAYS],
    vals: [u8; WAYS],
    _pad: u8,
}

const EMPTY: Bucket = Bucket {
    keys: [0; WAYS],
    vals: [0; WAYS],
    _pad: 0,
};

/// Buckets when the table is first used (grows by doubling up to `max`).
const FIRST_BITS: u32 = 10;

/// Settled positions, lossy, in at most `2^max_bits` buckets of 64 bytes.
#[derive(Clone)]
pub struct Memo {
    buckets: Vec<Bucket>,
    bits: u32,
    max_bits: u32,
    len: usize,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Memo({} of {} slots)",
            self.len,
            self.buckets.len() * WAYS
        )
    }
}

impl Memo {
    /// An empty table that will use at most `64 << max_bits` bytes.
    pub fn new(max_bits: u32) -> Memo {
        Memo {
            buckets: Vec::new(),
            bits: 0,
            max_bits: max_bits.max(FIRST_BITS),
            len: 0,
        }
    }

    /// Positions stored now.
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    /// The answer stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<bool> {
        if self.bits == 0 {
            return None;
        }
        let b = &self.buckets[self.index(key)];
        (0..WAYS)
            .find(|&i| b.vals[i] != 0 && b.keys[i] == key)
            .map(|i| b.vals[i] == 1)
    }

    /// Stores an answer for `key` (a position of two pegs or more).
    pub fn put(&mut self, key: u64, winning: bool) {
        if self.bits < self.max_bits && self.len >= self.buckets.len() * WAYS / 2 {
            self.grow();
        }
        let i = self.index(key);
        let val = if winning { 1 } else { 2 };
        let b = &mut self.buckets[i];
        if let Some(s) = (0..WAYS).find(|&s| b.vals[s] != 0 && b.keys[s] == key) {
            b.vals[s] = val;
            return;
        }
        let slot = match (0..WAYS).find(|&s| b.vals[s] == 0) {
            Some(s) => {
                self.len += 1;
                s
            }
            // full: the entry with the fewest pegs is the cheapest to find again
            None => (0..WAYS)
                .min_by_key(|&s| b.keys[s].count_ones())
                .unwrap_or(0),
        };
        b.keys[slot] = key;
        b.vals[slot] = val;
    }

    /// Doubles the buckets (or makes the first ones) and stores every entry again.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.buckets);
        self.bits = if self.bits == 0 {
            FIRST_BITS
        } else {
            self.bits + 1
        };
        self.buckets = vec![EMPTY; 1 << self.bits];
        self.len = 0;
        for b in &old {
            for s in 0..WAYS {
                if b.vals[s] != 0 {
                    self.put(b.keys[s], b.vals[s] == 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_fits_and_never_answers_wrongly() {
        let mut m = Memo::new(12);
        let key = |i: u64| i << 2 | 3;
        for i in 0..10_000u64 {
            m.put(key(i), i % 3 == 0);
        }
        assert_eq!(m.len(), 10_000);
        for i in 0..10_000u64 {
            assert_eq!(m.get(key(i)), Some(i % 3 == 0), "{i}");
        }
        assert_eq!(m.get(12345 << 41 | 1), None);
        // past its size it forgets, but what it answers is still right
        for i in 0..100_000u64 {
            m.put(key(i), i % 3 == 0);
        }
        assert!(m.len() <= (1 << 12) * WAYS);
        let kept = (0..100_000u64)
            .filter(|&i| match m.get(key(i)) {
                Some(w) => {
                    assert_eq!(w, i % 3 == 0);
                    true
                }
                None => false,
            })
            .count();
        assert_eq!(kept, m.len());
        // an answer can be replaced
        m.put(key(7), false);
        assert_eq!(m.get(key(7)), Some(false));
    }
}
