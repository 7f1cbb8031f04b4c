#!/usr/bin/env bash
# Two builds of the service side by side (issue 37): the JVM's CPU per request of each, measured in alternating cells
# within the same minutes, so that the machine's drift (which moves bench/perf.sh's figures by up to 2x from one run to
# the next) falls on both alike.
#
#  1. starts PostgreSQL 17 (the zonky binaries the service embeds) and build A and build B on it, workers off (only the
#     requests' own work is counted), each with the image's JVM flags and its own AOT cache (trained first when missing
#     or older than its jar, as bench/perf.sh does);
#  2. onboards one load merchant on each (bench/lib.sh perf_merchant) and warms each up, WARMUP s per path;
#  3. ROUNDS rounds; in each, for each path, a DUR s wrk cell at CONNS connections on A then B (B then A in every
#     other round), recording requests per second and the CPU per request of that build's JVM and of PostgreSQL
#     (user + system from /proc, as bench/perf.sh);
#  4. prints each cell and, per path and build, the median and the spread, and B's median against A's.
#
# Usage: ./mvnw -B package -DskipTests (each build), then
#   bench/ab.sh <quarkus-app dir of A> <quarkus-app dir of B>
# Env: PATHS ("cached pay"), ROUNDS (6), DUR (s per cell, 10), CONNS (8), WARMUP (s per path and build, 60),
#      PORT_A / PORT_B (18510 / 18511), PGPORT (15450), AOT (1), IMAGE_FLAGS (1), KEEP=1 keeps the scratch directory,
#      JFR=<dir>: each build records a JFR profile of the cells alone (settings=profile) into <dir>/A.jfr and B.jfr,
#      OPTS_A / OPTS_B: JVM flags added to that build's (one build against itself with other flags: pass the same
#      directory twice).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

