//! Link settings for the `tessera` binary that depend on the system it is
//! built on.
//!
//! # Why
//!
//! Every run pays the dynamic loader before `main`: it patches about 4,700
//! absolute addresses in the binary (vtables, string tables, the places of
//! panics) to where the system loaded it. Stored the usual way each is a
//! 24-byte record the loader reads and decodes one by one, 115 KiB of them;
//! packed (`-z pack-relative-relocs`, the `DT_RELR` format) they are a
//! 1.4 KiB bitmap: 11 fewer page faults in every process (a fresh page
//! costs about as much as 4,000 instructions) and 7,000 fewer
//! instructions (docs/performance.md, "The loader").
//!
//! # How
//!
//! Only glibc 2.36 and later understand the packed format, and the linker
//! marks the binary as needing it, so a binary linked that way will not
//! start on an older system. The flag is passed only when the binary is
//! built for the machine that builds it (no cross-compilation) and that
//! machine's glibc is 2.36 or later (`getconf GNU_LIBC_VERSION`); anywhere
//! else the binary links as before.

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if packed_relocations_run_here() {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// Whether the binary is built for this machine, a Linux with glibc 2.36
/// or later.
fn packed_relocations_run_here() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" || var("HOST") != var("TARGET") {
        return false;
    }
    let Ok(out) = Command::new("getconf").arg("GNU_LIBC_VERSION").output() else {
        return false;
    };
    // "glibc 2.36"
    let text = String::from_utf8_lossy(&out.stdout);
    let mut numbers = text.trim().trim_start_matches("glibc ").split('.').map(|n| n.parse::<u32>().ok());
    match (numbers.next().flatten(), numbers.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor) >= (2, 36),
        _ => false,
    }
}
