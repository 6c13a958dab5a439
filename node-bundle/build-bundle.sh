#!/usr/bin/env bash
# Builds the self-contained node bundle: a jlink runtime of only the modules the app needs, the app, a POSIX sh
# launcher bin/ncclscope and, when the build JDK is 25 or newer, an AOT cache (JEP 483/514) trained on a
# representative run (analyze of our H200 capture, collect, parse), then one tar.gz for this platform.
#
#   dist/build-bundle.sh --app service/target/ncclscope.jar --out dist/target [--jdk DIR] [--version V]
#
# The JDK: --jdk, else $NCCLSCOPE_BUNDLE_JDK, else Temurin 25 at /usr/lib/jvm/temurin-25-jdk-amd64 when present,
# else $JAVA_HOME, else the JDK of 'javac' on PATH. Below 25 the bundle has no AOT cache (it says so), and the
# runtime carries the default CDS archive only. The app stays --release 17 either way.
# Findings behind the choices: ../shared/recipes/node-bundle-findings.md (section 3.2 row H, section 4).
set -euo pipefail

app="" out="" jdk="${NCCLSCOPE_BUNDLE_JDK:-}" version=""
while [ $# -gt 0 ]; do
  case "$1" in
    --app) app="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --jdk) jdk="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-bundle: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ -n "$app" ] && [ -n "$out" ] || { echo "build-bundle: --app JAR and --out DIR are required" >&2; exit 2; }
[ -f "$app" ] || { echo "build-bundle: no app jar at $app (build the service module first)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
appdir="$(cd "$(dirname "$app")" && pwd)"
appjar="$(basename "$app")"

if [ -z "$jdk" ]; then
  if [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/jlink ]; then jdk=/usr/lib/jvm/temurin-25-jdk-amd64
  elif [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jlink" ]; then jdk="$JAVA_HOME"
  else jdk="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
  fi
fi
[ -x "$jdk/bin/jlink" ] || { echo "build-bundle: no jlink in $jdk" >&2; exit 2; }
feature="$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
[ -n "$version" ] || version="$(unzip -p "$app" io/ncclscope/cli/version.properties 2>/dev/null | sed -n 's/^version=//p' || true)"
[ -n "$version" ] || version="dev"

arch="$(uname -m)"
platform="linux-$arch"
name="ncclscope-$version-$platform"
stage="$out/bundle/$name"
rm -rf "$out/bundle" "$out/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/app/lib"
t0=$SECONDS
echo "build-bundle: JDK $feature at $jdk; app $app" >&2

# The app: the jar and its runtime libraries (the jar's manifest Class-Path names lib/...).
cp "$app" "$stage/app/ncclscope.jar"
cp "$appdir"/lib/*.jar "$stage/app/lib/"
# The AOT cache records each class-path jar's mtime and refuses jars whose time changed ("timestamp has changed",
# seen on the H200 run); the tar below stamps every entry with this same time, so the cache survives tar -x.
stamp='2026-12-01 00:00Z'
touch -d "$stamp" "$stage/app/ncclscope.jar" "$stage"/app/lib/*.jar

# Modules: what jdeps finds, minus java.desktop, which only PNG plots use (SVG needs none, and a node image has
# no fonts for AWT anyway); 'plot -o x.png' in the bundle says so and exits 2.
mods="$("$jdk/bin/jdeps" --multi-release 17 --ignore-missing-deps --print-module-deps \
  -cp "$stage/app/lib/*" "$stage/app/ncclscope.jar" "$stage"/app/lib/*.jar 2>/dev/null | tail -n 1)"
mods="$(echo "$mods" | tr ',' '\n' | grep -v -x 'java.desktop' | paste -sd, -)"
[ -n "$mods" ] || mods=java.base
if [ "$feature" -ge 21 ]; then compress=zip-6; else compress=2; fi
# From 25 on, the AOT cache holds the JDK classes too, so the runtime needs no CDS archive of its own (28 MB saved);
# below 25 the default CDS archive is what makes startup tolerable.
cds=""
if [ "$feature" -lt 25 ]; then cds=--generate-cds-archive; fi
if ! "$jdk/bin/jlink" --add-modules "$mods" --strip-debug --no-header-files --no-man-pages --compress="$compress" \
    $cds --output "$stage/runtime" >"$out/jlink.log" 2>&1; then
  cat "$out/jlink.log" >&2; echo "build-bundle: jlink failed" >&2; exit 3
fi
rm -f "$stage/runtime/lib/server/classes_nocoops.jsa"
# Debug symbols are most of libjvm.so; the findings measured the same runtime working after this.
if command -v strip >/dev/null 2>&1; then
  find "$stage/runtime/lib" -name '*.so' -exec strip --strip-unneeded {} + 2>/dev/null || true
fi
echo "build-bundle: runtime of $mods: $(du -sh "$stage/runtime" | cut -f1)" >&2

cat > "$stage/bin/ncclscope" <<'LAUNCHER'
#!/bin/sh
# ncclscope node bundle launcher: the bundled Java runtime, the app, and the AOT cache when present.
# POSIX sh with builtins only, so it runs on minimal images. Extra JVM flags: NCCLSCOPE_JAVA_OPTS.
self="$0"
if command -v readlink >/dev/null 2>&1; then
  r="$(readlink -f -- "$0" 2>/dev/null)" && [ -n "$r" ] && self="$r"
fi
case "$self" in */*) dir="${self%/*}" ;; *) dir=. ;; esac
root="$(cd -- "$dir/.." && pwd)" || exit 3
aot=""
if [ -f "$root/lib/ncclscope.aot" ]; then aot="-XX:AOTCache=$root/lib/ncclscope.aot"; fi
# Serial GC and C1 only: one short command on one or two cores, least memory; the cache was trained with the same
# flags. A cache the JVM cannot use (jars re-stamped by an unpacker that drops mtimes) only costs startup time, so
# its log lines stay quiet; NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=on makes that an error, -Xlog:aot shows why.
# shellcheck disable=SC2086
exec "$root/runtime/bin/java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss2m $aot -Xlog:aot=off -Xlog:cds=off \
  ${NCCLSCOPE_JAVA_OPTS:-} \
  -cp "$root/app/ncclscope.jar" io.ncclscope.cli.Main "$@"
