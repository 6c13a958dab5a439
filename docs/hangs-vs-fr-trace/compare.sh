#!/bin/bash
# Runs PyTorch's fr_trace on every Flight Recorder dump folder of ncclscope (docs/hangs-vs-fr-trace.md says how).
# fr_trace's own files are not in this repository: place them first under $FR/torch/distributed/flight_recorder/
# (fr_trace.py, components/{builder,config_manager,fr_logger,loader,types,utils}.py, the commits the page names) with
# empty __init__.py files for torch, torch.distributed, flight_recorder and components. Outputs: $FR/out/<case>.txt.
# Usage: compare.sh <ncclscope checkout> [FR folder, default /tmp/frtrace]
set -u
REPO=$(cd "${1:?ncclscope checkout}" && pwd)
FR=${2:-/tmp/frtrace}
HERE=$(cd "$(dirname "$0")" && pwd)
IN=$FR/in; OUT=$FR/out
rm -rf "$IN" "$OUT"; mkdir -p "$IN" "$OUT"
run() { # case-name dump-folder [fr_trace arguments]
  local name=$1 dir=$2; shift 2
  { echo "\$ python3 -m torch.distributed.flight_recorder.fr_trace $dir $*"
    (cd "$FR" && PYTHONPATH=$FR python3 -m torch.distributed.flight_recorder.fr_trace "$dir" "$@" 2>&1); echo "[exit $?]"; } > "$OUT/$name.txt"
}
# 1. the folders as they are
for d in "$REPO"/examples/hangs/captured-2.11/* "$REPO"/examples/hangs/captured-2.11-json/* "$REPO"/examples/hangs/rank-not-entered \
         "$REPO"/examples/hangs/stuck "$REPO"/examples/hangs/mismatch; do
  rel=${d#$REPO/examples/hangs/}; run "asis-${rel//\//_}" "$d"
done
# 2. the pickles only, rankN.pkl renamed rankN (the loader wants names that end in the rank), contents unchanged
for d in "$REPO"/examples/hangs/captured-2.11/* "$REPO"/parsers/src/test/resources/fr-2.11-pairs/*; do
  case=$(basename "$d"); src=$(basename "$(dirname "$d")"); t=$IN/renamed/$src/$case; mkdir -p "$t"
  for f in "$d"/rank*.pkl; do [ -f "$f" ] && cp "$f" "$t/$(basename "${f%.pkl}")"; done
  for f in "$d"/nccl_trace_rank_*; do [ -f "$f" ] && cp "$f" "$t/"; done
  run "renamed-$src-$case" "$t"
  run "renamed-$src-$case-incomplete" "$t" --allow-incomplete-ranks
done
for d in "$REPO"/examples/hangs/rank-not-entered "$REPO"/examples/hangs/stuck; do
  case=$(basename "$d"); t=$IN/renamed/written/$case; mkdir -p "$t"
  find "$d" -name 'nccl_trace_rank_*' -exec cp {} "$t/" \;
  run "renamed-written-$case" "$t"
done
# a JSON dump named as the loader wants: fr_trace reads pickles only
mkdir -p "$IN/jsononly"
for f in "$REPO"/examples/hangs/captured-2.11-json/gloo-skip/rank*.json; do b=$(basename "$f"); cp "$f" "$IN/jsononly/${b%.json}"; done
run "json-renamed-gloo-skip" "$IN/jsononly"
# 3. adapted copies (adapt.py): what fr_trace's matching concludes once its refusals of gloo and JSON are lifted
for d in "$REPO"/examples/hangs/captured-2.11/gloo-* "$REPO"/examples/hangs/captured-2.11-json/gloo-* "$REPO"/examples/hangs/mismatch; do
  src=$(basename "$(dirname "$d")"); case=$(basename "$d"); t=$IN/adapted/$src/$case
  python3 "$HERE/adapt.py" "$d" "$t" > /dev/null
  run "adapted-$src-$case" "$t"
  run "adapted-$src-$case-incomplete" "$t" --allow-incomplete-ranks
done
# 4. probes of the checks no capture exercises (probes.py)
python3 "$HERE/probes.py" "$REPO" "$IN/probes"
for c in state-mismatch stuck-dumps-only; do run "probe-$c" "$IN/probes/$c"; done
# ncclscope on the same folders
mkdir -p "$OUT/ncclscope"
for d in "$REPO"/examples/hangs/captured-2.11/* "$REPO"/examples/hangs/captured-2.11-json/* "$REPO"/examples/hangs/rank-not-entered \
         "$REPO"/examples/hangs/stuck "$REPO"/examples/hangs/mismatch "$REPO"/examples/hangs/ras \
         "$REPO"/parsers/src/test/resources/fr-2.11-pairs/* "$IN"/probes/*; do
  n=$(basename "$(dirname "$d")")_$(basename "$d")
  "$REPO/ncclscope" analyze -q -f md "$d" > "$OUT/ncclscope/$n.md"; echo "[exit $?]" >> "$OUT/ncclscope/$n.md"
done
