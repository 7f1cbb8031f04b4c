#!/usr/bin/env bash
# The fair claim (JdbcPaymentStore.CLAIM_DUE) beside pgbench, with one merchant's items leased (issue 30's finding):
# PostgreSQL 17 with the service's schema (the Flyway migrations applied in order), 30,000 open payments of one
# merchant leased by a worker, 20 other merchants with 5 due payments each; pgbench runs the claim statement (in a
# transaction it rolls back, so every run sees the same rows) for 20 s in two states of the leased rows:
#   before: a claim left next_check_at in the past (due) and set claimed_until in the future (what main did);
#   after:  a claim moves next_check_at to the lease's end with claimed_until (this change): leased rows are not due;
#   floor:  the leased rows deleted: the cost of claiming the other merchants' 100 due rows alone.
# The statement is the service's current CLAIM_DUE (RETURNING cut to the ids); only the rows' state differs.
# Usage: bench/claim-leased.sh      Env: LEASED (30000) PGPORT (15690) DUR (20) KEEP=1
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LEASED=${LEASED:-30000}; PGPORT=${PGPORT:-15690}; DUR=${DUR:-20}
WORK=$(mktemp -d /tmp/claim-leased.XXXXXX)
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$WORK"' EXIT
pg_start "-c shared_buffers=256MB" >/dev/null
PSQL="psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U postgres -d mizani"
# Flyway's order: V14 before V14_1 before V15
pg_migrate
$PSQL <<SQL
INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id,
    amount, currency, country, amount_usd, fee, account_number, callback_url, status, created_at, updated_at,
    next_check_at, claimed_until, claimed_by)
SELECT CASE WHEN g <= $LEASED THEN 1 ELSE 2 + (g - $LEASED) % 20 END, 'ref-' || g, 'm-' || g, 'withdrawal', 'momo',
    'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE', 0.77, 1, 'sealed', 'http://127.0.0.1:9/cb', 'pending',
    now() - interval '1 hour', now(), now() - interval '1 minute',
    CASE WHEN g <= $LEASED THEN now() + interval '10 minutes' END, CASE WHEN g <= $LEASED THEN 'worker-a' END
FROM generate_series(1, $LEASED + 100) g;
ANALYZE payments;
SQL
# the statement as the service sends it, parameters written in (now, round of 100 from a pool of 200)
sed -n '/static final String CLAIM_DUE = """/,/COLUMNS;/p' "$ROOT/adapters-persistence/src/main/java/io/mizani/adapter/persistence/payment/JdbcPaymentStore.java" \
  | sed '1d' > "$WORK/claim.raw"
python3 - "$WORK/claim.raw" "$WORK/claim.sql" <<'PY'
import re, sys
sql = open(sys.argv[1]).read()
# the open statuses the store writes in from PaymentStatus (JdbcPaymentStore.OPEN_STATUSES)
sql = re.sub(r'\\s"""\s*\+\s*OPEN_STATUSES\s*\+\s*"""', " ('queued', 'pending')", sql)
if "?" in sql:  # positional parameters (before issue 27's named ones)
    vals = ["now()", "now()", "now()", "now()", "200", "200", "now()", "now()", "100",
            "now() + interval '30 seconds'", "now() + interval '30 seconds'", "'bench'", "now()"]
    if sql.count("?") == 12:  # before: no next_check_at in the SET
        vals.pop(10)
    out = ""
    for part in sql.split("?")[:-1]:
        out += part + vals.pop(0)
    out += sql.split("?")[-1]
else:
    named = {"now": "now()", "pool": "200", "round": "100", "leaseEnd": "now() + interval '30 seconds'",
             "worker": "'bench'"}
    out = re.sub(r"(?<![:\w]):(\w+)", lambda m: named[m.group(1)], sql)
out = out.rstrip().rstrip('"').rstrip()
out = out[: out.rfind("due.pos AS turn_order,") + len("due.pos AS turn_order")]
open(sys.argv[2], "w").write("BEGIN;\n" + " ".join(out.split()) + ";\nROLLBACK;\n")
PY
run() {
  local label=$1
  pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c 1 -T "$DUR" -f "$WORK/claim.sql" mizani 2>/dev/null \
    | awk -v l="$label" '/latency average/ {lat=$4} /tps =/ {tps=$3} END {printf "%-8s latency %s ms  tps %s\n", l, lat, tps}'
}
echo "load before: $(load)  leased rows: $LEASED, other merchants' due rows: 100"
run before
$PSQL -c "UPDATE payments SET next_check_at = claimed_until WHERE claimed_until IS NOT NULL"
$PSQL -c "VACUUM ANALYZE payments"
run after
$PSQL -c "DELETE FROM payments WHERE claimed_until IS NOT NULL"
$PSQL -c "VACUUM ANALYZE payments"
run floor   # the same claim with no leased rows at all: what a round costs for the 100 due rows
echo "load after: $(load)"
