//! The command line, as clap sees it: every subcommand's flags with their
//! help, typed while clap parses (the value parsers are in [`values`], the
//! long help texts in [`help`]). Checks that involve several flags are
//! `config`'s.

pub mod choices;
pub mod help;
pub mod values;

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use help::{EDGES_HELP, GENERATE_HELP, MERGE_HELP, PACK_HELP, RENDER_HELP, TETRAVEX_HELP};
use std::path::PathBuf;
use std::time::Duration;
use tessera::engine::{BackendChoice, MemoChoice, Restarts, Shard};
use tessera::puzzles::pieces::PieceSet;
use tessera::puzzles::tiles::Fix;
use values::Size;

/// Solve tile puzzles: Gnome Tetravex, jigsaw edge matching and polyomino
/// packing, over one exact-cover engine.
///
/// With no options each subcommand reads its judge's input and prints the
/// judge's answer byte for byte. Exit status: 0 every case solvable, 1 some
/// case proved unsolvable, 2 usage or input error, 3 some case unknown
/// (limit or timeout), 4 a shard with nothing to search, 130 interrupted.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, propagate_version = true, max_term_width = 100, args_override_self = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands. Each one's arguments are built only when it is parsed
/// (or when help, completions or a man page need them): a run builds its
/// own subcommand's flags, not those of all eight (`defer`; building every
/// subcommand was a quarter of a small run's instructions, see
/// docs/performance.md). The names, about lines and after-help texts of
/// the variants stay eager, for the top-level help; the `Args` structs
/// have plain comments, not doc comments, because clap would take a doc
/// comment there as the subcommand's about line, and a deferred one would
/// replace the variant's.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Command {
    /// Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet.
    #[command(after_help = help::PUZZLE_EXIT, after_long_help = help::long(TETRAVEX_HELP, help::PUZZLE_EXIT))]
    Tetravex(TetravexArgs),
    /// Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out.
    #[command(after_help = help::PUZZLE_EXIT, after_long_help = help::long(EDGES_HELP, help::PUZZLE_EXIT))]
    Edges(EdgesArgs),
    /// Polyomino packing (UVa 387): fill the board with all the pieces.
    #[command(after_help = help::PUZZLE_EXIT, after_long_help = help::long(PACK_HELP, help::PUZZLE_EXIT))]
    Pack(PackArgs),
    /// Write random puzzles with a planted solution (judge format or JSON).
    #[command(after_help = help::PLAIN_EXIT, after_long_help = help::long(GENERATE_HELP, help::PLAIN_EXIT))]
    Generate(GenerateArgs),
    /// Add up the JSON records of shard runs (--shard I/N --json); report missing shards.
    #[command(after_help = help::MERGE_EXIT, after_long_help = help::long(MERGE_HELP, help::MERGE_EXIT))]
    Merge(MergeArgs),
    /// Draw the solutions of --json records as SVG pictures, without solving again.
    #[command(after_long_help = RENDER_HELP)]
    Render(RenderArgs),
    /// Print a shell completion script.
    #[command(after_help = help::PLAIN_EXIT)]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): tessera's, or one subcommand's.
    #[command(after_help = help::PLAIN_EXIT)]
    Man {
        /// The subcommand whose page to print (tessera-SUBCOMMAND(1)).
        #[arg(value_name = "SUBCOMMAND", value_parser = clap::builder::PossibleValuesParser::new(
            ["tetravex", "edges", "pack", "generate", "merge", "render", "completions", "man", "tessera"]
        ))]
        page: Option<String>,
        /// Write every page (tessera.1, tessera-tetravex.1, ...) into DIR instead.
        #[arg(long, value_name = "DIR", conflicts_with = "page")]
        dir: Option<PathBuf>,
    },
}

