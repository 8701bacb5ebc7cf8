#!/usr/bin/env python3
"""Benchmark tessera side by side with baseline solvers (standard library only).

    python3 bench/run.py                 # full run (about 15 min on 2 cores)
    python3 bench/run.py --quick         # small subset, about 1 min
    python3 bench/run.py --family pack --reps 5 --out bench/results/pack.md

Steps: build tessera (cargo build --release) and the baselines (bench/baselines),
generate the instances (bench/gen.py, fixed seeds), then for every instance run
tessera and its baseline(s) interleaved -- tessera, baseline, tessera,
baseline, ... -- R times each, and print a Markdown table of median wall times.

Rules that keep the run short:
  * a run that exceeds --timeout is killed and shown as `>T s`; a solver that
    timed out on an instance is not run again on it;
  * instances of a family may form a ladder (`chain` in gen.py, easy to hard):
    after a solver timed out on one rung it is not run on the later ones
    (shown as `skipped`);
  * once a solver has spent --rep-budget seconds on an instance, its
    remaining repetitions are dropped (the table then shows n=<runs>).
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen  # noqa: E402
import paths  # noqa: E402

# --------------------------------------------------------------------------
# How tessera is called, per instance kind. {file} and {board} are filled in;
# `count`, `unique` and `threads` are appended when the instance asks for them.
TESSERA = {
    "tetravex": ["tetravex", "{file}", "--json"],
    "eternity": ["tetravex", "{file}", "--rotate", "--border", "0", "--json"],
    "edges": ["edges", "{file}", "--json"],
    "pack": ["pack", "--set", "pentominoes", "--board", "{board}", "--json"],
    "pack-file": ["pack", "{file}", "--json"],
    "tetravex-rot": ["tetravex", "{file}", "--rotate", "--json"],
    # The big boards are timed against the square scan, which prints the
    # judge's answer and its node count on stderr: tessera too, in the same
    # form (its judge answer and `--stats`), so that neither side pays for
    # output the other does not write (a 32x32 solution in JSON is 60 KB,
    # about 0.15 ms). Their solutions are checked by the test suite.
    "tetravex-big": ["tetravex", "{file}", "--stats"],
    "eternity-big": ["tetravex", "{file}", "--rotate", "--border", "0", "--stats"],
}
# The `count-scale` family's baseline is tessera itself with the memo off
# (instances with `memo_off`): its row shows what the memo choice gains.
TESSERA_MEMO_OFF = ["--memo", "off"]
TESSERA_COUNT = ["--count"]          # counting runs
TESSERA_UNIQUE = ["--unique"]        # count up to symmetry (pack)
TESSERA_THREADS = ["--threads", "{threads}"]  # 1 everywhere except *-threads families

# Baselines (bench/baselines, built in release mode). Pack instances get one
# row per baseline.
BASELINE_DIR = os.path.join(HERE, "baselines")
BASELINES = {
    "tetravex": [("seed-tetravex", ["{file}"])],
    "eternity": [("seed-tetravex", ["--rotate", "--border", "0", "{file}"])],
    "tetravex-rot": [("seed-tetravex", ["--rotate", "{file}"])],
    "tetravex-big": [("square-scan", ["{file}"])],
    "eternity-big": [("square-scan", ["--rotate", "--border", "0", "{file}"])],
    "edges": [("seed-edges", ["{file}"])],
    "pack": [("bitpack", ["{board}"]), ("dlx", ["{board}"])],
}
BASELINE_COUNT = {"square-scan": ["--count"], "seed-tetravex": ["--count"], "seed-edges": ["--count"], "bitpack": [], "dlx": []}
BASELINE_UNIQUE = ["--unique"]
# --------------------------------------------------------------------------


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def fill(args, inst, nthreads):
    vals = {"file": inst.get("file") or "", "board": inst.get("board") or "",
            "threads": str(nthreads)}
    return [a.format(**vals) for a in args]


def tessera_cmd(tessera, inst, nthreads):
    args = list(TESSERA[inst["kind"]])
    if inst["count"]:
        args += TESSERA_COUNT
    if inst["unique"]:
        args += TESSERA_UNIQUE
    threads = inst.get("threads", 1)
    if threads == "all":
        threads = nthreads
    args += TESSERA_THREADS
    return tessera + fill(args, inst, threads)


def baseline_cmds(inst):
    out = []
    if inst.get("tessera_baseline"):
        return out  # tessera itself with other options (see main)
    if inst.get("memo_off"):
        return out
    for name, args in BASELINES[inst["kind"]]:
        if inst.get("baselines") and name not in inst["baselines"]:
            continue
        a = list(args)
        if inst["count"]:
            a = BASELINE_COUNT[name] + a
        if inst["unique"]:
            a = a + BASELINE_UNIQUE
        out.append((name, [paths.release_binary(name, BASELINE_DIR)] + fill(a, inst, 1)))
    return out


# ------------------------------------------------------------------ running

class Run:
    """One timed process run."""

    def __init__(self, wall, rc, out, err, timed_out, cpu):
        self.wall, self.rc, self.out, self.err = wall, rc, out, err
        self.timed_out, self.cpu = timed_out, cpu


def run_once(cmd, timeout):
    ru0 = os.times()
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    except OSError as e:
        return Run(0.0, -1, "", str(e), False, 0.0)
    try:
        out, err = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        timed_out = True
    wall = time.perf_counter() - t0
    ru1 = os.times()
    cpu = (ru1.children_user - ru0.children_user) + (ru1.children_system - ru0.children_system)
    return Run(wall, p.returncode, out, err, timed_out, cpu)


def tessera_case_record(stdout):
    """The first JSON line with "type": "case" (flat, or in a "data" envelope)."""
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("type") == "case":
            data = obj.get("data")
            if isinstance(data, dict) and "stats" not in obj:
                merged = dict(data)
                merged.setdefault("type", "case")
                return merged
            return obj
    return None


def tessera_nodes(rec, stderr=""):
    """Nodes from the JSON case record, or else from `--stats` on stderr
    (`case 1: 328 nodes, ...`)."""
    try:
        n = rec["stats"]["nodes"]
        return int(n)
    except (KeyError, TypeError, ValueError):
        pass
    m = re.search(r"^case 1: ([0-9]+) nodes", stderr or "", re.M)
    return int(m.group(1)) if m else None


COUNT_KEYS = ("solutions", "count", "solution_count", "num_solutions", "nsolutions")
BOOL_KEYS = ("solvable", "possible", "solved", "found", "satisfiable")
TEXT_KEYS = ("verdict", "answer", "result", "status", "outcome")


def tessera_answer(inst, run, rec):
    """Normalise tessera's answer to the baseline's vocabulary (or None)."""
    kind = inst["kind"]
    yes, no = ("YES", "NO") if kind == "edges" else ("Possible", "Impossible")
    if rec is not None:
        places = [rec] + [rec[k] for k in ("stats", "summary", "result") if isinstance(rec.get(k), dict)]
        if inst["count"] or kind == "pack":
            for d in places:
                for k in COUNT_KEYS:
                    if isinstance(d.get(k), int) and not isinstance(d.get(k), bool):
                        return str(d[k])
            return None
        for d in places:
            for k in BOOL_KEYS:
                if isinstance(d.get(k), bool):
                    return yes if d[k] else no
            for k in TEXT_KEYS:
                v = d.get(k)
                if isinstance(v, str):
                    lv = v.lower()
                    if lv in ("possible", "yes", "solved", "sat", "found", "solvable"):
                        return yes
                    if lv in ("impossible", "no", "unsolvable", "unsat", "none", "no_solution",
                              "no-solution"):
                        return no
            for k in COUNT_KEYS:
                v = d.get(k)
                if isinstance(v, int) and not isinstance(v, bool):
                    return yes if v > 0 else no
    if not (inst["count"] or kind == "pack"):
        # grep-style exit codes: 0 found, 1 proved unsolvable
        if run.rc == 0:
            return yes
        if run.rc == 1:
            return no
    return None


def baseline_nodes(run):
    for tok in run.err.split():
        if tok.startswith("nodes="):
            try:
                return int(tok[6:])
            except ValueError:
                return None
    return None


def baseline_answer(inst, run):
    text = run.out.strip()
    if inst["count"] or inst["kind"] == "pack":
        if inst["kind"] == "pack":
            return text.splitlines()[0] if text else None
        for tok in run.err.split():
            if tok.startswith("solutions="):
                return tok[10:]
        return None
    if inst["kind"] == "edges":
        return text.splitlines()[0] if text else None
    return text.split(": ", 1)[1] if ": " in text else None


class Solver:
    """Results of one solver on one instance."""

    def __init__(self, label, cmd, is_tessera):
        self.label, self.cmd, self.is_tessera = label, cmd, is_tessera
        self.runs = []
        self.skipped = None  # reason
        self.timed_out = False
        self.error = None
        self.nodes = None
        self.answer = None

    def active(self, budget):
        if self.skipped or self.timed_out or self.error:
            return False
        return sum(r.wall for r in self.runs) < budget or not self.runs

    def median(self):
        ok = [r.wall for r in self.runs if not r.timed_out]
        return statistics.median(ok) if ok else None

    def cpu_median(self):
        ok = [r.cpu for r in self.runs if not r.timed_out]
        return statistics.median(ok) if ok else None


def measure(inst, solvers, reps, timeout, budget):
    for _rep in range(reps):
        for s in solvers:
            if not s.active(budget):
                continue
            r = run_once(s.cmd, timeout)
            if r.timed_out:
                s.timed_out = True
                continue
            ok_rc = (0, 1) if s.is_tessera else (0,)
            if r.rc not in ok_rc:
                first = (r.err.strip().splitlines() or ["exit %s" % r.rc])[0]
                s.error = "exit %s: %s" % (r.rc, first[:200])
                continue
            s.runs.append(r)
            if s.is_tessera:
                rec = tessera_case_record(r.out)
                s.nodes = tessera_nodes(rec, r.err)
                s.answer = tessera_answer(inst, r, rec)
            else:
                s.nodes = baseline_nodes(r)
                s.answer = baseline_answer(inst, r)


# ------------------------------------------------------------------ formatting

def worst_time(s, timeout):
    """(seconds, timed out) of a solver's run on one instance, or None."""
    if s is None or s.skipped:
        return None
    if s.timed_out:
        return (timeout, True)
    m = s.median()
    return None if m is None else (m, False)


