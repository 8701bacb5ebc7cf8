#!/usr/bin/env python3
"""Deterministic benchmark instances for tessera (standard library only).

    python3 bench/gen.py [--out DIR] [--quick] [--list]

Writes instance files into bench/instances/ (gitignored) and a manifest
(instances/manifest.json). Every instance comes from a fixed seed, so the
files are byte-identical from run to run. bench/run.py imports this module.

Families (see bench/README.md):
  tetravex        planted n x n Tetravex, 10 digits, n = 5..12
  tetravex-peak   planted Tetravex with few digits (near the hardness peak)
  tetravex-no     5x5 near-misses: one label of one tile changed, unsolvable
  tetravex-count  count all solutions of small planted boards with few digits
  nearmiss        near misses (issue 31): planted 4x4 and 5x5 Tetravex, 4-10
                  labels, turning and not, one label of one tile changed so
                  that no solution exists (checked by a complete search)
  eternity        Eternity II style: rotation, grey frame (label 0), frame
                  colours 1..F on joins between two border cells, inner
                  colours F+1..F+I elsewhere; tiles turned and shuffled
  eternity-count  count all solutions of small Eternity style boards
  edges           UVa 519 6x6 planted (YES) and one side flipped (NO)
  edges-count     count all solutions of planted 6x6 and 7x7 pictures
  edges-big       8x8 and 10x10, planted (YES) and flipped (NO)
  pack            12 pentominoes in 6x10, 5x12, 4x15, 3x20, all and unique
  pack-threads    6x10 again, tessera with all cores (--threads N)
  big             opt-in: Tetravex 16x16 to 32x32 with 2.5n and 4n labels,
                  Eternity II style 16x16 and 24x24 with many inner labels,
                  against the corner-square scan (2 threads)
"""

import argparse
import json
import os
import random
import subprocess
import sys

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "instances")
BASELINE_DIR = os.path.join(HERE, "baselines")
SEED_TETRAVEX = paths.release_binary("seed-tetravex", BASELINE_DIR)


# ---------------------------------------------------------------- generators

def rot_cw(t):
    """Clockwise quarter turn: (top,right,bottom,left) -> (left,top,right,bottom)."""
    return (t[3], t[0], t[1], t[2])


def planted_tetravex(n, k, rng):
    """Random solved n x n board with labels 0..k-1 on every side (inner and
    outer), returned as the shuffled tile list."""
    # horizontal joins h[r][c]: between (r-1,c) and (r,c), r = 0..n (0, n outer)
    h = [[rng.randrange(k) for _ in range(n)] for _ in range(n + 1)]
    # vertical joins v[r][c]: between (r,c-1) and (r,c), c = 0..n
    v = [[rng.randrange(k) for _ in range(n + 1)] for _ in range(n)]
    tiles = [(h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]) for r in range(n) for c in range(n)]
    rng.shuffle(tiles)
    return tiles


def planted_tetravex_skewed(n, weights, rng):
    """Like planted_tetravex, but each join draws label i with probability
    weights[i]: few labels, many identical tiles (duplicate-rich)."""
    k = len(weights)

    def pick():
        return rng.choices(range(k), weights)[0]
    h = [[pick() for _ in range(n)] for _ in range(n + 1)]
    v = [[pick() for _ in range(n + 1)] for _ in range(n)]
    tiles = [(h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]) for r in range(n) for c in range(n)]
    rng.shuffle(tiles)
    return tiles


def planted_eternity(n, frame, inner, rng):
    """Eternity II style board: outer sides 0, frame joins 1..frame, inner
    joins frame+1..frame+inner; tiles turned at random and shuffled."""
    def on_border(r, c):
        return r == 0 or c == 0 or r == n - 1 or c == n - 1

    def join(a, b):
        if on_border(*a) and on_border(*b):
            return 1 + rng.randrange(frame)
        return frame + 1 + rng.randrange(inner)

    h = [[0] * n for _ in range(n + 1)]
    v = [[0] * (n + 1) for _ in range(n)]
    for r in range(1, n):
        for c in range(n):
            h[r][c] = join((r - 1, c), (r, c))
    for r in range(n):
        for c in range(1, n):
            v[r][c] = join((r, c - 1), (r, c))
    tiles = []
    for r in range(n):
        for c in range(n):
            t = (h[r][c], v[r][c + 1], h[r + 1][c], v[r][c])
            for _ in range(rng.randrange(4)):
                t = rot_cw(t)
            tiles.append(t)
    rng.shuffle(tiles)
    return tiles


