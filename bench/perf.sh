#!/usr/bin/env bash
# Throughput benchmark beside pgbench, same run (issue 18).
#
#  1. starts PostgreSQL 17 (the zonky binaries the service embeds) with pg_stat_statements, and the packaged service
#     on it; times warm start to ready and reads the idle RSS;
#  2. onboards 8 merchants (service wallet and KES balance funded, platform key, mpesa_ke assigned);
#  3. for each PostgreSQL setting (defaults, then ALTER SYSTEM SET commit_delay = 1000), for 1 and 8 merchants,
#     at 8 and 32 connections: wrk on cached verify, live verify (?fresh=true), payment acceptance and withdrawal
#     acceptance, each followed by pgbench running the same SQL and transaction shape (bench/perf/*.sql); cached
#     verify also beside pgbench on the shape before the sub-balance slots (bench/perf/cached_single.sql);
#  4. statements and round trips per request from pg_stat_statements (one merchant, 8 connections, defaults, after
#     a short warm-up: the count does not depend on the JIT);
#     every cell also records CPU time per request: the service JVM's and PostgreSQL's (user + system from
#     /proc/<pid>/stat: the JVM; the postmaster, its live backends and the backends it has reaped), and PostgreSQL's
#     per pgbench transaction, so the table shows where each request's CPU goes on the shared cores;
#  5. drain: a payment-acceptance burst at 8 connections with callbacks to a local receiver; payments finalised and
#     called back per second beside payments accepted per second, and the backlog when the burst ends;
#  6. writes the tables into docs/performance.md (between the perf-sh markers) and bench/out/perf/;
#  7. a payment's whole life counted (bench/payment-life.sh: statements, rows, index entries, WAL per payment), and
#     the drain paced at 0.8 of and at the rate the unpaced drain (step 5) finalised payments during its burst;
#  8. the new features' benchmarks, their summary lines in bench/out/perf/features.txt: payout batches
#     (bench/payout-batch.sh), statements (bench/statement.sh), screening (bench/screening-lookback.sh).
#
# The machine may be shared: the load average is recorded before and after, and every ratio is of the same run.
# Usage: ./mvnw -B package -DskipTests && bench/perf.sh [--short]
#   --short: 4 s per cell after a 12 s warm-up per path, 1 merchant, 8 connections and commit_delay 0 only, no one-row
#            pgbench baseline, an 8 s drain burst, a 300-payment life, the features' benchmarks smaller (one batch,
#            100,000 entries, 4,000 beneficiaries): under 6 minutes on a quiet machine, the AOT cache's training apart
# Env: DUR (s per cell, 10), DRAIN (s, 30), PORT (18500), PGPORT (15440), CB_PORT (18501), KEEP=1 keeps $WORK,
#      RT_ONLY=1 stops after the round-trip count, RUNJAR (another build of the service),
#      PATHS ("cached live pay wd"), MERCHANTS ("1 8"; "1" with --short), CONNS ("8 32"; "8" with --short),
#      SETTINGS ("0 1000": the commit_delay values; "0" with --short) select cells for an experiment;
#      NO_DOC=1 leaves docs/performance.md as it is; LIFE=0 and FEATURES=0 skip steps 7 and 8;
#      BESIDE (1 without --short, 0 with it): the cached verify's pgbench once more while the service's JVM answers
#      health checks, PostgreSQL's CPU per transaction beside a busy JVM (bench/out/perf/beside.txt);
#      PGB_MODE (pgbench's query mode: prepared, the service's own (pgjdbc's server-prepared statements, planned once
#      per connection); simple plans every statement again, what every run before this option measured,
#      docs/performance.md "pgbench with prepared statements, the service's own INSERT");
#      WARMUP (s per scenario of the warm-up before the cells: 60, 12 with --short; after 3 s the JIT is still
#      compiling through the cells, see docs/performance.md "Warm JIT"), RT_WARMUP (s per scenario before the
#      round-trip count, 3);
#      AOT (1: the service runs with the JDK AOT cache next to RUNJAR, app.aot, trained first by bench/aot-train.sh
#      when missing or older than the jar, as the container image runs it; 0: without; docs/performance.md
#      "Start-up"), IMAGE_FLAGS (1: the container image's JVM flags, bootstrap/src/main/resources/jvm.options, with
#      -XX:MaxRAM=1g for its pod's limit, the AOT cache trained with them; 0: java's defaults for this machine),
#      JAVA_OPTS (more JVM flags).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
# A capacity benchmark: one merchant far above the per-merchant request budget (on by default, 6,000 a minute per
# replica) would be answered 429; set MIZANI_MERCHANT_RATE_LIMIT to measure under a budget.
export MIZANI_MERCHANT_RATE_LIMIT=${MIZANI_MERCHANT_RATE_LIMIT:-0}
# The merchants are funded with more than the four-eyes threshold (docs/operators.md "Four eyes"): a credit that large
# would wait for a second operator's approval, so the bench raises the threshold above its own amounts.
export MIZANI_APPROVAL_THRESHOLD_USD=${MIZANI_APPROVAL_THRESHOLD_USD:-1000000000000}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
T_START=$(date +%s)
step() { echo "== [$(( $(date +%s) - T_START )) s] $*"; }   # a section's title, with the seconds since the start
SHORT=0; [ "${1:-}" = --short ] && SHORT=1
DUR=${DUR:-$([ $SHORT = 1 ] && echo 4 || echo 10)}
DRAIN=${DRAIN:-$([ $SHORT = 1 ] && echo 8 || echo 30)}
# --short: 12 s per path (one round). With the final writes shared the workers cost less, acceptance runs faster during
# the warm-up, and its backlog took the run over 6 minutes at 20 s (380 s, docs/performance.md); with withdrawals no
# longer locking every slot of their balance they are accepted twice as fast, and 15 s took it to 364 s
WARMUP=${WARMUP:-$([ $SHORT = 1 ] && echo 12 || echo 60)}
RT_WARMUP=${RT_WARMUP:-3}
PORT=${PORT:-18500}
CB_PORT=${CB_PORT:-18501}
PGPORT=${PGPORT:-15440}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-perf.XXXXXX)
OUT="$ROOT/bench/out/perf"
BASE="http://127.0.0.1:$PORT"
RUNJAR=${RUNJAR:-"$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"}
PSQL="psql -q -X -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
mkdir -p "$OUT"
RESULTS="$OUT/results.tsv"
: >"$RESULTS"
: >"$OUT/beside.txt"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
. "$ROOT/bench/lib.sh"
# the JVM as the image runs it in its pod (the collector, the heap from a 1Gi limit); IMAGE_FLAGS=0: java's defaults
[ "${IMAGE_FLAGS:-1}" = 1 ] && JAVA_OPTS="$(image_jvm_flags) ${JAVA_OPTS:-}"
if [ "${AOT:-1}" = 1 ]; then
  AOT_CACHE="$(dirname "$RUNJAR")/app.aot"
  if [ ! -s "$AOT_CACHE" ] || [ "$AOT_CACHE" -ot "$RUNJAR" ]; then
    IMAGE_FLAGS=${IMAGE_FLAGS:-1} "$ROOT/bench/aot-train.sh" "$(dirname "$RUNJAR")"
  fi
  JAVA_OPTS="${JAVA_OPTS:-} -XX:AOTCache=$AOT_CACHE"