// Options every puzzle subcommand takes. (A plain comment: see `Command`.)
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Input files, read in turn; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read the judge's text or JSON puzzles (auto: JSON if it starts with `{` or `[`).
    #[arg(long, value_enum, default_value_t = InputFormat::Auto, value_name = "FORMAT", help_heading = "Input")]
    pub input: InputFormat,

    /// Draw each solution after its verdict.
    #[arg(short = 'g', long, help_heading = "Output")]
    pub grid: bool,

    /// Draw grids with plain ASCII instead of box characters.
    #[arg(long, help_heading = "Output")]
    pub ascii: bool,

    /// Count every distinct solution (identical pieces swapped count once).
    #[arg(short = 'c', long, help_heading = "Output")]
    pub count: bool,

    /// Print every solution.
    #[arg(long, help_heading = "Output")]
    pub all: bool,

    /// With --all (or --count): stop after N solutions.
    #[arg(long, value_name = "N", value_parser = values::whole_u64, allow_hyphen_values = true, help_heading = "Output")]
    pub limit: Option<u64>,

    /// Write newline-delimited JSON records instead of text.
    #[arg(long, help_heading = "Output")]
    pub json: bool,

    /// Also draw each solution as an SVG picture: a FILE, a DIR/, a name with
    /// {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only).
    #[arg(long, value_name = "PATH", conflicts_with = "shard_plan", help_heading = "Output")]
    pub svg: Option<PathBuf>,
    /// Print nothing on stdout: the exit status alone answers (like grep -q); each case is
    /// searched only to its first solution.
    #[arg(short = 'q', long, conflicts_with_all = ["count", "all", "limit", "json", "grid", "shard_plan"], help_heading = "Output")]
    pub quiet: bool,

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
    #[arg(long, value_name = "SECONDS", value_parser = values::timeout, allow_hyphen_values = true, help_heading = "Search")]
    pub timeout: Option<Duration>,

    /// Give up on a case after this many search nodes (reproducible; one thread).
    #[arg(long, value_name = "N", value_parser = values::whole_u64, allow_hyphen_values = true, help_heading = "Search")]
    pub max_nodes: Option<u64>,

    /// Worker threads (0: all cores; at most 1024).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0, value_parser = values::threads, allow_hyphen_values = true, help_heading = "Search")]
    pub threads: usize,

    /// Search only shard I of N (1-based), for splitting a search across machines.
    #[arg(long, value_name = "I/N", value_parser = values::shard, allow_hyphen_values = true, help_heading = "Search")]
    pub shard: Option<Shard>,

    /// Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons).
    #[arg(long, value_parser = choices::backend(), default_value = "auto", value_name = "NAME", help_heading = "Search")]
    pub backend: BackendChoice,

    /// Restart first-solution searches in random orders (with 2+ threads: a portfolio).
    ///
    /// auto: a search for one solution that the assignment backend runs restarts on a Luby
    /// schedule of node budgets, each run in a new random order, so that no unlucky order
    /// runs for minutes; with 2+ threads one thread searches in the backend's own order while
    /// the others restart (where about one solution is expected, the second thread searches
    /// the same order from its other end), and the first solution found wins. A run that ends
    /// within its budget proves there is no solution. never: one search in the backend's own
    /// order.
    #[arg(long, value_parser = choices::restarts(), default_value = "auto", value_name = "WHEN", help_heading = "Search")]
    pub restarts: Restarts,

    /// Seed of the restarts' random orders (the same seed repeats a one-thread run exactly).
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = values::whole_u64, allow_hyphen_values = true, help_heading = "Search")]
    pub seed: u64,
    /// Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays).
    #[arg(long, value_parser = choices::memo(), default_value = "auto", value_name = "WHEN", help_heading = "Search")]
    pub memo: MemoChoice,

    /// Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again).
    #[arg(long, value_name = "MIB", value_parser = values::whole_usize, allow_hyphen_values = true, help_heading = "Search")]
    pub memo_mb: Option<usize>,

    /// Print the estimated size of each of N shards (Knuth's estimate) instead of searching.
    #[arg(long, value_name = "N", conflicts_with_all = ["shard", "all", "limit", "grid"], value_parser = values::shard_plan, allow_hyphen_values = true, help_heading = "Search")]
    pub shard_plan: Option<u32>,

    /// With --shard-plan N: plan once for every shard (many more walks, large subtrees split,
    /// small ones counted) and write the plan to FILE, for --shard I/N --plan FILE.
    #[arg(long, value_name = "FILE", requires = "shard_plan", help_heading = "Search")]
    pub plan_out: Option<PathBuf>,

    /// With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N
    /// --plan-out FILE for the same input and options) instead of planning again.
    #[arg(long, value_name = "FILE", requires = "shard", help_heading = "Search")]
    pub plan: Option<PathBuf>,
}

/// `--progress`: when to show a progress bar.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressWhen {
    /// When stderr is a terminal and TERM is not `dumb`.
    Auto,
    /// Even when stderr is not a terminal (a log file, a test).
    Always,
    /// No progress bar.
    Never,
}

/// `--color`: when to colour grids.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhen {
    /// When stdout is a terminal, NO_COLOR is unset and TERM is not `dumb`.
    Auto,
    /// Even when stdout is a file or a pipe.
    Always,
    /// Plain text, no colour.
    Never,
}

/// `--input`: how to read the input.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// JSON when the input starts with `{` or `[` (after white space), else text.
    Auto,
    /// The judge's text format.
    Text,
    /// JSON puzzles (see docs/json.md).
    Json,
}

/// `tetravex --layout`: how the input draws the tiles.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutArg {
    /// One tile per line: top right bottom left.
    Tiles,
    /// The board drawn as it lies, each tile a 2x2 block of labels.
    Blocks,
}

// `tessera tetravex`: the common options and the rules of Gnome Tetravex. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct TetravexArgs {
    /// The options every puzzle subcommand takes.
    #[command(flatten)]
    pub common: Common,

    /// Tiles may turn (quarter turns) as well as move.
    #[arg(long, help_heading = "Rules")]
    pub rotate: bool,

    /// Every tile stays in its cell and may only turn.
    #[arg(long, help_heading = "Rules")]
    pub in_place: bool,

    /// Every outer side must carry label C, and no inner side may.
    #[arg(long, value_name = "C", value_parser = values::label, allow_hyphen_values = true, help_heading = "Rules")]
    pub border: Option<i32>,

    /// How the input draws the tiles.
    #[arg(long, value_enum, default_value_t = LayoutArg::Tiles, help_heading = "Rules")]
    pub layout: LayoutArg,

    /// Pin tile TILE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3).
    #[arg(long, value_name = "TILE@ROW,COL[,ROT]", value_parser = values::tile_fix, help_heading = "Rules")]
    pub fix: Vec<Fix>,
}

