#!/usr/bin/env bash
# What each kind of request the Infinispan backend sends costs a one-node cluster, in the node's CPU
# microseconds per request: 32 threads send one kind at a time (storage-infinispan's RequestCosts),
# and the node's CPU time is read from /proc. Not a test: it prints a table per round, after a
# first round that warms the node up. Shows which writes an append can afford on two cores.
#
#   bench/infinispan-requests.sh [seconds per kind] [rounds]
#
# Needs a built project (mvn -B -DskipTests install). Everything runs on 127.0.0.1 and is removed
# afterwards.
seconds=${1:-8}
rounds=${2:-3}
source "$(dirname "$0")/lib.sh"
cd "$root"
mvn -B -q -Dstyle.color=never dependency:build-classpath -pl storage-infinispan -Dmdep.outputFile="$work/classpath.txt" >/dev/null
start_backend infinispan
java -cp "storage-infinispan/target/test-classes:storage-infinispan/target/classes:$(cat "$work/classpath.txt")" \
  io.stele.storage.infinispan.RequestCosts "$(store_setting stele.storage.infinispan.servers)" "$(server_pid)" \
  "$seconds" "$rounds" 2> "$work/requests.log" \
  || { tail -30 "$work/requests.log" >&2; exit 1; }