fi
for tool in psql pgbench wrk jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done

PIDS=()
SVC=""
cleanup() {
  [ -n "$SVC" ] && kill "$SVC" 2>/dev/null || true
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  poll_stop
  wait 2>/dev/null || true
  pg_stop
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
LOAD_BEFORE=$(load)
echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average before: $LOAD_BEFORE, JVM flags: '${JAVA_OPTS:-}'"

step "PostgreSQL 17 on port $PGPORT (pg_stat_statements)"
pg_start -c shared_buffers=256MB -c max_connections=200 \
  -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=on
$PSQL -c "CREATE EXTENSION pg_stat_statements"

step "callback receiver on port $CB_PORT"
"$JAVA" "$ROOT/bench/perf/Receiver.java" "$CB_PORT" >"$WORK/receiver.log" 2>&1 &
PIDS+=($!)

start_service() { # extra env assignments...; sets SVC, writes the ms to ready into $WORK/ready_ms
  local t0; t0=$(date +%s%N)
  env "$@" QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SANDBOX_SETTLE_MS=${SETTLE_MS:-200} \
    "$JAVA" ${JAVA_OPTS:-} -jar "$RUNJAR" >>"$WORK/service.log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 1200); do
    if curl -fs "$BASE/q/health/ready" >/dev/null 2>&1; then
      echo $(( ($(date +%s%N) - t0) / 1000000 )) >"$WORK/ready_ms"
      return 0
    fi
    sleep 0.05
  done
  tail -50 "$WORK/service.log" >&2; exit 1
}
stop_service() { kill "$SVC"; wait "$SVC" 2>/dev/null || true; SVC=""; }

start_service MIZANI_PAYMENTS_WORKERS_ENABLED=true
COLD_MS=$(cat "$WORK/ready_ms")
echo "   cold start to ready (migrations on an empty database): $COLD_MS ms"
stop_service
# the round-trip count runs without this replica's workers, so that only the requests' own statements are counted
start_service MIZANI_PAYMENTS_WORKERS_ENABLED=false
WARM_MS=$(cat "$WORK/ready_ms")
echo "   warm start to ready: $WARM_MS ms"
sleep 5
RSS_IDLE_KB=$(awk '/VmRSS/ {print $2}' "/proc/$SVC/status")
echo "   RSS idle 5 s after ready: $((RSS_IDLE_KB / 1024)) MiB"

step "8 merchants"
declare -a AUTHS ACCS
for i in $(seq 1 8); do
  m=$(perf_merchant "$i")   # "<account id> Basic <credentials>"
  read -r acc auth <<<"$m"
  AUTHS+=("$auth")
  ACCS+=("$acc")
done
lua() { perf_lua "$1" "${AUTHS[@]:0:$2}"; } # scenario merchants -> wrk script
for s in cached live pay wd; do for m in 1 8; do lua "$s" "$m" >"$WORK/$s-$m.lua"; done; done

step "pgbench tables (copies of the service's tables, same columns, indexes and constraints)"
$PSQL -v accounts="$(IFS=,; echo "${ACCS[*]}")" -f "$ROOT/bench/perf/pgbench-setup.sql"

# wrk: "<req/s> <p50 ms> <p99 ms> <non-2xx> <requests>"
wrk_run() { # scenario merchants conns seconds
  wrk -t2 -c"$3" -d"${4}s" --latency -s "$WORK/$1-$2.lua" "$BASE" >"$WORK/wrk.txt" 2>&1 || true
  python3 - "$WORK/wrk.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\b", t, re.M)
    if not m: return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
rps = re.search(r"Requests/sec:\s+([\d.]+)", t)
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
total = re.search(r"(\d+) requests in", t)
print("%.0f %.2f %.2f %s %s" % (float(rps.group(1)) if rps else 0, ms("50%"), ms("99%"), bad.group(1) if bad else 0,
                              total.group(1) if total else 0))
PY
}
# pgbench: "<tps> <p50 ms> <p99 ms> <failed>"
pgb_run() { # scenario merchants conns seconds
  rm -f "$WORK"/pgb.log*
  (cd "$WORK" && pgbench -n -M "${PGB_MODE:-prepared}" -h 127.0.0.1 -p "$PGPORT" -U postgres -c "$3" -j 2 -T "$4" \
     -l --log-prefix=pgb \
     -D merchants="$2" -f "$ROOT/bench/perf/$1.sql" mizani >"$WORK/pgbench-out.txt" 2>&1) || true
  python3 - "$WORK" <<'PY'
import glob, re, sys
work = sys.argv[1]
lat = []
for f in glob.glob(work + "/pgb.*"):
    for line in open(f):
        p = line.split()
        if len(p) >= 3 and p[2].isdigit():
            lat.append(int(p[2]) / 1000.0)
lat.sort()
t = open(work + "/pgbench-out.txt").read()
tps = re.search(r"tps = ([\d.]+)", t)
failed = re.search(r"number of failed transactions: (\d+)", t)
q = lambda x: lat[min(len(lat) - 1, int(x * len(lat)))] if lat else float("nan")
print("%.0f %.2f %.2f %s" % (float(tps.group(1)) if tps else 0, q(.5), q(.99), failed.group(1) if failed else "?"))
PY
}
poll_start   # the counts below on one connection (bench/lib.sh poll)
open_payments() { poll "SELECT count(*) FROM payments WHERE status IN ('queued', 'pending')"; }
pending_events() { poll "SELECT count(*) FROM events WHERE status = 'pending'"; }
# every cell starts with no payment open and no callback waiting: the processing of the payments an earlier cell
# accepted must not share the CPU with the next cell's measurement (at most 180 s); then the database is vacuumed and
# analysed, so that no cell pays for the clean-up of the rows an earlier cell or the warm-up wrote (autovacuum starts
# once a minute and lands in whichever cell runs then, the service's or pgbench's: seen in the cached-verify cell
# after the warm-up, docs/performance.md "The C heap trimmed, autovacuum out of the cells")
quiesce() {
  local drained=0
  for _ in $(seq 1 1800); do
    [ "$(open_payments)" -eq 0 ] && [ "$(pending_events)" -eq 0 ] && { drained=1; break; }
    sleep 0.1
  done
  [ $drained = 1 ] || echo "   (backlog not drained after 180 s: $(open_payments) open, $(pending_events) callbacks waiting)" >&2
  $PSQL -c "VACUUM (ANALYZE)" >/dev/null
}
label() { case $1 in cached) echo "cached verify";; live) echo "live verify";; pay) echo "payment acceptance";; wd) echo "withdrawal acceptance";; esac; }

