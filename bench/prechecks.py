#!/usr/bin/env python3
"""How many generated unsolvable instances tessera refutes before any search.

    python3 bench/prechecks.py [--n N] [--no-build]

For each family below, generates N unsolvable instances from fixed seeds (the
same generators as bench/gen.py), confirms each is unsolvable with the seeds'
method (the baseline, an independent plain search) unless it is unsolvable by
construction, then runs tessera once on
all of them (one file, one case per instance, `--json`) and tallies the
`refuted_by.check` of every case record: a case refuted by a pre-check has
0 search nodes; the others were refuted by search. Prints a Markdown table.

Families:
  tetravex-no   5x5, 10 digits: one label of one tile of a planted puzzle changed
  eternity-no   6x6 Eternity II style (rotation, grey border, 3 frame / 5 inner
                colours): one label of one tile changed
  edges-no      UVa 519 6x6: one inner side of one planted piece flipped O<->I
  edges-turned  UVa 519 6x6 with --rotate: one inner side flipped
"""

import argparse
import collections
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import paths  # noqa: E402

ROOT = os.path.dirname(HERE)
TESSERA = paths.release_binary("tessera")
SEED_EDGES = paths.release_binary("seed-edges", gen.BASELINE_DIR)


def seed_says_no(text, extra, edges=False):
    if edges:
        p = subprocess.run([SEED_EDGES, *extra], input=text, capture_output=True, text=True, timeout=300)
        return p.stdout.strip().endswith("NO")
    return gen.run_seed_tetravex(text, extra, timeout=300).endswith("Impossible")


def changed_label(n, tiles, labels, rng):
    """One side of one tile set to another label from `labels`."""
    tiles = list(tiles)
    i = rng.randrange(len(tiles))
    s = rng.randrange(4)
    t = list(tiles[i])
    t[s] = rng.choice([x for x in labels if x != t[s]])
    tiles[i] = tuple(t)
    return tiles


def tetravex_no(rng):
    return gen.near_miss_tetravex(5, 10, rng)


def eternity_no(rng):
    """A non-border side changed to another frame or inner colour. Every
    colour of a solved board appears an even number of times (each join
    shows it twice), and the change makes two colours odd: unsolvable by
    construction, so no baseline run is needed (the seeds' plain search
    takes minutes to exhaust a 6x6 with rotation)."""
    tiles = gen.planted_eternity(6, 3, 5, rng)
    i = rng.randrange(len(tiles))
    s = rng.choice([s for s in range(4) if tiles[i][s] != 0])
    t = list(tiles[i])
    t[s] = rng.choice([x for x in range(1, 9) if x != t[s]])
    tiles[i] = tuple(t)
    return gen.tetravex_text(6, tiles)


def edges_no(rng):
    return gen.edges_text(6, 6, gen.flip_one_inner_side(gen.planted_edges(6, 6, rng), rng))


FAMILIES = [
    # name, generator, tessera args, seed args (None: unsolvable by
    # construction, not re-checked), edges?, seed base
    ("tetravex-no", tetravex_no, ["tetravex"], [], False, 7100),
    ("eternity-no", eternity_no, ["tetravex", "--rotate", "--border", "0"], None, False, 7200),
    ("edges-no", edges_no, ["edges"], [], True, 7300),
    # The flipped side leaves one more I than O (or the reverse) on the inner
    # sides, turned or not: unsolvable by construction (seed-edges has no
    # --rotate to check it with).
    ("edges-turned", edges_no, ["edges", "--rotate"], None, True, 7400),
]


def strip_end(text, edges):
    """One case without the end marker, to concatenate cases into one file."""
    end = "0 0\n" if edges else "0\n"
    assert text.endswith(end)
    return text[: -len(end)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=100, help="instances per family (default 100)")
    ap.add_argument("--no-build", action="store_true", help="use the binaries already built")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path",
                        os.path.join(ROOT, "Cargo.toml")], check=True, cwd=ROOT)
        gen.build_baselines()
    rows = []
    for name, make, targs, sargs, edges, base in FAMILIES:
        cases = []
        for i in range(args.n):
            text = make(random.Random(base + i))
            if sargs is not None and not seed_says_no(text, sargs, edges):
                raise SystemExit("%s #%d is solvable: the generator is wrong" % (name, i))
            cases.append(strip_end(text, edges))
        batch = "".join(cases) + ("0 0\n" if edges else "0\n")
        p = subprocess.run([TESSERA, *targs, "--json", "--threads", "1"], input=batch,
                           capture_output=True, text=True)
        if p.returncode not in (0, 1):
            raise SystemExit("tessera failed on %s: %s" % (name, p.stderr))
        tally = collections.Counter()
        search_nodes = []
        for line in p.stdout.splitlines():
            rec = json.loads(line)
            if rec.get("type") != "case":
                continue
            if rec["status"] != "unsolvable":
                raise SystemExit("%s case %s: tessera says %s" % (name, rec["case"], rec["status"]))
            check = (rec.get("refuted_by") or {}).get("check")
            if check:
                tally[check] += 1
                assert rec["stats"]["nodes"] == 0
            else:
                tally["search"] += 1
                search_nodes.append(rec["stats"]["nodes"])
        pre = sum(v for k, v in tally.items() if k != "search")
        checks = ", ".join("%s %d" % (k, v) for k, v in sorted(tally.items()) if k != "search") or "-"
        nodes = ("median %d, max %d" % (sorted(search_nodes)[len(search_nodes) // 2], max(search_nodes))
                 if search_nodes else "-")
        rows.append((name, " ".join(targs), args.n, pre, checks, tally["search"], nodes))
        print("%s: %d of %d refuted before search" % (name, pre, args.n), file=sys.stderr)
    print("| family | tessera | instances | refuted before search | by check | refuted by search | search nodes |")
    print("|---|---|---:|---:|---|---:|---|")
    for r in rows:
        print("| %s | `%s` | %d | %d | %s | %d | %s |" % r)


if __name__ == "__main__":
    main()
