#!/usr/bin/env bash
# What one payment's whole life costs the database, counted (issue 37): acceptance → worker submission → sandbox
# settlement → ledger credit → callback delivered and recorded.
#
#  1. starts PostgreSQL 17 (the zonky binaries the service embeds) with pg_stat_statements, a callback receiver
#     and the packaged service with its workers on (sandbox settle 200 ms);
#  2. onboards one merchant (mpesa_ke, KES), warms the service with WARM payments and waits until they are final
#     and called back;
#  3. resets the statistics, accepts N collections from 4 client threads at a pace the machine keeps up with, and
#     waits until every one is final and its callback delivered;
#  4. reports per payment: statements and transactions (pg_stat_statements), rows inserted, updated (HOT and
#     not) and deleted by table (pg_stat_user_tables), index entries written by index (B-tree leaf insertions
#     in the WAL written meanwhile, read with pg_walinspect: exact), WAL records
#     and bytes (pg_stat_wal), and the CPU the JVM and PostgreSQL used (user + system from /proc, noisy on a
#     shared machine: the counts above are not);
#  5. runs the same SQL under pgbench on the same PostgreSQL (bench/perf/life.sql, both query modes) and reports its
#     PostgreSQL CPU and index entries per life beside the service's.
#
# The counts do not depend on the machine's speed: they are the figures to compare before and after a change.
# Usage: ./mvnw -B package -DskipTests && bench/payment-life.sh
# Env: N (payments, 2000), WARM (2000), JAVA_OPTS (JVM flags), PORT (18510), CB_PORT (18511), PGPORT (15450), RUNJAR (another build),
#      KEEP=1 keeps the scratch directory, OUT_FILE (where the report goes; bench/out/payment-life.txt),
#      JFR=<file> records a JFR profile (settings=profile) of the N payments alone into <file>,
#      RATES ("100 200 300": paced bursts after the count, the drain at each rate; see the end), PACE_S (20 s each),
#      LIFE_PGB_S (15: seconds of pgbench on the same SQL, bench/perf/life.sql; 0 skips it).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"
export MIZANI_MERCHANT_RATE_LIMIT=0
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-2000}
WARM=${WARM:-2000}
PORT=${PORT:-18510}
CB_PORT=${CB_PORT:-18511}
PGPORT=${PGPORT:-15450}
WORK=$(mktemp -d /tmp/mizani-bench-life.XXXXXX)
BASE="http://127.0.0.1:$PORT"
RUNJAR=${RUNJAR:-"$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"}
PSQL="psql -q -X -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
OUT_FILE=${OUT_FILE:-"$ROOT/bench/out/payment-life.txt"}
mkdir -p "$(dirname "$OUT_FILE")"
[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }

. "$ROOT/bench/lib.sh"
RECEIVER=""
SVC=""
trap 'kill $RECEIVER 2>/dev/null || true; bench_cleanup "$WORK"' EXIT

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average before: $(load)"
pg_start -c shared_buffers=256MB -c max_connections=100 \
  -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=on -c pg_stat_statements.max=5000 -c pg_stat_statements.track_planning=on \
  -c wal_keep_size=4GB
$PSQL -c "CREATE EXTENSION pg_stat_statements" -c "CREATE EXTENSION pg_walinspect"
java "$ROOT/bench/perf/Receiver.java" "$CB_PORT" >"$WORK/receiver.log" 2>&1 &
RECEIVER=$!

QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SANDBOX_SETTLE_MS=200 MIZANI_PAYMENTS_WORKERS_ENABLED=true \
  java ${JAVA_OPTS:-} -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 1200); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -40 "$WORK/service.log" >&2; exit 1; }

call() { curl -fsS -u "$OP" -H 'Content-Type: application/json' "$@"; }
j=$(call -X POST "$BASE/api/admin/merchants" -d '{"organization_name": "Life",
  "user": {"first_name": "Life", "last_name": "Bench", "email": "life@example.com", "phone_number": "+254712000001"},
  "account": {"name": "Life", "email": "life@example.com", "dial_code": "+254", "number": "712000001"}}')