LAUNCHER
chmod 755 "$stage/bin/ncclscope"

aot="none"
if [ "$feature" -ge 25 ]; then
  mkdir -p "$stage/lib"
  train="$(mktemp -d)"
  trap 'rm -rf "$train"' EXIT
  # One JVM runs the three commands users run first (io.ncclscope.cli.AotTraining), through the bundle's own
  # runtime and class path, so the cache matches what the launcher starts.
  (cd "$train" && "$stage/runtime/bin/java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss2m \
      -XX:AOTCacheOutput="$stage/lib/ncclscope.aot" -Xlog:aot=error -Xlog:cds=error \
      -cp "$stage/app/ncclscope.jar" io.ncclscope.cli.AotTraining \
      analyze --format md "$repo/examples/captured/h200-1gpu" \; \
      analyze --format json "$repo/examples/captured/h200-1gpu" \; \
      parse "$repo/examples/captured/h200-1gpu/sys/topo-m.txt" \; \
      collect --out "$train/bundle" --timeout 5 --quiet \; \
      analyze "$train/bundle" >"$train/train.out" 2>"$train/train.err") || {
        echo "build-bundle: AOT training run failed:" >&2; tail -n 20 "$train/train.err" >&2; exit 3; }
  [ -f "$stage/lib/ncclscope.aot" ] || { echo "build-bundle: the training run wrote no AOT cache" >&2; exit 3; }
  aot="$(du -h "$stage/lib/ncclscope.aot" | cut -f1)"
else
  echo "build-bundle: WARNING: JDK $feature < 25: no AOT cache; the bundle starts slower (install Temurin 25 or pass --jdk)" >&2
fi

cat > "$stage/README.txt" <<README
ncclscope $version for $platform: a self-contained bundle (no JDK needed; glibc 2.17 or newer).

  bin/ncclscope collect --out bundle/      collect this node's facts
  bin/ncclscope analyze bundle/            the verdict
  bin/ncclscope --help

Java runtime: $("$jdk/bin/java" -version 2>&1 | head -n 1), modules $mods (jlink).
AOT cache: $aot. Built $(date -u +%Y-%m-%dT%H:%MZ).
README

tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$stamp" -C "$out/bundle" -cf - "$name" \
  | gzip -n -6 > "$out/$name.tar.gz"
ln -sfn "$name" "$out/bundle/current"
echo "build-bundle: $out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1); unpacked $(du -sh "$stage" | cut -f1); AOT cache $aot) in $((SECONDS - t0)) s" >&2