# "<service CPU ms/request> <PostgreSQL CPU ms/request>" between two readings "svc pg" and a request count
cpu_per() { python3 -c "import sys; a, b, n = sys.argv[1].split(), sys.argv[2].split(), max(1, int(sys.argv[3])); print('%.2f %.2f' % ((int(b[0]) - int(a[0])) / n, (int(b[1]) - int(a[1])) / n))" "$1" "$2" "$3"; }
cpus() { echo "$(svc_cpu_ms) $(pg_cpu_ms)"; }
# pgbench's "<tps> <p50> <p99> <failed>" and the service's and PostgreSQL's CPU per transaction over it
pgb_cpu() { # scenario merchants conns seconds
  local c0 c1 r
  c0=$(cpus); r=$(pgb_run "$@"); c1=$(cpus)
  echo "$r $(cpu_per "$c0" "$c1" "$(awk '{print int($1 * '"$4"')}' <<<"$r")")"
}
SPLIT="python3 $ROOT/bench/perf/cpu_split.py"   # the CPU by thread and by PostgreSQL process, and the JIT's work
step "warm-up (${RT_WARMUP}s per path)"
PATHS=${PATHS:-cached live pay wd}
for s in $PATHS; do wrk -t2 -c8 -d"${RT_WARMUP}s" -s "$WORK/$s-8.lua" "$BASE" >/dev/null 2>&1 || true; done
sleep 2

