#!/usr/bin/env python3
"""Writes SYNTHETIC two-node nccl-tests outputs for examples/pairs (not measurements).

Reads the round/pair layout from plan/pairs.sbatch (written by `ncclscope plan pairs`) and writes
results/round-R/A__B.txt for each pair in the format all_reduce_perf 2.13 prints: 2 nodes x 8 A100 GPUs,
16 ranks, 8 B to 8 GiB. Healthy pairs plateau near 190 GB/s busbw (the published 2-node 8xHDR figure);
node05 is a slow node (about 47 GB/s with everyone); node02<->node07 is a slow path (about 96 GB/s, both
fine with others). Deterministic: rerunning gives the same files.
"""
import os
import re
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SLOW_NODE = "node05"
SLOW_PATH = {"node02", "node07"}
NRANKS = 16
BUS = 2 * (NRANKS - 1) / NRANKS  # all_reduce busbw factor
BUS_IDS = ["07:00", "0b:00", "48:00", "4c:00", "88:00", "8b:00", "c8:00", "cb:00"]


def plateau(a, b):
    if SLOW_NODE in (a, b):
        base = 47.0
    elif {a, b} == SLOW_PATH:
        base = 96.0
    else:
        base = 190.0
    j = (zlib.crc32((a + b).encode()) % 600) / 100.0 - 3.0  # -3..+3 GB/s, deterministic
    return base + j * base / 190.0


def table(a, b, round_no):
    p = plateau(a, b)
    peak_alg = p / BUS
    seed = zlib.crc32((a + b).encode())
    out = []
    out.append("# nccl-tests version 2.13.9 nccl-headers=21903 nccl-library=21903")
    out.append("# Collective test starting: all_reduce_perf")
    out.append("# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 "
               "agg iters: 1 validation: 1 graph: 0")
    out.append("#")
    out.append("# Using devices")
    for r in range(NRANKS):
        host = a if r < 8 else b
        pid = 20000 + (seed % 5000) + r
        out.append("#  Rank %2d Group  0 Pid %6d on %10s device %2d [0000:%s] NVIDIA A100-SXM4-80GB"
                   % (r, pid, host, r % 8, BUS_IDS[r % 8]))
    out.append("#")
    out.append("#                                                              out-of-place                       in-place          ")
    out.append("#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong")
    out.append("#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ")
    total = 0.0
    n = 0
    size = 8
    i = 0
    while size <= 8 * 1024 ** 3:
        count = size // 4
        halves = []
        for k in range(2):
            wobble = 1.0 + (((seed >> (i % 24)) + k * 7 + i * 13) % 21 - 10) / 1000.0
            t = (24.0 + size / (peak_alg * 1e3)) * wobble
            alg = size / (t * 1e3)
            halves.append((t, alg, alg * BUS))
        def fmt_t(t):
            return "%8.1f" % t if t < 10000 else "%8d" % round(t)
        row = "%12d  %12d     float     sum      -1 %s  %6.2f  %6.2f      0 %s  %6.2f  %6.2f      0" % (
            size, count, fmt_t(halves[0][0]), halves[0][1], halves[0][2], fmt_t(halves[1][0]), halves[1][1], halves[1][2])
        out.append(row)
        total += halves[0][2] + halves[1][2]
        n += 2
        size *= 2
        i += 1
    out.append("# Out of bounds values : 0 OK")
    out.append("# Avg bus bandwidth    : %.4f " % (total / n))
    out.append("#")
    out.append("# Collective test concluded: all_reduce_perf")
    out.append("#")
    return "\n".join(out) + "\n"


def main():
    sbatch = open(os.path.join(HERE, "plan", "pairs.sbatch"), encoding="utf-8").read()
    pat = re.compile(r"--nodelist=(\S+),(\S+) .*> pairs/round-(\d+)/(\S+)\.txt")
    written = 0
    for a, b, rnd, label in pat.findall(sbatch):
        assert label == a + "__" + b, label
        d = os.path.join(HERE, "results", "round-" + rnd)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, label + ".txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write(table(a, b, int(rnd)))
        written += 1
    print("wrote", written, "synthetic results")


if __name__ == "__main__":
    main()
