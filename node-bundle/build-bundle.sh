#!/usr/bin/env bash
# Builds the self-contained node bundle: a jlink runtime of only the modules the app needs, the app, a POSIX sh
# launcher bin/ncclscope and, when the build JDK is 25 or newer, an AOT cache (JEP 483/514) trained on a
# representative run (analyze and parse of our H200 capture), then one tar.gz for this platform.
#
#   node-bundle/build-bundle.sh --app service/target/quarkus-app --out node-bundle/target [--jdk DIR] [--version V]
#
# --app: the service's Quarkus fast-jar folder (quarkus-app/), or a plain runnable jar with its lib/ beside it.
# The bundle puts the jars on the plain class path (app/lib/) through manifest-only jars whose Class-Path lists
# them (app/ncclscope.jar for the CLI, app/serve.jar added for 'serve'): the CLI's main class runs with no Quarkus
# class loader in between (only 'serve' boots Quarkus), and the AOT cache can hold the app's classes (it cannot for
# a custom loader). Every command but serve loads the CLI's jars (app/cli-jars lists them) from the boot class path.
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
[ -e "$app" ] || { echo "build-bundle: no app at $app (build the service module first)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"

if [ -z "$jdk" ]; then
  if [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/jlink ]; then jdk=/usr/lib/jvm/temurin-25-jdk-amd64
  elif [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jlink" ]; then jdk="$JAVA_HOME"
  else jdk="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
  fi
fi
[ -x "$jdk/bin/jlink" ] || { echo "build-bundle: no jlink in $jdk" >&2; exit 2; }
feature="$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"

arch="$(uname -m)"
platform="linux-$arch"
[ -n "$version" ] || version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$repo/pom.xml" | head -n 1)"
name="ncclscope-$version-$platform"
stage="$out/bundle/$name"
rm -rf "$out/bundle" "$out"/ncclscope-*.tar.gz
mkdir -p "$stage/bin" "$stage/app/lib"
t0=$SECONDS
echo "build-bundle: JDK $feature at $jdk; app $app" >&2

# The app, on two class paths of plain jars, each named by a manifest-only jar (its Class-Path):
# - app/ncclscope.jar: what every command but serve runs on, and what the AOT cache is trained on: the SDK, the CLI's
#   own classes (alone in lib/ncclscope-cli.jar), collect, the parsers and picocli. Five jars: the JVM opens every
#   class-path jar at start, and the 79 of the whole service took a tenth of a short command's run. The SDK's first:
#   it holds every resource a command reads as it runs (the catalogues, the texts), and a resource lookup opens the
#   jars in Java, in order, until one has it (each one's central directory parsed by code the JVM still interprets);
#   the CLI's catalogue warm-up thread took about 3 ms less CPU with it first (2026-12-05, build machine).
# - app/serve.jar, appended for 'serve' only: Quarkus' transformed and generated classes first, as its own runner
#   puts them (they replace or add to the classes of the jars after them; none is a CLI, parser or SDK class), then
#   the service jar and its dependencies. The AOT cache still applies: the JVM accepts a class path that extends the
#   one the cache was made with.
# - app/cli-jars: the CLI's jars of app/ncclscope.jar again, one line, relative to app/: every command but serve
#   appends them to the boot class path (the launcher says why), and the AOT training reads the same line.
cli_cp=() serve_cp=()
copy() { cp "$1" "$stage/app/lib/"; echo "lib/$(basename "$1")"; }
if [ -d "$app" ]; then
  appjar="$(readlink -f "$(ls "$app"/app/*.jar | head -n 1)")"
  rm -rf "$out/cli-classes" && mkdir -p "$out/cli-classes"
  (cd "$out/cli-classes" && unzip -q "$appjar" 'io/ncclscope/cli/*')
  "$jdk/bin/jar" --create --file "$stage/app/lib/ncclscope-cli.jar" -C "$out/cli-classes" io
  for f in "$app"/lib/main/io.ncclscope.ncclscope-sdk-*.jar; do [ -f "$f" ] && cli_cp+=("$(copy "$f")"); done
  cli_cp+=(lib/ncclscope-cli.jar)
  for f in "$app"/lib/main/io.ncclscope.*.jar "$app"/lib/main/info.picocli.*.jar; do
    case " ${cli_cp[*]} " in *" lib/$(basename "$f") "*) continue ;; esac
    [ -f "$f" ] && cli_cp+=("$(copy "$f")")
  done
  for f in "$app"/quarkus/transformed-bytecode.jar "$app"/quarkus/generated-bytecode.jar "$appjar" \
      "$app"/lib/main/*.jar "$app"/lib/boot/*.jar; do
    [ -f "$f" ] || continue
    case " ${cli_cp[*]} " in *" lib/$(basename "$f") "*) continue ;; esac
    serve_cp+=("$(copy "$f")")
  done
  # Quarkus reads its build-time state from quarkus/ beside the jars when serve boots it.
  mkdir -p "$stage/app/quarkus" && cp "$app"/quarkus/quarkus-application.dat "$stage/app/quarkus/" 2>/dev/null || true
else
  for f in "$app" "$(dirname "$app")"/lib/*.jar; do [ -f "$f" ] && cli_cp+=("$(copy "$f")"); done
fi
[ "${#cli_cp[@]}" -gt 1 ] || { echo "build-bundle: no jars found in $app" >&2; exit 2; }
mkdir -p "$out/manifest"
# Manifest lines hold at most 72 bytes; longer ones continue on lines that start with one space.
manifest_jar() {
  local jar="$1"; shift
  { echo "Manifest-Version: 1.0"; printf 'Class-Path: %s\n' "$*" | fold -b -w 70 | sed '2,$s/^/ /'
    echo "Created-By: ncclscope node-bundle/build-bundle.sh"; } > "$out/manifest/MANIFEST.txt"
  "$jdk/bin/jar" --create --file "$jar" --manifest "$out/manifest/MANIFEST.txt" -C "$out/manifest" MANIFEST.txt
}
manifest_jar "$stage/app/ncclscope.jar" "${cli_cp[@]}"
echo "${cli_cp[*]}" > "$stage/app/cli-jars"
[ "${#serve_cp[@]}" -eq 0 ] || manifest_jar "$stage/app/serve.jar" "${serve_cp[@]}"
[ -n "$version" ] || version="$(for j in "$stage"/app/lib/*.jar; do unzip -p "$j" io/ncclscope/cli/version.properties 2>/dev/null; done \
  | sed -n 's/^version=//p' | head -n 1)"
[ -n "$version" ] || version="dev"
# Classes older than Java 6 (picocli's, compiled for Java 5) cannot go into the AOT cache; with frames added and
# the version raised they can (src/build/UpgradeClassFiles.java says why and how). Needs java.lang.classfile (24+).
if [ "$feature" -ge 24 ]; then
  "$jdk/bin/java" "$here/src/build/UpgradeClassFiles.java" "$stage"/app/lib/*.jar | sed 's/^/build-bundle: /' >&2 \
    || { echo "build-bundle: upgrading old class files failed" >&2; exit 3; }
fi
# The AOT cache records each class-path jar's mtime and refuses jars whose time changed ("timestamp has changed",
# seen on the H200 run); the tar below stamps every entry with this same time, so the cache survives tar -x.
stamp='2026-12-01 00:00Z'
touch -d "$stamp" "$stage"/app/*.jar "$stage"/app/lib/*.jar

# Modules: what jdeps finds, minus java.desktop. The SDK no longer needs it (PNG plots are drawn and encoded in pure
# Java), so jdeps only finds it if a library asks for it; it stays out, and 'plot -o x.png' works in the bundle.
# The CLI needs java.base alone; 'serve' boots Quarkus, whose set is the one the findings measured
# (../shared/recipes/node-bundle-findings.md, section 3.2 notes: jdk.zipfs is invisible to jdeps but needed)
# plus what this service's extensions read (XML config, java.sql types in Jackson, JVM metrics).
if [ -d "$app" ]; then
  # jdk.jfr: a running service can be profiled where it runs (NCCLSCOPE_JAVA_OPTS=-XX:StartFlightRecording=...).
  mods="java.logging,java.naming,java.management,jdk.management,jdk.unsupported,jdk.zipfs,java.xml,java.sql,jdk.jfr"
else
  mods="$("$jdk/bin/jdeps" --multi-release 17 --ignore-missing-deps --print-module-deps "$stage"/app/lib/*.jar 2>/dev/null \
    | tail -n 1 | tr ',' '\n' | grep -v -x java.desktop | paste -sd, -)"
fi
mods="$(echo "java.base,$mods" | tr ',' '\n' | grep -v '^$' | sort -u | paste -sd, -)"
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
# Only a launcher reached through a link of its own (/usr/local/bin/ncclscope -> the bundle's) needs readlink to find
# its bundle; every other run is spared starting it (a process, a millisecond or two of a short command).
self="$0"
if [ -L "$0" ] && command -v readlink >/dev/null 2>&1; then
  r="$(readlink -f -- "$0" 2>/dev/null)" && [ -n "$r" ] && self="$r"
fi
case "$self" in */*) dir="${self%/*}" ;; *) dir=. ;; esac
root="$(cd -- "$dir/.." && pwd)" || exit 3
# Every command runs on the CLI's class path; serve adds the service's (see build-bundle.sh).
cp="$root/app/ncclscope.jar"
# Every command but serve takes the CLI's jars from the boot class path ($boot, from app/cli-jars), the class path
# naming them again. The boot loader defines a class of its own path in the JVM alone, where the class path's loader
# calls into Java for each jar's URL and manifest and each package of a class the AOT cache preloads, and checks the
# verification constraints the cache recorded: of a one-log analyze's main thread on the build machine, 58 against
# 68 ms of CPU (2026-12-05). Like the runtime's own modules, the boot path's classes are not verified when they load
# (the JVM verifies them in every test run). serve keeps the class path alone: the service's classes, on the class
# path, must see the CLI's (a boot class sees boot classes only). A bundle without app/cli-jars (an older build's
# app in benchmarks/device's A/B) runs every command from the class path.
boot="" jars=""
if [ -f "$root/app/cli-jars" ]; then read -r jars < "$root/app/cli-jars" || exit 3; fi
for j in $jars; do boot="${boot:+$boot:}$root/app/$j"; done
# Two JVM set-ups from one bundle. Every command but serve is one short run on one or two cores: Serial GC and C1
# only, least memory and least compiling. serve is a long-running service under load: C2 too (C1 has none of the
# string intrinsics: String.indexOf alone was 14% of a C1-only service's samples, and a paste request cost 2.35 ms of
# CPU against 1.12 with C2 on the build machine), the parallel collector (a request's garbage dies young; about 60 MB
# stays live), a fixed heap so RSS stays flat under load. Each has its own AOT cache, trained with its own flags: a cache refuses a JVM whose module options differ,
# and the CLI's would preload the whole service's classes at every short command.
# A cache the JVM cannot use (jars re-stamped by an unpacker that drops mtimes) only costs startup time, so its log
# lines stay quiet; NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=on makes that an error, -Xlog:aot shows why.
# -Xlog:aot exists from JDK 24 on; a bundle built on 17 has no cache and must not name the tag.
# $logs: the JVM's own warnings go to stderr, never to stdout, which carries the results (the JVM's default is stdout:
# Temurin 25 printed '[warning][aot,codecache,stubs] Saved blob's name ...' as the first line of every analyze here).
# The aot and cds tags are silenced on stderr with all their tag sets (aot*, cds*), that warning's included.
logs="-Xlog:disable -Xlog:all=warning:stderr:uptime,level,tags"
# -XX:ArchiveRelocationMode=0: map the cache at the address it was built for, and relocate it only when that is
# taken. The JDK's default relocates every time (address randomisation of the archive): 60 ms of a 400 ms run here.
# -XX:-UsePerfData: no hsperfdata file for jps/jstat to find; a short command has no use for it.
# -Xmn64m (the CLI): a young generation of 64 MiB whatever the machine's memory. The default is a third of an initial
# heap of 1/64 of RAM (680 MB on a 128 GB node), all of it touched between collections: analyze of a 268 MB log or of
# 256 nodes peaked at 618 and 650 MiB RSS with the heap such a node starts with, 171 and 188 MiB with -Xmn64m (the
# live data of a streamed read is tens of MiB), for the same CPU time.
# --add-opens (serve only): jboss-threads resets thread locals through java.lang, as Quarkus' own runner allows.
# NCCLSCOPE_SERVE_HEAP (default 160m): serve's heap; RSS was 303 to 320 MiB under load (a flight recording on).
# Its young generation is 70% of it, survivors a sixth of that each, fixed (no adaptive resizing): the live data is
# about 15 MiB, and a paste allocates about 1.1 MB. With the default third, the adaptive policy cut the tenuring
# threshold to 1 and requests in flight at a collection were promoted, filling the old generation until a full
# collection stopped every thread (32 young collections per 1,000 requests; 13.7 with this layout, and no full one).
# -XX:MetaspaceSize=64m, -XX:SweeperThreshold=40: no full collection for metaspace growing past its 21 MB default or
# for each 15% of the code cache that C2 fills while it warms up (both seen under load: "Metadata GC Threshold",
# "CodeCache GC Threshold"; with the parallel collector each is a full stop).
# -XX:ParallelGCThreads (at most 4): the collector's threads default to 5/8 of the cores past 8, and each brings its
# own task queues: Native Memory Tracking put the GC's memory at 44 MiB with 16 cores and 16 MiB with 4 threads
# (2026-12-05); on the device at 8 cores, 4 threads gave the same requests/s and p99 as 8. A node of 128 cores would
# otherwise start 83 of them for a 160 MiB heap.
# MALLOC_ARENA_MAX (default 2): glibc gives each thread that allocates natively an arena of its own, up to 8 per core;
# on the device at 8 cores, serve's RSS under load was 346 MiB with 2 arenas against 368-371 with glibc's default, for
# the same CPU per request (2026-12-05). An MALLOC_ARENA_MAX already set is kept.
# -XX:TrimNativeHeapInterval=1000: the JVM hands glibc's free native memory back to the system once a second. C2's
# compilations under load malloc and free tens of MiB that glibc kept: Native Memory Tracking on the device at 8
# cores counted the same 307-311 MiB committed with and without, RSS 369 against 278 MiB; under the load script, RSS
# 350-351 against 273-278 MiB for the same 0.859 ms of CPU per request and 9,010 against 9,024 requests/s
# (2026-12-05, H200 host). Product flag from JDK 17.0.9 on.
# shellcheck disable=SC2086
if [ "${1:-}" = serve ] && [ -f "$root/app/serve.jar" ]; then
  aot=""
  if [ -f "$root/lib/serve.aot" ]; then aot="-XX:AOTCache=$root/lib/serve.aot -Xlog:aot*=off:stderr"; fi
  heap="${NCCLSCOPE_SERVE_HEAP:-160m}"
  case "$heap" in
    *[mM]) heap_mib="${heap%[mM]}" ;;
    *[gG]) heap_mib="${heap%[gG]}"; case "$heap_mib" in ''|*[!0-9]*) ;; *) heap_mib=$((heap_mib * 1024)) ;; esac ;;
    *) heap_mib="" ;;
  esac
  export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
  gc_threads="$(nproc 2>/dev/null || echo 4)"
  case "$gc_threads" in ''|*[!0-9]*) gc_threads=4 ;; esac
  [ "$gc_threads" -gt 4 ] && gc_threads=4
  young=""
  case "$heap_mib" in ''|*[!0-9]*) ;; *) young="-Xmn$((heap_mib * 7 / 10))m -XX:SurvivorRatio=4 -XX:-UseAdaptiveSizePolicy" ;; esac
  exec "$root/runtime/bin/java" -XX:+UseParallelGC "-XX:ParallelGCThreads=$gc_threads" "-Xms$heap" "-Xmx$heap" $young -XX:ReservedCodeCacheSize=64m \
    -XX:MetaspaceSize=64m -XX:SweeperThreshold=40 -XX:TrimNativeHeapInterval=1000 \
    --add-opens java.base/java.lang=ALL-UNNAMED \
    -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 $logs $aot -Xlog:cds*=off:stderr \
    ${NCCLSCOPE_JAVA_OPTS:-} \
    -cp "$cp:$root/app/serve.jar" io.ncclscope.cli.Main "$@"