def fmt_time(t):
    if t is None:
        return "?"
    if t < 1.0:
        return "%.1f ms" % (t * 1000) if t < 0.1 else "%.0f ms" % (t * 1000)
    return "%.2f s" % t if t < 10 else "%.1f s" % t


def fmt_solver_time(s, reps, timeout):
    if s is None:
        return "n/a"
    if s.skipped:
        return "skipped"
    if s.error:
        return "error"
    m = s.median()
    if m is None:
        return ">%g s" % timeout if s.timed_out else "?"
    txt = fmt_time(m)
    if len(s.runs) < reps:
        txt += " (n=%d)" % len(s.runs)
    return txt


def fmt_ratio(t, b, timeout):
    tm = t.median() if t else None
    bm = b.median()
    if tm is not None and bm is not None and bm > 0:
        r = tm / bm
        return ("%.3f" % r) if r < 0.1 else ("%.2f" % r) if r < 10 else ("%.1f" % r)
    if tm is not None and b.timed_out:
        return "<%.3g" % (tm / timeout)
    if t is not None and t.timed_out and bm is not None:
        return ">%.3g" % (timeout / bm)
    return "—"


def fmt_nodes(s):
    if s is None or s.skipped:
        return "—"
    if s.nodes is None:
        return "?" if s.runs else "—"
    return "{:,}".format(s.nodes)


