//! Data-parallel helpers: rayon with the `parallel` feature, plain loops without (wasm).
//!
//! The generator's sets are sorted vectors of codes. [`collect`] builds one from keys produced
//! in parallel: each worker drops its keys into buckets by their top bits (the first radix
//! pass, for free), then every bucket is radix sorted and deduplicated while it sits in cache.

/// The threads the parallel helpers run on (1 without the `parallel` feature).
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    1
}

/// Maps every element, keeping order.
pub fn map<T, F>(input: &[u64], f: F) -> Vec<T>
where
    T: Send,
    F: Fn(u64) -> T + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        input.par_iter().map(|&x| f(x)).collect()
    }
    #[cfg(not(feature = "parallel"))]
    input.iter().map(|&x| f(x)).collect()
}

/// `f` of every index below `len`, in parallel, in order (no list of the indices is made:
/// a level's can take gigabytes).
pub fn map_index<T, F>(len: usize, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize) -> T + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..len).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    (0..len).map(f).collect()
}

/// Where a worker of [`collect`] puts its keys: one vector per bucket of top bits. Below the
/// bucket bits only the low part is stored, as u32 when it fits (half the memory traffic).
#[derive(Default)]
pub struct Sink {
    shift: u32,
    wide: bool,
    narrow_bufs: Vec<Vec<u32>>,
    wide_bufs: Vec<Vec<u64>>,
}

impl Sink {
    /// Empties the sink for `buckets` buckets, keeping its memory.
    fn reset(&mut self, shift: u32, buckets: usize) {
        fn size<T>(bufs: &mut Vec<Vec<T>>, n: usize) {
            bufs.resize_with(n, Vec::new);
            bufs.iter_mut().for_each(Vec::clear);
        }
        self.shift = shift;
        self.wide = shift > 32;
        if self.wide {
            size(&mut self.wide_bufs, buckets);
        } else {
            size(&mut self.narrow_bufs, buckets);
        }
    }

    /// Gives each bucket room for `room(its length)` keys, and no more than twice that: a
    /// bucket kept from an earlier call that was far bigger is made anew, so the pool holds
    /// about what the current keys need rather than the most each bucket ever needed (which,
    /// over chunks whose keys spread differently, adds up to several times one chunk's keys).
    fn make_room(&mut self, room: impl Fn(usize) -> usize) {
        fn grow<T: Copy>(bufs: &mut [Vec<T>], room: impl Fn(usize) -> usize) {
            for b in bufs {
                let want = room(b.len());
                if b.capacity() < want || b.capacity() > 2 * want + 64 {
                    // a fresh vector: growing this one would copy all its old capacity
                    let mut v = Vec::with_capacity(want);
                    v.extend_from_slice(b);
                    *b = v;
                }
            }
        }
        if self.wide {
            grow(&mut self.wide_bufs, room);
        } else {
            grow(&mut self.narrow_bufs, room);
        }
    }

    /// Adds a key (below 2^bits, as promised to `collect`).
    #[inline]
    pub fn push(&mut self, key: u64) {
        let b = (key >> self.shift) as usize;
        if self.wide {
            self.wide_bufs[b].push(key);
        } else {
            self.narrow_bufs[b].push(key as u32);
        }
    }
}

/// Bucket memory kept from one [`collect`] to the next: fresh pages cost a page fault each,
/// and growing buckets cost copies.
#[derive(Default)]
pub struct Pool(std::sync::Mutex<Vec<Sink>>);

