#!/usr/bin/env bash
# serve's start from the node bundle, step by step, for one bundle or two side by side (runs interleaved, so machine
# load hits both alike): the wall time to the first 200 of /q/health/ready; the CPU time the JVM's main thread spent
# until then (what a machine with idle cores waits for: the JIT's threads and serve's warm-up thread run beside it,
# and on a loaded machine this figure moves far less than the wall time); and Quarkus' slowest start steps, from its
# own timer (-Dquarkus.debug.print-startup-times=true). Needs no JDK and no curl (bash's /dev/tcp does).
#
#   benchmarks/serve-start.sh [--runs N] [--port P] BUNDLE [BUNDLE2]
#
# BUNDLE: an unpacked bundle folder (node-bundle/target/bundle/current). With two, the last line gives BUNDLE2's
# medians as ratios of BUNDLE's. Keep a bundle aside with its files' times (cp -a, or its tar.gz unpacked): the AOT
# cache records each jar's time and the JVM refuses it for a copy whose jars were re-stamped (cp -r), and a start
# without it took 2.5 to 3 times the main thread's CPU (940 against 330 to 370 ms, build machine, 2026-12-06). A bundle
# with a serve cache runs with -XX:AOTMode=on here, so such a copy stops with "Unable to use AOT cache" instead of
# being measured without it (NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=auto, which comes after, measures it anyway).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=7 port=18391
bundles=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "serve-start: unknown argument $1" >&2; exit 2 ;;
    *) bundles+=("$1"); shift ;;
  esac
done
[ "${#bundles[@]}" -ge 1 ] && [ "${#bundles[@]}" -le 2 ] || { echo "serve-start: give one or two bundle folders" >&2; exit 2; }
aot_on=()
for b in "${bundles[@]}"; do
  [ -x "$b/bin/ncclscope" ] || { echo "serve-start: no bin/ncclscope in $b" >&2; exit 2; }
  if [ -f "$b/lib/serve.aot" ]; then aot_on+=("-XX:AOTMode=on"); else aot_on+=(""); fi
done
# shellcheck source=load/http-ok.sh
source "$repo/benchmarks/load/http-ok.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tick_ms=$((1000 / $(getconf CLK_TCK)))
steps="HibernateValidatorProcessor.init SmallRyeOpenApiProcessor.prepareDocuments MicrometerProcessor.configureRegistry BannerProcessor.recordBanner"

# The JVM's main thread and the launcher's first thread both carry the name "java"; the first only waits.
main_cpu_ms() {
  local t sum=0
  for t in /proc/"$1"/task/*; do
    [ "$(cat "$t/comm" 2>/dev/null)" = java ] || continue
    sum=$((sum + $(awk '{print $14 + $15}' "$t/stat")))
  done
  echo $((sum * tick_ms))
}

for i in $(seq 1 "$runs"); do
  for v in "${!bundles[@]}"; do
    s=$(date +%s%N)
    NCCLSCOPE_JAVA_OPTS="-Dquarkus.debug.print-startup-times=true ${aot_on[$v]} ${NCCLSCOPE_JAVA_OPTS:-}" \
      "${bundles[$v]}/bin/ncclscope" serve --port "$port" >"$tmp/log" 2>&1 &
    pid=$!
    until http_ok "$port" /q/health/ready; do
      if ! kill -0 "$pid" 2>/dev/null; then
        cat "$tmp/log" >&2
        if grep -q "Unable to use AOT cache" "$tmp/log"; then
          echo "serve-start: the JVM refused ${bundles[$v]}/lib/serve.aot (jars re-stamped by a copy? cp -a keeps their times)" >&2
        fi
        echo "serve-start: serve exited" >&2
        exit 1
      fi
      sleep 0.005
    done
    e=$(date +%s%N)
    cpu="$(main_cpu_ms "$pid")"
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    line="$(( (e - s) / 1000000 )) $cpu"
    for st in $steps; do
      line="$line $(sed -n "s/.*Build step $st completed in: \([0-9]*\)ms.*/\1/p" "$tmp/log" | head -n 1)"
    done
    echo "$line" >> "$tmp/v$v"
  done
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }
col() { awk -v c="$2" '{print $c}' "$tmp/v$1" | median; }
echo "serve start, $runs runs each, interleaved; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %8s %8s %8s %8s %8s %8s  %s\n' "" "ready" "main CPU" "HV init" "OpenAPI" "metrics" "config" "bundle (medians, ms)"
for v in "${!bundles[@]}"; do
  printf '%-12s %8s %8s %8s %8s %8s %8s  %s\n' "bundle $((v + 1))" "$(col "$v" 1)" "$(col "$v" 2)" "$(col "$v" 3)" \
    "$(col "$v" 4)" "$(col "$v" 5)" "$(col "$v" 6)" "$(readlink -f "${bundles[$v]}")"
done
if [ "${#bundles[@]}" = 2 ]; then
  ratios=""
  for c in 1 2 3 4 5 6; do
    ratios="$ratios $(awk -v a="$(col 0 "$c")" -v b="$(col 1 "$c")" 'BEGIN {if (a > 0) printf "%8.2f", b / a; else printf "%8s", "-"}')"
  done
  printf '%-12s%s  %s\n' "2 / 1" "$ratios" "(ratios)"
fi
