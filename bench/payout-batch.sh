#!/usr/bin/env bash
# Payout batch benchmark (platform.md section 16), over HTTP against the packaged service.
#
#  1. starts PostgreSQL 17 from the zonky binaries the service embeds (a throw-away cluster under $WORK) and one
#     service process on it;
#  2. a merchant funded with 5,000,000 KES and a second user (admin) of its Team;
#  3. ROUNDS times: a 10,000-item CSV (M-Pesa Kenya, 100 KES each) POSTed to /api/global/payout-batches (validated
#     and stored: target < 3 s) and approved by the admin (10,000 withdrawals inserted, reserved and queued: target
#     < 1 s), curl's time_total for each;
#     and, for each batch, the time from its approval to its materialisation (over 500 items the payments are stored
#     by the materialiser right after the approval: docs/adr/0008-batch-reservation.md), from the batch's row;
#  4. psql \timing of the same statements the service sends, on the same database, each in a transaction rolled
#     back: the batch row with its sealed drafts (one text of the size the service stored), the payments in 10
#     multi-row INSERTs of 1,000 rows, a large batch's approval (its item facts, the = ANY reference check, the one
#     reservation) and the 10,000 withdrawal_reserve entries in one unnest INSERT (the materialiser's).
#
# Usage: ./mvnw -B package -DskipTests && bench/payout-batch.sh
# Env: ROUNDS (3), PORT (18095), PGPORT (15436), KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-18095}
PGPORT=${PGPORT:-15436}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-payout.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -X -q -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
source "$ROOT/bench/lib.sh"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
SVC=
trap 'bench_cleanup "$WORK"' EXIT

echo "machine: $(nproc) cores, load $(load), $("$JAVA" -version 2>&1 | head -1)"
echo "== PostgreSQL 17 (embedded binaries) on port $PGPORT"
pg_start -c shared_buffers=256MB
# the bench's funding is one adjustment above the four-eyes threshold (docs/operators.md): no second operator here
QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SANDBOX_SETTLE_MS=600000 MIZANI_APPROVAL_THRESHOLD_USD=1000000000 \
  "$JAVA" -Xmx768m -jar "$RUNJAR" >"$WORK/service.log" 2>&1 &
SVC=$!
for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }

J=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
  "organization_name": "Payouts Bench", "user": {"first_name": "Pay", "last_name": "Owner", "email": "pay-owner@example.com",
  "phone_number": "+254711000001"}, "account": {"name": "Payouts", "email": "payouts@example.com", "dial_code": "+254",
  "number": "711000001"}}')
ACC=$(jq -r '.account.id' <<<"$J")
AUTH="$(jq -r '.credentials.username' <<<"$J"):$(jq -r '.credentials.password' <<<"$J")"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
  "$BASE/api/admin/accounts/$ACC/payment-providers" -d '{"providers":["mpesa_ke"]}'
curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/balances/KES/adjustments" -d '{"amount": 5000000, "reference": "bench", "reason": "bench"}' \
  | jq -e .available >/dev/null || { echo "the funding was not applied" >&2; exit 1; }
A=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/accounts/$ACC/users" \
  -d '{"first_name": "Ben", "last_name": "Approver", "email": "ben@example.com", "role": "admin"}')
ADMIN="$(jq -r '.credentials.username' <<<"$A"):$(jq -r '.credentials.password' <<<"$A")"

echo
echo "== 10,000-item CSV batches ($(payout_csv warm "$WORK/warm.csv"; wc -c <"$WORK/warm.csv") bytes each): create, approve"
# one warm-up round (JIT), not reported
w=$(curl -s -o "$WORK/warm.json" -w '%{http_code} %{time_total}' -u "$AUTH" -H 'Content-Type: text/csv' \
  --data-binary @"$WORK/warm.csv" "$BASE/api/global/payout-batches?batch_reference=warm&callback_url=http://127.0.0.1:9/cb")
