//! Asking the cache for a line ahead of its use, where a big table is read at random.

/// Asks the cache for the line that holds `x` (a hint: nothing is read, nothing can fault;
/// elsewhere than on x86-64 it does nothing). Lookups in a table that outgrows the cache
/// wait on memory one after another; prefetched a few dozen ahead, their misses overlap.
#[inline]
pub fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and never faults; the address is a live reference
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>())
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}
