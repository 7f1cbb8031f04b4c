#!/usr/bin/env bash
# Scaling check (issue 37): does the service's throughput follow its CPU per unit of work from 1 core to 2?
#
#  1. starts PostgreSQL 17 (the zonky binaries the service embeds) and the packaged service on it with its payment
#     workers off (acceptance is the unit, as in perf.sh's round-trip phase), onboards 8 merchants (bench/lib.sh
#     perf_merchant) and warms both paths on both cores for WARMUP s each;
#  2. ROUNDS times, the three placements in turn, each made with taskset on the running processes (the JVM's every
#     thread; the postmaster and every backend, new backends inheriting the postmaster's mask):
#       one    the service and PostgreSQL together on core 0, the load generator (wrk) alone on core 1;
#       split  the service on core 0, PostgreSQL on core 1, wrk on both;
#       both   the service, PostgreSQL and wrk on both cores, as every other bench runs;
#     and in each, cached verify and payment acceptance for DUR s at 8 connections, 8 merchants: requests per second,
#     the CPU each of the three used per request (service and PostgreSQL from /proc, wrk from /usr/bin/time), and the
#     share of the server's cores that was busy;
#  3. the projection: with the server's side bound by CPU, requests per second = cores / (service + PostgreSQL CPU per
#     request). From "one" (the server on 1 core, the load generator apart) it predicts "both" (2 cores shared with
#     the load generator: 2 / (service + PostgreSQL + wrk)), which is measured; the table in bench/out/scaling/.
#
# Usage: ./mvnw -B package -DskipTests && bench/scaling.sh
# Env: DUR (15), WARMUP (60 s per path), ROUNDS (2), PORT (18510), PGPORT (15450), AOT (1: the AOT cache next to the
#      jar when there is one), RUNJAR, KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"
export MIZANI_MERCHANT_RATE_LIMIT=0
export MIZANI_APPROVAL_THRESHOLD_USD=${MIZANI_APPROVAL_THRESHOLD_USD:-1000000000000}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DUR=${DUR:-15}
WARMUP=${WARMUP:-60}
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-18510}
PGPORT=${PGPORT:-15450}
CB_PORT=${CB_PORT:-18511}   # named in the payments' callback_url; the workers are off, so nothing is called
RUNJAR=${RUNJAR:-"$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"}
BASE="http://127.0.0.1:$PORT"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
OUT="$ROOT/bench/out/scaling"
WORK=$(mktemp -d /tmp/mizani-bench-scaling.XXXXXX)
mkdir -p "$OUT"
[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "needs 2 cores" >&2; exit 1; }
for tool in psql wrk jq curl python3 taskset; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
. "$ROOT/bench/lib.sh"
SVC=""
trap 'bench_cleanup "$WORK"' EXIT
JAVA_OPTS=${JAVA_OPTS:-}
AOT_CACHE="$(dirname "$RUNJAR")/app.aot"
[ "${AOT:-1}" = 1 ] && [ -s "$AOT_CACHE" ] && [ "$AOT_CACHE" -nt "$RUNJAR" ] && JAVA_OPTS="$JAVA_OPTS -XX:AOTCache=$AOT_CACHE"
echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average before: $(load), JVM flags: '$JAVA_OPTS'"

pg_start -c shared_buffers=256MB -c max_connections=200
QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN MIZANI_PAYMENTS_WORKERS_ENABLED=false \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres MIZANI_DATA_DIR="$WORK/service-data" \
  java $JAVA_OPTS -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 1200); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 0.05; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log" >&2; exit 1; }

echo "== 8 merchants"
AUTHS=()
for i in $(seq 1 8); do
  m=$(perf_merchant "$i")
  AUTHS+=("${m#* }")
done
for s in cached pay; do perf_lua "$s" "${AUTHS[@]}" >"$WORK/$s.lua"; done

# taskset on every thread of the JVM, and on the postmaster and each of its children (backends, background workers)
place() { # service-cpus postgres-cpus
  taskset -a -p -c "$1" "$SVC" >/dev/null
  local pm; pm=$(head -1 "$WORK/data/postmaster.pid")
  for pid in $pm $(pgrep -P "$pm"); do taskset -a -p -c "$2" "$pid" >/dev/null 2>&1 || true; done
}
place 0,1 0,1
echo "== warm-up (${WARMUP}s per path, both cores)"
for s in cached pay; do wrk -t2 -c8 -d"${WARMUP}s" -s "$WORK/$s.lua" "$BASE" >/dev/null 2>&1 || true; done

