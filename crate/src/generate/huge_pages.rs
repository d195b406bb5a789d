//! Huge pages for the generator's big tables, which are read at random (Linux only).

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