ACC=$(jq -r '.account.id' <<<"$j")
CRED="$(jq -r '.credentials.username' <<<"$j"):$(jq -r '.credentials.password' <<<"$j")"
call -X PUT "$BASE/api/admin/accounts/$ACC/payment-providers" -d '{"providers":["mpesa_ke"]}' >/dev/null

# The index entries each index really got between two WAL positions, "table<TAB>index<TAB>count" per index: B-tree leaf
# insertions in the WAL (a split record carries its new entry too); a partial index gets none for a row outside its
# predicate, a HOT update none.
index_entries() {
  $PSQL -tA -F $'\t' -c "SELECT t.relname, i.relname, count(*)
      FROM pg_get_wal_block_info('$1', '$2', false) b
      JOIN pg_class i ON i.relfilenode = b.relfilenode AND i.relkind = 'i'
      JOIN pg_index x ON x.indexrelid = i.oid JOIN pg_class t ON t.oid = x.indrelid
      WHERE b.block_id = 0 AND b.relforknumber = 0 AND b.resource_manager = 'Btree'
        AND b.record_type IN ('INSERT_LEAF', 'INSERT_POST', 'SPLIT_L', 'SPLIT_R')
      GROUP BY 1, 2 ORDER BY 1, 3 DESC"
}

poll_start   # the count below on one connection (bench/lib.sh poll)
open_or_waiting() { poll "SELECT (SELECT count(*) FROM payments WHERE status IN ('queued', 'pending'))
                                      + (SELECT count(*) FROM events WHERE status = 'pending')"; }
settle() { # waits until no payment is open and no callback waits (at most 10 minutes)
  for _ in $(seq 1 6000); do [ "$(open_or_waiting)" -eq 0 ] && return 0; sleep 0.1; done
  echo "not settled after 10 minutes: $(open_or_waiting) open or waiting" >&2; exit 1
}
accept() { collections "$1" "$2" "$PORT" "$CB_PORT" "$CRED"; }  # count prefix
echo "== warm-up: $WARM payments"
accept "$WARM" "warm-$$"
settle
sleep 2
CB0=$(curl -fs "http://127.0.0.1:$CB_PORT/count" | cut -d' ' -f1)
$PSQL -tAc "SELECT pg_stat_statements_reset(), pg_stat_reset(), pg_stat_reset_shared('wal')" >/dev/null
sleep 1   # table statistics are flushed by the backends at most once a second
LSN0=$($PSQL -tAc "SELECT pg_current_wal_lsn()")
SPLIT="python3 $ROOT/bench/perf/cpu_split.py"
[ -n "${JFR:-}" ] && jcmd "$SVC" JFR.start name=life settings=profile >/dev/null
jstat -compiler "$SVC" | tail -1 >"$WORK/jit0.txt"; $SPLIT snap jvm "$SVC" >"$WORK/jvm0.json"; $SPLIT snap pg "$(head -1 "$WORK/data/postmaster.pid")" >"$WORK/pg0.json"
SVC0=$(svc_cpu_ms); PG0=$(pg_cpu_ms); POLL0=$(poll_cpu_ms); T0=$(date +%s%N)
echo "== $N payments, 4 client threads"
accept "$N" "life-$$"
settle
T1=$(date +%s%N); SVC1=$(svc_cpu_ms); PG1=$(pg_cpu_ms); POLL1=$(poll_cpu_ms)
jstat -compiler "$SVC" | tail -1 >"$WORK/jit1.txt"; $SPLIT snap jvm "$SVC" >"$WORK/jvm1.json"; $SPLIT snap pg "$(head -1 "$WORK/data/postmaster.pid")" >"$WORK/pg1.json"
[ -n "${JFR:-}" ] && jcmd "$SVC" JFR.stop name=life filename="$(cd "$(dirname "$JFR")" && pwd)/$(basename "$JFR")" >/dev/null
CB1=$(curl -fs "http://127.0.0.1:$CB_PORT/count" | cut -d' ' -f1)
sleep 2   # let every backend flush its table statistics
LSN1=$($PSQL -tAc "SELECT pg_current_wal_lsn()")
[ $((CB1 - CB0)) -eq "$N" ] || { echo "expected $N callbacks, received $((CB1 - CB0))" >&2; exit 1; }

{
  echo "payment-life run $(date -u +'%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo ?), load average after: $(load)"
  echo "$N collections (mpesa_ke sandbox, settle 200 ms), each accepted, submitted, settled, credited and called back; $((CB1 - CB0)) callbacks received in $(( (T1 - T0) / 1000000 )) ms"
  # PostgreSQL's figure leaves out the backend of the bench's own polls (settle): its CPU is the bench's
  python3 -c "import sys; n=int(sys.argv[1]); print('CPU per payment (noisy, shared machine): service JVM %.2f ms, PostgreSQL %.2f ms (the polls of the bench, not counted: %.2f ms)' % ((int(sys.argv[2]))/n, (int(sys.argv[3]) - int(sys.argv[4]))/n, int(sys.argv[4])/n))" \
    "$N" "$((SVC1 - SVC0))" "$((PG1 - PG0))" "$((POLL1 - POLL0))"
  $SPLIT diff "$WORK/jvm0.json" "$WORK/jvm1.json" "$N" payment
  read -r c0 _ i0 t0 _ <"$WORK/jit0.txt"; read -r c1 _ i1 t1 _ <"$WORK/jit1.txt"
  echo "   JIT during these payments (jstat -compiler): $((c1 - c0)) methods compiled, $((i1 - i0)) invalidated, $(python3 -c "print(round($t1 - $t0, 2))") s compiling"
  $SPLIT diff "$WORK/pg0.json" "$WORK/pg1.json" "$N" payment
  $PSQL -tA -F $'\t' -c "SELECT calls, rows, round(total_exec_time::numeric, 3), plans, round(total_plan_time::numeric, 3), left(regexp_replace(query, '\s+', ' ', 'g'), 120) FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'mizani')
        AND query !~* 'pg_stat|count\(\*\) FROM (payments|events)|pg_catalog'
      ORDER BY calls DESC" >"$WORK/stmts.tsv"
  $PSQL -tA -F $'\t' -c "SELECT s.relname, s.n_tup_ins, s.n_tup_upd, s.n_tup_hot_upd, s.n_tup_del,
        (SELECT count(*) FROM pg_index i WHERE i.indrelid = s.relid)
      FROM pg_stat_user_tables s WHERE s.n_tup_ins + s.n_tup_upd + s.n_tup_del > 0 ORDER BY s.relname" >"$WORK/tables.tsv"
  $PSQL -tA -F $'\t' -c "SELECT wal_records, wal_fpi, wal_bytes FROM pg_stat_wal" >"$WORK/wal.tsv"
  index_entries "$LSN0" "$LSN1" >"$WORK/entries.tsv"
  python3 - "$N" "$WORK/stmts.tsv" "$WORK/tables.tsv" "$WORK/wal.tsv" "$WORK/entries.tsv" <<'PY'
import sys
n = int(sys.argv[1])
stmts = [l.rstrip("\n").split("\t", 5) for l in open(sys.argv[2]) if l.count("\t") >= 5]
begin = sum(int(c) for c, _, _, _, _, q in stmts if q.strip().upper().startswith("BEGIN"))
other = [(int(c), int(r), float(t), int(p), float(pt), q) for c, r, t, p, pt, q in stmts
         if not q.strip().upper().startswith(("BEGIN", "COMMIT", "ROLLBACK"))]
total = sum(c for c, _, _, _, _, _ in other)
print("per payment: %.2f statements in %.2f transactions (BEGIN counted; pgjdbc's COMMIT is not listed), "
      "%.2f ms of statement execution and %.2f ms of planning (pg_stat_statements: elapsed, not CPU; every statement)"
      % (total / n, begin / n, sum(float(t) for _, _, t, _, _, _ in stmts) / n,
         sum(float(pt) for _, _, _, _, pt, _ in stmts) / n))
print("    calls    rows  exec ms   plans  plan ms  (per payment)")
for c, r, t, p, pt, q in other:
    if c >= n / 50 or t >= n * 0.02:
        print("   %6.2f %7.2f %8.3f  %6.2f %7.3f  %s" % (c / n, r / n, t / n, p / n, pt / n, q))
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[3]) if "\t" in l]
entries = {}
for l in open(sys.argv[5]):
    if l.count("\t") == 2:
        table, index, count = l.rstrip("\n").split("\t")
        entries.setdefault(table, []).append((index, int(count)))