step "round trips per request (pg_stat_statements; one merchant, 8 connections, ${DUR}s each)"
: >"$OUT/roundtrips.txt"
for s in $PATHS; do
  $PSQL -tAc "SELECT pg_stat_statements_reset()" >/dev/null
  $SPLIT snap jvm "$SVC" >"$WORK/rt-jvm0.json"
  c0=$(cpus)
  r=$(wrk_run "$s" 1 8 "$DUR")
  c1=$(cpus)
  $SPLIT snap jvm "$SVC" >"$WORK/rt-jvm1.json"
  n=$(awk '{print $5}' <<<"$r")
  read -r svc_ms pg_ms <<<"$(cpu_per "$c0" "$c1" "$n")"
  # the workers are off: PostgreSQL's CPU here is the requests' own, beside pgbench's for the same SQL in the cells
  echo "$(label "$s"): service CPU $svc_ms ms, PostgreSQL CPU $pg_ms ms per request (user + system, all threads and backends, workers off; $n requests)" | tee -a "$OUT/roundtrips.txt"
  # the JVM's CPU by thread: this early the JIT compilers' share is the warm-up's, not the request's
  $SPLIT diff "$WORK/rt-jvm0.json" "$WORK/rt-jvm1.json" "$((n > 0 ? n : 1))" request | sed 's/^/   /' | tee -a "$OUT/roundtrips.txt"
  $PSQL -tA -F $'\t' -c "SELECT calls, left(regexp_replace(query, '\s+', ' ', 'g'), 110) FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'mizani') AND query !~* 'pg_stat_statements|cache_versions'
      ORDER BY calls DESC LIMIT 25" >"$WORK/stmts.txt"
  python3 - "$s" "$n" "$WORK/stmts.txt" "$(label "$s")" <<'PY' | tee -a "$OUT/roundtrips.txt"
