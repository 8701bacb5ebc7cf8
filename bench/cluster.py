#!/usr/bin/env python3
"""Cluster measurements of tessera's plan files (docs/cluster.md, "A plan file").

Three measurements, each with one thread per shard (the machine is shared:
node counts, not seconds, for the balance):

  plan       the plan's estimated imbalance (`--shard-plan N --plan-out`)
             of the `tail` family's Tetravex 10x10 10-label boards (seeds
             1-5) and Eternity II-style 10x10 boards (`--rotate --border 0`,
             seeds 1-3) at 16, 64 and 256 shards, and the plan's time;
  balance    the MEASURED node imbalance (max shard nodes / mean, `--stats`
             of every shard run from the plan file) of the count instances
             of docs/cluster.md at 16 and 64 shards;
  first      for the Tetravex 10x10 10-label boards, with a 64-shard plan:
             the shard that holds the planted solution, run alone, and the
             wall time to its solution, plan included (what a 64-core
             cluster would take); and the plan's largest shard in seconds,
             from the node rate of a sample of shards (`--sample 1,2,3`,
             each searched for `--sample-nodes` nodes).

The planted solution's shard: the generator (bench/gen.py) knows each
cell's tile; on a plain Tetravex board (no turning, no border rule, no
hints) tessera's option for tile type t at cell c is c * T + t (T types,
numbered in the order tiles first appear in the input), and a subtree of
the plan holds the planted solution when every option on its path is one
of the planted solution's. The located shard must then report a solution
(checked: the script says so when it does not).

Usage: python3 bench/cluster.py --binary target/x86_64-unknown-linux-gnu/release/tessera plan|balance|first
       [--seeds 1,2] [--shards 16,64] [--max-seconds S]
"""

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import paths  # noqa: E402

TAIL = os.path.join(HERE, "instances", "tail")


def tv_board(s):
    return os.path.join(TAIL, "tv10x10-10d-s%d.txt" % s)


def et_board(s):
    return os.path.join(TAIL, "et10x10-4f6i-s%d.txt" % s)


CPU = [0.0]  # CPU seconds of the last run (user + system): the machine is shared


def run(cmd, timeout=None, stdin=None):
    t0 = time.monotonic()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, input=stdin)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU[0] = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return p, time.monotonic() - t0


def make_plan(binary, args, n, path, threads=1, timeout=None):
    """Writes the plan; returns (its record, seconds, plan nodes)."""
    cmd = [binary] + args + ["--shard-plan", str(n), "--plan-out", path, "--json", "--stats",
                             "--threads", str(threads)]
    p, secs = run(cmd, timeout=timeout)
    if p.returncode != 0:
        raise SystemExit("plan failed: %s\n%s" % (" ".join(cmd), p.stderr))
    rec = json.loads(p.stdout.splitlines()[0])
    return rec, secs


def planted_cells(s):
    """The tiles of tv10x10-10d seed s, cell by cell, as gen.py plants them."""
    rng = random.Random(15000 + 100 * 10 + s)
    n, k = 10, 10
    h = [[rng.randrange(k) for _ in range(n)] for _ in range(n + 1)]
    v = [[rng.randrange(k) for _ in range(n + 1)] for _ in range(n)]
    return [(h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]) for r in range(n) for c in range(n)]


def input_tiles(path):
    with open(path) as f:
        lines = f.read().split("\n")
    n = int(lines[0])
    return [tuple(int(x) for x in lines[1 + i].split()) for i in range(n * n)]


def planted_shard(plan_path, board, s):
    """The 1-based shard whose subtree holds the planted solution."""
    tiles = input_tiles(board)
    cells = planted_cells(s)
    assert sorted(tiles) == sorted(cells), "gen.py no longer plants this board"
    types = []
    for t in tiles:
        if t not in types:
            types.append(t)
    planted = {c * len(types) + types.index(t) for c, t in enumerate(cells)}
    with open(plan_path) as f:
        plan = json.load(f)
    holders = [st["shard"] for st in plan["cases"][0]["subtrees"]
               if all(o in planted for _, o in st["path"])]
    assert len(holders) == 1, "the planted solution lies below %d subtrees" % len(holders)
    return holders[0]


def shard_run(binary, args, i, n, plan_path, timeout, max_nodes=None):
    cmd = [binary] + args + ["--json", "--stats", "--threads", "1", "--shard", "%d/%d" % (i, n),
                             "--plan", plan_path]
    if max_nodes:
        cmd += ["--max-nodes", str(max_nodes)]
    p, secs = run(cmd, timeout=timeout)
    rec = json.loads(p.stdout.splitlines()[0])
    return rec, secs


def cmd_plan(a):
    boards = [("tv10x10-10d-s%d" % s, ["tetravex", tv_board(s)]) for s in a.seeds] + \
             [("et10x10-4f6i-s%d" % s, ["tetravex", et_board(s), "--rotate", "--border", "0"])
              for s in a.et_seeds]
    with tempfile.TemporaryDirectory() as d:
        for name, args in boards:
            for n in a.shards:
                rec, secs = make_plan(a.binary, args, n, os.path.join(d, "plan.json"), a.threads,
                                      a.max_seconds)
                print("%-18s N=%-4d imbalance %.3f  subtrees %5d  walks %3d  plan %7.1f s (%.1f s CPU)  %d moves" % (
                    name, n, rec["imbalance"], sum(x["subtrees"] for x in rec["shards"]), rec["walks"],
                    secs, CPU[0], rec["stats"]["nodes"]), flush=True)


