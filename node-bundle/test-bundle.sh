#!/usr/bin/env bash
# Tests the node bundle as users get it: a smoke run on this machine (the AOT cache must load), then 'collect' and
# 'analyze' inside a chroot that holds nothing but the bundle, the glibc files that ldd names for its runtime, and
# /bin/sh (the launcher is a POSIX sh script) with its own glibc needs. No JDK, no /etc, no /usr/lib/jvm there.
#
#   node-bundle/test-bundle.sh BUNDLE.tar.gz|FOLDER   (a folder: the one ncclscope-*.tar.gz in it)
#
# It unpacks the tar.gz as a user would (the AOT cache must survive that: it checks the jars' mtimes).
# The chroot part needs root (.ci/run runs as root); without root it is skipped with a message, never failed.
set -euo pipefail
tgz="$(readlink -f "$1")"
if [ -d "$tgz" ]; then tgz="$(ls "$tgz"/ncclscope-*.tar.gz 2>/dev/null | head -n 1)"; fi
[ -f "$tgz" ] || { echo "test-bundle: no bundle at $1" >&2; exit 2; }
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
unpacked="$(mktemp -d /tmp/ncclscope-bundle-test.XXXXXX)"
root="$(mktemp -d /tmp/ncclscope-chroot.XXXXXX)"
mounted=""
cleanup() {
  if [ -n "$mounted" ]; then umount "$root/proc" 2>/dev/null || true; fi
  if [ -n "${sysmounted:-}" ]; then umount "$root/sys" 2>/dev/null || true; fi
  rm -rf "$root" "$unpacked"
}
trap cleanup EXIT
tar -xzf "$tgz" -C "$unpacked"
bundle="$(ls -d "$unpacked"/ncclscope-*/)"
bundle="${bundle%/}"
B="$bundle/bin/ncclscope"
sample="$repo/examples/captured/h200-1gpu"
fail() { echo "test-bundle: FAILED: $*" >&2; exit 1; }

# 1. Smoke: version with the AOT cache required (AOTMode=on fails rather than falling back silently).
if [ -f "$bundle/lib/ncclscope.aot" ]; then
  NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=on "$B" --version >/dev/null || fail "the AOT cache does not load (-XX:AOTMode=on)"
  echo "test-bundle: AOT cache loads" >&2
else
  "$B" --version >/dev/null || fail "bin/ncclscope --version"
  echo "test-bundle: no AOT cache in this bundle (built with a JDK below 25)" >&2
fi
set +e
"$B" analyze "$sample" > /tmp/ncclscope-bundle-smoke.$$ 2>&1; rc=$?
set -e
grep -q NCCL_DUPLICATE_GPU /tmp/ncclscope-bundle-smoke.$$ || { cat /tmp/ncclscope-bundle-smoke.$$ >&2; fail "analyze of $sample found no NCCL_DUPLICATE_GPU"; }
rm -f /tmp/ncclscope-bundle-smoke.$$
[ "$rc" = 1 ] || fail "analyze of $sample exited $rc, expected 1 (problems found)"
echo "test-bundle: smoke run ok (analyze exit 1, NCCL_DUPLICATE_GPU found)" >&2
# A node whose NVIDIA driver is broken (our blind bundle, in collect's shape): a problem, never healthy.
set +e
"$B" analyze "$repo/examples/blind/broken-driver" > /tmp/ncclscope-bundle-driver.$$ 2>&1; rc=$?
set -e
grep -q GPU_DRIVER_UNREACHABLE /tmp/ncclscope-bundle-driver.$$ \
  || { cat /tmp/ncclscope-bundle-driver.$$ >&2; fail "analyze of the broken-driver bundle found no GPU_DRIVER_UNREACHABLE"; }
