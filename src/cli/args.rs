//! The command line, as clap sees it. Nothing here is validated beyond what
//! clap checks; [`super::config`] turns these into the library's settings.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Solve tile puzzles: Gnome Tetravex, jigsaw edge matching and polyomino
/// packing, over one exact-cover engine.
///
/// With no options each subcommand reads its judge's input and prints the
/// judge's answer byte for byte. Exit status: 0 every case solvable, 1 some
/// case proved unsolvable, 2 usage or input error, 3 some case unknown
/// (limit or timeout), 130 interrupted.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet.
    #[command(after_long_help = TETRAVEX_HELP)]
    Tetravex(TetravexArgs),
    /// Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out.
    #[command(after_long_help = EDGES_HELP)]
    Edges(EdgesArgs),
    /// Polyomino packing (UVa 387): fill the board with all the pieces.
    #[command(after_long_help = PACK_HELP)]
    Pack(PackArgs),
    /// Write random puzzles with a planted solution (judge format or JSON).
    #[command(after_long_help = super::generate::HELP)]
    Generate(super::generate::GenerateArgs),
    /// Add up the JSON records of shard runs (--shard I/N --json); report missing shards.
    #[command(after_long_help = super::merge::HELP)]
    Merge(super::merge::MergeArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): tessera's, or one subcommand's.
    Man {
        /// The subcommand whose page to print (tessera-SUBCOMMAND(1)).
        #[arg(value_name = "SUBCOMMAND", value_parser = clap::builder::PossibleValuesParser::new(
            ["tetravex", "edges", "pack", "generate", "merge", "completions", "man", "tessera"]
        ))]
        page: Option<String>,
        /// Write every page (tessera.1, tessera-tetravex.1, ...) into DIR instead.
        #[arg(long, value_name = "DIR", conflicts_with = "page")]
        dir: Option<PathBuf>,
    },
}

const TETRAVEX_HELP: &str = "\
Input format (ZOJ 1008): several cases; each is a line with the board size n,
then n*n lines of four labels `top right bottom left`; a lone 0 ends the input.

    2
    5 9 1 4
    4 4 5 6
    6 8 5 4
    0 4 4 3
    0

Output: `Game 1: Possible` or `Game 1: Impossible`, one empty line between cases.

With --layout blocks each case is n and then 2n lines of 2n labels drawing the
board as it lies, each tile a 2x2 block read clockwise from its top-left corner
(top, right / left, bottom).

