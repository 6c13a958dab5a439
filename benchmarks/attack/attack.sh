#!/usr/bin/env bash
# Issue 22's attack cases against a locally started service, so the next round starts from them. Starts the packaged
# service on 127.0.0.1 only (never another host), runs each case once with a time limit, and prints PASS or FAIL
# with what came back. Bounded: about 30 requests, each under 40 s, the whole run a few minutes.
#
#   bash benchmarks/attack/attack.sh                   # builds service/target/quarkus-app if missing
#   PORT=18091 JAVA_OPTS=-Xmx512m bash benchmarks/attack/attack.sh
#
# Cases (issue 22 item in brackets): a single .gz bomb [2]; a tar.gz of folders [3]; hostile archive names [5];
# JSON type mismatch, unknown field, array body, chunked body over the limit, a 20 KB URI, bad %-encoding, a bad
# multipart boundary [5]; a body sent a byte every 5 s [6]; UTF-16 with a BOM, charset=, invalid bytes [8]; the CLI's
# unpack caps [4]; a multipart part's charset=, ?node= on a log with host prefixes, and no CLI flag in REST
# answers (issues 19 and 22). The service runs with -Xmx512m (the heap the .gz bomb once took to an OutOfMemoryError) and a
# 10 s body read timeout. Exit code 0 when every case passed, 1 otherwise. Needs a JDK 17+, curl and python3.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
PORT="${PORT:-18091}"
jar="$root/service/target/quarkus-app/quarkus-run.jar"
if [[ ! -f "$jar" ]]; then
  ./mvnw -B -q -DskipTests package -pl service -am >&2
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/ncclscope-attack-XXXXXX")"
log="$work/service.log"
java ${JAVA_OPTS:--Xmx512m} -Dncclscope.service.body-read-timeout=10s -jar "$jar" serve --host 127.0.0.1 --port "$PORT" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$PORT/q/health/ready" >/dev/null || { echo "service did not start; log:"; cat "$log"; exit 1; }

PORT="$PORT" WORK="$work" JAR="$jar" SERVICE_PID="$pid" python3 "$root/benchmarks/attack/attack.py"
status=$?
errors=$(grep -c " ERROR " "$log" || true)
echo "service log: $errors ERROR lines"
[[ "$errors" -eq 0 ]] || { grep " ERROR " "$log" | head -20; status=1; }
exit $status
