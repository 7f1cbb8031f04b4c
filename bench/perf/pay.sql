-- payment acceptance: one transaction, the payment (its own job row) inserted RETURNING its id (the service builds
-- the rest from what it bound), commit
-- [provider assignment and catalogue: per-instance cache; reference check: the insert's unique key]
\set acc random(1, :merchants)
BEGIN;
INSERT INTO pb_payments (account_id, reference, merchant_reference, checkout_token, request_type, rail, provider,
    network_id, channel_id, country, amount, currency, amount_usd, fee, beneficiary_id, beneficiary_uuid,
    tier0_counted_usd, customer_first_name, customer_last_name, customer_email, customer_phone, customer_dob,
    customer_country, customer_id_type, customer_id_number, account_number, callback_url, redirect_url, remark,
    payment_category, reason, payee_check_status, payee_check_score, status, failure_reason, provider_reference,
    checks, next_check_at, created_at, updated_at, pending_since, completed_at)
VALUES (:acc, 'MZP' || md5(random()::text), md5(random()::text), NULL, 'payment', 'momo', 'mpesa_ke', 'net_ke_mpesa',
    'ch_ke_mpesa_deposit', 'KE', 100, 'KES', 0.77, 0, NULL, NULL, NULL, 'Ada', 'Obi', 'ada@example.com', 'sealed:' ||
    md5(random()::text), NULL, NULL, NULL, NULL, 'sealed:' || md5(random()::text), 'http://127.0.0.1:9/cb', NULL,
    'pay', 'salary', NULL, NULL, NULL, 'queued', NULL, NULL, 0, now(), now(), now(), NULL, NULL)
RETURNING id;
COMMIT;
