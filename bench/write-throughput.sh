#!/usr/bin/env bash
# Versions created per second through the REST API, with 1, 8 and 32 concurrent writers, on
# PostgreSQL (default) or the embedded default. Not a test: it prints a table.
#
#   bench/write-throughput.sh [postgresql|embedded] [seconds per run]
#
# Needs: a built registry (mvn -B -DskipTests install), wrk, and for PostgreSQL the machine's
# PostgreSQL server binaries (Debian: postgresql-15). Everything runs on 127.0.0.1 and is removed
# afterwards.
set -euo pipefail
kind=${1:-postgresql}
seconds=${2:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
jar=$root/app/target/quarkus-app/quarkus-run.jar
work=$(mktemp -d /tmp/stele-bench.XXXXXX)
chmod 755 "$work"
port=18080
pgport=15432
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -f "$work/pg/postmaster.pid" ]; then as_pg "$pgbin/pg_ctl" stop -m fast -D "$work/pg" >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

settings=(-Dquarkus.http.port=$port -Dquarkus.http.host=127.0.0.1 -Dquarkus.log.level=WARN)
if [ "$kind" = postgresql ]; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  [ "$(id -u)" = 0 ] && chown postgres "$work"
  echo stele > "$work/pw"
  as_pg "$pgbin/initdb" -D "$work/pg" -U stele --pwfile="$work/pw" --auth-host=scram-sha-256 -E UTF8 --locale=C >/dev/null
  as_pg "$pgbin/pg_ctl" start -w -D "$work/pg" -l "$work/pg.log" -o "-p $pgport -h 127.0.0.1 -k $work -c max_connections=200 ${PG_OPTS:-}" >/dev/null
  PGPASSWORD=stele "$pgbin/psql" -q -h 127.0.0.1 -p $pgport -U stele -d postgres -c "CREATE DATABASE stele"
  settings+=(-Dstele.storage.kind=postgresql -Dstele.storage.postgresql.url=jdbc:postgresql://127.0.0.1:$pgport/stele
    -Dstele.storage.postgresql.username=stele -Dstele.storage.postgresql.password=stele)
else
  settings+=(-Dstele.storage.embedded.dir=$work/data)
fi
java -Xmx1g ${JAVA_OPTS:-} "${settings[@]}" -jar "$jar" > "$work/registry.log" 2>&1 &
pids+=($!)
for _ in $(seq 120); do curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null && break; sleep 0.5; done

artifacts=1000
for i in $(seq 0 $((artifacts - 1))); do
  curl -sf -o /dev/null -X POST "http://127.0.0.1:$port/api/artifacts" -H "X-Registry-ArtifactId: bench-$i" \
    -d '{"type":"record","name":"Bench","fields":[{"name":"id","type":"long"}]}'
done

echo "backend: $kind, $artifacts artifacts, ${seconds}s per run, $(nproc) cores"
cpu() { # CPU seconds used so far by: the registry, the PostgreSQL processes
  local reg pg
  reg=$(awk '{print $14+$15}' "/proc/${pids[0]}/stat")
  pg=$( (ps -u postgres -o times= 2>/dev/null || true) | awk '{s+=$1} END {print s+0}')
  echo "$((reg / $(getconf CLK_TCK))) ${pg:-0}"
}
printf '%-8s %14s %10s %10s %8s %14s %14s\n' writers versions/s p50 p99 errors registry-cpu-s database-cpu-s
for writers in 1 8 32; do
  threads=$(( writers < 2 ? 1 : 2 ))
  read -r reg0 pg0 < <(cpu)
  out=$(ARTIFACTS=$artifacts wrk -t$threads -c$writers -d${seconds}s --latency -s "$root/bench/new-versions.lua" \
    "http://127.0.0.1:$port" 2>"$work/wrk.err")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  read -r reg1 pg1 < <(cpu)
  printf '%-8s %14s %10s %10s %8s %14s %14s\n' "$writers" "$rps" "$p50" "$p99" "${errors:-0}" $((reg1 - reg0)) $((pg1 - pg0))
done
