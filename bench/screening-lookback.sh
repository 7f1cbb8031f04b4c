#!/usr/bin/env bash
# Screening end to end (platform.md section 20, docs/screening.md), over HTTP against the packaged service, beside
# pgbench running the look-back's chunk query in the same run.
#
#  1. starts PostgreSQL 17 from the zonky binaries the service embeds (a throw-away cluster under $WORK) and the
#     service on it with MIZANI_SCREENING=on;
#  2. onboards two merchants and seeds N beneficiaries for each (bench/beneficiary-seed.sql), restarts the service
#     so its start-up conversion seals their identifiers (as bench/beneficiary.sh), then VACUUM ANALYZE;
#  3. loads a synthetic ENTRIES-entry CSV list as version 1 (bench/screening-lists.py: names that share no token with
#     the seeded ones, 5 that are seeded first + last names) and times the load and its look-back (every beneficiary
#     against every entry: version 1 has no previous version) until screening_lists.lookback_done_at;
#  4. loads version 2 (250 entries changed, 250 added, 10 of those seeded names) and times its look-back (every
#     beneficiary against the 500 changed entries); counts the cases opened and the screening.hit events;
#  5. times REQUESTS sequential POST /api/v1/kyc/screen (platform key: 50 KES each from a credited wallet) with curl
#     time_total: p50/p99, names cycling through listed, seeded and unlisted ones;
#  6. pgbench (-n -c 1 -T $PGB_T) on the look-back's chunk query (2,000 beneficiaries after a random id) and on the
#     screen's statements (fingerprint read, screen row + wallet debit + commit), the plans of the chunk and
#     case-status queries, and the service's RSS;
#  7. the index alone in one JVM without the database (bench/screening/IndexBench.java, the domain jar): parse and
#     build of version 1, one screen's p50/p99, and all the seeded names screened against it (the look-back's CPU).
#
# Usage: ./mvnw -B package -DskipTests && bench/screening-lookback.sh
# The look-back's worker polls every 2 s: up to 2 s of each look-back time is that wait.
# Env: N (50000 per merchant), ENTRIES (20000), REQUESTS (300), PGB_T (10: s per pgbench run), PORT (18096),
#      PGPORT (15437), JAVA (java),
#      KEEP=1 keeps the scratch directory.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-50000}
ENTRIES=${ENTRIES:-20000}
REQUESTS=${REQUESTS:-300}
PGB_T=${PGB_T:-10}
PORT=${PORT:-18096}
PGPORT=${PGPORT:-15437}
JAVA=${JAVA:-java}
WORK=$(mktemp -d /tmp/mizani-bench-screening.XXXXXX)
BASE="http://localhost:$PORT"
RUNJAR="$ROOT/bootstrap/target/quarkus-app/quarkus-run.jar"
PSQL="psql -X -q -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OP="operator:${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
source "$ROOT/bench/lib.sh"

[ -f "$RUNJAR" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
for tool in psql pgbench jq curl python3; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
SVC=
trap 'bench_cleanup "$WORK"' EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

start_service() {
  QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_LEVEL=WARN \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/mizani" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=postgres \
  QUARKUS_HTTP_LIMITS_MAX_BODY_SIZE=64M MIZANI_MERCHANT_RATE_LIMIT=0 \
  MIZANI_DATA_DIR="$WORK/service-data" MIZANI_SCREENING=on \
    "$JAVA" -Xmx768m -jar "$RUNJAR" >>"$WORK/service.log" 2>&1 &
  SVC=$!
  for _ in $(seq 1 600); do curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break; sleep 1; done
  curl -fs "$BASE/q/health/ready" >/dev/null || { tail -50 "$WORK/service.log"; exit 1; }
}

echo "machine: $(nproc) cores, load $(load), $("$JAVA" -version 2>&1 | head -1)"
echo "== PostgreSQL 17 (embedded binaries) on port $PGPORT"
pg_start -c shared_buffers=256MB
echo "== service on port $PORT (MIZANI_SCREENING=on)"
start_service

onboard() {
  curl -fs -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d "{
    \"organization_name\": \"Screening $1\",
    \"user\": {\"first_name\": \"Bench\", \"last_name\": \"$1\", \"email\": \"screen-$1@example.com\", \"phone_number\": \"+254700000$1\"},
    \"account\": {\"name\": \"Screening $1\", \"email\": \"screen-$1@example.com\", \"dial_code\": \"+254\", \"number\": \"700000$1\"}}"
}
M1=$(onboard 201); M2=$(onboard 202)
ACC1=$(jq -r '.account.id' <<<"$M1"); ACC2=$(jq -r '.account.id' <<<"$M2")
AUTH1="$(jq -r '.credentials.username' <<<"$M1"):$(jq -r '.credentials.password' <<<"$M1")"

echo "== seeding $N beneficiaries for account $ACC1 and $N for account $ACC2"
start=$(now)
$PSQL -v account_id="$ACC1" -v n="$N" -f "$ROOT/bench/beneficiary-seed.sql"
$PSQL -v account_id="$ACC2" -v n="$N" -f "$ROOT/bench/beneficiary-seed.sql"
echo "   seeded in $(since "$start") s"
echo "== restarting the service: its start-up conversion seals the $(( 2 * N )) seeded rows"
kill "$SVC"; wait "$SVC" 2>/dev/null || true
start=$(now)
start_service
echo "   ready again after $(since "$start") s"
$PSQL -tA -c "SELECT 'rows still in the clear: ' || count(*) FROM beneficiaries WHERE phone_number NOT LIKE 'pii:%'"
$PSQL -c "VACUUM ANALYZE beneficiaries"
BENEFICIARIES=$($PSQL -tA -c "SELECT count(*) FROM beneficiaries WHERE deleted_at IS NULL")

python3 "$ROOT/bench/screening-lists.py" v1 "$ENTRIES" >"$WORK/v1.csv"
python3 "$ROOT/bench/screening-lists.py" v2 "$ENTRIES" >"$WORK/v2.csv"

# loads $1 as the next version of the list "bench", waits for its look-back; prints what it took
load_and_lookback() {
  local file=$1 label=$2 cases0 events0 t0 out code took id
  cases0=$($PSQL -tA -c "SELECT count(*) FROM screening_cases")
  events0=$($PSQL -tA -c "SELECT count(*) FROM events WHERE event_type = 'screening.hit'")
  t0=$(now)
  out=$(curl -s -u "$OP" -H 'Content-Type: text/csv' --data-binary @"$file" \
    -w '\n%{http_code} %{time_total}' "$BASE/api/admin/screening/lists?format=csv&name=bench")
  read -r code took < <(tail -1 <<<"$out")
  [ "$code" = 200 ] || { echo "load answered $code: $out" >&2; exit 1; }
  id=$($PSQL -tA -c "SELECT id FROM screening_lists WHERE name = 'bench' ORDER BY version DESC LIMIT 1")
  for _ in $(seq 1 3000); do
    [ -n "$($PSQL -tA -c "SELECT 1 FROM screening_lists WHERE id = $id AND lookback_done_at IS NOT NULL")" ] && break
    sleep 0.2
  done
  local wall answered; wall=$(since "$t0"); answered=$(awk -v w="$wall" -v t="$took" 'BEGIN { printf "%.1f", w - t }')
  echo "$label: $(head -1 <<<"$out" | jq -c '.list | {version, entry_count}') ($(wc -c <"$file") bytes)"
  echo "   load request (parse, insert entries): $(awk -v t="$took" 'BEGIN { printf "%.2f", t }') s"
  $PSQL -tA -F ' ' -c "SELECT '   look-back: loaded_at (taken before the entries are inserted) to lookback_done_at ' ||
      coalesce(round(extract(epoch FROM lookback_done_at - loaded_at)::numeric, 1)::text, 'NOT DONE') || ' s, ' ||
      'after id ' || lookback_after_id FROM screening_lists WHERE id = $id"
  echo "   wall clock from the load request to seeing lookback_done_at (0.2 s polls): $wall s"
  echo "   from the load's answer to seeing lookback_done_at (poll of MIZANI_SCREENING_LOOKBACK_POLL_MS 2000 included): $answered s"
  echo "   cases opened: $(( $($PSQL -tA -c "SELECT count(*) FROM screening_cases") - cases0 )), screening.hit events: $(( $($PSQL -tA -c "SELECT count(*) FROM events WHERE event_type = 'screening.hit'") - events0 ))"
}

echo
echo "== list version 1: $ENTRIES entries, look-back of $BENEFICIARIES beneficiaries against all of them"
load_and_lookback "$WORK/v1.csv" "version 1"
echo
echo "== list version 2: 250 entries changed, 250 added; look-back against those 500"
load_and_lookback "$WORK/v2.csv" "version 2"
$PSQL -tA -c "SELECT '   cases by origin: ' || string_agg(o || ' ' || c, ', ') FROM (SELECT subject->>'origin' o, count(*) c
  FROM screening_cases GROUP BY 1 ORDER BY 1) x"

echo
echo "== POST /api/v1/kyc/screen: $REQUESTS sequential requests, platform key (50 KES each), $ENTRIES + 250 entries loaded"
# 120,000 KES: under the four-eyes threshold (MIZANI_APPROVAL_THRESHOLD_USD 1000 = 129,000 KES), enough for 2,400
curl -fs -o /dev/null -u "$OP" -H 'Content-Type: application/json' \
  "$BASE/api/admin/accounts/$ACC1/service-wallet/credits" -d '{"amount": 120000, "reference": "screening-bench"}'
curl -fs -o /dev/null -u "$AUTH1" -H 'Content-Type: application/json' -X PUT "$BASE/api/v1/kyc/settings" \
  -d '{"mode": "platform"}'
# names to screen: a third listed (entries and aliases of version 2), a third seeded, a third on neither
python3 - "$WORK/v2.csv" >"$WORK/names.txt" <<'PY'
import csv, random, sys
rng = random.Random(7)
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["type"] == "person"]
seed_first = "Amina Baraka Chidi Dalia Emeka Fatuma Gift Halima Ifeoma Jabari Kwame Lulu Makena Nia Obinna".split()
seed_last = "Achieng Banda Chukwu Diallo Eze Fofana Gitau Hamisi Ibrahim Juma Kamau Lungu Mensah Ndlovu Okafor".split()
other = "Grace Peter Mary John Agnes Paul Ruth Samuel Esther David Joyce Moses".split()
for i in range(400):
    if i % 3 == 0:
        r = rng.choice(rows)
        print(rng.choice([r["name"]] + [a for a in r["aliases"].split(";") if a]))
    elif i % 3 == 1:
        print(f"{rng.choice(seed_first)} {rng.choice(seed_last)}")
    else:
        print(f"{rng.choice(other)} {rng.choice(other)} {rng.choice(seed_last)}")
