#!/usr/bin/env bash
# Levers on a payment's life, priced on pgbench before any is built (issue 37): what PostgreSQL's CPU per life would
# become if the service wrote its SQL another way. No service runs: pgbench alone, on pgbench's copies of the service's
# tables (bench/perf/pgbench-setup.sql, the migrated schema), `-M prepared`, 4 clients.
#
# Variants of bench/perf/life.sql (the service's SQL of one life as it runs today; each variant is made from it at run
# time, so none can drift from it):
#   today           life.sql as it is: two transactions per life; the payment inserted leased to the worker, its look
#                   keeping the lease for the worker's next look, its callback written a lease ahead (issue 37's
#                   hand-offs): no claim written
#   ask-claim       today with the look releasing the lease and the claim to ask about the payment written again, as
#                   the service wrote them before the look kept the lease (what keeping it saves)
#   with-claims     ask-claim with the other two claims written again: the payment's claim to send it and the callback
#                   worker's claim, as the service wrote them before the hand-offs (what all three save)
#   today-3tx       today's statements with the final write in a transaction of its own: what one more transaction per
#                   life costs, the statements unchanged
# (the variants priced before the hand-offs were built, no-first-claim, hand-off, hand-off+cb and cb-ahead, are in
# this script's history: docs/performance.md has their figures)
# and, alone, two slot updates in one transaction against the same two in two (`one-tx`, `two-tx`): the price of a
# write transaction's BEGIN and COMMIT, with nothing else changed.
#
# After one uncounted cell of today's, variants alternate, ROUNDS (3) rounds of SECS (10) s each; the tables are vacuumed before each cell. Prints each cell
# and the medians. Usage: bench/levers.sh    Env: VARIANTS (all; "today" among them), ROUNDS, SECS, PGPORT (15460), KEEP=1, OUT_FILE (bench/out/levers.txt)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-10}
VARIANTS=${VARIANTS:-today ask-claim with-claims today-3tx one-tx two-tx}
PGPORT=${PGPORT:-15460}
WORK=$(mktemp -d /tmp/mizani-bench-levers.XXXXXX)
PSQL="psql -q -X -h 127.0.0.1 -p $PGPORT -U postgres -d mizani -v ON_ERROR_STOP=1"
OUT_FILE=${OUT_FILE:-"$ROOT/bench/out/levers.txt"}
mkdir -p "$(dirname "$OUT_FILE")"
. "$ROOT/bench/lib.sh"
SVC=""
trap 'bench_cleanup "$WORK"' EXIT

pg_start -c shared_buffers=256MB -c max_connections=50
pg_migrate
$PSQL -f "$ROOT/bench/perf/pgbench-setup.sql" >/dev/null 2>&1

# the variants, each made from life.sql by replacing its text; a replacement that finds nothing stops the run
python3 - "$ROOT/bench/perf/life.sql" "$WORK" <<'PY'
import sys
src, out = open(sys.argv[1]).read(), sys.argv[2]
def swap(text, old, new):
    if old not in text:
        sys.exit("bench/levers.sh: life.sql no longer has: " + old[:60])
    return text.replace(old, new)
look = src[src.index("-- the look's write"):src.index("-- the final write")]
ask = swap(src, look, """-- the look's write: pending with the provider's reference, the lease released (TRANSITION_AND_RELEASE)
UPDATE pb_payments SET claimed_until = CASE WHEN claimed_by = 'w' THEN NULL ELSE claimed_until END,
    claimed_by = CASE WHEN claimed_by = 'w' THEN NULL ELSE claimed_by END,
    status = 'pending', updated_at = now(), provider_reference = COALESCE('ws_CO_' || :id, provider_reference),
    failure_reason = COALESCE(NULL, failure_reason), next_check_at = now(),
    pending_since = CASE WHEN 'pending' = 'pending' THEN now() ELSE pending_since END,
    completed_at = CASE WHEN 'pending' IN ('succeeded', 'failed') THEN now() ELSE completed_at END
WHERE id = :id AND status = 'queued';
-- the claim to ask about it
UPDATE pb_payments SET claimed_until = now() + interval '20 seconds', next_check_at = now() + interval '20 seconds',
    claimed_by = 'w', submitted_at = COALESCE(submitted_at, now())
WHERE id = :id RETURNING *;
""")
claims = swap(ask, "-- the look's write", """-- the worker's claim to send it (as before the hand-off)
UPDATE pb_payments SET claimed_until = now() + interval '20 seconds', next_check_at = now() + interval '20 seconds',
    claimed_by = 'w', submitted_at = COALESCE(submitted_at, now())
WHERE id = :id RETURNING *;
-- the look's write""")
claims = swap(claims, "-- the attempt and the delivered state", """-- the callback worker's claim (as before the hand-off)
UPDATE pb_events SET next_attempt_at = now() + interval '30 seconds' WHERE id = :eid
RETURNING id, account_id, payment_id, webhook_id, event_type, url, body, attempts, attempt_limit;
-- the attempt and the delivered state""")
three = swap(src, "-- the final write", "COMMIT;\nBEGIN;\n-- the final write")
slot = ("UPDATE pb_payment_balance_slots SET available = available WHERE account_id = :acc AND currency = 'KES' "
        "AND slot = %s;\n")