ins = upd = hot = dele = idx = 0
print("rows per payment by table: inserted, updated (of which HOT), deleted; index entries written (B-tree leaf"
      " insertions in the WAL: exact, partial indexes and HOT updates as PostgreSQL wrote them)")
for name, i, u, h, d, k in rows:
    i, u, h, d, k = int(i), int(u), int(h), int(d), int(k)
    e = sum(c for _, c in entries.get(name, []))
    ins += i; upd += u; hot += h; dele += d; idx += e
    if (i + u + d) >= n / 50:
        print("   %-34s ins %5.2f  upd %5.2f (HOT %5.2f)  del %5.2f  index entries %5.2f (%d indexes)"
              % (name, i / n, u / n, h / n, d / n, e / n, k))
        print("      " + ", ".join("%s %.2f" % (x, c / n) for x, c in entries.get(name, []) if c >= n / 50))
print("total per payment: %.2f rows inserted, %.2f updated (%.2f HOT, %.2f not), %.2f deleted, %.2f index entries"
      % (ins / n, upd / n, hot / n, (upd - hot) / n, dele / n, idx / n))
wr, fpi, wb = (int(x) for x in open(sys.argv[4]).read().split())
print("WAL per payment: %.1f records, %.2f full-page images, %.0f bytes" % (wr / n, fpi / n, wb / n))
PY
} | tee "$OUT_FILE"

