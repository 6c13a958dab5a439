#!/usr/bin/env bash
# The speed table of issue 23, measured in one run on this machine with the node bundle: each row's figure beside its
# peer or limit and the goal, as Markdown, after the raw output of every step. Needs no JDK (the bundle's runtime runs
# the generators) and no network; needs wrk (or WRK=path) for the service rows, taskset for the core counts, and GNU time
# (/usr/bin/time, or TIME_BIN) for peak RSS.
#
#   bash benchmarks/table.sh --bundle node-bundle/target/bundle/current --bench-jar benchmarks/target/ncclscope-benchmarks-*.jar
#   bash benchmarks/table.sh --bundle B.tar.gz --bench-jar J --rows start,small     # some rows only
#
#   --rows LIST      serve,start,small,biglog,nodes (default: all)
#   --cores LIST     service core counts for the serve row (default 1,2,4,8, those that leave wrk a core)
#   --duration T     each measured load run (default 20s); --warmup-max T (default 60s)
#   --log-size S     the big log (default 1g); --nodes N (default 1024); --work DIR (default /tmp/ncclscope-table)
#   --jfr DIR        flight recordings of the serve row's runs go there
# Peers that cannot run here (nccl-doctor, a native binary) are quoted from issue 23's measurement on the H200 machine.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="$repo/node-bundle/target/bundle/current"
benchjar="$(ls "$repo"/benchmarks/target/ncclscope-benchmarks-*.jar 2>/dev/null | head -n 1 || true)"
rows="serve,start,small,biglog,nodes"
cores="" duration=20s warmup_max=60s log_size=1g nodes=1024 work=/tmp/ncclscope-table jfr=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="$2"; shift 2 ;;
    --bench-jar) benchjar="$2"; shift 2 ;;
    --rows) rows="$2"; shift 2 ;;
    --cores) cores="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --warmup-max) warmup_max="$2"; shift 2 ;;
    --log-size) log_size="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --jfr) jfr="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "table: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$work"
work="$(cd "$work" && pwd)"
if [ -f "$bundle" ]; then
  rm -rf "$work/bundle" && mkdir -p "$work/bundle" && tar -xzf "$bundle" -C "$work/bundle"
  bundle="$(ls -d "$work"/bundle/ncclscope-*/)"
