#!/usr/bin/env bash
# Trains a JDK AOT cache (JEP 483/514/515, JDK 25+) for the packaged service: one run of
# `java -XX:AOTCacheOutput=<app>/app.aot -jar <app>/quarkus-run.jar` against a PostgreSQL, a few requests of each
# kind (health, operator API, verification, a payment and a withdrawal), then TRAIN_PAYMENTS collections processed
# and called back (the profiles of the money path's hot code), then SIGTERM: the JVM writes the cache as it
# exits (a second JVM assembles it, ~10-30 s). Start the service with `-XX:AOTCache=<app>/app.aot` (docs/operations.md
# "Start-up"). The cache is only valid for this JDK build and these exact jars at this path; the JVM ignores a stale
# or mismatched one with a warning and starts normally.
#
# Usage: ./mvnw -B package -DskipTests && bench/aot-train.sh [quarkus-app dir]   (the build packages aot-jar: docs/performance.md)
# Env:   IMAGE_FLAGS (1: trained with the image's JVM flags, bench/lib.sh image_jvm_flags, as perf.sh runs; 0: none),
#        QUARKUS_DATASOURCE_JDBC_URL/_USERNAME/_PASSWORD (an existing database; it gets a demo merchant and a few
#        payments), else a throw-away PostgreSQL 17 on PGPORT (15640); PORT (18700); CB_PORT (18701, the callback
#        receiver); TRAIN_PAYMENTS (3000; 0 trains without the payment volume); JAVA; TRAIN_OPTS (JVM flags of the
#        training run only: a cache trained with -XX:StartFlightRecording=... accepts a JVM that records JFR from
#        its start, one trained without refuses it).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP=$(cd "${1:-$ROOT/bootstrap/target/quarkus-app}" && pwd)
PORT=${PORT:-18700}
PGPORT=${PGPORT:-15640}
CB_PORT=${CB_PORT:-18701}
TRAIN_PAYMENTS=${TRAIN_PAYMENTS:-3000}
JAVA=${JAVA:-java}
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d /tmp/mizani-aot-train.XXXXXX)
[ -f "$APP/quarkus-run.jar" ] || { echo "no $APP/quarkus-run.jar: build first" >&2; exit 1; }

SVC=""
OWN_PG=0
. "$ROOT/bench/lib.sh"
RECEIVER=""
cleanup() {
  [ -n "$RECEIVER" ] && kill "$RECEIVER" 2>/dev/null || true
  [ -n "$SVC" ] && kill "$SVC" 2>/dev/null && wait "$SVC" 2>/dev/null || true
  [ "$OWN_PG" = 1 ] && pg_stop
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ -z "${QUARKUS_DATASOURCE_JDBC_URL:-}" ]; then
  pg_start
  OWN_PG=1
  export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani"
  export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres
fi

rm -f "$APP/app.aot"
echo "== training run: $("$JAVA" -version 2>&1 | head -1), $APP"
# sandbox mode (the demo merchant and the sandbox rails make the requests below possible), short settle delay
# the same -jar path as the runs that will use the cache
QUARKUS_HTTP_PORT=$PORT MIZANI_MODE=sandbox MIZANI_SANDBOX_SETTLE_MS=100 MIZANI_MERCHANT_RATE_LIMIT=0 MIZANI_DATA_DIR="$WORK/service-data" \
  "$JAVA" ${TRAIN_OPTS:-} $([ "${IMAGE_FLAGS:-1}" = 1 ] && image_jvm_flags) -XX:AOTCacheOutput="$APP/app.aot" -jar "$APP/quarkus-run.jar" >"$WORK/train.log" 2>&1 &
SVC=$!
for _ in $(seq 1 2400); do
  curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break
  kill -0 "$SVC" 2>/dev/null || { tail -30 "$WORK/train.log" >&2; exit 1; }
  sleep 0.05
done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -30 "$WORK/train.log" >&2; exit 1; }

OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
DEMO="demo:demo-secret"
J='Content-Type: application/json'
for i in $(seq 1 20); do
  curl -s -o /dev/null "$BASE/q/health/live"
  curl -s -o /dev/null "$BASE/q/health/ready"
  curl -s -o /dev/null -u "$OP" "$BASE/api/admin/merchants?limit=5"
  curl -s -o /dev/null -u "$DEMO" "$BASE/api/v1/kyc/pricing"
  curl -s -o /dev/null -u "$DEMO" -H "$J" "$BASE/api/v1/kyc/verify/national_id_ke" -d '{"number": "12345678"}'
  curl -s -o /dev/null -u "$DEMO" "$BASE/api/global/balances"
  curl -s -o /dev/null -u "$DEMO" "$BASE/api/global/discovery/discover-rails?country=KE"
  for kind in payment withdrawal; do
    curl -s -o /dev/null -u "$DEMO" -H "$J" "$BASE/api/global/payments" -d "{\"request_type\":\"$kind\",
      \"transaction_channel\":\"momo\",\"provider\":\"mpesa_ke\",\"amount\":100,\"currency\":\"KES\",\"country\":\"KE\",
      \"customer\":{\"first_name\":\"Ada\",\"last_name\":\"Obi\",\"email\":\"ada@example.com\",\"phone\":\"+254700000123\"},
      \"provider_config\":{\"network_id\":\"net_ke_mpesa\",\"provider_id\":\"mpesa_ke\",\"network_name\":\"M-Pesa\",
      \"network_code\":\"MPESA\",\"account_type\":\"momo\"},\"payment_config\":{\"reference\":\"aot-$kind-$i-$$\",
      \"account_number\":\"+254700000123\",\"callback_url\":\"http://127.0.0.1:9/none\"}}"
  done
  curl -s -o /dev/null "$BASE/q/metrics"
done
# Then volume on the money path, so that the cache holds the profiles of its hot code (JEP 515) and a new JVM compiles
# it sooner: TRAIN_PAYMENTS collections of the demo merchant, each processed by the workers and called back to a local
# receiver before the JVM stops (docs/performance.md "The AOT cache trained on payments").
if [ "$TRAIN_PAYMENTS" -gt 0 ]; then
  java "$ROOT/bench/perf/Receiver.java" "$CB_PORT" >"$WORK/receiver.log" 2>&1 &
  RECEIVER=$!
  for _ in $(seq 1 200); do curl -fs "http://127.0.0.1:$CB_PORT/count" >/dev/null 2>&1 && break; sleep 0.05; done
  echo "== $TRAIN_PAYMENTS collections, called back to 127.0.0.1:$CB_PORT"
  collections "$TRAIN_PAYMENTS" "aot-train-$$" "$PORT" "$CB_PORT" "$DEMO"
  for _ in $(seq 1 3000); do
    [ "$(curl -fs "http://127.0.0.1:$CB_PORT/count" | cut -d' ' -f1)" -ge "$TRAIN_PAYMENTS" ] && break
    sleep 0.1
  done
  echo "   called back: $(curl -fs "http://127.0.0.1:$CB_PORT/count" | cut -d' ' -f1)"
fi
sleep 1
echo "== stopping: the JVM writes the cache as it exits"
kill -TERM "$SVC"
wait "$SVC" 2>/dev/null || true
SVC=""
if [ ! -s "$APP/app.aot" ]; then
  tail -40 "$WORK/train.log" >&2
  echo "no cache written" >&2
  exit 1
fi
echo "written: $APP/app.aot ($(du -h "$APP/app.aot" | cut -f1)); run: java -XX:AOTCache=$APP/app.aot -jar $APP/quarkus-run.jar"
