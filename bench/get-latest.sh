#!/usr/bin/env bash
# GET-latest throughput and latency over many artifacts, side by side with a constant 350-byte
# endpoint of the same application, alternating the two in one run so both see the same machine.
#
#   bench/get-latest.sh [postgresql|kafka|embedded] [artifacts] [seconds per round] [connections]
#
# Needs a built registry (mvn -B -DskipTests install), wrk, and for PostgreSQL the machine's
# PostgreSQL server (Debian: postgresql). Everything runs on 127.0.0.1 and is removed afterwards.
kind=${1:-postgresql}
artifacts=${2:-100000}
seconds=${3:-20}
connections=${4:-64}
source "$(dirname "$0")/lib.sh"
start_registry "$kind" -Dstele.bench.constant-endpoint=true
started=$(date +%s)
seed_artifacts "$artifacts"
echo "seeded $artifacts artifacts through the REST API in $(( $(date +%s) - started )) s"

url=http://127.0.0.1:$port
latest() { ARTIFACTS=$artifacts measure -t2 -c$connections -d${1}s --latency -s "$root/bench/get-latest.lua" "$url"; }
constant() { CONSTANT=1 measure -t2 -c$connections -d${1}s --latency -s "$root/bench/get-latest.lua" "$url"; }
latest 30 >/dev/null   # warm-up: loads every artifact into the cache, compiles the hot path
constant 10 >/dev/null

echo "backend: $kind, $artifacts artifacts, $connections connections, ${seconds}s per round, $(nproc) cores"
printf '%-6s %-10s %12s %10s %10s %8s\n' round endpoint requests/s p50 p99 errors
declare -a lr lp cr cp
for round in 1 2 3; do
  read -r rps p50 p99 err < <(constant "$seconds"); cr+=("$rps"); cp+=("$p99")
  printf '%-6s %-10s %12s %10s %10s %8s\n' "$round" constant "$rps" "$p50" "$p99" "$err"
  read -r rps p50 p99 err < <(latest "$seconds"); lr+=("$rps"); lp+=("$p99")
  printf '%-6s %-10s %12s %10s %10s %8s\n' "$round" latest "$rps" "$p50" "$p99" "$err"
done
python3 - "${lr[*]}" "${cr[*]}" "${lp[*]}" "${cp[*]}" <<'PY'
import sys
def ms(v):
    for unit, f in (("us", 1e-3), ("ms", 1.0), ("s", 1e3)):
        if v.endswith(unit) and (unit != "s" or not v.endswith(("us", "ms"))):
            return float(v[: -len(unit)]) * f
    return float(v)
lr, cr = [float(x) for x in sys.argv[1].split()], [float(x) for x in sys.argv[2].split()]
lp, cp = [ms(x) for x in sys.argv[3].split()], [ms(x) for x in sys.argv[4].split()]
print(f"GET-latest / constant, requests/s: {sum(lr)/sum(cr):.2f}  (mean {sum(lr)/len(lr):.0f} vs {sum(cr)/len(cr):.0f})")
print(f"GET-latest / constant, p99 latency: {sum(lp)/sum(cp):.2f}  (mean {sum(lp)/len(lp):.2f} ms vs {sum(cp)/len(cp):.2f} ms)")
PY
echo "from /q/metrics after the run:"
curl -s "$url/q/metrics" | grep -E '^(cache_gets_total|cache_size)\{cache="stele.latest"|^http_server_requests_seconds_count\{method="GET".*uri="/api/artifacts/\{artifactId\}"|^stele_storage_operation_seconds_count\{.*latest_version' || true
