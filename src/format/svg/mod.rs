//! Pictures of solutions as SVG images.
//!
//! A solution is drawn from the same JSON objects a `--json` record holds
//! (docs/json.md): the puzzle object and a solution object. The command
//! line draws what it solves through [`Puzzle::draw`] from the objects it
//! would write, and `tessera render` draws records read back through
//! [`render_records`]; both routes are one code path, so a picture drawn
//! later from a record is byte for byte the picture drawn while solving.
//!
//! `picture` reads the JSON objects and picks the drawing; three kinds of
//! picture, one file each:
//!
//! * `tiles`: Tetravex and edge-matching boards, every tile a square cut
//!   into four triangles coloured by label (edge matching adds the jigsaw
//!   tabs and blanks), fixed tiles marked with a dot;
//! * `pack`: packing boards, one colour per piece with thick outlines,
//!   holes left as holes;
//! * `palette`: the colours (Paul Tol's colour-blind-safe *muted* scheme),
//!   which label gets which, and the legend, wrapped to the board's width.
//!
//! Every picture has a title (the puzzle, the case, the solution number)
//! as its first line of text and as its `<title>`. The SVG is written as
//! plain text by `writer` (why not a crate: see there); its size grows
//! linearly with the board, and all sizes are fractions of a tile, so a
//! 32x32 board is the same picture scaled.

mod pack;
mod palette;
mod picture;
mod records;
mod tiles;
mod writer;

pub use pack::{draw as draw_pack, piece_colours, PackBoard, CELL};
pub use palette::{FLAT_COLOUR, HOLE_COLOUR, MUTED, TILE_COLOURS};
pub use picture::{pack_cell_origin, tile_cell_origin, Caption, Puzzle, SvgError};
pub use records::{render_records, Picture, RecordError};
pub use tiles::{draw as draw_tiles, TileBoard, TileKind, TAB_RADIUS, TILE};
pub use writer::escape;
