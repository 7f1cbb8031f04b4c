#!/usr/bin/env bash
# Payments benchmark (loopback only, bounded in time and count).
#   1. acceptance throughput and p99 of POST /api/global/payments beside the authenticated no-op, same run
#   2. time from acceptance to callback at the sandbox settle delay
#   3. webhook deliveries per second from the outbox
# Needs: wrk, curl, python3, a built service (./mvnw -B package -DskipTests). Usage: bench/payment.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}
cd "$(dirname "$0")/.."
PORT=${PORT:-18480}
CB_PORT=${CB_PORT:-18481}
DURATION=${DURATION:-20s}
CONNS=${CONNS:-32}
THREADS=${THREADS:-2}
CALLBACKS=${CALLBACKS:-2000}
OUT=bench/out/payment
mkdir -p "$OUT"
DATA=$(mktemp -d)
BASE=http://127.0.0.1:$PORT

cleanup() {
  [[ -n "${SVC:-}" ]] && kill "$SVC" 2>/dev/null || true
  [[ -n "${RCV:-}" ]] && kill "$RCV" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT

# callback receiver: answers 200 and logs "<epoch_ms> <merchant_reference> <created_at>"
cat > "$DATA/receiver.py" <<'PY'
import http.server, json, sys, time, threading
log = open(sys.argv[2], "a", buffering=1)
lock = threading.Lock()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        now = time.time() * 1000
        t = json.loads(body)["data"]["transaction"]
        with lock:
            log.write("%d %s %s\n" % (now, t["merchant_reference"], t["created_at"]))
        self.send_response(200); self.send_header("content-length", "0"); self.end_headers()
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
PY
python3 "$DATA/receiver.py" "$CB_PORT" "$DATA/callbacks.log" & RCV=$!

start_service() {
  QUARKUS_HTTP_PORT=$PORT MIZANI_DATA_DIR="$DATA/pg" MIZANI_SANDBOX_SETTLE_MS=${SETTLE_MS:-2000} \
    QUARKUS_LOG_LEVEL=WARN java -Xmx1g -jar bootstrap/target/quarkus-app/quarkus-run.jar > "$OUT/service.log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 120); do curl -sf "$BASE/q/health/ready" >/dev/null && return 0; sleep 0.5; done
  echo "service did not start" >&2; exit 1
}
start_service

# the sandbox demo merchant: every provider assigned
USER=demo
PASS=demo-secret
AUTH=$(printf '%s:%s' "$USER" "$PASS" | base64 -w0)

cat > "$DATA/pay.lua" <<LUA
local created = 0
setup = function(thread) created = created + 1; thread:set("tid", created) end
n = 0
request = function()
  n = n + 1
  local body = string.format([[{"request_type":"payment","transaction_channel":"momo","provider":"mpesa_ke",
   "amount":100,"currency":"KES","country":"KE",
   "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
   "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
   "payment_config":{"reference":"bench-%s-%s-%d","account_number":"+254700000123","callback_url":"http://127.0.0.1:$CB_PORT/cb"}}]],
   os.time(), tostring(tid), n)
  return wrk.format("POST", "/api/global/payments", {["authorization"]="Basic $AUTH", ["content-type"]="application/json"}, body)
end
LUA
cat > "$DATA/noop.lua" <<LUA
wrk.headers["authorization"] = "Basic $AUTH"
LUA

NOOP_PATH=${NOOP_PATH:-/api/v2/ping}
echo "== acceptance to callback (settle ${SETTLE_MS:-2000} ms): 50 payments, one every 100 ms"
: > "$DATA/callbacks.log"
sleep 1
for i in $(seq 1 50); do
  curl -s -o /dev/null -u "$USER:$PASS" -H 'content-type: application/json' -X POST "$BASE/api/global/payments" -d '{
   "request_type":"payment","transaction_channel":"momo","provider":"mpesa_ke","amount":100,"currency":"KES","country":"KE",
   "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
   "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
   "payment_config":{"reference":"lat-'"$i-$RANDOM"'","account_number":"+254700000123","callback_url":"http://127.0.0.1:'"$CB_PORT"'/cb"}}'
  sleep 0.1
