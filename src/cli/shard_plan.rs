//! `--shard-plan N`: for each case, the estimated size of each of the N
//! shards that `--shard I/N` would search, and their imbalance, without
//! searching; with `--plan-out FILE`, of the deep plan that the file
//! then holds (see [`super::plan_file`]).

use super::answer;
use super::exit::case_exit;
use super::render::Render;
use super::session::Session;
use std::io;
use tessera::engine::ShardPlan;
use tessera::format::json::{self, PlanRecord, PlanStatsJson, PlannedShardJson, RefutationJson};
use tessera::puzzles::{Model, Refutation};
use tessera::solve::{self, Status};

/// An estimate as printed: whole nodes, in scientific notation once the
/// digits stop meaning anything.
fn nodes(x: f64) -> String {
    if x < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

/// Plans case `k` (which starts at `line` of the input) into `count`
/// shards and prints the plan: its `--stats` line on stderr, then its JSON
/// record or text table on stdout.
pub fn case<M: Model>(
    session: &mut Session,
    render: &dyn Render<M>,
    (k, input, line): (usize, &str, usize),
    model: &M,
    count: u32,
) -> io::Result<()> {
    let deep = session.plan_out.is_some();
    let (plan, refuted) = plan(session, model, count, deep);
    let case = session.run_case();
    if let Some(file) = &mut session.plan_out {
        file.push(case, input, line, model.problem(), &plan);
    }
    if let Some(reason) = plan.stopped {
        // No plan: the exit status says so, as for a search stopped early.
        session.record(case_exit(session.cfg.mode(), Status::Unknown, Some(reason)));
    }
    if session.cfg.stats {
        eprintln!(
            "case {k}: plan: {} nodes, {:.3} ms, backend {}",
            plan.nodes,
            plan.elapsed.as_secs_f64() * 1000.0,
            json::backend_name(plan.backend)
        );
    }
    let text = if session.cfg.json {
        let rec = record(&plan, refuted.as_ref(), render.name(), k, line, render.puzzle_json(model));
        answer::json_line(&rec, session.file())
    } else {
        table(&plan, refuted.as_ref(), k)
    };
    session.print(&text)
}

/// Estimates the `count` shards of the tree this command would search (a
/// search for one solution may run on another backend than a count, see
/// `engine::choose`), as each shard plans them, or `deep`, as a plan file
/// does; a case refuted before any search has empty shards.
fn plan<M: Model>(session: &mut Session, model: &M, count: u32, deep: bool) -> (ShardPlan, Option<Refutation>) {
    let config = session.prepare_search();
    match solve::plan(model, count, config, deep) {
        Ok(plan) => (plan, None),
        // Refuted before any search: every shard would stop at once.
        Err(r) => (ShardPlan::empty(count, Default::default()), Some(r)),
    }
}

/// The plan of case `k` as a JSON record.
fn record(
    plan: &ShardPlan,
    refuted: Option<&Refutation>,
    puzzle_type: &'static str,
    k: usize,
    line: usize,
    puzzle: serde_json::Value,
) -> PlanRecord<serde_json::Value> {
    let count = plan.sizes.len();
    PlanRecord {
        kind: "shard-plan",
        schema: json::SCHEMA_VERSION,
        puzzle_type,
        case: k,
        line,
        count: count as u32,
        dealt: if plan.balanced { "estimate" } else { "round-robin" },
        walks: plan.probes,
        estimate: plan.total().round(),
        imbalance: plan.imbalance(),
        shards: (0..count)
            .map(|s| PlannedShardJson {
                index: s as u32 + 1,
                subtrees: plan.tickets[s],
                estimate: plan.sizes[s].round(),
            })
            .collect(),
        stopped: plan.stopped.map(json::stop_name),
        refuted_by: refuted.map(|r| RefutationJson { check: r.check.to_string(), detail: r.detail.to_string() }),
        puzzle,
        stats: PlanStatsJson::from_plan(plan),
    }
}

/// The plan of case `k` as text: a summary line and a table of the shards
/// (after an empty line that separates it from the case before).
fn table(plan: &ShardPlan, refuted: Option<&Refutation>, k: usize) -> String {
    let count = plan.sizes.len();
    let mut text = String::new();
    if k > 1 {
        text.push('\n');
    }
    let subtrees: usize = plan.tickets.iter().sum();
    if let Some(reason) = plan.stopped {
        text.push_str(&format!("Case {k}: no plan: stopped: {}\n", json::stop_name(reason)));
        return text;
    }
    match refuted {
        Some(r) => text.push_str(&format!(
            "Case {k}: refuted by {} before any search; every shard stops at once\n",
            r.check
        )),
        None => text.push_str(&format!(
            "Case {k}: {count} shards of {subtrees} subtrees dealt {} ({} per subtree), estimated {} nodes, imbalance {:.2}\n",
            if plan.balanced { "by estimate" } else { "round-robin" },
            match plan.probes {
                0 => "nodes counted".to_string(),
                1 => "1 walk".to_string(),
                p => format!("{p} walks"),
            },
            nodes(plan.total()),
            plan.imbalance()
        )),
    }
    let width = nodes(plan.sizes.iter().copied().fold(0.0, f64::max)).len().max(15);
    text.push_str(&format!("shard  subtrees  {:>width$}\n", "estimated nodes"));
    for s in 0..count {
        text.push_str(&format!("{:>5}  {:>8}  {:>width$}\n", s + 1, plan.tickets[s], nodes(plan.sizes[s])));
    }
    text
}
