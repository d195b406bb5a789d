//! Sorts that add little to the wasm the page downloads. The standard library's sorts are fast
//! on long slices, but each use (each element type and order) adds 2–5 KB of code. A stable
//! insertion sort serves the short lists the game sorts (holes, board points, symmetries,
//! tables, moves: at most a few hundred items); a heapsort serves longer lists sorted once,
//! off the hot paths (O(n log n), not stable).

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
    }
}
