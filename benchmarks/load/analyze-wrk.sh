#!/usr/bin/env bash
# Load run of POST /v1/analyze: starts the packaged service on loopback, warms it up, then wrk at 64 connections for
# a bounded time with a typical chat paste (a real NCCL error log of 8.8 KB from our H200 capture), and prints
# requests/s, p50/p99 latency, errors, and the service's RSS before, every few seconds during, and after the run.
#
#   bash benchmarks/load/analyze-wrk.sh                 # warm-up until the JIT is done, then 30 s at 64 connections
#   DURATION=60s CONNECTIONS=64 THREADS=2 bash benchmarks/load/analyze-wrk.sh
#   WARMUP=15s WARMUP_MAX=15s bash benchmarks/load/analyze-wrk.sh   (a fixed 15 s warm-up, as before: the JIT is still
#                                                                      compiling through the measured run)
#   PASTE=path/to/log JAVA_OPTS=-Xmx512m bash benchmarks/load/analyze-wrk.sh   (default -Xmx256m: a bounded heap
#                                                                               shows whether memory stays flat)
#
# The warm-up: WARMUP (default 15s) at 16 connections, then 10 s steps at CONNECTIONS until the JIT compiler threads
# used less than 5% of the service's CPU in a step, or WARMUP_MAX (default 300 s) in all. On 2 shared cores C2 keeps
# compiling for about two minutes of load (measured 2026-12-02: about 0.6 ms of compiler CPU per request after a
# 60 s warm-up, under 0.01 ms after 150 s), and the figures of a run before that say more about the JIT than about
# the service. The script prints the warm-up steps and the compiler's share of the measured run.
#
# Needs wrk (Debian: apt-get install -y wrk) and a JDK 17+. Builds the service if service/target/quarkus-app is missing.
# Exit code 0 when every request got a 200; 1 otherwise (errors are printed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
PORT="${PORT:-18090}"
DURATION="${DURATION:-30s}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
WARMUP="${WARMUP:-15s}"
WARMUP_MAX="${WARMUP_MAX:-300s}"
export PASTE="${PASTE:-$root/examples/captured/h200-1gpu/nccl/duplicate-gpu.log}"
jar="$root/service/target/quarkus-app/quarkus-run.jar"

