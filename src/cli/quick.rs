//! The command line of an ordinary run, read without clap.
//!
//! Most runs are `tessera PUZZLE FILE... [a few flags]`, and for a small
//! case clap is the largest thing tessera does: building the subcommand's
//! thirty arguments, parsing, filling in eighteen defaults and the typed
//! structs took about 230 k instructions of a 1x1 board's 910 k (the whole
//! process; docs/performance.md, "The floor"). So [`parse`] reads the
//! common words itself and gives clap everything else.
//!
//! It is a strict subset, never a second grammar: a puzzle subcommand
//! named exactly, file names, and flags that clap relates to no other flag
//! (no `--quiet`, `--svg`, `--shard-plan`, `--plan`, `--plan-out`,
//! `--board-file`), each at most once, written `--long VALUE` or as the
//! short flags alone (`-g`, `-c`, `-j N`). Each value goes through the
//! parser clap would use ([`values`], [`choices`], the enums' names). At
//! the first word outside the subset, a value that does not parse, or
//! anything clap would answer with help, a version or an error, it returns
//! `None`, and clap parses the whole line from the start: every message
//! stays clap's. The defaults are the `#[arg]` attributes' again, which a
//! test holds equal: for many lines, this path and clap build the same
//! [`Cli`].

use super::args::choices::{self, BACKENDS, MEMOS, RESTARTS};
use super::args::Cli;
use super::args::{
    values, ColorWhen, Command, Common, EdgesArgs, InputFormat, LayoutArg, PackArgs, ProgressWhen, TetravexArgs,
};
use clap::ValueEnum;
use std::ffi::OsString;
use std::path::PathBuf;
use tessera::engine::{BackendChoice, MemoChoice, Restarts};
use tessera::puzzles::pieces::PieceSet;

/// The command line as clap would read it, when it is an ordinary run's;
/// `None` sends the line to clap.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Option<Cli> {
    let mut words = Words { rest: args.into_iter().skip(1).collect::<Vec<_>>().into_iter(), seen: Vec::new() };
    let subcommand = words.rest.next()?;
    let command = match subcommand.to_str()? {
        "tetravex" => tetravex(&mut words)?,
        "edges" => edges(&mut words)?,
        "pack" => pack(&mut words)?,
        _ => return None,
    };
    Some(Cli { command })
}

/// The words after the subcommand, and the flags already given.
struct Words {
    rest: std::vec::IntoIter<OsString>,
    seen: Vec<&'static str>,
}

/// One word of a puzzle subcommand's line.
enum Word {
    /// A file name (or `-`).
    File(PathBuf),
    /// A flag in its long form, seen for the first time.
    Flag(&'static str),
}

impl Words {
    /// The next word; `None` at the end, `Some(None)` for a word outside
    /// the subset.
    fn next(&mut self) -> Option<Option<Word>> {
        let word = self.rest.next()?;
        let bytes = word.as_encoded_bytes();
        if bytes == b"-" || (!bytes.is_empty() && bytes[0] != b'-') {
            return Some(Some(Word::File(PathBuf::from(word))));
        }
        let flag = word.to_str().and_then(long_form);
        Some(match flag {
            Some(flag) if !self.seen.contains(&flag) => {
                self.seen.push(flag);
                Some(Word::Flag(flag))
            }
            _ => None,
        })
    }

