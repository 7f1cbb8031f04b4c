#!/usr/bin/env bash
# Fair claiming benchmark (platform.md section 16: a batch drains "without starving single payments of other
# merchants"), over HTTP against the packaged service and a separate PostgreSQL 17.
#
#  1. starts PostgreSQL 17 from the zonky binaries (a throw-away cluster under $WORK) and one service process on it,
#     its sandbox rail settling after SETTLE_MS (2000, the default of MIZANI_SANDBOX_SETTLE_MS);
#  2. merchant A (funded, with an admin) creates and approves a 10,000-item CSV batch (M-Pesa Kenya, 100 KES each);
#  3. from the approval on, merchant B starts one M-Pesa collection every INTERVAL_MS (500) until A's batch is
#     completed, and each of B's payments is looked up (POST /transaction-status, every 250 ms) until it is final;
#  4. prints A's drain (approval to completed), B's time to final (p50, p99, max: acceptance answered to final seen),
#     the load average before and after.
#
# Usage: ./mvnw -B package -DskipTests && bench/payout-fairness.sh
# Env: ITEMS (10000), SETTLE_MS (2000), INTERVAL_MS (500), PORT (18096), PGPORT (15437), RUNJAR (the packaged
# service; another build's quarkus-run.jar to compare), KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ITEMS=${ITEMS:-10000}
SETTLE_MS=${SETTLE_MS:-2000}
INTERVAL_MS=${INTERVAL_MS:-500}
PORT=${PORT:-18096}
PGPORT=${PGPORT:-15437}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-fair.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR=${RUNJAR:-"$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"}
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
source "$ROOT/bench/lib.sh"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
SVC=
trap 'bench_cleanup "$WORK"' EXIT

echo "machine: $(nproc) cores, load $(load), $("$JAVA" -version 2>&1 | head -1), service $RUNJAR"
pg_start -c shared_buffers=256MB
# B's lookups of its waiting payments would pass one merchant's request budget when they wait long: no budget here
# the funding is one adjustment above the four-eyes threshold (docs/operators.md): no second operator here
MIZANI_MERCHANT_RATE_LIMIT=0 QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SANDBOX_SETTLE_MS=$SETTLE_MS MIZANI_APPROVAL_THRESHOLD_USD=1000000000 \
  "$JAVA" -Xmx768m -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }

merchant() { # name email number -> "account_id user:password"
  local j
  j=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
    "organization_name": "'"$1"'", "user": {"first_name": "Pay", "last_name": "Owner", "email": "owner-'"$2"'",
    "phone_number": "+254'"$3"'"}, "account": {"name": "'"$1"'", "email": "'"$2"'", "dial_code": "+254", "number": "'"$3"'"}}')
  local acc; acc=$(jq -r '.account.id' <<<"$j")
  curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
    "$BASE/api/admin/accounts/$acc/payment-providers" -d '{"providers":["mpesa_ke"]}'
  echo "$acc $(jq -r '.credentials.username' <<<"$j"):$(jq -r '.credentials.password' <<<"$j")"
}
read -r ACC_A AUTH_A < <(merchant "Batch Payer" "a@example.com" "711000001")
read -r _ AUTH_B < <(merchant "Single Payments" "b@example.com" "711000002")
curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC_A/balances/KES/adjustments" -d '{"amount": 5000000, "reference": "bench", "reason": "bench"}' \
  | jq -e .available >/dev/null || { echo "the funding was not applied" >&2; exit 1; }
ADM=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/accounts/$ACC_A/users" \
  -d '{"first_name": "Ben", "last_name": "Approver", "email": "ben@example.com", "role": "admin"}')
ADMIN="$(jq -r '.credentials.username' <<<"$ADM"):$(jq -r '.credentials.password' <<<"$ADM")"

python3 - "$ITEMS" > "$WORK/batch.csv" <<'PY'
import sys
print("reference,amount,currency,country,provider,transaction_channel,account_number,first_name,last_name,email,phone,"
      "network_id,network_name,network_code,account_type,remark,payment_category", end="\r\n")
for i in range(int(sys.argv[1])):
    print(f"fair-{i},100,KES,KE,mpesa_ke,momo,+2547{i:08d}7,Ada,Obi,ada@example.com,+254700000123,"
          "net_ke_mpesa,M-Pesa,MPESA,momo,November pay,salary", end="\r\n")
PY
c=$(curl -s -o "$WORK/c.json" -w '%{http_code} %{time_total}' -u "$AUTH_A" -H 'Content-Type: text/csv' \
    --data-binary @"$WORK/batch.csv" "$BASE/api/global/payout-batches?batch_reference=fair&callback_url=http://127.0.0.1:9/cb")
echo "A: $ITEMS-item batch created: $c s"
echo "load before approval: $(load)"
a=$(curl -s -o "$WORK/a.json" -w '%{http_code} %{time_total}' -u "$ADMIN" -X POST "$BASE/api/global/payout-batches/fair/approve")
echo "A: approved: $a s ($(jq -r '.batch.status' "$WORK/a.json"))"

python3 - "$BASE" "$AUTH_A" "$AUTH_B" "$INTERVAL_MS" <<'PY'
import base64, json, sys, threading, time, urllib.request
base, auth_a, auth_b, interval = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) / 1000
def call(auth, method, path, body=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": "Basic " + base64.b64encode(auth.encode()).decode(),
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())
approved = time.monotonic()
took, lock, done = [], threading.Lock(), threading.Event()
def single(n):
    ref = f"single-{n}-{int(time.time() * 1000)}"
    call(auth_b, "POST", "/api/global/payments", {
        "request_type": "payment", "transaction_channel": "momo", "provider": "mpesa_ke", "amount": 100,
        "currency": "KES", "country": "KE",
        "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com", "phone": "+254700000123"},
        "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke", "network_name": "M-Pesa",
                            "network_code": "MPESA", "account_type": "momo"},
        "payment_config": {"reference": ref, "account_number": "+254700000123", "callback_url": "http://127.0.0.1:9/cb"}})
    accepted = time.monotonic()
    while True:
        s = call(auth_b, "POST", "/api/global/transaction-status", {"merchant_reference": ref})["transaction"]["status"]
        if s in ("succeeded", "failed"):
            with lock:
                took.append(time.monotonic() - accepted)
            return
        time.sleep(0.25)
threads, n, completed_at, last_counts = [], 0, None, None
while completed_at is None:
    t = threading.Thread(target=single, args=(n,)); t.start(); threads.append(t); n += 1
    time.sleep(interval)
    b = call(auth_a, "GET", "/api/global/payout-batches/fair")["batch"]
    last_counts = b["counts"]
    if b["status"] == "completed":
        completed_at = time.monotonic()
    elif time.monotonic() - approved > 900:
        sys.exit(f"A's batch not completed in 15 minutes: {last_counts}")
for t in threads:
    t.join()
xs = sorted(took)
pct = lambda p: xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]
print(f"A: drained (approval to completed): {completed_at - approved:.1f} s, counts {json.dumps(last_counts)}")
print(f"B: {len(xs)} payments during the drain, time to final p50 {pct(50):.2f} s, p99 {pct(99):.2f} s, "
      f"max {xs[-1]:.2f} s")
PY
echo "load after: $(load)"