def turned(tiles, rng):
    """Each tile turned a random number of quarter turns."""
    out = []
    for t in tiles:
        r = rng.randrange(4)
        out.append(tuple(t[(i - r) % 4] for i in range(4)))
    return out


def domino_text(n):
    """An n x n board and n*n/2 dominoes, in the pack picture format."""
    return "board %dx%d\npiece D x%d rotate\n##\n" % (n, n, n * n // 2)


def tetravex_text(n, tiles):
    lines = [str(n)] + ["%d %d %d %d" % t for t in tiles] + ["0"]
    return "\n".join(lines) + "\n"


def planted_edges(n, m, rng):
    """UVa 519 pieces of a random n x m picture: O/I at random per inner join."""
    p = [[["F"] * 4 for _ in range(m)] for _ in range(n)]
    for r in range(n):
        for c in range(m):
            if c + 1 < m:
                o = rng.random() < 0.5
                p[r][c][1] = "O" if o else "I"
                p[r][c + 1][3] = "I" if o else "O"
            if r + 1 < n:
                o = rng.random() < 0.5
                p[r][c][2] = "O" if o else "I"
                p[r + 1][c][0] = "I" if o else "O"
    pieces = ["".join(x) for row in p for x in row]
    rng.shuffle(pieces)
    return pieces


def flip_one_inner_side(pieces, rng):
    """Flip one O<->I side of one piece: the O/I totals no longer balance, so
    the puzzle has no solution (the plain search still has to find that out)."""
    pieces = list(pieces)
    while True:
        i = rng.randrange(len(pieces))
        sides = [s for s in range(4) if pieces[i][s] != "F"]
        if sides:
            break
    s = rng.choice(sides)
    ch = list(pieces[i])
    ch[s] = "I" if ch[s] == "O" else "O"
    pieces[i] = "".join(ch)
    return pieces


def edges_text(n, m, pieces):
    return "%d %d\n" % (n, m) + "\n".join(pieces) + "\n0 0\n"


# ---------------------------------------------------------------- near-misses

def run_seed_tetravex(text, extra=(), timeout=120):
    if not os.path.exists(SEED_TETRAVEX):
        build_baselines()
    p = subprocess.run([SEED_TETRAVEX, *extra], input=text, capture_output=True,
                       text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError("seed-tetravex failed: " + p.stderr)
    return p.stdout.strip()


def build_baselines():
    subprocess.run(["cargo", "build", "--release", "--quiet",
                    "--manifest-path", os.path.join(BASELINE_DIR, "Cargo.toml")], check=True, cwd=paths.REPO)


def near_miss_tetravex(n, k, rng):
    """A planted puzzle with one label of one tile changed so that it has no
    solution (checked with the seed baseline; retried otherwise)."""
    while True:
        tiles = planted_tetravex(n, k, rng)
        for _attempt in range(20):
            i = rng.randrange(len(tiles))
            s = rng.randrange(4)
            t = list(tiles[i])
            t[s] = (t[s] + 1 + rng.randrange(k - 1)) % k
            cand = list(tiles)
            cand[i] = tuple(t)
            text = tetravex_text(n, cand)
            if run_seed_tetravex(text).endswith("Impossible"):
                return text


# The near misses' proofs (which tile, side and change of each board make
# it unsolvable) are found once by complete searches and kept here, so that
# regenerating the files costs nothing. Delete the file to search again.
NEARMISS_CACHE = os.path.join(DEFAULT_OUT, "nearmiss-cache.json")
REPO = os.path.dirname(HERE)


def tessera_binary():
    path = paths.release_binary("tessera")
    if not os.path.exists(path):
        subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path",
                        os.path.join(REPO, "Cargo.toml")], check=True, cwd=REPO)
    return path


