//! The pack parser (the judge's format and the picture format): never
//! panics, every error names a line of the input, every case read is well
//! formed, and judge-format cases written back read the same.
//! Cases are also checked against a small board and encoded.
//!
//! Input: byte 0 = flags (bit 0 --rotate, bit 1 --flip), byte 1 = board
//! (rows 1 + low 3 bits, columns 1 + next 3 bits), then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::puzzles::pack::{Board, Reader, MAX_PIECES, MAX_SIDE};
use tessera::puzzles::polyomino::Freedom;
use tessera::puzzles::{Model, PackModel};
use tessera_fuzz::{check_error, line_count, pack_text, Input};

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let freedom = Freedom { rotate: input.flag(0), flip: input.flag(1) };
    let board = Board::rectangle(1 + usize::from(input.extra & 7), 1 + usize::from((input.extra >> 3) & 7));
    // The judge's format: the first non-blank line is a number.
    let judge =
        input.text.lines().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim().bytes().all(|b| b.is_ascii_digit()));
    let mut cases = vec![];
    for item in Reader::new(input.text) {
        match item {
            Ok(case) => {
                // The picture format may read a case without pieces (the
                // command line refuses it); the judge format may not.
                assert!(case.pieces.len() <= MAX_PIECES);
                assert!(!case.pieces.is_empty() || !judge);
                for (shape, line) in &case.pieces {
                    let (h, w) = shape.extent();
                    assert!(shape.size() >= 1 && h <= MAX_SIDE && w <= MAX_SIDE);
                    assert!(*line >= 1 && *line <= line_count(input.text));
                }
                if let Ok(model) = PackModel::new(case.puzzle(&board, freedom)) {
                    let _ = model.precheck();
                }
                cases.push(case);
            }
            Err(e) => check_error(&e, line_count(input.text)),
        }
    }
    if !judge {
        return;
    }
    // Judge-format cases written back read the same.
    let text = pack_text(&cases);
    let again: Vec<_> = Reader::new(&text).collect::<Result<_, _>>().expect("written cases parse");
    assert_eq!(again.len(), cases.len());
    for (a, b) in again.iter().zip(&cases) {
        let shapes = |c: &tessera::puzzles::pack::Case| c.pieces.iter().map(|p| p.0.clone()).collect::<Vec<_>>();
        assert_eq!(shapes(a), shapes(b));
    }
});