# The same SQL under pgbench, in the same run on the same PostgreSQL (issue 37: every figure beside pgbench): the
# statements of one payment's life (bench/perf/life.sql) on pgbench's copies of the tables, LIFE_PGB_S seconds
# (15) from 4 clients, with the service idle; PostgreSQL's CPU per life and the index entries each life wrote, as above.
if [ "${LIFE_PGB_S:-15}" != 0 ]; then
  $PSQL -f "$ROOT/bench/perf/pgbench-setup.sql" >/dev/null
  MD5S=$($PSQL -tAc "SELECT greatest(1, round(avg(length(body)) / 32)) FROM events")
  sleep 1
  for mode in prepared simple; do
    $PSQL -tAc "SELECT pg_stat_statements_reset()" >/dev/null
    L0=$($PSQL -tAc "SELECT pg_current_wal_lsn()"); P0=$(pg_cpu_ms)
    (cd "$WORK" && pgbench -n -M "$mode" -h 127.0.0.1 -p "$PGPORT" -U postgres -c 4 -j 2 -T "${LIFE_PGB_S:-15}" \
       -D merchants=1 -D body_md5s="$MD5S" -f "$ROOT/bench/perf/life.sql" mizani >"$WORK/pgbench-life.txt" 2>&1) || true
    P1=$(pg_cpu_ms); L1=$($PSQL -tAc "SELECT pg_current_wal_lsn()")
    LIVES=$(awk '/number of transactions actually processed/ {split($NF, a, "/"); print a[1]}' "$WORK/pgbench-life.txt")
    FAILED=$(awk '/number of failed transactions/ {print $5}' "$WORK/pgbench-life.txt")
    ENTRIES=$(index_entries "$L0" "$L1" | awk -F'\t' '$1 ~ /^pb_/ {n += $3} END {print n + 0}')
    # statement execution on pgbench's tables (elapsed), beside the service's above
    $PSQL -tA -F $'\t' -c "SELECT calls, round(total_exec_time::numeric, 3), plans, round(total_plan_time::numeric, 3),
          left(regexp_replace(query, '\s+', ' ', 'g'), 100) FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'mizani') AND query ~ 'pb_(payments|payment_balance_slots|events)'
        ORDER BY calls DESC, total_exec_time DESC" >"$WORK/pgb-stmts.tsv"
    python3 - "$mode" "${LIVES:-0}" "${FAILED:-0}" "$((P1 - P0))" "${ENTRIES:-0}" "${LIFE_PGB_S:-15}" "$((MD5S * 32 + 7))" \
      "$WORK/pgb-stmts.tsv" <<'PY' | tee -a "$OUT_FILE"
