#!/usr/bin/env bash
# Statement benchmark (docs/performance.md, "Statements"): a statement of 1,000,000 ledger entries.
#
#  1. starts PostgreSQL 17 from the zonky binaries the service embeds (a throw-away cluster under $WORK) and the
#     packaged service with a small heap (-Xmx$XMX), its GC logged;
#  2. onboards a merchant, opens its KES balance with one adjustment, then seeds N entries with generate_series
#     straight into balance_entries (adjustments alternating +10.00 / -5.00, spread over November 2026, their
#     available_after the running balance); the balance's slots are left as they were: a statement reads entries only;
#  3. asks for the November statement through the API and polls it until completed, sampling the JVM's used heap
#     (jcmd GC.heap_info) every 0.5 s; reports the build time (API: 202 to completed; database: created_at to
#     completed_at), the heap before (after a full GC), the peak during the build and after;
#  4. downloads the file through its link (curl: time, size) and checks that sha256sum equals the statement's sha256
#     and that opening + sum(amount) = closing;
#  5. times the same SELECT alone: EXPLAIN (ANALYZE, BUFFERS) and pgbench (-t 3, the rows read by the client).
#
# Usage: ./mvnw -B package -DskipTests && bench/statement.sh
# Env: N (1000000), XMX (256m), PORT (18095), PGPORT (15436), KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-1000000}
XMX=${XMX:-256m}
PORT=${PORT:-18095}
PGPORT=${PGPORT:-15436}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-statement.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -q -X -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
source "$ROOT/bench/lib.sh"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql pgbench jq curl jcmd sha256sum; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
trap 'bench_cleanup "$WORK"' EXIT

heap_used_kb() { # pid -> used KB of the Java heap
  jcmd "$1" GC.heap_info 2>/dev/null | grep -oE 'used [0-9]+K' | head -1 | grep -oE '[0-9]+'
}

echo "machine: $(nproc) cores, load $(load), $("$JAVA" -version 2>&1 | head -1)"
echo "== PostgreSQL 17 (embedded binaries) on port $PGPORT"
pg_start -c shared_buffers=256MB -c max_connections=100

echo "== the service on port $PORT, -Xmx$XMX"
QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
MIZANI_DATA_DIR="$WORK/service-data" MIZANI_PUBLIC_URL="$BASE" \
  "$JAVA" -Xmx"$XMX" -Xlog:gc:file="$WORK/gc.log" -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }

J=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
    "organization_name": "Statement bench",
    "user": {"first_name": "Stat", "last_name": "Bench", "email": "stat@example.com", "phone_number": "+254711000001"},
    "account": {"name": "Statement bench", "email": "stat@example.com", "dial_code": "+254", "number": "711000001"}}')
ACC=$(jq -r '.account.id' <<<"$J")
AUTH="$(jq -r '.credentials.username' <<<"$J"):$(jq -r '.credentials.password' <<<"$J")"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/balances/KES/adjustments" -d '{"amount": 1000.00, "reference": "open", "reason": "bench"}'
$PSQL -c "UPDATE balance_entries SET created_at = '2026-10-15T00:00:00Z' WHERE account_id = $ACC"

echo "== seeding $N entries (generate_series)"
T0=$(date +%s.%N)
$PSQL <<SQL
INSERT INTO balance_entries (account_id, currency, type, amount, available_after, reference, reason, created_at)
SELECT $ACC, 'KES', 'adjustment',
       CASE WHEN g % 2 = 1 THEN 10.00 ELSE -5.00 END,
       1000.00 + ((g + 1) / 2) * 10.00 - (g / 2) * 5.00,
       'bench-' || g, 'bench entry ' || g,
       timestamptz '2026-11-01 00:00:00+00' + (g * (interval '29 days 23 hours') / $N)
FROM generate_series(1, $N) g;
ANALYZE balance_entries;
SQL
echo "seeded in $(echo "$(date +%s.%N) - $T0" | bc) s; table $($PSQL -At -c "SELECT pg_size_pretty(pg_total_relation_size('balance_entries'))")"

