//! `tessera pack`: polyomino packing (UVa 387 "A Puzzling Problem") and its
//! generalisation to any board and any piece set.
//!
//! # Input
//!
//! Two formats, told apart per input: an input whose first non-blank line
//! starts with a keyword (`piece`, `board`, `set`, `puzzle`) or a comment
//! (`//`) is in the *picture format*; any other input is in the judge's
//! format.
//!
//! The judge's format: the number of pieces `p` (a lone `0` ends the
//! input), then for each piece a line `rows cols` and `rows` lines of
//! `cols` characters `0`/`1` (`1` is solid). Pieces are numbered 1..p in
//! input order.
//!
//! ```text
//! 2
//! 2 4
//! 1111
//! 1111
//! 2 4
//! 1111
//! 1111
//! 0
//! ```
//!
//! The picture format (see docs/pack.md): pieces drawn with `#` or letters,
//! optionally named, with a count of identical copies and their own turn
//! and flip rules; built-in sets; a board drawn with `.` for the cells to
//! fill.
//!
//! ```text
//! board
//! ...#
//! ....
//! piece L x2 rotate
//! #.
//! ##
//! set trominoes
//! ```
//!
//! # Output
//!
//! The board, one character per cell naming the piece that covers it
//! (`1`-`9`, then `A`-`Z`, `a`-`z`), or `No solution possible`; one empty
//! line between cases. See [`symbols`] for named pieces.
//!
//! # Encoding as exact cover
//!
//! Board cells are primary items of multiplicity 1; pieces with the same
//! set of allowed oriented shapes form one *type*, a primary item whose
//! multiplicity is the number of copies; one option per (type, distinct
//! orientation, position on the board). With `--unique` the placements of
//! one type are restricted (see [`super::symmetry`]).
//!
//! # The files
//!
//! Read top down, each file one step of the story:
//!
//! * `puzzle`: the types ([`PackPuzzle`], [`Piece`], [`PackSolution`]),
//!   the limits and the checks that make a puzzle one tessera models;
//! * `board`: the [`Board`], and the one reader of board pictures;
//! * `case`: one [`Case`] as read, in either format;
//! * `syntax`, `judge`, `picture`, `reader`: the two input formats, each
//!   read by its own reader, told apart by [`is_picture_format`] and read
//!   into [`Case`]s by [`Reader`];
//! * `placement`: pieces grouped into types, and where each type fits;
//! * `precheck`: the counting arguments that refute a puzzle ([`precheck()`]);
//! * `encode`: the exact-cover model ([`Encoded`]) and its decoding;
//! * `text`: the judge's output ([`text_grid`]) and input ([`judge_text`])
//!   written as text.

mod board;
mod case;
mod encode;
mod judge;
mod picture;
mod placement;
mod precheck;
mod puzzle;
mod reader;
mod syntax;
mod text;

pub use board::{Board, PictureError, MAX_SIDE};
pub use case::{Case, PieceSpec};
pub use encode::{Encoded, SymmetryInfo};
pub use precheck::precheck;
pub use puzzle::{
    set_piece_name, PackModelError, PackPuzzle, PackSolution, Piece, PiecePlacement, MAX_NAME, MAX_PIECES,
};
pub use reader::{is_picture_format, Reader};
pub use text::{judge_text, piece_symbol, symbols, text_grid, NO_SOLUTION};
