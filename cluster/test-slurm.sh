#!/usr/bin/env bash
# The Slurm recipes of docs/cluster.md, run as written on a one-node cluster
# (cluster/slurm-local.sh), and the faults a cluster run meets: a cancelled
# task, a task killed mid-run, a record of another split or puzzle, and a
# first-solution array that ends when one shard finds the answer.
#
#   cluster/test-slurm.sh            uses the debug build of `cargo test`
#                                    (target/<host tuple>/debug/tessera)
#   TESSERA=/path/to/tessera cluster/test-slurm.sh
#
# The recipe's files and commands are copied out of docs/cluster.md (the
# fenced block after each `<!-- slurm-test: ... -->` line), so the doc and
# this test cannot drift. Ends with `N passed, M failed`; exit 1 if any failed.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
# The repository's .cargo/config.toml names the host's target, so cargo
# builds into target/<host tuple>/; a build made without it, into target/.
host=$(rustc -vV 2>/dev/null | sed -n 's/^host: //p')
built=$repo/target/$host/debug/tessera
[ -n "$host" ] && [ -x "$built" ] || built=$repo/target/debug/tessera
tessera=${TESSERA:-$built}
doc=$repo/docs/cluster.md
[ -x "$tessera" ] || { echo "test-slurm: no tessera binary at $tessera (run cargo test or set TESSERA)" >&2; exit 2; }

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $*"; }
fail() { failed=$((failed + 1)); echo "FAIL - $*"; }
check() { # check DESCRIPTION COMMAND...: passes when the command succeeds
    local what=$1
    shift
    if "$@"; then ok "$what"; else fail "$what"; fi
}

# The fenced block after `<!-- slurm-test: KIND NAME -->` in the doc.
block() {
    awk -v want="<!-- slurm-test: $1 -->" '
        $0 == want { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }
    ' "$doc"
}

