#!/usr/bin/env bash
# GET latest and GET by globalId over many artifacts, side by side with the framework's floor: a
# bare Quarkus application (bench/bare) in a process of its own, serving the same bytes with the
# same headers from a plain Vert.x route. Each round runs the four floods one after another, so
# all see the same machine; the ratios are of sums over the rounds.
#
#   bench/get-latest.sh [postgresql|kafka|infinispan|embedded] [artifacts] [seconds per flood] [connections] [rounds]
#
# API=confluent measures the Confluent API's hot paths instead: GET /subjects/{s}/versions/latest and
# GET /schemas/ids/{id} (each seeded artifact is a subject, with a schema id of its own). API=v3
# measures Apicurio's v2 and v3 APIs': GET /apis/registry/v3/ids/contentIds/{id} and
# .../globalIds/{id}, an artifact's latest content on v3 (.../versions/branch=latest/content)
# and on v2 (/apis/registry/v2/groups/default/artifacts/{id}), and content by its hash
# (/apis/registry/v3/ids/contentHashes/{hash}, the hashes listed by bench/content_hashes.py), and
# the registration an auto-registering serializer sends for a schema the artifact has (v3
# ...?ifExists=FIND_OR_CREATE_VERSION, v2 ...?ifExists=RETURN_OR_UPDATE).
#
# ENDPOINTS="register v2register" measures only the endpoints it names (their names as printed).
# Needs a built project (mvn -B -DskipTests install) and wrk; the backend's server is started as the
# tests start it (bench/lib.sh). Builds bench/bare when it is not built. Everything runs on
# 127.0.0.1 and is removed afterwards.
kind=${1:-postgresql}
artifacts=${2:-10000}
seconds=${3:-20}
connections=${4:-64}
rounds=${5:-3}
source "$(dirname "$0")/lib.sh"
start_registry "$kind"
started=$(date +%s)
seed_artifacts "$artifacts"
echo "seeded $artifacts artifacts through the REST API in $(( $(date +%s) - started )) s"

url=http://127.0.0.1:$port
if [ "${API:-}" = confluent ]; then
  curl -sf "$url/subjects/bench-1/versions/latest" > "$work/body"
else
  curl -sf "$url/api/artifacts/bench-1" > "$work/body"
fi
registration=
if [ "${API:-}" = v3 ]; then # the bare application answers a registration as the registry does
  curl -sf "$url/api/artifacts/bench-1" | python3 -c 'import json, sys; print(json.dumps({"artifactId": "bench-1",
    "artifactType": "AVRO", "firstVersion": {"content": {"content": sys.stdin.read()}}}))' > "$work/registering"
  registration=$work/registration
  curl -sf -H 'Content-Type: application/json' --data-binary @"$work/registering" \
    "$url/apis/registry/v3/groups/default/artifacts?ifExists=FIND_OR_CREATE_VERSION" > "$registration"
fi
start_bare "$work/body" $registration
bare=http://127.0.0.1:$bare_port
flood() { HASHES=$work/hashes ARTIFACTS=$artifacts IDS=$2 SWEEP=${4:-0} measure -t2 -c$connections -d${3}s --latency -s "$root/bench/get-latest.lua" "$1"; }
# the endpoints measured: IDS=0 latest, 1 by id, and with API=confluent 2 the lookup by schema text
endpoints="latest:0 ids:1"
[ "${API:-}" = confluent ] && endpoints="$endpoints lookup:2"
if [ "${API:-}" = v3 ]; then
  endpoints="contentIds:0 ids:1 latest:2 v2latest:3 hashes:4 register:5 v2register:6"
  python3 "$root/bench/content_hashes.py" "$url" "$artifacts" > "$work/hashes"
fi
# ENDPOINTS names the endpoints to measure among these (as "register v2register"), else all
if [ -n "${ENDPOINTS:-}" ]; then
  chosen=; for e in $endpoints; do [[ " $ENDPOINTS " == *" ${e%%:*} "* ]] && chosen+=" $e"; done
  endpoints=$chosen
fi
# warm-up: asks for every artifact and id in turn (a lookup is answered from memory once its text
# has been found, and each first lookup is slow), then at random, to compile the hot paths
sweep=$(( artifacts / 1000 > 20 ? artifacts / 1000 : 20 ))
for e in $endpoints; do
  s=20; case ${e%%:*} in lookup | register | v2register) s=$sweep ;; esac
  flood "$url" "${e#*:}" "$s" 1 >/dev/null # each thread stops asking once it has asked for its share
  flood "$url" "${e#*:}" 10 >/dev/null
  flood "$bare" "${e#*:}" 10 >/dev/null
done

echo "backend: $kind, $artifacts artifacts, $connections connections, ${seconds}s per flood, $(nproc) cores"
printf '%-6s %-16s %12s %10s %10s %8s\n' round endpoint requests/s p50 p99 errors
declare -A rps p99
for round in $(seq "$rounds"); do
  for e in $endpoints; do
    for side in bare registry; do
      u=$url; [ $side = bare ] && u=$bare
      target=$side-${e%%:*}
      read -r r p50 p err < <(flood "$u" "${e#*:}" "$seconds")
      rps[$target]+="$r "; p99[$target]+="$p "
      printf '%-6s %-16s %12s %10s %10s %8s\n' "$round" "$target" "$r" "$p50" "$p" "$err"
    done
  done
done
summary=()
for e in $endpoints; do
  n=${e%%:*}
  summary+=("$n" "${rps[registry-$n]}" "${rps[bare-$n]}" "${p99[registry-$n]}" "${p99[bare-$n]}")
done
PYTHONPATH="$root/bench" python3 - "${summary[@]}" <<'PY'
import os, sys
from wrk_units import ms
api = os.environ.get("API")
confluent = api == "confluent"
names = {"latest": "Confluent latest" if confluent else "v3 latest" if api == "v3" else "GET latest",
         "v2latest": "v2 latest",
         "ids": "Confluent schema by id" if confluent else "v3 by globalId" if api == "v3" else "GET by globalId",
         "lookup": "Confluent lookup",
         "contentIds": "v3 by contentId",
         "hashes": "v3 by content hash",
         "register": "v3 find-or-create",
         "v2register": "v2 return-or-update"}
a = sys.argv[1:]
for i in range(0, len(a), 5):
    name = names[a[i]]
    r, b = [float(x) for x in a[i + 1].split()], [float(x) for x in a[i + 2].split()]
    rp, bp = [ms(x) for x in a[i + 3].split()], [ms(x) for x in a[i + 4].split()]
    per_round = " ".join(f"{x / y:.2f}" for x, y in zip(r, b))
    print(f"{name} / bare route, requests/s: {sum(r)/sum(b):.2f} (rounds: {per_round}; mean {sum(r)/len(r):.0f} vs {sum(b)/len(b):.0f})")
    print(f"{name} / bare route, p99 latency: {sum(rp)/sum(bp):.2f} (mean {sum(rp)/len(rp):.2f} ms vs {sum(bp)/len(bp):.2f} ms)")
PY
echo "from /q/metrics after the run:"
curl -s "$url/q/metrics" | grep -E '^(cache_gets_total|cache_size)\{cache="stele.(latest|versions)"|^stele_storage_operation_seconds_count\{.*(latest_version|version_by_global_id)' || true
