"""Writes adapted copies of Flight Recorder dumps so that fr_trace's matching logic can run on them.
Only two things change, both facts fr_trace's loader/Op refuse for gloo:
  1. pg_config is re-keyed by the process-group name the entries carry (gloo writes the key '' while its
     entries say ('0', 'default_pg')); an empty rank list '[]' (TORCH_DISTRIBUTED_DEBUG=DETAIL wrapper) becomes
     the ranks of the dumps present;
  2. the backend prefix of profiling_name 'gloo:' becomes 'nccl:' (Op accepts only nccl and xccl).
JSON dumps are read with json and written as pickles (tuples for process_group), since fr_trace reads pickles only.
Usage: adapt.py <src folder> <dst folder>"""
import json, os, pickle, re, sys

src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst, exist_ok=True)
dumps = {}
for root, _, files in os.walk(src):
    for f in files:
        m = re.match(r"(?:rank|nccl_trace_rank_)(\d+)(\.pkl|\.json)?$", f)
        if not m:
            continue
        path = os.path.join(root, f)
        if f.endswith(".json"):
            with open(path, encoding="utf-8") as fh:
                d = json.load(fh)
            for e in d["entries"]:
                e["process_group"] = tuple(e["process_group"])
        else:
            with open(path, "rb") as fh:
                d = pickle.load(fh)
        dumps[int(m.group(1))] = d
present = sorted(dumps)
for rank, d in dumps.items():
    names = {e["process_group"] for e in d["entries"]}
    old = list(d["pg_config"].values())
    config = {}
    for name, desc in names:
        base = old[0] if len(old) == 1 else d["pg_config"].get(name, {})
        ranks = base.get("ranks", "[]")
        if ranks == "[]":
            ranks = str(present)
        config[name] = {"name": name, "desc": desc, "ranks": ranks}
    d["pg_config"] = config
    for e in d["entries"]:
        e["profiling_name"] = re.sub(r"^gloo:", "nccl:", e["profiling_name"])
    with open(os.path.join(dst, f"rank{rank}"), "wb") as fh:
        pickle.dump(d, fh)
print(f"adapted ranks {present} -> {dst}")
