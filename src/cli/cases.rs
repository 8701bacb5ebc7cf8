//! The case loop every puzzle subcommand shares: read the cases one by one
//! (the judge's text or JSON puzzles), build each one's model, and send it
//! to [`search`] or, with `--shard-plan`, to [`shard_plan`]; stop at the
//! first bad case (after answering the ones before it) or on Ctrl-C.

use super::args::Common;
use super::exit::{input_error, input_error_at, Exit, InputError};
use super::input::{self, Input};
use super::render::Render;
use super::search;
use super::session::Session;
use super::shard_plan;
use super::voice;
use anyhow::Result;
use serde::de::DeserializeOwned;
use std::io;
use tessera::format::json::read_puzzles;
use tessera::puzzles::input::{decode_prefix, ParseError};
use tessera::puzzles::Model;

/// A case ready to answer.
pub struct Case<M, R> {
    /// The line of the input where it starts (0: no input).
    pub line: usize,
    /// The puzzle as the engine sees it.
    pub model: M,
    /// How to print its answers.
    pub render: R,
}

/// The judge's text cases of an input, as a puzzle's reader reads them.
pub type TextCases<'a, T> = Box<dyn Iterator<Item = Result<T, ParseError>> + 'a>;

/// Where the cases come from, for the errors about them.
struct Origin<'a> {
    /// The input's name (a file or `<stdin>`).
    name: &'a str,
    /// Why the input stops being text, if it does before its end.
    bad_text: Option<ParseError>,
    /// Whether it is read as JSON (which has no terminator line).
    json: bool,
}

/// Answers the cases of the input (FILE or standard input): the judge's
/// text through `read_text`, or JSON puzzles of type `J` (`--input`), each
/// turned into a [`Case`] by `build`.
pub fn run_input<T, J, M, R>(
    mut session: Session,
    common: &Common,
    read_text: impl FnOnce(&str) -> TextCases<'_, T>,
    build: impl FnMut(Input<T, J>) -> Result<Case<M, R>, ParseError>,
) -> Result<Exit>
where
    J: DeserializeOwned,
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let source = match input::read(common.file.as_deref(), "puzzles") {
        Ok(source) => source,
        // Named as grep names it (`FILE: No such file or directory`), so
        // that with --json it is also the stream's error record.
        Err(e) if e.downcast_ref::<InputError>().is_none() => {
            let name = match common.file.as_deref() {
                Some(p) if p.as_os_str() != "-" => p.display().to_string(),
                _ => "<stdin>".to_string(),
            };
            return session.finish(Some(input_error(&name, voice::plain(&e.root_cause().to_string()))));
        }
        Err(e) => return session.finish(Some(e)),
    };
    let (text, bad_text) = decode_prefix(&source.bytes);
    let json = input::is_json(common.input, text);
    let cases: TextCases<'_, Input<T, J>> = if json {
        Box::new(read_puzzles::<J>(text).map(|r| r.map(|(line, p)| Input::Json(line, p))))
    } else {
        Box::new(read_text(text).map(|r| r.map(Input::Text)))
    };
    let origin = Origin { name: &source.name, bad_text, json };
    case_loop(&mut session, &origin, cases, build)
}

/// Answers one case that needs no input (pack's built-in sets alone).
pub fn run_one<M, R>(mut session: Session, case: Case<M, R>) -> Result<Exit>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let origin = Origin { name: "", bad_text: None, json: false };
    case_loop(&mut session, &origin, std::iter::once(Ok(case)), Ok)
}

/// Answers each case as it is read; stops at the first bad case (after
/// answering the ones before it) or on Ctrl-C. Text formats end at their
/// terminator line, and what follows is ignored; JSON input has no
/// terminator, so input that is not UTF-8 is an error even where the
/// readable part ends cleanly.
fn case_loop<C, M, R>(
    session: &mut Session,
    origin: &Origin,
    cases: impl Iterator<Item = Result<C, ParseError>>,
    mut build: impl FnMut(C) -> Result<Case<M, R>, ParseError>,
) -> Result<Exit>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let name = origin.name;
    let mut error = None;
    for case in cases {
        if session.interrupted() {
            break;
        }
        match case.and_then(&mut build) {
            Ok(case) => answer(session, &case)?,
            Err(e) => {
                // When the input stops being text, an error at the cut is really that.
                error = Some(input_error_at(name, origin.bad_text.as_ref().unwrap_or(&e)));
                break;
            }
        }
    }
    if let (None, Some(bad), true) = (&error, &origin.bad_text, origin.json) {
        if !session.interrupted() {
            error = Some(input_error_at(name, bad));
        }
    }
    session.finish(error)
}

/// Answers one case: its search, or with `--shard-plan` its plan.
fn answer<M, R>(session: &mut Session, case: &Case<M, R>) -> io::Result<()>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let k = session.next_case();
    match session.cfg.shard_plan {
        Some(count) => shard_plan::case(session, &case.render, k, case.line, &case.model, count),
        None => search::case(session, &case.render, k, case.line, &case.model),
    }
}
