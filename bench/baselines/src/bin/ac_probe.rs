//! ac-probe [--rotate] [--block] [--memo] [--tile-branch] [--wdeg] [--match] [FILE]
//! Whether each ZOJ 1008 case has a solution, by arc consistency over bit-set
//! domains (see baselines::acprobe), with the switches' extra reasoning.
//! Prints `Game k: Possible/Impossible` with a blank line between cases; on
//! stderr one line per case `nodes=<children tried> solutions=<0 or 1>`.
use baselines::acprobe::{prove, Reasoning};

fn main() {
    baselines::tetravex::main_with_switches(
        "ac-probe",
        &["block", "memo", "tile-branch", "wdeg", "match"],
        &|case, opt, given| {
            let on = |s: &str| given.iter().any(|g| g == s);
            prove(
                case,
                opt,
                Reasoning {
                    block: on("block"),
                    memo: on("memo"),
                    tile_branch: on("tile-branch"),
                    wdeg: on("wdeg"),
                    matching: on("match"),
                },
            )
        },
    );
}