def single_changes(tiles, k, rng):
    """Every board that differs from `tiles` in one label (another of the
    k labels on one side of one tile), as (tile, side, new label), in a
    random order drawn from `rng`."""
    changes = [(i, s, v) for i in range(len(tiles)) for s in range(4) for v in range(k) if v != tiles[i][s]]
    rng.shuffle(changes)
    return changes


def changed(tiles, change):
    i, s, v = change
    t = list(tiles[i])
    t[s] = v
    out = list(tiles)
    out[i] = tuple(t)
    return out


def first_unsolvable(n, tiles, changes, rotate):
    """The first change that leaves no solution, by complete searches with
    tessera (several boards per run: the judge format reads many cases),
    or None. A run cut short by its timeout counts as solvable."""
    cmd = [tessera_binary(), "tetravex", "--timeout", "60"] + (["--rotate"] if rotate else [])
    for at in range(0, len(changes), 50):
        batch = changes[at:at + 50]
        text = "".join(tetravex_text(n, changed(tiles, c))[:-2] for c in batch) + "0\n"
        p = subprocess.run(cmd, input=text, capture_output=True, text=True)
        answers = [line for line in p.stdout.splitlines() if line.startswith("Game")]
        if len(answers) != len(batch):
            raise RuntimeError("tessera failed on near-miss candidates: " + p.stderr)
        for c, a in zip(batch, answers):
            if a.endswith("Impossible"):
                return c
    return None


def near_miss_board(n, k, rotate, seed):
    """A near miss: the planted board of `seed` (turned at random when
    `rotate`) with the first of its single-label changes, in a random
    order, that leaves it unsolvable; if none does (few labels: every
    change keeps a solution), the next seed's board (seed + 1000, ...).
    Returns the file text."""
    cache = {}
    if os.path.exists(NEARMISS_CACHE):
        with open(NEARMISS_CACHE) as f:
            cache = json.load(f)
    key = "%d-%d-%d-%d" % (n, k, int(rotate), seed)
    for attempt in range(10):
        s = seed + 1000 * attempt
        rng = random.Random(s)
        tiles = planted_tetravex(n, k, rng)
        if rotate:
            tiles = turned(tiles, rng)
        changes = single_changes(tiles, k, rng)
        if key in cache and cache[key][0] == s:
            return tetravex_text(n, changed(tiles, tuple(cache[key][1])))
        c = first_unsolvable(n, tiles, changes, rotate)
        if c is not None:
            cache[key] = [s, list(c)]
            os.makedirs(os.path.dirname(NEARMISS_CACHE), exist_ok=True)
            with open(NEARMISS_CACHE, "w") as f:
                json.dump(cache, f, indent=1, sort_keys=True)
            return tetravex_text(n, changed(tiles, c))
    raise RuntimeError("no near miss for %s within 10 boards" % key)


