#!/usr/bin/env bash
# Packs what benchmarks/table.sh needs on a machine with no JDK and no network (the H200 node of issue 23) into one
# folder small enough to carry (about 50 MB): the node bundle without its two AOT caches (89 MB, which train.sh
# trains there with the same runtime, jars, flags and commands), xz-compressed; wrk, GNU time and xz with their
# libraries (OpenSSL 3 packed apart, unpacked only where the system has none); the benchmarks jar; the scripts.
#
#   bash benchmarks/device/make-kit.sh KIT_DIR      # after ./mvnw -B package -pl node-bundle,benchmarks -am -DskipTests
#   # there (KIT_DIR inside a copy of the repository, two levels down, e.g. .device/speed): OUT=results bash KIT_DIR/run.sh table
#   #                                                                       then OUT=results bash KIT_DIR/run.sh 300s
#   bash benchmarks/device/make-kit.sh KIT_DIR BASE_APP   # also packs an older build's own jars for run.sh ab
#
# BASE_APP: the app/ folder of an older bundle (or a copy of its lib/io.ncclscope.*.jar, lib/ncclscope-cli.jar and
# quarkus/). Only our own jars differ between two builds of one dependency set, so they travel (about 2 MB) instead of
# a second bundle (47 MB; the carry limit is 64 MiB), and run.sh ab rebuilds the older bundle there from the new one.
set -euo pipefail
kit="$1"
base_app="${2:-}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bundle="$(readlink -f "$repo/node-bundle/target/bundle/current")"
jar="$(ls "$repo"/benchmarks/target/ncclscope-benchmarks-*.jar | head -n 1)"
for t in wrk xz; do command -v "$t" >/dev/null || { echo "make-kit: needs $t (apt-get install -y $t)" >&2; exit 2; }; done
mkdir -p "$kit/bin" "$kit/lib" "$kit/wt/benchmarks/load"
cp "$(command -v wrk)" "$kit/bin/wrk.bin"; cp "$(command -v xz)" "$kit/bin/xz.bin"; cp /usr/bin/time "$kit/bin/time"
for b in wrk xz; do
  ldd "$(command -v $b)" | awk '/=>/ {print $3}' | grep -E 'luajit|lzma' | xargs -r -I{} cp -L {} "$kit/lib/"
done
ssl="$(mktemp -d)"
ldd "$(command -v wrk)" | awk '/=>/ {print $3}' | grep -E 'libssl|libcrypto' | xargs -r -I{} cp -L {} "$ssl/"
tar -C "$ssl" -cf - . | xz -6 > "$kit/ssl.tar.xz"; rm -rf "$ssl"
cat > "$kit/bin/xz" <<'SH'
#!/bin/sh
d="$(cd "$(dirname "$0")" && pwd)"
LD_LIBRARY_PATH="$d/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$d/xz.bin" "$@"
SH
cat > "$kit/bin/wrk" <<'SH'
#!/bin/sh
# wrk with the libraries carried beside it; OpenSSL 3 from ssl.tar.xz only when this system has none.
d="$(cd "$(dirname "$0")" && pwd)"
lp="$d/../lib"
if ! ldconfig -p 2>/dev/null | grep -q 'libssl.so.3 '; then
  if [ ! -f /tmp/ncclscope-ssl/libssl.so.3 ]; then mkdir -p /tmp/ncclscope-ssl && "$d/xz" -dc "$d/../ssl.tar.xz" | tar -xf - -C /tmp/ncclscope-ssl; fi
  lp="$lp:/tmp/ncclscope-ssl"
fi
LD_LIBRARY_PATH="$lp${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$d/wrk.bin" "$@"
SH
chmod 755 "$kit/bin/wrk" "$kit/bin/xz"
tar --owner=0 --group=0 --numeric-owner --exclude='*/lib/*.aot' -C "$(dirname "$bundle")" -cf - "$(basename "$bundle")" \
  | xz -6 -T0 > "$kit/bundle.tar.xz"
cp "$jar" "$kit/benchmarks.jar"
if [ -n "$base_app" ]; then
  staged="$(mktemp -d)"; mkdir -p "$staged/lib"
  src_lib="$base_app"; [ -d "$base_app/lib" ] && src_lib="$base_app/lib"
  cp "$src_lib"/io.ncclscope.*.jar "$src_lib"/ncclscope-cli.jar "$staged/lib/"
  # Its boot class path list, where it has one (the launcher runs a bundle without it from the class path alone).
  [ -f "$base_app/cli-jars" ] && cp "$base_app/cli-jars" "$staged/"
  cp -r "$base_app/quarkus" "$staged/"
  tar --owner=0 --group=0 --numeric-owner -C "$staged" -cf - . | xz -6 > "$kit/base-app.tar.xz"; rm -rf "$staged"
fi
cp "$repo/benchmarks/table.sh" "$kit/wt/benchmarks/"; cp "$repo"/benchmarks/load/* "$kit/wt/benchmarks/load/"
cp "$repo/benchmarks/device/run.sh" "$repo/benchmarks/device/train.sh" "$kit/"
echo "make-kit: $kit: $(du -sh "$kit" | cut -f1)"
