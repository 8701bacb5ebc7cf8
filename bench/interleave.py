#!/usr/bin/env python3
"""Median wall times of a few commands, run interleaved in a shuffled order.

    python3 bench/interleave.py --reps 300 \\
        "old|/tmp/tessera-old tetravex examples/tetravex-zoj1008.txt" \\
        "new|target/x86_64-unknown-linux-gnu/release/tessera tetravex examples/tetravex-zoj1008.txt"

Each argument is `NAME|COMMAND` (the command split on spaces, no shell).
Every repetition runs each command once, in an order shuffled with a
fixed seed, its output thrown away; printed per command: the median and
the first quartile of its wall times in milliseconds, and its median over
the first command's. For runs of a millisecond or two (a process's start,
a small board), where the machine's drift between two separate series is
larger than the difference looked for.

Needs Python 3 (standard library only).
"""

import argparse
import random
import statistics
import subprocess
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=200, help="runs of each command (default 200)")
    ap.add_argument("commands", nargs="+", help="NAME|COMMAND")
    args = ap.parse_args()
    cmds = []
    for spec in args.commands:
        name, sep, cmd = spec.partition("|")
        if not sep or not cmd.split():
            ap.error("expected NAME|COMMAND, got %r" % spec)
        cmds.append((name, cmd.split()))
    times = [[] for _ in cmds]
    rng = random.Random(1)
    order = list(range(len(cmds)))
    for _ in range(args.reps):
        rng.shuffle(order)
        for i in order:
            t0 = time.perf_counter()
            subprocess.run(cmds[i][1], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            times[i].append(time.perf_counter() - t0)
    first = statistics.median(times[0])
    for (name, _), ts in zip(cmds, times):
        med = statistics.median(ts)
        q1 = sorted(ts)[len(ts) // 4]
        print("%-12s median %8.3f ms  first quartile %8.3f ms  %.3f" % (name, med * 1e3, q1 * 1e3, med / first))


if __name__ == "__main__":
    main()
