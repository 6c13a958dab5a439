#!/usr/bin/env bash
# Load run of POST /v1/analyze: starts the service on loopback, warms it up, then wrk at 64 connections for a bounded
# time with a typical chat paste (a real NCCL error log of 8.8 KB from our H200 capture), and prints requests/s,
# p50/p99 latency, errors, the service's CPU per request (by thread group) and its RSS before, during and after.
#
#   bash benchmarks/load/analyze-wrk.sh                          # java -jar service/target/quarkus-app, no pinning
#   bash benchmarks/load/analyze-wrk.sh --bundle node-bundle/target/bundle/current --cores 1,2,4,8
#   bash benchmarks/load/analyze-wrk.sh --bundle DIR --cores 8 --duration 300s    # RSS flat over 5 minutes?
#
# Options (environment variables of the same name in capitals still work: DURATION, CONNECTIONS, THREADS, WARMUP,
# WARMUP_MAX, PASTE, PORT, JAVA_OPTS):
#   --bundle DIR     run 'DIR/bin/ncclscope serve' (the node bundle, its own JVM flags; no JDK needed) instead of
#                    'java $JAVA_OPTS -jar service/target/quarkus-app/quarkus-run.jar serve'
#   --cores LIST     one run per count N: the service on cores 0..N-1 (taskset), wrk on the cores above; the last
#                    lines are one SWEEP line per count. Without it, nothing is pinned.
#   --duration T     the measured run (default 30s); --connections N (64); --paste FILE
#   --warmup T       first warm-up at 16 connections (15s); then 10 s steps until the JIT compiler threads used less
#                    than 5% of the service's CPU in a step, or --warmup-max in all (300s; on 2 shared cores C2 took
#                    about two minutes of load to settle)
#   --java-opts S    JVM flags: for --bundle through NCCLSCOPE_JAVA_OPTS (after the bundle's own), else to java
#   --jfr FILE       record the measured run with Java Flight Recorder (profile settings) into FILE. With --bundle
#                    the recording adds the jdk.jfr module, so the JVM refuses serve's AOT cache ("Mismatched values
#                    for property jdk.module.addmods"): start and warm-up are those of a JVM without it. On JDK 25
#                    (the bundle's runtime) it also takes CPU-time samples (jdk.CPUTimeSample): read those for where
#                    the service's CPU goes: on one core the execution samples over-counted the analysis pool and
#                    under-counted the event loop by a factor of three
#
# Needs wrk (Debian: apt-get install -y wrk; or WRK=path), taskset for --cores; a JDK 17+ without --bundle.
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
PASTE="${PASTE:-$root/examples/captured/h200-1gpu/nccl/duplicate-gpu.log}"
JAVA_OPTS="${JAVA_OPTS:-}"
bundle="" cores="" jfr=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="$(cd "$2" && pwd)"; shift 2 ;;
    --cores) cores="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --paste) PASTE="$(readlink -f "$2")"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --warmup-max) WARMUP_MAX="$2"; shift 2 ;;
    --java-opts) JAVA_OPTS="$2"; shift 2 ;;
    --jfr) jfr="$(readlink -f "$(dirname "$2")")/$(basename "$2")"; shift 2 ;;
    -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "load: unknown argument $1" >&2; exit 2 ;;
  esac
done
export PASTE
WRK="${WRK:-$(command -v wrk || true)}"
[ -n "$WRK" ] || { echo "load: wrk is not installed (apt-get install -y wrk), or set WRK=path" >&2; exit 2; }
jar="$root/service/target/quarkus-app/quarkus-run.jar"
if [ -z "$bundle" ] && [ ! -f "$jar" ]; then
  echo "load: building the service ..." >&2
  ./mvnw -B -q -DskipTests package -pl service -am >&2
fi
ncpu="$(nproc)"
lua="$root/benchmarks/load/post-paste.lua"
url="http://127.0.0.1:$PORT"
pid="" sampler="" log=""
stop_service() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  sampler=""
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  pid=""
  [ -n "$log" ] && rm -f "$log"
  log=""
}
trap stop_service EXIT

