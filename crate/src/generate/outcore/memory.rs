//! Giving freed memory back to the system between the stages of a step, and how much the
//! process holds.
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

/// Bytes of memory the process holds now (its resident set, Linux); 0 where that can't be
/// read. Asked after [`give_back`], it is what a stage must leave room for beside its own data.
pub fn resident() -> u64 {
    #[cfg(target_os = "linux")]
    {
        // statm: sizes in pages, the resident set second
        let pages = std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok());
        // SAFETY: sysconf only reads a constant of the system
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if let (Some(pages), Ok(page)) = (pages, u64::try_from(page)) {
            return pages.saturating_mul(page);
        }
    }
    0
}
