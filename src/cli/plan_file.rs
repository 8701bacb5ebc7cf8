//! Plan files: `--shard-plan N --plan-out FILE` writes the deep plan of
//! every case (the engine's `deep_plan`: its subtrees, each with its
//! shard), and `--shard I/N --plan FILE` searches shard `I` of it without
//! planning. The file is one JSON object (docs/cluster.md, "A plan file"):
//!
//! * the puzzle type, `N`, and the search options that shape the tree
//!   (what the search is for, `--backend`, `--memo`);
//! * per case, in the order of the run's cases: the problem's fingerprint
//!   (every rule that changes the problem, `--rotate`, `--border`, hints,
//!   `--unique`..., changes it), the backend, and the subtrees.
//!
//! A file that does not match the run (another puzzle, other options,
//! another `N`, another case) is refused, naming the file: a shard run
//! from the wrong plan would count a wrong part of the tree.

use super::exit::{InputError, UsageError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use tessera::engine::{BackendKind, SearchConfig, SearchMode, ShardPlan, Split, SplitTicket};

/// The `type` of a plan file.
const KIND: &str = "tessera-plan";
/// The version of the plan file's layout.
const SCHEMA: u32 = 1;

/// A plan file.
#[derive(Serialize, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlanFile {
    #[serde(rename = "type")]
    kind: String,
    schema: u32,
    puzzle_type: String,
    /// N.
    shards: u32,
    /// The options that shape the search tree.
    search: SearchJson,
    cases: Vec<CaseJson>,
    /// The file's name (a file read).
    #[serde(skip)]
    name: String,
    /// The case whose plan was stopped (Ctrl-C, `--timeout`), if one
    /// was: then the file is not written.
    #[serde(skip)]
    stopped: Option<usize>,
}

/// The options that shape the search tree, by name.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, Clone)]
#[serde(deny_unknown_fields)]
struct SearchJson {
    /// `first`, `count` or `all`.
    mode: String,
    /// `--backend`.
    backend: String,
    /// `--memo`.
    memo: String,
}

impl SearchJson {
    fn of(config: &SearchConfig) -> Self {
        let mode = match config.mode {
            SearchMode::First => "first",
            SearchMode::Count => "count",
            SearchMode::All { .. } => "all",
        };
        SearchJson {
            mode: mode.to_string(),
            backend: format!("{:?}", config.backend).to_lowercase(),
            memo: format!("{:?}", config.memo).to_lowercase(),
        }
    }

    /// In words, as the command line asks for it.
    fn describe(&self) -> String {
        let mode = match self.mode.as_str() {
            "first" => "a first-solution search",
            "count" => "--count",
            _ => "--all",
        };
        format!("{mode}, --backend {}, --memo {}", self.backend, self.memo)
    }
}

/// One case of a plan file.
#[derive(Serialize, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CaseJson {
    /// The case's number in the run (1-based, over all the inputs).
    case: usize,
    /// Where it was read: the input's name and line (for messages).
    input: String,
    line: usize,
    /// The problem's fingerprint, 16 hex digits.
    fingerprint: String,
    /// The backend whose tree was cut; absent when there is no split (a
    /// case refuted before any search, or a plan stopped early).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    backend: Option<String>,
    /// The plan's estimate of all the shards' nodes, and its imbalance.
    estimate: f64,
    imbalance: f64,
    /// The subtrees, in tree order.
    subtrees: Vec<SubtreeJson>,
}

/// One subtree of a case.
#[derive(Serialize, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SubtreeJson {
    /// 1-based, as in `--shard I/N`.
    shard: u32,
    /// Estimated nodes (exact where counted).
    nodes: f64,
    /// Estimated share of the tree.
    weight: f64,
    /// (item, option) per level from the root.
    path: Vec<(u32, u32)>,
}

fn backend_kind(name: &str) -> Option<BackendKind> {
    [BackendKind::SparseXcc, BackendKind::Bitset, BackendKind::Assign, BackendKind::RowScan]
        .into_iter()
        .find(|k| k.name() == name)
}

/// The problem's fingerprint as the file writes it.
fn fingerprint(problem: &tessera::engine::Problem) -> String {
    format!("{:016x}", problem.fingerprint())
}

impl PlanFile {
    /// An empty plan file of the run.
    pub fn new(puzzle_type: &str, shards: u32, config: &SearchConfig) -> Self {
        PlanFile {
            kind: KIND.to_string(),
            schema: SCHEMA,
            puzzle_type: puzzle_type.to_string(),
            shards,
            search: SearchJson::of(config),
            cases: Vec::new(),
            name: String::new(),
            stopped: None,
        }
    }