rm -f /tmp/ncclscope-bundle-driver.$$
[ "$rc" = 1 ] || fail "analyze of the broken-driver bundle exited $rc, expected 1 (problems found)"
echo "test-bundle: broken-driver bundle ok (analyze exit 1, GPU_DRIVER_UNREACHABLE found)" >&2
# serve runs on a longer class path than the other commands (app/serve.jar added): it must boot and answer.
if command -v curl >/dev/null 2>&1; then
  port=$(( 20000 + $$ % 20000 ))
  # serve's own AOT cache must load too (AOTMode=on fails rather than falling back silently).
  serve_opts=""
  [ -f "$bundle/lib/serve.aot" ] && serve_opts=-XX:AOTMode=on
  NCCLSCOPE_JAVA_OPTS="$serve_opts" "$B" serve --port "$port" > /tmp/ncclscope-bundle-serve.$$ 2>&1 &
  spid=$!
  ok=""
  for _ in $(seq 1 120); do
    if curl -sf -H 'Content-Type: text/plain' --data-binary @"$sample/nccl/duplicate-gpu.log" "http://127.0.0.1:$port/v1/analyze" 2>/dev/null \
        | grep -q NCCL_DUPLICATE_GPU; then ok=1; break; fi
    kill -0 "$spid" 2>/dev/null || break
    sleep 0.5
  done
  kill "$spid" 2>/dev/null || true
  wait "$spid" 2>/dev/null || true
  [ -n "$ok" ] || { cat /tmp/ncclscope-bundle-serve.$$ >&2; fail "serve from the bundle did not answer POST /v1/analyze"; }
  rm -f /tmp/ncclscope-bundle-serve.$$
  echo "test-bundle: serve ok (POST /v1/analyze answered NCCL_DUPLICATE_GPU)" >&2
else
  echo "test-bundle: SKIPPED the serve check: no curl" >&2
fi

# 2. The chroot.
if [ "$(id -u)" != 0 ]; then
  echo "test-bundle: SKIPPED the glibc-only chroot test: it needs root (.ci/run runs as root)" >&2
  exit 0
fi
command -v chroot >/dev/null && command -v ldd >/dev/null || { echo "test-bundle: SKIPPED the chroot test: no chroot or ldd here" >&2; exit 0; }
mkdir -p "$root/opt" "$root/tmp" "$root/proc" "$root/sys" "$root/dev" "$root/data" "$root/bin"
cp -a "$bundle" "$root/opt/ncclscope"
cp -a "$sample" "$root/data/"
sh_bin="$(readlink -f /bin/sh)"
cp "$sh_bin" "$root/bin/sh"
# One real tool of a minimal image (iproute2's ip, in Debian's minbase), so collect runs a command in there and
# analyze reads its output; every other tool of the allow-list is absent and must be recorded as missing.
ip_bin="$(command -v ip 2>/dev/null || true)"
if [ -n "$ip_bin" ]; then ip_bin="$(readlink -f "$ip_bin")"; mkdir -p "$root/usr/sbin"; cp "$ip_bin" "$root/usr/sbin/ip"; fi
libs="$( { ldd "$bundle/runtime/bin/java"; find "$bundle/runtime/lib" -name '*.so' -exec ldd {} \; ; ldd "$sh_bin"; \
  if [ -n "$ip_bin" ]; then ldd "$ip_bin"; fi; } 2>/dev/null \
  | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (0x.*/\1/p' | sort -u)"
