# Shared by the benchmark scripts: starts a private PostgreSQL, Kafka broker or Infinispan node (or
# none, for the embedded default) and the packaged registry on 127.0.0.1, and removes everything on
# exit.
#   start_registry <postgresql|kafka|infinispan|embedded> [extra java -D settings...]
# sets: root, work, port, registry_pid
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar=$root/app/target/quarkus-app/quarkus-run.jar
work=$(mktemp -d /tmp/stele-bench.XXXXXX)
chmod 755 "$work"
port=${PORT:-18080}
pgport=${PGPORT:-15432}
kport=${KAFKA_PORT:-19092}
iport=${INFINISPAN_PORT:-11322}
registry_pid=
kafka_pid=
infinispan_pid=
bare_pid=
pgbin=
export LUA_PATH="$root/bench/?.lua;;"

cleanup() {
  if [ -n "$registry_pid" ]; then kill "$registry_pid" 2>/dev/null || true; wait "$registry_pid" 2>/dev/null || true; fi
  if [ -n "$kafka_pid" ]; then kill "$kafka_pid" 2>/dev/null || true; wait "$kafka_pid" 2>/dev/null || true; fi
  if [ -n "$infinispan_pid" ]; then kill "$infinispan_pid" 2>/dev/null || true; wait "$infinispan_pid" 2>/dev/null || true; fi
  if [ -n "$bare_pid" ]; then kill "$bare_pid" 2>/dev/null || true; wait "$bare_pid" 2>/dev/null || true; fi
  if [ -f "$work/pg/postmaster.pid" ]; then as_pg "$pgbin/pg_ctl" stop -m fast -D "$work/pg" >/dev/null || true; fi
  if [ -s "$work/wrk.err" ]; then
    echo "wrk reported:" >&2; sort "$work/wrk.err" | uniq -c | head -5 >&2
    if grep -q ERROR "$work/registry.log" 2>/dev/null; then
      echo "the registry logged:" >&2; grep -m3 -A30 ERROR "$work/registry.log" >&2
    fi
  fi
  rm -rf "$work"
}
trap cleanup EXIT
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_registry() {
  local kind=$1; shift
  [ -f "${REGISTRY_JAR:-$jar}" ] || { echo "Build the registry first: mvn -B -DskipTests install" >&2; exit 1; }
  command -v wrk >/dev/null || { echo "The benchmarks need wrk (Debian: apt-get install wrk)" >&2; exit 1; }
  local settings=(-Dquarkus.http.port=$port -Dquarkus.http.host=127.0.0.1 -Dquarkus.log.level=WARN "$@")
  if [ "$kind" = postgresql ]; then
    pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    [ "$(id -u)" = 0 ] && chown postgres "$work"
    echo stele > "$work/pw"
    as_pg "$pgbin/initdb" -D "$work/pg" -U stele --pwfile="$work/pw" --auth-host=scram-sha-256 -E UTF8 --locale=C >/dev/null 2>&1
    as_pg "$pgbin/pg_ctl" start -w -D "$work/pg" -l "$work/pg.log" \
      -o "-p $pgport -h 127.0.0.1 -k $work -c max_connections=200 ${PG_OPTS:-}" >/dev/null
    PGPASSWORD=stele "$pgbin/psql" -q -h 127.0.0.1 -p $pgport -U stele -d postgres -c "CREATE DATABASE stele"
    settings+=(-Dstele.storage.kind=postgresql -Dstele.storage.postgresql.url=jdbc:postgresql://127.0.0.1:$pgport/stele
      -Dstele.storage.postgresql.username=stele -Dstele.storage.postgresql.password=stele)
  elif [ "$kind" = kafka ]; then
    start_kafka
    settings+=(-Dstele.storage.kind=kafka -Dstele.storage.kafka.bootstrap-servers=127.0.0.1:$kport
      -Dstele.storage.kafka.replication-factor=1 -Dstele.storage.kafka.min-insync-replicas=1
      -Dstele.storage.kafka.state-dir=$work/state)
  elif [ "$kind" = infinispan ]; then
    start_infinispan
    settings+=(-Dstele.storage.kind=infinispan -Dstele.storage.infinispan.servers=127.0.0.1:$iport
      -Dstele.storage.infinispan.owners=1)
  else
    settings+=(-Dstele.storage.embedded.dir=$work/data)
  fi
  java -Xmx1g ${JAVA_OPTS:-} "${settings[@]}" -jar "${REGISTRY_JAR:-$jar}" > "$work/registry.log" 2>&1 &
  registry_pid=$!
  for _ in $(seq 120); do curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null && return 0; sleep 0.5; done
  echo "The registry did not become ready:" >&2; cat "$work/registry.log" >&2; exit 1
}

