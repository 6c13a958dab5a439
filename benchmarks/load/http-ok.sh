# Sourced by benchmarks/load/analyze-wrk.sh and benchmarks/table.sh (device/make-kit.sh packs benchmarks/load/*).
# GET http://127.0.0.1:PORT/PATH answers 200: curl when there is one, else bash's /dev/tcp (node images may lack curl).
http_ok() {
  if command -v curl >/dev/null 2>&1; then curl -sf "http://127.0.0.1:$1$2" >/dev/null 2>&1; return; fi
  local status
  { exec 3<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
  read -r status <&3 || status=""
  exec 3<&- 3>&-
  case "$status" in *" 200"*) return 0 ;; *) return 1 ;; esac
}
