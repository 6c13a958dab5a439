#!/bin/bash
# Provoke NCCL's bootstrap connect retries on one GPU (NCCL from the PyTorch wheel), logs to $OUT.
set -u
PY=$(command -v python3)
for p in /opt/torch/.venv/bin/python3 /opt/*/bin/python3; do [ -x "$p" ] && PY=$p && break; done
echo "python: $PY"; $PY -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())'
LIB=$($PY -c 'import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null)
echo "libnccl: $LIB"
cat > /tmp/init.py <<'PY'
import ctypes, os, sys, torch
rank = int(sys.argv[1]); lib = sys.argv[2]
torch.cuda.set_device(0); torch.zeros(1, device="cuda")
nccl = ctypes.CDLL(lib)
class Id(ctypes.Structure): _fields_ = [("internal", ctypes.c_byte * 128)]
uid = Id(); r = nccl.ncclGetUniqueId(ctypes.byref(uid)); print("getUniqueId", r, flush=True)
comm = ctypes.c_void_p()
r = nccl.ncclCommInitRank(ctypes.byref(comm), 2, uid, rank)
print("rank", rank, "ncclCommInitRank ->", r, nccl.ncclGetErrorString(r) if False else "", flush=True)
PY
export NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo NCCL_COMM_ID=127.0.0.1:29999
cd /tmp
# 1: rank 1 starts 3 s before the root: refused connects retried, then bootstrap completes, then the duplicate GPU
( $PY /tmp/init.py 1 "$LIB" > $OUT/late-root.rank1.log 2>&1 & )
sleep 3
timeout 120 $PY /tmp/init.py 0 "$LIB" > $OUT/late-root.rank0.log 2>&1
sleep 5
# 2: the root never comes: the retries run out
NCCL_COMM_ID=127.0.0.1:29998 timeout 200 $PY /tmp/init.py 1 "$LIB" > $OUT/no-root.rank1.log 2>&1
echo "no-root exit $?"
# 3: connects dropped (ETIMEDOUT) when iptables is here
if command -v iptables >/dev/null && iptables -A INPUT -i lo -p tcp --dport 29997 --syn -j DROP 2>$OUT/iptables.err; then
  ( sleep 40; iptables -D INPUT -i lo -p tcp --dport 29997 --syn -j DROP ) &
  ( NCCL_COMM_ID=127.0.0.1:29997 timeout 200 $PY /tmp/init.py 1 "$LIB" > $OUT/dropped.rank1.log 2>&1 & )
  sleep 1
  NCCL_COMM_ID=127.0.0.1:29997 timeout 200 $PY /tmp/init.py 0 "$LIB" > $OUT/dropped.rank0.log 2>&1
  sleep 5
else
  echo "no iptables: $(command -v iptables) $(cat $OUT/iptables.err 2>/dev/null)"
fi
ls -la $OUT; for f in $OUT/*.log; do echo "== $f"; grep -c . $f; grep -E "WARN|retrying|exceeded|->|Duplicate" $f | head -8; done
