#!/usr/bin/env bash
# What V28's trigger (a reference held by an approved batch not yet materialised is taken) costs a payment's INSERT:
# PostgreSQL 17 with the service's schema (the Flyway migrations applied in order), the trigger on and then off
# (ALTER TABLE ... DISABLE TRIGGER), the same statements each time:
#   batch:  10,000 payments in one INSERT ... SELECT (a large batch's materialisation), in a transaction rolled back,
#           five times each way, psql \timing;
#   single: pgbench inserting one payment a transaction (a single payment's acceptance), DUR seconds each way, 1 client.
# With HELD=1 an approved, unmaterialised batch of 10,000 references of the same Team waits in payout_batches (the
# trigger then scans its references for every row); without, none does (the usual state).
# Usage: bench/reference-hold.sh      Env: PGPORT (15691) DUR (15) HELD (0) KEEP=1
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PGPORT=${PGPORT:-15691}; DUR=${DUR:-15}; HELD=${HELD:-0}
WORK=$(mktemp -d /tmp/reference-hold.XXXXXX)
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$WORK"' EXIT
pg_start "-c shared_buffers=256MB" >/dev/null
PSQL="psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U postgres -d mizani"
pg_migrate
$PSQL <<SQL
INSERT INTO organizations (id, name) VALUES (1, 'Org');
INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret)
    VALUES (1, 1, 'team-1', 'Team', 'KES', '+254', 'n', 's');
INSERT INTO users (id, organization_id, username) VALUES (1, 1, 'creator'), (2, 1, 'approver');
SQL
if [ "$HELD" = 1 ]; then
  $PSQL -c "INSERT INTO payout_batches (account_id, batch_reference, callback_url, status, item_count, total_amount,
      total_fees, drafts, created_by, approved_by, approved_at, open_items, item_references)
      SELECT 1, 'held', 'http://x/cb', 'processing', 10000, '{}', '{}', 'sealed', 1, 2, now(), 10000,
             array_agg('held-' || g) FROM generate_series(1, 10000) g"
fi
COLS="account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id, amount,
    currency, country, amount_usd, fee, customer_first_name, customer_last_name, customer_email, customer_phone,
    account_number, callback_url, remark, payment_category, status, checks, next_check_at, created_at, updated_at"
VALS="1, 'MZ' || g, 'b-' || g, 'withdrawal', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE', 0.77, 15, 'Ada',
    'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60), 'http://x/cb', 'pay', 'salary',
    'queued', 0, now(), now(), now()"
batch() {
  local out=""
  for i in 1 2 3 4 5; do
    t=$($PSQL -c '\timing on' -c "BEGIN" -c "INSERT INTO payments ($COLS) SELECT $VALS FROM generate_series(1, 10000) g" \
          -c "ROLLBACK" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | sed -n 2p)
    out="$out ${t%.*}"
  done
  echo "$out"
}
cat > "$WORK/single.sql" <<PGB
\set g random(1, 1000000000)
BEGIN;
INSERT INTO payments ($COLS) SELECT $(echo "$VALS" | sed "s/'MZ' || g/'MZ' || :g || '-' || :client_id || '-' || random()/; s/'b-' || g/'s-' || :g || '-' || :client_id || '-' || random()/");
ROLLBACK;
PGB
single() {
  as_pg true
  pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -T "$DUR" -c 1 -f "$WORK/single.sql" -r mizani 2>/dev/null \
    | awk '/^tps/ {tps=$3} /INSERT INTO payments/ {lat=$1} END {printf "%.0f tps, INSERT %.3f ms", tps, lat}'
}
echo "reference-hold: load $(load), held batch: $HELD"
echo "  trigger on : batch of 10,000 (ms):$(batch); single: $(single)"
$PSQL -c "ALTER TABLE payments DISABLE TRIGGER payments_reference_held"
echo "  trigger off: batch of 10,000 (ms):$(batch); single: $(single)"
$PSQL -c "ALTER TABLE payments ENABLE TRIGGER payments_reference_held"
echo "  trigger on : batch of 10,000 (ms):$(batch); single: $(single)"
echo "  load $(load)"