    /// A flag's value: the next word, unless it is empty, not text, or
    /// looks like a flag (clap's own rules for those differ by flag).
    fn value(&mut self) -> Option<String> {
        let word = self.rest.next()?.into_string().ok()?;
        (!word.is_empty() && !word.starts_with('-')).then_some(word)
    }
}

/// The flags of the subset, in their long forms (the short ones mapped).
const FLAGS: [&str; 27] = [
    "--grid",
    "--ascii",
    "--count",
    "--all",
    "--json",
    "--stats",
    "--input",
    "--color",
    "--progress",
    "--limit",
    "--timeout",
    "--max-nodes",
    "--threads",
    "--shard",
    "--backend",
    "--restarts",
    "--seed",
    "--memo",
    "--memo-mb",
    "--rotate",
    "--in-place",
    "--border",
    "--layout",
    "--fix",
    "--board",
    "--flip",
    "--unique",
];

/// A word's flag in its long form, if it is in the subset (`--set` is
/// pack's, read by [`pack`]).
fn long_form(word: &str) -> Option<&'static str> {
    match word {
        "-g" => Some("--grid"),
        "-c" => Some("--count"),
        "-j" => Some("--threads"),
        "--set" => Some("--set"),
        _ => FLAGS.iter().find(|&&f| f == word).copied(),
    }
}

/// A value enum's value, as clap's parser of it matches names.
fn named<T: ValueEnum>(name: &str) -> Option<T> {
    T::from_str(name, false).ok()
}

/// The options every puzzle subcommand takes, at their defaults.
fn defaults() -> Common {
    Common {
        files: Vec::new(),
        input: InputFormat::Auto,
        grid: false,
        ascii: false,
        count: false,
        all: false,
        limit: None,
        json: false,
        svg: None,
        quiet: false,
        stats: false,
        color: ColorWhen::Auto,
        progress: ProgressWhen::Auto,
        timeout: None,
        max_nodes: None,
        threads: 0,
        shard: None,
        backend: BackendChoice::Auto,
        restarts: Restarts::Auto,
        seed: 0,
        memo: MemoChoice::Auto,
        memo_mb: None,
        shard_plan: None,
        plan_out: None,
        plan: None,
    }
}

/// Sets `flag` if it is one every puzzle subcommand takes: `Some(true)`
/// when it was, `Some(false)` when it is not such a flag, `None` for a
/// value that does not parse.
fn common(c: &mut Common, flag: &str, words: &mut Words) -> Option<bool> {
    match flag {
        "--grid" => c.grid = true,
        "--ascii" => c.ascii = true,
        "--count" => c.count = true,
        "--all" => c.all = true,
        "--json" => c.json = true,
        "--stats" => c.stats = true,
        "--input" => c.input = named(&words.value()?)?,
        "--color" => c.color = named(&words.value()?)?,
        "--progress" => c.progress = named(&words.value()?)?,
        "--limit" => c.limit = Some(values::whole_u64(&words.value()?).ok()?),
        "--timeout" => c.timeout = Some(values::timeout(&words.value()?).ok()?),
        "--max-nodes" => c.max_nodes = Some(values::whole_u64(&words.value()?).ok()?),
        "--threads" => c.threads = values::threads(&words.value()?).ok()?,
        "--shard" => c.shard = Some(values::shard(&words.value()?).ok()?),
        "--backend" => c.backend = choices::named(&BACKENDS, &words.value()?)?,
        "--restarts" => c.restarts = choices::named(&RESTARTS, &words.value()?)?,
        "--seed" => c.seed = values::whole_u64(&words.value()?).ok()?,
        "--memo" => c.memo = choices::named(&MEMOS, &words.value()?)?,
        "--memo-mb" => c.memo_mb = Some(values::whole_usize(&words.value()?).ok()?),
        _ => return Some(false),
    }
    Some(true)
}

