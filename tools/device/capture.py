#!/usr/bin/env python3
"""Real hang and failure captures on a one-GPU machine with PyTorch 2.x and its bundled NCCL.

    python3 tools/device/capture.py OUT_DIR [GROUP...]      groups: gloo, nccl-stuck, nccl-fail, tools (default: all)

gloo        4 processes, gloo backend, Flight Recorder on (TORCH_FR_BUFFER_SIZE=2000); scenarios: skip (rank 3 skips the
            4th all_reduce), sleep (rank 1 sleeps 40 s in Python before it), killed (rank 2 is SIGKILLed before it),
            mismatch (rank 1 all_reduces 20 elements, the others 10), mismatch-detail (the same with
            TORCH_DISTRIBUTED_DEBUG=DETAIL), monitored-barrier (rank 2 late to a 5 s monitored_barrier). Collective
            timeout 10 s. Each rank writes OUT/gloo/<scenario>/rank<N>.log (stderr+stdout) and, after the failure,
            its own Flight Recorder dump as rank<N>.pkl (pickle) and rank<N>.json (JSON), through
            torch._C._distributed_c10d._dump_fr_trace / _dump_fr_trace_json (gloo never dumps on timeout itself).
nccl-stuck  1 rank, NCCL backend, NCCL_DEBUG=INFO, TORCH_NCCL_DUMP_ON_TIMEOUT=1: three all_reduces, then a GPU kernel
            that spins for 120 s (torch.cuda._sleep) and an all_reduce queued behind it, timeout 10 s: the
            ProcessGroupNCCL watchdog fires and writes its own dump (OUT/nccl-stuck/nccl_trace_rank_0). While it is
            stuck, a minimal RAS client (the protocol of NCCL's src/ras/client.cc: CLIENT PROTOCOL, SET FORMAT,
            [VERBOSE] STATUS) asks the job's RAS socket (localhost:28028) for its text, verbose and JSON status.
nccl-fail   1 rank (duplicate-gpu: 2 ranks on GPU 0), NCCL_DEBUG=INFO, one all_reduce, under environment mistakes.
tools       nvidia-smi variants and fragments (nvlink -s/-c, topo -m/-p2p, -q sections, -q -x, grep fragments).
Every command and its exit status goes to OUT/HOW.md.
"""
import datetime
import json
import os
import signal
import socket
import subprocess
import sys
import time
import traceback

WORLD = 4
GLOO_SCENARIOS = os.environ.get("CAPTURE_GLOO", "").split(",") if os.environ.get("CAPTURE_GLOO") else ["skip", "sleep", "killed", "mismatch", "mismatch-detail", "monitored-barrier"]
HOW = []


def note(line):
    HOW.append(line)
    print(line, flush=True)


def dump_fr(prefix, nccl=False):
    import torch
    c10d = torch._C._distributed_c10d
    names = (["_dump_nccl_trace", "_dump_fr_trace"] if nccl else ["_dump_fr_trace", "_dump_nccl_trace"])
    for name in names:
        fn = getattr(c10d, name, None)
        if fn is None:
            continue
        try:
            data = fn()
            with open(prefix + ".pkl", "wb") as f:
                f.write(data if isinstance(data, (bytes, bytearray)) else bytes(data))
            print(f"capture: {name}() wrote {prefix}.pkl", file=sys.stderr, flush=True)
            break
        except Exception as e:  # record why, keep going
            print(f"capture: {name}() failed: {e!r}", file=sys.stderr, flush=True)
    for name in (["_dump_nccl_trace_json", "_dump_fr_trace_json"] if nccl else ["_dump_fr_trace_json", "_dump_nccl_trace_json"]):
        fn = getattr(c10d, name, None)
        if fn is None:
            continue
        try:
            data = fn(True, False)
            with open(prefix + ".json", "wb") as f:  # PyTorch 2.11 returns the JSON text as bytes
                f.write(data if isinstance(data, (bytes, bytearray)) else
                        (data if isinstance(data, str) else json.dumps(data)).encode())
            print(f"capture: {name}(True, False) wrote {prefix}.json", file=sys.stderr, flush=True)
            break
        except Exception as e:
            print(f"capture: {name}() failed: {e!r}", file=sys.stderr, flush=True)


