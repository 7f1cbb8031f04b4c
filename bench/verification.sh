#!/usr/bin/env bash
# Verification benchmark: throughput and p50/p99 of a cached verify (cache hit: wallet debit of the cached
# price + a new token) and of a live sandbox verify (?fresh=true: charge, provider call, settlement), each beside
# the foundation's authenticated no-op GET /api/v2/ping, in the same process and the same run.
# Needs: a JDK 21+ as java, wrk (apt-get install wrk), curl, python3, the packaged service (./mvnw -B package -DskipTests).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}
cd "$(dirname "$0")/.."
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=${PORT:-18081}
DUR=${DUR:-15s}
CONN=${CONN:-32}
THREADS=${THREADS:-2}
WORK=$(mktemp -d)
PID=""
trap 'kill $PID 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

QUARKUS_HTTP_PORT=$PORT MIZANI_DATA_DIR="$WORK/data" java -jar "$JAR" >"$WORK/service.log" 2>&1 &
PID=$!
until curl -sf "localhost:$PORT/q/health/ready" >/dev/null; do sleep 0.1; done

OP="operator:sandbox-operator"
# A bench merchant with a wallet deep enough for the whole run, on the platform key.
ONBOARD=$(curl -sf -u "$OP" -H 'Content-Type: application/json' "localhost:$PORT/api/admin/merchants" -d '{
  "organization_name": "Bench Org",
  "user": {"first_name": "Ben", "last_name": "Ch", "email": "bench@example.com", "phone_number": "+254700999999"},
  "account": {"name": "Bench Team", "email": "bench@example.com", "dial_code": "+254", "number": "799999999"}}')
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
ACCOUNT=$(echo "$ONBOARD" | json "['account']['id']")
USER=$(echo "$ONBOARD" | json "['credentials']['username']")
PASS=$(echo "$ONBOARD" | json "['credentials']['password']")
curl -sf -u "$OP" -H 'Content-Type: application/json' "localhost:$PORT/api/admin/accounts/$ACCOUNT/service-wallet/credits" \
  -d '{"amount": 100000000, "reference": "bench"}' >/dev/null
curl -sf -u "$USER:$PASS" -H 'Content-Type: application/json' -X PUT "localhost:$PORT/api/v1/kyc/settings" \
  -d '{"mode": "platform"}' >/dev/null
AUTH="Basic $(printf '%s:%s' "$USER" "$PASS" | base64 -w0)"

cat >"$WORK/verify.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"number": "12345678"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "$AUTH"
LUA

# the first call is live and fills the cache
curl -sf -H "Authorization: $AUTH" -H 'Content-Type: application/json' \
  "localhost:$PORT/api/v1/kyc/verify/national_id_ke" -d '{"number": "12345678"}' >/dev/null

run() { # label, wrk args...
  local label=$1; shift
  echo "--- $label"
  wrk -t"$THREADS" -c"$CONN" -d"$DUR" --latency "$@" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors"
}

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), $CONN connections, $DUR each"
# warm-up of all three paths
wrk -t"$THREADS" -c"$CONN" -d5s -H "Authorization: $AUTH" "http://localhost:$PORT/api/v2/ping" >/dev/null
wrk -t"$THREADS" -c"$CONN" -d5s -s "$WORK/verify.lua" "http://localhost:$PORT/api/v1/kyc/verify/national_id_ke" >/dev/null
wrk -t"$THREADS" -c"$CONN" -d5s -s "$WORK/verify.lua" "http://localhost:$PORT/api/v1/kyc/verify/national_id_ke?fresh=true" >/dev/null

run "authenticated no-op GET /api/v2/ping" -H "Authorization: $AUTH" "http://localhost:$PORT/api/v2/ping"
run "cached verify POST /api/v1/kyc/verify/national_id_ke" -s "$WORK/verify.lua" "http://localhost:$PORT/api/v1/kyc/verify/national_id_ke"
run "live sandbox verify POST /api/v1/kyc/verify/national_id_ke?fresh=true" -s "$WORK/verify.lua" "http://localhost:$PORT/api/v1/kyc/verify/national_id_ke?fresh=true"
run "authenticated no-op GET /api/v2/ping (again, after the verify runs)" -H "Authorization: $AUTH" "http://localhost:$PORT/api/v2/ping"

LOOKUPS=$(curl -sf -H "Authorization: $AUTH" "localhost:$PORT/api/v1/kyc/pricing" | json "['balance']")
echo "wallet balance after the run: $LOOKUPS KES (never below zero; every call debited)"
