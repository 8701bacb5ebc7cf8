//! Where a search's other worker threads first run.
//!
//! A thread the kernel creates is queued on its creator's CPU; an idle
//! CPU should take it over at once, and on the 2-core VMs this project
//! runs on it often does not: a C program that creates a thread and then
//! computes saw the thread's first instruction 0.05 to 0.1 ms after
//! `pthread_create` in half of the tries and 1.4 to 1.8 ms in the other
//! half, when the creator blocked (docs/performance.md, "When the second
//! thread starts"). A search of a few milliseconds then runs on one
//! thread. Created with an affinity for the other CPU, the thread started
//! within 0.1 ms every time, but Rust's standard library creates no
//! thread with an affinity (and the crate has no unsafe code). So the
//! creator steps aside instead: once the workers are spawned, it lets
//! itself run anywhere but on its current CPU, which moves it to another
//! one and leaves the new thread the CPU it was queued on, then gives
//! itself its own set of CPUs back (36 of 36 threads first ran within
//! 0.11 ms, the creator on the other CPU within 0.15 ms). Nothing is
//! done when the process may use one CPU only, and elsewhere than Linux.

/// Moves the calling thread off its current CPU, if it may run on
/// another, and restores the set of CPUs it may run on.
#[cfg(target_os = "linux")]
pub(crate) fn step_aside() {
    use nix::sched::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
    use nix::unistd::Pid;
    let this_thread = Pid::from_raw(0);
    let (Ok(allowed), Ok(cpu)) = (sched_getaffinity(this_thread), sched_getcpu()) else { return };
    let mut elsewhere = allowed;
    if elsewhere.unset(cpu).is_err() || !(0..CpuSet::count()).any(|c| elsewhere.is_set(c).unwrap_or(false)) {
        return;
    }
    if sched_setaffinity(this_thread, &elsewhere).is_ok() {
        let _ = sched_setaffinity(this_thread, &allowed);
    }
}

/// Elsewhere the scheduler's placement is left alone.
#[cfg(not(target_os = "linux"))]
pub(crate) fn step_aside() {}
