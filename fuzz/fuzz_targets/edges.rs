//! The edges parser: never panics, every error names a line of the input,
//! every block read is well formed, and blocks written back read the same.
//! Small blocks are also encoded for the engine.
//!
//! Input: byte 0 = flags (bit 0 --rotate), byte 1 unused, then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::puzzles::edges::{Options, Reader, MAX_SHAPE, MAX_SIDE};
use tessera::puzzles::{Model, TileModel};
use tessera_fuzz::{check_error, edges_text, line_count, Input};

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let opts = Options { rotate: input.flag(0), fixes: vec![] };
    let mut cases = vec![];
    for item in Reader::new(input.text) {
        match item {
            Ok(case) => {
                assert!((1..=MAX_SIDE).contains(&case.rows) && (1..=MAX_SIDE).contains(&case.cols));
                assert_eq!(case.pieces.len(), case.rows * case.cols);
                let max = MAX_SHAPE as i32;
                assert!(case.pieces.iter().flatten().all(|&l| (-max..=max).contains(&l)));
                if case.letters {
                    assert!(case.pieces.iter().flatten().all(|&l| (-1..=1).contains(&l)));
                }
                if case.rows * case.cols <= 36 {
                    let model = TileModel::new(case.puzzle(&opts)).expect("a parsed block encodes");
                    let _ = model.precheck();
                }
                cases.push(case);
            }
            Err(e) => check_error(&e, line_count(input.text)),
        }
    }
    let text = edges_text(&cases);
    let again: Vec<_> = Reader::new(&text).collect::<Result<_, _>>().expect("written blocks parse");
    assert_eq!(again.len(), cases.len());
    for (a, b) in again.iter().zip(&cases) {
        assert_eq!((a.rows, a.cols, &a.pieces, a.letters), (b.rows, b.cols, &b.pieces, b.letters));
    }
});
