#!/usr/bin/env python3
"""Writes link/symbol-order.txt: the functions a typical run executes, for the linker.

    python3 bench/symbol_order.py                 # after cargo build --release
    python3 bench/symbol_order.py --binary /tmp/tessera --check

A run on a small board spends most of its time starting the process, and
a good part of that in page faults on the code it touches: the few
hundred functions a run executes lie spread over a text of several
megabytes, and every 64 KiB the kernel maps on a fault holds only a few
of them. `build.rs` hands this file to the linker (LLD's
`--symbol-ordering-file`, and for the Rust functions a linker script that
gathers them in a section `.text.hot` before `.text`), which lays the
functions it names first, in its order, so that they share a few pages
(docs/performance.md, "Hot code laid out together").

This script runs the release binary under callgrind (valgrind) on a set
of typical jobs: the three judges' examples, a judge's 5x5 stream, turning
tiles, counts, JSON and grids, the big boards' square scan (Tetravex and
Eternity II-style, with `--threads 2` as the bench runs them), and a stream
of one-tile cases; collects the (mangled) names of the functions each
executes; keeps those the binary defines; and writes them with the most
shared first (those every job runs: the start, the reading, the answer),
then by name; names the existing list already has keep its order and come
first (`--fresh` sorts them all anew). The order is a matter of speed only: a name the binary no
longer has is skipped by the linker, and a function missing from the file
is laid out where the compiler put it. The script matches a Rust
function whatever the suffix `.llvm.<hash>` that thin LTO gives the
functions it renames (the hash changes with every edit of the crate); a
change of a function's signature, of the compiler or of a dependency
changes the name itself. Regenerate then; `--check` prints how many of
the file's names the binary still has, exactly and up to that suffix.

Needs Python 3, valgrind and nm.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "link", "symbol-order.txt")
EX = os.path.join(ROOT, "examples")

HEADER = """\
# The functions a typical tessera run executes, most shared first: the
# linker lays them out together (build.rs; docs/performance.md, "Hot code
# laid out together"). Written by `python3 bench/symbol_order.py`; a name
# the binary no longer has is skipped.
"""


def jobs(binary, tmp):
    """(arguments, stdin text or None) of the jobs whose functions count,
    with their boards drawn by `binary`'s generator."""
    one = os.path.join(tmp, "one-tile.txt")
    with open(one, "w") as f:
        f.write("1\n1 2 3 4\n" * 200 + "0\n")
    five = os.path.join(tmp, "judge-5x5.txt")
    gen = subprocess.run(
        [binary, "generate", "tetravex", "--size", "5", "--seed", "1"],
        capture_output=True, text=True, check=True).stdout
    with open(five, "w") as f:
        f.write(gen)
    big = os.path.join(tmp, "big.txt")
    gen = subprocess.run(
        [binary, "generate", "tetravex", "--size", "16", "--labels", "64", "--seed", "2"],
        capture_output=True, text=True, check=True).stdout
    with open(big, "w") as f:
        f.write(gen)
    # An Eternity II-style 16x16 board: turning tiles on the square scan
    # (its lists sorted, sorts of their own).
    eternity = os.path.join(tmp, "eternity-16x16.txt")
    gen = subprocess.run(
        [binary, "generate", "tetravex", "--size", "16", "--frame-labels", "5", "--inner-labels", "60",
         "--rotate", "--seed", "2"],
        capture_output=True, text=True, check=True).stdout
    with open(eternity, "w") as f:
        f.write(gen)
    zoj = os.path.join(EX, "tetravex-zoj1008.txt")
    return [
        (["tetravex", zoj], None),
        (["tetravex", "--grid", zoj], None),
        (["tetravex", "--json", zoj], None),
        (["tetravex", "--count", zoj], None),
        (["tetravex", one], None),
        (["tetravex", "-"], "1\n1 2 3 4\n0\n"),
        (["tetravex", five], None),
        (["tetravex", "--rotate", five], None),
        (["tetravex", big], None),
        (["tetravex", "--threads", "2", big], None),
        (["tetravex", "--rotate", "--border", "0", "--threads", "2", eternity], None),
        (["tetravex", "--rotate", "--border", "0", os.path.join(EX, "eternity-6x6.txt")], None),
        (["edges", os.path.join(EX, "edges-2x2.txt")], None),
        (["pack", os.path.join(EX, "pack-uva387.txt")], None),
    ]