def nearmiss():
    """The `nearmiss` family (issue 31): boards one label away from a
    solvable one, proved impossible; tessera on 2 threads, as users run
    it, the seed method side by side, worst and median per group (size and
    turning). 5x5 without turning: 5 to 10 labels; with turning, 10 labels
    (10 boards each, 20 at 5x5). A near miss needs a board with about one
    solution: a turning 5x5 board with k labels has about 25! 4^25 / k^40
    (first moment), 1.7 with 10 labels but 120 with 9 and 13,000 with 8,
    and no single change of the boards we drew with 8 or fewer labels left
    one unsolvable (0 of 30 random changes with 6 labels, none of the 4,000
    changes of ten boards with 5). Without turning, 25! / k^40 is 13 with 4
    labels and below one from 5 on; no 5x5 board with 4 labels we drew has
    a near miss (each of the 300 changes of three boards, turning or not,
    keeps a solution). 4x4: 4, 6 and 8 labels without turning, 10 with (two
    boards).
    """
    out = []
    plans = {False: [(5, k, s) for k in (5, 6, 7, 8, 10) for s in (1, 2)] + [(4, k, 1) for k in (4, 6, 8)],
             True: [(5, 10, s) for s in range(1, 11)] + [(4, 10, s) for s in (1, 2)]}
    for rotate in (False, True):
        for n, k, s in plans[rotate]:
            tag = "-rot" if rotate else ""
            out.append(instance("nearmiss", "%dx%d-%dd%s-s%d" % (n, n, k, tag, s),
                                "tetravex-rot" if rotate else "tetravex", expect="Impossible", threads=2,
                                group="nearmiss/%dx%d%s" % (n, n, tag), quick=(n, k, s) == (5, 10, 1),
                                make=lambda n=n, k=k, s=s, r=rotate: near_miss_board(
                                    n, k, r, 31000 + 100 * n + k + 10 * s)))
    return out


# ---------------------------------------------------------------- the suite

def instance(family, name, kind, **kw):
    d = {"family": family, "name": name, "kind": kind, "file": None, "count": False,
         "unique": False, "board": None, "expect": None, "chain": None, "quick": False,
         "threads": 1, "baselines": None}
    d.update(kw)
    return d


