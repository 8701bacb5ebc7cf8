#!/usr/bin/env python3
"""A/B: two tessera binaries side by side on the bench instances.

    python3 bench/ab.py --old /tmp/tessera-before --new target/x86_64-unknown-linux-gnu/release/tessera
    python3 bench/ab.py --old A --new B --family pack --family tetravex --reps 5

For a change that must not alter the search (a refactor), the node counts
must be equal; for one that may, they are shown side by side. Each instance
runs old, new, old, new, ... (`--reps` times each, interleaved, so that load
drifts hit both alike) with the command line run.py gives it, and the table
shows the median wall (or, with --cpu, CPU) times, their ratio new/old, and per family the ratio
of the summed medians and the worst ratio of an instance that takes at
least 0.1 s (shorter runs are mostly process start-up); for families
with groups (`tail`, `nearmiss`), the worst and median per group. Instances whose old
median exceeds --max-seconds are skipped (the `tail` family by default).

With `--seeds 0-11` (or `0,3,5`), each instance instead runs once per seed
and binary, with `--seed S` added (old and new interleaved seed by seed):
the first-solution portfolio's time depends on its random orders, so one
run per instance says little about the worst case. The table then shows,
per instance and per group (or family), the worst, median and mean over the seeds (a
run killed at --timeout counts as the timeout, marked `>`):

    python3 bench/ab.py --old A --new B --skip-family none --family tail \
        --instance tv9x9-10d-s3 --seeds 0-11 --timeout 30 --max-seconds 30
"""

import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import run  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True, help="the baseline tessera binary")
    ap.add_argument("--new", required=True, help="the tessera binary under test")
    ap.add_argument("--family", action="append", metavar="NAME", help="only this family (repeatable)")
    ap.add_argument("--reps", type=int, default=3, help="runs per binary and instance (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    ap.add_argument("--max-seconds", type=float, default=20.0,
                    help="skip an instance whose first old run takes longer (default 20)")
    ap.add_argument("--skip-family", action="append", default=None, metavar="NAME",
                    help="skip this family (default: tail)")
    ap.add_argument("--instances", default=gen.DEFAULT_OUT, metavar="DIR")
    ap.add_argument("--instance", action="append", metavar="NAME", help="only instances with this name")
    ap.add_argument("--cpu", action="store_true",
                    help="compare CPU time (user + system) instead of wall time: steadier on a loaded machine")
    ap.add_argument("--seeds", metavar="LIST", type=parse_seeds,
                    help="run each instance once per seed (`0-11` or `0,3,5`) and report worst / median / mean")
    args = ap.parse_args()
    skip = set(args.skip_family if args.skip_family is not None else ["tail"])
    nthreads = os.cpu_count() or 1
    insts = gen.generate(args.instances, families=args.family)
    insts = [i for i in insts if i["family"] not in skip and (not args.family or i["family"] in args.family)
             and (not args.instance or i["name"] in args.instance)]
    if args.seeds:
        return sweep(args, insts, nthreads)
    print("| family | instance | old s | new s | new/old | old nodes | new nodes |")
    print("|---|---|---|---|---|---|---|")
    fams = {}
    groups = {}
    differ = 0
    for inst in insts:
        cmds = {k: run.tessera_cmd([b], inst, nthreads) for k, b in (("old", args.old), ("new", args.new))}
        times = {"old": [], "new": []}
        nodes = {}
        skipped = False
        for r in range(args.reps):
            for k in ("old", "new"):
                res = run.run_once(cmds[k], args.timeout)
                times[k].append(res.cpu if args.cpu else res.wall)
                rec = run.tessera_case_record(res.out)
                nodes[k] = run.tessera_nodes(rec, res.err)
                if r == 0 and k == "old" and res.wall > args.max_seconds:
                    skipped = True
                    break
            if skipped:
                break
        if skipped:
            print("| %s | %s | >%g | skipped | | | |" % (inst["family"], inst["name"], args.max_seconds))
            continue
        mo, mn = statistics.median(times["old"]), statistics.median(times["new"])
        same = nodes.get("old") == nodes.get("new")
        differ += not same
        print("| %s | %s | %.3f | %.3f | %.3f | %s | %s%s |" % (
            inst["family"], inst["name"], mo, mn, mn / mo if mo > 0 else float("nan"),
            nodes.get("old"), nodes.get("new"), "" if same else " (differs)"), flush=True)
        f = fams.setdefault(inst["family"], [0.0, 0.0, []])
        f[0] += mo
        f[1] += mn
        if mo >= 0.1:
            f[2].append(mn / mo)
        if inst.get("group"):
            g = groups.setdefault(inst["group"], {"old": [], "new": []})
            g["old"].append(mo)
            g["new"].append(mn)
    print()
    print("| family | old s (sum of medians) | new s | new/old | worst instance new/old (>= 0.1 s) |")
    print("|---|---|---|---|---|")
    for name, (so, sn, ratios) in fams.items():
        worst = "%.3f" % max(ratios) if ratios else "-"
        print("| %s | %.3f | %.3f | %.3f | %s |" % (name, so, sn, sn / so if so > 0 else float("nan"), worst))
    if groups:
        # Families with groups (`tail`, `nearmiss`): the worst case is the point.
        print()
        print("| group | old worst / median s | new worst / median s | new/old (worst) |")
        print("|---|---|---|---|")
        for name, g in groups.items():
            wo, wn = max(g["old"]), max(g["new"])
            print("| %s | %.3f / %.3f | %.3f / %.3f | %.3f |" % (
                name, wo, statistics.median(g["old"]), wn, statistics.median(g["new"]),
                wn / wo if wo > 0 else float("nan")))
    print()
    print("instances whose node counts differ: %d" % differ)