done
for _ in $(seq 1 60); do [[ $(grep -c ' lat-' "$DATA/callbacks.log" || true) -ge 50 ]] && break; sleep 0.5; done
python3 - "$DATA/callbacks.log" <<'PY' | tee "$OUT/latency.txt"
import sys, datetime
xs = []
for line in open(sys.argv[1]):
    ms, ref, created = line.split()
    if not ref.startswith("lat-"): continue
    c = datetime.datetime.fromisoformat(created.replace("Z", "+00:00")).timestamp() * 1000
    xs.append(int(ms) - c)
xs.sort()
if xs:
    p = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]
    print("acceptance->callback ms: n=%d p50=%.0f p90=%.0f p99=%.0f max=%.0f" % (len(xs), p(.5), p(.9), p(.99), xs[-1]))
PY

echo "== warm-up"
wrk -t1 -c4 -d5s -s "$DATA/pay.lua" "$BASE" >/dev/null
wrk -t1 -c4 -d5s -s "$DATA/noop.lua" "$BASE$NOOP_PATH" >/dev/null
echo "== authenticated no-op: GET $NOOP_PATH"
wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$DATA/noop.lua" "$BASE$NOOP_PATH" | tee "$OUT/noop.txt"
echo "== payment acceptance: POST /api/global/payments (momo, inline customer, unique reference per request)"
wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$DATA/pay.lua" "$BASE" | tee "$OUT/accept.txt"
echo "== authenticated no-op again (after the payments run)"
wrk -t$THREADS -c$CONNS -d$DURATION --latency -s "$DATA/noop.lua" "$BASE$NOOP_PATH" | tee "$OUT/noop2.txt"

echo "== webhook deliveries per second: $CALLBACKS callbacks waiting in the outbox, then the callback worker starts"
kill "$SVC"; wait "$SVC" 2>/dev/null || true
: > "$DATA/callbacks.log"
# phase 1: payments are accepted and settle at once (settle 0), their callbacks stay in the outbox
QUARKUS_HTTP_PORT=$PORT MIZANI_DATA_DIR="$DATA/pg" MIZANI_SANDBOX_SETTLE_MS=0 MIZANI_PAYMENTS_CALLBACKS_ENABLED=false \
  QUARKUS_LOG_LEVEL=WARN java -Xmx1g -jar bootstrap/target/quarkus-app/quarkus-run.jar > "$OUT/service2.log" 2>&1 & SVC=$!
for _ in $(seq 1 120); do curl -sf "$BASE/q/health/ready" >/dev/null && break; sleep 0.5; done
python3 - "$BASE" "$USER" "$PASS" "$CALLBACKS" "$CB_PORT" <<'PY'
import sys, json, base64, time, urllib.request, concurrent.futures
base, user, pw, n, cbp = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
auth = "Basic " + base64.b64encode(f"{user}:{pw}".encode()).decode()
def call(path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
        headers={"authorization": auth, "content-type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())
def one(i):
    call("/api/global/payments", {"request_type":"payment","transaction_channel":"momo","provider":"mpesa_ke","amount":100,"currency":"KES","country":"KE",
      "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
      "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
      "payment_config":{"reference":f"burst-{i}","account_number":"+254700000123","callback_url":f"http://127.0.0.1:{cbp}/cb"}})
with concurrent.futures.ThreadPoolExecutor(16) as ex:
    list(ex.map(one, range(n)))
deadline = time.time() + 120
while time.time() < deadline:
    if call("/api/global/transaction-status", {"merchant_reference": f"burst-{n-1}"})["transaction"]["status"] == "succeeded":
        break
    time.sleep(0.5)
PY
sleep 2
kill "$SVC"; wait "$SVC" 2>/dev/null || true
# phase 2: the callback worker drains the outbox
QUARKUS_HTTP_PORT=$PORT MIZANI_DATA_DIR="$DATA/pg" QUARKUS_LOG_LEVEL=WARN \
  java -Xmx1g -jar bootstrap/target/quarkus-app/quarkus-run.jar > "$OUT/service3.log" 2>&1 & SVC=$!
for _ in $(seq 1 240); do [[ $(grep -c ' burst-' "$DATA/callbacks.log" || true) -ge $CALLBACKS ]] && break; sleep 0.5; done
python3 - "$DATA/callbacks.log" <<'PY' | tee "$OUT/deliveries.txt"
import sys
ts = sorted(int(l.split()[0]) for l in open(sys.argv[1]) if " burst-" in l)
if len(ts) > 1:
    span = (ts[-1] - ts[0]) / 1000
    print("webhook deliveries: n=%d in %.2fs = %.0f/s (first to last callback received)" % (len(ts), span, len(ts) / span))
PY
