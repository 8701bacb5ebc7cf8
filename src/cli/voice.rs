//! One voice for every message: `tessera: ...` on stderr, the place first
//! (`FILE:LINE:COLUMN: `) where there is one, plain words, no Rust or
//! clap internals.
//!
//! Two kinds of message reach the user without passing through tessera's
//! own wording, and this module rewrites both:
//!
//! * clap's errors (an unknown option, a bad value, two flags that
//!   conflict), which clap words as `error: ...` with tips of its own. Some
//!   tips are wrong for tessera: `--limit -3` is told to write `-- -3`,
//!   which would make `-3` a file name, and `edges --border 0` to write
//!   `-- --border`. [`usage_message`] words each kind of error from its
//!   parts (the flag, the value, the valid values, clap's suggestion of a
//!   similar name) and keeps clap's usage line, which helps;
//! * the operating system's errors, which Rust words with an `(os error
//!   N)` tail ([`plain`] drops it), and which do not say what was being
//!   written: [`name_stdout`] names standard output for a write that
//!   failed without a context (every read and every file tessera writes
//!   has one, so what is left is stdout: a full disk, `> /dev/full`).

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::io;

/// clap's error in tessera's voice, with a newline: `tessera: ...` and the
/// usage line of the subcommand (of `root`, the whole command line).
pub fn usage_message(e: &clap::Error, root: clap::Command) -> String {
    let get = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        _ => None,
    };
    let strings = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    };
    let arg = get(ContextKind::InvalidArg).map(|a| flag_only(&a)).unwrap_or_default();
    let value = get(ContextKind::InvalidValue).unwrap_or_default();
    let similar = |what: ContextKind| {
        let s = strings(what);
        if s.is_empty() {
            String::new()
        } else {
            format!(" (did you mean {}?)", s.join(" or "))
        }
    };
    let message = match e.kind() {
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg} needs a value"),
        ErrorKind::InvalidValue => {
            let valid = strings(ContextKind::ValidValue);
            format!("{arg} {value}: expected one of {}{}", valid.join(", "), similar(ContextKind::SuggestedValue))
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map(ToString::to_string).unwrap_or_default();
            format!("{arg} {value}: {}", plain(&why))
        }
        ErrorKind::UnknownArgument if looks_negative(&arg) => {
            format!("unexpected {arg}: no option takes a negative number here")
        }
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            let name = command_name(e);
            let sub = name.strip_prefix("tessera ").unwrap_or(&name);
            format!("{sub} has no option {arg}{}", similar(ContextKind::SuggestedArg))
        }
        ErrorKind::UnknownArgument => format!("unexpected argument `{arg}`"),
        ErrorKind::InvalidSubcommand => {
            let name = get(ContextKind::InvalidSubcommand).unwrap_or_default();
            format!("no subcommand `{name}`{}", similar(ContextKind::SuggestedSubcommand))
        }
        ErrorKind::ArgumentConflict => match get(ContextKind::PriorArg) {
            Some(prior) => format!("{arg} cannot be used with {}", flag_only(&prior)),
            None => format!("{arg} cannot be used here"),
        },
        ErrorKind::MissingRequiredArgument => format!("missing {}", strings(ContextKind::InvalidArg).join(", ")),
        ErrorKind::MissingSubcommand => format!("{} needs a subcommand", command_name(e)),
        ErrorKind::InvalidUtf8 => "an argument is not valid UTF-8".to_string(),
        ErrorKind::NoEquals => format!("{arg} needs its value after `=`"),
        ErrorKind::TooManyValues => format!("{arg}: unexpected value {value}"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => format!("{arg}: wrong number of values"),
        _ => {
            // Any other kind: clap's own first line, without its `error: `.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    };
    let mut out = format!("tessera: {message}\n");
    // clap's own usage line lists the flags just given; the subcommand's
    // general one says more.
    if e.get(ContextKind::Usage).is_some() {
        let mut cmd = root;
        for word in command_name(e).split_whitespace().skip(1) {
            match cmd.find_subcommand(word) {
                Some(sub) => cmd = sub.clone(),
                None => break,
            }
        }
        out.push_str(cmd.bin_name(command_name(e)).render_usage().to_string().trim());
        out.push('\n');
    }
    out
}

/// `--limit <N>` as clap names the argument: `--limit`.
fn flag_only(arg: &str) -> String {
    match arg.split_once(' ') {
        Some((flag, _)) if flag.starts_with('-') => flag.to_string(),
        _ => arg.to_string(),
    }
}

/// `-3`, `-0.5`: a number with a minus sign, not an option.
fn looks_negative(arg: &str) -> bool {
    arg.strip_prefix('-').is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
}

/// `tessera edges`, from clap's usage line (`Usage: tessera edges [OPTIONS]
/// [FILE]`), or `tessera`.
fn command_name(e: &clap::Error) -> String {
    let usage = match e.get(ContextKind::Usage) {
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => String::new(),
    };
    let words: Vec<&str> = usage
        .split_whitespace()
        .skip_while(|w| *w != "tessera")
        .take_while(|w| !w.starts_with(['[', '<', '-']))
        .collect();
    if words.is_empty() {
        "tessera".to_string()
    } else {
        words.join(" ")
    }
}

/// A message without Rust's ` (os error N)` tail.
pub fn plain(message: &str) -> String {
    let mut out = message.to_string();
    while let Some(start) = out.find(" (os error ") {
        match out[start..].find(')') {
            Some(end) => out.replace_range(start..start + end + 1, ""),
            None => break,
        }
    }
    out
}

/// The error of a run, with standard output named where a write to it
/// failed: an operating-system error with no context of its own comes from
/// writing stdout (reads and files written name themselves).
pub fn name_stdout(err: anyhow::Error) -> anyhow::Error {
    if err.chain().count() == 1 && err.downcast_ref::<io::Error>().is_some() {
        err.context("cannot write to standard output")
    } else {
        err
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn os_error_tails_are_dropped() {
        assert_eq!(
            plain("cannot read x: No such file or directory (os error 2)"),
            "cannot read x: No such file or directory"
        );
        assert_eq!(plain("no tail"), "no tail");
    }

    #[test]
    fn negative_numbers_are_told_apart_from_options() {
        assert!(looks_negative("-3"));
        assert!(looks_negative("-.5"));
        assert!(!looks_negative("--border"));
        assert!(!looks_negative("-x"));
    }

    #[test]
    fn a_write_without_context_names_stdout() {
        let e = name_stdout(io::Error::from(io::ErrorKind::StorageFull).into());
        assert!(format!("{e:#}").starts_with("cannot write to standard output: "), "{e:#}");
        let read = anyhow::Error::from(io::Error::from(io::ErrorKind::NotFound)).context("cannot read x");
        assert_eq!(format!("{:#}", name_stdout(read)).split(':').next(), Some("cannot read x"));
    }
}