impl Pool {
    fn take(&self) -> Sink {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    fn give(&self, sinks: Vec<Sink>) {
        if let Ok(mut v) = self.0.lock() {
            v.extend(sinks);
        }
    }

    /// Frees the bucket memory kept (before work that needs the memory for something else).
    #[cfg(feature = "outcore")]
    pub fn clear(&self) {
        if let Ok(mut v) = self.0.lock() {
            *v = Vec::new();
        }
    }
}

/// A stored key: the low bits of a code.
trait Low: Copy + Ord + Default + Send + Sync + std::ops::BitOr<Output = Self> {
    fn low(self) -> u64;
}

impl Low for u32 {
    #[inline]
    fn low(self) -> u64 {
        u64::from(self)
    }
}

impl Low for u64 {
    #[inline]
    fn low(self) -> u64 {
        self
    }
}

/// [`merge_equal`] of whole keys, for the merges of runs out of core.
#[cfg(feature = "outcore")]
pub(crate) fn merge_equal_keys(v: &mut Vec<u64>, mask_bits: u32) {
    merge_equal(v, mask_bits)
}

/// Sorted keys made unique by code: without mask bits (`mask_bits` 0) a plain `dedup`; with
/// them, the keys of one code (`key >> mask_bits`) become one, their masks ORed together.
fn merge_equal<K: Low>(v: &mut Vec<K>, mask_bits: u32) {
    if mask_bits == 0 {
        v.dedup();
        return;
    }
    let mut w = 0;
    for r in 0..v.len() {
        if w > 0 && v[w - 1].low() >> mask_bits == v[r].low() >> mask_bits {
            v[w - 1] = v[w - 1] | v[r];
        } else {
            v[w] = v[r];
            w += 1;
        }
    }
    v.truncate(w);
}

/// Scratch space of one worker finishing buckets.
struct Scratch<K> {
    v: Vec<K>,
    tmp: Vec<K>,
    counts: Vec<u32>,
}

impl<K> Default for Scratch<K> {
    fn default() -> Self {
        Scratch {
            v: Vec::new(),
            tmp: Vec::new(),
            counts: Vec::new(),
        }
    }
}

/// One counting-sort pass of `src` (several slices) into `dst` by the digit at `shift`;
/// `counts` holds that digit's histogram and is used up.
#[inline]
fn scatter<'a, K: Low + 'a>(
    src: impl Iterator<Item = &'a [K]>,
    dst: &mut [K],
    shift: u32,
    width: u32,
    counts: &mut [u32],
) {
    let mut sum = 0;
    for c in counts.iter_mut() {
        let k = *c;
        *c = sum;
        sum += k;
    }
    let mask = (1u64 << width) - 1;
    for part in src {
        for &x in part {
            let d = (x.low() >> shift & mask) as usize;
            dst[counts[d] as usize] = x;
            counts[d] += 1;
        }
    }
}

/// The keys of one bucket (gathered from every worker), sorted by their low `bits` bits and
/// deduplicated (by code, their masks merged: [`merge_equal`]), into `sc.v`: LSD radix in at
/// most three passes, else a comparison sort.
fn sort_bucket<'a, K: Low + 'a>(
    parts: impl Iterator<Item = &'a [K]> + Clone,
    bits: u32,
    mask_bits: u32,
    sc: &mut Scratch<K>,
) {
    let total: usize = parts.clone().map(<[K]>::len).sum();
    // the radix passes order the codes alone (the bits above the masks): the keys of a code
    // end up side by side, in any order, which is all their merge needs
    let lo = mask_bits;
    let passes = (bits - lo).div_ceil(11);
    sc.v.clear();
    if total < 256 || passes == 0 || passes > 3 || total >= u32::MAX as usize {
        for p in parts {
            sc.v.extend_from_slice(p);
        }
        sc.v.sort_unstable();
        merge_equal(&mut sc.v, mask_bits);
        return;
    }
    let width = (bits - lo).div_ceil(passes);
    let size = 1usize << width;
    let mask = (size - 1) as u64;
    sc.counts.clear();
    sc.counts.resize(3 * size, 0);
    let (c0, rest) = sc.counts.split_at_mut(size);
    let (c1, c2) = rest.split_at_mut(size);
    for p in parts.clone() {
        if passes < 3 {
            for &x in p {
                let x = x.low() >> lo;
                c0[(x & mask) as usize] += 1;
                c1[(x >> width & mask) as usize] += 1;
            }
        } else {
            for &x in p {
                let x = x.low() >> lo;
                c0[(x & mask) as usize] += 1;
                c1[(x >> width & mask) as usize] += 1;
                c2[(x >> (2 * width) & mask) as usize] += 1;
            }
        }
    }
    sc.v.resize(total, K::default());
    sc.tmp.resize(total, K::default());
    match passes {
        1 => scatter(parts, &mut sc.v, lo, width, c0),
        2 => {
            scatter(parts, &mut sc.tmp, lo, width, c0);
            scatter(
                std::iter::once(&sc.tmp[..]),
                &mut sc.v,
                lo + width,
                width,
                c1,
            );
        }
        _ => {
            scatter(parts, &mut sc.v, lo, width, c0);
            scatter(
                std::iter::once(&sc.v[..]),
                &mut sc.tmp,
                lo + width,
                width,
                c1,
            );
            scatter(
                std::iter::once(&sc.tmp[..]),
                &mut sc.v,
                lo + 2 * width,
                width,
                c2,
            );
        }
    }
    merge_equal(&mut sc.v, mask_bits);
}

/// Which keys [`collect`] keeps.
#[derive(Clone, Copy)]
enum Filter<'a> {
    /// Those in a sorted set (the members in this bucket's range, per bucket).
    Within(&'a [u64]),
    /// Those a test passes (once per distinct key).
    Test(&'a (dyn Fn(u64) -> bool + Sync)),
}

/// Sorted unique codes of bucket `b` that `filter` keeps (all of them without one). With
/// mask bits, the filter sees codes (`key >> mask_bits`), and a key kept within a set takes
/// the mask of the set's key for its code as well.
fn finish_bucket<'a, K: Low + 'a>(
    parts: impl Iterator<Item = &'a [K]> + Clone,
    b: usize,
    shift: u32,
    mask_bits: u32,
    filter: Option<Filter>,
    sc: &mut Scratch<K>,
) -> Vec<u64> {
    if matches!(filter, Some(Filter::Within([]))) {
        return Vec::new();
    }
    sort_bucket(parts, shift, mask_bits, sc);
    let high = (b as u64) << shift;
    let keys = sc.v.iter().map(|k| high | k.low());
    match filter {
        None => keys.collect(),
        Some(Filter::Test(keep)) => keys.filter(|&k| keep(k >> mask_bits)).collect(),
        Some(Filter::Within(w)) => {
            let mut out = Vec::new();
            let mut w = w.iter().peekable();
            for k in keys {
                let code = k >> mask_bits;
                while w.next_if(|&&x| x >> mask_bits < code).is_some() {}
                if let Some(&x) = w.next_if(|&&x| x >> mask_bits == code) {
                    out.push(k | x);
                }
            }
            out
        }
    }
}

/// One worker's share of `collect`: its keys in buckets. One element in 32 goes first, to
/// size the buckets for the rest: buckets that grow copy themselves, and fresh pages fault.
fn produce_part<F: Fn(u64, &mut Sink)>(
    part: &[u64],
    shift: u32,
    buckets: usize,
    pool: &Pool,
    produce: &F,
) -> Sink {
    const STEP: usize = 32;
    let mut sink = pool.take();
    sink.reset(shift, buckets);
    for &x in part.iter().step_by(STEP) {
        produce(x, &mut sink);
    }
    let scale = part.len() as f64 / part.len().div_ceil(STEP).max(1) as f64;
    sink.make_room(|n| (n as f64 * scale * 1.25) as usize + 16);
    for (i, &x) in part.iter().enumerate() {
        if i % STEP != 0 {
            produce(x, &mut sink);
        }
    }
    sink
}

/// Sorted, deduplicated keys that `produce` emits for the elements of `input`, run in
/// parallel. Keys must be below 2^`bits`. With `within` (sorted), only keys in it are kept.
pub fn collect<F>(
    pool: &Pool,
    input: &[u64],
    bits: u32,
    within: Option<&[u64]>,
    produce: F,
) -> Vec<u64>
where
    F: Fn(u64, &mut Sink) + Sync + Send,
{
    let filter = within.map(Filter::Within);
    collect_filtered(pool, input, guess(input), (bits, 0), filter, produce)
}

/// Like [`collect`], for about `expect` keys in all that carry a mask in their low
/// `mask_bits` bits under the code (`code << mask_bits | mask`): the keys of one code become
/// one, their masks ORed, and a key kept within `within` (keys of the same shape) takes its
/// member's mask too.
#[cfg(any(feature = "outcore", test))]
pub fn collect_masked<F>(
    pool: &Pool,
    input: &[u64],
    expect: usize,
    bits: u32,
    mask_bits: u32,
    within: Option<&[u64]>,
    produce: F,
) -> Vec<u64>
where
    F: Fn(u64, &mut Sink) + Sync + Send,
{
    let filter = within.map(Filter::Within);
    collect_filtered(pool, input, expect, (bits, mask_bits), filter, produce)
}

/// Like [`collect`], keeping only the keys that `keep` passes; it runs once per distinct key,
/// in parallel, while the key's bucket is in cache.
pub fn collect_kept<F>(
    pool: &Pool,
    input: &[u64],
    bits: u32,
    keep: &(dyn Fn(u64) -> bool + Sync),
    produce: F,
) -> Vec<u64>
where
    F: Fn(u64, &mut Sink) + Sync + Send,
{
    let filter = Some(Filter::Test(keep));
    collect_filtered(pool, input, guess(input), (bits, 0), filter, produce)
}

/// The keys a level step makes when nothing better is known: about 8 per element.
fn guess(input: &[u64]) -> usize {
    input.len().saturating_mul(8)
}

/// The collects' common body: about `expect` keys, below 2^bits, each with its low
/// `mask_bits` a mask.
fn collect_filtered<F>(
    pool: &Pool,
    input: &[u64],
    expect: usize,
    (bits, mask_bits): (u32, u32),
    filter: Option<Filter>,
    produce: F,
) -> Vec<u64>
where
    F: Fn(u64, &mut Sink) + Sync + Send,
{
    // aim at ~4096 keys per bucket
    let expect = expect.max(1);
    let top = (usize::BITS - 1 - (expect >> 12).max(1).leading_zeros())
        .clamp(1, 16)
        .min(bits - mask_bits);
    let shift = bits - top;
    let buckets = 1usize << top;
    let run = |part: &[u64]| produce_part(part, shift, buckets, pool, &produce);
    // The filter of bucket b: a set narrowed to its members in the bucket.
    let range = |b: usize| {
        filter.map(|f| match f {
            Filter::Within(w) => {
                let lo = w.partition_point(|&x| ((x >> shift) as usize) < b);
                let hi = w.partition_point(|&x| ((x >> shift) as usize) <= b);
                Filter::Within(&w[lo..hi])
            }
            test => test,
        })
    };
    let finish = |sinks: &[Sink], b: usize, n: &mut Scratch<u32>, w: &mut Scratch<u64>| {
        if shift > 32 {
            finish_bucket(
                sinks.iter().map(|s| &s.wide_bufs[b][..]),
                b,
                shift,
                mask_bits,
                range(b),
                w,
            )
        } else {
            finish_bucket(
                sinks.iter().map(|s| &s.narrow_bufs[b][..]),
                b,
                shift,
                mask_bits,
                range(b),
                n,
            )
        }
    };
    #[cfg(feature = "parallel")]
    let outs: Vec<Vec<u64>> = {
        use rayon::prelude::*;
        let parts = rayon::current_num_threads() * 4;
        let size = input.len().div_ceil(parts).max(1 << 12);
        let sinks: Vec<Sink> = input.par_chunks(size).map(run).collect();
        let outs = (0..buckets)
            .into_par_iter()
            .map_init(
                || (Scratch::default(), Scratch::default()),
                |(n, w), b| finish(&sinks, b, n, w),
            )
            .collect();
        pool.give(sinks);
        outs
    };
    #[cfg(not(feature = "parallel"))]
    let outs: Vec<Vec<u64>> = {
        let sinks = vec![run(input)];
        let (mut n, mut w) = (Scratch::default(), Scratch::default());
        let outs = (0..buckets)
            .map(|b| finish(&sinks, b, &mut n, &mut w))
            .collect();
        pool.give(sinks);
        outs
    };
    concat(outs)
}

/// The parts joined, copied in parallel.
pub(super) fn concat(parts: Vec<Vec<u64>>) -> Vec<u64> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let total = parts.iter().map(Vec::len).sum();
        let mut out = vec![0u64; total];
        let mut rest = &mut out[..];
        let mut pieces = Vec::with_capacity(parts.len());
        for p in &parts {
            let (a, b) = rest.split_at_mut(p.len());
            pieces.push(a);
            rest = b;
        }
        pieces
            .into_par_iter()
            .zip(&parts)
            .for_each(|(d, p)| d.copy_from_slice(p));
        out
    }
    #[cfg(not(feature = "parallel"))]
    parts.concat()
}

