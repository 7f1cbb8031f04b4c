BEGIN;
INSERT INTO hb_lookups (lookup_id, account_id, payload) VALUES ('lk_' || :client_id || '_' || random(), 1, repeat('x', 200));
WITH w AS (UPDATE hb_wallet SET balance = balance - 1.00 WHERE account_id = 1 AND balance >= 1.00 RETURNING account_id, balance)
INSERT INTO hb_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -1.00, 'chg_' || random(), balance FROM w;
COMMIT;
