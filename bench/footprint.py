#!/usr/bin/env python3
"""The code a stream's case runs: cache lines touched per case, and whose.

    python3 bench/footprint.py                       # after cargo build --release
    python3 bench/footprint.py --size 3 --cases 4000 --top 30
    python3 bench/footprint.py --tessera /tmp/tessera-before --c

A stream of one-tile cases costs tessera about 2.3 times the ZOJ 1008 seed's
C program (`bench/stream.py`) with 1.6 times its instructions: tessera's
run more slowly. This script measures the code side of that. It writes the
stream `bench/stream.py` times (its one-tile cases, or with `--size N
--cases M` N x N boards from its fixed seed), runs the release binary on it
under callgrind (valgrind) with the executed instructions' addresses, and
counts the 64-byte lines of code whose instructions run at least 0.9 times
a case on average: the code every case goes through (and loops that some
cases run many times). Printed: those lines (and KiB, against the usual 32
KiB first-level instruction cache), the functions that hold most of them,
and, from a second run under cachegrind, the simulated first-level
instruction cache misses a case (32 KiB, 8-way, 64-byte lines). `--c` adds
the C program's (compiled as `bench/stream.py` does). The simulation's
least-recently-used cache overstates what a processor's prefetching lets
through (docs/performance.md, "The code a case runs").

Needs Python 3 and valgrind (and gcc for `--c`).
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

import paths
import stream

LINE = 64


def lines_touched(callgrind_out, cases):
    """The code lines whose instructions run about once a case or more,
    and the function of each (the first that callgrind names at it)."""
    runs = collections.Counter()
    function_of = {}
    function = None
    skip_call_cost = False
    with open(callgrind_out, encoding="utf-8", errors="replace") as f:
        for line in f:
            if skip_call_cost:
                # The line after `calls=` holds the call's inclusive cost.
                skip_call_cost = False
                continue
            if line.startswith("calls="):
                skip_call_cost = True
            elif line.startswith("fn="):
                function = line[3:].strip()
            else:
                m = re.match(r"^0x([0-9a-f]+) \S+ (\d+)", line)
                if m:
                    at = int(m.group(1), 16) // LINE
                    runs[at] += int(m.group(2))
                    function_of.setdefault(at, function)
    hot = [at for at, n in runs.items() if n >= 0.9 * cases]
    return hot, function_of


def under_valgrind(args, stdin_path, **run):
    """Runs `args` under valgrind with the file on stdin; stops the script
    unless the program answered (exit status 0, or 1: some case has no
    solution; valgrind passes the program's status on)."""
    with open(stdin_path, "rb") as fin:
        done = subprocess.run(["valgrind"] + args, stdin=fin, stdout=subprocess.DEVNULL, check=False, **run)
    if done.returncode not in (0, 1):
        program = next(a for a in args if not a.startswith("--"))
        sys.exit("footprint.py: %s exited with status %d under valgrind" % (program, done.returncode))
    return done


def i1_misses(cmd, stdin_path):
    """Simulated first-level instruction cache misses of `cmd`, and its
    instructions (cachegrind's defaults: 32 KiB, 8-way, 64-byte lines)."""
    flags = ["--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64", "--cachegrind-out-file=/dev/null"]
    err = under_valgrind(flags + cmd, stdin_path, stderr=subprocess.PIPE, text=True).stderr
    found = {key: re.search(key + r":\s+([\d,]+)", err) for key in ("I1  misses", "I   refs")}
    if not all(found.values()):
        sys.exit("footprint.py: no cachegrind summary from %s:\n%s" % (cmd[0], err))
    return tuple(int(found[key].group(1).replace(",", "")) for key in ("I1  misses", "I   refs"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=paths.release_binary("tessera"))
    ap.add_argument("--size", type=int, default=1, choices=range(1, 6), help="boards of N x N (default 1)")
    ap.add_argument("--cases", type=int, default=20000, help="cases in the stream (default 20000)")
    ap.add_argument("--top", type=int, default=20, help="functions listed (default 20)")
    ap.add_argument("--c", action="store_true", help="also the seed's C program's misses")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("footprint.py: needs valgrind (apt install valgrind)")
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "stream.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(stream.stream_text(args.size, args.cases))
        out = os.path.join(work, "callgrind.out")
        flags = ["--tool=callgrind", "--dump-instr=yes", "--compress-pos=no", "--compress-strings=no"]
        under_valgrind(flags + ["--callgrind-out-file=" + out, args.tessera, "tetravex"], path,
                       stderr=subprocess.DEVNULL)
        hot, function_of = lines_touched(out, args.cases)
        print("%d cases of %dx%d: %d lines of code run about once a case or more, %.1f KiB" % (
            args.cases, args.size, args.size, len(hot), len(hot) * LINE / 1024))
        for name, n in collections.Counter(function_of[at] for at in hot).most_common(args.top):
            print("%5d  %s" % (n, name))
        misses, refs = i1_misses([args.tessera, "tetravex"], path)
        print("tessera: %.0f instructions and %.1f first-level instruction cache misses a case" % (
            refs / args.cases, misses / args.cases))
        if args.c:
            seed_doc = stream.find_seed_doc()
            if not seed_doc:
                sys.exit("footprint.py: no seed document with the ZOJ 1008 C code found")
            misses, refs = i1_misses([stream.build_c(seed_doc, work)], path)
            print("C (seed, gcc -O2): %.0f instructions and %.1f misses a case" % (refs / args.cases, misses / args.cases))


if __name__ == "__main__":
    main()
