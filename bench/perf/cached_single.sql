-- cached verify, the shape before the sub-balance slots (issue 18's baseline: one wallet row per merchant): [access and settings: per-instance cache, no statement] one transaction: the cached lookup, the
-- new token's lookup row, the debit of the merchant's wallet with its ledger entry (one statement), commit
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
WITH d AS (UPDATE pb_single_wallets SET balance = balance - 10, updated_at = now()
           WHERE account_id = :acc AND balance >= 10 RETURNING account_id, balance)
INSERT INTO pb_wallet_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -10, 'chg_' || md5(random()::text), balance FROM d;
COMMIT;
