#!/usr/bin/env bash
# Start-up benchmark (issue 18: "warm start to ready under 2 s, RSS idle under 300 MB"), as bench/perf.sh measures it:
# PostgreSQL 17 (the zonky binaries the service embeds) on its own port, the packaged service on it with an external
# JDBC URL; one cold start (migrations on an empty database), then N warm starts. For each: milliseconds from the
# `java` launch to the first 200 of /q/health/ready, Quarkus's own "started in", and the load average at that moment
# (the machine may be shared: compare variants run in the same minutes, see docs/performance.md "Start-up").
# After the last start: RSS 5 s after ready (idle). Each start also splits the CPU the process spent before ready by
# thread: the JIT compiler threads (C1, C2), the main thread, and the rest (from /proc/<pid>/task at ready).
# With JAVA_OPTS_B set, the warm starts alternate between JAVA_OPTS (variant A) and JAVA_OPTS + JAVA_OPTS_B (variant
# B), N of each, and the summary gives each variant's medians.
#
# Usage: ./mvnw -B package -DskipTests && bench/start.sh [label]
# Env:   N (5), RUNJAR (bootstrap/target/quarkus-app/quarkus-run.jar), JAVA_OPTS (JVM flags of every start, e.g.
#        "-XX:AOTCache=bootstrap/target/quarkus-app/app.aot"), PORT (18600), PGPORT (15540),
#        LOG_LEVEL (WARN, as bench/perf.sh; io.quarkus stays at INFO for its "started in"), KEEP=1 keeps the logs,
#        JAVA_OPTS_B (flags added for variant B, e.g. "-XX:CompileThresholdScaling=4").
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

# start_service NAME [EXTRA FLAGS]: launches the service, waits for ready; sets SVC and READY_MS, STARTED (Quarkus's
# "started in") and CPU_SPLIT (CPU ms before ready: compilers, main thread, the rest, all)
start_service() {
  local log="$WORK/service-$1.log" t0
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  env QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=$LOG_LEVEL QUARKUS_LOG_CATEGORY__IO_QUARKUS__LEVEL=INFO \
    QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
    QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
    MIZANI_DATA_DIR="$WORK/service-data" MIZANI_PAYMENTS_WORKERS_ENABLED=false \
    "$JAVA" ${JAVA_OPTS:-} ${2:-} -jar "$RUNJAR" >"$log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 2400); do
    if curl -fs "$BASE/q/health/ready" >/dev/null 2>&1; then
      READY_MS=$(( ($(date +%s%N) - t0) / 1000000 ))
      STARTED=$(grep -o 'started in [0-9.]*s' "$log" | head -1 | sed 's/started in //')
      CPU_SPLIT=$(cpu_split "$SVC")
      return 0
    fi
    kill -0 "$SVC" 2>/dev/null || { tail -30 "$log" >&2; exit 1; }
    sleep 0.025
  done
  tail -30 "$log" >&2; exit 1
}
# cpu_split PID: "<compilers> <main> <rest> <all>" CPU ms of the process's live threads so far (bench/perf/cpu_split.py)
cpu_split() { python3 "$ROOT/bench/perf/cpu_split.py" start "$1"; }
stop_service() { kill "$SVC"; wait "$SVC" 2>/dev/null || true; SVC=""; }

echo "== $LABEL: $(nproc) cores, $("$JAVA" -version 2>&1 | head -1), JAVA_OPTS='${JAVA_OPTS:-}'"
start_service cold
echo "cold (migrations): ${READY_MS} ms to ready (Quarkus: started in ${STARTED:-?}), load $(load)"
stop_service
VARIANTS="A"; [ -n "${JAVA_OPTS_B:-}" ] && VARIANTS="A B"
[ -n "${JAVA_OPTS_B:-}" ] && echo "variant B adds: $JAVA_OPTS_B"
: >"$WORK/starts.tsv"
for i in $(seq 1 "$N"); do
  for v in $VARIANTS; do
    extra=""; [ "$v" = B ] && extra=$JAVA_OPTS_B
    start_service "warm-$v-$i" "$extra"
    read -r comp main rest all <<<"$CPU_SPLIT"
    printf 'warm %s%d: %5d ms to ready (Quarkus: started in %s), CPU before ready %d ms (compilers %d, main %d, rest %d), load %s\n' \
      "$([ "$VARIANTS" = A ] || echo "$v ")" "$i" "$READY_MS" "${STARTED:-?}" "$all" "$comp" "$main" "$rest" "$(load)"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$READY_MS" "$all" "$comp" "$main" "$rest" >>"$WORK/starts.tsv"
    if [ "$i" = "$N" ]; then
      sleep 5
      echo "$v $(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$SVC/status")" >>"$WORK/rss.txt"
    fi
    stop_service
  done
done
python3 - "$WORK/starts.tsv" "$WORK/rss.txt" "$LABEL" "$(load)" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
rss = dict(l.split() for l in open(sys.argv[2]).read().splitlines())
for v in sorted({r[0] for r in rows}):
    mine = [[int(x) for x in r[1:]] for r in rows if r[0] == v]
    med = [statistics.median(c) for c in zip(*mine)]
    ready = sorted(r[0] for r in mine)
    name = sys.argv[3] + ("" if len(rss) == 1 else " " + v)
    print("RESULT %s: warm start to ready median %d ms (all: %s), CPU before ready median %d ms (compilers %d, main "
          "thread %d, rest %d), RSS idle %s MiB, load %s"
          % (name, med[0], " ".join(map(str, ready)), med[1], med[2], med[3], med[4], rss[v], sys.argv[4]))
PY
