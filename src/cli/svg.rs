//! `--svg PATH`: where the pictures of solutions go, and writing them.
//!
//! PATH is read as one of four targets ([`Target`]):
//!
//! * `-`: standard output, which then carries the pictures only (the text
//!   answer is left out, and `--json` and `--grid` are refused), one
//!   complete SVG document after another;
//! * a directory (an existing one, or a PATH ending in `/`, created if
//!   missing): one file per picture, `PUZZLE-CASE-SOLUTION.svg`;
//! * a name pattern: PATH with `{case}`, `{solution}` or `{puzzle}`, each
//!   replaced by the picture's case number, solution number (from 1) or
//!   puzzle type;
//! * a plain file name: one picture. With `--all` it is refused before
//!   solving, as is a pattern without `{solution}`; a second picture that
//!   would get a name already written in this run (a second case into a
//!   plain file, or into a pattern without `{case}`) ends the run with an
//!   error (status 2) instead of overwriting the first.
//!
//! A picture that cannot be written (no such directory, no permission)
//! ends the run with status 2 and a message naming the file.

use super::exit::UsageError;
use super::render::Render;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
pub use tessera::format::svg::Puzzle;
use tessera::puzzles::Model;

/// Where `--svg` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard output (`-`).
    Stdout,
    /// One file per picture in this directory.
    Dir(PathBuf),
    /// A file name with `{case}`, `{solution}` or `{puzzle}` in it.
    Pattern(String),
    /// One file.
    File(PathBuf),
}

/// The placeholders of a name pattern.
const PLACEHOLDERS: [&str; 3] = ["{case}", "{solution}", "{puzzle}"];

impl Target {
    /// Reads `--svg PATH`; `several` says whether a case may have several
    /// pictures (`--all`). Creates a missing directory; refuses a target
    /// that cannot hold what the run draws, or whose directory is missing.
    pub fn new(path: &Path, several: bool) -> Result<Self, UsageError> {
        let text = path.to_string_lossy();
        if text == "-" {
            return Ok(Target::Stdout);
        }
        let shown = path.display();
        if text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir() {
            std::fs::create_dir_all(path)
                .map_err(|e| UsageError(format!("--svg {shown}: cannot create the directory: {e}")))?;
            return Ok(Target::Dir(path.to_path_buf()));
        }
        let pattern = PLACEHOLDERS.iter().any(|p| text.contains(p));
        if several && !text.contains("{solution}") {
            let what = if pattern { "the pattern has no {solution}" } else { "a file holds one picture" };
            return Err(UsageError(format!(
                "--svg {shown}: --all draws every solution, but {what}; give a directory (PATH/) or a name with {{solution}}"
            )));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.to_string_lossy().contains('{')) {
            if !dir.is_dir() {
                return Err(UsageError(format!("--svg {shown}: no such directory {}", dir.display())));
            }
        }
        Ok(if pattern { Target::Pattern(text.into_owned()) } else { Target::File(path.to_path_buf()) })
    }

    /// The file of one picture (`None` for standard output).
    pub fn file(&self, puzzle: &str, case: usize, solution: u64) -> Option<PathBuf> {
        match self {
            Target::Stdout => None,
            Target::Dir(dir) => Some(dir.join(format!("{puzzle}-{case}-{solution}.svg"))),
            Target::Pattern(p) => Some(PathBuf::from(
                p.replace("{case}", &case.to_string())
                    .replace("{solution}", &solution.to_string())
                    .replace("{puzzle}", puzzle),
            )),
            Target::File(f) => Some(f.clone()),
        }
    }
}

/// Writes a run's pictures to its [`Target`], refusing to overwrite a
/// picture of the same run.
#[derive(Debug)]
pub struct SvgWriter {
    /// Where the pictures go.
    pub target: Target,
    /// The files written so far, with the case and solution of each.
    written: Mutex<HashMap<PathBuf, (usize, u64)>>,
}

impl SvgWriter {
    /// A writer to `target`, before its first picture.
    pub fn new(target: Target) -> Self {
        SvgWriter { target, written: Mutex::new(HashMap::new()) }
    }

    /// Writes one picture: to `stdout`, or to its file.
    pub fn write(&self, stdout: &mut dyn Write, puzzle: &str, case: usize, solution: u64, svg: &str) -> io::Result<()> {
        let Some(file) = self.target.file(puzzle, case, solution) else {
            return stdout.write_all(svg.as_bytes()).and_then(|_| stdout.flush());
        };
        if let Some((c, s)) = self.written.lock().unwrap().insert(file.clone(), (case, solution)) {
            return Err(io::Error::other(format!(
                "--svg: the picture of case {case}, solution {solution} would overwrite {} (case {c}, solution {s}); put {{case}} and {{solution}} in the name, or give a directory",
                file.display()
            )));
        }
        std::fs::write(&file, svg)
            .map_err(|e| io::Error::other(format!("cannot write the picture {}: {e}", file.display())))
    }
}

/// The pictures of one case: its puzzle read once, each solution drawn
/// and written as it comes.
pub struct CasePictures<'a, M: Model> {
    writer: &'a SvgWriter,
    render: &'a (dyn Render<M> + Sync),
    puzzle: Puzzle,
    model: &'a M,
    case: usize,
}

impl<'a, M: Model> CasePictures<'a, M> {
    /// The pictures of case `case`, written by `writer`.
    pub fn new(writer: &'a SvgWriter, render: &'a (dyn Render<M> + Sync), model: &'a M, case: usize) -> Self {
        let puzzle =
            Puzzle::from_json(render.name(), &render.puzzle_json(model)).expect("tessera's own puzzle objects draw");
        CasePictures { writer, render, puzzle, model, case }
    }

    /// Draws solution `index` (from 1) and writes it (to `stdout` for `-`).
    pub fn draw(&self, stdout: &mut dyn Write, index: u64, solution: &M::Solution) -> io::Result<()> {
        let json = self.render.solution_json(self.model, solution);
        let svg = self.puzzle.draw(&json, self.case, index).map_err(io::Error::other)?;
        self.writer.write(stdout, self.puzzle.name(), self.case, index, &svg)
    }
}