def check(inst, t, b):
    want = b.answer if b.answer is not None else inst.get("expect")
    known = b.answer if b.answer is not None else (
        "%s (planted)" % want if want is not None else "?")
    if t is None or not t.runs:
        return known
    got = t.answer
    if got is None:
        return "tessera ?, expected %s" % known
    if want is None:
        return got
    return ("%s ✓" % got) if got == want else ("**MISMATCH** tessera %s, expected %s" % (got, want))


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s cores, %s, %s %s" % (os.cpu_count(), model, platform.system(), platform.release())


def loadavg():
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "?"


def git_rev():
    try:
        p = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, timeout=10)
        rev = p.stdout.strip()
        d = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, timeout=10)
        return rev + ("+dirty" if d.stdout.strip() else "") if rev else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def rows_first_baseline(rows, inst):
    for i, _t, b in rows:
        if i is inst:
            return b
    return None


def render(rows, args, meta):
    lines = []
    lines.append("# tessera benchmark")
    lines.append("")
    lines.append("- date: %s" % meta["date"])
    lines.append("- machine: %s" % meta["machine"])
    lines.append("- load average (1 min) at start / end: %s / %s" % (meta["load_start"], meta["load_end"]))
    lines.append("- command: `%s`" % meta["command"])
    lines.append("- tessera: `%s` (%s), commit %s" % (meta["tessera"], meta["tessera_version"], meta["rev"]))
    lines.append("- repetitions: %d, interleaved (tessera, baseline, tessera, ...); median wall time of "
                 "the whole process; timeout %g s per run; tessera runs with `--threads 1` "
                 "except in `*-threads` families" % (args.reps, args.timeout))
    lines.append("")
    lines.append("| family | instance | baseline | tessera | baseline time | ratio | tessera nodes | "
                 "baseline nodes | answer |")
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---|")
    for inst, t, b in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            inst["family"], inst["name"], b.label,
            fmt_solver_time(t, args.reps, args.timeout), fmt_solver_time(b, args.reps, args.timeout),
            fmt_ratio(t, b, args.timeout), fmt_nodes(t), fmt_nodes(b), check(inst, t, b)))
    lines.append("")
    # per family summary: geometric mean of the ratio where both finished
    fams = []
    for inst, t, b in rows:
        key = (inst["family"], b.label)
        if key not in fams:
            fams.append(key)
    summary = []
    for fam, bl in fams:
        rs = []
        for inst, t, b in rows:
            if (inst["family"], b.label) == (fam, bl) and t and t.median() and b.median():
                rs.append(t.median() / b.median())
        if rs:
            g = math.exp(sum(math.log(max(r, 1e-9)) for r in rs) / len(rs))
            summary.append("%s vs %s: %.3g (%d rows)" % (fam, bl, g, len(rs)))
    if summary:
        lines.append("Geometric mean of ratio (rows where both finished): " + "; ".join(summary) + ".")
        lines.append("")
    # per family: the worst and the median time of each solver (a timeout
    # counts as the timeout, shown as `>`): the worst case is the point.
    spread = []
    groups = []
    for inst, t, b in rows:
        key = (inst.get("group") or inst["family"], b.label)
        if key not in groups:
            groups.append(key)
    for fam, bl in groups:
        frows = [(t, b) for inst, t, b in rows if (inst.get("group") or inst["family"], b.label) == (fam, bl)]
        parts = []
        for label, pick in (("tessera", lambda r: r[0]), (bl, lambda r: r[1])):
            times = [worst_time(pick(r), args.timeout) for r in frows if pick(r) is not None]
            times = [x for x in times if x is not None]
            if times:
                out = max(times, key=lambda x: x[0])
                parts.append("%s worst %s%s, median %s" % (
                    label, ">" if out[1] else "", fmt_time(out[0]),
                    fmt_time(statistics.median(x[0] for x in times))))
        if parts:
            spread.append("- %s (%d instances): %s" % (fam, len(frows), "; ".join(parts)))
    if spread:
        lines.append("Worst and median time per family or group (a timed-out run counts as the timeout):")
        lines.append("")
        lines.extend(spread)
        lines.append("")
    lines.append("ratio = tessera time / baseline time (below 1: tessera is faster); `<x` / `>x`: "
                 "bounds when one side timed out. `skipped`: not run, because the same solver "
                 "timed out on an easier instance of the family. `(n=k)`: fewer repetitions "
                 "(the solver used up its time budget of %g s on the instance). Nodes: tessera's "
                 "`stats.nodes` from its JSON case record (on the big boards from `--stats`, "
                 "where tessera writes the judge's answer as the scan does), the baselines' placements (seed "
                 "methods, bitpack) or rows chosen (dlx). Answer: tessera's answer, ✓ when it "
                 "agrees with the baseline (or the planted answer when the baseline timed out); "
                 "when tessera gave no answer, the known answer alone."
                 % args.rep_budget)
    errs = [(inst, s) for inst, t, b in rows for s in (t, b) if s is not None and s.error]
    if errs:
        lines.append("")
        lines.append("Errors:")
        seen = set()
        for inst, s in errs:
            key = (inst["name"], s.label)
            if key in seen:
                continue
            seen.add(key)
            lines.append("- %s / %s (%s): %s — `%s`" % (inst["family"], inst["name"], s.label, s.error,
                                                       " ".join(shlex.quote(c) for c in s.cmd)))
    lines.append("")
    lines.append("tessera command lines used:")
    lines.append("")
    for inst, t, b in rows:
        if t is not None and not t.skipped and b is rows_first_baseline(rows, inst):
            lines.append("- `%s`" % " ".join(shlex.quote(os.path.relpath(c, REPO) if os.path.isabs(c)
                                                         and c.startswith(REPO) else c)
                                             for c in t.cmd))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ main

