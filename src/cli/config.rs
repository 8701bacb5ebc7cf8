//! From clap's arguments to the run's validated settings: the checks that
//! involve several flags, the terminal's say on colour and progress, and
//! the library's enums for the engine's choices.

use super::args::{BackendArg, ColorWhen, Common, MemoArg, ProgressWhen, RestartsArg};
use super::exit::UsageError;
use super::svg;
use std::io::IsTerminal;
use std::time::Duration;
use tessera::engine::{BackendChoice, MemoChoice, Restarts, Shard};
use tessera::format::grid::Style;
use tessera::solve::Mode;

/// Settings shared by the puzzle subcommands.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Decide, count (`--count`) or list (`--all`, `--limit`).
    pub mode: Mode,
    /// Print every solution (`--all`), not just count them.
    pub print_all: bool,
    /// Draw each solution (`--grid`).
    pub grid: bool,
    /// Write JSON records (`--json`).
    pub json: bool,
    /// Print nothing on stdout (`-q`): the exit status answers.
    pub quiet: bool,
    /// Print effort counters on stderr (`--stats`).
    pub stats: bool,
    /// How grids are drawn (`--ascii`, `--color`).
    pub style: Style,
    /// Show a progress bar on stderr (`--progress`).
    pub progress: bool,
    /// Whether stdout is a terminal (the progress bar then steps aside
    /// while solutions are printed).
    pub stdout_tty: bool,
    /// Give up on a case after this long (`--timeout`).
    pub timeout: Option<Duration>,
    /// Give up on a case after this many nodes (`--max-nodes`).
    pub max_nodes: Option<u64>,
    /// Worker threads, 0 for one per core (`--threads`).
    pub threads: usize,
    /// Search only this shard (`--shard I/N`).
    pub shard: Option<Shard>,
    /// `--shard-plan N`: estimate the shards' sizes instead of searching.
    pub shard_plan: Option<u32>,
    /// The search backend (`--backend`).
    pub backend: BackendChoice,
    /// Whether first-solution searches restart (`--restarts`).
    pub restarts: Restarts,
    /// The seed of the restarts' random orders (`--seed`).
    pub seed: u64,
    /// Whether counts memoise subtrees (`--memo`).
    pub memo: MemoChoice,
    /// The memo's memory cap in MiB (`None`: the engine's default).
    pub memo_mb: Option<usize>,
    /// Where `--svg` draws the solutions, if it does.
    pub svg: Option<svg::Target>,
}

impl RunConfig {
    /// Validates the options every puzzle subcommand takes.
    pub fn from_common(c: &Common) -> Result<Self, UsageError> {
        if c.all && c.count {
            return Err(UsageError(
                "--all already counts the solutions it prints; use one of --all and --count".into(),
            ));
        }
        if c.limit == Some(0) {
            return Err(UsageError("--limit must be at least 1".into()));
        }
        if c.max_nodes == Some(0) {
            return Err(UsageError("--max-nodes must be at least 1".into()));
        }
        if c.limit.is_some() && !c.all && !c.count {
            return Err(UsageError("--limit goes with --all or --count".into()));
        }
        let mode = if c.all || (c.count && c.limit.is_some()) {
            Mode::All { limit: c.limit }
        } else if c.count {
            Mode::Count
        } else {
            Mode::Decide
        };
        if c.memo_mb.is_some_and(|m| m == 0 || m > 1 << 30) {
            return Err(UsageError("--memo-mb: expected 1 to 1073741824 MiB".into()));
        }
        let svg = c.svg.as_deref().map(|path| svg::Target::new(path, c.all)).transpose()?;
        if svg == Some(svg::Target::Stdout) && (c.json || c.grid) {
            return Err(UsageError(
                "--svg - writes the pictures to stdout alone; --json and --grid need it too (give --svg a file or a directory)"
                    .into(),
            ));
        }
        let stderr_tty = std::io::stderr().is_terminal();
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let progress = match c.progress {
            ProgressWhen::Always => true,
            ProgressWhen::Never => false,
            ProgressWhen::Auto => stderr_tty && !dumb,
        };
        let stdout_tty = std::io::stdout().is_terminal();
        let colour = match c.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => stdout_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && !dumb,
        };
        Ok(RunConfig {
            mode,
            print_all: c.all,
            grid: c.grid,
            json: c.json,
            quiet: c.quiet,
            stats: c.stats,
            style: Style { ascii: c.ascii, colour: colour && !c.json },
            progress,
            stdout_tty,
            timeout: c.timeout,
            max_nodes: c.max_nodes,
            threads: c.threads,
            shard: c.shard,
            shard_plan: c.shard_plan,
            backend: match c.backend {
                BackendArg::Auto => BackendChoice::Auto,
                BackendArg::Assign => BackendChoice::Assign,
                BackendArg::Rowscan => BackendChoice::RowScan,
                BackendArg::General => BackendChoice::General,
            },
            restarts: match c.restarts {
                RestartsArg::Auto => Restarts::Auto,
                RestartsArg::Never => Restarts::Never,
            },
            seed: c.seed,
            memo: match c.memo {
                MemoArg::Auto => MemoChoice::Auto,
                MemoArg::On => MemoChoice::On,
                MemoArg::Off => MemoChoice::Off,
            },
            memo_mb: c.memo_mb,
            svg,
        })
    }

    /// Whether the text answers (or JSON records) go to stdout: not when
    /// `--svg -` puts the pictures there.
    pub fn answers_on_stdout(&self) -> bool {
        self.svg != Some(svg::Target::Stdout)
    }

    /// Whether solutions are counted (`--count` or `--all`).
    pub fn counting(&self) -> bool {
        !matches!(self.mode, Mode::Decide)
    }
}
