-- A payment's whole life as the service runs its SQL (bench/payment-life.sh runs it beside the service's count):
-- the statements of the service's per-payment list in bench/out/payment-life.txt, on pgbench's copies of the tables
-- (same columns, indexes, constraints and insert trigger; no foreign keys), with constants where the service binds
-- values. Where the shapes differ, pgbench's is the cheaper: two transactions per life (the service's 1.3), a claim
-- of one row by its id (the service's fair claim finds and locks its rows by merchant), no join for the webhook secret.
-- Since issue 37's hand-offs the payment is inserted leased to the accepting replica's worker, its look keeps the lease
-- for the worker's next look, and its callback is written a lease ahead for the callback worker: none of the three
-- claims is written (bench/levers.sh prices them back as `with-claims`, the claim to ask alone as `ask-claim`).
\set acc random(1, :merchants)
-- the acceptance: the payment inserted, already leased to this replica's worker (PaymentHandOff), returning its id
BEGIN;
INSERT INTO pb_payments (account_id, reference, merchant_reference, checkout_token, request_type, rail, provider,
    network_id, channel_id, country, amount, currency, amount_usd, fee, beneficiary_id, beneficiary_uuid,
    tier0_counted_usd, customer_first_name, customer_last_name, customer_email, customer_phone, customer_dob,
    customer_country, customer_id_type, customer_id_number, account_number, callback_url, redirect_url, remark,
    payment_category, reason, payee_check_status, payee_check_score, status, failure_reason, provider_reference,
    checks, next_check_at, created_at, updated_at, pending_since, completed_at, claimed_by, claimed_until, submitted_at)
VALUES (:acc, 'MZP' || md5(random()::text), md5(random()::text), NULL, 'payment', 'momo', 'mpesa_ke', 'net_ke_mpesa',
    'ch_ke_mpesa_deposit', 'KE', 100, 'KES', 0.77, 0, NULL, NULL, NULL, 'Ada', 'Obi', 'ada@example.com', 'sealed:' ||
    md5(random()::text), NULL, NULL, NULL, NULL, 'sealed:' || md5(random()::text), 'http://127.0.0.1:9/cb', NULL,
    'pay', 'salary', NULL, NULL, NULL, 'queued', NULL, NULL, 0, now() + interval '20 seconds', now(), now(), NULL, NULL,
    'w', now() + interval '20 seconds', now())
RETURNING id \gset
COMMIT;
BEGIN;
-- the look's write: pending with the provider's reference, the lease kept to its next look plus a lease
-- (TRANSITION_AND_KEEP; the worker asks about it again itself, PaymentHandOff.keep: no claim to ask about it)
UPDATE pb_payments SET claimed_until = now() + interval '20.2 seconds',
    status = 'pending', updated_at = now(), provider_reference = COALESCE('ws_CO_' || :id, provider_reference),
    failure_reason = COALESCE(NULL, failure_reason), next_check_at = now() + interval '20.2 seconds',
    pending_since = CASE WHEN 'pending' = 'pending' THEN now() ELSE pending_since END,
    completed_at = CASE WHEN 'pending' IN ('succeeded', 'failed') THEN now() ELSE completed_at END
WHERE id = :id AND status = 'queued' AND claimed_by = 'w';
-- the final write (TRANSITION_TO_FINAL_RETURNING)
UPDATE pb_payments SET status = 'succeeded', updated_at = now(),
    provider_reference = COALESCE('ws_CO_' || :id, provider_reference), failure_reason = COALESCE(NULL, failure_reason),
    next_check_at = NULL, pending_since = CASE WHEN 'succeeded' = 'pending' THEN now() ELSE pending_since END,
    completed_at = CASE WHEN 'succeeded' IN ('succeeded', 'failed') THEN now() ELSE completed_at END,
    claimed_until = NULL, claimed_by = NULL
WHERE id = :id AND status = 'pending' RETURNING *;
-- the credit: the poorest free slot takes the amount, the entry records the balance after it (JdbcBalanceLedger.credit)
WITH w AS (UPDATE pb_payment_balance_slots SET available = available + 100
           WHERE account_id = :acc AND currency = 'KES' AND slot = (
               SELECT slot FROM pb_payment_balance_slots WHERE account_id = :acc AND currency = 'KES'
               ORDER BY available, slot LIMIT 1 FOR UPDATE SKIP LOCKED)
             AND NOT EXISTS (SELECT 1 FROM pb_balance_entries
                             WHERE payment_id = :id AND type = 'collection' AND refund_id IS NULL)
           RETURNING account_id, currency, slot, available)
INSERT INTO pb_balance_entries (account_id, currency, type, amount, available_after, payment_id, transaction_reference)
SELECT account_id, currency, 'collection', 100, available + (SELECT coalesce(sum(o.available), 0)
    FROM pb_payment_balance_slots o WHERE o.account_id = w.account_id AND o.currency = w.currency AND o.slot <> w.slot),
    :id, 'MZP' || :id FROM w RETURNING id;
-- the callback, written with the change it reports (its body sealed, about the size of the service's), its first
-- attempt a lease ahead for this replica's callback worker (CallbackHandOff)
INSERT INTO pb_events (account_id, payment_id, webhook_id, event_type, url, body, status, attempts, next_attempt_at,
    created_at)
VALUES (:acc, :id, 'msg_' || md5(random()::text), 'transaction.succeeded', 'http://127.0.0.1:9/cb',
    'sealed:' || repeat(md5(random()::text), :body_md5s), 'pending', 0, now() + interval '30 seconds', now())
RETURNING id AS eid \gset
-- the attempt and the delivered state
WITH attempt AS (
    INSERT INTO pb_event_attempts (event_id, attempt_no, attempted_at, status_code, error, duration_ms)
    VALUES (:eid, 1, now(), 200, NULL, 3))
UPDATE pb_events SET attempts = 1, status = 'delivered', next_attempt_at = NULL, finished_at = now()
WHERE id = :eid AND status = 'pending';
COMMIT;
