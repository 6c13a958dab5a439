#!/usr/bin/env python3
"""Captures real PyTorch gloo hang outputs, one log per rank, for examples/hangs/captured/.

Run with Debian's python3-torch (1.13): /usr/bin/python3 tools/hangs/capture_gloo.py OUT_DIR [SCENARIO...]
Scenarios (4 processes on one machine, gloo backend, TORCH_DISTRIBUTED_DEBUG as given):
  monitored-barrier  rank 2 sleeps past a 5 s monitored_barrier: rank 0 names the rank that did not arrive.
  mismatch           TORCH_DISTRIBUTED_DEBUG=DETAIL; rank 1 all_reduces 20 elements where the others use 10.
Each rank's stderr goes to OUT_DIR/<scenario>/rank<N>.log.
"""
import datetime
import os
import sys
import time
import traceback

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

WORLD = 4


def run(rank, scenario, out, port):
    log = open(os.path.join(out, scenario, f"rank{rank}.log"), "w")
    os.dup2(log.fileno(), 2)
    os.dup2(log.fileno(), 1)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=WORLD, timeout=datetime.timedelta(seconds=20))
    try:
        if scenario == "monitored-barrier":
            t = torch.ones(10)
            for _ in range(3):
                dist.all_reduce(t)
            if rank == 2:
                time.sleep(12)
            dist.monitored_barrier(timeout=datetime.timedelta(seconds=5))
        elif scenario == "mismatch":
            dist.all_reduce(torch.ones(10))
            dist.all_reduce(torch.ones(20 if rank == 1 else 10))
    except Exception:
        traceback.print_exc()
        sys.stderr.flush()
    os._exit(0)


def main():
    out = sys.argv[1]
    scenarios = sys.argv[2:] or ["monitored-barrier", "mismatch"]
    for i, scenario in enumerate(scenarios):
        os.makedirs(os.path.join(out, scenario), exist_ok=True)
        # Read when torch.distributed is imported: set before the workers are spawned.
        os.environ["TORCH_DISTRIBUTED_DEBUG"] = "DETAIL" if scenario == "mismatch" else "OFF"
        mp.start_processes(run, args=(scenario, out, 29611 + i), nprocs=WORLD, join=True, start_method="spawn")


if __name__ == "__main__":
    main()
