//! A stream of tile cases answered as the command line answers it, with the
//! arrays handed from case to case (the encoding's arrays, the tiles'
//! vector, the engine's workspace: its kept backends, shapes and the
//! problem's dense colours), gives every case the same answer, and spends
//! the same nodes, as the case answered afresh. The arrays a case leaves
//! behind are whatever it grew them to: a smaller, larger or otherwise
//! shaped case after it must not read any of it.
//!
//! Input: byte 0 = flags (bits 0-1 family: tetravex, tetravex blocks,
//! edges, tetravex; bit 2 --rotate; bits 5-6 mode: decide, count, all up
//! to 3, all), byte 1 unused, then the text. Up to 8 cases are answered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::cell::Cell;
use std::rc::Rc;
use tessera::engine::{SearchConfig, SearchMode, Workspace};
use tessera::puzzles::tiles::{Labels, TilePuzzle, TileSolution};
use tessera::puzzles::{edges, tetravex, TileModel};
use tessera::solve::{self, CaseResult};
use tessera_fuzz::{check_tiles, Input};

const BUDGET: u64 = 2000;
const CASES: usize = 8;

fn config(flags: u8) -> SearchConfig {
    let mode = match (flags >> 5) & 3 {
        0 => SearchMode::First,
        1 => SearchMode::Count,
        2 => SearchMode::All { limit: Some(3) },
        _ => SearchMode::All { limit: None },
    };
    SearchConfig { mode, max_nodes: Some(BUDGET), threads: 1, ..SearchConfig::default() }
}

/// The stream's cases as puzzles, read one at a time with the tiles'
/// vector handed on (`spare`, set after each case is answered, as the
/// command line does); a case past a bad one ends the stream, and a case
/// too big to search quickly is left out.
fn puzzles<'a>(input: &Input<'a>, spare: &Rc<Cell<Vec<Labels>>>) -> Box<dyn Iterator<Item = TilePuzzle> + 'a> {
    let rotate = input.flag(2);
    if input.flags & 3 == 2 {
        let reader = edges::Reader::new(input.text).recycling(spare.clone());
        Box::new(
            reader
                .map_while(Result::ok)
                .filter(|c| c.rows * c.cols <= 30)
                .map(move |case| case.puzzle(&edges::Options { rotate, fixes: vec![] })),
        )
    } else {
        let layout = if input.flags & 3 == 1 { tetravex::Layout::Blocks } else { tetravex::Layout::Tiles };
        let reader = tetravex::Reader::new(input.text, layout).recycling(spare.clone());
        let opts = tetravex::Options { rotate, layout, ..tetravex::Options::default() };
        Box::new(reader.map_while(Result::ok).filter(|c| c.n <= 5).map(move |case| case.into_puzzle(&opts)))
    }
}

/// What must not depend on the arrays a case was answered in.
fn answer(r: &CaseResult<TileSolution>) -> impl PartialEq + std::fmt::Debug {
    (r.status, r.count.clone(), r.complete, r.solution.clone(), r.refuted_by.clone(), r.stats.nodes)
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::new(data) else { return };
    let config = config(input.flags);
    let spare = Rc::new(Cell::new(Vec::new()));
    let mut arrays = None;
    let mut engine = Workspace::default();
    // One result written over from case to case, as a caller may keep one.
    let mut got = CaseResult::unknown();
    for puzzle in puzzles(&input, &spare).take(CASES) {
        let Ok(fresh) = TileModel::new(puzzle.clone()) else { continue };
        let expected = solve::run(&fresh, true, &config, None);
        if let Some(s) = &expected.solution {
            check_tiles(&fresh.puzzle, s);
        }
        let mut kept = TileModel::with_arrays(puzzle, arrays.take()).expect("the same puzzle builds");
        let prepared = solve::prepare(&mut kept, &config);
        solve::run_prepared_into(&kept, prepared, true, &config, None, &mut engine, &mut got);
        assert_eq!(answer(&got), answer(&expected), "an answer depends on the arrays of the cases before it");
        let (next, tiles) = kept.into_parts();
        arrays = next;
        spare.set(tiles);
    }
});
