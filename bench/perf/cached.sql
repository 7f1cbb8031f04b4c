-- cached verify: [access and settings: per-instance cache, no statement] one transaction: the cached lookup, the
-- new token's lookup row, the debit of one of the merchant's 8 wallet slots (the richest free one covering it, after a savepoint) with its ledger entry (one statement), commit
\set acc random(1, :merchants)
BEGIN;
SELECT lookup_id, status, fetched_at, expires_at FROM pb_lookups
 WHERE account_id = :acc AND check_key = 'national_id_ke' AND cache_key = 'perf' AND status = 'verified' AND NOT cached
 ORDER BY fetched_at DESC LIMIT 1;
INSERT INTO pb_lookups (lookup_id, account_id, check_key, category, country, status, identifier_hash, identifier_masked,
                        cache_key, source, cached, fetched_at, expires_at, charged_amount, charge_currency,
                        charge_reference, charge_status, created_at, token_issued, settled)
VALUES (md5(random()::text), :acc, 'national_id_ke', 'identity', 'KE', 'verified', 'h', '1234****', 'perf', 'sandbox',
        true, now(), now() + interval '30 days', 10, 'KES', md5(random()::text), 'charged', now(), true, true);
SAVEPOINT hot_slot;
WITH w AS (UPDATE pb_service_wallet_slots SET balance = balance - 10
           WHERE account_id = :acc AND balance >= 10
             AND slot = (SELECT slot FROM pb_service_wallet_slots WHERE account_id = :acc AND balance >= 10
                         ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING account_id, slot, balance)
INSERT INTO pb_wallet_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -10, 'chg_' || md5(random()::text),
       balance + (SELECT coalesce(sum(o.balance), 0) FROM pb_service_wallet_slots o
                  WHERE o.account_id = w.account_id AND o.slot <> w.slot)
FROM w RETURNING balance_after;
COMMIT;
