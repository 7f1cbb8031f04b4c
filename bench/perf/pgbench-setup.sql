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
-- one live verified lookup per merchant: what a cached verify finds
INSERT INTO pb_lookups (lookup_id, account_id, check_key, category, country, status, identifier_hash,
                        identifier_masked, cache_key, source, cached, fetched_at, expires_at, charged_amount,
                        charge_currency, charge_status, created_at, token_issued, settled)
SELECT 'seed-' || g, g, 'national_id_ke', 'identity', 'KE', 'verified', 'h', '1234****', 'perf', 'sandbox', false,
       now(), now() + interval '30 days', 50, 'KES', 'charged', now(), true, true
FROM generate_series(1, 8) g;
VACUUM ANALYZE pb_lookups, pb_service_wallets, pb_service_wallet_slots, pb_single_wallets, pb_payment_balances,
               pb_payment_balance_slots;
-- a payment's whole life (bench/perf/life.sql, run by bench/payment-life.sh): its event and the delivery attempt
DROP TABLE IF EXISTS pb_events, pb_event_attempts;
CREATE TABLE pb_events (LIKE events INCLUDING ALL);
CREATE TABLE pb_event_attempts (LIKE event_attempts INCLUDING ALL);
