"""Writes two probe folders from ncclscope's written example examples/hangs/stuck (4 NCCL ranks, every rank started
all_reduce 88, none completed), to try the checks PyTorch's fr_trace makes that the real captures do not exercise.
  state-mismatch:   ranks 0-2 completed 88 and started 89, rank 3 still in 88 (fr_trace: COLLECTIVE_STATE_MISMATCH)
  stuck-dumps-only: the four dumps unchanged, without the logs and the kernel log
Usage: probes.py <ncclscope checkout> <out folder>"""
import copy, glob, os, pickle, sys

repo, out = sys.argv[1], sys.argv[2]
src = {}
for f in glob.glob(os.path.join(repo, "examples/hangs/stuck/*/nccl_trace_rank_*")):
    with open(f, "rb") as fh:
        src[int(f.rsplit("_", 1)[1])] = pickle.load(fh)


def save(name, dumps):
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    for rank, d in dumps.items():
        with open(os.path.join(folder, f"nccl_trace_rank_{rank}"), "wb") as fh:
            pickle.dump(d, fh)


lagging = copy.deepcopy(src)
for rank in (0, 1, 2):
    d = lagging[rank]
    last = d["entries"][-1]
    last.update(state="completed", time_discovered_completed_ns=last["time_discovered_started_ns"] + 400, retired=True)
    nxt = copy.deepcopy(last)
    nxt.update(record_id=last["record_id"] + 1, collective_seq_id=89, op_id=last["op_id"] + 1, state="started",
               time_discovered_completed_ns=None, retired=False)
    d["entries"].append(nxt)
    d["pg_status"] = {k: {"last_enqueued_collective": 89, "last_started_collective": 89,
                          "last_completed_collective": 88} for k in d["pg_status"]}
save("state-mismatch", lagging)
save("stuck-dumps-only", copy.deepcopy(src))
