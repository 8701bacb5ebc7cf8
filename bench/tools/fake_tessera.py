#!/usr/bin/env python3
"""A stand-in for the tessera CLI, built on the baselines, to test run.py
while tessera itself is being written:

    python3 bench/run.py --tessera "python3 bench/tools/fake_tessera.py" --quick

It accepts the command lines of run.py's TESSERA table and prints one JSON
line {"type":"case", "solutions":N, "stats":{"nodes":N}} (exit 0 found, 1 none).
"""
import json
import os
import subprocess
import sys

BIN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "baselines", "target", "release")


def main():
    a = sys.argv[1:]
    if a == ["--version"]:
        print("fake-tessera 0")
        return 0
    sub, rest = a[0], a[1:]
    flags = {x for x in rest if x.startswith("--")}
    if sub == "pack":
        board = rest[rest.index("--board") + 1]
        cmd = [os.path.join(BIN, "bitpack"), board] + (["--unique"] if "--unique" in flags else [])
    else:
        f = [x for x in rest if not x.startswith("-") and os.path.exists(x)][0]
        name = "seed-tetravex" if sub == "tetravex" else "seed-edges"
        cmd = [os.path.join(BIN, name), f]
        cmd += [x for x in ("--count", "--rotate") if x in flags]
        if "--border" in rest:
            cmd += ["--border", rest[rest.index("--border") + 1]]
    p = subprocess.run(cmd, capture_output=True, text=True)
    nodes = int(p.stderr.split("nodes=")[1].split()[0])
    if sub == "pack":
        sols = int(p.stdout.split()[0])
    else:
        sols = int(p.stderr.split("solutions=")[1].split()[0])
    print(json.dumps({"type": "case", "index": 1, "solutions": sols, "stats": {"nodes": nodes}}))
    return 0 if sols > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
