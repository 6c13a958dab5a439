#!/usr/bin/env bash
# Stop what .ci/slurm-up.sh DIR started: slurmctld and the slurmd daemons by their recorded pids, and munged only
# when slurm-up started it. Matches no process names. Bounded: TERM, up to 10 s each, then KILL.
#   usage: .ci/slurm-down.sh DIR
set -u
[ -n "${1:-}" ] && [ -d "$1" ] || { echo "slurm-down: usage: slurm-down.sh DIR" >&2; exit 0; }
D=$(realpath "$1")
P=$(cat "$D"/slurmctld.pid "$D"/slurmd-*.pid 2>/dev/null | tr '\n' ' ')
stop() {
    local p live=
    for p in "$@"; do kill -0 "$p" 2>/dev/null && live="$live $p"; done
    [ -n "$live" ] || return 0
    kill -TERM $live 2>/dev/null
    for p in $live; do
        for _ in $(seq 1 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$p" 2>/dev/null && { echo "slurm-down: pid $p still up after 10 s; KILL" >&2; kill -KILL "$p" 2>/dev/null; }
    done
    return 0
}
stop $P
rm -f "$D"/slurmctld.pid "$D"/slurmd-*.pid
if [ -f "$D/munged.started" ]; then
    stop $(cat "$D/munged.started")
    rm -f "$D/munged.started"
fi
exit 0