/// The elements for which `keep` holds, in order.
pub fn filter<F>(input: &[u64], keep: F) -> Vec<u64>
where
    F: Fn(u64) -> bool + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let parts: Vec<Vec<u64>> = input
            .par_chunks(1 << 12)
            .map(|c| c.iter().copied().filter(|&x| keep(x)).collect())
            .collect();
        parts.concat()
    }
    #[cfg(not(feature = "parallel"))]
    input.iter().copied().filter(|&x| keep(x)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: usize, bits: u32) -> Vec<u64> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // few distinct keys, so that there are duplicates
                ((x >> 3) % 5000 * 0x9e37_79b9) & (u64::MAX >> (64 - bits))
            })
            .collect()
    }

    #[test]
    fn collect_sorts_and_deduplicates() {
        for (n, bits) in [
            (0, 10),
            (10, 3),
            (1000, 20),
            (100_000, 33),
            (50_000, 60),
            (20_000, 64),
        ] {
            let input: Vec<u64> = (0..n as u64).collect();
            let raw = keys(3 * n, bits);
            let pool = Pool::default();
            let got = collect(&pool, &input, bits, None, |i, out| {
                for k in 0..3 {
                    out.push(raw[3 * i as usize + k]);
                }
            });
            let mut want = raw.clone();
            want.sort_unstable();
            want.dedup();
            assert_eq!(got, want, "{n} keys of {bits} bits");
            let within: Vec<u64> = want
                .iter()
                .copied()
                .step_by(3)
                .chain([1u64 << (bits - 1)])
                .collect();
            let mut within = within;
            within.sort_unstable();
            within.dedup();
            let got = collect(&pool, &input, bits, Some(&within), |i, out| {
                for k in 0..3 {
                    out.push(raw[3 * i as usize + k]);
                }
            });
            let want: Vec<u64> = want
                .iter()
                .copied()
                .filter(|k| within.binary_search(k).is_ok())
                .collect();
            assert_eq!(got, want, "{n} keys of {bits} bits, within");
        }
    }

    #[test]
    fn collect_masked_merges_the_masks_of_a_code() {
        for (n, bits, mask_bits) in [
            (0, 12, 4),
            (1000, 20, 8),
            (100_000, 45, 8),
            (20_000, 58, 12),
        ] {
            let input: Vec<u64> = (0..n as u64).collect();
            let raw = keys(3 * n, bits);
            // what the keys of each code should merge into: their masks ORed
            let by_code = |keys: &[u64]| {
                let mut m = std::collections::BTreeMap::<u64, u64>::new();
                for &k in keys {
                    *m.entry(k >> mask_bits).or_default() |= k & ((1 << mask_bits) - 1);
                }
                m
            };
            let want: Vec<u64> = by_code(&raw)
                .into_iter()
                .map(|(c, m)| c << mask_bits | m)
                .collect();
            let pool = Pool::default();
            let produce = |i: u64, out: &mut Sink| {
                for k in 0..3 {
                    out.push(raw[3 * i as usize + k]);
                }
            };
            let expect = input.len() * 4;
            let got = collect_masked(&pool, &input, expect, bits, mask_bits, None, produce);
            assert_eq!(got, want, "{n} keys of {bits} bits");
            // within: every third code, with masks of its own, which the kept keys take too
            let within: Vec<u64> = want
                .iter()
                .step_by(3)
                .map(|&k| (k >> mask_bits) << mask_bits | (k >> 7 & 0x5))
                .collect();
            let members = by_code(&within);
            let got = collect_masked(
                &pool,
                &input,
                expect,
                bits,
                mask_bits,
                Some(&within),
                produce,
            );
            let want: Vec<u64> = want
                .iter()
                .filter_map(|&k| members.get(&(k >> mask_bits)).map(|m| k | m))
                .collect();
            assert_eq!(got, want, "{n} keys of {bits} bits, within");
        }
    }
}