def gloo_rank(rank, scenario, out, port):
    d = os.path.join(out, "gloo", scenario)
    log = open(os.path.join(d, f"rank{rank}.log"), "w")
    os.dup2(log.fileno(), 2)
    os.dup2(log.fileno(), 1)
    import torch
    import torch.distributed as dist
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=WORLD, timeout=datetime.timedelta(seconds=10))
    try:
        t = torch.ones(10)
        for _ in range(3):
            dist.all_reduce(t)
        dist.broadcast(t, src=0)
        if scenario == "skip":
            if rank != 3:
                dist.all_reduce(t)
            dist.all_reduce(torch.ones(10))
            dist.all_reduce(torch.ones(10))
        elif scenario == "sleep":
            if rank == 1:
                time.sleep(40)
            dist.all_reduce(t)
        elif scenario == "killed":
            if rank == 2:
                sys.stderr.flush()
                os.kill(os.getpid(), signal.SIGKILL)
            dist.all_reduce(t)
        elif scenario in ("mismatch", "mismatch-detail"):
            dist.all_reduce(torch.ones(20 if rank == 1 else 10))
        elif scenario == "monitored-barrier":
            if rank == 2:
                time.sleep(12)
            dist.monitored_barrier(timeout=datetime.timedelta(seconds=5))
        print(f"capture: rank {rank} finished {scenario} without an error; staying alive 15 s", file=sys.stderr,
              flush=True)
        time.sleep(15)  # a rank that got through stays alive, as in a real job: the others see a timeout, not a reset
    except Exception:
        traceback.print_exc()
        sys.stderr.flush()
    dump_fr(os.path.join(d, f"rank{rank}"))
    sys.stderr.flush()
    os._exit(0)


def gloo(out):
    for i, scenario in enumerate(GLOO_SCENARIOS):
        os.makedirs(os.path.join(out, "gloo", scenario), exist_ok=True)
        env = dict(os.environ, TORCH_DISTRIBUTED_DEBUG="DETAIL" if scenario == "mismatch-detail" else "OFF",
                   TORCH_FR_BUFFER_SIZE="2000", TORCH_NCCL_TRACE_BUFFER_SIZE="2000")
        t0 = time.time()
        procs = [subprocess.Popen([sys.executable, os.path.abspath(__file__), "--gloo-rank", str(r), scenario, out,
                                   str(29711 + i)], env=env) for r in range(WORLD)]
        rcs = []
        for p in procs:
            try:
                rcs.append(p.wait(timeout=max(1, 90 - (time.time() - t0))))
            except subprocess.TimeoutExpired:
                p.kill(); rcs.append("killed after 90 s")
        note(f"- gloo/{scenario}: TORCH_DISTRIBUTED_DEBUG={env['TORCH_DISTRIBUTED_DEBUG']} TORCH_FR_BUFFER_SIZE=2000, "
             f"exit {rcs}, {time.time() - t0:.1f} s")


NCCL_STUCK = r'''
import datetime, os, sys, torch, torch.distributed as dist
os.environ.setdefault("MASTER_ADDR", "127.0.0.1"); os.environ.setdefault("MASTER_PORT", "29811")
dist.init_process_group("nccl", rank=0, world_size=1, timeout=datetime.timedelta(seconds=10), device_id=torch.device("cuda:0"))
t = torch.ones(1 << 20, device="cuda")
for _ in range(3):
    dist.all_reduce(t)
torch.cuda.synchronize()
print("capture: three all_reduces done; spinning the GPU", file=sys.stderr, flush=True)
torch.cuda._sleep(int(2e9 * 120))
dist.all_reduce(t)
torch.cuda.synchronize()
print("capture: synchronize returned", file=sys.stderr, flush=True)
'''


def ras_query(fmt="text", verbose=False, port=28028):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.settimeout(30)
    f = s.makefile("rwb")
    f.write(b"CLIENT PROTOCOL 2\n"); f.flush()
    hello = f.readline().decode(errors="replace")
    if fmt != "text":
        f.write(f"SET FORMAT {fmt}\n".encode()); f.flush()
        f.readline()
    f.write(b"VERBOSE STATUS\n" if verbose else b"STATUS\n"); f.flush()
    body = f.read().decode(errors="replace")
    s.close()
    return hello, body


