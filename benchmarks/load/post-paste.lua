-- wrk script: POST one chat paste to /v1/analyze, asking for the chat Markdown, as a bot does.
-- The paste is the file named by $PASTE (read once per wrk thread).
local path = os.getenv("PASTE")
local f = assert(io.open(path, "rb"), "cannot read PASTE=" .. tostring(path))
local body = f:read("*a")
f:close()

wrk.method = "POST"
wrk.path = "/v1/analyze?name=chat-paste"
wrk.body = body
wrk.headers["Content-Type"] = "text/plain; charset=UTF-8"
wrk.headers["Accept"] = "text/markdown"

-- Count answers that are not 200 (wrk counts non-2xx itself; this also names the statuses seen).
local bad = {}
response = function(status, headers, body)
  if status ~= 200 then bad[status] = (bad[status] or 0) + 1 end
end

done = function(summary, latency, requests)
  io.write(string.format("LOAD requests=%d duration_s=%.1f rps=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f connect_err=%d read_err=%d write_err=%d timeouts=%d status_err=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