head = "\\set acc random(1, 8)\n\\set s random(0, 7)\n"
one_tx = head + "BEGIN;\n" + slot % ":s" + slot % "(:s + 1) % 8" + "COMMIT;\n"
two_tx = head + "BEGIN;\n" + slot % ":s" + "COMMIT;\nBEGIN;\n" + slot % "(:s + 1) % 8" + "COMMIT;\n"
for name, text in [("today", src), ("ask-claim", ask), ("with-claims", claims), ("today-3tx", three), ("one-tx", one_tx),
                   ("two-tx", two_tx)]:
    open("%s/%s.sql" % (out, name), "w").write(text)
PY
MD5S=28  # event bodies of about 900 characters, as the service's callbacks (bench/payment-life.sh measures them)

# a first cell not counted: the first seconds on fresh tables and caches cost half as much again
(cd "$WORK" && pgbench -n -M prepared -h 127.0.0.1 -p "$PGPORT" -U postgres -c 4 -j 2 -T "$SECS" -D merchants=1 \
   -D body_md5s="$MD5S" -f "$WORK/today.sql" mizani >/dev/null 2>&1) || true
: >"$WORK/cells.tsv"
for round in $(seq 1 "$ROUNDS"); do
  for v in $VARIANTS; do
    $PSQL -c "VACUUM ANALYZE pb_payments, pb_events, pb_event_attempts, pb_balance_entries, pb_payment_balance_slots" \
      >/dev/null 2>&1
    P0=$(pg_cpu_ms)
    (cd "$WORK" && pgbench -n -M prepared -h 127.0.0.1 -p "$PGPORT" -U postgres -c 4 -j 2 -T "$SECS" -D merchants=1 \
       -D body_md5s="$MD5S" -f "$WORK/$v.sql" mizani >"$WORK/pgbench.txt" 2>&1) || tail -3 "$WORK/pgbench.txt"
    P1=$(pg_cpu_ms)
    DONE=$(awk '/number of transactions actually processed/ {split($NF, a, "/"); print a[1]}' "$WORK/pgbench.txt")
    printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$v" "${DONE:-0}" "$((P1 - P0))" "$(load)" >>"$WORK/cells.tsv"
  done
done

python3 - "$WORK/cells.tsv" "$SECS" <<'PY' | tee "$OUT_FILE"
import statistics, sys, time
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
print("bench/levers.sh %s UTC: pgbench -M prepared, 4 clients, %s s cells, PostgreSQL CPU per script (a life, or the "
      "two slot updates)" % (time.strftime("%Y-%m-%d %H:%M", time.gmtime()), sys.argv[2]))
per = {}
for rnd, v, done, ms, ld in rows:
    us = int(ms) * 1000 / int(done) if int(done) else float("nan")
    per.setdefault(v, []).append(us)
    print("  round %s  %-15s %7d scripts  %6.0f us each  (load %s)" % (rnd, v, int(done), us, ld))
base = statistics.median(per["today"])
print("medians:")
for v, us in per.items():
    m = statistics.median(us)
    ref = "" if v in ("one-tx", "two-tx") else "  (%+.0f us against today)" % (m - base)
    print("  %-15s %6.0f us  (%s)%s" % (v, m, " / ".join("%.0f" % u for u in us), ref))
if "two-tx" in per and "one-tx" in per:
  print("  one more write transaction: %+.0f us (two-tx - one-tx)"
        % (statistics.median(per["two-tx"]) - statistics.median(per["one-tx"])))
PY