[ "${w%% *}" = 200 ] || { echo "warm-up create: $w $(head -c 600 "$WORK/warm.json")"; exit 1; }
w=$(curl -s -o "$WORK/warm.json" -w '%{http_code} %{time_total}' -u "$ADMIN" -X POST "$BASE/api/global/payout-batches/warm/approve")
[ "${w%% *}" = 200 ] || { echo "warm-up approve: $w $(head -c 600 "$WORK/warm.json")"; exit 1; }
for r in $(seq 1 "$ROUNDS"); do
  payout_csv "r$r" "$WORK/r$r.csv"
  c=$(curl -s -o "$WORK/c$r.json" -w '%{http_code} %{time_total}' -u "$AUTH" -H 'Content-Type: text/csv' \
      --data-binary @"$WORK/r$r.csv" "$BASE/api/global/payout-batches?batch_reference=bench-$r&callback_url=http://127.0.0.1:9/cb")
  a=$(curl -s -o "$WORK/a$r.json" -w '%{http_code} %{time_total}' -u "$ADMIN" -X POST \
      "$BASE/api/global/payout-batches/bench-$r/approve")
  # a batch over 500 items is reserved at approval and materialised right after (docs/adr/0008-batch-reservation.md):
  # from the approval's commit to the materialiser's, as PostgreSQL recorded them
  for _ in $(seq 1 120); do
    m=$($PSQL -At -c "SELECT round(extract(epoch FROM materialised_at - approved_at)::numeric, 2) FROM payout_batches
                      WHERE batch_reference = 'bench-$r' AND materialised_at IS NOT NULL")
    [ -n "$m" ] && break; sleep 0.5
  done
  echo "round $r: create $c s ($(jq -r '.batch.status' "$WORK/c$r.json")), approve $a s ($(jq -r '.batch.status' "$WORK/a$r.json")), materialised ${m:-?} s after approval, load $(load)"
done
echo "available after: $(curl -fs -u "$AUTH" "$BASE/api/global/balances" | jq -c '.balances')"

echo
echo "== psql \\timing of the same statements (each in a transaction rolled back)"
DRAFTS=$($PSQL -At -c "SELECT length(drafts) FROM payout_batches WHERE drafts IS NOT NULL LIMIT 1" || true)
DRAFTS=${DRAFTS:-$($PSQL -At -c "SELECT 4000000")}
echo "sealed drafts of a 10,000-item batch: about $((${DRAFTS:-0} / 1024)) KiB (the service stores them in one text)"
USER_ID=$($PSQL -At -c "SELECT created_by FROM payout_batches LIMIT 1")
$PSQL <<SQL
\\timing on
BEGIN;
-- the batch row with its drafts (one statement)
INSERT INTO payout_batches (account_id, batch_reference, callback_url, status, item_count, total_amount, total_fees,
    drafts, created_by)
SELECT $ACC, 'psql', 'http://127.0.0.1:9/cb', 'awaiting_approval', 10000, '{"KES": 1000000}', '{"KES": 150000}',
    repeat('x', ${DRAFTS:-4000000}), $USER_ID;
-- the payments: 10 INSERTs of 1,000 rows (here one INSERT ... SELECT per 1,000, the same rows)
SELECT 'payments' AS step;
$(for k in $(seq 0 9); do echo "INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name, customer_last_name, customer_email, customer_phone, account_number, callback_url, remark, payment_category, status, checks, next_check_at, created_at, updated_at, payout_batch_id) SELECT $ACC, 'MZPSQL' || g, 'psql-' || g, 'withdrawal', 'momo', 'mpesa_ke', 'net_ke_mpesa', 'ch', 100, 'KES', 'KE', 0.78, 15, 'Ada', 'Obi', 'ada@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60), 'http://127.0.0.1:9/cb', 'pay', 'salary', 'queued', 0, now(), now(), now(), currval('payout_batches_id_seq') FROM generate_series($((k * 1000 + 1)), $((k * 1000 + 1000))) g;"; done)
-- a large batch's approval (ADR 0008): the item facts, the references still unused, the batch's one reservation
SELECT 'approval of a large batch' AS step;
SELECT array_length(item_usd, 1), (SELECT sum(u) FROM unnest(item_usd) u) FROM payout_batches
WHERE batch_reference = 'bench-1' AND account_id = $ACC;
SELECT count(*) FROM payments WHERE account_id = $ACC AND merchant_reference = ANY (ARRAY(
    SELECT 'new-' || x FROM unnest((SELECT item_references FROM payout_batches WHERE batch_reference = 'bench-1')) x));
UPDATE payment_balance_slots SET available = available - 1150, reserved = reserved + 1150
WHERE account_id = $ACC AND currency = 'KES' AND slot = (SELECT slot FROM payment_balance_slots
    WHERE account_id = $ACC AND currency = 'KES' AND available >= 1150 ORDER BY available DESC LIMIT 1);
INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payout_batch_id, transaction_reference, slot)
VALUES ($ACC, 'KES', 'payout_batch_reserve', -1150, 1, currval('payout_batches_id_seq'), 'psql', 0);
SELECT 'withdrawal_reserve entries' AS step;
-- the reservation entries: one unnest INSERT
INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id, transaction_reference, slot)
SELECT $ACC, 'KES', 'withdrawal_reserve', -115, 1000000, p.id, p.reference, 0
FROM payments p WHERE p.merchant_reference LIKE 'psql-%' AND p.account_id = $ACC;
ROLLBACK;
SQL
