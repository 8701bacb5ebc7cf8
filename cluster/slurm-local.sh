#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for tessera's cluster tests.
#
#   cluster/slurm-local.sh start    install (if missing), configure, start; idempotent
#   cluster/slurm-local.sh stop     stop every daemon by its own pid; idempotent
#   cluster/slurm-local.sh status   exit 0 when the cluster answers
#   cluster/slurm-local.sh env      the line to eval for the clients: export SLURM_CONF=...
#
# Everything (config, state, logs, sockets, pid files) lives in one
# directory, $TESSERA_SLURM_DIR (default /tmp/tessera-slurm), so the cluster
# touches nothing of the machine's own Slurm or munge. The daemons run as
# root (root is who runs CI here); the node is this machine, declared with
# its real CPU count, so a job array runs `nproc` one-CPU tasks at once.
#
# Why these settings: `proctrack/linuxproc` and `task/none` need no cgroup
# hierarchy (containers seldom give one); `select/cons_tres` with
# `CR_CPU` hands out single CPUs, which is what `--cpus-per-task` asks for.
set -euo pipefail

DIR=${TESSERA_SLURM_DIR:-/tmp/tessera-slurm}
CONF=$DIR/slurm.conf
SOCKET=$DIR/munge/munge.socket

log() { echo "slurm-local: $*" >&2; }

install_packages() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null \
        && command -v sbatch >/dev/null; then
        return
    fi
    log "installing slurm-wlm and munge from the distribution's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq slurm-wlm munge >/dev/null
}

# The pid in FILE, if that process is alive.
alive_pid() {
    local file=$1 pid
    [ -s "$file" ] || return 1
    pid=$(cat "$file")
    kill -0 "$pid" 2>/dev/null || return 1
    echo "$pid"
}

write_config() {
    mkdir -p "$DIR"/{munge,state,spool,log}
    chmod 700 "$DIR/munge"
    if [ ! -s "$DIR/munge/munge.key" ]; then
        dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 status=none
        chmod 400 "$DIR/munge/munge.key"
    fi
    local cpus mem host
    cpus=$(nproc)
    # Slurm wants MiB; leave a little for the rest of the machine.
    mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
    host=$(hostname -s)
    cat >"$CONF" <<EOF
ClusterName=tessera-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$SOCKET
CredType=cred/munge
SlurmctldPort=$((${TESSERA_SLURM_PORT:-16817}))
SlurmdPort=$((${TESSERA_SLURM_PORT:-16817} + 1))
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
KillWait=5
MinJobAge=300
SchedulerParameters=sched_interval=1
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
    install_packages
    if status >/dev/null 2>&1; then
        log "already running ($DIR)"
        return
    fi
    stop_daemons quiet
    write_config
    if ! alive_pid "$DIR/munge/munged.pid" >/dev/null; then
        munged --key-file="$DIR/munge/munge.key" --socket="$SOCKET" --pid-file="$DIR/munge/munged.pid" \
            --log-file="$DIR/log/munged.log" --seed-file="$DIR/munge/munged.seed" --force
    fi
    export SLURM_CONF=$CONF
    # -i: ignore state left by an earlier run of this directory.
    slurmctld -f "$CONF" -i
    slurmd -f "$CONF"
    local i
    for i in $(seq 100); do
        if status >/dev/null 2>&1; then
            log "up: $(sinfo -h -o '%N %c CPUs %t')"
            return
        fi
        sleep 0.2
    done
    log "the cluster did not come up; logs in $DIR/log:"
    tail -n 20 "$DIR"/log/*.log >&2 || true
    exit 1
}

# Stops slurmd, slurmctld and munged by the pids they wrote, waiting for each.
stop_daemons() {
    local quiet=${1:-} name file pid i
    for name in slurmd slurmctld munge/munged; do
        file=$DIR/$name.pid
        if pid=$(alive_pid "$file"); then
            kill "$pid" 2>/dev/null || true
            for i in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -9 "$pid" 2>/dev/null || true
            [ -n "$quiet" ] || log "stopped ${name#munge/} (pid $pid)"
        fi
        rm -f "$file"
    done
}

status() {
    [ -f "$CONF" ] || return 1
    alive_pid "$DIR/slurmctld.pid" >/dev/null || return 1
    alive_pid "$DIR/slurmd.pid" >/dev/null || return 1
    local state
    state=$(SLURM_CONF=$CONF sinfo -h -o '%t' 2>/dev/null) || return 1
    case "$state" in
        idle* | mix* | alloc*) echo "$state" ;;
        *) return 1 ;;
    esac
}

case "${1:-}" in
    start) start ;;
    stop) stop_daemons ;;
    status) status ;;
    env) echo "export SLURM_CONF=$CONF" ;;
    *)
        echo "usage: $0 start|stop|status|env" >&2
        exit 2
        ;;
esac
