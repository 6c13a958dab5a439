#!/usr/bin/env bash
# One curl call per operation of 'ncclscope serve', on this project's own H200 capture. Each call must answer as
# shown (the HTTP status is checked); RestExamplesTest runs this script against the service, so it cannot drift.
#
#   ./ncclscope serve &                       # in another shell, or: BASE=http://host:port
#   bash examples/rest/curl-examples.sh [BASE]
set -euo pipefail
BASE="${1:-${BASE:-http://127.0.0.1:8080}}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cap="$here/captured/h200-1gpu"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# call NAME EXPECTED_STATUS curl-args...: runs curl, checks the status, shows the first lines of the answer.
call() {
  local name="$1" want="$2"
  shift 2
  local got
  got="$(curl -sS -o "$tmp/out" -w '%{http_code}' "$@")"
  echo "== $name: HTTP $got"
  head -c 400 "$tmp/out"
  echo
  if [ "$got" != "$want" ]; then
    echo "curl-examples: $name answered $got, expected $want" >&2
    exit 1
  fi
}

# A pasted NCCL log -> the verdict as JSON (the default), Markdown for a chat, or a Slack / Feishu message.
call analyze-json 200 -H 'Content-Type: text/plain' --data-binary "@$cap/nccl/duplicate-gpu.log" "$BASE/v1/analyze"
call analyze-markdown 200 -H 'Content-Type: text/plain' -H 'Accept: text/markdown' \
  --data-binary "@$cap/nccl/bad-ifname.log" "$BASE/v1/analyze?name=job.log"
call analyze-zh 200 -H 'Content-Type: text/plain' -H 'Accept: text/markdown' \
  --data-binary "@$cap/nccl/bad-ifname.log" "$BASE/v1/analyze?lang=zh-CN"
call analyze-slack 200 -H 'Content-Type: text/plain' --data-binary "@$cap/nccl/duplicate-gpu.log" "$BASE/v1/analyze?render=slack"
call analyze-feishu 200 -H 'Content-Type: text/plain' --data-binary "@$cap/nccl/duplicate-gpu.log" "$BASE/v1/analyze?render=feishu"
call analyze-html 200 -H 'Content-Type: text/plain' -H 'Accept: text/html' --data-binary "@$cap/nccl/duplicate-gpu.log" "$BASE/v1/analyze"

# Files and a whole node bundle as an archive (one folder per node; meta.txt marks this one as a node).
tar -czf "$tmp/h200.tar.gz" -C "$here/captured" h200-1gpu
call analyze-upload 200 -F "file=@$cap/nccl/duplicate-gpu.log" -F "topo=@$cap/sys/topo-m.txt" "$BASE/v1/analyze"
call analyze-bundle 200 -H 'Accept: text/markdown' -F "bundle=@$tmp/h200.tar.gz" "$BASE/v1/analyze"

# Named artifacts as JSON (jq-free: the body is built with printf and a JSON string quoter in perl; tool outputs
# hold tabs and ANSI escapes, which JSON must escape).
json_string() { perl -0777 -pe 's/\\/\\\\/g; s/"/\\"/g; s/\n/\\n/g; s/\r/\\r/g; s/\t/\\t/g; s/([\x00-\x1f])/sprintf("\\u%04x", ord($1))/ge' "$1"; }
printf '{"artifacts":[{"name":"vm/job.log","node":"vm","text":"%s"},{"name":"vm/topo.txt","node":"vm","text":"%s"}]}' \
  "$(json_string "$cap/nccl/bad-ifname.log")" "$(json_string "$cap/sys/topo-m.txt")" > "$tmp/artifacts.json"
call analyze-artifacts 200 -H 'Content-Type: application/json' --data-binary "@$tmp/artifacts.json" "$BASE/v1/analyze"

