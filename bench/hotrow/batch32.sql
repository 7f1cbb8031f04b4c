-- one writer per merchant applying 32 debits in one transaction (TigerBeetle-style batching); 1 client = 1 writer
BEGIN;
INSERT INTO hb_lookups (lookup_id, account_id, payload)
SELECT 'lk_' || :client_id || '_' || random() || '_' || g, 1, repeat('x', 200) FROM generate_series(1, 32) g;
WITH w AS (UPDATE hb_wallet SET balance = balance - 32.00 WHERE account_id = 1 AND balance >= 32.00 RETURNING account_id, balance)
INSERT INTO hb_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -1.00, 'chg_' || random(), balance + 32 - g FROM w, generate_series(1, 32) g;
COMMIT;
