#!/usr/bin/env bash
# The hot paths with authentication on, side by side with the same build with it off: GET latest
# and GET by globalId over many artifacts, sent to two registries of one build on the embedded
# default, one with authentication off and one with it on against a real Keycloak, each holding the
# same artifacts. The second is asked with a bearer token (fetched before each flood, so its first
# request verifies it and the rest find it remembered) and with basic credentials (exchanged for a
# token once, then remembered). The registry with it off is also asked with the token's header,
# which it ignores, to tell what a kilobyte of header costs from what checking it costs. Each round
# runs every flood one after another, so all see the same machine; the ratios are of sums over the
# rounds.
#
#   bench/auth-overhead.sh [artifacts] [seconds per flood] [connections] [rounds]
#
# Needs a built registry (mvn -B -DskipTests install), wrk, and Keycloak's distribution: the one
# the security tests unpack under ~/.cache/stele (mvn -B verify -pl app -Dit.test=AuthenticationIT),
# or KEYCLOAK_HOME. Everything runs on 127.0.0.1 and is removed afterwards.
artifacts=${1:-10000}
seconds=${2:-20}
connections=${3:-64}
rounds=${4:-3}
source "$(dirname "$0")/lib.sh"

kc=${KEYCLOAK_HOME:-$(ls -d "$HOME"/.cache/stele/keycloak-quarkus-dist-*/ 2>/dev/null | sort -V | tail -1 || true)}
kc=${kc%/}
[ -f "$kc/bin/kc.sh" ] || { echo "No Keycloak: run the security tests once, or set KEYCLOAK_HOME" >&2; exit 1; }
kc_port=$((port + 10))
on_port=$((port + 4))
kc_pid=
on_pid=
stop_all() {
  for pid in $on_pid $kc_pid; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  cleanup
}
trap stop_all EXIT

mkdir -p "$kc/data/import"
cp "$root/test-servers/src/main/resources/io/stele/keycloak/stele-realm.json" "$kc/data/import/"
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")} JAVA_OPTS_KC_HEAP="-Xms64m -Xmx256m" \
  bash "$kc/bin/kc.sh" start-dev --http-host=127.0.0.1 --http-port=$kc_port --import-realm --db-url-path="$work/kc" \
  > "$work/keycloak.log" 2>&1 &
kc_pid=$!
issuer=http://127.0.0.1:$kc_port/realms/stele

# the artifacts, seeded once with authentication off, then copied for the registry with it on
start_registry embedded
started=$(date +%s)
seed_artifacts "$artifacts"
echo "seeded $artifacts artifacts through the REST API in $(( $(date +%s) - started )) s"
kill "$registry_pid"; wait "$registry_pid" 2>/dev/null || true
cp -r "$work/data" "$work/data-on"
start_registry embedded
for _ in $(seq 240); do curl -sf -o /dev/null "$issuer/.well-known/openid-configuration" && break; sleep 0.5; done
curl -sf -o /dev/null "$issuer/.well-known/openid-configuration" || { echo "Keycloak did not start:" >&2; tail -30 "$work/keycloak.log" >&2; exit 1; }
java -Xmx1g ${JAVA_OPTS:-} -Dquarkus.http.port=$on_port -Dquarkus.http.host=127.0.0.1 -Dquarkus.log.level=WARN \
  -Dstele.storage.embedded.dir="$work/data-on" -Dstele.auth.enabled=true -Dstele.auth.server-url="$issuer" \
  -jar "${REGISTRY_JAR:-$jar}" > "$work/registry-on.log" 2>&1 &
on_pid=$!
for _ in $(seq 120); do curl -sf -o /dev/null "http://127.0.0.1:$on_port/q/health/ready" && break; sleep 0.5; done

token() {
  curl -sf -d grant_type=client_credentials -d client_id=stele-readonly -d client_secret=readonly-secret \
    "$issuer/protocol/openid-connect/token" | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}
basic="Basic $(printf 'stele-readonly:readonly-secret' | base64)"
off=http://127.0.0.1:$port
on=http://127.0.0.1:$on_port
# flood URL IDS SECONDS [SWEEP] [Authorization header]
flood() {
  local auth=()
  [ -n "${5:-}" ] && auth=(-H "Authorization: $5")
  ARTIFACTS=$artifacts IDS=$2 SWEEP=${4:-0} measure -t2 -c$connections -d${3}s --latency "${auth[@]}" \
    -s "$root/bench/get-latest.lua" "$1"
}
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $(token)" "$on/api/artifacts/bench-1")" = 200 ] ||
  { echo "The registry with authentication on refused a read-only token:" >&2; tail -30 "$work/registry-on.log" >&2; exit 1; }
for ids in 0 1; do # warm-up: every artifact and id in turn, then at random
  flood "$off" $ids 20 1 >/dev/null
  flood "$on" $ids 20 1 "$basic" >/dev/null
  flood "$off" $ids 10 >/dev/null
  flood "$on" $ids 10 0 "Bearer $(token)" >/dev/null
done

echo "$artifacts artifacts, $connections connections, ${seconds}s per flood, $(nproc) cores"
printf '%-6s %-16s %12s %10s %10s %8s\n' round flood requests/s p50 p99 non-2xx
declare -A rps p99
for round in $(seq "$rounds"); do
  for e in latest:0 ids:1; do
    for side in off off+header bearer basic; do
      case $side in
        off) read -r r p50 p err < <(flood "$off" "${e#*:}" "$seconds") ;;
        off+header) read -r r p50 p err < <(flood "$off" "${e#*:}" "$seconds" 0 "Bearer $(token)") ;;
        bearer) read -r r p50 p err < <(flood "$on" "${e#*:}" "$seconds" 0 "Bearer $(token)") ;;
        basic) read -r r p50 p err < <(flood "$on" "${e#*:}" "$seconds" 0 "$basic") ;;
      esac
      target=${e%%:*}-$side
      rps[$target]+="$r "; p99[$target]+="$p "
      printf '%-6s %-16s %12s %10s %10s %8s\n' "$round" "$target" "$r" "$p50" "$p" "$err"
    done
  done
done
summary=()
for n in latest ids; do
  summary+=("$n" "${rps[$n-off]}" "${rps[$n-bearer]}" "${rps[$n-basic]}" "${p99[$n-off]}" "${p99[$n-bearer]}" "${p99[$n-basic]}"
    "${rps[$n-off+header]}")
done
PYTHONPATH="$root/bench" python3 - "${summary[@]}" <<'PY'
import sys
from wrk_units import ms
names = {"latest": "GET latest", "ids": "GET by globalId"}
a = sys.argv[1:]
for i in range(0, len(a), 8):
    off, bearer, basic, header = ([float(x) for x in a[i + k].split()] for k in (1, 2, 3, 7))
    poff, pbearer, pbasic = ([ms(x) for x in a[i + k].split()] for k in (4, 5, 6))
    print(f"{names[a[i]]}, auth off, asked with a token's header it ignores / without: {sum(header)/sum(off):.2f}"
          " (what the header's bytes alone cost)")
    for name, r, p in (("bearer token", bearer, pbearer), ("basic credentials", basic, pbasic)):
        rounds = " ".join(f"{x / y:.2f}" for x, y in zip(r, off))
        print(f"{names[a[i]]}, auth on with a {name} / auth off, requests/s: {sum(r)/sum(off):.2f}"
              f" (rounds: {rounds}); p99: {sum(p)/sum(poff):.2f} ({sum(p)/len(p):.2f} ms vs {sum(poff)/len(poff):.2f} ms)")
PY
