//! Stable insertion sort for the short lists the game sorts (holes, board points, symmetries,
//! tables: at most 64 items). The standard library's sorts are fast on long slices but each
//! use adds several KB of code to the wasm the page downloads; this one adds about a hundred
//! bytes, and on lists this short it is just as quick.

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
    }
}
