#!/usr/bin/env bash
# Reproducible-build check: builds the published artifacts twice into separate output folders and compares them
# byte for byte (jars, sources and javadoc jars, POMs). Not part of .ci/run (it doubles the build); run it after a
# build change:  bash .ci/reproducible.sh
set -euo pipefail
cd "$(dirname "$0")/.."
modules=".,parsers,collect,sdk,bom"
for run in 1 2; do
  ./mvnw -B -q -o package -pl "$modules" -DskipTests -Dncclscope.target="target-repro$run" >/dev/null
  # javadoc stamps the build date into its HTML unless told otherwise; the parent sets notimestamp and the
  # outputTimestamp, so a second build a minute later must still match.
  [ "$run" = 1 ] && sleep 2
done
status=0
n=0
while IFS= read -r f; do
  other="${f/target-repro1/target-repro2}"
  n=$((n + 1))
  if cmp -s "$f" "$other"; then
    echo "same      $(sha256sum "$f" | cut -c1-16)  $f"
  else
    echo "DIFFERENT $f"; status=1
  fi
done < <(find . -path '*/target-repro1/*' \( -name '*.jar' -o -name '*.pom' \) -not -path '*/it-repo/*' | sort)
rm -rf ./*/target-repro1 ./*/target-repro2 ./target-repro1 ./target-repro2
[ "$n" -gt 0 ] || { echo "no artifacts were built"; exit 1; }
[ "$status" = 0 ] && echo "reproducible: $n artifacts identical across two builds" || echo "NOT reproducible"
exit "$status"
