//! JSON puzzles, as `--json-input` reads them: `read_puzzles` over any text
//! never panics, every error names a line (and column) of the input, every
//! puzzle read survives a serialisation round trip, and converting it to a
//! tetravex, edges or packing puzzle either fails with a message or gives a
//! puzzle the engine can encode. The text is also decoded directly as one
//! `TilePuzzleJson` or `PackPuzzleJson` (serde alone).
//!
//! Input: byte 0 = which puzzles (bits 0-1: tetravex, edges, pack, pack),
//! byte 1 unused, then the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;
use tessera::format::json::{read_puzzles, PackPuzzleJson, TilePuzzleJson};
use tessera::puzzles::{Model, PackModel, TileModel};
use tessera_fuzz::{line_count, Input};

/// Serialised and decoded again, the same value.
fn round_trip<P: Serialize + DeserializeOwned + PartialEq + Debug>(p: &P) {
    let text = serde_json::to_string(p).expect("serialises");
    let back: P = serde_json::from_str(&text).expect("round trip");
    assert_eq!(&back, p);
}

/// Every item of the stream: a puzzle on a line of the input, or one error
/// that ends it.
fn read_all<P: Serialize + DeserializeOwned + PartialEq + Debug>(text: &str, mut each: impl FnMut(usize, &P)) {
    let lines = line_count(text);
    let mut errors = 0;
    for item in read_puzzles::<P>(text) {
        assert_eq!(errors, 0, "an error ends the stream");
        match item {
            Ok((line, p)) => {
                assert!(line >= 1 && line <= lines, "line {line} of {lines}");
                round_trip(&p);
                each(line, &p);
            }
            Err(e) => {
                assert!(e.line >= 1 && e.line <= lines + 1, "error at line {} of {lines}: {e}", e.line);
                errors += 1;
            }
        }
    }
}

fn tiles(text: &str, edges: bool) {
    read_all::<TilePuzzleJson>(text, |_, p| {
        let puzzle = if edges { p.to_edges() } else { p.to_tetravex() };
        if let Ok(puzzle) = puzzle {
            assert_eq!(puzzle.tiles.len(), puzzle.rows * puzzle.cols);
            if puzzle.rows * puzzle.cols <= 36 {
                // Hints may name pieces or cells that do not exist: an
                // error, not a panic.
                if let Ok(model) = TileModel::new(puzzle) {
                    let _ = model.precheck();
                }
            }
        }
    });
}

fn packs(text: &str) {
    read_all::<PackPuzzleJson>(text, |line, p| {
        if let Ok(puzzle) = p.to_puzzle(line) {
            let b = &puzzle.board;
            assert_eq!(b.fill.len(), b.rows * b.cols);
            if b.rows * b.cols <= 64 && puzzle.pieces.len() <= 16 {
                if let Ok(model) = PackModel::new(puzzle) {
                    let _ = model.precheck();
                }
            }
        }
    });
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    match input.flags & 3 {
        0 => tiles(input.text, false),
        1 => tiles(input.text, true),
        _ => packs(input.text),
    }
    // serde alone, on the whole text.
    if let Ok(p) = serde_json::from_str::<TilePuzzleJson>(input.text) {
        round_trip(&p);
    }
    if let Ok(p) = serde_json::from_str::<PackPuzzleJson>(input.text) {
        round_trip(&p);
    }
});
