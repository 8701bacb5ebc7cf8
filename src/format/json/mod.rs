//! The JSON tessera writes and reads (schema in `docs/json.md`; every
//! position 1-based, as on the command line). Four files, one job each:
//!
//! * `puzzle`: puzzles and solutions as JSON objects ([`TilePuzzleJson`],
//!   [`PackPuzzleJson`], [`TileSolutionJson`], [`PackSolutionJson`]),
//!   written in records and read as input;
//! * `records`: the records written one per line ([`CaseRecord`], built by
//!   [`case_record`]; [`SolutionRecord`]; [`PlanRecord`]; [`ErrorRecord`]),
//!   each with its [`SCHEMA_VERSION`], the names they
//!   use ([`status_name`], [`stop_name`], [`backend_name`]), and the case
//!   record read back for `tessera merge` ([`CaseRecordIn`]);
//! * `reader`: a stream of JSON values split into puzzle objects
//!   ([`read_puzzles`]), with positioned, plain-worded errors;
//! * `validate`: puzzle objects checked and turned into the library's
//!   puzzles ([`TilePuzzleJson::to_tetravex`], [`TilePuzzleJson::to_edges`],
//!   [`PackPuzzleJson::to_puzzle`]), refusals typed as [`PuzzleError`].
//!
//! `validate` uses `puzzle`; `reader` and `records` stand alone (`merge`
//! uses `records` and the reader's plain wording of serde's errors).

mod puzzle;
mod reader;
mod records;
mod validate;

pub use puzzle::{tile_puzzle_text, tile_solution_text};
pub use puzzle::{
    BoardJson, FixJson, PackPuzzleJson, PackSolutionJson, PieceJson, PiecePlacementJson, TilePlacementJson,
    TilePuzzleJson, TileSolutionJson,
};
pub(crate) use reader::plain_message;
pub use reader::{read_puzzles, PuzzleReader};
pub(crate) use records::round_ms;
pub use records::{
    backend_name, case_record, fill_case_record, status_name, stop_name, CaseRecord, CaseRecordIn, ErrorRecord,
    MemoJson, PlanRecord, PlanStatsJson, PlannedShardJson, RefutationJson, ShardJson, SolutionRecord, StatsJson,
    SCHEMA_VERSION,
};
pub use validate::{PictureOf, PuzzleError};
