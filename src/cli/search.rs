//! Searching one case: the search itself under a progress bar, with each
//! `--all` solution written as it is found, then the case's exit status,
//! its `--stats` line and its answer (see [`super::answer`]). With
//! `--svg` each solution written is also drawn (see [`super::svg`]): every
//! `--all` solution as it is found, otherwise the case's one solution.

use super::answer;
use super::config::RunConfig;
use super::exit::{case_exit, Exit};
use super::progress::Progress;
use super::render::Render;
use super::session::Session;
use super::svg;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use tessera::engine::{StopReason, Workspace};
use tessera::puzzles::Model;
use tessera::solve::{self, CaseResult, Status};

/// Solves case `k` (which starts at `line` of the input) and prints its
/// answer: the picture of its solution (`--svg`, unless `--all` drew each
/// one already), its `--stats` line on stderr, then its JSON record or
/// text on stdout (not with `--svg -`, whose stdout holds the pictures).
pub fn case<M: Model>(
    session: &mut Session,
    render: &(dyn Render<M> + Sync),
    k: usize,
    line: usize,
    model: &mut M,
) -> io::Result<()>
where
    M::Solution: Sync,
{
    session.prepare_search();
    let prepared = solve::prepare(model, session.search());
    let model = &*model;
    // The engine's arrays from the case before, taken for this search.
    let mut engine = session.engine.take().unwrap_or_default();
    let pictures = session.svg.as_ref().map(|w| svg::CasePictures::new(w, render, model, k));
    let mut result = CaseResult::unknown();
    let searched = search(session, render, (k, model, prepared), pictures.as_ref(), &mut engine, &mut result);
    session.engine = Some(engine);
    let streamed = searched?;
    if let (Some(pictures), Some(sol), 0) = (&pictures, &result.solution, streamed) {
        pictures.draw(&mut *session.out(), 1, sol)?;
    }
    drop(pictures);
    session.record(exit_status(&session.cfg, &result));
    let cfg = &session.cfg;
    if cfg.stats {
        eprintln!("{}", answer::stats(k, &result));
    }
    if !cfg.answers_on_stdout() {
        return Ok(());
    }
    if cfg.json {
        let plan = session.split.as_ref().map(|(_, id)| id.as_str());
        let text = answer::record(cfg, session.file(), plan, render, k, line, model, &result);
        return session.print(&text);
    }
    // The session's answer buffer, kept from case to case.
    let mut text = std::mem::take(&mut session.answer);
    text.clear();
    answer::text_into(&mut text, cfg, render, k, model, &result, streamed);
    let printed = session.print(&text);
    session.answer = text;
    printed
}

/// Runs the search of case `k` under a progress bar; with `--all` each
/// solution is written (and flushed, so that `| head` sees it at once) as
/// it is found. Writes the result into `result` and returns the number
/// of solutions written. The session's search settings are this case's
/// ([`Session::prepare_search`]), with which the model was `prepared`;
/// `engine`: the engine's arrays.
fn search<M: Model>(
    session: &Session,
    render: &(dyn Render<M> + Sync),
    (k, model, prepared): (usize, &M, solve::Prepared),
    pictures: Option<&svg::CasePictures<M>>,
    engine: &mut Workspace,
    result: &mut CaseResult<M::Solution>,
) -> io::Result<u64>
where
    M::Solution: Sync,
{
    let cfg = &session.cfg;
    session.monitor.reset_counters();
    let search = session.search();
    let want_solution = cfg.grid || cfg.json || session.svg.is_some() || render.decide_needs_solution();
    let streamed = AtomicU64::new(0);
    let write_error: Mutex<Option<io::Error>> = Mutex::new(None);
    let progress = cfg.progress.then(|| Progress::start(session.monitor.clone(), format!("case {k}")));
    {
        let on_solution = |sol: M::Solution| -> ControlFlow<()> {
            if !cfg.print_all {
                return ControlFlow::Continue(());
            }
            // Number and write under the lock, so records come in index order.
            let mut out = session.out();
            let index = streamed.fetch_add(1, Ordering::Relaxed) + 1;
            let mut write = || -> io::Result<()> {
                if cfg.answers_on_stdout() {
                    let text = answer::solution(cfg, session.file(), render, k, index, model, &sol);
                    out.write_all(text.as_bytes())?;
                    out.flush()?;
                }
                match pictures {
                    Some(p) => p.draw(&mut *out, index, &sol),
                    None => Ok(()),
                }
            };
            let written = match &progress {
                Some(p) if cfg.stdout_tty => p.suspend(write),
                _ => write(),
            };
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    *write_error.lock().unwrap() = Some(e);
                    ControlFlow::Break(())
                }
            }
        };
        solve::run_prepared_into(model, prepared, want_solution, search, Some(&on_solution), engine, result);
    }
    drop(progress); // clears the bar before anything else is printed
    if let Some(e) = write_error.into_inner().unwrap() {
        return Err(e);
    }
    if session.interrupted() && result.status == Status::Unknown {
        result.stopped = Some(StopReason::Interrupted);
    }
    Ok(streamed.into_inner())
}

/// The exit status of a searched case: [`case_exit`], except that a shard
/// searched to the end did its job, solutions or not, and a shard that had
/// nothing to search says so ([`Exit::EmptyShard`]).
fn exit_status<S>(cfg: &RunConfig, result: &CaseResult<S>) -> Exit {
    if answer::empty_shard(cfg, result) {
        Exit::EmptyShard
    } else if cfg.search.shard.is_some() && result.complete && result.status == Status::Unknown {
        Exit::Solved
    } else {
        case_exit(cfg.mode(), result.status, result.stopped)
    }
}
