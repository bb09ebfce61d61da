# Shared by the benchmark scripts: starts a private PostgreSQL, Kafka broker or Infinispan node (or
# none, for the embedded default) as the tests start them (storage-testkit's ServeBackend) and the
# packaged registry on 127.0.0.1, and removes everything on exit.
#   start_registry <postgresql|kafka|infinispan|embedded> [extra java -D settings...]
# sets: root, work, port, registry_pid, backend_pid
# BACKEND_SETTINGS: server settings, name=value separated by spaces (postgresql.conf names for
# PostgreSQL); INFINISPAN_JAVA_OPTS: the Infinispan node's collector (the throughput collector by
# default, as docs/storage.md advises for servers with few cores; empty for G1).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar=$root/app/target/quarkus-app/quarkus-run.jar
work=$(mktemp -d /tmp/stele-bench.XXXXXX)
chmod 755 "$work"
port=${PORT:-18080}
registry_pid=
backend_pid=
bare_pid=
export LUA_PATH="$root/bench/?.lua;;"

cleanup() {
  if [ -n "$registry_pid" ]; then kill "$registry_pid" 2>/dev/null || true; wait "$registry_pid" 2>/dev/null || true; fi
  # ServeBackend stops its server and deletes its files when it is stopped
  if [ -n "$backend_pid" ]; then kill "$backend_pid" 2>/dev/null || true; wait "$backend_pid" 2>/dev/null || true; fi
  if [ -n "$bare_pid" ]; then kill "$bare_pid" 2>/dev/null || true; wait "$bare_pid" 2>/dev/null || true; fi
  if [ -s "$work/wrk.err" ]; then
    echo "wrk reported:" >&2; sort "$work/wrk.err" | uniq -c | head -5 >&2
    if grep -q ERROR "$work/registry.log" 2>/dev/null; then
      echo "the registry logged:" >&2; grep -m3 -A30 ERROR "$work/registry.log" >&2
    fi
  fi
  rm -rf "$work"
}
trap cleanup EXIT

start_registry() {
  local kind=$1; shift
  [ -f "${REGISTRY_JAR:-$jar}" ] || { echo "Build the registry first: mvn -B -DskipTests install" >&2; exit 1; }
  command -v wrk >/dev/null || { echo "The benchmarks need wrk (Debian: apt-get install wrk)" >&2; exit 1; }
  local settings=(-Dquarkus.http.port=$port -Dquarkus.http.host=127.0.0.1 -Dquarkus.log.level=WARN "$@")
  if [ "$kind" = embedded ]; then
    settings+=(-Dstele.storage.embedded.dir=$work/data)
  else
    start_backend "$kind"
    local line
    while IFS= read -r line; do settings+=("-D$line"); done < "$work/store.properties"
  fi
  java -Xmx1g ${JAVA_OPTS:-} "${settings[@]}" -jar "${REGISTRY_JAR:-$jar}" > "$work/registry.log" 2>&1 &
  registry_pid=$!
  for _ in $(seq 120); do curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null && return 0; sleep 0.5; done
  echo "The registry did not become ready:" >&2; cat "$work/registry.log" >&2; exit 1
}

# The yardstick (bench/bare), built when it is not, serving the file $1 on port $bare_port, and
# the file $2, if given, as its answer to a registration.
start_bare() {
  local bare_jar=$root/bench/bare/target/quarkus-app/quarkus-run.jar
  if [ ! -f "$bare_jar" ]; then
    mvn -B -q -f "$root/bench/bare/pom.xml" package -DskipTests >"$work/bare-build.log" 2>&1 ||
      { echo "Building bench/bare failed:" >&2; tail -30 "$work/bare-build.log" >&2; exit 1; }
  fi
  bare_port=$((port + 2))
  java -Xmx1g ${JAVA_OPTS:-} -Dquarkus.http.port=$bare_port -Dquarkus.http.host=127.0.0.1 -Dbare.body="$1" ${2:+-Dbare.registration-body="$2"} \
    -jar "$bare_jar" > "$work/bare.log" 2>&1 &
  bare_pid=$!
  for _ in $(seq 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$bare_port/api/ids/1")" = 200 ] && return 0
    sleep 0.5
  done
  echo "The bare application did not start:" >&2; cat "$work/bare.log" >&2; exit 1
}