# http_ok PORT PATH: the service answers 200.
source "$(dirname "${BASH_SOURCE[0]}")/http-ok.sh"
secs() { case "$1" in *m) echo $(( ${1%m} * 60 )) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac; }
rss() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
# CPU seconds (user + system) the service has used: with the request count, the cost of one request, which says
# what the service does on idle cores even when other work shares this machine.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz}' "/proc/$pid/stat"; }
# CPU seconds by thread group (the thread name less its digits; Linux keeps 15 characters of it), one "group
# seconds" line each: where a request's CPU goes (analysis pool, event loop, workers) and what the JVM spends beside
# it (JIT compiler threads, GC).
cpu_by_thread() {
  local t
  for t in /proc/"$pid"/task/*; do
    awk -v hz="$(getconf CLK_TCK)" -v name="$(tr -d '0-9' <"$t/comm" 2>/dev/null | tr ' ' '_')" \
      '{sub(/^.*\) /, ""); printf "%s %.2f\n", name, ($12 + $13) / hz}' "$t/stat" 2>/dev/null || true
  done | awk '{s[$1] += $2} END {for (k in s) print k, s[k]}' | sort
}
jit_cpu() { cpu_by_thread | awk '$1 ~ /Compiler/ {s += $2} END {printf "%.2f", s}'; }

# One load run with the service on $1 cores (empty: unpinned). Prints the figures and a SWEEP line.
run_once() {
  local n="$1" svc_pin=() wrk_pin=() threads="$THREADS" opts="$JAVA_OPTS"
  if [ -n "$n" ]; then
    [ "$n" -lt "$ncpu" ] || { echo "load: --cores $n leaves no core for wrk on $ncpu cores" >&2; return 2; }
    svc_pin=(taskset -c "0-$((n - 1))")
    wrk_pin=(taskset -c "$n-$((ncpu - 1))")
    threads=$(( ncpu - n < 4 ? ncpu - n : 4 ))
  fi
  if [ -n "$jfr" ]; then
    local f="$jfr"
    [ -n "$n" ] && f="${jfr%.jfr}-${n}cores.jfr"
    # CPU-time samples (JEP 509, JDK 25; an older JDK ignores the setting): each thread's samples follow the CPU it
    # used. In a 20 s run on one core the execution samples gave the analysis pool 1,807 for 15.3 s of CPU and the
    # event loop 139 for 4.0 s: execution samples do not follow the CPU a thread used.
    opts="$opts -XX:StartFlightRecording=settings=profile,jdk.CPUTimeSample#enabled=true,jdk.CPUTimeSample#throttle=10ms,filename=$f,dumponexit=true"
    jfr_file="$f"
  fi
  log="$(mktemp /tmp/ncclscope-load.XXXXXX)"
  local t0; t0=$(date +%s%N)
  if [ -n "$bundle" ]; then
    # shellcheck disable=SC2086
    NCCLSCOPE_JAVA_OPTS="$opts" "${svc_pin[@]}" "$bundle/bin/ncclscope" serve --host 127.0.0.1 --port "$PORT" >"$log" 2>&1 &
  else
    # shellcheck disable=SC2086
    "${svc_pin[@]}" java ${opts:--Xmx256m} -jar "$jar" serve --host 127.0.0.1 --port "$PORT" >"$log" 2>&1 &
  fi
  pid=$!
  local ready=""
  for _ in $(seq 1 2000); do
    if http_ok "$PORT" /q/health/ready; then ready=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  [ -n "$ready" ] || { echo "load: the service did not start:" >&2; cat "$log" >&2; return 2; }
  echo "load: service pid $pid on $url${n:+, pinned to $n cores (wrk on cores $n-$((ncpu - 1)), $threads threads)}; ready after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  echo "load: $ncpu cores on this machine, load average $(cut -d' ' -f1-3 /proc/loadavg); paste $(wc -c <"$PASTE") bytes ($PASTE)"
  echo "load: RSS after start $(rss) MiB"

  "${wrk_pin[@]}" "$WRK" -t"$threads" -c16 -d"$WARMUP" -s "$lua" "$url" >/dev/null
  local warmed; warmed="$(secs "$WARMUP")"
  while [ "$warmed" -lt "$(secs "$WARMUP_MAX")" ]; do
    local c0 j0 step c1 j1 share
    c0="$(cpu)"; j0="$(jit_cpu)"
    step="$("${wrk_pin[@]}" "$WRK" -t"$threads" -c"$CONNECTIONS" -d10s -s "$lua" "$url" | sed -n 's/^LOAD requests=\([0-9]*\).* rps=\([0-9.]*\).*/\2/p')"
    c1="$(cpu)"; j1="$(jit_cpu)"
    warmed=$((warmed + 10))
    share="$(awk -v a="$c0" -v b="$c1" -v x="$j0" -v y="$j1" 'BEGIN {s = 0; if (b - a > 0) s = (y - x) * 100 / (b - a); printf "%.0f", s}')"
    echo "load: warm-up ${warmed} s: ${step} requests/s, JIT compiler ${share}% of the service's CPU"
    [ "$share" -lt 5 ] && break
  done
  echo "load: RSS after ${warmed} s of warm-up $(rss) MiB"

  local samples; samples="$(mktemp /tmp/ncclscope-rss.XXXXXX)"
  ( while sleep 5; do echo "$(rss)" >>"$samples"; done ) &
  sampler=$!
  local cpu0 threads0 out cpu1 threads1
  cpu0="$(cpu)"; threads0="$(cpu_by_thread)"
  out="$("${wrk_pin[@]}" "$WRK" -t"$threads" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$lua" "$url")"
  cpu1="$(cpu)"; threads1="$(cpu_by_thread)"
  kill "$sampler" 2>/dev/null || true
  sampler=""
  echo "$out" | sed 's/^/wrk: /'
  local during after
  during="$(tr '\n' ' ' <"$samples")"
  after="$(rss)"
  rm -f "$samples"
  echo "load: RSS during the run (MiB, every 5 s): $during"
  echo "load: RSS after the run $after MiB"
  local line reqs
  line="$(echo "$out" | grep '^LOAD ' || true)"
  echo "$line"
  reqs="$(echo "$line" | sed -n 's/.*requests=\([0-9]*\).*/\1/p')"
  local ms="0"
  if [ -n "$reqs" ] && [ "$reqs" -gt 0 ]; then
    ms="$(awk -v a="$cpu0" -v b="$cpu1" -v n="$reqs" 'BEGIN {printf "%.3f", (b - a) * 1000 / n}')"
    echo "load: service CPU $(awk -v a="$cpu0" -v b="$cpu1" 'BEGIN {printf "%.1f", b - a}') s for $reqs requests: $ms ms of CPU per request"
    # Threads that started during the run count from zero.
    join -a 2 -e 0 -o 0,1.2,2.2 <(echo "$threads0") <(echo "$threads1") | awk -v n="$reqs" '
      { d = $3 - $2; if (d < 0.005) next
        g = $1 ~ /^ncclscope-ana/ ? "analysis pool" : $1 ~ /^vert\.x-eventlo/ ? "event loop" \
          : $1 ~ /^executor-thr/ ? "worker threads" : $1 ~ /Compiler/ ? "JIT compiler" \
          : $1 ~ /^(GC|G1|ParGC|VM_Thread)/ ? "GC and VM" : "other"
        s[g] += d }
      END { line = "load: CPU by thread group, ms per request:"
            for (g in s) line = line sprintf(" %s %.3f;", g, s[g] * 1000 / n)
            print line }'
  fi
  local non2xx ok=1
  non2xx="$(echo "$out" | sed -n 's/.*Non-2xx or 3xx responses: \([0-9]*\).*/\1/p')"
  if echo "$line" | grep -q 'connect_err=0 read_err=0 write_err=0 timeouts=0 status_err=0' && [ -z "$non2xx" ]; then
    echo "load: no errors"
  else
    echo "load: ERRORS (non-2xx: ${non2xx:-0})" >&2
    ok=0
  fi
  local min max
  min="$(echo "$during $after" | tr ' ' '\n' | grep . | sort -n | head -n 1)"
  max="$(echo "$during $after" | tr ' ' '\n' | grep . | sort -n | tail -n 1)"
  stop_service
  [ -n "${jfr_file:-}" ] && echo "load: flight recording in $jfr_file"
  SWEEP+=("SWEEP cores=${n:-all} rps=$(echo "$line" | sed -n 's/.*rps=\([0-9.]*\).*/\1/p') p50_ms=$(echo "$line" | sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p') p99_ms=$(echo "$line" | sed -n 's/.*p99_ms=\([0-9.]*\).*/\1/p') cpu_ms_per_request=$ms rss_mib_min=$min rss_mib_max=$max errors=$((1 - ok))")
  [ "$ok" = 1 ]
}

SWEEP=()
status=0
if [ -z "$cores" ]; then
  run_once "" || status=1
else
  for n in ${cores//,/ }; do
    echo "load: ---- service on $n cores ----"
    run_once "$n" || status=1
  done
fi
printf '%s\n' "${SWEEP[@]}"
exit "$status"