import sys
s, n, f, name = sys.argv[1], max(1, int(sys.argv[2])), sys.argv[3], sys.argv[4]
rows = [l.rstrip("\n").split("\t", 1) for l in open(f) if "\t" in l]
total = sum(int(c) for c, _ in rows)
begin = sum(int(c) for c, q in rows if q.strip().upper().startswith("BEGIN"))
commit = sum(int(c) for c, q in rows if q.strip().upper().startswith("COMMIT"))
# pg_stat_statements lists BEGIN but not the driver's COMMIT here: one COMMIT per BEGIN (transaction)
stmts = (total - begin - commit) / n
print("%s: %d requests; per request %.2f statements in %.2f transactions: %.2f round trips "
      "(statements + one COMMIT per transaction; pgjdbc sends BEGIN in the same message as the first statement)"
      % (name, n, stmts, begin / n, stmts + begin / n))
for c, q in rows:
    if int(c) >= n / 20:
        print("   %8.2f  %s" % (int(c) / n, q))
PY
done

if [ "${RT_ONLY:-0}" = 1 ]; then echo "RT_ONLY=1: round trips only"; exit 0; fi
stop_service
start_service MIZANI_PAYMENTS_WORKERS_ENABLED=true
WARM2_MS=$(cat "$WORK/ready_ms")
echo "   warm start to ready (workers on): $WARM2_MS ms"
step "warm-up (workers on: the payments accepted above are processed now; ${WARMUP}s per path, in rounds of 15s)"
left=$WARMUP
while [ "$left" -gt 0 ]; do
  step=$(( left < 15 ? left : 15 )); left=$(( left - step ))
  for s in $PATHS; do wrk -t2 -c8 -d"${step}s" -s "$WORK/$s-8.lua" "$BASE" >/dev/null 2>&1 || true; done
done
quiesce
sleep 5

SETTINGS=${SETTINGS:-$([ $SHORT = 1 ] && echo 0 || echo "0 1000")}
CONNS=${CONNS:-$([ $SHORT = 1 ] && echo 8 || echo "8 32")}
MERCHANTS=${MERCHANTS:-$([ $SHORT = 1 ] && echo 1 || echo "1 8")}
for delay in $SETTINGS; do
  $PSQL -c "ALTER SYSTEM SET commit_delay = $delay" -c "SELECT pg_reload_conf()" >/dev/null
  step "commit_delay = $delay"
  for s in $PATHS; do for m in $MERCHANTS; do for c in $CONNS; do
    quiesce
    c0=$(cpus); w=$(wrk_run "$s" "$m" "$c" "$DUR"); c1=$(cpus)
    w="$w $(cpu_per "$c0" "$c1" "$(awk '{print $5}' <<<"$w")")"
    quiesce
    p=$(pgb_cpu "$s" "$m" "$c" "$DUR" | cut -d' ' -f1-4,6)   # PostgreSQL's CPU only: the service is idle
    # cached verify also beside issue 18's baseline: the same transaction on one wallet row per merchant
    b="-"; [ "$s" = cached ] && [ $SHORT = 0 ] && b=$(pgb_run cached_single "$m" "$c" "$DUR")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$delay" "$s" "$m" "$c" "$w" "$p" "$b" | tee -a "$RESULTS"
    # the same pgbench again while the service's JVM answers health checks (no database) on the same two cores: what
    # sharing them with a busy JVM costs PostgreSQL per transaction, apart from the service's own SQL
    # (docs/performance.md "The debit that waited for a slot")
    if [ "$s" = cached ] && [ "${BESIDE:-$((1 - SHORT))}" = 1 ]; then
      quiesce
      wrk -t1 -c4 -d"${DUR}s" "$BASE/q/health/live" >"$WORK/beside.txt" 2>&1 &
      hc=$!
      PIDS+=("$hc")   # stopped by the clean-up if the run is interrupted
      x=$(pgb_cpu "$s" "$m" "$c" "$DUR")
      wait "$hc" || true
      hps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/beside.txt")
      python3 - "$delay" "$m" "$c" "$p" "$x" "${hps:-0}" "$DUR" <<'PY' | tee -a "$OUT/beside.txt"
