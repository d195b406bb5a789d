//! The out-of-core generator keeps to its memory cap. A test binary of its own: the peak
//! memory the kernel reports for a child includes its parent's at the moment of the spawn
//! (the child starts as a copy), so the parent must be this small harness, not the other
//! tests' solved sets.

use std::process::{Child, Stdio};

#[path = "shared/outcore_job.rs"]
mod outcore_job;
use outcore_job::{bin, scratch};

/// Waits for `child` and returns whether it succeeded and its peak resident memory in bytes,
/// as the kernel accounted it when the child was reaped.
#[cfg(target_os = "linux")]
fn wait_with_peak_rss(child: Child) -> (bool, u64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: rusage is plain data, for which all zero bytes are a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only through the two pointers given, which outlive the call; the
    // child is ours and not yet reaped (std's Child reaps only when asked to wait).
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4: {}", std::io::Error::last_os_error());
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (ok, usage.ru_maxrss as u64 * 1024)
}

#[test]
#[cfg(target_os = "linux")]
fn the_generator_keeps_to_its_memory_cap() {
    // The central game under a 16 MB cap. The process itself (code, move tables, threads)
    // takes about 12 MB; the levels' buckets and runs must fit the cap on top of that. Before
    // bucket memory was bounded and given back between stages, this peaked at 79 MB.
    let dir = scratch("cap");
    let child = bin()
        .args([
            "stats", "--board", "english", "--start", "d4", "--goal", "start",
        ])
        .args(["--max-memory", "16M", "--work-dir"])
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (ok, peak) = wait_with_peak_rss(child);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ok, "the job failed");
    let allowed = (16 + 32) << 20;
    eprintln!("peak RSS {} MB under a 16 MB cap", peak >> 20);
    assert!(
        peak <= allowed,
        "peak RSS {} MB under a 16 MB cap (allowed {} MB)",
        peak >> 20,
        allowed >> 20
    );
}