def parse_seeds(text):
    """`0-11` or `0,3,5` (or a mix, `0-3,7`) as a list of seeds."""
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()) or (hi and int(hi) < int(lo)):
            raise argparse.ArgumentTypeError("expected seeds like 0-11 or 0,3,5, got %r" % text)
        seeds += range(int(lo), int(hi or lo) + 1)
    return seeds


def spread(times):
    """Worst / median / mean of (seconds, timed out) pairs, as a table cell."""
    secs = [t for t, _ in times]
    worst = (">" if any(out for _, out in times) else "") + "%.2f" % max(secs)
    return "%s / %.2f / %.2f" % (worst, statistics.median(secs), statistics.mean(secs))


def sweep(args, insts, nthreads):
    """`--seeds`: one run per seed and binary, interleaved seed by seed."""
    print("Seeds %s; seconds, worst / median / mean (%s time)." % (
        ",".join(map(str, args.seeds)), "CPU" if args.cpu else "wall"))
    print()
    print("| family | instance | old | new | new/old (medians) |")
    print("|---|---|---|---|---|")
    fams = {}
    for inst in insts:
        cmds = {k: run.tessera_cmd([b], inst, nthreads) for k, b in (("old", args.old), ("new", args.new))}
        times = {"old": [], "new": []}
        for seed in args.seeds:
            for k in ("old", "new"):
                res = run.run_once(cmds[k] + ["--seed", str(seed)], args.timeout)
                times[k].append((args.timeout if res.timed_out else res.cpu if args.cpu else res.wall, res.timed_out))
            if seed == args.seeds[0] and times["old"][0][0] > args.max_seconds:
                break
        if len(times["old"]) < len(args.seeds):
            print("| %s | %s | >%g | skipped | |" % (inst["family"], inst["name"], args.max_seconds))
            continue
        mo = statistics.median(t for t, _ in times["old"])
        mn = statistics.median(t for t, _ in times["new"])
        print("| %s | %s | %s | %s | %.3f |" % (inst["family"], inst["name"], spread(times["old"]),
                                               spread(times["new"]), mn / mo if mo > 0 else float("nan")), flush=True)
        f = fams.setdefault(inst.get("group") or inst["family"], {"old": [], "new": []})
        f["old"] += times["old"]
        f["new"] += times["new"]
    print()
    print("| family or group | old, all runs | new, all runs |")
    print("|---|---|---|")
    for name, f in fams.items():
        print("| %s | %s | %s |" % (name, spread(f["old"]), spread(f["new"])))


if __name__ == "__main__":
    main()
