#!/bin/bash
# A peer rank killed in the middle of all_reduce: two ranks on one GPU made two "hosts" by NCCL_HOSTID, so NCCL talks
# over its socket transport on lo; logs to $OUT.
set -u
PY=$(command -v python3)
for p in /opt/torch/.venv/bin/python3 /opt/*/bin/python3; do [ -x "$p" ] && PY=$p && break; done
echo "python: $PY"; $PY -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())'
nvidia-smi -L
cat > /tmp/peer.py <<'PY'
import datetime, os, signal, sys, time
import torch, torch.distributed as dist
rank = int(os.environ["RANK"]); victim = int(os.environ["VICTIM"])
os.environ.setdefault("NCCL_HOSTID", f"node-{rank}")  # one GPU, two "hosts": NCCL's socket transport between them
torch.cuda.set_device(0)
dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=60), device_id=torch.device("cuda:0"))
x = torch.ones(1 << 20, device="cuda")
for i in range(3000):
    dist.all_reduce(x)
    torch.cuda.synchronize()
    if rank == victim and i == 20:
        print(f"rank {rank}: SIGKILL to myself after {i + 1} all_reduce calls", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.01)
print(f"rank {rank}: done", flush=True)
dist.destroy_process_group()
PY
export NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo NCCL_IB_DISABLE=1 MASTER_ADDR=127.0.0.1 WORLD_SIZE=2
cd /tmp
run_pair() { # name victim port
  local name=$1 victim=$2 port=$3
  ( RANK=1 LOCAL_RANK=0 VICTIM=$victim NCCL_HOSTID=node-b MASTER_PORT=$port timeout 150 $PY /tmp/peer.py > $OUT/$name.rank1.log 2>&1; echo "rank 1 exit $?" >> $OUT/$name.exit ) &
  RANK=0 LOCAL_RANK=0 VICTIM=$victim NCCL_HOSTID=node-a MASTER_PORT=$port timeout 150 $PY /tmp/peer.py > $OUT/$name.rank0.log 2>&1
  echo "rank 0 exit $?" >> $OUT/$name.exit
  wait
}
# 1: rank 1 dies; rank 0's NCCL sees its socket closed
run_pair rank1-killed 1 29510
# 2: rank 0 dies (it hosts the c10d TCPStore); rank 1 loses NCCL's socket and the store
run_pair rank0-killed 0 29520
# 3: under torchrun (one agent, two workers), rank 1 dies
VICTIM=1 MASTER_PORT=29530 timeout 200 $PY -m torch.distributed.run --nnodes=1 --nproc_per_node=2 --master_port=29530 \
  /tmp/peer.py > $OUT/torchrun-rank1-killed.log 2>&1 || echo "torchrun exit $?" >> $OUT/torchrun.exit
ls -la $OUT; cat $OUT/*.exit
for f in $OUT/*.log; do echo "== $f $(wc -l < $f)"; grep -E "WARN|Error|error|exitcode|SIGKILL|Signal|reset|closed" $f | head -12; done