fi
aot=""
if [ -f "$root/lib/ncclscope.aot" ]; then aot="-XX:AOTCache=$root/lib/ncclscope.aot -Xlog:aot*=off:stderr"; fi
# A folder read on 8 cores or more (analyze, report, workflow, localize of a bundle or a job's logs): each node's files
# are read on every core, and Serial GC's young collections stop them all on one thread. The parallel collector with a
# young generation of 256 MiB took a 1,024-node folder from 2.3-3.3 s to 1.7-1.9 s on the 16-core device, RSS 335 ->
# 352 MiB (2026-12-05). Smaller machines and single files keep the one-core set-up (on 2 cores the parallel collector
# cost as much CPU and twice the RSS). The cache serves either collector.
# The folder is looked for first, with the shell's own test: nproc (a process) runs only when there is one.
# -XX:SurvivorRatio=4 (Serial GC): survivors of 10.7 MiB instead of 6.4. A folder's nodes in flight at a young
# collection overflowed the smaller ones and were promoted, growing the old generation with garbage no collection
# reclaimed before exit: a 1,024-node folder on 2 cores peaked at 270-286 MiB RSS, 142-144 with this ratio, for about
# 1.5 % more CPU; a 268 MB log 123 -> 115 MiB, a small log unchanged (build machine, 2026-12-05).
# -Xms128m (Serial GC): an initial heap of 128 MiB whatever the machine's memory. The default is 1/64 of RAM, 2 GiB
# on a 128 GiB node, and the JVM sets up its tables for the whole initial heap before main runs, on the path of every
# short command: with the memory view of such a node (-XX:MaxRAM=128g -Xmx30g; MaxRAM alone also turns compressed
# oops off, and with them the AOT cache, where a node of its own caps the heap at 30 GiB), a one-log analyze's heap set-up
# (-Xlog:startuptime, Genesis) took 3.7 ms at best against 1.9 with this flag, with 700 more page faults (RSS 54
# against 50 MiB). The old generation grows when a young collection promotes more than it holds: a 128-node folder and
# a 64 MB log took the same young collections and no full one either way (build machine, 2026-12-06). The parallel
# collector's runs (folders on 8 cores or more) keep the JVM's own sizing.
gc="-XX:+UseSerialGC -Xms128m -Xmn64m -XX:SurvivorRatio=4"
case "${1:-}" in
  analyze|report|workflow|localize)
    first=1 folder=""
    for a in "$@"; do
      if [ "$first" = 1 ]; then first=0; continue; fi
      if [ -d "$a" ]; then folder=1; break; fi
    done
    if [ -n "$folder" ]; then
      cores="$(nproc 2>/dev/null || echo 1)"
      case "$cores" in ''|*[!0-9]*) cores=1 ;; esac
      if [ "$cores" -ge 8 ]; then gc="-XX:+UseParallelGC -Xmn256m"; fi
    fi ;;