def suite():
    """The benchmark instances, in run order, without files.

    `make` builds the file text (deterministic), `chain` names a difficulty
    ladder inside a family (ordered easy to hard): once a solver times out on
    one rung, run.py does not run it on the later rungs.
    """
    out = []

    def tv(family, name, n, k, seed, **kw):
        def make():
            return tetravex_text(n, planted_tetravex(n, k, random.Random(seed)))
        return instance(family, name, "tetravex", make=make, **kw)

    # Tetravex, 10 digits (over-constrained: a unique solution, mostly).
    for n in range(5, 13):
        out.append(tv("tetravex", "%dx%d-10d" % (n, n), n, 10, 1000 + n,
                      expect="Possible", chain="tetravex-10", quick=n <= 7))
    # Fewer digits: near the hardness peak (k* ~ 4.9 at 6x6, 5.6 at 7x7).
    out.append(tv("tetravex-peak", "6x6-5d", 6, 5, 2065, expect="Possible", quick=True))
    out.append(tv("tetravex-peak", "7x7-6d", 7, 6, 2076, expect="Possible", chain="peak"))
    out.append(tv("tetravex-peak", "8x8-7d", 8, 7, 2087, expect="Possible", chain="peak"))
    # Unsolvable near-misses at the judge's size.
    for i in range(3):
        def make(i=i):
            return near_miss_tetravex(5, 10, random.Random(3050 + i))
        out.append(instance("tetravex-no", "5x5-10d-no%d" % (i + 1), "tetravex", make=make,
                            expect="Impossible", quick=i == 0))
    # Counting all distinct solutions (few digits: many solutions, many identical tiles).
    out.append(tv("tetravex-count", "4x4-2d", 4, 2, 4042, count=True, quick=True))
    out.append(tv("tetravex-count", "5x5-3d", 5, 3, 4053, count=True))
    out.append(tv("tetravex-count", "5x5-4d", 5, 4, 4054, count=True))

    # Eternity II style: rotation + grey frame.
    def et(name, n, frame, inner, seed, **kw):
        def make():
            return tetravex_text(n, planted_eternity(n, frame, inner, random.Random(seed)))
        return instance("eternity", name, "eternity", make=make, expect="Possible", **kw)

    for n in range(6, 11):
        out.append(et("%dx%d-3f5i" % (n, n), n, 3, 5, 5000 + n, chain="eternity-3-5", quick=n == 6))
    out.append(et("8x8-4f5i", 8, 4, 5, 5108))
    out.append(et("14x14-7f3i", 14, 7, 3, 5114))
    # Count all solutions (raw: every distinct grid of turned tiles).
    out.append(instance("eternity-count", "5x5-2f4i", "eternity", count=True, quick=True,
                        make=lambda: tetravex_text(5, planted_eternity(5, 2, 4, random.Random(800)))))
    out.append(instance("eternity-count", "6x6-3f5i", "eternity", count=True,
                        make=lambda: tetravex_text(6, planted_eternity(6, 3, 5, random.Random(801)))))

    # UVa 519, 6x6: planted YES, and NO by flipping one inner side.
    for i in range(3):
        def make_yes(i=i):
            return edges_text(6, 6, planted_edges(6, 6, random.Random(6000 + i)))

        def make_no(i=i):
            rng = random.Random(6100 + i)
            return edges_text(6, 6, flip_one_inner_side(planted_edges(6, 6, rng), rng))
        out.append(instance("edges", "6x6-yes%d" % (i + 1), "edges", make=make_yes,
                            expect="YES", quick=i == 0))
        out.append(instance("edges", "6x6-no%d" % (i + 1), "edges", make=make_no,
                            expect="NO", quick=i == 0))

    # Count all solutions of planted pictures (many identical pieces).
    for name, n, seed in (("6x6-a", 6, 700), ("6x6-b", 6, 702), ("7x7", 7, 702)):
        out.append(instance("edges-count", name, "edges", count=True, quick=name == "6x6-a",
                            make=lambda n=n, seed=seed: edges_text(n, n, planted_edges(n, n, random.Random(seed)))))
    # Beyond the judge: 8x8 and 10x10, planted and flipped.
    for n in (8, 10):
        def make_yes(n=n):
            return edges_text(n, n, planted_edges(n, n, random.Random(7000 + n)))

        def make_no(n=n):
            rng = random.Random(7100 + n)
            return edges_text(n, n, flip_one_inner_side(planted_edges(n, n, rng), rng))
        out.append(instance("edges-big", "%dx%d-yes" % (n, n), "edges", make=make_yes,
                            expect="YES", chain="edges-big-yes"))
        out.append(instance("edges-big", "%dx%d-no" % (n, n), "edges", make=make_no,
                            expect="NO", chain="edges-big-no"))

    # Pentomino packing.
    counts = {"6x10": (9356, 2339), "5x12": (4040, 1010), "4x15": (1472, 368), "3x20": (8, 2)}
    for board, (all_, uniq) in counts.items():
        out.append(instance("pack", "pent-%s" % board, "pack", board=board, count=True,
                            expect=str(all_), quick=board in ("4x15", "3x20")))
        out.append(instance("pack", "pent-%s-unique" % board, "pack", board=board, count=True,
                            unique=True, expect=str(uniq), quick=board in ("4x15", "3x20")))
    # tessera with all its threads (every other family runs it with --threads 1).
    for board, uniq, expect in (("6x10", False, "9356"), ("6x10", True, "2339")):
        out.append(instance("pack-threads", "pent-%s%s" % (board, "-unique" if uniq else ""), "pack",
                            board=board, count=True, unique=uniq, expect=expect, threads="all",
                            baselines=["bitpack"]))
    out += nearmiss()
    out += count5()
    out += count5_held()
    out += count_scale(out)
    out += tail()
    out += big()
    out += big_held()
    return out


# The `tail` family's baseline: tessera itself without restarts (one search in
# the backend's own order; with 2 threads the subtrees are shared).
NO_RESTARTS = ("no-restarts", ["--restarts", "never"])


def et10x10_board(s):
    """Eternity II-style 10x10, 4 frame and 6 inner labels, seed `s`."""
    return tetravex_text(10, planted_eternity(10, 4, 6, random.Random(15100 + s)))


def tv10d_board(n, s):
    """Tetravex n x n with 10 labels, seed `s`."""
    return tetravex_text(n, planted_tetravex(n, 10, random.Random(15000 + 100 * n + s)))


