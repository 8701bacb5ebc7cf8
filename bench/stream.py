#!/usr/bin/env python3
"""The per-case cost of a stream: tessera against the ZOJ 1008 seed's C program.

    python3 bench/stream.py                       # 10^6 one-tile cases, 3 reps
    python3 bench/stream.py --cases 100000 --reps 5 --tessera /tmp/tessera-main
    python3 bench/stream.py --size 2 --cases 100000 --old /tmp/tessera-before

The input is `1\\n1 1 1 1\\n` repeated --cases times, then `0` (every case a
one-tile Tetravex board: the cost measured is reading, setting up, solving
and answering a case, not searching). With `--size N` (N from 2 to 5) the
cases are N x N boards of labels 0 to 9 from a fixed seed, every other one
planted (solvable) and the others of random tiles (mostly not): a judge's
stream. With `--old BIN` a second tessera build runs beside the first
(`tessera` is then the new one), with its ratio to the C program and the
new build's to it. The C program is the ZOJ 1008 seed's
own solution: this script cuts it out of the seed document (--seed-doc, by
default the one in ../shared/seeds/ that holds it; its code is not part of
this repository), compiles it with `gcc -O2` into a temporary directory,
and runs it beside tessera, interleaved (C, tessera, tessera --threads 1,
C, ...), --reps times each. It prints the median wall and CPU (user and
system) time of each, the ratios tessera / C, and tessera's peak resident
memory (the largest over its runs, from GNU time's %M). The answers must be
byte-identical to the C program's; the script stops otherwise (tessera's
exit status 1, "some case has no solution", is expected on boards of
random tiles).

Needs Python 3 (standard library only) and gcc.
"""

import argparse
import glob
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def find_seed_doc():
    """The seed document holding the ZOJ 1008 C solution."""
    for path in sorted(glob.glob(os.path.join(ROOT, "..", "shared", "seeds", "*.txt"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if "Gnome Tetravex" in text and "#include<stdio.h>" in text and "place(" in text:
            return path
    return None


def build_c(seed_doc, workdir):
    with open(seed_doc, encoding="utf-8", errors="replace") as f:
        text = f.read()
    code = text[text.index("#include<stdio.h>"):]
    src = os.path.join(workdir, "zoj1008.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write(code)
    exe = os.path.join(workdir, "zoj1008")
    subprocess.run(["gcc", "-O2", "-w", "-o", exe, src], check=True)
    return exe


def stream_text(size, cases):
    """The input of the run (see the module docs): one-tile cases, or
    `boards(size, cases)`."""
    return "1\n1 1 1 1\n" * cases + "0\n" if size == 1 else boards(size, cases)


def boards(size, cases):
    """The stream of `cases` size x size boards (see the module docs)."""
    rng = random.Random(1008)
    out = []
    for k in range(cases):
        out.append(str(size))
        if k % 2 == 0:
            right = [[rng.randrange(10) for _ in range(size + 1)] for _ in range(size)]
            down = [[rng.randrange(10) for _ in range(size)] for _ in range(size + 1)]
            tiles = [(down[r][c], right[r][c + 1], down[r + 1][c], right[r][c]) for r in range(size) for c in range(size)]
            rng.shuffle(tiles)
        else:
            tiles = [tuple(rng.randrange(10) for _ in range(4)) for _ in range(size * size)]
        out.extend(" ".join(map(str, t)) for t in tiles)
    out.append("0")
    return "\n".join(out) + "\n"


def timed(cmd, stdin_path, stdout_path, workdir):
    """Runs cmd with the file on stdin; (wall seconds, CPU seconds, peak RSS
    in KiB, exit code).

    The peak RSS comes from /usr/bin/time (GNU time, `%M`), which measures
    the program alone; without it, from wait4's rusage (which may count the
    forking Python process too, so it is only an upper bound).
    """
    rss_file = os.path.join(workdir, "rss.txt")
    gnu_time = os.path.exists("/usr/bin/time")
    full = ["/usr/bin/time", "-f", "%M", "-o", rss_file] + cmd if gnu_time else cmd
    with open(stdin_path, "rb") as fin, open(stdout_path, "wb") as fout:
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdin=fin, stdout=fout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        cpu = usage.ru_utime + usage.ru_stime
        code = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if err:
        sys.stderr.write(err)
    peak = usage.ru_maxrss
    if gnu_time:
        with open(rss_file) as f:
            peak = int(f.read().split()[-1])
    return wall, cpu, peak, code


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessera", default=paths.release_binary("tessera"))
    ap.add_argument("--cases", type=int, default=10**6)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--size", type=int, default=1, choices=range(1, 6), help="boards of N x N (default 1)")
    ap.add_argument("--old", help="a second tessera build to run beside --tessera")
    ap.add_argument("--seed-doc", help="the seed document with the ZOJ 1008 C code")
    args = ap.parse_args()
    seed_doc = args.seed_doc or find_seed_doc()
    if not seed_doc:
        sys.exit("stream.py: no seed document with the ZOJ 1008 C code found; give --seed-doc")
    with tempfile.TemporaryDirectory(prefix="tessera-stream-") as work:
        c = build_c(seed_doc, work)
        stream = os.path.join(work, "stream.txt")
        with open(stream, "w") as f:
            f.write(stream_text(args.size, args.cases))
        solvers = [("C (seed, gcc -O2)", [c])]
        if args.old:
            solvers.append(("old tessera tetravex", [args.old, "tetravex"]))
        solvers += [
            ("tessera tetravex", [args.tessera, "tetravex"]),
            ("tessera tetravex --threads 1", [args.tessera, "tetravex", "--threads", "1"]),
        ]
        times = {name: [] for name, _ in solvers}
        cpus = {name: [] for name, _ in solvers}
        rss = {name: 0 for name, _ in solvers}
        reference = None
        for _ in range(args.reps):
            for name, cmd in solvers:
                out = os.path.join(work, "out.txt")
                wall, cpu, peak, code = timed(cmd, stream, out, work)
                with open(out, "rb") as f:
                    answers = f.read()
                if reference is None:
                    reference = answers
                elif answers != reference:
                    sys.exit(f"stream.py: {name} answers differ from the C program's")
                if code not in ((0, 1) if name.startswith(("tessera", "old")) else (0,)):
                    sys.exit(f"stream.py: {name} exited with {code}")
                times[name].append(wall)
                cpus[name].append(cpu)
                rss[name] = max(rss[name], peak)
        c_median = statistics.median(times[solvers[0][0]])
        c_cpu = statistics.median(cpus[solvers[0][0]])
        what = "one-tile Tetravex cases" if args.size == 1 else f"{args.size}x{args.size} Tetravex boards"
        print(f"{args.cases} {what}, {args.reps} runs each, interleaved; answers identical\n")
        print("| program | median s | min s | ratio to C | CPU s | CPU ratio to C | peak RSS MiB |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, _ in solvers:
            med, cpu = statistics.median(times[name]), statistics.median(cpus[name])
            print(
                f"| {name} | {med:.3f} | {min(times[name]):.3f} | {med / c_median:.2f} | {cpu:.3f} "
                f"| {cpu / c_cpu:.2f} | {rss[name] / 1024:.1f} |"
            )
        if args.old:
            ratio = statistics.median(times["tessera tetravex"]) / statistics.median(times["old tessera tetravex"])
            print(f"\nnew / old (wall medians): {ratio:.3f}")


if __name__ == "__main__":
    main()
