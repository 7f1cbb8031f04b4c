-- withdrawal acceptance: one transaction, the payment inserted RETURNING the row, then the reservation on the
-- merchant's KES balance row (conditional update) with its ledger entry, commit
\set acc random(1, :merchants)
BEGIN;
INSERT INTO pb_payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id,
    channel_id, amount, currency, country, amount_usd, fee, customer_first_name, customer_last_name, customer_email,
    customer_phone, account_number, callback_url, status, checks, next_check_at, created_at, updated_at)
VALUES (:acc, 'MZP' || md5(random()::text), md5(random()::text), 'withdrawal', 'momo', 'mpesa_ke', 'net_ke_mpesa',
    'ch_ke_mpesa_withdraw', 100, 'KES', 'KE', 0.77, 15, 'Ada', 'Obi', 'ada@example.com', 'sealed:' || md5(random()::text),
    'sealed:' || md5(random()::text), 'http://127.0.0.1:9/cb', 'queued', 0, now(), now(), now())
RETURNING id \gset
WITH r AS (UPDATE pb_payment_balances SET available = available - 115, reserved = reserved + 115, updated_at = now()
           WHERE account_id = :acc AND currency = 'KES' AND available >= 115 RETURNING account_id, available)
INSERT INTO pb_balance_entries (account_id, currency, type, amount, available_after, payment_id, transaction_reference)
SELECT account_id, 'KES', 'withdrawal_reserve', -115, available, :id, md5(random()::text) FROM r;
COMMIT;