def tail_instance(family, name, kind, make, **kw):
    """A planted board solved on 2 threads, reported per group (the name
    without its seed), with tessera without restarts as the baseline."""
    group = family + "/" + name.rsplit("-s", 1)[0]
    return instance(family, name, kind, make=make, expect="Possible", threads=2,
                    tessera_baseline=NO_RESTARTS, group=group, **kw)


def tail():
    """The `tail` family (issue 15): planted boards where one unlucky search
    order can run for minutes, solved on 2 threads; the worst and the median
    per group matter, not one instance."""
    out = []

    def add(name, n, make, kind, quick=False):
        out.append(tail_instance("tail", name, kind, make, quick=quick))

    for s in range(1, 21):
        add("et8x8-4f5i-s%d" % s, 8, lambda s=s: tetravex_text(8, planted_eternity(8, 4, 5, random.Random(15000 + s))),
            "eternity", quick=s <= 2)
    for s in range(1, 6):
        add("et10x10-4f6i-s%d" % s, 10, lambda s=s: et10x10_board(s), "eternity")
    for n in (9, 10):
        for s in range(1, 6):
            add("tv%dx%d-10d-s%d" % (n, n, s), n, lambda n=n, s=s: tv10d_board(n, s), "tetravex")
    # Near the hardness peak (a random 8x8 tile set with 6 labels has about
    # 89 solutions on average): harder than 10 labels for every solver we
    # measured (docs/performance.md, "Fourth pass").
    for s in range(1, 6):
        add("tv8x8-6d-s%d" % s, 8,
            lambda s=s: tetravex_text(8, planted_tetravex(8, 6, random.Random(100 * s + 86))), "tetravex")
    return out + tail_wide()


def tail_wide():
    """The `tail-wide` family: the two `tail` groups whose targets are met
    on their seeds 1-5 (Tetravex 9x9 with 10 labels, Eternity II-style 10x10
    with 4 frame and 6 inner labels), on 20 more boards each (seeds 6-25 of
    the same generators), so that a change tuned on five boards is judged on
    boards it was not tuned on. Opt-in (`--family tail-wide`): a pass takes
    several minutes."""
    out = []
    for s in range(6, 26):
        out.append(tail_instance("tail-wide", "tv9x9-10d-s%d" % s, "tetravex",
                                 lambda s=s: tv10d_board(9, s), optin=True))
        out.append(tail_instance("tail-wide", "et10x10-4f6i-s%d" % s, "eternity",
                                 lambda s=s: et10x10_board(s), optin=True))
    return out