COUNT_INSTANCES = [
    ("pentominoes 6x10", ["pack", "--set", "pentominoes", "--board", "6x10", "--count"], None),
    ("pack-scott", ["pack", os.path.join(HERE, "..", "examples", "pack-scott.txt"), "--count"], None),
    ("tetravex 6x6 5 labels s2", ["tetravex", "--count"], ["generate", "tetravex", "--size", "6",
                                                           "--labels", "5", "--seed", "2"]),
]


def cmd_balance(a):
    with tempfile.TemporaryDirectory() as d:
        for name, args, gen_args in COUNT_INSTANCES:
            args = list(args)
            if gen_args:
                p, _ = run([a.binary] + gen_args)
                board = os.path.join(d, "board.txt")
                with open(board, "w") as f:
                    f.write(p.stdout)
                args.insert(1, board)
            whole, wsecs = run([a.binary] + args + ["--json", "--threads", "1"])
            whole = json.loads(whole.stdout.splitlines()[0])
            for n in a.shards:
                plan_path = os.path.join(d, "plan.json")
                rec, psecs = make_plan(a.binary, args, n, plan_path, 1)
                nodes, count = [], 0
                for i in range(1, n + 1):
                    r, _ = shard_run(a.binary, args, i, n, plan_path, a.max_seconds)
                    nodes.append(r["stats"]["nodes"])
                    count += int(r["count"])
                assert count == int(whole["count"]), (name, n, count, whole["count"])
                mean = sum(nodes) / n
                print("%-26s N=%-3d measured %.3f  plan says %.3f  count %s (one machine %s)  "
                      "shard nodes %d / one machine %d  plan %.2f s, %d moves" % (
                          name, n, max(nodes) / mean, rec["imbalance"], count, whole["count"],
                          sum(nodes), whole["stats"]["nodes"], psecs, rec["stats"]["nodes"]), flush=True)


def cmd_first(a):
    n = 64
    with tempfile.TemporaryDirectory() as d:
        for s in a.seeds:
            board = tv_board(s)
            args = ["tetravex", board]
            plan_path = os.path.join(d, "plan.json")
            rec, psecs = make_plan(a.binary, args, n, plan_path, a.threads, a.max_seconds)
            pcpu = CPU[0]
            shard = planted_shard(plan_path, board, s)
            try:
                r, ssecs = shard_run(a.binary, args, shard, n, plan_path, a.max_seconds)
                status, nodes, scpu = r["status"], r["stats"]["nodes"], CPU[0]
            except subprocess.TimeoutExpired:
                status, nodes, ssecs, scpu = "timeout", 0, float(a.max_seconds), float("nan")
            line = "tv10x10-10d-s%d  plan %5.1f s, %5.1f s CPU (%d threads)  shard %2d/%d: %s in %5.1f s, " \
                   "%5.1f s CPU (%d nodes)  to the solution %5.1f s wall, plan CPU / %d + shard CPU %5.1f s" % (
                       s, psecs, pcpu, a.threads, shard, n, status, ssecs, scpu, nodes, psecs + ssecs,
                       a.threads, pcpu / a.threads + scpu)
            if a.sample:
                # The largest shard in seconds: the node rate of sample shards
                # (each searched for --sample-nodes nodes, or to its end),
                # times the plan's largest estimate.
                rate_nodes, rate_secs = 0, 0.0
                for i in a.sample:
                    if i == shard:
                        continue
                    r, secs = shard_run(a.binary, args, i, n, plan_path, a.max_seconds, a.sample_nodes)
                    rate_nodes += r["stats"]["nodes"]
                    rate_secs += CPU[0]  # CPU seconds: the machine is shared
                rate = rate_nodes / max(rate_secs, 1e-9)
                largest = max(x["estimate"] for x in rec["shards"])
                line += "  largest shard ~%.0f s CPU (%.2e nodes at %.0f nodes per CPU second)" % (largest / rate, largest, rate)
            print(line, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["plan", "balance", "first"])
    ap.add_argument("--binary", default=paths.release_binary("tessera"))
    ap.add_argument("--seeds", default="1,2,3,4,5")
    ap.add_argument("--et-seeds", default="1,2,3")
    ap.add_argument("--shards", default=None, help="default: 16,64,256 (plan), 16,64 (balance)")
    ap.add_argument("--threads", type=int, default=1, help="threads of the plan (shards run on 1)")
    ap.add_argument("--sample", default="", help="first: shards sampled for the node rate, e.g. 1,2,3")
    ap.add_argument("--sample-nodes", type=int, default=2000000,
                    help="first: nodes each sample shard searches for the rate (0: to its end)")
    ap.add_argument("--max-seconds", type=float, default=600.0, help="cap on each run")
    a = ap.parse_args()
    a.seeds = [int(x) for x in a.seeds.split(",") if x]
    a.et_seeds = [int(x) for x in a.et_seeds.split(",") if x]
    a.sample = [int(x) for x in a.sample.split(",") if x]
    default = "16,64,256" if a.what == "plan" else "16,64"
    a.shards = [int(x) for x in (a.shards or default).split(",")]
    if a.what != "balance" and not os.path.exists(tv_board(1)):
        raise SystemExit("run python3 bench/gen.py --family tail first")
    {"plan": cmd_plan, "balance": cmd_balance, "first": cmd_first}[a.what](a)


if __name__ == "__main__":
    main()
