#!/usr/bin/env bash
# The bundle's two AOT caches, trained here as node-bundle/build-bundle.sh trains them (same runtime, jars, flags and
# commands; serve driven by wrk instead of curl), because the carry limit leaves no room for the 89 MB of caches.
set -u
B="$1" ex="$2" here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$B/lib" /tmp/train && cd /tmp/train
t0=$(date +%s%N)
# The CLI's jars on the boot class path, as the launcher puts them (app/cli-jars; a bundle without it has none).
boot=""
[ -f "$B/app/cli-jars" ] && for j in $(cat "$B/app/cli-jars"); do boot="${boot:+$boot:}$B/app/$j"; done
"$B/runtime/bin/java" -XX:+UseSerialGC -Xmn64m -XX:TieredStopAtLevel=1 -Xss2m -XX:-UsePerfData \
  -XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining \
  -XX:AOTCacheOutput="$B/lib/ncclscope.aot" -Xlog:aot=error -Xlog:cds=error \
  ${boot:+"-Xbootclasspath/a:$boot"} -cp "$B/app/ncclscope.jar" io.ncclscope.cli.AotTraining \
  --version \; --help \; analyze --format md "$ex/h200-1gpu" \; analyze --format json "$ex/h200-1gpu" \; \
  analyze "$ex/h200-1gpu/nccl/info-1rank.log" \; parse "$ex/h200-1gpu/sys/topo-m.txt" >/tmp/train/cli.out 2>/tmp/train/cli.err
echo "train: cli cache $(ls -la "$B/lib/ncclscope.aot" 2>&1) in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
t0=$(date +%s%N)
NCCLSCOPE_JAVA_OPTS="-XX:AOTCacheOutput=$B/lib/serve.aot -Xlog:aot=error -Xlog:cds=error" "$B/bin/ncclscope" serve --port 18444 >/tmp/train/serve.out 2>&1 &
pid=$!
for _ in $(seq 1 3000); do
  { exec 3<>/dev/tcp/127.0.0.1/18444; } 2>/dev/null && { exec 3<&- 3>&-; break; }
  sleep 0.01
done
sleep 0.5
for log in "$ex"/h200-1gpu/nccl/*.log; do
  PASTE="$log" "$here/bin/wrk" -t1 -c4 -d1s -s "$here/wt/benchmarks/load/post-paste.lua" http://127.0.0.1:18444 >/dev/null
done
kill -TERM "$pid"; wait "$pid"
echo "train: serve cache $(ls -la "$B/lib/serve.aot" 2>&1) in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
tail -n 3 /tmp/train/serve.out
