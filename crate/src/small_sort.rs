//! Sorts that add little to the wasm the page downloads. The standard library's sorts are fast
//! on long slices, but each use (each element type and order) adds 2–5 KB of code. A stable
//! insertion sort serves the short lists the game sorts (holes, board points, symmetries,
//! tables, moves: at most a few hundred items); a heapsort serves longer lists sorted once,
//! off the hot paths (O(n log n), not stable); a quickselect serves the live solver's beam,
//! which keeps the best few thousand of a level (1.6 KB less gzipped wasm than the standard
//! library's `select_nth_unstable`).

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`. Quadratic: only for short slices.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` stably by a key. Quadratic: only for short slices.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` by a key with a heapsort: O(n log n), not stable (equal keys may swap).
pub fn heap_sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    let mut sift = |v: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && key(&v[child]) < key(&v[child + 1]) {
            child += 1;
        }
        if key(&v[root]) >= key(&v[child]) {
            break;
        }
        v.swap(root, child);
        root = child;
    };
    let n = v.len();
    for i in (0..n / 2).rev() {
        sift(v, i, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

/// Moves the `k` smallest elements of `v` by key to its front, in no particular order: a
/// quickselect (median-of-three pivots). A slice that keeps partitioning badly is finished by
/// the heapsort, so it stays O(n log n) at worst.
pub fn select_smallest_by_key<T, K: Ord>(v: &mut [T], k: usize, mut key: impl FnMut(&T) -> K) {
    let (mut lo, mut hi) = (0, v.len());
    let mut rounds = 2 * (usize::BITS - v.len().leading_zeros()) + 4;
    while lo < k && k < hi {
        if hi - lo <= 16 {
            sort_by_key(&mut v[lo..hi], &mut key);
            return;
        }
        if rounds == 0 {
            heap_sort_by_key(&mut v[lo..hi], &mut key);
            return;
        }
        rounds -= 1;
        let p = lo + partition(&mut v[lo..hi], &mut key);
        if p < k {
            lo = p + 1;
        } else {
            hi = p;
        }
    }
}

/// Partitions `v` (three elements or more) around the median of its first, middle and last
/// elements: smaller keys before it, the rest after. Returns where the pivot ends.
fn partition<T, K: Ord>(v: &mut [T], key: &mut impl FnMut(&T) -> K) -> usize {
    let last = v.len() - 1;
    let mid = last / 2;
    if key(&v[mid]) < key(&v[0]) {
        v.swap(mid, 0);
    }
    if key(&v[last]) < key(&v[0]) {
        v.swap(last, 0);
    }
    if key(&v[mid]) < key(&v[last]) {
        v.swap(mid, last);
    }
    // v[0] ≤ v[last] ≤ v[mid]: the median is the pivot, at the end
    let pivot = key(&v[last]);
    let mut store = 0;
    for i in 0..last {
        if key(&v[i]) < pivot {
            v.swap(i, store);
            store += 1;
        }
    }
    v.swap(store, last);
    store
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_like_the_standard_stable_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..80)) {
            let mut mine = v.clone();
            let mut std = v;
            sort_by_key(&mut mine, |p| p.0);
            std.sort_by_key(|p| p.0);
            prop_assert_eq!(mine, std);
        }

        #[test]
        fn heap_sorts_like_the_standard_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..300)) {
            let mut mine = v.clone();
            let mut std = v.clone();
            heap_sort_by_key(&mut mine, |p| p.0);
            std.sort_by_key(|p| p.0);
            // not stable: the same keys in order, and the same items
            prop_assert_eq!(mine.iter().map(|p| p.0).collect::<Vec<_>>(), std.iter().map(|p| p.0).collect::<Vec<_>>());
            let mut whole = v;
            whole.sort_unstable();
            heap_sort_by_key(&mut mine, |&p| p);
            prop_assert_eq!(mine, whole);
        }

        #[test]
        fn selects_the_smallest_like_the_standard_sort(v in proptest::collection::vec((0u8..16, any::<u16>()), 0..400), k in 0usize..420) {
            let mut mine = v.clone();
            select_smallest_by_key(&mut mine, k, |&p| p);
            let k = k.min(v.len());
            let mut front = mine[..k].to_vec();
            front.sort_unstable();
            let mut whole = v;
            whole.sort_unstable();
            prop_assert_eq!(&front[..], &whole[..k]);
            // nothing lost or made up
            mine.sort_unstable();
            prop_assert_eq!(mine, whole);
        }
    }
}
