-- Seeds :n payments for account :account_id, spread over the last 365 days (newest now), a realistic mix:
-- 70 % collections / 30 % withdrawals, statuses mostly succeeded (90 %), failed 8 %, pending 1.5 %, queued 0.5 %,
-- over five providers. Usage: psql -v account_id=42 -v n=1000000 -f bench/money-seed.sql
INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id,
                      amount, currency, country, amount_usd, fee, account_number, callback_url, status,
                      checks, next_check_at, created_at, updated_at, completed_at)
SELECT :account_id,
       'seed_' || :account_id || '_' || g,
       'seed-order-' || g,
       CASE WHEN g % 10 < 7 THEN 'payment' ELSE 'withdrawal' END,
       CASE WHEN g % 5 = 2 THEN 'bank' ELSE 'momo' END,
       (ARRAY['mpesa_ke', 'airtel_ke', 'pesalink_ke', 'mpesa_ke', 'mpesa_ke'])[g % 5 + 1],
       'net', 'ch',
       100 + (g % 1000), 'KES', 'KE', round((100 + (g % 1000)) / 129.0, 2), 15,
       '2547' || lpad((g % 100000000)::text, 8, '0'), 'http://127.0.0.1:9/cb',
       CASE WHEN g % 200 = 0 THEN 'queued' WHEN g % 200 < 4 THEN 'pending' WHEN g % 100 < 10 THEN 'failed'
            ELSE 'succeeded' END,
       0, NULL,
       now() - (g * (interval '365 days' / :n)),
       now() - (g * (interval '365 days' / :n)),
       CASE WHEN g % 200 < 4 THEN NULL ELSE now() - (g * (interval '365 days' / :n)) END
FROM generate_series(1, :n) AS g;
