#!/usr/bin/env bash
# Registrations of a schema its subject already has, through the Confluent-compatible API, as the
# serializers of many producers make when they start: requests per second and the registry's CPU
# per request, over three floods after a warm-up (whose first request to each subject registers its
# schema). Not a test: it prints a table.
#
#   bench/register-existing.sh [postgresql|kafka|infinispan|embedded] [subjects] [seconds per flood]
#
# REGISTRY_JAR runs another build's quarkus-run.jar, to compare two builds. Needs a built registry
# (mvn -B -DskipTests install) and wrk. Everything runs on 127.0.0.1 and is removed afterwards.
kind=${1:-embedded}
subjects=${2:-100}
seconds=${3:-15}
source "$(dirname "$0")/lib.sh"
start_registry "$kind"
flood() { SUBJECTS=$subjects measure -t2 -c32 -d"$1"s --latency -s "$root/bench/register.lua" "http://127.0.0.1:$port"; }
flood "${WARMUP:-60}" >/dev/null
echo "backend: $kind, $subjects subjects, ${seconds}s per flood, $(nproc) cores"
printf '%-6s %12s %10s %10s %8s %14s\n' flood requests/s p50 p99 errors registry-us/req
for round in 1 2 3; do
  cpu0=$(registry_cpu)
  read -r rps p50 p99 errors < <(flood "$seconds")
  printf '%-6s %12s %10s %10s %8s %14s\n' "$round" "$rps" "$p50" "$p99" "$errors" \
    "$(per_request $(( $(registry_cpu) - cpu0 )) "$rps" "$seconds")"
done