import sys
mode = sys.argv[1]
lives, failed, pg, entries, secs, body = (int(x) for x in sys.argv[2:8])
if lives == 0:
    print("pgbench -M %s on the same SQL (bench/perf/life.sql): no life completed" % mode)
else:
    print("pgbench -M %s on the same SQL (bench/perf/life.sql, 4 clients, %d s, event bodies of %d characters): %d "
          "lives (%d failed), PostgreSQL %.2f ms per life, %.2f index entries per life"
          % (mode, secs, body, lives, failed, pg / lives, entries / lives))
    rows = [l.rstrip("\n").split("\t", 4) for l in open(sys.argv[8]) if l.count("\t") >= 4]
    print("   %.2f ms of statement execution and %.2f ms of planning per life (pg_stat_statements), by statement:"
          % (sum(float(r[1]) for r in rows) / lives, sum(float(r[3]) for r in rows) / lives))
    for c, t, p, pt, q in rows:
        print("   %6.2f %8.3f %7.3f  %s" % (int(c) / lives, float(t) / lives, float(pt) / lives, q))
PY
  done
fi

# The drain at paced rates (issue 37's "drain ≥ 0.98 at the acceptance rate the machine allows"): with RATES set, one
# burst per rate, PACE_S s of collections sent at that rate (bench/lib.sh collections, paced), each burst after the
# previous one settled. For each: the rate sent; called back ÷ accepted over the burst (bench/perf.sh's drain ratio,
# which counts the pipeline's latency against the burst: a payment accepted in its last moments cannot be called back
# within it) and over the burst's second half (the steady state: 1.0 when processing keeps up with acceptance); the
# backlog when the sending ended; the tail until all were called back; the CPU per payment over burst and tail.
if [ -n "${RATES:-}" ]; then
  PACE_S=${PACE_S:-20}
  {
    echo "paced drain, $(date -u +'%H:%M UTC'), ${PACE_S} s per rate, 8 client threads, 1 merchant, settle 200 ms:"
    echo "  rate asked  sent/s  drain (burst)  drain (2nd half)  backlog at end  tail s  JVM ms/payment  PostgreSQL ms/payment"
  } | tee -a "$OUT_FILE"
  burst=0
  for rate in $RATES; do
    burst=$((burst + 1))
    settle
    n=$(python3 -c "print(int($rate * $PACE_S))")
    S0=$(svc_cpu_ms); P0=$(pg_cpu_ms); Q0=$(poll_cpu_ms)
    line=$(collections "$n" "paced-$burst-$$" "$PORT" "$CB_PORT" "$CRED" "$rate" | grep '^PACED')
    TS=$(date +%s%N)
    settle
    TAIL=$(( ($(date +%s%N) - TS) / 1000000 ))
    S1=$(svc_cpu_ms); P1=$(pg_cpu_ms); Q1=$(poll_cpu_ms)
    python3 - "$line" "$TAIL" "$((S1 - S0))" "$((P1 - P0 - (Q1 - Q0)))" <<'PY' | tee -a "$OUT_FILE"
import sys
_, asked, sent, secs, n, cb, n2, cb2 = sys.argv[1].split()
tail, s, p = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
n, cb, n2, cb2 = int(n), int(cb), int(n2), int(cb2)
print("  %10s  %6.0f  %13.3f  %16.3f  %14d  %6.1f  %14.2f  %21.2f"
      % (asked, float(sent), cb / n, cb2 / max(1, n2), n - cb, tail / 1000, s / n, p / n))
PY
  done
fi
