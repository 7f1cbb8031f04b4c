-- withdrawal acceptance: one transaction, the payment inserted RETURNING its id, then the reservation on one of the
-- merchant's 8 KES balance slots (conditional update after a savepoint) with its ledger entry, commit
\set acc random(1, :merchants)
BEGIN;
INSERT INTO pb_payments (account_id, reference, merchant_reference, checkout_token, request_type, rail, provider,
    network_id, channel_id, country, amount, currency, amount_usd, fee, beneficiary_id, beneficiary_uuid,
    tier0_counted_usd, customer_first_name, customer_last_name, customer_email, customer_phone, customer_dob,
    customer_country, customer_id_type, customer_id_number, account_number, callback_url, redirect_url, remark,
    payment_category, reason, payee_check_status, payee_check_score, status, failure_reason, provider_reference,
    checks, next_check_at, created_at, updated_at, pending_since, completed_at)
VALUES (:acc, 'MZP' || md5(random()::text), md5(random()::text), NULL, 'withdrawal', 'momo', 'mpesa_ke',
    'net_ke_mpesa', 'ch_ke_mpesa_withdraw', 'KE', 100, 'KES', 0.77, 15, NULL, NULL, NULL, 'Ada', 'Obi',
    'ada@example.com', 'sealed:' || md5(random()::text), NULL, NULL, NULL, NULL, 'sealed:' || md5(random()::text),
    'http://127.0.0.1:9/cb', NULL, 'pay', 'salary', NULL, NULL, NULL, 'queued', NULL, NULL, 0, now(), now(), now(),
    NULL, NULL)
RETURNING id \gset
SAVEPOINT hot_slot;
WITH w AS (UPDATE pb_payment_balance_slots SET available = available - 115, reserved = reserved + 115
           WHERE account_id = :acc AND currency = 'KES' AND available >= 115
             AND slot = (SELECT slot FROM pb_payment_balance_slots WHERE account_id = :acc AND currency = 'KES'
                         AND available >= 115 ORDER BY available DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING account_id, currency, slot, available)
SELECT slot, available + (SELECT coalesce(sum(o.available), 0) FROM pb_payment_balance_slots o
                          WHERE o.account_id = w.account_id AND o.currency = w.currency AND o.slot <> w.slot) AS after
FROM w \gset
INSERT INTO pb_balance_entries (account_id, currency, type, amount, available_after, payment_id, transaction_reference, slot)
VALUES (:acc, 'KES', 'withdrawal_reserve', -115, :after, :id, md5(random()::text), :slot)
ON CONFLICT (payment_id, type) WHERE payment_id IS NOT NULL AND refund_id IS NULL DO NOTHING RETURNING id;
COMMIT;
