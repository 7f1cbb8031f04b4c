BEGIN;
INSERT INTO hb_lookups (lookup_id, account_id, payload) VALUES ('lk_' || :client_id || '_' || random(), 1, repeat('x', 200));
SAVEPOINT hot_slot;
WITH w AS (UPDATE hb_slots SET balance = balance - 1.00
           WHERE account_id = 1 AND balance >= 1.00
             AND slot = (SELECT slot FROM hb_slots WHERE account_id = 1 AND balance >= 1.00
                         ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING account_id, slot, balance)
INSERT INTO hb_entries (account_id, kind, amount, reference, balance_after)
SELECT account_id, 'charge', -1.00, 'chg_' || random(),
       balance + (SELECT coalesce(sum(s.balance), 0) FROM hb_slots s WHERE s.account_id = w.account_id AND s.slot <> w.slot)
FROM w;
COMMIT;