    /// Adds case `case` of the run (read at `input:line`), with its plan.
    pub fn push(
        &mut self,
        case: usize,
        input: &str,
        line: usize,
        problem: &tessera::engine::Problem,
        plan: &ShardPlan,
    ) {
        if plan.stopped.is_some() {
            self.stopped.get_or_insert(case);
        }
        let subtrees = plan.split.as_ref().map_or_else(Vec::new, |s| {
            s.tickets
                .iter()
                .map(|t| SubtreeJson { shard: t.shard + 1, nodes: t.nodes, weight: t.weight, path: t.path.clone() })
                .collect()
        });
        self.cases.push(CaseJson {
            case,
            input: input.to_string(),
            line,
            fingerprint: fingerprint(problem),
            backend: plan.split.as_ref().map(|s| s.backend.name().to_string()),
            estimate: plan.total().round(),
            imbalance: plan.imbalance(),
            subtrees,
        });
    }

    /// Writes the file; not when a case's plan was stopped (a shard must
    /// not run from a plan with a hole).
    pub fn write(&self, path: &Path) -> Result<(), InputError> {
        let name = path.display().to_string();
        if let Some(case) = self.stopped {
            return Err(InputError::whole(&name, format!("not written: the plan of case {case} was stopped")));
        }
        let text = serde_json::to_string(self).expect("plan files serialise") + "\n";
        std::fs::write(path, text).map_err(|e| InputError::whole(&name, format!("cannot write the plan: {e}")))
    }

    /// Reads the plan file at `path` for a run of `N` shards with `config`.
    pub fn read(path: &Path, shards: u32, config: &SearchConfig) -> Result<Arc<PlanFile>, UsageError> {
        let name = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| UsageError(format!("{name}: cannot read: {e}")))?;
        let mut file: PlanFile = serde_json::from_str(&text)
            .map_err(|e| UsageError(format!("{name}: not a plan file of tessera (--plan-out writes them): {e}")))?;
        if file.kind != KIND || file.schema != SCHEMA {
            return Err(UsageError(format!(
                "{name}: a \"{}\" file of schema {}, not a \"{KIND}\" of schema {SCHEMA}",
                file.kind, file.schema
            )));
        }
        if file.shards != shards {
            return Err(UsageError(format!(
                "{name}: a plan for {} shards, not {shards}: run --shard I/{} with it, or plan again with --shard-plan {shards}",
                file.shards, file.shards
            )));
        }
        let search = SearchJson::of(config);
        if file.search != search {
            return Err(UsageError(format!(
                "{name}: a plan for {}, not {}: shards must run with the options of the plan",
                file.search.describe(),
                search.describe()
            )));
        }
        for c in &file.cases {
            for s in &c.subtrees {
                if s.shard == 0 || s.shard > shards {
                    return Err(UsageError(format!(
                        "{name}: case {}: a subtree of shard {}, not 1 to {shards}",
                        c.case, s.shard
                    )));
                }
            }
        }
        file.name = name.to_string();
        Ok(Arc::new(file))
    }

    /// The file's name, as read.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The split of case `case` of the run (`puzzle_type`, `problem`) and
    /// its name for the shard records, or why this file is not its plan;
    /// `Ok(None)`: the plan has no split for it (the case was refuted
    /// before any search).
    pub fn split(
        &self,
        case: usize,
        puzzle_type: &str,
        problem: &tessera::engine::Problem,
    ) -> Result<Option<(Arc<Split>, String)>, String> {
        if self.puzzle_type != puzzle_type {
            return Err(format!("a plan of {} puzzles, not {puzzle_type}", self.puzzle_type));
        }
        let Some(c) = self.cases.iter().find(|c| c.case == case) else {
            return Err(format!("no plan for case {case} (the plan has {} cases)", self.cases.len()));
        };
        if c.fingerprint != fingerprint(problem) {
            return Err(format!(
                "case {case} is another puzzle than the plan's case {} ({}:{}): plan it with the same input, rules and build of tessera",
                c.case, c.input, c.line
            ));
        }
        let Some(backend) = &c.backend else {
            return Ok(None);
        };
        let backend = backend_kind(backend).ok_or_else(|| format!("case {case}: unknown backend \"{backend}\""))?;
        let tickets: Vec<SplitTicket> = c
            .subtrees
            .iter()
            .map(|s| SplitTicket { shard: s.shard - 1, path: s.path.clone(), weight: s.weight, nodes: s.nodes })
            .collect();
        let id = split_id(&c.fingerprint, &tickets);
        Ok(Some((Arc::new(Split { count: self.shards, backend, tickets }), id)))
    }
}

/// A split's name in shard records (16 hex digits): FNV-1a over the
/// problem's fingerprint and every subtree's shard and path, so that
/// `tessera merge` can tell records of two plans apart.
fn split_id(fingerprint: &str, tickets: &[SplitTicket]) -> String {
    const PRIME: u64 = 0x0000_0100_0000_01B3;
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut eat = |x: u64| {
        for b in x.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
    };
    fingerprint.bytes().for_each(|b| eat(u64::from(b)));
    for t in tickets {
        eat(u64::from(t.shard) << 32 | t.path.len() as u64);
        t.path.iter().for_each(|&(i, o)| eat(u64::from(i) << 32 | u64::from(o)));
    }
    format!("{h:016x}")
}