for l in $libs; do
  case "$l" in "$bundle"/*) continue ;; esac
  mkdir -p "$root$(dirname "$l")"
  cp -L "$l" "$root$l"
done
# The JVM reads /proc (cgroup limits, its own maps); without the right to mount it, it still runs, less informed.
if mount -t proc proc "$root/proc" 2>/dev/null; then mounted=1; else echo "test-bundle: note: could not mount /proc in the chroot" >&2; fi
if mount -t sysfs sysfs "$root/sys" 2>/dev/null; then sysmounted=1; else echo "test-bundle: note: could not mount /sys in the chroot" >&2; fi
mknod -m 666 "$root/dev/null" c 1 3 2>/dev/null || echo "test-bundle: note: could not create /dev/null in the chroot" >&2
os_files="$(cd "$root" && find . -path ./opt -prune -o -path ./data -prune -o -path ./proc -prune -o -path ./sys -prune -o -type f -print | sort)"
echo "test-bundle: chroot at $root holds, besides the bundle and the sample: $(echo $os_files) ($(cd "$root" && du -ch $os_files | tail -n 1 | cut -f1))" >&2
[ ! -e "$root/usr/bin/java" ] && [ ! -d "$root/usr/lib/jvm" ] || fail "the chroot has a JDK"

set +e
chroot "$root" /opt/ncclscope/bin/ncclscope collect --out /tmp/bundle --node chroot-node --timeout 5 > "$root/collect.out" 2> "$root/collect.err"
rc=$?
set -e
[ "$rc" = 0 ] || { cat "$root/collect.err" >&2; fail "collect in the chroot exited $rc"; }
[ -f "$root/tmp/bundle/manifest.json" ] || fail "collect in the chroot wrote no manifest.json"
grep -q '"host": "chroot-node"' "$root/tmp/bundle/manifest.json" || fail "the manifest does not name the node"
grep -q 'missing' "$root/collect.err" || fail "collect did not report the missing tools"
if [ -n "$ip_bin" ]; then
  [ -s "$root/tmp/bundle/net/ip-addr.txt" ] || { cat "$root/collect.err" >&2; fail "ip addr ran in the chroot but wrote nothing"; }
fi
echo "test-bundle: collect in the chroot ok: $(tail -n 2 "$root/collect.err" | head -n 1)" >&2

set +e
chroot "$root" /opt/ncclscope/bin/ncclscope analyze /tmp/bundle > "$root/a1.out" 2> "$root/a1.err"; rc1=$?
chroot "$root" /opt/ncclscope/bin/ncclscope analyze --format md /data/h200-1gpu > "$root/a2.out" 2> "$root/a2.err"; rc2=$?
set -e
# The chroot has no GPU tools: the verdict must be inconclusive (exit 4) or problems (1), never healthy.
{ [ "$rc1" = 4 ] || [ "$rc1" = 1 ]; } || { cat "$root/a1.err" >&2; fail "analyze of the chroot's own bundle exited $rc1 (a bundle without GPU tools must not be healthy)"; }
grep -q 'chroot-node' "$root/a1.out" || { cat "$root/a1.out" >&2; fail "analyze of the chroot's bundle does not name chroot-node"; }
[ "$rc2" = 1 ] && grep -q NCCL_DUPLICATE_GPU "$root/a2.out" || { cat "$root/a2.err" >&2; fail "analyze of the H200 sample in the chroot exited $rc2"; }
echo "test-bundle: analyze in the chroot ok (own bundle exit $rc1; H200 sample exit $rc2 with NCCL_DUPLICATE_GPU)" >&2
# The same node's bundle as an archive: collect writes a tar.gz, analyze reads it as it reads the folder.
chroot "$root" /opt/ncclscope/bin/ncclscope collect --out /tmp/bundle.tar.gz --node chroot-node --timeout 5 --quiet \
  > /dev/null 2> "$root/c2.err" || { cat "$root/c2.err" >&2; fail "collect --out /tmp/bundle.tar.gz in the chroot"; }
set +e
chroot "$root" /opt/ncclscope/bin/ncclscope analyze /tmp/bundle.tar.gz > "$root/a3.out" 2> "$root/a3.err"; rc3=$?
set -e
{ [ "$rc3" = "$rc1" ] && grep -q 'chroot-node' "$root/a3.out"; } \
  || { cat "$root/a3.out" "$root/a3.err" >&2; fail "analyze of the tar.gz bundle exited $rc3 (the folder: $rc1)"; }
echo "test-bundle: the bundle as a tar.gz analyzed in the chroot as its folder was (exit $rc3)" >&2
echo "test-bundle: PASSED" >&2
