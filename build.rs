//! Two link options that shorten a process's start (docs/performance.md,
//! "Hot code laid out together" and "Relative relocations packed").
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
//! A static PIE relocates itself at the start: with glibc 2.36 or later
//! (whose static start-up code reads the packed form) its table of
//! relative relocations is packed (`-z pack-relative-relocs`, DT_RELR: a
//! bitmap of a few kilobytes instead of 5,800 entries of 24 bytes, about
//! 34 pages the start read and walked).
//!
//! Elsewhere (another target, an older rustc, a linker of your own chosen
//! through `RUSTFLAGS` or `CARGO_TARGET_<TRIPLE>_LINKER`) nothing is passed:
//! GNU ld, for one, does not know the flag.

use std::env;
use std::path::Path;
use std::process::Command;

/// The first rustc whose x86-64 Linux target links with LLD by default.
const LLD_DEFAULT_SINCE: (u32, u32) = (1, 90);
/// The first glibc whose start-up code applies packed relative
/// relocations (DT_RELR).
const RELR_GLIBC_SINCE: (u32, u32) = (2, 36);

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/symbol-order.txt");
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER");
    let list = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link/symbol-order.txt");
    if !links_with_default_lld() {
        return;
    }
    if let Some(list_arg) = linker_path(&list).filter(|_| list.is_file()) {
        println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={list_arg}");
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        if let Some(script) = hot_text_script(&list).as_deref().and_then(linker_path) {
            println!("cargo:rustc-link-arg-bins=-Wl,-T,{script}");
        }
    }
    if static_with_packed_relocations() {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// `path` as it can go through `-Wl,`, which splits its argument at
/// commas: `None` for a path with a comma (a checkout in such a
/// directory then links without the layout, rather than not at all).
fn linker_path(path: &Path) -> Option<String> {
    let text = path.to_str()?;
    (!text.contains(',')).then(|| text.to_string())
}

/// The linker script that gathers the list's Rust functions in a section
/// `.text.hot` placed before `.text`, written into `OUT_DIR`; `None` when
/// the list has none or the script cannot be written.
///
/// Why a script beside the ordering file: with thin LTO a function local to
/// its crate that another crate's code inlines is renamed with a suffix
/// `.llvm.<hash of its module>`, and that hash changes with any edit of the
/// crate. The ordering file names symbols exactly, so one edit left the
/// hottest functions of a case (the engine's dispatch, the tile encoder,
/// the bit-set backend's fill) out of the hot stretch until the list was
/// written again. A script matches sections by pattern: each function's
/// section `.text.<name>` and `.text.<name>.llvm.*`, whatever the suffix.
/// The C library's functions (no sections of their own, names that do not
/// change) stay with the ordering file, which places them first in `.text`,
/// right after the Rust ones.
fn hot_text_script(list: &Path) -> Option<std::path::PathBuf> {
    let text = std::fs::read_to_string(list).ok()?;
    let mut script = String::from("SECTIONS\n{\n  .text.hot :\n  {\n");
    let mut any = false;
    for name in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        // Rust's two manglings; anything else is the C library's.
        if !(name.starts_with("_ZN") || name.starts_with("_R")) {
            continue;
        }
        let name = name.split(".llvm.").next().unwrap_or(name);
        // A name the script cannot hold unquoted is left to the ordering file.
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_$.".contains(&b)) {
            continue;
        }
        script.push_str(&format!("    *(.text.{name} .text.{name}.llvm.*)\n"));
        any = true;
    }
    script.push_str("  }\n}\nINSERT BEFORE .text;\n");
    let path = Path::new(&env::var_os("OUT_DIR")?).join("hot-text.ld");
    (any && std::fs::write(&path, script).is_ok()).then_some(path)
}

/// Whether the binary is a static PIE linked against a glibc that
/// relocates the packed form: `crt-static` on (`.cargo/config.toml`), a
/// native build (the host's static C library is the one linked), and the
/// host's glibc from [`RELR_GLIBC_SINCE`] on.
fn static_with_packed_relocations() -> bool {
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if !features.split(',').any(|f| f == "crt-static") || env::var("HOST") != env::var("TARGET") {
        return false;
    }
    glibc_version().is_some_and(|v| v >= RELR_GLIBC_SINCE)
}

/// The (major, minor) version of the host's glibc (`getconf GNU_LIBC_VERSION`:
/// "glibc 2.36").
fn glibc_version() -> Option<(u32, u32)> {
    let out = Command::new("getconf").arg("GNU_LIBC_VERSION").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    major_minor(text.trim().strip_prefix("glibc ")?)
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
    major_minor(text.lines().find_map(|l| l.strip_prefix("release: "))?)
}

/// "1.95.0", "2.36" or "1.96.0-nightly" as (major, minor).
fn major_minor(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.split(['.', '-']).map(str::parse::<u32>);
    Some((parts.next()?.ok()?, parts.next()?.ok()?))
}
