-- payment acceptance: one transaction, the payment (its own job row) inserted RETURNING the row, commit
-- [provider assignment and catalogue: per-instance cache; reference check: the insert's unique key]
\set acc random(1, :merchants)
BEGIN;
INSERT INTO pb_payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id,
    channel_id, amount, currency, country, amount_usd, fee, customer_first_name, customer_last_name, customer_email,
    customer_phone, account_number, callback_url, status, checks, next_check_at, created_at, updated_at)
VALUES (:acc, 'MZP' || md5(random()::text), md5(random()::text), 'payment', 'momo', 'mpesa_ke', 'net_ke_mpesa',
    'ch_ke_mpesa_deposit', 100, 'KES', 'KE', 0.77, 0, 'Ada', 'Obi', 'ada@example.com', 'sealed:' || md5(random()::text),
    'sealed:' || md5(random()::text), 'http://127.0.0.1:9/cb', 'queued', 0, now(), now(), now())
RETURNING *;
COMMIT;
