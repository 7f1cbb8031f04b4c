#!/usr/bin/env bash
# Start-up benchmark (issue 18: "warm start to ready under 2 s, RSS idle under 300 MB"), as bench/perf.sh measures it:
# PostgreSQL 17 (the zonky binaries the service embeds) on its own port, the packaged service on it with an external
# JDBC URL; one cold start (migrations on an empty database), then N warm starts. For each: milliseconds from the
# `java` launch to the first 200 of /q/health/ready, Quarkus's own "started in", and the load average at that moment
# (the machine may be shared: compare variants run in the same minutes, see docs/performance.md "Start-up").
# After the last start: RSS 5 s after ready (idle).
#
# Usage: ./mvnw -B package -DskipTests && bench/start.sh [label]
# Env:   N (5), RUNJAR (bootstrap/target/quarkus-app/quarkus-run.jar), JAVA_OPTS (JVM flags of every start, e.g.
#        "-XX:AOTCache=bootstrap/target/quarkus-app/app.aot"), PORT (18600), PGPORT (15540),
#        LOG_LEVEL (WARN, as bench/perf.sh; io.quarkus stays at INFO for its "started in"), KEEP=1 keeps the logs.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LABEL=${1:-run}
N=${N:-5}
PORT=${PORT:-18600}
PGPORT=${PGPORT:-15540}
JAVA=${JAVA:-java}
RUNJAR=${RUNJAR:-"$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"}
LOG_LEVEL=${LOG_LEVEL:-WARN}
WORK=$(mktemp -d /tmp/mizani-bench-start.XXXXXX)
BASE="http://127.0.0.1:$PORT"
[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }

SVC=""
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$WORK"' EXIT

pg_start -c shared_buffers=128MB -c max_connections=100

# start_service: launches the service, waits for ready; sets SVC and READY_MS, STARTED (Quarkus's "started in")
start_service() {
  local log="$WORK/service-$1.log" t0
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  env QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=$LOG_LEVEL QUARKUS_LOG_CATEGORY__IO_QUARKUS__LEVEL=INFO \
    QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
    QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
    MIZANI_DATA_DIR="$WORK/service-data" MIZANI_PAYMENTS_WORKERS_ENABLED=false \
    "$JAVA" ${JAVA_OPTS:-} -jar "$RUNJAR" >"$log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 2400); do
    if curl -fs "$BASE/q/health/ready" >/dev/null 2>&1; then
      READY_MS=$(( ($(date +%s%N) - t0) / 1000000 ))
      STARTED=$(grep -o 'started in [0-9.]*s' "$log" | head -1 | sed 's/started in //')
      return 0
    fi
    kill -0 "$SVC" 2>/dev/null || { tail -30 "$log" >&2; exit 1; }
    sleep 0.025
  done
  tail -30 "$log" >&2; exit 1
}
stop_service() { kill "$SVC"; wait "$SVC" 2>/dev/null || true; SVC=""; }

echo "== $LABEL: $(nproc) cores, $("$JAVA" -version 2>&1 | head -1), JAVA_OPTS='${JAVA_OPTS:-}'"
start_service cold
echo "cold (migrations): ${READY_MS} ms to ready (Quarkus: started in ${STARTED:-?}), load $(load)"
stop_service
TOTAL=0
ALL=()
for i in $(seq 1 "$N"); do
  start_service "warm-$i"
  printf 'warm %d: %5d ms to ready (Quarkus: started in %s), load %s\n' "$i" "$READY_MS" "${STARTED:-?}" "$(load)"
  ALL+=("$READY_MS")
  TOTAL=$((TOTAL + READY_MS))
  if [ "$i" = "$N" ]; then
    sleep 5
    RSS_KB=$(awk '/VmRSS/ {print $2}' "/proc/$SVC/status")
    echo "RSS idle 5 s after ready: $((RSS_KB / 1024)) MiB"
  fi
  stop_service
done
SORTED=$(printf '%s\n' "${ALL[@]}" | sort -n | tr '\n' ' ')
MEDIAN=$(printf '%s\n' "${ALL[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "RESULT $LABEL: warm start to ready median ${MEDIAN} ms (mean $((TOTAL / N)) ms; all: ${SORTED}), RSS idle $((RSS_KB / 1024)) MiB, load $(load)"
