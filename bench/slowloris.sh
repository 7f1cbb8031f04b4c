#!/usr/bin/env bash
# Slow clients (issue 35): the packaged service on its own PostgreSQL 17, then bench/slowloris.py against it:
# 200 connections trickling headers, 200 trickling a declared body, 100 idle kept-alive ones, while readiness and a
# merchant's GET are probed every 100 ms. Prints what the service closed and when, and the probes' percentiles.
#
# Usage: ./mvnw -B package -DskipTests && bench/slowloris.sh
# Env: HEADERS (200) BODY (200) IDLE (100) SECONDS (45) PORT (18640) PGPORT (15560) KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=${PORT:-18640}
PGPORT=${PGPORT:-15560}
JAVA=${JAVA:-java}
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
WORK=$(mktemp -d /tmp/mizani-bench-slow.XXXXXX)
BASE="http://127.0.0.1:$PORT"
[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
SVC=""
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$WORK"' EXIT

echo "machine: $(nproc) cores, load $(load), $("$JAVA" -version 2>&1 | head -1)"
pg_start
QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres MIZANI_DATA_DIR="$WORK/service-data" \
  "$JAVA" -Xmx512m -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }
echo "service ready; settings: header deadline ${MIZANI_HEADER_READ_TIMEOUT:-10s (default)}, idle timeout 30 s, body read 30 s"
python3 "$ROOT/bench/slowloris.py" --port "$PORT" --headers "${HEADERS:-200}" --body "${BODY:-200}" \
  --idle "${IDLE:-100}" --seconds "${SECONDS_MAX:-45}"
echo "load at the end: $(load)"
