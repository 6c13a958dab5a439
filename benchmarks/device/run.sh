#!/usr/bin/env bash
# The device run of issue 23, from a kit that make-kit.sh packed: part "table" runs benchmarks/table.sh (every row);
# part "300s" (any duration) the service at 8 cores for that long (RSS flat?), flight recordings of the bundle's serve
# settings and of the old ones (C1 only, serial GC) at 8 cores, and the CLI with C2 against C1 only; part "ab" (kit
# made with BASE_APP) every row for the older build and the new one in turn, each row's two runs back to back
# (AB_ROWS, default start,small,biglog,nodes,serve; the serve row at AB_CORES, default 8). Results in $OUT.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
part="${1:-table}"
export PATH="$here/bin:$PATH"
export TIME_BIN="$here/bin/time" WRK="$here/bin/wrk"
# The project's own examples (the device has /work/main's tree) beside the scripts, as in the repository.
[ -d "$here/wt/examples" ] || cp -r "$here/../../examples" "$here/wt/examples"
if [ ! -d /tmp/b/bundle ]; then mkdir -p /tmp/b/bundle && "$here/bin/xz" -dc "$here/bundle.tar.xz" | tar -xf - -C /tmp/b/bundle; fi
B="$(ls -d /tmp/b/bundle/ncclscope-*/)"; B="${B%/}"
[ -f "$B/lib/serve.aot" ] || bash "$here/train.sh" "$B" "$here/wt/examples/captured" > "$OUT/train-$part.txt" 2>&1
mkdir -p /tmp/t && cd "$here/wt"
{ echo "## machine"; nproc; free -g | head -2; uname -r; grep PRETTY /etc/os-release; command -v curl taskset; wrk --version 2>&1 | head -1
  ldconfig -p | grep -c 'libssl.so.3 '; NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=on "$B/bin/ncclscope" --version; echo "cli cache rc $?"; } > "$OUT/machine-$part.txt" 2>&1
if [ "$part" = ab ]; then
  [ -f "$here/base-app.tar.xz" ] || { echo "run.sh ab: the kit has no base-app.tar.xz (make-kit.sh KIT BASE_APP)" >&2; exit 2; }
  A=/tmp/b/base/"$(basename "$B")"
  if [ ! -d "$A" ]; then
    mkdir -p /tmp/b/base && cp -r "$B" "$A" && rm -f "$A"/lib/*.aot "$A"/app/cli-jars
    "$here/bin/xz" -dc "$here/base-app.tar.xz" | tar -xf - -C "$A/app"
    bash "$here/train.sh" "$A" "$here/wt/examples/captured" > "$OUT/train-base.txt" 2>&1
  fi
  n=0   # a row named twice in AB_ROWS is measured twice, each round into its own files
  for row in $(echo "${AB_ROWS:-start,small,biglog,nodes,serve}" | tr ',' ' '); do
    n=$((n + 1))
    for v in base new; do
      d="$B"; [ "$v" = base ] && d="$A"
      bash benchmarks/table.sh --bundle "$d" --bench-jar "$here/benchmarks.jar" --work /tmp/t --rows "$row" \
        --cores "${AB_CORES:-8}" --duration 20s --warmup-max 60s > "$OUT/ab-$n-$row-$v.txt" 2>&1
    done
  done
  { echo "| row | build | ours |"; echo "| --- | --- | --- |"
    for f in "$OUT"/ab-*-base.txt "$OUT"/ab-*-new.txt; do
      v="${f%.txt}"; v="${v##*-}"
      grep '^ROW' "$f" | awk -F' [|] ' -v v="$v" '{print "| " $2 " | " v " | " $3 " |"}'
    done | sort; } > "$OUT/ab.md"
elif [ "$part" = table ]; then
  bash benchmarks/table.sh --bundle "$B" --bench-jar "$here/benchmarks.jar" --work /tmp/t --rows serve,start,small,nodes,biglog \
    --cores 1,2,4,8 --duration 15s --warmup-max 40s > "$OUT/table.txt" 2>&1
else
  bash benchmarks/load/analyze-wrk.sh --bundle "$B" --cores 8 --duration "$part" --warmup 10s --warmup-max 30s > "$OUT/flat.txt" 2>&1
  # Profiles at 8 cores: the bundle's serve settings, then the old ones (C1 only, serial GC) for the comparison.
  bash benchmarks/load/analyze-wrk.sh --bundle "$B" --cores 8 --duration 15s --warmup 10s --warmup-max 20s \
    --jfr /tmp/t/new.jfr > "$OUT/jfr-new.txt" 2>&1
  bash benchmarks/load/analyze-wrk.sh --bundle "$B" --cores 8 --duration 15s --warmup 10s --warmup-max 20s \
    --java-opts "-XX:-UseParallelGC -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xms16m -Xmx4g" --jfr /tmp/t/old.jfr > "$OUT/jfr-old.txt" 2>&1
  for f in new old; do
    j="/tmp/t/$f-8cores.jfr"
    [ -f "$j" ] || continue
    { "$B/runtime/bin/jfr" view --width 200 hot-methods "$j"
      "$B/runtime/bin/jfr" view --width 200 allocation-by-class "$j"
      "$B/runtime/bin/jfr" view --width 200 gc-pauses "$j"
      "$B/runtime/bin/jfr" summary "$j" | head -40; } > "$OUT/hot-$f.txt" 2>&1
    "$B/runtime/bin/jfr" print --events jdk.ExecutionSample --stack-depth 48 "$j" | gzip -6 > "$OUT/samples-$f.txt.gz"
  done
  # The CLI with C2 as well (full tiered compilation) against the launcher's C1 only.
  small=examples/captured/h200-1gpu/nccl/info-1rank.log
  { for i in $(seq 1 9); do
      for o in "" "-XX:TieredStopAtLevel=4"; do
        s=$(date +%s%N); NCCLSCOPE_JAVA_OPTS="$o" "$B/bin/ncclscope" analyze "$small" >/dev/null; e=$(date +%s%N)
        echo "small opts='$o' $(( (e - s) / 1000000 )) ms"
      done
    done
    for o in "" "-XX:TieredStopAtLevel=4"; do
      [ -f /tmp/t/big.log ] && NCCLSCOPE_JAVA_OPTS="$o" "$TIME_BIN" -f "big opts='$o' %e s %M KB %P" "$B/bin/ncclscope" analyze --quiet /tmp/t/big.log >/dev/null
      [ -d /tmp/t/n1024 ] && NCCLSCOPE_JAVA_OPTS="$o" "$TIME_BIN" -f "nodes opts='$o' %e s %M KB %P" "$B/bin/ncclscope" analyze --quiet /tmp/t/n1024 >/dev/null
    done; } > "$OUT/cli-c2.txt" 2>&1
fi
ls -la "$OUT"