import sys
delay, m, c, alone, beside, hps, dur = sys.argv[1:8]
a, b = alone.split(), beside.split()
jvm_cores = float(b[4]) * float(b[0]) / 1000  # the JVM's CPU per pgbench transaction x transactions a second
print("commit_delay %s, cached verify, %s merchant(s), %s connections: pgbench alone %s tps, PostgreSQL %s ms/tx; "
      "beside the JVM answering %s health checks a second (%.2f cores): %s tps, PostgreSQL %s ms/tx"
      % (delay, m, c, a[0], a[4], hps, jvm_cores, b[0], b[5]))
PY
    fi
  done; done; done
done
$PSQL -c "ALTER SYSTEM SET commit_delay = 0" -c "SELECT pg_reload_conf()" >/dev/null

step "drain: payment acceptance at 8 connections for ${DRAIN}s, 8 merchants, callbacks to the receiver"
quiesce
cb_count() { curl -fs "http://127.0.0.1:$CB_PORT/count" | cut -d' ' -f1; }
$PSQL -tAc "SELECT pg_stat_statements_reset()" >/dev/null
jstat -compiler "$SVC" | tail -1 >"$WORK/drain-jit0.txt"
# pages PostgreSQL found in its shared buffers and pages it had to read from the kernel (shared_buffers 256MB here),
# read outside the CPU windows below (each reading is a psql of its own); a backend reports its counts at most once a
# second, and an idle one within a second, hence the pause before the second reading
blocks() { $PSQL -tA -F ' ' -c "SELECT blks_hit, blks_read FROM pg_stat_database WHERE datname = 'mizani'"; }
BLK0=$(blocks)
# the same by table and index, to name the relations the reads from the kernel were for
relblocks() { $PSQL -tA -F $'\t' -c "SELECT relname, heap_blks_hit, heap_blks_read FROM pg_statio_user_tables
    UNION ALL SELECT indexrelname, idx_blks_hit, idx_blks_read FROM pg_statio_user_indexes"; }
relblocks >"$WORK/drain-rel0.tsv"
$SPLIT snap jvm "$SVC" >"$WORK/drain-jvm0.json"; $SPLIT snap pg "$(head -1 "$WORK/data/postmaster.pid")" >"$WORK/drain-pg0.json"
PG_CPU0=$(pg_cpu_ms); SVC_CPU0=$(svc_cpu_ms); POLL_CPU0=$(poll_cpu_ms)
OPEN0=$(open_payments); EV0=$(pending_events); CB0=$(cb_count)
T0=$(date +%s%N)
w=$(wrk_run pay 8 8 "$DRAIN")
T1=$(date +%s%N)
CB1=$(cb_count); OPEN1=$(open_payments); EV1=$(pending_events)
# the tail: until no payment is open and no callback waits (at most 10 minutes)
for _ in $(seq 1 6000); do
  [ "$(open_payments)" -le "$OPEN0" ] && [ "$(pending_events)" -le "$EV0" ] && break
  sleep 0.1
done
T2=$(date +%s%N)
CB2=$(cb_count)
PG_CPU1=$(pg_cpu_ms); SVC_CPU1=$(svc_cpu_ms); POLL_CPU1=$(poll_cpu_ms)
jstat -compiler "$SVC" | tail -1 >"$WORK/drain-jit1.txt"
$SPLIT snap jvm "$SVC" >"$WORK/drain-jvm1.json"; $SPLIT snap pg "$(head -1 "$WORK/data/postmaster.pid")" >"$WORK/drain-pg1.json"
sleep 1.2
BLK1=$(blocks)
relblocks >"$WORK/drain-rel1.tsv"
# what accepting, processing and calling back the burst cost: CPU per payment, and the statements by time
{
  # PostgreSQL's figure leaves out the backend of the bench's own polls (open payments, waiting callbacks): its CPU
  # is the bench's, and it grows with the tables the runs before the drain filled
  python3 -c "import sys; s, p, b, n = (int(x) for x in sys.argv[1:]); n = max(1, n); print('CPU per payment over burst and tail: service JVM %.2f ms, PostgreSQL %.2f ms (%d payments called back; the polls of the bench, not counted: %.2f ms)' % (s / n, (p - b) / n, n, b / n))" "$((SVC_CPU1 - SVC_CPU0))" "$((PG_CPU1 - PG_CPU0))" "$((POLL_CPU1 - POLL_CPU0))" "$((CB2 - CB0))"
  $SPLIT diff "$WORK/drain-jvm0.json" "$WORK/drain-jvm1.json" "$((CB2 - CB0 > 0 ? CB2 - CB0 : 1))" payment
  read -r c0 _ _ t0 _ <"$WORK/drain-jit0.txt"; read -r c1 _ _ t1 _ <"$WORK/drain-jit1.txt"
  echo "   JIT over burst and tail (jstat -compiler): $((c1 - c0)) methods compiled, $(python3 -c "print(round($t1 - $t0, 2))") s compiling"
  $SPLIT diff "$WORK/drain-pg0.json" "$WORK/drain-pg1.json" "$((CB2 - CB0 > 0 ? CB2 - CB0 : 1))" payment
  python3 -c "import sys; h0, r0 = map(int, sys.argv[1].split()); h1, r1 = map(int, sys.argv[2].split()); n = max(1, int(sys.argv[3])); print('   shared buffers over burst and tail: %.1f pages found, %.2f read from the kernel per payment; database %s MB, payments table with its indexes %s MB' % ((h1 - h0) / n, (r1 - r0) / n, sys.argv[4], sys.argv[5]))" \
    "$BLK0" "$BLK1" "$((CB2 - CB0))" "$($PSQL -tAc "SELECT pg_database_size('mizani') / 1048576")" \
    "$($PSQL -tAc "SELECT pg_total_relation_size('payments') / 1048576")"
  python3 - "$WORK/drain-rel0.tsv" "$WORK/drain-rel1.tsv" "$((CB2 - CB0))" <<'PY'
import sys
def rows(path):
    out = {}
    for line in open(path):
        name, hit, read = line.rstrip("\n").split("\t")
        out[name] = (int(hit or 0), int(read or 0))
    return out
a, b, n = rows(sys.argv[1]), rows(sys.argv[2]), max(1, int(sys.argv[3]))
moved = sorted(((b[k][1] - a.get(k, (0, 0))[1], b[k][0] - a.get(k, (0, 0))[0], k) for k in b), reverse=True)
top = ["%s %.2f (found %.1f)" % (k, r / n, h / n) for r, h, k in moved[:6] if r > 0]
print("   read from the kernel per payment, by relation: " + (", ".join(top) or "none"))
PY
  echo "statements by total execution time (calls, total ms, mean ms, rows):"
  $PSQL -tA -F $'\t' -c "SELECT calls, round(total_exec_time::numeric, 0), round(mean_exec_time::numeric, 3), rows,
      left(regexp_replace(query, '\s+', ' ', 'g'), 140) FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'mizani')
        AND query !~* 'pg_stat_statements|count\(\*\) FROM (payments|events)'
      ORDER BY total_exec_time DESC LIMIT 15"
} | tee "$OUT/drain-statements.txt"
python3 - "$w" "$DRAIN" "$T0" "$T1" "$T2" "$CB0" "$CB1" "$CB2" "$OPEN0" "$OPEN1" "$EV1" <<'PY' | tee "$OUT/drain.txt"
import sys
rps, p50, p99, bad = sys.argv[1].split()[:4]
drain, t0, t1, t2, cb0, cb1, cb2, open0, open1, ev1 = [float(x) for x in sys.argv[2:]]
burst, total = (t1 - t0) / 1e9, (t2 - t0) / 1e9
during = (cb1 - cb0) / burst
overall = (cb2 - cb0) / total
print("accepted %.0f/s (p50 %s ms, p99 %s ms, non-2xx %s) for %.1f s; finalised and called back %.0f/s during the "
      "burst; %d payments open and %d callbacks waiting when it ended; all called back %.1f s after the start "
      "(%.0f/s over the whole run, tail %.1f s)" % (float(rps), p50, p99, bad, burst, during, open1 - open0, ev1,
      total, overall, total - burst))