jcmd "$SVC" GC.run >/dev/null
sleep 1
BEFORE=$(heap_used_kb "$SVC")
echo "== statement: heap used before (after a full GC): $((BEFORE / 1024)) MB"
T0=$(date +%s.%N)
ID=$(curl -fs -u "$AUTH" -H 'Content-Type: application/json' -X POST "$BASE/api/global/statements" \
  -d '{"currency": "KES", "from": "2026-11-01", "to": "2026-11-30"}' | jq -r '.statement.id')
PEAK=$BEFORE
while :; do
  U=$(heap_used_kb "$SVC"); [ -n "$U" ] && [ "$U" -gt "$PEAK" ] && PEAK=$U
  S=$(curl -fs -u "$AUTH" "$BASE/api/global/statements/$ID")
  [ "$(jq -r '.statement.status' <<<"$S")" != processing ] && break
  sleep 0.5
done
T1=$(date +%s.%N)
echo "$S" | jq -c '.statement | del(.download_url)'
[ "$(jq -r '.statement.status' <<<"$S")" = completed ] || { tail -50 "$WORK/service.log"; exit 1; }
echo "build (API, 202 to completed seen): $(echo "$T1 - $T0" | bc) s"
echo "build (database, created_at to completed_at, the build's end by clock_timestamp()): $($PSQL -At -c "SELECT extract(epoch FROM completed_at - created_at) FROM statements WHERE id = '$ID'") s"
echo "heap used: before $((BEFORE / 1024)) MB, peak sampled during the build $((PEAK / 1024)) MB, growth $(((PEAK - BEFORE) / 1024)) MB"
echo "GC during the build (from $WORK/gc.log):"; tail -5 "$WORK/gc.log" | sed 's/^/  /'

URL=$(jq -r '.statement.download_url' <<<"$S")
curl -fs -o "$WORK/statement.csv" -w "download: %{time_total} s, %{size_download} bytes, %{speed_download} B/s\n" "$URL"
SUM=$(sha256sum "$WORK/statement.csv" | cut -d' ' -f1)
[ "$SUM" = "$(jq -r '.statement.sha256' <<<"$S")" ] && echo "sha256 matches: $SUM" || { echo "sha256 MISMATCH"; exit 1; }
python3 - "$WORK/statement.csv" "$(jq -r '.statement.opening_balance' <<<"$S")" "$(jq -r '.statement.closing_balance' <<<"$S")" <<'PY'
import csv, sys
from decimal import Decimal
with open(sys.argv[1], newline='', encoding='utf-8') as f:
    rows = csv.reader(f)
    next(rows)
    total, n = Decimal(0), 0
    for r in rows:
        total += Decimal(r[3]); n += 1
ok = Decimal(sys.argv[2]) + total == Decimal(sys.argv[3])
print(f"rows {n}, opening {sys.argv[2]} + sum {total} = closing {sys.argv[3]}: {'OK' if ok else 'FAIL'}")
sys.exit(0 if ok else 1)
PY

echo "== the same SELECT alone"
SELECT="SELECT e.id, e.created_at, e.type, e.amount, e.available_after, e.transaction_reference, e.reference, e.reason,
        p.merchant_reference, p.provider, p.fee
 FROM balance_entries e LEFT JOIN payments p ON p.id = e.payment_id
 WHERE e.account_id = $ACC AND e.currency = 'KES'
   AND e.created_at >= '2026-11-01T00:00:00Z' AND e.created_at < '2026-12-01T00:00:00Z'
 ORDER BY e.created_at, e.id"
$PSQL -c "EXPLAIN (ANALYZE, BUFFERS) $SELECT" | grep -E "Execution Time|Planning Time|Index|Sort|Join|Scan" | sed 's/^/  /'
echo "$SELECT;" > "$WORK/select.sql"
pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -t 3 -f "$WORK/select.sql" mizani 2>&1 | grep -E "latency average|tps" | sed 's/^/  pgbench: /'
echo "load at the end: $(load)"