# Waits until no task of job $1 is left in the queue (at most $2 seconds).
wait_job() {
    local job=$1 limit=$2 t
    for t in $(seq $((limit * 5))); do
        [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && return 0
        sleep 0.2
    done
    echo "test-slurm: job $job still queued after $limit s" >&2
    return 1
}

bash "$repo/cluster/slurm-local.sh" start || exit 1
trap 'bash "$repo/cluster/slurm-local.sh" stop' EXIT
eval "$(bash "$repo/cluster/slurm-local.sh" env)"
work=$(mktemp -d /tmp/tessera-slurm-test.XXXXXX)
mkdir -p "$work/bin"
ln -s "$tessera" "$work/bin/tessera"
export PATH=$work/bin:$PATH
cd "$work"
started=$SECONDS

for b in "file shard.sbatch" "run count" "output count" "run resubmit" "file planned.sbatch" "run planned" \
    "output planned" "file first.sbatch" "run first"; do
    [ -n "$(block "$b")" ] || fail "docs/cluster.md has the block '$b'"
done
block "file shard.sbatch" >shard.sbatch
block "file first.sbatch" >first.sbatch
block "run count" >count.sh
block "run resubmit" >resubmit.sh
block "file planned.sbatch" >planned.sbatch
block "run planned" >planned.sh
block "run first" >first.sh
expected=$(block "output count")
alone=$(tessera pack --set pentominoes --board 6x10 --count --threads 1 | tail -n 1)

# 1. The count recipe, verbatim: the merged count is the doc's, and the
#    one-machine count.
out=$(bash -e count.sh)
check "the count recipe prints what docs/cluster.md shows" [ "$out" = "$expected" ]
check "the merged count is the one-machine count ($alone)" grep -qF ", ${alone% solutions} solutions (16 of 16" <<<"$out"

# 1b. The plan-file recipe, verbatim: a plan job, then the array once it
#     has written the plan; the same count. Records of the plan and of
#     shards that planned for themselves are not added up.
out=$(bash -e planned.sh)
check "the plan-file recipe prints what docs/cluster.md shows" [ "$out" = "$(block "output planned")" ]
check "the plan-file recipe's count is the one-machine count" grep -qF ", ${alone% solutions} solutions (16 of 16" <<<"$out"
check "the plan job wrote its table" grep -q '^shard' logs/plan.out
check "every planned shard names the plan" \
    bash -c 'for f in shards/planned-*.json; do grep -q "\"plan\":\"" $f || exit 1; done'
tessera merge shards/planned-*.json shards/shard-3.json >/dev/null 2>merge.err
check "a planned shard and a self-planned one: merge exits 2" [ $? = 2 ]
check "a planned shard and a self-planned one: merge says so" grep -q 'plan' merge.err

# 1c. A plan job that fails (here: its plan file cannot be written)
#     cancels the array it holds (`--kill-on-invalid-dep=yes`): nothing
#     waits for ever, no shard runs without the plan.
rm -f shards/planned-*.json plan.json
sed 's|--plan-out plan.json|--plan-out /nonexistent/plan.json|' planned.sh >planned-bad.sh
timeout 120 bash -e planned-bad.sh >/dev/null 2>&1
code=$?
check "a failed plan job: the recipe ends (not held for ever) with a failure" \
    bash -c "[ $code != 0 ] && [ $code != 124 ]"
check "a failed plan job: no shard ran" bash -c '! ls shards/planned-*.json 2>/dev/null | grep -q .'

# 2. One task cancelled: merge names the missing shard and exits 3; the
#    doc's resubmission of that task completes the count.
rm -rf shards logs && mkdir -p shards logs
job=$(sbatch --parsable shard.sbatch)
scancel "${job}_5"
wait_job "$job" 120
: >shards/shard-5.json # a cancelled task may leave its redirection's empty file, or none
tessera merge shards/shard-*.json >merge.out 2>merge.err
code=$?
check "a cancelled task: merge exits 3" [ "$code" = 3 ]
check "a cancelled task: merge names shard 5 as missing" grep -qE 'shard 5 of 16 missing' merge.err
check "a cancelled task: no exact count is claimed" grep -qv '16 of 16' merge.out
out=$(bash -e resubmit.sh)
check "resubmitting the cancelled task completes the count" [ "$out" = "$expected" ]

# 3. Records of another split or another puzzle are refused (exit 2).
sbatch --quiet --wait --wrap "tessera pack --set pentominoes --board 6x10 --count --json --threads 1 --shard 1/8 > other-split.json"
sbatch --quiet --wait --wrap "tessera pack --set pentominoes --board 5x12 --count --json --threads 1 --shard 1/16 > other-puzzle.json"
tessera merge shards/shard-*.json other-split.json >/dev/null 2>merge.err
check "a record of another split: merge exits 2" [ $? = 2 ]
check "a record of another split: merge says so" grep -q 'split into 8' merge.err
tessera merge shards/shard-*.json other-puzzle.json >/dev/null 2>merge.err
check "a record of another puzzle: merge exits 2" [ $? = 2 ]
check "a record of another puzzle: merge says so" grep -q 'another puzzle' merge.err

# 4. Tasks killed mid-run (scancel sends SIGTERM, then SIGKILL): each
#    shard leaves a partial record or none, and merge never reports an
#    exact count.
rm -rf shards logs && mkdir -p shards logs
cp "$repo/tests/data/cluster/slow-7x7.txt" puzzle.txt # its count shards run for minutes
sed -e 's/tessera pack --set pentominoes --board 6x10/tessera tetravex puzzle.txt/' \
    -e 's/--array=1-16/--array=1-2/' shard.sbatch >slow.sbatch
job=$(sbatch --parsable slow.sbatch)
# Both tasks' tessera processes are searching (a task cancelled before its
# tessera started leaves an empty file, which merge would also report).
for t in $(seq 300); do
    [ "$(pgrep -fc 'tessera tetravex puzzle.txt --count')" = 2 ] && break
    sleep 0.1
done
sleep 1
scancel "$job"
wait_job "$job" 60
tessera merge shards/shard-*.json >merge.out 2>merge.err
code=$?
check "tasks killed mid-run: merge exits 3" [ "$code" = 3 ]
check "tasks killed mid-run: the count is a lower bound, not exact" \
    bash -c '! grep -qE "[0-9]+ solutions? \(" merge.out || grep -q "at least" merge.out'
check "tasks killed mid-run: each wrote a partial record (SIGTERM stops tessera like Ctrl-C)" \
    bash -c 'for f in shards/shard-1.json shards/shard-2.json; do grep -q "\"complete\":false" $f || exit 1; done'

# 5. First answer wins: the shard that finds the solution cancels the
#    array; the others end early and merge reports the case solved.
rm -rf shards logs
cp "$repo/tests/data/cluster/first-7x7.txt" puzzle.txt
t0=$SECONDS
bash -e first.sh >merge.out 2>merge.err
code=$?
took=$((SECONDS - t0))
check "first answer wins: merge exits 0" [ "$code" = 0 ]
check "first answer wins: merge says solvable" grep -q '^Case 1: solvable' merge.out
check "first answer wins: shard 8 holds the solution (as docs/cluster.md says)" \
    grep -q '"status":"solvable"' shards/first-8.json
records=$(cat shards/first-*.json 2>/dev/null | grep -c '"type":"case"')
check "first answer wins: the tasks after it never ran ($records of 16 records)" [ "$records" -le 9 ]
echo "# first answer wins: the array ended after ${took} s"

echo "# the cluster tests took $((SECONDS - started)) s (work in $work)"
echo "$passed passed, $failed failed"
cd /
[ "$failed" = 0 ] && rm -rf "$work"
[ "$failed" = 0 ]
