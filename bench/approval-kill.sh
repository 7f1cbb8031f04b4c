#!/usr/bin/env bash
# kill -9 during a payout batch's approval (issue 35): a 10,000-item batch's approval reserves the whole batch and
# inserts its 10,000 withdrawals in one transaction (docs/payouts.md); the service is killed with SIGKILL while that
# transaction runs, restarted, and the batch must be all or nothing:
#   - either still awaiting_approval with no payment, no reservation entry and nothing reserved,
#   - or approved with exactly its 10,000 payments, one withdrawal_reserve entry each;
# then the approval is asked again (the client's retry) and must leave exactly one approval's effects; and after every
# trial the payment balance's slots must equal its ledger (available = sum of entries, reserved = open reservations).
#
# Usage: ./mvnw -B package -DskipTests && bench/approval-kill.sh
# Env: TRIALS (5), PORT (18096), PGPORT (15437), KEEP=1 keeps the scratch directory.
# Exit: 0 every check held; 1 one broke (a FAIL line names it); 2 the harness itself could not run.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TRIALS=${TRIALS:-5}
PORT=${PORT:-18096}
PGPORT=${PGPORT:-15437}
WORK=$(mktemp -d /tmp/mizani-approval-kill.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -X -q -At -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
source "$ROOT/bench/lib.sh"
[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 2; }
for tool in psql jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 2; }; done
SVC=
trap 'bench_cleanup "$WORK"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok:   $*"; }

start_service() {
  QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SANDBOX_SETTLE_MS=600000 MIZANI_APPROVAL_THRESHOLD_USD=1000000000 \
    java -Xmx768m -jar "$RUNJAR" >>"$WORK/service.log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 120); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && return 0; sleep 0.5; done
  tail -50 "$WORK/service.log"; exit 2
}

echo "machine: $(nproc) cores, load $(load)"
pg_start -c shared_buffers=256MB
start_service
J=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
  "organization_name": "Approval Kill", "user": {"first_name": "Pay", "last_name": "Owner", "email": "kill-owner@example.com",
  "phone_number": "+254711000002"}, "account": {"name": "Kill", "email": "kill@example.com", "dial_code": "+254",
  "number": "711000002"}}') || exit 2
ACC=$(jq -r '.account.id' <<<"$J")
AUTH="$(jq -r '.credentials.username' <<<"$J"):$(jq -r '.credentials.password' <<<"$J")"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
  "$BASE/api/admin/accounts/$ACC/payment-providers" -d '{"providers":["mpesa_ke"]}' || exit 2
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/balances/KES/adjustments" -d '{"amount": 20000000, "reference": "kill", "reason": "bench"}' || exit 2
A=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/accounts/$ACC/users" \
  -d '{"first_name": "Ben", "last_name": "Approver", "email": "kill-ben@example.com", "role": "admin"}') || exit 2
ADMIN="$(jq -r '.credentials.username' <<<"$A"):$(jq -r '.credentials.password' <<<"$A")"

state() { # batch reference -> "status payments reserve_entries"
  $PSQL -c "SELECT b.status, (SELECT count(*) FROM payments p WHERE p.payout_batch_id = b.id),
    (SELECT count(*) FROM balance_entries e JOIN payments p ON p.id = e.payment_id
      WHERE p.payout_batch_id = b.id AND e.type = 'withdrawal_reserve')
    FROM payout_batches b WHERE b.account_id = $ACC AND b.batch_reference = '$1'" | tr '|' ' '
}

balance_matches() {
  $PSQL -c "SELECT (SELECT sum(available) FROM payment_balance_slots WHERE account_id = $ACC AND currency = 'KES')
      = (SELECT sum(amount) FROM balance_entries WHERE account_id = $ACC AND currency = 'KES')
    AND (SELECT sum(reserved) FROM payment_balance_slots WHERE account_id = $ACC AND currency = 'KES')
      = (SELECT coalesce(sum(-amount), 0) FROM balance_entries WHERE account_id = $ACC AND currency = 'KES'
         AND type IN ('withdrawal_reserve', 'refund_reserve') AND settled IS NULL)"
}

declare -A outcomes=()
for t in $(seq 1 "$TRIALS"); do
  ref="kill-$t"
  payout_csv "$ref" "$WORK/$ref.csv"
  c=$(curl -s -o "$WORK/c$t.json" -w '%{http_code}' -u "$AUTH" -H 'Content-Type: text/csv' --data-binary @"$WORK/$ref.csv" \
      "$BASE/api/global/payout-batches?batch_reference=$ref&callback_url=http://127.0.0.1:9/cb")
  [ "$c" = 200 ] || { echo "create $ref: $c $(head -c 300 "$WORK/c$t.json")"; exit 2; }
  # kill -9 at a moment spread over the approval (2-4 s on this machine, longer under load) and just after it
  # the first trial at random; later ones around the last full approval's time (the retry's), so that some kills
  # land just before and some just after the commit
  if [ -z "${last_approve:-}" ]; then
    delay=$(python3 -c "import random; print(round(random.uniform(0.3, 4.0), 2))")
  else
    delay=$(python3 -c "import random; print(round($last_approve * random.uniform(0.8, 1.15), 2))")
  fi
  curl -s -o "$WORK/a$t.json" -w '%{http_code}' -m 30 -u "$ADMIN" -X POST "$BASE/api/global/payout-batches/$ref/approve" \
    >"$WORK/a$t.code" 2>/dev/null &
  CURL=$!
  sleep "$delay"
  kill -9 "$SVC" 2>/dev/null; wait "$SVC" 2>/dev/null
  wait "$CURL" 2>/dev/null
  answered=$(cat "$WORK/a$t.code" 2>/dev/null)
  start_service
  read -r status payments entries <<<"$(state "$ref")"
  outcomes[$t]="killed at ${delay}s, client saw '${answered:-000}', after restart: $status ($payments payments, $entries reservations)"
  if [ "$status" = awaiting_approval ] && [ "$payments" = 0 ] && [ "$entries" = 0 ]; then
    ok "trial $t: ${outcomes[$t]}: nothing of the approval was kept"
  elif [ "$status" != awaiting_approval ] && [ "$payments" = 10000 ] && [ "$entries" = 10000 ]; then
    ok "trial $t: ${outcomes[$t]}: the whole approval was kept"
  else
    fail "trial $t: ${outcomes[$t]}: a partial approval"
  fi
  [ "$(balance_matches)" = t ] && ok "trial $t: balance slots = ledger after the kill" || fail "trial $t: balance slots differ from the ledger"
  # the client's retry
  read -r r last_approve <<<"$(curl -s -o "$WORK/r$t.json" -w '%{http_code} %{time_total}' -u "$ADMIN" -X POST \
    "$BASE/api/global/payout-batches/$ref/approve")"
  read -r status payments entries <<<"$(state "$ref")"
  if [ "$payments" = 10000 ] && [ "$entries" = 10000 ] && [ "$status" != awaiting_approval ]; then
    ok "trial $t: approval asked again answered $r in ${last_approve} s: approved once ($payments payments, $entries reservations)"
  else
    fail "trial $t: approval asked again answered $r: $status ($payments payments, $entries reservations)"
  fi
  [ "$(balance_matches)" = t ] && ok "trial $t: balance slots = ledger after the retry" || fail "trial $t: balance slots differ from the ledger after the retry"
done
echo "load at the end: $(load)"
if [ "$fails" = 0 ]; then echo "all checks held over $TRIALS trials"; exit 0; fi
echo "$fails checks broke"; exit 1
