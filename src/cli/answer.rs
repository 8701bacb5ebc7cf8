//! What a searched case prints: its text answer (the judge's verdict, the
//! count line, the drawing), its JSON record, each `--all` solution as it
//! is found, and its `--stats` line. Text only: writing it is the caller's.

use super::config::RunConfig;
use super::render::Render;
use serde::Serialize;
use tessera::engine::{Count, StopReason};
use tessera::format::json::{self, ShardJson, SolutionRecord};
use tessera::puzzles::Model;
use tessera::solve::{CaseResult, Status};

/// `1 solution`, `2 solutions`.
fn plural(n: &Count, noun: &str) -> String {
    format!("{n} {noun}{}", if *n == 1 { "" } else { "s" })
}

/// The text `N solutions`, with what is known about completeness.
fn count_line(count: &Count, complete: bool, stopped: Option<StopReason>) -> String {
    let noun = plural(count, "solution");
    if complete {
        noun
    } else {
        let why = match stopped {
            Some(StopReason::Limit) | Some(StopReason::Visitor) => "limit reached".to_string(),
            Some(r) => format!("search stopped: {}", json::stop_name(r)),
            None => "search stopped".to_string(),
        };
        format!("at least {noun} ({why})")
    }
}

/// A record as one line of JSON; with several inputs (`file`: the
/// current one's name) the record ends with a `file` field naming it.
pub fn json_line<T: Serialize>(record: &T, file: Option<&str>) -> String {
    #[derive(Serialize)]
    struct InFile<'a, T> {
        #[serde(flatten)]
        record: &'a T,
        file: &'a str,
    }
    let line = match file {
        Some(file) => serde_json::to_string(&InFile { record, file }),
        None => serde_json::to_string(record),
    };
    let mut line = line.expect("records serialise");
    line.push('\n');
    line
}

/// Whether case `k` had nothing to search in this run's shard: the tree
/// was cut into subtrees, but the deal gave this shard none of them (there
/// are fewer subtrees than shards), so its search found nothing and could
/// find nothing (docs/usage.md, `--shard`). A tree that ends within the
/// levels that cut it has no subtrees at all: every shard then searched
/// all of it, and that is not an empty shard.
pub fn empty_shard<S>(cfg: &RunConfig, result: &CaseResult<S>) -> bool {
    cfg.search.shard.is_some()
        && result.stats.tickets == 0
        && result.stats.split > 0
        && result.complete
        && result.stopped.is_none()
        && result.status == Status::Unknown
}

/// The text line of an empty shard ([`empty_shard`]) instead of a verdict.
fn empty_shard_line(cfg: &RunConfig, k: usize) -> String {
    let s = cfg.search.shard.expect("a shard run");
    format!(
        "Case {k}: nothing to search in shard {}/{} (the search tree has too few subtrees to give every shard a part)",
        s.index + 1,
        s.count
    )
}

/// Solution `index` (from 1) of case `k` under `--all`, as it is found:
/// a JSON record, or `Solution i:`, its drawing and an empty line (after
/// an empty line that separates it from the case before).
#[allow(clippy::too_many_arguments)]
pub fn solution<M: Model>(
    cfg: &RunConfig,
    file: Option<&str>,
    render: &dyn Render<M>,
    k: usize,
    index: u64,
    model: &M,
    sol: &M::Solution,
) -> String {
    if cfg.json {
        let rec = SolutionRecord {
            kind: "solution",
            schema: json::SCHEMA_VERSION,
            case: k,
            index,
            solution: render.solution_json(model, sol),
        };
        json_line(&rec, file)
    } else {
        let gap = if index == 1 && k > 1 { "\n" } else { "" };
        format!("{gap}Solution {index}:\n{}\n", render.grid(model, sol, cfg.style))
    }
}

