//! The generated texts: shell completion scripts and the man pages (roff),
//! both from the clap command line of [`super::args`].

use super::args::Cli;
use super::exit::{Exit, UsageError};
use clap::CommandFactory;
use std::io::Write;
use std::path::Path;

/// `tessera completions SHELL`: the completion script on stdout.
pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<Exit> {
    emit(&completion(shell))
}

/// `tessera man [SUBCOMMAND]`: one page on stdout; `tessera man --dir DIR`:
/// every page into DIR.
pub fn man(page: Option<&str>, dir: Option<&Path>) -> anyhow::Result<Exit> {
    match dir {
        Some(dir) => {
            debug_assert!(page.is_none());
            write_man_pages(dir)
        }
        None => man_page(page).and_then(|(_, text)| emit(&text)),
    }
}

/// Writes generated text to stdout.
fn emit(bytes: &[u8]) -> anyhow::Result<Exit> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(Exit::Solved)
}

/// A completion script, generated into memory (generators panic on a
/// closed pipe).
fn completion(shell: clap_complete::Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "tessera", &mut buf);
    buf
}

/// The command line as the man pages show it.
fn man_command() -> clap::Command {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The names of the man pages: `tessera` and one per subcommand.
fn man_page_names() -> Vec<String> {
    let cmd = man_command();
    std::iter::once(String::new()).chain(cmd.get_subcommands().map(|s| s.get_name().to_string())).collect()
}

/// The man pages' EXIT STATUS section (tessera(1) and the puzzles').
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
every case has a solution (or a command other than a puzzle succeeded)
.TP
\fB1\fR
at least one case was proved to have no solution
.TP
\fB2\fR
usage or input error (the message names the line)
.TP
\fB3\fR
some case is unknown: a limit or timeout ended it first
.TP
\fB4\fR
with \-\-shard, some case had nothing to search in this shard (the deal gave it no subtree)
.TP
\fB130\fR
interrupted by Ctrl\-C
.PP
The most severe status wins: 2 > 130 > 3 > 1 > 4 > 0. A closed standard output (\fItessera ... | head\fR) ends tessera quietly with status 0.
"#;

/// One man page: `tessera(1)` for `None`, `tessera-NAME(1)` for a
/// subcommand. Returns the file name and the roff text.
fn man_page(page: Option<&str>) -> anyhow::Result<(String, Vec<u8>)> {
    let root = man_command();
    let subcommands: Vec<String> = root.get_subcommands().map(|s| s.get_name().to_string()).collect();
    let cmd = match page {
        None | Some("tessera") => root.clone(),
        Some(name) => root
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| UsageError(format!("man {name}: no such subcommand (known: {})", subcommands.join(", "))))?,
    };
    let puzzle = matches!(page, Some("tetravex" | "edges" | "pack"));
    let man = clap_mangen::Man::new(cmd.clone())
        .manual("tessera manual")
        .source(format!("tessera {}", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }
    // The long help ends with the exit statuses, which have a section of
    // their own here (the puzzles') or stay in EXAMPLES (the others').
    let long = cmd.get_after_long_help().map(|h| h.to_string());
    let extra = long.map(|h| match h.rsplit_once("\n\nExit status: ") {
        Some((text, _)) if puzzle => text.to_string(),
        _ => h,
    });
    if let Some(extra) = extra {
        let heading = if puzzle { "INPUT AND OUTPUT" } else { "EXAMPLES" };
        out.extend_from_slice(format!(".SH \"{heading}\"\n{}", roff_paragraphs(&extra)).as_bytes());
    }
    if page.is_none() || puzzle {
        out.extend_from_slice(EXIT_STATUS.as_bytes());
    }
    let see_also: Vec<String> = match page {
        None | Some("tessera") => subcommands.iter().map(|s| format!("\\fBtessera\\-{s}\\fR(1)")).collect(),
        Some(_) => vec!["\\fBtessera\\fR(1)".to_string()],
    };
    let docs = "The user guide docs/usage.md and the JSON schema docs/json.md in the source.";
    out.extend_from_slice(format!(".SH \"SEE ALSO\"\n{}\n.PP\n{docs}\n", see_also.join(", ")).as_bytes());
    man.render_version_section(&mut out)?;
    Ok((man.get_filename(), out))
}

/// Help text as roff: paragraphs are filled, blocks indented by four
/// spaces (examples) are kept as they are.
fn roff_paragraphs(text: &str) -> String {
    let escape = |line: &str| {
        let line = line.replace('\\', "\\e").replace('-', "\\-");
        if line.starts_with(['.', '\'']) {
            format!("\\&{line}")
        } else {
            line
        }
    };
    let mut out = String::new();
    for para in text.split("\n\n") {
        let lines: Vec<&str> = para.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            continue;
        }
        if lines.iter().all(|l| l.starts_with("    ")) {
            out.push_str(".PP\n.RS 4\n.nf\n");
            for l in lines {
                out.push_str(&escape(&l[4..]));
                out.push('\n');
            }
            out.push_str(".fi\n.RE\n");
        } else {
            out.push_str(".PP\n");
            for l in lines {
                out.push_str(&escape(l.trim()));
                out.push('\n');
            }
        }
    }
    out
}

/// `tessera man --dir DIR`: every page into DIR.
fn write_man_pages(dir: &Path) -> anyhow::Result<Exit> {
    if dir.exists() && !dir.is_dir() {
        return Err(UsageError(format!("--dir {}: a file, not a directory", dir.display())).into());
    }
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    for name in man_page_names() {
        let (file, text) = man_page((!name.is_empty()).then_some(name.as_str()))?;
        let path = dir.join(&file);
        std::fs::write(&path, text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    Ok(Exit::Solved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_has_a_man_page() {
        let names = man_page_names();
        assert_eq!(names[0], "");
        for name in &names {
            let (file, text) = man_page((!name.is_empty()).then_some(name.as_str())).unwrap();
            let want = if name.is_empty() { "tessera.1".to_string() } else { format!("tessera-{name}.1") };
            assert_eq!(file, want);
            let text = String::from_utf8(text).unwrap();
            assert!(text.contains(".SH \"SEE ALSO\""), "{file}");
        }
        assert!(man_page(Some("nonesuch")).is_err());
    }
}
