-- live verify: transaction 1 records the call in flight and debits one wallet slot (last, after a savepoint); the provider answers
-- (sandbox: no wait); transaction 2 writes the outcome and the provider call log
\set acc random(1, :merchants)
\set ref random(1, 1000000000)
BEGIN;
INSERT INTO pb_lookups (lookup_id, account_id, check_key, category, country, identifier_hash, identifier_masked,
                        cache_key, source, cached, charged_amount, charge_currency, charge_reference, charge_status,
                        created_at, token_issued, settled)
VALUES ('live-' || :ref || '-' || :client_id, :acc, 'national_id_ke', 'identity', 'KE', 'h', '1234****', 'perf',
        'sandbox', false, 55, 'KES', md5(random()::text), 'charged', now(), false, false);
SAVEPOINT hot_slot;
WITH w AS (UPDATE pb_service_wallet_slots SET balance = balance - 55
           WHERE account_id = :acc AND balance >= 55
             AND slot = (SELECT slot FROM pb_service_wallet_slots WHERE account_id = :acc AND balance >= 55
                         ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING account_id, slot, balance)
INSERT INTO pb_wallet_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -55, 'chg_' || md5(random()::text),
       balance + (SELECT coalesce(sum(o.balance), 0) FROM pb_service_wallet_slots o
                  WHERE o.account_id = w.account_id AND o.slot <> w.slot)
FROM w RETURNING balance_after;
COMMIT;
BEGIN;
UPDATE pb_lookups SET status = 'verified', fetched_at = now(), expires_at = now() + interval '30 days',
                      settled = true, token_issued = true, duration_ms = 1
 WHERE lookup_id = 'live-' || :ref || '-' || :client_id AND NOT settled;
COMMIT;
