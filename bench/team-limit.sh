#!/usr/bin/env bash
# What a Team's daily tier-limit count costs when the day's counter already exists (every payment but the day's
# first, for a Team whose tier has a limit): PostgreSQL 17 with the service's schema (the Flyway migrations applied in
# order), a Team with N withdrawals accepted today and its counter of the day in place, pgbench running one
# statement a transaction, 1 client, DUR seconds each, alternating:
#   before: the opening INSERT ... SELECT sum(...) ON CONFLICT DO NOTHING the store ran until cbd28ab (it summed the
#           day's payments on every call, then the conflict threw the row away);
#   after:  JdbcTeamLimitStore.openDay (the sum is a scalar subquery under WHERE NOT EXISTS: taken only when the
#           counter is missing).
# Usage: bench/team-limit.sh      Env: PGPORT (15692) DUR (10) N (10000) KEEP=1
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PGPORT=${PGPORT:-15692}; DUR=${DUR:-10}; N=${N:-10000}
WORK=$(mktemp -d /tmp/team-limit.XXXXXX)
. "$ROOT/bench/lib.sh"
trap 'bench_cleanup "$WORK"' EXIT
pg_start "-c shared_buffers=256MB" >/dev/null
PSQL="psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p $PGPORT -U postgres -d mizani"
pg_migrate
$PSQL <<SQL
INSERT INTO organizations (id, name) VALUES (1, 'Org');
INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret)
    VALUES (1, 1, 'team-1', 'Team', 'KES', '+254', 'n', 's');
INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id,
    amount, currency, country, amount_usd, fee, customer_first_name, customer_last_name, customer_email,
    customer_phone, account_number, callback_url, remark, payment_category, status, checks, next_check_at,
    created_at, updated_at)
SELECT 1, 'MZ' || g, 'b-' || g, 'withdrawal', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE', 0.77, 15, 'Ada',
    'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60), 'http://x/cb', 'pay', 'salary',
    CASE WHEN g % 10 = 0 THEN 'failed' ELSE 'succeeded' END, 0, now(), now(), now()
FROM generate_series(1, $N) g;
INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
    VALUES (1, (now() AT TIME ZONE 'UTC')::date, 'withdrawal', 0);
ANALYZE;
SQL
START="date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'"
DAY="(now() AT TIME ZONE 'UTC')::date"
cat > "$WORK/before.sql" <<PGB
INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
SELECT 1, $DAY, 'withdrawal', coalesce(sum(amount_usd), 0) FROM payments
WHERE account_id = 1 AND request_type = 'withdrawal' AND status <> 'failed'
  AND created_at >= $START AND id <> 0
ON CONFLICT (account_id, day, request_type) DO NOTHING;
PGB
cat > "$WORK/after.sql" <<PGB
INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
SELECT 1, $DAY, 'withdrawal', (SELECT coalesce(sum(amount_usd), 0) FROM payments
    WHERE account_id = 1 AND request_type = 'withdrawal' AND status <> 'failed'
      AND created_at >= $START AND id <> ALL ('{0}'::bigint[]))
WHERE NOT EXISTS (SELECT 1 FROM team_daily_usage
    WHERE account_id = 1 AND day = $DAY AND request_type = 'withdrawal')
ON CONFLICT (account_id, day, request_type) DO NOTHING;
PGB
run() {
  pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -T "$DUR" -c 1 -f "$WORK/$1.sql" -r mizani 2>/dev/null \
    | awk '/^tps/ {tps=$3} /^ +[0-9.]+ +[0-9]+ +INSERT/ {lat=$1} END {printf "%.0f tps, %.3f ms a statement", tps, lat}'
}
echo "team-limit: N=$N payments of the Team today, counter in place, load $(load)"
for round in 1 2; do
  echo "  before: $(run before)"
  echo "  after : $(run after)"
done
echo "  plan after (counter in place):"
$PSQL -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $(cat "$WORK/after.sql")" | sed 's/^/    /'
$PSQL -tAc "SELECT count(*) FROM team_daily_usage" | sed 's/^/  counters: /'
echo "  load $(load)"