PY
mapfile -t NAMES <"$WORK/names.txt"
screen_body() { jq -cn --arg n "${NAMES[$(( $1 % ${#NAMES[@]} ))]}" '{full_name: $n, type: "person"}'; }
for i in $(seq 1 30); do  # warm-up (JIT, index build on the first screen after the load), not reported
  curl -fs -o /dev/null -u "$AUTH1" -H 'Content-Type: application/json' "$BASE/api/v1/kyc/screen" -d "$(screen_body "$i")"
done
: >"$WORK/screen.times"; : >"$WORK/screen.verdicts"
for i in $(seq 1 "$REQUESTS"); do
  read -r code t < <(curl -s -o "$WORK/screen.out" -u "$AUTH1" -H 'Content-Type: application/json' \
    -w '%{http_code} %{time_total}\n' "$BASE/api/v1/kyc/screen" -d "$(screen_body "$i")")
  [ "$code" = 200 ] || { echo "screen answered $code: $(cat "$WORK/screen.out")" >&2; exit 1; }
  echo "$t" >>"$WORK/screen.times"
  jq -r '.verdict' "$WORK/screen.out" >>"$WORK/screen.verdicts"
done
echo "   verdicts: $(sort "$WORK/screen.verdicts" | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }')"
sort -n "$WORK/screen.times" | awk '{ a[NR] = $1 } END {
  printf "   screen over HTTP (curl time_total, n=%d): p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    NR, a[int(NR * 0.50 + 0.5)] * 1000, a[int(NR * 0.99 + 0.5)] * 1000, a[NR] * 1000 }'

