#!/usr/bin/env bash
# Startup of the node bundle against plain 'java -jar', side by side in one run: median wall time and peak RSS of
# 'ncclscope analyze' on a small log, runs interleaved so machine load hits every variant alike.
#
#   benchmarks/bundle-startup.sh [--runs N] [--input FILE] [--bundle DIR|TAR.GZ]
#
# Needs the bundle (./mvnw -B -q package -pl node-bundle -am -DskipTests), which also builds
# service/target/quarkus-app/quarkus-run.jar, the plain 'java -jar' side.
# The issue's floor for the bundle: median <= 300 ms and peak RSS <= 150 MiB; the last line says whether it holds.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=11
input="$repo/examples/captured/h200-1gpu/nccl/info-1rank.log"
bundle="$repo/node-bundle/target/bundle/current"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --input) input="$2"; shift 2 ;;
    --bundle) bundle="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bundle-startup: unknown argument $1" >&2; exit 2 ;;
  esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if [ -f "$bundle" ]; then tar -xzf "$bundle" -C "$tmp"; bundle="$(ls -d "$tmp"/ncclscope-*/)"; fi
B="$bundle/bin/ncclscope"
jar="$repo/service/target/quarkus-app/quarkus-run.jar"   # the service's packaged app, as './ncclscope' runs it
[ -f "$jar" ] || jar="$repo/service/target/ncclscope.jar"
[ -x "$B" ] || { echo "bundle-startup: no bundle at $bundle (build node-bundle first)" >&2; exit 2; }
[ -f "$jar" ] || { echo "bundle-startup: no $jar (build service first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bundle-startup: needs /usr/bin/time (apt-get install time) for peak RSS" >&2; exit 2; }
j17="$(command -v java)"
j25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java

names=("bundle (jlink + AOT cache)" "java -jar, $("$j17" -version 2>&1 | head -n 1 | cut -d'"' -f2)")
cmds=("$B analyze $input" "$j17 -jar $jar analyze $input")
if [ -x "$j25" ]; then names+=("java -jar, Temurin 25"); cmds+=("$j25 -jar $jar analyze $input"); fi

for i in $(seq 1 "$runs"); do
  for v in "${!cmds[@]}"; do
    s=$(date +%s%N)
    # shellcheck disable=SC2086
    /usr/bin/time -f '%M' -o "$tmp/rss" ${cmds[$v]} > /dev/null 2> "$tmp/err" || [ $? = 1 ]
    e=$(date +%s%N)
    echo "$(( (e - s) / 1000000 )) $(cat "$tmp/rss")" >> "$tmp/v$v"
  done
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2] + a[NR/2+1]) / 2)}'; }
echo "analyze of $(basename "$input") ($(wc -c < "$input") bytes), $runs runs each, interleaved; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %10s %8s %8s %14s\n' variant "median ms" "min ms" "max ms" "peak RSS MiB"
for v in "${!cmds[@]}"; do
  wall="$(cut -d' ' -f1 "$tmp/v$v" | median)"
  lo="$(cut -d' ' -f1 "$tmp/v$v" | sort -n | head -n 1)"
  hi="$(cut -d' ' -f1 "$tmp/v$v" | sort -n | tail -n 1)"
  rss="$(cut -d' ' -f2 "$tmp/v$v" | median)"
  printf '%-34s %10s %8s %8s %14s\n' "${names[$v]}" "$wall" "$lo" "$hi" "$(awk -v k="$rss" 'BEGIN {printf "%.1f", k / 1024}')"
  if [ "$v" = 0 ]; then bw="$wall"; brss="$rss"; fi
done
size="$(ls "$repo"/node-bundle/target/ncclscope-*.tar.gz 2>/dev/null | head -n 1)"
[ -n "$size" ] && echo "bundle tar.gz: $(basename "$size") $(du -h "$size" | cut -f1) ($(stat -c %s "$size") bytes)"
if [ "$bw" -le 300 ] && [ "$brss" -le $((150 * 1024)) ]; then
  echo "floor (<= 300 ms median, <= 150 MiB): held"
else
  echo "floor (<= 300 ms median, <= 150 MiB): NOT held"
fi