fi
bundle="$(cd "$bundle" && pwd)"
B="$bundle/bin/ncclscope"
[ -x "$B" ] || { echo "table: no bundle at $bundle" >&2; exit 2; }
java="$bundle/runtime/bin/java"
ncpu="$(nproc)"
TIME_BIN="${TIME_BIN:-/usr/bin/time}"
has() { case ",$rows," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "n/a"; else print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# Runs "$@" once, stdout to /dev/null; sets wall_ms, rss_mib (n/a without GNU time), cpu_pct; exit 1 (problems
# found) counts as success.
timed() {
  local s e rc=0
  s=$(now_ms)
  if [ -x "$TIME_BIN" ]; then
    "$TIME_BIN" -f '%M %P' -o "$work/time.out" "$@" >/dev/null 2>"$work/err.out" || rc=$?
  else
    "$@" >/dev/null 2>"$work/err.out" || rc=$?
  fi
  e=$(now_ms)
  { [ "$rc" -le 1 ] || [ "$rc" -eq 4 ]; } || { echo "table: '$*' exited $rc:" >&2; tail -n 5 "$work/err.out" >&2; }
  wall_ms=$((e - s))
  if [ -x "$TIME_BIN" ]; then
    rss_mib="$(tail -n 1 "$work/time.out" | awk '{printf "%.0f", $1 / 1024}')"
    cpu_pct="$(tail -n 1 "$work/time.out" | awk '{print $2}')"
  else
    rss_mib="n/a"; cpu_pct="n/a"
  fi
}
# http_ok PORT PATH: the service answers 200.
source "$repo/benchmarks/load/http-ok.sh"
declare -a table
row() { table+=("| $1 | $2 | $3 | $4 |"); echo "ROW | $1 | $2 | $3 | $4 |"; }
echo "table: bundle $bundle; $ncpu cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); load $(cut -d' ' -f1-3 /proc/loadavg)"
"$B" --version

if has serve; then
  if [ -z "$cores" ]; then
    cores=""
    for n in 1 2 4 8; do [ "$n" -lt "$ncpu" ] && cores="$cores${cores:+,}$n"; done
  fi
  echo "table: ---- serve: POST /v1/analyze under wrk, service on $cores cores ----"
  jfr_arg=()
  [ -n "$jfr" ] && { mkdir -p "$jfr"; jfr_arg=(--jfr "$(cd "$jfr" && pwd)/serve.jfr"); }
  bash "$repo/benchmarks/load/analyze-wrk.sh" --bundle "$bundle" --cores "$cores" --duration "$duration" \
    --warmup 10s --warmup-max "$warmup_max" "${jfr_arg[@]}" | tee "$work/serve.out" || true
  rps="" p99="" cpu="" rss=""
  while read -r line; do
    n="$(echo "$line" | sed -n 's/.*cores=\([0-9a-z]*\).*/\1/p')"
    rps="$rps${rps:+ / }$(echo "$line" | sed -n 's/.* rps=\([0-9]*\).*/\1/p')"
    p99="$(echo "$line" | sed -n 's/.*p99_ms=\([0-9.]*\).*/\1/p')"
    cpu="$(echo "$line" | sed -n 's/.*cpu_ms_per_request=\([0-9.]*\).*/\1/p')"
    rss="$(echo "$line" | sed -n 's/.*rss_mib_min=\([0-9]*\) rss_mib_max=\([0-9]*\).*/\1-\2/p')"
    last="$n"
  done < <(grep '^SWEEP ' "$work/serve.out")
  peer="the SDK alone: n/a (no --bench-jar)"
  if [ -n "$benchjar" ] && [ -f "$benchjar" ]; then
    "$java" -XX:+UseParallelGC -cp "$benchjar:$bundle/app/ncclscope.jar" io.ncclscope.benchmarks.PasteBenchmark \
      --paste "$repo/examples/captured/h200-1gpu/nccl/duplicate-gpu.log" --seconds 0.5 --rounds 3 --no-sniffers | tee "$work/paste.out"
    us="$(sed -n 's/^SUMMARY request_cpu_us=\([0-9.]*\).*/\1/p' "$work/paste.out")"
    [ -n "$us" ] && peer="the SDK alone in process: $(awk -v u="$us" 'BEGIN {printf "%.3f", u / 1000}') ms CPU per paste (PasteBenchmark)"
  fi
  row "\`POST /v1/analyze\` chat paste (9 KB), service on $cores cores, 64 connections" \
    "$rps req/s; p99 $p99 ms and $cpu ms CPU per request at $last cores; RSS $rss MiB during the run" \
    "$peer" "≥ 10,000 req/s and p99 ≤ 15 ms on 8 cores (≤ 0.8 ms CPU per request); RSS ≤ 300 MB and flat"
fi

if has start; then
  echo "table: ---- start: serve from the bundle to the first 200 of /q/health/ready, 5 runs ----"
  port=18191
  : > "$work/start.ms"
  for i in 1 2 3 4 5; do
    s=$(now_ms)
    "$B" serve --port "$port" >"$work/start.log" 2>&1 &
    spid=$!
    until http_ok "$port" /q/health/ready; do
      kill -0 "$spid" 2>/dev/null || { cat "$work/start.log" >&2; break; }
      sleep 0.005
    done
    e=$(now_ms)
    echo "start run $i: $((e - s)) ms, RSS $(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' /proc/$spid/status 2>/dev/null) MiB"
    echo $((e - s)) >> "$work/start.ms"
    kill "$spid" 2>/dev/null || true; wait "$spid" 2>/dev/null || true
  done
  row "\`serve\` from the bundle to first ready" "$(median < "$work/start.ms") ms (median of 5)" \
    "a native Quarkus binary starts in tens of ms (not built here: no GraalVM)" "≤ 400 ms"
fi

if has small; then
  small="$repo/examples/captured/h200-1gpu/nccl/info-1rank.log"
  echo "table: ---- small: analyze of one small log ($(wc -c < "$small") bytes) and --version, 11 runs each, interleaved ----"
  : > "$work/small.ms"; : > "$work/small.rss"; : > "$work/version.ms"
  for i in $(seq 1 11); do
    timed "$B" analyze "$small"; echo "$wall_ms" >> "$work/small.ms"; echo "$rss_mib" >> "$work/small.rss"
    timed "$B" --version; echo "$wall_ms" >> "$work/version.ms"
  done
  echo "analyze ms: $(tr '\n' ' ' < "$work/small.ms"); --version ms: $(tr '\n' ' ' < "$work/version.ms")"
  row "\`analyze\` of one small log, whole process" \
    "$(median < "$work/small.ms") ms, $(median < "$work/small.rss") MiB (\`--version\` $(median < "$work/version.ms") ms); median of 11" \
    "nccl-doctor (Python) 89 ms to parse the same log (issue 23)" "≤ 100 ms"
fi

if has biglog; then
  big="$work/big.log"
  echo "table: ---- biglog: analyze of a $log_size NCCL log ----"
  if [ ! -f "$big" ]; then
    (cd "$repo" && "$java" -cp "$benchjar:$bundle/app/ncclscope.jar" io.ncclscope.benchmarks.Generate log --size "$log_size" --out "$big")
  fi
  bytes="$(stat -c %s "$big")"
  cat "$big" > /dev/null   # in the page cache for every reader alike
  # Into a file, not /dev/null: GNU grep stops at the first match when its output is /dev/null (4 ms for 1 GB).
  s=$(now_ms); LC_ALL=C grep -c NCCL "$big" > "$work/grep.count"; e=$(now_ms); grep_ms=$((e - s))
  timed "$B" analyze --quiet "$big"
  echo "analyze: $wall_ms ms, $cpu_pct CPU, $rss_mib MiB; grep -c: $grep_ms ms"
  one=""
  if command -v taskset >/dev/null; then
    big_ms="$wall_ms" big_rss="$rss_mib" big_cpu="$cpu_pct"
    timed taskset -c 0 "$B" analyze --quiet "$big"
    echo "analyze on one core: $wall_ms ms, $rss_mib MiB"
    one="; one core $(awk -v b="$bytes" -v ms="$wall_ms" 'BEGIN {printf "%.0f", b / 1e3 / ms}') MB/s"
    wall_ms="$big_ms" rss_mib="$big_rss" cpu_pct="$big_cpu"
  fi
  row "\`analyze\` of a $(awk -v b="$bytes" 'BEGIN {printf "%.2f GB", b / 1e9}') NCCL log" \
    "$(awk -v ms="$wall_ms" 'BEGIN {printf "%.1f s", ms / 1000}') ($(awk -v b="$bytes" -v ms="$wall_ms" 'BEGIN {printf "%.0f", b / 1e3 / ms}') MB/s, $cpu_pct CPU$one), $rss_mib MiB RSS" \
    "\`grep -c NCCL\` $(awk -v b="$bytes" -v ms="$grep_ms" 'BEGIN {printf "%.0f", b / 1e3 / ms}') MB/s here; nccl-doctor 11 MB/s (issue 23)" \
    "≥ 600 MB/s using the cores, ≥ 150 MB/s on one core; RSS ≤ 256 MB"
fi

if has nodes; then
  dir="$work/n$nodes"
  echo "table: ---- nodes: analyze of a $nodes-node folder ----"
  if [ ! -d "$dir" ]; then
    (cd "$repo" && "$java" -cp "$benchjar:$bundle/app/ncclscope.jar" io.ncclscope.benchmarks.Generate nodes --nodes "$nodes" --out "$dir")
  fi
  files="$(find "$dir" -type f | wc -l)"
  cat $(find "$dir" -type f) > /dev/null 2>&1 || true
  timed "$B" analyze --quiet "$dir"
  all="$(awk -v ms="$wall_ms" 'BEGIN {printf "%.2f s", ms / 1000}') ($cpu_pct CPU), $rss_mib MiB RSS on $ncpu cores"
  echo "analyze: $all"
  two=""
  if command -v taskset >/dev/null && [ "$ncpu" -gt 2 ]; then
    timed taskset -c 0-1 "$B" analyze --quiet "$dir"
    two="; $(awk -v ms="$wall_ms" 'BEGIN {printf "%.1f s", ms / 1000}') on 2 cores"
    echo "analyze on 2 cores: $wall_ms ms"
  fi
  row "\`analyze\` of a $nodes-node folder ($files files)" "$all$two" "—" "≤ 1 s on 16 cores, ≤ 5 s on 2"
fi

echo
echo "| what | ours | peer / limit | goal |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${table[@]}"
