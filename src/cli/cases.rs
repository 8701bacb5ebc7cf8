//! The case loop every puzzle subcommand shares: for each input in turn
//! (FILE..., or standard input), read its cases one by one as they arrive
//! (the judge's text or JSON puzzles), build each one's model, and send it
//! to [`search`] or, with `--shard-plan`, to [`shard_plan`]; the answer is
//! written before the next case is read. A bad case ends its input (after
//! the cases before it are answered) and the run goes on with the next
//! input; Ctrl-C ends the run.

use super::args::Common;
use super::exit::{Exit, InputError};
use super::input::{self, Input};
use super::render::Render;
use super::search;
use super::session::Session;
use super::shard_plan;
use super::voice;
use anyhow::Result;
use serde::de::DeserializeOwned;
use std::io;
use std::path::PathBuf;
use tessera::engine::SearchConfig;
use tessera::format::json::PuzzleReader;
use tessera::puzzles::input::ParseError;
use tessera::puzzles::stream::{CaseReader, Failure, Source};
use tessera::puzzles::Model;

/// A case ready to answer.
pub struct Case<M, R> {
    /// The line of the input where it starts (0: no input).
    pub line: usize,
    /// The puzzle as the engine sees it.
    pub model: M,
    /// How to print its answers.
    pub render: R,
    /// A warning about the case, for stderr (named with the input and the
    /// case's line there).
    pub warning: Option<String>,
}

/// The judge's text cases of an input, as a puzzle's reader reads them.
pub type TextCases<T> = Box<dyn CaseReader<Item = Result<T, ParseError>>>;

/// Answers the cases of the inputs (`FILE...`, or standard input): the
/// judge's text through `read_text`, or JSON puzzles of type `J`
/// (`--input`; a case record must be of `puzzle_type`), each turned into a
/// [`Case`] by `build` (under the engine's settings for the case, its
/// `--timeout` running: [`Session::start_clock`]); each model answered goes to `recycle` (which may
/// keep its arrays for the next `build`). A missing or unreadable input is
/// reported by name and the others are still answered (exit status 2 at
/// the end, as grep does).
pub fn run_input<T, J, M, R>(
    mut session: Session,
    common: &Common,
    puzzle_type: &'static str,
    read_text: impl Fn(Source) -> TextCases<T>,
    mut build: impl FnMut(Input<T, J>, &SearchConfig) -> Result<Case<M, R>, ParseError>,
    mut recycle: impl FnMut(M),
) -> Result<Exit>
where
    J: DeserializeOwned,
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let stdin = [PathBuf::from("-")];
    let files = if common.files.is_empty() { &stdin[..] } else { &common.files[..] };
    for path in files {
        if session.interrupted() {
            break;
        }
        let name = input::name(path);
        let mut source = match input::open(path, "puzzles", session.shared_out()) {
            Ok(source) => source,
            // Named as grep names it (`FILE: No such file or directory`);
            // with --json it is also the stream's error record.
            Err(e) => {
                session.input_error(InputError::whole(&name, e))?;
                continue;
            }
        };
        session.start_input((files.len() > 1).then_some(name.as_str()))?;
        if input::is_json(common.input, &mut source) {
            let mut cases = PuzzleReader::<J>::new(source, Some(puzzle_type));
            case_loop(
                &mut session,
                &name,
                &mut cases,
                |(line, p), cfg| build(Input::Json(line, p), cfg),
                &mut recycle,
            )?;
        } else {
            let mut cases = read_text(source);
            case_loop(&mut session, &name, &mut *cases, |c, cfg| build(Input::Text(c), cfg), &mut recycle)?;
        }
    }
    session.finish()
}

/// Answers one case that needs no input (pack's built-in sets alone).
pub fn run_one<M, R>(mut session: Session, mut case: Case<M, R>) -> Result<Exit>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    if let Some(warning) = &case.warning {
        eprintln!("tessera: warning: {warning}");
    }
    answer(&mut session, "-", &mut case)?;
    session.finish()
}

/// Answers each case of one input as it is read; stops at the first bad
/// case (after answering the ones before it) or on Ctrl-C. Text formats end
/// at their terminator, and nothing after it is read; when the input stops
/// being text or a read fails, that is the error reported (an error at the
/// cut, such as "unexpected end of input", is really that). Each model
/// answered goes to `recycle`.
fn case_loop<C, M, R>(
    session: &mut Session,
    name: &str,
    cases: &mut (impl CaseReader<Item = Result<C, ParseError>> + ?Sized),
    mut build: impl FnMut(C, &SearchConfig) -> Result<Case<M, R>, ParseError>,
    recycle: &mut impl FnMut(M),
) -> io::Result<()>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    while !session.interrupted() {
        let case = cases.next();
        if cases.source().has_warnings() {
            for w in cases.source().take_warnings() {
                session.warn(name, w.line, &w.message);
            }
        }
        let case = case.map(|c| c.and_then(|c| build(c, session.start_clock())));
        match case {
            None => break,
            Some(Ok(mut case)) => {
                if let Some(warning) = &case.warning {
                    session.warn(name, case.line, warning);
                }
                answer(session, name, &mut case)?;
                recycle(case.model);
            }
            Some(Err(e)) => {
                // When the input stops being text or a read fails, that is
                // the error (an error at the cut is really that).
                let error = match cases.source().take_failure() {
                    Some(failure) => failure_error(name, &failure),
                    None => InputError::at(name, &e),
                };
                return session.input_error(error);
            }
        }
    }
    match cases.source().take_failure() {
        Some(failure) if !session.interrupted() => session.input_error(failure_error(name, &failure)),
        _ => Ok(()),
    }
}

/// The input error of a failed read (`Failure::Io`) or of input that
/// stops being text.
fn failure_error(name: &str, failure: &Failure) -> InputError {
    match failure {
        Failure::Text(e) => InputError::at(name, e),
        Failure::Io(e) => InputError::whole(name, format!("cannot read: {}", voice::plain(&e.to_string()))),
    }
}

/// Answers one case: its search, or with `--shard-plan` its plan.
fn answer<M, R>(session: &mut Session, input: &str, case: &mut Case<M, R>) -> io::Result<()>
where
    M: Model,
    M::Solution: Sync,
    R: Render<M> + Sync,
{
    let k = session.next_case();
    if let Some(plan) = session.cfg.plan.clone() {
        // --plan FILE: this case's part of the plan, or no search.
        match plan.split(session.run_case(), case.render.name(), case.model.problem()) {
            Ok(split) => session.split = split,
            Err(e) => {
                return session.input_error(InputError::whole(plan.name(), e));
            }
        }
    }
    match session.cfg.shard_plan {
        Some(count) => shard_plan::case(session, &case.render, (k, input, case.line), &case.model, count),
        None => search::case(session, &case.render, k, case.line, &mut case.model),
    }
}
