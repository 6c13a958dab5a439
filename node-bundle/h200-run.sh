#!/usr/bin/env bash
# The proof on a real GPU node (the H200 machine of examples/captured/h200-bundle/COMMAND.md): unpack the bundle on
# a node image with no JDK, collect twice around a short GPU job, analyze, and leave everything under $OUT.
# Usage there: bash h200-run.sh BUNDLE.tar.gz   (OUT must be set; at most 8 files come back)
set -u
tgz="$1"; out="${OUT:?OUT must name the folder whose files come back}"
info="$out/node-info.txt"
mkdir -p /opt/ncclscope && tar -xzf "$tgz" -C /opt/ncclscope
B="$(ls -d /opt/ncclscope/ncclscope-*/)bin/ncclscope"
{
  echo "## node"; uname -a; grep PRETTY_NAME /etc/os-release; nproc; id -u
  echo "## java on PATH: $(command -v java || echo none)"; ls /usr/lib/jvm 2>&1 | head -3
  echo "## bundle: $B"; NCCLSCOPE_JAVA_OPTS=-XX:AOTMode=on "$B" --version; echo "AOTMode=on exit $?"
  echo "## tools"; for t in nvidia-smi lspci ethtool ip ibstat ibv_devinfo numactl dmesg; do printf '%s: %s\n' "$t" "$(command -v $t || echo missing)"; done
} > "$info" 2>&1
cd /tmp
"$B" collect --out /tmp/before --timeout 20 2> "$out/collect-stderr.txt"; echo "collect before: exit $?" >> "$info"
# A short GPU job between the two snapshots, so counters and clocks move.
python3 - >> "$info" 2>&1 <<'PY' || echo "gpu job failed" >> "$info"
import torch, time
x = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
t = time.time()
for _ in range(200): y = x @ x
torch.cuda.synchronize(); print(f"gpu job: 200 bf16 8192^3 matmuls in {time.time()-t:.2f} s on {torch.cuda.get_device_name()}")
PY
"$B" collect --out /tmp/after --timeout 20 2>> "$out/collect-stderr.txt"; echo "collect after: exit $?" >> "$info"
"$B" analyze --format json /tmp/before > "$out/analyze-before.json" 2>> "$info"; echo "analyze before: exit $?" >> "$info"
"$B" analyze --format md /tmp/before /tmp/after > "$out/analyze-before-after.md" 2>> "$info"; echo "analyze before+after: exit $?" >> "$info"
"$B" analyze --format json /tmp/before /tmp/after > "$out/analyze-before-after.json" 2>> "$info"
tar -czf "$out/h200-before.tar.gz" -C /tmp before
tar -czf "$out/h200-after.tar.gz" -C /tmp after
{
  echo "## wall time and peak RSS of 'analyze sys/nvsmi-q.txt' (5 runs)"
  for i in 1 2 3 4 5; do
    s=$(date +%s%N); "$B" analyze /tmp/before/sys/nvsmi-q.txt > /dev/null 2>&1; e=$(date +%s%N)
    echo "run $i: $(( (e - s) / 1000000 )) ms"
  done
  if [ -x /usr/bin/time ]; then /usr/bin/time -f 'peak RSS %M KB' "$B" analyze /tmp/before/sys/nvsmi-q.txt > /dev/null; fi
} >> "$info" 2>&1
ls -la "$out" >> "$info"