print("DRAIN\t%.0f\t%.0f\t%.0f\t%d\t%.1f" % (float(rps), during, overall, open1 - open0, total - burst))
PY

RSS_AFTER_KB=$(awk '/VmRSS/ {print $2}' "/proc/$SVC/status")
LOAD_AFTER=$(load)
echo "load average after: $LOAD_AFTER; RSS after the runs: $((RSS_AFTER_KB / 1024)) MiB"

DOC="$ROOT/docs/performance.md"
[ "${NO_DOC:-0}" = 1 ] && { cp "$DOC" "$WORK/performance.md"; DOC="$WORK/performance.md"; }
PERF_BESIDE="$OUT/beside.txt" PERF_PGB_MODE=${PGB_MODE:-prepared} PERF_WARMUP=$WARMUP PERF_RT_WARMUP=$RT_WARMUP PERF_JVM_FLAGS="${JAVA_OPTS:-}" python3 "$ROOT/bench/perf/report.py" "$RESULTS" "$OUT/drain.txt" "$OUT/roundtrips.txt" "$DOC" \
  "$(date -u +'%Y-%m-%d %H:%M UTC')" "$LOAD_BEFORE" "$LOAD_AFTER" "$WARM_MS/$WARM2_MS" "$COLD_MS" "$((RSS_IDLE_KB / 1024))" \
  "$((RSS_AFTER_KB / 1024))" "$DUR" "$DRAIN" "$SHORT" | tee "$OUT/report.md"

