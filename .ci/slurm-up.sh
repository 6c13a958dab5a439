#!/usr/bin/env bash
# Start a throwaway Slurm on this machine: slurmctld plus NNODES emulated nodes (slurmd -N nX, all on 127.0.0.1),
# following shared/recipes/slurm-localhost.md (Debian 12, slurm-wlm 22.05, munge auth).
#
#   usage: .ci/slurm-up.sh [DIR [NNODES]]     DIR: state folder (default: a new mktemp dir); NNODES default 4
#
# On success the last line on stdout is SLURM_CONF=DIR/slurm.conf (all progress goes to stderr); the exit code is 0.
# Idempotent: run again with the same DIR while its daemons are up, it only checks them and prints the line.
# Installs slurm-wlm (which pulls munge) with apt-get when missing. Every step is bounded in time; only localhost.
# Stop with: .ci/slurm-down.sh DIR
set -euo pipefail
log() { echo "slurm-up: $*" >&2; }
die() { echo "slurm-up: $*" >&2; exit 1; }

N=${2:-4}
[ "$(id -u)" = 0 ] || die "needs root (slurmd runs jobs as root here)"

# --- install ---------------------------------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sinfo >/dev/null \
        || ! command -v munged >/dev/null; then
    command -v apt-get >/dev/null || die "slurm-wlm is not installed and there is no apt-get"
    log "installing slurm-wlm with apt-get"
    timeout 120 apt-get update -qq >&2 || die "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends slurm-wlm munge >&2 \
        || die "apt-get install slurm-wlm failed"
fi

# --- state folder ----------------------------------------------------------------------------------------------
if [ -n "${1:-}" ]; then mkdir -p "$1"; D=$(realpath "$1"); else D=$(mktemp -d /tmp/ncclscope-slurm.XXXXXX); fi
CONF=$D/slurm.conf
alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
nidle() { SLURM_CONF=$CONF timeout 10 sinfo -h -N -o %T 2>/dev/null | grep -c '^idle' || true; }

if [ -f "$CONF" ] && alive "$(cat "$D/slurmctld.pid" 2>/dev/null)" && [ "$(nidle)" = "$N" ]; then
    log "already up in $D"
    echo "SLURM_CONF=$CONF"
    exit 0
fi
# Left-overs of an earlier start in this folder: stop them (by recorded pid only) and start afresh.
if ls "$D"/slurmctld.pid "$D"/slurmd-*.pid >/dev/null 2>&1; then
    log "stopping an incomplete earlier start in $D"
    bash "$(dirname "$0")/slurm-down.sh" "$D" >&2 || true
fi

# --- munge -----------------------------------------------------------------------------------------------------
munge_ok() { timeout 10 munge -n 2>/dev/null | timeout 10 unmunge >/dev/null 2>&1; }
if ! munge_ok; then
    if [ ! -s /etc/munge/munge.key ]; then
        log "creating /etc/munge/munge.key"
        timeout 30 mungekey --create >&2 || die "mungekey failed"
        chown munge:munge /etc/munge/munge.key; chmod 0600 /etc/munge/munge.key
    fi
    log "starting munged"
    install -d -o munge -g munge -m 0755 /run/munge
    timeout 30 runuser -u munge -- /usr/sbin/munged </dev/null >"$D/munged.start.log" 2>&1 \
        || die "munged did not start: $(tail -n 3 "$D/munged.start.log" | tr '\n' ' ')"
    for _ in $(seq 1 50); do munge_ok && break; sleep 0.1; done
    munge_ok || die "munged is not answering"
    cp /run/munge/munged.pid "$D/munged.started"   # slurm-down stops it only because we started it
fi

# --- ports: the recipe's 6817 and 17001.. when free, else another free block (a concurrent CI run) ------------
busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }
free_range() { local p; for p in $(seq "$1" "$2"); do busy "$p" && return 1; done; return 0; }
PORT= NPORT=
for base in 6817 $(shuf -i 20000-29000 -n 20 2>/dev/null || echo 21817 23817 25817); do
    if [ "$base" = 6817 ]; then np=17001; else np=$((base + 1)); fi
    if free_range "$base" "$base" && free_range "$np" $((np + N - 1)); then PORT=$base NPORT=$np; break; fi
done
[ -n "$PORT" ] || die "no free TCP ports for slurmctld and $N slurmd"

# --- config ----------------------------------------------------------------------------------------------------
mkdir -p "$D"/{state,log}; for i in $(seq 1 "$N"); do mkdir -p "$D/spool/n$i"; done
cat > "$CONF" <<EOF
# Written by .ci/slurm-up.sh: $N emulated nodes on 127.0.0.1 (see shared/recipes/slurm-localhost.md).
ClusterName=ci
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
ReturnToService=2
SlurmctldPort=$PORT
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool/%n
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd-%n.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd-%n.log
NodeName=n[1-$N] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[$NPORT-$((NPORT + N - 1))] CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$CONF

# --- daemons (they daemonize; stdio away from the caller's pipes) ----------------------------------------------
log "starting slurmctld (port $PORT) and $N slurmd (ports $NPORT-$((NPORT + N - 1))) in $D"
timeout 30 slurmctld -f "$CONF" </dev/null >"$D/log/slurmctld.start.log" 2>&1 \
    || die "slurmctld did not start: $(tail -n 3 "$D/log/slurmctld.start.log" "$D/log/slurmctld.log" 2>/dev/null | tr '\n' ' ')"
for i in $(seq 1 "$N"); do
    timeout 30 slurmd -f "$CONF" -N "n$i" </dev/null >"$D/log/slurmd-n$i.start.log" 2>&1 \
        || die "slurmd n$i did not start: $(tail -n 3 "$D/log/slurmd-n$i.start.log" 2>/dev/null | tr '\n' ' ')"
done
for _ in $(seq 1 120); do                          # at most ~30 s (plus sinfo's own 10 s bound)
    if [ "$(nidle)" = "$N" ]; then
        log "$N nodes idle"
        echo "SLURM_CONF=$CONF"
        exit 0
    fi
    sleep 0.25
done
{ echo "slurm-up: slurm did not come up in 30 s"; SLURM_CONF=$CONF timeout 10 sinfo -N || true
  tail -n 20 "$D"/log/*.log || true; } >&2
bash "$(dirname "$0")/slurm-down.sh" "$D" >&2 || true
exit 1