Examples (the files are in the source tree's examples/):

    tessera tetravex examples/tetravex-zoj1008.txt                    the judge's answers
    tessera tetravex examples/tetravex-zoj1008.txt --grid --rotate    draw solutions; tiles turn
    tessera tetravex examples/tetravex-zoj1008.txt --count --json     count, one JSON record a case";

const EDGES_HELP: &str = "\
Input format (UVa 519): blocks of a line `rows cols` and rows*cols piece lines;
`0 0` ends the input. A piece is four sides, top right bottom left, as letters
(F flat, O out, I in) or signed numbers (0 flat, +k a jut of shape k, -k a
cavity of shape k; +k fits -k).

    2 2
    FFII
    OFFO
    FOOF
    IIFF
    0 0

Output: YES or NO, one line per block.

Examples (the files are in the source tree's examples/):

    tessera edges examples/edges-2x2.txt                      the judge's answers
    tessera edges examples/edges-2x2.txt --rotate --grid      pieces may turn; draw a solution
    tessera edges examples/edges-2x2.txt --count --json       count, one JSON record a case";

const PACK_HELP: &str = "\
Input format (UVa 387): the number of pieces p (0 ends the input), then for each
piece a line `rows cols` and rows lines of 0/1 (1 is solid).

    2
    2 4
    1111
    1111
    2 4
    1111
    1111
    0

Output: the board, each cell showing the number of the piece that covers it, or
`No solution possible`; one empty line between cases.

Picture format (an input whose first line starts with `piece`, `board`, `set`,
`puzzle` or `//`): pieces drawn with `#` or a letter, named, counted (x2), with
their own rules (rotate, no-rotate, flip, no-flip, fixed, free); built-in sets;
the board as a picture (`.` to fill, `#` a hole) or `board RxC`. A line
`puzzle` starts the next puzzle. --board and --board-file override the input's
board.

    // Scott's problem: the 12 pentominoes around a 2x2 hole
    board
    ........
    ........
    ........
    ...##...
    ...##...
    ........
    ........
    ........
    set pentominoes

    puzzle 2: four L trominoes, turning, in a 3x4 box
    board 3x4
    piece L x4 rotate
    #.
    ##

Named pieces show their name (one character) or a symbol explained by a
`legend:` line; --grid draws full names. --unique counts one solution per
orbit under the symmetries of the board (and of the pieces' rules). See
docs/pack.md.

Examples (the files are in the source tree's examples/):

    tessera pack examples/pack-uva387.txt                     the judge's answers
    tessera pack examples/pack-pictures.txt --count --grid    count, and draw the first solution
    tessera pack --set pentominoes --board 6x10 --grid        one 6x10 box of pentominoes";

/// Options every puzzle subcommand takes.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Input file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Read the judge's text or JSON puzzles (auto: JSON if it starts with `{` or `[`).
    #[arg(long, value_enum, default_value_t = InputFormat::Auto, value_name = "FORMAT", help_heading = "Input")]
    pub input: InputFormat,

    /// Draw each solution after its verdict.
    #[arg(long, help_heading = "Output")]
    pub grid: bool,

    /// Draw grids with plain ASCII instead of box characters.
    #[arg(long, help_heading = "Output")]
    pub ascii: bool,

    /// Count every distinct solution (identical pieces swapped count once).
    #[arg(long, help_heading = "Output")]
    pub count: bool,

    /// Print every solution.
    #[arg(long, help_heading = "Output")]
    pub all: bool,

    /// With --all (or --count): stop after N solutions.
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub limit: Option<u64>,

    /// Write newline-delimited JSON records instead of text.
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Print effort counters for each case on stderr.
    #[arg(long, help_heading = "Output")]
    pub stats: bool,

    /// When to colour grids (auto: stdout is a terminal, NO_COLOR unset).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN", help_heading = "Output")]
    pub color: ColorWhen,

    /// When to show a progress bar on stderr.
    #[arg(long, value_enum, default_value_t = ProgressWhen::Auto, value_name = "WHEN", help_heading = "Output")]
    pub progress: ProgressWhen,

    /// Give up on a case after this many seconds (the case is then unknown).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_hyphen_values = true, help_heading = "Search")]
    pub timeout: Option<f64>,

    /// Give up on a case after this many search nodes (reproducible; one thread).
    #[arg(long, value_name = "N", help_heading = "Search")]
    pub max_nodes: Option<u64>,

    /// Worker threads (0: all cores; at most 1024).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = threads, allow_hyphen_values = true, help_heading = "Search")]
    pub threads: usize,

    /// Search only shard I of N (1-based), for splitting a search across machines.
    #[arg(long, value_name = "I/N", help_heading = "Search")]
    pub shard: Option<String>,

    /// Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons).
    #[arg(long, value_enum, default_value_t = BackendArg::Auto, value_name = "NAME", help_heading = "Search")]
    pub backend: BackendArg,

    /// Restart first-solution searches in random orders (with 2+ threads: a portfolio).
    ///
    /// auto: a search for one solution that the assignment backend runs restarts on a Luby
    /// schedule of node budgets, each run in a new random order, so that no unlucky order
    /// runs for minutes; with 2+ threads one thread searches in the backend's own order while
    /// the others restart, and the first solution found wins. A run that ends within its budget
    /// proves there is no solution. never: one search in the backend's own order.
    #[arg(long, value_enum, default_value_t = RestartsArg::Auto, value_name = "WHEN", help_heading = "Search")]
    pub restarts: RestartsArg,

    /// Seed of the restarts' random orders (the same seed repeats a one-thread run exactly).
    #[arg(long, value_name = "S", default_value_t = 0, help_heading = "Search")]
    pub seed: u64,
    /// Memoise subtree counts when counting (auto: when random walks show that states repeat enough to pay).
    #[arg(long, value_enum, default_value_t = MemoArg::Auto, value_name = "WHEN", help_heading = "Search")]
    pub memo: MemoArg,

    /// Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again).
    #[arg(long, value_name = "MIB", help_heading = "Search")]
    pub memo_mb: Option<usize>,

    /// Print the estimated size of each of N shards (Knuth's estimate) instead of searching.
    #[arg(long, value_name = "N", conflicts_with_all = ["shard", "all", "limit", "grid"], value_parser = clap::value_parser!(u32).range(1..=1_000_000), help_heading = "Search")]
    pub shard_plan: Option<u32>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendArg {
    /// Bit sets for packing; for tile puzzles the row scan or the assignment backend, by estimate.
    Auto,
    /// Exact domains with arc consistency, most constrained cell first (tile puzzles).
    Assign,
    /// Cells in reading order, candidates indexed by the labels they must match (tile puzzles).
    Rowscan,
    /// The general sparse exact-cover backend (any puzzle; for cross-checking).
    General,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestartsArg {
    /// For first-solution searches with the assignment backend (tile puzzles), not shards.
    Auto,
    /// One complete search in the backend's own order (threads share its subtrees).
    Never,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoArg {
    /// When the states the search meets repeat often enough to pay (estimated by random walks).
    Auto,
    /// Whenever the backend can memoise (bit sets, row scan).
    On,
    /// Never: count by enumeration.
    Off,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressWhen {
    /// When stderr is a terminal and TERM is not `dumb`.
    Auto,
    /// Even when stderr is not a terminal (a log file, a test).
    Always,
    /// No progress bar.
    Never,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhen {
    /// When stdout is a terminal, NO_COLOR is unset and TERM is not `dumb`.
    Auto,
    /// Even when stdout is a file or a pipe.
    Always,
    /// Plain text, no colour.
    Never,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// JSON when the input starts with `{` or `[` (after white space), else text.
    Auto,
    /// The judge's text format.
    Text,
    /// JSON puzzles (see docs/json.md).
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutArg {
    /// One tile per line: top right bottom left.
    Tiles,
    /// The board drawn as it lies, each tile a 2x2 block of labels.
    Blocks,
}

#[derive(Args, Debug)]
pub struct TetravexArgs {
    #[command(flatten)]
    pub common: Common,

    /// Tiles may turn (quarter turns) as well as move.
    #[arg(long, help_heading = "Rules")]
    pub rotate: bool,

    /// Every tile stays in its cell and may only turn.
    #[arg(long, help_heading = "Rules")]
    pub in_place: bool,

    /// Every outer side must carry label C, and no inner side may.
    #[arg(long, value_name = "C", help_heading = "Rules")]
    pub border: Option<i32>,

    /// How the input draws the tiles.
    #[arg(long, value_enum, default_value_t = LayoutArg::Tiles, help_heading = "Rules")]
    pub layout: LayoutArg,

    /// Pin tile TILE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3).
    #[arg(long, value_name = "TILE@ROW,COL[,ROT]", help_heading = "Rules")]
    pub fix: Vec<String>,
}

#[derive(Args, Debug)]
pub struct EdgesArgs {
    #[command(flatten)]
    pub common: Common,

    /// Pieces may turn (quarter turns).
    #[arg(long, help_heading = "Rules")]
    pub rotate: bool,

    /// Pin piece PIECE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3).
    #[arg(long, value_name = "PIECE@ROW,COL[,ROT]", help_heading = "Rules")]
    pub fix: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PackArgs {
    #[command(flatten)]
    pub common: Common,

    /// The board: ROWSxCOLS [default: 4x4, or the board the input draws].
    #[arg(long, value_name = "RxC", help_heading = "Rules")]
    pub board: Option<String>,

    /// The board drawn in a file: `.` a cell to fill, `#` (any other
    /// character) a hole.
    #[arg(long, value_name = "FILE", conflicts_with = "board", help_heading = "Rules")]
    pub board_file: Option<PathBuf>,

    /// Pieces may turn (quarter turns).
    #[arg(long, help_heading = "Rules")]
    pub rotate: bool,

    /// Pieces may be flipped over (mirrored).
    #[arg(long, help_heading = "Rules")]
    pub flip: bool,

    /// Add a built-in piece set (with its own freedom); repeat to add
    /// several. Without FILE the sets alone are the puzzle (give `-` to add
    /// pieces from standard input).
    #[arg(long, value_name = "NAME", help_heading = "Rules", value_parser = clap::builder::PossibleValuesParser::new(
        tessera::puzzles::pieces::PieceSet::ALL.map(|(name, _)| name)
    ))]
    pub set: Vec<String>,

    /// Count and list solutions up to the board's symmetries (one per orbit).
    #[arg(long, help_heading = "Rules")]
    pub unique: bool,
}

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// `--threads N`: 0 (all cores) to [`MAX_THREADS`].
fn threads(s: &str) -> Result<usize, String> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a whole number of threads from 0 (one per core) to {MAX_THREADS}"));
    }
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!("at most {MAX_THREADS} threads (0: one per core)")),
    }
}

/// The longest `--timeout`: about 31 years.
const MAX_SECONDS: f64 = 1e9;

/// `--timeout SECONDS`: a positive number of seconds, at most [`MAX_SECONDS`].
fn seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= MAX_SECONDS => Ok(t),
        Ok(t) if t > MAX_SECONDS => Err("at most 1000000000 seconds".into()),
        _ => Err("expected a positive number of seconds, such as 2 or 0.5".into()),
    }
}