# A payment's whole life, counted (statements, rows, index entries, WAL per payment): bench/payment-life.sh, on its
# own PostgreSQL and service (its ports differ from this script's); LIFE=0 skips it.
if [ "${LIFE:-1}" = 1 ]; then
  step "a payment's whole life (bench/payment-life.sh)"
  stop_service   # this script's service would share the cores with the one payment-life.sh measures
  if [ $SHORT = 1 ]; then LIFE_N=300; else LIFE_N=2000; fi
  # and the drain paced (issue 37's "at the acceptance rate the machine allows"): bursts at 0.8 of the rate at which
  # the unpaced drain above finalised and called back payments during its burst, and at that rate
  DONE_RATE=$(awk -F'\t' '/^DRAIN/ {print $3}' "$OUT/drain.txt")
  LIFE_RATES=$(python3 -c "import sys; r = float(sys.argv[1] or 0); print('%d %d' % (0.8 * r, r) if r >= 10 else '')" \
    "$DONE_RATE")
  # its pgbench comparison on the life's SQL: two cells (prepared, simple) of 8 s each with --short, 15 s otherwise
  N=$LIFE_N WARM=$LIFE_N RATES="$LIFE_RATES" PACE_S=$([ $SHORT = 1 ] && echo 10 || echo 20) RUNJAR="$RUNJAR" \
    LIFE_PGB_S=$([ $SHORT = 1 ] && echo 8 || echo 15) \
    JAVA_OPTS="${JAVA_OPTS:-}" "$ROOT/bench/payment-life.sh"
fi

# The new features' benchmarks (issue 37: one perf.sh run reports their figures too), one after the other, each on
# its own PostgreSQL and service with this script's service stopped; smaller with --short. FEATURES=0 skips them.
if [ "${FEATURES:-1}" = 1 ]; then
  [ -n "$SVC" ] && stop_service
  mkdir -p "$OUT/features"
  feature() { # script pattern env...: runs bench/<script>.sh with env, its log in $OUT/features, the lines matching
    local name=$1 pattern=$2; shift 2
    step "bench/$name.sh $*"
    if ! env "$@" "$ROOT/bench/$name.sh" >"$OUT/features/$name.log" 2>&1; then
      echo "   failed: the end of $OUT/features/$name.log follows" >&2; tail -20 "$OUT/features/$name.log" >&2; return 1
    fi
    grep -E "$pattern" "$OUT/features/$name.log" | sed 's/^ */   /'
  }
  {
    if [ $SHORT = 1 ]; then
      feature payout-batch '^round ' ROUNDS=1
      feature statement '^(build|heap used|download|rows)' N=100000
      feature screening-lookback 'look-back:|cases opened|verdicts|screen over HTTP|tps =|one screen' \
        N=2000 ENTRIES=1000 REQUESTS=30 PGB_T=2
    else
      feature payout-batch '^round '
      feature statement '^(build|heap used|download|rows)'
      feature screening-lookback 'look-back:|cases opened|verdicts|screen over HTTP|tps =|one screen'
    fi
  } | tee "$OUT/features.txt"
fi
step "done: $(( $(date +%s) - T_START )) s in all$([ $SHORT = 1 ] && echo " (--short: under 360 s on a quiet machine, the AOT cache's training apart)")"
