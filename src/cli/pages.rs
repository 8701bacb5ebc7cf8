//! Huge pages only for the runs that fill them.
//!
//! # Why
//!
//! Where the machine's transparent huge pages are `always` on, the kernel
//! backs the heap with 2 MiB pages and zeroes a whole one on its first
//! touch. A memoised count fills its tables, and there huge pages save
//! faults. A first solution of a big board touches a few KiB here and
//! there in each new page: on the Eternity II-style 24x24 board of the
//! `big` bench family the kernel's zeroing of those pages was 29% of the
//! process's time (`perf record`), more than the search. (The allocator,
//! the system's, never asks for huge pages itself, so where the setting
//! is `madvise` no run gets them; the counts measured no slower without
//! them: docs/performance.md, "The allocator".)
//!
//! # How
//!
//! [`small`] switches huge pages off for the process (`PR_SET_THP_DISABLE`)
//! before anything else runs; [`huge`] switches them back on once a run is
//! known to count (`--count`, `--all`). The flag is checked by the kernel
//! at each fault, so the pages a count touches from then on are huge again
//! where the machine gives them (the few touched before stay small). Off
//! Linux both do nothing.
//!
//! For example `tessera tetravex BOARD` runs on 4 KiB pages throughout,
//! `tessera tetravex --count BOARD` on huge pages from its first case on
//! where the machine's setting is `always`.

/// Small pages from here on: called first thing in `main`.
pub fn small() {
    #[cfg(target_os = "linux")]
    let _ = nix::sys::prctl::set_thp_disable(true);
}

/// Huge pages from here on, where the allocator asked for them (a count's
/// tables). Failing, the run goes on with small pages.
pub fn huge() {
    #[cfg(target_os = "linux")]
    let _ = nix::sys::prctl::set_thp_disable(false);
}

#[cfg(test)]
mod tests {
    /// The flag is the process's: `small` sets it, `huge` clears it (the
    /// test binary's other tests leave it alone).
    #[cfg(target_os = "linux")]
    #[test]
    fn small_sets_the_flag_and_huge_clears_it() {
        use nix::sys::prctl::get_thp_disable;
        super::small();
        assert_eq!(get_thp_disable(), Ok(true));
        super::huge();
        assert_eq!(get_thp_disable(), Ok(false));
        super::small();
        assert_eq!(get_thp_disable(), Ok(true));
    }
}