[ $# = 2 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
APP_A=$(cd "$1" && pwd); APP_B=$(cd "$2" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PATHS=${PATHS:-"cached pay"}; ROUNDS=${ROUNDS:-6}; DUR=${DUR:-10}; CONNS=${CONNS:-8}; WARMUP=${WARMUP:-60}
PORT_A=${PORT_A:-18510}; PORT_B=${PORT_B:-18511}; PGPORT=${PGPORT:-15450}
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}
export MIZANI_APPROVAL_THRESHOLD_USD=${MIZANI_APPROVAL_THRESHOLD_USD:-1000000000000}
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
WORK=$(mktemp -d /tmp/mizani-ab.XXXXXX)
. "$ROOT/bench/lib.sh"
for tool in psql wrk jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
for app in "$APP_A" "$APP_B"; do [ -f "$app/quarkus-run.jar" ] || { echo "no quarkus-run.jar in $app" >&2; exit 1; }; done

declare -A PID
cleanup() {
  for p in "${PID[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pg_stop
  if [ "${KEEP:-0}" = 1 ]; then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

flags() { # app dir -> the JVM flags for it
  local f=""
  [ "${IMAGE_FLAGS:-1}" = 1 ] && f="$(image_jvm_flags)"
  if [ "${AOT:-1}" = 1 ]; then
    if [ ! -s "$1/app.aot" ] || [ "$1/app.aot" -ot "$1/quarkus-run.jar" ]; then
      IMAGE_FLAGS=${IMAGE_FLAGS:-1} "$ROOT/bench/aot-train.sh" "$1" >&2
    fi
    f="$f -XX:AOTCache=$1/app.aot"
  fi
  echo "$f"
}
FLAGS_A="$(flags "$APP_A") ${OPTS_A:-}"; FLAGS_B="$(flags "$APP_B") ${OPTS_B:-}"

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average before: $(load)"
echo "A: $APP_A ${OPTS_A:-}"; echo "B: $APP_B ${OPTS_B:-}"
pg_start -c shared_buffers=256MB -c max_connections=200

start() { # name port app flags
  env QUARKUS_HTTP_PORT="$2" QUARKUS_LOG_LEVEL=WARN MIZANI_PAYMENTS_WORKERS_ENABLED=false \
    QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
    QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
    MIZANI_DATA_DIR="$WORK/data-$1" \
    java $4 -jar "$3/quarkus-run.jar" >>"$WORK/service-$1.log" 2>&1 &
  PID[$1]=$!
  for _ in $(seq 1 1200); do
    curl -fs "http://127.0.0.1:$2/q/health/ready" >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  tail -50 "$WORK/service-$1.log" >&2; exit 1
}
start A "$PORT_A" "$APP_A" "$FLAGS_A"   # A migrates the empty database; B finds it migrated
start B "$PORT_B" "$APP_B" "$FLAGS_B"

declare -A AUTH
for b in A B; do
  port=PORT_$b
  BASE="http://127.0.0.1:${!port}"
  read -r _ AUTH[$b] <<<"$(perf_merchant "$( [ $b = A ] && echo 1 || echo 2 )")"
  for p in $PATHS; do perf_lua "$p" "${AUTH[$b]}" >"$WORK/$p-$b.lua"; done
done

cell() { # build path seconds -> "<req/s> <JVM ms/req> <PostgreSQL ms/req> <non-2xx>"
  local b=$1 p=$2 s=$3 port=PORT_$1 j0 g0 j1 g1
  SVC=${PID[$b]}   # the build whose JVM lib.sh's svc_cpu_ms reads
  j0=$(svc_cpu_ms); g0=$(pg_cpu_ms)
  wrk -t2 -c"$CONNS" -d"${s}s" -s "$WORK/$p-$b.lua" "http://127.0.0.1:${!port}" >"$WORK/wrk.txt" 2>&1 || true
  j1=$(svc_cpu_ms); g1=$(pg_cpu_ms)
  python3 - "$WORK/wrk.txt" "$((j1 - j0))" "$((g1 - g0))" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
n = re.search(r"(\d+) requests in", t); rps = re.search(r"Requests/sec:\s+([\d.]+)", t)
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
n = int(n.group(1)) if n else 0
print("%.0f %.3f %.3f %s" % (float(rps.group(1)) if rps else 0, int(sys.argv[2]) / max(1, n),
                             int(sys.argv[3]) / max(1, n), bad.group(1) if bad else 0))
PY
}

echo "warm-up: ${WARMUP} s per path and build"
for p in $PATHS; do for b in A B; do cell "$b" "$p" "$WARMUP" >/dev/null; done; done

if [ -n "${JFR:-}" ]; then
  mkdir -p "$JFR"
  for b in A B; do jcmd "${PID[$b]}" JFR.start name=ab settings=profile filename="$(cd "$JFR" && pwd)/$b.jfr" >/dev/null; done
fi
echo "cells: $ROUNDS rounds of $DUR s per path and build, $CONNS connections (req/s, JVM ms/req, PostgreSQL ms/req, non-2xx)"
: >"$WORK/cells.tsv"
for r in $(seq 1 "$ROUNDS"); do
  order="A B"; [ $((r % 2)) = 0 ] && order="B A"
  for p in $PATHS; do
    for b in $order; do
      out=$(cell "$b" "$p" "$DUR")
      echo "round $r $p $b: $out"
      echo -e "$p\t$b\t$out" >>"$WORK/cells.tsv"
    done
  done
done

if [ -n "${JFR:-}" ]; then for b in A B; do jcmd "${PID[$b]}" JFR.stop name=ab >/dev/null; done; fi

python3 - "$WORK/cells.tsv" <<'PY'
import statistics, sys
cells = {}
for line in open(sys.argv[1]):
    p, b, rest = line.rstrip("\n").split("\t")
    rps, jvm, pg, bad = rest.split()
    cells.setdefault((p, b), []).append((float(rps), float(jvm), float(pg), int(bad)))
print("\n| path | build | req/s median (spread) | JVM ms/req median (spread) | PostgreSQL ms/req median (spread) | non-2xx |")
print("|---|---|---:|---:|---:|---:|")
med = {}
for (p, b), v in sorted(cells.items()):
    cols = []
    for i in range(3):
        xs = [x[i] for x in v]
        med[(p, b, i)] = statistics.median(xs)
        fmt = "%.0f" if i == 0 else "%.2f"
        cols.append((fmt + " (" + fmt + "-" + fmt + ")") % (statistics.median(xs), min(xs), max(xs)))
    print("| %s | %s | %s | %s | %s | %d |" % (p, b, cols[0], cols[1], cols[2], sum(x[3] for x in v)))
for p in sorted({k[0] for k in cells}):
    if (p, "A", 1) in med and (p, "B", 1) in med:
        print("%s: B's JVM CPU per request %.2f of A's, PostgreSQL's %.2f of A's, req/s %.2f of A's" % (
            p, med[(p, "B", 1)] / med[(p, "A", 1)], med[(p, "B", 2)] / med[(p, "A", 2)],
            med[(p, "B", 0)] / med[(p, "A", 0)]))
PY
echo "load average after: $(load)"