# Typed facts of one output, the kinds read, the rule catalogue.
call parse 200 -H 'Content-Type: text/plain' --data-binary "@$cap/sys/topo-m.txt" "$BASE/v1/parse"
call parse-kind 200 -H 'Content-Type: text/plain' --data-binary "@$cap/nccl/duplicate-gpu.log" "$BASE/v1/parse?kind=nccl-log"
call kinds 200 "$BASE/v1/kinds"
call rules 200 "$BASE/v1/rules?lang=zh-CN"
call rule 200 -H 'Accept: text/markdown' "$BASE/v1/rules/NCCL_DUPLICATE_GPU"

# The A/B switch method: default vs NCCL_IB_DISABLE=1 (nccl-tests outputs of both runs).
printf '{"a":{"label":"default","artifacts":[{"name":"default.txt","text":"%s"}]},"b":{"label":"ib-disable","artifacts":[{"name":"ib-disable.txt","text":"%s"}]}}' \
  "$(json_string "$(ls "$here"/ab/rdma-suspect/default/* | head -1)")" \
  "$(json_string "$(ls "$here"/ab/rdma-suspect/ib-disable/* | head -1)")" > "$tmp/ab.json"
call compare 200 -H 'Content-Type: application/json' -H 'Accept: text/markdown' --data-binary "@$tmp/ab.json" "$BASE/v1/compare"

# Pairwise tests for 8 nodes as an sbatch script, then localize the slow node from their results.
call plan-pairs 200 -H 'Content-Type: application/json' -d '{"nodes":"gpu[01-08]","launcher":"slurm","gpusPerNode":8}' "$BASE/v1/plan/pairs"
{
  printf '{"artifacts":['
  sep=""
  for f in "$here"/pairs/results/*/*.txt; do
    printf '%s{"name":"%s","text":"%s"}' "$sep" "$(basename "$f")" "$(json_string "$f")"
    sep=","
  done
  printf ']}'
} > "$tmp/pairs.json"
call localize 200 -H 'Content-Type: application/json' -H 'Accept: text/markdown' --data-binary "@$tmp/pairs.json" "$BASE/v1/localize"
# The second pass from a screening round's results: each suspect against known-good nodes.
{
  printf '{"nodes":"node[01-08]","partners":2,"retest":['
  sep=""
  for f in "$here"/pairs/results/round-1/*.txt; do
    printf '%s{"name":"%s","text":"%s"}' "$sep" "$(basename "$f")" "$(json_string "$f")"
    sep=","
  done
  printf ']}'
} > "$tmp/retest.json"
call plan-retest 200 -H 'Content-Type: application/json' --data-binary "@$tmp/retest.json" "$BASE/v1/plan/pairs"

# The five-step workflow: state out, then back in with the next evidence.
printf '{"artifacts":[{"name":"job.log","text":"%s"}]}' "$(json_string "$cap/nccl/bad-ifname.log")" > "$tmp/wf1.json"
call workflow 200 -H 'Content-Type: application/json' --data-binary "@$tmp/wf1.json" "$BASE/v1/workflow"
printf '{"state":%s,"artifacts":[{"name":"topo.txt","node":"vm","text":"%s"}]}' "$(cat "$tmp/out")" \
  "$(json_string "$cap/sys/topo-m.txt")" > "$tmp/wf2.json"
call workflow-next 200 -H 'Content-Type: application/json' --data-binary "@$tmp/wf2.json" "$BASE/v1/workflow"

# Errors are RFC 9457 problems: text that is no tool output (422), and the node snapshot, off by default (404).
call not-a-tool-output 422 -H 'Content-Type: text/plain' --data 'my training hangs, help' "$BASE/v1/analyze"
call snapshot-off 404 "$BASE/v1/node/snapshot"

# Operations: health, Prometheus metrics, the contract.
call health 200 "$BASE/q/health"
call metrics 200 "$BASE/q/metrics"
call openapi 200 "$BASE/q/openapi"
echo "curl-examples: every call answered as expected"
