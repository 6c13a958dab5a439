#!/usr/bin/env python3
"""Writes examples/hangs/: three hangs of our own making, NOT captured from a real job.

No machine with GPUs was available, so the NCCL logs, watchdog lines and Flight Recorder dumps are written from the
formats in PyTorch's sources (torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp, FlightRecorderDetail.hpp: dump format
2.10, pickled with protocol 2 as torch's pickler writes it, or JSON as _dump_fr_trace_json writes it) and NCCL's INFO
lines. Run from the repository root: python3 tools/hangs/make_examples.py
  rank-not-entered/  8 ranks on 2 nodes; rank 5 never enqueues all_reduce 120, the 7 others time out in it.
  mismatch/          4 ranks on 1 node; at collective 57 rank 3 all_reduces 2048 elements, the others 1024 (JSON dumps).
  stuck/             4 ranks on 2 nodes; every rank started all_reduce 88 and none completed; node-e logged Xid 79.
ras/ncclras-status.txt was written by hand in the layout of NCCL's docs/ras and src/ras/client_support.cc (the report
`ncclras -v` would give for rank-not-entered: rank 5 missing and one operation behind); it is not generated here.
"""
import json
import os
import pickle

OUT = "examples/hangs"
T0 = 1733355000000000000


def nccl_lines(host, pid, rank, nranks, gpu):
    p = f"{host}:{pid}:{pid} [{gpu}] NCCL INFO "
    return [p + "NCCL version 2.21.5+cuda12.4",
            p + f"comm 0x55d0c0a{rank:03d}0 rank {rank} nranks {nranks} cudaDev {gpu} nvmlDev {gpu} busId {0x18 + 0x20 * gpu:x}000 "
                f"commId 0x7f3a9c1e2b4d6e8f - Init COMPLETE"]


def watchdog(rank, seq, numel):
    return (f"[rank{rank}]:[E1204 23:31:07.{100428331 + rank * 1000} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught "
            f"collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)=600000) ran for {600045 + rank} milliseconds before timing out.")


def dump_signal(rank, source, enq, done):
    return (f"[rank{rank}]:[E1204 23:31:08.{200428331 + rank * 1000} ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) "
            f"Rank {rank}] Received a dump signal due to a collective timeout from  rank {source} and we will try our best "
            f"to dump the debug info. Last enqueued NCCL work: {enq}, last completed NCCL work: {done}.This is most likely "
            f"caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not "
            f"same for all ranks or the scheduled collective, for some reason, didn't run.")


def entry(i, seq, numel, state, nranks, dtype="Float"):
    started = T0 + seq * 1000000 + 500 if state in ("started", "completed") else None
    done = T0 + seq * 1000000 + 900 if state == "completed" else None
    return {"record_id": i, "pg_id": 0, "process_group": ("0", "default_pg"), "thread_name": "pt_main_thread",
            "thread_id": "140213", "collective_seq_id": seq, "p2p_seq_id": 0, "op_id": seq,
            "profiling_name": "nccl:all_reduce", "time_created_ns": T0 + seq * 1000000,
            "duration_ms": 0.25 if state == "completed" else None,
            "input_sizes": [[numel]], "input_dtypes": [dtype], "output_sizes": [[numel]], "output_dtypes": [dtype],
            "state": state, "time_discovered_started_ns": started, "time_discovered_completed_ns": done,
            "retired": state == "completed", "timeout_ms": 600000, "is_p2p": False,
            "frames": [{"name": "all_reduce", "filename": "torch/distributed/distributed_c10d.py", "line": 2501},
                       {"name": "train_step", "filename": "train.py", "line": 88}]}


def dump(entries, nranks, last_enq, last_start, last_done, as_json=False):
    d = {"version": "2.10", "comm_lib_version": "2.21.5",
         "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": str(list(range(nranks)))}},
         "pg_status": {"0": {"last_enqueued_collective": last_enq, "last_started_collective": last_start,
                             "last_completed_collective": last_done}},
         "entries": entries}
    if as_json:
        for e in d["entries"]:
            e["process_group"] = list(e["process_group"])
            e["time_discovered_started_ns"] = e["time_discovered_started_ns"] or 0
            e["time_discovered_completed_ns"] = e["time_discovered_completed_ns"] or 0
            if e["duration_ms"] is None:
                del e["duration_ms"]
        for k in d["pg_status"]["0"]:
            d["pg_status"]["0"][k] = str(d["pg_status"]["0"][k])
    return d


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_pickle(path, d):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        pickle.dump(d, f, protocol=2)


def rank_not_entered():
    base = f"{OUT}/rank-not-entered"
    for node, ranks in (("node-a", range(0, 4)), ("node-b", range(4, 8))):
        lines = []
        for r in ranks:
            lines += nccl_lines(node, 2100 + r, r, 8, r % 4)
        for r in ranks:
            lines.append(dump_signal(r, 0, 119, 119) if r == 5 else watchdog(r, 120, 4194304))
        write(f"{base}/{node}/train.log", lines)
        for r in ranks:
            last = 119 if r == 5 else 120
            es = [entry(i, s, 4194304, "completed" if s < 120 else "started", 8) for i, s in enumerate(range(101, last + 1))]
            write_pickle(f"{base}/{node}/nccl_trace_rank_{r}", dump(es, 8, last, last, 119))


def mismatch():
    base = f"{OUT}/mismatch/node-c"
    lines = []
    for r in range(4):
        lines += nccl_lines("node-c", 3100 + r, r, 4, r)
    lines += [watchdog(r, 57, 2048 if r == 3 else 1024) for r in range(4)]
    write(f"{base}/train.log", lines)
    for r in range(4):
        es = [entry(i, s, 2048 if (r == 3 and s == 57) else 1024, "completed" if s < 57 else "scheduled", 4)
              for i, s in enumerate(range(41, 58))]
        os.makedirs(base, exist_ok=True)
        with open(f"{base}/nccl_trace_rank_{r}.json", "w") as f:
            json.dump(dump(es, 4, 57, 56, 56, as_json=True), f)


def stuck():
    base = f"{OUT}/stuck"
    for node, ranks in (("node-d", (0, 1)), ("node-e", (2, 3))):
        lines = []
        for r in ranks:
            lines += nccl_lines(node, 4100 + r, r, 4, r % 2)
        lines += [watchdog(r, 88, 65536) for r in ranks]
        write(f"{base}/{node}/train.log", lines)
        for r in ranks:
            es = [entry(i, s, 65536, "completed" if s < 88 else "started", 4) for i, s in enumerate(range(80, 89))]
            write_pickle(f"{base}/{node}/nccl_trace_rank_{r}", dump(es, 4, 88, 88, 87))
    write(f"{base}/node-e/dmesg.txt", [
        "[Wed Dec  4 23:21:03 2026] NVRM: Xid (PCI:0000:38:00): 79, pid=4103, name=python, GPU has fallen off the bus."])


if __name__ == "__main__":
    rank_not_entered()
    mismatch()
    stuck()
