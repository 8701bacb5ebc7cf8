#!/usr/bin/env python3
"""The `big` family: the square scan and two tessera builds, side by side.

    python3 bench/big_ab.py --old /tmp/tessera-before --new target/x86_64-unknown-linux-gnu/release/tessera
    python3 bench/big_ab.py --old A --new B --reps 9 --json /tmp/big.json
    python3 bench/big_ab.py --old A --new B --family big-held --reps 5
    python3 bench/big_ab.py --old A --new B --also one=B:1 --also trial15=/tmp/t15
    python3 bench/big_ab.py --old A --new B --scan /tmp/square-scan-nopie

For each board of `bench/instances/big` (generate them first with
`python3 bench/gen.py --family big`; `--family big-held` for the boards
no tuning saw, `bench/instances/big-held`), every repetition runs the
compiled corner-square scan (`bench/baselines`, release), the old build and
the new build, one after the other, with 2 threads for tessera (the
issue's setting; `--threads N` for another). A big board's run takes milliseconds, so the order
within a repetition is shuffled (a fixed seed), and what is compared is
the median wall time of each per board. `--also NAME=BINARY[:THREADS]`
adds more builds (or a build on other threads) to the same rounds:
within one round the machine is the same for all of them, where two
rounds of one build differ by as many boards as most changes. `--scan
BINARY` puts another build of the scan in its place (the scan built
the way a tessera build under test is, without PIE or for another C
library: what one build's start gains, the scan's may gain too). Every
build is copied afresh into a temporary directory first, at the same
moment (a binary copied an hour earlier than the other ran 3 to 4% slower
here). Printed: per build, the boards no slower than the scan, the
geometric mean of tessera / scan and its worst, the same over the boards
the scan answers in under 6 ms (where the process's start and setup
decide), and each build against the old one.

Needs Python 3 (standard library only); the scan must be built
(`cd bench/baselines && cargo build --release`).
"""

import argparse
import glob
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
SCAN = paths.release_binary("square-scan", os.path.join(HERE, "baselines"))


def wall(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def geo(xs):
    """The geometric mean of `xs` (NaN when there are none)."""
    xs = list(xs)
    return math.exp(statistics.mean(math.log(x) for x in xs)) if xs else float("nan")


def also_build(spec, threads):
    """(name, binary, threads) of an `--also NAME=BINARY[:THREADS]`."""
    name, _, path = spec.partition("=")
    head, colon, tail = path.rpartition(":")
    if colon and tail.isdigit():
        return name, head, int(tail)
    return name, path, threads


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="tessera binary before")
    ap.add_argument("--new", required=True, help="tessera binary after")
    ap.add_argument("--reps", type=int, default=7, help="repetitions per board (default 7)")
    ap.add_argument("--json", help="write the per-board medians (seconds) here")
    ap.add_argument("--family", default="big", help="big (default) or big-held")
    ap.add_argument("--threads", type=int, default=2, help="threads of the old and new builds (default 2)")
    ap.add_argument("--scan", default=SCAN, help="the square scan's binary (default: bench/baselines' release build)")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=BINARY[:THREADS]",
                    help="another build in the same rounds (repeatable; threads as --threads by default)")
    args = ap.parse_args()
    builds = {"old": (args.old, args.threads), "new": (args.new, args.threads)}
    for spec in args.also:
        name, path, threads = also_build(spec, args.threads)
        if not name or not path or name in builds or name == "scan":
            raise SystemExit("--also wants NAME=BINARY[:THREADS] with a new name, not %r" % spec)
        builds[name] = (path, threads)
    for name, path in [(name, path) for name, (path, _) in builds.items()] + [("scan", args.scan)]:
        if not os.path.isfile(path):
            raise SystemExit("%s: no binary %s" % (name, path))
    files = sorted(glob.glob(os.path.join(HERE, "instances", args.family, "*.txt")))
    if not files:
        raise SystemExit("no boards: run `python3 bench/gen.py --family %s` first" % args.family)
    rng = random.Random(1)
    # Every build copied afresh, at the same moment: a binary's page faults
    # depend on how its file sits in the page cache, and a copy made an
    # hour before the other ran 3 to 4% slower on these boards, more than
    # the changes measured here (session 40).
    with tempfile.TemporaryDirectory(prefix="big_ab.") as fresh:
        solvers = {}
        copies = {}
        for name, (path, threads) in builds.items():
            # A build on two thread counts is copied once.
            if path not in copies:
                copies[path] = os.path.join(fresh, "build%d" % len(copies))
                shutil.copy2(path, copies[path])
            solvers[name] = (copies[path], threads)
        medians = {f: run_board(f, args.scan, solvers, args.reps, rng) for f in files}
    medians = {os.path.basename(f): m for f, m in medians.items()}
    report(medians, args)


def run_board(f, scan, solvers, reps, rng):
    """The median wall time of the scan (binary `scan`) and of each build
    on board `f`, `reps` runs each, in an order shuffled per repetition."""
    turn = os.path.basename(f).startswith("et")
    extra = ["--rotate", "--border", "0"] if turn else []
    cmds = {"scan": [scan] + extra + [f]}
    for name, (binary, threads) in solvers.items():
        cmds[name] = [binary, "tetravex", f, "--threads", str(threads)] + extra
    times = {name: [] for name in cmds}
    for _ in range(reps):
        order = list(cmds)
        rng.shuffle(order)
        for name in order:
            times[name].append(wall(cmds[name]))
    return {name: statistics.median(v) for name, v in times.items()}


def report(medians, args):
    """The per-board medians to `--json`, and the summary lines."""
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(medians, out, indent=1)
    small = [k for k in medians if medians[k]["scan"] < 0.006]
    builds = [name for name in next(iter(medians.values())) if name != "scan"]
    for name in builds:
        ratios = [medians[k][name] / medians[k]["scan"] for k in medians]
        small_ratios = [medians[k][name] / medians[k]["scan"] for k in small]
        print("%s: no slower than the scan on %d of %d boards; tessera/scan geometric mean %.3f, worst %.2f; "
              "under 6 ms (%d boards): %d no slower, geometric mean %.3f"
              % (name, sum(r <= 1 for r in ratios), len(ratios), geo(ratios), max(ratios),
                 len(small), sum(r <= 1 for r in small_ratios), geo(small_ratios)))
    for name in builds[1:]:
        ratios = [medians[k][name] / medians[k]["old"] for k in medians]
        small_ratios = [medians[k][name] / medians[k]["old"] for k in small]
        print("%s/old: geometric mean %.3f (under 6 ms: %.3f), worst %.2f, best %.2f"
              % (name, geo(ratios), geo(small_ratios), max(ratios), min(ratios)))


if __name__ == "__main__":
    main()
