//! From clap's arguments to the run's validated settings: the checks that
//! involve several flags, the terminal's say on colour and progress, and
//! the engine's [`SearchConfig`], built once from the search flags (clap
//! parses the engine's own enums, see [`super::args::values`]).

use super::args::{ColorWhen, Common, ProgressWhen};
use super::exit::UsageError;
use super::plan_file::PlanFile;
use super::svg;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tessera::engine::{SearchConfig, SearchMode};
use tessera::format::grid::Style;

/// Settings shared by the puzzle subcommands.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// How to search: the mode (decide, `--count`, `--all` and `--limit`)
    /// and the search flags. No deadline and no monitor: the session adds
    /// them for each case ([`super::session::Session::prepare_search`]).
    pub search: SearchConfig,
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
    /// `--shard-plan N`: estimate the shards' sizes instead of searching.
    pub shard_plan: Option<u32>,
    /// `--plan-out FILE`: with `--shard-plan`, where the plan file goes.
    pub plan_out: Option<PathBuf>,
    /// `--plan FILE`: with `--shard`, the plan file the shard runs from
    /// (read and checked against `N` and the options here).
    pub plan: Option<Arc<PlanFile>>,
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
        let search = SearchConfig::from(c);
        let plan = match (&c.plan, c.shard) {
            (Some(path), Some(shard)) => Some(PlanFile::read(path, shard.count, &search)?),
            _ => None,
        };
        Ok(RunConfig {
            search,
            print_all: c.all,
            grid: c.grid,
            json: c.json,
            quiet: c.quiet,
            stats: c.stats,
            style: Style { ascii: c.ascii, colour: colour && !c.json },
            progress,
            stdout_tty,
            timeout: c.timeout,
            shard_plan: c.shard_plan,
            plan_out: c.plan_out.clone(),
            plan,
            svg,
        })
    }

    /// Whether the text answers (or JSON records) go to stdout: not when
    /// `--svg -` puts the pictures there.
    pub fn answers_on_stdout(&self) -> bool {
        self.svg != Some(svg::Target::Stdout)
    }

    /// What the search is for: decide, count or list.
    pub fn mode(&self) -> SearchMode {
        self.search.mode
    }

    /// Whether solutions are counted (`--count` or `--all`).
    pub fn counting(&self) -> bool {
        self.mode() != SearchMode::First
    }
}

/// The engine's settings from the search flags (validated by
/// [`RunConfig::from_common`]): the mode says what the flags ask for, a
/// first solution (no flag), a count (`--count`) or a list (`--all`,
/// `--limit`: `--all --limit 1` is a list of one, not a first-solution
/// search). The deadline and the monitor are the session's.
impl From<&Common> for SearchConfig {
    fn from(c: &Common) -> Self {
        let mode = if c.all || (c.count && c.limit.is_some()) {
            SearchMode::All { limit: c.limit }
        } else if c.count {
            SearchMode::Count
        } else {
            SearchMode::First
        };
        SearchConfig {
            mode,
            threads: c.threads,
            max_nodes: c.max_nodes,
            deadline: None,
            shard: c.shard,
            split: None,
            monitor: None,
            backend: c.backend,
            restarts: c.restarts,
            seed: c.seed,
            memo: c.memo,
            memo_mb: c.memo_mb,
            // The wall time is shown by --stats and in the JSON records
            // only: text without them reads no clock per case.
            untimed: !(c.stats || c.json),
        }
    }
}