command -v wrk >/dev/null || { echo "load: wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }
if [ ! -f "$jar" ]; then
  echo "load: building the service ..." >&2
  ./mvnw -B -q -DskipTests package -pl service -am >&2
fi

log="$(mktemp /tmp/ncclscope-load.XXXXXX)"
# shellcheck disable=SC2086
java ${JAVA_OPTS:--Xmx256m} -jar "$jar" serve --host 127.0.0.1 --port "$PORT" >"$log" 2>&1 &
pid=$!
sampler=""
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

rss() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
# CPU seconds (user + system) the service has used: with the request count, the cost of one request, which says
# what the service does on idle cores even when other work shares this machine.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$pid/stat"; }
# CPU seconds by thread group (the thread name less its digits; Linux keeps 15 characters of it), one "group seconds" line each: where a request's CPU
# goes (analysis pool, event loop, workers) and what the JVM spends beside it (JIT compiler threads, GC).
cpu_by_thread() {
  local t
  for t in /proc/"$pid"/task/*; do
    awk -v hz="$(getconf CLK_TCK)" -v name="$(tr -d '0-9' <"$t/comm" 2>/dev/null | tr ' ' '_')" \
      '{sub(/^.*\) /, ""); printf "%s %.2f\n", name, ($12 + $13) / hz}' "$t/stat" 2>/dev/null || true
  done | awk '{s[$1] += $2} END {for (k in s) print k, s[k]}' | sort
}
for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "load: the service did not start:" >&2; cat "$log" >&2; exit 2; }
  sleep 1
done
url="http://127.0.0.1:$PORT"
echo "load: service pid $pid on $url, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "load: paste $(wc -c <"$PASTE") bytes ($PASTE)"
echo "load: RSS after start ${rss_start:=$(rss)} MiB"

secs() { case "$1" in *m) echo $(( ${1%m} * 60 )) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac; }
jit_cpu() { cpu_by_thread | awk '$1 ~ /Compiler/ {s += $2} END {printf "%.2f", s}'; }
wrk -t"$THREADS" -c16 -d"$WARMUP" -s benchmarks/load/post-paste.lua "$url" >/dev/null
warmed="$(secs "$WARMUP")"
while [ "$warmed" -lt "$(secs "$WARMUP_MAX")" ]; do
  c0="$(cpu)"; j0="$(jit_cpu)"
  step="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d10s -s benchmarks/load/post-paste.lua "$url" | sed -n 's/^LOAD requests=\([0-9]*\).* rps=\([0-9.]*\).*/\2/p')"
  c1="$(cpu)"; j1="$(jit_cpu)"
  warmed=$((warmed + 10))
  share="$(awk -v a="$c0" -v b="$c1" -v x="$j0" -v y="$j1" 'BEGIN {s = 0; if (b - a > 0) s = (y - x) * 100 / (b - a); printf "%.0f", s}')"
  echo "load: warm-up ${warmed} s: ${step} requests/s, JIT compiler ${share}% of the service's CPU"
  [ "$share" -lt 5 ] && break
done
echo "load: RSS after ${warmed} s of warm-up $(rss) MiB"

samples="$(mktemp /tmp/ncclscope-rss.XXXXXX)"
( while sleep 5; do echo "$(rss)" >>"$samples"; done ) &
sampler=$!
cpu0="$(cpu)"
threads0="$(cpu_by_thread)"
out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s benchmarks/load/post-paste.lua "$url")"
cpu1="$(cpu)"
threads1="$(cpu_by_thread)"
kill "$sampler" 2>/dev/null || true
sampler=""
echo "$out" | sed 's/^/wrk: /'
echo "load: RSS during the run (MiB, every 5 s): $(tr '\n' ' ' <"$samples")"
echo "load: RSS after the run $(rss) MiB"
rm -f "$samples"
line="$(echo "$out" | grep '^LOAD ' || true)"
echo "$line"
reqs="$(echo "$line" | sed -n 's/.*requests=\([0-9]*\).*/\1/p')"
if [ -n "$reqs" ] && [ "$reqs" -gt 0 ]; then
  awk -v a="$cpu0" -v b="$cpu1" -v n="$reqs" -v c="$(nproc)" 'BEGIN {
    ms = (b - a) * 1000 / n
    printf "load: service CPU %.1f s for %d requests: %.3f ms of CPU per request; %d idle cores would serve about %.0f requests/s\n", b - a, n, ms, c, c * 1000 / ms }'
fi
if [ -n "$reqs" ] && [ "$reqs" -gt 0 ]; then
  # Threads that started during the run count from zero.
  join -a 2 -e 0 -o 0,1.2,2.2 <(echo "$threads0") <(echo "$threads1") | awk -v n="$reqs" '
    { d = $3 - $2; if (d < 0.005) next
      g = $1 ~ /^ncclscope-ana/ ? "analysis pool" : $1 ~ /^vert\.x-eventlo/ ? "event loop" \
        : $1 ~ /^executor-thr/ ? "worker threads" : $1 ~ /Compiler/ ? "JIT compiler" : $1 ~ /^(GC|G1)/ ? "GC" : "other"
      s[g] += d }
    END { line = "load: CPU by thread group, ms per request:"
          for (g in s) line = line sprintf(" %s %.3f;", g, s[g] * 1000 / n)
          print line }'
fi
non2xx="$(echo "$out" | sed -n 's/.*Non-2xx or 3xx responses: \([0-9]*\).*/\1/p')"
if echo "$line" | grep -q 'connect_err=0 read_err=0 write_err=0 timeouts=0 status_err=0' && [ -z "$non2xx" ]; then
  echo "load: no errors"
else
  echo "load: ERRORS (non-2xx: ${non2xx:-0})" >&2
  exit 1
fi