def nccl_stuck(out):
    d = os.path.join(out, "nccl-stuck")
    os.makedirs(d, exist_ok=True)
    env = dict(os.environ, NCCL_DEBUG="INFO", TORCH_NCCL_DUMP_ON_TIMEOUT="1", TORCH_NCCL_TRACE_BUFFER_SIZE="2000",
               TORCH_FR_BUFFER_SIZE="2000", TORCH_NCCL_DEBUG_INFO_TEMP_FILE=os.path.join(d, "nccl_trace_rank_"),
               TORCH_NCCL_ENABLE_MONITORING="1", TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC="60", NCCL_RAS_ENABLE="1")
    with open(os.path.join(d, "rank0.log"), "w") as log:
        p = subprocess.Popen([sys.executable, "-c", NCCL_STUCK], stdout=log, stderr=subprocess.STDOUT, env=env)
        time.sleep(8)
        for name, fmt, verbose in (("ras.txt", "text", False), ("ras-verbose.txt", "text", True), ("ras.json", "json", False)):
            try:
                hello, body = ras_query(fmt, verbose)
                with open(os.path.join(d, name), "w") as f:
                    f.write(body)
                note(f"- nccl-stuck/{name}: RAS answered {hello.strip()!r}, {len(body)} bytes")
            except Exception as e:
                note(f"- nccl-stuck/{name}: RAS query failed: {e!r}")
        try:
            rc = p.wait(timeout=120)
        except subprocess.TimeoutExpired:
            p.kill(); rc = "killed after 120 s"
    note(f"- nccl-stuck: exit {rc}; files {sorted(os.listdir(d))}")


NCCL_ONE = r'''
import datetime, os, sys, torch, torch.distributed as dist
rank = int(os.environ.get("RANK", "0")); world = int(os.environ.get("WORLD_SIZE", "1"))
os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
if os.environ.get("CAPTURE_FILL_GPU") == "1":
    free, total = torch.cuda.mem_get_info()
    hog = torch.empty(free - (64 << 20), dtype=torch.uint8, device="cuda:0")
    print(f"capture: holding {hog.numel() >> 20} MiB of {total >> 20} MiB", file=sys.stderr, flush=True)
dist.init_process_group("nccl", rank=rank, world_size=world, timeout=datetime.timedelta(seconds=20), device_id=torch.device("cuda:0"))
t = torch.ones(1 << 20, device="cuda:0")
dist.all_reduce(t)
torch.cuda.synchronize()
print(f"capture: all_reduce gave {t[0].item()}", file=sys.stderr, flush=True)
dist.destroy_process_group()
'''

NCCL_FAILS = {
    "net-bogus": {"NCCL_NET": "Bogus"},
    "net-ib-no-ib": {"NCCL_NET": "IB"},
    "net-plugin-missing": {"NCCL_NET_PLUGIN": "/opt/missing/libnccl-net-none.so"},
    "ib-hca-bogus": {"NCCL_IB_HCA": "=mlx5_99:1"},
    "p2p-level-bogus": {"NCCL_P2P_LEVEL": "BOGUS"},
    "topo-missing": {"NCCL_TOPO_FILE": "/nonexistent/topo.xml"},
    "ifname-prefix-none": {"NCCL_SOCKET_IFNAME": "=ib0"},
    "socket-family-bad": {"NCCL_SOCKET_FAMILY": "AF_INET9"},
    "comm-id-unreachable": {"NCCL_COMM_ID": "10.255.255.1:29999"},
    "buffsize-tiny": {"NCCL_BUFFSIZE": "1"},
    "oom-before-init": {"CAPTURE_FILL_GPU": "1"},
    "debug-warn": {"NCCL_DEBUG": "WARN", "NCCL_SOCKET_IFNAME": "bogus1"},
    "duplicate-gpu": {"WORLD_SIZE": "2"},
}


def nccl_fail(out):
    d = os.path.join(out, "nccl-fail")
    os.makedirs(d, exist_ok=True)
    for name, extra in NCCL_FAILS.items():
        env = dict(os.environ, NCCL_DEBUG="INFO", MASTER_PORT=str(29900 + len(os.listdir(d))))
        env.update(extra)
        t0 = time.time()
        ranks = int(extra.get("WORLD_SIZE", "1"))
        logs = [open(os.path.join(d, f"{name}.log" if ranks == 1 else f"{name}.rank{r}.log"), "w") for r in range(ranks)]
        procs = [subprocess.Popen([sys.executable, "-c", NCCL_ONE], stdout=logs[r], stderr=subprocess.STDOUT,
                                  env=dict(env, RANK=str(r))) for r in range(ranks)]
        rcs = []
        for p in procs:
            try:
                rcs.append(p.wait(timeout=60))
            except subprocess.TimeoutExpired:
                p.kill(); rcs.append("killed after 60 s")
        for f in logs:
            f.close()
        shown = " ".join(f"{k}={v}" for k, v in extra.items())
        note(f"- nccl-fail/{name}: NCCL_DEBUG={env['NCCL_DEBUG']} {shown}: exit {rcs}, {time.time() - t0:.1f} s")


