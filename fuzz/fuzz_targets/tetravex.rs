//! The tetravex parser (both layouts): never panics, every error names a
//! line of the input, every case read is well formed, and cases written back
//! read the same. Small cases are also encoded for the engine.
//!
//! Input: byte 0 = flags (bit 0 block layout, bit 1 --rotate, bit 2
//! --in-place, bit 3 --border), byte 1 = border label, then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::puzzles::tetravex::{Layout, Options, Reader, MAX_LABEL, MAX_SIDE};
use tessera::puzzles::{Model, TileModel};
use tessera_fuzz::{check_error, line_count, tetravex_text, Input};

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let layout = if input.flag(0) { Layout::Blocks } else { Layout::Tiles };
    let opts = Options {
        rotate: input.flag(1),
        in_place: input.flag(2),
        border: input.flag(3).then_some(i32::from(input.extra % 10)),
        layout,
        fixes: vec![],
    };
    let mut cases = vec![];
    for item in Reader::new(input.text, layout) {
        match item {
            Ok(case) => {
                assert!((1..=MAX_SIDE).contains(&case.n), "n = {}", case.n);
                assert_eq!(case.tiles.len(), case.n * case.n);
                assert!(case.tiles.iter().flatten().all(|&l| (0..=MAX_LABEL as i32).contains(&l)));
                assert!(case.line >= 1 && case.line <= line_count(input.text));
                if case.n <= 6 {
                    let model = TileModel::new(case.puzzle(&opts)).expect("a parsed case encodes");
                    let _ = model.precheck();
                }
                cases.push(case);
            }
            Err(e) => check_error(&e, line_count(input.text)),
        }
    }
    // Written back in the same layout, the cases read the same.
    let text = tetravex_text(&cases, layout);
    let again: Vec<_> = Reader::new(&text, layout).collect::<Result<_, _>>().expect("written cases parse");
    assert_eq!(again.len(), cases.len());
    for (a, b) in again.iter().zip(&cases) {
        assert_eq!((a.n, &a.tiles), (b.n, &b.tiles));
    }
});