def executed(binary, args, stdin, tmp):
    """The mangled names of the functions one run executes."""
    out = os.path.join(tmp, "callgrind.out")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out, binary] + args,
        input=stdin, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    names = set()
    with open(out) as f:
        for line in f:
            m = re.match(r"c?fn=\(\d+\)\s+(\S+)", line)
            if m:
                names.add(m.group(1))
    os.remove(out)
    return names


def defined(binary):
    """The function symbols the binary defines."""
    out = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    return {p[2] for p in (l.split() for l in out.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def keep_order(path, names, have):
    """`names` after the names of the list at `path` that the binary still
    defines (`have`, up to thin LTO's `.llvm.` suffix), in the list's order;
    the others in their own order. A new job or a renamed function then
    adds names at the end of the hot code instead of moving every function
    after it (a list sorted anew in session 40 gave the one-tile stream 395
    simulated instruction-cache misses a case against 370; the layout alone
    moves a small case's time by a few percent either way)."""
    defined = {base(n): n for n in have}
    kept, seen = [], set()
    for n in listed_names(path):
        if base(n) not in defined:
            continue
        name = n if n in have else defined[base(n)]
        if name not in seen:
            kept.append(name)
            seen.add(name)
    bases = {base(n) for n in kept}
    return kept + [n for n in names if base(n) not in bases]


def listed_names(path):
    """The names of the list at `path`, in its order."""
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def base(name):
    """A symbol's name without thin LTO's `.llvm.<hash>` suffix."""
    return name.split(".llvm.")[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=paths.release_binary("tessera"), help="tessera release binary")
    ap.add_argument("--out", default=OUT, help="the file to write (default link/symbol-order.txt)")
    ap.add_argument("--check", action="store_true", help="only say how many names the binary still has")
    ap.add_argument("--fresh", action="store_true",
                    help="order every name anew (most shared first), not the existing list's order first")
    args = ap.parse_args()
    have = defined(args.binary)
    if args.check:
        names = listed_names(args.out)
        kept = sum(1 for n in names if n in have)
        # build.rs's linker script matches a Rust function whatever its
        # `.llvm.<hash>` suffix (thin LTO renames with every edit).
        bases = {base(n) for n in have}
        placed = sum(1 for n in names if base(n) in bases)
        print("%d of %d names in %s are the binary's exactly, %d up to the .llvm. suffix"
              % (kept, len(names), args.out, placed))
        # The ones lost, by name: a few can be a case's hottest functions.
        for n in [n for n in names if base(n) not in bases][:20]:
            print("  missing: %s" % n)
        return 0 if names and placed * 10 >= len(names) * 9 else 1
    shared = {}
    with tempfile.TemporaryDirectory() as tmp:
        jobs_run = jobs(args.binary, tmp)
        for run_args, stdin in jobs_run:
            for name in executed(args.binary, run_args, stdin, tmp) & have:
                shared[name] = shared.get(name, 0) + 1
    # A static binary runs every IFUNC resolver of its C library at the
    # start (they pick the string functions for the CPU), before valgrind
    # sees the program: as shared as anything.
    for name in have:
        if name.endswith("_ifunc"):
            shared[name] = len(jobs_run)
    names = sorted(shared, key=lambda n: (-shared[n], n))
    if not args.fresh and os.path.exists(args.out):
        names = keep_order(args.out, names, have)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(HEADER)
        f.write("".join(n + "\n" for n in names))
    print("%d functions written to %s" % (len(names), args.out), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