TOOLS = {
    "nvlink-c.txt": "nvidia-smi nvlink -c",
    "nvlink-s.txt": "nvidia-smi nvlink -s",
    "nvlink-e.txt": "nvidia-smi nvlink -e",
    "topo-m.txt": "nvidia-smi topo -m",
    "topo-p2p-r.txt": "nvidia-smi topo -p2p r",
    "topo-p2p-w.txt": "nvidia-smi topo -p2p w",
    "topo-p2p-n.txt": "nvidia-smi topo -p2p n",
    "topo-p2p-a.txt": "nvidia-smi topo -p2p a",
    "nvsmi-q-x.xml": "nvidia-smi -q -x",
    "nvsmi-q-ecc.txt": "nvidia-smi -q -d ECC",
    "nvsmi-q-clock.txt": "nvidia-smi -q -d CLOCK",
    "nvsmi-q-perf.txt": "nvidia-smi -q -d PERFORMANCE",
    "nvsmi-q-row-remapper.txt": "nvidia-smi -q -d ROW_REMAPPER",
    "nvsmi-q-grep-link.txt": "nvidia-smi -q | grep -i -A 2 'link width'",
    "nvsmi-q-grep-gen.txt": "nvidia-smi -q | grep -i -E 'Link (Gen|Width)|Current|Max' ",
    "nvsmi-q-grep-bus.txt": "nvidia-smi -q | grep -i 'bus id'",
    "nvsmi-query-csv.txt": "nvidia-smi --query-gpu=index,name,pci.bus_id,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max,clocks.sm,power.draw --format=csv",
    "nvsmi-query-csv-noheader.txt": "nvidia-smi --query-gpu=index,name,pci.bus_id,pcie.link.width.current --format=csv,noheader,nounits",
    "nvsmi-remapped-rows.txt": "nvidia-smi --query-remapped-rows=gpu_bus_id,remapped_rows.correctable,remapped_rows.uncorrectable,remapped_rows.pending,remapped_rows.failure --format=csv",
    "lspci-nvidia-vv.txt": "lspci -d 10de: -vv",
    "lspci-tv.txt": "lspci -tv",
    "ibv-devinfo.txt": "ibv_devinfo",
    "ibstat.txt": "ibstat",
    "ip-br-addr.txt": "ip -br addr",
    "ip-d-link.txt": "ip -d link show",
    "nvidia-smi-topo-mp.txt": "nvidia-smi topo -mp",
}


def tools(out):
    d = os.path.join(out, "tools")
    os.makedirs(d, exist_ok=True)
    for name, cmd in TOOLS.items():
        with open(os.path.join(d, name), "w") as f:
            try:
                rc = subprocess.run(["bash", "-c", cmd], stdout=f, stderr=subprocess.STDOUT, timeout=60).returncode
            except subprocess.TimeoutExpired:
                rc = "timeout"
        note(f"- tools/{name}: `{cmd}` exit {rc}")


def main():
    if sys.argv[1] == "--gloo-rank":
        gloo_rank(int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    out = os.path.abspath(sys.argv[1])
    groups = sys.argv[2:] or ["tools", "nccl-stuck", "gloo", "nccl-fail"]
    os.makedirs(out, exist_ok=True)
    import torch
    note(f"# Captured {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')} by tools/device/capture.py")
    try:
        nccl = ".".join(map(str, torch.cuda.nccl.version()))
        gpu = torch.cuda.get_device_name(0)
    except Exception as e:
        nccl = gpu = f"unknown ({e!r})"
    note(f"torch {torch.__version__}, CUDA {torch.version.cuda}, NCCL {nccl}, GPU {gpu}, Python {sys.version.split()[0]}")
    for g in groups:
        t0 = time.time()
        try:
            {"gloo": gloo, "nccl-stuck": nccl_stuck, "nccl-fail": nccl_fail, "tools": tools}[g](out)
        except Exception:
            note(f"- {g}: the capture itself failed:\n```\n{traceback.format_exc()}```")
        note(f"## {g}: {time.time() - t0:.1f} s")
        with open(os.path.join(out, "HOW.md"), "w") as f:
            f.write(__doc__ + "\n" + "\n".join(HOW) + "\n")


if __name__ == "__main__":
    main()
