#!/usr/bin/env bash
# CPU time per request of the registry and of the bare application (bench/bare) under the same
# flood of GET latest (or, with IDS=1, GET by globalId): process CPU from /proc over three floods
# each, after a warm-up. Extra registry settings go in REG_OPTS, to see what one costs.
#
#   [REG_OPTS="-D..."] [IDS=1] bench/cpu-per-request.sh [postgresql|kafka|embedded] [artifacts] [seconds per flood]
kind=${1:-postgresql}
artifacts=${2:-10000}
seconds=${3:-15}
source "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2086
start_registry "$kind" ${REG_OPTS:-}
seed_artifacts "$artifacts"
curl -sf "http://127.0.0.1:$port/api/artifacts/bench-1" > "$work/body"
start_bare "$work/body"
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{printf "%d\n", ($14+$15)*1000/hz}' "/proc/$1/stat"; }
flood() { ARTIFACTS=$artifacts IDS=${IDS:-0} measure -t2 -c64 -d"$2"s --latency -s "$root/bench/get-latest.lua" "$1"; }
flood "http://127.0.0.1:$port" 30 >/dev/null
flood "http://127.0.0.1:$bare_port" 10 >/dev/null
echo "backend: $kind, $artifacts artifacts, registry settings: ${REG_OPTS:-none}"
for target in bare registry; do
  if [ $target = bare ]; then pid=$bare_pid; u=http://127.0.0.1:$bare_port; else pid=$registry_pid; u=http://127.0.0.1:$port; fi
  for round in 1 2 3; do
    c0=$(cpu_ms "$pid")
    read -r rps _ p99 _ < <(flood "$u" "$seconds")
    c1=$(cpu_ms "$pid")
    python3 -c "import sys; r=float(sys.argv[1]); c=int(sys.argv[2]); s=int(sys.argv[3]); print(f'{sys.argv[4]:8} round {sys.argv[5]}: {r:8.0f} requests/s, p99 {sys.argv[6]}, {c/1000/s:.2f} cores, {c*1000/(r*s):.2f} us of CPU per request')" \
      "$rps" $((c1 - c0)) "$seconds" $target $round "$p99"
  done
done
