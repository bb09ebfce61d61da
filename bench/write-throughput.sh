#!/usr/bin/env bash
# Versions created per second through the REST API with 1, 8 and 32 concurrent writers, on
# PostgreSQL (default), the Kafka log, Infinispan or the embedded default. Not a test: it prints a table.
#
#   bench/write-throughput.sh [postgresql|kafka|infinispan|embedded] [seconds per run]
#
# WRITERS="1 8 32" (the default) sets the runs, one per number of writers; WARMUP=90 the warm-up, in s.
# Each run prints the CPU time per version, in microseconds, that the registry and, on Kafka and
# Infinispan, the backend's server used: steadier from run to run than the rate on a shared machine.
# REGISTRY_JAR runs another build's quarkus-run.jar; JAVA_OPTS adds JVM options to the registry (a
# profile: -XX:StartFlightRecording=settings=profile,...). INFINISPAN_JAVA_OPTS sets the Infinispan
# node's, in place of its default -XX:+UseParallelGC (set empty, the node runs the JVM's own collector).
# Needs a built project (mvn -B -DskipTests install) and wrk; the backend's server is started as the
# tests start it (bench/lib.sh). Everything runs on 127.0.0.1 and is removed afterwards.
kind=${1:-postgresql}
seconds=${2:-20}
source "$(dirname "$0")/lib.sh"
start_registry "$kind"
artifacts=1000
seed_artifacts $artifacts

# warm-up: the JIT compiles the write path (about a minute of load on two cores) before anything is measured
ARTIFACTS=$artifacts measure -t2 -c8 -d${WARMUP:-90}s -s "$root/bench/new-versions.lua" "http://127.0.0.1:$port" >/dev/null
echo "backend: $kind, $artifacts artifacts, ${seconds}s per run, $(nproc) cores"
printf '%-8s %12s %10s %10s %8s %14s %13s\n' writers versions/s p50 p99 errors registry-us/v backend-us/v
for writers in ${WRITERS:-1 8 32}; do
  threads=$(( writers < 2 ? 1 : 2 ))
  cpu0=$(registry_cpu) backend0=$(backend_cpu)
  read -r rps p50 p99 errors < <(ARTIFACTS=$artifacts measure -t$threads -c$writers -d${seconds}s --latency \
    -s "$root/bench/new-versions.lua" "http://127.0.0.1:$port")
  printf '%-8s %12s %10s %10s %8s %14s %13s\n' "$writers" "$rps" "$p50" "$p99" "$errors" \
    "$(per_request $(( $(registry_cpu) - cpu0 )) "$rps" "$seconds")" \
    "$(per_request $(( $(backend_cpu) - backend0 )) "$rps" "$seconds")"
done
