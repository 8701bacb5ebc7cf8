//! `--shard-plan N`: for each case, the estimated size of each of the N
//! shards that `--shard I/N` would search, and their imbalance, without
//! searching.

use super::run::{Render, Session};
use std::io;
use tessera::engine::ShardPlan;
use tessera::format::json::{PlanRecord, PlanStatsJson, PlannedShardJson, RefutationJson};
use tessera::puzzles::Model;
use tessera::solve::{self, Mode};

/// An estimate as printed: whole nodes, in scientific notation once the
/// digits stop meaning anything.
fn nodes(x: f64) -> String {
    if x < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

/// Plans case `k` and prints the plan (text table or JSON record).
pub fn case<M: Model>(
    session: &Session,
    render: &dyn Render<M>,
    k: usize,
    line: usize,
    model: &M,
    count: u32,
) -> io::Result<()> {
    // Plan the tree the shards of this command will search: a search for
    // one solution may run on another backend than a count (engine::choose).
    let mut config = session.search_config();
    if session.cfg.mode == Mode::Decide {
        config.limit = Some(1);
    }
    let (plan, refuted) = match solve::plan(model, count, &config) {
        Ok(plan) => (plan, None),
        // Refuted before any search: every shard would stop at once.
        Err(r) => {
            let empty = ShardPlan {
                sizes: vec![0.0; count as usize],
                tickets: vec![0; count as usize],
                balanced: false,
                probes: 0,
                nodes: 0,
                backend: "",
                elapsed: Default::default(),
            };
            (empty, Some(r))
        }
    };
    if session.cfg.stats {
        eprintln!(
            "case {k}: plan: {} nodes, {:.3} ms, backend {}",
            plan.nodes,
            plan.elapsed.as_secs_f64() * 1000.0,
            if plan.backend.is_empty() { "none" } else { plan.backend }
        );
    }
    if session.cfg.json {
        let rec = PlanRecord {
            kind: "shard-plan",
            puzzle_type: render.name(),
            case: k,
            line,
            count,
            dealt: if plan.balanced { "estimate" } else { "round-robin" },
            walks: plan.probes,
            estimate: plan.total().round(),
            imbalance: plan.imbalance(),
            shards: (0..count as usize)
                .map(|s| PlannedShardJson {
                    index: s as u32 + 1,
                    subtrees: plan.tickets[s],
                    estimate: plan.sizes[s].round(),
                })
                .collect(),
            refuted_by: refuted
                .as_ref()
                .map(|r| RefutationJson { check: r.check.to_string(), detail: r.detail.clone() }),
            puzzle: render.puzzle_json(model),
            stats: PlanStatsJson {
                nodes: plan.nodes,
                backend: tessera::format::json::backend_name(plan.backend).to_string(),
                elapsed_ms: tessera::format::json::millis(plan.elapsed),
            },
        };
        session.write(&serde_json::to_string(&rec).expect("records serialise"))?;
        session.write("\n")?;
        return session.flush();
    }
    let mut text = String::new();
    if k > 1 {
        text.push('\n');
    }
    let subtrees: usize = plan.tickets.iter().sum();
    match &refuted {
        Some(r) => text.push_str(&format!(
            "Case {k}: refuted by {} before any search; every shard stops at once\n",
            r.check
        )),
        None => text.push_str(&format!(
            "Case {k}: {count} shards of {subtrees} subtrees dealt {} ({} per subtree), estimated {} nodes, imbalance {:.2}\n",
            if plan.balanced { "by estimate" } else { "round-robin" },
            if plan.probes == 1 { "1 walk".to_string() } else { format!("{} walks", plan.probes) },
            nodes(plan.total()),
            plan.imbalance()
        )),
    }
    let width = nodes(plan.sizes.iter().copied().fold(0.0, f64::max)).len().max(15);
    text.push_str(&format!("shard  subtrees  {:>width$}\n", "estimated nodes"));
    for s in 0..count as usize {
        text.push_str(&format!("{:>5}  {:>8}  {:>width$}\n", s + 1, plan.tickets[s], nodes(plan.sizes[s])));
    }
    session.write(&text)?;
    session.flush()
}