/// Reads the rest of the line: file names and the common flags into
/// `common`, every other flag through `own` (its subcommand's; `None` for
/// a flag or value outside the subset).
fn read_rest(
    words: &mut Words,
    c: &mut Common,
    mut own: impl FnMut(&'static str, &mut Words) -> Option<()>,
) -> Option<()> {
    while let Some(word) = words.next() {
        match word? {
            Word::File(file) => c.files.push(file),
            Word::Flag(flag) if common(c, flag, words)? => {}
            Word::Flag(flag) => own(flag, words)?,
        }
    }
    Some(())
}

/// `tessera tetravex ...`.
fn tetravex(words: &mut Words) -> Option<Command> {
    let mut a = TetravexArgs {
        common: defaults(),
        rotate: false,
        in_place: false,
        border: None,
        layout: LayoutArg::Tiles,
        fix: Vec::new(),
    };
    read_rest(words, &mut a.common, |flag, words| {
        match flag {
            "--rotate" => a.rotate = true,
            "--in-place" => a.in_place = true,
            "--border" => a.border = Some(values::label(&words.value()?).ok()?),
            "--layout" => a.layout = named(&words.value()?)?,
            "--fix" => a.fix.push(values::tile_fix(&words.value()?).ok()?),
            _ => return None,
        }
        Some(())
    })?;
    Some(Command::Tetravex(a))
}

/// `tessera edges ...`.
fn edges(words: &mut Words) -> Option<Command> {
    let mut a = EdgesArgs { common: defaults(), rotate: false, fix: Vec::new() };
    read_rest(words, &mut a.common, |flag, words| {
        match flag {
            "--rotate" => a.rotate = true,
            "--fix" => a.fix.push(values::piece_fix(&words.value()?).ok()?),
            _ => return None,
        }
        Some(())
    })?;
    Some(Command::Edges(a))
}

/// `tessera pack ...`.
fn pack(words: &mut Words) -> Option<Command> {
    let mut a = PackArgs {
        common: defaults(),
        board: None,
        board_file: None,
        rotate: false,
        flip: false,
        set: Vec::new(),
        unique: false,
    };
    read_rest(words, &mut a.common, |flag, words| {
        match flag {
            "--board" => a.board = Some(values::board_size(&words.value()?).ok()?),
            "--rotate" => a.rotate = true,
            "--flip" => a.flip = true,
            "--set" => a.set.push(PieceSet::by_name(&words.value()?)?),
            "--unique" => a.unique = true,
            _ => return None,
        }
        Some(())
    })?;
    Some(Command::Pack(a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The line as clap reads it, and as the quick path does (when it
    /// takes it), both printed.
    fn both(line: &str) -> (Option<String>, Option<String>) {
        let words: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        let clap = Cli::try_parse_from(&words).ok().map(|cli| format!("{cli:?}"));
        (clap, parse(words).map(|cli| format!("{cli:?}")))
    }

    /// Every line the quick path takes, clap reads the same way.
    #[test]
    fn the_quick_path_reads_as_clap_does() {
        let subcommands = ["tetravex", "edges", "pack"];
        let tails = [
            "",
            "a.txt",
            "a.txt b.txt -",
            "a.txt --json b.txt -c c.txt",
            "-",
            "a.txt --json",
            "a.txt --json --threads 2",
            "--threads 0 a.txt -j 3",
            "-j 2 a.txt",
            "-g -c a.txt",
            "--grid --ascii --count --all --json --stats",
            "--input json --color never --progress always",
            "--input text --color always --progress never",
            "--limit 5 --timeout 0.5 --max-nodes 100 --seed 7",
            "--shard 3/16 --backend rowscan --restarts never --memo off --memo-mb 64",
            "--backend assign --memo halves",
            "--backend general --memo on",
            "--rotate --border 0 a.txt --json",
            "--in-place --layout blocks --fix 1@1,1,2",
            "--fix 7@2,3",
            "--set pentominoes --board 6x10 --json",
            "--set trominoes --rotate --flip --unique --count",
            "--board 3x20 --count --unique",
            "a.txt --border 5",
            "a.txt --layout tiles",
        ];
        let mut taken = 0;
        for sub in subcommands {
            for tail in tails {
                let line = format!("tessera {sub} {tail}");
                let (clap, quick) = both(&line);
                if let Some(quick) = quick {
                    taken += 1;
                    assert_eq!(Some(quick), clap, "{line}");
                }
            }
        }
        // The bench's lines and most of the others are taken.
        assert!(taken >= 50, "only {taken} lines took the quick path");
        for line in [
            "tessera tetravex a.txt --json --threads 2",
            "tessera tetravex a.txt --rotate --border 0 --json --count --threads 1",
            "tessera pack --set pentominoes --board 6x10 --json --count --unique --threads 1",
            "tessera edges a.txt --json --memo off --threads 1",
        ] {
            assert!(both(line).1.is_some(), "{line}");
        }
    }

    /// Random lines of the subset's words, their values good and bad, and
    /// words outside it: every line the quick path takes, clap reads the
    /// same way (and refuses none of them).
    #[test]
    fn random_lines_read_as_clap_reads_them() {
        let vocabulary = [
            "a.txt",
            "b.txt",
            "-",
            "--",
            "-x",
            "--json",
            "--grid",
            "-g",
            "--ascii",
            "--count",
            "-c",
            "--all",
            "--stats",
            "--quiet",
            "--input",
            "json",
            "text",
            "--color",
            "never",
            "--progress",
            "always",
            "--limit",
            "3",
            "0",
            "--timeout",
            "0.5",
            "--max-nodes",
            "--threads",
            "-j",
            "2",
            "1025",
            "--shard",
            "2/4",
            "5/4",
            "--backend",
            "rowscan",
            "--restarts",
            "--seed",
            "--memo",
            "off",
            "--memo-mb",
            "--rotate",
            "--in-place",
            "--border",
            "-1",
            "--layout",
            "blocks",
            "--fix",
            "1@1,1",
            "--board",
            "3x4",
            "--flip",
            "--set",
            "pentominoes",
            "--unique",
            "--svg",
            "--board-file",
            "x",
            "auto",
            "",
        ];
        let mut rng = tessera::rng::Rng::new(7);
        let mut taken = 0;
        for _ in 0..6000 {
            let sub = rng.pick(&["tetravex", "edges", "pack"]);
            let mut words = vec![OsString::from("tessera"), OsString::from(sub)];
            for _ in 0..rng.below(7) {
                words.push(OsString::from(rng.pick(&vocabulary)));
            }
            let clap = Cli::try_parse_from(&words).ok().map(|cli| format!("{cli:?}"));
            if let Some(quick) = parse(words.clone()).map(|cli| format!("{cli:?}")) {
                taken += 1;
                assert_eq!(Some(quick), clap, "{words:?}");
            }
        }
        assert!(taken > 1000, "only {taken} lines took the quick path");
    }

    /// Whatever clap would refuse, answer with help, or relate to another
    /// flag goes to clap.
    #[test]
    fn everything_else_goes_to_clap() {
        for line in [
            "tessera",
            "tessera --help",
            "tessera help tetravex",
            "tessera tetravx a.txt",
            "tessera generate tetravex",
            "tessera tetravex --help",
            "tessera tetravex -h",
            "tessera tetravex --version",
            "tessera tetravex a.txt -q",
            "tessera tetravex a.txt --quiet",
            "tessera tetravex --svg out/",
            "tessera tetravex --shard-plan 4",
            "tessera tetravex --json --json",
            "tessera tetravex --threads",
            "tessera tetravex --threads x",
            "tessera tetravex --threads 2000",
            "tessera tetravex --threads=2",
            "tessera tetravex -j2",
            "tessera tetravex -gc",
            "tessera tetravex --limit -1",
            "tessera tetravex --border -1",
            "tessera tetravex --backend bogus",
            "tessera tetravex --layout bogus",
            "tessera tetravex --grd",
            "tessera tetravex -- a.txt",
            "tessera tetravex --fix 1@1",
            "tessera edges --in-place",
            "tessera edges --layout tiles",
            "tessera pack --board 3 ",
            "tessera pack --board 3x3 --board-file b.txt",
            "tessera pack --set bogus",
            "tessera pack --set trominoes --set tetrominoes",
            "tessera pack --border 0",
        ] {
            assert_eq!(both(line).1, None, "{line}");
        }
    }
}
