"""Where cargo puts the release binaries the bench runs.

The repository's `.cargo/config.toml` names the host's own target
(`build.target = "host-tuple"`, for the static link on Linux), so cargo
writes `target/<host tuple>/release/NAME` (x86-64 Linux:
`target/x86_64-unknown-linux-gnu/release/tessera`) instead of
`target/release/NAME`. A build started outside the repository (cargo reads
the configuration of the directory it runs in) lands in the second place;
both are looked at. `CARGO_TARGET_DIR` is honoured for tessera's own
target directory.
"""

import functools
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


@functools.lru_cache(maxsize=None)
def host_tuple():
    """The host's target tuple, as rustc names it (`rustc -vV`)."""
    try:
        out = subprocess.run(["rustc", "-vV"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    for line in out.splitlines():
        if line.startswith("host: "):
            return line[len("host: "):].strip()
    return None


def release_binary(name, project=REPO):
    """The path of release binary `name` of the cargo project in `project`:
    the first of `target/<host tuple>/release` and `target/release` that
    holds it, else the first (where a build from the repository puts it)."""
    target = os.path.join(project, "target")
    if project == REPO:
        target = os.environ.get("CARGO_TARGET_DIR", target)
    dirs = [os.path.join(target, "release")]
    if host_tuple():
        dirs.insert(0, os.path.join(target, host_tuple(), "release"))
    for d in dirs:
        if os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    return os.path.join(dirs[0], name)