// `tessera edges`: the common options and the rules of edge matching. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct EdgesArgs {
    /// The options every puzzle subcommand takes.
    #[command(flatten)]
    pub common: Common,

    /// Pieces may turn (quarter turns).
    #[arg(long, help_heading = "Rules")]
    pub rotate: bool,

    /// Pin piece PIECE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3).
    #[arg(long, value_name = "PIECE@ROW,COL[,ROT]", value_parser = values::piece_fix, help_heading = "Rules")]
    pub fix: Vec<Fix>,
}

// `tessera pack`: the common options, the board and the pieces. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct PackArgs {
    /// The options every puzzle subcommand takes.
    #[command(flatten)]
    pub common: Common,

    /// The board: ROWSxCOLS [default: 4x4, or the board the input draws].
    #[arg(long, value_name = "RxC", value_parser = values::board_size, help_heading = "Rules")]
    pub board: Option<Size>,

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
        PieceSet::ALL.map(|(name, _)| name)
    ).map(|name| PieceSet::by_name(&name).expect("a possible value names a set")))]
    pub set: Vec<PieceSet>,

    /// Count and list solutions up to the board's symmetries (one per orbit).
    #[arg(long, help_heading = "Rules")]
    pub unique: bool,
}

/// `generate PUZZLE`: which puzzle to generate.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleArg {
    /// Square tiles with four labels; equal labels meet.
    Tetravex,
    /// Jigsaw pieces: flat outline, +k meets -k.
    Edges,
    /// A rectangle cut into polyomino pieces.
    Pack,
}

// `tessera generate PUZZLE [OPTIONS]`. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Which puzzle.
    #[arg(value_enum, value_name = "PUZZLE")]
    pub puzzle: PuzzleArg,

    /// Board size: N (N x N) or RxC [default: tetravex 3, edges 3x3, pack 6x10].
    #[arg(long, value_name = "N|RxC", value_parser = values::generate_size)]
    pub size: Option<Size>,

    /// Labels the joins draw from (tetravex: values 0 up, skipping the border
    /// label; edges: tab shapes 1 to K) [default: tetravex 10, edges 1].
    #[arg(long, value_name = "K", value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub labels: Option<usize>,

    /// Tetravex: every outer side carries label C (and no inner side does).
    #[arg(long, value_name = "C", value_parser = values::label, allow_hyphen_values = true)]
    pub border: Option<i32>,

    /// Eternity II style: joins along the border ring draw from F labels of
    /// their own (tetravex: implies --border 0 unless given).
    #[arg(long, value_name = "F", value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub frame_labels: Option<usize>,

    /// Eternity II style: all other joins draw from I labels, distinct from
    /// the frame labels.
    #[arg(long, value_name = "I", value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub inner_labels: Option<usize>,

    /// Turn every tile or piece a random number of quarter turns (solve
    /// with --rotate).
    #[arg(long)]
    pub rotate: bool,

    /// Tetravex and edges, with --json: pin the centre cell's tile where
    /// the planted solution has it, turned as it lies there (Eternity II's
    /// centre piece; on even sides the cell below and right of the middle).
    #[arg(long)]
    pub centre: bool,

    /// Pack: mirror pieces at random (solve with --flip).
    #[arg(long)]
    pub flip: bool,

    /// Pack: the number of pieces [default: about one per 5 cells].
    #[arg(long, value_name = "K", conflicts_with = "piece_size", value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub pieces: Option<usize>,

    /// Pack: the average piece size in cells (pieces = cells / N, rounded).
    #[arg(long, value_name = "N", value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub piece_size: Option<usize>,

    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = values::whole_usize, allow_hyphen_values = true)]
    pub cases: usize,

    /// Seed of the random source (same seed, same puzzles).
    #[arg(long, value_name = "S", value_parser = values::whole_u64, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Write one JSON puzzle per line (the shape `--input json` reads)
    /// instead of the judge's text.
    #[arg(long)]
    pub json: bool,
}

// `tessera merge FILE...`. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files of NDJSON records; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write one JSON record per case (`"type": "merge"`) instead of text.
    #[arg(long)]
    pub json: bool,
}

// `tessera render [FILE]`. (A plain comment: see `Command`.)
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A file of --json records (NDJSON); `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Where the pictures go: a FILE (one picture), a DIR/, a name with
    /// {case}, {solution} or {puzzle} in it, or `-` (stdout).
    #[arg(long, value_name = "PATH", default_value = "-")]
    pub svg: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// clap's own consistency checks of the command line.
    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
