//! Giving freed memory back to the system between the stages of a step.
//!
//! glibc's allocator keeps what a stage frees in its arenas for later use, and the map's many
//! bucket vectors (a few hundred thousand per chunk, over several threads' arenas) leave them
//! fragmented: without a trim the process holds its highest stage's memory through every
//! later level, and the next stage's peak comes on top (English c1 → any under a 256 MB cap
//! reached 935 MB). `malloc_trim` returns every free page, the middle of the arenas included.

/// Returns the allocator's free memory to the system (glibc); elsewhere it does nothing.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory the allocator holds free; no live allocation
    // is touched, and it is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Asks the kernel to back `slots` with 2 MiB pages (Linux, where transparent huge pages are
/// left to `madvise`), before anything is written to it. The hash table of a big level is
/// read at random: with 4 KiB pages nearly every lookup misses the TLB, with 2 MiB pages its
/// page table fits the TLB's second level (the French union's finish masks took half the
/// time). Only the whole 2 MiB pages inside `slots` are advised. Elsewhere, or when the
/// kernel says no, nothing changes: the advice never changes the memory's contents.
pub fn advise_huge<T>(slots: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let first = start.next_multiple_of(HUGE);
        if end >= first + HUGE {
            // SAFETY: [first, first + len) lies inside `slots`, which this thread holds
            // mutably; MADV_HUGEPAGE changes only how the kernel backs its pages, and a
            // failed advice is harmless, so its result is not read.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    (end - first) / HUGE * HUGE,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}
