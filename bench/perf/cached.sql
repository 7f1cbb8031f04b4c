-- cached verify: [access and settings: per-instance cache, no statement] one transaction: the cached lookup, the
-- new token's lookup row, the debit of one of the merchant's 8 wallet slots (the richest free one covering it, after a savepoint) with its ledger entry (one statement), commit
-- The lookup's read and the new row are the service's statements (JdbcLookupStore.findReplayable, insert): its 29
-- columns read and written, with values of a cached row's sizes (payload_sealed 299 bytes and identity_sealed 58, as
-- the service wrote them in bench/perf.sh's cached cells, 2026-11-30), constants where the service binds values.
\set acc random(1, :merchants)
BEGIN;
SELECT lookup_id, account_id, check_key, category, country, status, verification_status, actor_type, subject_name,
       identifier_hash, identifier_masked, cache_key, reference, detail, response_code, payload_sealed, source, cached,
       fetched_at, expires_at, charged_amount, charge_currency, charge_reference, charge_status, duration_ms,
       created_at, token_issued, settled, identity_sealed
  FROM pb_lookups WHERE account_id = :acc AND check_key = 'national_id_ke' AND cache_key = 'perf'
   AND status = 'verified' AND NOT cached AND expires_at > now() ORDER BY fetched_at DESC LIMIT 1;
INSERT INTO pb_lookups (lookup_id, account_id, check_key, category, country, status, verification_status, actor_type,
                        subject_name, identifier_hash, identifier_masked, cache_key, reference, detail, response_code,
                        payload_sealed, source, cached, fetched_at, expires_at, charged_amount, charge_currency,
                        charge_reference, charge_status, duration_ms, created_at, token_issued, settled,
                        identity_sealed)
VALUES ('vt_' || md5(random()::text), :acc, 'national_id_ke', 'national_id', 'KE', 'verified', 'VERIFIED', 'I',
        'Sipho Achieng', 'be2a47daf7f426bc44ec10d927cc358963e805bc3b7013293af895b7d3cb9a07', '12••••78', 'perf',
        'sbx_iw7vz7eqa2y4poywc2rcsfzbrb', 'ID number validated', '1012',
        '\x71e83ca72c59aeafcf985270404558071d2a8f0f786aa254461e3eba30804e26e4c8bab7aa592ee55ae2884f6b732f4a5bfd'
        '96f885c25d9c761f2ada4759e5f74fba1c23fb4cbfe401670f871baed634e27a1acd681d49eb39e705d2ba6c3b2330c5f55a'
        '61a83205e8376135e9aabb7d495e2e4fbe63085b79b0656143f1bd754af3b07f893bcf8ee02bffe7785d8d5f60a500e598ea'
        '484b38f0d325d685ee18579cb5d162c56d088f433c2f5fae72b99bbc7e4da04ff107721ab68c6042a964d929d85d471c0d4f'
        '8e9c89129780993befded812c3a0d7c7708f80a97db8bc06a56ee2cb4f9a168a8a58a52d4f4af34f6bc3a6f307e199c1678f'
        '9028dce2fef45244d71d5a08fd0f0c0fd9c28c5775b44a9a673d8e2e4f3af89515b7e3e3b427052aab9a3c6971a815ccb2'::bytea,
        'cache', true, now(), now() + interval '30 days', 20, 'KES', 'chg_' || md5(random()::text), 'charged', 0, now(),
        true, true,
        '\x055881bf85120d267d249e5b4021dc31bf59aa7ad6f9e8c88900e66ef996c88f96459bff2e4cefa0c8c8ee88bc2ce0a7ce51'
        '98c234d78f76f6a9'::bytea);
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
