//! Data-parallel helpers: rayon with the `parallel` feature, plain loops without (wasm).

const CHUNK: usize = 1 << 14;

/// Runs `f` over chunks of `input`, each appending to its own vector; returns them joined.
pub fn flat_map<F>(input: &[u64], f: F) -> Vec<u64>
where
    F: Fn(&[u64], &mut Vec<u64>) + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let parts: Vec<Vec<u64>> = input
            .par_chunks(CHUNK)
            .map(|c| {
                let mut v = Vec::new();
                f(c, &mut v);
                v
            })
            .collect();
        parts.concat()
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut v = Vec::new();
        for c in input.chunks(CHUNK) {
            f(c, &mut v);
        }
        v
    }
}

/// Keeps the elements for which `keep` holds, in order.
pub fn filter<F>(input: &[u64], keep: F) -> Vec<u64>
where
    F: Fn(u64) -> bool + Sync + Send,
{
    flat_map(input, |c, out| out.extend(c.iter().copied().filter(|&x| keep(x))))
}

/// Sorts and removes duplicates.
pub fn sort_dedup(v: &mut Vec<u64>) {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        v.par_sort_unstable();
    }
    #[cfg(not(feature = "parallel"))]
    v.sort_unstable();
    v.dedup();
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