esac
# shellcheck disable=SC2086
exec "$root/runtime/bin/java" $gc -XX:TieredStopAtLevel=1 -Xss2m -XX:-UsePerfData \
  -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 $logs $aot -Xlog:cds*=off:stderr \
  ${NCCLSCOPE_JAVA_OPTS:-} \
  ${boot:+"-Xbootclasspath/a:$boot"} -cp "$cp" io.ncclscope.cli.Main "$@"
LAUNCHER
chmod 755 "$stage/bin/ncclscope"

# serve's cache: the service started through the launcher's own flags (NCCLSCOPE_JAVA_OPTS carries the output
# option), the requests a chat bot and a dashboard send, then SIGTERM: the JVM writes the cache as it exits.
train_serve() {
  local dir="$1" port=$(( 21000 + $$ % 20000 )) pid ok="" sample="$repo/examples/captured/h200-1gpu"
  command -v curl >/dev/null 2>&1 || { echo "build-bundle: WARNING: no curl: serve gets no AOT cache" >&2; return 0; }
  # exec twice (subshell, launcher): $! is the JVM itself.
  (cd "$dir" && NCCLSCOPE_JAVA_OPTS="-XX:AOTCacheOutput=$stage/lib/serve.aot -Xlog:aot=error -Xlog:cds=error" \
      exec "$stage/bin/ncclscope" serve --port "$port" >"$dir/serve.out" 2>&1) &
  pid=$!
  for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null 2>&1; then ok=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if [ -z "$ok" ]; then
    kill "$pid" 2>/dev/null; echo "build-bundle: serve training did not start:" >&2; tail -n 20 "$dir/serve.out" >&2; return 1
  fi
  local i log
  for i in $(seq 1 40); do
    for log in "$sample"/nccl/*.log; do
      curl -sf -H 'Content-Type: text/plain' -H 'Accept: text/markdown' --data-binary @"$log" \
        "http://127.0.0.1:$port/v1/analyze?name=$(basename "$log")" >/dev/null || true
      [ "$i" -gt 4 ] && continue
      curl -sf -H 'Content-Type: text/plain' --data-binary @"$log" "http://127.0.0.1:$port/v1/analyze" >/dev/null || true
      curl -sf -H 'Content-Type: text/plain' --data-binary @"$log" "http://127.0.0.1:$port/v1/parse" >/dev/null || true
      curl -sf -F "file=@$log" "http://127.0.0.1:$port/v1/analyze" >/dev/null || true
    done
  done
  curl -sf "http://127.0.0.1:$port/v1/rules" >/dev/null || true
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
  [ -f "$stage/lib/serve.aot" ] || { echo "build-bundle: the serve training run wrote no AOT cache:" >&2; tail -n 20 "$dir/serve.out" >&2; return 1; }
}

aot="none"
if [ "$feature" -ge 25 ]; then
  mkdir -p "$stage/lib"
  train="$(mktemp -d)"
  trap 'rm -rf "$train"' EXIT
  # One JVM runs the analysis commands (io.ncclscope.cli.AotTraining), through the bundle's own runtime and class
  # path, so the cache matches what the launcher starts. Not collect: the JVM preloads every class the cache holds at
  # each start, and collect's (processes, threads, the log manager ProcessBuilder wakes) cost every analyze about
  # 10% of its time, while collect itself waits seconds on nvidia-smi and lspci.
  # The same flags as the launcher: the cache refuses a JVM whose module options differ.
  # --version and --help too: a run that names no command builds every command's model.
  # -XX:-AOTRecordTraining: the cache holds the classes, linked, and no method profiles (JEP 515). The commands run C1
  # alone, which uses no profile; with them, every run replayed the training's compilations (every method the training's
  # commands had compiled, folders and JSON included): a one-log analyze cost 0.85x the CPU without them, with the same
  # CPU time on its main thread; a 64-node folder and a 64 MB log were not slower (2026-12-05, on 2 busy cores).
  # The boot class path of app/cli-jars, as the launcher builds it.
  boot=""
  for j in $(cat "$stage/app/cli-jars"); do boot="${boot:+$boot:}$stage/app/$j"; done
  (cd "$train" && "$stage/runtime/bin/java" -XX:+UseSerialGC -Xmn64m -XX:TieredStopAtLevel=1 -Xss2m -XX:-UsePerfData \
      -XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining \
      -XX:AOTCacheOutput="$stage/lib/ncclscope.aot" -Xlog:aot=error -Xlog:cds=error \
      "-Xbootclasspath/a:$boot" -cp "$stage/app/ncclscope.jar" io.ncclscope.cli.AotTraining \
      --version \; --help \; \
      analyze --format md "$repo/examples/captured/h200-1gpu" \; \
      analyze --format json "$repo/examples/captured/h200-1gpu" \; \
      analyze "$repo/examples/captured/h200-1gpu/nccl/info-1rank.log" \; \
      parse "$repo/examples/captured/h200-1gpu/sys/topo-m.txt" >"$train/train.out" 2>"$train/train.err") || {
        echo "build-bundle: AOT training run failed:" >&2; tail -n 20 "$train/train.err" >&2; exit 3; }
  [ -f "$stage/lib/ncclscope.aot" ] || { echo "build-bundle: the training run wrote no AOT cache" >&2; exit 3; }
  aot="$(du -h "$stage/lib/ncclscope.aot" | cut -f1)"
  if [ -f "$stage/app/serve.jar" ]; then
    train_serve "$train" || exit 3
    aot="$aot, serve $(du -h "$stage/lib/serve.aot" | cut -f1)"
  fi
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
