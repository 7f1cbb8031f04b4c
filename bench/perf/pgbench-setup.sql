-- pgbench's own copies of the service's tables (bench/perf.sh): same columns, defaults, CHECKs and indexes
-- (LIKE ... INCLUDING ALL), no foreign keys; merchant n of pgbench is account_id n (1..8).
DROP TABLE IF EXISTS pb_lookups, pb_service_wallets, pb_wallet_entries, pb_payments, pb_payment_balances,
                     pb_balance_entries, pb_service_wallet_slots, pb_payment_balance_slots, pb_single_wallets;
CREATE TABLE pb_lookups (LIKE verification_lookups INCLUDING ALL);
CREATE TABLE pb_service_wallets (LIKE service_wallets INCLUDING ALL);
CREATE TABLE pb_wallet_entries (LIKE wallet_entries INCLUDING ALL);
CREATE TABLE pb_payments (LIKE payments INCLUDING ALL);
-- and the service's trigger on payments (V28: a reference a held payout batch owns is refused), which every payment
-- INSERT pays for
CREATE TRIGGER pb_payments_reference_held BEFORE INSERT ON pb_payments
    FOR EACH ROW EXECUTE FUNCTION payment_reference_held();
CREATE TABLE pb_payment_balances (LIKE payment_balances INCLUDING ALL);
CREATE TABLE pb_service_wallet_slots (LIKE service_wallet_slots INCLUDING ALL);
CREATE TABLE pb_payment_balance_slots (LIKE payment_balance_slots INCLUDING ALL);
-- the shape before the sub-balance slots (issue 18's baseline "today's SQL shape"): one wallet row per merchant
CREATE TABLE pb_single_wallets (account_id bigint PRIMARY KEY, balance numeric(19,2) NOT NULL CHECK (balance >= 0),
                                updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE pb_balance_entries (LIKE balance_entries INCLUDING ALL);
INSERT INTO pb_service_wallets (account_id) SELECT g FROM generate_series(1, 8) g;
INSERT INTO pb_service_wallet_slots (account_id, slot, balance)
SELECT g, s, 125000000 FROM generate_series(1, 8) g CROSS JOIN generate_series(0, 7) s;
INSERT INTO pb_single_wallets (account_id, balance) SELECT g, 1000000000 FROM generate_series(1, 8) g;
INSERT INTO pb_payment_balances (account_id, currency) SELECT g, 'KES' FROM generate_series(1, 8) g;
INSERT INTO pb_payment_balance_slots (account_id, currency, slot, available)
SELECT g, 'KES', s, 99999999999 FROM generate_series(1, 8) g CROSS JOIN generate_series(0, 7) s;
-- one live verified lookup per merchant: what a cached verify finds, with values of the service's sizes (cached.sql)
INSERT INTO pb_lookups (lookup_id, account_id, check_key, category, country, status, verification_status, actor_type,
                        subject_name, identifier_hash, identifier_masked, cache_key, reference, detail, response_code,
                        payload_sealed, source, cached, fetched_at, expires_at, charged_amount, charge_currency,
                        charge_reference, charge_status, duration_ms, created_at, token_issued, settled,
                        identity_sealed)
SELECT 'seed-' || g, g, 'national_id_ke', 'national_id', 'KE', 'verified', 'VERIFIED', 'I', 'Sipho Achieng',
       'be2a47daf7f426bc44ec10d927cc358963e805bc3b7013293af895b7d3cb9a07', '12••••78', 'perf',
       'sbx_iw7vz7eqa2y4poywc2rcsfzbrb', 'ID number validated', '1012',
       '\x71e83ca72c59aeafcf985270404558071d2a8f0f786aa254461e3eba30804e26e4c8bab7aa592ee55ae2884f6b732f4a5bfd'
       '96f885c25d9c761f2ada4759e5f74fba1c23fb4cbfe401670f871baed634e27a1acd681d49eb39e705d2ba6c3b2330c5f55a'
       '61a83205e8376135e9aabb7d495e2e4fbe63085b79b0656143f1bd754af3b07f893bcf8ee02bffe7785d8d5f60a500e598ea'
       '484b38f0d325d685ee18579cb5d162c56d088f433c2f5fae72b99bbc7e4da04ff107721ab68c6042a964d929d85d471c0d4f'
       '8e9c89129780993befded812c3a0d7c7708f80a97db8bc06a56ee2cb4f9a168a8a58a52d4f4af34f6bc3a6f307e199c1678f'
       '9028dce2fef45244d71d5a08fd0f0c0fd9c28c5775b44a9a673d8e2e4f3af89515b7e3e3b427052aab9a3c6971a815ccb2'::bytea,
       'sandbox', false, now(), now() + interval '30 days', 50, 'KES', 'chg_seed-' || g, 'charged', 812, now(), true,
       true,
       '\x055881bf85120d267d249e5b4021dc31bf59aa7ad6f9e8c88900e66ef996c88f96459bff2e4cefa0c8c8ee88bc2ce0a7ce51'
       '98c234d78f76f6a9'::bytea
FROM generate_series(1, 8) g;
VACUUM ANALYZE pb_lookups, pb_service_wallets, pb_service_wallet_slots, pb_single_wallets, pb_payment_balances,
               pb_payment_balance_slots;
-- a payment's whole life (bench/perf/life.sql, run by bench/payment-life.sh): its event and the delivery attempt
DROP TABLE IF EXISTS pb_events, pb_event_attempts;
CREATE TABLE pb_events (LIKE events INCLUDING ALL);
CREATE TABLE pb_event_attempts (LIKE event_attempts INCLUDING ALL);