/// Case `k`'s JSON record, starting at `line` of the input, with a newline;
/// `plan`: the name of the plan-file split the shard ran from.
#[allow(clippy::too_many_arguments)]
pub fn record<M: Model>(
    cfg: &RunConfig,
    file: Option<&str>,
    plan: Option<&str>,
    render: &dyn Render<M>,
    k: usize,
    line: usize,
    model: &M,
    result: &CaseResult<M::Solution>,
) -> String {
    let empty = empty_shard(cfg, result);
    let plan = plan.map(str::to_string);
    let shard = cfg.search.shard.map(|s| ShardJson { index: s.index + 1, count: s.count, empty, plan });
    let solution = result.solution.as_ref().map(|s| render.solution_text(model, s));
    // The record with holes for the puzzle and the solution, filled with
    // their text as written (no second pass over it).
    let rec = json::case_record(render.name(), k, line, result, (), solution.as_ref().map(|_| ()), shard);
    json::fill_case_record(&json_line(&rec, file), &render.puzzle_text(model), solution.as_deref())
}

/// Case `k`'s text answer, after `streamed` solutions of `--all`: one empty
/// line between cases (always with `--grid`, `--count` or `--all`;
/// otherwise as the judge wants), the verdict, the count line, and with
/// `--grid` the drawing of the solution; written at the end of `text` (a
/// stream's answers reuse one buffer: no allocation for a small case's
/// answer).
pub fn text_into<M: Model>(
    text: &mut String,
    cfg: &RunConfig,
    render: &dyn Render<M>,
    k: usize,
    model: &M,
    result: &CaseResult<M::Solution>,
    streamed: u64,
) {
    let extra = cfg.grid || cfg.counting();
    // After `--all` solutions, the empty line after the last drawing
    // already separates it from the verdict.
    if k > 1 && (render.blank_between() || extra) && streamed == 0 {
        text.push('\n');
    }
    match empty_shard(cfg, result) {
        true => text.push_str(&empty_shard_line(cfg, k)),
        false => render.verdict_into(text, k, model, result),
    }
    text.push('\n');
    if let Some(count) = &result.count {
        text.push_str(&count_line(count, result.complete, result.stopped));
        text.push('\n');
    }
    if cfg.grid && !cfg.print_all {
        if let Some(sol) = &result.solution {
            text.push_str(&render.grid(model, sol, cfg.style));
        }
    }
}

/// Case `k`'s `--stats` line (for stderr, without a newline): the effort
/// counters, the backend, what refuted it or stopped it.
pub fn stats<S>(k: usize, r: &CaseResult<S>) -> String {
    let s = &r.stats;
    let mut line = format!(
        "case {k}: {} nodes, {} updates, {}, {:.3} ms, backend {}, {} thread{}",
        s.nodes,
        s.updates,
        plural(&r.count.clone().unwrap_or(Count::from(s.solutions)), "solution"),
        s.elapsed.as_secs_f64() * 1000.0,
        json::backend_name(s.backend),
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    if s.tickets > 0 {
        line.push_str(&format!(", {}", plural(&s.tickets.into(), "subtree")));
    }
    if s.restarts > 0 {
        line.push_str(&format!(", {}", plural(&s.restarts.into(), "restart")));
    }
    if let Some(m) = &s.memo {
        line.push_str(&format!(
            ", memo{} {} states, {:.1}% hits, {:.1} MiB",
            if m.layers {
                " (layers)"
            } else if m.halves {
                " (halves)"
            } else {
                ""
            },
            m.states,
            100.0 * m.hit_rate(),
            m.bytes as f64 / f64::from(1 << 20)
        ));
    }
    if let Some(rf) = &r.refuted_by {
        line.push_str(&format!(", refuted by {}: {}", rf.check, rf.detail));
    }
    if let Some(st) = r.stopped {
        if st != StopReason::Limit {
            line.push_str(&format!(", stopped: {}", json::stop_name(st)));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_lines() {
        assert_eq!(count_line(&Count::from(1u64), true, None), "1 solution");
        assert_eq!(
            count_line(&Count::from(5u64), false, Some(StopReason::Limit)),
            "at least 5 solutions (limit reached)"
        );
        assert_eq!(
            count_line(&Count::ZERO, false, Some(StopReason::Interrupted)),
            "at least 0 solutions (search stopped: interrupted)"
        );
    }
}
