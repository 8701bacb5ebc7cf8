//! Lays the code a typical run executes out together (docs/performance.md,
//! "Hot code laid out together").
//!
//! On x86-64 Linux with glibc, rustc 1.90 and later link with LLD, which
//! takes a list of symbols to place first (`--symbol-ordering-file`).
//! `link/symbol-order.txt` (written by `bench/symbol_order.py`) names the
//! few hundred functions of a run's start, reading, search and answer: laid
//! out in one stretch they share a few pages, where the compiler's layout
//! spreads them over the whole text and a short run spends its time in
//! page faults. The list only orders: a name the binary lacks is skipped
//! (without a warning), and the binary is the same program either way.
//!
//! Elsewhere (another target, an older rustc, a linker of your own chosen
//! through `RUSTFLAGS` or `CARGO_TARGET_<TRIPLE>_LINKER`) nothing is passed:
//! GNU ld, for one, does not know the flag.

use std::env;
use std::path::Path;
use std::process::Command;

/// The first rustc whose x86-64 Linux target links with LLD by default.
const LLD_DEFAULT_SINCE: (u32, u32) = (1, 90);

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/symbol-order.txt");
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER");
    let list = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link/symbol-order.txt");
    if links_with_default_lld() && list.is_file() {
        println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", list.display());
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// Whether the binary is linked by the LLD that rustc brings: the x86-64
/// Linux glibc target, a rustc from [`LLD_DEFAULT_SINCE`] on, and no
/// linker named by the user.
fn links_with_default_lld() -> bool {
    if env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") {
        return false;
    }
    if env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some() {
        return false;
    }
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if ["linker", "fuse-ld"].iter().any(|f| flags.contains(f)) {
        return false;
    }
    rustc_version().is_some_and(|v| v >= LLD_DEFAULT_SINCE)
}

/// The (major, minor) version of the rustc that builds the crate.
fn rustc_version() -> Option<(u32, u32)> {
    let rustc = env::var_os("RUSTC")?;
    let out = Command::new(rustc).arg("-vV").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let release = text.lines().find_map(|l| l.strip_prefix("release: "))?;
    let mut parts = release.split(['.', '-']).map(str::parse::<u32>);
    Some((parts.next()?.ok()?, parts.next()?.ok()?))
}