def build_tessera():
    log("building tessera (cargo build --release) ...")
    p = subprocess.run(["cargo", "build", "--release", "--manifest-path", os.path.join(REPO, "Cargo.toml")],
                       cwd=REPO)
    if p.returncode != 0:
        log("run.py: building tessera failed (use --tessera PATH or --baselines-only)")
        sys.exit(2)
    return [paths.release_binary("tessera")]


def build_baselines():
    log("building baselines (bench/baselines) ...")
    p = subprocess.run(["cargo", "build", "--release", "--manifest-path",
                        os.path.join(BASELINE_DIR, "Cargo.toml")], cwd=REPO)
    if p.returncode != 0:
        log("run.py: building the baselines failed")
        sys.exit(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a small subset (about 1 minute)")
    ap.add_argument("--family", action="append", metavar="NAME",
                    help="only this family (repeatable); see bench/gen.py --list")
    ap.add_argument("--instance", action="append", metavar="NAME", help="only instances with this name")
    ap.add_argument("--reps", type=int, default=3, help="repetitions per solver (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    ap.add_argument("--rep-budget", type=float, default=20.0,
                    help="stop repeating a solver on an instance after this many seconds (default 20)")
    ap.add_argument("--out", metavar="FILE", help="also write the table to FILE (and raw results to FILE.json)")
    ap.add_argument("--tessera", metavar="CMD",
                    help="tessera command to run instead of building it (e.g. /tmp/tessera-before)")
    ap.add_argument("--baselines-only", action="store_true", help="do not build or run tessera")
    ap.add_argument("--no-build", action="store_true", help="do not build the baselines either")
    ap.add_argument("--instances", default=gen.DEFAULT_OUT, metavar="DIR",
                    help="where to generate instances (default bench/instances)")
    args = ap.parse_args()
    started = time.time()
    load_start = loadavg()

    if args.family:
        known = {d["family"] for d in gen.suite()}
        bad = [f for f in args.family if f not in known]
        if bad:
            ap.error("unknown family %s (known: %s)" % (", ".join(bad), ", ".join(sorted(known))))

    if not args.no_build:
        build_baselines()
    tessera = None
    if not args.baselines_only:
        if args.tessera:
            tessera = shlex.split(args.tessera)
        elif args.no_build:
            tessera = [paths.release_binary("tessera")]
        else:
            tessera = build_tessera()
    version = "?"
    if tessera:
        try:
            p = subprocess.run(tessera + ["--version"], capture_output=True, text=True, timeout=20)
            version = p.stdout.strip() or "?"
        except (OSError, subprocess.SubprocessError):
            version = "not runnable"

    log("generating instances ...")
    insts = gen.generate(args.instances, quick=args.quick, families=args.family)
    if args.instance:
        insts = [d for d in insts if d["name"] in args.instance]
    nthreads = os.cpu_count() or 1

    rows = []
    chain_timeouts = {}  # (chain, solver label) -> instance name that timed out
    for i, inst in enumerate(insts):
        t = Solver("tessera", tessera_cmd(tessera, inst, nthreads), True) if tessera else None
        bs = [Solver(name, cmd, False) for name, cmd in baseline_cmds(inst)]
        if inst.get("tessera_baseline") and tessera:
            label, extra = inst["tessera_baseline"]
            bs = [Solver(label, tessera_cmd(tessera, inst, nthreads) + extra, True)]
        if inst.get("memo_off") and tessera:
            bs = [Solver("memo-off", tessera_cmd(tessera, inst, nthreads) + TESSERA_MEMO_OFF, True)]
        solvers = ([t] if t else []) + bs
        if inst.get("chain"):
            for s in solvers:
                hit = chain_timeouts.get((inst["chain"], s.label))
                if hit:
                    s.skipped = "timed out on %s" % hit
        log("[%d/%d] %s/%s ..." % (i + 1, len(insts), inst["family"], inst["name"]))
        measure(inst, solvers, args.reps, args.timeout, args.rep_budget)
        for s in solvers:
            if s.timed_out and inst.get("chain"):
                chain_timeouts.setdefault((inst["chain"], s.label), inst["name"])
            log("    %-13s %s%s" % (s.label, fmt_solver_time(s, args.reps, args.timeout),
                                     ("  " + s.error) if s.error else ""))
        for b in bs:
            rows.append((inst, t, b))

    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "command": " ".join(shlex.quote(a) for a in ["python3"] + sys.argv),
        "tessera": " ".join(tessera) if tessera else "not run",
        "tessera_version": version,
        "rev": git_rev(),
        "load_start": load_start,
        "load_end": loadavg(),
    }
    table = render(rows, args, meta)
    elapsed = time.time() - started
    print(table, end="")
    log("total %.0f s" % elapsed)
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as f:
            f.write(table)
        raw = {"meta": meta, "elapsed": elapsed, "reps": args.reps, "timeout": args.timeout, "rows": []}
        for inst, t, b in rows:
            entry = {"family": inst["family"], "instance": inst["name"], "baseline": b.label}
            for key, s in (("tessera", t), ("base", b)):
                if s is None:
                    continue
                entry[key] = {"cmd": s.cmd, "walls": [r.wall for r in s.runs],
                              "cpus": [r.cpu for r in s.runs], "median": s.median(),
                              "timed_out": s.timed_out, "skipped": s.skipped, "error": s.error,
                              "nodes": s.nodes, "answer": s.answer}
            raw["rows"].append(entry)
        with open(args.out + ".json", "w") as f:
            json.dump(raw, f, indent=1)
        log("wrote %s and %s.json" % (args.out, args.out))


if __name__ == "__main__":
    main()