echo
echo "== pgbench: the look-back's chunk query (2,000 live beneficiaries after a random id), -c 1 -T $PGB_T"
MAXID=$($PSQL -tA -c "SELECT max(id) FROM beneficiaries")
cat >"$WORK/chunk.sql" <<'SQL'
\set after random(0, :maxid)
SELECT id, uuid, account_id, first_name, last_name, surname, customer_type, date_of_birth, country, account_number,
       phone_number FROM beneficiaries WHERE deleted_at IS NULL AND id > :after ORDER BY id LIMIT 2000;
SQL
pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c 1 -T "$PGB_T" -D maxid="$MAXID" -f "$WORK/chunk.sql" mizani 2>&1 \
  | grep -E 'number of transactions actually processed|latency average|tps' | sed 's/^/   /'
CHUNKS=$(( (BENEFICIARIES + 1999) / 2000 ))
echo "   (a look-back reads $CHUNKS such chunks)"

echo
echo "== pgbench: the screen's statements (fingerprint read; one transaction: screen row, wallet debit CTE), -c 1 -T $PGB_T"
cat >"$WORK/screen.sql" <<'SQL'
SELECT coalesce(max(id), 0) FROM screening_lists;
BEGIN;
INSERT INTO screening_screens (screen_id, account_id, verdict, hits, charged_amount, charge_status, charge_reference,
                               created_at)