cpus() { echo "$(svc_cpu_ms) $(pg_cpu_ms)"; }
RESULTS="$OUT/results.tsv"
printf 'round\tplacement\tpath\treq_s\tsvc_ms\tpg_ms\twrk_ms\tbusy\n' >"$RESULTS"
for r in $(seq 1 "$ROUNDS"); do
  for p in one split both; do
    case $p in
      one)   place 0 0;     wcpu=1;;
      split) place 0 1;     wcpu=0,1;;
      both)  place 0,1 0,1; wcpu=0,1;;
    esac
    sleep 2
    for s in cached pay; do
      c0=$(cpus)
      taskset -c "$wcpu" /usr/bin/time -f '%U %S' -o "$WORK/wrk-time" \
        wrk -t2 -c8 -d"${DUR}s" -s "$WORK/$s.lua" "$BASE" >"$WORK/wrk.txt" 2>&1 || true
      c1=$(cpus)
      python3 - "$r" "$p" "$s" "$c0" "$c1" "$(cat "$WORK/wrk-time")" "$DUR" "$WORK/wrk.txt" <<'PY' | tee -a "$RESULTS"
import re, sys
r, p, s, c0, c1, wt, dur, f = sys.argv[1:]
t = open(f).read()
n = int(re.search(r"(\d+) requests in", t).group(1))
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
if bad:
    sys.exit("%s %s: %s non-2xx answers" % (p, s, bad.group(1)))
(s0, g0), (s1, g1) = [map(int, x.split()) for x in (c0, c1)]
w = sum(float(x) for x in wt.split()) * 1000
svc, pg, wrk = (s1 - s0) / n, (g1 - g0) / n, w / n
cores = 1 if p == "one" else 2
# the server's cores busy: the service's and PostgreSQL's CPU (and wrk's where it shares them) over the cores' time
busy = ((s1 - s0) + (g1 - g0) + (0 if p == "one" else w)) / (int(dur) * 1000 * cores)
print("%s\t%s\t%s\t%.0f\t%.3f\t%.3f\t%.3f\t%.2f" % (r, p, s, n / int(dur), svc, pg, wrk, busy))
PY
    done
  done
done
place 0,1 0,1
echo "load average after: $(load)"

python3 - "$RESULTS" <<'PY' | tee "$OUT/report.md"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
med = lambda xs: statistics.median(xs)
print("| path | placement | req/s (each round) | service / PostgreSQL / wrk CPU ms per request (medians) | busy |")
print("|---|---|---|---|---|")
cell = {}
for s in ("cached", "pay"):
    for p in ("one", "split", "both"):
        rs = [x for x in rows if x["path"] == s and x["placement"] == p]
        m = {k: med([float(x[k]) for x in rs]) for k in ("req_s", "svc_ms", "pg_ms", "wrk_ms", "busy")}
        cell[s, p] = m
        print("| %s | %s | %s | %.3f / %.3f / %.3f | %.2f |" % (s, p, " / ".join(x["req_s"] for x in rs),
              m["svc_ms"], m["pg_ms"], m["wrk_ms"], m["busy"]))
print()
for s in ("cached", "pay"):
    one, both = cell[s, "one"], cell[s, "both"]
    server = one["svc_ms"] + one["pg_ms"]
    pred = 2000 / (server + both["wrk_ms"])
    print("%s: the server's CPU per request on 1 core %.3f ms, so 1 core serves %.0f req/s (measured %.0f); 2 cores "
          "shared with wrk (%.3f ms per request) predicted %.0f req/s, measured %.0f (%.2f of the prediction); "
          "projection with the load generator elsewhere: %s" % (
              s, server, 1000 / server, one["req_s"], both["wrk_ms"], pred, both["req_s"], both["req_s"] / pred,
              ", ".join("%d cores %.0f req/s" % (n, n * 1000 / server) for n in (2, 4, 8))))
PY
