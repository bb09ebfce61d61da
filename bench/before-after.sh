#!/usr/bin/env bash
# Two builds of the registry side by side on the same data, for a change on a hot path: both run at
# once on the embedded default, each on its own copy of one seeded store, and their floods alternate
# (before, after, before, after, ...) so that both see the same machine. Prints each flood's
# requests/s and the ratio of the sums, after over before.
#
#   BEFORE_JAR=<build>/quarkus-run.jar AFTER_JAR=<build>/quarkus-run.jar \
#     bench/before-after.sh [artifacts] [seconds per flood] [rounds] [endpoints...]
#
# Endpoints, as bench/get-latest.lua names them: latest, ids, lookup (API=confluent, the default,
# measures the Confluent API's; API=v1 the v1 API's latest and ids). The store is seeded through
# the before build, as a registry upgraded in place holds it. Needs wrk.
artifacts=${1:-10000}
seconds=${2:-15}
rounds=${3:-3}
shift $(( $# < 3 ? $# : 3 ))
if [ $# -gt 0 ]; then endpoints=("$@"); else endpoints=(latest ids lookup); fi
api=${API:-confluent}
: "${BEFORE_JAR:?set BEFORE_JAR to the build to compare against}" "${AFTER_JAR:?set AFTER_JAR to the build to measure}"
source "$(dirname "$0")/lib.sh"
REGISTRY_JAR=$BEFORE_JAR start_registry embedded
seed_artifacts "$artifacts"
kill "$registry_pid"; wait "$registry_pid" 2>/dev/null || true
cp -r "$work/data" "$work/data-after"
REGISTRY_JAR=$BEFORE_JAR start_registry embedded
after_port=$((port + 10))
java -Xmx1g ${JAVA_OPTS:-} -Dquarkus.http.port=$after_port -Dquarkus.http.host=127.0.0.1 -Dquarkus.log.level=WARN \
  -Dstele.storage.embedded.dir="$work/data-after" -jar "$AFTER_JAR" > "$work/after.log" 2>&1 &
after_pid=$!
trap 'kill $after_pid 2>/dev/null || true; wait $after_pid 2>/dev/null || true; cleanup' EXIT
for _ in $(seq 120); do curl -sf "http://127.0.0.1:$after_port/q/health/ready" >/dev/null && break; sleep 0.5; done
curl -sf "http://127.0.0.1:$after_port/q/health/ready" >/dev/null || { echo "The after build did not start:" >&2; cat "$work/after.log" >&2; exit 1; }

ids() { case $1 in latest) echo 0 ;; ids) echo 1 ;; lookup) echo 2 ;; *) echo "unknown endpoint $1" >&2; exit 1 ;; esac; }
flood() { ARTIFACTS=$artifacts IDS=$(ids "$2") API=$api SWEEP=${4:-0} measure -t2 -c64 -d"$3"s -s "$root/bench/get-latest.lua" "$1"; }
before=http://127.0.0.1:$port
after=http://127.0.0.1:$after_port
sweep=$(( artifacts / 1000 > 20 ? artifacts / 1000 : 20 ))
for e in "${endpoints[@]}"; do # every subject, id and lookup text once in turn, then at random
  for u in "$before" "$after"; do flood "$u" "$e" "$sweep" 1 >/dev/null; flood "$u" "$e" 5 >/dev/null; done
done
echo "api: $api, $artifacts artifacts, ${seconds}s per flood, $(nproc) cores"
printf '%-6s %-8s %12s %12s\n' round endpoint before after
declare -A sum_before sum_after
for round in $(seq "$rounds"); do
  for e in "${endpoints[@]}"; do
    read -r b _ < <(flood "$before" "$e" "$seconds")
    read -r a _ < <(flood "$after" "$e" "$seconds")
    sum_before[$e]=$(awk -v x="${sum_before[$e]:-0}" -v y="$b" 'BEGIN {print x + y}')
    sum_after[$e]=$(awk -v x="${sum_after[$e]:-0}" -v y="$a" 'BEGIN {print x + y}')
    printf '%-6s %-8s %12s %12s\n' "$round" "$e" "$b" "$a"
  done
done
for e in "${endpoints[@]}"; do
  awk -v e="$e" -v b="${sum_before[$e]}" -v a="${sum_after[$e]}" 'BEGIN {printf "%-8s after/before %.3f\n", e, a / b}'
done