def big():
    """The `big` family (issue 33): big planted boards whose joins nearly
    determine their pieces, where the plain corner-square scan (baseline
    `square-scan`) beats a search that wanders: Tetravex 16x16 to 32x32
    with 2.5n and 4n labels, Eternity II-style 16x16 (4 frame, 40 inner
    labels) and 24x24 (6 / 80), ten seeds each, tessera on 2 threads as
    users run it; worst and median per group. Opt-in (`--family big`):
    the boards take hundreds of megabytes and seconds of setup each."""
    out = []
    for n in (16, 24, 28, 32):
        for k in (5 * n // 2, 4 * n):
            for s in range(1, 11):
                out.append(instance("big", "tv%dx%d-%dd-s%d" % (n, n, k, s), "tetravex-big", expect="Possible",
                                    threads=2, group="big/tv%dx%d-%dd" % (n, n, k), optin=True,
                                    make=lambda n=n, k=k, s=s: tetravex_text(
                                        n, planted_tetravex(n, k, random.Random(33000 + 100 * n + k + 10000 * s)))))
    for n, frame, inner in ((16, 4, 40), (24, 6, 80)):
        for s in range(1, 11):
            out.append(instance("big", "et%dx%d-%df%di-s%d" % (n, n, frame, inner, s), "eternity-big",
                                expect="Possible", threads=2, group="big/et%dx%d-%df%di" % (n, n, frame, inner),
                                optin=True,
                                make=lambda n=n, f=frame, i=inner, s=s: tetravex_text(
                                    n, planted_eternity(n, f, i, random.Random(33500 + n + 10000 * s)))))
    return out


def big_held():
    """The `big-held` family: boards of the `big` generators that no tuning
    saw, to judge a worst case on (opt-in, `--family big-held`). Other
    seeds (11-18) and other label counts besides the `big` family's:
    Tetravex 16x16 to 32x32 with 2.5n, 3n, 3.5n and 4n labels, and
    Eternity II-style 16x16 with 4 frame / 40 inner and 5 / 60 labels and
    24x24 with 6 / 80 and 6 / 60; 8 seeds per group (160 boards), 2
    threads. Its own random streams (77000 on), not the `big` family's."""
    out = []
    for n in (16, 24, 28, 32):
        for k in (5 * n // 2, 3 * n, 7 * n // 2, 4 * n):
            for s in range(11, 19):
                out.append(instance("big-held", "tv%dx%d-%dd-s%d" % (n, n, k, s), "tetravex-big", expect="Possible",
                                    threads=2, group="big-held/tv%dx%d-%dd" % (n, n, k), optin=True,
                                    make=lambda n=n, k=k, s=s: tetravex_text(
                                        n, planted_tetravex(n, k, random.Random(77000 + 100 * n + k + 10000 * s)))))
    for n, frame, inner in ((16, 4, 40), (16, 5, 60), (24, 6, 80), (24, 6, 60)):
        for s in range(11, 19):
            out.append(instance("big-held", "et%dx%d-%df%di-s%d" % (n, n, frame, inner, s), "eternity-big",
                                expect="Possible", threads=2, group="big-held/et%dx%d-%df%di" % (n, n, frame, inner),
                                optin=True,
                                make=lambda n=n, f=frame, i=inner, s=s: tetravex_text(
                                    n, planted_eternity(n, f, i, random.Random(77500 + n + f + i + 10000 * s)))))
    return out


def generated_tetravex(n, k, seed):
    """A board from `tessera generate tetravex` (the planted solution's
    tiles, shuffled)."""
    p = subprocess.run([tessera_binary(), "generate", "tetravex", "--size", str(n), "--labels", str(k),
                        "--seed", str(seed)], capture_output=True, text=True, check=True)
    return p.stdout


def count5(family="count5", uniform_seeds=range(1, 5), skewed_seeds=(1, 2), optin=False):
    """The `count5` family (issue 31): 5x5 counts whose states seldom
    repeat, on 2 threads as users run them; worst and median per group.
    Uniform boards from `tessera generate` with 2, 3 and 4 labels (seeds
    1-4; 10^5 to 10^8 solutions), and planted boards from this file's
    generator with labels drawn unevenly (many identical tiles), turning
    and not (2 and 3 labels, two seeds each)."""
    out = []
    for k in (2, 3, 4):
        for s in uniform_seeds:
            out.append(instance(family, "5x5-%dd-s%d" % (k, s), "tetravex", count=True, threads=2,
                                group="%s/uniform-%dd" % (family, k), optin=optin,
                                make=lambda k=k, s=s: generated_tetravex(5, k, s)))
    for rotate in (False, True):
        for weights in ((0.6, 0.4), (0.5, 0.3, 0.2)):
            for s in skewed_seeds:
                tag = "-rot" if rotate else ""
                seed = 31500 + 10 * len(weights) + s + (100 if rotate else 0)

                def make(w=weights, seed=seed, r=rotate):
                    tiles = planted_tetravex_skewed(5, w, random.Random(seed))
                    return tetravex_text(5, turned(tiles, random.Random(seed + 1)) if r else tiles)
                out.append(instance(family, "5x5-%dd-dup%s-s%d" % (len(weights), tag, s),
                                    "tetravex-rot" if rotate else "tetravex", count=True, threads=2,
                                    group="%s/dup%s" % (family, tag), optin=optin, make=make))
    return out


def count5_held():
    """The `count5-held` family: boards of the `count5` generators that no
    tuning saw, to judge the counts' worst case on (opt-in, `--family
    count5-held`): uniform boards seeds 5-10, skewed boards seeds 3-8
    (42 boards)."""
    return count5("count5-held", range(5, 11), range(3, 9), optin=True)


def count_scale(suite_so_far):
    """The `count-scale` family: counts that memoisation makes cheap (domino
    tilings, duplicate-rich Tetravex), and again every counting instance of
    the other families; tessera's automatic memo choice against
    `--memo off` (the baseline row)."""
    out = []
    for n in (8, 10, 12, 14, 16):
        out.append(instance("count-scale", "domino-%dx%d" % (n, n), "pack-file", count=True,
                            make=lambda n=n: domino_text(n), memo_off=True, chain="domino", quick=n <= 10))
    # Duplicate-rich Tetravex: 4x4 with 2 labels, turning (10^8 to 10^9
    # solutions); 5x5 with 2 labels, turning.
    for seed in (1, 2, 3):
        out.append(instance("count-scale", "4x4-2d-rot-s%d" % seed, "tetravex-rot", count=True, memo_off=True,
                            quick=seed == 1,
                            make=lambda seed=seed: tetravex_text(
                                4, turned(planted_tetravex(4, 2, random.Random(9040 + seed)),
                                          random.Random(9140 + seed)))))
    # 5x5 with 3 labels drawn 80/10/10 (10^7 to 10^8 solutions, 11 to 13
    # distinct tiles): memoising pays 30 to 160 times, which the walks
    # cannot see (the memo's pilot and second look, issue 16).
    for seed in (1, 2, 4):
        out.append(instance("count-scale", "5x5-3d-skew-s%d" % seed, "tetravex", count=True, memo_off=True,
                            make=lambda seed=seed: tetravex_text(
                                5, planted_tetravex_skewed(5, (0.8, 0.1, 0.1), random.Random(seed)))))
    out.append(instance("count-scale", "5x5-2d-rot", "tetravex-rot", count=True, memo_off=True,
                        make=lambda: tetravex_text(5, turned(planted_tetravex(5, 2, random.Random(9050)),
                                                             random.Random(9150)))))
    for d in suite_so_far:
        if d["count"] and d["family"] not in ("count-scale", "pack-threads", "count5", "count5-held"):
            e = dict(d)
            e.update(family="count-scale", memo_off=True, quick=False, chain=None, baselines=None,
                     threads=1, name="%s/%s" % (d["family"], d["name"]))
            out.append(e)
    return out


def generate(out_dir=DEFAULT_OUT, quick=False, families=None, log=None):
    """Write the instance files and the manifest; return the instance list."""
    os.makedirs(out_dir, exist_ok=True)
    insts = []
    for d in suite():
        if quick and not d["quick"]:
            continue
        if families and d["family"] not in families:
            continue
        if d.get("optin") and not families:
            continue  # opt-in families run only when named
        make = d.pop("make", None)
        if make is not None:
            fam_dir = os.path.join(out_dir, d["family"])
            os.makedirs(fam_dir, exist_ok=True)
            path = os.path.join(fam_dir, d["name"].replace("/", "--") + ".txt")
            text = make()
            old = None
            if os.path.exists(path):
                with open(path) as f:
                    old = f.read()
            if old != text:
                with open(path, "w") as f:
                    f.write(text)
            d["file"] = path
            if log:
                log("generated %s" % os.path.relpath(path, HERE))
        insts.append(d)
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(insts, f, indent=1)
    return insts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory (default bench/instances)")
    ap.add_argument("--quick", action="store_true", help="only the --quick subset")
    ap.add_argument("--family", action="append", help="only this family (repeatable)")
    ap.add_argument("--list", action="store_true", help="list the instances, write nothing")
    a = ap.parse_args()
    if a.list:
        for d in suite():
            if (a.quick and not d["quick"]) or (a.family and d["family"] not in a.family):
                continue
            if d.get("optin") and not a.family:
                continue
            print("%-15s %-22s %s" % (d["family"], d["name"], d["kind"]))
        return
    insts = generate(a.out, a.quick, a.family)
    print("%d instances in %s" % (len(insts), a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
