#!/usr/bin/env bash
# Search latency at scale on PostgreSQL: inserts <artifacts> artifacts (one version each) straight
# into the registry's tables, then times searches through the REST API.
#   bench/search.sh [artifacts=1000000] [rounds=20]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
n=${1:-1000000}
rounds=${2:-20}
start_registry postgresql
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_url=$(store_setting stele.storage.postgresql.url) # jdbc:postgresql://127.0.0.1:<port>/<database>
psql_stele() {
  PGPASSWORD=$(store_setting stele.storage.postgresql.password) "$pgbin/psql" -q -v ON_ERROR_STOP=1 \
    -d "postgresql://$(store_setting stele.storage.postgresql.username)@${pg_url#jdbc:postgresql://}" "$@"
}

echo "Inserting $n artifacts..."
start=$(date +%s)
psql_stele <<SQL
INSERT INTO contents (content_id, content_hash, content)
  VALUES (nextval('content_ids'), repeat('0', 64), convert_to('"string"', 'UTF8'));
INSERT INTO artifacts (artifact_id, artifact_type, created_by, created_on, latest_version, meta_version, name, description, labels)
  SELECT 'search-' || i, 'AVRO', '', now(), 1, 1, 'com.example.' || (ARRAY['Order','Payment','User','Shipment'])[1 + i % 4] || 'Event' || i,
         'Describes ' || (ARRAY['orders','payments','users','shipments'])[1 + i % 4] || ' for tenant ' || (i % 1000),
         '["team-' || (i % 50) || '"]'
  FROM generate_series(0, $n - 1) i;
INSERT INTO versions (global_id, artifact_id, version, content_id, artifact_type, state, name, description, labels,
                      properties, created_by, created_on, modified_by, modified_on, canonical_hash)
  SELECT nextval('global_ids'), a.artifact_id, 1, (SELECT min(content_id) FROM contents), 'AVRO', 'ENABLED', a.name,
         a.description, a.labels, '{}', '', a.created_on, '', a.created_on, repeat('0', 64)
  FROM artifacts a WHERE a.artifact_id LIKE 'search-%';
ANALYZE;
SQL
echo "Inserted in $(( $(date +%s) - start )) s"

url=http://127.0.0.1:$port/api/search/artifacts
time_query() {
  local label=$1 query=$2 times=() count
  for _ in $(seq "$rounds"); do
    times+=("$(curl -s -o "$work/out.json" -w '%{time_total}' "$url?$query")")
  done
  count=$(sed -n 's/.*"count":\([0-9]*\).*/\1/p' "$work/out.json")
  printf '%-44s matches %8s  median %6.1f ms  max %6.1f ms\n' "$label" "$count" \
    "$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] * 1000}')" \
    "$(printf '%s\n' "${times[@]}" | sort -n | tail -1 | awk '{print $1 * 1000}')"
}
time_query "no text, first page" "limit=20"
time_query "no text, page at offset 500000" "offset=500000&limit=20"
time_query "name, rare (Event123456)" "search=Event123456&over=name"
time_query "name, common (Payment)" "search=Payment&over=name"
time_query "description (tenant 42)" "search=tenant%2042&over=description"
time_query "labels (team-7)" "search=team-7%22&over=labels"
time_query "everything, rare (Event999999)" "search=Event999999"
time_query "everything, none (zzzzzz)" "search=zzzzzz"
psql_stele -c "EXPLAIN ANALYZE SELECT count(*) FROM artifacts a WHERE (a.name ILIKE '%Event123456%')" | sed -n 1,8p