# The server of a backend, started as the tests start it, in $work/backend: storage-testkit's
# ServeBackend writes the registry settings of a new store on it to $work/store.properties, one
# key=value a line, and keeps the server until it is stopped.
start_backend() {
  local kind=$1 cp_file=$root/storage-testkit/target/classpath.txt server_settings
  [ -f "$cp_file" ] || { echo "Build the project first: mvn -B -DskipTests install" >&2; exit 1; }
  read -r -a server_settings <<<"${BACKEND_SETTINGS:-}"
  if [ "$kind" = infinispan ]; then
    server_settings+=("java-options=-Xms64m -Xmx1g ${INFINISPAN_JAVA_OPTS--XX:+UseParallelGC}")
  fi
  # it serves until its input ends: a pipe this shell holds open until it exits, even if killed
  mkfifo "$work/backend.in"
  exec 9<>"$work/backend.in"
  java -Xmx256m -cp "$root/storage-testkit/target/classes:$(cat "$cp_file")" \
    io.stele.storage.testkit.backends.ServeBackend "$kind" "$work/backend" "$work/store.properties" \
    "${server_settings[@]}" < "$work/backend.in" > "$work/backend.log" 2>&1 &
  backend_pid=$!
  for _ in $(seq 480); do # up to 4 minutes for the server to answer
    [ -f "$work/store.properties" ] && return 0
    kill -0 "$backend_pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "The $kind server did not start:" >&2; tail -50 "$work/backend.log" >&2; exit 1
}

# One registry setting of the store start_backend made: store_setting stele.storage.kafka.topic
store_setting() { sed -n "s/^${1//./\\.}=//p" "$work/store.properties"; }

# The pid of the server's own JVM (Kafka, Infinispan), a child of ServeBackend; none for PostgreSQL,
# whose server runs apart from it
server_pid() { [ -n "$backend_pid" ] && pgrep -P "$backend_pid" java | head -1 || true; }

# Creates artifacts bench-0 .. bench-<n-1> through the REST API, with wrk, and stops it once both
# of its threads have created their last artifact.
seed_artifacts() {
  local n=$1 url=http://127.0.0.1:$port
  ARTIFACTS=$n wrk -t2 -c16 -d3600s -s "$root/bench/seed.lua" "$url" > "$work/seed.out" 2>&1 &
  local wrk_pid=$!
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/api/artifacts/bench-$((n - 1))/meta")" = 200 ] &&
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/api/artifacts/bench-$((n > 1 ? n - 2 : 0))/meta")" = 200 ]; do
    kill -0 $wrk_pid 2>/dev/null || { echo "Seeding failed:" >&2; cat "$work/seed.out" >&2; exit 1; }
    sleep 1
  done
  sleep 1
  kill $wrk_pid 2>/dev/null || true
  wait $wrk_pid 2>/dev/null || true
  # wrk builds one request per thread before it starts and never sends it: create those two here
  # (with the schema seed.lua gives them, which the lookup benchmark sends back)
  for id in 0 1; do
    curl -sf -o /dev/null -X POST "$url/api/artifacts?ifExists=RETURN" -H "X-Registry-ArtifactId: bench-$id" \
      -H "Content-Type: application/json" \
      -d '{"type":"record","name":"Bench'$id'","namespace":"io.stele.bench","fields":[{"name":"id","type":"long"},{"name":"name","type":"string","default":""},{"name":"created","type":{"type":"long","logicalType":"timestamp-millis"}}]}'
  done
}

# CPU time used so far by the registry process, in clock ticks (getconf CLK_TCK a second).
registry_cpu() { cpu_ticks "$registry_pid"; }

# CPU time used so far by the backend's server when it runs in a JVM (Infinispan, Kafka), in clock
# ticks; else 0
backend_cpu() { local pid; pid=$(server_pid); if [ -n "$pid" ]; then cpu_ticks "$pid"; else echo 0; fi; }

cpu_ticks() {
  awk '{print $14+$15}' "/proc/$1/stat"
}

# Microseconds of CPU per request: per_request <ticks> <requests/s> <seconds>
per_request() {
  awk -v t="$1" -v rps="$2" -v s="$3" -v hz="$(getconf CLK_TCK)" \
    'BEGIN {n = rps * s; if (n > 0) printf "%d", t * 1000000 / hz / n; else printf "-"}'
}

# Runs wrk and prints: requests/s p50 p99 non-2xx
measure() {
  local out
  out=$(wrk "$@" 2>>"$work/wrk.err")
  awk '/Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx/ {err=$5}
       END {printf "%s %s %s %s\n", rps, p50, p99, (err == "" ? 0 : err)}' <<<"$out"
}
