#!/usr/bin/env bash
# Foundation benchmark: start-up time (cold and warm data dir), idle RSS, and the cost of authentication
# (GET /api/v2/ping with Basic credentials beside the public GET /ping, same process, same run).
# Needs: a JDK 21+ as java, wrk (apt-get install wrk), the packaged service (./mvnw -B package -DskipTests).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}
cd "$(dirname "$0")/.."
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=${PORT:-18080}
DUR=${DUR:-20s}
CONN=${CONN:-32}
THREADS=${THREADS:-2}
WORK=$(mktemp -d)
PID=""
trap 'kill $PID 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

start() {
  local t0 t1
  t0=$(date +%s%N)
  QUARKUS_HTTP_PORT=$PORT MIZANI_DATA_DIR="$WORK/data" java -jar "$JAR" >"$WORK/service.log" 2>&1 &
  PID=$!
  until curl -sf "localhost:$PORT/q/health/ready" >/dev/null; do sleep 0.05; done
  t1=$(date +%s%N)
  STARTUP_MS=$(( (t1 - t0) / 1000000 ))
}
stop() { kill -TERM "$PID"; wait "$PID" || true; }

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1)"
start; echo "cold start to ready (new data dir, initdb): $STARTUP_MS ms"; stop
start; echo "warm start to ready (existing data dir):    $STARTUP_MS ms"
sleep 5
echo "idle RSS after start: $(( $(ps -o rss= -p "$PID") / 1024 )) MiB"

AUTH="Authorization: Basic $(printf 'demo:demo-secret' | base64)"
wrk -t"$THREADS" -c"$CONN" -d5s -H "$AUTH" "http://localhost:$PORT/api/v2/ping" >/dev/null   # warm-up
wrk -t"$THREADS" -c"$CONN" -d5s "http://localhost:$PORT/ping" >/dev/null
echo "--- public GET /ping"
wrk -t"$THREADS" -c"$CONN" -d"$DUR" --latency "http://localhost:$PORT/ping" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "--- authenticated GET /api/v2/ping (HTTP Basic, demo merchant)"
wrk -t"$THREADS" -c"$CONN" -d"$DUR" --latency -H "$AUTH" "http://localhost:$PORT/api/v2/ping" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "RSS after load: $(( $(ps -o rss= -p "$PID") / 1024 )) MiB"