VALUES ('scr_' || md5(random()::text), :acc, 'clear', '[]', 0.01, 'charged', 'chg_' || md5(random()::text), now());
WITH w AS (UPDATE service_wallet_slots SET balance = balance - 0.01
           WHERE account_id = :acc AND balance >= 0.01 AND slot = (SELECT slot FROM service_wallet_slots
             WHERE account_id = :acc AND balance >= 0.01 ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING account_id, slot, balance)
INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -0.01, 'chg_' || md5(random()::text),
       balance + (SELECT coalesce(sum(o.balance), 0) FROM service_wallet_slots o
                  WHERE o.account_id = w.account_id AND o.slot <> w.slot) FROM w;
COMMIT;
SQL
pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c 1 -T "$PGB_T" -D acc="$ACC1" -f "$WORK/screen.sql" mizani 2>&1 \
  | grep -E 'number of transactions actually processed|latency average|tps' | sed 's/^/   /'

echo
echo "== plans"
$PSQL -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT id, uuid, account_id, first_name, last_name, surname,
  customer_type, date_of_birth, country, account_number, phone_number FROM beneficiaries
  WHERE deleted_at IS NULL AND id > $(( MAXID / 2 )) ORDER BY id LIMIT 2000"
KEY=$($PSQL -tA -c "SELECT subject_key FROM screening_cases LIMIT 1")
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT DISTINCT status FROM screening_cases WHERE account_id = $ACC1
  AND subject_key = '$KEY'"

echo
echo "== service: RSS $(( $(awk '/VmRSS/ {print $2}' "/proc/$SVC/status") / 1024 )) MiB (-Xmx768m), load $(load)"
kill "$SVC"; wait "$SVC" 2>/dev/null || true; SVC=

echo
echo "== the index alone, one JVM, no database (bench/screening/IndexBench.java): version 1 of the list, the seeded names"
$PSQL -tA -c "SELECT first_name || ' ' || last_name FROM beneficiaries WHERE deleted_at IS NULL ORDER BY id" >"$WORK/seeded.txt"
"$JAVA" -cp "$(ls "$ROOT"/domain/target/mizani-domain-*.jar | grep -v -e sources -e javadoc | head -1)" \
  "$ROOT/bench/screening/IndexBench.java" "$WORK/v1.csv" "$WORK/seeded.txt"
echo "   load $(load)"