# The yardstick (bench/bare), built when it is not, serving the file $1 on port $bare_port.
start_bare() {
  local bare_jar=$root/bench/bare/target/quarkus-app/quarkus-run.jar
  if [ ! -f "$bare_jar" ]; then
    mvn -B -q -f "$root/bench/bare/pom.xml" package -DskipTests >"$work/bare-build.log" 2>&1 ||
      { echo "Building bench/bare failed:" >&2; tail -30 "$work/bare-build.log" >&2; exit 1; }
  fi
  bare_port=$((port + 2))
  java -Xmx1g ${JAVA_OPTS:-} -Dquarkus.http.port=$bare_port -Dquarkus.http.host=127.0.0.1 -Dbare.body="$1" \
    -jar "$bare_jar" > "$work/bare.log" 2>&1 &
  bare_pid=$!
  for _ in $(seq 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$bare_port/api/ids/1")" = 200 ] && return 0
    sleep 0.5
  done
  echo "The bare application did not start:" >&2; cat "$work/bare.log" >&2; exit 1
}

# A one-node Infinispan cluster from the jars the build resolved (module infinispan-server), in
# $work/infinispan, with its file store and index on disk. Its JVM runs the throughput collector, as
# docs/storage.md advises for servers with few cores; INFINISPAN_JAVA_OPTS replaces that choice.
start_infinispan() {
  local cp_file=$root/infinispan-server/target/classes/io/stele/infinispan-server/classpath.txt
  [ -f "$cp_file" ] || { echo "Build the project first: mvn -B -DskipTests install" >&2; exit 1; }
  mkdir -p "$work/infinispan"
  # the node runs until its input ends: a pipe this shell holds open until it exits
  mkfifo "$work/infinispan.in"
  exec 9<>"$work/infinispan.in"
  java -Xmx1g -Djava.net.preferIPv4Stack=true ${INFINISPAN_JAVA_OPTS--XX:+UseParallelGC} -cp "$(cat "$cp_file"):$root/infinispan-server/target/classes" \
    io.stele.infinispan.server.HotRodNode port=$iport data="$work/infinispan" cluster=stele-bench node=bench \
    bind-port=$((iport + 1)) members=$((iport + 1)) expect=1 < "$work/infinispan.in" > "$work/infinispan.log" 2>&1 &
  infinispan_pid=$!
  for _ in $(seq 240); do grep -qs "Stele test Infinispan node ready" "$work/infinispan.log" && return 0; sleep 0.5; done
  echo "The Infinispan node did not start:" >&2; tail -50 "$work/infinispan.log" >&2; exit 1
}

# A single-node KRaft broker from the jars the build resolved (module kafka-broker), in $work/kafka.
start_kafka() {
  local cp_file=$root/kafka-broker/target/classes/io/stele/kafka-broker/classpath.txt
  [ -f "$cp_file" ] || { echo "Build the project first: mvn -B -DskipTests install" >&2; exit 1; }
  local cp cport=$((kport + 1))
  cp=$(cat "$cp_file")
  mkdir -p "$work/kafka"
  cat > "$work/kafka/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$kport,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$kport
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$work/kafka/logs
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
PROPS
  java -cp "$cp" kafka.tools.StorageTool format -t "$(java -cp "$cp" kafka.tools.StorageTool random-uuid)" \
    -c "$work/kafka/server.properties" > "$work/kafka/format.log" 2>&1
  java -Xmx512m -cp "$cp" kafka.Kafka "$work/kafka/server.properties" > "$work/kafka/kafka.log" 2>&1 &
  kafka_pid=$!
  for _ in $(seq 120); do grep -q "Kafka Server started" "$work/kafka/kafka.log" && return 0; sleep 0.5; done
  echo "The Kafka broker did not start:" >&2; tail -50 "$work/kafka/kafka.log" >&2; exit 1
}

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

# CPU time used so far by the backend's server when the bench started one JVM for it
# (Infinispan, Kafka), in clock ticks; else 0
backend_cpu() { local pid=${infinispan_pid:-$kafka_pid}; if [ -n "$pid" ]; then cpu_ticks "$pid"; else echo 0; fi; }

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
