//! Link settings of the `tessera` binary that shorten its start.
//!
//! Every run pays the dynamic loader before `main`: a position-independent
//! executable has some 5,000 relocations to apply and its relocated
//! read-only data to copy, page by page, and `-z now` looks up every
//! library symbol up front, used or not. The binary is linked at a fixed
//! address (`-no-pie`, as the compiled objects allow) and binds its
//! symbols on first call (`-z lazy`); the library and the tests are not
//! touched. See docs/performance.md, "Big boards".

fn main() {
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    if linux && gnu {
        println!("cargo:rustc-link-arg-bins=-no-pie");
        println!("cargo:rustc-link-arg-bins=-Wl,-z,lazy");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
